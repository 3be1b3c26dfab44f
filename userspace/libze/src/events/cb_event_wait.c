// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: waiting for events outside zeEventHostSynchronize()
 *
 * The driver's two event extensions (zex_xe_cbev_event.h), for any event,
 * both built on what waiting for an event means (struct xe_event_cond):
 *
 * zexEventExportSyncFile() hands the condition of the event's current
 * state to DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, which makes a sync_file
 * whose fence signals when it holds. A complete event (never signalled)
 * gets "value >= 0" on a slot of the device that stays 0 (&xe_device.
 * cb_done), a fence that is signalled at once, so that the caller always
 * gets an fd to poll.
 *
 * zexEventHostSynchronizeMany() checks every event from the host first,
 * which costs one load each; only if that does not settle it does it ask
 * the kernel, with one io_uring command (DRM_XE_CBEV_URING_CMD_WAIT,
 * xe_kmd_wait_many()) for all the conditions, all or any, that completes
 * when the wait would return. When every pending event names the same
 * writing queue (&xe_event_cond.queue_id), the wait names it too, so that
 * its ban ends the wait with ZE_RESULT_ERROR_DEVICE_LOST.
 */

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/libze_private.h"
#include "events/cb_event.h"
#include "events/counter.h"
#include "core/types.h"
#include "events/event.h"
#include "submission/kmd.h"
#include "core/result.h"
#include "submission/wait.h"

/* The condition for a complete event: a slot that stays 0 is >= 0. */
static int done_cond(struct xe_device *dev, struct drm_xe_cbev_wait_cond *out)
{
	int err = 0;

	pthread_mutex_lock(&dev->cb_lock);
	if (!dev->cb_done)
		err = xe_counter_create(dev, &dev->cb_done);
	if (!err)
		*out = (struct drm_xe_cbev_wait_cond){
			.addr = dev->cb_done->id,
			.value = 0,
			.op = DRM_XE_CBEV_CMP_GTE,
			.flags = DRM_XE_CBEV_WAIT_COND_COUNTER,
		};
	pthread_mutex_unlock(&dev->cb_lock);
	return err;
}

ze_result_t xe_event_export_sync_file(ze_event_handle_t hEvent, int *pFd)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);
	struct drm_xe_cbev_wait_cond kcond;
	struct xe_event_cond cond;
	int err;

	if (!ev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pFd)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	/* The pinned state keeps the counter named by id until the export. */
	if (xe_event_cond(ev, &cond)) {
		err = xe_event_cond_kmd(&cond, &kcond);
		if (!err)
			err = xe_kmd_sync_file_export(ev->dev->fd, &kcond, pFd);
		xe_event_cond_put(&cond);
	} else {
		err = done_cond(ev->dev, &kcond);
		if (!err)
			err = xe_kmd_sync_file_export(ev->dev->fd, &kcond, pFd);
	}
	return xe_result_from_errno(err);
}

ze_result_t xe_event_host_synchronize_many(uint32_t numEvents,
					   ze_event_handle_t *phEvents,
					   ze_bool_t waitAll, uint64_t timeout,
					   uint32_t *pIndex)
{
	struct drm_xe_cbev_wait_cond *kconds = NULL;
	struct xe_event_cond cond, *held = NULL;
	struct xe_device *dev = NULL;
	uint32_t *index_of = NULL;
	uint32_t i, n = 0, m, queue_id, flags;
	int64_t deadline;
	int res;

	if (!phEvents)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!numEvents || numEvents > ZEX_XE_CBEV_EVENT_WAIT_MANY_MAX)
		return ZE_RESULT_ERROR_INVALID_SIZE;
	for (i = 0; i < numEvents; i++) {
		struct xe_event *ev = xe_event_from_handle(phEvents[i]);

		if (!ev)
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		/* One device's file holds every condition of one wait. */
		if (dev && ev->dev != dev)
			return ZE_RESULT_ERROR_INVALID_ARGUMENT;
		dev = ev->dev;
	}

	/* What the host sees settles it without a system call... */
	for (i = 0; i < numEvents; i++) {
		struct xe_event *ev = xe_event_from_handle(phEvents[i]);
		bool done = true;

		if (xe_event_cond(ev, &cond)) {
			done = xe_event_cond_met(&cond);
			xe_event_cond_put(&cond);
		}
		if (done && !waitAll) {
			if (pIndex)
				*pIndex = i;
			return ZE_RESULT_SUCCESS;
		}
		n += !done;
	}
	if (!n)
		return ZE_RESULT_SUCCESS;
	if (!timeout)
		return ZE_RESULT_NOT_READY;

	/* ...else one kernel wait for the events still pending. */
	kconds = malloc(n * sizeof(*kconds));
	index_of = malloc(n * sizeof(*index_of));
	held = malloc(n * sizeof(*held));
	if (!kconds || !index_of || !held) {
		res = -ENOMEM;
		goto out;
	}
	/* The states stay pinned until the kernel is done with their ids. */
	for (i = 0, m = 0; i < numEvents && m < n; i++) {
		struct xe_event *ev = xe_event_from_handle(phEvents[i]);

		if (!xe_event_cond(ev, &held[m]))
			continue;
		if (xe_event_cond_met(&held[m])) {
			xe_event_cond_put(&held[m]);
			continue;
		}
		xe_event_cond_kmd(&held[m], &kconds[m]);
		index_of[m++] = i;
	}
	n = m;
	if (!n) {
		res = 0;	/* completed since the first look */
		goto out;
	}

	/* One writer for all: its ban ends the wait (one queue per wait). */
	queue_id = held[0].queue_id;
	for (i = 1; i < n; i++)
		if (held[i].queue_id != queue_id)
			queue_id = 0;
	flags = waitAll ? 0 : DRM_XE_CBEV_WAIT_ANY;
	deadline = xe_wait_deadline(timeout);
	res = xe_kmd_wait_many(dev->fd, kconds, n, flags, deadline, queue_id);
	/* A writer destroyed since (not banned) is no longer named. */
	if (res == -ENOENT && queue_id)
		res = xe_kmd_wait_many(dev->fd, kconds, n, flags, deadline, 0);
	if (res >= 0 && !waitAll && pIndex)
		*pIndex = index_of[res < (int)n ? res : 0];
	if (res > 0)
		res = 0;
out:
	for (i = 0; held && i < n; i++)
		xe_event_cond_put(&held[i]);
	free(held);
	free(index_of);
	free(kconds);
	return xe_result_from_errno(res);
}

XE_EXPORT(zexEventExportSyncFile, xe_event_export_sync_file);
XE_EXPORT(zexEventHostSynchronizeMany, xe_event_host_synchronize_many);
