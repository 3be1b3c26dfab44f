// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: buffer objects
 *
 * Every buffer object is created (or imported), mapped into the process
 * (xe_kmd_map(), mmap() on the device file), then bound into the file's
 * GPU address space at the address of that mapping: pointer == GPU
 * address, on the host and on the device -- and, with several devices,
 * in every other device's address space too (bo_peer.c).
 *
 * The device keeps a registry of its objects under a mutex. Imports look
 * their GEM handle up in it, since PRIME gives a file the handle it
 * already has for a dma-buf; and an object leaves the registry, and its
 * handle is closed, under the same mutex, so that no import can meet a
 * handle that is being closed.
 *
 * An object shared with other processes is exported once by
 * DRM_IOCTL_XE_CBEV_IPC_EXPORT, which gives a dma-buf fd and registers a
 * kernel token for it; the token lives as long as the GEM handle (the
 * kernel revokes it when the handle closes), so every later export of the
 * object carries the same token. An import by token records it too, so
 * that the registry finds an object by token as it finds one by handle.
 */

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/libze_private.h"
#include "memory/bo.h"
#include "memory/bo_peer.h"
#include "core/types.h"
#include "submission/kmd.h"

static uint64_t page_size(void)
{
	return (uint64_t)sysconf(_SC_PAGESIZE);
}

/*
 * Map and bind @bo, whose handle, size and readonly flag are set. A
 * read-only object (an IPC view) is mapped PROT_READ and bound READONLY,
 * as the kernel demands: a device write to it faults the queue.
 */
static int bo_map_and_bind(struct xe_bo *bo, uint64_t align)
{
	uint64_t offset;
	int err;

	err = xe_kmd_bo_mmap_offset(bo->dev->fd, bo->handle, &offset);
	if (err)
		return err;

	err = xe_kmd_map(bo->dev->fd, offset, bo->size, align, !bo->readonly,
			 &bo->map);
	if (err)
		return err;

	err = xe_kmd_vm_bind(bo->dev->fd, bo->handle, 0, bo->size,
			     xe_bo_gpu_addr(bo),
			     bo->readonly ? DRM_XE_CBEV_VM_BIND_READONLY : 0);
	if (err) {
		xe_kmd_unmap(bo->map, bo->size);
		bo->map = NULL;
	}
	return err;
}

/**
 * xe_bo_map_alias() - map and bind an object once more, at its own address
 * @bo: the object, mapped and bound already
 * @out: the new address, CPU and GPU
 *
 * For a second open of the same IPC handle: the same pages at another
 * address, which xe_bo_unmap_alias() undoes, whatever else holds @bo.
 *
 * Return: 0 or a negative errno.
 */
int xe_bo_map_alias(struct xe_bo *bo, void **out)
{
	uint64_t offset;
	void *map;
	int err;

	err = xe_kmd_bo_mmap_offset(bo->dev->fd, bo->handle, &offset);
	if (err)
		return err;
	err = xe_kmd_map(bo->dev->fd, offset, bo->size, page_size(),
			 !bo->readonly, &map);
	if (err)
		return err;
	err = xe_kmd_vm_bind(bo->dev->fd, bo->handle, 0, bo->size,
			     (uintptr_t)map,
			     bo->readonly ? DRM_XE_CBEV_VM_BIND_READONLY : 0);
	if (err)
		goto err_unmap;
	/* Other devices reach it at the alias too (bo_peer.c). */
	err = xe_bo_peers_bind_alias(bo, (uintptr_t)map);
	if (err)
		goto err_unbind;
	*out = map;
	return 0;

err_unbind:
	xe_kmd_vm_unbind(bo->dev->fd, (uintptr_t)map, bo->size);
err_unmap:
	xe_kmd_unmap(map, bo->size);
	return err;
}

/**
 * xe_bo_unmap_alias() - undo xe_bo_map_alias()
 * @bo: the object
 * @map: the address xe_bo_map_alias() gave
 */
void xe_bo_unmap_alias(struct xe_bo *bo, void *map)
{
	xe_bo_peers_unbind_alias(bo, (uintptr_t)map);
	xe_kmd_vm_unbind(bo->dev->fd, (uintptr_t)map, bo->size);
	xe_kmd_unmap(map, bo->size);
}

static void registry_add_locked(struct xe_device *dev, struct xe_bo *bo)
{
	bo->prev = NULL;
	bo->next = dev->bos;
	if (dev->bos)
		dev->bos->prev = bo;
	dev->bos = bo;
}

static void registry_del_locked(struct xe_device *dev, struct xe_bo *bo)
{
	if (bo->prev)
		bo->prev->next = bo->next;
	else
		dev->bos = bo->next;
	if (bo->next)
		bo->next->prev = bo->prev;
}

/**
 * xe_bo_create() - create, map and bind a buffer object
 * @dev: the device
 * @size: bytes; rounded up to pages
 * @align: alignment of the address, a power of two (0: a page)
 * @flags: DRM_XE_CBEV_BO_CREATE_*
 * @out: the object, with one reference
 *
 * Return: 0 or a negative errno.
 */
int xe_bo_create(struct xe_device *dev, uint64_t size, uint64_t align,
		 uint32_t flags, struct xe_bo **out)
{
	uint64_t pg = page_size();
	struct xe_bo *bo;
	int err;

	if (!size || size > UINT64_MAX - pg)
		return -EINVAL;

	bo = calloc(1, sizeof(*bo));
	if (!bo)
		return -ENOMEM;
	bo->dev = dev;
	bo->size = (size + pg - 1) & ~(pg - 1);
	bo->ipc_fd = -1;
	atomic_init(&bo->refs, 1);

	err = xe_kmd_bo_create(dev->fd, bo->size, flags, &bo->handle);
	if (err)
		goto err_free;

	err = bo_map_and_bind(bo, align);
	if (err)
		goto err_close;
	err = xe_bo_peers_bind(bo);
	if (err)
		goto err_unbind;

	pthread_mutex_lock(&dev->bo_lock);
	registry_add_locked(dev, bo);
	pthread_mutex_unlock(&dev->bo_lock);

	*out = bo;
	return 0;

err_unbind:
	xe_kmd_vm_unbind(dev->fd, xe_bo_gpu_addr(bo), bo->size);
	xe_kmd_unmap(bo->map, bo->size);
err_close:
	xe_kmd_gem_close(dev->fd, bo->handle);
err_free:
	free(bo);
	return err;
}

static struct xe_bo *registry_find_locked(struct xe_device *dev,
					  uint32_t handle)
{
	struct xe_bo *bo;

	for (bo = dev->bos; bo; bo = bo->next)
		if (bo->handle == handle)
			return bo;
	return NULL;
}

/*
 * Peer bindings of a new import, made without the device's lock (they
 * take the other devices'): @bo, in the registry with its one reference,
 * goes to @out, or is put on failure.
 */
static int bo_peers_or_put(struct xe_bo *bo, struct xe_bo **out)
{
	int err = xe_bo_peers_bind(bo);

	if (err) {
		xe_bo_put(bo);
		return err;
	}
	*out = bo;
	return 0;
}

/**
 * xe_bo_import() - import a dma-buf of this device
 * @dev: the device
 * @dmabuf_fd: the dma-buf, still owned by the caller
 * @out: the object, with one more reference
 *
 * Return: 0 or a negative errno (-EBADF for a bad fd, -EINVAL for a
 * dma-buf of another device).
 */
int xe_bo_import(struct xe_device *dev, int dmabuf_fd, struct xe_bo **out)
{
	struct xe_bo *bo;
	uint32_t handle;
	uint64_t size;
	int err;

	pthread_mutex_lock(&dev->bo_lock);
	err = xe_kmd_prime_import(dev->fd, dmabuf_fd, &handle);
	if (err)
		goto out_unlock;

	bo = registry_find_locked(dev, handle);
	if (bo) {
		atomic_fetch_add_explicit(&bo->refs, 1, memory_order_relaxed);
		*out = bo;
		goto out_unlock;
	}

	err = xe_kmd_dmabuf_size(dmabuf_fd, &size);
	if (!err && !size)
		err = -EINVAL;
	if (err)
		goto err_close;

	bo = calloc(1, sizeof(*bo));
	if (!bo) {
		err = -ENOMEM;
		goto err_close;
	}
	bo->dev = dev;
	bo->handle = handle;
	bo->size = size;
	bo->ipc_fd = -1;
	atomic_init(&bo->refs, 1);

	err = bo_map_and_bind(bo, 0);
	if (err) {
		free(bo);
		goto err_close;
	}
	registry_add_locked(dev, bo);
	pthread_mutex_unlock(&dev->bo_lock);
	return bo_peers_or_put(bo, out);

err_close:
	xe_kmd_gem_close(dev->fd, handle);
out_unlock:
	pthread_mutex_unlock(&dev->bo_lock);
	return err;
}

/**
 * xe_bo_import_handle() - map and bind a GEM handle the file got from an
 * IPC import (DRM_IOCTL_XE_CBEV_IPC_IMPORT)
 * @dev: the device
 * @handle: the GEM handle; owned by the object on success, closed on
 *	failure
 * @size: bytes of the object
 * @readonly: the import is read-only: map it PROT_READ, bind it READONLY
 * @out: the object, with one reference
 *
 * Return: 0 or a negative errno.
 */
int xe_bo_import_handle(struct xe_device *dev, uint32_t handle,
			uint64_t size, bool readonly, struct xe_bo **out)
{
	struct xe_bo *bo;
	int err;

	bo = calloc(1, sizeof(*bo));
	if (!bo) {
		xe_kmd_gem_close(dev->fd, handle);
		return -ENOMEM;
	}
	bo->dev = dev;
	bo->handle = handle;
	bo->size = size;
	bo->readonly = readonly;
	bo->ipc_fd = -1;
	atomic_init(&bo->refs, 1);

	pthread_mutex_lock(&dev->bo_lock);
	err = bo_map_and_bind(bo, 0);
	if (err) {
		xe_kmd_gem_close(dev->fd, handle);
		free(bo);
	} else {
		registry_add_locked(dev, bo);
	}
	pthread_mutex_unlock(&dev->bo_lock);
	return err ? err : bo_peers_or_put(bo, out);
}

static bool has_token(const uint64_t token[2])
{
	return token[0] || token[1];
}

/*
 * A new dma-buf fd of @bo, under bo_lock; registers the object's token
 * with the first export. A user who holds the most tokens the kernel
 * allows still gets the fd (a handle without a token).
 */
static int export_locked(struct xe_bo *bo, int *dmabuf_fd)
{
	bool token = !has_token(bo->token);
	int err;

	err = xe_kmd_ipc_export_bo(bo->dev->fd, bo->handle, token, dmabuf_fd,
				   bo->token);
	if (err == -ENOSPC && token)
		err = xe_kmd_ipc_export_bo(bo->dev->fd, bo->handle, false,
					   dmabuf_fd, bo->token);
	if (err == -EOPNOTSUPP || err == -ENOTTY)
		err = xe_kmd_prime_export(bo->dev->fd, bo->handle, dmabuf_fd);
	return err;
}

/**
 * xe_bo_export() - a new dma-buf fd of @bo, close-on-exec, owned by the
 *	caller
 * @bo: the object
 * @dmabuf_fd: out: the fd
 *
 * The object has its kernel token (&xe_bo.token) from here on, if the
 * kernel gave one.
 *
 * Return: 0 or a negative errno.
 */
int xe_bo_export(struct xe_bo *bo, int *dmabuf_fd)
{
	int err;

	pthread_mutex_lock(&bo->dev->bo_lock);
	err = export_locked(bo, dmabuf_fd);
	pthread_mutex_unlock(&bo->dev->bo_lock);
	return err;
}

/* Close a dma-buf fd that xe_bo_export() gave. */
void xe_bo_export_close(int dmabuf_fd)
{
	xe_kmd_close(dmabuf_fd);
}

/**
 * xe_bo_ipc_get() - the object's memory IPC export, counted
 * @bo: the object
 * @dmabuf_fd: out: its dma-buf fd, open until the last xe_bo_ipc_put()
 * @token: out: its kernel token, zero for none
 *
 * Return: 0 or a negative errno.
 */
int xe_bo_ipc_get(struct xe_bo *bo, int *dmabuf_fd, uint64_t token[2])
{
	int err = 0;

	pthread_mutex_lock(&bo->dev->bo_lock);
	if (bo->ipc_fd < 0)
		err = export_locked(bo, &bo->ipc_fd);
	if (!err) {
		bo->ipc_gets++;
		*dmabuf_fd = bo->ipc_fd;
		token[0] = bo->token[0];
		token[1] = bo->token[1];
	}
	pthread_mutex_unlock(&bo->dev->bo_lock);
	return err;
}

/**
 * xe_bo_ipc_put() - put a memory IPC handle, from any context
 * @dev: the device whose objects are searched
 * @dmabuf_fd: the handle's fd
 * @token: the handle's token
 *
 * The last put of an object's handles closes its fd; the token stays with
 * the object.
 *
 * Return: 0, or -ENOENT if no object of @dev has that export.
 */
int xe_bo_ipc_put(struct xe_device *dev, int dmabuf_fd,
		  const uint64_t token[2])
{
	struct xe_bo *bo;
	int err = -ENOENT;

	pthread_mutex_lock(&dev->bo_lock);
	for (bo = dev->bos; bo; bo = bo->next) {
		if (bo->ipc_fd < 0 || bo->ipc_fd != dmabuf_fd ||
		    bo->token[0] != token[0] || bo->token[1] != token[1])
			continue;
		if (!--bo->ipc_gets) {
			xe_kmd_close(bo->ipc_fd);
			bo->ipc_fd = -1;
		}
		err = 0;
		break;
	}
	pthread_mutex_unlock(&dev->bo_lock);
	return err;
}

/* Close the memory IPC export of @bo now, whatever was not put. */
void xe_bo_ipc_drop(struct xe_bo *bo)
{
	pthread_mutex_lock(&bo->dev->bo_lock);
	if (bo->ipc_fd >= 0)
		xe_kmd_close(bo->ipc_fd);
	bo->ipc_fd = -1;
	bo->ipc_gets = 0;
	pthread_mutex_unlock(&bo->dev->bo_lock);
}

/**
 * xe_bo_find_token() - the object of @dev known by a kernel token
 * @dev: the device
 * @token: the token, not zero
 *
 * Return: the object with one more reference, or NULL.
 */
struct xe_bo *xe_bo_find_token(struct xe_device *dev,
			       const uint64_t token[2])
{
	struct xe_bo *bo;

	pthread_mutex_lock(&dev->bo_lock);
	for (bo = dev->bos; bo; bo = bo->next) {
		if (bo->token[0] == token[0] && bo->token[1] == token[1]) {
			atomic_fetch_add_explicit(&bo->refs, 1,
						  memory_order_relaxed);
			break;
		}
	}
	pthread_mutex_unlock(&dev->bo_lock);
	return bo;
}

/* Record the token @bo was imported by, unless it has one. */
void xe_bo_set_token(struct xe_bo *bo, const uint64_t token[2])
{
	pthread_mutex_lock(&bo->dev->bo_lock);
	if (!has_token(bo->token)) {
		bo->token[0] = token[0];
		bo->token[1] = token[1];
	}
	pthread_mutex_unlock(&bo->dev->bo_lock);
}

struct xe_bo *xe_bo_get(struct xe_bo *bo)
{
	atomic_fetch_add_explicit(&bo->refs, 1, memory_order_relaxed);
	return bo;
}

/**
 * xe_bo_put() - drop a reference
 * @bo: the object, may be NULL
 *
 * The last reference unbinds it (the kernel keeps the pages for work
 * still using them), unmaps it and closes the handle.
 */
void xe_bo_put(struct xe_bo *bo)
{
	struct xe_device *dev;

	if (!bo)
		return;

	dev = bo->dev;
	pthread_mutex_lock(&dev->bo_lock);
	/* Imports take references under the lock: 0 here stays 0. */
	if (atomic_fetch_sub_explicit(&bo->refs, 1, memory_order_acq_rel) != 1) {
		pthread_mutex_unlock(&dev->bo_lock);
		return;
	}
	registry_del_locked(dev, bo);
	if (bo->ipc_fd >= 0)
		xe_kmd_close(bo->ipc_fd);
	xe_bo_peers_unbind(bo);
	xe_kmd_vm_unbind(dev->fd, xe_bo_gpu_addr(bo), bo->size);
	xe_kmd_unmap(bo->map, bo->size);
	xe_kmd_gem_close(dev->fd, bo->handle);
	pthread_mutex_unlock(&dev->bo_lock);
	free(bo);
}
