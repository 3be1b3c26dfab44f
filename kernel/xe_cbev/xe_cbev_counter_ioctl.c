// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <drm/drm_file.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_counter.h"
#include "xe_cbev_counter_ioctl.h"
#include "xe_cbev_device.h"
#include "xe_cbev_ipc.h"
#include "xe_cbev_macros.h"

/**
 * DOC: counter ioctls
 *
 * The uAPI of the counter manager: argument checks, then the manager does
 * the work. They sit above IPC, because a free also revokes the slot's
 * tokens, while the manager sits below it.
 */

/**
 * xe_cbev_counter_alloc_ioctl() - DRM_IOCTL_XE_CBEV_COUNTER_ALLOC
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_counter_alloc
 * @file: the caller's file
 *
 * Return: 0; -EINVAL for a bad flag, extension, output or reserved field;
 * -ENOSPC when the file has the maximum number of counter pages; -ENOMEM.
 */
int xe_cbev_counter_alloc_ioctl(struct drm_device *dev, void *data,
				struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct drm_xe_cbev_counter_alloc *args = data;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->flags) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->id || args->mmap_offset || args->offset ||
			      args->gpu_addr) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]))
		return -EINVAL;

	return xe_cbev_counter_alloc(to_xe_cbev_file(file), file, args);
}

/**
 * xe_cbev_counter_free_ioctl() - DRM_IOCTL_XE_CBEV_COUNTER_FREE
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_counter_free
 * @file: the caller's file
 *
 * Return: 0; -EINVAL for a bad flag, extension or reserved field; -ENOENT
 * for an id that names no slot the caller owns.
 */
int xe_cbev_counter_free_ioctl(struct drm_device *dev, void *data,
			       struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct drm_xe_cbev_counter_free *args = data;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->flags) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]))
		return -EINVAL;

	/* The export is freed: its tokens name nothing any more. */
	return xe_cbev_counter_free(to_xe_cbev_file(file), file, args->id,
				    xe_cbev_ipc_revoke_slot);
}

/**
 * xe_cbev_counter_set_ioctl() - DRM_IOCTL_XE_CBEV_COUNTER_SET
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_counter_set
 * @file: the caller's file
 *
 * Return: 0; -EINVAL for a bad flag, extension or reserved field; -ENOENT
 * for an id that names no slot the caller owns.
 */
int xe_cbev_counter_set_ioctl(struct drm_device *dev, void *data,
			      struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct drm_xe_cbev_counter_set *args = data;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->flags) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]))
		return -EINVAL;

	return xe_cbev_counter_set(to_xe_cbev_file(file), args->id, args->value);
}
