/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_EVENT_H
#define _XE_EVENT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <level_zero/ze_api.h>

#include "core/libze_private.h"
#include "events/event_types.h"
#include "submission/kmd.h"

struct xe_bo;
struct xe_context;
struct xe_counter;
struct xe_device;
struct xe_event;
struct xe_event_cond;

void xe_event_put(struct xe_event *ev);
struct xe_ring;
void xe_event_set_writer(struct xe_event *ev, uint64_t addr,
			 const struct xe_ring *ring);

int xe_event_cond_wait(struct xe_device *dev, const struct xe_event_cond *cond,
		       uint64_t timeout);
int xe_event_cond_kmd(const struct xe_event_cond *cond,
		      struct drm_xe_cbev_wait_cond *out);
uint64_t xe_event_ts_get(const struct xe_event *ev, struct xe_ts_slot **slot);

/* Entry points (EventPool DDI table), event_pool.c */
ze_result_t xe_event_pool_create(ze_context_handle_t hContext,
				 const ze_event_pool_desc_t *desc,
				 uint32_t numDevices,
				 ze_device_handle_t *phDevices,
				 ze_event_pool_handle_t *phEventPool);
ze_result_t xe_event_pool_destroy(ze_event_pool_handle_t hEventPool);
ze_result_t xe_event_pool_get_ipc_handle(ze_event_pool_handle_t hEventPool,
					 ze_ipc_event_pool_handle_t *phIpc);
ze_result_t xe_event_pool_put_ipc_handle(ze_context_handle_t hContext,
					 ze_ipc_event_pool_handle_t hIpc);
ze_result_t xe_event_pool_open_ipc_handle(ze_context_handle_t hContext,
					  ze_ipc_event_pool_handle_t hIpc,
					  ze_event_pool_handle_t *phEventPool);
ze_result_t xe_event_pool_close_ipc_handle(ze_event_pool_handle_t hEventPool);
ze_result_t xe_event_pool_get_context_handle(ze_event_pool_handle_t hEventPool,
					     ze_context_handle_t *phContext);
ze_result_t xe_event_pool_get_flags(ze_event_pool_handle_t hEventPool,
				    ze_event_pool_flags_t *pFlags);

ze_result_t xe_event_create(ze_event_pool_handle_t hEventPool,
			    const ze_event_desc_t *desc,
			    ze_event_handle_t *phEvent);

/* Entry points (Event DDI table), event.c */
ze_result_t xe_event_destroy(ze_event_handle_t hEvent);
ze_result_t xe_event_host_signal(ze_event_handle_t hEvent);
ze_result_t xe_event_host_synchronize(ze_event_handle_t hEvent,
				      uint64_t timeout);
ze_result_t xe_event_query_status(ze_event_handle_t hEvent);
ze_result_t xe_event_host_reset(ze_event_handle_t hEvent);
ze_result_t xe_event_query_kernel_timestamp(ze_event_handle_t hEvent,
					    ze_kernel_timestamp_result_t *dstptr);
ze_result_t xe_event_query_timestamps_exp(ze_event_handle_t hEvent,
					  ze_device_handle_t hDevice,
					  uint32_t *pCount,
					  ze_kernel_timestamp_result_t *pTimestamps);
ze_result_t xe_event_query_kernel_timestamps_ext(
	ze_event_handle_t hEvent, ze_device_handle_t hDevice, uint32_t *pCount,
	ze_event_query_kernel_timestamps_results_ext_properties_t *pResults);
ze_result_t xe_event_get_event_pool(ze_event_handle_t hEvent,
				    ze_event_pool_handle_t *phEventPool);
ze_result_t xe_event_get_signal_scope(ze_event_handle_t hEvent,
				      ze_event_scope_flags_t *pSignalScope);
ze_result_t xe_event_get_wait_scope(ze_event_handle_t hEvent,
				    ze_event_scope_flags_t *pWaitScope);

#endif /* _XE_EVENT_H */
