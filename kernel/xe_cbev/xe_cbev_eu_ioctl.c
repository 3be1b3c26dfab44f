// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <drm/drm_file.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_device.h"
#include "xe_cbev_eu.h"
#include "xe_cbev_eu_ioctl.h"
#include "xe_cbev_macros.h"
#include "xe_cbev_queue.h"
#include "xe_cbev_svm.h"

/**
 * xe_cbev_eu_wait_ioctl() - DRM_IOCTL_XE_CBEV_EU_WAIT
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_eu_wait
 * @file: the caller's file
 *
 * Return: 0 with a dispatch taken; -EINVAL for a bad flag, extension,
 * output, pad or reserved field, or a report (&DRM_XE_CBEV_EU_WAIT_REPORT)
 * without a number; -EPERM when the caller is not the
 * process that opened the file; -ESHUTDOWN while the file's execution
 * units are stopped; -EAGAIN (NONBLOCK) with nothing pending;
 * -ERESTARTSYS on a signal.
 */
int xe_cbev_eu_wait_ioctl(struct drm_device *dev, void *data,
			  struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);
	struct drm_xe_cbev_eu_wait *args = data;
	bool report = args->flags & DRM_XE_CBEV_EU_WAIT_REPORT;
	struct xe_cbev_queue *q;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->flags & ~(DRM_XE_CBEV_EU_WAIT_NONBLOCK |
						     DRM_XE_CBEV_EU_WAIT_REPORT)) ||
	    XE_CBEV_IOCTL_DBG(xdev, !report &&
			      (args->exec_queue_id || args->seqno)) ||
	    XE_CBEV_IOCTL_DBG(xdev, report && !args->seqno) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->cookie || args->groups[0] ||
			      args->groups[1] || args->groups[2]) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->pad) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]))
		return -EINVAL;
	/* Dispatches run in the opener's memory, on its threads. */
	if (XE_CBEV_IOCTL_DBG(xdev, !xe_cbev_svm_is_opener(&xfile->vm.svm)))
		return -EPERM;

	if (report) {
		/* Its failures mean nobody waits for the report. */
		q = xe_cbev_queue_lookup(xfile, args->exec_queue_id);
		if (q) {
			xe_cbev_eu_report(&q->ctx, args->seqno, false, 0);
			xe_cbev_queue_put(q);
		}
		/* A restarted call does not report again. */
		args->flags &= ~DRM_XE_CBEV_EU_WAIT_REPORT;
		args->exec_queue_id = 0;
		args->seqno = 0;
	}
	return xe_cbev_eu_take(&xfile->eu,
			       args->flags & DRM_XE_CBEV_EU_WAIT_NONBLOCK, args);
}

/**
 * xe_cbev_eu_report_ioctl() - DRM_IOCTL_XE_CBEV_EU_REPORT
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_eu_report
 * @file: the caller's file
 *
 * Return: 0; -EINVAL for a bad status, fault address, extension or
 * reserved field, or a dispatch that is not the queue's taken one;
 * -EPERM when the caller is not the process that opened the file;
 * -ENOENT for a queue the file does not have; -ECANCELED when the queue
 * was banned meanwhile.
 */
int xe_cbev_eu_report_ioctl(struct drm_device *dev, void *data,
			    struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);
	struct drm_xe_cbev_eu_report *args = data;
	bool fault = args->status == DRM_XE_CBEV_EU_REPORT_FAULT;
	bool progress = args->status == DRM_XE_CBEV_EU_REPORT_PROGRESS;
	struct xe_cbev_queue *q;
	int ret;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->status != DRM_XE_CBEV_EU_REPORT_COMPLETE &&
			      !fault && !progress) ||
	    XE_CBEV_IOCTL_DBG(xdev, !fault && args->fault_addr) ||
	    XE_CBEV_IOCTL_DBG(xdev, !args->seqno) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]))
		return -EINVAL;
	/* Dispatches run in the opener's memory, on its threads. */
	if (XE_CBEV_IOCTL_DBG(xdev, !xe_cbev_svm_is_opener(&xfile->vm.svm)))
		return -EPERM;

	q = xe_cbev_queue_lookup(xfile, args->exec_queue_id);
	if (XE_CBEV_IOCTL_DBG(xdev, !q))
		return -ENOENT;
	ret = progress ? xe_cbev_eu_progress(&q->ctx, args->seqno) :
	      xe_cbev_eu_report(&q->ctx, args->seqno, fault, args->fault_addr);
	xe_cbev_queue_put(q);
	if (ret == -EINVAL)
		drm_dbg_driver(dev, "EU report of queue %u dispatch %llu: not taken\n",
			       args->exec_queue_id, args->seqno);
	return ret;
}

/**
 * xe_cbev_eu_stop_ioctl() - DRM_IOCTL_XE_CBEV_EU_STOP
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_eu_stop
 * @file: the caller's file
 *
 * Return: 0; -EINVAL for a bad flag, extension, pad or reserved field;
 * -EPERM when the caller is not the process that opened the file.
 */
int xe_cbev_eu_stop_ioctl(struct drm_device *dev, void *data,
			  struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);
	struct drm_xe_cbev_eu_stop *args = data;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->flags & ~DRM_XE_CBEV_EU_STOP_RESUME) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->pad) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]))
		return -EINVAL;
	/* Dispatches run in the opener's memory, on its threads. */
	if (XE_CBEV_IOCTL_DBG(xdev, !xe_cbev_svm_is_opener(&xfile->vm.svm)))
		return -EPERM;

	xe_cbev_eu_stop(&xfile->eu, args->flags & DRM_XE_CBEV_EU_STOP_RESUME);
	return 0;
}
