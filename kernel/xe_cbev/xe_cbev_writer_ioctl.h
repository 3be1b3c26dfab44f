/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_WRITER_IOCTL_H_
#define _XE_CBEV_WRITER_IOCTL_H_

struct drm_device;
struct drm_file;

int xe_cbev_counter_set_writer_ioctl(struct drm_device *dev, void *data,
				     struct drm_file *file);

#endif /* _XE_CBEV_WRITER_IOCTL_H_ */
