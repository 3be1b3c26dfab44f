// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * The command streamer, one command at a time: each command's effect on
 * memory, ordering within a queue, batch buffers, and the built-in
 * kernels checked byte by byte.
 */
#include <stdlib.h>

#include "xe_cbev_engine_util.h"
#include "kselftest_harness.h"

#define BUF_SIZE	(256 * 1024)
#define FENCE_OFF	(BUF_SIZE - 8)

FIXTURE(cs) {
	int fd;
	struct test_ring r;
	struct test_buf b;
	uint64_t fence_val;
	uint8_t *cpu;
};

FIXTURE_SETUP(cs)
{
	self->fd = st_open_render();
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, ring_create(self->fd, &self->r, 16384, 0));
	ASSERT_EQ(0, buf_create(self->fd, &self->b, BUF_SIZE, 0));
	self->cpu = self->b.cpu;
	self->fence_val = 0;
}

FIXTURE_TEARDOWN(cs)
{
	struct drm_xe_cbev_exec_queue_state s;

	/* No test here may leave the queue banned. */
	ASSERT_EQ(0, queue_state(self->fd, self->r.id, &s));
	EXPECT_EQ(DRM_XE_CBEV_EXEC_QUEUE_STATE_ACTIVE, s.state)
		TH_LOG("banned: reason %u at 0x%llx", s.ban_reason,
		       (unsigned long long)s.fault_addr);
	ring_unmap(&self->r);
	close(self->fd);
}

/* GPU address of byte @off of the buffer, and a CPU pointer to it. */
#define GPU(off)	(self->b.gpu + (off))
#define U32(off)	(*(volatile uint32_t *)(self->cpu + (off)))
#define U64(off)	(*(volatile uint64_t *)(self->cpu + (off)))

static int sync_ring(struct __test_metadata *_metadata, FIXTURE_DATA(cs) *self)
{
	(void)_metadata;
	return ring_sync(&self->r, GPU(FENCE_OFF), ++self->fence_val);
}

#define SYNC()	ASSERT_EQ(0, sync_ring(_metadata, self))

TEST_F(cs, noop_and_arb_check)
{
	uint32_t dw[4] = { MI_NOOP, MI_ARB_CHECK, 0x04000001u, MI_NOOP | 0x1234 };

	ring_emit(&self->r, dw, 4);
	SYNC();
	EXPECT_EQ(self->r.tail, self->r.status->head);
	EXPECT_EQ(self->r.tail, self->r.status->tail);
}

TEST_F(cs, store_data_imm)
{
	uint32_t dw[8];

	ring_emit(&self->r, dw, emit_sdi32(dw, GPU(0), 0xdeadbeef));
	ring_emit(&self->r, dw, emit_sdi64(dw, GPU(8), 0x0123456789abcdefull));
	/* Two dwords without the qword bit. */
	dw[0] = 0x10000003u;
	dw[1] = (uint32_t)GPU(20);
	dw[2] = GPU(20) >> 32;
	dw[3] = 0x11111111;
	dw[4] = 0x22222222;
	ring_emit(&self->r, dw, 5);
	SYNC();
	EXPECT_EQ(0xdeadbeefu, U32(0));
	EXPECT_EQ(0u, U32(4));
	EXPECT_EQ(0x0123456789abcdefull, U64(8));
	EXPECT_EQ(0x11111111u, U32(20));
	EXPECT_EQ(0x22222222u, U32(24));
}

/* Commands of one queue execute in order: the last store wins. */
TEST_F(cs, ordering_within_queue)
{
	uint32_t dw[8];
	unsigned int i;

	for (i = 1; i <= 200; i++)
		ring_emit(&self->r, dw, emit_sdi64(dw, GPU(0), i));
	/* Each store is checked by a wait for it before the next. */
	for (i = 1; i <= 50; i++) {
		ring_emit(&self->r, dw, emit_sdi64(dw, GPU(64), i));
		ring_emit(&self->r, dw, emit_sem64(dw, GPU(64), i, SAD_EQ));
		ring_emit(&self->r, dw, emit_atomic(dw, GPU(128), 0x05, 1, 0, 0));
	}
	SYNC();
	EXPECT_EQ(200ull, U64(0));
	EXPECT_EQ(50ull, U64(64));
	EXPECT_EQ(50ull, U64(128));
}

TEST_F(cs, atomics)
{
	uint32_t dw[12];

	U64(0) = 10;
	U32(8) = 10;
	U64(16) = 0xff00;
	U32(24) = 0xf0;
	ring_emit(&self->r, dw, emit_atomic(dw, GPU(0), 0x07, 1, 5, 1));	/* add8 */
	ring_emit(&self->r, dw, emit_atomic(dw, GPU(0), 0x05, 1, 0, 0));	/* inc8 */
	ring_emit(&self->r, dw, emit_atomic(dw, GPU(0), 0x08, 1, 2, 1));	/* sub8 */
	ring_emit(&self->r, dw, emit_atomic(dw, GPU(8), 0x06, 0, 0, 0));	/* dec4 */
	ring_emit(&self->r, dw, emit_atomic(dw, GPU(8), 0x07, 0, 100, 1));	/* add4 */
	ring_emit(&self->r, dw, emit_atomic(dw, GPU(16), 0x01, 1, 0x0ff0, 1));	/* and8 */
	ring_emit(&self->r, dw, emit_atomic(dw, GPU(16), 0x02, 1, 1ull << 40, 1)); /* or8 */
	ring_emit(&self->r, dw, emit_atomic(dw, GPU(24), 0x03, 0, 0xff, 1));	/* xor4 */
	ring_emit(&self->r, dw, emit_atomic(dw, GPU(32), 0x04, 1, 0x5555aaaa5555ull, 1)); /* move8 */
	/* 64-bit add carries into the high dword. */
	U64(40) = 0xffffffffull;
	ring_emit(&self->r, dw, emit_atomic(dw, GPU(40), 0x07, 1, 1, 1));
	SYNC();
	EXPECT_EQ(14ull, U64(0));
	EXPECT_EQ(109u, U32(8));
	EXPECT_EQ((1ull << 40) | 0x0f00, U64(16));
	EXPECT_EQ(0x0fu, U32(24));
	EXPECT_EQ(0x5555aaaa5555ull, U64(32));
	EXPECT_EQ(0x100000000ull, U64(40));
}

TEST_F(cs, timestamps)
{
	uint64_t before = now_ns(), ts0, ts1, pc;
	uint32_t dw[8];

	ring_emit(&self->r, dw, emit_srm(dw, 0x2358, GPU(0)));
	ring_emit(&self->r, dw, emit_srm(dw, 0x235c, GPU(4)));
	ring_emit(&self->r, dw, emit_pipe_control(dw, 3, GPU(16), 0, 0));
	ring_emit(&self->r, dw, emit_srm(dw, 0x23a8, GPU(32)));
	ring_emit(&self->r, dw, emit_srm(dw, 0x23ac, GPU(36)));
	SYNC();
	ts0 = U64(0);
	pc = U64(16);
	ts1 = U64(32);
	/* CLOCK_MONOTONIC_RAW and CLOCK_MONOTONIC share the boot origin only
	 * roughly, so check order and plausibility, not equality. */
	EXPECT_NE(0ull, ts0);
	EXPECT_LE(ts0, pc);
	EXPECT_LE(pc, ts1);
	EXPECT_LT(ts1 - ts0, 5ull * SEC);
	(void)before;
}

TEST_F(cs, pipe_control_immediate)
{
	uint32_t dw[8];

	ring_emit(&self->r, dw, emit_pipe_control(dw, 1, GPU(8), 0xabcdef0123ull, 1));
	ring_emit(&self->r, dw, emit_pipe_control(dw, 0, 0, 0, 0));
	SYNC();
	EXPECT_EQ(0xabcdef0123ull, U64(8));
}

TEST_F(cs, user_interrupt_counted)
{
	uint32_t dw[1] = { MI_USER_INTERRUPT };

	ring_emit(&self->r, dw, 1);
	ring_emit(&self->r, dw, 1);
	SYNC();
	EXPECT_EQ(1, st_debugfs_count(self->fd, "interrupts: 2"));
}

/* A batch called from the ring, calling a second batch, chaining a third. */
TEST_F(cs, batch_buffers)
{
	uint32_t *bb = (uint32_t *)(self->cpu + 0x10000);
	uint64_t bb1 = GPU(0x10000), bb2 = GPU(0x11000), bb3 = GPU(0x12000);
	uint32_t dw[8];
	unsigned int n;

	n = emit_sdi64(bb, GPU(0), 1);
	n += emit_bb_start(bb + n, bb2, 1);	/* call, returns here */
	n += emit_sdi64(bb + n, GPU(16), 3);
	bb[n++] = MI_BATCH_BUFFER_END;

	bb = (uint32_t *)(self->cpu + 0x11000);
	n = emit_sdi64(bb, GPU(8), 2);
	n += emit_bb_start(bb + n, bb3, 0);	/* chain: never returns here */
	n += emit_sdi64(bb + n, GPU(8), 99);

	bb = (uint32_t *)(self->cpu + 0x12000);
	n = emit_atomic(bb, GPU(8), 0x05, 1, 0, 0);
	bb[n++] = MI_BATCH_BUFFER_END;

	ring_emit(&self->r, dw, emit_bb_start(dw, bb1, 1));
	ring_emit(&self->r, dw, emit_sdi64(dw, GPU(24), 4));
	SYNC();
	EXPECT_EQ(1ull, U64(0));
	EXPECT_EQ(3ull, U64(8));
	EXPECT_EQ(3ull, U64(16));
	EXPECT_EQ(4ull, U64(24));
}

/* Batches given to EXEC run after the ring's commands, in order. */
TEST_F(cs, exec_batches)
{
	uint64_t bbs[3] = { GPU(0x10000), GPU(0x11000), GPU(0x12000) };
	uint32_t dw[8];
	unsigned int i, n;
	uint64_t seqno;

	for (i = 0; i < 3; i++) {
		uint32_t *bb = (uint32_t *)(self->cpu + 0x10000 + i * 0x1000);

		n = emit_atomic(bb, GPU(0), 0x07, 1, (i + 1) * 10, 1);
		n += emit_sdi64(bb + n, GPU(8 + i * 8), U64(0) + i);
		bb[n++] = MI_BATCH_BUFFER_END;
	}
	ring_emit(&self->r, dw, emit_sdi64(dw, GPU(0), 1000));
	ASSERT_EQ(0, ring_submit_batches(&self->r, bbs, 3, &seqno));
	EXPECT_GT(seqno, 0ull);
	SYNC();
	EXPECT_EQ(1060ull, U64(0));
	EXPECT_GE(self->r.status->completed_seqno, seqno);
}

/* A full ring, many times over: positions wrap, commands straddle the end. */
TEST_F(cs, ring_wraps)
{
	uint32_t dw[8];
	unsigned int i;

	for (i = 0; i < 4000; i++) {
		ring_emit(&self->r, dw, emit_atomic(dw, GPU(0), 0x05, 1, 0, 0));
		if (i % 100 == 99)
			SYNC();
	}
	SYNC();
	EXPECT_EQ(4000ull, U64(0));
	EXPECT_GT(self->r.tail, 2ull * self->r.size);
}

TEST_F(cs, kernel_fill)
{
	uint32_t dw[16];
	uint64_t i;

	memcpy(self->cpu + 0x100, "abc", 3);
	ring_emit(&self->r, dw, emit_dispatch(dw, K_FILL, GPU(0x1001), 10000, GPU(0x100), 3));
	SYNC();
	EXPECT_EQ(0, self->cpu[0x1000]);
	for (i = 0; i < 10000; i++)
		ASSERT_EQ("abc"[i % 3], self->cpu[0x1001 + i]) TH_LOG("byte %llu", (unsigned long long)i);
	EXPECT_EQ(0, self->cpu[0x1001 + 10000]);
}

TEST_F(cs, kernel_copy_and_checksum)
{
	uint64_t i, hash = 0xcbf29ce484222325ull;
	uint32_t dw[16];

	for (i = 0; i < 20000; i++)
		self->cpu[0x1000 + i] = (uint8_t)(i * 7 + 3);
	ring_emit(&self->r, dw, emit_dispatch(dw, K_COPY, GPU(0x9003), GPU(0x1000), 20000, 0));
	ring_emit(&self->r, dw, emit_dispatch(dw, K_CHECKSUM, GPU(0x20000), GPU(0x9003), 20000, 0));
	SYNC();
	EXPECT_EQ(0, memcmp(self->cpu + 0x1000, self->cpu + 0x9003, 20000));
	for (i = 0; i < 20000; i++) {
		hash ^= self->cpu[0x1000 + i];
		hash *= 0x100000001b3ull;
	}
	EXPECT_EQ(hash, U64(0x20000));
}

TEST_F(cs, kernel_add_scale)
{
	uint32_t *a = (uint32_t *)(self->cpu + 0x1000);
	uint32_t *b = (uint32_t *)(self->cpu + 0x5000);
	uint32_t *c = (uint32_t *)(self->cpu + 0x9000);
	uint32_t *d = (uint32_t *)(self->cpu + 0xd000);
	uint32_t dw[16];
	unsigned int i;

	for (i = 0; i < 4000; i++) {
		a[i] = i;
		b[i] = 3 * i + 0x80000000u;
	}
	ring_emit(&self->r, dw, emit_dispatch(dw, K_ADD_U32, GPU(0x9000), GPU(0x1000), GPU(0x5000), 4000));
	ring_emit(&self->r, dw, emit_dispatch(dw, K_SCALE_U32, GPU(0xd000), GPU(0x9000), 5, 4000));
	SYNC();
	for (i = 0; i < 4000; i++) {
		ASSERT_EQ(4 * i + 0x80000000u, c[i]);
		ASSERT_EQ((4 * i + 0x80000000u) * 5, d[i]);
	}
}

/* A spin kernel takes its time, and other queues run meanwhile. */
TEST_F(cs, kernel_spin_takes_time)
{
	struct test_ring r2;
	uint32_t dw[16];
	uint64_t t0 = now_ns(), t1;

	ring_emit(&self->r, dw, emit_dispatch(dw, K_SPIN, 300 * MSEC, 0, 0, 0));
	ring_emit(&self->r, dw, emit_sdi64(dw, GPU(0), 1));
	ASSERT_EQ(0, ring_submit(&self->r));

	ASSERT_EQ(0, ring_create(self->fd, &r2, 4096, 0));
	ring_emit(&r2, dw, emit_sdi64(dw, GPU(8), 2));
	ASSERT_EQ(0, ring_submit(&r2));
	ASSERT_EQ(0, wait_gte(self->fd, GPU(8), 2, 10 * SEC));
	EXPECT_EQ(0ull, U64(0)) TH_LOG("the other queue waited for the spin");

	ASSERT_EQ(0, wait_gte(self->fd, GPU(0), 1, 10 * SEC));
	t1 = now_ns();
	EXPECT_GE(t1 - t0, 300ull * MSEC);
	ring_unmap(&r2);
}

TEST_HARNESS_MAIN
