/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_COND_H_
#define _XE_CBEV_COND_H_

#include <linux/ktime.h>
#include <linux/types.h>
#include <linux/wait.h>

#include "xe_cbev_wait_types.h"

struct drm_xe_cbev_wait_cond;
struct xe_cbev_file;
struct xe_cbev_queue;

/* Re-polls of memory the host may write: from this, doubling to the most. */
#define XE_CBEV_POLL_NS_MIN	(1 * NSEC_PER_MSEC)
#define XE_CBEV_POLL_NS_MAX	(16 * NSEC_PER_MSEC)

int xe_cbev_cond_resolve(struct xe_cbev_file *xfile,
			 const struct drm_xe_cbev_wait_cond *uc,
			 struct xe_cbev_cond *c);
void xe_cbev_cond_release(struct xe_cbev_cond *c);
bool xe_cbev_cond_check(const struct xe_cbev_cond *c);
bool xe_cbev_cond_polled(const struct xe_cbev_cond *c);

int xe_cbev_conds_resolve(struct xe_cbev_file *xfile,
			  const struct drm_xe_cbev_wait_cond *uconds, u32 n,
			  struct xe_cbev_cond *conds, u64 *poll_ns);
int xe_cbev_conds_eval(const struct xe_cbev_cond *conds, u32 n, bool any,
		       const struct xe_cbev_queue *q);
void xe_cbev_conds_trace_begin(u32 client, pid_t pid,
			       const struct xe_cbev_cond *conds, u32 n, bool any,
			       bool async, struct xe_cbev_queue *q);

int xe_cbev_waitq_set_init(struct xe_cbev_waitq_set *s,
			   const struct xe_cbev_cond *conds, u32 n,
			   wait_queue_head_t *extra);
void xe_cbev_waitq_set_add(struct xe_cbev_waitq_set *s, wait_queue_func_t func,
			   void *private);
void xe_cbev_waitq_set_remove(struct xe_cbev_waitq_set *s);
void xe_cbev_waitq_set_fini(struct xe_cbev_waitq_set *s);

/* The earlier of @deadline and @ns from now. */
static inline ktime_t xe_cbev_earlier_of(ktime_t deadline, u64 ns)
{
	ktime_t t = ktime_add_ns(ktime_get(), ns);

	return ktime_before(t, deadline) ? t : deadline;
}

#endif /* _XE_CBEV_COND_H_ */
