// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/slab.h>

#include <drm/drm_file.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_compat.h"
#include "xe_cbev_device.h"
#include "xe_cbev_queue.h"
#include "xe_cbev_uring.h"
#include "xe_cbev_async_wait.h"
#include "xe_cbev_wait.h"

/**
 * DOC: io_uring commands
 *
 * IORING_OP_URING_CMD on the DRM fd runs the exec and the wait of the
 * ioctls, so that user space can batch doorbells, submit without a system
 * call (SQPOLL), and wait for thousands of values with one
 * io_uring_wait_cqe(). The argument structs are the ioctls', in a 128-byte
 * SQE; the kernel copies each once before looking at it, since user space
 * may still write the submission ring.
 *
 * An exec completes at once with the submission's sequence number (or an
 * error). A wait that does not hold yet completes later from the engine
 * side: its asynchronous wait signals, cleans up in process context and
 * then completes the request in the submitter's task. io_uring in this
 * kernel cannot cancel a driver command, and a pending request keeps the
 * file open, so a wait never stays queued longer than
 * DRM_XE_CBEV_URING_WAIT_MAX_NS: past that it completes with -EAGAIN.
 */

/* The request's result, kept in its pdu between completion and task work. */
struct uring_pdu {
	int result;
};

static void uring_done(struct io_uring_cmd *cmd, unsigned int issue_flags)
{
	struct uring_pdu *pdu = (struct uring_pdu *)cmd->pdu;

	io_uring_cmd_done(cmd, pdu->result, 0, issue_flags);
}

static void uring_wait_signal(struct xe_cbev_async_wait *w, int result)
{
}

static void uring_wait_finish(struct xe_cbev_async_wait *w, int result)
{
	struct io_uring_cmd *cmd = w->priv;
	struct uring_pdu *pdu = (struct uring_pdu *)cmd->pdu;

	xe_cbev_async_wait_free(w);
	pdu->result = result;
	io_uring_cmd_complete_in_task(cmd, uring_done);
}

static const struct xe_cbev_async_wait_ops uring_wait_ops = {
	.signal = uring_wait_signal,
	.finish = uring_wait_finish,
};

static int uring_wait(struct xe_cbev_file *xfile, struct io_uring_cmd *cmd,
		      const struct drm_xe_cbev_wait *args)
{
	struct drm_xe_cbev_wait_cond *uconds;
	struct xe_cbev_async_wait *w;
	ktime_t now = ktime_get(), cap, deadline;
	int ret;

	BUILD_BUG_ON(sizeof(struct uring_pdu) > sizeof(cmd->pdu));

	ret = xe_cbev_wait_check_args(xfile, args);
	if (ret)
		return ret;

	if (args->timeout_ns < 0)
		deadline = KTIME_MAX;
	else if (args->flags & DRM_XE_CBEV_WAIT_ABSTIME)
		deadline = ns_to_ktime(args->timeout_ns);
	else
		deadline = ktime_add_safe(now, ns_to_ktime(args->timeout_ns));
	cap = ktime_add_ns(now, DRM_XE_CBEV_URING_WAIT_MAX_NS);

	uconds = vmemdup_user(u64_to_user_ptr(args->conds),
			      array_size(args->num_conds, sizeof(*uconds)));
	if (IS_ERR(uconds))
		return PTR_ERR(uconds);

	w = xe_cbev_async_wait_create(xfile, uconds, args->num_conds,
				      args->flags & DRM_XE_CBEV_WAIT_ANY,
				      args->exec_queue_id, &uring_wait_ops, cmd);
	kvfree(uconds);
	if (IS_ERR(w))
		return PTR_ERR(w);

	/* From here the wait completes the request, however it ends. */
	if (ktime_compare(deadline, cap) > 0)
		xe_cbev_async_wait_start(w, cap, -EAGAIN);
	else
		xe_cbev_async_wait_start(w, deadline, -ETIME);
	return -EIOCBQUEUED;
}

/**
 * xe_cbev_uring_cmd() - &file_operations.uring_cmd of the DRM fd
 * @cmd: the request
 * @issue_flags: IO_URING_F_*
 *
 * Return: the result of an exec (the sequence number, capped at INT_MAX)
 * or an error; -EIOCBQUEUED for a wait, which completes later; -EINVAL
 * without a 128-byte SQE; -ENOTTY for an unknown command.
 */
int xe_cbev_uring_cmd(struct io_uring_cmd *cmd, unsigned int issue_flags)
{
	struct drm_file *file = cmd->file->private_data;
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);
	union {
		struct drm_xe_cbev_exec exec;
		struct drm_xe_cbev_wait wait;
	} args;
	u64 seqno;
	int ret;

	BUILD_BUG_ON(sizeof(args) > 80);

	if (!(issue_flags & IO_URING_F_SQE128))
		return -EINVAL;

	/* One copy of what user space may still be writing. */
	memcpy(&args, xe_cbev_uring_cmd_data(cmd), sizeof(args));

	switch (cmd->cmd_op) {
	case DRM_XE_CBEV_URING_CMD_EXEC:
		if (args.exec.seqno)
			return -EINVAL;
		ret = xe_cbev_queue_submit(xfile, &args.exec, &seqno);
		return ret ?: (int)min_t(u64, seqno, INT_MAX);
	case DRM_XE_CBEV_URING_CMD_WAIT:
		return uring_wait(xfile, cmd, &args.wait);
	default:
		return -ENOTTY;
	}
}
