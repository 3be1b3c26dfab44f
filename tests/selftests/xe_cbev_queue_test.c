// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * Exec queues: creation and submission checks, faults that ban only the
 * faulting queue, the hang timeout, queues synchronised through memory,
 * counters written by the engine, and queues that die with work queued.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "xe_cbev_engine_util.h"
#include "kselftest_harness.h"

#define BUF_SIZE	(64 * 1024)

FIXTURE(queue) {
	int fd;
	struct test_buf b;
	struct st_totals before;
};

FIXTURE_SETUP(queue)
{
	self->fd = st_open_render();
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, st_totals(self->fd, &self->before));
	ASSERT_EQ(0, buf_create(self->fd, &self->b, BUF_SIZE, 0));
}

FIXTURE_TEARDOWN(queue)
{
	struct st_totals after;

	munmap(self->b.cpu, self->b.size);
	close(self->fd);
	ASSERT_EQ(0, st_totals_now(&after));
	EXPECT_TOTALS_EQ(self->before, after);
}

#define GPU(off)	(self->b.gpu + (off))
#define U64(off)	(*(volatile uint64_t *)((char *)self->b.cpu + (off)))

/* An address in the buffer that nothing ever writes. */
#define NEVER_OFF	(BUF_SIZE - 8)

static void expect_banned(struct __test_metadata *_metadata, int fd, uint64_t never,
			  uint32_t id, uint32_t reason)
{
	struct drm_xe_cbev_wait_cond c = {
		.addr = never, .value = 1, .op = DRM_XE_CBEV_CMP_EQ,
	};
	struct drm_xe_cbev_exec_queue_state s;

	/* The ban happens on the engine; a wait that names the queue sees it. */
	ASSERT_EQ(EIO, wait_conds(fd, &c, 1, 0, 10 * SEC, id, NULL))
		TH_LOG("queue %u not banned", id);
	ASSERT_EQ(0, queue_state(fd, id, &s));
	EXPECT_EQ(DRM_XE_CBEV_EXEC_QUEUE_STATE_BANNED, s.state);
	EXPECT_EQ(reason, s.ban_reason);
}

TEST_F(queue, create_destroy)
{
	struct test_ring r;

	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 0));
	EXPECT_NE(0u, r.id);
	EXPECT_EQ(0ull, r.status->head);
	EXPECT_EQ(DRM_XE_CBEV_EXEC_QUEUE_STATE_ACTIVE, r.status->state);
	EXPECT_EQ(1, st_debugfs_count(self->fd, "prio 1 ring 4096"));
	ring_unmap(&r);
	EXPECT_EQ(0, queue_destroy(self->fd, r.id));
	EXPECT_EQ(ENOENT, queue_destroy(self->fd, r.id));
	EXPECT_EQ(0, st_debugfs_count(self->fd, "prio 1 ring 4096"));
}

TEST_F(queue, create_invalid)
{
	static const struct {
		const char *what;
		struct drm_xe_cbev_exec_queue_create c;
	} bad[] = {
		{ "ring 0", { .ring_size = 0 } },
		{ "ring 2048", { .ring_size = 2048 } },
		{ "ring not a power of two", { .ring_size = 12288 } },
		{ "ring 2 MiB", { .ring_size = 2 << 20 } },
		{ "priority 3", { .ring_size = 4096, .priority = 3 } },
		{ "flags", { .ring_size = 4096, .flags = 0x80000000u } },
		{ "pad", { .ring_size = 4096, .pad = 1 } },
		{ "extensions", { .ring_size = 4096, .extensions = 1 } },
		{ "reserved", { .ring_size = 4096, .reserved[1] = 1 } },
		{ "id on input", { .ring_size = 4096, .exec_queue_id = 5 } },
		{ "offset on input", { .ring_size = 4096, .ring_mmap_offset = 4096 } },
		{ "hang timeout 9 ms", { .ring_size = 4096, .hang_timeout_ms = 9 } },
		{ "hang timeout 601 s", { .ring_size = 4096, .hang_timeout_ms = 601000 } },
	};
	unsigned int i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct drm_xe_cbev_exec_queue_create c = bad[i].c;

		EXPECT_EQ(EINVAL, queue_create_args(self->fd, &c)) TH_LOG("%s", bad[i].what);
	}
	EXPECT_EQ(0, st_debugfs_count(self->fd, "  queue "));
}

/*
 * A file has at most max_exec_queues queues (the device query's figure):
 * the next is -ENOSPC, another file is not charged for them, and a
 * destroyed queue's place is free again.
 */
TEST_F(queue, per_file_limit)
{
	struct drm_xe_cbev_query_device_info info;
	struct drm_xe_cbev_exec_queue_create c;
	uint32_t *ids, i, n;
	int fd2;

	ASSERT_EQ(0, st_query_info(self->fd, &info));
	n = info.max_exec_queues;
	ASSERT_GT(n, 0u);
	ids = calloc(n, sizeof(*ids));
	ASSERT_NE(NULL, ids);
	for (i = 0; i < n; i++) {
		c = (struct drm_xe_cbev_exec_queue_create){ .ring_size = 4096 };
		ASSERT_EQ(0, queue_create_args(self->fd, &c)) TH_LOG("queue %u", i);
		ids[i] = c.exec_queue_id;
	}
	c = (struct drm_xe_cbev_exec_queue_create){ .ring_size = 4096 };
	EXPECT_EQ(ENOSPC, queue_create_args(self->fd, &c));

	fd2 = st_open_render();
	ASSERT_GE(fd2, 0);
	c = (struct drm_xe_cbev_exec_queue_create){ .ring_size = 4096 };
	EXPECT_EQ(0, queue_create_args(fd2, &c));
	close(fd2);

	EXPECT_EQ(0, queue_destroy(self->fd, ids[n / 2]));
	c = (struct drm_xe_cbev_exec_queue_create){ .ring_size = 4096 };
	EXPECT_EQ(0, queue_create_args(self->fd, &c));
	ids[n / 2] = c.exec_queue_id;
	for (i = 0; i < n; i++)
		EXPECT_EQ(0, queue_destroy(self->fd, ids[i]));
	free(ids);
}

TEST_F(queue, exec_invalid)
{
	struct drm_xe_cbev_exec e;
	struct test_ring r;
	uint64_t bb = GPU(0);
	uint32_t dw[8];

	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 0));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(8), 1));

	e = (struct drm_xe_cbev_exec){ .exec_queue_id = r.id + 100, .tail = r.tail };
	EXPECT_EQ(ENOENT, exec_args(self->fd, &e));
	e = (struct drm_xe_cbev_exec){ .exec_queue_id = r.id, .tail = r.tail - 2 };
	EXPECT_EQ(EINVAL, exec_args(self->fd, &e)) TH_LOG("misaligned tail");
	e = (struct drm_xe_cbev_exec){ .exec_queue_id = r.id, .tail = 4096 + 4 };
	EXPECT_EQ(EINVAL, exec_args(self->fd, &e)) TH_LOG("tail past a full ring");
	e = (struct drm_xe_cbev_exec){ .exec_queue_id = r.id, .tail = r.tail,
		.num_batches = DRM_XE_CBEV_EXEC_MAX_BATCHES + 1, .batches = (uintptr_t)&bb };
	EXPECT_EQ(EINVAL, exec_args(self->fd, &e));
	e = (struct drm_xe_cbev_exec){ .exec_queue_id = r.id, .tail = r.tail,
		.num_batches = 1, .batches = 8 };
	EXPECT_EQ(EFAULT, exec_args(self->fd, &e));
	bb = GPU(2);
	e = (struct drm_xe_cbev_exec){ .exec_queue_id = r.id, .tail = r.tail,
		.num_batches = 1, .batches = (uintptr_t)&bb };
	EXPECT_EQ(EINVAL, exec_args(self->fd, &e)) TH_LOG("misaligned batch");
	e = (struct drm_xe_cbev_exec){ .exec_queue_id = r.id, .tail = r.tail, .seqno = 1 };
	EXPECT_EQ(EINVAL, exec_args(self->fd, &e));
	e = (struct drm_xe_cbev_exec){ .exec_queue_id = r.id, .tail = r.tail, .extensions = 1 };
	EXPECT_EQ(EINVAL, exec_args(self->fd, &e));
	e = (struct drm_xe_cbev_exec){ .exec_queue_id = r.id, .tail = r.tail, .reserved[0] = 1 };
	EXPECT_EQ(EINVAL, exec_args(self->fd, &e));
	/* Nothing was submitted by the refused calls; a good one works. */
	EXPECT_EQ(0ull, r.status->tail);
	ASSERT_EQ(0, ring_submit(&r));
	ASSERT_EQ(0, wait_gte(self->fd, GPU(8), 1, 10 * SEC));
	/* The tail never goes back. */
	e = (struct drm_xe_cbev_exec){ .exec_queue_id = r.id, .tail = 0 };
	EXPECT_EQ(EINVAL, exec_args(self->fd, &e));
	ring_unmap(&r);
}

/* Each kind of fault bans the faulting queue only, and says why. */
TEST_F(queue, faults_ban_only_the_faulting_queue)
{
	struct test_buf ro;
	uint32_t cmds[9][16];
	unsigned int lens[9], i;
	uint32_t expect[9];
	uint32_t dw[16];

	ASSERT_EQ(0, buf_create(self->fd, &ro, 4096, DRM_XE_CBEV_VM_BIND_READONLY));

	lens[0] = emit_sdi64(cmds[0], 0x7ff000000000ull, 1);
	expect[0] = DRM_XE_CBEV_BAN_UNMAPPED;
	lens[1] = emit_sdi64(cmds[1], ro.gpu, 1);
	expect[1] = DRM_XE_CBEV_BAN_READONLY;
	cmds[2][0] = 0x0b000000u;	/* opcode 0x16, unknown */
	lens[2] = 1;
	expect[2] = DRM_XE_CBEV_BAN_BAD_COMMAND;
	cmds[3][0] = 0x10000007u;	/* SDI with 9 dwords */
	lens[3] = 1;
	expect[3] = DRM_XE_CBEV_BAN_BAD_LENGTH;
	lens[4] = emit_bb_start(cmds[4], GPU(0x1000), 1);
	expect[4] = DRM_XE_CBEV_BAN_BATCH_DEPTH;
	lens[5] = emit_sdi64(cmds[5], GPU(4), 1);	/* qword at 4-byte alignment */
	expect[5] = DRM_XE_CBEV_BAN_ALIGNMENT;
	cmds[6][0] = MI_BATCH_BUFFER_END;	/* in the ring */
	lens[6] = 1;
	expect[6] = DRM_XE_CBEV_BAN_BAD_COMMAND;
	lens[7] = emit_sem64(cmds[7], 0x7ff000000000ull, 1, SAD_GTE);
	expect[7] = DRM_XE_CBEV_BAN_UNMAPPED;
	/* spin takes one argument; a second one must be zero */
	lens[8] = emit_dispatch(cmds[8], K_SPIN, 1000, 5, 0, 0);
	expect[8] = DRM_XE_CBEV_BAN_BAD_LENGTH;

	/* A batch that calls itself: too deep. */
	emit_bb_start((uint32_t *)((char *)self->b.cpu + 0x1000), GPU(0x1000), 1);

	for (i = 0; i < 9; i++) {
		struct test_ring bad, good;

		ASSERT_EQ(0, ring_create(self->fd, &bad, 4096, 0));
		ASSERT_EQ(0, ring_create(self->fd, &good, 4096, 0));
		ring_emit(&bad, cmds[i], lens[i]);
		ring_emit(&bad, dw, emit_sdi64(dw, GPU(0x100 + 8 * i), 1));
		ASSERT_EQ(0, ring_submit(&bad));
		expect_banned(_metadata, self->fd, GPU(NEVER_OFF), bad.id, expect[i]);
		EXPECT_EQ(DRM_XE_CBEV_EXEC_QUEUE_STATE_BANNED, bad.status->state);
		EXPECT_EQ(expect[i], bad.status->ban_reason);
		/* Nothing after the fault ran, and the queue takes no more. */
		EXPECT_EQ(0ull, U64(0x100 + 8 * i));
		EXPECT_EQ(EIO, ring_submit(&bad));

		ring_emit(&good, dw, emit_sdi64(dw, GPU(0x200 + 8 * i), 7));
		ASSERT_EQ(0, ring_submit(&good));
		EXPECT_EQ(0, wait_gte(self->fd, GPU(0x200 + 8 * i), 7, 10 * SEC));
		ring_unmap(&bad);
		ring_unmap(&good);
		EXPECT_EQ(0, queue_destroy(self->fd, bad.id));
		EXPECT_EQ(0, queue_destroy(self->fd, good.id));
	}
	buf_destroy(self->fd, &ro);
}

/* Two queues ordered through memory: semaphore wait in one, store in the other. */
TEST_F(queue, two_queues_semaphore)
{
	struct test_ring a, b;
	uint32_t dw[8];

	ASSERT_EQ(0, ring_create(self->fd, &a, 4096, 0));
	ASSERT_EQ(0, ring_create(self->fd, &b, 4096, 0));
	ring_emit(&a, dw, emit_sem64(dw, GPU(0), 1, SAD_GTE));
	ring_emit(&a, dw, emit_sdi64(dw, GPU(8), U64(0) + 10));
	ASSERT_EQ(0, ring_submit(&a));
	/* a is parked: its store has not happened. */
	EXPECT_EQ(ETIME, wait_gte(self->fd, GPU(8), 10, 50 * MSEC));

	ring_emit(&b, dw, emit_sdi64(dw, GPU(0), 1));
	ASSERT_EQ(0, ring_submit(&b));
	ASSERT_EQ(0, wait_gte(self->fd, GPU(8), 10, 10 * SEC));
	ring_unmap(&a);
	ring_unmap(&b);
}

/* A semaphore on memory the host writes: the re-poll finds it. */
TEST_F(queue, semaphore_satisfied_by_host_write)
{
	struct test_ring r;
	uint32_t dw[8];

	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 0));
	ring_emit(&r, dw, emit_sem32(dw, GPU(0), 5, SAD_EQ));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(8), 1));
	ASSERT_EQ(0, ring_submit(&r));
	EXPECT_EQ(ETIME, wait_gte(self->fd, GPU(8), 1, 30 * MSEC));
	*(volatile uint32_t *)self->b.cpu = 5;
	EXPECT_EQ(0, wait_gte(self->fd, GPU(8), 1, 10 * SEC));
	ring_unmap(&r);
}

/*
 * A queue stuck on a semaphore is banned after its hang timeout; waits
 * that name it fail with EIO; the file goes on with a new queue.
 */
TEST_F(queue, hang_timeout_bans)
{
	struct drm_xe_cbev_wait_cond c = { .addr = GPU(8), .value = 1 };
	struct test_ring r, r2;
	uint32_t dw[8];
	uint64_t t0;

	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 200));
	ring_emit(&r, dw, emit_sem64(dw, GPU(0), 1, SAD_GTE));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(8), 1));
	ASSERT_EQ(0, ring_submit(&r));
	t0 = now_ns();
	EXPECT_EQ(EIO, wait_conds(self->fd, &c, 1, 0, 10 * SEC, r.id, NULL));
	EXPECT_GE(now_ns() - t0, 150ull * MSEC);
	expect_banned(_metadata, self->fd, GPU(NEVER_OFF), r.id, DRM_XE_CBEV_BAN_HANG);
	/* A wait that names the banned queue fails at once. */
	EXPECT_EQ(EIO, wait_conds(self->fd, &c, 1, 0, 10 * SEC, r.id, NULL));

	ASSERT_EQ(0, ring_create(self->fd, &r2, 4096, 0));
	ring_emit(&r2, dw, emit_sdi64(dw, GPU(16), 3));
	ASSERT_EQ(0, ring_submit(&r2));
	EXPECT_EQ(0, wait_gte(self->fd, GPU(16), 3, 10 * SEC));
	ring_unmap(&r);
	ring_unmap(&r2);
}

/* A patient queue may wait on a semaphore past its hang timeout. */
TEST_F(queue, patient_waits_not_banned)
{
	struct drm_xe_cbev_exec_queue_create c = {
		.flags = DRM_XE_CBEV_EXEC_QUEUE_CREATE_PATIENT_WAITS,
		.ring_size = 4096, .hang_timeout_ms = 50,
	};
	struct drm_xe_cbev_exec_queue_state s;
	struct test_ring r;
	uint32_t dw[8];
	void *map;

	ASSERT_EQ(0, queue_create_args(self->fd, &c));
	map = mmap(NULL, RING_PAGE + 4096, PROT_READ | PROT_WRITE, MAP_SHARED,
		   self->fd, c.ring_mmap_offset);
	ASSERT_NE(MAP_FAILED, map);
	r = (struct test_ring){ .fd = self->fd, .id = c.exec_queue_id, .size = 4096,
		.map = map, .status = map, .ring = (uint32_t *)((char *)map + RING_PAGE) };
	ring_emit(&r, dw, emit_sem64(dw, GPU(0), 1, SAD_GTE));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(8), 1));
	ASSERT_EQ(0, ring_submit(&r));
	/* Six hang timeouts parked: still active. */
	EXPECT_EQ(ETIME, wait_gte(self->fd, GPU(8), 1, 300 * MSEC));
	ASSERT_EQ(0, queue_state(self->fd, r.id, &s));
	EXPECT_EQ(DRM_XE_CBEV_EXEC_QUEUE_STATE_ACTIVE, s.state);
	U64(0) = 1;
	EXPECT_EQ(0, wait_gte(self->fd, GPU(8), 1, 10 * SEC));
	ring_unmap(&r);
	c = (struct drm_xe_cbev_exec_queue_create){ .flags = 0x80000000u, .ring_size = 4096 };
	EXPECT_EQ(EINVAL, queue_create_args(self->fd, &c));
}

/* A batch that chains to itself forever makes no progress: banned too. */
TEST_F(queue, infinite_loop_banned)
{
	struct test_ring r;
	uint32_t dw[8];
	uint32_t *bb = (uint32_t *)((char *)self->b.cpu + 0x1000);

	bb[0] = MI_NOOP;
	emit_bb_start(bb + 1, GPU(0x1000), 0);
	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 100));
	ring_emit(&r, dw, emit_bb_start(dw, GPU(0x1000), 1));
	ASSERT_EQ(0, ring_submit(&r));
	expect_banned(_metadata, self->fd, GPU(NEVER_OFF), r.id, DRM_XE_CBEV_BAN_HANG);
	ring_unmap(&r);
}

/*
 * Returning from batches is not progress either: a batch that calls an
 * empty batch and chains back to itself forever is banned.
 */
TEST_F(queue, call_and_chain_loop_banned)
{
	uint32_t *loop = (uint32_t *)((char *)self->b.cpu + 0x1000);
	uint32_t *empty = (uint32_t *)((char *)self->b.cpu + 0x2000);
	struct test_ring r;
	uint32_t dw[8];
	unsigned int n;

	empty[0] = MI_BATCH_BUFFER_END;
	n = emit_bb_start(loop, GPU(0x2000), 1);
	emit_bb_start(loop + n, GPU(0x1000), 0);
	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 100));
	ring_emit(&r, dw, emit_bb_start(dw, GPU(0x1000), 1));
	ASSERT_EQ(0, ring_submit(&r));
	expect_banned(_metadata, self->fd, GPU(NEVER_OFF), r.id, DRM_XE_CBEV_BAN_HANG);
	ring_unmap(&r);
}

/*
 * Nor are built-in dispatches that go on from slice to slice: a batch that
 * loops on a fill four times the slice's byte budget is banned, although
 * every slice moves the fill along. Time a queue waits for its turn does
 * not count (sched.store_runs_between_fills_of_another_file runs such
 * fills for far longer than this hang timeout).
 */
TEST_F(queue, dispatch_loop_banned)
{
	uint32_t *loop = (uint32_t *)((char *)self->b.cpu + 0x1000);
	struct test_buf big;
	struct test_ring r;
	uint32_t dw[8];
	unsigned int n;

	ASSERT_EQ(0, buf_create(self->fd, &big, 4u << 20, 0));
	n = emit_dispatch(loop, K_FILL, big.gpu, 4u << 20, GPU(0x100), 4);
	emit_bb_start(loop + n, GPU(0x1000), 0);
	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 100));
	ring_emit(&r, dw, emit_bb_start(dw, GPU(0x1000), 1));
	ASSERT_EQ(0, ring_submit(&r));
	expect_banned(_metadata, self->fd, GPU(NEVER_OFF), r.id, DRM_XE_CBEV_BAN_HANG);
	ring_unmap(&r);
	buf_destroy(self->fd, &big);
}

/* The engine writes counters; the host reads them read-only and waits by id. */
TEST_F(queue, counter_written_by_engine)
{
	struct drm_xe_cbev_counter_alloc a;
	struct drm_xe_cbev_wait_cond c;
	volatile uint64_t *v;
	struct test_ring r;
	uint32_t dw[16];
	void *map;

	ASSERT_EQ(0, st_counter_alloc(self->fd, &a));
	map = mmap(NULL, 4096, PROT_READ, MAP_SHARED, self->fd, a.mmap_offset);
	ASSERT_NE(MAP_FAILED, map);
	v = (volatile uint64_t *)((char *)map + a.offset);

	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 0));
	ring_emit(&r, dw, emit_dispatch(dw, K_SPIN, 20 * MSEC, 0, 0, 0));
	ring_emit(&r, dw, emit_sdi64(dw, a.gpu_addr, 41));
	ring_emit(&r, dw, emit_atomic(dw, a.gpu_addr, 0x05, 1, 0, 0));
	ASSERT_EQ(0, ring_submit(&r));
	c = (struct drm_xe_cbev_wait_cond){ .addr = a.id, .value = 42,
		.op = DRM_XE_CBEV_CMP_EQ, .flags = DRM_XE_CBEV_WAIT_COND_COUNTER };
	ASSERT_EQ(0, wait_conds(self->fd, &c, 1, 0, 10 * SEC, r.id, NULL));
	EXPECT_EQ(42ull, *v);
	munmap(map, 4096);
	ring_unmap(&r);
}

/* The host may set its own counter; waiters see it; others may not. */
TEST_F(queue, counter_set_by_host)
{
	struct drm_xe_cbev_counter_alloc a;
	struct drm_xe_cbev_counter_set set;
	struct drm_xe_cbev_wait_cond c;
	struct test_ring r;
	uint32_t dw[16];
	int fd2;

	ASSERT_EQ(0, st_counter_alloc(self->fd, &a));
	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 0));
	/* A queue parked on the counter is woken by the host's store. */
	ring_emit(&r, dw, emit_sem64(dw, a.gpu_addr, 9, SAD_EQ));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(8), 1));
	ASSERT_EQ(0, ring_submit(&r));
	EXPECT_EQ(ETIME, wait_gte(self->fd, GPU(8), 1, 20 * MSEC));

	set = (struct drm_xe_cbev_counter_set){ .id = a.id, .value = 9 };
	ASSERT_EQ(0, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_SET, &set));
	EXPECT_EQ(0, wait_gte(self->fd, GPU(8), 1, 10 * SEC));
	c = (struct drm_xe_cbev_wait_cond){ .addr = a.id, .value = 9,
		.op = DRM_XE_CBEV_CMP_EQ, .flags = DRM_XE_CBEV_WAIT_COND_COUNTER };
	EXPECT_EQ(0, wait_conds(self->fd, &c, 1, 0, 0, 0, NULL));

	/* Back to 0, as a re-executed regular list's counter. */
	set.value = 0;
	ASSERT_EQ(0, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_SET, &set));
	EXPECT_EQ(ETIME, wait_conds(self->fd, &c, 1, 0, 0, 0, NULL));

	set = (struct drm_xe_cbev_counter_set){ .id = a.id + 1 };
	EXPECT_EQ(ENOENT, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_SET, &set));
	set = (struct drm_xe_cbev_counter_set){ .id = a.id, .flags = 1 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_SET, &set));
	set = (struct drm_xe_cbev_counter_set){ .id = a.id, .reserved[0] = 1 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_SET, &set));
	fd2 = st_open_render();
	ASSERT_GE(fd2, 0);
	set = (struct drm_xe_cbev_counter_set){ .id = a.id, .value = 5 };
	EXPECT_EQ(ENOENT, st_ioctl(fd2, DRM_IOCTL_XE_CBEV_COUNTER_SET, &set));
	close(fd2);
	ring_unmap(&r);
}

/*
 * A counter slot freed while submitted work may still write it is not
 * handed out again until that work is done.
 */
TEST_F(queue, freed_counter_not_reused_while_in_flight)
{
	struct drm_xe_cbev_counter_alloc a, b;
	struct test_ring r;
	uint64_t seqno;
	uint32_t dw[16];
	int i;

	ASSERT_EQ(0, st_counter_alloc(self->fd, &a));
	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 0));
	/* The queue will write the slot once the host lets it go on. */
	ring_emit(&r, dw, emit_sem64(dw, GPU(0), 1, SAD_GTE));
	ring_emit(&r, dw, emit_sdi64(dw, a.gpu_addr, 0xbad));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(8), 1));
	ASSERT_EQ(0, ring_submit_batches(&r, NULL, 0, &seqno));
	ASSERT_EQ(0, st_counter_free(self->fd, a.id));

	/* The whole page may be handed out, but never the busy slot. */
	for (i = 0; i < 600; i++) {
		ASSERT_EQ(0, st_counter_alloc(self->fd, &b));
		ASSERT_NE(a.gpu_addr, b.gpu_addr) TH_LOG("slot reused after %d", i);
	}
	EXPECT_EQ(1, st_debugfs_count(self->fd, "retiring 1"));

	U64(0) = 1;
	ASSERT_EQ(0, wait_gte(self->fd, GPU(8), 1, 10 * SEC));
	ASSERT_EQ(0, wait_queue_done(self->fd, r.id, seqno, 10 * SEC));
	/* Now that the work retired, the slot comes back, zeroed. */
	for (i = 0; i < 600; i++) {
		ASSERT_EQ(0, st_counter_alloc(self->fd, &b));
		if (b.gpu_addr == a.gpu_addr)
			break;
	}
	EXPECT_EQ(a.gpu_addr, b.gpu_addr);
	ring_unmap(&r);
}

/* Destroying a running queue stops it; memory it would write stays. */
TEST_F(queue, destroy_while_running)
{
	struct test_ring r;
	uint32_t dw[16];

	ASSERT_EQ(0, ring_create(self->fd, &r, 4096, 0));
	ring_emit(&r, dw, emit_dispatch(dw, K_SPIN, 200 * MSEC, 0, 0, 0));
	ring_emit(&r, dw, emit_sdi64(dw, GPU(0), 1));
	ring_emit(&r, dw, emit_sem64(dw, GPU(8), 1, SAD_GTE));
	ASSERT_EQ(0, ring_submit(&r));
	ASSERT_EQ(0, queue_destroy(self->fd, r.id));
	EXPECT_EQ(ETIME, wait_gte(self->fd, GPU(0), 1, 300 * MSEC));
	ring_unmap(&r);
}

/* Closing a file (or dying) with queues running and parked frees it all. */
TEST_F(queue, close_while_running)
{
	struct st_totals before, after;
	int status, k;
	pid_t pid;

	ASSERT_EQ(0, st_totals(self->fd, &before));
	for (k = 0; k < 2; k++) {
		pid = fork();
		ASSERT_GE(pid, 0);
		if (pid == 0) {
			int fd = st_open_render();
			struct test_ring r[4];
			struct test_buf b;
			uint32_t dw[16];
			int i;

			if (fd < 0 || buf_create(fd, &b, 4096, 0))
				_exit(1);
			for (i = 0; i < 4; i++) {
				if (ring_create(fd, &r[i], 4096, 0))
					_exit(2);
				if (i & 1)
					ring_emit(&r[i], dw, emit_sem64(dw, b.gpu, 1, SAD_GTE));
				else
					ring_emit(&r[i], dw, emit_dispatch(dw, K_SPIN, 10 * SEC, 0, 0, 0));
				if (ring_submit(&r[i]))
					_exit(3);
			}
			if (k == 0)
				_exit(0);	/* the kernel closes the file */
			raise(SIGKILL);
		}
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		if (k == 0)
			ASSERT_EQ(0, WEXITSTATUS(status));
	}
	ASSERT_EQ(0, st_totals(self->fd, &after));
	EXPECT_TOTALS_EQ(before, after);
}

/*
 * Threads sharing the fd create queues while others destroy the ids the
 * creates are about to get. A create publishes its queue only once it is
 * complete and never touches it after, so a destroy that wins the race
 * frees nothing the create still writes (the debug lane's KASAN would
 * report it); every object is freed in the end.
 */
#define RACE_THREADS	4
#define RACE_MS		1500
#define RACE_IDS	16

struct race {
	int fd;
	atomic_int stop;
	atomic_long created, destroyed;
};

static void *race_create(void *arg)
{
	struct race *rc = arg;

	while (!atomic_load(&rc->stop)) {
		struct drm_xe_cbev_exec_queue_create c = {
			.priority = DRM_XE_CBEV_PRIORITY_NORMAL,
			.ring_size = 4096,
		};

		if (!queue_create_args(rc->fd, &c))
			atomic_fetch_add(&rc->created, 1);
	}
	return NULL;
}

static void *race_destroy(void *arg)
{
	struct race *rc = arg;
	uint32_t id = 1;

	while (!atomic_load(&rc->stop)) {
		/* The lowest free ids are the ones the next creates get. */
		if (!queue_destroy(rc->fd, id))
			atomic_fetch_add(&rc->destroyed, 1);
		id = id % RACE_IDS + 1;
	}
	return NULL;
}

TEST_F(queue, create_destroy_race)
{
	struct race rc = { .fd = self->fd };
	pthread_t t[RACE_THREADS];
	uint64_t end = now_ns() + RACE_MS * MSEC;
	uint32_t id;
	int i;

	for (i = 0; i < RACE_THREADS; i++)
		ASSERT_EQ(0, pthread_create(&t[i], NULL,
					    i & 1 ? race_destroy : race_create, &rc));
	while (now_ns() < end)
		usleep(10000);
	atomic_store(&rc.stop, 1);
	for (i = 0; i < RACE_THREADS; i++)
		pthread_join(t[i], NULL);
	TH_LOG("%ld created, %ld destroyed by the other thread",
	       atomic_load(&rc.created), atomic_load(&rc.destroyed));
	EXPECT_LT(0, atomic_load(&rc.created));
	EXPECT_LT(0, atomic_load(&rc.destroyed));

	/* What is left is whole: destroy it (the teardown counts objects). */
	for (id = 1; id <= 1024; id++)
		queue_destroy(self->fd, id);
}

TEST_HARNESS_MAIN
