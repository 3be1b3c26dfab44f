// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: IPC handles
 *
 * Memory and event pools are shared between processes through their
 * buffer objects. The exporter exports an object once
 * (DRM_IOCTL_XE_CBEV_IPC_EXPORT, bo.c), which gives both a dma-buf fd and
 * a 128-bit kernel token, and every 64-byte handle carries both: the fd in
 * the first 4 bytes (applications and test suites commonly treat them as
 * the fd, send it over a Unix socket themselves -- SCM_RIGHTS -- and write
 * the fd they received in its place), the token further on.
 *
 * A handle therefore arrives in one of two ways, and the bytes cannot say
 * which: copied as plain bytes (shared memory, a pipe, a file), when the
 * first 4 bytes are the exporter's fd number, which means nothing -- or
 * something else -- in the importer; or with the fd passed beside it and
 * written into those bytes. xe_ipc_import() tells them apart without
 * guessing at fd numbers: the token comes first. It names the object
 * whichever way the handle came, and the kernel checks it (the exporter's
 * user, a granted one, or root) and refuses a forged or stale one; so if
 * the kernel knows the token, that is the object. Only if it does not
 * (-ENOENT: the exporter freed the object or exited, which revokes the
 * token, while a passed fd keeps the object alive) is the fd in the handle
 * used, and only if it is a dma-buf of this device as large as the handle
 * says. A handle without a token (made from a bare fd by
 * zeMemGetIpcHandleFromFileDescriptorExp()) goes by its fd alone.
 *
 * An object already in this process -- exported by it, or imported
 * before, by token or by fd -- is found in the device's registry and
 * shared (bo.c): one object, one mapping, one GPU address per process.
 */

#include <errno.h>
#include <unistd.h>

#include "core/debug_log.h"
#include "core/types.h"
#include "memory/bo.h"
#include "memory/bo_peer.h"
#include "memory/ipc.h"
#include "submission/kmd.h"

/**
 * xe_ipc_handle_init() - fill what every memory and event-pool handle has
 * @handle: the handle
 * @magic: XE_IPC_MAGIC_*
 * @fd: the exporter's dma-buf fd
 * @token: the object's kernel token, zero for none
 * @size: bytes of the object
 */
void xe_ipc_handle_init(struct xe_ipc_handle *handle, uint32_t magic,
			int fd, const uint64_t token[2], uint64_t size)
{
	*handle = (struct xe_ipc_handle){
		.fd = fd,
		.magic = magic,
		.size = size,
		.token = { token[0], token[1] },
		.pid = getpid(),
	};
}

static int import_token(struct xe_device *dev,
			const struct xe_ipc_handle *handle, struct xe_bo **out)
{
	struct drm_xe_cbev_ipc_import imp;
	int err;

	*out = xe_bo_find_token(dev, handle->token);
	if (*out)
		return 0;

	err = xe_kmd_ipc_import(dev->fd, handle->token, &imp);
	if (err)
		return err;
	if (imp.kind != DRM_XE_CBEV_IPC_KIND_BO || imp.size < handle->size) {
		xe_kmd_gem_close(dev->fd, imp.handle);
		return -EINVAL;
	}
	err = xe_bo_import_handle(dev, imp.handle, imp.size,
				  imp.import_flags &
				  DRM_XE_CBEV_IPC_IMPORT_READONLY, out);
	if (err)
		return err;
	xe_bo_set_token(*out, handle->token);
	/* An export view is bound on the other devices by its token. */
	err = xe_bo_peers_bind(*out);
	if (err) {
		xe_bo_put(*out);
		*out = NULL;
	}
	return err;
}

/**
 * xe_ipc_import() - the object a handle names, in this process
 * @dev: the device to import it into
 * @handle: the handle
 * @magic: the kind of object expected
 * @out: the object, with one more reference
 *
 * The token first, then the fd in the handle; see the DOC above.
 *
 * Return: 0; -EINVAL for a handle that is not one of this driver's of
 * that kind, or whose object neither its token nor its fd reaches;
 * -EACCES if the kernel does not let this process import it; another
 * negative errno.
 */
int xe_ipc_import(struct xe_device *dev, const struct xe_ipc_handle *handle,
		  uint32_t magic, struct xe_bo **out)
{
	bool token = handle->token[0] || handle->token[1];
	uint64_t size;
	int err;

	if (handle->magic != magic || !handle->size)
		return XE_FAIL(-EINVAL,
			       "the IPC handle is not one of this driver's, or not of this kind of object");
	if (token) {
		err = import_token(dev, handle, out);
		if (err != -ENOENT && err != -EOPNOTSUPP && err != -ENOTTY)
			return err;
	}

	/* The kernel does not know the token: a passed fd, or nothing. */
	if (handle->fd < 0 || xe_kmd_dmabuf_size(handle->fd, &size) ||
	    size != handle->size)
		return XE_FAIL(-EINVAL,
			       "neither the IPC handle's token nor its fd reaches the object");
	err = xe_bo_import(dev, handle->fd, out);
	if (err)
		return err == -EBADF || err == -ENOENT ? -EINVAL : err;
	if (token)
		xe_bo_set_token(*out, handle->token);
	return 0;
}
