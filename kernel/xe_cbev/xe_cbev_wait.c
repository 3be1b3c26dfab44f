// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_cond.h"
#include "xe_cbev_device.h"
#include "xe_cbev_macros.h"
#include "xe_cbev_queue.h"
#include "xe_cbev_trace.h"
#include "xe_cbev_wait.h"

/*
 * The wait ioctl: a host wait on conditions (xe_cbev_cond.c), which sleeps
 * in the ioctl until they hold, a named queue is banned, the deadline or a
 * signal.
 */

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

/* Sleep until woken, the deadline, or the next poll. */
static void wait_sleep(ktime_t deadline, u64 *poll_ns)
{
	ktime_t until = deadline;

	if (*poll_ns) {
		until = xe_cbev_earlier_of(deadline, *poll_ns);
		*poll_ns = min_t(u64, *poll_ns * 2, XE_CBEV_POLL_NS_MAX);
	}
	schedule_hrtimeout_range(&until, 50 * NSEC_PER_USEC, HRTIMER_MODE_ABS);
}

static int host_wait(struct xe_cbev_file *xfile, struct xe_cbev_cond *conds,
		     u32 n, bool any, struct xe_cbev_queue *q,
		     ktime_t deadline, u64 poll_ns)
{
	struct xe_cbev_waitq_set waitqs;
	int ret;

	ret = xe_cbev_waitq_set_init(&waitqs, conds, n, &xfile->event_wq);
	if (ret)
		return ret;
	if (trace_xe_cbev_wait_begin_enabled())
		xe_cbev_conds_trace_begin(xfile->id, current->pid, conds, n, any, false, q);
	xe_cbev_waitq_set_add(&waitqs, default_wake_function, current);

	for (;;) {
		/* Set before checking, so a wake-up in between is not lost. */
		set_current_state(TASK_INTERRUPTIBLE);
		ret = xe_cbev_conds_eval(conds, n, any, q);
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

	xe_cbev_waitq_set_remove(&waitqs);
	xe_cbev_waitq_set_fini(&waitqs);
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
	ret = xe_cbev_conds_resolve(xfile, uconds, args->num_conds, conds, &poll_ns);
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
