// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * Writers and dead locations (DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER): once
 * the queue named as a location's writer is banned, waits on the location
 * that do not hold end with -EIO (host, io_uring, sync_file, an importer's
 * waits), queues parked on it are banned with LOST_DEPENDENCY, and so on
 * down a chain. Waits that hold, and other locations, are not affected.
 */
#include <liburing.h>
#include <linux/sync_file.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/wait.h>

#include "xe_cbev_engine_util.h"
#include "kselftest_harness.h"

#define VA_IMPORT	0x300000000ull

FIXTURE(writer) {
	int fd;
	struct test_buf b;
	struct test_ring r;	/* the writer, banned by the tests */
};

FIXTURE_SETUP(writer)
{
	self->fd = st_open_render();
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, buf_create(self->fd, &self->b, 4096, 0));
	ASSERT_EQ(0, ring_create(self->fd, &self->r, 4096, 0));
}

FIXTURE_TEARDOWN(writer)
{
	ring_unmap(&self->r);
	munmap(self->b.cpu, self->b.size);
	close(self->fd);
}

#define GPU(off)	(self->b.gpu + (off))

static uint32_t ban_reason_when_done(struct test_ring *r, uint64_t seqno)
{
	struct drm_xe_cbev_exec_queue_state s;

	if (wait_queue_done(r->fd, r->id, seqno, 10 * SEC) != EIO ||
	    queue_state(r->fd, r->id, &s))
		return ~0u;
	return s.ban_reason;
}

static int wait_counter(int fd, uint32_t id, uint64_t value, int64_t timeout)
{
	struct drm_xe_cbev_wait_cond c = { .addr = id, .value = value,
		.op = DRM_XE_CBEV_CMP_GTE, .flags = DRM_XE_CBEV_WAIT_COND_COUNTER };

	return wait_conds(fd, &c, 1, 0, timeout, 0, NULL);
}

TEST_F(writer, invalid)
{
	struct drm_xe_cbev_counter_set_writer a = { .addr = GPU(0) };
	struct drm_xe_cbev_counter_alloc ca;
	struct test_buf ro;

	ASSERT_EQ(0, st_counter_alloc(self->fd, &ca));
	EXPECT_EQ(0, set_writer(self->fd, GPU(0), 0, self->r.id));
	EXPECT_EQ(0, set_writer(self->fd, GPU(0), 0, 0));
	EXPECT_EQ(0, set_writer(self->fd, ca.id, DRM_XE_CBEV_SET_WRITER_COUNTER, self->r.id));

	a.extensions = 1;
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER, &a));
	a.extensions = 0;
	a.reserved[1] = 1;
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER, &a));
	EXPECT_EQ(EINVAL, set_writer(self->fd, GPU(0), 0x2, self->r.id));
	EXPECT_EQ(EINVAL, set_writer(self->fd, GPU(4), 0, self->r.id));
	EXPECT_EQ(EINVAL, set_writer(self->fd, 1ull << 32 | ca.id,
				     DRM_XE_CBEV_SET_WRITER_COUNTER, self->r.id));
	EXPECT_EQ(ENOENT, set_writer(self->fd, GPU(0), 0, 999));
	EXPECT_EQ(ENOENT, set_writer(self->fd, ca.id + 1, DRM_XE_CBEV_SET_WRITER_COUNTER, 0));
	/* Unbound: the process's own memory, up to the end of its range. */
	EXPECT_EQ(0, set_writer(self->fd, 0x100000000ull, 0, self->r.id));
	EXPECT_EQ(EFAULT, set_writer(self->fd, 0x7ffffffffff8ull, 0, self->r.id));
	/* Counter pages go by id; read-only memory is not the caller's to write. */
	EXPECT_EQ(EACCES, set_writer(self->fd, ca.gpu_addr, 0, self->r.id));
	ASSERT_EQ(0, buf_create(self->fd, &ro, 4096, DRM_XE_CBEV_VM_BIND_READONLY));
	EXPECT_EQ(EACCES, set_writer(self->fd, ro.gpu, 0, self->r.id));
	buf_destroy(self->fd, &ro);
	/* A destroyed queue is unknown. */
	EXPECT_EQ(0, queue_destroy(self->fd, self->r.id));
	EXPECT_EQ(ENOENT, set_writer(self->fd, GPU(0), 0, self->r.id));
}

/* Host waits on a dead counter slot and a dead address end with EIO. */
TEST_F(writer, dead_locations_end_host_waits)
{
	struct drm_xe_cbev_counter_alloc ca;
	struct drm_xe_cbev_counter_set cs;

	ASSERT_EQ(0, st_counter_alloc(self->fd, &ca));
	ASSERT_EQ(0, set_writer(self->fd, ca.id, DRM_XE_CBEV_SET_WRITER_COUNTER, self->r.id));
	ASSERT_EQ(0, set_writer(self->fd, GPU(0), 0, self->r.id));
	EXPECT_EQ(ETIME, wait_counter(self->fd, ca.id, 1, 0));

	EXPECT_EQ(DRM_XE_CBEV_BAN_BAD_COMMAND, ban(&self->r));
	EXPECT_EQ(EIO, wait_counter(self->fd, ca.id, 1, -1));
	EXPECT_EQ(EIO, wait_gte(self->fd, GPU(0), 1, -1));
	/* A value without a writer, or one that holds, is not affected. */
	EXPECT_EQ(ETIME, wait_gte(self->fd, GPU(8), 1, 0));
	EXPECT_EQ(0, wait_counter(self->fd, ca.id, 0, -1));
	cs = (struct drm_xe_cbev_counter_set){ .id = ca.id, .value = 1 };
	ASSERT_EQ(0, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_SET, &cs));
	EXPECT_EQ(0, wait_counter(self->fd, ca.id, 1, -1));
	EXPECT_EQ(EIO, wait_counter(self->fd, ca.id, 2, -1));

	/* A new writer (or none) revives the location. */
	EXPECT_EQ(0, set_writer(self->fd, GPU(0), 0, 0));
	EXPECT_EQ(ETIME, wait_gte(self->fd, GPU(0), 1, 0));
	/* Naming a banned queue kills it at once. */
	EXPECT_EQ(0, set_writer(self->fd, GPU(16), 0, self->r.id));
	EXPECT_EQ(EIO, wait_gte(self->fd, GPU(16), 1, -1));
}

/*
 * A destroyed writer that was not banned is forgotten; a new queue that
 * gets its id is not the writer, so its ban kills nothing.
 */
TEST_F(writer, reused_queue_id_is_not_the_writer)
{
	struct test_ring r2;
	uint32_t old = self->r.id;

	ASSERT_EQ(0, set_writer(self->fd, GPU(0), 0, self->r.id));
	ASSERT_EQ(0, queue_destroy(self->fd, self->r.id));
	ring_unmap(&self->r);
	ASSERT_EQ(0, ring_create(self->fd, &self->r, 4096, 0));
	ASSERT_EQ(0, ring_create(self->fd, &r2, 4096, 0));
	/* Either new queue may have the old id: ban both. */
	EXPECT_TRUE(self->r.id == old || r2.id == old);
	EXPECT_EQ(DRM_XE_CBEV_BAN_BAD_COMMAND, ban(&self->r));
	EXPECT_EQ(DRM_XE_CBEV_BAN_BAD_COMMAND, ban(&r2));
	EXPECT_EQ(ETIME, wait_gte(self->fd, GPU(0), 1, 0));
	ring_unmap(&r2);
}

/* A wait for all ends on a dead condition behind pending ones; ANY too. */
TEST_F(writer, lost_condition_behind_pending_ones)
{
	struct drm_xe_cbev_wait_cond c[3] = {
		{ .addr = GPU(0), .value = 1, .op = DRM_XE_CBEV_CMP_GTE },
		{ .addr = GPU(8), .value = 1, .op = DRM_XE_CBEV_CMP_GTE },
		{ .addr = GPU(16), .value = 1, .op = DRM_XE_CBEV_CMP_GTE },
	};
	uint32_t index = ~0u;

	ASSERT_EQ(0, set_writer(self->fd, GPU(16), 0, self->r.id));
	EXPECT_EQ(DRM_XE_CBEV_BAN_BAD_COMMAND, ban(&self->r));
	EXPECT_EQ(EIO, wait_conds(self->fd, c, 3, 0, -1, 0, NULL));
	EXPECT_EQ(EIO, wait_conds(self->fd, c, 3, DRM_XE_CBEV_WAIT_ANY, -1, 0, NULL));
	/* One that holds wins an ANY wait. */
	*(volatile uint64_t *)((char *)self->b.cpu + 8) = 1;
	EXPECT_EQ(0, wait_conds(self->fd, c, 3, DRM_XE_CBEV_WAIT_ANY, -1, 0, &index));
	EXPECT_EQ(1u, index);
}

/* A waiter that may be asleep when the ban comes is woken. */
TEST_F(writer, sleeping_waiter_woken)
{
	struct drm_xe_cbev_counter_alloc ca;
	uint32_t dw[16];
	uint64_t seqno;
	int status;
	pid_t pid;

	ASSERT_EQ(0, st_counter_alloc(self->fd, &ca));
	ASSERT_EQ(0, set_writer(self->fd, ca.id, DRM_XE_CBEV_SET_WRITER_COUNTER, self->r.id));
	/* The writer waits for GPU(0), then faults: the parent opens the gate. */
	ring_emit(&self->r, dw, emit_sem64(dw, GPU(0), 1, SAD_GTE));
	dw[0] = BAD_COMMAND;
	ring_emit(&self->r, dw, 1);
	ASSERT_EQ(0, ring_submit_batches(&self->r, NULL, 0, &seqno));

	pid = fork();
	ASSERT_GE(pid, 0);
	if (!pid)
		_exit(wait_counter(self->fd, ca.id, 1, -1));
	*(volatile uint64_t *)self->b.cpu = 1;
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(EIO, WEXITSTATUS(status));
	EXPECT_EQ(DRM_XE_CBEV_BAN_BAD_COMMAND, ban_reason_when_done(&self->r, seqno));
}

/* An importer's waits read the same object: they end too. */
TEST_F(writer, importer_waits_end)
{
	struct drm_xe_cbev_counter_alloc ca;
	struct drm_xe_cbev_ipc_export x = { .kind = DRM_XE_CBEV_IPC_KIND_COUNTER,
					    .flags = DRM_XE_CBEV_IPC_TOKEN };
	struct drm_xe_cbev_ipc_import m = { 0 };
	struct test_ring r2;
	uint32_t dw[16];
	uint64_t seqno;
	int fd2;

	ASSERT_EQ(0, st_counter_alloc(self->fd, &ca));
	x.id = ca.id;
	ASSERT_EQ(0, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_IPC_EXPORT, &x));
	fd2 = st_open_render();
	ASSERT_GE(fd2, 0);
	m.token[0] = x.token[0];
	m.token[1] = x.token[1];
	ASSERT_EQ(0, st_ioctl(fd2, DRM_IOCTL_XE_CBEV_IPC_IMPORT, &m));
	ASSERT_EQ(0, st_vm_map(fd2, m.handle, 0, 4096, VA_IMPORT,
			       DRM_XE_CBEV_VM_BIND_READONLY));
	/* The importer's queue waits on the slot too. */
	ASSERT_EQ(0, ring_create(fd2, &r2, 4096, 0));
	ring_emit(&r2, dw, emit_sem64(dw, VA_IMPORT + m.offset, 1, SAD_GTE));
	ASSERT_EQ(0, ring_submit_batches(&r2, NULL, 0, &seqno));

	ASSERT_EQ(0, set_writer(self->fd, ca.id, DRM_XE_CBEV_SET_WRITER_COUNTER, self->r.id));
	EXPECT_EQ(ETIME, wait_gte(fd2, VA_IMPORT + m.offset, 1, 0));
	EXPECT_EQ(DRM_XE_CBEV_BAN_BAD_COMMAND, ban(&self->r));
	EXPECT_EQ(EIO, wait_gte(fd2, VA_IMPORT + m.offset, 1, -1));
	EXPECT_EQ(DRM_XE_CBEV_BAN_LOST_DEPENDENCY, ban_reason_when_done(&r2, seqno));
	/* Still dead once the exporter destroyed its queue. */
	EXPECT_EQ(0, queue_destroy(self->fd, self->r.id));
	EXPECT_EQ(EIO, wait_gte(fd2, VA_IMPORT + m.offset, 1, -1));
	ring_unmap(&r2);
	close(fd2);
}

/*
 * A chain: queue B waits on A's slot and writes its own, queue C waits
 * on B's. A's ban bans B, then C, with LOST_DEPENDENCY.
 */
TEST_F(writer, chain_of_parked_queues)
{
	struct drm_xe_cbev_counter_alloc a, b;
	struct test_ring rb, rc;
	uint64_t sb, sc;
	uint32_t dw[16];

	ASSERT_EQ(0, st_counter_alloc(self->fd, &a));
	ASSERT_EQ(0, st_counter_alloc(self->fd, &b));
	ASSERT_EQ(0, ring_create(self->fd, &rb, 4096, 0));
	ASSERT_EQ(0, ring_create(self->fd, &rc, 4096, 0));
	ASSERT_EQ(0, set_writer(self->fd, a.id, DRM_XE_CBEV_SET_WRITER_COUNTER, self->r.id));
	ASSERT_EQ(0, set_writer(self->fd, b.id, DRM_XE_CBEV_SET_WRITER_COUNTER, rb.id));

	ring_emit(&rb, dw, emit_sem64(dw, a.gpu_addr, 1, SAD_GTE));
	ring_emit(&rb, dw, emit_sdi64(dw, b.gpu_addr, 1));
	ASSERT_EQ(0, ring_submit_batches(&rb, NULL, 0, &sb));
	ring_emit(&rc, dw, emit_sem64(dw, b.gpu_addr, 1, SAD_GTE));
	ASSERT_EQ(0, ring_submit_batches(&rc, NULL, 0, &sc));
	EXPECT_EQ(ETIME, wait_queue_done(self->fd, rc.id, sc, 0));

	EXPECT_EQ(DRM_XE_CBEV_BAN_BAD_COMMAND, ban(&self->r));
	EXPECT_EQ(DRM_XE_CBEV_BAN_LOST_DEPENDENCY, ban_reason_when_done(&rb, sb));
	EXPECT_EQ(DRM_XE_CBEV_BAN_LOST_DEPENDENCY, ban_reason_when_done(&rc, sc));
	EXPECT_EQ(EIO, wait_counter(self->fd, b.id, 1, -1));

	/* A queue that waits on a dead location later is banned at once. */
	ASSERT_EQ(0, queue_destroy(self->fd, rc.id));
	ring_unmap(&rc);
	ASSERT_EQ(0, ring_create(self->fd, &rc, 4096, 0));
	ring_emit(&rc, dw, emit_sem64(dw, a.gpu_addr, 1, SAD_GTE));
	ASSERT_EQ(0, ring_submit_batches(&rc, NULL, 0, &sc));
	EXPECT_EQ(DRM_XE_CBEV_BAN_LOST_DEPENDENCY, ban_reason_when_done(&rc, sc));
	ring_unmap(&rb);
	ring_unmap(&rc);
}

/*
 * The process's own memory (malloc), at addresses nothing is bound at: its
 * writers are recorded in the file's address space. Their ban ends host
 * waits and bans a queue parked on the value (LOST_DEPENDENCY); the file
 * frees the dead records when it closes.
 */
TEST_F(writer, process_memory_locations)
{
	uint64_t *v = aligned_alloc(64, 64);
	struct test_ring rb;
	uint32_t dw[16];
	uint64_t sb;

	ASSERT_NE(NULL, v);
	v[0] = 0;
	v[1] = 0;
	ASSERT_EQ(0, set_writer(self->fd, (uintptr_t)&v[0], 0, self->r.id));
	EXPECT_EQ(ETIME, wait_gte(self->fd, (uintptr_t)&v[0], 1, 0));
	ASSERT_EQ(0, ring_create(self->fd, &rb, 4096, 0));
	ring_emit(&rb, dw, emit_sem64(dw, (uintptr_t)&v[0], 1, SAD_GTE));
	ASSERT_EQ(0, ring_submit_batches(&rb, NULL, 0, &sb));

	EXPECT_EQ(DRM_XE_CBEV_BAN_BAD_COMMAND, ban(&self->r));
	EXPECT_EQ(EIO, wait_gte(self->fd, (uintptr_t)&v[0], 1, -1));
	EXPECT_EQ(DRM_XE_CBEV_BAN_LOST_DEPENDENCY, ban_reason_when_done(&rb, sb));
	/* The next qword has no writer; a value that holds is not lost. */
	EXPECT_EQ(ETIME, wait_gte(self->fd, (uintptr_t)&v[1], 1, 0));
	EXPECT_EQ(0, wait_gte(self->fd, (uintptr_t)&v[0], 0, -1));

	/* Forgetting the writer revives it; naming a banned one kills it. */
	EXPECT_EQ(0, set_writer(self->fd, (uintptr_t)&v[0], 0, 0));
	EXPECT_EQ(ETIME, wait_gte(self->fd, (uintptr_t)&v[0], 1, 0));
	EXPECT_EQ(0, set_writer(self->fd, (uintptr_t)&v[1], 0, self->r.id));
	EXPECT_EQ(EIO, wait_gte(self->fd, (uintptr_t)&v[1], 1, -1));
	/* Dead after its writer is destroyed, until the file closes. */
	EXPECT_EQ(0, queue_destroy(self->fd, self->r.id));
	EXPECT_EQ(EIO, wait_gte(self->fd, (uintptr_t)&v[1], 1, -1));
	ring_unmap(&rb);
	free(v);
}

/* A fence on a dead location signals at once, with -EIO. */
TEST_F(writer, sync_file_ends_with_eio)
{
	struct drm_xe_cbev_sync_file_export x = { .cond = { .addr = GPU(0),
		.value = 1, .op = DRM_XE_CBEV_CMP_GTE } };
	struct sync_file_info info = { 0 };
	struct pollfd p;

	ASSERT_EQ(0, set_writer(self->fd, GPU(0), 0, self->r.id));
	ASSERT_EQ(0, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &x));
	p = (struct pollfd){ .fd = x.fd, .events = POLLIN };
	EXPECT_EQ(0, poll(&p, 1, 0));
	EXPECT_EQ(DRM_XE_CBEV_BAN_BAD_COMMAND, ban(&self->r));
	/* The module's fence timeout is far longer than this bound. */
	EXPECT_EQ(1, poll(&p, 1, -1));
	ASSERT_EQ(0, ioctl(x.fd, SYNC_IOC_FILE_INFO, &info));
	EXPECT_EQ(-EIO, info.status);
	close(x.fd);
}

/*
 * A fence on the process's own memory learns its writer's ban too, and
 * keeps the record after the file is closed.
 */
TEST_F(writer, sync_file_on_process_memory)
{
	uint64_t *v = aligned_alloc(64, 64);
	struct drm_xe_cbev_sync_file_export x = { .cond = {
		.value = 1, .op = DRM_XE_CBEV_CMP_GTE } };
	struct sync_file_info info = { 0 };
	struct pollfd p;

	ASSERT_NE(NULL, v);
	v[0] = 0;
	x.cond.addr = (uintptr_t)v;
	ASSERT_EQ(0, set_writer(self->fd, (uintptr_t)v, 0, self->r.id));
	ASSERT_EQ(0, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &x));
	p = (struct pollfd){ .fd = x.fd, .events = POLLIN };
	EXPECT_EQ(0, poll(&p, 1, 0));
	EXPECT_EQ(DRM_XE_CBEV_BAN_BAD_COMMAND, ban(&self->r));
	EXPECT_EQ(1, poll(&p, 1, -1));
	ASSERT_EQ(0, ioctl(x.fd, SYNC_IOC_FILE_INFO, &info));
	EXPECT_EQ(-EIO, info.status);

	close(x.fd);

	/* A fence exported before the file closes outlives it. */
	x.cond.addr = (uintptr_t)&v[1];
	x.fd = 0;
	v[1] = 0;
	ASSERT_EQ(0, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &x));
	close(self->fd);
	self->fd = -1;
	p = (struct pollfd){ .fd = x.fd, .events = POLLIN };
	EXPECT_EQ(0, poll(&p, 1, 0));
	close(x.fd);
	free(v);
}

/* An io_uring wait on a dead location completes with -EIO. */
TEST_F(writer, uring_wait_ends_with_eio)
{
	struct drm_xe_cbev_wait_cond c = { .addr = GPU(0), .value = 1,
					   .op = DRM_XE_CBEV_CMP_GTE };
	struct drm_xe_cbev_wait w = { .conds = (uintptr_t)&c, .num_conds = 1,
				      .timeout_ns = -1 };
	struct io_uring ring;
	struct io_uring_sqe *sqe;
	struct io_uring_cqe *cqe;

	ASSERT_EQ(0, io_uring_queue_init(4, &ring, IORING_SETUP_SQE128));
	ASSERT_EQ(0, set_writer(self->fd, GPU(0), 0, self->r.id));
	sqe = io_uring_get_sqe(&ring);
	io_uring_prep_rw(IORING_OP_URING_CMD, sqe, self->fd, NULL, 0, 0);
	sqe->cmd_op = DRM_XE_CBEV_URING_CMD_WAIT;
	memcpy(sqe->cmd, &w, sizeof(w));
	ASSERT_EQ(1, io_uring_submit(&ring));
	EXPECT_EQ(DRM_XE_CBEV_BAN_BAD_COMMAND, ban(&self->r));
	ASSERT_EQ(0, io_uring_wait_cqe(&ring, &cqe));
	EXPECT_EQ(-EIO, cqe->res);
	io_uring_cqe_seen(&ring, cqe);
	io_uring_queue_exit(&ring);
}

TEST_HARNESS_MAIN
