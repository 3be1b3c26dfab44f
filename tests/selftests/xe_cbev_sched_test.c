// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * The engine's scheduling: files take turns, and a long built-in dispatch
 * is split across slices, so one file's work does not hold up another's.
 * Functional checks only: the order in which the engine did things, read
 * from timestamps it wrote, never how long anything took.
 */
#include <stdlib.h>

#include "xe_cbev_engine_util.h"
#include "kselftest_harness.h"

#define FILL_SIZE	(64u << 20)
#define FILLS		8
#define HANG_MS		60000

/* PIPE_CONTROL post-sync operation: write the timestamp. */
#define PC_TIMESTAMP	3

FIXTURE(sched) {
	int fd_a, fd_v;
	struct test_buf big, marks, vbuf;
	struct test_ring ra[2], rv;
};

FIXTURE_SETUP(sched)
{
	self->fd_a = st_open_render();
	self->fd_v = st_open_render();
	ASSERT_GE(self->fd_a, 0);
	ASSERT_GE(self->fd_v, 0);
	ASSERT_EQ(0, buf_create(self->fd_a, &self->big, FILL_SIZE, 0));
	ASSERT_EQ(0, buf_create(self->fd_a, &self->marks, 4096, 0));
	ASSERT_EQ(0, buf_create(self->fd_v, &self->vbuf, 4096, 0));
	ASSERT_EQ(0, ring_create(self->fd_a, &self->ra[0], 4096, HANG_MS));
	ASSERT_EQ(0, ring_create(self->fd_a, &self->ra[1], 4096, HANG_MS));
	ASSERT_EQ(0, ring_create(self->fd_v, &self->rv, 4096, 0));
}

FIXTURE_TEARDOWN(sched)
{
	ring_unmap(&self->ra[0]);
	ring_unmap(&self->ra[1]);
	ring_unmap(&self->rv);
	buf_destroy(self->fd_a, &self->big);
	buf_destroy(self->fd_a, &self->marks);
	buf_destroy(self->fd_v, &self->vbuf);
	close(self->fd_a);
	close(self->fd_v);
}

#define MARK(off)	(*(volatile uint64_t *)((char *)self->marks.cpu + (off)))
#define VMARK(off)	(*(volatile uint64_t *)((char *)self->vbuf.cpu + (off)))

/*
 * One file keeps two queues busy with 64 MiB fills; another file's single
 * store, submitted once the fills have started, is executed before the
 * fills are all done.
 */
TEST_F(sched, store_runs_between_fills_of_another_file)
{
	uint64_t pattern = self->marks.gpu + 2048;
	uint64_t done_ts, v_ts;
	uint32_t dw[16];
	int q, i;

	*(volatile uint32_t *)((char *)self->marks.cpu + 2048) = 0x5a5a5a5a;
	for (q = 0; q < 2; q++) {
		struct test_ring *r = &self->ra[q];

		ring_emit(r, dw, emit_sdi64(dw, self->marks.gpu + 8 * q, 1));
		for (i = 0; i < FILLS; i++)
			ring_emit(r, dw, emit_dispatch(dw, K_FILL, self->big.gpu,
						       FILL_SIZE, pattern, 4));
		ring_emit(r, dw, emit_pipe_control(dw, PC_TIMESTAMP,
						   self->marks.gpu + 64 + 8 * q, 0, 0));
		ASSERT_EQ(0, ring_submit(r));
	}
	ASSERT_EQ(0, wait_gte(self->fd_a, self->marks.gpu, 1, 60 * SEC));

	/* The victim: a timestamp, then a flag to wait on. */
	ring_emit(&self->rv, dw, emit_pipe_control(dw, PC_TIMESTAMP, self->vbuf.gpu, 0, 0));
	ring_emit(&self->rv, dw, emit_sdi64(dw, self->vbuf.gpu + 8, 1));
	ASSERT_EQ(0, ring_submit(&self->rv));
	ASSERT_EQ(0, wait_gte(self->fd_v, self->vbuf.gpu + 8, 1, 120 * SEC));

	for (q = 0; q < 2; q++)
		ASSERT_EQ(0, wait_gte(self->fd_a, self->marks.gpu + 64 + 8 * q, 1,
				      120 * SEC));
	v_ts = VMARK(0);
	done_ts = MARK(64) > MARK(72) ? MARK(64) : MARK(72);
	TH_LOG("victim's store %.1f ms before the fills were done",
	       ((double)done_ts - (double)v_ts) / 1e6);
	EXPECT_LT(v_ts, done_ts);
	EXPECT_EQ(0x5a5a5a5a, *(volatile uint32_t *)((char *)self->big.cpu + FILL_SIZE - 4));
}

/*
 * A fill split across slices gives the same result as one done at once,
 * whatever the pattern's size; and a copy split across slices too.
 */
TEST_F(sched, split_fill_and_copy_are_whole)
{
	uint64_t pat = self->marks.gpu + 1024, half = FILL_SIZE / 2;
	uint8_t *p = (uint8_t *)self->marks.cpu + 1024;
	uint8_t *big = self->big.cpu;
	uint32_t dw[16];
	size_t i;

	for (i = 0; i < 7; i++)
		p[i] = 0x10 + i;
	ring_emit(&self->ra[0], dw, emit_dispatch(dw, K_FILL, self->big.gpu, half - 3,
						  pat, 7));
	ring_emit(&self->ra[0], dw, emit_dispatch(dw, K_COPY, self->big.gpu + half,
						  self->big.gpu, half, 0));
	ASSERT_EQ(0, ring_sync(&self->ra[0], self->marks.gpu, 1));
	for (i = 0; i < half - 3; i += 4093)
		ASSERT_EQ(0x10 + i % 7, big[i]) TH_LOG("fill at %zu", i);
	EXPECT_EQ(0x10 + (half - 4) % 7, big[half - 4]);
	EXPECT_EQ(0, big[half - 3]);
	EXPECT_EQ(0, memcmp(big, big + half, half));
}

TEST_HARNESS_MAIN
