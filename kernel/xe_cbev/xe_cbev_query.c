// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/uaccess.h>

#include <uapi/drm/xe_cbev_cs.h>
#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_device.h"
#include "xe_cbev_macros.h"
#include "xe_cbev_query.h"
#include "xe_cbev_queue.h"

/**
 * DOC: device query
 *
 * DRM_IOCTL_XE_CBEV_DEVICE_QUERY reads fixed device information. Each query
 * answers with one struct; a call with size 0 only reports its size, so
 * that user space built against a newer header can size its buffer. The
 * kernel never writes more than its own struct, and refuses a buffer that
 * is too small rather than truncating the answer.
 */

static int query_device_info(struct xe_cbev_device *xdev,
			     struct drm_xe_cbev_device_query *query)
{
	struct drm_xe_cbev_query_device_info info = {
		.uapi_major = DRM_XE_CBEV_UAPI_MAJOR,
		.uapi_minor = DRM_XE_CBEV_UAPI_MINOR,
		.num_engines = XE_CBEV_NUM_ENGINES,
		.timestamp_valid_bits = XE_CBEV_TIMESTAMP_VALID_BITS,
		.timestamp_frequency = XE_CBEV_TIMESTAMP_FREQUENCY,
		.va_bits = XE_CBEV_VA_BITS,
		.max_dispatch_size = XE_CBEV_BUILTIN_MAX_SIZE,
		.max_fill_pattern = XE_CBEV_BUILTIN_MAX_PATTERN,
		.max_exec_queues = XE_CBEV_MAX_QUEUES_PER_FILE,
		.min_ring_size = XE_CBEV_RING_SIZE_MIN,
		.max_ring_size = XE_CBEV_RING_SIZE_MAX,
		.capabilities = DRM_XE_CBEV_CAP_SYSTEM_MEMORY |
				DRM_XE_CBEV_CAP_USER_DISPATCH,
	};
	const u32 size = sizeof(info);

	BUILD_BUG_ON(sizeof(info.uuid) != sizeof(xdev->uuid));

	if (!query->size) {
		query->size = size;
		return 0;
	}
	if (XE_CBEV_IOCTL_DBG(xdev, query->size < size))
		return -EINVAL;

	memcpy(info.uuid, &xdev->uuid, sizeof(info.uuid));
	if (copy_to_user(u64_to_user_ptr(query->data), &info, size))
		return -EFAULT;

	query->size = size;
	return 0;
}

static int (* const xe_cbev_queries[])(struct xe_cbev_device *xdev,
				       struct drm_xe_cbev_device_query *query) = {
	[DRM_XE_CBEV_QUERY_DEVICE_INFO] = query_device_info,
};

/**
 * xe_cbev_query_ioctl() - DRM_IOCTL_XE_CBEV_DEVICE_QUERY
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_device_query, copied in and out by the DRM core
 * @file: the caller's file
 *
 * Return: 0, or -EINVAL for an unknown query, a non-zero extensions, flags,
 * pad or reserved field, or a too small buffer; -EFAULT if the answer
 * cannot be written.
 */
int xe_cbev_query_ioctl(struct drm_device *dev, void *data,
			struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct drm_xe_cbev_device_query *query = data;

	if (XE_CBEV_IOCTL_DBG(xdev, query->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, query->flags) ||
	    XE_CBEV_IOCTL_DBG(xdev, query->pad) ||
	    XE_CBEV_IOCTL_DBG(xdev, query->reserved[0] || query->reserved[1]))
		return -EINVAL;

	if (XE_CBEV_IOCTL_DBG(xdev, query->query >= ARRAY_SIZE(xe_cbev_queries)))
		return -EINVAL;

	return xe_cbev_queries[query->query](xdev, query);
}
