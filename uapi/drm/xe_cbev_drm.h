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
 */

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

#define DRM_IOCTL_XE_CBEV_DEVICE_QUERY \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_XE_CBEV_DEVICE_QUERY, \
		 struct drm_xe_cbev_device_query)

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

#if defined(__cplusplus)
}
#endif

#endif /* _UAPI_XE_CBEV_DRM_H_ */
