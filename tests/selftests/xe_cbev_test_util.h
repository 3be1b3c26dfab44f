/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * Helpers shared by the xe_cbev selftests: find the device by driver name
 * and call ioctls returning the errno, the way the ntsync selftests do.
 */
#ifndef XE_CBEV_TEST_UTIL_H
#define XE_CBEV_TEST_UTIL_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <xf86drm.h>
#include <drm/xe_cbev_drm.h>

/* A byte pattern the kernel never writes, to prove it wrote a struct. */
#define XE_CBEV_POISON 0xa5

/**
 * st_open_render_nth - open the @n-th xe_cbev render node (0-based)
 * @n: how many xe_cbev nodes to skip
 *
 * Walks the render nodes and keeps those whose driver is "xe_cbev";
 * another DRM driver may own the first node (the debug kernel has vgem
 * built in). Opens the nodes directly rather than with libdrm's
 * drmOpenWithType(), which would also try to create missing nodes when
 * run as root. Returns the fd, or -1.
 */
static inline int st_open_render_nth(int n)
{
	char path[64];
	int minor;

	for (minor = 128; minor < 192; minor++) {
		drmVersionPtr v;
		int fd;

		snprintf(path, sizeof(path), "/dev/dri/renderD%d", minor);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		v = drmGetVersion(fd);
		if (v && !strcmp(v->name, "xe_cbev") && !n--) {
			drmFreeVersion(v);
			return fd;
		}
		if (v)
			drmFreeVersion(v);
		close(fd);
	}
	return -1;
}

/* st_open_render - open the first xe_cbev render node; the fd, or -1. */
static inline int st_open_render(void)
{
	return st_open_render_nth(0);
}

/* ioctl() that returns 0 or the errno, never -1. */
static inline int st_ioctl(int fd, unsigned long req, void *arg)
{
	return ioctl(fd, req, arg) ? errno : 0;
}

static inline int
st_query(int fd, struct drm_xe_cbev_device_query *q)
{
	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_DEVICE_QUERY, q);
}

/* Read the device info, poisoning the buffer first. Returns the errno. */
static inline int
st_query_info(int fd, struct drm_xe_cbev_query_device_info *info)
{
	struct drm_xe_cbev_device_query q = {
		.query = DRM_XE_CBEV_QUERY_DEVICE_INFO,
		.size = sizeof(*info),
		.data = (__u64)(uintptr_t)info,
	};

	memset(info, XE_CBEV_POISON, sizeof(*info));
	return st_query(fd, &q);
}

/* -- buffer objects ------------------------------------------------------ */

/* Create a buffer object; returns the errno, the handle in *handle. */
static inline int st_bo_create(int fd, uint64_t size, uint32_t flags,
				    uint32_t *handle)
{
	struct drm_xe_cbev_bo_create c = { .size = size, .flags = flags };
	int err = st_ioctl(fd, DRM_IOCTL_XE_CBEV_BO_CREATE, &c);

	if (!err)
		*handle = c.handle;
	return err;
}

static inline int st_gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close c = { .handle = handle };

	return st_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c);
}

static inline int st_bo_mmap_offset(int fd, uint32_t handle,
					 uint64_t *offset)
{
	struct drm_xe_cbev_bo_mmap_offset o = { .handle = handle };
	int err = st_ioctl(fd, DRM_IOCTL_XE_CBEV_BO_MMAP_OFFSET, &o);

	if (!err)
		*offset = o.offset;
	return err;
}

/* Map a buffer object read-write; MAP_FAILED on error. */
static inline void *st_bo_map(int fd, uint32_t handle, size_t size)
{
	uint64_t offset;

	if (st_bo_mmap_offset(fd, handle, &offset))
		return MAP_FAILED;
	return mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
}

/* -- GPU address space ----------------------------------------------------- */

static inline int st_vm_map(int fd, uint32_t handle, uint64_t offset,
				 uint64_t range, uint64_t addr, uint32_t flags)
{
	struct drm_xe_cbev_vm_bind b = {
		.op = DRM_XE_CBEV_VM_BIND_OP_MAP,
		.flags = flags,
		.handle = handle,
		.offset = offset,
		.range = range,
		.addr = addr,
	};

	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_VM_BIND, &b);
}

static inline int st_vm_unmap(int fd, uint64_t addr, uint64_t range)
{
	struct drm_xe_cbev_vm_bind b = {
		.op = DRM_XE_CBEV_VM_BIND_OP_UNMAP,
		.range = range,
		.addr = addr,
	};

	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_VM_BIND, &b);
}

/* -- counters -------------------------------------------------------------- */

static inline int st_counter_alloc(int fd,
					struct drm_xe_cbev_counter_alloc *a)
{
	memset(a, 0, sizeof(*a));
	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_COUNTER_ALLOC, a);
}

static inline int st_counter_free(int fd, uint32_t id)
{
	struct drm_xe_cbev_counter_free f = { .id = id };

	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_COUNTER_FREE, &f);
}

/* -- debugfs --------------------------------------------------------------- */

/* Device-wide live objects, from the first line of the debugfs file. */
struct st_totals {
	int bos, bindings, counter_pages, counter_slots;
	long pinned_pages;
};

/* Path of the debugfs file of the device behind @fd. */
static inline int st_debugfs_path(int fd, char *path, size_t len)
{
	struct stat st;

	if (fstat(fd, &st))
		return errno;
	snprintf(path, len, "/sys/kernel/debug/dri/%u/xe_cbev",
		 minor(st.st_rdev));
	return 0;
}

static inline int st_totals(int fd, struct st_totals *t)
{
	char path[96];
	FILE *f;
	int n;

	if (st_debugfs_path(fd, path, sizeof(path)))
		return -1;
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fscanf(f, "device bos %d bindings %d counter_pages %d counter_slots %d pinned_pages %ld",
		   &t->bos, &t->bindings, &t->counter_pages, &t->counter_slots,
		   &t->pinned_pages);
	fclose(f);
	return n == 5 ? 0 : -1;
}

/* Slices the engine of @fd's device ran, from the second line; or -1. */
static inline long long st_engine_slices(int fd)
{
	long long slices = -1;
	char path[96], line[256];
	FILE *f;

	if (st_debugfs_path(fd, path, sizeof(path)))
		return -1;
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (!fgets(line, sizeof(line), f) || fscanf(f, "engine slices %lld", &slices) != 1)
		slices = -1;
	fclose(f);
	return slices;
}

/* The device totals, read through a file of our own. */
static inline int st_totals_now(struct st_totals *t)
{
	int fd = st_open_render();
	int ret;

	if (fd < 0)
		return -1;
	ret = st_totals(fd, t);
	close(fd);
	return ret;
}

/* In a test: every device total of @a equals @b's. */
#define EXPECT_TOTALS_EQ(a, b) do {				\
	EXPECT_EQ((a).bos, (b).bos);					\
	EXPECT_EQ((a).bindings, (b).bindings);				\
	EXPECT_EQ((a).counter_pages, (b).counter_pages);		\
	EXPECT_EQ((a).counter_slots, (b).counter_slots);		\
	EXPECT_EQ((a).pinned_pages, (b).pinned_pages);			\
} while (0)

/* Count the lines of the debugfs file that contain @needle. */
static inline int st_debugfs_count(int fd, const char *needle)
{
	char path[96], line[256];
	int n = 0;
	FILE *f;

	if (st_debugfs_path(fd, path, sizeof(path)))
		return -1;
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		n += !!strstr(line, needle);
	fclose(f);
	return n;
}

/* Send @fd over the unix socket @sock (SCM_RIGHTS); 0 or -1. */
static inline int st_send_fd(int sock, int fd)
{
	char data = 'f', cbuf[CMSG_SPACE(sizeof(int))] = { 0 };
	struct iovec iov = { .iov_base = &data, .iov_len = 1 };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);

	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(int));
	return sendmsg(sock, &msg, 0) == 1 ? 0 : -1;
}

/* Receive an fd sent with st_send_fd(); the fd or -1. */
static inline int st_recv_fd(int sock)
{
	char data, cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { .iov_base = &data, .iov_len = 1 };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *c;
	int fd;

	if (recvmsg(sock, &msg, 0) != 1)
		return -1;
	c = CMSG_FIRSTHDR(&msg);
	if (!c || c->cmsg_type != SCM_RIGHTS)
		return -1;
	memcpy(&fd, CMSG_DATA(c), sizeof(int));
	return fd;
}

#endif /* XE_CBEV_TEST_UTIL_H */
