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

struct xe_driver;
struct xe_event_pool;
struct xe_va_range;

/**
 * struct xe_context - a Level Zero context
 * @obj: handle header
 * @drv: the driver
 * @flags: ze_context_flags_t given at creation
 * @alloc_lock: protects @allocs and @exported_pools
 * @allocs: the context's memory allocations, a tsearch() tree keyed by
 *	address range (memory.c)
 * @exported_pools: event pools with IPC handles out (event_pool.c)
 * @va_ranges: virtual address reservations (memory/virtual.c), under
 *	@alloc_lock
 * @lost: a queue of the context was banned (zeContextGetStatus())
 */
struct xe_context {
	struct xe_object obj;
	struct xe_driver *drv;
	ze_context_flags_t flags;
	pthread_mutex_t alloc_lock;
	void *allocs;
	struct xe_event_pool *exported_pools;
	struct xe_va_range *va_ranges;
	atomic_bool lost;
};

int xe_context_create(struct xe_driver *drv, ze_context_flags_t flags,
		      struct xe_context **out);
void xe_context_destroy(struct xe_context *ctx);
void xe_context_note(struct xe_context *ctx, int err);

static inline struct xe_context *xe_context_from_handle(ze_context_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_CONTEXT);
}

static inline ze_context_handle_t xe_context_to_handle(struct xe_context *ctx)
{
	return xe_object_handle(&ctx->obj);
}

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
