/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_WAIT_H_
#define _XE_CBEV_WAIT_H_

#include <linux/ktime.h>
#include <linux/workqueue.h>

#include "xe_cbev_wait_types.h"

struct drm_device;
struct drm_file;
struct drm_xe_cbev_wait;
struct drm_xe_cbev_wait_cond;
struct xe_cbev_file;

int xe_cbev_cond_resolve(struct xe_cbev_file *xfile,
			 const struct drm_xe_cbev_wait_cond *uc,
			 struct xe_cbev_cond *c);
void xe_cbev_cond_release(struct xe_cbev_cond *c);
bool xe_cbev_cond_check(const struct xe_cbev_cond *c);
bool xe_cbev_cond_polled(const struct xe_cbev_cond *c);

struct xe_cbev_async_wait *
xe_cbev_async_wait_create(struct xe_cbev_file *xfile,
			  const struct drm_xe_cbev_wait_cond *uconds,
			  u32 num_conds, bool any, u32 queue_id,
			  const struct xe_cbev_async_wait_ops *ops, void *priv);
void xe_cbev_async_wait_start(struct xe_cbev_async_wait *w, ktime_t deadline,
			      int timeout_result);
void xe_cbev_async_wait_free(struct xe_cbev_async_wait *w);

int xe_cbev_wait_init(void);
void xe_cbev_wait_fini(void);
void xe_cbev_wait_defer(struct work_struct *work);

int xe_cbev_wait_ioctl(struct drm_device *dev, void *data,
		       struct drm_file *file);
int xe_cbev_wait_check_args(struct xe_cbev_file *xfile,
			    const struct drm_xe_cbev_wait *args);

#endif /* _XE_CBEV_WAIT_H_ */
