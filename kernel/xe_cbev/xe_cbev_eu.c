// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/sched/signal.h>
#include <linux/wait.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_eu.h"

/**
 * DOC: execution units
 *
 * User kernels run on the execution units of the process that submitted
 * them: threads of that process that wait in DRM_IOCTL_XE_CBEV_EU_WAIT.
 * The kernel only hands dispatches over and holds queues meanwhile.
 *
 * When the command streamer reaches XE_CBEV_USER_DISPATCH it posts the
 * dispatch on the file's &struct xe_cbev_eu (PENDING), wakes one waiting
 * execution unit and leaves the queue held (XE_CBEV_RUN_EU: no timer but
 * the hang check). A waiter takes the oldest pending dispatch (TAKEN) and
 * later reports it; the report (DONE or FAULT) makes the queue runnable,
 * and the command, executed again, finds the result: DONE goes on, FAULT
 * bans the queue. A context has at most one dispatch in flight, since
 * its queue is held while it is.
 *
 * Every state lives in the context (&xe_cbev_ctx.eu_dispatch) under the
 * file's &xe_cbev_eu.lock; the execution units name a dispatch by queue
 * id and number, never by pointer, so a queue destroyed meanwhile is only
 * a failed lookup. Destroying a queue takes its pending dispatch off the
 * list (xe_cbev_eu_cancel()); a queue banned meanwhile (its hang timeout)
 * keeps it until a waiter meets and drops it, or the queue is destroyed.
 * Lock order: &xe_cbev_eu.lock is never held while taking
 * &xe_cbev_ctx.lock or the engine's.
 */

/**
 * xe_cbev_eu_init() - a new file has no execution units yet
 * @eu: the file's execution units
 */
void xe_cbev_eu_init(struct xe_cbev_eu *eu)
{
	spin_lock_init(&eu->lock);
	INIT_LIST_HEAD(&eu->pending);
	init_waitqueue_head(&eu->wq);
	eu->last_seqno = 0;
}

/**
 * xe_cbev_eu_poll() - where the context's user dispatch is
 * @ctx: the context, from its work item
 * @fault: set to the faulting address when it returns -EFAULT
 * @progressed: set when a running dispatch reported moving on since the
 *	last look (&DRM_XE_CBEV_EU_REPORT_PROGRESS): the caller notes the
 *	context's progress, for the hang check
 *
 * A reported dispatch is consumed: the context has none in flight after.
 *
 * Return: -ENODATA with no dispatch in flight; -EBUSY while it is pending
 * or running; 0 when reported complete; -EFAULT when reported faulted.
 */
int xe_cbev_eu_poll(struct xe_cbev_ctx *ctx, u64 *fault, bool *progressed)
{
	struct xe_cbev_eu_dispatch *d = &ctx->eu_dispatch;
	int ret;

	spin_lock(&ctx->eu->lock);
	*progressed = d->progressed;
	d->progressed = false;
	switch (d->state) {
	case XE_CBEV_EU_IDLE:
		ret = -ENODATA;
		break;
	case XE_CBEV_EU_DONE:
		d->state = XE_CBEV_EU_IDLE;
		ret = 0;
		break;
	case XE_CBEV_EU_FAULT:
		d->state = XE_CBEV_EU_IDLE;
		*fault = d->fault_addr;
		ret = -EFAULT;
		break;
	default:
		ret = -EBUSY;
		break;
	}
	spin_unlock(&ctx->eu->lock);
	return ret;
}

/**
 * xe_cbev_eu_post() - hand a dispatch to the file's execution units
 * @ctx: the context, from its work item, with no dispatch in flight
 * @cookie: the command's cookie
 * @groups: the three work-group counts, none zero
 */
void xe_cbev_eu_post(struct xe_cbev_ctx *ctx, u64 cookie, const u32 *groups)
{
	struct xe_cbev_eu_dispatch *d = &ctx->eu_dispatch;

	spin_lock(&ctx->eu->lock);
	d->state = XE_CBEV_EU_PENDING;
	d->seqno = ++ctx->eu->last_seqno;
	d->cookie = cookie;
	memcpy(d->groups, groups, sizeof(d->groups));
	d->fault_addr = 0;
	d->progressed = false;
	list_add_tail(&d->link, &ctx->eu->pending);
	spin_unlock(&ctx->eu->lock);
	wake_up(&ctx->eu->wq);
}

/**
 * xe_cbev_eu_cancel() - forget the context's dispatch
 * @ctx: a dead context that no longer runs
 *
 * Takes a pending dispatch off the file's list; a later report of a
 * taken one fails its queue lookup.
 */
void xe_cbev_eu_cancel(struct xe_cbev_ctx *ctx)
{
	struct xe_cbev_eu_dispatch *d = &ctx->eu_dispatch;

	spin_lock(&ctx->eu->lock);
	if (d->state == XE_CBEV_EU_PENDING)
		list_del(&d->link);
	d->state = XE_CBEV_EU_IDLE;
	spin_unlock(&ctx->eu->lock);
}

/*
 * The oldest pending dispatch of a live queue, taken; dispatches of
 * banned queues met on the way are dropped. Under @eu's lock.
 */
static struct xe_cbev_ctx *eu_take_locked(struct xe_cbev_eu *eu)
{
	struct xe_cbev_eu_dispatch *d, *next;

	lockdep_assert_held(&eu->lock);
	list_for_each_entry_safe(d, next, &eu->pending, link) {
		struct xe_cbev_ctx *ctx = container_of(d, struct xe_cbev_ctx,
						       eu_dispatch);

		list_del(&d->link);
		/* Pairs with the release in xe_cbev_ctx_ban(). */
		if (smp_load_acquire(&ctx->banned) || READ_ONCE(ctx->dead)) {
			d->state = XE_CBEV_EU_IDLE;
			continue;
		}
		d->state = XE_CBEV_EU_TAKEN;
		return ctx;
	}
	return NULL;
}

static bool eu_ready(struct xe_cbev_eu *eu)
{
	bool ready;

	spin_lock(&eu->lock);
	ready = eu->stopped || !list_empty(&eu->pending);
	spin_unlock(&eu->lock);
	return ready;
}

/**
 * xe_cbev_eu_take() - wait for a dispatch and take it
 * @eu: the file's execution units
 * @nonblock: return -EAGAIN rather than wait
 * @out: the dispatch's queue, number, cookie and counts
 *
 * Return: 0; -ESHUTDOWN while stopped; -EAGAIN; -ERESTARTSYS.
 */
int xe_cbev_eu_take(struct xe_cbev_eu *eu, bool nonblock,
		    struct drm_xe_cbev_eu_wait *out)
{
	struct xe_cbev_ctx *ctx;
	int ret;

	for (;;) {
		spin_lock(&eu->lock);
		if (eu->stopped) {
			spin_unlock(&eu->lock);
			return -ESHUTDOWN;
		}
		ctx = eu_take_locked(eu);
		if (ctx) {
			out->exec_queue_id = ctx->id;
			out->seqno = ctx->eu_dispatch.seqno;
			out->cookie = ctx->eu_dispatch.cookie;
			memcpy(out->groups, ctx->eu_dispatch.groups,
			       sizeof(out->groups));
			spin_unlock(&eu->lock);
			return 0;
		}
		spin_unlock(&eu->lock);
		if (nonblock)
			return -EAGAIN;
		ret = wait_event_interruptible_exclusive(eu->wq, eu_ready(eu));
		if (ret)
			return ret;
	}
}

/**
 * xe_cbev_eu_progress() - a taken dispatch moves on
 * @ctx: the dispatch's context, of the reporting file, with a reference
 * @seqno: the dispatch's number
 *
 * Noted for the context's next look (xe_cbev_eu_poll()); the queue is
 * not woken for it.
 *
 * Return: 0; -EINVAL when @seqno is not the context's taken dispatch;
 * -ECANCELED when the queue was banned or destroyed meanwhile.
 */
int xe_cbev_eu_progress(struct xe_cbev_ctx *ctx, u64 seqno)
{
	struct xe_cbev_eu_dispatch *d = &ctx->eu_dispatch;
	int ret = 0;

	spin_lock(&ctx->eu->lock);
	if (d->state != XE_CBEV_EU_TAKEN || d->seqno != seqno)
		ret = -EINVAL;
	/* Pairs with the release in xe_cbev_ctx_ban(). */
	else if (smp_load_acquire(&ctx->banned) || READ_ONCE(ctx->dead))
		ret = -ECANCELED;
	else
		d->progressed = true;
	spin_unlock(&ctx->eu->lock);
	return ret;
}

/**
 * xe_cbev_eu_report() - an execution unit finished a dispatch
 * @ctx: the dispatch's context, of the reporting file, with a reference
 * @seqno: the dispatch's number
 * @fault: it faulted at @addr
 * @addr: the faulting address
 *
 * Return: 0 (the queue goes on); -EINVAL when @seqno is not the
 * context's taken dispatch; -ECANCELED when the queue was banned or
 * destroyed meanwhile.
 */
int xe_cbev_eu_report(struct xe_cbev_ctx *ctx, u64 seqno, bool fault,
		      u64 addr)
{
	struct xe_cbev_eu_dispatch *d = &ctx->eu_dispatch;
	unsigned long flags;
	bool gone;

	spin_lock(&ctx->eu->lock);
	if (d->state != XE_CBEV_EU_TAKEN || d->seqno != seqno) {
		spin_unlock(&ctx->eu->lock);
		return -EINVAL;
	}
	/* Pairs with the release in xe_cbev_ctx_ban(). */
	gone = smp_load_acquire(&ctx->banned) || READ_ONCE(ctx->dead);
	if (gone) {
		d->state = XE_CBEV_EU_IDLE;
	} else {
		d->state = fault ? XE_CBEV_EU_FAULT : XE_CBEV_EU_DONE;
		d->fault_addr = addr;
	}
	spin_unlock(&ctx->eu->lock);
	if (gone)
		return -ECANCELED;

	/* The held queue runs again and finds the result. */
	spin_lock_irqsave(&ctx->lock, flags);
	if (!ctx->dead && !ctx->banned)
		ctx->ops->submit(ctx);
	spin_unlock_irqrestore(&ctx->lock, flags);
	return 0;
}

/**
 * xe_cbev_eu_stop() - stop or resume the file's execution units
 * @eu: the file's execution units
 * @resume: let waits work again rather than stop them
 */
void xe_cbev_eu_stop(struct xe_cbev_eu *eu, bool resume)
{
	spin_lock(&eu->lock);
	eu->stopped = !resume;
	spin_unlock(&eu->lock);
	if (!resume)
		wake_up_all(&eu->wq);
}
