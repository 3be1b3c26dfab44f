/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_PRIME_H_
#define _XE_CBEV_PRIME_H_

struct dma_buf;
struct drm_device;
struct drm_gem_object;

struct drm_gem_object *xe_cbev_prime_import(struct drm_device *dev,
					    struct dma_buf *dma_buf);

#endif /* _XE_CBEV_PRIME_H_ */
