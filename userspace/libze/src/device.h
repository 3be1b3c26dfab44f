/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_DEVICE_H
#define _XE_DEVICE_H

#include <level_zero/ze_api.h>
#include <zex_ddi_handles.h>

#include "kmd.h"

struct xe_driver;

/**
 * struct xe_device - one xe_cbev render node
 * @base: DDI header; first, because a device handle points at it
 * @driver: the driver that found the device
 * @fd: the open render node, kept for the life of the process
 * @info: what the kernel reported at probe time
 *
 * Created by the driver probe, read-only afterwards.
 */
struct xe_device {
	zex_handle_t base;
	struct xe_driver *driver;
	int fd;
	struct drm_xe_cbev_query_device_info info;
};

int xe_device_init(struct xe_device *dev, struct xe_driver *driver, int fd);
void xe_device_fini(struct xe_device *dev);

/* Entry points (Device DDI table) */
ze_result_t xe_device_get(ze_driver_handle_t hDriver, uint32_t *pCount,
			  ze_device_handle_t *phDevices);
ze_result_t xe_device_get_properties(ze_device_handle_t hDevice,
				     ze_device_properties_t *pDeviceProperties);

#endif /* _XE_DEVICE_H */
