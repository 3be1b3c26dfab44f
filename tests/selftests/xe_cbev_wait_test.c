// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * Host waits on memory: the wait ioctl (one condition, all, any, timeouts,
 * bad conditions), the same waits as io_uring commands, exec by io_uring,
 * and sync_file fences that poll.
 */
#include <liburing.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <stdlib.h>

#include "xe_cbev_engine_util.h"
#include "kselftest_harness.h"

#define BUF_SIZE	(64 * 1024)

FIXTURE(wait) {
	int fd;
	struct test_buf b;
	struct test_ring r;
};

FIXTURE_SETUP(wait)
{
	self->fd = st_open_render();
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, buf_create(self->fd, &self->b, BUF_SIZE, 0));
	ASSERT_EQ(0, ring_create(self->fd, &self->r, 16384, 0));
}

/* A module parameter a test changed, to put back even if it fails. */
static char saved_fence_timeout[32];
static long param_swap(const char *path, const char *value);
#define FENCE_TIMEOUT_PARAM	"/sys/module/xe_cbev/parameters/fence_timeout_ms"

FIXTURE_TEARDOWN(wait)
{
	if (saved_fence_timeout[0])
		param_swap(FENCE_TIMEOUT_PARAM, saved_fence_timeout);
	ring_unmap(&self->r);
	munmap(self->b.cpu, self->b.size);
	close(self->fd);
}

#define GPU(off)	(self->b.gpu + (off))
#define U64(off)	(*(volatile uint64_t *)((char *)self->b.cpu + (off)))

/* Queue stores of 1..n to GPU(8 * i), each after a short spin. */
static void emit_staggered(struct test_ring *r, uint64_t base, int n, uint64_t spin)
{
	uint32_t dw[16];
	int i;

	for (i = 0; i < n; i++) {
		ring_emit(r, dw, emit_dispatch(dw, K_SPIN, spin, 0, 0, 0));
		ring_emit(r, dw, emit_sdi64(dw, base + 8 * i, i + 1));
	}
}

TEST_F(wait, compare_ops)
{
	static const struct { uint32_t op; uint64_t v; int holds; } t[] = {
		{ DRM_XE_CBEV_CMP_GTE, 5, 1 }, { DRM_XE_CBEV_CMP_GTE, 6, 0 },
		{ DRM_XE_CBEV_CMP_GT, 4, 1 }, { DRM_XE_CBEV_CMP_GT, 5, 0 },
		{ DRM_XE_CBEV_CMP_LTE, 5, 1 }, { DRM_XE_CBEV_CMP_LTE, 4, 0 },
		{ DRM_XE_CBEV_CMP_LT, 6, 1 }, { DRM_XE_CBEV_CMP_LT, 5, 0 },
		{ DRM_XE_CBEV_CMP_EQ, 5, 1 }, { DRM_XE_CBEV_CMP_EQ, 4, 0 },
		{ DRM_XE_CBEV_CMP_NEQ, 4, 1 }, { DRM_XE_CBEV_CMP_NEQ, 5, 0 },
	};
	unsigned int i;

	U64(0) = 5;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct drm_xe_cbev_wait_cond c = { .addr = GPU(0), .value = t[i].v, .op = t[i].op };

		EXPECT_EQ(t[i].holds ? 0 : ETIME, wait_conds(self->fd, &c, 1, 0, 0, 0, NULL))
			TH_LOG("op %u value %llu", t[i].op, (unsigned long long)t[i].v);
	}
	/* 32-bit compares read only the low dword. */
	U64(8) = 0x100000007ull;
	{
		struct drm_xe_cbev_wait_cond c = { .addr = GPU(8), .value = 7,
			.op = DRM_XE_CBEV_CMP_EQ, .flags = DRM_XE_CBEV_WAIT_COND_32BIT };

		EXPECT_EQ(0, wait_conds(self->fd, &c, 1, 0, 0, 0, NULL));
	}
}

TEST_F(wait, timeout_and_abstime)
{
	struct drm_xe_cbev_wait_cond c = { .addr = GPU(0), .value = 1 };
	uint64_t t0 = now_ns();

	EXPECT_EQ(ETIME, wait_conds(self->fd, &c, 1, 0, 30 * MSEC, 0, NULL));
	EXPECT_GE(now_ns() - t0, 30ull * MSEC);
	t0 = now_ns();
	EXPECT_EQ(ETIME, wait_conds(self->fd, &c, 1, DRM_XE_CBEV_WAIT_ABSTIME,
				    t0 + 20 * MSEC, 0, NULL));
	EXPECT_GE(now_ns() - t0, 20ull * MSEC);
	/* An absolute time in the past only checks. */
	EXPECT_EQ(ETIME, wait_conds(self->fd, &c, 1, DRM_XE_CBEV_WAIT_ABSTIME, 1, 0, NULL));
}

/* A host wait is woken by the engine's write, not by a timeout. */
TEST_F(wait, woken_by_engine)
{
	emit_staggered(&self->r, GPU(0), 1, 50 * MSEC);
	ASSERT_EQ(0, ring_submit(&self->r));
	EXPECT_EQ(0ull, U64(0));
	EXPECT_EQ(0, wait_gte(self->fd, GPU(0), 1, -1));
	EXPECT_EQ(1ull, U64(0));
}

TEST_F(wait, woken_by_host_write)
{
	pid_t pid = fork();

	ASSERT_GE(pid, 0);
	if (pid == 0) {
		/* The child shares the mapping; its store is a host write. */
		usleep(20000);
		U64(0) = 3;
		_exit(0);
	}
	EXPECT_EQ(0, wait_gte(self->fd, GPU(0), 3, 10 * SEC));
	waitpid(pid, NULL, 0);
}

TEST_F(wait, multi_all_and_any)
{
	struct drm_xe_cbev_wait_cond c[8];
	uint32_t index = ~0u;
	int i;

	for (i = 0; i < 8; i++)
		c[i] = (struct drm_xe_cbev_wait_cond){ .addr = GPU(8 * i), .value = i + 1 };

	emit_staggered(&self->r, GPU(0), 8, 5 * MSEC);
	ASSERT_EQ(0, ring_submit(&self->r));
	/* Any: the first store satisfies it. */
	ASSERT_EQ(0, wait_conds(self->fd, c, 8, DRM_XE_CBEV_WAIT_ANY, 10 * SEC, 0, &index));
	EXPECT_LT(index, 8u);
	EXPECT_GE(U64(8 * index), (uint64_t)index + 1);
	/* All: only once the last store is done. */
	ASSERT_EQ(0, wait_conds(self->fd, c, 8, 0, 10 * SEC, 0, NULL));
	for (i = 0; i < 8; i++)
		EXPECT_EQ((uint64_t)i + 1, U64(8 * i));
	/* Any over conditions of which only the last holds names it. */
	for (i = 0; i < 7; i++)
		c[i].value = 100;
	ASSERT_EQ(0, wait_conds(self->fd, c, 8, DRM_XE_CBEV_WAIT_ANY, 0, 0, &index));
	EXPECT_EQ(7u, index);
}

/* Thousands of conditions in one wait. */
TEST_F(wait, many_conditions)
{
	static struct drm_xe_cbev_wait_cond c[DRM_XE_CBEV_WAIT_MAX_CONDS];
	int i;

	for (i = 0; i < DRM_XE_CBEV_WAIT_MAX_CONDS; i++)
		c[i] = (struct drm_xe_cbev_wait_cond){ .addr = GPU(8 * (i % 16)),
			.value = 0 };
	EXPECT_EQ(0, wait_conds(self->fd, c, DRM_XE_CBEV_WAIT_MAX_CONDS, 0, 0, 0, NULL));
	EXPECT_EQ(EINVAL, wait_conds(self->fd, c, DRM_XE_CBEV_WAIT_MAX_CONDS + 1, 0, 0, 0, NULL));
}

/* A queue's completed sequence number, waited on directly. */
TEST_F(wait, queue_completion)
{
	struct drm_xe_cbev_wait_cond c;
	struct drm_xe_cbev_sync_file_export x;
	uint64_t seqno;

	emit_staggered(&self->r, GPU(0), 1, 30 * MSEC);
	ASSERT_EQ(0, ring_submit_batches(&self->r, NULL, 0, &seqno));
	c = (struct drm_xe_cbev_wait_cond){ .addr = self->r.id, .value = seqno,
		.flags = DRM_XE_CBEV_WAIT_COND_QUEUE };
	EXPECT_EQ(ETIME, wait_conds(self->fd, &c, 1, 0, 0, 0, NULL));
	ASSERT_EQ(0, wait_conds(self->fd, &c, 1, 0, 10 * SEC, 0, NULL));
	EXPECT_EQ(1ull, U64(0)) TH_LOG("completed before its store");
	EXPECT_GE(self->r.status->completed_seqno, seqno);

	c.addr = 999;
	EXPECT_EQ(ENOENT, wait_conds(self->fd, &c, 1, 0, 0, 0, NULL));
	c = (struct drm_xe_cbev_wait_cond){ .addr = self->r.id, .value = seqno,
		.flags = DRM_XE_CBEV_WAIT_COND_QUEUE | DRM_XE_CBEV_WAIT_COND_COUNTER };
	EXPECT_EQ(EINVAL, wait_conds(self->fd, &c, 1, 0, 0, 0, NULL));
	x = (struct drm_xe_cbev_sync_file_export){ .cond = { .addr = self->r.id,
		.value = seqno, .flags = DRM_XE_CBEV_WAIT_COND_QUEUE } };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &x));
}

/* A queue that is banned never completes its submission: EIO. */
TEST_F(wait, queue_completion_banned)
{
	struct drm_xe_cbev_wait_cond c;
	uint32_t dw[8] = { 0x0b000000u };
	uint64_t seqno;

	ring_emit(&self->r, dw, 1);
	ASSERT_EQ(0, ring_submit_batches(&self->r, NULL, 0, &seqno));
	c = (struct drm_xe_cbev_wait_cond){ .addr = self->r.id, .value = seqno,
		.flags = DRM_XE_CBEV_WAIT_COND_QUEUE };
	EXPECT_EQ(EIO, wait_conds(self->fd, &c, 1, 0, 10 * SEC, 0, NULL));
}

TEST_F(wait, invalid)
{
	struct drm_xe_cbev_wait_cond c;
	struct drm_xe_cbev_wait w;

	c = (struct drm_xe_cbev_wait_cond){ .addr = GPU(0), .op = 6 };
	EXPECT_EQ(EINVAL, wait_conds(self->fd, &c, 1, 0, 0, 0, NULL)) TH_LOG("op");
	c = (struct drm_xe_cbev_wait_cond){ .addr = GPU(0), .flags = 4 };
	EXPECT_EQ(EINVAL, wait_conds(self->fd, &c, 1, 0, 0, 0, NULL)) TH_LOG("flag");
	c = (struct drm_xe_cbev_wait_cond){ .addr = GPU(4) };
	EXPECT_EQ(EINVAL, wait_conds(self->fd, &c, 1, 0, 0, 0, NULL)) TH_LOG("alignment");
	c = (struct drm_xe_cbev_wait_cond){ .addr = GPU(0), .value = 1ull << 32,
		.flags = DRM_XE_CBEV_WAIT_COND_32BIT };
	EXPECT_EQ(EINVAL, wait_conds(self->fd, &c, 1, 0, 0, 0, NULL)) TH_LOG("32-bit value");
	c = (struct drm_xe_cbev_wait_cond){ .addr = 0x7ff000000000ull };
	EXPECT_EQ(EFAULT, wait_conds(self->fd, &c, 1, 0, 0, 0, NULL)) TH_LOG("unmapped");
	c = (struct drm_xe_cbev_wait_cond){ .addr = 12345, .flags = DRM_XE_CBEV_WAIT_COND_COUNTER };
	EXPECT_EQ(ENOENT, wait_conds(self->fd, &c, 1, 0, 0, 0, NULL)) TH_LOG("counter");
	c = (struct drm_xe_cbev_wait_cond){ .addr = GPU(0) };
	EXPECT_EQ(ENOENT, wait_conds(self->fd, &c, 1, 0, 0, 999, NULL)) TH_LOG("queue");
	EXPECT_EQ(EINVAL, wait_conds(self->fd, &c, 0, 0, 0, 0, NULL)) TH_LOG("no conditions");
	EXPECT_EQ(EINVAL, wait_conds(self->fd, &c, 1, 4, 0, 0, NULL)) TH_LOG("flags");
	w = (struct drm_xe_cbev_wait){ .conds = (uintptr_t)&c, .num_conds = 1, .reserved[0] = 1 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_WAIT, &w));
	w = (struct drm_xe_cbev_wait){ .conds = 8, .num_conds = 1 };
	EXPECT_EQ(EFAULT, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_WAIT, &w));
	w = (struct drm_xe_cbev_wait){ .conds = (uintptr_t)&c, .num_conds = 1, .index = 1 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_WAIT, &w)) TH_LOG("index");
}

/* ---- io_uring ------------------------------------------------------------ */

static void prep_cmd(struct io_uring_sqe *sqe, int fd, uint32_t op,
		     const void *arg, size_t len, uint64_t tag)
{
	io_uring_prep_rw(IORING_OP_URING_CMD, sqe, fd, NULL, 0, 0);
	sqe->cmd_op = op;
	memcpy(sqe->cmd, arg, len);
	io_uring_sqe_set_data64(sqe, tag);
}

TEST_F(wait, uring_exec_and_wait)
{
	struct drm_xe_cbev_wait_cond c[2] = {
		{ .addr = GPU(0), .value = 1 }, { .addr = GPU(8), .value = 2 },
	};
	struct drm_xe_cbev_wait w = {
		.conds = (uintptr_t)c, .num_conds = 2, .timeout_ns = 10 * SEC,
	};
	struct drm_xe_cbev_exec e = { .exec_queue_id = self->r.id };
	struct io_uring_cqe *cqe;
	struct io_uring ring;
	int i, seen_wait = 0;

	ASSERT_EQ(0, io_uring_queue_init(8, &ring, IORING_SETUP_SQE128));
	emit_staggered(&self->r, GPU(0), 2, 20 * MSEC);
	e.tail = self->r.tail;

	/* The wait first, then the exec that satisfies it, in one submit. */
	prep_cmd(io_uring_get_sqe(&ring), self->fd, DRM_XE_CBEV_URING_CMD_WAIT, &w, sizeof(w), 1);
	prep_cmd(io_uring_get_sqe(&ring), self->fd, DRM_XE_CBEV_URING_CMD_EXEC, &e, sizeof(e), 2);
	ASSERT_EQ(2, io_uring_submit(&ring));
	for (i = 0; i < 2; i++) {
		ASSERT_EQ(0, io_uring_wait_cqe(&ring, &cqe));
		if (cqe->user_data == 1) {
			EXPECT_EQ(0, cqe->res);
			seen_wait = 1;
			EXPECT_EQ(2ull, U64(8));
		} else {
			EXPECT_GT(cqe->res, 0) TH_LOG("exec: %d", cqe->res);
			EXPECT_FALSE(seen_wait);
		}
		io_uring_cqe_seen(&ring, cqe);
	}
	EXPECT_TRUE(seen_wait);
	io_uring_queue_exit(&ring);
}

/* One thread, many waits in flight, one io_uring_wait_cqe() each. */
TEST_F(wait, uring_many_waits)
{
	enum { N = 64 };
	struct drm_xe_cbev_wait_cond c[N];
	struct drm_xe_cbev_wait w[N];
	struct io_uring_cqe *cqe;
	struct io_uring ring;
	uint64_t done = 0;
	int i;

	ASSERT_EQ(0, io_uring_queue_init(N, &ring, IORING_SETUP_SQE128));
	for (i = 0; i < N; i++) {
		c[i] = (struct drm_xe_cbev_wait_cond){ .addr = GPU(8 * i), .value = i + 1 };
		w[i] = (struct drm_xe_cbev_wait){ .conds = (uintptr_t)&c[i], .num_conds = 1,
			.timeout_ns = 10 * SEC };
		prep_cmd(io_uring_get_sqe(&ring), self->fd, DRM_XE_CBEV_URING_CMD_WAIT,
			 &w[i], sizeof(w[i]), i);
	}
	ASSERT_EQ(N, io_uring_submit(&ring));
	emit_staggered(&self->r, GPU(0), N, 100000);
	ASSERT_EQ(0, ring_submit(&self->r));
	for (i = 0; i < N; i++) {
		ASSERT_EQ(0, io_uring_wait_cqe(&ring, &cqe));
		EXPECT_EQ(0, cqe->res);
		done |= 1ull << cqe->user_data;
		EXPECT_EQ(cqe->user_data + 1, U64(8 * cqe->user_data));
		io_uring_cqe_seen(&ring, cqe);
	}
	EXPECT_EQ(~0ull, done);
	io_uring_queue_exit(&ring);
}

TEST_F(wait, uring_timeout_and_errors)
{
	struct drm_xe_cbev_wait_cond c = { .addr = GPU(0), .value = 1 };
	struct drm_xe_cbev_wait w = { .conds = (uintptr_t)&c, .num_conds = 1,
		.timeout_ns = 20 * MSEC };
	struct drm_xe_cbev_wait bad = { .conds = (uintptr_t)&c, .num_conds = 0 };
	struct io_uring_cqe *cqe;
	struct io_uring ring, small;
	int i;

	ASSERT_EQ(0, io_uring_queue_init(4, &ring, IORING_SETUP_SQE128));
	prep_cmd(io_uring_get_sqe(&ring), self->fd, DRM_XE_CBEV_URING_CMD_WAIT, &w, sizeof(w), 1);
	prep_cmd(io_uring_get_sqe(&ring), self->fd, DRM_XE_CBEV_URING_CMD_WAIT, &bad, sizeof(bad), 2);
	prep_cmd(io_uring_get_sqe(&ring), self->fd, 77, &w, sizeof(w), 3);
	ASSERT_EQ(3, io_uring_submit(&ring));
	for (i = 0; i < 3; i++) {
		ASSERT_EQ(0, io_uring_wait_cqe(&ring, &cqe));
		int expect = cqe->user_data == 1 ? -ETIME :
			     cqe->user_data == 2 ? -EINVAL : -ENOTTY;

		EXPECT_EQ(expect, cqe->res) TH_LOG("request %llu",
						   (unsigned long long)cqe->user_data);
		io_uring_cqe_seen(&ring, cqe);
	}
	io_uring_queue_exit(&ring);

	/* Without 128-byte SQEs the arguments do not fit: refused. */
	ASSERT_EQ(0, io_uring_queue_init(4, &small, 0));
	io_uring_prep_rw(IORING_OP_URING_CMD, io_uring_get_sqe(&small), self->fd, NULL, 0, 0);
	ASSERT_EQ(1, io_uring_submit(&small));
	ASSERT_EQ(0, io_uring_wait_cqe(&small, &cqe));
	EXPECT_EQ(-EINVAL, cqe->res);
	io_uring_cqe_seen(&small, cqe);
	io_uring_queue_exit(&small);
}

/* ---- sync_file ----------------------------------------------------------- */

static int export_fence(int fd, uint64_t addr, uint64_t value, int *out)
{
	struct drm_xe_cbev_sync_file_export x = {
		.cond = { .addr = addr, .value = value },
	};
	int err = st_ioctl(fd, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &x);

	*out = x.fd;
	return err;
}

TEST_F(wait, sync_file_poll)
{
	struct pollfd p;
	int sf, done;

	ASSERT_EQ(0, export_fence(self->fd, GPU(0), 1, &sf));
	p = (struct pollfd){ .fd = sf, .events = POLLIN };
	EXPECT_EQ(0, poll(&p, 1, 0)) TH_LOG("signalled too early");

	emit_staggered(&self->r, GPU(0), 1, 20 * MSEC);
	ASSERT_EQ(0, ring_submit(&self->r));
	EXPECT_EQ(1, poll(&p, 1, 10000));
	EXPECT_TRUE(p.revents & POLLIN);
	EXPECT_EQ(1ull, U64(0));
	close(sf);

	/* Already true at export: signalled at once. */
	ASSERT_EQ(0, export_fence(self->fd, GPU(0), 1, &done));
	p = (struct pollfd){ .fd = done, .events = POLLIN };
	EXPECT_EQ(1, poll(&p, 1, 0));
	close(done);
}

/* A fence may outlive the file it came from; it still signals. */
TEST_F(wait, sync_file_outlives_file)
{
	struct pollfd p;
	int fd2, sf;
	struct test_buf b2;

	fd2 = st_open_render();
	ASSERT_GE(fd2, 0);
	ASSERT_EQ(0, buf_create(fd2, &b2, 4096, 0));
	ASSERT_EQ(0, export_fence(fd2, b2.gpu, 5, &sf));
	buf_destroy(fd2, &b2);	/* unmapped: the fence holds the page */
	close(fd2);
	p = (struct pollfd){ .fd = sf, .events = POLLIN };
	EXPECT_EQ(0, poll(&p, 1, 30));
	close(sf);
}

TEST_F(wait, sync_file_invalid)
{
	struct drm_xe_cbev_sync_file_export x;
	int sf;

	EXPECT_EQ(EFAULT, export_fence(self->fd, 0x7ff000000000ull, 1, &sf));
	x = (struct drm_xe_cbev_sync_file_export){ .cond = { .addr = GPU(0) }, .flags = 1 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &x));
	x = (struct drm_xe_cbev_sync_file_export){ .cond = { .addr = GPU(0) }, .fd = 3 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &x));
	x = (struct drm_xe_cbev_sync_file_export){ .cond = { .addr = GPU(0), .op = 9 } };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &x));
}

/*
 * The most conditions a wait takes, over many objects: one entry per
 * object on the wait queues, found in linear time. Functional only: it
 * completes, and wakes when the last object is written.
 */
TEST_F(wait, many_conditions_many_objects)
{
	enum { OBJS = 64 };
	static struct drm_xe_cbev_wait_cond c[DRM_XE_CBEV_WAIT_MAX_CONDS];
	struct test_buf b[OBJS];
	uint32_t dw[8];
	int i;

	for (i = 0; i < OBJS; i++)
		ASSERT_EQ(0, buf_create(self->fd, &b[i], 4096, 0));
	for (i = 0; i < DRM_XE_CBEV_WAIT_MAX_CONDS; i++)
		c[i] = (struct drm_xe_cbev_wait_cond){
			.addr = b[i % OBJS].gpu + 8 * (i / OBJS % 512),
			.value = i % OBJS == OBJS - 1,
			.op = DRM_XE_CBEV_CMP_GTE };
	EXPECT_EQ(ETIME, wait_conds(self->fd, c, DRM_XE_CBEV_WAIT_MAX_CONDS, 0,
				    10 * MSEC, 0, NULL));
	for (i = 0; i < 64; i++)
		ring_emit(&self->r, dw, emit_sdi64(dw, b[OBJS - 1].gpu + 8 * i, 1));
	ASSERT_EQ(0, ring_submit(&self->r));
	EXPECT_EQ(0, wait_conds(self->fd, c, DRM_XE_CBEV_WAIT_MAX_CONDS, 0,
				10 * SEC, 0, NULL));
	for (i = 0; i < OBJS; i++)
		buf_destroy(self->fd, &b[i]);
}

#define NOBODY		65534
/* More than any per-user limit of pending asynchronous waits. */
#define MAX_EXPORTS	40000

/* As uid 65534, on a file of its own: may it still export a fence? */
static int export_as_nobody(void)
{
	struct drm_xe_cbev_sync_file_export x = {
		.cond = { .value = 1, .flags = DRM_XE_CBEV_WAIT_COND_COUNTER },
	};
	struct drm_xe_cbev_counter_alloc a;
	int fd, err;

	if (setgid(NOBODY) || setuid(NOBODY))
		return 100;
	fd = st_open_render();
	if (fd < 0 || st_counter_alloc(fd, &a))
		return 101;
	x.cond.addr = a.id;
	err = st_ioctl(fd, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &x);
	if (err)
		return err;
	close(x.fd);
	return 0;
}

/* Read a module parameter, and write @value (if not NULL) in its place. */
static long param_swap(const char *path, const char *value)
{
	long old = -1;
	FILE *f;

	f = fopen(path, "r+");
	if (!f)
		return -1;
	if (fscanf(f, "%ld", &old) != 1)
		old = -1;
	if (value && old >= 0) {
		rewind(f);
		if (fputs(value, f) < 0)
			old = -1;
	}
	if (fclose(f))
		old = -1;
	return old;
}

/*
 * Pending asynchronous waits are limited per user: one user holding as
 * many fences as it may does not stop another user's export. Sixteen
 * thousand fences take longer than the harness's 30 s on the debug
 * kernel (KASAN, lockdep, object debugging) under TCG, and longer than
 * an exported fence lives by default (30 s): the first ones would time
 * out, and leave the count, before the last is made. The fences live
 * ten minutes for the length of this test.
 */
TEST_F_TIMEOUT(wait, async_wait_limit_is_per_user, 240)
{
	struct rlimit rl = { MAX_EXPORTS + 64, MAX_EXPORTS + 64 };
	struct drm_xe_cbev_counter_alloc a;
	int n, i, err = 0, status, *fds;
	long timeout;
	pid_t pid;

	if (getuid() != 0)
		SKIP(return, "needs root, to become another user");
	ASSERT_EQ(0, setrlimit(RLIMIT_NOFILE, &rl));
	fds = calloc(MAX_EXPORTS, sizeof(*fds));
	ASSERT_NE(NULL, fds);
	/* A counter: never polled, so that thousands of waits cost nothing. */
	ASSERT_EQ(0, st_counter_alloc(self->fd, &a));
	timeout = param_swap(FENCE_TIMEOUT_PARAM, "600000");
	ASSERT_LE(0, timeout);
	snprintf(saved_fence_timeout, sizeof(saved_fence_timeout), "%ld", timeout);
	for (n = 0; n < MAX_EXPORTS; n++) {
		struct drm_xe_cbev_sync_file_export x = {
			.cond = { .addr = a.id, .value = 1,
				  .flags = DRM_XE_CBEV_WAIT_COND_COUNTER },
		};

		err = st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &x);
		if (err)
			break;
		fds[n] = x.fd;
	}
	TH_LOG("uid 0 holds %d fences", n);
	EXPECT_EQ(EBUSY, err);

	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0)
		_exit(export_as_nobody());
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status)) TH_LOG("uid 65534: error %d", WEXITSTATUS(status));

	for (i = 0; i < n; i++)
		close(fds[i]);
	free(fds);
	EXPECT_EQ(600000, param_swap(FENCE_TIMEOUT_PARAM, saved_fence_timeout));
	saved_fence_timeout[0] = 0;
	/* The abandoned waits end within a second or so; later tests export. */
	for (i = 0; i < 100; i++) {
		struct drm_xe_cbev_sync_file_export x = {
			.cond = { .addr = a.id, .value = 0,
				  .flags = DRM_XE_CBEV_WAIT_COND_COUNTER },
		};

		if (!st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &x)) {
			close(x.fd);
			break;
		}
		usleep(50000);
	}
	EXPECT_GT(100, i);
	/* All of them, not only one: wait out the second once more. */
	usleep(1500000);
}

TEST_HARNESS_MAIN
