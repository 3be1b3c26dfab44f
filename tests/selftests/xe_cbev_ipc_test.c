// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * Sharing counters and memory between processes. Every other process is
 * this binary, forked and exec'ed (so it shares nothing but what is
 * passed): "--child ROLE ARGS..." runs one role and exits 0 when all its
 * expectations held, or the number of the expectation that failed.
 */
#include <stdlib.h>
#include <linux/capability.h>
#include <sys/pidfd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "xe_cbev_engine_util.h"
#include "kselftest_harness.h"

#define VA_IMPORT	0x300000000ull
#define NOBODY		65534
#define NOBODY2		65533

/* ---- helpers shared by parent and children -------------------------------- */

static int ipc_revoke(int fd, const __u64 *token)
{
	struct drm_xe_cbev_ipc_revoke r = { .token = { token[0], token[1] } };

	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_IPC_REVOKE, &r);
}

/* Run this binary as "--child ARGV..." with the given fds kept open. */
static pid_t spawn_child(const char *const *argv)
{
	char *args[16];
	pid_t pid;
	int i;

	args[0] = "/proc/self/exe";
	args[1] = "--child";
	for (i = 0; argv[i] && i < 13; i++)
		args[2 + i] = (char *)argv[i];
	args[2 + i] = NULL;
	pid = fork();
	if (pid == 0) {
		execv("/proc/self/exe", args);
		_exit(127);
	}
	return pid;
}

static int child_status(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static char *u64s(char *buf, uint64_t v)
{
	sprintf(buf, "%llu", (unsigned long long)v);
	return buf;
}

/* A child's failed expectation: say which, with errno, and exit with it. */
static int child_fail(const char *role, int n)
{
	fprintf(stderr, "# child %s: expectation %d failed (errno %d: %s)\n",
		role, n, errno, strerror(errno));
	return n;
}

/*
 * The importer's side of a shared counter, already a handle in @fd: map it
 * read-only and see @value there through a host wait, through a wait on an
 * io_uring-less queue semaphore of its own, and in memory. Returns 0 or the
 * number of the first expectation that failed.
 */
static int importer_waits(int fd, uint32_t handle, uint64_t offset, uint64_t value)
{
	struct test_ring r;
	struct test_buf own;
	uint32_t dw[16];
	volatile uint64_t *v;
	void *map;

	map = st_bo_map(fd, handle, 4096);
	if (map != MAP_FAILED)
		return child_fail("importer", 10);	/* a writable mapping must be refused */
	if (errno != EACCES)
		return child_fail("importer", 11);
	{
		uint64_t off;

		if (st_bo_mmap_offset(fd, handle, &off))
			return child_fail("importer", 12);
		map = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, off);
	}
	if (map == MAP_FAILED)
		return child_fail("importer", 13);
	v = (volatile uint64_t *)((char *)map + offset);

	if (st_vm_map(fd, handle, 0, 4096, VA_IMPORT, 0) != EACCES)
		return child_fail("importer", 14);	/* a writable binding must be refused */
	if (st_vm_map(fd, handle, 0, 4096, VA_IMPORT, DRM_XE_CBEV_VM_BIND_READONLY))
		return child_fail("importer", 15);

	/* The importer's own queue waits on the counter, then stores. */
	if (buf_create(fd, &own, 4096, 0) || ring_create(fd, &r, 4096, 0))
		return child_fail("importer", 16);
	ring_emit(&r, dw, emit_sem64(dw, VA_IMPORT + offset, value, SAD_GTE));
	ring_emit(&r, dw, emit_sdi64(dw, own.gpu, 1));
	if (ring_submit(&r))
		return child_fail("importer", 17);

	if (wait_gte(fd, VA_IMPORT + offset, value, 10 * SEC))
		return child_fail("importer", 18);	/* host wait on the imported counter */
	if (*v < value)
		return child_fail("importer", 19);
	if (wait_gte(fd, own.gpu, 1, 10 * SEC))
		return child_fail("importer", 20);	/* the semaphore woke */
	return 0;
}

/* ---- children --------------------------------------------------------------- */

/* import-token T0 T1 OFFSET VALUE READYFD: import by token and wait. */
static int child_import_token(char **a)
{
	__u64 token[2] = { strtoull(a[0], NULL, 0), strtoull(a[1], NULL, 0) };
	struct drm_xe_cbev_ipc_import m;
	int fd = st_open_render(), ready = atoi(a[4]);

	if (fd < 0 || ipc_import(fd, token, &m))
		return child_fail("import-token", 2);
	if (m.kind != DRM_XE_CBEV_IPC_KIND_COUNTER ||
	    !(m.import_flags & DRM_XE_CBEV_IPC_IMPORT_READONLY) ||
	    m.offset != strtoull(a[2], NULL, 0) || m.size != 4096)
		return child_fail("import-token", 3);
	if (write(ready, "r", 1) != 1)
		return child_fail("import-token", 4);
	return importer_waits(fd, m.handle, m.offset, strtoull(a[3], NULL, 0));
}

/* import-scm SOCK OFFSET VALUE: receive a dma-buf over a socket and wait. */
static int child_import_scm(char **a)
{
	int fd = st_open_render(), sock = atoi(a[0]), dmabuf;
	uint32_t handle;

	dmabuf = st_recv_fd(sock);
	if (fd < 0 || dmabuf < 0)
		return child_fail("import-scm", 2);
	if (drmPrimeFDToHandle(fd, dmabuf, &handle))
		return child_fail("import-scm", 3);
	close(dmabuf);
	if (write(sock, "r", 1) != 1)
		return child_fail("import-scm", 4);
	return importer_waits(fd, handle, strtoull(a[1], NULL, 0), strtoull(a[2], NULL, 0));
}

/* import-pidfd PID FDNUM OFFSET VALUE READYFD: fetch the fd with pidfd_getfd. */
static int child_import_pidfd(char **a)
{
	int fd = st_open_render(), pidfd, dmabuf, ready = atoi(a[4]);
	uint32_t handle;

	pidfd = pidfd_open(atoi(a[0]), 0);
	if (fd < 0 || pidfd < 0)
		return child_fail("import-pidfd", 2);
	dmabuf = pidfd_getfd(pidfd, atoi(a[1]), 0);
	if (dmabuf < 0)
		return child_fail("import-pidfd", 3);
	if (drmPrimeFDToHandle(fd, dmabuf, &handle))
		return child_fail("import-pidfd", 4);
	close(dmabuf);
	if (write(ready, "r", 1) != 1)
		return child_fail("import-pidfd", 5);
	return importer_waits(fd, handle, strtoull(a[2], NULL, 0), strtoull(a[3], NULL, 0));
}

/* as-nobody T0 T1 SOCK EXPECT: as uid 65534, import by token and by fd. */
static int child_as_nobody(char **a)
{
	__u64 token[2] = { strtoull(a[0], NULL, 0), strtoull(a[1], NULL, 0) };
	int expect = atoi(a[3]), fd, dmabuf, err;
	struct drm_xe_cbev_ipc_import m;
	uint32_t handle;

	dmabuf = st_recv_fd(atoi(a[2]));
	if (setgid(NOBODY) || setuid(NOBODY))
		return child_fail("as-nobody", 2);
	fd = st_open_render();
	if (fd < 0 || dmabuf < 0)
		return child_fail("as-nobody", 3);
	err = ipc_import(fd, token, &m);
	if (err != expect)
		return child_fail("as-nobody", 4);
	err = drmPrimeFDToHandle(fd, dmabuf, &handle) ? errno : 0;
	if (err != expect)
		return child_fail("as-nobody", 5);
	return 0;
}

/* write-imported T0 T1: an importer that tries to write a shared counter. */
static int child_write_imported(char **a)
{
	__u64 token[2] = { strtoull(a[0], NULL, 0), strtoull(a[1], NULL, 0) };
	struct drm_xe_cbev_exec_queue_state s;
	struct drm_xe_cbev_wait_cond c = { .addr = VA_IMPORT, .value = 1u << 31,
		.op = DRM_XE_CBEV_CMP_EQ };
	struct drm_xe_cbev_ipc_import m;
	struct test_ring r;
	uint32_t dw[16];
	int fd = st_open_render();

	if (fd < 0 || ipc_import(fd, token, &m))
		return child_fail("write-imported", 2);
	if (st_vm_map(fd, m.handle, 0, 4096, VA_IMPORT, DRM_XE_CBEV_VM_BIND_READONLY))
		return child_fail("write-imported", 3);
	if (ring_create(fd, &r, 4096, 0))
		return child_fail("write-imported", 4);
	ring_emit(&r, dw, emit_sdi64(dw, VA_IMPORT + m.offset, 666));
	if (ring_submit(&r))
		return child_fail("write-imported", 5);
	if (wait_conds(fd, &c, 1, 0, 10 * SEC, r.id, NULL) != EIO)
		return child_fail("write-imported", 6);
	if (queue_state(fd, r.id, &s) || s.ban_reason != DRM_XE_CBEV_BAN_READONLY)
		return child_fail("write-imported", 7);
	return 0;
}

/* exporter-exits WRITEFD READFD: export, signal 7, wait for the importer, exit. */
static int child_exporter_exits(char **a)
{
	int out = atoi(a[0]), in = atoi(a[1]), fd = st_open_render();
	struct drm_xe_cbev_counter_alloc ca;
	struct drm_xe_cbev_ipc_export x;
	struct test_ring r;
	uint32_t dw[16];
	char go;

	if (fd < 0 || st_counter_alloc(fd, &ca))
		return child_fail("exporter-exits", 2);
	if (ipc_export(fd, DRM_XE_CBEV_IPC_KIND_COUNTER, ca.id, DRM_XE_CBEV_IPC_TOKEN, 0, &x))
		return child_fail("exporter-exits", 3);
	if (write(out, &x, sizeof(x)) != sizeof(x))
		return child_fail("exporter-exits", 4);
	if (read(in, &go, 1) != 1)	/* the importer has imported */
		return child_fail("exporter-exits", 5);
	if (ring_create(fd, &r, 4096, 0))
		return child_fail("exporter-exits", 6);
	ring_emit(&r, dw, emit_dispatch(dw, K_SPIN, 50 * MSEC, 0, 0, 0));
	ring_emit(&r, dw, emit_sdi64(dw, ca.gpu_addr, 7));
	if (ring_submit(&r))
		return child_fail("exporter-exits", 7);
	{
		struct drm_xe_cbev_wait_cond c = { .addr = ca.id, .value = 7,
			.flags = DRM_XE_CBEV_WAIT_COND_COUNTER };

		if (wait_conds(fd, &c, 1, 0, 10 * SEC, 0, NULL))
			return child_fail("exporter-exits", 8);
	}
	/* Exit with everything still allocated: the kernel closes the file. */
	return 0;
}

/*
 * reexport T0 T1: as uid NOBODY (granted), import a read-write memory
 * export and try to hand it on, read-write and read-only: both refused.
 */
static int child_reexport(char **a)
{
	__u64 token[2] = { strtoull(a[0], NULL, 0), strtoull(a[1], NULL, 0) };
	struct drm_xe_cbev_ipc_export x;
	struct drm_xe_cbev_ipc_import m;
	int fd;

	if (setgid(NOBODY) || setuid(NOBODY))
		return child_fail("reexport", 2);
	fd = st_open_render();
	if (fd < 0 || ipc_import(fd, token, &m) || m.import_flags)
		return child_fail("reexport", 3);
	if (ipc_export(fd, DRM_XE_CBEV_IPC_KIND_BO, m.handle,
		       DRM_XE_CBEV_IPC_FD | DRM_XE_CBEV_IPC_TOKEN |
		       DRM_XE_CBEV_IPC_GRANT_UID, NOBODY2, &x) != EACCES)
		return child_fail("reexport", 4);
	if (ipc_export(fd, DRM_XE_CBEV_IPC_KIND_BO, m.handle,
		       DRM_XE_CBEV_IPC_TOKEN | DRM_XE_CBEV_IPC_READONLY, 0, &x) != EACCES)
		return child_fail("reexport", 5);
	return 0;
}

/* fd-as UID SOCK EXPECT: as UID, import a dma-buf fd received on SOCK. */
static int child_fd_as(char **a)
{
	int uid = atoi(a[0]), expect = atoi(a[2]), fd, dmabuf, err;
	uint32_t handle;

	dmabuf = st_recv_fd(atoi(a[1]));
	if (setgid(uid) || setuid(uid))
		return child_fail("fd-as", 2);
	fd = st_open_render();
	if (fd < 0 || dmabuf < 0)
		return child_fail("fd-as", 3);
	err = drmPrimeFDToHandle(fd, dmabuf, &handle) ? errno : 0;
	if (err != expect)
		return child_fail("fd-as", 4);
	return 0;
}

/* export-as-nobody WRITEFD READFD: as NOBODY, export a counter, wait, exit. */
static int child_export_as_nobody(char **a)
{
	int out = atoi(a[0]), in = atoi(a[1]), fd;
	struct drm_xe_cbev_counter_alloc ca;
	struct drm_xe_cbev_ipc_export x;
	char go;

	if (setgid(NOBODY) || setuid(NOBODY))
		return child_fail("export-as-nobody", 2);
	fd = st_open_render();
	if (fd < 0 || st_counter_alloc(fd, &ca))
		return child_fail("export-as-nobody", 3);
	if (ipc_export(fd, DRM_XE_CBEV_IPC_KIND_COUNTER, ca.id, DRM_XE_CBEV_IPC_TOKEN, 0, &x))
		return child_fail("export-as-nobody", 4);
	if (write(out, &x, sizeof(x)) != sizeof(x))
		return child_fail("export-as-nobody", 5);
	if (read(in, &go, 1) != 1)
		return child_fail("export-as-nobody", 6);
	return 0;
}

/* nocap-import T0 T1 EXPECT: uid 0 without CAP_SYS_ADMIN imports a token. */
static int child_nocap_import(char **a)
{
	__u64 token[2] = { strtoull(a[0], NULL, 0), strtoull(a[1], NULL, 0) };
	struct __user_cap_header_struct h = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct d[2];
	const unsigned int w = CAP_SYS_ADMIN / 32, bit = 1u << (CAP_SYS_ADMIN % 32);
	struct drm_xe_cbev_ipc_import m;
	int fd;

	/* A capability-dropped container's root: uid 0, no CAP_SYS_ADMIN. */
	if (syscall(SYS_capget, &h, d))
		return child_fail("nocap-import", 2);
	d[w].effective &= ~bit;
	d[w].permitted &= ~bit;
	d[w].inheritable &= ~bit;
	if (syscall(SYS_capset, &h, d) || geteuid() != 0)
		return child_fail("nocap-import", 3);
	fd = st_open_render();
	if (fd < 0)
		return child_fail("nocap-import", 4);
	if (ipc_import(fd, token, &m) != atoi(a[2]))
		return child_fail("nocap-import", 5);
	return 0;
}

static int child_main(int argc, char **argv)
{
	static const struct {
		const char *role;
		int nargs;
		int (*fn)(char **a);
	} roles[] = {
		{ "import-token", 5, child_import_token },
		{ "import-scm", 3, child_import_scm },
		{ "import-pidfd", 5, child_import_pidfd },
		{ "as-nobody", 4, child_as_nobody },
		{ "write-imported", 2, child_write_imported },
		{ "exporter-exits", 2, child_exporter_exits },
		{ "reexport", 2, child_reexport },
		{ "fd-as", 3, child_fd_as },
		{ "export-as-nobody", 2, child_export_as_nobody },
		{ "nocap-import", 3, child_nocap_import },
	};
	unsigned int i;

	for (i = 0; i < sizeof(roles) / sizeof(roles[0]); i++)
		if (!strcmp(argv[2], roles[i].role) && argc == 3 + roles[i].nargs)
			return roles[i].fn(argv + 3);
	return 100;
}

/* ---- tests --------------------------------------------------------------- */

FIXTURE(ipc) {
	int fd;
	struct test_ring r;
	struct drm_xe_cbev_counter_alloc ca;
	struct st_totals before;
};

FIXTURE_SETUP(ipc)
{
	ASSERT_EQ(0, st_totals_now(&self->before));
	self->fd = st_open_render();
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, ring_create(self->fd, &self->r, 4096, 0));
	ASSERT_EQ(0, st_counter_alloc(self->fd, &self->ca));
}

FIXTURE_TEARDOWN(ipc)
{
	struct st_totals after;

	ring_unmap(&self->r);
	close(self->fd);
	/* Nothing leaks once every process involved is gone. */
	ASSERT_EQ(0, st_totals_now(&after));
	EXPECT_TOTALS_EQ(self->before, after);
}

/* The exporter's queue signals the shared counter after a short spin. */
static int signal_counter(FIXTURE_DATA(ipc) *self, uint64_t value)
{
	uint32_t dw[16];

	ring_emit(&self->r, dw, emit_dispatch(dw, K_SPIN, 30 * MSEC, 0, 0, 0));
	ring_emit(&self->r, dw, emit_sdi64(dw, self->ca.gpu_addr, value));
	return ring_submit(&self->r);
}

TEST_F(ipc, by_token_wakes_host_and_queue)
{
	struct drm_xe_cbev_ipc_export x;
	char t0[24], t1[24], off[24], rd[8];
	int ready[2];
	pid_t pid;
	char c;

	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, self->ca.id,
				DRM_XE_CBEV_IPC_TOKEN, 0, &x));
	EXPECT_TRUE(x.token[0] || x.token[1]);
	EXPECT_EQ(self->ca.offset, x.offset);
	ASSERT_EQ(0, pipe(ready));
	sprintf(rd, "%d", ready[1]);
	pid = spawn_child((const char *[]){ "import-token", u64s(t0, x.token[0]),
		u64s(t1, x.token[1]), u64s(off, x.offset), "5", rd, NULL });
	ASSERT_GT(pid, 0);
	ASSERT_EQ(1, read(ready[0], &c, 1));
	ASSERT_EQ(0, signal_counter(self, 5));
	EXPECT_EQ(0, child_status(pid));
	close(ready[0]);
	close(ready[1]);
}

TEST_F(ipc, by_scm_rights)
{
	struct drm_xe_cbev_ipc_export x;
	char off[24], sk[8];
	int sv[2];
	pid_t pid;
	char c;

	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, self->ca.id,
				DRM_XE_CBEV_IPC_FD, 0, &x));
	ASSERT_GE(x.fd, 0);
	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
	sprintf(sk, "%d", sv[1]);
	pid = spawn_child((const char *[]){ "import-scm", sk, u64s(off, x.offset), "9", NULL });
	ASSERT_GT(pid, 0);
	ASSERT_EQ(0, st_send_fd(sv[0], x.fd));
	close(x.fd);
	ASSERT_EQ(1, read(sv[0], &c, 1));
	ASSERT_EQ(0, signal_counter(self, 9));
	EXPECT_EQ(0, child_status(pid));
	close(sv[0]);
	close(sv[1]);
}

TEST_F(ipc, by_pidfd_getfd)
{
	struct drm_xe_cbev_ipc_export x;
	char off[24], me[16], fdn[16], rd[8];
	int ready[2];
	pid_t pid;
	char c;

	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, self->ca.id,
				DRM_XE_CBEV_IPC_FD, 0, &x));
	/* Let the importer take the fd (as compute-runtime does under Yama). */
	prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0, 0, 0);
	ASSERT_EQ(0, pipe(ready));
	sprintf(me, "%d", getpid());
	sprintf(fdn, "%d", x.fd);
	sprintf(rd, "%d", ready[1]);
	pid = spawn_child((const char *[]){ "import-pidfd", me, fdn, u64s(off, x.offset),
		"3", rd, NULL });
	ASSERT_GT(pid, 0);
	ASSERT_EQ(1, read(ready[0], &c, 1));
	ASSERT_EQ(0, signal_counter(self, 3));
	EXPECT_EQ(0, child_status(pid));
	close(x.fd);
	close(ready[0]);
	close(ready[1]);
}

/* Another user is refused by token and by fd alike; a grant lets it in. */
TEST_F(ipc, other_uid_refused_unless_granted)
{
	struct drm_xe_cbev_ipc_export x;
	char t0[24], t1[24], sk[8];
	int sv[2], grant;

	for (grant = 0; grant < 2; grant++) {
		pid_t pid;

		ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, self->ca.id,
					DRM_XE_CBEV_IPC_FD | DRM_XE_CBEV_IPC_TOKEN |
					(grant ? DRM_XE_CBEV_IPC_GRANT_UID : 0),
					grant ? NOBODY : 0, &x));
		ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
		sprintf(sk, "%d", sv[1]);
		pid = spawn_child((const char *[]){ "as-nobody", u64s(t0, x.token[0]),
			u64s(t1, x.token[1]), sk, grant ? "0" : "13", NULL });
		ASSERT_GT(pid, 0);
		ASSERT_EQ(0, st_send_fd(sv[0], x.fd));
		EXPECT_EQ(0, child_status(pid)) TH_LOG("grant %d", grant);
		close(x.fd);
		close(sv[0]);
		close(sv[1]);
	}
}

/*
 * An importer granted read-write access cannot hand the object on: the
 * owner and grant belong to its creator, so fds handed out already keep
 * their rule (the granted uid may import them, another uid may not).
 */
TEST_F(ipc, importer_cannot_reexport)
{
	struct drm_xe_cbev_ipc_export x;
	char t0[24], t1[24], sk[8], uid[16];
	uint32_t bo;
	int sv[2];
	pid_t pid;

	ASSERT_EQ(0, st_bo_create(self->fd, 4096, 0, &bo));
	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_BO, bo,
				DRM_XE_CBEV_IPC_FD | DRM_XE_CBEV_IPC_TOKEN |
				DRM_XE_CBEV_IPC_GRANT_UID, NOBODY, &x));
	pid = spawn_child((const char *[]){ "reexport", u64s(t0, x.token[0]),
		u64s(t1, x.token[1]), NULL });
	ASSERT_GT(pid, 0);
	EXPECT_EQ(0, child_status(pid));

	/* The fd handed out before: still refused to another uid... */
	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
	sprintf(sk, "%d", sv[1]);
	sprintf(uid, "%d", NOBODY2);
	pid = spawn_child((const char *[]){ "fd-as", uid, sk, "13", NULL });
	ASSERT_GT(pid, 0);
	ASSERT_EQ(0, st_send_fd(sv[0], x.fd));
	EXPECT_EQ(0, child_status(pid));
	/* ...and still open to the granted one, by fd and token. */
	pid = spawn_child((const char *[]){ "as-nobody", t0, t1, sk, "0", NULL });
	ASSERT_GT(pid, 0);
	ASSERT_EQ(0, st_send_fd(sv[0], x.fd));
	EXPECT_EQ(0, child_status(pid));
	close(x.fd);
	close(sv[0]);
	close(sv[1]);
}

/* uid 0 without CAP_SYS_ADMIN is not root for IPC: another uid's token is refused. */
TEST_F(ipc, root_without_cap_sys_admin_refused)
{
	struct drm_xe_cbev_ipc_export x;
	struct drm_xe_cbev_ipc_import m;
	int to_child[2], from_child[2];
	char w[8], r[8], t0[24], t1[24];
	pid_t exporter, pid;

	ASSERT_EQ(0, pipe(to_child));
	ASSERT_EQ(0, pipe(from_child));
	sprintf(w, "%d", from_child[1]);
	sprintf(r, "%d", to_child[0]);
	exporter = spawn_child((const char *[]){ "export-as-nobody", w, r, NULL });
	ASSERT_GT(exporter, 0);
	ASSERT_EQ((ssize_t)sizeof(x), read(from_child[0], &x, sizeof(x)));

	pid = spawn_child((const char *[]){ "nocap-import", u64s(t0, x.token[0]),
		u64s(t1, x.token[1]), "13", NULL });
	ASSERT_GT(pid, 0);
	EXPECT_EQ(0, child_status(pid));
	/* With CAP_SYS_ADMIN, root may. */
	EXPECT_EQ(0, ipc_import(self->fd, x.token, &m));
	EXPECT_EQ(0, st_gem_close(self->fd, m.handle));

	ASSERT_EQ(1, write(to_child[1], "g", 1));
	EXPECT_EQ(0, child_status(exporter));
	close(to_child[0]);
	close(to_child[1]);
	close(from_child[0]);
	close(from_child[1]);
}

/* An importer cannot write the counter: its queue is banned, ours goes on. */
TEST_F(ipc, importer_write_bans_importer_only)
{
	struct drm_xe_cbev_ipc_export x;
	char t0[24], t1[24];
	struct drm_xe_cbev_wait_cond c;
	pid_t pid;

	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, self->ca.id,
				DRM_XE_CBEV_IPC_TOKEN, 0, &x));
	pid = spawn_child((const char *[]){ "write-imported", u64s(t0, x.token[0]),
		u64s(t1, x.token[1]), NULL });
	ASSERT_GT(pid, 0);
	EXPECT_EQ(0, child_status(pid));
	ASSERT_EQ(0, signal_counter(self, 4));
	c = (struct drm_xe_cbev_wait_cond){ .addr = self->ca.id, .value = 4,
		.op = DRM_XE_CBEV_CMP_EQ, .flags = DRM_XE_CBEV_WAIT_COND_COUNTER };
	EXPECT_EQ(0, wait_conds(self->fd, &c, 1, 0, 10 * SEC, self->r.id, NULL));
}

/* The exporter signals and exits; the importer keeps the final value. */
TEST_F(ipc, exporter_exits_importer_keeps_value)
{
	struct drm_xe_cbev_ipc_export x;
	struct drm_xe_cbev_ipc_import m;
	int to_child[2], from_child[2];
	char w[8], r[8];
	volatile uint64_t *v;
	uint64_t off;
	void *map;
	pid_t pid;

	ASSERT_EQ(0, pipe(to_child));
	ASSERT_EQ(0, pipe(from_child));
	sprintf(w, "%d", from_child[1]);
	sprintf(r, "%d", to_child[0]);
	pid = spawn_child((const char *[]){ "exporter-exits", w, r, NULL });
	ASSERT_GT(pid, 0);
	ASSERT_EQ((ssize_t)sizeof(x), read(from_child[0], &x, sizeof(x)));
	ASSERT_EQ(0, ipc_import(self->fd, x.token, &m));
	ASSERT_EQ(0, st_vm_map(self->fd, m.handle, 0, 4096, VA_IMPORT,
				    DRM_XE_CBEV_VM_BIND_READONLY));
	ASSERT_EQ(1, write(to_child[1], "g", 1));
	/* Waiting while the exporter signals and goes away. */
	EXPECT_EQ(0, wait_gte(self->fd, VA_IMPORT + m.offset, 7, 10 * SEC));
	EXPECT_EQ(0, child_status(pid));

	/* The exporter is gone; the memory, its value and waits remain. */
	ASSERT_EQ(0, st_bo_mmap_offset(self->fd, m.handle, &off));
	map = mmap(NULL, 4096, PROT_READ, MAP_SHARED, self->fd, off);
	ASSERT_NE(MAP_FAILED, map);
	v = (volatile uint64_t *)((char *)map + m.offset);
	EXPECT_EQ(7ull, *v);
	EXPECT_EQ(0, wait_gte(self->fd, VA_IMPORT + m.offset, 7, 0));
	/* Its token died with its file. */
	EXPECT_EQ(ENOENT, ipc_import(self->fd, x.token, &m));
	munmap(map, 4096);
	close(to_child[0]);
	close(to_child[1]);
	close(from_child[0]);
	close(from_child[1]);
}

TEST_F(ipc, random_tokens_refused)
{
	struct drm_xe_cbev_ipc_import m;
	__u64 token[2] = { 0, 0 };
	unsigned int seed = 7;
	int i;

	EXPECT_EQ(ENOENT, ipc_import(self->fd, token, &m));
	for (i = 0; i < 1000; i++) {
		token[0] = (uint64_t)rand_r(&seed) << 32 | rand_r(&seed);
		token[1] = (uint64_t)rand_r(&seed) << 32 | rand_r(&seed);
		ASSERT_EQ(ENOENT, ipc_import(self->fd, token, &m));
	}
}

/*
 * Tokens die with what they export: a freed slot's tokens, a closed
 * object's, a revoked one. Imports made before stay good, and the shared
 * slot is not handed out again while an importer holds it.
 */
TEST_F(ipc, tokens_revoked_imports_stay)
{
	struct drm_xe_cbev_counter_alloc b;
	struct drm_xe_cbev_ipc_export x, y;
	struct drm_xe_cbev_ipc_import m, late;
	uint32_t bo;
	int i;

	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, self->ca.id,
				DRM_XE_CBEV_IPC_TOKEN, 0, &x));
	ASSERT_EQ(0, ipc_import(self->fd, x.token, &m));
	ASSERT_EQ(0, st_counter_free(self->fd, self->ca.id));
	EXPECT_EQ(ENOENT, ipc_import(self->fd, x.token, &late)) TH_LOG("freed slot's token");
	for (i = 0; i < 600; i++) {
		ASSERT_EQ(0, st_counter_alloc(self->fd, &b));
		ASSERT_NE(self->ca.gpu_addr, b.gpu_addr) TH_LOG("shared slot reused");
	}
	/* Closing the import lets the slot go; it comes back. */
	ASSERT_EQ(0, st_gem_close(self->fd, m.handle));
	for (i = 0; i < 600; i++) {
		ASSERT_EQ(0, st_counter_alloc(self->fd, &b));
		if (b.gpu_addr == self->ca.gpu_addr)
			break;
	}
	EXPECT_EQ(self->ca.gpu_addr, b.gpu_addr);

	/* Explicit revoke, and memory tokens die with the exporter's handle. */
	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, b.id,
				DRM_XE_CBEV_IPC_TOKEN, 0, &y));
	EXPECT_EQ(0, ipc_revoke(self->fd, y.token));
	EXPECT_EQ(ENOENT, ipc_revoke(self->fd, y.token));
	EXPECT_EQ(ENOENT, ipc_import(self->fd, y.token, &m));
	ASSERT_EQ(0, st_bo_create(self->fd, 4096, 0, &bo));
	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_BO, bo,
				DRM_XE_CBEV_IPC_TOKEN, 0, &y));
	ASSERT_EQ(0, st_gem_close(self->fd, bo));
	EXPECT_EQ(ENOENT, ipc_import(self->fd, y.token, &m));
}

/* Memory: read-write by default, read-only when exported so. */
TEST_F(ipc, memory_export)
{
	struct drm_xe_cbev_ipc_export x;
	struct drm_xe_cbev_ipc_import m;
	uint32_t bo;
	uint32_t *a, *b;
	uint64_t off;
	int fd2 = st_open_render();

	ASSERT_GE(fd2, 0);
	ASSERT_EQ(0, st_bo_create(self->fd, 8192, 0, &bo));
	a = st_bo_map(self->fd, bo, 8192);
	ASSERT_NE(MAP_FAILED, a);

	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_BO, bo,
				DRM_XE_CBEV_IPC_TOKEN, 0, &x));
	ASSERT_EQ(0, ipc_import(fd2, x.token, &m));
	EXPECT_EQ(DRM_XE_CBEV_IPC_KIND_BO, m.kind);
	EXPECT_EQ(0u, m.import_flags);
	EXPECT_EQ(8192ull, m.size);
	b = st_bo_map(fd2, m.handle, 8192);
	ASSERT_NE(MAP_FAILED, b);
	b[1000] = 0xabcd;
	EXPECT_EQ(0xabcdu, a[1000]);
	munmap(b, 8192);

	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_BO, bo,
				DRM_XE_CBEV_IPC_TOKEN | DRM_XE_CBEV_IPC_READONLY, 0, &x));
	ASSERT_EQ(0, ipc_import(fd2, x.token, &m));
	EXPECT_EQ(DRM_XE_CBEV_IPC_IMPORT_READONLY, m.import_flags);
	EXPECT_EQ(MAP_FAILED, st_bo_map(fd2, m.handle, 8192));
	EXPECT_EQ(EACCES, st_vm_map(fd2, m.handle, 0, 8192, VA_IMPORT, 0));
	ASSERT_EQ(0, st_bo_mmap_offset(fd2, m.handle, &off));
	b = mmap(NULL, 8192, PROT_READ, MAP_SHARED, fd2, off);
	ASSERT_NE(MAP_FAILED, b);
	a[2000] = 0x1234;
	EXPECT_EQ(0x1234u, b[2000]);
	munmap(b, 8192);
	munmap(a, 8192);
	close(fd2);
}

/* A buffer exported by fd twice keeps one dma-buf: both fds import alike. */
TEST_F(ipc, memory_fd_export_twice)
{
	struct drm_xe_cbev_ipc_export x1, x2;
	uint32_t bo, h1, h2, h3;
	int fd2 = st_open_render(), pfd;

	ASSERT_GE(fd2, 0);
	ASSERT_EQ(0, st_bo_create(self->fd, 4096, 0, &bo));
	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_BO, bo, DRM_XE_CBEV_IPC_FD, 0, &x1));
	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_BO, bo, DRM_XE_CBEV_IPC_FD, 0, &x2));
	ASSERT_EQ(0, drmPrimeHandleToFD(self->fd, bo, DRM_CLOEXEC, &pfd));
	ASSERT_EQ(0, drmPrimeFDToHandle(fd2, x1.fd, &h1));
	ASSERT_EQ(0, drmPrimeFDToHandle(fd2, x2.fd, &h2));
	ASSERT_EQ(0, drmPrimeFDToHandle(fd2, pfd, &h3));
	EXPECT_EQ(h1, h2);
	EXPECT_EQ(h1, h3);
	close(x1.fd);
	close(x2.fd);
	close(pfd);
	close(fd2);
}

/* A counter's export view has one dma-buf; PRIME cannot make another. */
TEST_F(ipc, view_not_reexported)
{
	struct drm_xe_cbev_ipc_export x;
	struct drm_xe_cbev_ipc_import m;
	int fd2 = st_open_render(), out;

	ASSERT_GE(fd2, 0);
	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, self->ca.id,
				DRM_XE_CBEV_IPC_TOKEN, 0, &x));
	ASSERT_EQ(0, ipc_import(fd2, x.token, &m));
	EXPECT_NE(0, drmPrimeHandleToFD(fd2, m.handle, DRM_CLOEXEC, &out));
	/* Nor is it exported again as memory. */
	EXPECT_EQ(EINVAL, ipc_export(fd2, DRM_XE_CBEV_IPC_KIND_BO, m.handle,
				     DRM_XE_CBEV_IPC_TOKEN, 0, &x));
	close(fd2);
}

/*
 * A shared slot the owner freed with work still pending, and the
 * importer then released, still waits for that work before reuse.
 */
TEST_F(ipc, released_import_waits_for_owner_work)
{
	struct drm_xe_cbev_counter_alloc b;
	struct drm_xe_cbev_ipc_export x;
	struct drm_xe_cbev_ipc_import m;
	struct test_buf gate;
	uint32_t dw[16];
	int i;

	ASSERT_EQ(0, buf_create(self->fd, &gate, 4096, 0));
	ring_emit(&self->r, dw, emit_sem64(dw, gate.gpu, 1, SAD_GTE));
	ring_emit(&self->r, dw, emit_sdi64(dw, self->ca.gpu_addr, 0xbad));
	ring_emit(&self->r, dw, emit_sdi64(dw, gate.gpu + 8, 1));
	ASSERT_EQ(0, ring_submit(&self->r));

	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, self->ca.id,
				DRM_XE_CBEV_IPC_TOKEN, 0, &x));
	ASSERT_EQ(0, ipc_import(self->fd, x.token, &m));
	ASSERT_EQ(0, st_counter_free(self->fd, self->ca.id));
	ASSERT_EQ(0, st_gem_close(self->fd, m.handle));
	for (i = 0; i < 600; i++) {
		ASSERT_EQ(0, st_counter_alloc(self->fd, &b));
		ASSERT_NE(self->ca.gpu_addr, b.gpu_addr) TH_LOG("reused with work pending");
	}
	*(volatile uint64_t *)gate.cpu = 1;
	ASSERT_EQ(0, wait_gte(self->fd, gate.gpu + 8, 1, 10 * SEC));
	munmap(gate.cpu, 4096);
}

TEST_F(ipc, export_invalid)
{
	struct drm_xe_cbev_ipc_export x;

	EXPECT_EQ(ENOENT, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, 12345,
				     DRM_XE_CBEV_IPC_TOKEN, 0, &x));
	EXPECT_EQ(ENOENT, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_BO, 999,
				     DRM_XE_CBEV_IPC_TOKEN, 0, &x));
	EXPECT_EQ(EINVAL, ipc_export(self->fd, 2, self->ca.id, DRM_XE_CBEV_IPC_TOKEN, 0, &x));
	EXPECT_EQ(EINVAL, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, self->ca.id,
				     0, 0, &x)) TH_LOG("neither fd nor token");
	EXPECT_EQ(EINVAL, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, self->ca.id,
				     DRM_XE_CBEV_IPC_TOKEN | 0x10, 0, &x));
	EXPECT_EQ(EINVAL, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, self->ca.id,
				     DRM_XE_CBEV_IPC_TOKEN | DRM_XE_CBEV_IPC_READONLY, 0, &x));
	EXPECT_EQ(EINVAL, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, self->ca.id,
				     DRM_XE_CBEV_IPC_TOKEN, 5, &x)) TH_LOG("uid without grant");
	memset(&x, 0, sizeof(x));
	x.id = self->ca.id;
	x.flags = DRM_XE_CBEV_IPC_TOKEN;
	x.reserved[1] = 1;
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_IPC_EXPORT, &x));
}

/*
 * A user's live tokens are bounded, over all its files; revoking one makes
 * room, and another user is not affected.
 */
TEST_F_TIMEOUT(ipc, token_table_bounded, 300)
{
	const int max = DRM_XE_CBEV_IPC_MAX_TOKENS_PER_USER;
	struct drm_xe_cbev_ipc_export more, x17;
	struct drm_xe_cbev_counter_alloc ca2;
	int fd2 = st_open_render(), i, err = 0;
	int to_child[2], from_child[2];
	char w[8], r[8];
	pid_t pid;

	ASSERT_GE(fd2, 0);
	ASSERT_EQ(0, st_counter_alloc(fd2, &ca2));
	/* Half of them from another file of the same user. */
	for (i = 0; i < max; i++) {
		err = ipc_export(i % 2 ? fd2 : self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER,
				 i % 2 ? ca2.id : self->ca.id, DRM_XE_CBEV_IPC_TOKEN, 0,
				 &more);
		if (err)
			break;
		if (i == 16)
			x17 = more;
	}
	ASSERT_EQ(0, err) TH_LOG("token %d", i);
	EXPECT_EQ(ENOSPC, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, self->ca.id,
				     DRM_XE_CBEV_IPC_TOKEN, 0, &more));
	EXPECT_EQ(ENOSPC, ipc_export(fd2, DRM_XE_CBEV_IPC_KIND_COUNTER, ca2.id,
				     DRM_XE_CBEV_IPC_TOKEN, 0, &more));

	/* Another user still exports. */
	ASSERT_EQ(0, pipe(to_child));
	ASSERT_EQ(0, pipe(from_child));
	sprintf(w, "%d", from_child[1]);
	sprintf(r, "%d", to_child[0]);
	pid = spawn_child((const char *[]){ "export-as-nobody", w, r, NULL });
	ASSERT_GT(pid, 0);
	EXPECT_EQ((ssize_t)sizeof(more), read(from_child[0], &more, sizeof(more)));
	ASSERT_EQ(1, write(to_child[1], "g", 1));
	EXPECT_EQ(0, child_status(pid));

	ASSERT_EQ(0, ipc_revoke(self->fd, x17.token));
	EXPECT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, self->ca.id,
				DRM_XE_CBEV_IPC_TOKEN, 0, &more));
	close(fd2);
	close(to_child[0]);
	close(to_child[1]);
	close(from_child[0]);
	close(from_child[1]);
}

/*
 * Importing one export twice into a file by token gives one handle, as
 * PRIME does for a dma-buf: one reference, one GEM_CLOSE.
 */
TEST_F(ipc, import_twice_same_handle)
{
	struct drm_xe_cbev_ipc_export x, y;
	struct drm_xe_cbev_ipc_import m1, m2;
	int fd2 = st_open_render();
	struct st_totals t0, t1;
	uint32_t bo;

	ASSERT_GE(fd2, 0);
	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_COUNTER, self->ca.id,
				DRM_XE_CBEV_IPC_TOKEN, 0, &x));
	ASSERT_EQ(0, ipc_import(fd2, x.token, &m1));
	ASSERT_EQ(0, ipc_import(fd2, x.token, &m2));
	EXPECT_EQ(m1.handle, m2.handle);
	EXPECT_EQ(m1.offset, m2.offset);
	EXPECT_EQ(m1.import_flags, m2.import_flags);
	EXPECT_EQ(1, st_debugfs_count(fd2, "    handle ")) TH_LOG("one handle in fd2");
	EXPECT_EQ(0, st_gem_close(fd2, m1.handle));
	EXPECT_EQ(EINVAL, st_gem_close(fd2, m2.handle)) TH_LOG("one reference");
	/* Closed: the next import makes a handle again. */
	ASSERT_EQ(0, ipc_import(fd2, x.token, &m1));
	EXPECT_EQ(0, st_gem_close(fd2, m1.handle));

	/* Two tokens of one buffer object shared read-write: one handle. */
	ASSERT_EQ(0, st_bo_create(self->fd, 4096, 0, &bo));
	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_BO, bo,
				DRM_XE_CBEV_IPC_TOKEN, 0, &x));
	ASSERT_EQ(0, ipc_export(self->fd, DRM_XE_CBEV_IPC_KIND_BO, bo,
				DRM_XE_CBEV_IPC_TOKEN, 0, &y));
	ASSERT_EQ(0, ipc_import(fd2, x.token, &m1));
	ASSERT_EQ(0, ipc_import(fd2, y.token, &m2));
	EXPECT_EQ(m1.handle, m2.handle);
	ASSERT_EQ(0, st_totals(fd2, &t0));
	EXPECT_EQ(0, st_gem_close(fd2, m1.handle));
	EXPECT_EQ(EINVAL, st_gem_close(fd2, m2.handle));
	ASSERT_EQ(0, st_totals(fd2, &t1));
	EXPECT_EQ(t0.bos, t1.bos) TH_LOG("the exporter still holds it");
	close(fd2);
}

int main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "--child"))
		return child_main(argc, argv);
	return test_harness_run(argc, argv);
}
