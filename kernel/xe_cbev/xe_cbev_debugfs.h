/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_DEBUGFS_H_
#define _XE_CBEV_DEBUGFS_H_

struct drm_minor;

void xe_cbev_debugfs_init(struct drm_minor *minor);

#endif /* _XE_CBEV_DEBUGFS_H_ */
