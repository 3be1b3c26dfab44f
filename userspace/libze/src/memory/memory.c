// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: memory
 *
 * Host, device and shared allocations are all buffer objects of system
 * memory, mapped and bound at the same address (bo.c): the pointer an
 * allocation returns is its GPU address and its CPU address, so the same
 * pointer works on the host and in commands. Device allocations ask the
 * kernel for device placement (recorded, as the software device has only
 * system memory); a write-combined host allocation maps write-combined.
 * Host allocations live on the driver's first device.
 *
 * A context keeps its allocations in a tree keyed by address range, under
 * a mutex, so that the free, query and IPC calls find the allocation that
 * holds any pointer. An allocation's id is its buffer object's GEM handle,
 * unique while it lives.
 */

#include <errno.h>
#include <search.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "memory/bo.h"
#include "core/device.h"
#include "core/types.h"
#include "submission/kmd.h"
#include "memory/memory.h"
#include "memory/memory_external.h"
#include "core/result.h"

#define XE_HOST_MEM_FLAGS_KNOWN						\
	(ZE_HOST_MEM_ALLOC_FLAG_BIAS_CACHED |				\
	 ZE_HOST_MEM_ALLOC_FLAG_BIAS_UNCACHED |				\
	 ZE_HOST_MEM_ALLOC_FLAG_BIAS_WRITE_COMBINED |			\
	 ZE_HOST_MEM_ALLOC_FLAG_BIAS_INITIAL_PLACEMENT)
#define XE_DEVICE_MEM_FLAGS_KNOWN					\
	(ZE_DEVICE_MEM_ALLOC_FLAG_BIAS_CACHED |				\
	 ZE_DEVICE_MEM_ALLOC_FLAG_BIAS_UNCACHED |			\
	 ZE_DEVICE_MEM_ALLOC_FLAG_BIAS_INITIAL_PLACEMENT)
#define XE_FREE_POLICY_FLAGS_KNOWN					\
	(ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_BLOCKING_FREE |		\
	 ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_DEFER_FREE)

/* Largest alignment honoured: the range reserved for it is size + align. */
#define XE_MAX_ALIGNMENT	(1ull << 30)

static int alloc_cmp(const void *a, const void *b)
{
	const struct xe_alloc *x = a, *y = b;

	if (x->start + x->size <= y->start)
		return -1;
	if (y->start + y->size <= x->start)
		return 1;
	return 0;	/* overlapping ranges are the same key */
}

struct xe_alloc *xe_memory_find_locked(struct xe_context *ctx,
				       const void *ptr)
{
	const struct xe_alloc key = { .start = (uintptr_t)ptr, .size = 1 };
	void *node = tfind(&key, &ctx->allocs, alloc_cmp);

	return node ? *(struct xe_alloc **)node : NULL;
}

static void memory_context_fini(struct xe_context *ctx);

int xe_memory_insert_locked(struct xe_context *ctx, struct xe_alloc *alloc)
{
	void *node = tsearch(alloc, &ctx->allocs, alloc_cmp);

	if (!node)
		return -ENOMEM;
	ctx->allocs_fini = memory_context_fini;
	/* Ranges come from distinct mappings: a clash is a library bug. */
	assert(*(struct xe_alloc **)node == alloc);
	return 0;
}

void xe_memory_remove_locked(struct xe_context *ctx, struct xe_alloc *alloc)
{
	tdelete(alloc, &ctx->allocs, alloc_cmp);
}

/*
 * Free an allocation that is out of its tree. The record holds one
 * reference on its object; every open of an IPC handle that gave this
 * allocation holds one more, but for the open that created an import.
 */
void xe_memory_release(struct xe_alloc *alloc)
{
	unsigned int refs = 1 + alloc->opens;

	if (alloc->imported && alloc->opens)
		refs--;
	/* Freeing the exported allocation ends its handles (the fd). */
	if (!alloc->imported)
		xe_bo_ipc_drop(alloc->bo);
	if (alloc->alias)
		xe_bo_unmap_alias(alloc->bo, (void *)alloc->start);
	while (refs--)
		xe_bo_put(alloc->bo);
	free(alloc);
}

static void release_node(void *node)
{
	xe_memory_release(node);
}

/* &xe_context.allocs_fini: free what the application left in a context. */
static void memory_context_fini(struct xe_context *ctx)
{
	tdestroy(ctx->allocs, release_node);
	ctx->allocs = NULL;
}

/*
 * The spec asks for a power of two; compute-runtime takes any alignment,
 * and its programs and level-zero-tests pass 12, 4103 or 131079. Such a
 * value is rounded up to the next power of two, which no smaller one
 * divides, so the address is aligned at least as the caller's hardware
 * needs (a multiple of 12 itself is not promised).
 */
static size_t pow2_alignment(size_t alignment)
{
	size_t p = 1;

	while (p < alignment && p <= XE_MAX_ALIGNMENT)
		p <<= 1;
	return alignment ? p : 0;
}

/* The largest single allocation; relaxed-limits lifts it to @size. */
static ze_result_t check_size(struct xe_device *dev, size_t size,
			      size_t alignment, const void *pnext)
{
	const ze_base_desc_t *ext;
	uint64_t max = xe_device_max_alloc_size(dev);

	for (ext = pnext; ext; ext = ext->pNext)
		if (ext->stype ==
		    ZE_STRUCTURE_TYPE_RELAXED_ALLOCATION_LIMITS_EXP_DESC)
			max = UINT64_MAX;

	if (!size || size > max)
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_SIZE,
			       "size is 0 or larger than the device's largest allocation");
	if (pow2_alignment(alignment) > XE_MAX_ALIGNMENT)
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT,
			       "alignment is larger than 1 GiB");
	return ZE_RESULT_SUCCESS;
}

static int alloc_create(struct xe_context *ctx, struct xe_device *dev,
			ze_memory_type_t type, size_t size, size_t alignment,
			uint32_t bo_flags, void **pptr)
{
	struct xe_alloc *alloc;
	int err;

	alloc = calloc(1, sizeof(*alloc));
	if (!alloc)
		return -ENOMEM;
	alloc->size = size;
	alloc->type = type;
	alloc->dev = type == ZE_MEMORY_TYPE_HOST ? NULL : dev;

	err = xe_bo_create(dev, size, pow2_alignment(alignment), bo_flags,
			   &alloc->bo);
	if (err)
		goto err_free;
	alloc->start = (uintptr_t)alloc->bo->map;

	pthread_mutex_lock(&ctx->alloc_lock);
	err = xe_memory_insert_locked(ctx, alloc);
	pthread_mutex_unlock(&ctx->alloc_lock);
	if (err)
		goto err_put;

	*pptr = alloc->bo->map;
	return 0;

err_put:
	xe_bo_put(alloc->bo);
err_free:
	free(alloc);
	return err;
}

static ze_result_t check_host_desc(const ze_host_mem_alloc_desc_t *desc)
{
	if (desc->stype != ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "host_desc->stype is not ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC");
	if (desc->flags & ~XE_HOST_MEM_FLAGS_KNOWN)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ENUMERATION,
			       "host_desc->flags has bits no spec version defines");
	return ZE_RESULT_SUCCESS;
}

static ze_result_t check_device_desc(const ze_device_mem_alloc_desc_t *desc)
{
	if (desc->stype != ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "device_desc->stype is not ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC");
	if (desc->flags & ~XE_DEVICE_MEM_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	/*
	 * One memory (zeDeviceGetMemoryProperties() reports one), so any
	 * ordinal names it: programs pass the device's index there, which
	 * compute-runtime takes.
	 */
	return ZE_RESULT_SUCCESS;
}

static uint32_t host_bo_flags(const ze_host_mem_alloc_desc_t *desc)
{
	return desc->flags & ZE_HOST_MEM_ALLOC_FLAG_BIAS_WRITE_COMBINED ?
	       DRM_XE_CBEV_BO_CREATE_WC : 0;
}

/* The device of @ctx's driver that host allocations live on. */
static struct xe_device *host_device(struct xe_context *ctx)
{
	return ctx->drv->num_devices ? &ctx->drv->devices[0] : NULL;
}

/**
 * xe_memory_open_bo() - an allocation of @ctx for an object from elsewhere
 * @ctx: the context
 * @dev: the device it is on
 * @bo: the object; its reference is the allocation's on success, put on
 *	failure
 * @type: the memory type the allocation reports
 * @external: an import of ze_external_memory_import_fd_t, which
 *	zeMemFree() releases; else an IPC open, which zeMemCloseIpcHandle()
 *	closes
 * @pptr: out: where the allocation starts
 *
 * An object the context has already (its own allocation, an earlier open)
 * is mapped again: each open has a pointer of its own.
 *
 * Return: 0 or a negative errno.
 */
int xe_memory_open_bo(struct xe_context *ctx, struct xe_device *dev,
		      struct xe_bo *bo, ze_memory_type_t type, bool external,
		      void **pptr)
{
	struct xe_alloc *alloc;
	void *map = NULL;
	bool alias;
	int err;

	pthread_mutex_lock(&ctx->alloc_lock);
	alloc = xe_memory_find_locked(ctx, bo->map);
	alias = alloc && alloc->bo == bo;
	alloc = calloc(1, sizeof(*alloc));
	if (!alloc) {
		err = -ENOMEM;
		goto err_put;
	}
	alloc->start = (uintptr_t)bo->map;
	if (alias) {
		/* Already here: this open gets the pages at an address of its own. */
		err = xe_bo_map_alias(bo, &map);
		if (err) {
			free(alloc);
			goto err_put;
		}
		alloc->start = (uintptr_t)map;
		alloc->alias = true;
	}
	alloc->size = bo->size;
	alloc->type = type;
	alloc->dev = type == ZE_MEMORY_TYPE_HOST ? NULL : dev;
	alloc->bo = bo;
	alloc->imported = true;
	alloc->external = external;
	alloc->opens = !external;
	err = xe_memory_insert_locked(ctx, alloc);
	if (err) {
		if (alias)
			xe_bo_unmap_alias(bo, map);
		free(alloc);
		goto err_put;
	}
	pthread_mutex_unlock(&ctx->alloc_lock);
	*pptr = (void *)alloc->start;
	return 0;

err_put:
	pthread_mutex_unlock(&ctx->alloc_lock);
	xe_bo_put(bo);
	return err;
}

/*
 * The descriptor chains' external memory (memory_external.c): a checked
 * export kind, or an import, which is then the allocation.
 * Return: 1 to make a new allocation, else the errno of the import.
 */
static int external_import(struct xe_context *ctx, struct xe_device *dev,
			   ze_memory_type_t type, const void *pnext,
			   const void *pnext2, size_t size, void **pptr)
{
	struct xe_bo *bo;
	int err = xe_memory_external_check_export(pnext);

	if (!err)
		err = xe_memory_external_check_export(pnext2);
	if (err)
		return err;
	err = xe_memory_external_import(dev, pnext, size, &bo);
	if (err == 1)
		err = xe_memory_external_import(dev, pnext2, size, &bo);
	if (err)
		return err;
	return xe_memory_open_bo(ctx, dev, bo, type, true, pptr);
}

ze_result_t xe_mem_alloc_host(ze_context_handle_t hContext,
			      const ze_host_mem_alloc_desc_t *host_desc,
			      size_t size, size_t alignment, void **pptr)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_device *dev;
	ze_result_t ret;
	int err;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!host_desc || !pptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	ret = check_host_desc(host_desc);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	dev = host_device(ctx);
	if (!dev)
		return ZE_RESULT_ERROR_DEVICE_LOST;
	ret = check_size(dev, size, alignment, host_desc->pNext);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	err = external_import(ctx, dev, ZE_MEMORY_TYPE_HOST, host_desc->pNext,
			      NULL, size, pptr);
	if (err != 1)
		return xe_result_from_errno(err);

	return xe_result_from_errno(alloc_create(ctx, dev, ZE_MEMORY_TYPE_HOST,
						 size, alignment,
						 host_bo_flags(host_desc),
						 pptr));
}

ze_result_t xe_mem_alloc_device(ze_context_handle_t hContext,
				const ze_device_mem_alloc_desc_t *device_desc,
				size_t size, size_t alignment,
				ze_device_handle_t hDevice, void **pptr)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_device *dev = xe_device_from_handle(hDevice);
	ze_result_t ret;
	int err;

	if (!ctx || !dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!device_desc || !pptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	ret = check_device_desc(device_desc);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	ret = check_size(dev, size, alignment, device_desc->pNext);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	err = external_import(ctx, dev, ZE_MEMORY_TYPE_DEVICE,
			      device_desc->pNext, NULL, size, pptr);
	if (err != 1)
		return xe_result_from_errno(err);

	return xe_result_from_errno(alloc_create(ctx, dev,
						 ZE_MEMORY_TYPE_DEVICE, size,
						 alignment,
						 DRM_XE_CBEV_BO_CREATE_DEVICE,
						 pptr));
}

ze_result_t xe_mem_alloc_shared(ze_context_handle_t hContext,
				const ze_device_mem_alloc_desc_t *device_desc,
				const ze_host_mem_alloc_desc_t *host_desc,
				size_t size, size_t alignment,
				ze_device_handle_t hDevice, void **pptr)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_device *dev;
	ze_result_t ret;
	int err;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!device_desc || !host_desc || !pptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	ret = check_device_desc(device_desc);
	if (ret == ZE_RESULT_SUCCESS)
		ret = check_host_desc(host_desc);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;

	/* No device: the allocation may be used by any, it stays on host. */
	if (hDevice) {
		dev = xe_device_from_handle(hDevice);
		if (!dev)
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	} else {
		dev = host_device(ctx);
		if (!dev)
			return ZE_RESULT_ERROR_DEVICE_LOST;
	}
	ret = check_size(dev, size, alignment, device_desc->pNext);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	err = external_import(ctx, dev, ZE_MEMORY_TYPE_SHARED,
			      device_desc->pNext, host_desc->pNext, size, pptr);
	if (err != 1)
		return xe_result_from_errno(err);

	return xe_result_from_errno(alloc_create(ctx, dev,
						 ZE_MEMORY_TYPE_SHARED, size,
						 alignment,
						 host_bo_flags(host_desc),
						 pptr));
}

ze_result_t xe_mem_free(ze_context_handle_t hContext, void *ptr)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_alloc *alloc;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!ptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	pthread_mutex_lock(&ctx->alloc_lock);
	alloc = xe_memory_find_locked(ctx, ptr);
	/* Only the pointer an allocation returned; imports are closed. */
	if (!alloc || alloc->start != (uintptr_t)ptr ||
	    (alloc->imported && !alloc->external)) {
		pthread_mutex_unlock(&ctx->alloc_lock);
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "ptr is not the start of an allocation of this context, or is an IPC import (zeMemCloseIpcHandle)");
	}
	xe_memory_remove_locked(ctx, alloc);
	pthread_mutex_unlock(&ctx->alloc_lock);

	/*
	 * The kernel keeps the pages of an unbound object for work that still
	 * uses them, so even a free during execution is safe for the device.
	 */
	xe_memory_release(alloc);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_mem_free_ext(ze_context_handle_t hContext,
			    const ze_memory_free_ext_desc_t *pMemFreeDesc,
			    void *ptr)
{
	if (!xe_context_from_handle(hContext))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pMemFreeDesc || !ptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (pMemFreeDesc->stype != ZE_STRUCTURE_TYPE_MEMORY_FREE_EXT_DESC)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	if (pMemFreeDesc->freePolicy & ~XE_FREE_POLICY_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	/* Both policies are met by a plain free (see xe_mem_free()). */
	return xe_mem_free(hContext, ptr);
}

ze_result_t
xe_mem_get_alloc_properties(ze_context_handle_t hContext, const void *ptr,
			    ze_memory_allocation_properties_t *props,
			    ze_device_handle_t *phDevice)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_alloc *alloc;
	int err = 0;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!ptr || !props)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	pthread_mutex_lock(&ctx->alloc_lock);
	alloc = xe_memory_find_locked(ctx, ptr);
	if (alloc) {
		err = xe_memory_external_export(alloc->bo, props->pNext);
		props->type = alloc->type;
		props->id = alloc->bo->handle;
		props->pageSize = sysconf(_SC_PAGESIZE);
		if (phDevice)
			*phDevice = alloc->dev ?
				    xe_device_to_handle(alloc->dev) : NULL;
	} else {
		/* Not the driver's memory: that is an answer, not an error. */
		props->type = ZE_MEMORY_TYPE_UNKNOWN;
		props->id = 0;
		props->pageSize = 0;
		if (phDevice)
			*phDevice = NULL;
	}
	pthread_mutex_unlock(&ctx->alloc_lock);
	return xe_result_from_errno(err);
}

ze_result_t xe_mem_get_address_range(ze_context_handle_t hContext,
				     const void *ptr, void **pBase,
				     size_t *pSize)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_alloc *alloc;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!ptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	pthread_mutex_lock(&ctx->alloc_lock);
	alloc = xe_memory_find_locked(ctx, ptr);
	if (alloc) {
		if (pBase)
			*pBase = (void *)alloc->start;
		if (pSize)
			*pSize = alloc->size;
	}
	pthread_mutex_unlock(&ctx->alloc_lock);
	return alloc ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_INVALID_ARGUMENT;
}

XE_EXPORT(zeMemAllocHost, xe_mem_alloc_host);
XE_EXPORT(zeMemAllocDevice, xe_mem_alloc_device);
XE_EXPORT(zeMemAllocShared, xe_mem_alloc_shared);
XE_EXPORT(zeMemFree, xe_mem_free);
XE_EXPORT(zeMemFreeExt, xe_mem_free_ext);
XE_EXPORT(zeMemGetAllocProperties, xe_mem_get_alloc_properties);
XE_EXPORT(zeMemGetAddressRange, xe_mem_get_address_range);
