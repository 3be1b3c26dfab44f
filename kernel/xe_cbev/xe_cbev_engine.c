// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/slab.h>

#include <uapi/drm/xe_cbev_cs.h>
#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_builtins.h"
#include "xe_cbev_cs.h"
#include "xe_cbev_ctx.h"
#include "xe_cbev_engine.h"

/**
 * DOC: engine and scheduling
 *
 * The engine is one ordered workqueue: each engine context (one per exec
 * queue) has a work item that executes a bounded slice of its commands
 * (more for higher priority), then queues itself again at the back if
 * there is more, so contexts take turns. A context that cannot go on
 * leaves the engine: parked on the object that holds the value its
 * semaphore waits for (any engine write to the object queues it again),
 * or asleep until its spin kernel's deadline. A parked context also
 * re-polls on a timer, from 1 ms growing to 16 ms, for memory the host
 * writes; counter pages are written by engines only, so there the timer
 * serves the hang check alone.
 *
 * Hang check: a context whose ring head has not moved, no job finished
 * and no semaphore wait that had to park was satisfied for its hang
 * timeout is banned. So one submission may run at most that long, not
 * counting time spent waiting on semaphores -- a batch that loops on
 * itself is a hang. A queue created with PATIENT_WAITS may stay parked on
 * a semaphore for as long as it takes: parking restarts its clock.
 *
 * This is the software backend of &struct xe_cbev_engine_ops: submit
 * queues the context's work, cancel takes it off the workqueue, the timer
 * and the wait queue, and dispatch runs a built-in kernel (spin only takes
 * time: the context sleeps until its deadline). The command streamer
 * (xe_cbev_cs.c) executes the commands of each slice.
 */

static unsigned int hang_timeout_ms = 10000;
module_param(hang_timeout_ms, uint, 0644);
MODULE_PARM_DESC(hang_timeout_ms,
		 "Default time a queue may make no progress before it is banned (ms)");

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
 * Runs after every file is closed, so no context's work is left.
 */
void xe_cbev_engine_fini(void)
{
	destroy_workqueue(xe_cbev_engine_wq);
}

/**
 * xe_cbev_engine_default_hang_timeout_ms() - the hang timeout of a queue
 * created without one
 *
 * Return: the hang_timeout_ms module parameter, within the bounds.
 */
unsigned int xe_cbev_engine_default_hang_timeout_ms(void)
{
	return clamp(hang_timeout_ms, XE_CBEV_HANG_TIMEOUT_MIN_MS,
		     XE_CBEV_HANG_TIMEOUT_MAX_MS);
}

/* Queue the context's work unless it is dead or banned. Any context. */
static void ctx_kick(struct xe_cbev_ctx *ctx)
{
	unsigned long flags;

	spin_lock_irqsave(&ctx->lock, flags);
	if (!ctx->dead && !ctx->banned)
		queue_work(xe_cbev_engine_wq, &ctx->work);
	spin_unlock_irqrestore(&ctx->lock, flags);
}

static int ctx_park_wake(struct wait_queue_entry *wait, unsigned int mode,
			 int sync, void *key)
{
	ctx_kick(container_of(wait, struct xe_cbev_ctx, park));
	return 0;
}

static enum hrtimer_restart ctx_timer_fn(struct hrtimer *timer)
{
	ctx_kick(container_of(timer, struct xe_cbev_ctx, timer));
	return HRTIMER_NORESTART;
}

static bool ctx_hung(struct xe_cbev_ctx *ctx)
{
	return time_after(jiffies, ctx->progress_at + ctx->hang_timeout);
}

/* Re-run after @ns, or at the hang deadline if that comes first. */
static void ctx_arm_timer(struct xe_cbev_ctx *ctx, u64 ns)
{
	long left = (long)(ctx->progress_at + ctx->hang_timeout - jiffies);
	u64 to_hang = jiffies_to_nsecs(max(left, 1L));

	hrtimer_start(&ctx->timer, ns_to_ktime(min(ns, to_hang) + 1),
		      HRTIMER_MODE_REL_SOFT);
}

/* The engine: one slice of one context. */
static void ctx_run(struct work_struct *work)
{
	struct xe_cbev_ctx *ctx = container_of(work, struct xe_cbev_ctx, work);
	enum xe_cbev_run run;
	s64 left;

	if (READ_ONCE(ctx->dead) || READ_ONCE(ctx->banned))
		return;

	xe_cbev_ctx_unpark(ctx);
	hrtimer_try_to_cancel(&ctx->timer);

	run = xe_cbev_cs_run(ctx, slice[ctx->priority].commands,
			     slice[ctx->priority].ns);
	if (run == XE_CBEV_RUN_FAULT || run == XE_CBEV_RUN_IDLE)
		return;

	/* A patient context's wait is not a hang; it starts over when woken. */
	if (run == XE_CBEV_RUN_PARKED && ctx->patient_waits) {
		xe_cbev_ctx_progress(ctx);
	} else if (ctx_hung(ctx)) {
		xe_cbev_ctx_unpark(ctx);
		xe_cbev_ctx_ban(ctx, DRM_XE_CBEV_BAN_HANG, ctx->head);
		return;
	}

	switch (run) {
	case XE_CBEV_RUN_YIELD:
		ctx_kick(ctx);
		break;
	case XE_CBEV_RUN_PARKED:
		if (ctx->park_bo && xe_cbev_bo_is_counter(ctx->park_bo)) {
			/* Only engines write counters: no polling needed. */
			ctx_arm_timer(ctx, U64_MAX);
		} else {
			ctx_arm_timer(ctx, (u64)ctx->poll_ms * NSEC_PER_MSEC);
			ctx->poll_ms = min(ctx->poll_ms * 2, POLL_MS_MAX);
		}
		break;
	case XE_CBEV_RUN_SPIN:
		left = ktime_to_ns(ktime_sub(ctx->spin_until, ktime_get()));
		ctx_arm_timer(ctx, max_t(s64, left, 0));
		break;
	default:
		break;
	}
}

/* &xe_cbev_engine_ops.submit: under the context's lock. */
static void sw_submit(struct xe_cbev_ctx *ctx)
{
	lockdep_assert_held(&ctx->lock);
	queue_work(xe_cbev_engine_wq, &ctx->work);
}

/* &xe_cbev_engine_ops.cancel: the context is dead, nothing queues its work. */
static void sw_cancel(struct xe_cbev_ctx *ctx)
{
	/* What ran may have parked or armed the timer. */
	cancel_work_sync(&ctx->work);
	hrtimer_cancel(&ctx->timer);
	xe_cbev_ctx_unpark(ctx);
}

/* &xe_cbev_engine_ops.dispatch: the built-in kernels. */
static int sw_dispatch(struct xe_cbev_ctx *ctx, u32 kernel, const u64 *args,
		       u64 *fault)
{
	if (kernel == XE_CBEV_BUILTIN_SPIN) {
		ktime_t now = ktime_get();

		/* First visit starts the clock; the context sleeps till then. */
		if (!ctx->spin_until) {
			ctx->spin_until = ktime_add_ns(now, min_t(u64, args[0],
								  KTIME_MAX / 2));
			return -EBUSY;
		}
		if (ktime_before(now, ctx->spin_until))
			return -EBUSY;
		ctx->spin_until = 0;
		return 0;
	}
	return xe_cbev_builtin_run(ctx->vm, kernel, args, ctx->scratch, fault);
}

static const struct xe_cbev_engine_ops xe_cbev_sw_engine_ops = {
	.submit = sw_submit,
	.cancel = sw_cancel,
	.dispatch = sw_dispatch,
};

/**
 * xe_cbev_engine_ctx_init() - set a new context up on the engine
 * @ctx: the context, zeroed, with its ring and settings filled in
 *
 * Gives the context the software backend, its work item, timer and
 * wait queue entry and the built-in kernels' scratch buffer (charged to
 * the caller's memory cgroup), and starts its hang clock.
 *
 * Return: 0 or -ENOMEM.
 */
int xe_cbev_engine_ctx_init(struct xe_cbev_ctx *ctx)
{
	ctx->scratch = kmalloc(XE_CBEV_BUILTIN_SCRATCH_SIZE, GFP_KERNEL_ACCOUNT);
	if (!ctx->scratch)
		return -ENOMEM;
	ctx->ops = &xe_cbev_sw_engine_ops;
	spin_lock_init(&ctx->lock);
	INIT_LIST_HEAD(&ctx->jobs);
	INIT_WORK(&ctx->work, ctx_run);
	hrtimer_init(&ctx->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_SOFT);
	ctx->timer.function = ctx_timer_fn;
	init_waitqueue_func_entry(&ctx->park, ctx_park_wake);
	xe_cbev_ctx_progress(ctx);
	return 0;
}

/**
 * xe_cbev_engine_ctx_fini() - free what xe_cbev_engine_ctx_init() allocated
 * @ctx: the context, cancelled or never submitted to
 */
void xe_cbev_engine_ctx_fini(struct xe_cbev_ctx *ctx)
{
	kfree(ctx->scratch);
	ctx->scratch = NULL;
}
