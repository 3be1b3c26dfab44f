// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * Random command streams thrown at the engine for a bounded time. Each
 * stream runs in a new queue with a short hang timeout; it either ends
 * (the queue then executes a final store) or gets its queue banned. The
 * kernel must survive all of it -- the debug lane checks it does so
 * without a single report -- and the file must still work afterwards.
 */
#include <stdlib.h>

#include "xe_cbev_engine_util.h"
#include "kselftest_harness.h"

#define BUF_SIZE	(64 * 1024)
#define FUZZ_SECONDS	4

/* A random dword that is often a real command header. */
static uint32_t fuzz_header(unsigned int *seed)
{
	static const uint32_t headers[] = {
		0x00000000u, 0x01000000u, 0x02800000u, 0x05000000u,
		0x0e000003u, 0x0e009003u, 0x0e000002u, 0x10000002u,
		0x10000003u, 0x10200003u, 0x12000002u, 0x17800001u,
		0x178c2709u, 0x17842509u, 0x18800101u, 0x18c00101u,
		0x1d800005u, 0x1d809005u, 0x7a000004u, 0x777f000du,
	};
	uint32_t h = headers[rand_r(seed) % (sizeof(headers) / sizeof(headers[0]))];

	/* Sometimes flip a bit or two of it. */
	if (rand_r(seed) % 4 == 0)
		h ^= 1u << (rand_r(seed) % 32);
	return rand_r(seed) % 16 ? h : (uint32_t)rand_r(seed) << 1 ^ rand_r(seed);
}

/* A random operand: an address in the buffer, near it, small, or random. */
static uint32_t fuzz_operand(unsigned int *seed, uint64_t base, int high)
{
	uint64_t a;

	switch (rand_r(seed) % 5) {
	case 0:
	case 1:
		a = base + (rand_r(seed) % (BUF_SIZE / 8)) * 8;
		break;
	case 2:
		a = base + BUF_SIZE + (rand_r(seed) % 4096);
		break;
	case 3:
		a = rand_r(seed) % 64;
		break;
	default:
		a = (uint64_t)rand_r(seed) << 33 ^ rand_r(seed);
		break;
	}
	return high ? a >> 32 : (uint32_t)a;
}

static void fuzz_fill(unsigned int *seed, uint32_t *dw, unsigned int n,
		      uint64_t base)
{
	unsigned int i = 0;

	while (i < n) {
		unsigned int len = 1 + rand_r(seed) % 14, k;

		dw[i++] = fuzz_header(seed);
		for (k = 0; k < len && i < n; k++, i++)
			dw[i] = k % 2 ? fuzz_operand(seed, base, 1) :
					fuzz_operand(seed, base, 0);
	}
}

/* A new queue of the file stores and the store is seen: 0 or an errno. */
static int store_and_wait(int fd, struct test_buf *b)
{
	struct test_ring r;
	uint32_t dw[8];
	int err;

	memset(b->cpu, 0, 64);
	err = ring_create(fd, &r, 4096, 0);
	if (err)
		return err;
	ring_emit(&r, dw, emit_sdi64(dw, b->gpu, 77));
	err = ring_submit(&r);
	if (!err)
		err = wait_gte(fd, b->gpu, 77, 10 * SEC);
	ring_unmap(&r);
	return err;
}

TEST(random_streams_survive)
{
	struct drm_xe_cbev_wait_cond c;
	unsigned int seed = 0x5eed;
	int fd = st_open_render();
	uint64_t t0 = now_ns();
	int streams = 0, banned = 0, finished = 0;
	struct test_buf b;

	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, buf_create(fd, &b, BUF_SIZE, 0));

	while (now_ns() - t0 < FUZZ_SECONDS * SEC) {
		uint32_t dw[64], fin[8];
		struct test_ring r;
		uint64_t fence = b.gpu + BUF_SIZE - 8;
		int err;

		/* Random bytes in the buffer too, so batches are random. */
		fuzz_fill(&seed, (uint32_t *)b.cpu, BUF_SIZE / 4 - 2, b.gpu);
		*(volatile uint64_t *)((char *)b.cpu + BUF_SIZE - 8) = 0;

		ASSERT_EQ(0, ring_create(fd, &r, 4096, 50));
		fuzz_fill(&seed, dw, 64, b.gpu);
		ring_emit(&r, dw, 64);
		ring_emit(&r, fin, emit_sdi64(fin, fence, 0xf00d));
		ASSERT_EQ(0, ring_submit(&r));

		c = (struct drm_xe_cbev_wait_cond){ .addr = fence, .value = 0xf00d,
			.op = DRM_XE_CBEV_CMP_EQ };
		err = wait_conds(fd, &c, 1, 0, 5 * SEC, r.id, NULL);
		/* Random stores may hit the fence early; both are fine. */
		ASSERT_TRUE(err == 0 || err == EIO) {
			TH_LOG("stream %d: %d", streams, err);
		}
		if (err == EIO)
			banned++;
		else
			finished++;
		ring_unmap(&r);
		ASSERT_EQ(0, queue_destroy(fd, r.id));
		streams++;
	}
	TH_LOG("%d streams: %d banned, %d finished", streams, banned, finished);
	EXPECT_GT(banned, 0);
	EXPECT_EQ(0, store_and_wait(fd, &b)) TH_LOG("the file no longer works");
	munmap(b.cpu, BUF_SIZE);
	close(fd);
}

TEST_HARNESS_MAIN
