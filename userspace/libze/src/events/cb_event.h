/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CB_EVENT_H
#define _XE_CB_EVENT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <level_zero/ze_api.h>
#include <zex_counter_based_event.h>
#include <zex_xe_cbev_event.h>

#include "core/libze_private.h"
#include "events/cb_event_types.h"
#include "events/cb_state.h"

struct xe_bo;
struct xe_context;
struct xe_counter;
struct xe_device;
struct xe_event;
struct xe_event_pool;

/* cb_event.c */
int xe_cb_event_create_pooled(struct xe_event_pool *pool,
			      const ze_event_desc_t *desc,
			      struct xe_event **out);

ze_result_t xe_cb_event_create(ze_context_handle_t hContext,
			       ze_device_handle_t hDevice,
			       const ze_event_counter_based_desc_t *desc,
			       ze_event_handle_t *phEvent);
ze_result_t xe_zex_cb_event_create2(ze_context_handle_t hContext,
				    ze_device_handle_t hDevice,
				    const zex_counter_based_event_desc_t *desc,
				    ze_event_handle_t *phEvent);
ze_result_t xe_zex_cb_event_create(ze_context_handle_t hContext,
				   ze_device_handle_t hDevice,
				   uint64_t *deviceAddress,
				   uint64_t *hostAddress,
				   uint64_t completionValue,
				   const ze_event_desc_t *desc,
				   ze_event_handle_t *phEvent);
ze_result_t xe_cb_event_get_device_address(ze_event_handle_t hEvent,
					   uint64_t *completionValue,
					   uint64_t *deviceAddress);
ze_result_t xe_event_get_counter_based_flags(ze_event_handle_t hEvent,
					     ze_event_counter_based_flags_t *pFlags);
ze_result_t xe_device_get_cb_event_max_value(ze_device_handle_t hDevice,
					     uint64_t *maxValue);
ze_result_t
xe_device_get_aggregated_increment_value(ze_device_handle_t hDevice,
					 uint32_t *incrementValue);

/* cb_event_ipc.c */
ze_result_t
xe_cb_event_get_ipc_handle(ze_event_handle_t hEvent,
			   ze_ipc_event_counter_based_handle_t *phIpc);
ze_result_t
xe_cb_event_open_ipc_handle(ze_context_handle_t hContext,
			    ze_ipc_event_counter_based_handle_t hIpc,
			    ze_event_handle_t *phEvent);
ze_result_t xe_cb_event_close_ipc_handle(ze_event_handle_t hEvent);
ze_result_t
xe_zex_cb_event_get_ipc_handle(ze_event_handle_t hEvent,
			       zex_ipc_counter_based_event_handle_t *phIpc);
ze_result_t
xe_zex_cb_event_open_ipc_handle(ze_context_handle_t hContext,
				zex_ipc_counter_based_event_handle_t hIpc,
				ze_event_handle_t *phEvent);

/* cb_event_wait.c */
ze_result_t xe_event_export_sync_file(ze_event_handle_t hEvent, int *pFd);
ze_result_t xe_event_host_synchronize_many(uint32_t numEvents,
					   ze_event_handle_t *phEvents,
					   ze_bool_t waitAll, uint64_t timeout,
					   uint32_t *pIndex);

#endif /* _XE_CB_EVENT_H */
