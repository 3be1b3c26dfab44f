// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * uAPI tests of buffer objects: creation, placement, CPU mapping, GEM close
 * and PRIME sharing, and the exact errno of every malformed call.
 */
#include <stdint.h>
#include <stdlib.h>

#include "xe_cbev_test_util.h"
#include "kselftest_harness.h"

#define PAGE 4096u

FIXTURE(bo) {
	int fd;
	struct st_totals before;
};

FIXTURE_SETUP(bo)
{
	self->fd = st_open_render();
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, st_totals(self->fd, &self->before));
}

FIXTURE_TEARDOWN(bo)
{
	struct st_totals after;

	close(self->fd);
	/* Closing the file freed whatever a test left behind. */
	ASSERT_EQ(0, st_totals_now(&after));
	EXPECT_TOTALS_EQ(self->before, after);
}

/* A buffer object that still works: map it, write and read back. */
static int bo_works(int fd, uint32_t handle)
{
	volatile uint32_t *p = st_bo_map(fd, handle, PAGE);
	int ok;

	if (p == MAP_FAILED)
		return 0;
	p[0] = 0x12345678;
	ok = p[0] == 0x12345678;
	munmap((void *)p, PAGE);
	return ok;
}

TEST_F(bo, create_map_close)
{
	struct st_totals t;
	uint32_t handle = 0;
	uint8_t *p;
	size_t i;

	ASSERT_EQ(0, st_bo_create(self->fd, 4 * PAGE, 0, &handle));
	EXPECT_NE(0u, handle);
	ASSERT_EQ(0, st_totals(self->fd, &t));
	EXPECT_EQ(self->before.bos + 1, t.bos);

	p = st_bo_map(self->fd, handle, 4 * PAGE);
	ASSERT_NE(MAP_FAILED, p);
	/* New pages read as zero. */
	for (i = 0; i < 4 * PAGE; i++)
		ASSERT_EQ(0, p[i]);
	memset(p, 0x5a, 4 * PAGE);
	EXPECT_EQ(0x5a, p[4 * PAGE - 1]);
	munmap(p, 4 * PAGE);

	ASSERT_EQ(0, st_gem_close(self->fd, handle));
	ASSERT_EQ(0, st_totals(self->fd, &t));
	EXPECT_EQ(self->before.bos, t.bos);
	/* The handle is gone. */
	EXPECT_EQ(EINVAL, st_gem_close(self->fd, handle));
}

/* Data survives unmap and remap: the object owns the pages, not the map. */
TEST_F(bo, data_persists_across_maps)
{
	uint32_t handle;
	uint32_t *p;

	ASSERT_EQ(0, st_bo_create(self->fd, PAGE, 0, &handle));
	p = st_bo_map(self->fd, handle, PAGE);
	ASSERT_NE(MAP_FAILED, p);
	p[7] = 0xcafe;
	munmap(p, PAGE);
	p = st_bo_map(self->fd, handle, PAGE);
	ASSERT_NE(MAP_FAILED, p);
	EXPECT_EQ(0xcafeu, p[7]);
	munmap(p, PAGE);
}

/* Placement and caching are recorded and reported by debugfs. */
TEST_F(bo, placement_reported)
{
	uint32_t sys, dev, wc;

	ASSERT_EQ(0, st_bo_create(self->fd, PAGE, 0, &sys));
	ASSERT_EQ(0, st_bo_create(self->fd, 2 * PAGE,
				       DRM_XE_CBEV_BO_CREATE_DEVICE, &dev));
	ASSERT_EQ(0, st_bo_create(self->fd, 3 * PAGE,
				       DRM_XE_CBEV_BO_CREATE_DEVICE |
				       DRM_XE_CBEV_BO_CREATE_WC, &wc));
	EXPECT_EQ(1, st_debugfs_count(self->fd, "size 4096 system cached"));
	EXPECT_EQ(1, st_debugfs_count(self->fd, "size 8192 device cached"));
	EXPECT_EQ(1, st_debugfs_count(self->fd, "size 12288 device wc"));
	EXPECT_TRUE(bo_works(self->fd, wc));
	EXPECT_TRUE(bo_works(self->fd, dev));
}

/* PRIME: export to a dma-buf fd, import in another file, same pages. */
TEST_F(bo, prime_share_between_files)
{
	uint32_t handle, imported;
	uint32_t *a, *b;
	int fd2, dmabuf;

	ASSERT_EQ(0, st_bo_create(self->fd, PAGE, 0, &handle));
	ASSERT_EQ(0, drmPrimeHandleToFD(self->fd, handle, DRM_CLOEXEC | DRM_RDWR,
					&dmabuf));
	fd2 = st_open_render();
	ASSERT_GE(fd2, 0);
	ASSERT_EQ(0, drmPrimeFDToHandle(fd2, dmabuf, &imported));
	close(dmabuf);

	a = st_bo_map(self->fd, handle, PAGE);
	b = st_bo_map(fd2, imported, PAGE);
	ASSERT_NE(MAP_FAILED, a);
	ASSERT_NE(MAP_FAILED, b);
	a[3] = 0xfeedf00d;
	EXPECT_EQ(0xfeedf00du, b[3]);
	b[4] = 42;
	EXPECT_EQ(42u, a[4]);

	/* The exporter's handle can go; the importer keeps the object. */
	munmap(a, PAGE);
	ASSERT_EQ(0, st_gem_close(self->fd, handle));
	EXPECT_EQ(0xfeedf00du, b[3]);
	munmap(b, PAGE);
	close(fd2);
}

/* Importing into the same file gives back the same handle. */
TEST_F(bo, prime_self_import_same_handle)
{
	uint32_t handle, again;
	int dmabuf;

	ASSERT_EQ(0, st_bo_create(self->fd, PAGE, 0, &handle));
	ASSERT_EQ(0, drmPrimeHandleToFD(self->fd, handle, DRM_CLOEXEC, &dmabuf));
	ASSERT_EQ(0, drmPrimeFDToHandle(self->fd, dmabuf, &again));
	EXPECT_EQ(handle, again);
	close(dmabuf);
}

/* A dma-buf can be mapped directly, too. */
TEST_F(bo, prime_mmap_dmabuf)
{
	uint32_t handle;
	uint32_t *a, *d;
	int dmabuf;

	ASSERT_EQ(0, st_bo_create(self->fd, PAGE, 0, &handle));
	ASSERT_EQ(0, drmPrimeHandleToFD(self->fd, handle, DRM_CLOEXEC | DRM_RDWR,
					&dmabuf));
	d = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, dmabuf, 0);
	ASSERT_NE(MAP_FAILED, d);
	a = st_bo_map(self->fd, handle, PAGE);
	ASSERT_NE(MAP_FAILED, a);
	d[1] = 77;
	EXPECT_EQ(77u, a[1]);
	munmap(a, PAGE);
	munmap(d, PAGE);
	close(dmabuf);
}

TEST_F(bo, mmap_offset_unknown_handle_enoent)
{
	uint64_t offset;

	EXPECT_EQ(ENOENT, st_bo_mmap_offset(self->fd, 0, &offset));
	EXPECT_EQ(ENOENT, st_bo_mmap_offset(self->fd, 0x7fffffff, &offset));
}

TEST_F(bo, mmap_offset_bad_fields_einval)
{
	struct drm_xe_cbev_bo_mmap_offset o;
	uint32_t handle;

	ASSERT_EQ(0, st_bo_create(self->fd, PAGE, 0, &handle));
	o = (struct drm_xe_cbev_bo_mmap_offset){ .handle = handle, .flags = 1 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_BO_MMAP_OFFSET, &o));
	o = (struct drm_xe_cbev_bo_mmap_offset){ .handle = handle, .extensions = 1 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_BO_MMAP_OFFSET, &o));
	o = (struct drm_xe_cbev_bo_mmap_offset){ .handle = handle, .reserved[1] = 1 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_BO_MMAP_OFFSET, &o));
	o = (struct drm_xe_cbev_bo_mmap_offset){ .handle = handle, .offset = 4096 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_BO_MMAP_OFFSET, &o))
		TH_LOG("output field set on input");
	EXPECT_TRUE(bo_works(self->fd, handle));
}

/* Every malformed create: exact errno, no object made, device still works. */
TEST_F(bo, create_invalid_einval)
{
	static const struct {
		const char *what;
		struct drm_xe_cbev_bo_create c;
		int err;
	} bad[] = {
		{ "size 0", { .size = 0 }, EINVAL },
		{ "size not page aligned", { .size = PAGE + 1 }, EINVAL },
		{ "size 1", { .size = 1 }, EINVAL },
		{ "unknown flag", { .size = PAGE, .flags = 0x4 }, EINVAL },
		{ "flag bit 31", { .size = PAGE, .flags = 1u << 31 }, EINVAL },
		{ "extensions", { .size = PAGE, .extensions = 8 }, EINVAL },
		{ "handle set on input", { .size = PAGE, .handle = 1 }, EINVAL },
		{ "reserved[0]", { .size = PAGE, .reserved[0] = 1 }, EINVAL },
		{ "reserved[1]", { .size = PAGE, .reserved[1] = 1 }, EINVAL },
		{ "size over the maximum", { .size = 1ull << 37 }, E2BIG },
		{ "size ~0 page aligned", { .size = ~0ull << 12 }, E2BIG },
	};
	struct st_totals t;
	uint32_t handle;
	unsigned int i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct drm_xe_cbev_bo_create c = bad[i].c;

		EXPECT_EQ(bad[i].err, st_ioctl(self->fd,
						    DRM_IOCTL_XE_CBEV_BO_CREATE, &c))
			TH_LOG("%s", bad[i].what);
	}
	ASSERT_EQ(0, st_totals(self->fd, &t));
	EXPECT_EQ(self->before.bos, t.bos);
	ASSERT_EQ(0, st_bo_create(self->fd, PAGE, 0, &handle));
	EXPECT_TRUE(bo_works(self->fd, handle));
}

/* The maximum size is accepted: pages are only allocated when touched. */
TEST_F(bo, create_max_size_lazy)
{
	uint32_t handle;

	ASSERT_EQ(0, st_bo_create(self->fd, 1ull << 36, 0, &handle));
	EXPECT_EQ(0, st_gem_close(self->fd, handle));
}

/* Handles are per file: another file cannot use them. */
TEST_F(bo, handles_private_to_file)
{
	uint64_t offset;
	uint32_t handle;
	int fd2;

	ASSERT_EQ(0, st_bo_create(self->fd, PAGE, 0, &handle));
	fd2 = st_open_render();
	ASSERT_GE(fd2, 0);
	EXPECT_EQ(ENOENT, st_bo_mmap_offset(fd2, handle, &offset));
	EXPECT_EQ(EINVAL, st_gem_close(fd2, handle));
	close(fd2);
	EXPECT_TRUE(bo_works(self->fd, handle));
}

/* A mapping of another file's object offset is refused. */
TEST_F(bo, mmap_other_files_offset_refused)
{
	uint64_t offset;
	uint32_t handle;
	void *p;
	int fd2;

	ASSERT_EQ(0, st_bo_create(self->fd, PAGE, 0, &handle));
	ASSERT_EQ(0, st_bo_mmap_offset(self->fd, handle, &offset));
	fd2 = st_open_render();
	ASSERT_GE(fd2, 0);
	p = mmap(NULL, PAGE, PROT_READ, MAP_SHARED, fd2, offset);
	EXPECT_EQ(MAP_FAILED, p);
	EXPECT_EQ(EACCES, errno);
	close(fd2);
}

TEST_HARNESS_MAIN
