// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * The fake engine of the host unit tests has no DRM syncobjs: external
 * semaphores (kmd_syncobj.c) need the module.
 */

#include <errno.h>

#include "submission/kmd.h"

int xe_kmd_syncobj_create(int fd, uint32_t *handle)
{
	(void)fd;
	(void)handle;
	return -EOPNOTSUPP;
}

int xe_kmd_syncobj_destroy(int fd, uint32_t handle)
{
	(void)fd;
	(void)handle;
	return -EOPNOTSUPP;
}

int xe_kmd_syncobj_import(int fd, int obj_fd, uint32_t *handle)
{
	(void)fd;
	(void)obj_fd;
	(void)handle;
	return -EOPNOTSUPP;
}

int xe_kmd_syncobj_wait(int fd, uint32_t *handles, uint64_t *points,
			uint32_t count, int64_t abs_timeout_ns, bool all,
			uint32_t *first)
{
	(void)fd;
	(void)handles;
	(void)points;
	(void)count;
	(void)abs_timeout_ns;
	(void)all;
	(void)first;
	return -EOPNOTSUPP;
}

int xe_kmd_syncobj_signal(int fd, uint32_t handle, uint64_t point)
{
	(void)fd;
	(void)handle;
	(void)point;
	return -EOPNOTSUPP;
}

int xe_kmd_syncobj_reset(int fd, uint32_t handle)
{
	(void)fd;
	(void)handle;
	return -EOPNOTSUPP;
}
