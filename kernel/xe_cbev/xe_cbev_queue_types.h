/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_QUEUE_TYPES_H_
#define _XE_CBEV_QUEUE_TYPES_H_

#include <linux/kref.h>
#include <linux/list.h>
#include <linux/workqueue.h>
#include <linux/types.h>

#include "xe_cbev_engine_types.h"

struct drm_file;
struct xe_cbev_bo;
struct xe_cbev_file;

/**
 * struct xe_cbev_queue - an exec queue: a ring the engine executes
 *
 * Reference counted: the file's queue table holds one reference, and every
 * lookup one more. The file outlives its queues: closing it destroys them.
 * What the engine executes, and how far it got, is the queue's engine
 * context, @ctx.
 */
struct xe_cbev_queue {
	/** @ref: references */
	struct kref ref;
	/** @xfile: the owning file */
	struct xe_cbev_file *xfile;
	/** @file: the owning DRM file, for the ring's mmap permission */
	struct drm_file *file;
	/** @id: id in the file's queue table */
	u32 id;
	/** @ring_bo: status page + ring; kernel-mapped for the queue's life */
	struct xe_cbev_bo *ring_bo;
	/** @ctx: the engine context: the ring, the jobs, the execution state */
	struct xe_cbev_ctx ctx;
	/**
	 * @writes: &struct xe_cbev_writer of the locations the queue writes;
	 * under the writers' mutex (xe_cbev_writer.c)
	 */
	struct list_head writes;
	/** @writes_closed: destroyed, @writes takes no more; writers' mutex */
	bool writes_closed;
	/** @lost_work: marks @writes dead once the queue is banned */
	struct work_struct lost_work;
};

#endif /* _XE_CBEV_QUEUE_TYPES_H_ */
