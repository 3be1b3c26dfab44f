// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: kernel interface
 *
 * The only file that talks to the xe_cbev module. One thin function per
 * ioctl: it builds the argument struct with designated initialisers, so
 * every pad, reserved and unused field is zero as the uAPI demands, calls
 * drmIoctl() (which restarts on EINTR/EAGAIN) and returns 0 or a negative
 * errno. Policy (what to query, what to do on failure) lives in the callers.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <xf86drm.h>

#include "submission/kmd.h"

/**
 * xe_kmd_open() - open a DRM node if the xe_cbev module drives it
 * @path: path of a DRM device node
 *
 * Return: a file descriptor (close-on-exec) on success; -ENODEV if another
 * driver owns the node; another negative errno if it cannot be opened.
 */
int xe_kmd_open(const char *path)
{
	drmVersionPtr version;
	bool ours;
	int fd;

	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;

	version = drmGetVersion(fd);
	ours = version && version->name &&
	       !strcmp(version->name, XE_KMD_DRIVER_NAME);
	drmFreeVersion(version);

	if (!ours) {
		close(fd);
		return -ENODEV;
	}
	return fd;
}

void xe_kmd_close(int fd)
{
	close(fd);
}

/**
 * xe_kmd_device_query() - DRM_IOCTL_XE_CBEV_DEVICE_QUERY
 * @fd: xe_cbev node
 * @query: DRM_XE_CBEV_QUERY_*
 * @data: buffer for the answer, may be NULL when *@size is 0
 * @size: in: bytes at @data, 0 to ask for the size; out: size of the answer
 *
 * Return: 0 or a negative errno from the kernel.
 */
int xe_kmd_device_query(int fd, uint32_t query, void *data, uint32_t *size)
{
	struct drm_xe_cbev_device_query args = {
		.query = query,
		.size = *size,
		.data = (uintptr_t)data,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_DEVICE_QUERY, &args))
		return -errno;

	*size = args.size;
	return 0;
}

/**
 * xe_kmd_query_device_info() - read DRM_XE_CBEV_QUERY_DEVICE_INFO
 * @fd: xe_cbev node
 * @info: filled with the answer
 *
 * Asks for the size first: a newer module may answer with a longer struct,
 * which must be read whole (a short buffer is -EINVAL) and is then cut to
 * the part this library knows. A shorter, older answer leaves the tail of
 * @info zero.
 *
 * Return: 0 or a negative errno.
 */
int xe_kmd_query_device_info(int fd,
			     struct drm_xe_cbev_query_device_info *info)
{
	uint32_t size = 0;
	size_t len;
	void *buf;
	int err;

	err = xe_kmd_device_query(fd, DRM_XE_CBEV_QUERY_DEVICE_INFO, NULL,
				  &size);
	if (err)
		return err;

	len = size > sizeof(*info) ? size : sizeof(*info);
	buf = calloc(1, len);
	if (!buf)
		return -ENOMEM;

	size = len;
	err = xe_kmd_device_query(fd, DRM_XE_CBEV_QUERY_DEVICE_INFO, buf,
				  &size);
	if (!err)
		memcpy(info, buf, sizeof(*info));

	free(buf);
	return err;
}

/**
 * xe_kmd_bo_create() - DRM_IOCTL_XE_CBEV_BO_CREATE
 * @fd: xe_cbev node
 * @size: bytes, a multiple of the page size
 * @flags: DRM_XE_CBEV_BO_CREATE_*
 * @handle: the new GEM handle
 *
 * Return: 0 or a negative errno.
 */
int xe_kmd_bo_create(int fd, uint64_t size, uint32_t flags, uint32_t *handle)
{
	struct drm_xe_cbev_bo_create args = {
		.size = size,
		.flags = flags,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_BO_CREATE, &args))
		return -errno;
	*handle = args.handle;
	return 0;
}

/* DRM_IOCTL_XE_CBEV_BO_MMAP_OFFSET: the fake offset to mmap() @handle at. */
int xe_kmd_bo_mmap_offset(int fd, uint32_t handle, uint64_t *offset)
{
	struct drm_xe_cbev_bo_mmap_offset args = {
		.handle = handle,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_BO_MMAP_OFFSET, &args))
		return -errno;
	*offset = args.offset;
	return 0;
}

/* DRM_IOCTL_GEM_CLOSE */
int xe_kmd_gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close args = {
		.handle = handle,
	};

	if (drmIoctl(fd, DRM_IOCTL_GEM_CLOSE, &args))
		return -errno;
	return 0;
}

/* DRM_IOCTL_PRIME_HANDLE_TO_FD, read-write and close-on-exec. */
int xe_kmd_prime_export(int fd, uint32_t handle, int *dmabuf_fd)
{
	struct drm_prime_handle args = {
		.handle = handle,
		.flags = DRM_CLOEXEC | DRM_RDWR,
		.fd = -1,
	};

	if (drmIoctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &args))
		return -errno;
	*dmabuf_fd = args.fd;
	return 0;
}

/*
 * DRM_IOCTL_PRIME_FD_TO_HANDLE. A dma-buf this file already has a handle
 * for (its own export, or an earlier import) gives that same handle.
 */
int xe_kmd_prime_import(int fd, int dmabuf_fd, uint32_t *handle)
{
	struct drm_prime_handle args = {
		.fd = dmabuf_fd,
	};

	if (drmIoctl(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &args))
		return -errno;
	*handle = args.handle;
	return 0;
}

/* DRM_IOCTL_XE_CBEV_VM_BIND, map @range bytes of @handle at @addr. */
int xe_kmd_vm_bind(int fd, uint32_t handle, uint64_t offset, uint64_t range,
		   uint64_t addr, uint32_t flags)
{
	struct drm_xe_cbev_vm_bind args = {
		.op = DRM_XE_CBEV_VM_BIND_OP_MAP,
		.flags = flags,
		.handle = handle,
		.offset = offset,
		.range = range,
		.addr = addr,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_VM_BIND, &args))
		return -errno;
	return 0;
}

/* DRM_IOCTL_XE_CBEV_VM_BIND, unmap [@addr, @addr + @range). */
int xe_kmd_vm_unbind(int fd, uint64_t addr, uint64_t range)
{
	struct drm_xe_cbev_vm_bind args = {
		.op = DRM_XE_CBEV_VM_BIND_OP_UNMAP,
		.range = range,
		.addr = addr,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_VM_BIND, &args))
		return -errno;
	return 0;
}

/* DRM_IOCTL_XE_CBEV_COUNTER_ALLOC; @out receives the kernel's answer. */
int xe_kmd_counter_alloc(int fd, struct drm_xe_cbev_counter_alloc *out)
{
	struct drm_xe_cbev_counter_alloc args = { 0 };

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_COUNTER_ALLOC, &args))
		return -errno;
	*out = args;
	return 0;
}

/* DRM_IOCTL_XE_CBEV_COUNTER_FREE */
int xe_kmd_counter_free(int fd, uint32_t id)
{
	struct drm_xe_cbev_counter_free args = {
		.id = id,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_COUNTER_FREE, &args))
		return -errno;
	return 0;
}

/**
 * xe_kmd_exec_queue_create() - DRM_IOCTL_XE_CBEV_EXEC_QUEUE_CREATE
 * @fd: xe_cbev node
 * @priority: DRM_XE_CBEV_PRIORITY_*
 * @ring_size: bytes of commands, a power of two
 * @flags: DRM_XE_CBEV_EXEC_QUEUE_CREATE_*
 * @hang_timeout_ms: how long it may make no progress (0: the module's)
 * @id: the new queue's id
 * @mmap_offset: where to mmap() its status page and ring
 *
 * Return: 0 or a negative errno.
 */
int xe_kmd_exec_queue_create(int fd, uint32_t priority, uint32_t ring_size,
			     uint32_t flags, uint32_t hang_timeout_ms, uint32_t *id,
			     uint64_t *mmap_offset)
{
	struct drm_xe_cbev_exec_queue_create args = {
		.flags = flags,
		.priority = priority,
		.ring_size = ring_size,
		.hang_timeout_ms = hang_timeout_ms,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_CREATE, &args))
		return -errno;
	*id = args.exec_queue_id;
	*mmap_offset = args.ring_mmap_offset;
	return 0;
}

/* DRM_IOCTL_XE_CBEV_EXEC_QUEUE_DESTROY */
int xe_kmd_exec_queue_destroy(int fd, uint32_t id)
{
	struct drm_xe_cbev_exec_queue_destroy args = {
		.exec_queue_id = id,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_DESTROY, &args))
		return -errno;
	return 0;
}

/* DRM_IOCTL_XE_CBEV_EXEC_QUEUE_GET_STATE */
int xe_kmd_exec_queue_get_state(int fd, uint32_t id,
				struct drm_xe_cbev_exec_queue_state *out)
{
	struct drm_xe_cbev_exec_queue_state args = {
		.exec_queue_id = id,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_GET_STATE, &args))
		return -errno;
	*out = args;
	return 0;
}

/**
 * xe_kmd_exec() - DRM_IOCTL_XE_CBEV_EXEC: move a queue's tail
 * @fd: xe_cbev node
 * @id: the queue
 * @tail: the new tail, in bytes since the queue was created
 * @seqno: the submission's sequence number, which the queue's
 *	&drm_xe_cbev_ring_status.completed_seqno reaches once it executed
 *
 * Return: 0; -EIO if the queue is banned; another negative errno.
 */
int xe_kmd_exec(int fd, uint32_t id, uint64_t tail, uint64_t *seqno)
{
	struct drm_xe_cbev_exec args = {
		.exec_queue_id = id,
		.tail = tail,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_EXEC, &args))
		return -errno;
	*seqno = args.seqno;
	return 0;
}

/**
 * xe_kmd_wait() - DRM_IOCTL_XE_CBEV_WAIT until all @conds hold
 * @fd: xe_cbev node
 * @conds: the conditions
 * @num_conds: entries in @conds
 * @abs_timeout_ns: CLOCK_MONOTONIC deadline, or a negative value for none
 * @queue_id: 0, or a queue whose ban ends the wait with -EIO
 *
 * Interrupted waits are restarted (drmIoctl()); the deadline is absolute,
 * so a restart does not wait longer.
 *
 * Return: 0; -ETIME at the deadline; -EIO on a ban; another negative errno.
 */
int xe_kmd_wait(int fd, const struct drm_xe_cbev_wait_cond *conds,
		uint32_t num_conds, int64_t abs_timeout_ns, uint32_t queue_id)
{
	struct drm_xe_cbev_wait args;

	xe_kmd_wait_args(&args, conds, num_conds, 0, abs_timeout_ns, queue_id);
	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_WAIT, &args))
		return -errno;
	return 0;
}

/**
 * xe_kmd_wait_args() - fill the argument of a wait, ioctl or io_uring
 * @args: filled in
 * @conds: the conditions, which must stay valid until the wait is issued
 * @num_conds: entries in @conds
 * @flags: DRM_XE_CBEV_WAIT_ANY or 0 (all)
 * @abs_timeout_ns: CLOCK_MONOTONIC deadline, or a negative value for none
 * @queue_id: 0, or a queue whose ban ends the wait with -EIO
 */
void xe_kmd_wait_args(struct drm_xe_cbev_wait *args,
		      const struct drm_xe_cbev_wait_cond *conds,
		      uint32_t num_conds, uint32_t flags,
		      int64_t abs_timeout_ns, uint32_t queue_id)
{
	*args = (struct drm_xe_cbev_wait){
		.conds = (uintptr_t)conds,
		.num_conds = num_conds,
		.flags = flags |
			 (abs_timeout_ns < 0 ? 0 : DRM_XE_CBEV_WAIT_ABSTIME),
		.timeout_ns = abs_timeout_ns < 0 ? -1 : abs_timeout_ns,
		.exec_queue_id = queue_id,
	};
}

/* DRM_IOCTL_XE_CBEV_COUNTER_SET: store @value in the caller's slot @id. */
int xe_kmd_counter_set(int fd, uint32_t id, uint64_t value)
{
	struct drm_xe_cbev_counter_set args = {
		.id = id,
		.value = value,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_COUNTER_SET, &args))
		return -errno;
	return 0;
}

/**
 * xe_kmd_sync_file_export() - DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT
 * @fd: xe_cbev node
 * @cond: the condition the fence signals on
 * @sync_fd: the new sync_file, close-on-exec, owned by the caller
 *
 * Return: 0 or a negative errno.
 */
int xe_kmd_sync_file_export(int fd, const struct drm_xe_cbev_wait_cond *cond,
			    int *sync_fd)
{
	struct drm_xe_cbev_sync_file_export args = {
		.cond = *cond,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &args))
		return -errno;
	*sync_fd = args.fd;
	return 0;
}

/**
 * xe_kmd_ipc_export_counter() - DRM_IOCTL_XE_CBEV_IPC_EXPORT of a counter
 * slot by token
 * @fd: xe_cbev node
 * @id: the caller's counter slot
 * @token: the 128-bit token that names the export
 * @offset: byte offset of the slot in the export
 * @size: bytes of the export
 *
 * Return: 0; -ENOSPC when the user holds the most tokens allowed; another
 * negative errno.
 */
int xe_kmd_ipc_export_counter(int fd, uint32_t id, uint64_t token[2],
			      uint64_t *offset, uint64_t *size)
{
	struct drm_xe_cbev_ipc_export args = {
		.kind = DRM_XE_CBEV_IPC_KIND_COUNTER,
		.id = id,
		.flags = DRM_XE_CBEV_IPC_TOKEN,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_IPC_EXPORT, &args))
		return -errno;
	token[0] = args.token[0];
	token[1] = args.token[1];
	*offset = args.offset;
	*size = args.size;
	return 0;
}

/**
 * xe_kmd_ipc_import() - DRM_IOCTL_XE_CBEV_IPC_IMPORT
 * @fd: xe_cbev node
 * @token: the token
 * @out: the kernel's answer (handle, kind, flags, offset, size)
 *
 * Return: 0; -ENOENT for an unknown or revoked token; -EACCES if the
 * caller may not import it; another negative errno.
 */
int xe_kmd_ipc_import(int fd, const uint64_t token[2],
		      struct drm_xe_cbev_ipc_import *out)
{
	struct drm_xe_cbev_ipc_import args = {
		.token = { token[0], token[1] },
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_IPC_IMPORT, &args))
		return -errno;
	*out = args;
	return 0;
}
