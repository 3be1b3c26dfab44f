/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_EU_IOCTL_H_
#define _XE_CBEV_EU_IOCTL_H_

struct drm_device;
struct drm_file;

int xe_cbev_eu_wait_ioctl(struct drm_device *dev, void *data,
			  struct drm_file *file);
int xe_cbev_eu_report_ioctl(struct drm_device *dev, void *data,
			    struct drm_file *file);
int xe_cbev_eu_stop_ioctl(struct drm_device *dev, void *data,
			  struct drm_file *file);

#endif /* _XE_CBEV_EU_IOCTL_H_ */
