// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/dma-fence.h>
#include <linux/file.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sync_file.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_device.h"
#include "xe_cbev_macros.h"
#include "xe_cbev_sync_file.h"
#include "xe_cbev_async_wait.h"

/**
 * DOC: sync_file export
 *
 * A condition on memory becomes a dma_fence, handed out in a sync_file, so
 * that it can be polled, put in an epoll set or passed to other drivers.
 * The fence is signalled by an asynchronous wait on the condition. Fences
 * must signal in bounded time, so the wait ends after fence_timeout_ms at
 * the latest, signalling the fence with -ETIMEDOUT.
 *
 * A fence may outlive the file and the device's other users, so each one
 * holds a reference on the module until it is released. Its release
 * callback only queues the freeing on the deferred queue of the waits,
 * which drops the module reference last: module unload drains that queue,
 * so no code runs in the module's text once it may be gone. Once every
 * sync_file of a fence is closed, its wait ends within a second.
 */

static unsigned int fence_timeout_ms = 30000;
module_param(fence_timeout_ms, uint, 0644);
MODULE_PARM_DESC(fence_timeout_ms,
		 "Longest time an exported fence waits before it signals an error (ms)");

struct xe_cbev_fence {
	struct dma_fence base;	/* first: dma_fence_free() frees the whole */
	spinlock_t lock;	/* the fence's lock */
	struct work_struct release;	/* frees it, then drops the module */
};

static const char *fence_driver_name(struct dma_fence *fence)
{
	return XE_CBEV_DRIVER_NAME;
}

static const char *fence_timeline_name(struct dma_fence *fence)
{
	return "memory-condition";
}

static void fence_release_work(struct work_struct *work)
{
	struct xe_cbev_fence *fence = container_of(work, struct xe_cbev_fence,
						   release);

	dma_fence_free(&fence->base);
	/*
	 * Paired with __module_get() at creation. This may be the module's
	 * last reference, and the function still has to return through
	 * module text: safe, because module unload drains the deferred
	 * queue (xe_cbev_async_wait_fini()) before the text goes away.
	 */
	module_put(THIS_MODULE);
}

/*
 * The fence's last reference is gone, from any context. Its module
 * reference cannot be dropped here: the caller (dma_fence_release())
 * would return into this function's text after it, with nothing to stop
 * the module from being unloaded meanwhile.
 */
static void fence_release(struct dma_fence *fence)
{
	struct xe_cbev_fence *f = container_of(fence, struct xe_cbev_fence, base);

	xe_cbev_async_wait_defer(&f->release);
}

static const struct dma_fence_ops xe_cbev_fence_ops = {
	.get_driver_name = fence_driver_name,
	.get_timeline_name = fence_timeline_name,
	.release = fence_release,
};

static void fence_wait_signal(struct xe_cbev_async_wait *w, int result)
{
	struct dma_fence *fence = w->priv;

	if (result < 0)
		dma_fence_set_error(fence, result == -ETIME ? -ETIMEDOUT : result);
	dma_fence_signal(fence);
}

static void fence_wait_finish(struct xe_cbev_async_wait *w, int result)
{
	struct dma_fence *fence = w->priv;

	/*
	 * The wait's objects go first: the fence's last reference may be
	 * the module's last, and nothing of the device may be touched after.
	 */
	xe_cbev_async_wait_free(w);
	dma_fence_put(fence);
}

/* Only the wait's own reference is left: every sync_file is closed. */
static bool fence_wait_abandoned(struct xe_cbev_async_wait *w)
{
	struct dma_fence *fence = w->priv;

	return kref_read(&fence->refcount) == 1;
}

static const struct xe_cbev_async_wait_ops fence_wait_ops = {
	.signal = fence_wait_signal,
	.finish = fence_wait_finish,
	.abandoned = fence_wait_abandoned,
};

/**
 * xe_cbev_sync_file_export_ioctl() - DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_sync_file_export
 * @file: the caller's file
 *
 * Return: 0; -EINVAL for a bad flag, extension, reserved or output field
 * or condition (a queue's completion cannot be exported: the fence may
 * outlive the queue's file); -ENOENT, -EFAULT for a condition that names nothing;
 * -EMFILE or -ENOMEM.
 */
int xe_cbev_sync_file_export_ioctl(struct drm_device *dev, void *data,
				   struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);
	struct drm_xe_cbev_sync_file_export *args = data;
	struct xe_cbev_async_wait *w;
	struct xe_cbev_fence *fence;
	struct sync_file *sync;
	int fd, ret;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->flags) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->fd) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->cond.flags & DRM_XE_CBEV_WAIT_COND_QUEUE) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]))
		return -EINVAL;

	fd = get_unused_fd_flags(O_CLOEXEC);
	if (fd < 0)
		return fd;

	fence = kzalloc(sizeof(*fence), GFP_KERNEL_ACCOUNT);
	if (!fence) {
		ret = -ENOMEM;
		goto err_put_fd;
	}
	spin_lock_init(&fence->lock);
	INIT_WORK(&fence->release, fence_release_work);
	__module_get(THIS_MODULE);
	dma_fence_init(&fence->base, &xe_cbev_fence_ops, &fence->lock,
		       dma_fence_context_alloc(1), 1);

	sync = sync_file_create(&fence->base);
	if (!sync) {
		ret = -ENOMEM;
		goto err_put_fence;
	}

	/* The wait holds its own reference on the fence until it finishes. */
	w = xe_cbev_async_wait_create(xfile, &args->cond, 1, false, 0,
				      &fence_wait_ops, dma_fence_get(&fence->base));
	if (IS_ERR(w)) {
		dma_fence_put(&fence->base);
		ret = PTR_ERR(w);
		goto err_put_sync;
	}

	/* Point of no return: the wait runs, the fd is installed. */
	xe_cbev_async_wait_start(w, ktime_add_ms(ktime_get(), fence_timeout_ms),
				 -ETIME);
	dma_fence_put(&fence->base);
	fd_install(fd, sync->file);
	args->fd = fd;
	return 0;

err_put_sync:
	fput(sync->file);
err_put_fence:
	dma_fence_put(&fence->base);
err_put_fd:
	put_unused_fd(fd);
	return ret;
}
