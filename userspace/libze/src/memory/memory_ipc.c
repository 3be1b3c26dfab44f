// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: memory IPC
 *
 * zeMemGetIpcHandle() exports the allocation's buffer object once (an fd
 * and a kernel token, bo.c) and puts both in every handle of it; the fd
 * stays open until every handle was put (zeMemPutIpcHandle(), from any
 * context) or the allocation is freed. zeMemOpenIpcHandle() gets the
 * object by the token, or else by the fd in the handle (ipc.c), maps it
 * and binds it at its new address: the importer's pointer is a different
 * address for the same pages. Opening the same object again in a context
 * that already has it (its own allocation, or an earlier open) maps and
 * binds it once more: each open has its own pointer, which its own
 * zeMemCloseIpcHandle() closes; the kernel object is one. An address that
 * zeVirtualMemMap() mapped has the handle of its physical piece
 * (DOC: IPC of virtual memory).
 */

#include <errno.h>
#include <search.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "memory/bo.h"
#include "core/types.h"
#include "memory/ipc.h"
#include "memory/memory.h"
#include "memory/virtual_ipc.h"
#include "core/result.h"
#include "submission/kmd.h"

#define XE_IPC_MEMORY_FLAGS_KNOWN \
	(ZE_IPC_MEMORY_FLAG_BIAS_CACHED | ZE_IPC_MEMORY_FLAG_BIAS_UNCACHED)

ze_result_t xe_mem_get_ipc_handle(ze_context_handle_t hContext,
				  const void *ptr,
				  ze_ipc_mem_handle_t *pIpcHandle)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_ipc_handle handle;
	struct xe_alloc *alloc;
	uint64_t token[2];
	int fd, err = 0;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!ptr || !pIpcHandle)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	pthread_mutex_lock(&ctx->alloc_lock);
	alloc = xe_memory_find_locked(ctx, ptr);
	if (!alloc) {
		/* Memory mapped with zeVirtualMemMap() (virtual_ipc.c)? */
		err = xe_virtual_ipc_get_locked(ctx, ptr, &handle);
		if (err == -ENOENT)
			err = -EINVAL;
		if (!err)
			memcpy(pIpcHandle, &handle, sizeof(handle));
		goto out_unlock;
	}
	err = xe_bo_ipc_get(alloc->bo, &fd, token);
	if (err)
		goto out_unlock;

	xe_ipc_handle_init(&handle, XE_IPC_MAGIC_MEM, fd, token,
			   alloc->bo->size);
	handle.offset = (uintptr_t)ptr - alloc->start;
	handle.type = alloc->type;
	static_assert(sizeof(handle) == sizeof(*pIpcHandle), "IPC handle");
	memcpy(pIpcHandle, &handle, sizeof(handle));
out_unlock:
	pthread_mutex_unlock(&ctx->alloc_lock);
	return xe_result_from_errno(err);
}

/*
 * Any context of the process may put a handle (its objects are the
 * device's, whichever context allocated them): the fd and token find the
 * export in the devices' registries.
 */
ze_result_t xe_mem_put_ipc_handle(ze_context_handle_t hContext,
				  ze_ipc_mem_handle_t handle)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_ipc_handle h;
	bool owned;
	uint32_t i;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;

	memcpy(&h, &handle, sizeof(h));
	if (h.magic != XE_IPC_MAGIC_MEM || (pid_t)h.pid != getpid())
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the IPC handle was not made by this driver in this process");

	for (i = 0; i < ctx->drv->num_devices; i++)
		if (!xe_bo_ipc_put(&ctx->drv->devices[i], h.fd, h.token))
			return ZE_RESULT_SUCCESS;
	/* A physical piece's export stays until the memory is destroyed. */
	pthread_mutex_lock(&ctx->alloc_lock);
	owned = xe_virtual_ipc_owns_locked(ctx, h.fd, h.token);
	pthread_mutex_unlock(&ctx->alloc_lock);
	return owned ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_INVALID_ARGUMENT;
}

static int open_handle(struct xe_context *ctx, struct xe_device *dev,
		       const struct xe_ipc_handle *h, void **pptr)
{
	ze_memory_type_t type;
	struct xe_bo *bo;
	void *start;
	int err;

	/* Is it a handle of ours, of memory, and whose object is reachable? */
	err = xe_ipc_import(dev, h, XE_IPC_MAGIC_MEM, &bo);
	if (err)
		return err;
	if (h->offset >= h->size) {
		xe_bo_put(bo);
		return XE_FAIL(-EINVAL,
			       "the IPC handle's offset lies outside its object");
	}
	type = h->type == ZE_MEMORY_TYPE_HOST ? ZE_MEMORY_TYPE_HOST :
	       h->type == ZE_MEMORY_TYPE_SHARED ? ZE_MEMORY_TYPE_SHARED :
	       ZE_MEMORY_TYPE_DEVICE;
	err = xe_memory_open_bo(ctx, dev, bo, type, false, &start);
	if (err)
		return err;
	*pptr = (char *)start + h->offset;
	return 0;
}

ze_result_t xe_mem_open_ipc_handle(ze_context_handle_t hContext,
				   ze_device_handle_t hDevice,
				   ze_ipc_mem_handle_t handle,
				   ze_ipc_memory_flags_t flags, void **pptr)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_device *dev = xe_device_from_handle(hDevice);
	struct xe_ipc_handle h;

	if (!ctx || !dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (flags & ~XE_IPC_MEMORY_FLAGS_KNOWN)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ENUMERATION,
			       "flags has bits no spec version defines");

	memcpy(&h, &handle, sizeof(h));
	return xe_result_from_errno(open_handle(ctx, dev, &h, pptr));
}

ze_result_t xe_mem_close_ipc_handle(ze_context_handle_t hContext,
				    const void *ptr)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_alloc *alloc;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!ptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	pthread_mutex_lock(&ctx->alloc_lock);
	alloc = xe_memory_find_locked(ctx, ptr);
	if (!alloc || !alloc->imported || alloc->external) {
		pthread_mutex_unlock(&ctx->alloc_lock);
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "ptr is not an opened IPC allocation of this context");
	}
	/* Each open is an allocation of its own. */
	xe_memory_remove_locked(ctx, alloc);
	pthread_mutex_unlock(&ctx->alloc_lock);

	xe_memory_release(alloc);
	return ZE_RESULT_SUCCESS;
}

/*
 * Spec 1.15: a handle of a kind named in pNext. The default kind is the
 * handle of zeMemGetIpcHandle(); there is no fabric to share across
 * (ZE_RESULT_ERROR_UNSUPPORTED_FEATURE, as the spec says for a driver
 * without it).
 */
ze_result_t xe_mem_get_ipc_handle_with_properties(ze_context_handle_t hContext,
						  const void *ptr, void *pNext,
						  ze_ipc_mem_handle_t *pIpcHandle)
{
	const ze_base_desc_t *ext;

	if (!xe_context_from_handle(hContext))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!ptr || !pIpcHandle)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	for (ext = pNext; ext; ext = ext->pNext) {
		const ze_ipc_mem_handle_type_ext_desc_t *type;

		if (ext->stype != ZE_STRUCTURE_TYPE_IPC_MEM_HANDLE_TYPE_EXT_DESC)
			continue;
		type = (const void *)ext;
		if (type->typeFlags & ~(ZE_IPC_MEM_HANDLE_TYPE_FLAG_DEFAULT |
					ZE_IPC_MEM_HANDLE_TYPE_FLAG_FABRIC_ACCESSIBLE))
			return ZE_RESULT_ERROR_INVALID_ENUMERATION;
		if (type->typeFlags &
		    ZE_IPC_MEM_HANDLE_TYPE_FLAG_FABRIC_ACCESSIBLE)
			return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
				       "fabric-accessible IPC handles are not supported");
	}
	return xe_mem_get_ipc_handle(hContext, ptr, pIpcHandle);
}

/*
 * Spec 1.6, experimental: a handle made from a dma-buf fd, e.g. one that
 * another process got with zeMemGetFileDescriptorFromIpcHandleExp() and
 * sent over a socket. It carries the fd and the object's size, no token:
 * it opens by its fd (ipc.c), in this process or wherever the fd is sent.
 * The memory type is not known from an fd: device.
 */
ze_result_t xe_mem_ipc_handle_from_fd(ze_context_handle_t hContext,
				      uint64_t handle,
				      ze_ipc_mem_handle_t *pIpcHandle)
{
	static const uint64_t no_token[2];
	struct xe_ipc_handle h;
	uint64_t size;

	if (!xe_context_from_handle(hContext))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pIpcHandle)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (handle > INT32_MAX || xe_kmd_dmabuf_size((int)handle, &size) ||
	    !size)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;

	xe_ipc_handle_init(&h, XE_IPC_MAGIC_MEM, (int)handle, no_token, size);
	h.type = ZE_MEMORY_TYPE_DEVICE;
	memcpy(pIpcHandle, &h, sizeof(h));
	return ZE_RESULT_SUCCESS;
}

/* Spec 1.6, experimental: the fd in a handle -- the exporter's. */
ze_result_t xe_mem_fd_from_ipc_handle(ze_context_handle_t hContext,
				      ze_ipc_mem_handle_t ipcHandle,
				      uint64_t *pHandle)
{
	struct xe_ipc_handle h;

	if (!xe_context_from_handle(hContext))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pHandle)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	memcpy(&h, &ipcHandle, sizeof(h));
	if (h.magic != XE_IPC_MAGIC_MEM || h.fd < 0)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	*pHandle = (uint64_t)h.fd;
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeMemGetIpcHandle, xe_mem_get_ipc_handle);
XE_EXPORT(zeMemGetIpcHandleFromFileDescriptorExp, xe_mem_ipc_handle_from_fd);
XE_EXPORT(zeMemGetFileDescriptorFromIpcHandleExp, xe_mem_fd_from_ipc_handle);
XE_EXPORT(zeMemGetIpcHandleWithProperties,
	  xe_mem_get_ipc_handle_with_properties);
XE_EXPORT(zeMemPutIpcHandle, xe_mem_put_ipc_handle);
XE_EXPORT(zeMemOpenIpcHandle, xe_mem_open_ipc_handle);
XE_EXPORT(zeMemCloseIpcHandle, xe_mem_close_ipc_handle);
