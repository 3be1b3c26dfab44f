/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_WAIT_H_
#define _XE_CBEV_WAIT_H_

struct drm_device;
struct drm_file;
struct drm_xe_cbev_wait;
struct xe_cbev_file;

int xe_cbev_wait_ioctl(struct drm_device *dev, void *data,
		       struct drm_file *file);
int xe_cbev_wait_check_args(struct xe_cbev_file *xfile,
			    const struct drm_xe_cbev_wait *args);

#endif /* _XE_CBEV_WAIT_H_ */
