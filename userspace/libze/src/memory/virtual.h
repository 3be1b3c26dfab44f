/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_VIRTUAL_H
#define _XE_VIRTUAL_H

#include <stdint.h>

#include <level_zero/ze_api.h>

#include "memory/virtual_types.h"

/* Entry points (VirtualMem and PhysicalMem DDI tables) */
ze_result_t xe_virtual_mem_query_page_size(ze_context_handle_t hContext,
					   ze_device_handle_t hDevice,
					   size_t size, size_t *pagesize);
ze_result_t xe_virtual_mem_reserve(ze_context_handle_t hContext,
				   const void *pStart, size_t size,
				   void **pptr);
ze_result_t xe_virtual_mem_free(ze_context_handle_t hContext,
				const void *ptr, size_t size);
ze_result_t xe_virtual_mem_map(ze_context_handle_t hContext, const void *ptr,
			       size_t size,
			       ze_physical_mem_handle_t hPhysicalMemory,
			       size_t offset,
			       ze_memory_access_attribute_t access);
ze_result_t xe_virtual_mem_unmap(ze_context_handle_t hContext,
				 const void *ptr, size_t size);
ze_result_t xe_virtual_mem_set_access(ze_context_handle_t hContext,
				      const void *ptr, size_t size,
				      ze_memory_access_attribute_t access);
ze_result_t xe_virtual_mem_get_access(ze_context_handle_t hContext,
				      const void *ptr, size_t size,
				      ze_memory_access_attribute_t *access,
				      size_t *outSize);
ze_result_t xe_physical_mem_create(ze_context_handle_t hContext,
				   ze_device_handle_t hDevice,
				   ze_physical_mem_desc_t *desc,
				   ze_physical_mem_handle_t *phPhysicalMemory);
ze_result_t xe_physical_mem_destroy(ze_context_handle_t hContext,
				    ze_physical_mem_handle_t hPhysicalMemory);
ze_result_t
xe_physical_mem_get_properties(ze_context_handle_t hContext,
			       ze_physical_mem_handle_t hPhysicalMem,
			       ze_physical_mem_properties_t *props);

#endif /* _XE_VIRTUAL_H */
