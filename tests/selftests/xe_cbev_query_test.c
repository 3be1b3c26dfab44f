// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * uAPI tests of DRM_IOCTL_XE_CBEV_DEVICE_QUERY and of the device's
 * identity: what a correct call returns, and the exact errno of every
 * malformed one, each followed by proof that the device still answers.
 */
#include <stdint.h>
#include <stdlib.h>
#include <sys/syscall.h>

#include "xe_cbev_test_util.h"
#include "kselftest_harness.h"

FIXTURE(query) {
	int fd;
	struct drm_xe_cbev_query_device_info info;
};

FIXTURE_SETUP(query)
{
	self->fd = st_open_render();
	ASSERT_GE(self->fd, 0) TH_LOG("no xe_cbev render node");
	ASSERT_EQ(0, st_query_info(self->fd, &self->info));
}

FIXTURE_TEARDOWN(query)
{
	close(self->fd);
}

/* The device still answers, with the same answer as at setup. */
static int still_works(int fd, const struct drm_xe_cbev_query_device_info *ref)
{
	struct drm_xe_cbev_query_device_info now;

	if (st_query_info(fd, &now))
		return 0;
	return !memcmp(&now, ref, sizeof(now));
}

TEST_F(query, driver_name_and_version)
{
	drmVersionPtr v = drmGetVersion(self->fd);

	ASSERT_NE(NULL, v);
	EXPECT_STREQ("xe_cbev", v->name);
	EXPECT_EQ(DRM_XE_CBEV_UAPI_MAJOR, v->version_major);
	drmFreeVersion(v);
}

TEST_F(query, size_probe)
{
	struct drm_xe_cbev_device_query q = {
		.query = DRM_XE_CBEV_QUERY_DEVICE_INFO,
	};

	ASSERT_EQ(0, st_query(self->fd, &q));
	EXPECT_EQ(sizeof(struct drm_xe_cbev_query_device_info), q.size);
}

TEST_F(query, device_info)
{
	const struct drm_xe_cbev_query_device_info *info = &self->info;
	static const uint8_t zero_uuid[16];

	EXPECT_EQ((__u32)DRM_XE_CBEV_UAPI_MAJOR, info->uapi_major);
	EXPECT_EQ((__u32)DRM_XE_CBEV_UAPI_MINOR, info->uapi_minor);
	EXPECT_GE(info->num_engines, 1u);
	EXPECT_EQ(1000000000ull, info->timestamp_frequency);
	EXPECT_EQ(64u, info->timestamp_valid_bits);
	EXPECT_EQ(48u, info->va_bits);
	EXPECT_EQ(0u, info->pad);
	EXPECT_EQ(1ull << 30, info->max_dispatch_size);
	EXPECT_EQ(256u, info->max_fill_pattern);
	EXPECT_EQ(1024u, info->max_exec_queues);
	EXPECT_EQ(4096u, info->min_ring_size);
	EXPECT_EQ(1u << 20, info->max_ring_size);
	EXPECT_TRUE(info->capabilities & DRM_XE_CBEV_CAP_USER_DISPATCH);
	EXPECT_TRUE(info->capabilities & DRM_XE_CBEV_CAP_SYSTEM_MEMORY);
	EXPECT_NE(0, memcmp(info->uuid, zero_uuid, sizeof(zero_uuid)));
}

/* The UUID names the device, not the file: a second open sees the same. */
TEST_F(query, uuid_stable_across_files)
{
	struct drm_xe_cbev_query_device_info other;
	int fd2 = st_open_render();

	ASSERT_GE(fd2, 0);
	ASSERT_EQ(0, st_query_info(fd2, &other));
	EXPECT_EQ(0, memcmp(self->info.uuid, other.uuid, sizeof(other.uuid)));
	close(fd2);
}

/* A buffer larger than the answer is fine; only the answer is written. */
TEST_F(query, larger_buffer)
{
	unsigned char buf[sizeof(struct drm_xe_cbev_query_device_info) + 16];
	struct drm_xe_cbev_device_query q = {
		.query = DRM_XE_CBEV_QUERY_DEVICE_INFO,
		.size = sizeof(buf),
		.data = (__u64)(uintptr_t)buf,
	};
	size_t i;

	memset(buf, XE_CBEV_POISON, sizeof(buf));
	ASSERT_EQ(0, st_query(self->fd, &q));
	EXPECT_EQ(sizeof(struct drm_xe_cbev_query_device_info), q.size);
	EXPECT_EQ(0, memcmp(buf, &self->info, sizeof(self->info)));
	for (i = sizeof(self->info); i < sizeof(buf); i++)
		EXPECT_EQ(XE_CBEV_POISON, buf[i]);
}

TEST_F(query, short_buffer_einval)
{
	struct drm_xe_cbev_query_device_info info;
	struct drm_xe_cbev_device_query q = {
		.query = DRM_XE_CBEV_QUERY_DEVICE_INFO,
		.size = sizeof(info) - 1,
		.data = (__u64)(uintptr_t)&info,
	};
	unsigned char *p = (unsigned char *)&info;
	size_t i;

	memset(&info, XE_CBEV_POISON, sizeof(info));
	EXPECT_EQ(EINVAL, st_query(self->fd, &q));
	for (i = 0; i < sizeof(info); i++)
		ASSERT_EQ(XE_CBEV_POISON, p[i]) TH_LOG("byte %zu written", i);
	EXPECT_TRUE(still_works(self->fd, &self->info));
}

TEST_F(query, bad_pointer_efault)
{
	struct drm_xe_cbev_device_query q = {
		.query = DRM_XE_CBEV_QUERY_DEVICE_INFO,
		.size = sizeof(struct drm_xe_cbev_query_device_info),
		.data = 8,
	};

	EXPECT_EQ(EFAULT, st_query(self->fd, &q));
	EXPECT_TRUE(still_works(self->fd, &self->info));
}

/* One field at a time made invalid; each must be refused with EINVAL. */
struct bad_query {
	const char *what;
	void (*spoil)(struct drm_xe_cbev_device_query *q);
};

static void spoil_extensions(struct drm_xe_cbev_device_query *q) { q->extensions = 1; }
static void spoil_query(struct drm_xe_cbev_device_query *q) { q->query = 1; }
static void spoil_query_max(struct drm_xe_cbev_device_query *q) { q->query = ~0u; }
static void spoil_flags(struct drm_xe_cbev_device_query *q) { q->flags = 1; }
static void spoil_flags_top(struct drm_xe_cbev_device_query *q) { q->flags = 1u << 31; }
static void spoil_pad(struct drm_xe_cbev_device_query *q) { q->pad = 1; }
static void spoil_reserved0(struct drm_xe_cbev_device_query *q) { q->reserved[0] = 1; }
static void spoil_reserved1(struct drm_xe_cbev_device_query *q) { q->reserved[1] = 1ull << 63; }

static const struct bad_query bad_queries[] = {
	{ "extensions", spoil_extensions },
	{ "unknown query", spoil_query },
	{ "query ~0", spoil_query_max },
	{ "flags bit 0", spoil_flags },
	{ "flags bit 31", spoil_flags_top },
	{ "pad", spoil_pad },
	{ "reserved[0]", spoil_reserved0 },
	{ "reserved[1]", spoil_reserved1 },
};

TEST_F(query, invalid_fields_einval)
{
	unsigned int i;

	for (i = 0; i < sizeof(bad_queries) / sizeof(bad_queries[0]); i++) {
		struct drm_xe_cbev_query_device_info info;
		struct drm_xe_cbev_device_query q = {
			.query = DRM_XE_CBEV_QUERY_DEVICE_INFO,
			.size = sizeof(info),
			.data = (__u64)(uintptr_t)&info,
		};

		memset(&info, XE_CBEV_POISON, sizeof(info));
		bad_queries[i].spoil(&q);
		EXPECT_EQ(EINVAL, st_query(self->fd, &q))
			TH_LOG("%s accepted", bad_queries[i].what);
		EXPECT_EQ(XE_CBEV_POISON, ((unsigned char *)&info)[0])
			TH_LOG("%s: answer written anyway", bad_queries[i].what);
		EXPECT_TRUE(still_works(self->fd, &self->info));
	}
}

/*
 * An open file pins the module: unloading fails with EAGAIN (delete_module
 * with O_NONBLOCK) and the device keeps working.
 */
TEST_F(query, unload_while_open_refused)
{
	long ret = syscall(SYS_delete_module, "xe_cbev", O_NONBLOCK);

	EXPECT_EQ(-1, ret);
	EXPECT_TRUE(errno == EAGAIN || errno == EBUSY) TH_LOG("errno %d", errno);
	EXPECT_TRUE(still_works(self->fd, &self->info));
}

TEST_HARNESS_MAIN
