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

#include "kmd.h"

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
