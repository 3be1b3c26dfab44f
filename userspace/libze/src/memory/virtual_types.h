/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_VIRTUAL_TYPES_H
#define _XE_VIRTUAL_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include <level_zero/ze_api.h>

#include "core/libze_private.h"

struct xe_context;
struct xe_device;

/**
 * struct xe_physmem - a physical memory object: buffer objects, one per
 *	chunk, that are neither mapped nor bound until zeVirtualMemMap()
 *	puts them somewhere
 * @obj: handle header
 * @ctx: the context it was made for
 * @dev: the device whose file holds the GEM handles
 * @size: bytes
 * @chunk: bytes of each buffer object (the last may be shorter): the page
 *	size zeVirtualMemQueryPageSize() gives for @size
 * @nchunks: entries in @handles and @mmap_offsets
 * @handles: GEM handle of each chunk
 * @mmap_offsets: the offset to mmap() each chunk at, from the device file
 * @maps: mappings of it, under the context's alloc_lock
 * @ipc_fds: the IPC export of each chunk, -1 for none; NULL before the
 *	first (virtual_ipc.c), under the context's alloc_lock
 * @ipc_tokens: the kernel token of each export
 */
struct xe_physmem {
	struct xe_object obj;
	struct xe_context *ctx;
	struct xe_device *dev;
	uint64_t size;
	uint64_t chunk;
	uint32_t nchunks;
	uint32_t *handles;
	uint64_t *mmap_offsets;
	unsigned int maps;
	int *ipc_fds;
	uint64_t (*ipc_tokens)[2];
};

/**
 * struct xe_va_map - pages of a physical memory object at a reserved
 *	address, with one access attribute
 * @start: the address (CPU and GPU)
 * @size: bytes
 * @phys: the physical memory
 * @offset: where in @phys the pages start
 * @access: ze_memory_access_attribute_t of these pages
 * @next: the next mapping of the reservation, by address
 */
struct xe_va_map {
	uintptr_t start;
	uint64_t size;
	struct xe_physmem *phys;
	uint64_t offset;
	ze_memory_access_attribute_t access;
	struct xe_va_map *next;
};

/**
 * struct xe_va_range - a zeVirtualMemReserve() reservation
 * @start: first address
 * @size: bytes
 * @maps: its mappings, by address
 * @next: the context's next reservation
 */
struct xe_va_range {
	uintptr_t start;
	uint64_t size;
	struct xe_va_map *maps;
	struct xe_va_range *next;
};

#endif /* _XE_VIRTUAL_TYPES_H */
