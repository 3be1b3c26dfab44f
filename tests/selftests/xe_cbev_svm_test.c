// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * Shared system allocations: the engine reaches the process's own memory
 * (malloc, the stack, mappings) at addresses no binding covers; a bad
 * address bans the queue that used it, and only that one.
 */
#include <poll.h>
#include <stdlib.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "xe_cbev_engine_util.h"
#include "kselftest_harness.h"

#define ATOMIC_INC	0x05
#define ATOMIC_ADD	0x07

FIXTURE(svm) {
	int fd;
	struct test_ring r;
	uint64_t *fence;	/* malloc'ed: syncs go through system memory */
	uint64_t fence_val;
};

FIXTURE_SETUP(svm)
{
	self->fd = st_open_render();
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, ring_create(self->fd, &self->r, 16384, 0));
	self->fence = calloc(1, sizeof(*self->fence));
	ASSERT_NE(NULL, self->fence);
	self->fence_val = 0;
}

FIXTURE_TEARDOWN(svm)
{
	ring_unmap(&self->r);
	close(self->fd);
	free(self->fence);
}

#define PTR(p)	((uint64_t)(uintptr_t)(p))

static int sync_ring(FIXTURE_DATA(svm) *self)
{
	return ring_sync(&self->r, PTR(self->fence), ++self->fence_val);
}

#define SYNC()	ASSERT_EQ(0, sync_ring(self))

static void expect_active(struct __test_metadata *_metadata, int fd,
			  uint32_t id)
{
	struct drm_xe_cbev_exec_queue_state s;

	ASSERT_EQ(0, queue_state(fd, id, &s));
	EXPECT_EQ(DRM_XE_CBEV_EXEC_QUEUE_STATE_ACTIVE, s.state)
		TH_LOG("banned: reason %u at 0x%llx", s.ban_reason,
		       (unsigned long long)s.fault_addr);
}

/* Waits until queue @id is banned; checks why and where. */
static void expect_banned(struct __test_metadata *_metadata, int fd,
			  uint32_t id, uint32_t reason, uint64_t addr)
{
	uint64_t never = 0;
	struct drm_xe_cbev_wait_cond c = {
		.addr = PTR(&never), .value = 1, .op = DRM_XE_CBEV_CMP_EQ,
	};
	struct drm_xe_cbev_exec_queue_state s;

	ASSERT_EQ(EIO, wait_conds(fd, &c, 1, 0, 10 * SEC, id, NULL))
		TH_LOG("queue %u not banned", id);
	ASSERT_EQ(0, queue_state(fd, id, &s));
	EXPECT_EQ(DRM_XE_CBEV_EXEC_QUEUE_STATE_BANNED, s.state);
	EXPECT_EQ(reason, s.ban_reason);
	EXPECT_EQ(addr, s.fault_addr);
}

/* An address nothing is mapped at: a mapping that was unmapped. */
static void *unmapped_address(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	munmap(p, size);
	return p;
}

TEST_F(svm, device_reports_system_memory)
{
	struct drm_xe_cbev_query_device_info info;

	ASSERT_EQ(0, st_query_info(self->fd, &info));
	EXPECT_EQ(DRM_XE_CBEV_CAP_SYSTEM_MEMORY,
		  info.capabilities & DRM_XE_CBEV_CAP_SYSTEM_MEMORY);
}

/* Copies between malloc'ed buffers and a bound object, several pages. */
TEST_F(svm, copy_malloc)
{
	const size_t size = 5 * 4096 + 123;
	uint8_t *src = malloc(size), *dst = malloc(size);
	struct test_buf b;
	uint32_t dw[16];
	size_t i;

	ASSERT_NE(NULL, src);
	ASSERT_NE(NULL, dst);
	ASSERT_EQ(0, buf_create(self->fd, &b, 8 * 4096, 0));
	for (i = 0; i < size; i++)
		src[i] = (uint8_t)(i * 7 + 3);
	memset(dst, 0, size);

	/* malloc -> object -> malloc */
	ring_emit(&self->r, dw, emit_dispatch(dw, K_COPY, b.gpu, PTR(src), size, 0));
	ring_emit(&self->r, dw, emit_dispatch(dw, K_COPY, PTR(dst), b.gpu, size, 0));
	SYNC();
	EXPECT_EQ(0, memcmp(src, b.cpu, size));
	EXPECT_EQ(0, memcmp(src, dst, size));
	expect_active(_metadata, self->fd, self->r.id);

	buf_destroy(self->fd, &b);
	free(src);
	free(dst);
}

/* The stack: a fill with a pattern on the stack, into a stack array. */
TEST_F(svm, fill_stack)
{
	uint32_t pattern = 0x5a17c0de;
	uint32_t arr[300];
	uint32_t dw[16];
	unsigned int i;

	memset(arr, 0, sizeof(arr));
	ring_emit(&self->r, dw, emit_dispatch(dw, K_FILL, PTR(&arr[1]),
					      298 * 4, PTR(&pattern), 4));
	SYNC();
	EXPECT_EQ(0u, arr[0]);
	EXPECT_EQ(0u, arr[299]);
	for (i = 1; i < 299; i++)
		ASSERT_EQ(pattern, arr[i]) TH_LOG("element %u", i);
}

/*
 * Mappings: anonymous pages never touched (the engine's write is their
 * first fault) and a shared file mapping the host reads back by read().
 */
TEST_F(svm, mmap_anonymous_and_file)
{
	const size_t size = 64 * 1024;
	uint8_t *anon, *file, buf[16];
	uint32_t dw[16];
	int mfd;
	size_t i;

	anon = mmap(NULL, size, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, anon);
	mfd = memfd_create("svm", 0);
	ASSERT_GE(mfd, 0);
	ASSERT_EQ(0, ftruncate(mfd, size));
	file = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0);
	ASSERT_NE(MAP_FAILED, file);

	buf[0] = 0xc3;
	ring_emit(&self->r, dw, emit_dispatch(dw, K_FILL, PTR(anon), size,
					      PTR(buf), 1));
	ring_emit(&self->r, dw, emit_dispatch(dw, K_COPY, PTR(file), PTR(anon),
					      size, 0));
	SYNC();
	for (i = 0; i < size; i += 4093)
		ASSERT_EQ(0xc3, anon[i]) TH_LOG("byte %zu", i);
	ASSERT_EQ(16, pread(mfd, buf, 16, size - 16));
	for (i = 0; i < 16; i++)
		EXPECT_EQ(0xc3, buf[i]);

	munmap(anon, size);
	munmap(file, size);
	close(mfd);
}

/* Stores and atomics on malloc'ed memory, mixed with host atomics. */
TEST_F(svm, store_and_atomics)
{
	uint64_t *v = calloc(4, sizeof(*v));
	uint32_t dw[16];
	unsigned int i;

	ASSERT_NE(NULL, v);
	ring_emit(&self->r, dw, emit_sdi64(dw, PTR(&v[0]), 0x0123456789abcdefull));
	ring_emit(&self->r, dw, emit_sdi32(dw, PTR(&v[1]), 0xdeadbeef));
	for (i = 0; i < 10; i++) {
		ring_emit(&self->r, dw, emit_atomic(dw, PTR(&v[2]), ATOMIC_ADD, 1, 3, 1));
		ring_emit(&self->r, dw, emit_atomic(dw, PTR(&v[3]), ATOMIC_INC, 0, 0, 0));
	}
	__atomic_fetch_add(&v[2], 100, __ATOMIC_SEQ_CST);
	SYNC();
	EXPECT_EQ(0x0123456789abcdefull, v[0]);
	EXPECT_EQ(0xdeadbeefull, v[1]);
	EXPECT_EQ(130ull, v[2]);
	EXPECT_EQ(10ull, v[3]);
	free(v);
}

/*
 * A semaphore on malloc'ed memory the host writes: the queue waits, the
 * host releases it, the kernel's wait on the result (in malloc'ed memory
 * too) sees it.
 */
TEST_F(svm, semaphore_on_host_memory)
{
	uint64_t *flag = calloc(1, sizeof(*flag));
	uint64_t *out = calloc(1, sizeof(*out));
	uint32_t dw[16];

	ASSERT_NE(NULL, flag);
	ASSERT_NE(NULL, out);
	ring_emit(&self->r, dw, emit_sem64(dw, PTR(flag), 5, SAD_GTE));
	ring_emit(&self->r, dw, emit_sdi64(dw, PTR(out), 42));
	ASSERT_EQ(0, ring_submit(&self->r));

	/* Not released yet: the store cannot have run. */
	EXPECT_EQ(ETIME, wait_gte(self->fd, PTR(out), 42, 0));
	EXPECT_EQ(0ull, *out);

	__atomic_store_n(flag, 5, __ATOMIC_SEQ_CST);
	ASSERT_EQ(0, wait_gte(self->fd, PTR(out), 42, 10 * SEC));
	EXPECT_EQ(42ull, *out);
	SYNC();
	expect_active(_metadata, self->fd, self->r.id);
	free(flag);
	free(out);
}

/* Two queues ordered through malloc'ed memory, with 32-bit waits. */
TEST_F(svm, queues_ordered_through_host_memory)
{
	uint32_t *sem = calloc(2, sizeof(*sem));
	struct test_ring other;
	uint32_t dw[16];

	ASSERT_NE(NULL, sem);
	ASSERT_EQ(0, ring_create(self->fd, &other, 4096, 0));
	ring_emit(&self->r, dw, emit_sem32(dw, PTR(&sem[0]), 1, SAD_EQ));
	ring_emit(&self->r, dw, emit_sdi32(dw, PTR(&sem[1]), 2));
	ASSERT_EQ(0, ring_submit(&self->r));
	ring_emit(&other, dw, emit_sdi32(dw, PTR(&sem[0]), 1));
	ASSERT_EQ(0, ring_submit(&other));
	SYNC();
	EXPECT_EQ(2u, sem[1]);
	ring_unmap(&other);
	EXPECT_EQ(0, queue_destroy(self->fd, other.id));
	free(sem);
}

/*
 * A wait on memory nobody touched yet (it reads as zero), then written by
 * the engine: the wait sees the write.
 */
TEST_F(svm, wait_on_untouched_memory)
{
	uint64_t *v = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct drm_xe_cbev_sync_file_export x;
	struct pollfd p;
	uint32_t dw[16];

	ASSERT_NE(MAP_FAILED, v);
	x = (struct drm_xe_cbev_sync_file_export){
		.cond = { .addr = PTR(&v[1]), .value = 2 },
	};
	ASSERT_EQ(0, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &x));
	EXPECT_EQ(ETIME, wait_gte(self->fd, PTR(&v[0]), 1, 0));
	ring_emit(&self->r, dw, emit_sdi64(dw, PTR(&v[0]), 1));
	ring_emit(&self->r, dw, emit_sdi64(dw, PTR(&v[1]), 2));
	ASSERT_EQ(0, ring_submit(&self->r));
	EXPECT_EQ(0, wait_gte(self->fd, PTR(&v[0]), 1, 10 * SEC));
	p = (struct pollfd){ .fd = x.fd, .events = POLLIN };
	EXPECT_EQ(1, poll(&p, 1, 10000));
	close(x.fd);
	munmap(v, 4096);
}

/* The kernel's wait on process memory: unmapped is refused. */
TEST_F(svm, wait_on_process_memory)
{
	uint64_t *v = calloc(1, sizeof(*v));
	void *hole = unmapped_address(4096);

	ASSERT_NE(NULL, v);
	ASSERT_NE(NULL, hole);
	*v = 9;
	EXPECT_EQ(0, wait_gte(self->fd, PTR(v), 9, 0));
	EXPECT_EQ(ETIME, wait_gte(self->fd, PTR(v), 10, 0));
	EXPECT_EQ(EFAULT, wait_gte(self->fd, PTR(hole), 1, 0));
	free(v);
}

/*
 * A sync_file on process memory: signalled when the engine writes it,
 * even after the DRM file that exported it was closed (it polls then).
 */
TEST_F(svm, sync_file_on_process_memory)
{
	uint64_t *v = calloc(2, sizeof(*v));
	struct drm_xe_cbev_sync_file_export x;
	struct test_ring q;
	struct pollfd p;
	uint32_t dw[16];
	int fd2;

	ASSERT_NE(NULL, v);
	x = (struct drm_xe_cbev_sync_file_export){
		.cond = { .addr = PTR(&v[0]), .value = 3 },
	};
	ASSERT_EQ(0, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &x));
	p = (struct pollfd){ .fd = x.fd, .events = POLLIN };
	EXPECT_EQ(0, poll(&p, 1, 0));
	ring_emit(&self->r, dw, emit_sdi64(dw, PTR(&v[0]), 3));
	ASSERT_EQ(0, ring_submit(&self->r));
	EXPECT_EQ(1, poll(&p, 1, 10000));
	close(x.fd);

	/* Exported by a file closed before the value comes. */
	fd2 = st_open_render();
	ASSERT_GE(fd2, 0);
	x = (struct drm_xe_cbev_sync_file_export){
		.cond = { .addr = PTR(&v[1]), .value = 5 },
	};
	ASSERT_EQ(0, st_ioctl(fd2, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &x));
	close(fd2);
	p = (struct pollfd){ .fd = x.fd, .events = POLLIN };
	EXPECT_EQ(0, poll(&p, 1, 0));
	ASSERT_EQ(0, ring_create(self->fd, &q, 4096, 0));
	ring_emit(&q, dw, emit_sdi64(dw, PTR(&v[1]), 5));
	ASSERT_EQ(0, ring_submit(&q));
	EXPECT_EQ(1, poll(&p, 1, 10000));
	close(x.fd);
	ring_unmap(&q);
	free(v);
}

/* A bad pointer bans the queue that used it; another queue goes on. */
TEST_F(svm, bad_pointer_bans_that_queue_only)
{
	uint8_t *hole = unmapped_address(8192);
	uint64_t *ok = calloc(1, sizeof(*ok));
	uint8_t *src = malloc(4096);
	struct test_ring bad;
	uint32_t dw[16];

	ASSERT_NE(NULL, hole);
	ASSERT_NE(NULL, ok);
	ASSERT_NE(NULL, src);
	memset(src, 1, 4096);

	/* A copy whose source runs into the hole, a store into it. */
	ASSERT_EQ(0, ring_create(self->fd, &bad, 4096, 0));
	ring_emit(&bad, dw, emit_dispatch(dw, K_COPY, PTR(ok), PTR(hole + 100), 8, 0));
	ASSERT_EQ(0, ring_submit(&bad));
	expect_banned(_metadata, self->fd, bad.id, DRM_XE_CBEV_BAN_UNMAPPED,
		      PTR(hole + 100));
	EXPECT_EQ(0ull, *ok);
	ring_unmap(&bad);
	EXPECT_EQ(0, queue_destroy(self->fd, bad.id));

	ASSERT_EQ(0, ring_create(self->fd, &bad, 4096, 0));
	ring_emit(&bad, dw, emit_sdi64(dw, PTR(hole + 4096), 1));
	ASSERT_EQ(0, ring_submit(&bad));
	expect_banned(_metadata, self->fd, bad.id, DRM_XE_CBEV_BAN_UNMAPPED,
		      PTR(hole + 4096));
	ring_unmap(&bad);
	EXPECT_EQ(0, queue_destroy(self->fd, bad.id));

	/* The fixture's queue still works. */
	ring_emit(&self->r, dw, emit_dispatch(dw, K_COPY, PTR(ok), PTR(src), 8, 0));
	SYNC();
	EXPECT_EQ(0x0101010101010101ull, *ok);
	expect_active(_metadata, self->fd, self->r.id);
	free(ok);
	free(src);
}

/* A write to read-only memory is a fault too; reading it is fine. */
TEST_F(svm, read_only_mapping)
{
	uint64_t *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
			    -1, 0);
	uint64_t *out = calloc(1, sizeof(*out));
	struct test_ring bad;
	uint32_t dw[16];

	ASSERT_NE(MAP_FAILED, ro);
	ASSERT_NE(NULL, out);
	*out = 77;
	ring_emit(&self->r, dw, emit_dispatch(dw, K_COPY, PTR(out), PTR(ro), 8, 0));
	SYNC();
	EXPECT_EQ(0ull, *out);

	ASSERT_EQ(0, ring_create(self->fd, &bad, 4096, 0));
	ring_emit(&bad, dw, emit_atomic(dw, PTR(ro), ATOMIC_INC, 1, 0, 0));
	ASSERT_EQ(0, ring_submit(&bad));
	expect_banned(_metadata, self->fd, bad.id, DRM_XE_CBEV_BAN_UNMAPPED,
		      PTR(ro));
	ring_unmap(&bad);
	EXPECT_EQ(0, queue_destroy(self->fd, bad.id));
	expect_active(_metadata, self->fd, self->r.id);
	munmap(ro, 4096);
	free(out);
}

/*
 * Memory unmapped after the submission, before the engine gets there: the
 * engine sees what is mapped when it runs.
 */
TEST_F(svm, unmapped_after_submit)
{
	uint64_t *gate = calloc(1, sizeof(*gate));
	uint64_t *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct test_ring q;
	uint32_t dw[16];

	ASSERT_NE(NULL, gate);
	ASSERT_NE(MAP_FAILED, p);
	ASSERT_EQ(0, ring_create(self->fd, &q, 4096, 0));
	ring_emit(&q, dw, emit_sem64(dw, PTR(gate), 1, SAD_GTE));
	ring_emit(&q, dw, emit_sdi64(dw, PTR(p), 1));
	ASSERT_EQ(0, ring_submit(&q));
	munmap(p, 4096);
	*gate = 1;
	expect_banned(_metadata, self->fd, q.id, DRM_XE_CBEV_BAN_UNMAPPED, PTR(p));
	ring_unmap(&q);
	EXPECT_EQ(0, queue_destroy(self->fd, q.id));
	expect_active(_metadata, self->fd, self->r.id);
	free(gate);
}

/*
 * Memory whose fault would wait (here: for a userfaultfd reader nobody
 * runs) is never waited for: the queue yields and tries again until its
 * hang timeout bans it, and the engine serves other queues meanwhile.
 */
TEST_F(svm, fault_that_would_wait_yields)
{
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg = { .mode = UFFDIO_REGISTER_MODE_MISSING };
	struct drm_xe_cbev_exec_queue_state s;
	uint64_t *p, *ok = calloc(1, sizeof(*ok)), one = 1, seqno;
	struct test_ring q;
	uint32_t dw[16];
	long uffd;

	ASSERT_NE(NULL, ok);
	uffd = syscall(__NR_userfaultfd, O_CLOEXEC | O_NONBLOCK);
	if (uffd < 0)
		SKIP(return, "no userfaultfd here");
	ASSERT_EQ(0, ioctl(uffd, UFFDIO_API, &api));
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	ASSERT_NE(MAP_FAILED, p);
	reg.range.start = PTR(p);
	reg.range.len = 4096;
	ASSERT_EQ(0, ioctl(uffd, UFFDIO_REGISTER, &reg));

	ASSERT_EQ(0, ring_create(self->fd, &q, 4096, 200));
	ring_emit(&q, dw, emit_sdi64(dw, PTR(p), 1));
	ASSERT_EQ(0, ring_submit_batches(&q, NULL, 0, &seqno));

	/* Another queue goes on while that one yields. */
	ring_emit(&self->r, dw, emit_dispatch(dw, K_COPY, PTR(ok), PTR(&one), 8, 0));
	SYNC();
	EXPECT_EQ(1ull, *ok);

	ASSERT_EQ(EIO, wait_queue_done(self->fd, q.id, seqno, 10 * SEC));
	ASSERT_EQ(0, queue_state(self->fd, q.id, &s));
	EXPECT_EQ(DRM_XE_CBEV_EXEC_QUEUE_STATE_BANNED, s.state);
	EXPECT_EQ(DRM_XE_CBEV_BAN_HANG, s.ban_reason);
	ring_unmap(&q);
	EXPECT_EQ(0, queue_destroy(self->fd, q.id));
	expect_active(_metadata, self->fd, self->r.id);
	munmap(p, 4096);
	close(uffd);
	free(ok);
}

/* A binding wins over the process's memory at the same address. */
TEST_F(svm, binding_wins)
{
	struct test_buf b;
	uint32_t dw[16];

	ASSERT_EQ(0, buf_create(self->fd, &b, 4096, 0));
	ring_emit(&self->r, dw, emit_sdi64(dw, b.gpu + 8, 0x1234));
	SYNC();
	/* The CPU mapping of the object at that address sees the store. */
	EXPECT_EQ(0x1234ull, ((volatile uint64_t *)b.cpu)[1]);
	buf_destroy(self->fd, &b);
}

/*
 * A process that exits with work queued on its own memory: the engine
 * finds the memory gone, nothing else happens.
 */
TEST_F(svm, exit_with_queued_work)
{
	int status;
	pid_t pid;

	pid = fork();
	ASSERT_GE(pid, 0);
	if (!pid) {
		int fd = st_open_render();
		uint8_t *buf = malloc(1 << 20);
		struct test_ring q;
		uint32_t dw[16];
		int i;

		if (fd < 0 || !buf || ring_create(fd, &q, 16384, 0))
			_exit(1);
		memset(buf, 1, 1 << 20);
		for (i = 0; i < 32; i++)
			ring_emit(&q, dw, emit_dispatch(dw, K_COPY, PTR(buf),
							PTR(buf + (1 << 19)),
							1 << 19, 0));
		_exit(ring_submit(&q) ? 2 : 0);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
	/* This file's queue is unaffected. */
	SYNC();
}

TEST_HARNESS_MAIN
