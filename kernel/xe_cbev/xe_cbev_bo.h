/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_BO_H_
#define _XE_CBEV_BO_H_

#include <linux/wait.h>

#include <drm/drm_gem_shmem_helper.h>

struct drm_device;
struct drm_file;
struct xe_cbev_counter_page;

/* Placement "device" was asked for (still system pages here). */
#define XE_CBEV_BO_DEVICE	BIT(0)

/* Largest buffer object; pages are only allocated when used. */
#define XE_CBEV_BO_MAX_SIZE	BIT_ULL(36)

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
	 * any file.
	 */
	wait_queue_head_t wq;
};

static inline struct xe_cbev_bo *to_xe_cbev_bo(struct drm_gem_object *obj)
{
	return container_of(obj, struct xe_cbev_bo, shmem.base);
}

/**
 * xe_cbev_bo_notify() - tell the object's waiters that it was written
 * @bo: the object
 *
 * Context: any. Cheap when nobody waits.
 */
static inline void xe_cbev_bo_notify(struct xe_cbev_bo *bo)
{
	if (wq_has_sleeper(&bo->wq))
		wake_up_all(&bo->wq);
}

struct drm_gem_object *xe_cbev_bo_create_object(struct drm_device *dev,
						size_t size);
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
