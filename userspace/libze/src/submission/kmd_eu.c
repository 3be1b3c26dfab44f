// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * The kernel interface's wrappers of user-mode execution, beside kmd.c and
 * built the same way (see its DOC: kernel interface): the doorbell of a
 * direct queue, which executes what user space publishes in its ring
 * without an exec; the naming of the queue that writes a counter or a
 * value in memory, whose ban ends the waits on it; the execution units
 * that take user dispatches, report them done or faulted, and stop.
 */

#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include <xf86drm.h>

#include "submission/kmd.h"

/**
 * xe_kmd_exec_queue_wake() - DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE: a direct
 * queue's doorbell
 * @fd: xe_cbev node
 * @id: the queue, created with DRM_XE_CBEV_EXEC_QUEUE_CREATE_DIRECT
 *
 * Return: 0; -EIO if the queue is banned (its published tail may be what
 * banned it); another negative errno.
 */
int xe_kmd_exec_queue_wake(int fd, uint32_t id)
{
	struct drm_xe_cbev_exec_queue_wake args = {
		.exec_queue_id = id,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE, &args))
		return -errno;
	return 0;
}

/*
 * DRM_IOCTL_XE_CBEV_EU_WAIT: take a user dispatch for this file's execution
 * units, blocking unless @nonblock. Restarted on EINTR.
 */
int xe_kmd_eu_wait(int fd, bool nonblock, const struct xe_eu_done *done,
		   struct drm_xe_cbev_eu_wait *out)
{
	memset(out, 0, sizeof(*out));
	out->flags = nonblock ? DRM_XE_CBEV_EU_WAIT_NONBLOCK : 0;
	/* A dispatch completed by the caller, reported in the same call. */
	if (done && done->seqno) {
		out->flags |= DRM_XE_CBEV_EU_WAIT_REPORT;
		out->exec_queue_id = done->queue;
		out->seqno = done->seqno;
	}
	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_EU_WAIT, out))
		return -errno;
	return 0;
}

/* DRM_IOCTL_XE_CBEV_EU_REPORT of a taken dispatch, with @status. */
static int eu_report(int fd, uint32_t queue, uint64_t seqno, uint32_t status,
		     uint64_t addr)
{
	struct drm_xe_cbev_eu_report args = {
		.exec_queue_id = queue,
		.seqno = seqno,
		.status = status,
		.fault_addr = addr,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_EU_REPORT, &args))
		return -errno;
	return 0;
}

/* DRM_IOCTL_XE_CBEV_EU_REPORT: a taken dispatch is done, or faulted at @addr. */
int xe_kmd_eu_report(int fd, uint32_t queue, uint64_t seqno, bool fault,
		     uint64_t addr)
{
	return eu_report(fd, queue, seqno,
			 fault ? DRM_XE_CBEV_EU_REPORT_FAULT :
				 DRM_XE_CBEV_EU_REPORT_COMPLETE,
			 fault ? addr : 0);
}

/*
 * DRM_IOCTL_XE_CBEV_EU_REPORT with DRM_XE_CBEV_EU_REPORT_PROGRESS: a taken
 * dispatch moves on (a chain, between two launches); it stays taken.
 */
int xe_kmd_eu_progress(int fd, uint32_t queue, uint64_t seqno)
{
	return eu_report(fd, queue, seqno, DRM_XE_CBEV_EU_REPORT_PROGRESS, 0);
}

/* DRM_IOCTL_XE_CBEV_EU_STOP: stop (or @resume) the file's EU waits. */
int xe_kmd_eu_stop(int fd, bool resume)
{
	struct drm_xe_cbev_eu_stop args = {
		.flags = resume ? DRM_XE_CBEV_EU_STOP_RESUME : 0,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_EU_STOP, &args))
		return -errno;
	return 0;
}

/**
 * xe_kmd_set_writer() - DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER
 * @fd: xe_cbev node
 * @addr: a counter slot id (@flags DRM_XE_CBEV_SET_WRITER_COUNTER) or the
 *	GPU address of a value in memory bound writable
 * @flags: DRM_XE_CBEV_SET_WRITER_*
 * @queue_id: the exec queue that writes it from now on, or 0 for none
 *
 * Once that queue is banned, waits on the value end with -EIO.
 *
 * Return: 0 or a negative errno.
 */
int xe_kmd_set_writer(int fd, uint64_t addr, uint32_t flags, uint32_t queue_id)
{
	struct drm_xe_cbev_counter_set_writer args = {
		.addr = addr,
		.flags = flags,
		.exec_queue_id = queue_id,
	};

	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER, &args))
		return -errno;
	return 0;
}
