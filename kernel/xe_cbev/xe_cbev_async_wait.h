/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_ASYNC_WAIT_H_
#define _XE_CBEV_ASYNC_WAIT_H_

#include <linux/ktime.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include "xe_cbev_wait_types.h"

struct drm_xe_cbev_wait_cond;
struct xe_cbev_file;

int xe_cbev_async_wait_init(void);
void xe_cbev_async_wait_fini(void);
void xe_cbev_async_wait_defer(struct work_struct *work);

struct xe_cbev_async_wait *
xe_cbev_async_wait_create(struct xe_cbev_file *xfile,
			  const struct drm_xe_cbev_wait_cond *uconds,
			  u32 num_conds, bool any, u32 queue_id,
			  const struct xe_cbev_async_wait_ops *ops, void *priv);
void xe_cbev_async_wait_start(struct xe_cbev_async_wait *w, ktime_t deadline,
			      int timeout_result);
void xe_cbev_async_wait_free(struct xe_cbev_async_wait *w);

#endif /* _XE_CBEV_ASYNC_WAIT_H_ */
