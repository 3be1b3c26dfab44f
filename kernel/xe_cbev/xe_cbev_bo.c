// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/cred.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/sched/signal.h>
#include <linux/shmem_fs.h>
#include <linux/slab.h>

#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_prime.h>
#include <drm/drm_vma_manager.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_compat.h"
#include "xe_cbev_device.h"
#include "xe_cbev_macros.h"

/**
 * DOC: buffer objects
 *
 * Buffer objects are GEM shmem objects: pages come from shmem when first
 * used, are mapped into the process by mmap() of the DRM fd at a fake
 * offset, and are shared with PRIME. An object can be a counter page;
 * those are made only by the counter manager, and user space may never
 * map them writable -- not through the DRM fd, not through a dma-buf.
 *
 * An object may be more than memory: the counter manager makes counter
 * pages, and hangs its bookkeeping on the object with a release hook; an
 * export (IPC) hangs a hook on the handle's close. The object knows
 * neither. Export views are objects of their own (xe_cbev_view.c).
 */

static void xe_cbev_bo_close(struct drm_gem_object *obj, struct drm_file *file)
{
	struct xe_cbev_bo *bo = to_xe_cbev_bo(obj);
	void (*closed)(struct xe_cbev_bo *bo, struct drm_file *file);

	/* Set by an export: its tokens for the object die with the handle. */
	closed = READ_ONCE(bo->closed);
	if (closed)
		closed(bo, file);
}

static void xe_cbev_bo_free(struct drm_gem_object *obj)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(obj->dev);
	struct xe_cbev_bo *bo = to_xe_cbev_bo(obj);

	/* The records free their entries; the object frees its xarray. */
	if (bo->writers_fini)
		bo->writers_fini(bo);
	xa_destroy(&bo->writers);
	if (bo->release)
		bo->release(bo);
	drm_gem_shmem_free(&bo->shmem);
	atomic_dec(&xdev->stats.bos);
}

static int xe_cbev_bo_mmap(struct drm_gem_object *obj,
			   struct vm_area_struct *vma)
{
	struct xe_cbev_bo *bo = to_xe_cbev_bo(obj);
	int ret;

	if (bo->counter) {
		/* The host reads counters; only the engine writes them. */
		if (vma->vm_flags & VM_WRITE)
			return -EACCES;
		xe_cbev_vm_flags_clear(vma, VM_MAYWRITE);
	}
	/* A ring runs with its opener's memory: nobody else writes it. */
	if (bo->process_mm && current->mm != bo->process_mm)
		return -EPERM;
	ret = drm_gem_shmem_mmap(&bo->shmem, vma);
	/* VM_IO: madvise(MADV_DOFORK) cannot take VM_DONTCOPY away. */
	if (!ret && bo->process_mm)
		xe_cbev_vm_flags_set(vma, VM_DONTCOPY | VM_IO);
	return ret;
}

static const struct drm_gem_object_funcs xe_cbev_bo_funcs = {
	.free = xe_cbev_bo_free,
	.close = xe_cbev_bo_close,
	.print_info = drm_gem_shmem_object_print_info,
	.pin = drm_gem_shmem_object_pin,
	.unpin = drm_gem_shmem_object_unpin,
	.get_sg_table = drm_gem_shmem_object_get_sg_table,
	.vmap = drm_gem_shmem_object_vmap,
	.vunmap = drm_gem_shmem_object_vunmap,
	.mmap = xe_cbev_bo_mmap,
	.vm_ops = &drm_gem_shmem_vm_ops,
};

/**
 * xe_cbev_gem_is_bo() - is a GEM object of this device a buffer object?
 * @obj: the object
 *
 * Return: true for a buffer object (counter pages and PRIME imports
 * included), false for anything else, such as an export view.
 */
bool xe_cbev_gem_is_bo(const struct drm_gem_object *obj)
{
	return obj->funcs == &xe_cbev_bo_funcs;
}

/* Drops the page references of a pin, telling reclaim the pages were used. */
static void put_range(struct page **pages, unsigned long n, bool dirty)
{
	unsigned long i;

	for (i = 0; i < n; i++) {
		if (dirty)
			set_page_dirty(pages[i]);
		mark_page_accessed(pages[i]);
		put_page(pages[i]);
	}
}

/**
 * xe_cbev_bo_pin_range() - make some of the object's pages resident
 * @bo: the object; not an import from another driver
 * @first: first page index
 * @n: pages, inside the object
 * @pages: gets the pages, each with a reference that keeps it resident
 *
 * Only these pages are allocated and pinned, whatever the object's size:
 * a binding or an export view pins what it shows, not the whole object.
 * Pages come from the object's shmem file, so every pin of the same index
 * gets the same page, and are charged to the memory cgroup of whoever
 * first touched them.
 *
 * Context: process context; may sleep. A fatal signal stops a long pin.
 * Return: 0, -ENOMEM, -EINTR or another error of shmem.
 */
int xe_cbev_bo_pin_range(struct xe_cbev_bo *bo, pgoff_t first, unsigned long n,
			 struct page **pages)
{
	struct address_space *mapping = bo->shmem.base.filp->f_mapping;
	unsigned long i;
	int ret;

	for (i = 0; i < n; i++) {
		struct page *page;

		if (!(i % 1024)) {
			if (fatal_signal_pending(current)) {
				ret = -EINTR;
				goto err_put;
			}
			cond_resched();
		}
		page = shmem_read_mapping_page(mapping, first + i);
		if (IS_ERR(page)) {
			ret = PTR_ERR(page);
			goto err_put;
		}
		pages[i] = page;
	}
	atomic_long_add(n, &to_xe_cbev_device(bo->shmem.base.dev)->stats.pinned_pages);
	return 0;

err_put:
	put_range(pages, i, false);
	return ret;
}

/**
 * xe_cbev_bo_unpin_range() - undo xe_cbev_bo_pin_range()
 * @bo: the object
 * @pages: the pages pinned
 * @n: how many
 * @dirty: they may have been written
 */
void xe_cbev_bo_unpin_range(struct xe_cbev_bo *bo, struct page **pages,
			    unsigned long n, bool dirty)
{
	atomic_long_sub(n, &to_xe_cbev_device(bo->shmem.base.dev)->stats.pinned_pages);
	put_range(pages, n, dirty);
}

/**
 * xe_cbev_bo_create_object() - &drm_driver.gem_create_object
 * @dev: DRM device
 * @size: object size
 *
 * Allocates our subclass for every shmem object, PRIME imports included.
 *
 * Return: the embedded GEM object, or an ERR_PTR.
 */
struct drm_gem_object *xe_cbev_bo_create_object(struct drm_device *dev,
						size_t size)
{
	struct xe_cbev_bo *bo;

	bo = kzalloc(sizeof(*bo), GFP_KERNEL_ACCOUNT);
	if (!bo)
		return ERR_PTR(-ENOMEM);

	bo->shmem.base.funcs = &xe_cbev_bo_funcs;
	init_waitqueue_head(&bo->wq);
	xa_init(&bo->writers);
	/* Counted in stats.bos once creation succeeded: the helper frees failures. */
	return &bo->shmem.base;
}

/**
 * xe_cbev_bo_import_sg_table() - &drm_driver.gem_prime_import_sg_table
 * @dev: DRM device
 * @attach: the attachment of another driver's dma-buf
 * @sgt: its pages
 *
 * Return: the new object, or an ERR_PTR.
 */
struct drm_gem_object *xe_cbev_bo_import_sg_table(struct drm_device *dev,
						  struct dma_buf_attachment *attach,
						  struct sg_table *sgt)
{
	struct drm_gem_object *obj;

	obj = drm_gem_shmem_prime_import_sg_table(dev, attach, sgt);
	if (!IS_ERR(obj))
		atomic_inc(&to_xe_cbev_device(dev)->stats.bos);
	return obj;
}

/**
 * xe_cbev_bo_create() - create a buffer object
 * @dev: DRM device
 * @size: bytes, a multiple of the page size
 * @flags: XE_CBEV_BO_*
 *
 * Return: the object with one reference, or an ERR_PTR.
 */
struct xe_cbev_bo *xe_cbev_bo_create(struct drm_device *dev, size_t size,
				     u32 flags)
{
	struct drm_gem_shmem_object *shmem;
	struct xe_cbev_bo *bo;

	shmem = drm_gem_shmem_create(dev, size);
	if (IS_ERR(shmem))
		return ERR_CAST(shmem);

	bo = container_of(shmem, struct xe_cbev_bo, shmem);
	bo->flags = flags;
	/* Only the creator's uid may export it (see IPC). */
	bo->ipc.owner = current_euid();
	atomic_inc(&to_xe_cbev_device(dev)->stats.bos);
	return bo;
}

/**
 * xe_cbev_bo_lookup() - find a buffer object by GEM handle
 * @file: the file the handle belongs to
 * @handle: GEM handle
 *
 * Return: the object with a reference the caller must put, or NULL if the
 * handle names nothing or something other than a buffer object.
 */
struct xe_cbev_bo *xe_cbev_bo_lookup(struct drm_file *file, u32 handle)
{
	struct drm_gem_object *obj = drm_gem_object_lookup(file, handle);

	if (obj && !xe_cbev_gem_is_bo(obj)) {
		drm_gem_object_put(obj);
		return NULL;
	}
	return obj ? to_xe_cbev_bo(obj) : NULL;
}

/**
 * xe_cbev_bo_create_ioctl() - DRM_IOCTL_XE_CBEV_BO_CREATE
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_bo_create
 * @file: the caller's file
 *
 * Return: 0; -EINVAL for a bad flag, extension, reserved field or a size
 * that is zero or not page aligned; -E2BIG for a size over the maximum;
 * -ENOMEM when out of memory.
 */
int xe_cbev_bo_create_ioctl(struct drm_device *dev, void *data,
			    struct drm_file *file)
{
	const u32 known = DRM_XE_CBEV_BO_CREATE_DEVICE | DRM_XE_CBEV_BO_CREATE_WC;
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct drm_xe_cbev_bo_create *args = data;
	struct xe_cbev_bo *bo;
	u32 handle;
	int ret;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->flags & ~known) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->handle) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]) ||
	    XE_CBEV_IOCTL_DBG(xdev, !args->size) ||
	    XE_CBEV_IOCTL_DBG(xdev, !PAGE_ALIGNED(args->size)))
		return -EINVAL;
	if (XE_CBEV_IOCTL_DBG(xdev, args->size > XE_CBEV_BO_MAX_SIZE))
		return -E2BIG;

	bo = xe_cbev_bo_create(dev, args->size,
			       args->flags & DRM_XE_CBEV_BO_CREATE_DEVICE ?
			       XE_CBEV_BO_DEVICE : 0);
	if (IS_ERR(bo))
		return PTR_ERR(bo);
	bo->shmem.map_wc = !!(args->flags & DRM_XE_CBEV_BO_CREATE_WC);
	bo->creator = to_xe_cbev_file(file)->serial;

	/* Final step: publish the handle; the handle keeps the object. */
	ret = drm_gem_handle_create(file, &bo->shmem.base, &handle);
	xe_cbev_bo_put(bo);
	if (ret)
		return ret;

	args->handle = handle;
	return 0;
}

/**
 * xe_cbev_bo_mmap_offset_ioctl() - DRM_IOCTL_XE_CBEV_BO_MMAP_OFFSET
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_bo_mmap_offset
 * @file: the caller's file
 *
 * Return: 0; -EINVAL for a bad flag, extension, output or reserved field;
 * -ENOENT for an unknown handle.
 */
int xe_cbev_bo_mmap_offset_ioctl(struct drm_device *dev, void *data,
				 struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct drm_xe_cbev_bo_mmap_offset *args = data;
	struct drm_gem_object *obj;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->flags) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->offset) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]))
		return -EINVAL;

	/* Any object: buffer objects and export views alike. */
	obj = drm_gem_object_lookup(file, args->handle);
	if (XE_CBEV_IOCTL_DBG(xdev, !obj))
		return -ENOENT;

	args->offset = drm_vma_node_offset_addr(&obj->vma_node);
	drm_gem_object_put(obj);
	return 0;
}
