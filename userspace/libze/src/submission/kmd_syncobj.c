// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DRM synchronisation objects on an xe_cbev node, for external semaphores
 * (events/external_semaphore.c). The module lets the DRM core give every
 * file syncobjs (DRIVER_SYNCOBJ | DRIVER_SYNCOBJ_TIMELINE); these are the
 * core's ioctls through libdrm, part of the kernel-interface seam
 * (kmd.h).
 */

#include <errno.h>
#include <unistd.h>
#include <xf86drm.h>

#include "submission/kmd.h"

/* libdrm's syncobj calls return -1 or -errno; errno is set either way. */
static int syncobj_ret(int ret)
{
	return ret ? -errno : 0;
}

/**
 * xe_kmd_syncobj_create() - a new syncobj of the file
 * @fd: xe_cbev node
 * @handle: out: its handle
 *
 * Return: 0 or a negative errno.
 */
int xe_kmd_syncobj_create(int fd, uint32_t *handle)
{
	return syncobj_ret(drmSyncobjCreate(fd, 0, handle));
}

/**
 * xe_kmd_syncobj_destroy() - drop the file's handle of a syncobj
 * @fd: xe_cbev node
 * @handle: the handle
 *
 * Return: 0 or a negative errno.
 */
int xe_kmd_syncobj_destroy(int fd, uint32_t handle)
{
	return syncobj_ret(drmSyncobjDestroy(fd, handle));
}

/**
 * xe_kmd_syncobj_import() - a handle of the file for what @obj_fd is
 * @fd: xe_cbev node
 * @obj_fd: a syncobj's fd (of any DRM device), or a sync_file; not closed
 * @handle: out: for a syncobj fd, a handle of that syncobj (its payload is
 *	shared with every other holder); for a sync_file, a new syncobj
 *	holding the sync_file's fence
 *
 * Return: 0; -EINVAL if @obj_fd is neither; another negative errno.
 */
int xe_kmd_syncobj_import(int fd, int obj_fd, uint32_t *handle)
{
	int ret;

	if (!drmSyncobjFDToHandle(fd, obj_fd, handle))
		return 0;
	if (errno != EINVAL)
		return -errno;
	/* Not a syncobj: a sync_file is imported into a syncobj of ours. */
	ret = xe_kmd_syncobj_create(fd, handle);
	if (ret)
		return ret;
	ret = syncobj_ret(drmSyncobjImportSyncFile(fd, *handle, obj_fd));
	if (ret)
		drmSyncobjDestroy(fd, *handle);
	return ret;
}

/**
 * xe_kmd_syncobj_wait() - wait for syncobj points
 * @fd: xe_cbev node
 * @handles: the syncobjs
 * @points: the timeline point of each, 0 for a binary syncobj
 * @count: how many
 * @abs_timeout_ns: CLOCK_MONOTONIC deadline; 0 only polls
 * @all: wait for all of them, not for the first
 * @first: out (may be NULL): when not @all, one that is signalled
 *
 * A point that has no fence yet is waited for until it gets one
 * (DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT).
 *
 * Return: 0; -ETIME at the deadline; another negative errno.
 */
int xe_kmd_syncobj_wait(int fd, uint32_t *handles, uint64_t *points,
			uint32_t count, int64_t abs_timeout_ns, bool all,
			uint32_t *first)
{
	uint32_t flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;

	if (all)
		flags |= DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL;
	return syncobj_ret(drmSyncobjTimelineWait(fd, handles, points, count,
						  abs_timeout_ns, flags,
						  first));
}

/**
 * xe_kmd_syncobj_signal() - signal a syncobj from the host
 * @fd: xe_cbev node
 * @handle: the syncobj
 * @point: the timeline point to signal, 0 for a binary syncobj
 *
 * Return: 0 or a negative errno (-EINVAL for a point not above the
 * timeline's last one, among others).
 */
int xe_kmd_syncobj_signal(int fd, uint32_t handle, uint64_t point)
{
	if (!point)
		return syncobj_ret(drmSyncobjSignal(fd, &handle, 1));
	return syncobj_ret(drmSyncobjTimelineSignal(fd, &handle, &point, 1));
}

/**
 * xe_kmd_syncobj_reset() - take the fence out of a binary syncobj
 * @fd: xe_cbev node
 * @handle: the syncobj
 *
 * Return: 0 or a negative errno.
 */
int xe_kmd_syncobj_reset(int fd, uint32_t handle)
{
	return syncobj_ret(drmSyncobjReset(fd, &handle, 1));
}
