/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_WAIT_TYPES_H_
#define _XE_CBEV_WAIT_TYPES_H_

#include <linux/atomic.h>
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

struct page;
struct xe_cbev_bo;
struct xe_cbev_queue;
struct xe_cbev_svm_writers;
struct xe_cbev_vm_binding;

/**
 * struct xe_cbev_cond - a wait condition, resolved to the page it reads
 *
 * Holds what keeps the page alive: the binding (an address) or the
 * counter page's object (a counter id). Checking it needs no lock and no
 * lookup, so it can be done in a wake-up callback.
 */
struct xe_cbev_cond {
	/**
	 * @bo: the object holding the value, whose wait queue wakes us; NULL
	 * for a queue or the process's own memory
	 */
	struct xe_cbev_bo *bo;
	/** @svm: the value is in the process's own memory; @page is pinned */
	bool svm;
	/**
	 * @waiter: the waiting file's serial, whose writer records (and the
	 * object creator's) decide whether @bo's value is dead
	 */
	u64 waiter;
	/**
	 * @svm_wq: for @svm, the wait queue engine writes to the process's
	 * memory wake, or NULL for a wait that only polls
	 */
	wait_queue_head_t *svm_wq;
	/**
	 * @svm_writers: for @svm, a reference on the record of who writes
	 * the process's memory (a ban ends the wait), or NULL
	 */
	struct xe_cbev_svm_writers *svm_writers;
	/** @binding: the binding, with a reference, or NULL for a counter */
	struct xe_cbev_vm_binding *binding;
	/** @queue: for a queue condition, the queue with a reference, else NULL */
	struct xe_cbev_queue *queue;
	/** @page: the page of the value */
	struct page *page;
	/** @offset: byte offset of the value in @page */
	unsigned int offset;
	/** @bo_offset: byte offset of the value in @bo, for traces */
	u64 bo_offset;
	/** @is32: the value is a __u32 */
	bool is32;
	/** @op: DRM_XE_CBEV_CMP_* */
	u32 op;
	/** @value: right-hand side of the comparison */
	u64 value;
};

/**
 * struct xe_cbev_waitq_set - one entry on each wait queue a wait depends on
 *
 * Conditions on the same object share one entry, so a write to the object
 * wakes a waiter once, however many of its conditions it holds.
 */
struct xe_cbev_waitq_set {
	/** @n: entries used */
	u32 n;
	/** @e: the entries, and the queue each one is on */
	struct {
		struct wait_queue_entry entry;
		wait_queue_head_t *wq;
	} *e;
};

struct xe_cbev_async_wait;
struct xe_cbev_wait_user;

/**
 * struct xe_cbev_async_wait_ops - what an asynchronous wait reports to
 */
struct xe_cbev_async_wait_ops {
	/**
	 * @signal: called once, as soon as the result is known, from any
	 * context (a wake-up callback, a timer); must not sleep
	 */
	void (*signal)(struct xe_cbev_async_wait *w, int result);
	/**
	 * @finish: called once after @signal, in process context, once the
	 * wait is off every queue and timer; must free @w with
	 * xe_cbev_async_wait_free()
	 */
	void (*finish)(struct xe_cbev_async_wait *w, int result);
	/**
	 * @abandoned: optional; true once nobody can see the result any
	 * more, which ends the wait early with -ECANCELED. Asked at least
	 * once a second, from the wait's timer.
	 */
	bool (*abandoned)(struct xe_cbev_async_wait *w);
};

/**
 * struct xe_cbev_async_wait - a wait that completes on its own
 *
 * Used by io_uring waits and sync_file fences: its entries sit on the
 * wait queues of the objects it watches (and on the file's event queue if
 * it names an exec queue), a timer re-polls host-written memory and ends
 * it at its deadline.
 */
struct xe_cbev_async_wait {
	/** @ops: where the result goes */
	const struct xe_cbev_async_wait_ops *ops;
	/** @priv: the user's data */
	void *priv;
	/** @user: the user it is counted against, for its limit */
	struct xe_cbev_wait_user *user;
	/** @client_id: the file's id, for traces */
	u32 client_id;
	/** @pid: the thread that started the wait, for traces */
	pid_t pid;
	/** @any: done when any condition holds (else all) */
	bool any;
	/** @done: the result is known; set once */
	atomic_t done;
	/** @pending: the result and the starter, each to come */
	atomic_t pending;
	/** @result: 0, the index that held (any), or a negative errno */
	int result;
	/** @timeout_result: the result at @deadline */
	int timeout_result;
	/** @deadline: CLOCK_MONOTONIC time at which the wait ends */
	ktime_t deadline;
	/** @poll_ns: re-poll interval for host-written memory, 0 = none */
	u64 poll_ns;
	/** @timer: re-poll and deadline */
	struct hrtimer timer;
	/** @queue: exec queue whose ban ends the wait, with a reference */
	struct xe_cbev_queue *queue;
	/** @waitqs: entries on the objects' (and the file's event) queues */
	struct xe_cbev_waitq_set waitqs;
	/**
	 * @eval: evaluates the conditions; wake-ups queue it rather than
	 * evaluate in the waker's context, which may be the engine's
	 */
	struct work_struct eval;
	/** @cleanup: takes the wait off everything, then calls finish */
	struct work_struct cleanup;
	/** @num_conds: entries in @conds */
	u32 num_conds;
	/** @conds: the conditions */
	struct xe_cbev_cond conds[];
};

#endif /* _XE_CBEV_WAIT_TYPES_H_ */
