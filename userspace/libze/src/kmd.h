/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_KMD_H
#define _XE_KMD_H

#include <stdint.h>

#include <drm/xe_cbev_drm.h>

/* The name DRM_IOCTL_VERSION reports for an xe_cbev node (see the uAPI). */
#define XE_KMD_DRIVER_NAME	"xe_cbev"

int xe_kmd_open(const char *path);
void xe_kmd_close(int fd);

int xe_kmd_device_query(int fd, uint32_t query, void *data, uint32_t *size);
int xe_kmd_query_device_info(int fd,
			     struct drm_xe_cbev_query_device_info *info);

#endif /* _XE_KMD_H */
