// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <drm/drm_file.h>
#include <drm/drm_gem.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_device.h"
#include "xe_cbev_macros.h"
#include "xe_cbev_svm.h"
#include "xe_cbev_view.h"
#include "xe_cbev_vm.h"
#include "xe_cbev_vm_bind.h"

/**
 * DOC: VM_BIND
 *
 * The uAPI of the address space: user space binds any object it holds a
 * handle to (a buffer object, or an export view, which binds the pages it
 * shows) in the lower half of the address space, and unbinds what it
 * bound. Counter pages and views bind read-only only.
 */

/* Checks of a user MAP against the object and the user half of the VA. */
static int vm_bind_map(struct xe_cbev_file *xfile, struct drm_file *file,
		       const struct drm_xe_cbev_vm_bind *args)
{
	struct xe_cbev_device *xdev = xfile->xdev;
	struct drm_gem_object *obj;
	struct xe_cbev_view *view;
	struct xe_cbev_bo *bo;
	u64 offset = 0;
	u32 flags = 0;
	int ret;

	obj = drm_gem_object_lookup(file, args->handle);
	if (XE_CBEV_IOCTL_DBG(xdev, !obj))
		return -ENOENT;
	/* A view's bindings map its origin's pages. */
	view = xe_cbev_view_from_gem(obj);
	if (view) {
		bo = view->origin;
		offset = (u64)view->pgoff << PAGE_SHIFT;
	} else {
		bo = to_xe_cbev_bo(obj);
	}

	if (XE_CBEV_IOCTL_DBG(xdev, args->offset > obj->size ||
			      args->range > obj->size - args->offset)) {
		ret = -EINVAL;
		goto out_put;
	}
	/*
	 * Counters and export views are written by their owner's engine
	 * only; a peer view of read-write memory is written by anyone's.
	 */
	if (XE_CBEV_IOCTL_DBG(xdev, ((view && !view->writable) ||
				     xe_cbev_bo_user_readonly(bo)) &&
			      !(args->flags & DRM_XE_CBEV_VM_BIND_READONLY))) {
		ret = -EACCES;
		goto out_put;
	}
	/* The engine needs the pages; a foreign dma-buf has none of ours. */
	if (XE_CBEV_IOCTL_DBG(xdev, obj->import_attach)) {
		ret = -EOPNOTSUPP;
		goto out_put;
	}

	if (args->flags & DRM_XE_CBEV_VM_BIND_READONLY)
		flags |= XE_CBEV_BINDING_READONLY;
	ret = xe_cbev_vm_map(&xfile->vm, bo, obj, offset + args->offset,
			     args->range, args->addr, flags);
out_put:
	drm_gem_object_put(obj);
	return ret;
}

/**
 * xe_cbev_vm_bind_ioctl() - DRM_IOCTL_XE_CBEV_VM_BIND
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_vm_bind
 * @file: the caller's file
 *
 * Return: 0; -EINVAL for a bad op, flag, pad, extension or reserved field,
 * a misaligned, empty, wrapping or out-of-range address range, an offset or
 * range outside the object, or an overlap; -ENOENT for an unknown handle or
 * nothing to unmap; -EPERM when the caller is not the process that opened
 * the file; -EACCES for a writable mapping of a counter page;
 * -EOPNOTSUPP for an object imported from another driver; -ENOSPC when the
 * file has DRM_XE_CBEV_MAX_BINDINGS_PER_FILE mappings; -ENOMEM.
 */
int xe_cbev_vm_bind_ioctl(struct drm_device *dev, void *data,
			  struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);
	struct drm_xe_cbev_vm_bind *args = data;
	bool unmap = args->op == DRM_XE_CBEV_VM_BIND_OP_UNMAP;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->op > DRM_XE_CBEV_VM_BIND_OP_UNMAP) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->flags & ~DRM_XE_CBEV_VM_BIND_READONLY) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->pad) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]) ||
	    XE_CBEV_IOCTL_DBG(xdev, unmap && (args->handle || args->offset ||
					      args->flags)))
		return -EINVAL;

	if (XE_CBEV_IOCTL_DBG(xdev, !args->range) ||
	    XE_CBEV_IOCTL_DBG(xdev, !PAGE_ALIGNED(args->addr)) ||
	    XE_CBEV_IOCTL_DBG(xdev, !PAGE_ALIGNED(args->range)) ||
	    XE_CBEV_IOCTL_DBG(xdev, !PAGE_ALIGNED(args->offset)) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->addr < DRM_XE_CBEV_VA_USER_START) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->addr + args->range < args->addr) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->addr + args->range >
			      DRM_XE_CBEV_VA_USER_END))
		return -EINVAL;
	/*
	 * The user half is the opener's address space: a binding shadows
	 * its memory, so another holder could redirect its queues' accesses.
	 */
	if (XE_CBEV_IOCTL_DBG(xdev, !xe_cbev_svm_is_opener(&xfile->vm.svm)))
		return -EPERM;

	if (unmap)
		return xe_cbev_vm_unmap(&xfile->vm, args->addr, args->range,
					false);
	return vm_bind_map(xfile, file, args);
}
