// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <drm/drm_file.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_counter.h"
#include "xe_cbev_device.h"
#include "xe_cbev_file.h"
#include "xe_cbev_macros.h"
#include "xe_cbev_queue.h"
#include "xe_cbev_svm.h"
#include "xe_cbev_vm.h"
#include "xe_cbev_writer.h"
#include "xe_cbev_writer_ioctl.h"

/**
 * DOC: writer ioctl
 *
 * DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER: finds the location and the queue
 * the caller names, checks them, and leaves the record to
 * xe_cbev_writer.c, which sits below the objects it serves (buffer
 * objects, counters and queues call into it).
 */

/*
 * The object and offset a set-writer names, with a reference on the
 * object; or, for the process's own memory, no object (*@bo NULL) and the
 * address in *@offset.
 */
static int writer_target(struct xe_cbev_file *xfile,
			 const struct drm_xe_cbev_counter_set_writer *args,
			 struct xe_cbev_bo **bo, u64 *offset)
{
	struct xe_cbev_device *xdev = xfile->xdev;
	struct xe_cbev_vm_binding *binding;
	unsigned int off;
	int ret;

	if (args->flags & DRM_XE_CBEV_SET_WRITER_COUNTER) {
		if (XE_CBEV_IOCTL_DBG(xdev, upper_32_bits(args->addr)))
			return -EINVAL;
		ret = xe_cbev_counter_lookup(&xfile->counters, args->addr, bo, &off);
		if (XE_CBEV_IOCTL_DBG(xdev, ret))
			return ret;
		*offset = off;
		return 0;
	}

	if (XE_CBEV_IOCTL_DBG(xdev, !IS_ALIGNED(args->addr, 8)))
		return -EINVAL;
	binding = xe_cbev_vm_lookup(&xfile->vm, args->addr);
	if (!binding) {
		if (XE_CBEV_IOCTL_DBG(xdev, !xe_cbev_svm_reaches(&xfile->vm.svm,
								 args->addr)))
			return -EFAULT;
		*bo = NULL;
		*offset = args->addr;
		return 0;
	}
	/* Only what the caller may write; counter pages go by id. */
	if (XE_CBEV_IOCTL_DBG(xdev, binding->flags & (XE_CBEV_BINDING_READONLY |
						      XE_CBEV_BINDING_KERNEL))) {
		xe_cbev_vm_binding_put(binding);
		return -EACCES;
	}
	*bo = binding->bo;
	*offset = args->addr - binding->start + binding->offset;
	drm_gem_object_get(&(*bo)->shmem.base);
	xe_cbev_vm_binding_put(binding);
	return 0;
}

/**
 * xe_cbev_counter_set_writer_ioctl() - DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_counter_set_writer
 * @file: the caller's file
 *
 * Return: 0; -EINVAL for a bad flag, extension or reserved field, an
 * unaligned address or a slot id above 32 bits; -EPERM when the caller
 * is not the process that opened the file; -ENOENT for an unknown
 * queue or slot; -EFAULT for an address nothing is bound at that is not
 * the process's own memory either; -EACCES for
 * one bound read-only or a counter page's address; -ENOMEM.
 */
int xe_cbev_counter_set_writer_ioctl(struct drm_device *dev, void *data,
				     struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);
	struct drm_xe_cbev_counter_set_writer *args = data;
	struct xe_cbev_queue *q = NULL;
	struct xe_cbev_bo *bo;
	u64 offset;
	int ret;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->flags & ~DRM_XE_CBEV_SET_WRITER_COUNTER) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]))
		return -EINVAL;
	/* A record speaks for the file's queues, which only the opener feeds. */
	if (XE_CBEV_IOCTL_DBG(xdev, !xe_cbev_svm_is_opener(&xfile->vm.svm)))
		return -EPERM;

	if (args->exec_queue_id) {
		q = xe_cbev_queue_lookup(xfile, args->exec_queue_id);
		if (XE_CBEV_IOCTL_DBG(xdev, !q))
			return -ENOENT;
	}
	ret = writer_target(xfile, args, &bo, &offset);
	if (!ret && !bo) {
		ret = xe_cbev_svm_writer_set(&xfile->vm.svm, offset, q, xfile->serial);
	} else if (!ret) {
		ret = xe_cbev_writer_set(bo, offset, q, xfile->serial);
		xe_cbev_bo_put(bo);
	}
	if (q)
		xe_cbev_queue_put(q);
	return ret;
}
