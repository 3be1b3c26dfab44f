/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_IPC_H
#define _XE_IPC_H

#include <stdint.h>

#include <level_zero/ze_api.h>

#include "core/libze_private.h"

#define XE_IPC_MAGIC_MEM	0x584d4950u	/* "XMIP" */
#define XE_IPC_MAGIC_EVENT_POOL	0x58455050u	/* "XEPP" */
#define XE_IPC_MAGIC_CB_EVENT	0x58434245u	/* "XCBE" */

/**
 * struct xe_ipc_handle - contents of a memory or event-pool IPC handle
 * @fd: a dma-buf fd of the object: the exporter's, valid in the exporter
 *	until the handle is put (or the object freed); or one the
 *	application moved to the importer itself (SCM_RIGHTS) and wrote
 *	here, as applications and test suites commonly do with the first
 *	4 bytes of a memory IPC handle
 * @type: memory: ze_memory_type_t; event pool: number of events, in bytes
 *	4-7, where compute-runtime puts it and its programs read it
 * @size: bytes of the object
 * @offset: memory: where the exported pointer lies in the object
 * @token: the object's 128-bit kernel IPC token
 *	(DRM_IOCTL_XE_CBEV_IPC_EXPORT), zero for none: an importer gets the
 *	object from the kernel by these bytes alone, see xe_ipc_import()
 * @pid: the exporter's process id
 * @magic: XE_IPC_MAGIC_*, what the handle is for
 * @flags: event pool: ze_event_pool_flags_t
 * @reserved: zero
 */
struct xe_ipc_handle {
	int32_t fd;
	uint32_t type;
	uint64_t size;
	uint64_t offset;
	uint64_t token[2];
	uint32_t pid;
	uint32_t magic;
	uint32_t flags;
	uint32_t reserved[3];
};

static_assert(sizeof(struct xe_ipc_handle) == ZE_MAX_IPC_HANDLE_SIZE,
	      "an IPC handle is ZE_MAX_IPC_HANDLE_SIZE bytes");
static_assert(offsetof(struct xe_ipc_handle, fd) == 0,
	      "the dma-buf fd is the first 4 bytes of a handle");
static_assert(offsetof(struct xe_ipc_handle, type) == 4,
	      "an event pool's count follows the fd");

struct xe_bo;
struct xe_device;

void xe_ipc_handle_init(struct xe_ipc_handle *handle, uint32_t magic,
			int fd, const uint64_t token[2], uint64_t size);
int xe_ipc_import(struct xe_device *dev, const struct xe_ipc_handle *handle,
		  uint32_t magic, struct xe_bo **out);

/**
 * struct xe_cb_ipc_handle - contents of a counter-based event IPC handle
 * @fd: -1: unlike memory handles, nothing needs to travel with SCM_RIGHTS
 * @flags: ze_event_counter_based_flags_t of the exported event
 * @token: the kernel token of the exporter's counter (its IPC export by
 *	DRM_XE_CBEV_IPC_TOKEN): the importer asks the kernel for it by
 *	these bytes alone, subject to the kernel's permission check
 * @value: the value the event waits for, fixed when the handle was made
 * @offset: byte offset of the counter in the export
 * @pid: the exporter's process id (informational)
 * @magic: XE_IPC_MAGIC_CB_EVENT, where every handle of the driver has it
 * @size: bytes of the export
 * @signal_scope: its ze_event_scope_flags_t
 * @wait_scope: its ze_event_scope_flags_t
 * @reserved: zero
 */
struct xe_cb_ipc_handle {
	int32_t fd;
	uint32_t flags;
	uint64_t token[2];
	uint64_t value;
	uint64_t offset;
	uint32_t pid;
	uint32_t magic;
	uint64_t size;
	uint8_t signal_scope;
	uint8_t wait_scope;
	uint8_t reserved[6];
};

static_assert(sizeof(struct xe_cb_ipc_handle) == ZE_MAX_IPC_HANDLE_SIZE,
	      "a counter-based event IPC handle is ZE_MAX_IPC_HANDLE_SIZE bytes");
static_assert(offsetof(struct xe_cb_ipc_handle, magic) ==
	      offsetof(struct xe_ipc_handle, magic),
	      "every IPC handle of the driver says what it is at one place");

#endif /* _XE_IPC_H */
