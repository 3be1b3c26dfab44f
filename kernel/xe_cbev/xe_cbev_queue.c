// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/iosys-map.h>
#include <linux/jiffies.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <drm/drm_file.h>
#include <drm/drm_vma_manager.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_ctx.h"
#include "xe_cbev_device.h"
#include "xe_cbev_direct.h"
#include "xe_cbev_engine.h"
#include "xe_cbev_eu.h"
#include "xe_cbev_file.h"
#include "xe_cbev_macros.h"
#include "xe_cbev_queue.h"
#include "xe_cbev_svm.h"
#include "xe_cbev_trace.h"
#include "xe_cbev_writer.h"

/**
 * DOC: exec queues
 *
 * An exec queue is a ring and a status page that user space writes and
 * maps, and the engine context that executes them (xe_cbev_ctx.c, run by
 * the engine, xe_cbev_engine.c). The queue object checks and accepts
 * submissions; the engine decides when they run.
 *
 * Creation reserves an id in the file's queue table, finishes the queue,
 * and only then stores it there: until then a lookup (a destroy by
 * another thread guessing the id) finds nothing, and once it is stored
 * the create no longer touches it.
 *
 * Lifetime: the file's queue table holds a reference; destroy takes the
 * queue out of the table, marks it dead (nothing may queue its work any
 * more), cancels it on the engine (its work finished, off the timer and
 * the wait queue), then drops the reference. Jobs not executed are
 * dropped.
 */

static void queue_release(struct kref *ref)
{
	struct xe_cbev_queue *q = container_of(ref, struct xe_cbev_queue, ref);
	struct iosys_map map = IOSYS_MAP_INIT_VADDR(q->ctx.status);

	drm_gem_shmem_vunmap(&q->ring_bo->shmem, &map);
	drm_vma_node_revoke(&q->ring_bo->shmem.base.vma_node, q->file);
	xe_cbev_bo_put(q->ring_bo);
	xe_cbev_engine_ctx_fini(&q->ctx);
	kfree(q);
}

/**
 * xe_cbev_queue_put() - drop a reference
 * @q: the queue
 */
void xe_cbev_queue_put(struct xe_cbev_queue *q)
{
	kref_put(&q->ref, queue_release);
}

/**
 * xe_cbev_queue_lookup() - find a queue by id
 * @xfile: the file
 * @id: the queue's id
 *
 * Return: the queue with a reference, or NULL.
 */
struct xe_cbev_queue *xe_cbev_queue_lookup(struct xe_cbev_file *xfile, u32 id)
{
	struct xe_cbev_queue *q;

	xa_lock(&xfile->queues);
	q = xa_load(&xfile->queues, id);
	if (q && !READ_ONCE(q->ctx.dead))
		kref_get(&q->ref);
	else
		q = NULL;
	xa_unlock(&xfile->queues);
	return q;
}

/*
 * Stop a queue and take it out of the table; see "Lifetime" above. The
 * queue stays in the table while its last slice may still run, so that
 * counter slots its jobs use are not retired early; false if another
 * caller is already at it.
 */
/* Once banned, the locations the queue writes die; see xe_cbev_writer.c. */
static void queue_lost_work(struct work_struct *work)
{
	struct xe_cbev_queue *q = container_of(work, struct xe_cbev_queue, lost_work);

	xe_cbev_writers_queue_banned(q);
	xe_cbev_queue_put(q);
}

/* &xe_cbev_ctx.banned_fn: any context, so the marking is deferred. */
static void queue_banned(struct xe_cbev_ctx *ctx)
{
	struct xe_cbev_queue *q = container_of(ctx, struct xe_cbev_queue, ctx);

	kref_get(&q->ref);
	xe_cbev_engine_defer(ctx, &q->lost_work);
}

static bool queue_kill(struct xe_cbev_queue *q)
{
	unsigned long flags;
	bool first;

	spin_lock_irqsave(&q->ctx.lock, flags);
	first = !q->ctx.dead;
	q->ctx.dead = true;
	spin_unlock_irqrestore(&q->ctx.lock, flags);
	if (!first)
		return false;

	/* Nothing queues the work now. */
	q->ctx.ops->cancel(&q->ctx);
	xe_cbev_eu_cancel(&q->ctx);
	xe_cbev_ctx_drop_jobs(&q->ctx);
	/*
	 * No ban comes any more. A pending marking is done here instead, so
	 * that the queue is freed with the file, not later.
	 */
	if (cancel_work_sync(&q->lost_work))
		xe_cbev_queue_put(q);
	xe_cbev_writers_queue_gone(q);

	xa_erase(&q->xfile->queues, q->id);
	wake_up_all(&q->xfile->event_wq);
	return true;
}

static struct xe_cbev_queue *
queue_create(struct xe_cbev_file *xfile, struct drm_file *file,
	     const struct drm_xe_cbev_exec_queue_create *args)
{
	unsigned int timeout_ms = args->hang_timeout_ms ?:
				  xe_cbev_engine_default_hang_timeout_ms();
	struct xe_cbev_queue *q;
	struct iosys_map map;
	int ret;

	q = kzalloc(sizeof(*q), GFP_KERNEL_ACCOUNT);
	if (!q)
		return ERR_PTR(-ENOMEM);

	kref_init(&q->ref);
	INIT_LIST_HEAD(&q->writes);
	INIT_WORK(&q->lost_work, queue_lost_work);
	q->ctx.banned_fn = queue_banned;
	q->xfile = xfile;
	q->file = file;
	q->ctx.drm = &xfile->xdev->drm;
	q->ctx.client_id = xfile->id;
	q->ctx.file_serial = xfile->serial;
	q->ctx.client = &xfile->engine;
	q->ctx.vm = &xfile->vm;
	q->ctx.event_wq = &xfile->event_wq;
	q->ctx.interrupts = &xfile->interrupts;
	q->ctx.eu = &xfile->eu;
	q->ctx.file_seqno = &xfile->seqno;
	q->ctx.direct = args->flags & DRM_XE_CBEV_EXEC_QUEUE_CREATE_DIRECT;
	q->ctx.priority = args->priority;
	q->ctx.patient_waits = args->flags & DRM_XE_CBEV_EXEC_QUEUE_CREATE_PATIENT_WAITS;
	q->ctx.ring_size = args->ring_size;
	q->ctx.hang_timeout = msecs_to_jiffies(timeout_ms);
	ret = xe_cbev_engine_ctx_init(&q->ctx);
	if (ret)
		goto err_free;

	q->ring_bo = xe_cbev_bo_create(&xfile->xdev->drm, PAGE_SIZE + q->ctx.ring_size, 0);
	if (IS_ERR(q->ring_bo)) {
		ret = PTR_ERR(q->ring_bo);
		goto err_fini;
	}
	/* What is written there runs with the opener's memory: its alone. */
	q->ring_bo->process_mm = xfile->vm.svm.mm;
	ret = drm_gem_shmem_vmap(&q->ring_bo->shmem, &map);
	if (ret)
		goto err_put_bo;
	q->ctx.status = map.vaddr;
	q->ctx.ring = map.vaddr + PAGE_SIZE;
	/* Nothing runs a new direct queue: its first tail rings the doorbell. */
	if (q->ctx.direct)
		q->ctx.status->flags = DRM_XE_CBEV_RING_NEED_WAKEUP;

	ret = drm_vma_node_allow(&q->ring_bo->shmem.base.vma_node, file);
	if (ret)
		goto err_vunmap;
	return q;

err_vunmap:
	drm_gem_shmem_vunmap(&q->ring_bo->shmem, &map);
err_put_bo:
	xe_cbev_bo_put(q->ring_bo);
err_fini:
	xe_cbev_engine_ctx_fini(&q->ctx);
err_free:
	kfree(q);
	return ERR_PTR(ret);
}

/**
 * xe_cbev_exec_queue_create_ioctl() - DRM_IOCTL_XE_CBEV_EXEC_QUEUE_CREATE
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_exec_queue_create
 * @file: the caller's file
 *
 * Return: 0; -EINVAL for a bad flag, pad, extension, reserved or output
 * field, priority, ring size or hang timeout; -EPERM when the caller is
 * not the process that opened the file; -ENOSPC when the file has the
 * most queues it may; -ENOMEM.
 */
int xe_cbev_exec_queue_create_ioctl(struct drm_device *dev, void *data,
				    struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);
	struct drm_xe_cbev_exec_queue_create *args = data;
	struct xe_cbev_queue *q;
	u32 id;
	int ret;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->flags & ~(DRM_XE_CBEV_EXEC_QUEUE_CREATE_PATIENT_WAITS |
						    DRM_XE_CBEV_EXEC_QUEUE_CREATE_DIRECT)) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->pad) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->exec_queue_id || args->ring_mmap_offset) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->priority > DRM_XE_CBEV_PRIORITY_HIGH) ||
	    XE_CBEV_IOCTL_DBG(xdev, !is_power_of_2(args->ring_size)) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->ring_size < XE_CBEV_RING_SIZE_MIN ||
			      args->ring_size > XE_CBEV_RING_SIZE_MAX) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->hang_timeout_ms &&
			      (args->hang_timeout_ms < XE_CBEV_HANG_TIMEOUT_MIN_MS ||
			       args->hang_timeout_ms > XE_CBEV_HANG_TIMEOUT_MAX_MS)))
		return -EINVAL;
	/* Only the opener's work reaches its memory (xe_cbev_svm.c). */
	if (XE_CBEV_IOCTL_DBG(xdev, !xe_cbev_svm_is_opener(&xfile->vm.svm)))
		return -EPERM;

	q = queue_create(xfile, file, args);
	if (IS_ERR(q))
		return PTR_ERR(q);

	/*
	 * Reserve the id (lookups see nothing there yet), finish the queue,
	 * then publish it. Once published another thread of the file may
	 * destroy it at once, so nothing touches it after.
	 */
	ret = xa_alloc(&xfile->queues, &id, NULL,
		       XA_LIMIT(1, XE_CBEV_MAX_QUEUES_PER_FILE), GFP_KERNEL_ACCOUNT);
	if (ret) {
		xe_cbev_queue_put(q);
		return ret == -EBUSY ? -ENOSPC : ret;
	}
	q->id = id;
	q->ctx.id = id;
	args->exec_queue_id = id;
	args->ring_mmap_offset = drm_vma_node_offset_addr(&q->ring_bo->shmem.base.vma_node);
	/* Storing into a reserved slot allocates nothing, so cannot fail. */
	xa_store(&xfile->queues, id, q, GFP_KERNEL);
	return 0;
}

/**
 * xe_cbev_exec_queue_destroy_ioctl() - DRM_IOCTL_XE_CBEV_EXEC_QUEUE_DESTROY
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_exec_queue_destroy
 * @file: the caller's file
 *
 * Return: 0; -EINVAL for a bad pad, extension or reserved field; -ENOENT
 * for an unknown queue.
 */
int xe_cbev_exec_queue_destroy_ioctl(struct drm_device *dev, void *data,
				     struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);
	struct drm_xe_cbev_exec_queue_destroy *args = data;
	struct xe_cbev_queue *q;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->pad) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]))
		return -EINVAL;

	q = xe_cbev_queue_lookup(xfile, args->exec_queue_id);
	if (XE_CBEV_IOCTL_DBG(xdev, !q))
		return -ENOENT;

	if (XE_CBEV_IOCTL_DBG(xdev, !queue_kill(q))) {
		xe_cbev_queue_put(q);
		return -ENOENT;
	}
	/* The table's reference, then the lookup's. */
	xe_cbev_queue_put(q);
	xe_cbev_queue_put(q);
	return 0;
}

/**
 * xe_cbev_exec_queue_get_state_ioctl() - DRM_IOCTL_XE_CBEV_EXEC_QUEUE_GET_STATE
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_exec_queue_state
 * @file: the caller's file
 *
 * Return: 0; -EINVAL for a bad pad, extension, output or reserved field;
 * -ENOENT for an unknown queue.
 */
int xe_cbev_exec_queue_get_state_ioctl(struct drm_device *dev, void *data,
				       struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);
	struct drm_xe_cbev_exec_queue_state *args = data;
	struct xe_cbev_queue *q;
	unsigned long flags;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->pad) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->state || args->ban_reason ||
			      args->fault_addr || args->head ||
			      args->completed_seqno) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]))
		return -EINVAL;

	q = xe_cbev_queue_lookup(xfile, args->exec_queue_id);
	if (XE_CBEV_IOCTL_DBG(xdev, !q))
		return -ENOENT;

	spin_lock_irqsave(&q->ctx.lock, flags);
	args->state = q->ctx.banned ? DRM_XE_CBEV_EXEC_QUEUE_STATE_BANNED :
				      DRM_XE_CBEV_EXEC_QUEUE_STATE_ACTIVE;
	args->ban_reason = q->ctx.ban_reason;
	args->fault_addr = q->ctx.fault_addr;
	args->completed_seqno = q->ctx.completed_seqno;
	spin_unlock_irqrestore(&q->ctx.lock, flags);
	args->head = READ_ONCE(q->ctx.head);

	xe_cbev_queue_put(q);
	return 0;
}

/**
 * xe_cbev_queue_submit() - make ring commands and batches executable
 * @xfile: the submitting file
 * @args: the submission, as &DRM_IOCTL_XE_CBEV_EXEC takes it
 * @seqno: gets the submission's sequence number
 *
 * Shared by the ioctl and the io_uring command.
 *
 * Return: 0; -EINVAL for a bad extension, reserved field, batch count or
 * address, or tail, or a direct queue; -EPERM when the caller is not the
 * process that opened the file; -ENOENT for an unknown queue; -EFAULT if the batch
 * array cannot be read; -EIO for a banned queue; -EBUSY when the queue
 * has XE_CBEV_MAX_JOBS_PER_QUEUE submissions pending; -ENOMEM.
 */
int xe_cbev_queue_submit(struct xe_cbev_file *xfile,
			 const struct drm_xe_cbev_exec *args, u64 *seqno)
{
	struct xe_cbev_device *xdev = xfile->xdev;
	struct xe_cbev_job *job;
	struct xe_cbev_queue *q;
	struct xe_cbev_ctx *ctx;
	unsigned long flags;
	u32 i;
	int ret;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->num_batches > DRM_XE_CBEV_EXEC_MAX_BATCHES) ||
	    XE_CBEV_IOCTL_DBG(xdev, !IS_ALIGNED(args->tail, 4)))
		return -EINVAL;
	/* Only the opener's work reaches its memory (xe_cbev_svm.c). */
	if (XE_CBEV_IOCTL_DBG(xdev, !xe_cbev_svm_is_opener(&xfile->vm.svm)))
		return -EPERM;

	q = xe_cbev_queue_lookup(xfile, args->exec_queue_id);
	if (XE_CBEV_IOCTL_DBG(xdev, !q))
		return -ENOENT;

	job = kzalloc(struct_size(job, batches, args->num_batches), GFP_KERNEL_ACCOUNT);
	if (!job) {
		ret = -ENOMEM;
		goto err_put;
	}
	job->num_batches = args->num_batches;
	if (copy_from_user(job->batches, u64_to_user_ptr(args->batches),
			   args->num_batches * sizeof(u64))) {
		ret = -EFAULT;
		goto err_free;
	}
	for (i = 0; i < job->num_batches; i++) {
		if (XE_CBEV_IOCTL_DBG(xdev, !IS_ALIGNED(job->batches[i], 4))) {
			ret = -EINVAL;
			goto err_free;
		}
	}

	ctx = &q->ctx;
	/* A direct queue's tail is the one user space publishes. */
	if (XE_CBEV_IOCTL_DBG(xdev, ctx->direct)) {
		ret = -EINVAL;
		goto err_free;
	}
	spin_lock_irqsave(&ctx->lock, flags);
	if (XE_CBEV_IOCTL_DBG(xdev, !xe_cbev_ctx_tail_ok(ctx, args->tail))) {
		ret = -EINVAL;
		goto err_unlock;
	}
	if (ctx->dead || ctx->banned) {
		ret = ctx->dead ? -ENOENT : -EIO;
		goto err_unlock;
	}
	if (XE_CBEV_IOCTL_DBG(xdev, ctx->nr_jobs >= XE_CBEV_MAX_JOBS_PER_QUEUE)) {
		ret = -EBUSY;
		goto err_unlock;
	}
	if (list_empty(&ctx->jobs))
		xe_cbev_ctx_progress(ctx);
	job->tail = args->tail;
	job->seqno = xe_cbev_file_next_seqno(xfile);
	/* Once queued the engine may finish and free the job at any time. */
	*seqno = job->seqno;
	list_add_tail(&job->link, &ctx->jobs);
	ctx->nr_jobs++;
	trace_xe_cbev_job_submit(ctx, job, ctx->tail);
	ctx->tail = args->tail;
	WRITE_ONCE(ctx->status->tail, ctx->tail);
	ctx->ops->submit(ctx);
	spin_unlock_irqrestore(&ctx->lock, flags);

	xe_cbev_queue_put(q);
	return 0;

err_unlock:
	spin_unlock_irqrestore(&ctx->lock, flags);
err_free:
	kfree(job);
err_put:
	xe_cbev_queue_put(q);
	return ret;
}

/**
 * xe_cbev_exec_ioctl() - DRM_IOCTL_XE_CBEV_EXEC
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_exec
 * @file: the caller's file
 *
 * Return: as xe_cbev_queue_submit(), and -EINVAL for a non-zero @seqno.
 */
int xe_cbev_exec_ioctl(struct drm_device *dev, void *data,
		       struct drm_file *file)
{
	struct drm_xe_cbev_exec *args = data;

	if (XE_CBEV_IOCTL_DBG(to_xe_cbev_device(dev), args->seqno))
		return -EINVAL;
	return xe_cbev_queue_submit(to_xe_cbev_file(file), args, &args->seqno);
}

/**
 * xe_cbev_exec_queue_wake_ioctl() - DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_exec_queue_wake
 * @file: the caller's file
 *
 * A direct queue's doorbell: takes the tail user space published (the
 * engine, asleep, would not) and makes the queue runnable, so that the
 * engine is awake for it again.
 *
 * Return: 0; -EINVAL for a bad extension, flag or reserved field, or a
 * queue created without DIRECT; -EPERM when the caller is not the
 * process that opened the file; -ENOENT for an unknown queue; -EIO for a
 * queue banned before the call, or by the tail this call took; -ENOMEM.
 */
int xe_cbev_exec_queue_wake_ioctl(struct drm_device *dev, void *data,
				  struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);
	struct drm_xe_cbev_exec_queue_wake *args = data;
	struct xe_cbev_queue *q;
	int ret;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->flags) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]))
		return -EINVAL;
	/* Only the opener's work reaches its memory (xe_cbev_svm.c). */
	if (XE_CBEV_IOCTL_DBG(xdev, !xe_cbev_svm_is_opener(&xfile->vm.svm)))
		return -EPERM;

	q = xe_cbev_queue_lookup(xfile, args->exec_queue_id);
	if (XE_CBEV_IOCTL_DBG(xdev, !q))
		return -ENOENT;
	if (XE_CBEV_IOCTL_DBG(xdev, !q->ctx.direct)) {
		ret = -EINVAL;
		goto out_put;
	}
	if (READ_ONCE(q->ctx.banned)) {
		ret = -EIO;
		goto out_put;
	}

	/*
	 * -EIO from here on only for a bad tail: what the engine does with a
	 * good one (a fault it bans for) is for waits to tell, as after an
	 * exec.
	 */
	ret = xe_cbev_direct_doorbell(&q->ctx);
out_put:
	xe_cbev_queue_put(q);
	return ret < 0 ? ret : 0;
}

/**
 * xe_cbev_file_queues_init() - set up a file's queue table
 * @xfile: the file
 *
 * And its place in the engine's turns, which its queues share.
 */
void xe_cbev_file_queues_init(struct xe_cbev_file *xfile)
{
	xa_init_flags(&xfile->queues, XA_FLAGS_ALLOC1);
	xe_cbev_engine_client_init(&xfile->engine, &xfile->xdev->engine);
}

/**
 * xe_cbev_file_queues_fini() - destroy every queue of a closing file
 * @xfile: the file
 */
void xe_cbev_file_queues_fini(struct xe_cbev_file *xfile)
{
	struct xe_cbev_queue *q;
	unsigned long id;

	/* The file is closing: nobody else kills or looks up its queues. */
	xa_for_each(&xfile->queues, id, q) {
		queue_kill(q);
		xe_cbev_queue_put(q);
	}
	xa_destroy(&xfile->queues);
}

/**
 * xe_cbev_file_queues_print() - list the file's queues, for debugfs
 * @xfile: the file
 * @m: where to print
 */
void xe_cbev_file_queues_print(struct xe_cbev_file *xfile, struct seq_file *m)
{
	struct xe_cbev_queue *q;
	unsigned long id, flags;

	seq_printf(m, "  interrupts: %lld\n", atomic64_read(&xfile->interrupts));
	xa_lock(&xfile->queues);
	xa_for_each(&xfile->queues, id, q) {
		struct xe_cbev_ctx *ctx = &q->ctx;

		spin_lock_irqsave(&ctx->lock, flags);
		seq_printf(m, "  queue %u prio %u ring %u head %llu tail %llu done %llu %s%s\n",
			   q->id, ctx->priority, ctx->ring_size, READ_ONCE(ctx->head),
			   ctx->tail, ctx->completed_seqno,
			   ctx->banned ? "banned" : "active",
			   READ_ONCE(ctx->park_wq) ? " parked" : "");
		spin_unlock_irqrestore(&ctx->lock, flags);
	}
	xa_unlock(&xfile->queues);
}
