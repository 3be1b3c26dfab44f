// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * User dispatches: XE_CBEV_USER_DISPATCH hands a dispatch to the file's
 * execution units (here the test itself, with DRM_IOCTL_XE_CBEV_EU_WAIT
 * and DRM_IOCTL_XE_CBEV_EU_REPORT) and holds the queue until they report.
 */
#include <pthread.h>
#include <stdlib.h>

#include <drm/xe_cbev_cs.h>

#include "xe_cbev_engine_util.h"
#include "kselftest_harness.h"

#define BUF_SIZE	4096

static int eu_stop(int fd, uint32_t flags)
{
	struct drm_xe_cbev_eu_stop s = { .flags = flags };

	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_EU_STOP, &s);
}

FIXTURE(eu) {
	int fd;
	struct test_buf b;
	struct st_totals before;
};

FIXTURE_SETUP(eu)
{
	self->fd = st_open_render();
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, st_totals(self->fd, &self->before));
	ASSERT_EQ(0, buf_create(self->fd, &self->b, BUF_SIZE, 0));
}

FIXTURE_TEARDOWN(eu)
{
	struct st_totals after;

	buf_destroy(self->fd, &self->b);
	close(self->fd);
	ASSERT_EQ(0, st_totals_now(&after));
	EXPECT_TOTALS_EQ(self->before, after);
}

#define GPU(off)	(self->b.gpu + (off))
#define U64(off)	(*(volatile uint64_t *)((char *)self->b.cpu + (off)))
#define U32(off)	(*(volatile uint32_t *)((char *)self->b.cpu + (off)))
#define NEVER_OFF	(BUF_SIZE - 8)

static void expect_banned(struct __test_metadata *_metadata, int fd,
			  uint64_t never, uint32_t id, uint32_t reason,
			  uint64_t addr)
{
	struct drm_xe_cbev_wait_cond c = {
		.addr = never, .value = 1, .op = DRM_XE_CBEV_CMP_EQ,
	};
	struct drm_xe_cbev_exec_queue_state s;

	ASSERT_EQ(EIO, wait_conds(fd, &c, 1, 0, 10 * SEC, id, NULL)) {
		TH_LOG("queue %u not banned", id);
	}
	ASSERT_EQ(0, queue_state(fd, id, &s));
	EXPECT_EQ(DRM_XE_CBEV_EXEC_QUEUE_STATE_BANNED, s.state);
	EXPECT_EQ(reason, s.ban_reason);
	EXPECT_EQ(addr, s.fault_addr);
}

/*
 * A store before the dispatch has executed when an execution unit gets
 * it; the store after waits for the report, then executes.
 */
TEST_F(eu, dispatch_holds_queue_until_reported)
{
	struct drm_xe_cbev_eu_wait w;
	struct test_ring r;
	uint32_t dw[16];

	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 0));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(0), 1));
	ring_emit(&r, dw, emit_user_dispatch(dw, 0x1234567890abcdefull, 2, 3, 4, 0));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(8), 1));
	ASSERT_EQ(0, ring_submit(&r));

	ASSERT_EQ(0, eu_wait(self->fd, 0, &w));
	EXPECT_EQ(r.id, w.exec_queue_id);
	EXPECT_EQ(1u, w.seqno);
	EXPECT_EQ(0x1234567890abcdefull, w.cookie);
	EXPECT_EQ(2u, w.groups[0]);
	EXPECT_EQ(3u, w.groups[1]);
	EXPECT_EQ(4u, w.groups[2]);
	EXPECT_EQ(1u, U64(0));
	EXPECT_EQ(0u, U64(8));
	/* Taken: nobody else gets it. */
	EXPECT_EQ(EAGAIN, eu_wait(self->fd, DRM_XE_CBEV_EU_WAIT_NONBLOCK, &w));

	ASSERT_EQ(0, eu_report(self->fd, r.id, 1, DRM_XE_CBEV_EU_REPORT_COMPLETE, 0));
	EXPECT_EQ(0, wait_gte(self->fd, GPU(8), 1, 10 * SEC));

	/* The next dispatch of the queue has the next number. */
	ring_emit(&r, dw, emit_user_dispatch(dw, 7, 1, 1, 1, 0));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(16), 1));
	ASSERT_EQ(0, ring_submit(&r));
	ASSERT_EQ(0, eu_wait(self->fd, 0, &w));
	EXPECT_EQ(2u, w.seqno);
	EXPECT_EQ(7u, w.cookie);
	ASSERT_EQ(0, eu_report(self->fd, r.id, 2, DRM_XE_CBEV_EU_REPORT_COMPLETE, 0));
	EXPECT_EQ(0, ring_sync(&r, GPU(24), 1));
	EXPECT_EQ(1u, U64(16));
	ring_unmap(&r);
}

/*
 * Submit on a new ring @r of the fixture's file one dispatch (cookie 1,
 * one group) held behind the semaphore U64(0) >= 1, then a store of
 * @value to GPU(8); returns the errno.
 */
static int submit_gated_dispatch(FIXTURE_DATA(eu) *self, struct test_ring *r,
				 uint64_t value)
{
	uint32_t dw[16];
	int err = ring_create(self->fd, r, 4096, 0);

	if (err)
		return err;
	ring_emit(r, dw, emit_sem64(dw, GPU(0), 1, SAD_GTE));
	ring_emit(r, dw, emit_user_dispatch(dw, 1, 1, 1, 1, 0));
	ring_emit(r, dw, emit_sdi64(dw, GPU(8), value));
	return ring_submit(r);
}

/* A dispatch behind a semaphore reaches the execution units after it. */
TEST_F(eu, dispatch_after_semaphore)
{
	struct drm_xe_cbev_eu_wait w;
	struct test_ring r;

	ASSERT_EQ(0, submit_gated_dispatch(self, &r, 5));
	EXPECT_EQ(EAGAIN, eu_wait(self->fd, DRM_XE_CBEV_EU_WAIT_NONBLOCK, &w));
	U64(0) = 1;
	ASSERT_EQ(0, eu_wait(self->fd, 0, &w));
	EXPECT_EQ(0u, U64(8));
	ASSERT_EQ(0, eu_report(self->fd, w.exec_queue_id, w.seqno,
			       DRM_XE_CBEV_EU_REPORT_COMPLETE, 0));
	EXPECT_EQ(0, wait_gte(self->fd, GPU(8), 5, 10 * SEC));
	ring_unmap(&r);
}

/* Indirect counts are read when the command executes; zero is done at once. */
TEST_F(eu, indirect_counts_read_at_execution)
{
	struct drm_xe_cbev_eu_wait w;
	struct test_ring r;
	uint32_t dw[16];

	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 0));
	U32(64) = 0;
	U32(68) = 1;
	U32(72) = 1;
	ring_emit(&r, dw, emit_sem64(dw, GPU(0), 1, SAD_GTE));
	ring_emit(&r, dw, emit_user_dispatch(dw, 3, 0, 0, 0, GPU(64)));
	ring_emit(&r, dw, emit_user_dispatch(dw, 4, 0, 0, 0, GPU(64)));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(8), 1));
	ASSERT_EQ(0, ring_submit(&r));
	/* Counts written after submission, before the queue reaches them. */
	U32(64) = 9;
	U32(68) = 8;
	U32(72) = 7;
	U64(0) = 1;
	ASSERT_EQ(0, eu_wait(self->fd, 0, &w));
	EXPECT_EQ(3u, w.cookie);
	EXPECT_EQ(9u, w.groups[0]);
	EXPECT_EQ(8u, w.groups[1]);
	EXPECT_EQ(7u, w.groups[2]);
	U32(72) = 0;
	ASSERT_EQ(0, eu_report(self->fd, w.exec_queue_id, w.seqno,
			       DRM_XE_CBEV_EU_REPORT_COMPLETE, 0));
	/* The second reads a zero count: nothing to run, done at once. */
	EXPECT_EQ(0, wait_gte(self->fd, GPU(8), 1, 10 * SEC));
	EXPECT_EQ(EAGAIN, eu_wait(self->fd, DRM_XE_CBEV_EU_WAIT_NONBLOCK, &w));
	ring_unmap(&r);
}

TEST_F(eu, bad_commands_ban)
{
	struct test_ring r;
	uint32_t dw[16];

	/* Counts and an indirect address at once. */
	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 0));
	emit_user_dispatch(dw, 1, 1, 1, 1, GPU(64));
	ring_emit(&r, dw, XE_CBEV_USER_DISPATCH_DWORDS);
	ASSERT_EQ(0, ring_submit(&r));
	expect_banned(_metadata, self->fd, GPU(NEVER_OFF), r.id,
		      DRM_XE_CBEV_BAN_BAD_LENGTH, GPU(64));
	ring_unmap(&r);

	/* An unknown flag. */
	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 0));
	emit_user_dispatch(dw, 1, 1, 1, 1, 0);
	dw[1] = 0x2;
	ring_emit(&r, dw, XE_CBEV_USER_DISPATCH_DWORDS);
	ASSERT_EQ(0, ring_submit(&r));
	expect_banned(_metadata, self->fd, GPU(NEVER_OFF), r.id,
		      DRM_XE_CBEV_BAN_BAD_LENGTH, 0);
	ring_unmap(&r);

	/* Indirect counts at an unmapped address. */
	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 0));
	ring_emit(&r, dw, emit_user_dispatch(dw, 1, 0, 0, 0, 0x10000000ull));
	ASSERT_EQ(0, ring_submit(&r));
	expect_banned(_metadata, self->fd, GPU(NEVER_OFF), r.id,
		      DRM_XE_CBEV_BAN_UNMAPPED, 0x10000000ull);
	ring_unmap(&r);
}

/* Reports are checked: the current taken dispatch, of this file, once. */
TEST_F(eu, report_validation)
{
	struct drm_xe_cbev_eu_report rep;
	struct drm_xe_cbev_eu_wait w;
	struct test_ring r;

	ASSERT_EQ(0, submit_gated_dispatch(self, &r, 1));

	/* Nothing in flight yet. */
	EXPECT_EQ(EINVAL, eu_report(self->fd, r.id, 1, 0, 0));
	U64(0) = 1;
	ASSERT_EQ(0, eu_wait(self->fd, 0, &w));

	EXPECT_EQ(ENOENT, eu_report(self->fd, r.id + 100, 1, 0, 0));
	EXPECT_EQ(EINVAL, eu_report(self->fd, r.id, 2, 0, 0));
	EXPECT_EQ(EINVAL, eu_report(self->fd, r.id, 0, 0, 0));
	EXPECT_EQ(EINVAL, eu_report(self->fd, r.id, 1, 3, 0));
	EXPECT_EQ(EINVAL, eu_report(self->fd, r.id, 1,
				    DRM_XE_CBEV_EU_REPORT_PROGRESS, 0x1000));
	EXPECT_EQ(EINVAL, eu_report(self->fd, r.id, 2,
				    DRM_XE_CBEV_EU_REPORT_PROGRESS, 0));
	EXPECT_EQ(EINVAL, eu_report(self->fd, r.id, 1,
				    DRM_XE_CBEV_EU_REPORT_COMPLETE, 0x1000));
	memset(&rep, 0, sizeof(rep));
	rep.exec_queue_id = r.id;
	rep.seqno = 1;
	rep.reserved[1] = 1;
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_EU_REPORT, &rep));
	rep.reserved[1] = 0;
	rep.extensions = 1;
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_EU_REPORT, &rep));

	EXPECT_EQ(0, eu_report(self->fd, r.id, 1, 0, 0));
	/* Once. */
	EXPECT_EQ(EINVAL, eu_report(self->fd, r.id, 1, 0, 0));
	EXPECT_EQ(0, ring_sync(&r, GPU(16), 1));
	EXPECT_EQ(1u, U64(8));
	ring_unmap(&r);
}

TEST_F(eu, wait_and_stop_validation)
{
	struct drm_xe_cbev_eu_wait w = { .flags = 0x4 };
	struct drm_xe_cbev_eu_stop s = { .pad = 1 };

	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_EU_WAIT, &w));
	memset(&w, 0, sizeof(w));
	w.cookie = 1;
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_EU_WAIT, &w));
	memset(&w, 0, sizeof(w));
	w.pad = 1;
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_EU_WAIT, &w));
	/* A number without a report, a report without a number. */
	memset(&w, 0, sizeof(w));
	w.seqno = 1;
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_EU_WAIT, &w));
	memset(&w, 0, sizeof(w));
	w.flags = DRM_XE_CBEV_EU_WAIT_REPORT;
	w.exec_queue_id = 1;
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_EU_WAIT, &w));
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_EU_STOP, &s));
	EXPECT_EQ(EINVAL, eu_stop(self->fd, 0x2));
	EXPECT_EQ(EAGAIN, eu_wait(self->fd, DRM_XE_CBEV_EU_WAIT_NONBLOCK, &w));
}

/*
 * DRM_XE_CBEV_EU_WAIT_REPORT: the call that waits for the next dispatch
 * reports the last one first, so the queue goes on to its next dispatch,
 * which the same call takes; a report nobody waits for any more (done
 * already, or of a queue that is gone) does not fail the wait.
 */
TEST_F(eu, report_with_next_wait)
{
	struct drm_xe_cbev_eu_wait w;
	struct test_ring r;
	uint32_t dw[16];

	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 0));
	ring_emit(&r, dw, emit_user_dispatch(dw, 11, 1, 1, 1, 0));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(0), 1));
	ring_emit(&r, dw, emit_user_dispatch(dw, 12, 1, 1, 1, 0));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(8), 1));
	ASSERT_EQ(0, ring_submit(&r));

	ASSERT_EQ(0, eu_wait(self->fd, 0, &w));
	EXPECT_EQ(11u, w.cookie);
	EXPECT_EQ(1u, w.seqno);
	memset(&w, 0, sizeof(w));
	w.flags = DRM_XE_CBEV_EU_WAIT_REPORT;
	w.exec_queue_id = r.id;
	w.seqno = 1;
	ASSERT_EQ(0, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_EU_WAIT, &w));
	EXPECT_EQ(r.id, w.exec_queue_id);
	EXPECT_EQ(12u, w.cookie);
	EXPECT_EQ(2u, w.seqno);
	EXPECT_EQ(1u, U64(0));
	EXPECT_EQ(0u, U64(8));

	/*
	 * A report of a queue that is gone does not fail the wait; the
	 * second dispatch reported with a wait that finds nothing more.
	 */
	memset(&w, 0, sizeof(w));
	w.flags = DRM_XE_CBEV_EU_WAIT_REPORT | DRM_XE_CBEV_EU_WAIT_NONBLOCK;
	w.exec_queue_id = r.id + 100;
	w.seqno = 1;
	EXPECT_EQ(EAGAIN, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_EU_WAIT, &w));
	memset(&w, 0, sizeof(w));
	w.flags = DRM_XE_CBEV_EU_WAIT_REPORT | DRM_XE_CBEV_EU_WAIT_NONBLOCK;
	w.exec_queue_id = r.id;
	w.seqno = 2;
	EXPECT_EQ(EAGAIN, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_EU_WAIT, &w));
	EXPECT_EQ(0, ring_sync(&r, GPU(16), 1));
	EXPECT_EQ(1u, U64(8));
	ring_unmap(&r);
}

/* A fault bans that queue with its address; the file's other queues go on. */
TEST_F(eu, fault_bans_only_that_queue)
{
	struct drm_xe_cbev_eu_wait w;
	struct test_ring bad, good;
	uint32_t dw[16];

	ASSERT_EQ(0, ring_create(self->fd, &bad, 4096, 0));
	ASSERT_EQ(0, ring_create(self->fd, &good, 4096, 0));
	ring_emit(&bad, dw, emit_user_dispatch(dw, 1, 1, 1, 1, 0));
	ring_emit(&bad, dw, emit_sdi64(dw, GPU(8), 1));
	ASSERT_EQ(0, ring_submit(&bad));
	ASSERT_EQ(0, eu_wait(self->fd, 0, &w));
	EXPECT_EQ(bad.id, w.exec_queue_id);
	ASSERT_EQ(0, eu_report(self->fd, bad.id, w.seqno,
			       DRM_XE_CBEV_EU_REPORT_FAULT, 0xdead0040ull));
	expect_banned(_metadata, self->fd, GPU(NEVER_OFF), bad.id,
		      DRM_XE_CBEV_BAN_EU_FAULT, 0xdead0040ull);
	EXPECT_EQ(0u, U64(8));

	ring_emit(&good, dw, emit_user_dispatch(dw, 2, 1, 1, 1, 0));
	ring_emit(&good, dw, emit_sdi64(dw, GPU(16), 1));
	ASSERT_EQ(0, ring_submit(&good));
	ASSERT_EQ(0, eu_wait(self->fd, 0, &w));
	EXPECT_EQ(good.id, w.exec_queue_id);
	ASSERT_EQ(0, eu_report(self->fd, good.id, w.seqno, 0, 0));
	EXPECT_EQ(0, wait_gte(self->fd, GPU(16), 1, 10 * SEC));
	ring_unmap(&bad);
	ring_unmap(&good);
}

/*
 * A dispatch nobody reports is a hang, taken or not, even on a patient
 * queue: banned by the timeout; a late report changes nothing.
 */
TEST_F(eu, unreported_dispatch_is_a_hang)
{
	struct drm_xe_cbev_eu_wait w;
	struct test_ring taken;
	uint32_t dw[16];

	ASSERT_EQ(0, ring_create(self->fd, &taken, 4096, 100));
	ring_emit(&taken, dw, emit_sdi64(dw, GPU(0), 1));
	ring_emit(&taken, dw, emit_user_dispatch(dw, 1, 1, 1, 1, 0));
	ASSERT_EQ(0, ring_submit(&taken));
	ASSERT_EQ(0, eu_wait(self->fd, 0, &w));
	expect_banned(_metadata, self->fd, GPU(NEVER_OFF), taken.id,
		      DRM_XE_CBEV_BAN_HANG, 5 * 4);
	EXPECT_EQ(ECANCELED, eu_report(self->fd, taken.id, w.seqno, 0, 0));
	ring_unmap(&taken);
}

/*
 * A dispatch that reports moving on (a chain of launches, between two of
 * them) keeps its queue from the hang timeout; it stays taken until it is
 * reported done.
 */
TEST_F(eu, progress_keeps_a_held_queue_alive)
{
	struct drm_xe_cbev_wait_cond c = {
		.addr = GPU(NEVER_OFF), .value = 1, .op = DRM_XE_CBEV_CMP_EQ,
	};
	struct drm_xe_cbev_exec_queue_state s;
	struct drm_xe_cbev_eu_wait w;
	struct test_ring r;
	uint32_t dw[16];
	int i;

	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 400));
	ring_emit(&r, dw, emit_user_dispatch(dw, 1, 1, 1, 1, 0));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(0), 1));
	ASSERT_EQ(0, ring_submit(&r));
	ASSERT_EQ(0, eu_wait(self->fd, 0, &w));
	/* Four hang timeouts, moving on every 25 ms. */
	for (i = 0; i < 64; i++) {
		ASSERT_EQ(ETIME, wait_conds(self->fd, &c, 1, 0, 25 * MSEC, 0, NULL));
		ASSERT_EQ(0, eu_report(self->fd, r.id, w.seqno,
				       DRM_XE_CBEV_EU_REPORT_PROGRESS, 0));
	}
	ASSERT_EQ(0, queue_state(self->fd, r.id, &s));
	EXPECT_NE(DRM_XE_CBEV_EXEC_QUEUE_STATE_BANNED, s.state);
	EXPECT_EQ(0u, U64(0));
	ASSERT_EQ(0, eu_report(self->fd, r.id, w.seqno,
			       DRM_XE_CBEV_EU_REPORT_COMPLETE, 0));
	EXPECT_EQ(0, wait_gte(self->fd, GPU(0), 1, 10 * SEC));
	/* Done: no longer taken. */
	EXPECT_EQ(EINVAL, eu_report(self->fd, r.id, w.seqno,
				    DRM_XE_CBEV_EU_REPORT_PROGRESS, 0));
	ring_unmap(&r);
}

/* Never taken, on a patient queue: banned all the same, and dropped. */
TEST_F(eu, untaken_dispatch_on_patient_queue_is_a_hang)
{
	struct drm_xe_cbev_exec_queue_create c = {
		.priority = DRM_XE_CBEV_PRIORITY_NORMAL, .ring_size = 4096,
		.hang_timeout_ms = 100,
		.flags = DRM_XE_CBEV_EXEC_QUEUE_CREATE_PATIENT_WAITS,
	};
	struct drm_xe_cbev_eu_wait w;
	struct test_ring r;
	uint32_t dw[16];
	void *map;

	ASSERT_EQ(0, queue_create_args(self->fd, &c));
	map = mmap(NULL, RING_PAGE + 4096, PROT_READ | PROT_WRITE, MAP_SHARED,
		   self->fd, c.ring_mmap_offset);
	ASSERT_NE(MAP_FAILED, map);
	memset(&r, 0, sizeof(r));
	r.fd = self->fd;
	r.id = c.exec_queue_id;
	r.size = 4096;
	r.map = map;
	r.status = map;
	r.ring = (uint32_t *)((char *)map + RING_PAGE);
	ring_emit(&r, dw, emit_user_dispatch(dw, 1, 1, 1, 1, 0));
	ASSERT_EQ(0, ring_submit(&r));
	expect_banned(_metadata, self->fd, GPU(NEVER_OFF), r.id,
		      DRM_XE_CBEV_BAN_HANG, 0);
	EXPECT_EQ(EAGAIN, eu_wait(self->fd, DRM_XE_CBEV_EU_WAIT_NONBLOCK, &w));
	ring_unmap(&r);
}

struct waiter {
	int fd;
	int err;
	struct drm_xe_cbev_eu_wait w;
};

static void *waiter_fn(void *arg)
{
	struct waiter *wt = arg;

	wt->err = eu_wait(wt->fd, 0, &wt->w);
	return NULL;
}

/* Stop wakes the file's waiters, now and later, until resumed. */
TEST_F(eu, stop_wakes_waiters)
{
	struct waiter wt[2] = { { .fd = self->fd }, { .fd = self->fd } };
	struct drm_xe_cbev_eu_wait w;
	pthread_t th[2];
	struct test_ring r;
	uint32_t dw[16];
	int i;

	for (i = 0; i < 2; i++)
		ASSERT_EQ(0, pthread_create(&th[i], NULL, waiter_fn, &wt[i]));
	ASSERT_EQ(0, eu_stop(self->fd, 0));
	for (i = 0; i < 2; i++) {
		pthread_join(th[i], NULL);
		EXPECT_EQ(ESHUTDOWN, wt[i].err);
	}
	EXPECT_EQ(ESHUTDOWN, eu_wait(self->fd, 0, &w));

	/* A dispatch posted while stopped waits for the resumed units. */
	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 0));
	ring_emit(&r, dw, emit_user_dispatch(dw, 5, 1, 1, 1, 0));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(8), 1));
	ASSERT_EQ(0, ring_submit(&r));
	ASSERT_EQ(0, eu_stop(self->fd, DRM_XE_CBEV_EU_STOP_RESUME));
	ASSERT_EQ(0, eu_wait(self->fd, 0, &w));
	EXPECT_EQ(5u, w.cookie);
	ASSERT_EQ(0, eu_report(self->fd, r.id, w.seqno, 0, 0));
	EXPECT_EQ(0, wait_gte(self->fd, GPU(8), 1, 10 * SEC));
	ring_unmap(&r);
}

/* A blocked waiter gets a dispatch submitted after it went to sleep. */
TEST_F(eu, blocked_waiter_woken_by_dispatch)
{
	struct waiter wt = { .fd = self->fd };
	struct test_ring r;
	pthread_t th;
	uint32_t dw[16];

	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 0));
	ASSERT_EQ(0, pthread_create(&th, NULL, waiter_fn, &wt));
	ring_emit(&r, dw, emit_user_dispatch(dw, 6, 1, 2, 1, 0));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(8), 1));
	ASSERT_EQ(0, ring_submit(&r));
	pthread_join(th, NULL);
	ASSERT_EQ(0, wt.err);
	EXPECT_EQ(6u, wt.w.cookie);
	EXPECT_EQ(2u, wt.w.groups[1]);
	ASSERT_EQ(0, eu_report(self->fd, r.id, wt.w.seqno, 0, 0));
	EXPECT_EQ(0, wait_gte(self->fd, GPU(8), 1, 10 * SEC));
	ring_unmap(&r);
}

/* Dispatches go to the submitting file's units only. */
TEST_F(eu, files_isolated)
{
	struct drm_xe_cbev_eu_wait w;
	struct test_ring r;
	uint32_t dw[16];
	uint64_t seqno;
	int fd2 = st_open_render();

	ASSERT_GE(fd2, 0);
	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 0));
	ring_emit(&r, dw, emit_user_dispatch(dw, 8, 1, 1, 1, 0));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(8), 1));
	ASSERT_EQ(0, ring_submit(&r));
	ASSERT_EQ(0, eu_wait(self->fd, 0, &w));
	seqno = w.seqno;
	EXPECT_EQ(EAGAIN, eu_wait(fd2, DRM_XE_CBEV_EU_WAIT_NONBLOCK, &w));
	EXPECT_EQ(ENOENT, eu_report(fd2, r.id, seqno, 0, 0));
	/* Stopping the other file's units changes nothing here. */
	ASSERT_EQ(0, eu_stop(fd2, 0));
	ASSERT_EQ(0, eu_report(self->fd, r.id, seqno, 0, 0));
	EXPECT_EQ(0, wait_gte(self->fd, GPU(8), 1, 10 * SEC));
	close(fd2);
	ring_unmap(&r);
}

/* Destroying a queue or closing a file with dispatches out frees all. */
TEST_F(eu, close_with_outstanding_dispatches)
{
	struct drm_xe_cbev_eu_wait w;
	struct test_ring r1, r2, r3;
	struct test_buf b2;
	uint32_t dw[16];
	int fd2 = st_open_render();

	ASSERT_GE(fd2, 0);
	ASSERT_EQ(0, buf_create(fd2, &b2, BUF_SIZE, 0));
	ASSERT_EQ(0, ring_create(fd2, &r1, 4096, 0));
	ASSERT_EQ(0, ring_create(fd2, &r2, 4096, 0));
	ASSERT_EQ(0, ring_create(fd2, &r3, 4096, 0));
	ring_emit(&r1, dw, emit_user_dispatch(dw, 1, 1, 1, 1, 0));
	ASSERT_EQ(0, ring_submit(&r1));
	ASSERT_EQ(0, eu_wait(fd2, 0, &w));	/* r1's, taken */
	ring_emit(&r2, dw, emit_user_dispatch(dw, 2, 1, 1, 1, 0));
	ring_emit(&r2, dw, emit_sdi64(dw, b2.gpu, 1));
	ASSERT_EQ(0, ring_submit(&r2));
	ring_emit(&r3, dw, emit_user_dispatch(dw, 3, 1, 1, 1, 0));
	ASSERT_EQ(0, ring_submit(&r3));
	/* r2's is pending (or being posted); destroy it either way. */
	ASSERT_EQ(0, queue_destroy(fd2, r2.id));
	EXPECT_EQ(ENOENT, eu_report(fd2, r2.id, 1, 0, 0));
	ASSERT_EQ(0, queue_destroy(fd2, r1.id));
	EXPECT_EQ(ENOENT, eu_report(fd2, r1.id, w.seqno, 0, 0));
	ring_unmap(&r1);
	ring_unmap(&r2);
	ring_unmap(&r3);
	munmap(b2.cpu, b2.size);
	close(fd2);	/* r3's dispatch still out */
}

TEST_HARNESS_MAIN
