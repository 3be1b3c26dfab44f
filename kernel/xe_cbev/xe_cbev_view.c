// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/mm.h>
#include <linux/slab.h>

#include <drm/drm_gem.h>
#include <drm/drm_prime.h>

#include "xe_cbev_compat.h"
#include "xe_cbev_counter.h"
#include "xe_cbev_device.h"
#include "xe_cbev_view.h"

/**
 * DOC: export views
 *
 * An export view (see IPC) is a GEM object of its own that shows pages of
 * a buffer object, read-only: it holds the buffer object for as long as
 * it lives, maps the pages by its own fault handler, and, for a counter
 * slot, holds a reference on the slot. It pins no pages by itself: its
 * CPU mappings pin the pages shown while one exists, and a binding of the
 * view pins the range it binds, so a view of a large object costs what
 * is used of it. Bindings of a view reach
 * the origin's pages (and so waiters sit on the origin's wait queue);
 * nothing can write through a view.
 *
 * A peer view is how another xe_cbev device of the module imports an
 * object (see the PRIME import hook): a view of the same pages that
 * belongs to the importing device, writable when what it shows is (a
 * buffer object shared read-write), read-only otherwise. It holds the
 * object it was made from, so that a counter slot held by an export view
 * stays held. Peer views are not exported again.
 */

static vm_fault_t view_fault(struct vm_fault *vmf)
{
	struct vm_area_struct *vma = vmf->vma;
	struct drm_gem_object *obj = vma->vm_private_data;
	struct xe_cbev_view *view = container_of(obj, struct xe_cbev_view, base);
	pgoff_t pgoff = (vmf->address - vma->vm_start) >> PAGE_SHIFT;

	/* The mapping keeps @pages pinned while it exists. */
	if (pgoff >= view->base.size >> PAGE_SHIFT)
		return VM_FAULT_SIGBUS;
	return vmf_insert_pfn(vma, vmf->address, page_to_pfn(view->pages[pgoff]));
}

static unsigned long view_npages(const struct xe_cbev_view *view)
{
	return view->base.size >> PAGE_SHIFT;
}

/* A new CPU mapping: the first one pins the pages shown. */
static int view_map_get(struct xe_cbev_view *view)
{
	struct page **pages;
	int ret = 0;

	mutex_lock(&view->lock);
	if (view->map_count++)
		goto out_unlock;
	pages = kvmalloc_array(view_npages(view), sizeof(*pages), GFP_KERNEL_ACCOUNT);
	if (!pages) {
		ret = -ENOMEM;
		goto err_count;
	}
	ret = xe_cbev_bo_pin_range(view->origin, view->pgoff, view_npages(view),
				   pages);
	if (ret) {
		kvfree(pages);
		goto err_count;
	}
	view->pages = pages;
	goto out_unlock;

err_count:
	view->map_count--;
out_unlock:
	mutex_unlock(&view->lock);
	return ret;
}

/* A CPU mapping is gone (its PTEs are): the last one unpins. */
static void view_map_put(struct xe_cbev_view *view)
{
	mutex_lock(&view->lock);
	if (!--view->map_count) {
		xe_cbev_bo_unpin_range(view->origin, view->pages,
				       view_npages(view), false);
		kvfree(view->pages);
		view->pages = NULL;
	}
	mutex_unlock(&view->lock);
}

static void view_vm_open(struct vm_area_struct *vma)
{
	struct drm_gem_object *obj = vma->vm_private_data;
	struct xe_cbev_view *view = container_of(obj, struct xe_cbev_view, base);

	/* A split or a fork: the pages are pinned already. */
	mutex_lock(&view->lock);
	view->map_count++;
	mutex_unlock(&view->lock);
	drm_gem_vm_open(vma);
}

static void view_vm_close(struct vm_area_struct *vma)
{
	struct drm_gem_object *obj = vma->vm_private_data;

	view_map_put(container_of(obj, struct xe_cbev_view, base));
	drm_gem_vm_close(vma);
}

static const struct vm_operations_struct view_vm_ops = {
	.fault = view_fault,
	.open = view_vm_open,
	.close = view_vm_close,
};

static int view_mmap(struct drm_gem_object *obj, struct vm_area_struct *vma)
{
	struct xe_cbev_view *view = container_of(obj, struct xe_cbev_view, base);
	int ret;

	/* Whoever holds a view may read the memory; only a writable peer view writes it. */
	if ((vma->vm_flags & VM_WRITE) && !view->writable)
		return -EACCES;
	if (is_cow_mapping(vma->vm_flags))
		return -EINVAL;
	ret = view_map_get(view);
	if (ret)
		return ret;
	if (!view->writable)
		xe_cbev_vm_flags_clear(vma, VM_MAYWRITE);
	xe_cbev_vm_flags_set(vma, VM_PFNMAP | VM_DONTEXPAND | VM_DONTDUMP);
	vma->vm_page_prot = vm_get_page_prot(vma->vm_flags);
	vma->vm_ops = &view_vm_ops;
	return 0;
}

/*
 * Another driver's device could write what it maps; a view is read-only,
 * so it is not attached to other devices at all.
 */
static int view_pin(struct drm_gem_object *obj)
{
	return -EOPNOTSUPP;
}

/*
 * A view's only dma-buf is the one its export made: PRIME keeps one
 * dma-buf per object, and a second would break that for importers.
 */
static struct dma_buf *view_export(struct drm_gem_object *obj, int flags)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static void view_free(struct drm_gem_object *obj)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(obj->dev);
	struct xe_cbev_view *view = container_of(obj, struct xe_cbev_view, base);
	struct xe_cbev_bo *origin = view->origin;

	if (view->slot >= 0)
		xe_cbev_counter_slot_put(origin->counter, view->slot);
	if (view->peer)
		drm_gem_object_put(view->peer);
	WARN_ON(view->map_count);
	mutex_destroy(&view->lock);
	xe_cbev_bo_put(origin);
	drm_gem_object_release(obj);
	kfree(view);
	atomic_dec(&xdev->stats.bos);
}

static void view_close(struct drm_gem_object *obj, struct drm_file *file)
{
	struct xe_cbev_view *view = container_of(obj, struct xe_cbev_view, base);

	if (view->closed)
		view->closed(obj, file);
}

static const struct drm_gem_object_funcs xe_cbev_view_funcs = {
	.free = view_free,
	.close = view_close,
	.pin = view_pin,
	.export = view_export,
	.mmap = view_mmap,
	.vm_ops = &view_vm_ops,
};

/**
 * xe_cbev_view_from_gem() - the view a GEM object is, if it is one
 * @obj: a GEM object of this device
 *
 * Return: the view, or NULL for any other object.
 */
struct xe_cbev_view *xe_cbev_view_from_gem(struct drm_gem_object *obj)
{
	if (obj->funcs != &xe_cbev_view_funcs)
		return NULL;
	return container_of(obj, struct xe_cbev_view, base);
}

/* A view of @origin that belongs to @dev. */
static struct xe_cbev_view *view_create(struct drm_device *dev,
					struct xe_cbev_bo *origin,
					pgoff_t pgoff, size_t size, int slot)
{
	struct xe_cbev_view *view;
	int ret;

	view = kzalloc(sizeof(*view), GFP_KERNEL_ACCOUNT);
	if (!view)
		return ERR_PTR(-ENOMEM);
	mutex_init(&view->lock);

	view->base.funcs = &xe_cbev_view_funcs;
	drm_gem_private_object_init(dev, &view->base, size);
	ret = drm_gem_create_mmap_offset(&view->base);
	if (ret)
		goto err_release;

	drm_gem_object_get(&origin->shmem.base);
	view->origin = origin;
	view->pgoff = pgoff;
	view->slot = slot;
	atomic_inc(&to_xe_cbev_device(dev)->stats.bos);
	return view;

err_release:
	drm_gem_object_release(&view->base);
	mutex_destroy(&view->lock);
	kfree(view);
	return ERR_PTR(ret);
}

/**
 * xe_cbev_view_create() - a read-only window on a buffer object
 * @origin: the object to show; the view takes a reference
 * @pgoff: first page shown
 * @size: bytes shown, a page multiple inside @origin
 * @slot: counter slot of @origin (a counter page) whose reference the view
 *	takes over, or -1
 *
 * The view has no pages of its own: mappings and bindings reach the
 * origin's. The caller sets the view's import rule.
 *
 * Return: the view with one reference, or an ERR_PTR.
 */
struct xe_cbev_view *xe_cbev_view_create(struct xe_cbev_bo *origin,
					 pgoff_t pgoff, size_t size, int slot)
{
	return view_create(origin->shmem.base.dev, origin, pgoff, size, slot);
}

/**
 * xe_cbev_view_create_peer() - a view of another xe_cbev device's object
 * @dev: the importing device
 * @src: a buffer object (not itself an import) or a view of another
 *	device of the module; the peer view takes a reference
 *
 * Return: the peer view with one reference, or an ERR_PTR (-EINVAL for an
 * object that cannot be shown).
 */
struct xe_cbev_view *xe_cbev_view_create_peer(struct drm_device *dev,
					      struct drm_gem_object *src)
{
	struct xe_cbev_view *from = xe_cbev_view_from_gem(src);
	struct xe_cbev_view *view;
	struct xe_cbev_bo *origin;
	pgoff_t pgoff = 0;
	bool writable;

	if (from) {
		origin = from->origin;
		pgoff = from->pgoff;
		writable = from->writable;
	} else {
		if (!xe_cbev_gem_is_bo(src) || src->import_attach)
			return ERR_PTR(-EINVAL);
		origin = to_xe_cbev_bo(src);
		writable = !xe_cbev_bo_user_readonly(origin);
	}
	view = view_create(dev, origin, pgoff, src->size, -1);
	if (IS_ERR(view))
		return view;
	drm_gem_object_get(src);
	view->peer = src;
	view->writable = writable;
	return view;
}
