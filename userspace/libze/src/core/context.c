// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: context
 *
 * A context owns memory allocations (memory.c) and is the parent of
 * queues, lists, event pools and modules. All devices of the driver share
 * one GPU address space per device file, so a context needs no kernel
 * object of its own. Everything is resident all the time: the residency
 * calls only check their arguments, and so does the system barrier, as
 * the engine executes in order and is coherent with the host.
 *
 * The driver's default context (spec 1.14) is created by the probe.
 */

#include <errno.h>
#include <search.h>
#include <stdlib.h>

#include "core/libze_private.h"
#include "core/context.h"
#include "core/result.h"

#define XE_CONTEXT_FLAGS_KNOWN	ZE_CONTEXT_FLAG_TBD

static_assert(offsetof(struct xe_context, obj) == 0,
	      "a context handle must point at its object header");

int xe_context_create(struct xe_driver *drv, ze_context_flags_t flags,
		      struct xe_context **out)
{
	struct xe_context *ctx;

	ctx = calloc(1, sizeof(*ctx));
	if (!ctx)
		return -ENOMEM;

	xe_object_init(&ctx->obj, XE_MAGIC_CONTEXT, &drv->ddi);
	ctx->drv = drv;
	ctx->flags = flags;
	pthread_mutex_init(&ctx->alloc_lock, NULL);
	*out = ctx;
	return 0;
}

void xe_context_destroy(struct xe_context *ctx)
{
	/* Reservations first: their mappings hold allocations' objects. */
	if (ctx->va_ranges_fini)
		ctx->va_ranges_fini(ctx);
	if (ctx->allocs_fini)
		ctx->allocs_fini(ctx);
	pthread_mutex_destroy(&ctx->alloc_lock);
	xe_object_fini(&ctx->obj);
	free(ctx);
}

/* Remember a lost device: zeContextGetStatus() reports it from now on. */
void xe_context_note(struct xe_context *ctx, int err)
{
	if (err == -EIO)
		atomic_store_explicit(&ctx->lost, true, memory_order_relaxed);
}

static ze_result_t check_desc(const ze_context_desc_t *desc)
{
	if (desc->stype != ZE_STRUCTURE_TYPE_CONTEXT_DESC)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	if (desc->flags & ~XE_CONTEXT_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_context_create_api(ze_driver_handle_t hDriver,
				  const ze_context_desc_t *desc,
				  ze_context_handle_t *phContext)
{
	struct xe_driver *drv = xe_driver_from_handle(hDriver);
	struct xe_context *ctx;
	ze_result_t ret;
	int err;

	if (!drv)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!desc || !phContext)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	ret = check_desc(desc);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;

	err = xe_context_create(drv, desc->flags, &ctx);
	if (err)
		return xe_result_from_errno(err);
	*phContext = xe_context_to_handle(ctx);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_context_create_ex(ze_driver_handle_t hDriver,
				 const ze_context_desc_t *desc,
				 uint32_t numDevices,
				 ze_device_handle_t *phDevices,
				 ze_context_handle_t *phContext)
{
	struct xe_driver *drv = xe_driver_from_handle(hDriver);
	struct xe_device *dev;
	uint32_t i;

	if (!drv)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!desc || !phContext)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (numDevices && !phDevices)
		return ZE_RESULT_ERROR_INVALID_SIZE;

	/* The context may name any of the driver's devices, and no other. */
	for (i = 0; i < numDevices; i++) {
		dev = xe_device_from_handle(phDevices[i]);
		if (!dev)
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		if (dev->driver != drv)
			return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	}
	return xe_context_create_api(hDriver, desc, phContext);
}

ze_result_t xe_context_destroy_api(ze_context_handle_t hContext)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	/* The default context lives as long as the driver. */
	if (ctx == ctx->drv->default_context)
		return ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE;

	xe_context_destroy(ctx);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_context_get_status(ze_context_handle_t hContext)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (atomic_load_explicit(&ctx->lost, memory_order_relaxed))
		return ZE_RESULT_ERROR_DEVICE_LOST;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_context_system_barrier(ze_context_handle_t hContext,
				      ze_device_handle_t hDevice)
{
	if (!xe_context_from_handle(hContext) || !xe_device_from_handle(hDevice))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_context_make_memory_resident(ze_context_handle_t hContext,
					    ze_device_handle_t hDevice,
					    void *ptr, size_t size)
{
	(void)size;
	if (!xe_context_from_handle(hContext) || !xe_device_from_handle(hDevice))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!ptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_context_evict_memory(ze_context_handle_t hContext,
				    ze_device_handle_t hDevice, void *ptr,
				    size_t size)
{
	return xe_context_make_memory_resident(hContext, hDevice, ptr, size);
}

ze_context_handle_t xe_driver_get_default_context(ze_driver_handle_t hDriver)
{
	struct xe_driver *drv = xe_driver_from_handle(hDriver);

	if (!drv || !drv->default_context)
		return NULL;
	return xe_context_to_handle(drv->default_context);
}

XE_EXPORT(zeContextCreate, xe_context_create_api);
XE_EXPORT(zeContextCreateEx, xe_context_create_ex);
XE_EXPORT(zeContextDestroy, xe_context_destroy_api);
XE_EXPORT(zeContextGetStatus, xe_context_get_status);
XE_EXPORT(zeContextSystemBarrier, xe_context_system_barrier);
XE_EXPORT(zeContextMakeMemoryResident, xe_context_make_memory_resident);
XE_EXPORT(zeContextEvictMemory, xe_context_evict_memory);
XE_EXPORT(zeDriverGetDefaultContext, xe_driver_get_default_context);
