// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * uAPI tests of DRM_IOCTL_XE_CBEV_VM_BIND: mapping and unmapping buffer
 * object ranges in a file's GPU address space, unified shared memory
 * (bind at the CPU address), and every rejected range with its errno.
 */
#include <stdint.h>
#include <stdlib.h>

#include "xe_cbev_test_util.h"
#include "kselftest_harness.h"

#define PAGE	4096ull
#define VA	0x100000000ull	/* 4 GiB: a plain user address */

FIXTURE(vm) {
	int fd;
	uint32_t bo;		/* 16 pages */
	struct st_totals before;
};

FIXTURE_SETUP(vm)
{
	self->fd = st_open_render();
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, st_totals(self->fd, &self->before));
	ASSERT_EQ(0, st_bo_create(self->fd, 16 * PAGE, 0, &self->bo));
}

FIXTURE_TEARDOWN(vm)
{
	struct st_totals after;

	close(self->fd);
	ASSERT_EQ(0, st_totals_now(&after));
	EXPECT_TOTALS_EQ(self->before, after);
}

static int bindings(int fd)
{
	struct st_totals t;

	return st_totals(fd, &t) ? -1 : t.bindings;
}

TEST_F(vm, map_unmap)
{
	int base = bindings(self->fd);

	ASSERT_EQ(0, st_vm_map(self->fd, self->bo, 0, 16 * PAGE, VA, 0));
	EXPECT_EQ(base + 1, bindings(self->fd));
	EXPECT_EQ(1, st_debugfs_count(self->fd, "0x000100000000-0x00010000ffff bo+0x0 rw"));
	ASSERT_EQ(0, st_vm_unmap(self->fd, VA, 16 * PAGE));
	EXPECT_EQ(base, bindings(self->fd));
	/* Nothing left to unmap. */
	EXPECT_EQ(ENOENT, st_vm_unmap(self->fd, VA, 16 * PAGE));
}

TEST_F(vm, map_readonly_and_partial)
{
	ASSERT_EQ(0, st_vm_map(self->fd, self->bo, 4 * PAGE, 2 * PAGE, VA,
				    DRM_XE_CBEV_VM_BIND_READONLY));
	EXPECT_EQ(1, st_debugfs_count(self->fd, "0x000100000000-0x000100001fff bo+0x4000 ro"));
	/* The same object again, elsewhere, and the last page alone. */
	ASSERT_EQ(0, st_vm_map(self->fd, self->bo, 15 * PAGE, PAGE,
				    VA + 16 * PAGE, 0));
	/* One unmap over both removes both. */
	ASSERT_EQ(0, st_vm_unmap(self->fd, VA, 32 * PAGE));
	EXPECT_EQ(0, st_debugfs_count(self->fd, "0x0001000"));
}

/* Unified shared memory: bind at the address the CPU mapping has. */
TEST_F(vm, bind_at_cpu_address)
{
	uint64_t cpu;
	void *p = st_bo_map(self->fd, self->bo, 16 * PAGE);

	ASSERT_NE(MAP_FAILED, p);
	cpu = (uint64_t)(uintptr_t)p;
	ASSERT_EQ(0, st_vm_map(self->fd, self->bo, 0, 16 * PAGE, cpu, 0));
	EXPECT_EQ(0, st_vm_unmap(self->fd, cpu, 16 * PAGE));
	munmap(p, 16 * PAGE);
}

/* The highest user page is bindable; one past it is not. */
TEST_F(vm, user_range_limits)
{
	const uint64_t end = DRM_XE_CBEV_VA_USER_END;

	EXPECT_EQ(0, st_vm_map(self->fd, self->bo, 0, PAGE, end - PAGE, 0));
	EXPECT_EQ(EINVAL, st_vm_map(self->fd, self->bo, 0, 2 * PAGE,
					 end - PAGE, 0));
	EXPECT_EQ(EINVAL, st_vm_map(self->fd, self->bo, 0, PAGE, end, 0));
	EXPECT_EQ(0, st_vm_map(self->fd, self->bo, 0, PAGE,
				    DRM_XE_CBEV_VA_USER_START, 0));
	EXPECT_EQ(0, st_vm_unmap(self->fd, end - PAGE, PAGE));
	EXPECT_EQ(0, st_vm_unmap(self->fd, DRM_XE_CBEV_VA_USER_START, PAGE));
}

/* Every malformed MAP: exact errno, nothing mapped, a good MAP still works. */
TEST_F(vm, map_invalid)
{
	const struct {
		const char *what;
		struct drm_xe_cbev_vm_bind b;
		int err;
	} bad[] = {
		{ "VA 0", { .handle = self->bo, .range = PAGE, .addr = 0 }, EINVAL },
		{ "misaligned VA", { .handle = self->bo, .range = PAGE, .addr = VA + 8 }, EINVAL },
		{ "misaligned offset", { .handle = self->bo, .range = PAGE, .offset = 64, .addr = VA }, EINVAL },
		{ "misaligned range", { .handle = self->bo, .range = PAGE + 1, .addr = VA }, EINVAL },
		{ "range 0", { .handle = self->bo, .range = 0, .addr = VA }, EINVAL },
		{ "range past the object", { .handle = self->bo, .range = 17 * PAGE, .addr = VA }, EINVAL },
		{ "offset+range past the object", { .handle = self->bo, .offset = 15 * PAGE, .range = 2 * PAGE, .addr = VA }, EINVAL },
		{ "offset past the object", { .handle = self->bo, .offset = 32 * PAGE, .range = PAGE, .addr = VA }, EINVAL },
		{ "offset wraps", { .handle = self->bo, .offset = ~0ull << 12, .range = 2 * PAGE, .addr = VA }, EINVAL },
		{ "VA wraps", { .handle = self->bo, .range = 2 * PAGE, .addr = ~0ull << 12 }, EINVAL },
		{ "VA in the kernel half", { .handle = self->bo, .range = PAGE, .addr = 1ull << 47 }, EINVAL },
		{ "unknown op", { .op = 2, .handle = self->bo, .range = PAGE, .addr = VA }, EINVAL },
		{ "unknown flag", { .flags = 2, .handle = self->bo, .range = PAGE, .addr = VA }, EINVAL },
		{ "pad", { .pad = 1, .handle = self->bo, .range = PAGE, .addr = VA }, EINVAL },
		{ "extensions", { .extensions = 1, .handle = self->bo, .range = PAGE, .addr = VA }, EINVAL },
		{ "reserved[0]", { .reserved[0] = 1, .handle = self->bo, .range = PAGE, .addr = VA }, EINVAL },
		{ "reserved[1]", { .reserved[1] = 1, .handle = self->bo, .range = PAGE, .addr = VA }, EINVAL },
		{ "unknown handle", { .handle = self->bo + 1000, .range = PAGE, .addr = VA }, ENOENT },
	};
	int base = bindings(self->fd);
	unsigned int i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct drm_xe_cbev_vm_bind b = bad[i].b;

		EXPECT_EQ(bad[i].err, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_VM_BIND, &b))
			TH_LOG("%s", bad[i].what);
		EXPECT_EQ(base, bindings(self->fd)) TH_LOG("%s left a mapping", bad[i].what);
	}
	EXPECT_EQ(0, st_vm_map(self->fd, self->bo, 0, PAGE, VA, 0));
}

TEST_F(vm, overlap_einval)
{
	ASSERT_EQ(0, st_vm_map(self->fd, self->bo, 0, 4 * PAGE, VA + 4 * PAGE, 0));
	/* Same range, a sub-range, one page over each end, a super-range. */
	EXPECT_EQ(EINVAL, st_vm_map(self->fd, self->bo, 0, 4 * PAGE, VA + 4 * PAGE, 0));
	EXPECT_EQ(EINVAL, st_vm_map(self->fd, self->bo, 0, PAGE, VA + 5 * PAGE, 0));
	EXPECT_EQ(EINVAL, st_vm_map(self->fd, self->bo, 0, 2 * PAGE, VA + 3 * PAGE, 0));
	EXPECT_EQ(EINVAL, st_vm_map(self->fd, self->bo, 0, 2 * PAGE, VA + 7 * PAGE, 0));
	EXPECT_EQ(EINVAL, st_vm_map(self->fd, self->bo, 0, 16 * PAGE, VA, 0));
	/* Touching ends are fine. */
	EXPECT_EQ(0, st_vm_map(self->fd, self->bo, 0, 4 * PAGE, VA, 0));
	EXPECT_EQ(0, st_vm_map(self->fd, self->bo, 0, 4 * PAGE, VA + 8 * PAGE, 0));
}

TEST_F(vm, unmap_invalid)
{
	struct drm_xe_cbev_vm_bind b;
	int base;

	ASSERT_EQ(0, st_vm_map(self->fd, self->bo, 0, 4 * PAGE, VA, 0));
	base = bindings(self->fd);
	/* A range that cuts the mapping: refused, nothing unmapped. */
	EXPECT_EQ(EINVAL, st_vm_unmap(self->fd, VA, 2 * PAGE));
	EXPECT_EQ(EINVAL, st_vm_unmap(self->fd, VA + PAGE, 8 * PAGE));
	EXPECT_EQ(ENOENT, st_vm_unmap(self->fd, VA + 4 * PAGE, PAGE));
	EXPECT_EQ(EINVAL, st_vm_unmap(self->fd, 0, PAGE));
	EXPECT_EQ(EINVAL, st_vm_unmap(self->fd, VA, 0));
	EXPECT_EQ(EINVAL, st_vm_unmap(self->fd, ~0ull << 12, 2 * PAGE));
	/* UNMAP takes no handle, offset or flags. */
	b = (struct drm_xe_cbev_vm_bind){ .op = DRM_XE_CBEV_VM_BIND_OP_UNMAP,
		.handle = self->bo, .range = 4 * PAGE, .addr = VA };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_VM_BIND, &b));
	b = (struct drm_xe_cbev_vm_bind){ .op = DRM_XE_CBEV_VM_BIND_OP_UNMAP,
		.offset = PAGE, .range = 4 * PAGE, .addr = VA };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_VM_BIND, &b));
	b = (struct drm_xe_cbev_vm_bind){ .op = DRM_XE_CBEV_VM_BIND_OP_UNMAP,
		.flags = DRM_XE_CBEV_VM_BIND_READONLY, .range = 4 * PAGE, .addr = VA };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_VM_BIND, &b));
	EXPECT_EQ(base, bindings(self->fd));
	EXPECT_EQ(0, st_vm_unmap(self->fd, VA, 4 * PAGE));
}

/*
 * A binding holds the object: closing the handle keeps the pages (the
 * binding still shows), unmapping then frees the object.
 */
TEST_F(vm, close_handle_while_bound)
{
	struct st_totals t;

	ASSERT_EQ(0, st_vm_map(self->fd, self->bo, 0, 16 * PAGE, VA, 0));
	ASSERT_EQ(0, st_gem_close(self->fd, self->bo));
	ASSERT_EQ(0, st_totals(self->fd, &t));
	EXPECT_EQ(self->before.bos + 1, t.bos);
	EXPECT_EQ(self->before.bindings + 1, t.bindings);
	ASSERT_EQ(0, st_vm_unmap(self->fd, VA, 16 * PAGE));
	ASSERT_EQ(0, st_totals(self->fd, &t));
	EXPECT_EQ(self->before.bos, t.bos);
	EXPECT_EQ(self->before.bindings, t.bindings);
}

/* Address spaces are per file: the same VA is free in another file. */
TEST_F(vm, address_spaces_private_to_file)
{
	uint32_t bo2;
	int fd2 = st_open_render();

	ASSERT_GE(fd2, 0);
	ASSERT_EQ(0, st_vm_map(self->fd, self->bo, 0, PAGE, VA, 0));
	ASSERT_EQ(0, st_bo_create(fd2, PAGE, 0, &bo2));
	EXPECT_EQ(0, st_vm_map(fd2, bo2, 0, PAGE, VA, 0));
	/* The other file cannot unmap ours, or map our handle. */
	EXPECT_EQ(0, st_vm_unmap(fd2, VA, PAGE));
	EXPECT_EQ(ENOENT, st_vm_unmap(fd2, VA, PAGE));
	EXPECT_EQ(EINVAL, st_vm_map(self->fd, self->bo, 0, PAGE, VA, 0));
	close(fd2);
	EXPECT_EQ(0, st_vm_unmap(self->fd, VA, PAGE));
}

/* Closing the file with mappings in place frees them all. */
TEST_F(vm, close_file_with_mappings)
{
	struct st_totals t;
	int fd2 = st_open_render();
	uint32_t bo2;
	int i;

	ASSERT_GE(fd2, 0);
	ASSERT_EQ(0, st_bo_create(fd2, 8 * PAGE, 0, &bo2));
	for (i = 0; i < 8; i++)
		ASSERT_EQ(0, st_vm_map(fd2, bo2, i * PAGE, PAGE,
					    VA + 2 * i * PAGE, 0));
	ASSERT_EQ(0, st_totals(self->fd, &t));
	EXPECT_EQ(self->before.bindings + 8, t.bindings);
	close(fd2);
	ASSERT_EQ(0, st_totals(self->fd, &t));
	EXPECT_EQ(self->before.bindings, t.bindings);
	EXPECT_EQ(self->before.bos + 1, t.bos);	/* the fixture's object */
}

/*
 * A file's bindings are bounded: past the limit a bind is -ENOSPC, an
 * unbind makes room, and another file is not affected.
 */
TEST_F_TIMEOUT(vm, bindings_bounded_per_file, 300)
{
	const uint64_t base = VA;
	int fd2, i, err = 0;
	uint32_t bo2;

	for (i = 0; i < DRM_XE_CBEV_MAX_BINDINGS_PER_FILE; i++) {
		err = st_vm_map(self->fd, self->bo, 0, PAGE, base + i * PAGE,
				DRM_XE_CBEV_VM_BIND_READONLY);
		if (err)
			break;
	}
	ASSERT_EQ(0, err) TH_LOG("binding %d", i);
	EXPECT_EQ(ENOSPC, st_vm_map(self->fd, self->bo, 0, PAGE, base + i * PAGE, 0));

	fd2 = st_open_render();
	ASSERT_GE(fd2, 0);
	ASSERT_EQ(0, st_bo_create(fd2, PAGE, 0, &bo2));
	EXPECT_EQ(0, st_vm_map(fd2, bo2, 0, PAGE, base, 0));
	close(fd2);

	ASSERT_EQ(0, st_vm_unmap(self->fd, base, PAGE));
	EXPECT_EQ(0, st_vm_map(self->fd, self->bo, 0, PAGE, base + i * PAGE, 0));
}

static long pinned(int fd)
{
	struct st_totals t;

	return st_totals(fd, &t) ? -1 : t.pinned_pages;
}

/*
 * A binding pins what it binds: one page of a 1 GiB object (whose pages
 * come only when used) is one page resident, not 262144.
 */
TEST_F(vm, bind_pins_bound_range_only)
{
	long base = pinned(self->fd);
	uint32_t big;

	ASSERT_GE(base, 0);
	ASSERT_EQ(0, st_bo_create(self->fd, 1ull << 30, 0, &big));
	EXPECT_EQ(base, pinned(self->fd));
	ASSERT_EQ(0, st_vm_map(self->fd, big, 12345 * PAGE, PAGE, VA, 0));
	EXPECT_EQ(base + 1, pinned(self->fd));
	ASSERT_EQ(0, st_vm_map(self->fd, big, 0, 4 * PAGE, VA + 16 * PAGE, 0));
	EXPECT_EQ(base + 5, pinned(self->fd));
	ASSERT_EQ(0, st_vm_unmap(self->fd, VA, PAGE));
	EXPECT_EQ(base + 4, pinned(self->fd));
	ASSERT_EQ(0, st_gem_close(self->fd, big));
	ASSERT_EQ(0, st_vm_unmap(self->fd, VA + 16 * PAGE, 4 * PAGE));
	EXPECT_EQ(base, pinned(self->fd));
}

/* A read-only export view pins nothing of its own; binding it pins the range. */
TEST_F(vm, view_pins_bound_range_only)
{
	struct drm_xe_cbev_ipc_export x = {
		.kind = DRM_XE_CBEV_IPC_KIND_BO,
		.flags = DRM_XE_CBEV_IPC_TOKEN | DRM_XE_CBEV_IPC_READONLY,
	};
	struct drm_xe_cbev_ipc_import m = { 0 };
	long base = pinned(self->fd);
	int fd2 = st_open_render();
	uint32_t big;

	ASSERT_GE(fd2, 0);
	ASSERT_EQ(0, st_bo_create(self->fd, 1ull << 30, 0, &big));
	x.id = big;
	ASSERT_EQ(0, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_IPC_EXPORT, &x));
	m.token[0] = x.token[0];
	m.token[1] = x.token[1];
	ASSERT_EQ(0, st_ioctl(fd2, DRM_IOCTL_XE_CBEV_IPC_IMPORT, &m));
	EXPECT_EQ(base, pinned(self->fd));
	ASSERT_EQ(0, st_vm_map(fd2, m.handle, 777 * PAGE, PAGE, VA,
				    DRM_XE_CBEV_VM_BIND_READONLY));
	EXPECT_EQ(base + 1, pinned(self->fd));
	close(fd2);
	EXPECT_EQ(base, pinned(self->fd));
}

TEST_HARNESS_MAIN
