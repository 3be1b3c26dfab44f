// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/sizes.h>
#include <linux/slab.h>

#include <uapi/drm/xe_cbev_cs.h>
#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_builtins.h"
#include "xe_cbev_streamer.h"
#include "xe_cbev_ctx.h"
#include "xe_cbev_direct.h"
#include "xe_cbev_engine.h"

/**
 * DOC: engine and scheduling
 *
 * Each device has an engine of its own (&struct xe_cbev_engine), which
 * executes one context (one per exec queue) at a time, a bounded slice of
 * its commands at a time, on one work item of an ordered workqueue of its
 * own; the devices of one module load share nothing of it, so one
 * device's load does not delay another's. It takes turns fairly: round robin between clients
 * (open files) that have a context to run, and within a client round
 * robin between its runnable contexts. A context whose slice ends with
 * more to do goes to the back of its client's turn, and the client to the
 * back of the engine's; so with F busy files, another file's work waits
 * at most F - 1 slices, however many queues each file has.
 *
 * A slice is bounded by commands, by time (checked between commands) and
 * by work: built-in kernels move at most the slice's byte budget, and a
 * dispatch that would move more is split -- it stops when the budget is
 * spent and goes on in the context's next slice. So no single dispatch
 * holds the engine: a 1 GiB fill takes its turns with everyone else. The
 * bounds grow with the queue's priority (low, normal, high: 128, 512,
 * 2048 commands; 1, 2, 4 ms; 256 KiB, 1 MiB, 4 MiB), which weights the
 * turns.
 *
 * A context that cannot go on leaves the engine: held while the
 * execution units run its user dispatch (their report makes it runnable
 * again; the dispatch's time counts toward the hang timeout, patient or
 * not), parked on the object
 * that holds the value its semaphore waits for (any engine write to the
 * object makes it runnable again), or asleep until its spin kernel's
 * deadline. A parked context also re-polls on a timer, from 1 ms growing
 * to 16 ms, for memory the host writes; counter pages are written by
 * engines only, so there the timer serves the hang check alone.
 *
 * Hang check: a context whose ring head has not moved, no job finished
 * and no semaphore wait that had to park was satisfied for its hang
 * timeout is banned. Time it spent runnable but waiting for its turn
 * (other files' and queues' slices) does not count, so a long dispatch
 * split across many slices is not a hang because others had work too. So
 * one submission may run at most that long on the engine, not counting
 * time spent waiting on semaphores -- a batch that loops on itself, on
 * large dispatches or not, is a hang. A queue created with
 * PATIENT_WAITS may stay parked on a semaphore for as long as it takes:
 * parking restarts its clock.
 *
 * Direct queues (xe_cbev_direct.c) read their tail from the status page:
 * each slice starts by taking what user space published, and a queue
 * that ran dry re-polls on its timer for a short idle window, then sleeps
 * until its doorbell. Polls are turns like any other; a dry queue is not
 * hung.
 *
 * This is the software backend of &struct xe_cbev_engine_ops: submit
 * makes the context runnable, cancel takes it out of the turns, off the
 * timer and the wait queue (waiting for a slice in progress), and
 * dispatch runs a built-in kernel (spin only takes time: the context
 * sleeps until its deadline). The command streamer (xe_cbev_streamer.c)
 * executes the commands of each slice.
 */

static unsigned int hang_timeout_ms = 10000;
module_param(hang_timeout_ms, uint, 0644);
MODULE_PARM_DESC(hang_timeout_ms,
		 "Default time a queue may make no progress before it is banned (ms)");

#define POLL_MS_MAX		16

/* Commands, bytes of built-in kernels and time per slice, by priority. */
static const struct {
	unsigned int commands;
	u64 bytes;
	u64 ns;
} slice[] = {
	[DRM_XE_CBEV_PRIORITY_LOW] = { 128, SZ_256K, 1 * NSEC_PER_MSEC },
	[DRM_XE_CBEV_PRIORITY_NORMAL] = { 512, SZ_1M, 2 * NSEC_PER_MSEC },
	[DRM_XE_CBEV_PRIORITY_HIGH] = { 2048, SZ_4M, 4 * NSEC_PER_MSEC },
};

static void engine_run(struct work_struct *work);

/**
 * xe_cbev_engine_init() - set a device's engine up
 * @engine: the engine, embedded in the device
 * @index: the device's index, which names the workqueue
 *
 * Return: 0 or -ENOMEM.
 */
int xe_cbev_engine_init(struct xe_cbev_engine *engine, unsigned int index)
{
	engine->wq = alloc_ordered_workqueue("xe_cbev_engine%u", 0, index);
	if (!engine->wq)
		return -ENOMEM;
	INIT_WORK(&engine->work, engine_run);
	spin_lock_init(&engine->lock);
	INIT_LIST_HEAD(&engine->clients);
	init_waitqueue_head(&engine->idle);
	atomic64_set(&engine->slices, 0);
	return 0;
}

/**
 * xe_cbev_engine_fini() - destroy a device's engine
 * @engine: the engine
 *
 * Runs after every file of the device is closed, so no context is left to
 * run; work still deferred to the engine runs first.
 */
void xe_cbev_engine_fini(struct xe_cbev_engine *engine)
{
	destroy_workqueue(engine->wq);
}

/**
 * xe_cbev_engine_client_init() - a new file has no context to run
 * @client: the file's place in the engine's turns
 * @engine: the engine of the file's device
 */
void xe_cbev_engine_client_init(struct xe_cbev_engine_client *client,
				struct xe_cbev_engine *engine)
{
	client->engine = engine;
	INIT_LIST_HEAD(&client->link);
	INIT_LIST_HEAD(&client->runnable);
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

/*
 * Make the context runnable: at the back of its client's turn, and the
 * client at the back of the engine's if it was not waiting already. A
 * context kicked while its slice runs goes back once the slice ends.
 */
static void sched_enqueue_locked(struct xe_cbev_ctx *ctx)
{
	struct xe_cbev_engine_client *client = ctx->client;
	struct xe_cbev_engine *engine = ctx->engine;

	lockdep_assert_held(&engine->lock);
	if (ctx->running) {
		ctx->kicked = true;
		return;
	}
	if (ctx->queued)
		return;
	ctx->queued = true;
	ctx->queued_at = jiffies;
	list_add_tail(&ctx->run_link, &client->runnable);
	if (list_empty(&client->link))
		list_add_tail(&client->link, &engine->clients);
	queue_work(engine->wq, &engine->work);
}

/* Take the context out of the turns. */
static void sched_dequeue_locked(struct xe_cbev_ctx *ctx)
{
	lockdep_assert_held(&ctx->engine->lock);
	if (!ctx->queued)
		return;
	list_del_init(&ctx->run_link);
	ctx->queued = false;
	if (list_empty(&ctx->client->runnable))
		list_del_init(&ctx->client->link);
}

/*
 * The next context to run: the first client's first context. The client
 * goes to the back of the turns; the context leaves its client's list
 * while it runs.
 */
static struct xe_cbev_ctx *sched_pick(struct xe_cbev_engine *engine)
{
	struct xe_cbev_engine_client *client;
	struct xe_cbev_ctx *ctx = NULL;

	spin_lock_irq(&engine->lock);
	client = list_first_entry_or_null(&engine->clients,
					  struct xe_cbev_engine_client, link);
	if (client) {
		ctx = list_first_entry(&client->runnable, struct xe_cbev_ctx,
				       run_link);
		sched_dequeue_locked(ctx);
		ctx->running = true;
		ctx->turn_wait += jiffies - ctx->queued_at;
		if (!list_empty(&client->link))
			list_move_tail(&client->link, &engine->clients);
	}
	spin_unlock_irq(&engine->lock);
	return ctx;
}

/* The slice ended: runnable again if it yielded or was kicked meanwhile. */
static void sched_slice_done(struct xe_cbev_ctx *ctx, bool again)
{
	struct xe_cbev_engine *engine = ctx->engine;
	unsigned long flags;

	spin_lock_irqsave(&ctx->lock, flags);
	spin_lock(&engine->lock);
	ctx->running = false;
	if ((again || ctx->kicked) && !ctx->dead && !ctx->banned)
		sched_enqueue_locked(ctx);
	ctx->kicked = false;
	spin_unlock(&engine->lock);
	spin_unlock_irqrestore(&ctx->lock, flags);
	/* From here a cancel may free the context: @engine is the device's. */
	wake_up_all(&engine->idle);
}

static bool ctx_running(struct xe_cbev_ctx *ctx)
{
	bool running;

	spin_lock_irq(&ctx->engine->lock);
	running = ctx->running;
	spin_unlock_irq(&ctx->engine->lock);
	return running;
}

/* Make the context runnable unless it is dead or banned. Any context. */
static void ctx_kick(struct xe_cbev_ctx *ctx)
{
	unsigned long flags;

	spin_lock_irqsave(&ctx->lock, flags);
	if (!ctx->dead && !ctx->banned) {
		spin_lock(&ctx->engine->lock);
		sched_enqueue_locked(ctx);
		spin_unlock(&ctx->engine->lock);
	}
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

static enum hrtimer_restart ctx_direct_timer_fn(struct hrtimer *timer)
{
	ctx_kick(container_of(timer, struct xe_cbev_ctx, direct_timer));
	return HRTIMER_NORESTART;
}

/* When the context is hung unless it makes progress first. */
static unsigned long ctx_hang_deadline(struct xe_cbev_ctx *ctx)
{
	return ctx->progress_at + ctx->turn_wait + ctx->hang_timeout;
}

static bool ctx_hung(struct xe_cbev_ctx *ctx)
{
	return time_after(jiffies, ctx_hang_deadline(ctx));
}

/* Re-run after @ns, or at the hang deadline if that comes first. */
static void ctx_arm_timer(struct xe_cbev_ctx *ctx, u64 ns)
{
	long left = (long)(ctx_hang_deadline(ctx) - jiffies);
	u64 to_hang = jiffies_to_nsecs(max(left, 1L));

	hrtimer_start(&ctx->timer, ns_to_ktime(min(ns, to_hang) + 1),
		      HRTIMER_MODE_REL_SOFT);
}

/* A direct queue ran dry: run, poll on the timer, or sleep. */
static bool ctx_direct_dry(struct xe_cbev_ctx *ctx)
{
	switch (xe_cbev_direct_dry(ctx)) {
	case XE_CBEV_DIRECT_RUN:
		return true;
	case XE_CBEV_DIRECT_POLL:
		hrtimer_start(&ctx->direct_timer,
			      ns_to_ktime(xe_cbev_direct_poll_ns()),
			      HRTIMER_MODE_REL);
		return false;
	default:
		return false;
	}
}

/* One slice of one context; true if it has more to do at once. */
static bool ctx_slice(struct xe_cbev_ctx *ctx)
{
	enum xe_cbev_run run;
	s64 left;

	if (READ_ONCE(ctx->dead) || READ_ONCE(ctx->banned))
		return false;

	xe_cbev_ctx_unpark(ctx);
	hrtimer_try_to_cancel(&ctx->timer);

	if (ctx->direct)
		xe_cbev_direct_begin(ctx);

	ctx->slice_bytes = slice[ctx->priority].bytes;
	run = xe_cbev_cs_run(ctx, slice[ctx->priority].commands,
			     slice[ctx->priority].ns);
	if (run == XE_CBEV_RUN_IDLE && ctx->direct)
		return ctx_direct_dry(ctx);
	if (run == XE_CBEV_RUN_FAULT || run == XE_CBEV_RUN_IDLE)
		return false;

	/* A patient context's wait is not a hang; it starts over when woken. */
	if (run == XE_CBEV_RUN_PARKED && ctx->patient_waits) {
		xe_cbev_ctx_progress(ctx);
	} else if (ctx_hung(ctx)) {
		xe_cbev_ctx_unpark(ctx);
		xe_cbev_ctx_ban(ctx, DRM_XE_CBEV_BAN_HANG, ctx->head);
		return false;
	}

	switch (run) {
	case XE_CBEV_RUN_YIELD:
		return true;
	case XE_CBEV_RUN_PARKED:
		if (ctx->park_bo && xe_cbev_bo_is_counter(ctx->park_bo)) {
			/* Only engines write counters: no polling needed. */
			ctx_arm_timer(ctx, U64_MAX);
		} else {
			ctx_arm_timer(ctx, (u64)ctx->poll_ms * NSEC_PER_MSEC);
			ctx->poll_ms = min(ctx->poll_ms * 2, POLL_MS_MAX);
		}
		break;
	case XE_CBEV_RUN_EU:
		/* The report makes it runnable; the timer is the hang check. */
		ctx_arm_timer(ctx, U64_MAX);
		break;
	case XE_CBEV_RUN_SPIN:
		left = ktime_to_ns(ktime_sub(ctx->spin_until, ktime_get()));
		ctx_arm_timer(ctx, max_t(s64, left, 0));
		break;
	default:
		break;
	}
	return false;
}

/* The engine's work item: one slice of the context whose turn it is. */
static void engine_run(struct work_struct *work)
{
	struct xe_cbev_engine *engine =
		container_of(work, struct xe_cbev_engine, work);
	struct xe_cbev_ctx *ctx = sched_pick(engine);
	bool more;

	if (!ctx)
		return;
	atomic64_inc(&engine->slices);
	sched_slice_done(ctx, ctx_slice(ctx));

	/* One slice per run, so that the worker does not hold its CPU. */
	spin_lock_irq(&engine->lock);
	more = !list_empty(&engine->clients);
	spin_unlock_irq(&engine->lock);
	if (more)
		queue_work(engine->wq, &engine->work);
}

/* &xe_cbev_engine_ops.submit: under the context's lock. */
static void sw_submit(struct xe_cbev_ctx *ctx)
{
	lockdep_assert_held(&ctx->lock);
	spin_lock(&ctx->engine->lock);
	sched_enqueue_locked(ctx);
	spin_unlock(&ctx->engine->lock);
}

/* &xe_cbev_engine_ops.cancel: the context is dead, nothing makes it runnable. */
static void sw_cancel(struct xe_cbev_ctx *ctx)
{
	spin_lock_irq(&ctx->engine->lock);
	sched_dequeue_locked(ctx);
	spin_unlock_irq(&ctx->engine->lock);
	wait_event(ctx->engine->idle, !ctx_running(ctx));
	/* What ran may have parked or armed the timers. */
	hrtimer_cancel(&ctx->timer);
	hrtimer_cancel(&ctx->direct_timer);
	xe_cbev_ctx_unpark(ctx);
}

/*
 * A built-in kernel, within the slice's byte budget. The same command
 * fetched again at the same place goes on where it stopped; anything else
 * starts a dispatch of its own.
 */
static int sw_dispatch_builtin(struct xe_cbev_ctx *ctx, u32 kernel,
			       const u64 *args, u64 *fault)
{
	struct xe_cbev_dispatch *d = &ctx->dispatch;
	u64 at = ctx->depth ? ctx->pc[ctx->depth] : ctx->head;

	if (d->state.active &&
	    (d->at != at || d->depth != ctx->depth || d->kernel != kernel ||
	     memcmp(d->args, args, sizeof(d->args))))
		d->state.active = false;
	if (!d->state.active) {
		d->at = at;
		d->depth = ctx->depth;
		d->kernel = kernel;
		memcpy(d->args, args, sizeof(d->args));
	}
	return xe_cbev_builtin_run(ctx->vm, kernel, args, &d->state,
				   &ctx->slice_bytes, fault);
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

	return sw_dispatch_builtin(ctx, kernel, args, fault);
}

static const struct xe_cbev_engine_ops xe_cbev_sw_engine_ops = {
	.submit = sw_submit,
	.cancel = sw_cancel,
	.dispatch = sw_dispatch,
};

/**
 * xe_cbev_engine_defer() - run work on the workqueue of a context's engine
 * @ctx: the context
 * @work: the work; any context
 *
 * For what a ban must do in process context. Module unload destroys the
 * workqueue after every file closed, running what is still queued first.
 */
void xe_cbev_engine_defer(struct xe_cbev_ctx *ctx, struct work_struct *work)
{
	queue_work(ctx->engine->wq, work);
}

/**
 * xe_cbev_engine_ctx_init() - set a new context up on the engine
 * @ctx: the context, zeroed, with its ring, settings and client filled in
 *
 * Gives the context the software backend, its client's engine, its place
 * in the turns, timer and wait queue entry and the built-in kernels'
 * scratch buffer (charged to the caller's memory cgroup), and starts its
 * hang clock.
 *
 * Return: 0 or -ENOMEM.
 */
int xe_cbev_engine_ctx_init(struct xe_cbev_ctx *ctx)
{
	ctx->dispatch.state.buf = kmalloc(XE_CBEV_BUILTIN_SCRATCH_SIZE,
					  GFP_KERNEL_ACCOUNT);
	if (!ctx->dispatch.state.buf)
		return -ENOMEM;
	ctx->ops = &xe_cbev_sw_engine_ops;
	ctx->engine = ctx->client->engine;
	spin_lock_init(&ctx->lock);
	INIT_LIST_HEAD(&ctx->jobs);
	INIT_LIST_HEAD(&ctx->run_link);
	hrtimer_init(&ctx->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_SOFT);
	ctx->timer.function = ctx_timer_fn;
	hrtimer_init(&ctx->direct_timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	ctx->direct_timer.function = ctx_direct_timer_fn;
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
	kfree(ctx->dispatch.state.buf);
	ctx->dispatch.state.buf = NULL;
}
