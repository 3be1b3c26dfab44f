/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CONTEXT_H
#define _XE_CONTEXT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include <level_zero/ze_api.h>

#include "core/libze_private.h"
#include "core/types.h"

int xe_context_create(struct xe_driver *drv, ze_context_flags_t flags,
		      struct xe_context **out);
void xe_context_destroy(struct xe_context *ctx);
void xe_context_note(struct xe_context *ctx, int err);

/* Entry points (Context DDI table) */
ze_result_t xe_context_create_api(ze_driver_handle_t hDriver,
				  const ze_context_desc_t *desc,
				  ze_context_handle_t *phContext);
ze_result_t xe_context_create_ex(ze_driver_handle_t hDriver,
				 const ze_context_desc_t *desc,
				 uint32_t numDevices,
				 ze_device_handle_t *phDevices,
				 ze_context_handle_t *phContext);
ze_result_t xe_context_destroy_api(ze_context_handle_t hContext);
ze_result_t xe_context_get_status(ze_context_handle_t hContext);
ze_result_t xe_context_system_barrier(ze_context_handle_t hContext,
				      ze_device_handle_t hDevice);
ze_result_t xe_context_make_memory_resident(ze_context_handle_t hContext,
					    ze_device_handle_t hDevice,
					    void *ptr, size_t size);
ze_result_t xe_context_evict_memory(ze_context_handle_t hContext,
				    ze_device_handle_t hDevice, void *ptr,
				    size_t size);
ze_context_handle_t xe_driver_get_default_context(ze_driver_handle_t hDriver);

#endif /* _XE_CONTEXT_H */
