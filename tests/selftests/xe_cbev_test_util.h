/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * Helpers shared by the xe_cbev selftests: find the device by driver name
 * and call ioctls returning the errno, the way the ntsync selftests do.
 */
#ifndef XE_CBEV_TEST_UTIL_H
#define XE_CBEV_TEST_UTIL_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <xf86drm.h>
#include <drm/xe_cbev_drm.h>

/* A byte pattern the kernel never writes, to prove it wrote a struct. */
#define XE_CBEV_POISON 0xa5

/**
 * xe_cbev_open_render - open the xe_cbev render node
 *
 * Walks the render nodes with libdrm and keeps the one whose driver is
 * "xe_cbev"; another DRM driver may own the first node (the debug kernel
 * has vgem built in). Returns the fd, or -1.
 */
static inline int xe_cbev_open_render(void)
{
	return drmOpenWithType("xe_cbev", NULL, DRM_NODE_RENDER);
}

/* ioctl() that returns 0 or the errno, never -1. */
static inline int xe_cbev_ioctl(int fd, unsigned long req, void *arg)
{
	return ioctl(fd, req, arg) ? errno : 0;
}

static inline int
xe_cbev_query(int fd, struct drm_xe_cbev_device_query *q)
{
	return xe_cbev_ioctl(fd, DRM_IOCTL_XE_CBEV_DEVICE_QUERY, q);
}

/* Read the device info, poisoning the buffer first. Returns the errno. */
static inline int
xe_cbev_query_info(int fd, struct drm_xe_cbev_query_device_info *info)
{
	struct drm_xe_cbev_device_query q = {
		.query = DRM_XE_CBEV_QUERY_DEVICE_INFO,
		.size = sizeof(*info),
		.data = (__u64)(uintptr_t)info,
	};

	memset(info, XE_CBEV_POISON, sizeof(*info));
	return xe_cbev_query(fd, &q);
}

#endif /* XE_CBEV_TEST_UTIL_H */
