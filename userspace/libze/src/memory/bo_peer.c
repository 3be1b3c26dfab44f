// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: peer bindings
 *
 * With more than one device (the module's devices parameter), every
 * buffer object of the library is also bound in the address space of
 * every other device, at the same address: an allocation made on one
 * device is memory that any device's queues reach through its pointer,
 * which is what zeDeviceCanAccessPeer() promises. The object is exported
 * as a dma-buf (PRIME) and imported into each other device's file, where
 * the kernel makes a peer view of the same pages; the binding holds that
 * view, so the handle is closed at once unless the file had it already
 * (PRIME gives a file one handle per dma-buf, and that one belongs to
 * an object of the device's registry).
 *
 * Read-only objects are bound read-only. An object the kernel cannot
 * export (a read-only IPC import by token, which is an export view) has
 * no peer bindings: it is reached from its own device only.
 */

#include <errno.h>
#include <pthread.h>

#include "core/libze_private.h"
#include "core/device.h"
#include "core/driver.h"
#include "memory/bo.h"
#include "submission/kmd.h"

/* Does an object of @dev's registry own @handle? Under its bo_lock. */
static bool registry_has_locked(struct xe_device *dev, uint32_t handle)
{
	struct xe_bo *bo;

	for (bo = dev->bos; bo; bo = bo->next)
		if (bo->handle == handle)
			return true;
	return false;
}

/* Bind @bo, exported as @dmabuf_fd, in @peer's address space. */
static int peer_bind(struct xe_device *peer, struct xe_bo *bo, int dmabuf_fd)
{
	uint32_t handle;
	int err;

	pthread_mutex_lock(&peer->bo_lock);
	err = xe_kmd_prime_import(peer->fd, dmabuf_fd, &handle);
	if (!err) {
		err = xe_kmd_vm_bind(peer->fd, handle, 0, bo->size,
				     xe_bo_gpu_addr(bo),
				     bo->readonly ? DRM_XE_CBEV_VM_BIND_READONLY : 0);
		if (!registry_has_locked(peer, handle))
			xe_kmd_gem_close(peer->fd, handle);
	}
	pthread_mutex_unlock(&peer->bo_lock);
	return err;
}

/**
 * xe_bo_peers_bind() - bind @bo on every other device of its driver
 * @bo: a mapped and bound object, not yet in use; the caller holds no
 *	device's bo_lock
 *
 * Return: 0 (also when the object cannot be exported, see the DOC) or a
 * negative errno, with no peer binding left.
 */
int xe_bo_peers_bind(struct xe_bo *bo)
{
	struct xe_driver *drv = bo->dev->driver;
	int dmabuf_fd, err;
	uint32_t i;

	if (drv->num_devices < 2)
		return 0;

	err = xe_kmd_prime_export(bo->dev->fd, bo->handle, &dmabuf_fd);
	if (err == -EOPNOTSUPP)
		return 0;
	if (err)
		return err;

	for (i = 0; i < drv->num_devices; i++) {
		if (&drv->devices[i] == bo->dev)
			continue;
		err = peer_bind(&drv->devices[i], bo, dmabuf_fd);
		if (err)
			break;
	}
	xe_kmd_close(dmabuf_fd);
	if (!err) {
		bo->peers = true;
		return 0;
	}

	while (i--)
		if (&drv->devices[i] != bo->dev)
			xe_kmd_vm_unbind(drv->devices[i].fd, xe_bo_gpu_addr(bo),
					 bo->size);
	return err;
}

/**
 * xe_bo_peers_unbind() - undo xe_bo_peers_bind(), before @bo is unmapped
 * @bo: the object
 */
void xe_bo_peers_unbind(struct xe_bo *bo)
{
	struct xe_driver *drv = bo->dev->driver;
	uint32_t i;

	if (!bo->peers)
		return;
	for (i = 0; i < drv->num_devices; i++)
		if (&drv->devices[i] != bo->dev)
			xe_kmd_vm_unbind(drv->devices[i].fd, xe_bo_gpu_addr(bo),
					 bo->size);
	bo->peers = false;
}
