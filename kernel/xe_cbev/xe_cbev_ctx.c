// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/jiffies.h>
#include <linux/slab.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_ctx.h"
#include "xe_cbev_trace.h"
#include "xe_cbev_vm_types.h"

/**
 * DOC: engine contexts
 *
 * An engine context is what the engine executes for one exec queue: the
 * ring, the submitted jobs, and how far execution got. These are the only
 * things a backend (the command streamer) does to it: take the current
 * job and retire it, consume ring bytes, note progress for the hang
 * check, park on an object and leave it, ban, raise a user interrupt.
 * Scheduling (when the context runs) is the engine's; the exec queue
 * object and its ioctls own the context.
 */

/* The re-poll interval a parked context starts over with. */
#define POLL_MS_MIN		1

/**
 * xe_cbev_ctx_park() - wait for a write to an object
 * @ctx: the context, from its work item
 * @bo: the object; the context takes over the caller's reference. NULL
 *	for the process's own memory: engine writes to it wake the context
 */
void xe_cbev_ctx_park(struct xe_cbev_ctx *ctx, struct xe_cbev_bo *bo)
{
	xe_cbev_ctx_unpark(ctx);
	ctx->park_bo = bo;
	ctx->park_wq = bo ? xe_cbev_bo_wq(bo) : &ctx->vm->svm.wq;
	add_wait_queue(ctx->park_wq, &ctx->park);
	/*
	 * Pairs with the barrier in xe_cbev_bo_notify()'s wq_has_sleeper():
	 * either the writer sees the entry, or the re-check that follows
	 * sees the write.
	 */
	smp_mb();
}

/**
 * xe_cbev_ctx_unpark() - stop waiting for writes, if parked
 * @ctx: the context, from its work item or once its work cannot run
 */
void xe_cbev_ctx_unpark(struct xe_cbev_ctx *ctx)
{
	if (!ctx->park_wq)
		return;
	remove_wait_queue(ctx->park_wq, &ctx->park);
	if (ctx->park_bo)
		xe_cbev_bo_put(ctx->park_bo);
	ctx->park_bo = NULL;
	ctx->park_wq = NULL;
}

/**
 * xe_cbev_ctx_progress() - note forward progress, for the hang check
 * @ctx: the context
 */
void xe_cbev_ctx_progress(struct xe_cbev_ctx *ctx)
{
	ctx->progress_at = jiffies;
	ctx->turn_wait = 0;
	ctx->poll_ms = POLL_MS_MIN;
}

/**
 * xe_cbev_ctx_advance_head() - consume ring bytes
 * @ctx: the context
 * @bytes: how many
 */
void xe_cbev_ctx_advance_head(struct xe_cbev_ctx *ctx, u32 bytes)
{
	/* The submit path reads the head locklessly to check the tail. */
	WRITE_ONCE(ctx->head, ctx->head + bytes);
	/* (C): the bytes were read before user space may reuse them. */
	smp_store_release(&ctx->status->head, ctx->head);
	xe_cbev_ctx_progress(ctx);
}

/**
 * xe_cbev_ctx_current_job() - the job the engine works on
 * @ctx: the context
 *
 * Return: the oldest unfinished job, or NULL. Only the engine removes
 * jobs, so the pointer stays valid in the work item.
 */
struct xe_cbev_job *xe_cbev_ctx_current_job(struct xe_cbev_ctx *ctx)
{
	struct xe_cbev_job *job;
	unsigned long flags;

	spin_lock_irqsave(&ctx->lock, flags);
	job = list_first_entry_or_null(&ctx->jobs, struct xe_cbev_job, link);
	spin_unlock_irqrestore(&ctx->lock, flags);
	return job;
}

/**
 * xe_cbev_ctx_complete_job() - retire a finished job
 * @ctx: the context
 * @job: its current job, all executed
 */
void xe_cbev_ctx_complete_job(struct xe_cbev_ctx *ctx, struct xe_cbev_job *job)
{
	/* A direct queue's submissions are named by their tails. */
	u64 done = ctx->direct ? job->tail : job->seqno;
	unsigned long flags;

	trace_xe_cbev_job_finish(ctx, job, ctx->head);
	spin_lock_irqsave(&ctx->lock, flags);
	list_del(&job->link);
	ctx->nr_jobs--;
	WRITE_ONCE(ctx->completed_seqno, done);
	/* (D): what the job wrote is visible to whoever sees it done. */
	smp_store_release(&ctx->status->completed_seqno, done);
	spin_unlock_irqrestore(&ctx->lock, flags);
	kfree(job);
	xe_cbev_ctx_progress(ctx);
	/* Waits on the queue's completion sit on the file's event queue. */
	if (wq_has_sleeper(ctx->event_wq))
		wake_up_all(ctx->event_wq);
}

/**
 * xe_cbev_ctx_ban() - stop a context for good and say why
 * @ctx: the context
 * @reason: DRM_XE_CBEV_BAN_*
 * @addr: where it happened
 *
 * Waits that name the queue wake and return -EIO; the owner hears of the
 * first ban (&xe_cbev_ctx.banned_fn). The first reason stays.
 */
void xe_cbev_ctx_ban(struct xe_cbev_ctx *ctx, u32 reason, u64 addr)
{
	unsigned long flags;
	bool first;

	spin_lock_irqsave(&ctx->lock, flags);
	first = !ctx->banned;
	if (first) {
		ctx->ban_reason = reason;
		ctx->fault_addr = addr;
		WRITE_ONCE(ctx->status->ban_reason, reason);
		WRITE_ONCE(ctx->status->fault_addr, addr);
		/* (E): a reader of the state sees the reason and address. */
		smp_store_release(&ctx->status->state,
				  DRM_XE_CBEV_EXEC_QUEUE_STATE_BANNED);
		/* Readers that see the flag see the reason too. */
		smp_store_release(&ctx->banned, true);
		trace_xe_cbev_queue_ban(ctx, reason, addr);
	}
	spin_unlock_irqrestore(&ctx->lock, flags);
	if (first && ctx->banned_fn)
		ctx->banned_fn(ctx);

	drm_dbg_driver(ctx->drm, "queue %u banned: reason %u at 0x%llx\n",
		       ctx->id, reason, addr);
	wake_up_all(ctx->event_wq);
}

/**
 * xe_cbev_ctx_user_interrupt() - MI_USER_INTERRUPT
 * @ctx: the context that raised it
 *
 * Wakes every host waiter of the file, which then re-checks its values.
 */
void xe_cbev_ctx_user_interrupt(struct xe_cbev_ctx *ctx)
{
	atomic64_inc(ctx->interrupts);
	wake_up_all(ctx->event_wq);
}

/**
 * xe_cbev_ctx_drop_jobs() - free the jobs of a dead context
 * @ctx: the context; its backend was cancelled, so nothing executes it
 */
void xe_cbev_ctx_drop_jobs(struct xe_cbev_ctx *ctx)
{
	struct xe_cbev_job *job, *next;
	unsigned long flags;
	LIST_HEAD(jobs);

	spin_lock_irqsave(&ctx->lock, flags);
	list_splice_init(&ctx->jobs, &jobs);
	ctx->nr_jobs = 0;
	spin_unlock_irqrestore(&ctx->lock, flags);
	list_for_each_entry_safe(job, next, &jobs, link)
		kfree(job);
}
