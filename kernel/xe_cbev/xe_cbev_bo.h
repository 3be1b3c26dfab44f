/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_BO_H_
#define _XE_CBEV_BO_H_

#include <linux/atomic.h>
#include <linux/uidgid.h>
#include <linux/wait.h>
#include <linux/xarray.h>

#include <drm/drm_gem_shmem_helper.h>

struct dma_buf_attachment;
struct drm_device;
struct drm_file;
struct sg_table;
struct xe_cbev_counter_page;

/* Placement "device" was asked for (still system pages here). */
#define XE_CBEV_BO_DEVICE	BIT(0)

/* Largest buffer object; pages are only allocated when used. */
#define XE_CBEV_BO_MAX_SIZE	BIT_ULL(36)

/**
 * struct xe_cbev_ipc_rule - who may import an object, once exported (see IPC)
 *
 * Set by an export; under the IPC registry lock. A buffer
 * object's @owner is set at creation and never changes.
 */
struct xe_cbev_ipc_rule {
	/** @exported: @granted and @grant are set */
	bool exported;
	/** @granted: @grant is set */
	bool granted;
	/**
	 * @owner: effective uid of the object's creator (a buffer object),
	 * the only uid that may export it; of the exporter (a view)
	 */
	kuid_t owner;
	/** @grant: uid also allowed, by the latest export */
	kuid_t grant;
};

/**
 * struct xe_cbev_bo - a buffer object: shmem pages plus what we track
 */
struct xe_cbev_bo {
	/** @shmem: the GEM shmem object; must stay first */
	struct drm_gem_shmem_object shmem;
	/** @flags: XE_CBEV_BO_*; set at creation */
	u32 flags;
	/**
	 * @counter: set when the object is a counter page, which user space
	 * may map and bind read-only, never writable; set at creation
	 */
	struct xe_cbev_counter_page *counter;
	/**
	 * @wq: waiters on values in this object: parked queues, host waits,
	 * fences, io_uring waits. Every engine write to the object wakes it,
	 * so it belongs to the object, which processes may share, and not to
	 * any file. Waiters on an export view sit on its origin's.
	 */
	wait_queue_head_t wq;
	/** @ipc: who may import the object, once exported read-write */
	struct xe_cbev_ipc_rule ipc;
	/**
	 * @release: set by whoever makes the object something more than
	 * memory (the counter manager, for a counter page) at creation;
	 * frees what it hangs on the object, once, as the object is freed
	 */
	void (*release)(struct xe_cbev_bo *bo);
	/**
	 * @closed: set by an export (IPC), never cleared; called when a file
	 * closes its handle to the object, so that the file's tokens for it
	 * die with the handle
	 */
	void (*closed)(struct xe_cbev_bo *bo, struct drm_file *file);
	/**
	 * @writers: qword index -> &struct xe_cbev_writer, the exec queue
	 * that writes the location (see xe_cbev_writer.c); changed under the
	 * writers' mutex, read under RCU
	 */
	struct xarray writers;
	/** @nr_dead: entries of @writers whose writer was banned */
	atomic_t nr_dead;
	/**
	 * @writers_fini: set by the writer records with their first entry in
	 * @writers, under the writers' mutex; frees the entries left, as the
	 * object is freed (the records clean up what they own)
	 */
	void (*writers_fini)(struct xe_cbev_bo *bo);
	/**
	 * @process_mm: for an exec queue's ring and status page, the mm of
	 * the process that opened the queue's file, only compared and never
	 * followed (the file's reference keeps it from being reused while
	 * the queue's mmap offset is allowed): only that process may map the
	 * object, and its mappings are not inherited across fork(). NULL
	 * for every other object; set at creation
	 */
	const struct mm_struct *process_mm;
	/**
	 * @creator: the file that created the object (&xe_cbev_file.serial),
	 * whose writer records decide every file's waits on it (see
	 * xe_cbev_writer.c); 0 for an object made by the kernel for itself
	 * or imported from another driver; set at creation
	 */
	u64 creator;
};

static inline struct xe_cbev_bo *to_xe_cbev_bo(struct drm_gem_object *obj)
{
	return container_of(obj, struct xe_cbev_bo, shmem.base);
}

/**
 * xe_cbev_bo_wq() - the wait queue that writes to the object's memory wake
 * @bo: the object
 *
 * Return: the object's.
 */
static inline wait_queue_head_t *xe_cbev_bo_wq(struct xe_cbev_bo *bo)
{
	return &bo->wq;
}

/**
 * xe_cbev_bo_notify() - tell the object's waiters that it was written
 * @bo: the object
 *
 * Context: any. Cheap when nobody waits.
 */
static inline void xe_cbev_bo_notify(struct xe_cbev_bo *bo)
{
	wait_queue_head_t *wq = xe_cbev_bo_wq(bo);

	if (wq_has_sleeper(wq))
		wake_up_all(wq);
}

/**
 * xe_cbev_bo_page() - one page of a counter page's memory
 * @bo: the object; its shmem pages must be held (a counter page's are,
 *	by its kernel mapping); a binding's pages are the binding's
 * @pgoff: page index in the object
 *
 * Return: the page.
 */
static inline struct page *xe_cbev_bo_page(struct xe_cbev_bo *bo, pgoff_t pgoff)
{
	return bo->shmem.pages[pgoff];
}

/**
 * xe_cbev_bo_is_counter() - does the object hold counter slots?
 * @bo: the object
 *
 * Counter memory is written by engines only, so nobody needs to poll it.
 *
 * Return: true for a counter page.
 */
static inline bool xe_cbev_bo_is_counter(const struct xe_cbev_bo *bo)
{
	return bo->counter;
}

/**
 * xe_cbev_bo_user_readonly() - may user space only read the object?
 * @bo: the object
 *
 * Return: true for counter pages, which user space may map and bind
 * read-only only (as export views, see xe_cbev_view.c).
 */
static inline bool xe_cbev_bo_user_readonly(const struct xe_cbev_bo *bo)
{
	return bo->counter;
}

bool xe_cbev_gem_is_bo(const struct drm_gem_object *obj);
int xe_cbev_bo_pin_range(struct xe_cbev_bo *bo, pgoff_t first, unsigned long n,
			 struct page **pages);
void xe_cbev_bo_unpin_range(struct xe_cbev_bo *bo, struct page **pages,
			    unsigned long n, bool dirty);

struct drm_gem_object *xe_cbev_bo_create_object(struct drm_device *dev,
						size_t size);
struct drm_gem_object *xe_cbev_bo_import_sg_table(struct drm_device *dev,
						  struct dma_buf_attachment *attach,
						  struct sg_table *sgt);
struct xe_cbev_bo *xe_cbev_bo_create(struct drm_device *dev, size_t size,
				     u32 flags);
struct xe_cbev_bo *xe_cbev_bo_lookup(struct drm_file *file, u32 handle);

static inline void xe_cbev_bo_put(struct xe_cbev_bo *bo)
{
	drm_gem_object_put(&bo->shmem.base);
}

int xe_cbev_bo_create_ioctl(struct drm_device *dev, void *data,
			    struct drm_file *file);
int xe_cbev_bo_mmap_offset_ioctl(struct drm_device *dev, void *data,
				 struct drm_file *file);

#endif /* _XE_CBEV_BO_H_ */
