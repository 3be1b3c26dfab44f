/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _UAPI_XE_CBEV_DRM_H_
#define _UAPI_XE_CBEV_DRM_H_

#include "drm.h"

#if defined(__cplusplus)
extern "C" {
#endif

/**
 * DOC: xe_cbev uAPI overview
 *
 * xe_cbev is a DRM render-node driver for counter-based events, in-order
 * command lists and cross-process event sharing. The driver is found by its
 * name, "xe_cbev", as reported by DRM_IOCTL_VERSION; user space must not
 * assume a node number.
 *
 * Every ioctl argument follows the same rules:
 *
 * - the first member is ``__u64 extensions``, a user pointer to a chain of
 *   &struct drm_xe_cbev_user_extension; no extension is defined yet, so it
 *   must be zero;
 * - pointers to user memory are passed as ``__u64``;
 * - padding is explicit, and every ``pad`` and ``reserved`` member must be
 *   zero, as must every flag bit that is not defined below; the kernel
 *   rejects anything else with -EINVAL, so the fields can be given a meaning
 *   later without breaking old binaries.
 *
 * The ioctls:
 *
 * - &DRM_IOCTL_XE_CBEV_DEVICE_QUERY: read device information
 *   (&struct drm_xe_cbev_device_query).
 * - &DRM_IOCTL_XE_CBEV_BO_CREATE: create a buffer object
 *   (&struct drm_xe_cbev_bo_create); freed with the core
 *   DRM_IOCTL_GEM_CLOSE, shared with DRM_IOCTL_PRIME_HANDLE_TO_FD and
 *   DRM_IOCTL_PRIME_FD_TO_HANDLE.
 * - &DRM_IOCTL_XE_CBEV_BO_MMAP_OFFSET: the offset to mmap() a buffer object
 *   at (&struct drm_xe_cbev_bo_mmap_offset).
 * - &DRM_IOCTL_XE_CBEV_VM_BIND: map or unmap a buffer object range in the
 *   file's GPU address space (&struct drm_xe_cbev_vm_bind).
 * - &DRM_IOCTL_XE_CBEV_COUNTER_ALLOC and &DRM_IOCTL_XE_CBEV_COUNTER_FREE:
 *   64-bit counter slots owned by the kernel
 *   (&struct drm_xe_cbev_counter_alloc, &struct drm_xe_cbev_counter_free);
 *   &DRM_IOCTL_XE_CBEV_COUNTER_SET sets one from the host
 *   (&struct drm_xe_cbev_counter_set);
 *   &DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER names the exec queue that writes
 *   a counter slot or an event in memory, so that its ban ends the waits
 *   on it (&struct drm_xe_cbev_counter_set_writer).
 *
 * - &DRM_IOCTL_XE_CBEV_EXEC_QUEUE_CREATE and
 *   &DRM_IOCTL_XE_CBEV_EXEC_QUEUE_DESTROY: exec queues, each a ring that
 *   the engine executes (&struct drm_xe_cbev_exec_queue_create).
 * - &DRM_IOCTL_XE_CBEV_EXEC: submit, i.e. move a queue's tail
 * - &DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE: the doorbell of a direct queue,
 *   whose tail user space publishes in its status page (&struct
 *   drm_xe_cbev_exec_queue_wake)
 *   (&struct drm_xe_cbev_exec); also an io_uring command.
 * - &DRM_IOCTL_XE_CBEV_WAIT: wait until values in memory satisfy
 *   comparisons (&struct drm_xe_cbev_wait); also an io_uring command.
 * - &DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT: a sync_file fd that signals when
 *   a value reaches a comparison (&struct drm_xe_cbev_sync_file_export).
 * - &DRM_IOCTL_XE_CBEV_EXEC_QUEUE_GET_STATE: a queue's state and, once
 *   banned, why (&struct drm_xe_cbev_exec_queue_state).
 * - &DRM_IOCTL_XE_CBEV_IPC_EXPORT, &DRM_IOCTL_XE_CBEV_IPC_IMPORT and
 *   &DRM_IOCTL_XE_CBEV_IPC_REVOKE: share counters and memory with other
 *   processes, by dma-buf fd or by token (&struct drm_xe_cbev_ipc_export).
 * - &DRM_IOCTL_XE_CBEV_EU_WAIT, &DRM_IOCTL_XE_CBEV_EU_REPORT and
 *   &DRM_IOCTL_XE_CBEV_EU_STOP: the file's execution units take the user
 *   dispatches its queues reach and report them done or faulted
 *   (&struct drm_xe_cbev_eu_wait).
 *
 * GPU address space: every open file has its own. Addresses are 48 bits
 * wide; the lower half, [&DRM_XE_CBEV_VA_USER_START,
 * &DRM_XE_CBEV_VA_USER_END), is user space's to bind, so that a buffer
 * can be bound at the address its CPU mapping has (unified shared memory).
 * The upper half is the kernel's; counter pages live there.
 *
 * The process that opened the file: addresses no binding covers are its
 * own memory, and only it may reach them. Exec queue creation, exec (ioctl
 * and io_uring), the doorbell, the execution-unit ioctls,
 * &DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER, and waits and sync_file exports
 * on process memory return -EPERM to any other process holding the fd (a
 * forked child, one given the fd over a socket); a queue's ring and status
 * page may be mapped by the opener only, and the mapping is not inherited
 * across fork(). Objects, counters, bindings and IPC work for every holder.
 */

/** DRM_XE_CBEV_VA_USER_START - lowest GPU address user space may bind */
#define DRM_XE_CBEV_VA_USER_START	0x1000ull
/** DRM_XE_CBEV_VA_USER_END - end (exclusive) of the user-bindable range */
#define DRM_XE_CBEV_VA_USER_END		0x800000000000ull

/**
 * struct drm_xe_cbev_user_extension - base of every extension struct
 *
 * Extensions form a singly linked list in user memory; @next_extension
 * points at the next one, zero ends the list.
 */
struct drm_xe_cbev_user_extension {
	/** @next_extension: user pointer to the next extension, or 0 */
	__u64 next_extension;
	/** @name: which extension this is */
	__u32 name;
	/** @pad: must be zero */
	__u32 pad;
};

#define DRM_XE_CBEV_DEVICE_QUERY	0x00
#define DRM_XE_CBEV_BO_CREATE		0x01
#define DRM_XE_CBEV_BO_MMAP_OFFSET	0x02
#define DRM_XE_CBEV_VM_BIND		0x03
#define DRM_XE_CBEV_COUNTER_ALLOC	0x04
#define DRM_XE_CBEV_COUNTER_FREE	0x05
#define DRM_XE_CBEV_EXEC_QUEUE_CREATE	0x06
#define DRM_XE_CBEV_EXEC_QUEUE_DESTROY	0x07
#define DRM_XE_CBEV_EXEC		0x08
#define DRM_XE_CBEV_WAIT		0x09
#define DRM_XE_CBEV_SYNC_FILE_EXPORT	0x0a
#define DRM_XE_CBEV_EXEC_QUEUE_GET_STATE	0x0b
#define DRM_XE_CBEV_IPC_EXPORT		0x0c
#define DRM_XE_CBEV_IPC_IMPORT		0x0d
#define DRM_XE_CBEV_IPC_REVOKE		0x0e
#define DRM_XE_CBEV_COUNTER_SET		0x0f
#define DRM_XE_CBEV_COUNTER_SET_WRITER	0x10
#define DRM_XE_CBEV_EXEC_QUEUE_WAKE	0x12
#define DRM_XE_CBEV_EU_WAIT		0x14
#define DRM_XE_CBEV_EU_REPORT		0x15
#define DRM_XE_CBEV_EU_STOP		0x16

#define DRM_IOCTL_XE_CBEV_DEVICE_QUERY \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_XE_CBEV_DEVICE_QUERY, \
		 struct drm_xe_cbev_device_query)
#define DRM_IOCTL_XE_CBEV_BO_CREATE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_XE_CBEV_BO_CREATE, \
		 struct drm_xe_cbev_bo_create)
#define DRM_IOCTL_XE_CBEV_BO_MMAP_OFFSET \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_XE_CBEV_BO_MMAP_OFFSET, \
		 struct drm_xe_cbev_bo_mmap_offset)
#define DRM_IOCTL_XE_CBEV_VM_BIND \
	DRM_IOW(DRM_COMMAND_BASE + DRM_XE_CBEV_VM_BIND, \
		struct drm_xe_cbev_vm_bind)
#define DRM_IOCTL_XE_CBEV_COUNTER_ALLOC \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_XE_CBEV_COUNTER_ALLOC, \
		 struct drm_xe_cbev_counter_alloc)
#define DRM_IOCTL_XE_CBEV_COUNTER_FREE \
	DRM_IOW(DRM_COMMAND_BASE + DRM_XE_CBEV_COUNTER_FREE, \
		struct drm_xe_cbev_counter_free)
#define DRM_IOCTL_XE_CBEV_EXEC_QUEUE_CREATE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_XE_CBEV_EXEC_QUEUE_CREATE, \
		 struct drm_xe_cbev_exec_queue_create)
#define DRM_IOCTL_XE_CBEV_EXEC_QUEUE_DESTROY \
	DRM_IOW(DRM_COMMAND_BASE + DRM_XE_CBEV_EXEC_QUEUE_DESTROY, \
		struct drm_xe_cbev_exec_queue_destroy)
#define DRM_IOCTL_XE_CBEV_EXEC \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_XE_CBEV_EXEC, \
		 struct drm_xe_cbev_exec)
#define DRM_IOCTL_XE_CBEV_WAIT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_XE_CBEV_WAIT, \
		 struct drm_xe_cbev_wait)
#define DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_XE_CBEV_SYNC_FILE_EXPORT, \
		 struct drm_xe_cbev_sync_file_export)
#define DRM_IOCTL_XE_CBEV_EXEC_QUEUE_GET_STATE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_XE_CBEV_EXEC_QUEUE_GET_STATE, \
		 struct drm_xe_cbev_exec_queue_state)
#define DRM_IOCTL_XE_CBEV_IPC_EXPORT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_XE_CBEV_IPC_EXPORT, \
		 struct drm_xe_cbev_ipc_export)
#define DRM_IOCTL_XE_CBEV_IPC_IMPORT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_XE_CBEV_IPC_IMPORT, \
		 struct drm_xe_cbev_ipc_import)
#define DRM_IOCTL_XE_CBEV_IPC_REVOKE \
	DRM_IOW(DRM_COMMAND_BASE + DRM_XE_CBEV_IPC_REVOKE, \
		struct drm_xe_cbev_ipc_revoke)
#define DRM_IOCTL_XE_CBEV_COUNTER_SET \
	DRM_IOW(DRM_COMMAND_BASE + DRM_XE_CBEV_COUNTER_SET, \
		struct drm_xe_cbev_counter_set)
#define DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER \
	DRM_IOW(DRM_COMMAND_BASE + DRM_XE_CBEV_COUNTER_SET_WRITER, \
		struct drm_xe_cbev_counter_set_writer)
#define DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE \
	DRM_IOW(DRM_COMMAND_BASE + DRM_XE_CBEV_EXEC_QUEUE_WAKE, \
		struct drm_xe_cbev_exec_queue_wake)
#define DRM_IOCTL_XE_CBEV_EU_WAIT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_XE_CBEV_EU_WAIT, \
		 struct drm_xe_cbev_eu_wait)
#define DRM_IOCTL_XE_CBEV_EU_REPORT \
	DRM_IOW(DRM_COMMAND_BASE + DRM_XE_CBEV_EU_REPORT, \
		struct drm_xe_cbev_eu_report)
#define DRM_IOCTL_XE_CBEV_EU_STOP \
	DRM_IOW(DRM_COMMAND_BASE + DRM_XE_CBEV_EU_STOP, \
		struct drm_xe_cbev_eu_stop)

/** DRM_XE_CBEV_UAPI_MAJOR - bumped on incompatible uAPI changes (never, so far) */
#define DRM_XE_CBEV_UAPI_MAJOR	1
/**
 * DRM_XE_CBEV_UAPI_MINOR - bumped when ioctls or flags are added
 *
 * Minor 2 added &DRM_XE_CBEV_EU_REPORT_PROGRESS.
 *
 * Minor 1 added &DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER,
 * &DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE, the execution-unit ioctls
 * (&DRM_IOCTL_XE_CBEV_EU_WAIT, &DRM_IOCTL_XE_CBEV_EU_REPORT,
 * &DRM_IOCTL_XE_CBEV_EU_STOP), &DRM_XE_CBEV_EXEC_QUEUE_CREATE_DIRECT with
 * the status page's NEED_WAKEUP flag and user tail, the ban reasons
 * LOST_DEPENDENCY, BAD_TAIL and EU_FAULT, the XE_CBEV_USER_DISPATCH
 * command, and &drm_xe_cbev_query_device_info.capabilities.
 */
#define DRM_XE_CBEV_UAPI_MINOR	2

/**
 * struct drm_xe_cbev_query_device_info - answer to
 * &DRM_XE_CBEV_QUERY_DEVICE_INFO
 *
 * The device is a software engine, so its timestamps count nanoseconds of
 * the kernel's monotonic raw clock.
 */
struct drm_xe_cbev_query_device_info {
	/** @uapi_major: &DRM_XE_CBEV_UAPI_MAJOR of the running module */
	__u32 uapi_major;
	/** @uapi_minor: &DRM_XE_CBEV_UAPI_MINOR of the running module */
	__u32 uapi_minor;
	/** @num_engines: number of engines that execute exec queues */
	__u32 num_engines;
	/** @timestamp_valid_bits: valid low bits of a timestamp value */
	__u32 timestamp_valid_bits;
	/** @timestamp_frequency: timestamp ticks per second */
	__u64 timestamp_frequency;
	/** @va_bits: width of a GPU virtual address */
	__u32 va_bits;
	/** @pad: always zero */
	__u32 pad;
	/** @uuid: identifies this device instance, stable while it exists */
	__u8 uuid[16];
	/** @max_dispatch_size: most bytes one built-in kernel may touch */
	__u64 max_dispatch_size;
	/** @max_fill_pattern: largest fill pattern, in bytes */
	__u32 max_fill_pattern;
	/** @max_exec_queues: most exec queues one file may have */
	__u32 max_exec_queues;
	/** @min_ring_size: smallest exec queue ring, in bytes */
	__u32 min_ring_size;
	/** @max_ring_size: largest exec queue ring, in bytes */
	__u32 max_ring_size;
	/**
	 * @capabilities: what the device can do beyond uAPI 1.0, a mask of
	 * DRM_XE_CBEV_CAP_*
	 */
	__u64 capabilities;
};

/**
 * DRM_XE_CBEV_CAP_SYSTEM_MEMORY - the engine reaches the memory of the
 * process that opened the file at any GPU address in the lower half that
 * no binding covers (shared system allocations): malloc'ed memory, the
 * stack, file mappings. An access the process's memory cannot satisfy
 * (not mapped, or not writable for a write) bans the queue with
 * &DRM_XE_CBEV_BAN_UNMAPPED; &DRM_IOCTL_XE_CBEV_WAIT waits on such memory
 * too.
 */
#define DRM_XE_CBEV_CAP_SYSTEM_MEMORY	0x1ull

/**
 * DRM_XE_CBEV_CAP_USER_DISPATCH - the engine hands XE_CBEV_USER_DISPATCH
 * commands to the submitting file's execution units
 * (&DRM_IOCTL_XE_CBEV_EU_WAIT, &DRM_IOCTL_XE_CBEV_EU_REPORT)
 */
#define DRM_XE_CBEV_CAP_USER_DISPATCH	0x4ull

/**
 * struct drm_xe_cbev_device_query - argument of
 * &DRM_IOCTL_XE_CBEV_DEVICE_QUERY
 *
 * Call with @size 0 to learn the size the kernel would write; call again
 * with @size set and @data pointing at that many bytes to read the answer.
 * A non-zero @size smaller than the answer is rejected with -EINVAL; a
 * larger one is accepted and only the answer's size is written, and @size
 * is set to it.
 */
struct drm_xe_cbev_device_query {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;

#define DRM_XE_CBEV_QUERY_DEVICE_INFO	0
	/** @query: what to read; only &DRM_XE_CBEV_QUERY_DEVICE_INFO exists */
	__u32 query;

	/** @size: in: bytes at @data, or 0; out: bytes of the answer */
	__u32 size;

	/** @data: user pointer to the answer buffer */
	__u64 data;

	/** @flags: none defined, must be zero */
	__u32 flags;

	/** @pad: must be zero */
	__u32 pad;

	/** @reserved: must be zero */
	__u64 reserved[2];
};

/**
 * struct drm_xe_cbev_bo_create - argument of &DRM_IOCTL_XE_CBEV_BO_CREATE
 *
 * Creates a buffer object of system pages. Placement "device" is system
 * memory too on this software device, but it is recorded, so that an
 * allocation reports what it was asked to be.
 */
struct drm_xe_cbev_bo_create {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;

	/** @size: bytes; a non-zero multiple of the page size */
	__u64 size;

/* Placement: device-local memory (without it: system memory). */
#define DRM_XE_CBEV_BO_CREATE_DEVICE	0x1u
/* Map write-combined on the CPU (without it: cached). */
#define DRM_XE_CBEV_BO_CREATE_WC	0x2u
	/** @flags: DRM_XE_CBEV_BO_CREATE_* */
	__u32 flags;

	/** @handle: out: GEM handle of the new object */
	__u32 handle;

	/** @reserved: must be zero */
	__u64 reserved[2];
};

/**
 * struct drm_xe_cbev_bo_mmap_offset - argument of
 * &DRM_IOCTL_XE_CBEV_BO_MMAP_OFFSET
 *
 * Gives the fake offset to pass to mmap() on the DRM fd to map a buffer
 * object; the mapping is cached or write-combined as chosen at creation.
 */
struct drm_xe_cbev_bo_mmap_offset {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;

	/** @handle: GEM handle */
	__u32 handle;

	/** @flags: none defined, must be zero */
	__u32 flags;

	/** @offset: out: the offset for mmap() */
	__u64 offset;

	/** @reserved: must be zero */
	__u64 reserved[2];
};

/**
 * DRM_XE_CBEV_MAX_BINDINGS_PER_FILE - most mappings user space may make
 * in one file's GPU address space: as many as a process may have CPU
 * mappings by default (vm.max_map_count), since unified shared memory
 * binds each allocation at its CPU address
 */
#define DRM_XE_CBEV_MAX_BINDINGS_PER_FILE	65536

/**
 * struct drm_xe_cbev_vm_bind - argument of &DRM_IOCTL_XE_CBEV_VM_BIND
 *
 * &DRM_XE_CBEV_VM_BIND_OP_MAP maps @range bytes of the buffer object
 * @handle, from @offset, at GPU address @addr. All three are page aligned,
 * @range is not zero, the range lies inside the object and inside
 * [&DRM_XE_CBEV_VA_USER_START, &DRM_XE_CBEV_VA_USER_END), and it overlaps
 * no other mapping; anything else is -EINVAL. A mapping holds the object's
 * pages: they stay alive until the mapping is gone and the engine no
 * longer uses them, even when the handle is closed.
 *
 * A file may hold at most &DRM_XE_CBEV_MAX_BINDINGS_PER_FILE mappings
 * (-ENOSPC beyond). A mapping pins the pages of its range only -- not the
 * rest of the object -- and its kernel memory (a few hundred bytes, plus 8
 * per page) is charged to the caller's memory cgroup, as are the pages.
 *
 * &DRM_XE_CBEV_VM_BIND_OP_UNMAP removes every mapping inside
 * [@addr, @addr + @range); @handle, @offset and @flags must be zero. A
 * mapping that straddles an end of the range is -EINVAL (and nothing is
 * unmapped); a range without any mapping is -ENOENT.
 */
struct drm_xe_cbev_vm_bind {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;

#define DRM_XE_CBEV_VM_BIND_OP_MAP	0
#define DRM_XE_CBEV_VM_BIND_OP_UNMAP	1
	/** @op: DRM_XE_CBEV_VM_BIND_OP_* */
	__u32 op;

/* The engine may read but not write through this mapping. */
#define DRM_XE_CBEV_VM_BIND_READONLY	0x1u
	/** @flags: DRM_XE_CBEV_VM_BIND_* */
	__u32 flags;

	/** @handle: GEM handle to map (MAP only) */
	__u32 handle;

	/** @pad: must be zero */
	__u32 pad;

	/** @offset: byte offset into the object (MAP only) */
	__u64 offset;

	/** @range: bytes to map or unmap */
	__u64 range;

	/** @addr: GPU virtual address */
	__u64 addr;

	/** @reserved: must be zero */
	__u64 reserved[2];
};

/**
 * DRM_XE_CBEV_MAX_COUNTER_PAGES_PER_FILE - most counter pages of one file:
 * 2048 pages of 512 slots, 1048576 counters, about 16 MiB of kernel
 * memory charged to the file's memory cgroup
 */
#define DRM_XE_CBEV_MAX_COUNTER_PAGES_PER_FILE	2048

/**
 * struct drm_xe_cbev_counter_alloc - argument of
 * &DRM_IOCTL_XE_CBEV_COUNTER_ALLOC
 *
 * A file has at most &DRM_XE_CBEV_MAX_COUNTER_PAGES_PER_FILE counter
 * pages; when all their slots are in use (or still retiring), the
 * allocation is -ENOSPC. Slots held by importers count for the page.
 *
 * Allocates one 64-bit counter slot, set to zero. The kernel packs slots
 * into counter pages that it owns; each page is bound into the file's GPU
 * address space, where the engine may write the slot, and may be mapped
 * into the process read-only: mmap() @mmap_offset (one page, PROT_READ
 * only; PROT_WRITE is -EACCES) and read the slot at byte @offset of the
 * mapping. Slots of one page share @mmap_offset, so a process maps each
 * page once.
 */
struct drm_xe_cbev_counter_alloc {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;

	/** @flags: none defined, must be zero */
	__u32 flags;

	/** @id: out: names the slot in &DRM_IOCTL_XE_CBEV_COUNTER_FREE */
	__u32 id;

	/** @mmap_offset: out: the page's offset for mmap() */
	__u64 mmap_offset;

	/** @offset: out: byte offset of the slot in that page */
	__u64 offset;

	/** @gpu_addr: out: GPU virtual address of the slot */
	__u64 gpu_addr;

	/** @reserved: must be zero */
	__u64 reserved[2];
};

/**
 * struct drm_xe_cbev_counter_free - argument of
 * &DRM_IOCTL_XE_CBEV_COUNTER_FREE
 *
 * Gives up the caller's slot @id. The slot's memory stays valid, and the
 * slot is not handed out again, while anything still references it: work
 * the file submitted before the free, or another process that imported it.
 */
struct drm_xe_cbev_counter_free {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;

	/** @id: the slot, as &DRM_IOCTL_XE_CBEV_COUNTER_ALLOC returned it */
	__u32 id;

	/** @flags: none defined, must be zero */
	__u32 flags;

	/** @reserved: must be zero */
	__u64 reserved[2];
};

/**
 * struct drm_xe_cbev_counter_set - argument of &DRM_IOCTL_XE_CBEV_COUNTER_SET
 *
 * Stores @value in one of the caller's counter slots from the host, at
 * once, and wakes whoever waits on it: how a recorded in-order command
 * list's counter goes back to 0 when the list is executed again, so that
 * its events read "not ready" in host program order. The caller must know
 * that no engine writes the slot meanwhile (the kernel does not check).
 */
struct drm_xe_cbev_counter_set {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;
	/** @id: the slot, as &DRM_IOCTL_XE_CBEV_COUNTER_ALLOC returned it */
	__u32 id;
	/** @flags: none defined, must be zero */
	__u32 flags;
	/** @value: the value to store */
	__u64 value;
	/** @reserved: must be zero */
	__u64 reserved[2];
};

/**
 * struct drm_xe_cbev_counter_set_writer - argument of
 * &DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER
 *
 * Names the exec queue that will write a location: one of the caller's
 * counter slots (&DRM_XE_CBEV_SET_WRITER_COUNTER, @addr is the slot id)
 * or a naturally aligned 64-bit value in memory the caller has bound
 * writable (@addr is its GPU address; counter pages are named by id),
 * or, with &DRM_XE_CBEV_CAP_SYSTEM_MEMORY, in the caller's own memory at
 * an address nothing is bound at (kept in the file's address space, for
 * its own waits and queues; forgotten when the file is closed).
 * A record is the caller file's own: a location has at most one writer
 * per file, the latest that file named, and @exec_queue_id 0 forgets the
 * caller's record only.
 *
 * If the writer is banned, the location becomes *dead*: nothing will
 * write it any more, so every wait on it that does not hold yet ends --
 * &DRM_IOCTL_XE_CBEV_WAIT and its io_uring twin return -EIO, a sync_file
 * fence signals with the error -EIO, and an exec queue whose semaphore
 * wait reads it is banned with &DRM_XE_CBEV_BAN_LOST_DEPENDENCY (so the
 * locations *it* writes die in turn). Whose record counts: a file's own
 * waits heed its own records and those of the file that created the
 * object -- so every importer learns of the exporter's writer's ban --
 * but never another importer's: a read-write importer's record decides
 * its own waits only, not the exporter's nor other importers'. A
 * location stays dead, after its writer is destroyed too, until it is
 * given a writer again (or 0); a counter slot also when it is freed.
 *
 * The writer is recorded once, not per submission: user space calls this
 * when the queue that writes a location changes. Destroying a queue that
 * was not banned forgets the locations it writes.
 */
struct drm_xe_cbev_counter_set_writer {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;
	/** @addr: the counter slot id, or the GPU address of the value */
	__u64 addr;

/* @addr is a counter slot id of the caller. */
#define DRM_XE_CBEV_SET_WRITER_COUNTER	0x1u
	/** @flags: DRM_XE_CBEV_SET_WRITER_* */
	__u32 flags;
	/** @exec_queue_id: one of the caller's exec queues, or 0 for none */
	__u32 exec_queue_id;
	/** @reserved: must be zero */
	__u64 reserved[2];
};

/**
 * DOC: exec queues and the engine
 *
 * An exec queue is a ring of commands that the device's engine executes in
 * order. The ring lives in a buffer object that the process maps
 * read-write at @ring_mmap_offset (&struct drm_xe_cbev_exec_queue_create):
 * the first page is the queue's status page (&struct
 * drm_xe_cbev_ring_status), which only the kernel writes, then come
 * @ring_size bytes of commands.
 *
 * User space writes commands at ring offset (tail % ring_size) and submits
 * by moving the tail with &DRM_IOCTL_XE_CBEV_EXEC (or its io_uring twin).
 * Head and tail are 64-bit byte counts since the queue was created, so a
 * full ring and an empty one differ: tail - head <= ring_size always, and
 * the bytes in [head, tail) belong to the engine until the head passes
 * them. Commands may wrap around the end of the ring.
 *
 * The commands are Gen12/Xe MI commands, described with the project's own
 * dispatch command in Documentation/command-stream.rst. Every address is a
 * GPU virtual address in the submitting file's address space. A fault (an
 * unmapped or read-only address, an unknown command, a bad length, too deep
 * a batch chain) or no progress for the hang timeout bans the queue: it
 * executes nothing more, &DRM_IOCTL_XE_CBEV_EXEC returns -EIO, and waits
 * that name it return -EIO. Other queues and files go on.
 */

/**
 * DOC: direct submission
 *
 * A queue created with &DRM_XE_CBEV_EXEC_QUEUE_CREATE_DIRECT is submitted
 * to without a system call: user space writes commands into the ring and
 * publishes the new tail in &drm_xe_cbev_ring_status.user_tail, and the
 * engine reads it itself. While the queue has work, and for an idle
 * window after it runs dry (module parameter direct_idle_us), the engine
 * polls @user_tail (every direct_poll_us); then it sets
 * &DRM_XE_CBEV_RING_NEED_WAKEUP in &drm_xe_cbev_ring_status.flags and
 * sleeps until &DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE rings its doorbell. The
 * doorbell clears the flag (appends made while the engine is on its way
 * need no doorbell of their own), and so does the engine when it runs the
 * queue again. This is io_uring
 * SQPOLL's protocol, and has its barrier pairs:
 *
 * User space, for each submission::
 *
 *	write the commands to the ring;
 *	store-release user_tail = new tail;     (A) commands before tail
 *	full barrier (atomic_thread_fence(seq_cst), smp_mb());   (B)
 *	if (load(flags) & DRM_XE_CBEV_RING_NEED_WAKEUP)
 *		ioctl(DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE);
 *
 * The engine, before it sleeps::
 *
 *	flags |= DRM_XE_CBEV_RING_NEED_WAKEUP;
 *	smp_mb();                               (B') pairs with (B)
 *	tail = load-acquire(user_tail);         (A') pairs with (A)
 *	if (tail != the tail it has) go on running, else sleep.
 *
 * (B) and (B') order each side's store before its load, so at least one
 * side sees the other's store: either the engine's re-read sees the new
 * tail, or user space sees NEED_WAKEUP and rings the doorbell. No
 * submission is left waiting for an engine that sleeps. A doorbell rung
 * when the engine is awake (user space saw a stale flag) costs a system
 * call and nothing else.
 *
 * The engine fetches @user_tail once per pick-up (one load) and checks it
 * as &DRM_IOCTL_XE_CBEV_EXEC checks a tail: 4-byte aligned, not below the
 * tail it took before, at most ring_size beyond the head. A bad tail bans
 * the queue with &DRM_XE_CBEV_BAN_BAD_TAIL (the fault address is the
 * tail). User space never learns a sequence number for what it
 * publishes, so a direct queue's submissions are named by their tails:
 * its &drm_xe_cbev_ring_status.completed_seqno (and what
 * &DRM_XE_CBEV_WAIT_COND_QUEUE and &DRM_IOCTL_XE_CBEV_EXEC_QUEUE_GET_STATE
 * compare and report) is the ring position up to which every command
 * executed. &DRM_IOCTL_XE_CBEV_EXEC refuses
 * a direct queue (-EINVAL): its tail moves only through @user_tail.
 */

/**
 * struct drm_xe_cbev_ring_status - a ring's first page
 *
 * The kernel writes every field but @user_tail, which only user space
 * writes (and only on a direct queue); user space reads the others.
 *
 * The kernel publishes @head, @completed_seqno and @state with release
 * stores; user space reads them with acquire loads, so that what it sees
 * published comes with what came before it, on any architecture:
 *
 *	engine				user space
 *	reads ring bytes < h		h = load-acquire(head)
 *	store-release head = h		reuses ring bytes < h      (C)
 *	writes of submission s		s = load-acquire(completed_seqno)
 *	store-release completed = s	reads what s wrote         (D)
 *	stores ban_reason, fault_addr	st = load-acquire(state)
 *	store-release state = BANNED	reads the reason           (E)
 */
struct drm_xe_cbev_ring_status {
	/** @head: bytes the engine has consumed since creation (C) */
	__u64 head;
	/** @tail: bytes submitted since creation */
	__u64 tail;
	/**
	 * @completed_seqno: last submission whose commands all executed (D)
	 */
	__u64 completed_seqno;
	/** @state: DRM_XE_CBEV_EXEC_QUEUE_STATE_* (E) */
	__u32 state;
	/** @ban_reason: DRM_XE_CBEV_BAN_*, once banned */
	__u32 ban_reason;
	/** @fault_addr: GPU address or ring position of the fault */
	__u64 fault_addr;

/*
 * The engine sleeps: user space must ring the doorbell
 * (&DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE) after publishing a tail.
 */
#define DRM_XE_CBEV_RING_NEED_WAKEUP	0x1u
	/** @flags: DRM_XE_CBEV_RING_*; direct queues only; kernel-written */
	__u32 flags;
	/** @pad: zero */
	__u32 pad;
	/** @reserved: zero; keeps @user_tail on a cache line of its own */
	__u64 reserved[2];
	/**
	 * @user_tail: direct queues: the tail user space publishes (a
	 * release store), bytes since creation; see "direct submission"
	 */
	__u64 user_tail;
};

/**
 * struct drm_xe_cbev_exec_queue_create - argument of
 * &DRM_IOCTL_XE_CBEV_EXEC_QUEUE_CREATE
 */
struct drm_xe_cbev_exec_queue_create {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;

/*
 * Time the queue spends parked on an unsatisfied semaphore wait does not
 * count toward its hang timeout: it may wait on an event for as long as it
 * takes, and is still banned for running without progress.
 */
#define DRM_XE_CBEV_EXEC_QUEUE_CREATE_PATIENT_WAITS	0x1u
/*
 * Direct submission: the engine reads the tail user space publishes in
 * the status page (see "direct submission"); &DRM_IOCTL_XE_CBEV_EXEC is
 * refused, &DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE is its doorbell.
 */
#define DRM_XE_CBEV_EXEC_QUEUE_CREATE_DIRECT		0x2u
	/** @flags: DRM_XE_CBEV_EXEC_QUEUE_CREATE_* */
	__u32 flags;

#define DRM_XE_CBEV_PRIORITY_LOW	0
#define DRM_XE_CBEV_PRIORITY_NORMAL	1
#define DRM_XE_CBEV_PRIORITY_HIGH	2
	/**
	 * @priority: DRM_XE_CBEV_PRIORITY_*; a higher priority queue gets
	 * larger slices of the engine
	 */
	__u32 priority;

	/** @ring_size: bytes of commands; a power of two, 4 KiB to 1 MiB */
	__u32 ring_size;

	/**
	 * @hang_timeout_ms: how long the queue may make no progress before
	 * it is banned; 0 = the module's default (hang_timeout_ms parameter),
	 * else 10 to 600000
	 */
	__u32 hang_timeout_ms;

	/** @exec_queue_id: out: the queue's id, never zero */
	__u32 exec_queue_id;

	/** @pad: must be zero */
	__u32 pad;

	/** @ring_mmap_offset: out: mmap() this for status page + ring */
	__u64 ring_mmap_offset;

	/** @reserved: must be zero */
	__u64 reserved[2];
};

/**
 * struct drm_xe_cbev_exec_queue_destroy - argument of
 * &DRM_IOCTL_XE_CBEV_EXEC_QUEUE_DESTROY
 *
 * Stops the queue at once, whatever it was executing; work it had not
 * executed is dropped. Memory it would have written stays as it is.
 */
struct drm_xe_cbev_exec_queue_destroy {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;
	/** @exec_queue_id: the queue */
	__u32 exec_queue_id;
	/** @pad: must be zero */
	__u32 pad;
	/** @reserved: must be zero */
	__u64 reserved[2];
};

/**
 * struct drm_xe_cbev_exec_queue_state - argument of
 * &DRM_IOCTL_XE_CBEV_EXEC_QUEUE_GET_STATE
 */
struct drm_xe_cbev_exec_queue_state {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;
	/** @exec_queue_id: the queue */
	__u32 exec_queue_id;

#define DRM_XE_CBEV_EXEC_QUEUE_STATE_ACTIVE	0
#define DRM_XE_CBEV_EXEC_QUEUE_STATE_BANNED	1
	/** @state: out: DRM_XE_CBEV_EXEC_QUEUE_STATE_* */
	__u32 state;

#define DRM_XE_CBEV_BAN_NONE		0
/* An address that no binding covers. */
#define DRM_XE_CBEV_BAN_UNMAPPED	1
/* A write through a read-only binding. */
#define DRM_XE_CBEV_BAN_READONLY	2
/* A command the engine does not know. */
#define DRM_XE_CBEV_BAN_BAD_COMMAND	3
/* A known command with a bad length or field. */
#define DRM_XE_CBEV_BAN_BAD_LENGTH	4
/* Batch buffers chained deeper than the engine allows. */
#define DRM_XE_CBEV_BAN_BATCH_DEPTH	5
/* No progress for the hang timeout. */
#define DRM_XE_CBEV_BAN_HANG		6
/* A misaligned address. */
#define DRM_XE_CBEV_BAN_ALIGNMENT	7
/*
 * A semaphore wait on a location whose writer was banned
 * (&DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER): it can never hold.
 */
#define DRM_XE_CBEV_BAN_LOST_DEPENDENCY	8
/* A direct queue published a bad tail (misaligned, backwards, too far). */
#define DRM_XE_CBEV_BAN_BAD_TAIL	9
/* An execution unit reported a fault in a user dispatch (a page fault). */
#define DRM_XE_CBEV_BAN_EU_FAULT	10
	/** @ban_reason: out: DRM_XE_CBEV_BAN_* */
	__u32 ban_reason;
	/** @pad: must be zero */
	__u32 pad;
	/** @fault_addr: out: GPU address (or ring position) of the fault */
	__u64 fault_addr;
	/** @head: out: bytes consumed */
	__u64 head;
	/** @completed_seqno: out: last fully executed submission */
	__u64 completed_seqno;
	/** @reserved: must be zero */
	__u64 reserved[2];
};

/**
 * struct drm_xe_cbev_exec_queue_wake - argument of
 * &DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE
 *
 * Rings a direct queue's doorbell: the engine runs the queue and reads
 * &drm_xe_cbev_ring_status.user_tail again. Needed only when the status
 * page's flags have &DRM_XE_CBEV_RING_NEED_WAKEUP; harmless otherwise.
 * Returns -EINVAL for a queue created without
 * &DRM_XE_CBEV_EXEC_QUEUE_CREATE_DIRECT, -ENOENT for an unknown queue and
 * -EIO for a queue banned before the call or by the tail it takes (a
 * fault of the commands it runs is for waits to tell, as after an exec).
 */
struct drm_xe_cbev_exec_queue_wake {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;
	/** @exec_queue_id: the queue */
	__u32 exec_queue_id;
	/** @flags: none defined, must be zero */
	__u32 flags;
	/** @reserved: must be zero */
	__u64 reserved[2];
};

/** DRM_XE_CBEV_EXEC_MAX_BATCHES - most batch buffers one exec may carry */
#define DRM_XE_CBEV_EXEC_MAX_BATCHES	16

/**
 * struct drm_xe_cbev_exec - argument of &DRM_IOCTL_XE_CBEV_EXEC
 *
 * Makes the ring's commands up to @tail executable, then, if
 * @num_batches is set, the batch buffers at the GPU addresses in the
 * array @batches, in order, each as if called from the ring by a
 * second-level MI_BATCH_BUFFER_START. @tail may equal the current tail
 * (nothing new in the ring, only batches). The kernel answers with the
 * submission's sequence number, which &drm_xe_cbev_ring_status.
 * completed_seqno reaches once all of it has executed.
 *
 * The same struct is the payload of the io_uring command
 * &DRM_XE_CBEV_URING_CMD_EXEC; @seqno is then the completion's result
 * (cqe->res, capped at INT_MAX) and not written back.
 */
struct drm_xe_cbev_exec {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;
	/** @exec_queue_id: the queue */
	__u32 exec_queue_id;
	/** @num_batches: entries in @batches, at most DRM_XE_CBEV_EXEC_MAX_BATCHES */
	__u32 num_batches;
	/**
	 * @tail: the new tail: 4-byte aligned, not below the current tail,
	 * and at most ring_size beyond the head
	 */
	__u64 tail;
	/** @batches: user pointer to an array of __u64 GPU addresses */
	__u64 batches;
	/** @seqno: out: the submission's sequence number */
	__u64 seqno;
	/** @reserved: must be zero */
	__u64 reserved[2];
};

/* Comparison of a value in memory (left) with a given value (right). */
#define DRM_XE_CBEV_CMP_GTE	0	/* memory >= value */
#define DRM_XE_CBEV_CMP_GT	1	/* memory > value */
#define DRM_XE_CBEV_CMP_LTE	2	/* memory <= value */
#define DRM_XE_CBEV_CMP_LT	3	/* memory < value */
#define DRM_XE_CBEV_CMP_EQ	4	/* memory == value */
#define DRM_XE_CBEV_CMP_NEQ	5	/* memory != value */

/**
 * struct drm_xe_cbev_wait_cond - one condition of a wait
 */
struct drm_xe_cbev_wait_cond {
	/**
	 * @addr: GPU address of the value (8-byte aligned, or 4 with
	 * &DRM_XE_CBEV_WAIT_COND_32BIT); with &DRM_XE_CBEV_WAIT_COND_COUNTER
	 * the id of one of the file's counter slots instead, with
	 * &DRM_XE_CBEV_WAIT_COND_QUEUE the id of one of its exec queues
	 */
	__u64 addr;
	/** @value: the right-hand side of the comparison */
	__u64 value;
	/** @op: DRM_XE_CBEV_CMP_* */
	__u32 op;

/* The value in memory is a __u32 (@value must fit). */
#define DRM_XE_CBEV_WAIT_COND_32BIT	0x1u
/* @addr is a counter slot id. */
#define DRM_XE_CBEV_WAIT_COND_COUNTER	0x2u
/*
 * @addr is an exec queue id, and the value compared is its completed
 * sequence number (&drm_xe_cbev_ring_status.completed_seqno); a ban of
 * the queue ends the wait with -EIO.
 */
#define DRM_XE_CBEV_WAIT_COND_QUEUE	0x4u
	/** @flags: DRM_XE_CBEV_WAIT_COND_* */
	__u32 flags;
};

/** DRM_XE_CBEV_WAIT_MAX_CONDS - most conditions one wait may take */
#define DRM_XE_CBEV_WAIT_MAX_CONDS	4096

/**
 * struct drm_xe_cbev_wait - argument of &DRM_IOCTL_XE_CBEV_WAIT
 *
 * Waits until all of the @num_conds conditions at @conds hold, or with
 * &DRM_XE_CBEV_WAIT_ANY until one does (its index goes to @index). Values
 * are re-checked whenever the engine writes the object they live in, and
 * at a bounded poll interval for memory that the host writes. The wait is
 * interruptible; a relative @timeout_ns is updated with the time left when
 * a signal interrupts it. Returns 0, -ETIME on timeout, -EIO when the queue
 * @exec_queue_id (if not zero) is or becomes banned or when a condition
 * that does not hold reads a dead location (&struct
 * drm_xe_cbev_counter_set_writer), -EFAULT or -EINVAL for
 * a condition that names no mapped memory.
 *
 * The same struct is the payload of the io_uring command
 * &DRM_XE_CBEV_URING_CMD_WAIT, which completes when the wait would return
 * (cqe->res is the return value, or @index for an ANY wait). An io_uring
 * wait lasts at most DRM_XE_CBEV_URING_WAIT_MAX_NS; a longer one completes
 * with -EAGAIN then, to be submitted again. io_uring waits and exported
 * fences pending at once are limited per user (effective uid), by the
 * module's async_waits_per_user: past it they fail with -EBUSY, whatever
 * other users hold.
 */
struct drm_xe_cbev_wait {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;
	/** @conds: user pointer to an array of &struct drm_xe_cbev_wait_cond */
	__u64 conds;
	/** @num_conds: 1 to DRM_XE_CBEV_WAIT_MAX_CONDS */
	__u32 num_conds;

/* Return when any condition holds (default: all). */
#define DRM_XE_CBEV_WAIT_ANY		0x1u
/* @timeout_ns is an absolute CLOCK_MONOTONIC time. */
#define DRM_XE_CBEV_WAIT_ABSTIME	0x2u
	/** @flags: DRM_XE_CBEV_WAIT_* */
	__u32 flags;
	/** @timeout_ns: nanoseconds; negative waits forever, 0 only checks */
	__s64 timeout_ns;
	/**
	 * @exec_queue_id: 0, or a queue whose ban (or destruction) ends the
	 * wait with -EIO, unless the conditions hold by then
	 */
	__u32 exec_queue_id;
	/** @index: out: for an ANY wait, the index of a condition that held */
	__u32 index;
	/** @reserved: must be zero */
	__u64 reserved[2];
};

/** DRM_XE_CBEV_URING_WAIT_MAX_NS - longest an io_uring wait stays queued */
#define DRM_XE_CBEV_URING_WAIT_MAX_NS	10000000000ll

/**
 * struct drm_xe_cbev_sync_file_export - argument of
 * &DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT
 *
 * Creates a sync_file whose fence signals once @cond holds, so that the
 * condition can be polled, waited with epoll or handed to other drivers.
 * A fence must signal in bounded time: if the condition does not hold
 * within the module's fence_timeout_ms, the fence signals with the error
 * -ETIMEDOUT; if the value's writer is banned first (see &struct
 * drm_xe_cbev_counter_set_writer), at once with -EIO. Conditions on a
 * queue's completion are not accepted. The fence's wait counts against
 * the caller's limit of pending asynchronous waits (-EBUSY; see &struct
 * drm_xe_cbev_wait).
 */
struct drm_xe_cbev_sync_file_export {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;
	/** @cond: the condition */
	struct drm_xe_cbev_wait_cond cond;
	/** @flags: none defined, must be zero */
	__u32 flags;
	/** @fd: out: the sync_file, close-on-exec */
	__s32 fd;
	/** @reserved: must be zero */
	__u64 reserved[2];
};

/**
 * DOC: sharing between processes
 *
 * A counter slot, or a buffer object, is exported with
 * &DRM_IOCTL_XE_CBEV_IPC_EXPORT. The export is a new GEM object, an
 * *export view*, unless a buffer object is shared read-write (then it is
 * the object itself): a view shows the same pages, read-only, and keeps
 * them alive -- and keeps a counter slot from being handed out again --
 * until the last process that holds it closes it. The exporter may free
 * the slot, go on signalling it, close its file or exit meanwhile.
 *
 * The export can be handed over as a dma-buf fd (&DRM_XE_CBEV_IPC_FD:
 * send it with SCM_RIGHTS, or let the importer fetch it with
 * pidfd_getfd(), then DRM_IOCTL_PRIME_FD_TO_HANDLE), or as a 128-bit token
 * (&DRM_XE_CBEV_IPC_TOKEN) that only names it: two processes that can
 * exchange bytes only -- a 64-byte Level Zero IPC handle -- still share it,
 * with no socket and no ptrace rights, through &DRM_IOCTL_XE_CBEV_IPC_IMPORT.
 *
 * Who may import: a process with the exporter's effective uid, a process
 * with the uid granted at export (&DRM_XE_CBEV_IPC_GRANT_UID), or one with
 * CAP_SYS_ADMIN in the initial user namespace (uid 0 without it -- a
 * container's root, a root process that dropped its capabilities -- is
 * not enough).
 * Others get -EACCES, by token and by fd alike. An unknown, random or
 * revoked token is -ENOENT. A token is revoked explicitly
 * (&DRM_IOCTL_XE_CBEV_IPC_REVOKE), when the exporter frees the counter
 * slot or closes the object's handle, and when its file closes; revoking
 * stops new imports, never existing ones. Each user may hold at most
 * &DRM_XE_CBEV_IPC_MAX_TOKENS_PER_USER live tokens (-ENOSPC beyond), over
 * all its files; other users are not affected.
 *
 * Importing the same export twice into one file by token -- the same
 * token, or another token of the same object -- gives the same GEM
 * handle, as DRM_IOCTL_PRIME_FD_TO_HANDLE does for a dma-buf imported
 * twice: one handle, one reference, closed by one DRM_IOCTL_GEM_CLOSE
 * (a second close is -EINVAL). Once closed, the next import makes a new
 * handle.
 *
 * A counter's export shows the whole counter page that holds the slot
 * (the slot is at the offset the export reports): an importer can read the
 * exporter's other counters of that page, never write any of them.
 *
 * Importers map a view read-only (mmap with PROT_WRITE is -EACCES) and
 * must bind it with &DRM_XE_CBEV_VM_BIND_READONLY (else -EACCES), so a
 * write by their queues faults. Waits on a view -- host waits, io_uring
 * waits, fences, semaphores of the importer's queues -- are woken by every
 * engine write to the exported memory, whoever's queue does it.
 */

/**
 * DRM_XE_CBEV_IPC_MAX_TOKENS_PER_USER - most live tokens of one user on
 * the device: libze makes one per shared event; a token and its export
 * cost about 1 KiB, charged to the exporter's memory cgroup
 */
#define DRM_XE_CBEV_IPC_MAX_TOKENS_PER_USER	65536

/**
 * struct drm_xe_cbev_ipc_export - argument of &DRM_IOCTL_XE_CBEV_IPC_EXPORT
 *
 * Only a process with the effective uid of the buffer object's creator
 * may export it; an importer of another uid -- even one granted
 * read-write access -- cannot hand it on (-EACCES), so the rule of the
 * fds handed out already stays the creator's. Imports of export views are
 * never exported again (-EINVAL). All dma-buf fds of one buffer object
 * share the grant of its latest export; each token keeps its own.
 */
struct drm_xe_cbev_ipc_export {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;

#define DRM_XE_CBEV_IPC_KIND_COUNTER	0
#define DRM_XE_CBEV_IPC_KIND_BO		1
	/** @kind: what @id names: a counter slot id or a GEM handle */
	__u32 kind;

	/** @id: the counter slot id or GEM handle to export */
	__u32 id;

/* Hand out a dma-buf fd of the export in @fd. */
#define DRM_XE_CBEV_IPC_FD		0x1u
/* Register a token for the export in @token. */
#define DRM_XE_CBEV_IPC_TOKEN		0x2u
/* Memory exports: importers may only read (counters always are). */
#define DRM_XE_CBEV_IPC_READONLY	0x4u
/* Also let processes of @grant_uid import it. */
#define DRM_XE_CBEV_IPC_GRANT_UID	0x8u
	/** @flags: DRM_XE_CBEV_IPC_*; at least one of FD and TOKEN */
	__u32 flags;

	/** @grant_uid: with &DRM_XE_CBEV_IPC_GRANT_UID, the uid granted */
	__u32 grant_uid;

	/** @fd: out: with &DRM_XE_CBEV_IPC_FD, the dma-buf, close-on-exec */
	__s32 fd;

	/** @pad: must be zero */
	__u32 pad;

	/** @offset: out: byte offset of the counter in the export, else 0 */
	__u64 offset;

	/** @size: out: bytes of the export */
	__u64 size;

	/** @token: out: with &DRM_XE_CBEV_IPC_TOKEN, the token */
	__u64 token[2];

	/** @reserved: must be zero */
	__u64 reserved[2];
};

/**
 * struct drm_xe_cbev_ipc_import - argument of &DRM_IOCTL_XE_CBEV_IPC_IMPORT
 *
 * Imports the export named by @token into the caller's file as a GEM
 * handle. (An export received as a dma-buf fd is imported with
 * DRM_IOCTL_PRIME_FD_TO_HANDLE.)
 */
struct drm_xe_cbev_ipc_import {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;
	/** @token: the token */
	__u64 token[2];
	/** @flags: none defined, must be zero */
	__u32 flags;
	/** @handle: out: GEM handle of the export in the caller's file */
	__u32 handle;
	/** @kind: out: DRM_XE_CBEV_IPC_KIND_* */
	__u32 kind;

/* The import is read-only: map it PROT_READ, bind it READONLY. */
#define DRM_XE_CBEV_IPC_IMPORT_READONLY	0x1u
	/** @import_flags: out: DRM_XE_CBEV_IPC_IMPORT_* */
	__u32 import_flags;
	/** @offset: out: byte offset of the counter in the export, else 0 */
	__u64 offset;
	/** @size: out: bytes of the export */
	__u64 size;
	/** @reserved: must be zero */
	__u64 reserved[2];
};

/**
 * struct drm_xe_cbev_ipc_revoke - argument of &DRM_IOCTL_XE_CBEV_IPC_REVOKE
 *
 * Revokes one of the caller's tokens: no new import by it; imports made
 * stay. -ENOENT if the caller's file did not make the token.
 */
struct drm_xe_cbev_ipc_revoke {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;
	/** @token: the token */
	__u64 token[2];
	/** @reserved: must be zero */
	__u64 reserved[2];
};

/*
 * io_uring commands (IORING_OP_URING_CMD on the DRM fd, on a ring set up
 * with IORING_SETUP_SQE128): sqe->cmd_op is one of these and sqe->cmd holds
 * the argument struct named.
 */
/* &struct drm_xe_cbev_exec */
#define DRM_XE_CBEV_URING_CMD_EXEC	1
/* &struct drm_xe_cbev_wait */
#define DRM_XE_CBEV_URING_CMD_WAIT	2

/**
 * DOC: execution units
 *
 * The engine never runs user code. When a queue reaches an
 * XE_CBEV_USER_DISPATCH command (see Documentation/command-stream.rst) the
 * engine hands the dispatch to the execution units of the file that owns
 * the queue -- threads of that process that sleep in
 * &DRM_IOCTL_XE_CBEV_EU_WAIT -- and holds that queue (its other work
 * waits; other queues go on) until one of them reports it with
 * &DRM_IOCTL_XE_CBEV_EU_REPORT. A completed dispatch lets the queue go on
 * with the next command; a fault bans the queue with
 * &DRM_XE_CBEV_BAN_EU_FAULT and the faulting address; a dispatch nobody
 * reports counts toward the queue's hang timeout like any command that
 * makes no progress. A queue holds at most one dispatch at a time; each
 * has a number (@seqno, per queue, from 1) that its report must name.
 * &DRM_IOCTL_XE_CBEV_EU_STOP wakes every waiter of the file and makes
 * waits fail with -ESHUTDOWN until it is called again with
 * &DRM_XE_CBEV_EU_STOP_RESUME.
 */

/**
 * struct drm_xe_cbev_eu_wait - argument of &DRM_IOCTL_XE_CBEV_EU_WAIT
 *
 * Blocks (interruptibly: -EINTR, or restarted) until one of the file's
 * queues has a dispatch no execution unit has taken, takes it and says
 * which. Returns -ESHUTDOWN while the file's execution units are stopped
 * (&DRM_IOCTL_XE_CBEV_EU_STOP), -EAGAIN with
 * &DRM_XE_CBEV_EU_WAIT_NONBLOCK when nothing is waiting.
 *
 * With &DRM_XE_CBEV_EU_WAIT_REPORT, @exec_queue_id and @seqno name on
 * entry a dispatch the caller completed, reported first as
 * &DRM_IOCTL_XE_CBEV_EU_REPORT with &DRM_XE_CBEV_EU_REPORT_COMPLETE would
 * (one system call per dispatch for an execution unit that goes on
 * waiting). That report's own failures (a queue gone, banned, or a
 * dispatch not taken) are not returned: nobody waits for it then. Faults
 * are reported with &DRM_IOCTL_XE_CBEV_EU_REPORT.
 */
struct drm_xe_cbev_eu_wait {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;
#define DRM_XE_CBEV_EU_WAIT_NONBLOCK	0x1u
#define DRM_XE_CBEV_EU_WAIT_REPORT	0x2u
	/** @flags: DRM_XE_CBEV_EU_WAIT_* */
	__u32 flags;
	/**
	 * @exec_queue_id: out: the queue that holds the dispatch; in, with
	 * &DRM_XE_CBEV_EU_WAIT_REPORT: the queue of the completed one, else
	 * zero
	 */
	__u32 exec_queue_id;
	/**
	 * @seqno: out: the dispatch's number, never zero: unique among all
	 * dispatches of the file for as long as it is open, whichever queue
	 * holds them (a queue id may be reused after the queue is
	 * destroyed, a number never is); in, with
	 * &DRM_XE_CBEV_EU_WAIT_REPORT: the completed one's, not zero, else
	 * zero
	 */
	__u64 seqno;
	/** @cookie: out: the command's cookie, which names the launch */
	__u64 cookie;
	/** @groups: out: work-groups in x, y and z, none zero */
	__u32 groups[3];
	/** @pad: must be zero */
	__u32 pad;
	/** @reserved: must be zero */
	__u64 reserved[2];
};

/**
 * struct drm_xe_cbev_eu_report - argument of &DRM_IOCTL_XE_CBEV_EU_REPORT
 *
 * Reports the dispatch @seqno of queue @exec_queue_id, which an
 * execution unit of this file took and nobody reported yet. With
 * &DRM_XE_CBEV_EU_REPORT_PROGRESS the dispatch stays taken and only says
 * it moves on (a dispatch that runs several launches in turn, between
 * two of them): its queue is not hung, the hang timeout starts over the
 * next time the queue looks at it. -ENOENT for
 * a queue this file does not have; -EINVAL for a dispatch that is not
 * the queue's current taken one (already reported, never taken, another
 * number) or a bad field; -ECANCELED when the queue was banned
 * meanwhile (the report changes nothing).
 */
struct drm_xe_cbev_eu_report {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;
	/** @exec_queue_id: the queue, as &DRM_IOCTL_XE_CBEV_EU_WAIT said */
	__u32 exec_queue_id;
#define DRM_XE_CBEV_EU_REPORT_COMPLETE	0
#define DRM_XE_CBEV_EU_REPORT_FAULT	1
#define DRM_XE_CBEV_EU_REPORT_PROGRESS	2
	/** @status: DRM_XE_CBEV_EU_REPORT_* */
	__u32 status;
	/** @seqno: the dispatch's number, as &DRM_IOCTL_XE_CBEV_EU_WAIT said */
	__u64 seqno;
	/** @fault_addr: the faulting address (FAULT), else must be zero */
	__u64 fault_addr;
	/** @reserved: must be zero */
	__u64 reserved[2];
};

/**
 * struct drm_xe_cbev_eu_stop - argument of &DRM_IOCTL_XE_CBEV_EU_STOP
 *
 * Stops the file's execution units: every &DRM_IOCTL_XE_CBEV_EU_WAIT of
 * the file, sleeping or to come, returns -ESHUTDOWN; dispatches stay
 * queued. With &DRM_XE_CBEV_EU_STOP_RESUME, waits work again.
 */
struct drm_xe_cbev_eu_stop {
	/** @extensions: pointer to the first extension, must be zero */
	__u64 extensions;
#define DRM_XE_CBEV_EU_STOP_RESUME	0x1u
	/** @flags: DRM_XE_CBEV_EU_STOP_* */
	__u32 flags;
	/** @pad: must be zero */
	__u32 pad;
	/** @reserved: must be zero */
	__u64 reserved[2];
};

#if defined(__cplusplus)
}
#endif

#endif /* _UAPI_XE_CBEV_DRM_H_ */
