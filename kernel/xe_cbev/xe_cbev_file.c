// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/spinlock.h>
#include <linux/xarray.h>

#include "xe_cbev_device_types.h"
#include "xe_cbev_direct.h"
#include "xe_cbev_file.h"
#include "xe_cbev_queue_types.h"

/**
 * DOC: submission accounting
 *
 * Every submission of a file gets the next number of the file's sequence,
 * whichever of its queues it goes to. A submission *retires* when it has
 * finished or will never run (its queue is banned or destroyed); the
 * file's retired number is the highest one up to which all have retired.
 * The counter manager uses the two numbers to know when work submitted
 * before a counter slot was freed can no longer touch it.
 *
 * The accounting reads the queues' job lists, under each queue's lock, but
 * calls nothing of theirs: it sits below the queues and the counters.
 */

/**
 * xe_cbev_file_submissions_init() - a new file has submitted nothing
 * @xfile: the file
 */
void xe_cbev_file_submissions_init(struct xe_cbev_file *xfile)
{
	atomic64_set(&xfile->seqno, 0);
	atomic64_set(&xfile->interrupts, 0);
	init_waitqueue_head(&xfile->event_wq);
}

/**
 * xe_cbev_file_next_seqno() - number a new submission
 * @xfile: the submitting file
 *
 * Return: the submission's sequence number.
 */
u64 xe_cbev_file_next_seqno(struct xe_cbev_file *xfile)
{
	return atomic64_inc_return(&xfile->seqno);
}

/**
 * xe_cbev_file_submitted_seqno() - the file's latest submission
 * @xfile: the file
 *
 * Return: its sequence number.
 */
u64 xe_cbev_file_submitted_seqno(struct xe_cbev_file *xfile)
{
	return atomic64_read(&xfile->seqno);
}

/**
 * xe_cbev_file_direct_flush() - number what direct queues were given
 * @xfile: the file
 *
 * Tails user space published on its direct queues that the engine has not
 * taken yet get their submission numbers now, so that
 * xe_cbev_file_submitted_seqno() covers every submission made before the
 * call (a counter slot freed after them retires only once they finished).
 * Allocates nothing: it cannot fail.
 */
void xe_cbev_file_direct_flush(struct xe_cbev_file *xfile)
{
	struct xe_cbev_queue *q;
	unsigned long id;

	xa_lock(&xfile->queues);
	xa_for_each(&xfile->queues, id, q) {
		if (q->ctx.direct)
			xe_cbev_direct_reserve(&q->ctx);
	}
	xa_unlock(&xfile->queues);
}

/**
 * xe_cbev_file_retired_seqno() - submissions the engine is done with
 * @xfile: the file
 *
 * Return: a sequence number such that every submission up to it has
 * finished or will never run (its queue is banned or destroyed).
 */
u64 xe_cbev_file_retired_seqno(struct xe_cbev_file *xfile)
{
	u64 retired = atomic64_read(&xfile->seqno);
	struct xe_cbev_queue *q;
	unsigned long id, flags;

	xa_lock(&xfile->queues);
	xa_for_each(&xfile->queues, id, q) {
		struct xe_cbev_job *job;

		spin_lock_irqsave(&q->ctx.lock, flags);
		/* A dying queue counts until its last slice has stopped. */
		job = list_first_entry_or_null(&q->ctx.jobs, struct xe_cbev_job, link);
		if (job && !q->ctx.banned)
			retired = min(retired, job->seqno - 1);
		/* Reserved for a tail the engine will take (and then run). */
		if (q->ctx.direct_reserved && !q->ctx.banned && !q->ctx.dead)
			retired = min(retired, q->ctx.direct_reserved - 1);
		spin_unlock_irqrestore(&q->ctx.lock, flags);
	}
	xa_unlock(&xfile->queues);
	return retired;
}
