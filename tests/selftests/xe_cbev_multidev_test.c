// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * More than one device: the devices parameter, and objects of one device
 * used by another (peer views, by PRIME and by IPC token). The VM runs
 * this suite with the module reloaded with devices=2 (see tests/vm/init.sh).
 */
#include <dirent.h>
#include <stdlib.h>
#include <sys/syscall.h>

#include "xe_cbev_engine_util.h"
#include "kselftest_harness.h"

#define VA_PEER		0x300000000ull

FIXTURE(multidev) {
	int fd[2];
};

FIXTURE_SETUP(multidev)
{
	self->fd[0] = st_open_render_nth(0);
	self->fd[1] = st_open_render_nth(1);
	ASSERT_GE(self->fd[0], 0);
	ASSERT_GE(self->fd[1], 0) TH_LOG("the module has one device: load it with devices=2");
}

FIXTURE_TEARDOWN(multidev)
{
	close(self->fd[0]);
	close(self->fd[1]);
}

/* The parameter says 2; two nodes, two identities. */
TEST_F(multidev, two_devices)
{
	struct drm_xe_cbev_query_device_info a, b;
	char buf[16] = "";
	FILE *f;

	f = fopen("/sys/module/xe_cbev/parameters/devices", "r");
	ASSERT_NE(NULL, f);
	ASSERT_NE(NULL, fgets(buf, sizeof(buf), f));
	fclose(f);
	EXPECT_EQ(2, atoi(buf));
	EXPECT_EQ(-1, st_open_render_nth(2));

	ASSERT_EQ(0, st_query_info(self->fd[0], &a));
	ASSERT_EQ(0, st_query_info(self->fd[1], &b));
	EXPECT_NE(0, memcmp(a.uuid, b.uuid, sizeof(a.uuid)));
}

/*
 * A buffer of device 0 imported by PRIME into device 1 is the same
 * memory, writable there: by the CPU and by device 1's engine, bound at
 * the address device 0 uses.
 */
TEST_F(multidev, prime_peer_is_same_memory)
{
	struct test_buf buf;
	struct test_ring r;
	uint32_t handle, dw[8];
	uint64_t *b;
	int dmabuf;

	ASSERT_EQ(0, buf_create(self->fd[0], &buf, 8192, 0));
	ASSERT_EQ(0, drmPrimeHandleToFD(self->fd[0], buf.handle, DRM_CLOEXEC | DRM_RDWR,
					&dmabuf));
	ASSERT_EQ(0, drmPrimeFDToHandle(self->fd[1], dmabuf, &handle));
	close(dmabuf);

	b = st_bo_map(self->fd[1], handle, 8192);
	ASSERT_NE(MAP_FAILED, b);
	b[10] = 0x1234;
	EXPECT_EQ(0x1234ull, ((uint64_t *)buf.cpu)[10]);
	munmap(b, 8192);

	/* Same address in device 1's space; its engine writes, device 0 reads. */
	ASSERT_EQ(0, st_vm_map(self->fd[1], handle, 0, 8192, buf.gpu, 0));
	ASSERT_EQ(0, ring_create(self->fd[1], &r, 4096, 0));
	ring_emit(&r, dw, emit_sdi64(dw, buf.gpu + 64, 0xfeed));
	ASSERT_EQ(0, ring_sync(&r, buf.gpu + 128, 1));
	EXPECT_EQ(0xfeedull, ((uint64_t *)buf.cpu)[8]);

	ASSERT_EQ(0, queue_destroy(self->fd[1], r.id));
	ring_unmap(&r);
	ASSERT_EQ(0, st_vm_unmap(self->fd[1], buf.gpu, 8192));
	ASSERT_EQ(0, st_gem_close(self->fd[1], handle));
	buf_destroy(self->fd[0], &buf);
}

/*
 * A queue of device 1 waiting on memory of device 0 is woken by device
 * 0's engine: both devices' bindings reach the same pages and wait queue.
 */
TEST_F(multidev, queue_waits_on_peer_memory)
{
	struct test_buf buf;
	struct test_ring r0, r1;
	uint32_t handle, dw[8];
	uint64_t seqno;
	int dmabuf;

	ASSERT_EQ(0, buf_create(self->fd[0], &buf, 4096, 0));
	ASSERT_EQ(0, drmPrimeHandleToFD(self->fd[0], buf.handle, DRM_CLOEXEC | DRM_RDWR,
					&dmabuf));
	ASSERT_EQ(0, drmPrimeFDToHandle(self->fd[1], dmabuf, &handle));
	close(dmabuf);
	ASSERT_EQ(0, st_vm_map(self->fd[1], handle, 0, 4096, buf.gpu, 0));

	ASSERT_EQ(0, ring_create(self->fd[1], &r1, 4096, 0));
	ring_emit(&r1, dw, emit_sem64(dw, buf.gpu, 7, SAD_GTE));
	ring_emit(&r1, dw, emit_sdi64(dw, buf.gpu + 8, 1));
	ASSERT_EQ(0, ring_submit_batches(&r1, NULL, 0, &seqno));

	ASSERT_EQ(0, ring_create(self->fd[0], &r0, 4096, 0));
	ring_emit(&r0, dw, emit_sdi64(dw, buf.gpu, 7));
	ASSERT_EQ(0, ring_submit(&r0));

	ASSERT_EQ(0, wait_queue_done(self->fd[1], r1.id, seqno, 10 * SEC));
	EXPECT_EQ(1ull, ((uint64_t *)buf.cpu)[1]);

	queue_destroy(self->fd[0], r0.id);
	queue_destroy(self->fd[1], r1.id);
	ring_unmap(&r0);
	ring_unmap(&r1);
	st_vm_unmap(self->fd[1], buf.gpu, 4096);
	st_gem_close(self->fd[1], handle);
	buf_destroy(self->fd[0], &buf);
}

/*
 * Every device has an engine of its own: work on one device runs slices of
 * that device's engine only, so the other's turns never wait behind it.
 */
TEST_F(multidev, engine_per_device)
{
	enum { STORES = 16 };
	long long before[2], after[2];
	struct test_buf buf;
	struct test_ring r;
	int d, i, k;

	for (d = 0; d < 2; d++) {
		ASSERT_EQ(0, buf_create(self->fd[d], &buf, 4096, 0));
		ASSERT_EQ(0, ring_create(self->fd[d], &r, 4096, 0));
		for (k = 0; k < 2; k++) {
			before[k] = st_engine_slices(self->fd[k]);
			ASSERT_LE(0, before[k]);
		}
		for (i = 1; i <= STORES; i++)
			ASSERT_EQ(0, ring_sync(&r, buf.gpu, i));
		for (k = 0; k < 2; k++)
			after[k] = st_engine_slices(self->fd[k]);
		/* A slice may run more than one store: ran at all is what counts. */
		EXPECT_LT(before[d], after[d]) TH_LOG("device %d", d);
		EXPECT_EQ(before[!d], after[!d]) TH_LOG("work on device %d ran on %d's engine", d, !d);
		queue_destroy(self->fd[d], r.id);
		ring_unmap(&r);
		buf_destroy(self->fd[d], &buf);
	}
}

/* IPC tokens name exports across the devices: memory read-write or read-only. */
TEST_F(multidev, token_import_on_other_device)
{
	struct drm_xe_cbev_ipc_export x;
	struct drm_xe_cbev_ipc_import m;
	struct test_buf buf;
	uint32_t *b;

	ASSERT_EQ(0, buf_create(self->fd[0], &buf, 8192, 0));
	ASSERT_EQ(0, ipc_export(self->fd[0], DRM_XE_CBEV_IPC_KIND_BO, buf.handle,
				DRM_XE_CBEV_IPC_TOKEN, 0, &x));
	ASSERT_EQ(0, ipc_import(self->fd[1], x.token, &m));
	EXPECT_EQ(0u, m.import_flags);
	EXPECT_EQ(8192ull, m.size);
	b = st_bo_map(self->fd[1], m.handle, 8192);
	ASSERT_NE(MAP_FAILED, b);
	b[100] = 0xabcd;
	EXPECT_EQ(0xabcdu, ((uint32_t *)buf.cpu)[100]);
	munmap(b, 8192);
	EXPECT_EQ(0, st_vm_map(self->fd[1], m.handle, 0, 8192, VA_PEER, 0));
	EXPECT_EQ(0, st_vm_unmap(self->fd[1], VA_PEER, 8192));
	/* A peer view is not exported again. */
	EXPECT_EQ(EINVAL, ipc_export(self->fd[1], DRM_XE_CBEV_IPC_KIND_BO, m.handle,
				     DRM_XE_CBEV_IPC_TOKEN, 0, &x));
	st_gem_close(self->fd[1], m.handle);

	ASSERT_EQ(0, ipc_export(self->fd[0], DRM_XE_CBEV_IPC_KIND_BO, buf.handle,
				DRM_XE_CBEV_IPC_TOKEN | DRM_XE_CBEV_IPC_READONLY, 0, &x));
	ASSERT_EQ(0, ipc_import(self->fd[1], x.token, &m));
	EXPECT_EQ(DRM_XE_CBEV_IPC_IMPORT_READONLY, m.import_flags);
	EXPECT_EQ(MAP_FAILED, st_bo_map(self->fd[1], m.handle, 8192));
	EXPECT_EQ(EACCES, st_vm_map(self->fd[1], m.handle, 0, 8192, VA_PEER, 0));
	EXPECT_EQ(0, st_vm_map(self->fd[1], m.handle, 0, 8192, VA_PEER,
			       DRM_XE_CBEV_VM_BIND_READONLY));
	EXPECT_EQ(0, st_vm_unmap(self->fd[1], VA_PEER, 8192));
	st_gem_close(self->fd[1], m.handle);
	buf_destroy(self->fd[0], &buf);
}

/*
 * A counter slot of device 0 imported by token into device 1 (event IPC
 * across devices): read-only there, and a queue of device 1 waiting on
 * it is woken when device 0 sets it.
 */
TEST_F(multidev, counter_token_on_other_device)
{
	struct drm_xe_cbev_counter_set set = { 0 };
	struct drm_xe_cbev_counter_alloc a;
	struct drm_xe_cbev_ipc_export x;
	struct drm_xe_cbev_ipc_import m;
	struct test_ring r;
	uint32_t dw[8];
	uint64_t seqno;

	ASSERT_EQ(0, st_counter_alloc(self->fd[0], &a));
	ASSERT_EQ(0, ipc_export(self->fd[0], DRM_XE_CBEV_IPC_KIND_COUNTER, a.id,
				DRM_XE_CBEV_IPC_TOKEN, 0, &x));
	ASSERT_EQ(0, ipc_import(self->fd[1], x.token, &m));
	EXPECT_EQ(DRM_XE_CBEV_IPC_KIND_COUNTER, m.kind);
	EXPECT_EQ(DRM_XE_CBEV_IPC_IMPORT_READONLY, m.import_flags);
	EXPECT_EQ(EACCES, st_vm_map(self->fd[1], m.handle, 0, 4096, VA_PEER, 0));
	ASSERT_EQ(0, st_vm_map(self->fd[1], m.handle, 0, 4096, VA_PEER,
			       DRM_XE_CBEV_VM_BIND_READONLY));

	ASSERT_EQ(0, ring_create(self->fd[1], &r, 4096, 0));
	ring_emit(&r, dw, emit_sem64(dw, VA_PEER + m.offset, 5, SAD_GTE));
	ASSERT_EQ(0, ring_submit_batches(&r, NULL, 0, &seqno));

	set.id = a.id;
	set.value = 5;
	ASSERT_EQ(0, st_ioctl(self->fd[0], DRM_IOCTL_XE_CBEV_COUNTER_SET, &set));
	ASSERT_EQ(0, wait_queue_done(self->fd[1], r.id, seqno, 10 * SEC));

	queue_destroy(self->fd[1], r.id);
	ring_unmap(&r);
	st_vm_unmap(self->fd[1], VA_PEER, 4096);
	st_gem_close(self->fd[1], m.handle);
	ASSERT_EQ(0, st_counter_free(self->fd[0], a.id));
}

/* How many xe_cbev render nodes there are (another driver may have one). */
static int count_nodes(void)
{
	int n, fd;

	for (n = 0; (fd = st_open_render_nth(n)) >= 0; n++)
		close(fd);
	return n;
}

/* Render nodes for everyone, as init.sh makes them. */
static void chmod_render_nodes(void)
{
	char path[300];
	struct dirent *d;
	DIR *dir = opendir("/dev/dri");

	if (!dir)
		return;
	while ((d = readdir(dir))) {
		if (strncmp(d->d_name, "renderD", 7))
			continue;
		snprintf(path, sizeof(path), "/dev/dri/%s", d->d_name);
		chmod(path, 0666);
	}
	closedir(dir);
}

/*
 * The parameter's range: a load with devices=0 or devices=9 fails with
 * EINVAL and creates nothing. Reloads the module from the VM's image
 * (skipped elsewhere; no file of it may be open) and leaves it loaded as
 * it found it, with devices=2 and its render nodes usable by everyone.
 */
#define VM_MODULE	"/modules/xe_cbev.ko"

TEST(devices_out_of_range_refused)
{
	int fd, tries;

	fd = open(VM_MODULE, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		SKIP(return, "no %s: not in the test VM", VM_MODULE);
	ASSERT_EQ(2, count_nodes());
	ASSERT_EQ(0, syscall(SYS_delete_module, "xe_cbev", O_NONBLOCK))
		TH_LOG("unload: %s", strerror(errno));

	EXPECT_EQ(-1, syscall(SYS_finit_module, fd, "devices=0", 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, syscall(SYS_finit_module, fd, "devices=9", 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(0, count_nodes());

	ASSERT_EQ(0, syscall(SYS_finit_module, fd, "devices=2", 0))
		TH_LOG("reload: %s", strerror(errno));
	close(fd);
	/* devtmpfs makes the nodes asynchronously: a bounded wait for them. */
	for (tries = 0; tries < 500 && count_nodes() < 2; tries++)
		usleep(10000);
	ASSERT_EQ(2, count_nodes());
	chmod_render_nodes();
}

TEST_HARNESS_MAIN
