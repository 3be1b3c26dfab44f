// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/iosys-map.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <drm/drm_file.h>
#include <drm/drm_vma_manager.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_cs.h"
#include "xe_cbev_drv.h"
#include "xe_cbev_file.h"
#include "xe_cbev_queue.h"

/**
 * DOC: exec queues and scheduling
 *
 * The engine is one ordered workqueue: each exec queue has a work item
 * that executes a bounded slice of its commands (more for higher
 * priority), then queues itself again at the back if there is more, so
 * queues take turns. A queue that cannot go on leaves the engine: parked
 * on the object that holds the value its semaphore waits for (any engine
 * write to the object queues it again), or asleep until its spin kernel's
 * deadline. A parked queue also re-polls on a timer, from 1 ms growing to
 * 16 ms, for memory the host writes; counter pages are written by engines
 * only, so there the timer serves the hang check alone.
 *
 * Hang check: a queue whose ring head has not moved, no job finished and
 * no semaphore wait that had to park was satisfied for its hang timeout is
 * banned. So one submission may run at most that long, not counting time
 * spent waiting on semaphores -- a batch that loops on itself is a hang.
 * A queue created with PATIENT_WAITS may stay parked on a semaphore for
 * as long as it takes: parking restarts its clock.
 *
 * Lifetime: the file's queue table holds a reference; destroy takes the
 * queue out of the table, marks it dead (nothing may queue its work any
 * more), waits for its work to finish and takes it off the timer and the
 * wait queue, then drops the reference. Jobs not executed are dropped.
 */

static unsigned int hang_timeout_ms = 10000;
module_param(hang_timeout_ms, uint, 0644);
MODULE_PARM_DESC(hang_timeout_ms,
		 "Default time a queue may make no progress before it is banned (ms)");

#define HANG_TIMEOUT_MIN_MS	10
#define HANG_TIMEOUT_MAX_MS	600000
#define POLL_MS_MIN		1
#define POLL_MS_MAX		16

/* Commands and time per slice, by priority. */
static const struct {
	unsigned int commands;
	u64 ns;
} slice[] = {
	[DRM_XE_CBEV_PRIORITY_LOW] = { 128, 1 * NSEC_PER_MSEC },
	[DRM_XE_CBEV_PRIORITY_NORMAL] = { 512, 2 * NSEC_PER_MSEC },
	[DRM_XE_CBEV_PRIORITY_HIGH] = { 2048, 4 * NSEC_PER_MSEC },
};

/* Submissions a queue may have pending. */
#define MAX_JOBS_PER_QUEUE	65536

/* The engine. */
static struct workqueue_struct *xe_cbev_engine_wq;

/**
 * xe_cbev_engine_init() - create the engine's workqueue
 *
 * Return: 0 or -ENOMEM.
 */
int xe_cbev_engine_init(void)
{
	xe_cbev_engine_wq = alloc_ordered_workqueue("xe_cbev_engine", 0);
	return xe_cbev_engine_wq ? 0 : -ENOMEM;
}

/**
 * xe_cbev_engine_fini() - destroy the engine's workqueue
 *
 * Runs after every file is closed, so no queue's work is left.
 */
void xe_cbev_engine_fini(void)
{
	destroy_workqueue(xe_cbev_engine_wq);
}

/* Queue the queue's work unless it is dead or banned. Any context. */
static void queue_kick(struct xe_cbev_queue *q)
{
	unsigned long flags;

	spin_lock_irqsave(&q->lock, flags);
	if (!q->dead && !q->banned)
		queue_work(xe_cbev_engine_wq, &q->work);
	spin_unlock_irqrestore(&q->lock, flags);
}

static int queue_park_wake(struct wait_queue_entry *wait, unsigned int mode,
			   int sync, void *key)
{
	queue_kick(container_of(wait, struct xe_cbev_queue, park));
	return 0;
}

static enum hrtimer_restart queue_timer_fn(struct hrtimer *timer)
{
	queue_kick(container_of(timer, struct xe_cbev_queue, timer));
	return HRTIMER_NORESTART;
}

/**
 * xe_cbev_queue_park() - wait for a write to an object
 * @q: the queue, from its work item
 * @bo: the object; the queue takes over the caller's reference
 */
void xe_cbev_queue_park(struct xe_cbev_queue *q, struct xe_cbev_bo *bo)
{
	xe_cbev_queue_unpark(q);
	q->park_bo = bo;
	add_wait_queue(xe_cbev_bo_wq(bo), &q->park);
	/*
	 * Pairs with the barrier in xe_cbev_bo_notify()'s wq_has_sleeper():
	 * either the writer sees the entry, or the re-check that follows
	 * sees the write.
	 */
	smp_mb();
}

/**
 * xe_cbev_queue_unpark() - stop waiting for writes, if parked
 * @q: the queue, from its work item or once its work cannot run
 */
void xe_cbev_queue_unpark(struct xe_cbev_queue *q)
{
	if (!q->park_bo)
		return;
	remove_wait_queue(xe_cbev_bo_wq(q->park_bo), &q->park);
	xe_cbev_bo_put(q->park_bo);
	q->park_bo = NULL;
}

/**
 * xe_cbev_queue_progress() - note forward progress, for the hang check
 * @q: the queue
 */
void xe_cbev_queue_progress(struct xe_cbev_queue *q)
{
	q->progress_at = jiffies;
	q->poll_ms = POLL_MS_MIN;
}

/**
 * xe_cbev_queue_advance_head() - consume ring bytes
 * @q: the queue
 * @bytes: how many
 */
void xe_cbev_queue_advance_head(struct xe_cbev_queue *q, u32 bytes)
{
	/* The submit path reads the head locklessly to check the tail. */
	WRITE_ONCE(q->head, q->head + bytes);
	WRITE_ONCE(q->status->head, q->head);
	xe_cbev_queue_progress(q);
}

/**
 * xe_cbev_queue_current_job() - the job the engine works on
 * @q: the queue
 *
 * Return: the oldest unfinished job, or NULL. Only the engine removes
 * jobs, so the pointer stays valid in the work item.
 */
struct xe_cbev_job *xe_cbev_queue_current_job(struct xe_cbev_queue *q)
{
	struct xe_cbev_job *job;
	unsigned long flags;

	spin_lock_irqsave(&q->lock, flags);
	job = list_first_entry_or_null(&q->jobs, struct xe_cbev_job, link);
	spin_unlock_irqrestore(&q->lock, flags);
	return job;
}

/**
 * xe_cbev_queue_complete_job() - retire a finished job
 * @q: the queue
 * @job: its current job, all executed
 */
void xe_cbev_queue_complete_job(struct xe_cbev_queue *q, struct xe_cbev_job *job)
{
	unsigned long flags;

	spin_lock_irqsave(&q->lock, flags);
	list_del(&job->link);
	q->nr_jobs--;
	WRITE_ONCE(q->completed_seqno, job->seqno);
	WRITE_ONCE(q->status->completed_seqno, job->seqno);
	spin_unlock_irqrestore(&q->lock, flags);
	kfree(job);
	xe_cbev_queue_progress(q);
	/* Waits on the queue's completion sit on the file's event queue. */
	if (wq_has_sleeper(&q->xfile->event_wq))
		wake_up_all(&q->xfile->event_wq);
}

/**
 * xe_cbev_queue_ban() - stop a queue for good and say why
 * @q: the queue
 * @reason: DRM_XE_CBEV_BAN_*
 * @addr: where it happened
 *
 * Waits that name the queue wake and return -EIO. The first reason stays.
 */
void xe_cbev_queue_ban(struct xe_cbev_queue *q, u32 reason, u64 addr)
{
	unsigned long flags;

	spin_lock_irqsave(&q->lock, flags);
	if (!q->banned) {
		q->ban_reason = reason;
		q->fault_addr = addr;
		WRITE_ONCE(q->status->ban_reason, reason);
		WRITE_ONCE(q->status->fault_addr, addr);
		WRITE_ONCE(q->status->state, DRM_XE_CBEV_EXEC_QUEUE_STATE_BANNED);
		/* Readers that see the flag see the reason too. */
		smp_store_release(&q->banned, true);
	}
	spin_unlock_irqrestore(&q->lock, flags);

	drm_dbg_driver(&q->xfile->xdev->drm, "queue %u banned: reason %u at 0x%llx\n",
		       q->id, reason, addr);
	wake_up_all(&q->xfile->event_wq);
}

/**
 * xe_cbev_queue_user_interrupt() - MI_USER_INTERRUPT
 * @q: the queue that raised it
 *
 * Wakes every host waiter of the file, which then re-checks its values.
 */
void xe_cbev_queue_user_interrupt(struct xe_cbev_queue *q)
{
	atomic64_inc(&q->xfile->interrupts);
	wake_up_all(&q->xfile->event_wq);
}

static bool queue_hung(struct xe_cbev_queue *q)
{
	return time_after(jiffies, q->progress_at + q->hang_timeout);
}

/* Re-run after @ns, or at the hang deadline if that comes first. */
static void queue_arm_timer(struct xe_cbev_queue *q, u64 ns)
{
	long left = (long)(q->progress_at + q->hang_timeout - jiffies);
	u64 to_hang = jiffies_to_nsecs(max(left, 1L));

	hrtimer_start(&q->timer, ns_to_ktime(min(ns, to_hang) + 1),
		      HRTIMER_MODE_REL_SOFT);
}

/* The engine: one slice of one queue. */
static void queue_run(struct work_struct *work)
{
	struct xe_cbev_queue *q = container_of(work, struct xe_cbev_queue, work);
	enum xe_cbev_run run;
	s64 left;

	if (READ_ONCE(q->dead) || READ_ONCE(q->banned))
		return;

	xe_cbev_queue_unpark(q);
	hrtimer_try_to_cancel(&q->timer);

	run = xe_cbev_cs_run(q, slice[q->priority].commands, slice[q->priority].ns);
	if (run == XE_CBEV_RUN_FAULT || run == XE_CBEV_RUN_IDLE)
		return;

	/* A patient queue's wait is not a hang; it starts over when woken. */
	if (run == XE_CBEV_RUN_PARKED && q->patient_waits) {
		xe_cbev_queue_progress(q);
	} else if (queue_hung(q)) {
		xe_cbev_queue_unpark(q);
		xe_cbev_queue_ban(q, DRM_XE_CBEV_BAN_HANG, q->head);
		return;
	}

	switch (run) {
	case XE_CBEV_RUN_YIELD:
		queue_kick(q);
		break;
	case XE_CBEV_RUN_PARKED:
		if (q->park_bo && xe_cbev_bo_is_counter(q->park_bo)) {
			/* Only engines write counters: no polling needed. */
			queue_arm_timer(q, U64_MAX);
		} else {
			queue_arm_timer(q, (u64)q->poll_ms * NSEC_PER_MSEC);
			q->poll_ms = min(q->poll_ms * 2, POLL_MS_MAX);
		}
		break;
	case XE_CBEV_RUN_SPIN:
		left = ktime_to_ns(ktime_sub(q->spin_until, ktime_get()));
		queue_arm_timer(q, max_t(s64, left, 0));
		break;
	default:
		break;
	}
}

static void queue_release(struct kref *ref)
{
	struct xe_cbev_queue *q = container_of(ref, struct xe_cbev_queue, ref);
	struct iosys_map map = IOSYS_MAP_INIT_VADDR(q->status);

	drm_gem_shmem_vunmap(&q->ring_bo->shmem, &map);
	drm_vma_node_revoke(&q->ring_bo->shmem.base.vma_node, q->file);
	xe_cbev_bo_put(q->ring_bo);
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
	if (q && !READ_ONCE(q->dead))
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
static bool queue_kill(struct xe_cbev_queue *q)
{
	struct xe_cbev_job *job, *next;
	unsigned long flags;
	LIST_HEAD(jobs);
	bool first;

	spin_lock_irqsave(&q->lock, flags);
	first = !q->dead;
	q->dead = true;
	spin_unlock_irqrestore(&q->lock, flags);
	if (!first)
		return false;

	/* Nothing queues the work now; what ran may have parked or armed. */
	cancel_work_sync(&q->work);
	hrtimer_cancel(&q->timer);
	xe_cbev_queue_unpark(q);

	spin_lock_irqsave(&q->lock, flags);
	list_splice_init(&q->jobs, &jobs);
	q->nr_jobs = 0;
	spin_unlock_irqrestore(&q->lock, flags);
	list_for_each_entry_safe(job, next, &jobs, link)
		kfree(job);

	xa_erase(&q->xfile->queues, q->id);
	wake_up_all(&q->xfile->event_wq);
	return true;
}

static struct xe_cbev_queue *
queue_create(struct xe_cbev_file *xfile, struct drm_file *file,
	     const struct drm_xe_cbev_exec_queue_create *args)
{
	unsigned int timeout_ms = args->hang_timeout_ms ?:
				  clamp(hang_timeout_ms, HANG_TIMEOUT_MIN_MS, HANG_TIMEOUT_MAX_MS);
	struct xe_cbev_queue *q;
	struct iosys_map map;
	int ret;

	q = kzalloc(sizeof(*q), GFP_KERNEL);
	if (!q)
		return ERR_PTR(-ENOMEM);

	kref_init(&q->ref);
	q->xfile = xfile;
	q->file = file;
	q->vm = &xfile->vm;
	q->priority = args->priority;
	q->patient_waits = args->flags & DRM_XE_CBEV_EXEC_QUEUE_CREATE_PATIENT_WAITS;
	q->ring_size = args->ring_size;
	q->hang_timeout = msecs_to_jiffies(timeout_ms);
	spin_lock_init(&q->lock);
	INIT_LIST_HEAD(&q->jobs);
	INIT_WORK(&q->work, queue_run);
	hrtimer_init(&q->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_SOFT);
	q->timer.function = queue_timer_fn;
	init_waitqueue_func_entry(&q->park, queue_park_wake);
	xe_cbev_queue_progress(q);

	q->ring_bo = xe_cbev_bo_create(&xfile->xdev->drm, PAGE_SIZE + q->ring_size, 0);
	if (IS_ERR(q->ring_bo)) {
		ret = PTR_ERR(q->ring_bo);
		goto err_free;
	}
	ret = drm_gem_shmem_vmap(&q->ring_bo->shmem, &map);
	if (ret)
		goto err_put_bo;
	q->status = map.vaddr;
	q->ring = map.vaddr + PAGE_SIZE;

	ret = drm_vma_node_allow(&q->ring_bo->shmem.base.vma_node, file);
	if (ret)
		goto err_vunmap;
	return q;

err_vunmap:
	drm_gem_shmem_vunmap(&q->ring_bo->shmem, &map);
err_put_bo:
	xe_cbev_bo_put(q->ring_bo);
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
 * field, priority, ring size or hang timeout; -ENOSPC when the file has
 * the most queues it may; -ENOMEM.
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
	    XE_CBEV_IOCTL_DBG(xdev, args->flags & ~DRM_XE_CBEV_EXEC_QUEUE_CREATE_PATIENT_WAITS) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->pad) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->exec_queue_id || args->ring_mmap_offset) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->priority > DRM_XE_CBEV_PRIORITY_HIGH) ||
	    XE_CBEV_IOCTL_DBG(xdev, !is_power_of_2(args->ring_size)) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->ring_size < XE_CBEV_RING_SIZE_MIN ||
			      args->ring_size > XE_CBEV_RING_SIZE_MAX) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->hang_timeout_ms &&
			      (args->hang_timeout_ms < HANG_TIMEOUT_MIN_MS ||
			       args->hang_timeout_ms > HANG_TIMEOUT_MAX_MS)))
		return -EINVAL;

	q = queue_create(xfile, file, args);
	if (IS_ERR(q))
		return PTR_ERR(q);

	/* Final step: publish the queue. */
	ret = xa_alloc(&xfile->queues, &id, q, XA_LIMIT(1, XE_CBEV_MAX_QUEUES_PER_FILE),
		       GFP_KERNEL);
	if (ret) {
		xe_cbev_queue_put(q);
		return ret == -EBUSY ? -ENOSPC : ret;
	}
	q->id = id;
	args->exec_queue_id = id;
	args->ring_mmap_offset = drm_vma_node_offset_addr(&q->ring_bo->shmem.base.vma_node);
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

	spin_lock_irqsave(&q->lock, flags);
	args->state = q->banned ? DRM_XE_CBEV_EXEC_QUEUE_STATE_BANNED :
				  DRM_XE_CBEV_EXEC_QUEUE_STATE_ACTIVE;
	args->ban_reason = q->ban_reason;
	args->fault_addr = q->fault_addr;
	args->completed_seqno = q->completed_seqno;
	spin_unlock_irqrestore(&q->lock, flags);
	args->head = READ_ONCE(q->head);

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
 * address, or tail; -ENOENT for an unknown queue; -EFAULT if the batch
 * array cannot be read; -EIO for a banned queue; -EBUSY when the queue
 * has MAX_JOBS_PER_QUEUE submissions pending; -ENOMEM.
 */
int xe_cbev_queue_submit(struct xe_cbev_file *xfile,
			 const struct drm_xe_cbev_exec *args, u64 *seqno)
{
	struct xe_cbev_device *xdev = xfile->xdev;
	struct xe_cbev_job *job;
	struct xe_cbev_queue *q;
	unsigned long flags;
	u32 i;
	int ret;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->num_batches > DRM_XE_CBEV_EXEC_MAX_BATCHES) ||
	    XE_CBEV_IOCTL_DBG(xdev, !IS_ALIGNED(args->tail, 4)))
		return -EINVAL;

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

	spin_lock_irqsave(&q->lock, flags);
	/* The engine owns [head, tail); the ring never holds more. */
	if (XE_CBEV_IOCTL_DBG(xdev, args->tail < q->tail ||
			      args->tail - READ_ONCE(q->head) > q->ring_size)) {
		ret = -EINVAL;
		goto err_unlock;
	}
	if (q->dead || q->banned) {
		ret = q->dead ? -ENOENT : -EIO;
		goto err_unlock;
	}
	if (XE_CBEV_IOCTL_DBG(xdev, q->nr_jobs >= MAX_JOBS_PER_QUEUE)) {
		ret = -EBUSY;
		goto err_unlock;
	}
	if (list_empty(&q->jobs))
		xe_cbev_queue_progress(q);
	job->tail = args->tail;
	job->seqno = xe_cbev_file_next_seqno(xfile);
	/* Once queued the engine may finish and free the job at any time. */
	*seqno = job->seqno;
	list_add_tail(&job->link, &q->jobs);
	q->nr_jobs++;
	q->tail = args->tail;
	WRITE_ONCE(q->status->tail, q->tail);
	queue_work(xe_cbev_engine_wq, &q->work);
	spin_unlock_irqrestore(&q->lock, flags);

	xe_cbev_queue_put(q);
	return 0;

err_unlock:
	spin_unlock_irqrestore(&q->lock, flags);
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
 * xe_cbev_file_queues_init() - set up a file's queue table
 * @xfile: the file
 */
void xe_cbev_file_queues_init(struct xe_cbev_file *xfile)
{
	xa_init_flags(&xfile->queues, XA_FLAGS_ALLOC1);
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
		spin_lock_irqsave(&q->lock, flags);
		seq_printf(m, "  queue %u prio %u ring %u head %llu tail %llu done %llu %s%s\n",
			   q->id, q->priority, q->ring_size, READ_ONCE(q->head),
			   q->tail, q->completed_seqno,
			   q->banned ? "banned" : "active",
			   READ_ONCE(q->park_bo) ? " parked" : "");
		spin_unlock_irqrestore(&q->lock, flags);
	}
	xa_unlock(&xfile->queues);
}
