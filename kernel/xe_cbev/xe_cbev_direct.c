// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/build_bug.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/stddef.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_ctx.h"
#include "xe_cbev_direct.h"
#include "xe_cbev_trace.h"

/**
 * DOC: direct submission
 *
 * A direct queue's tail is the one user space publishes in the status
 * page (&drm_xe_cbev_ring_status.user_tail); the protocol and its barrier
 * pairs are in the uAPI header. This file is the kernel's half:
 *
 * - xe_cbev_direct_fetch() takes what user space published: one load of
 *   the tail, checked as the exec ioctl checks a tail, becomes a job
 *   numbered from the file's submissions like any other, up to
 *   XE_CBEV_MAX_JOBS_PER_QUEUE pending (the rest waits in the ring). The
 *   engine calls it at the start of each of the queue's slices and while
 *   it polls; the doorbell ioctl calls it too, under the same lock.
 * - xe_cbev_direct_reserve() is what a counter free, which must see every
 *   submission made before it, does instead: under a spinlock, so it
 *   allocates nothing and cannot fail. It takes a number for what was
 *   published and not taken yet; the fetch that takes it uses that
 *   number, and until then the file counts it as not retired.
 * - The flag is the engine's and the doorbell's to write (one bit, no
 *   lock): it is cleared only where a look at the tail is still to come
 *   (at a slice's start, before the doorbell makes the queue runnable,
 *   when the last look found work), and set only right before the last
 *   look. So whenever it is clear the engine will read the tail again.
 * - xe_cbev_direct_dry() decides what a queue that ran out of work does:
 *   run what arrived meanwhile, poll again after direct_poll_us, or --
 *   once it has been dry for direct_idle_us -- set NEED_WAKEUP, re-read
 *   the tail, and sleep until the doorbell. A sleeping queue has no
 *   timer and no work item: an idle device costs no CPU.
 *
 * Polling is a timer that makes the queue runnable, so it takes its turn
 * with every other queue and file (the fair scheduler's rules hold), and
 * a dry queue is idle, not hung: the hang clock starts with its next job.
 */

static unsigned int direct_idle_us = 1000;
module_param(direct_idle_us, uint, 0644);
MODULE_PARM_DESC(direct_idle_us,
		 "How long a direct queue that ran dry is polled before it sleeps (us)");

static unsigned int direct_poll_us = 20;
module_param(direct_poll_us, uint, 0644);
MODULE_PARM_DESC(direct_poll_us,
		 "How often the engine reads an awake direct queue's tail (us)");

/* The status page is shared with user space: its layout is uAPI. */
static_assert(offsetof(struct drm_xe_cbev_ring_status, head) == 0);
static_assert(offsetof(struct drm_xe_cbev_ring_status, tail) == 8);
static_assert(offsetof(struct drm_xe_cbev_ring_status, completed_seqno) == 16);
static_assert(offsetof(struct drm_xe_cbev_ring_status, state) == 24);
static_assert(offsetof(struct drm_xe_cbev_ring_status, ban_reason) == 28);
static_assert(offsetof(struct drm_xe_cbev_ring_status, fault_addr) == 32);
static_assert(offsetof(struct drm_xe_cbev_ring_status, flags) == 40);
static_assert(offsetof(struct drm_xe_cbev_ring_status, user_tail) == 64);
static_assert(sizeof(struct drm_xe_cbev_ring_status) == 72);

/**
 * xe_cbev_direct_poll_ns() - the polling period of an awake direct queue
 *
 * Return: the direct_poll_us module parameter in ns, 1 us to 1 s.
 */
u64 xe_cbev_direct_poll_ns(void)
{
	return (u64)clamp(direct_poll_us, 1U, USEC_PER_SEC) * NSEC_PER_USEC;
}

/**
 * xe_cbev_direct_fetch() - take the tail user space published
 * @ctx: a direct queue's context
 * @gfp: how to allocate the job (the engine and spinlock holders may not
 *	sleep)
 *
 * Reads &drm_xe_cbev_ring_status.user_tail once and, if it moved, makes
 * the bytes up to it a job and the context runnable; a bad tail bans the
 * queue with DRM_XE_CBEV_BAN_BAD_TAIL.
 *
 * Return: 1 if a job was added; 0 if nothing new (or the queue is dead
 * or banned); -EIO if the tail was bad; -ENOMEM (try again later).
 */
int xe_cbev_direct_fetch(struct xe_cbev_ctx *ctx, gfp_t gfp)
{
	struct drm_xe_cbev_ring_status *st = ctx->status;
	struct xe_cbev_job *job;
	unsigned long flags;
	u64 tail;

	/* Hints only, to poll without allocating; the fetch is below. */
	if (READ_ONCE(st->user_tail) == READ_ONCE(ctx->tail) &&
	    !READ_ONCE(ctx->direct_reserved))
		return 0;
	if (READ_ONCE(ctx->nr_jobs) >= XE_CBEV_MAX_JOBS_PER_QUEUE)
		return 0;
	job = kzalloc(sizeof(*job), gfp);
	if (!job)
		return -ENOMEM;

	spin_lock_irqsave(&ctx->lock, flags);
	/* The one fetch: pairs with user space's release store (A). */
	tail = smp_load_acquire(&st->user_tail);
	/* A reservation for a tail user space took back covers nothing. */
	if (tail == ctx->tail)
		ctx->direct_reserved = 0;
	if (tail == ctx->tail || ctx->dead || ctx->banned ||
	    ctx->nr_jobs >= XE_CBEV_MAX_JOBS_PER_QUEUE) {
		spin_unlock_irqrestore(&ctx->lock, flags);
		kfree(job);
		return 0;
	}
	if (!xe_cbev_ctx_tail_ok(ctx, tail)) {
		spin_unlock_irqrestore(&ctx->lock, flags);
		kfree(job);
		xe_cbev_ctx_ban(ctx, DRM_XE_CBEV_BAN_BAD_TAIL, tail);
		return -EIO;
	}
	if (list_empty(&ctx->jobs))
		xe_cbev_ctx_progress(ctx);
	job->tail = tail;
	job->seqno = ctx->direct_reserved ?: atomic64_inc_return(ctx->file_seqno);
	ctx->direct_reserved = 0;
	list_add_tail(&job->link, &ctx->jobs);
	ctx->nr_jobs++;
	trace_xe_cbev_job_submit(ctx, job, ctx->tail);
	ctx->tail = tail;
	WRITE_ONCE(st->tail, tail);
	ctx->ops->submit(ctx);
	spin_unlock_irqrestore(&ctx->lock, flags);
	return 1;
}

/**
 * xe_cbev_direct_reserve() - number what user space published, for a flush
 * @ctx: a direct queue's context
 *
 * If user space published a tail the engine has not taken, the queue
 * gets a submission number for it now, which the fetch that takes it
 * will use; a number reserved already covers later tails too (they become
 * the same job). Allocates nothing, so a caller under a spinlock cannot
 * miss a submission.
 *
 * Context: any; takes the context's lock.
 */
void xe_cbev_direct_reserve(struct xe_cbev_ctx *ctx)
{
	unsigned long flags;
	u64 tail;

	spin_lock_irqsave(&ctx->lock, flags);
	/* Pairs with user space's release store (A), as the fetch does. */
	tail = smp_load_acquire(&ctx->status->user_tail);
	if (!ctx->direct_reserved && !ctx->dead && !ctx->banned &&
	    tail != ctx->tail) {
		ctx->direct_reserved = atomic64_inc_return(ctx->file_seqno);
		/* Runnable: its next slice takes the tail (no allocation). */
		ctx->ops->submit(ctx);
	}
	spin_unlock_irqrestore(&ctx->lock, flags);
}

/**
 * xe_cbev_direct_doorbell() - the doorbell ioctl's work
 * @ctx: a direct queue's context
 *
 * Takes the published tail, clears NEED_WAKEUP and makes the queue
 * runnable, in that order: so appends made while the engine is on its way
 * need no doorbell of their own, and every clear of the flag is followed
 * by a slice that reads the tail again (the flag's rule: clear only while
 * a look at the tail is still to come).
 *
 * Return: 0; -EIO if the tail was bad; -ENOMEM.
 */
int xe_cbev_direct_doorbell(struct xe_cbev_ctx *ctx)
{
	unsigned long flags;
	int ret;

	ret = xe_cbev_direct_fetch(ctx, GFP_KERNEL_ACCOUNT);
	if (ret < 0)
		return ret;
	spin_lock_irqsave(&ctx->lock, flags);
	if (!ctx->dead && !ctx->banned) {
		WRITE_ONCE(ctx->status->flags, 0);
		ctx->ops->submit(ctx);
	}
	spin_unlock_irqrestore(&ctx->lock, flags);
	return 0;
}

/**
 * xe_cbev_direct_begin() - a direct queue's slice starts
 * @ctx: the context, from its slice
 *
 * The engine is awake for the queue: NEED_WAKEUP goes, and what user
 * space published meanwhile becomes a job.
 */
void xe_cbev_direct_begin(struct xe_cbev_ctx *ctx)
{
	struct drm_xe_cbev_ring_status *st = ctx->status;

	if (READ_ONCE(st->flags) & DRM_XE_CBEV_RING_NEED_WAKEUP)
		WRITE_ONCE(st->flags, 0);
	xe_cbev_direct_fetch(ctx, GFP_NOWAIT | __GFP_NOWARN | __GFP_ACCOUNT);
	if (xe_cbev_ctx_current_job(ctx))
		ctx->direct_dry_at = 0;
}

/**
 * xe_cbev_direct_dry() - a direct queue ran out of work
 * @ctx: the context, from its slice
 *
 * Return: what the engine does with it: run it again at once (user space
 * published more), poll it again after xe_cbev_direct_poll_ns(), or let
 * it sleep (NEED_WAKEUP is set, or the queue is banned).
 */
enum xe_cbev_direct_next xe_cbev_direct_dry(struct xe_cbev_ctx *ctx)
{
	struct drm_xe_cbev_ring_status *st = ctx->status;
	ktime_t now = ktime_get();
	int ret;

	ret = xe_cbev_direct_fetch(ctx, GFP_NOWAIT | __GFP_NOWARN | __GFP_ACCOUNT);
	if (ret > 0) {
		ctx->direct_dry_at = 0;
		return XE_CBEV_DIRECT_RUN;
	}
	if (ret == -EIO)
		return XE_CBEV_DIRECT_SLEEP;
	if (!ctx->direct_dry_at)
		ctx->direct_dry_at = now;
	if (ret == -ENOMEM ||
	    ktime_us_delta(now, ctx->direct_dry_at) < direct_idle_us)
		return XE_CBEV_DIRECT_POLL;

	/* Sleep, unless a tail came meanwhile: (B') then (A'), see the uAPI. */
	WRITE_ONCE(st->flags, DRM_XE_CBEV_RING_NEED_WAKEUP);
	/* (B'): the flag store before the tail load; pairs with user's (B). */
	smp_mb();
	ret = xe_cbev_direct_fetch(ctx, GFP_NOWAIT | __GFP_NOWARN | __GFP_ACCOUNT);
	if (ret == 0 || ret == -EIO)
		return XE_CBEV_DIRECT_SLEEP;
	WRITE_ONCE(st->flags, 0);
	if (ret == -ENOMEM)
		return XE_CBEV_DIRECT_POLL;
	ctx->direct_dry_at = 0;
	return XE_CBEV_DIRECT_RUN;
}
