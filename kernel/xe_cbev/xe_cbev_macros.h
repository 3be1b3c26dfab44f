/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_MACROS_H_
#define _XE_CBEV_MACROS_H_

#include <drm/drm_print.h>

/**
 * XE_CBEV_IOCTL_DBG() - test an ioctl argument check and log it if it fails
 * @xdev: the device, for the log line
 * @cond: the condition that makes the argument invalid
 *
 * Evaluates to @cond. When @cond is true, says at debug level (drm.debug=0x2)
 * which check rejected the call, so that a user can find out why an ioctl
 * returned -EINVAL without reading the source.
 */
#define XE_CBEV_IOCTL_DBG(xdev, cond) \
	((cond) && (drm_dbg_driver(&(xdev)->drm, \
				   "ioctl argument check failed at %s:%d: %s\n", \
				   __FILE__, __LINE__, #cond), 1))

#endif /* _XE_CBEV_MACROS_H_ */
