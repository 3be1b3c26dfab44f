// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/cred.h>
#include <linux/hashtable.h>
#include <linux/module.h>
#include <linux/slab.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_async_wait.h"
#include "xe_cbev_cond.h"
#include "xe_cbev_device.h"
#include "xe_cbev_macros.h"
#include "xe_cbev_queue.h"
#include "xe_cbev_trace.h"

/*
 * DOC: asynchronous waits
 *
 * An asynchronous wait (io_uring command, sync_file fence) on conditions
 * (xe_cbev_cond.c) completes from the wake-up callback or its timer, and
 * cleans up later in process context.
 */

/*
 * Asynchronous waits evaluate and clean up here, in process context: wake-ups
 * and timers only queue the work. Flushed at module unload.
 */
static struct workqueue_struct *xe_cbev_wait_wq;

/**
 * xe_cbev_async_wait_init() - create the workqueue of asynchronous waits
 *
 * Return: 0 or -ENOMEM.
 */
int xe_cbev_async_wait_init(void)
{
	xe_cbev_wait_wq = alloc_workqueue("xe_cbev_defer", WQ_UNBOUND, 0);
	return xe_cbev_wait_wq ? 0 : -ENOMEM;
}

/**
 * xe_cbev_async_wait_fini() - destroy it
 *
 * Runs after every file is closed; the cleanups still queued are flushed,
 * so no asynchronous wait outlives it.
 */
void xe_cbev_async_wait_fini(void)
{
	destroy_workqueue(xe_cbev_wait_wq);
}

/**
 * xe_cbev_async_wait_defer() - run work on the deferred queue
 * @work: the work; any context
 *
 * Module unload drains the queue before the module's text goes away, so
 * a work item on it may drop the module's last reference as the last
 * thing it does.
 */
void xe_cbev_async_wait_defer(struct work_struct *work)
{
	queue_work(xe_cbev_wait_wq, work);
}

/*
 * Pending asynchronous waits are counted per user (effective uid), so
 * that one user holding many fences or io_uring waits does not stop
 * another's. The default is what the whole device allowed before: no
 * program that worked runs out; the memory of the waits is charged to
 * the maker's memory cgroup besides.
 */
static unsigned int async_waits_per_user = 16384;
module_param(async_waits_per_user, uint, 0644);
MODULE_PARM_DESC(async_waits_per_user,
		 "Most asynchronous waits (sync_file fences, io_uring waits) one user may have pending");

/* A user with pending asynchronous waits. */
struct xe_cbev_wait_user {
	struct hlist_node node;
	kuid_t uid;
	unsigned int waits;	/* under wait_users_lock */
};

static DEFINE_SPINLOCK(wait_users_lock);
static DEFINE_HASHTABLE(wait_users, 6);

static struct xe_cbev_wait_user *wait_user_find(kuid_t uid)
{
	struct xe_cbev_wait_user *u;

	lockdep_assert_held(&wait_users_lock);
	hash_for_each_possible(wait_users, u, node, __kuid_val(uid))
		if (uid_eq(u->uid, uid))
			return u;
	return NULL;
}

/* Count one more pending wait against the calling user. */
static struct xe_cbev_wait_user *wait_user_charge(void)
{
	struct xe_cbev_wait_user *u, *new = NULL;
	kuid_t uid = current_euid();

	for (;;) {
		spin_lock(&wait_users_lock);
		u = wait_user_find(uid);
		if (!u && new) {
			u = new;
			new = NULL;
			hash_add(wait_users, &u->node, __kuid_val(uid));
		}
		if (u) {
			if (u->waits < max(READ_ONCE(async_waits_per_user), 1U))
				u->waits++;
			else
				u = ERR_PTR(-EBUSY);
			spin_unlock(&wait_users_lock);
			kfree(new);
			return u;
		}
		spin_unlock(&wait_users_lock);

		new = kzalloc(sizeof(*new), GFP_KERNEL_ACCOUNT);
		if (!new)
			return ERR_PTR(-ENOMEM);
		new->uid = uid;
	}
}

static void wait_user_uncharge(struct xe_cbev_wait_user *u)
{
	bool last;

	spin_lock(&wait_users_lock);
	last = !--u->waits;
	if (last)
		hash_del(&u->node);
	spin_unlock(&wait_users_lock);
	if (last)
		kfree(u);
}

/* How often an asynchronous wait asks whether anybody still cares. */
#define ABANDON_CHECK_NS	NSEC_PER_SEC

/*
 * The cleanup runs once the result is known and the starter is done with
 * @w: whichever of the two comes last queues it.
 */
static void async_put(struct xe_cbev_async_wait *w)
{
	if (atomic_dec_and_test(&w->pending))
		queue_work(xe_cbev_wait_wq, &w->cleanup);
}

static void async_complete(struct xe_cbev_async_wait *w, int result)
{
	if (atomic_xchg(&w->done, 1))
		return;
	trace_xe_cbev_wait_end(w->client_id, w->pid, true, result);
	w->result = result;
	w->ops->signal(w, result);
	async_put(w);
}

static void async_check(struct xe_cbev_async_wait *w)
{
	int ret;

	if (atomic_read(&w->done))
		return;
	ret = xe_cbev_conds_eval(w->conds, w->num_conds, w->any, w->queue);
	if (ret != -EAGAIN)
		async_complete(w, ret);
}

static void async_eval(struct work_struct *work)
{
	async_check(container_of(work, struct xe_cbev_async_wait, eval));
}

/* Called by wakers, the engine among them: evaluating is for later. */
static int async_wake(struct wait_queue_entry *wait, unsigned int mode,
		      int sync, void *key)
{
	struct xe_cbev_async_wait *w = wait->private;

	if (!atomic_read(&w->done))
		queue_work(xe_cbev_wait_wq, &w->eval);
	return 0;
}

/* When the timer fires next: a re-poll, an abandon check, the deadline. */
static ktime_t async_next_expiry(struct xe_cbev_async_wait *w)
{
	ktime_t t = w->deadline;

	if (w->poll_ns) {
		t = xe_cbev_earlier_of(t, w->poll_ns);
		w->poll_ns = min_t(u64, w->poll_ns * 2, XE_CBEV_POLL_NS_MAX);
	}
	if (w->ops->abandoned)
		t = xe_cbev_earlier_of(t, ABANDON_CHECK_NS);
	return t;
}

static enum hrtimer_restart async_timer_fn(struct hrtimer *timer)
{
	struct xe_cbev_async_wait *w =
		container_of(timer, struct xe_cbev_async_wait, timer);
	ktime_t now = ktime_get();

	if (atomic_read(&w->done))
		return HRTIMER_NORESTART;
	if (w->poll_ns)
		queue_work(xe_cbev_wait_wq, &w->eval);
	if (ktime_compare(now, w->deadline) >= 0) {
		async_complete(w, w->timeout_result);
		return HRTIMER_NORESTART;
	}
	if (w->ops->abandoned && w->ops->abandoned(w)) {
		async_complete(w, -ECANCELED);
		return HRTIMER_NORESTART;
	}
	hrtimer_set_expires(timer, async_next_expiry(w));
	return HRTIMER_RESTART;
}

static void async_cleanup(struct work_struct *work)
{
	struct xe_cbev_async_wait *w =
		container_of(work, struct xe_cbev_async_wait, cleanup);

	/* Off the queues and the timer first: then nothing queues @eval. */
	xe_cbev_waitq_set_remove(&w->waitqs);
	hrtimer_cancel(&w->timer);
	cancel_work_sync(&w->eval);

	w->ops->finish(w, w->result);
}

/**
 * xe_cbev_async_wait_free() - free a finished asynchronous wait
 * @w: the wait, from its finish callback
 *
 * Context: process context.
 */
void xe_cbev_async_wait_free(struct xe_cbev_async_wait *w)
{
	u32 i;

	for (i = 0; i < w->num_conds; i++)
		xe_cbev_cond_release(&w->conds[i]);
	if (w->queue)
		xe_cbev_queue_put(w->queue);
	xe_cbev_waitq_set_fini(&w->waitqs);
	wait_user_uncharge(w->user);
	kvfree(w);
}

/**
 * xe_cbev_async_wait_create() - resolve an asynchronous wait
 * @xfile: the file whose address space and counters the conditions name
 * @uconds: the conditions, in kernel memory
 * @num_conds: how many
 * @any: done when any holds (else all)
 * @queue_id: 0, or an exec queue whose ban ends the wait with -EIO
 * @ops: where the result goes
 * @priv: the caller's data
 *
 * Return: the wait, not started, or an ERR_PTR as xe_cbev_cond_resolve(),
 * -EBUSY when the calling user has async_waits_per_user waits pending, or
 * -ENOMEM.
 */
struct xe_cbev_async_wait *
xe_cbev_async_wait_create(struct xe_cbev_file *xfile,
			  const struct drm_xe_cbev_wait_cond *uconds,
			  u32 num_conds, bool any, u32 queue_id,
			  const struct xe_cbev_async_wait_ops *ops, void *priv)
{
	struct xe_cbev_wait_user *user;
	struct xe_cbev_async_wait *w;
	u32 i;
	int ret;

	/* Pending asynchronous waits are bounded per user, and charged. */
	user = wait_user_charge();
	if (IS_ERR(user))
		return ERR_CAST(user);
	w = kvzalloc(struct_size(w, conds, num_conds), GFP_KERNEL_ACCOUNT);
	if (!w) {
		wait_user_uncharge(user);
		return ERR_PTR(-ENOMEM);
	}
	w->user = user;
	w->client_id = xfile->id;
	w->pid = current->pid;
	w->ops = ops;
	w->priv = priv;
	w->any = any;
	w->num_conds = num_conds;
	atomic_set(&w->pending, 2);
	INIT_WORK(&w->eval, async_eval);
	INIT_WORK(&w->cleanup, async_cleanup);
	hrtimer_init(&w->timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_SOFT);
	w->timer.function = async_timer_fn;

	ret = xe_cbev_conds_resolve(xfile, uconds, num_conds, w->conds, &w->poll_ns);
	/*
	 * The wait may outlive the file, and with it the address space's
	 * wait queue: on the process's own memory it polls only.
	 */
	for (i = 0; !ret && i < num_conds; i++)
		w->conds[i].svm_wq = NULL;
	if (ret)
		goto err_free;

	if (queue_id) {
		w->queue = xe_cbev_queue_lookup(xfile, queue_id);
		if (XE_CBEV_IOCTL_DBG(xfile->xdev, !w->queue)) {
			xe_cbev_async_wait_free(w);
			return ERR_PTR(-ENOENT);
		}
	}
	/* A named queue's ban is announced on the file's event queue. */
	ret = xe_cbev_waitq_set_init(&w->waitqs, w->conds, num_conds,
				     w->queue ? &xfile->event_wq : NULL);
	if (ret) {
		xe_cbev_async_wait_free(w);
		return ERR_PTR(ret);
	}
	return w;

err_free:
	wait_user_uncharge(user);
	kvfree(w);
	return ERR_PTR(ret);
}

/**
 * xe_cbev_async_wait_start() - start waiting
 * @w: the wait
 * @deadline: CLOCK_MONOTONIC time at which it ends (KTIME_MAX: never)
 * @timeout_result: its result then
 *
 * The wait may complete before this returns; @w belongs to the wait from
 * here on and is freed by its finish callback.
 */
void xe_cbev_async_wait_start(struct xe_cbev_async_wait *w, ktime_t deadline,
			      int timeout_result)
{
	w->deadline = deadline;
	w->timeout_result = timeout_result;
	if (trace_xe_cbev_wait_begin_enabled())
		xe_cbev_conds_trace_begin(w->client_id, w->pid, w->conds,
					  w->num_conds, w->any, true, w->queue);
	xe_cbev_waitq_set_add(&w->waitqs, async_wake, w);

	if (w->poll_ns || w->ops->abandoned || deadline != KTIME_MAX)
		hrtimer_start(&w->timer, async_next_expiry(w), HRTIMER_MODE_ABS_SOFT);
	/*
	 * A value written before the entries were queued is seen here: the
	 * barrier pairs with wq_has_sleeper()'s in xe_cbev_bo_notify().
	 */
	smp_mb();
	async_check(w);
	async_put(w);
}
