// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * A process's memory is that process's only: a forked child, or another
 * uid handed the fd over a socket, may not make the engine read, compare
 * or write the opener's memory, nor run the opener's ring (-EPERM, and no
 * ring mapping across fork()); its own fd works on its own memory. A
 * dispatch's number names one dispatch for the file's life, so a late
 * report never completes another queue's dispatch. And a writer record
 * belongs to the file that stated it: an importer's never decides the
 * exporter's waits, and an importer cannot erase the exporter's.
 */
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <drm/xe_cbev_cs.h>

#include "xe_cbev_engine_util.h"
#include "kselftest_harness.h"

#define PTR(p)	((uint64_t)(uintptr_t)(p))

/* What a child tried on the opener's fd, and the errno each returned. */
enum probe {
	P_WAIT_EQ,		/* comparison oracle on the parent's memory */
	P_SYNC_FILE,		/* the same through a sync_file */
	P_EXEC,			/* run the parent's queue from here */
	P_QUEUE_CREATE,		/* a queue of its own on the parent's file */
	P_DOORBELL,		/* wake the parent's direct queue */
	P_RING_MMAP,		/* map the parent's ring */
	P_RING_INHERITED,	/* the parent's ring mapping, seen by mincore() */
	P_SET_WRITER,		/* name a writer of the parent's memory */
	P_EU_WAIT,		/* take the parent's dispatches */
	P_EU_REPORT,
	P_EU_STOP,
	P_VM_BIND,		/* bind over the parent's addresses */
	P_COUNTER_WAIT,		/* a counter: not process memory, allowed */
	P_SEQNO,		/* not a probe: the exec's seqno, if it ran */
	NR_PROBES
};

struct parent {
	int fd;
	struct test_ring r;	/* a plain queue */
	struct test_ring d;	/* a direct queue */
	uint64_t ring_offset;
	uint32_t counter;
	uint32_t bo;		/* an object of the parent's */
	volatile uint64_t *secret;	/* malloc'ed, written after fork() */
};

static int sync_file_export(int fd, uint64_t addr, uint64_t value)
{
	struct drm_xe_cbev_sync_file_export x = {
		.cond = { .addr = addr, .value = value, .op = DRM_XE_CBEV_CMP_EQ },
	};
	int err = st_ioctl(fd, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &x);

	if (!err)
		close(x.fd);
	return err;
}

/* Everything a process other than the opener may try; errnos in @res. */
static void probe_all(const struct parent *p, int *res)
{
	struct drm_xe_cbev_wait_cond c = {
		.addr = PTR(p->secret), .value = 2, .op = DRM_XE_CBEV_CMP_EQ,
	};
	struct drm_xe_cbev_wait_cond cc = {
		.addr = p->counter, .value = 0, .op = DRM_XE_CBEV_CMP_EQ,
		.flags = DRM_XE_CBEV_WAIT_COND_COUNTER,
	};
	struct drm_xe_cbev_exec e = {
		.exec_queue_id = p->r.id, .tail = p->r.tail + 8,
	};
	struct drm_xe_cbev_exec_queue_create qc = {
		.priority = DRM_XE_CBEV_PRIORITY_NORMAL, .ring_size = 4096,
	};
	struct drm_xe_cbev_exec_queue_wake wk = { .exec_queue_id = p->d.id };
	struct drm_xe_cbev_counter_set_writer sw = {
		.addr = PTR(p->secret), .exec_queue_id = p->r.id,
	};
	struct drm_xe_cbev_eu_wait ew = { .flags = DRM_XE_CBEV_EU_WAIT_NONBLOCK };
	struct drm_xe_cbev_eu_report er = { .exec_queue_id = p->r.id, .seqno = 1 };
	struct drm_xe_cbev_eu_stop es = { 0 };
	unsigned char vec[2];
	void *map;

	/* With the parent's ring still mapped, a store to its memory. */
	if (!mincore(p->r.map, RING_PAGE, vec)) {
		uint32_t dw[8];
		unsigned int i, n = emit_sdi64(dw, PTR(p->secret), 666);

		for (i = 0; i < n; i++)
			p->r.ring[(p->r.tail / 4 + i) % (p->r.size / 4)] = dw[i];
		e.tail = p->r.tail + 4 * n;
	}
	res[P_WAIT_EQ] = wait_conds(p->fd, &c, 1, 0, 0, 0, NULL);
	res[P_SYNC_FILE] = sync_file_export(p->fd, PTR(p->secret), 2);
	res[P_EXEC] = exec_args(p->fd, &e);
	res[P_SEQNO] = (int)e.seqno;
	res[P_QUEUE_CREATE] = queue_create_args(p->fd, &qc);
	res[P_DOORBELL] = st_ioctl(p->fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE, &wk);
	map = mmap(NULL, RING_PAGE + 4096, PROT_READ | PROT_WRITE, MAP_SHARED,
		   p->fd, p->ring_offset);
	res[P_RING_MMAP] = map == MAP_FAILED ? errno : 0;
	if (map != MAP_FAILED)
		munmap(map, RING_PAGE + 4096);
	res[P_RING_INHERITED] = mincore(p->r.map, RING_PAGE, vec) ? errno : 0;
	res[P_SET_WRITER] = st_ioctl(p->fd, DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER, &sw);
	res[P_EU_WAIT] = st_ioctl(p->fd, DRM_IOCTL_XE_CBEV_EU_WAIT, &ew);
	res[P_EU_REPORT] = st_ioctl(p->fd, DRM_IOCTL_XE_CBEV_EU_REPORT, &er);
	res[P_EU_STOP] = st_ioctl(p->fd, DRM_IOCTL_XE_CBEV_EU_STOP, &es);
	res[P_VM_BIND] = st_vm_map(p->fd, p->bo, 0, 4096,
				   PTR(p->secret) & ~4095ull, 0);
	res[P_COUNTER_WAIT] = wait_conds(p->fd, &cc, 1, 0, 0, 0, NULL);
}

static void expect_refused(struct __test_metadata *_metadata, const int *res)
{
	static const char *const name[NR_PROBES] = {
		"wait", "sync_file", "exec", "queue create", "doorbell",
		"ring mmap", "ring inherited", "set writer", "eu wait",
		"eu report", "eu stop", "vm bind", "counter wait",
	};
	int i;

	for (i = 0; i < P_SEQNO; i++) {
		int want = i == P_RING_INHERITED ? ENOMEM :
			   i == P_COUNTER_WAIT ? 0 : EPERM;

		EXPECT_EQ(want, res[i]) TH_LOG("%s: errno %d", name[i], res[i]);
	}
}

FIXTURE(isolation) {
	struct parent p;
	uint64_t *fence;
};

FIXTURE_SETUP(isolation)
{
	struct drm_xe_cbev_counter_alloc a;
	struct drm_xe_cbev_exec_queue_create c = {
		.priority = DRM_XE_CBEV_PRIORITY_NORMAL, .ring_size = 4096,
	};

	self->p.fd = st_open_render();
	ASSERT_GE(self->p.fd, 0);
	ASSERT_EQ(0, ring_create(self->p.fd, &self->p.r, 4096, 0));
	ASSERT_EQ(0, ring_create_flags(self->p.fd, &self->p.d, 4096, 0,
				       DRM_XE_CBEV_EXEC_QUEUE_CREATE_DIRECT));
	/* A third queue's mmap offset, for a child to try to map. */
	ASSERT_EQ(0, queue_create_args(self->p.fd, &c));
	self->p.ring_offset = c.ring_mmap_offset;
	ASSERT_EQ(0, st_counter_alloc(self->p.fd, &a));
	self->p.counter = a.id;
	ASSERT_EQ(0, st_bo_create(self->p.fd, 4096, 0, &self->p.bo));
	self->p.secret = calloc(1, sizeof(uint64_t));
	ASSERT_NE(NULL, self->p.secret);
	*self->p.secret = 1;
	self->fence = calloc(1, sizeof(uint64_t));
	ASSERT_NE(NULL, self->fence);
}

FIXTURE_TEARDOWN(isolation)
{
	ring_unmap(&self->p.r);
	ring_unmap(&self->p.d);
	close(self->p.fd);
	free((void *)self->p.secret);
	free(self->fence);
}

/* Runs @fn in a child; returns what it wrote to the pipe in @res. */
static void in_child(struct __test_metadata *_metadata, struct parent *p,
		     void (*fn)(struct parent *p, int sock), int *res)
{
	int sv[2], status;
	char go = 1;
	pid_t pid;

	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		close(sv[0]);
		fn(p, sv[1]);
		_exit(0);
	}
	close(sv[1]);
	/* After the fork: the child's copy-on-write page still says 1. */
	*p->secret = 2;
	ASSERT_EQ(1, write(sv[0], &go, 1));
	fn(p, -sv[0] - 1);	/* the parent's half, if any */
	ASSERT_EQ(sizeof(int) * NR_PROBES,
		  read(sv[0], res, sizeof(int) * NR_PROBES));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
	close(sv[0]);
}

static void child_probes(struct parent *p, int sock)
{
	int res[NR_PROBES];
	char go;

	if (sock < 0)
		return;
	if (read(sock, &go, 1) != 1)
		_exit(1);
	probe_all(p, res);
	if (write(sock, res, sizeof(res)) != sizeof(res))
		_exit(2);
}

/*
 * 1, 2, 3: a forked child on the inherited fd can neither compare, read
 * nor write the parent's live memory, nor drive its rings.
 */
TEST_F(isolation, forked_child_refused)
{
	int res[NR_PROBES];
	uint32_t dw[8];

	in_child(_metadata, &self->p, child_probes, res);
	expect_refused(_metadata, res);
	/* Nothing ran for the child: the parent's queue goes on from 0. */
	if (!res[P_EXEC])	/* then let it finish before looking */
		EXPECT_EQ(0, wait_queue_done(self->p.fd, self->p.r.id,
					     res[P_SEQNO], 10 * SEC));
	EXPECT_EQ(0ull, self->p.r.status->head);
	EXPECT_EQ(2ull, *self->p.secret);
	/* And the parent's own work on its memory still runs. */
	ring_emit(&self->p.r, dw, emit_sdi64(dw, PTR(self->p.secret), 7));
	ASSERT_EQ(0, ring_submit(&self->p.r));
	EXPECT_EQ(0, wait_gte(self->p.fd, PTR(self->p.secret), 7, 10 * SEC));
}

/* The child drops the inherited fd and root, then gets the fd anew. */
static void nobody_probes(struct parent *p, int sock)
{
	struct parent mine = *p;
	int res[NR_PROBES];
	char go;

	if (sock < 0) {
		if (st_send_fd(-sock - 1, p->fd))
			_exit(3);
		return;
	}
	if (read(sock, &go, 1) != 1)
		_exit(1);
	close(p->fd);
	if (setgid(65534) || setuid(65534))
		_exit(4);
	mine.fd = st_recv_fd(sock);
	if (mine.fd < 0)
		_exit(5);
	probe_all(&mine, res);
	if (write(sock, res, sizeof(res)) != sizeof(res))
		_exit(2);
}

/* 4: another uid handed the fd over SCM_RIGHTS is refused alike. */
TEST_F(isolation, other_uid_over_scm_rights_refused)
{
	int res[NR_PROBES];

	if (getuid() != 0)
		SKIP(return, "needs root to become uid 65534");
	in_child(_metadata, &self->p, nobody_probes, res);
	expect_refused(_metadata, res);
	EXPECT_EQ(2ull, *self->p.secret);
}

/* A forked child that opens its own fd works on its own memory. */
TEST_F(isolation, forked_child_own_fd_works)
{
	pid_t pid = fork();
	int status;

	ASSERT_GE(pid, 0);
	if (pid == 0) {
		uint64_t *mine = calloc(1, sizeof(*mine));
		struct test_ring r;
		uint32_t dw[8];
		int fd = st_open_render();

		if (fd < 0 || !mine || ring_create(fd, &r, 4096, 0))
			_exit(1);
		ring_emit(&r, dw, emit_sdi64(dw, PTR(mine), 5));
		if (ring_submit(&r) || wait_gte(fd, PTR(mine), 5, 10 * SEC))
			_exit(2);
		_exit(*mine == 5 ? 0 : 3);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
}

struct thread_arg {
	struct parent *p;
	uint64_t *fence;
	int err;
};

static void *thread_submits(void *data)
{
	struct thread_arg *a = data;
	uint32_t dw[8];

	ring_emit(&a->p->r, dw, emit_sdi64(dw, PTR(a->fence), 9));
	a->err = ring_submit(&a->p->r);
	if (!a->err)
		a->err = wait_gte(a->p->fd, PTR(a->fence), 9, 10 * SEC);
	return NULL;
}

/* Every thread of the opener is the opener. */
TEST_F(isolation, opener_threads_allowed)
{
	struct thread_arg a = { .p = &self->p, .fence = self->fence };
	pthread_t t;

	ASSERT_EQ(0, pthread_create(&t, NULL, thread_submits, &a));
	ASSERT_EQ(0, pthread_join(t, NULL));
	EXPECT_EQ(0, a.err);
	EXPECT_EQ(9ull, *self->fence);
}

/* ---- 7: a dispatch identity is never reused ----------------------------- */

/*
 * Queue ids come back at once; dispatch numbers never do. A stale report
 * for a destroyed queue's dispatch must not complete the dispatch of the
 * new queue that got the same id.
 */
TEST(stale_report_never_completes_another_dispatch)
{
	struct drm_xe_cbev_eu_wait w1, w2;
	struct test_ring a, b;
	uint64_t *done = calloc(1, sizeof(*done));
	uint32_t dw[16];
	int fd = st_open_render();

	ASSERT_GE(fd, 0);
	ASSERT_NE(NULL, done);
	ASSERT_EQ(0, ring_create(fd, &a, 4096, 0));
	ring_emit(&a, dw, emit_user_dispatch(dw, 1, 1, 1, 1, 0));
	ASSERT_EQ(0, ring_submit(&a));
	ASSERT_EQ(0, eu_wait(fd, 0, &w1));
	EXPECT_EQ(a.id, w1.exec_queue_id);
	ring_unmap(&a);
	ASSERT_EQ(0, queue_destroy(fd, a.id));

	ASSERT_EQ(0, ring_create(fd, &b, 4096, 0));
	ASSERT_EQ(a.id, b.id);	/* the id came back */
	ring_emit(&b, dw, emit_user_dispatch(dw, 2, 1, 1, 1, 0));
	ring_emit(&b, dw, emit_sdi64(dw, PTR(done), 1));
	ASSERT_EQ(0, ring_submit(&b));
	ASSERT_EQ(0, eu_wait(fd, 0, &w2));
	EXPECT_EQ(b.id, w2.exec_queue_id);
	EXPECT_NE(w1.seqno, w2.seqno);

	/* The late report of the old dispatch is refused... */
	EXPECT_EQ(EINVAL, eu_report(fd, w1.exec_queue_id, w1.seqno, 0, 0));
	EXPECT_EQ(0ull, *done);
	/* ...and the real one completes the new queue's. */
	EXPECT_EQ(0, eu_report(fd, w2.exec_queue_id, w2.seqno, 0, 0));
	EXPECT_EQ(0, wait_gte(fd, PTR(done), 1, 10 * SEC));
	ring_unmap(&b);
	close(fd);
	free(done);
}

/* ---- 5, 6: writer records belong to the file that wrote them ------------ */

#define VA_IMPORT	0x300000000ull
/* An exporter's buffer, imported read-write into a second file. */
struct shared_buf {
	int fd, fd2;
	struct test_buf b;	/* the exporter's, bound where it is mapped */
	uint64_t gpu2;		/* where the importer bound it */
};

static void share(struct __test_metadata *_metadata, struct shared_buf *sb)
{
	struct drm_xe_cbev_ipc_export x;
	struct drm_xe_cbev_ipc_import m;

	sb->fd = st_open_render();
	sb->fd2 = st_open_render();
	ASSERT_GE(sb->fd, 0);
	ASSERT_GE(sb->fd2, 0);
	ASSERT_EQ(0, buf_create(sb->fd, &sb->b, 4096, 0));
	ASSERT_EQ(0, ipc_export(sb->fd, DRM_XE_CBEV_IPC_KIND_BO, sb->b.handle,
				DRM_XE_CBEV_IPC_TOKEN, 0, &x));
	ASSERT_EQ(0, ipc_import(sb->fd2, x.token, &m));
	ASSERT_EQ(0, st_vm_map(sb->fd2, m.handle, 0, 4096, VA_IMPORT, 0));
	sb->gpu2 = VA_IMPORT + m.offset;
}

static void unshare_buf(struct shared_buf *sb)
{
	buf_destroy(sb->fd, &sb->b);
	close(sb->fd2);
	close(sb->fd);
}

/*
 * 5: a read-write importer names its own queue as the writer of a qword
 * the exporter's queue waits on, then gets that queue banned. The
 * importer's own waits learn it; the exporter's queue and waits do not.
 */
TEST(importer_record_never_bans_exporter)
{
	struct drm_xe_cbev_exec_queue_state st;
	struct test_ring r1, r2;
	struct shared_buf sb;
	uint32_t dw[16];
	uint64_t seqno;

	share(_metadata, &sb);
	ASSERT_EQ(0, ring_create(sb.fd, &r1, 4096, 0));
	ASSERT_EQ(0, ring_create(sb.fd2, &r2, 4096, 0));
	ASSERT_EQ(0, set_writer(sb.fd2, sb.gpu2, 0, r2.id));

	/* The exporter's queue parks until the qword is 1, then says so. */
	ring_emit(&r1, dw, emit_sem64(dw, sb.b.gpu, 1, SAD_GTE));
	ring_emit(&r1, dw, emit_sdi64(dw, sb.b.gpu + 8, 1));
	ASSERT_EQ(0, ring_submit_batches(&r1, NULL, 0, &seqno));

	ASSERT_EQ(DRM_XE_CBEV_BAN_BAD_COMMAND, ban(&r2));
	/* The importer's record decides the importer's waits... */
	EXPECT_EQ(EIO, wait_gte(sb.fd2, sb.gpu2, 1, 10 * SEC));
	/* ...never the exporter's: its wait, queue and value go on. */
	EXPECT_EQ(ETIME, wait_gte(sb.fd, sb.b.gpu, 1, 0));
	ASSERT_EQ(0, queue_state(sb.fd, r1.id, &st));
	EXPECT_EQ(DRM_XE_CBEV_EXEC_QUEUE_STATE_ACTIVE, st.state);
	((volatile uint64_t *)sb.b.cpu)[0] = 1;
	EXPECT_EQ(0, wait_gte(sb.fd, sb.b.gpu + 8, 1, 10 * SEC));
	EXPECT_EQ(0, wait_queue_done(sb.fd, r1.id, seqno, 10 * SEC));
	ring_unmap(&r1);
	ring_unmap(&r2);
	unshare_buf(&sb);
}

/*
 * 6: an importer forgets "its" writer of a location the exporter named:
 * only its own record goes, and the exporter's writer's ban still ends
 * the exporter's waits and the importer's.
 */
TEST(importer_cannot_erase_exporter_record)
{
	struct shared_buf sb;
	struct test_ring rw;

	share(_metadata, &sb);
	ASSERT_EQ(0, ring_create(sb.fd, &rw, 4096, 0));
	ASSERT_EQ(0, set_writer(sb.fd, sb.b.gpu, 0, rw.id));
	EXPECT_EQ(0, set_writer(sb.fd2, sb.gpu2, 0, 0));
	ASSERT_EQ(DRM_XE_CBEV_BAN_BAD_COMMAND, ban(&rw));
	EXPECT_EQ(EIO, wait_gte(sb.fd, sb.b.gpu, 1, 10 * SEC));
	EXPECT_EQ(EIO, wait_gte(sb.fd2, sb.gpu2, 1, 10 * SEC));
	ring_unmap(&rw);
	unshare_buf(&sb);
}

TEST_HARNESS_MAIN
