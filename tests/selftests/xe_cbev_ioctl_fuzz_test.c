// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * Random and boundary values thrown at every field of every ioctl of
 * uapi/drm/xe_cbev_drm.h (and the core GEM_CLOSE and PRIME ioctls) for a
 * bounded time. Each call starts from a plausible argument -- handles,
 * ids, addresses and tokens the two files really have, of the other
 * file, or closed -- then gets some of its 32- and 64-bit words (sizes,
 * counts, offsets, flags, handles, pad, reserved, extensions) replaced by
 * boundary or random values. Each file's direct queue gets commands
 * (stores, user dispatches, no-ops, garbage), tails (sound, backwards,
 * random) and doorbells; the execution-unit ioctls take dispatches and
 * report them complete, faulted or with numbers that were never handed
 * out; and now and then a forked child goes on with the parent's fds,
 * where whatever would reach the parent's memory must be refused. The
 * kernel must survive all of it without a report (the VM harness fails on
 * any), give every object back once the files close, and still work.
 *
 * The seed is printed; XE_CBEV_FUZZ_SEED=N replays a run, and
 * XE_CBEV_FUZZ_SECONDS=N changes its length (default 10).
 *
 * What the kernel writes through user pointers goes only to the fuzzer's
 * scratch buffer or to unmapped addresses, so the fuzzer never corrupts
 * itself; blocking calls are bounded by an interval timer whose signal
 * interrupts them.
 */
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/time.h>
#include <sys/wait.h>

#include <drm/xe_cbev_cs.h>

#include "xe_cbev_engine_util.h"
#include "kselftest_harness.h"

#define POOL		64
#define SCRATCH_SIZE	(64 * 1024)
#define VA_BASE		0x200000000ull
#define BO_MAX_KEPT	(64 * 1024)	/* larger new objects are closed at once */

struct fuzz {
	unsigned int seed;
	int fd[2];
	uint32_t handles[2][POOL];	/* live, other file's, or closed */
	uint32_t counters[2][POOL];
	uint32_t queues[2][POOL];
	uint64_t addrs[POOL];		/* GPU addresses bound in fd[0] */
	__u64 tokens[POOL][2];
	int dmabufs[POOL];		/* dma-buf fds kept to import */
	uint8_t *scratch;		/* what user pointers point at */
	struct test_ring direct[2];	/* a direct queue of each file */
	bool child;			/* a forked child: no ring mappings */
	unsigned long calls, ok;
};

static uint64_t rnd64(struct fuzz *f)
{
	return (uint64_t)rand_r(&f->seed) << 42 ^ (uint64_t)rand_r(&f->seed) << 21 ^
	       rand_r(&f->seed);
}

static unsigned int rnd(struct fuzz *f, unsigned int n)
{
	return rand_r(&f->seed) % n;
}

/* A boundary value, a value from the pools, or random bits. */
static uint64_t fuzz_value(struct fuzz *f)
{
	static const uint64_t edges[] = {
		0, 1, 2, 3, 4, 7, 8, 15, 16, 63, 64, 0xfff, 0x1000, 0x1001,
		0x10000, 0x100000, 0x7fffffff, 0x80000000, 0xfffff000, 0xffffffff,
		0x100000000ull, 0x1000000000ull, 1ull << 36, (1ull << 36) + 0x1000,
		(1ull << 47) - 0x1000, 1ull << 47, 1ull << 48, 1ull << 63,
		~0ull - 0xfff, ~0ull - 1, ~0ull,
	};

	switch (rnd(f, 6)) {
	case 0:
	case 1:
		return edges[rnd(f, sizeof(edges) / sizeof(edges[0]))];
	case 2:
		return f->handles[rnd(f, 2)][rnd(f, POOL)];
	case 3:
		return f->counters[rnd(f, 2)][rnd(f, POOL)];
	case 4:
		return f->addrs[rnd(f, POOL)] + rnd(f, 3) * 4096 - 4096;
	default:
		return rnd(f, 2) ? rnd64(f) : rnd(f, 64);
	}
}

/* A user pointer: the scratch buffer (somewhere in it) or no memory at all. */
static uint64_t fuzz_pointer(struct fuzz *f)
{
	static const uint64_t bad[] = {
		0, 1, 0xfff, 0x1000, 0xdead0000, 0x7fffffffe000ull,
		0x800000000000ull, 0xffff888000000000ull, ~0ull - 7,
	};

	if (rnd(f, 4))
		return (uintptr_t)f->scratch + (rnd(f, 4) ? 0 : rnd(f, SCRATCH_SIZE / 2) & ~7u);
	return bad[rnd(f, sizeof(bad) / sizeof(bad[0]))];
}

/*
 * Replace 0 to 3 aligned words of @arg (of @size bytes) by fuzzed values,
 * except the @nptr pointer fields at @ptr_offs, which get fuzz_pointer().
 */
static void mutate(struct fuzz *f, void *arg, size_t size,
		   const size_t *ptr_offs, unsigned int nptr)
{
	unsigned int n = rnd(f, 4), i, k;

	for (i = 0; i < n; i++) {
		size_t off = rnd(f, size / 4) * 4;
		int ptr = -1;

		for (k = 0; k < nptr; k++)
			if (off >= ptr_offs[k] && off < ptr_offs[k] + 8)
				ptr = k;
		if (ptr >= 0) {
			uint64_t p = fuzz_pointer(f);

			memcpy((char *)arg + ptr_offs[ptr], &p, 8);
		} else if (off % 8 == 0 && off + 8 <= size && rnd(f, 2)) {
			uint64_t v = fuzz_value(f);

			memcpy((char *)arg + off, &v, 8);
		} else {
			uint32_t v = fuzz_value(f);

			memcpy((char *)arg + off, &v, 4);
		}
	}
}

static int pick_fd(struct fuzz *f, int *which)
{
	*which = rnd(f, 4) == 0;
	return f->fd[*which];
}

static void keep(uint32_t *pool, uint32_t v, struct fuzz *f)
{
	pool[rnd(f, POOL)] = v;
}

static void close_fd_out(int fd)
{
	if (fd > 2)
		close(fd);
}

/* A random, mostly plausible, wait condition. */
static void fuzz_cond(struct fuzz *f, struct drm_xe_cbev_wait_cond *c, int w)
{
	memset(c, 0, sizeof(*c));
	switch (rnd(f, 3)) {
	case 0:
		c->addr = f->counters[w][rnd(f, POOL)];
		c->flags = DRM_XE_CBEV_WAIT_COND_COUNTER;
		break;
	case 1:
		c->addr = f->queues[w][rnd(f, POOL)];
		c->flags = DRM_XE_CBEV_WAIT_COND_QUEUE;
		break;
	default:
		c->addr = f->addrs[rnd(f, POOL)];
		break;
	}
	c->op = rnd(f, 7);
	c->value = rnd(f, 3) ? 0 : fuzz_value(f);
	if (!rnd(f, 4))
		mutate(f, c, sizeof(*c), NULL, 0);
}

/* Mutate @a; the offsets given are user pointer fields. */
#define MUTATE_PTRS(f, a, ...) do {					\
	static const size_t offs_[] = { __VA_ARGS__ };			\
	mutate(f, &(a), sizeof(a), offs_, sizeof(offs_) / sizeof(offs_[0])); \
} while (0)
#define MUTATE(f, a)	mutate(f, &(a), sizeof(a), NULL, 0)

/* Commands a direct ring gets: mostly sound ones, dispatches among them. */
static void fuzz_ring(struct fuzz *f, struct test_ring *r)
{
	uint32_t dw[16];
	unsigned int n, i;

	switch (rnd(f, 4)) {
	case 0:
		n = emit_sdi64(dw, f->addrs[rnd(f, 8)], fuzz_value(f));
		break;
	case 1: {
		uint32_t g[3];

		for (i = 0; i < 3; i++)
			g[i] = rnd(f, 3) ? 1 + rnd(f, 3) : fuzz_value(f);
		n = emit_user_dispatch(dw, rnd64(f), g[0], g[1], g[2], 0);
		break;
	}
	case 2:
		n = 1 + rnd(f, 8);
		for (i = 0; i < n; i++)
			dw[i] = MI_NOOP;
		break;
	default:
		n = 1 + rnd(f, 4);
		for (i = 0; i < n; i++)
			dw[i] = fuzz_value(f);
		break;
	}
	ring_emit(r, dw, n);
}

/* The direct queue of file @w: commands, a tail (mostly sound), a doorbell. */
static int fuzz_direct(struct fuzz *f, int w)
{
	struct test_ring *r = &f->direct[w];
	struct drm_xe_cbev_exec_queue_wake a = { .exec_queue_id = r->id };
	uint64_t tail;

	if (f->child || !r->map)
		return -1;	/* the ring is not mapped in a forked child */
	/* Room for a few commands, as a ring user must leave. */
	if (r->tail + 64 - __atomic_load_n(&r->status->head, __ATOMIC_ACQUIRE) <= r->size)
		fuzz_ring(f, r);
	switch (rnd(f, 8)) {
	case 0:
		tail = fuzz_value(f);
		break;
	case 1:
		tail = r->tail + 4 * rnd(f, 3) - 4;
		break;
	default:
		tail = r->tail;
		break;
	}
	__atomic_store_n(&r->status->user_tail, tail, __ATOMIC_RELEASE);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (rnd(f, 2))
		return 0;
	MUTATE(f, a);
	return st_ioctl(f->fd[w], DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE, &a);
}

/* Execution units: take a dispatch and report it, or report at random. */
static int fuzz_eu(struct fuzz *f, int fd, int w)
{
	struct drm_xe_cbev_eu_wait t = { .flags = DRM_XE_CBEV_EU_WAIT_NONBLOCK };
	struct drm_xe_cbev_eu_report r = { 0 };
	int err;

	switch (rnd(f, 4)) {
	case 0: {
		struct drm_xe_cbev_eu_stop a = {
			.flags = rnd(f, 4) ? DRM_XE_CBEV_EU_STOP_RESUME : 0,
		};

		MUTATE(f, a);
		return st_ioctl(fd, DRM_IOCTL_XE_CBEV_EU_STOP, &a);
	}
	case 1:
		r.exec_queue_id = rnd(f, 2) ? f->direct[w].id : f->queues[w][rnd(f, POOL)];
		r.seqno = rnd(f, 2) ? 1 + rnd(f, 64) : fuzz_value(f);
		break;
	default:
		if (rnd(f, 8) == 0)
			MUTATE(f, t);
		err = st_ioctl(fd, DRM_IOCTL_XE_CBEV_EU_WAIT, &t);
		if (err)
			return err;
		r.exec_queue_id = t.exec_queue_id;
		r.seqno = t.seqno;
		break;
	}
	r.status = rnd(f, 4) ? DRM_XE_CBEV_EU_REPORT_COMPLETE : DRM_XE_CBEV_EU_REPORT_FAULT;
	if (r.status == DRM_XE_CBEV_EU_REPORT_FAULT)
		r.fault_addr = fuzz_value(f);
	if (rnd(f, 8) == 0)
		MUTATE(f, r);
	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_EU_REPORT, &r);
}

static int one_call(struct fuzz *f);

/*
 * A forked child goes on with the parent's fds for a while: everything
 * that would reach the parent's memory is refused, the rest works.
 */
static int fuzz_fork(struct fuzz *f)
{
	int status, i;
	pid_t pid;

	if (f->child || rnd(f, 16))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		/* Handlers are inherited, interval timers are not. */
		struct itimerval it = {
			.it_interval = { 0, 20000 }, .it_value = { 0, 20000 },
		};

		setitimer(ITIMER_REAL, &it, NULL);
		f->child = true;
		for (i = 0; i < 200; i++)
			one_call(f);
		_exit(0);
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : -1;
}

static int one_call(struct fuzz *f)
{
	unsigned int op = rnd(f, 24);
	int w, fd = pick_fd(f, &w), err;

	switch (op) {
	case 0: {
		struct drm_xe_cbev_device_query a = {
			.size = rnd(f, 2) ? 0 : 4096,
			.data = (uintptr_t)f->scratch,
		};

		MUTATE_PTRS(f, a, offsetof(struct drm_xe_cbev_device_query, data));
		return st_ioctl(fd, DRM_IOCTL_XE_CBEV_DEVICE_QUERY, &a);
	}
	case 1: {
		struct drm_xe_cbev_bo_create a = {
			.size = 4096ull << rnd(f, 5),
			.flags = rnd(f, 4),
		};

		MUTATE(f, a);
		err = st_ioctl(fd, DRM_IOCTL_XE_CBEV_BO_CREATE, &a);
		if (!err && a.size > BO_MAX_KEPT)
			st_gem_close(fd, a.handle);
		else if (!err)
			keep(f->handles[w], a.handle, f);
		return err;
	}
	case 2: {
		struct drm_xe_cbev_bo_mmap_offset a = {
			.handle = f->handles[w][rnd(f, POOL)],
		};

		MUTATE(f, a);
		return st_ioctl(fd, DRM_IOCTL_XE_CBEV_BO_MMAP_OFFSET, &a);
	}
	case 3: {
		uint64_t addr = VA_BASE + rnd(f, 4096) * 4096ull;
		struct drm_xe_cbev_vm_bind a = {
			.op = rnd(f, 3) ? DRM_XE_CBEV_VM_BIND_OP_MAP :
					  DRM_XE_CBEV_VM_BIND_OP_UNMAP,
			.handle = f->handles[w][rnd(f, POOL)],
			.range = 4096ull << rnd(f, 3),
			.addr = addr,
			.flags = rnd(f, 2),
		};

		if (a.op == DRM_XE_CBEV_VM_BIND_OP_UNMAP)
			a.handle = a.flags = 0;
		MUTATE(f, a);
		err = st_ioctl(fd, DRM_IOCTL_XE_CBEV_VM_BIND, &a);
		if (!err && !w && a.op == DRM_XE_CBEV_VM_BIND_OP_MAP)
			f->addrs[rnd(f, POOL)] = a.addr;
		return err;
	}
	case 4: {
		struct drm_xe_cbev_counter_alloc a = { 0 };

		MUTATE(f, a);
		err = st_ioctl(fd, DRM_IOCTL_XE_CBEV_COUNTER_ALLOC, &a);
		if (!err)
			keep(f->counters[w], a.id, f);
		return err;
	}
	case 5: {
		struct drm_xe_cbev_counter_free a = {
			.id = f->counters[w][rnd(f, POOL)],
		};

		MUTATE(f, a);
		return st_ioctl(fd, DRM_IOCTL_XE_CBEV_COUNTER_FREE, &a);
	}
	case 6: {
		struct drm_xe_cbev_counter_set a = {
			.id = f->counters[w][rnd(f, POOL)],
			.value = fuzz_value(f),
		};

		MUTATE(f, a);
		return st_ioctl(fd, DRM_IOCTL_XE_CBEV_COUNTER_SET, &a);
	}
	case 7: {
		struct drm_xe_cbev_exec_queue_create a = {
			.priority = rnd(f, 3),
			.ring_size = 4096u << rnd(f, 3),
			.hang_timeout_ms = 10 + rnd(f, 100),
			.flags = rnd(f, 2),
		};

		MUTATE(f, a);
		err = st_ioctl(fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_CREATE, &a);
		if (!err)
			keep(f->queues[w], a.exec_queue_id, f);
		return err;
	}
	case 8: {
		struct drm_xe_cbev_exec_queue_destroy a = {
			.exec_queue_id = f->queues[w][rnd(f, POOL)],
		};

		MUTATE(f, a);
		return st_ioctl(fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_DESTROY, &a);
	}
	case 9: {
		uint64_t *bb = (uint64_t *)f->scratch;
		struct drm_xe_cbev_exec a = {
			.exec_queue_id = f->queues[w][rnd(f, POOL)],
			.num_batches = rnd(f, 3),
			.tail = rnd(f, 2) ? 0 : rnd(f, 64) * 4,
			.batches = (uintptr_t)bb,
		};

		bb[0] = f->addrs[rnd(f, POOL)];
		bb[1] = fuzz_value(f);
		MUTATE_PTRS(f, a, offsetof(struct drm_xe_cbev_exec, batches));
		return st_ioctl(fd, DRM_IOCTL_XE_CBEV_EXEC, &a);
	}
	case 10: {
		struct drm_xe_cbev_wait_cond *c = (void *)f->scratch;
		struct drm_xe_cbev_wait a = {
			.conds = (uintptr_t)c,
			.num_conds = 1 + rnd(f, 4),
			.flags = rnd(f, 2),
			.timeout_ns = rnd(f, 2) ? 0 : 1000000,
			.exec_queue_id = rnd(f, 2) ? 0 : f->queues[w][rnd(f, POOL)],
		};
		unsigned int i;

		for (i = 0; i < 4; i++)
			fuzz_cond(f, &c[i], w);
		MUTATE_PTRS(f, a, offsetof(struct drm_xe_cbev_wait, conds));
		return st_ioctl(fd, DRM_IOCTL_XE_CBEV_WAIT, &a);
	}
	case 11: {
		struct drm_xe_cbev_sync_file_export a = { .fd = 0 };

		fuzz_cond(f, &a.cond, w);
		MUTATE(f, a);
		err = st_ioctl(fd, DRM_IOCTL_XE_CBEV_SYNC_FILE_EXPORT, &a);
		if (!err)
			close_fd_out(a.fd);
		return err;
	}
	case 12: {
		struct drm_xe_cbev_exec_queue_state a = {
			.exec_queue_id = f->queues[w][rnd(f, POOL)],
		};

		MUTATE(f, a);
		return st_ioctl(fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_GET_STATE, &a);
	}
	case 13: {
		struct drm_xe_cbev_ipc_export a = {
			.kind = rnd(f, 2),
			.flags = 1 + rnd(f, 15),
			.fd = 0,
		};

		a.id = a.kind ? f->handles[w][rnd(f, POOL)] : f->counters[w][rnd(f, POOL)];
		if (!(a.flags & DRM_XE_CBEV_IPC_GRANT_UID))
			a.grant_uid = 0;
		else
			a.grant_uid = 65534;
		MUTATE(f, a);
		err = st_ioctl(fd, DRM_IOCTL_XE_CBEV_IPC_EXPORT, &a);
		if (!err && (a.flags & DRM_XE_CBEV_IPC_FD)) {
			unsigned int slot = rnd(f, POOL);

			close_fd_out(f->dmabufs[slot]);
			f->dmabufs[slot] = a.fd;
		}
		if (!err && (a.flags & DRM_XE_CBEV_IPC_TOKEN))
			memcpy(f->tokens[rnd(f, POOL)], a.token, sizeof(a.token));
		return err;
	}
	case 14: {
		unsigned int t = rnd(f, POOL);
		struct drm_xe_cbev_ipc_import a = {
			.token = { f->tokens[t][0], f->tokens[t][1] },
		};

		MUTATE(f, a);
		err = st_ioctl(fd, DRM_IOCTL_XE_CBEV_IPC_IMPORT, &a);
		if (!err)
			keep(f->handles[w], a.handle, f);
		return err;
	}
	case 15: {
		unsigned int t = rnd(f, POOL);
		struct drm_xe_cbev_ipc_revoke a = {
			.token = { f->tokens[t][0], f->tokens[t][1] },
		};

		MUTATE(f, a);
		return st_ioctl(fd, DRM_IOCTL_XE_CBEV_IPC_REVOKE, &a);
	}
	case 18: {
		struct drm_xe_cbev_counter_set_writer a = {
			.addr = rnd(f, 2) ? f->counters[w][rnd(f, POOL)] : f->addrs[rnd(f, POOL)],
			.exec_queue_id = rnd(f, 4) ? f->queues[w][rnd(f, POOL)] : 0,
		};

		a.flags = a.addr >> 32 ? 0 : DRM_XE_CBEV_SET_WRITER_COUNTER;
		MUTATE(f, a);
		return st_ioctl(fd, DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER, &a);
	}
	case 16: {
		struct drm_gem_close a = { .handle = f->handles[w][rnd(f, POOL)] };

		MUTATE(f, a);
		return st_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &a);
	}
	case 17: {
		struct drm_prime_handle a = {
			.handle = f->handles[w][rnd(f, POOL)],
			.flags = DRM_CLOEXEC | (rnd(f, 2) ? DRM_RDWR : 0),
		};

		MUTATE(f, a);
		err = st_ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &a);
		if (!err) {
			unsigned int slot = rnd(f, POOL);

			close_fd_out(f->dmabufs[slot]);
			f->dmabufs[slot] = a.fd;
		}
		return err;
	}
	case 20:
		return fuzz_direct(f, w);
	case 21:
	case 22:
		return fuzz_eu(f, fd, w);
	case 23:
		return fuzz_fork(f);
	default: {
		struct drm_prime_handle a = {
			.fd = rnd(f, 8) ? f->dmabufs[rnd(f, POOL)] : (int)fuzz_value(f),
		};

		MUTATE(f, a);
		/* Never an fd of the fuzzer's own that is not a dma-buf of ours. */
		if (a.fd >= 0 && a.fd <= 2)
			a.fd = -1;
		err = st_ioctl(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &a);
		if (!err)
			keep(f->handles[w], a.handle, f);
		return err;
	}
	}
}

static void on_alarm(int sig)
{
}

/* The pools start with a few real objects of each file. */
static int fuzz_setup(struct fuzz *f)
{
	unsigned int i, w;
	int err;

	for (w = 0; w < 2; w++) {
		for (i = 0; i < 8; i++) {
			struct drm_xe_cbev_counter_alloc ca;
			uint32_t h;

			err = st_bo_create(f->fd[w], 4096 << (i % 4), 0, &h);
			if (err)
				return err;
			f->handles[w][i] = h;
			if (!w) {
				f->addrs[i] = VA_BASE + (1ull << 30) + i * (1ull << 20);
				err = st_vm_map(f->fd[0], h, 0, 4096, f->addrs[i], 0);
				if (err)
					return err;
			}
			err = st_counter_alloc(f->fd[w], &ca);
			if (err)
				return err;
			f->counters[w][i] = ca.id;
		}
		for (i = 0; i < 2; i++) {
			struct drm_xe_cbev_exec_queue_create c = {
				.ring_size = 4096, .hang_timeout_ms = 50,
			};

			err = queue_create_args(f->fd[w], &c);
			if (err)
				return err;
			f->queues[w][i] = c.exec_queue_id;
		}
		err = ring_create_flags(f->fd[w], &f->direct[w], 4096, 50,
					DRM_XE_CBEV_EXEC_QUEUE_CREATE_DIRECT);
		if (err)
			return err;
		f->queues[w][2] = f->direct[w].id;
	}
	/* Handles of the other file, and some that were closed. */
	for (i = 0; i < 4; i++) {
		f->handles[0][8 + i] = f->handles[1][i];
		f->handles[1][8 + i] = f->handles[0][i];
	}
	if (st_bo_create(f->fd[0], 4096, 0, &f->handles[0][12]))
		return -1;
	st_gem_close(f->fd[0], f->handles[0][12]);
	for (i = 0; i < POOL; i++)
		f->dmabufs[i] = -1;
	return 0;
}

FIXTURE(ioctl_fuzz) {
	int unused;
};

FIXTURE_SETUP(ioctl_fuzz)
{
}

FIXTURE_TEARDOWN(ioctl_fuzz)
{
}

TEST_F_TIMEOUT(ioctl_fuzz, random_arguments_survive, 180)
{
	const char *env_seed = getenv("XE_CBEV_FUZZ_SEED");
	const char *env_secs = getenv("XE_CBEV_FUZZ_SECONDS");
	unsigned int secs = env_secs ? atoi(env_secs) : 10;
	struct itimerval it = { .it_interval = { 0, 20000 }, .it_value = { 0, 20000 } };
	struct sigaction sa = { .sa_handler = on_alarm };	/* no SA_RESTART */
	struct st_totals before, after;
	static struct fuzz f;
	uint64_t t0 = now_ns();
	struct test_ring r;
	struct test_buf b;
	uint32_t dw[8];
	unsigned int i;
	int fd, tries;

	f.seed = env_seed ? strtoul(env_seed, NULL, 0) : (unsigned int)time(NULL);
	TH_LOG("seed %u (replay: XE_CBEV_FUZZ_SEED=%u), %u s", f.seed, f.seed, secs);
	printf("# ioctl fuzz seed %u\n", f.seed);

	ASSERT_EQ(0, st_totals_now(&before));
	f.scratch = mmap(NULL, SCRATCH_SIZE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, f.scratch);
	f.fd[0] = st_open_render();
	f.fd[1] = st_open_render();
	ASSERT_GE(f.fd[0], 0);
	ASSERT_GE(f.fd[1], 0);
	ASSERT_EQ(0, fuzz_setup(&f));

	ASSERT_EQ(0, sigaction(SIGALRM, &sa, NULL));
	ASSERT_EQ(0, setitimer(ITIMER_REAL, &it, NULL));
	while (now_ns() - t0 < secs * SEC) {
		f.ok += !one_call(&f);
		f.calls++;
	}
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	TH_LOG("%lu calls, %lu succeeded", f.calls, f.ok);
	EXPECT_GT(f.calls, 1000ul);

	for (i = 0; i < POOL; i++)
		close_fd_out(f.dmabufs[i]);
	ring_unmap(&f.direct[0]);
	ring_unmap(&f.direct[1]);
	close(f.fd[0]);
	close(f.fd[1]);
	munmap(f.scratch, SCRATCH_SIZE);

	/* Everything comes back; exported fences may take their timeout. */
	for (tries = 0; tries < 450; tries++) {
		if (st_totals_now(&after) || !memcmp(&before, &after, sizeof(before)))
			break;
		usleep(100000);
	}
	ASSERT_EQ(0, st_totals_now(&after));
	EXPECT_TOTALS_EQ(before, after);

	/* And the device still works. */
	fd = st_open_render();
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, buf_create(fd, &b, 4096, 0));
	ASSERT_EQ(0, ring_create(fd, &r, 4096, 0));
	ring_emit(&r, dw, emit_sdi64(dw, b.gpu, 77));
	ASSERT_EQ(0, ring_submit(&r));
	EXPECT_EQ(0, wait_gte(fd, b.gpu, 77, 10 * SEC));
	ring_unmap(&r);
	munmap(b.cpu, 4096);
	close(fd);
}

TEST_HARNESS_MAIN
