/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_MEMORY_H
#define _XE_MEMORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <level_zero/ze_api.h>

struct xe_bo;
struct xe_context;
struct xe_device;

/**
 * struct xe_alloc - a memory allocation of a context
 * @start: the pointer the application got (== GPU address)
 * @size: bytes the application asked for (the object may be larger)
 * @type: ZE_MEMORY_TYPE_HOST, _DEVICE or _SHARED
 * @dev: the device of a device or shared allocation, NULL for host
 * @bo: the buffer object behind it
 * @imported: opened from an IPC handle (freed by zeMemCloseIpcHandle())
 * @opens: zeMemOpenIpcHandle() calls not yet closed that gave @start
 *
 * Lives in its context's tree (&xe_context.allocs), under
 * &xe_context.alloc_lock.
 */
struct xe_alloc {
	uintptr_t start;
	size_t size;
	ze_memory_type_t type;
	struct xe_device *dev;
	struct xe_bo *bo;
	bool imported;
	/* imported by ze_external_memory_import_fd_t: zeMemFree() frees it */
	bool external;
	/* a further open of an IPC handle: @bo mapped again at @start */
	bool alias;
	unsigned int opens;
};

struct xe_alloc *xe_memory_find_locked(struct xe_context *ctx,
				       const void *ptr);
int xe_memory_insert_locked(struct xe_context *ctx, struct xe_alloc *alloc);
void xe_memory_remove_locked(struct xe_context *ctx, struct xe_alloc *alloc);
void xe_memory_release(struct xe_alloc *alloc);
int xe_memory_open_bo(struct xe_context *ctx, struct xe_device *dev,
		      struct xe_bo *bo, ze_memory_type_t type, bool external,
		      void **pptr);

/* Entry points (Mem DDI table) */
ze_result_t xe_mem_alloc_shared(ze_context_handle_t hContext,
				const ze_device_mem_alloc_desc_t *device_desc,
				const ze_host_mem_alloc_desc_t *host_desc,
				size_t size, size_t alignment,
				ze_device_handle_t hDevice, void **pptr);
ze_result_t xe_mem_alloc_device(ze_context_handle_t hContext,
				const ze_device_mem_alloc_desc_t *device_desc,
				size_t size, size_t alignment,
				ze_device_handle_t hDevice, void **pptr);
ze_result_t xe_mem_alloc_host(ze_context_handle_t hContext,
			      const ze_host_mem_alloc_desc_t *host_desc,
			      size_t size, size_t alignment, void **pptr);
ze_result_t xe_mem_free(ze_context_handle_t hContext, void *ptr);
ze_result_t xe_mem_free_ext(ze_context_handle_t hContext,
			    const ze_memory_free_ext_desc_t *pMemFreeDesc,
			    void *ptr);
ze_result_t
xe_mem_get_alloc_properties(ze_context_handle_t hContext, const void *ptr,
			    ze_memory_allocation_properties_t *pMemAllocProperties,
			    ze_device_handle_t *phDevice);
ze_result_t xe_mem_get_address_range(ze_context_handle_t hContext,
				     const void *ptr, void **pBase,
				     size_t *pSize);

/* memory_ipc.c */
ze_result_t xe_mem_get_ipc_handle(ze_context_handle_t hContext,
				  const void *ptr,
				  ze_ipc_mem_handle_t *pIpcHandle);
ze_result_t xe_mem_get_ipc_handle_with_properties(ze_context_handle_t hContext,
						  const void *ptr, void *pNext,
						  ze_ipc_mem_handle_t *pIpcHandle);
ze_result_t xe_mem_put_ipc_handle(ze_context_handle_t hContext,
				  ze_ipc_mem_handle_t handle);
ze_result_t xe_mem_open_ipc_handle(ze_context_handle_t hContext,
				   ze_device_handle_t hDevice,
				   ze_ipc_mem_handle_t handle,
				   ze_ipc_memory_flags_t flags, void **pptr);
ze_result_t xe_mem_close_ipc_handle(ze_context_handle_t hContext,
				    const void *ptr);
ze_result_t xe_mem_ipc_handle_from_fd(ze_context_handle_t hContext,
				      uint64_t handle,
				      ze_ipc_mem_handle_t *pIpcHandle);
ze_result_t xe_mem_fd_from_ipc_handle(ze_context_handle_t hContext,
				      ze_ipc_mem_handle_t ipcHandle,
				      uint64_t *pHandle);

#endif /* _XE_MEMORY_H */
