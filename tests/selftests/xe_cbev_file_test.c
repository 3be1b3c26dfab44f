// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * Per-file state: what closing a file frees, and what a forked child that
 * inherits the file may do with it (it shares the parent's DRM file, so
 * it sees the same handles, address space and counters).
 */
#include <stdint.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "xe_cbev_test_util.h"
#include "kselftest_harness.h"

#define PAGE	4096ull
#define VA	0x200000000ull

/* A file with a bit of everything in it, closed without freeing anything. */
TEST(close_frees_everything)
{
	struct drm_xe_cbev_counter_alloc a;
	struct st_totals before, during, after;
	uint32_t bo[4];
	void *map;
	int fd, i;

	ASSERT_EQ(0, st_totals_now(&before));
	fd = st_open_render();
	ASSERT_GE(fd, 0);
	for (i = 0; i < 4; i++) {
		ASSERT_EQ(0, st_bo_create(fd, 4 * PAGE, i & 1, &bo[i]));
		ASSERT_EQ(0, st_vm_map(fd, bo[i], 0, 4 * PAGE,
					    VA + i * 4 * PAGE, 0));
	}
	for (i = 0; i < 1000; i++)
		ASSERT_EQ(0, st_counter_alloc(fd, &a));
	map = mmap(NULL, PAGE, PROT_READ, MAP_SHARED, fd, a.mmap_offset);
	ASSERT_NE(MAP_FAILED, map);
	munmap(map, PAGE);

	ASSERT_EQ(0, st_totals_now(&during));
	EXPECT_EQ(before.counter_slots + 1000, during.counter_slots);
	EXPECT_EQ(before.counter_pages + 2, during.counter_pages);
	EXPECT_EQ(before.bos + 6, during.bos);
	EXPECT_EQ(before.bindings + 6, during.bindings);

	close(fd);
	ASSERT_EQ(0, st_totals_now(&after));
	EXPECT_TOTALS_EQ(before, after);
}

/* A mapping of a counter page outlives the file; the page goes with it. */
TEST(counter_mapping_outlives_file)
{
	struct drm_xe_cbev_counter_alloc a;
	struct st_totals before, after;
	volatile const uint64_t *v;
	void *map;
	int fd;

	ASSERT_EQ(0, st_totals_now(&before));
	fd = st_open_render();
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, st_counter_alloc(fd, &a));
	map = mmap(NULL, PAGE, PROT_READ, MAP_SHARED, fd, a.mmap_offset);
	ASSERT_NE(MAP_FAILED, map);
	close(fd);
	v = (const volatile uint64_t *)((char *)map + a.offset);
	EXPECT_EQ(0ull, *v);
	munmap(map, PAGE);
	ASSERT_EQ(0, st_totals_now(&after));
	EXPECT_TOTALS_EQ(before, after);
}

/*
 * fork() shares the open file: the child's objects are the parent's, and
 * they stay when the child exits. The GPU address space is the parent's,
 * as its memory is: the child may not bind into it.
 */
TEST(fork_shares_file)
{
	struct drm_xe_cbev_counter_alloc a;
	uint32_t parent_bo, child_bo = 0;
	int fd, pipefd[2], status;
	uint32_t *p;
	pid_t pid;

	fd = st_open_render();
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, st_bo_create(fd, PAGE, 0, &parent_bo));
	ASSERT_EQ(0, st_counter_alloc(fd, &a));
	ASSERT_EQ(0, pipe(pipefd));

	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		uint32_t h;
		uint32_t *c;

		/* The parent's handle works here, and so does a new one. */
		c = st_bo_map(fd, parent_bo, PAGE);
		if (c == MAP_FAILED)
			_exit(1);
		c[0] = 0xc0ffee;
		if (st_bo_create(fd, PAGE, 0, &h))
			_exit(2);
		if (st_vm_map(fd, h, 0, PAGE, VA, 0) != EPERM)
			_exit(3);
		/* The counter the parent allocated is the child's to free. */
		if (st_counter_free(fd, a.id))
			_exit(4);
		if (write(pipefd[1], &h, sizeof(h)) != sizeof(h))
			_exit(5);
		_exit(0);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	ASSERT_EQ(0, WEXITSTATUS(status));
	ASSERT_EQ((ssize_t)sizeof(child_bo), read(pipefd[0], &child_bo, sizeof(child_bo)));

	p = st_bo_map(fd, parent_bo, PAGE);
	ASSERT_NE(MAP_FAILED, p);
	EXPECT_EQ(0xc0ffeeu, p[0]);
	munmap(p, PAGE);
	/* The child's object lives on in the shared file; VA stayed free. */
	EXPECT_EQ(0, st_vm_map(fd, parent_bo, 0, PAGE, VA, 0));
	EXPECT_EQ(0, st_vm_unmap(fd, VA, PAGE));
	EXPECT_EQ(0, st_gem_close(fd, child_bo));
	EXPECT_EQ(ENOENT, st_counter_free(fd, a.id));
	close(pipefd[0]);
	close(pipefd[1]);
	close(fd);
}

TEST_HARNESS_MAIN
