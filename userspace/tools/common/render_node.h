/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_RENDER_NODE_H
#define _XE_CBEV_RENDER_NODE_H

/*
 * Opening an xe_cbev render node by the driver's name, as programs that
 * talk to the module itself (or make DRM syncobjs on it) do: a machine
 * may have other DRM devices first.
 */

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

/* The @nth xe_cbev render node (from 0), opened close-on-exec; or -1. */
static inline int xe_cbev_open_render_nth(int nth)
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
		if (v && !strcmp(v->name, "xe_cbev") && !nth--) {
			drmFreeVersion(v);
			return fd;
		}
		if (v)
			drmFreeVersion(v);
		close(fd);
	}
	return -1;
}

#endif /* _XE_CBEV_RENDER_NODE_H */
