// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * PRIME import: a dma-buf by fd, under the IPC rule for exported objects
 * (xe_cbev_ipc.c); one of another device of the module becomes a peer
 * view (xe_cbev_view.c).
 */

#include <linux/dma-buf.h>

#include <drm/drm_device.h>
#include <drm/drm_drv.h>
#include <drm/drm_gem.h>
#include <drm/drm_prime.h>

#include "xe_cbev_ipc.h"
#include "xe_cbev_prime.h"
#include "xe_cbev_view.h"

/*
 * The GEM object behind a dma-buf of another device of this module, or
 * NULL. A dma-buf that the DRM core's PRIME helpers made (its release is
 * theirs) carries its GEM object; its device is ours when the driver is.
 */
static struct drm_gem_object *peer_object(struct drm_device *dev,
					  struct dma_buf *dma_buf)
{
	struct drm_gem_object *obj;

	if (dma_buf->ops->release != drm_gem_dmabuf_release)
		return NULL;
	obj = dma_buf->priv;
	if (obj->dev == dev || obj->dev->driver != dev->driver)
		return NULL;
	return obj;
}

/**
 * xe_cbev_prime_import() - &drm_driver.gem_prime_import
 * @dev: DRM device
 * @dma_buf: the dma-buf to import
 *
 * An exported object arriving by fd is subject to the same rule as by
 * token: the exporter's uid, the granted uid, or CAP_SYS_ADMIN. (An object never
 * exported through DRM_IOCTL_XE_CBEV_IPC_EXPORT follows plain PRIME:
 * whoever holds the fd may import it.) An object of another device of the
 * module becomes a peer view (see IPC).
 *
 * Return: the object, or an ERR_PTR (-EACCES if not allowed).
 */
struct drm_gem_object *xe_cbev_prime_import(struct drm_device *dev,
					    struct dma_buf *dma_buf)
{
	struct drm_gem_object *obj = peer_object(dev, dma_buf);
	struct xe_cbev_view *peer;

	if (obj) {
		if (!xe_cbev_ipc_may_import(obj))
			return ERR_PTR(-EACCES);
		peer = xe_cbev_view_create_peer(dev, obj);
		return IS_ERR(peer) ? ERR_CAST(peer) : &peer->base;
	}

	obj = drm_gem_prime_import(dev, dma_buf);
	if (IS_ERR(obj) || obj->dev != dev || obj->import_attach)
		return obj;
	if (!xe_cbev_ipc_may_import(obj)) {
		drm_gem_object_put(obj);
		return ERR_PTR(-EACCES);
	}
	return obj;
}
