// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: kernel interface, io_uring and waits
 *
 * The part of the real backend of submission/kmd.h (with kmd.c and
 * kmd_eu.c) that waits and that submits through io_uring: the exec
 * command through one SQPOLL io_uring per process, the wait ioctl, and one
 * wait for many conditions through a per-thread io_uring.
 */

#include <assert.h>
#include <errno.h>
#include <liburing.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <xf86drm.h>

#include "submission/kmd.h"

/* ---- exec through an io_uring with a submission thread (SQPOLL) -------- */

/*
 * One io_uring per process, with a kernel thread that polls its submission
 * queue (IORING_SETUP_SQPOLL): an exec costs no system call while the
 * thread is awake; it sleeps after XE_SQPOLL_IDLE_MS without work, and the
 * next submission wakes it (liburing's io_uring_submit() makes the call
 * when the ring says it must). Shared by every ring of the process, under
 * a mutex: each submission waits for its own completion, which carries
 * the sequence number.
 */
#define XE_SQPOLL_IDLE_MS	1
#define XE_SQPOLL_SPINS		2000
#define XE_SQPOLL_ENTRIES	8

static struct {
	pthread_mutex_t lock;
	struct io_uring ring;
	int state;	/* 0: not made yet, 1: ready, negative errno: failed */
} sqpoll = { .lock = PTHREAD_MUTEX_INITIALIZER };

static int sqpoll_ready_locked(void)
{
	struct io_uring_params p = {
		.flags = IORING_SETUP_SQE128 | IORING_SETUP_SQPOLL,
		.sq_thread_idle = XE_SQPOLL_IDLE_MS,
	};
	int err;

	if (sqpoll.state)
		return sqpoll.state < 0 ? sqpoll.state : 0;
	err = io_uring_queue_init_params(XE_SQPOLL_ENTRIES, &sqpoll.ring, &p);
	/*
	 * Whatever reaches this ring's submission queue runs as this process
	 * (its polling thread issues the commands): a forked child must not
	 * inherit the mappings (Documentation/uapi.rst, "Who may use what").
	 */
	if (!err) {
		err = io_uring_ring_dontfork(&sqpoll.ring);
		if (err)
			io_uring_queue_exit(&sqpoll.ring);
	}
	sqpoll.state = err ? err : 1;
	return err;
}

/**
 * xe_kmd_exec_sqpoll() - DRM_XE_CBEV_URING_CMD_EXEC through the process's
 * SQPOLL io_uring: move a queue's tail, usually without a system call
 * @fd: xe_cbev node
 * @id: the queue
 * @tail: the new tail
 * @seqno: the submission's sequence number
 *
 * Without an SQPOLL io_uring (the kernel refused to make one) it is
 * xe_kmd_exec().
 *
 * Return: 0; -EIO if the queue is banned; another negative errno.
 */
int xe_kmd_exec_sqpoll(int fd, uint32_t id, uint64_t tail, uint64_t *seqno)
{
	struct drm_xe_cbev_exec args = {
		.exec_queue_id = id,
		.tail = tail,
	};
	struct io_uring_sqe *sqe;
	struct io_uring_cqe *cqe = NULL;
	unsigned int spins = 0;
	int err;

	pthread_mutex_lock(&sqpoll.lock);
	if (sqpoll_ready_locked()) {
		/* No SQPOLL ring for this process: the system call. */
		pthread_mutex_unlock(&sqpoll.lock);
		return xe_kmd_exec(fd, id, tail, seqno);
	}
	sqe = io_uring_get_sqe(&sqpoll.ring);
	if (!sqe) {
		err = -EBUSY;
		goto out;
	}
	io_uring_prep_rw(IORING_OP_URING_CMD, sqe, fd, NULL, 0, 0);
	sqe->cmd_op = DRM_XE_CBEV_URING_CMD_EXEC;
	memcpy(sqe->cmd, &args, sizeof(args));
	err = io_uring_submit(&sqpoll.ring);
	if (err < 0)
		goto out;
	/* The thread is quick when awake: look before sleeping in the kernel. */
	while (io_uring_peek_cqe(&sqpoll.ring, &cqe) && ++spins < XE_SQPOLL_SPINS)
		;
	if (!cqe) {
		do {
			err = io_uring_wait_cqe(&sqpoll.ring, &cqe);
		} while (err == -EINTR);
		if (err)
			goto out;
	}
	err = cqe->res < 0 ? cqe->res : 0;
	if (!err)
		*seqno = (uint64_t)cqe->res;
	io_uring_cqe_seen(&sqpoll.ring, cqe);
out:
	pthread_mutex_unlock(&sqpoll.lock);
	return err;
}

/**
 * wait_args() - fill the argument of a wait, ioctl or io_uring
 * @args: filled in
 * @conds: the conditions, which must stay valid until the wait is issued
 * @num_conds: entries in @conds
 * @flags: DRM_XE_CBEV_WAIT_ANY or 0 (all)
 * @abs_timeout_ns: CLOCK_MONOTONIC deadline, or a negative value for none
 * @queue_id: 0, or a queue whose ban ends the wait with -EIO
 */
static void wait_args(struct drm_xe_cbev_wait *args,
		      const struct drm_xe_cbev_wait_cond *conds,
		      uint32_t num_conds, uint32_t flags,
		      int64_t abs_timeout_ns, uint32_t queue_id)
{
	*args = (struct drm_xe_cbev_wait){
		.conds = (uintptr_t)conds,
		.num_conds = num_conds,
		.flags = flags |
			 (abs_timeout_ns < 0 ? 0 : DRM_XE_CBEV_WAIT_ABSTIME),
		.timeout_ns = abs_timeout_ns < 0 ? -1 : abs_timeout_ns,
		.exec_queue_id = queue_id,
	};
}

/**
 * xe_kmd_wait() - DRM_IOCTL_XE_CBEV_WAIT until all @conds hold
 * @fd: xe_cbev node
 * @conds: the conditions
 * @num_conds: entries in @conds
 * @abs_timeout_ns: CLOCK_MONOTONIC deadline, or a negative value for none
 * @queue_id: 0, or a queue whose ban ends the wait with -EIO
 *
 * Interrupted waits are restarted (drmIoctl()); the deadline is absolute,
 * so a restart does not wait longer.
 *
 * Return: 0; -ETIME at the deadline; -EIO on a ban; another negative errno.
 */
int xe_kmd_wait(int fd, const struct drm_xe_cbev_wait_cond *conds,
		uint32_t num_conds, int64_t abs_timeout_ns, uint32_t queue_id)
{
	struct drm_xe_cbev_wait args;

	wait_args(&args, conds, num_conds, 0, abs_timeout_ns, queue_id);
	if (drmIoctl(fd, DRM_IOCTL_XE_CBEV_WAIT, &args))
		return -errno;
	return 0;
}

/* ---- one wait for many, through io_uring ------------------------------- */

#define XE_URING_ENTRIES	4

struct thread_ring {
	struct io_uring ring;
	bool ready;
};

static pthread_key_t ring_key;
static pthread_once_t ring_key_once = PTHREAD_ONCE_INIT;

static void thread_ring_free(void *arg)
{
	struct thread_ring *tr = arg;

	if (tr->ready)
		io_uring_queue_exit(&tr->ring);
	free(tr);
}

static void ring_key_init(void)
{
	pthread_key_create(&ring_key, thread_ring_free);
}

/* This thread's io_uring, made on first use. */
static int thread_ring(struct io_uring **out)
{
	struct thread_ring *tr;
	int err;

	pthread_once(&ring_key_once, ring_key_init);
	tr = pthread_getspecific(ring_key);
	if (!tr) {
		tr = calloc(1, sizeof(*tr));
		if (!tr)
			return -ENOMEM;
		err = io_uring_queue_init(XE_URING_ENTRIES, &tr->ring,
					  IORING_SETUP_SQE128);
		if (err) {
			free(tr);
			return err;
		}
		tr->ready = true;
		err = pthread_setspecific(ring_key, tr);
		if (err) {
			thread_ring_free(tr);
			return -err;
		}
	}
	*out = &tr->ring;
	return 0;
}

/**
 * xe_kmd_wait_many() - one DRM_XE_CBEV_URING_CMD_WAIT for many conditions
 * @fd: xe_cbev node
 * @conds: the conditions
 * @num_conds: entries in @conds
 * @flags: DRM_XE_CBEV_WAIT_ANY or 0 (all)
 * @abs_timeout_ns: CLOCK_MONOTONIC deadline, or a negative value for none
 * @queue_id: 0, or a queue whose ban ends the wait with -EIO
 *
 * The kernel ends such a command after at most
 * DRM_XE_CBEV_URING_WAIT_MAX_NS with -EAGAIN; it is submitted again then,
 * with the same absolute deadline. Each thread has its own small ring
 * (128-byte SQEs), made on first use and torn down when the thread exits,
 * so waits of different threads do not serialise.
 *
 * Return: 0 (all), the index of a condition that held (any), -ETIME at the
 * deadline, -EIO on a ban, or another negative errno.
 */
int xe_kmd_wait_many(int fd, const struct drm_xe_cbev_wait_cond *conds,
		     uint32_t num_conds, uint32_t flags, int64_t abs_timeout_ns,
		     uint32_t queue_id)
{
	struct drm_xe_cbev_wait args;
	struct io_uring_sqe *sqe;
	struct io_uring_cqe *cqe;
	struct io_uring *ring;
	int err, res;

	static_assert(sizeof(args) <= 80, "the wait fits a 128-byte SQE");

	err = thread_ring(&ring);
	if (err)
		return err;
	wait_args(&args, conds, num_conds, flags, abs_timeout_ns, queue_id);
	do {
		sqe = io_uring_get_sqe(ring);
		if (!sqe)
			return -EBUSY;
		io_uring_prep_rw(IORING_OP_URING_CMD, sqe, fd, NULL, 0, 0);
		sqe->cmd_op = DRM_XE_CBEV_URING_CMD_WAIT;
		/* The kernel copies the argument and the conditions once. */
		memcpy(sqe->cmd, &args, sizeof(args));
		err = io_uring_submit(ring);
		if (err < 0)
			return err;
		do {
			err = io_uring_wait_cqe(ring, &cqe);
		} while (err == -EINTR);
		if (err)
			return err;
		res = cqe->res;
		io_uring_cqe_seen(ring, cqe);
	} while (res == -EAGAIN);
	return res;
}
