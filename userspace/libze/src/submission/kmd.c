// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: kernel interface
 *
 * With kmd_eu.c and kmd_uring.c, the only files that talk to the xe_cbev
 * module: the real backend of submission/kmd.h. One thin function per ioctl: it builds the
 * argument struct with designated initialisers, so every pad, reserved and unused
 * field is zero as the uAPI demands, calls drmIoctl() (which restarts on
 * EINTR/EAGAIN) and returns 0 or a negative errno. The other crossings
 * live here too: finding the render nodes, mapping objects of the device
 * file. The io_uring crossings (exec through SQPOLL, waits) are
 * kmd_uring.c's. Policy (what to query, what to do on failure) lives in
 * the callers.
 */

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <liburing.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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

/* Close a file the interface gave: a render node, a dma-buf, a sync_file. */
void xe_kmd_close(int fd)
{
	close(fd);
}

static int is_render_node(const struct dirent *entry)
{
	return !strncmp(entry->d_name, DRM_RENDER_MINOR_NAME,
			strlen(DRM_RENDER_MINOR_NAME));
}

/**
 * xe_kmd_probe() - open every xe_cbev render node
 * @fds: set to a malloc()ed array of the open nodes, in version order of
 *	their names; the caller owns the array and the files
 *
 * Devices are found by name, not by node number: every render node in
 * /dev/dri is opened and asked for its driver name (DRM_IOCTL_VERSION).
 * Nodes of other drivers and nodes this process may not open are skipped.
 *
 * Return: the number of nodes (0 if there is no DRM device at all, with
 * *@fds NULL), or a negative errno.
 */
int xe_kmd_probe(int **fds)
{
	char path[PATH_MAX];
	struct dirent **nodes;
	int num_nodes, i, n = 0;

	*fds = NULL;
	num_nodes = scandir(DRM_DIR_NAME, &nodes, is_render_node, versionsort);
	if (num_nodes < 0)
		return errno == ENOENT ? 0 : -errno;

	if (num_nodes) {
		*fds = calloc(num_nodes, sizeof(**fds));
		if (!*fds)
			n = -ENOMEM;
	}
	for (i = 0; i < num_nodes; i++) {
		if (n >= 0) {
			int fd;

			snprintf(path, sizeof(path), "%s/%s", DRM_DIR_NAME,
				 nodes[i]->d_name);
			fd = xe_kmd_open(path);
			if (fd >= 0)
				(*fds)[n++] = fd;
		}
		free(nodes[i]);
	}
	free(nodes);
	return n;
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

static uint64_t page_size(void)
{
	return (uint64_t)sysconf(_SC_PAGESIZE);
}

/**
 * xe_kmd_map() - map an object of the device file
 * @fd: xe_cbev node
 * @offset: the object's mmap offset (a buffer object, a counter page, an
 *	exec queue's status page and ring)
 * @size: bytes to map
 * @align: alignment of the address, a power of two (0: a page)
 * @writable: map it read-write, else read-only
 * @map: the mapping
 *
 * Alignments above the page size are had by reserving a larger anonymous
 * range and mapping the object at an aligned address in it.
 *
 * Return: 0 or a negative errno.
 */
int xe_kmd_map(int fd, uint64_t offset, uint64_t size, uint64_t align,
	       bool writable, void **map)
{
	int prot = writable ? PROT_READ | PROT_WRITE : PROT_READ;
	uintptr_t start, aligned;
	void *reserve, *p;

	if (align <= page_size()) {
		p = mmap(NULL, size, prot, MAP_SHARED, fd, offset);
		if (p == MAP_FAILED)
			return -errno;
		*map = p;
		return 0;
	}

	reserve = mmap(NULL, size + align, PROT_NONE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (reserve == MAP_FAILED)
		return -errno;

	start = (uintptr_t)reserve;
	aligned = (start + align - 1) & ~(uintptr_t)(align - 1);
	p = mmap((void *)aligned, size, prot, MAP_SHARED | MAP_FIXED, fd,
		 offset);
	if (p == MAP_FAILED) {
		int err = -errno;

		munmap(reserve, size + align);
		return err;
	}

	/* Give back the parts of the reservation around the mapping. */
	if (aligned > start)
		munmap(reserve, aligned - start);
	if (start + align > aligned)
		munmap((void *)(aligned + size), start + align - aligned);
	*map = p;
	return 0;
}

/* Undo xe_kmd_map(). */
void xe_kmd_unmap(void *map, uint64_t size)
{
	munmap(map, size);
}

/* The size of the object behind a dma-buf fd. */
int xe_kmd_dmabuf_size(int dmabuf_fd, uint64_t *size)
{
	off_t end = lseek(dmabuf_fd, 0, SEEK_END);

	if (end < 0)
		return -errno;
	*size = end;
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

/**
 * xe_kmd_ipc_export_bo() - DRM_IOCTL_XE_CBEV_IPC_EXPORT of a buffer object,
 *	read-write
 * @fd: xe_cbev node
 * @handle: GEM handle
 * @token: also register a token for it
 * @dmabuf_fd: out: a dma-buf fd of the object, close-on-exec
 * @out_token: out: with @token, the token
 *
 * Return: 0; -ENOSPC when the user holds the most tokens allowed; another
 * negative errno.
 */
int xe_kmd_ipc_export_bo(int fd, uint32_t handle, bool token,
			 int *dmabuf_fd, uint64_t out_token[2])
{
	struct drm_xe_cbev_ipc_export args = {
		.kind = DRM_XE_CBEV_IPC_KIND_BO,
		.id = handle,
		.flags = DRM_XE_CBEV_IPC_FD | (token ? DRM_XE_CBEV_IPC_TOKEN : 0),
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_IPC_EXPORT, &args))
		return -errno;
	*dmabuf_fd = args.fd;
	if (token) {
		out_token[0] = args.token[0];
		out_token[1] = args.token[1];
	}
	return 0;
}

/**
 * xe_kmd_va_reserve() - reserve a range of the process's address space
 * @size: bytes, page aligned
 * @align: alignment of the address, a power of two (0: a page)
 * @hint: where the caller would like it (NULL: anywhere); honoured if that
 *	range is free and aligned
 * @addr: out: the range, inaccessible (PROT_NONE) and without memory
 *
 * Return: 0 or a negative errno.
 */
int xe_kmd_va_reserve(uint64_t size, uint64_t align, void *hint,
		      void **addr)
{
	uintptr_t start, aligned;
	void *p;

	if (align < page_size())
		align = page_size();
	if (hint && !((uintptr_t)hint & (align - 1))) {
		p = mmap(hint, size, PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (p == hint) {
			*addr = p;
			return 0;
		}
		if (p != MAP_FAILED)
			munmap(p, size);
	}
	p = mmap(NULL, size + align - page_size(), PROT_NONE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return -errno;
	start = (uintptr_t)p;
	aligned = (start + align - 1) & ~(uintptr_t)(align - 1);
	if (aligned > start)
		munmap(p, aligned - start);
	if (start + align - page_size() > aligned)
		munmap((void *)(aligned + size),
		       start + align - page_size() - aligned);
	*addr = (void *)aligned;
	return 0;
}

/*
 * Give [@addr, @addr + @size) of a reservation back to the reservation:
 * whatever was mapped there goes, the range stays reserved (PROT_NONE).
 */
int xe_kmd_va_release(void *addr, uint64_t size)
{
	void *p = mmap(addr, size, PROT_NONE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED,
		       -1, 0);

	return p == MAP_FAILED ? -errno : 0;
}

/* Map @size bytes of the device file at @offset at @addr, in a reservation. */
int xe_kmd_map_fixed(int fd, uint64_t offset, uint64_t size, void *addr,
		     bool writable)
{
	int prot = writable ? PROT_READ | PROT_WRITE : PROT_READ;
	void *p = mmap(addr, size, prot, MAP_SHARED | MAP_FIXED, fd, offset);

	return p == MAP_FAILED ? -errno : 0;
}

/* The host's access to a mapping. */
int xe_kmd_protect(void *addr, uint64_t size, bool read, bool write)
{
	int prot = (read ? PROT_READ : 0) | (write ? PROT_WRITE : 0);

	return mprotect(addr, size, prot) ? -errno : 0;
}
