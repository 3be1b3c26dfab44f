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
 * Read-only objects are bound read-only. An object the kernel does not
 * export again (an IPC import by token: an export view) is imported into
 * the other devices by its token instead, once the caller has recorded
 * it (xe_bo_set_token()); without a token it has no peer bindings and is
 * reached from its own device only.
 */

#include <errno.h>
#include <pthread.h>

#include "core/libze_private.h"
#include "core/types.h"
#include "memory/bo_peer.h"
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

/* Bind @bo, exported as @dmabuf_fd, at @addr in @peer's address space. */
static int peer_bind(struct xe_device *peer, struct xe_bo *bo, int dmabuf_fd,
		     uint64_t addr)
{
	uint32_t handle;
	int err;

	pthread_mutex_lock(&peer->bo_lock);
	err = xe_kmd_prime_import(peer->fd, dmabuf_fd, &handle);
	if (!err) {
		err = xe_kmd_vm_bind(peer->fd, handle, 0, bo->size,
				     addr,
				     bo->readonly ? DRM_XE_CBEV_VM_BIND_READONLY : 0);
		if (!registry_has_locked(peer, handle))
			xe_kmd_gem_close(peer->fd, handle);
	}
	pthread_mutex_unlock(&peer->bo_lock);
	return err;
}

/* Bind @bo, known by its kernel token, at @addr in @peer's address space. */
static int peer_bind_token(struct xe_device *peer, struct xe_bo *bo,
			   uint64_t addr)
{
	struct drm_xe_cbev_ipc_import imp;
	int err;

	pthread_mutex_lock(&peer->bo_lock);
	err = xe_kmd_ipc_import(peer->fd, bo->token, &imp);
	if (!err) {
		err = xe_kmd_vm_bind(peer->fd, imp.handle, 0, bo->size,
				     addr,
				     bo->readonly ? DRM_XE_CBEV_VM_BIND_READONLY : 0);
		if (!registry_has_locked(peer, imp.handle))
			xe_kmd_gem_close(peer->fd, imp.handle);
	}
	pthread_mutex_unlock(&peer->bo_lock);
	return err;
}

/*
 * Binds @bo at @addr on every other device of its driver: 0, 1 if the
 * object cannot be exported (see the DOC: nothing bound, no error) or a
 * negative errno, with no peer binding at @addr left.
 */
static int peers_bind_at(struct xe_bo *bo, uint64_t addr)
{
	struct xe_driver *drv = bo->dev->driver;
	int dmabuf_fd, err;
	bool by_token = false;
	uint32_t i;

	err = xe_kmd_prime_export(bo->dev->fd, bo->handle, &dmabuf_fd);
	if (err == -EOPNOTSUPP) {
		if (!bo->token[0] && !bo->token[1])
			return 1;
		by_token = true;
	} else if (err) {
		return err;
	}

	for (i = 0; i < drv->num_devices; i++) {
		if (&drv->devices[i] == bo->dev)
			continue;
		err = by_token ? peer_bind_token(&drv->devices[i], bo, addr) :
				 peer_bind(&drv->devices[i], bo, dmabuf_fd, addr);
		if (err)
			break;
	}
	if (!by_token)
		xe_kmd_close(dmabuf_fd);
	if (!err)
		return 0;

	while (i--)
		if (&drv->devices[i] != bo->dev)
			xe_kmd_vm_unbind(drv->devices[i].fd, addr, bo->size);
	return err;
}

/**
 * xe_bo_peers_bind() - bind @bo on every other device of its driver
 * @bo: a mapped and bound object, not yet in use; the caller holds no
 *	device's bo_lock
 *
 * Does nothing if the object has its peer bindings already.
 *
 * Return: 0 (also when the object cannot be exported, see the DOC) or a
 * negative errno, with no peer binding left.
 */
int xe_bo_peers_bind(struct xe_bo *bo)
{
	int err;

	if (bo->dev->driver->num_devices < 2 || bo->peers)
		return 0;
	err = peers_bind_at(bo, xe_bo_gpu_addr(bo));
	if (!err)
		bo->peers = true;
	return err > 0 ? 0 : err;
}

/**
 * xe_bo_peers_bind_alias() - bind @bo on the other devices at another
 * address of its own (xe_bo_map_alias())
 * @bo: the object; the caller holds no device's bo_lock
 * @addr: the alias's address
 *
 * Return: 0 or a negative errno, with no peer binding at @addr left.
 */
int xe_bo_peers_bind_alias(struct xe_bo *bo, uint64_t addr)
{
	int err;

	if (bo->dev->driver->num_devices < 2)
		return 0;
	err = peers_bind_at(bo, addr);
	return err > 0 ? 0 : err;
}

/**
 * xe_bo_peers_unbind_alias() - undo xe_bo_peers_bind_alias()
 * @bo: the object
 * @addr: the alias's address
 */
void xe_bo_peers_unbind_alias(struct xe_bo *bo, uint64_t addr)
{
	struct xe_driver *drv = bo->dev->driver;
	uint32_t i;

	for (i = 0; drv->num_devices > 1 && i < drv->num_devices; i++)
		if (&drv->devices[i] != bo->dev)
			xe_kmd_vm_unbind(drv->devices[i].fd, addr, bo->size);
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
