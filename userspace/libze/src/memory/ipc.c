// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: IPC handles
 *
 * Memory and event pools are shared between processes as dma-bufs of
 * their buffer objects (DRM PRIME). The 64-byte Level Zero IPC handle
 * starts with a dma-buf fd, the exporter's: applications and test suites
 * commonly treat the first 4 bytes of a memory IPC handle as that fd, send
 * it over a Unix socket themselves (SCM_RIGHTS) and write the fd they
 * received in its place. The exporter keeps its fd open until the handle
 * is put or the object freed.
 *
 * The importer resolves a handle to a dma-buf fd it may use in
 * xe_ipc_handle_fd(), the one place that knows where the fd comes from.
 * Today that is the fd in the handle, which must be valid in the importer.
 * The handle keeps 16 bytes for a kernel token (struct xe_ipc_handle.token,
 * DRM_IOCTL_XE_CBEV_IPC_EXPORT / _IMPORT), with which an importer gets the
 * object from the kernel, subject to the kernel's permission check, from
 * the 64 bytes alone; handles that carry one are refused until the library
 * uses that path.
 */

#include <errno.h>

#include "core/debug_log.h"
#include "memory/ipc.h"

/**
 * xe_ipc_handle_fd() - the dma-buf fd to import a handle's object from
 * @handle: the handle
 * @magic: the kind of object expected
 *
 * Return: the fd (not owned by the caller), -EINVAL for a handle that is
 * not one of this driver's of that kind, -EOPNOTSUPP for a kernel token.
 */
int xe_ipc_handle_fd(const struct xe_ipc_handle *handle, uint32_t magic)
{
	if (handle->magic != magic || !handle->size)
		return XE_FAIL(-EINVAL,
			       "the IPC handle is not one of this driver's, or not of this kind of object");
	if (handle->token[0] || handle->token[1])
		return XE_FAIL(-EOPNOTSUPP,
			       "the IPC handle carries a kernel token, which the driver does not import yet");
	if (handle->fd < 0)
		return -EBADF;
	return handle->fd;
}
