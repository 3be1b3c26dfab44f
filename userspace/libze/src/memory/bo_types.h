/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_BO_TYPES_H
#define _XE_BO_TYPES_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct xe_device;

/**
 * struct xe_bo - a buffer object mapped in the process and bound in the
 * device's GPU address space at the same address
 * @dev: the device whose file owns the GEM handle
 * @handle: GEM handle
 * @size: bytes, a multiple of the page size
 * @map: CPU address of the mapping, which is also the GPU address
 * @readonly: an IPC view: mapped PROT_READ, bound READONLY
 * @peers: also bound on the driver's other devices (bo_peer.c); set
 *	before the object is shared, cleared by the last put
 * @refs: references; the last xe_bo_put() unbinds, unmaps and closes
 * @token: the kernel IPC token the object is known by (its export's, or
 *	the one it was imported by), zero for none; under &xe_device.bo_lock
 * @ipc_fd: the dma-buf fd of zeMemGetIpcHandle(), or -1; under bo_lock
 * @ipc_gets: handles of @ipc_fd not yet put; under bo_lock
 * @prev: registry link, under &xe_device.bo_lock
 * @next: registry link, under &xe_device.bo_lock
 *
 * Unified shared memory: a pointer into @map means the same bytes on the
 * host and on the device. Every buffer object of the library is one of
 * these, whether it backs an allocation, an event pool or a batch; the
 * device's registry lets an import of a dma-buf that the file already has
 * a handle for (its own export, or an earlier import) share the object
 * instead of binding the pages twice.
 */
struct xe_bo {
	struct xe_device *dev;
	uint32_t handle;
	uint64_t size;
	void *map;
	bool readonly;
	bool peers;
	atomic_uint refs;
	uint64_t token[2];
	int ipc_fd;
	unsigned int ipc_gets;
	struct xe_bo *prev;
	struct xe_bo *next;
};

static inline uint64_t xe_bo_gpu_addr(const struct xe_bo *bo)
{
	return (uintptr_t)bo->map;
}

#endif /* _XE_BO_TYPES_H */
