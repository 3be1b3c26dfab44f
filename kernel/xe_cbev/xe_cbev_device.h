/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_DEVICE_H_
#define _XE_CBEV_DEVICE_H_

#include <linux/container_of.h>

#include <drm/drm_file.h>

#include "xe_cbev_device_types.h"

#define XE_CBEV_DRIVER_NAME	"xe_cbev"
#define XE_CBEV_DRIVER_DESC	"Counter-based events on a software command streamer"
#define XE_CBEV_DRIVER_DATE	"20261122"

/* Most devices one module load creates (the devices parameter). */
#define XE_CBEV_MAX_DEVICES		8
/* The software command streamer exposes one engine. */
#define XE_CBEV_NUM_ENGINES		1
/* Timestamps are CLOCK_MONOTONIC_RAW nanoseconds. */
#define XE_CBEV_TIMESTAMP_FREQUENCY	NSEC_PER_SEC
#define XE_CBEV_TIMESTAMP_VALID_BITS	64
/* GPU virtual addresses are canonical 48-bit user addresses. */
#define XE_CBEV_VA_BITS			48

static inline struct xe_cbev_device *to_xe_cbev_device(struct drm_device *dev)
{
	return container_of(dev, struct xe_cbev_device, drm);
}

static inline struct xe_cbev_file *to_xe_cbev_file(struct drm_file *file)
{
	return file->driver_priv;
}

#endif /* _XE_CBEV_DEVICE_H_ */
