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
 *   (&struct drm_xe_cbev_counter_alloc, &struct drm_xe_cbev_counter_free).
 *
 * GPU address space: every open file has its own. Addresses are 48 bits
 * wide; the lower half, [&DRM_XE_CBEV_VA_USER_START,
 * &DRM_XE_CBEV_VA_USER_END), is user space's to bind, so that a buffer
 * can be bound at the address its CPU mapping has (unified shared memory).
 * The upper half is the kernel's; counter pages live there.
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

/** DRM_XE_CBEV_UAPI_MAJOR - bumped on incompatible uAPI changes (never, so far) */
#define DRM_XE_CBEV_UAPI_MAJOR	1
/** DRM_XE_CBEV_UAPI_MINOR - bumped when ioctls or flags are added */
#define DRM_XE_CBEV_UAPI_MINOR	0

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
	/** @reserved: always zero */
	__u64 reserved[4];
};

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
 * struct drm_xe_cbev_counter_alloc - argument of
 * &DRM_IOCTL_XE_CBEV_COUNTER_ALLOC
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

#if defined(__cplusplus)
}
#endif

#endif /* _UAPI_XE_CBEV_DRM_H_ */
