// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/cred.h>
#include <linux/hashtable.h>
#include <linux/highmem.h>
#include <linux/module.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/uaccess.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_counter.h"
#include "xe_cbev_cs.h"
#include "xe_cbev_device.h"
#include "xe_cbev_macros.h"
#include "xe_cbev_queue.h"
#include "xe_cbev_trace.h"
#include "xe_cbev_svm.h"
#include "xe_cbev_vm.h"
#include "xe_cbev_wait.h"
#include "xe_cbev_writer.h"

/**
 * DOC: waits
 *
 * A wait is a set of conditions "value in memory op value", all or any of
 * which must hold. Each condition is resolved once, at the start, to the
 * page that holds its value, with a reference that keeps the page alive
 * even if the memory is unmapped meanwhile. The waiter then sits on the
 * wait queue of each object it reads, which every engine write to the
 * object wakes -- the queue belongs to the object, so a write by another
 * process's engine to a shared counter wakes it too. Memory that the host
 * writes wakes nobody, so for such objects the waiter also re-polls, from
 * 1 ms growing to 16 ms; counter pages are written by engines only and are
 * never polled.
 *
 * A host wait sleeps in the ioctl; an asynchronous wait (io_uring command,
 * sync_file fence) completes from the wake-up callback or its timer, and
 * cleans up later in process context.
 */

/*
 * Asynchronous waits evaluate and clean up here, in process context: wake-ups
 * and timers only queue the work. Flushed at module unload.
 */
static struct workqueue_struct *xe_cbev_wait_wq;

/**
 * xe_cbev_wait_init() - create the workqueue of asynchronous waits
 *
 * Return: 0 or -ENOMEM.
 */
int xe_cbev_wait_init(void)
{
	xe_cbev_wait_wq = alloc_workqueue("xe_cbev_defer", WQ_UNBOUND, 0);
	return xe_cbev_wait_wq ? 0 : -ENOMEM;
}

/**
 * xe_cbev_wait_fini() - destroy it
 *
 * Runs after every file is closed; the cleanups still queued are flushed,
 * so no asynchronous wait outlives it.
 */
void xe_cbev_wait_fini(void)
{
	destroy_workqueue(xe_cbev_wait_wq);
}

/**
 * xe_cbev_wait_defer() - run work on the deferred queue
 * @work: the work; any context
 *
 * Module unload drains the queue before the module's text goes away, so
 * a work item on it may drop the module's last reference as the last
 * thing it does.
 */
void xe_cbev_wait_defer(struct work_struct *work)
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

#define POLL_NS_MIN	(1 * NSEC_PER_MSEC)
#define POLL_NS_MAX	(16 * NSEC_PER_MSEC)
/* How often an asynchronous wait asks whether anybody still cares. */
#define ABANDON_CHECK_NS	NSEC_PER_SEC

static const u32 known_cond_flags = DRM_XE_CBEV_WAIT_COND_32BIT |
				    DRM_XE_CBEV_WAIT_COND_COUNTER |
				    DRM_XE_CBEV_WAIT_COND_QUEUE;

/**
 * xe_cbev_cond_resolve() - check a condition and find its page
 * @xfile: the waiting file
 * @uc: the condition as user space gave it
 * @c: the resolved condition
 *
 * Return: 0; -EINVAL for a bad op, flag or alignment, or a 32-bit value
 * that does not fit; -ENOENT for a counter id the file does not own;
 * -EFAULT for an address that is neither bound nor mapped in the process;
 * -EPERM for process memory when the caller is not the process that
 * opened the file; -EINTR if a fatal signal came while looking the
 * process's memory up.
 */
int xe_cbev_cond_resolve(struct xe_cbev_file *xfile,
			 const struct drm_xe_cbev_wait_cond *uc,
			 struct xe_cbev_cond *c)
{
	struct xe_cbev_device *xdev = xfile->xdev;
	bool is32 = uc->flags & DRM_XE_CBEV_WAIT_COND_32BIT;
	struct xe_cbev_vm_binding *binding;
	unsigned int offset;
	u64 off;
	int ret;

	if (XE_CBEV_IOCTL_DBG(xdev, uc->op > DRM_XE_CBEV_CMP_NEQ) ||
	    XE_CBEV_IOCTL_DBG(xdev, uc->flags & ~known_cond_flags) ||
	    XE_CBEV_IOCTL_DBG(xdev, is32 && upper_32_bits(uc->value)))
		return -EINVAL;

	memset(c, 0, sizeof(*c));
	c->is32 = is32;
	c->waiter = xfile->serial;
	c->op = uc->op;
	c->value = uc->value;

	if (uc->flags & DRM_XE_CBEV_WAIT_COND_QUEUE) {
		if (XE_CBEV_IOCTL_DBG(xdev, is32 || upper_32_bits(uc->addr) ||
				      (uc->flags & DRM_XE_CBEV_WAIT_COND_COUNTER)))
			return -EINVAL;
		c->queue = xe_cbev_queue_lookup(xfile, uc->addr);
		if (XE_CBEV_IOCTL_DBG(xdev, !c->queue))
			return -ENOENT;
		return 0;
	}

	if (uc->flags & DRM_XE_CBEV_WAIT_COND_COUNTER) {
		if (XE_CBEV_IOCTL_DBG(xdev, is32 || upper_32_bits(uc->addr)))
			return -EINVAL;
		ret = xe_cbev_counter_lookup(&xfile->counters, uc->addr,
					     &c->bo, &offset);
		if (XE_CBEV_IOCTL_DBG(xdev, ret))
			return ret;
		/* The page stays mapped, hence pinned, while the object lives. */
		c->page = xe_cbev_bo_page(c->bo, 0);
		c->offset = offset;
		c->bo_offset = offset;
		return 0;
	}

	if (XE_CBEV_IOCTL_DBG(xdev, !IS_ALIGNED(uc->addr, is32 ? 4 : 8)))
		return -EINVAL;
	binding = xe_cbev_vm_lookup(&xfile->vm, uc->addr);
	if (!binding) {
		/* The process's own memory, as the engine sees it: the opener's. */
		if (XE_CBEV_IOCTL_DBG(xdev, !xe_cbev_svm_is_opener(&xfile->vm.svm)))
			return -EPERM;
		ret = xe_cbev_svm_pin_value(&xfile->vm.svm, uc->addr, &c->page);
		if (XE_CBEV_IOCTL_DBG(xdev, ret))
			return ret;
		c->svm = true;
		c->svm_wq = &xfile->vm.svm.wq;
		c->svm_writers = xe_cbev_svm_writers_get(&xfile->vm.svm);
		c->offset = offset_in_page(uc->addr);
		c->bo_offset = uc->addr;
		return 0;
	}

	off = uc->addr - binding->start + binding->offset;
	c->binding = binding;
	c->bo = binding->bo;
	c->page = xe_cbev_vm_binding_page(binding, uc->addr);
	c->offset = offset_in_page(off);
	c->bo_offset = off;
	return 0;
}

/**
 * xe_cbev_cond_release() - drop what a resolved condition holds
 * @c: the condition
 *
 * Context: process context.
 */
void xe_cbev_cond_release(struct xe_cbev_cond *c)
{
	if (c->queue) {
		xe_cbev_queue_put(c->queue);
	} else if (c->svm) {
		xe_cbev_svm_unpin_value(c->page);
		xe_cbev_svm_writers_put(c->svm_writers);
	} else if (c->binding) {
		xe_cbev_vm_binding_put(c->binding);
	} else if (c->bo) {
		xe_cbev_bo_put(c->bo);
	}
	c->queue = NULL;
	c->binding = NULL;
	c->bo = NULL;
	c->svm = false;
	c->svm_wq = NULL;
	c->svm_writers = NULL;
}

/**
 * xe_cbev_cond_check() - does the condition hold now?
 * @c: the condition
 *
 * Context: any.
 * Return: true if it holds.
 */
bool xe_cbev_cond_check(const struct xe_cbev_cond *c)
{
	void *va;
	u64 mem;

	if (c->queue)
		return xe_cbev_compare(READ_ONCE(c->queue->ctx.completed_seqno),
				       c->value, c->op);

	va = kmap_local_page(c->page) + c->offset;
	mem = c->is32 ? READ_ONCE(*(u32 *)va) : READ_ONCE(*(u64 *)va);
	kunmap_local(va);
	return xe_cbev_compare(mem, c->value, c->op);
}

/* The wait queue woken when the condition's value changes. */
static wait_queue_head_t *cond_wq(const struct xe_cbev_cond *c)
{
	if (c->queue)
		return &c->queue->xfile->event_wq;
	return c->svm ? c->svm_wq : xe_cbev_bo_wq(c->bo);
}

/**
 * xe_cbev_cond_polled() - may the host write the value, so that no
 * engine write would announce it?
 * @c: the condition
 *
 * Return: true unless the value is in a counter page.
 */
bool xe_cbev_cond_polled(const struct xe_cbev_cond *c)
{
	return !c->queue && (c->svm || !xe_cbev_bo_is_counter(c->bo));
}

/*
 * Was the writer of @c's value banned? For the process's own memory the
 * record is the file's, which @c holds (a wait may outlive the file).
 */
static bool cond_dead(const struct xe_cbev_cond *c)
{
	if (c->svm)
		return c->svm_writers &&
		       xe_cbev_svm_writers_dead(c->svm_writers, c->bo_offset);
	return c->bo && xe_cbev_writer_dead(c->bo, c->bo_offset, c->waiter);
}

/*
 * 0 / index: done; -EAGAIN: not yet; -EIO: the wait is not done and the
 * named queue is banned or gone, or a condition that does not hold never
 * will (and, for ANY, none holds). What holds wins: a value written before
 * its queue was banned or destroyed is there. Every condition is looked
 * at, so that a lost one behind pending ones is seen.
 */
static int conds_eval(const struct xe_cbev_cond *conds, u32 n, bool any,
		      const struct xe_cbev_queue *q)
{
	bool pending = false, lost = false;
	u32 i;

	if (q && (READ_ONCE(q->ctx.banned) || READ_ONCE(q->ctx.dead)))
		lost = true;
	for (i = 0; i < n; i++) {
		const struct xe_cbev_queue *cq = conds[i].queue;

		if (xe_cbev_cond_check(&conds[i])) {
			if (any)
				return i;
			continue;
		}
		pending = true;
		/* A queue that will never complete more ends the wait... */
		if (cq && (READ_ONCE(cq->ctx.banned) || READ_ONCE(cq->ctx.dead)))
			lost = true;
		/* ...and so does a value whose writer was banned. */
		else if (!cq && cond_dead(&conds[i]))
			lost = true;
	}
	if (!pending)
		return 0;
	return lost ? -EIO : -EAGAIN;
}

static int conds_resolve(struct xe_cbev_file *xfile,
			 const struct drm_xe_cbev_wait_cond *uconds, u32 n,
			 struct xe_cbev_cond *conds, u64 *poll_ns)
{
	u32 i;
	int ret;

	*poll_ns = 0;
	for (i = 0; i < n; i++) {
		ret = xe_cbev_cond_resolve(xfile, &uconds[i], &conds[i]);
		if (ret)
			goto err_release;
		if (xe_cbev_cond_polled(&conds[i]))
			*poll_ns = POLL_NS_MIN;
	}
	return 0;

err_release:
	while (i--)
		xe_cbev_cond_release(&conds[i]);
	return ret;
}

/**
 * xe_cbev_wait_check_args() - validate a wait's fixed fields
 * @xfile: the file
 * @args: the wait
 *
 * Return: 0 or -EINVAL.
 */
int xe_cbev_wait_check_args(struct xe_cbev_file *xfile,
			    const struct drm_xe_cbev_wait *args)
{
	const u32 known = DRM_XE_CBEV_WAIT_ANY | DRM_XE_CBEV_WAIT_ABSTIME;
	struct xe_cbev_device *xdev = xfile->xdev;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->flags & ~known) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->index) ||
	    XE_CBEV_IOCTL_DBG(xdev, !args->num_conds ||
			      args->num_conds > DRM_XE_CBEV_WAIT_MAX_CONDS))
		return -EINVAL;
	return 0;
}

static struct drm_xe_cbev_wait_cond *copy_conds(const struct drm_xe_cbev_wait *args)
{
	return vmemdup_user(u64_to_user_ptr(args->conds),
			    array_size(args->num_conds, sizeof(struct drm_xe_cbev_wait_cond)));
}

static ktime_t wait_deadline(const struct drm_xe_cbev_wait *args)
{
	if (args->timeout_ns < 0)
		return KTIME_MAX;
	if (args->flags & DRM_XE_CBEV_WAIT_ABSTIME)
		return ns_to_ktime(args->timeout_ns);
	return ktime_add_safe(ktime_get(), ns_to_ktime(args->timeout_ns));
}

/* The earlier of @deadline and @ns from now. */
static ktime_t earlier_of(ktime_t deadline, u64 ns)
{
	ktime_t t = ktime_add_ns(ktime_get(), ns);

	return ktime_before(t, deadline) ? t : deadline;
}

/* Sleep until woken, the deadline, or the next poll. */
static void wait_sleep(ktime_t deadline, u64 *poll_ns)
{
	ktime_t until = deadline;

	if (*poll_ns) {
		until = earlier_of(deadline, *poll_ns);
		*poll_ns = min_t(u64, *poll_ns * 2, POLL_NS_MAX);
	}
	schedule_hrtimeout_range(&until, 50 * NSEC_PER_USEC, HRTIMER_MODE_ABS);
}

static int waitq_cmp(const void *a, const void *b)
{
	const wait_queue_head_t *x = *(wait_queue_head_t * const *)a;
	const wait_queue_head_t *y = *(wait_queue_head_t * const *)b;

	return x < y ? -1 : x > y;
}

/*
 * Collects the distinct wait queues of @conds, and @extra if not NULL:
 * sorted by address, then each kept once, so O(n log n) for the up to
 * DRM_XE_CBEV_WAIT_MAX_CONDS conditions of a wait.
 */
static int waitq_set_init(struct xe_cbev_waitq_set *s,
			  const struct xe_cbev_cond *conds, u32 n,
			  wait_queue_head_t *extra)
{
	wait_queue_head_t **wqs;
	u32 i, m = 0;

	s->n = 0;
	s->e = kvcalloc(n + 1, sizeof(*s->e), GFP_KERNEL_ACCOUNT);
	wqs = kvmalloc_array(n + 1, sizeof(*wqs), GFP_KERNEL_ACCOUNT);
	if (!s->e || !wqs) {
		kvfree(wqs);
		kvfree(s->e);
		s->e = NULL;
		return -ENOMEM;
	}
	for (i = 0; i < n; i++)
		if (cond_wq(&conds[i]))
			wqs[m++] = cond_wq(&conds[i]);
	if (extra)
		wqs[m++] = extra;
	sort(wqs, m, sizeof(*wqs), waitq_cmp, NULL);
	for (i = 0; i < m; i++)
		if (!s->n || s->e[s->n - 1].wq != wqs[i])
			s->e[s->n++].wq = wqs[i];
	kvfree(wqs);
	return 0;
}

static void waitq_set_add(struct xe_cbev_waitq_set *s, wait_queue_func_t func,
			  void *private)
{
	u32 i;

	for (i = 0; i < s->n; i++) {
		init_waitqueue_func_entry(&s->e[i].entry, func);
		s->e[i].entry.private = private;
		add_wait_queue(s->e[i].wq, &s->e[i].entry);
	}
}

static void waitq_set_remove(struct xe_cbev_waitq_set *s)
{
	u32 i;

	for (i = 0; i < s->n; i++)
		remove_wait_queue(s->e[i].wq, &s->e[i].entry);
}

static void waitq_set_fini(struct xe_cbev_waitq_set *s)
{
	kvfree(s->e);
	s->e = NULL;
}

/* Traces the start of a wait (@async: completes on its own) and its conditions. */
static void wait_trace_begin(u32 client, pid_t pid, const struct xe_cbev_cond *conds,
			     u32 n, bool any, bool async, struct xe_cbev_queue *q)
{
	u32 i;

	trace_xe_cbev_wait_begin(client, pid, n, any, async, q ? q->id : 0);
	for (i = 0; i < n; i++)
		trace_xe_cbev_wait_cond(client, pid, i, &conds[i]);
}

static int host_wait(struct xe_cbev_file *xfile, struct xe_cbev_cond *conds,
		     u32 n, bool any, struct xe_cbev_queue *q,
		     ktime_t deadline, u64 poll_ns)
{
	struct xe_cbev_waitq_set waitqs;
	int ret;

	ret = waitq_set_init(&waitqs, conds, n, &xfile->event_wq);
	if (ret)
		return ret;
	if (trace_xe_cbev_wait_begin_enabled())
		wait_trace_begin(xfile->id, current->pid, conds, n, any, false, q);
	waitq_set_add(&waitqs, default_wake_function, current);

	for (;;) {
		/* Set before checking, so a wake-up in between is not lost. */
		set_current_state(TASK_INTERRUPTIBLE);
		ret = conds_eval(conds, n, any, q);
		if (ret != -EAGAIN)
			break;
		if (ktime_compare(ktime_get(), deadline) >= 0) {
			ret = -ETIME;
			break;
		}
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		wait_sleep(deadline, &poll_ns);
	}
	__set_current_state(TASK_RUNNING);
	trace_xe_cbev_wait_end(xfile->id, current->pid, false, ret);

	waitq_set_remove(&waitqs);
	waitq_set_fini(&waitqs);
	return ret;
}

/**
 * xe_cbev_wait_ioctl() - DRM_IOCTL_XE_CBEV_WAIT
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_wait
 * @file: the caller's file
 *
 * Return: 0; -ETIME on timeout; -EIO if the named queue is or becomes
 * banned (or is destroyed) before the conditions hold; -ERESTARTSYS on a
 * signal (a relative timeout is updated first); -EINVAL, -ENOENT, -EFAULT for bad arguments as in
 * xe_cbev_cond_resolve(), and -ENOENT for an unknown queue.
 */
int xe_cbev_wait_ioctl(struct drm_device *dev, void *data,
		       struct drm_file *file)
{
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);
	bool any;
	struct drm_xe_cbev_wait *args = data;
	struct drm_xe_cbev_wait_cond *uconds;
	struct xe_cbev_queue *q = NULL;
	struct xe_cbev_cond *conds;
	ktime_t deadline;
	u64 poll_ns;
	int ret;
	u32 i;

	ret = xe_cbev_wait_check_args(xfile, args);
	if (ret)
		return ret;
	any = args->flags & DRM_XE_CBEV_WAIT_ANY;
	deadline = wait_deadline(args);

	uconds = copy_conds(args);
	if (IS_ERR(uconds))
		return PTR_ERR(uconds);
	conds = kvcalloc(args->num_conds, sizeof(*conds), GFP_KERNEL_ACCOUNT);
	if (!conds) {
		ret = -ENOMEM;
		goto out_free_uconds;
	}
	ret = conds_resolve(xfile, uconds, args->num_conds, conds, &poll_ns);
	if (ret)
		goto out_free_conds;

	if (args->exec_queue_id) {
		q = xe_cbev_queue_lookup(xfile, args->exec_queue_id);
		if (XE_CBEV_IOCTL_DBG(xfile->xdev, !q)) {
			ret = -ENOENT;
			goto out_release;
		}
	}

	ret = host_wait(xfile, conds, args->num_conds, any, q, deadline, poll_ns);
	if (ret >= 0) {
		args->index = any ? ret : 0;
		ret = 0;
	} else if (ret == -ERESTARTSYS && args->timeout_ns > 0 &&
		   !(args->flags & DRM_XE_CBEV_WAIT_ABSTIME)) {
		/* The restarted call waits only for the time left. */
		args->timeout_ns = max_t(s64, ktime_to_ns(ktime_sub(deadline, ktime_get())), 0);
	}

	if (q)
		xe_cbev_queue_put(q);
out_release:
	for (i = 0; i < args->num_conds; i++)
		xe_cbev_cond_release(&conds[i]);
out_free_conds:
	kvfree(conds);
out_free_uconds:
	kvfree(uconds);
	return ret;
}

/* ---- asynchronous waits ------------------------------------------------ */

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
	ret = conds_eval(w->conds, w->num_conds, w->any, w->queue);
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
		t = earlier_of(t, w->poll_ns);
		w->poll_ns = min_t(u64, w->poll_ns * 2, POLL_NS_MAX);
	}
	if (w->ops->abandoned)
		t = earlier_of(t, ABANDON_CHECK_NS);
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
	waitq_set_remove(&w->waitqs);
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
	waitq_set_fini(&w->waitqs);
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

	ret = conds_resolve(xfile, uconds, num_conds, w->conds, &w->poll_ns);
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
	ret = waitq_set_init(&w->waitqs, w->conds, num_conds,
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
		wait_trace_begin(w->client_id, w->pid, w->conds, w->num_conds,
				 w->any, true, w->queue);
	waitq_set_add(&w->waitqs, async_wake, w);

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
