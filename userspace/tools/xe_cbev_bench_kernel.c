// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * xe_cbev_bench_kernel - figures for the kernel half, straight on the uAPI:
 *
 *   counters   allocate+free rate; memory per live counter slot
 *   engine     commands executed per second by the command streamer
 *   wake       latency from an engine store to a waiter returning, and the
 *              CPU time the waiter used: wait ioctl, io_uring, polling
 *   doorbell   cost per submission: exec ioctl, io_uring, io_uring SQPOLL
 *   ipc        export+import round trip (token, dma-buf fd) and the latency
 *              of a first wait in another process on a shared counter
 *   fair       a single store's latency, idle and while another user keeps
 *              two queues busy with 64 MiB fills
 *
 * With the argument "fair-devices" (the module loaded with devices=2), only
 * the last, three ways in one run: idle, with the load on the same device
 * and with the load on the other device (whose engine is its own).
 *
 * Runs inside the test VM (make bench). Prints figures; asserts nothing.
 * One program of about 880 lines on purpose: the benchmarks share the
 * plain uAPI helpers at its top, each benchmark is one short function,
 * and a reader sees every figure's method in one place.
 * Commands are encoded with the command-stream contract, <drm/xe_cbev_cs.h>;
 * the ioctls are called plainly, below.
 */
#include <errno.h>
#include <fcntl.h>
#include <liburing.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include <drm/xe_cbev_cs.h>
#include <drm/xe_cbev_drm.h>

#include "common/render_node.h"

#define SEC		1000000000ll
#define MSEC		1000000ll
#define RING_PAGE	4096u

/* ---- the uAPI, plainly ----------------------------------------------------- */

static int open_render(void)
{
	return xe_cbev_open_render_nth(0);
}

/* ioctl() that returns 0 or the errno. */
static int kioctl(int fd, unsigned long req, void *arg)
{
	return ioctl(fd, req, arg) ? errno : 0;
}

static int gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close c = { .handle = handle };

	return kioctl(fd, DRM_IOCTL_GEM_CLOSE, &c);
}

static int bind_map(int fd, uint32_t handle, uint64_t range, uint64_t addr,
		    uint32_t flags)
{
	struct drm_xe_cbev_vm_bind b = {
		.op = DRM_XE_CBEV_VM_BIND_OP_MAP, .flags = flags,
		.handle = handle, .range = range, .addr = addr,
	};

	return kioctl(fd, DRM_IOCTL_XE_CBEV_VM_BIND, &b);
}

static int slot_alloc(int fd, struct drm_xe_cbev_counter_alloc *a)
{
	memset(a, 0, sizeof(*a));
	return kioctl(fd, DRM_IOCTL_XE_CBEV_COUNTER_ALLOC, a);
}

static int slot_free(int fd, uint32_t id)
{
	struct drm_xe_cbev_counter_free f = { .id = id };

	return kioctl(fd, DRM_IOCTL_XE_CBEV_COUNTER_FREE, &f);
}

/* Wait until the u64 at GPU address @addr is >= @value. */
static int wait_gte(int fd, uint64_t addr, uint64_t value, int64_t timeout_ns)
{
	struct drm_xe_cbev_wait_cond c = {
		.addr = addr, .value = value, .op = DRM_XE_CBEV_CMP_GTE,
	};
	struct drm_xe_cbev_wait w = {
		.conds = (uintptr_t)&c, .num_conds = 1, .timeout_ns = timeout_ns,
	};

	return kioctl(fd, DRM_IOCTL_XE_CBEV_WAIT, &w);
}

/* How many counter pages the device holds, from its debugfs file. */
static int counter_pages(int fd)
{
	int bos, bindings, pages = -1, slots;
	char path[96];
	struct stat st;
	FILE *f;

	if (fstat(fd, &st))
		return -1;
	snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%u/xe_cbev",
		 minor(st.st_rdev));
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "device bos %d bindings %d counter_pages %d counter_slots %d",
		   &bos, &bindings, &pages, &slots) != 4)
		pages = -1;
	fclose(f);
	return pages;
}

/* ---- commands, encoded with the contract, <drm/xe_cbev_cs.h> --------------- */

static unsigned int emit_store64(uint32_t *p, uint64_t addr, uint64_t v)
{
	p[0] = XE_CBEV_MI_STORE_DATA_IMM_QW_DW0;
	p[1] = (uint32_t)addr;
	p[2] = addr >> 32;
	p[3] = (uint32_t)v;
	p[4] = v >> 32;
	return XE_CBEV_MI_STORE_DATA_IMM_QW_DWORDS;
}

static unsigned int emit_wait64(uint32_t *p, uint64_t addr, uint64_t v,
				unsigned int op)
{
	memset(p, 0, XE_CBEV_MI_SEMAPHORE_WAIT_64_DWORDS * 4);
	p[0] = XE_CBEV_MI_SEMAPHORE_WAIT_64_DW0(op);
	p[1] = (uint32_t)v;
	p[2] = v >> 32;
	p[3] = (uint32_t)addr;
	p[4] = addr >> 32;
	return XE_CBEV_MI_SEMAPHORE_WAIT_64_DWORDS;
}

static unsigned int emit_add64(uint32_t *p, uint64_t addr, uint64_t v)
{
	memset(p, 0, XE_CBEV_MI_ATOMIC_INLINE_DWORDS * 4);
	p[0] = xe_cbev_mi_atomic_inline_dw0(XE_CBEV_MI_ATOMIC_QWORD |
					    XE_CBEV_MI_ATOMIC_ADD);
	p[1] = (uint32_t)addr;
	p[2] = addr >> 32;
	p[3] = (uint32_t)v;
	p[5] = v >> 32;
	return XE_CBEV_MI_ATOMIC_INLINE_DWORDS;
}

static unsigned int emit_timestamp(uint32_t *p, uint64_t addr)
{
	memset(p, 0, XE_CBEV_PIPE_CONTROL_DWORDS * 4);
	p[0] = XE_CBEV_PIPE_CONTROL_DW0;
	p[1] = XE_CBEV_PC_POST_SYNC_TIMESTAMP << XE_CBEV_PC_POST_SYNC_SHIFT;
	p[2] = (uint32_t)addr;
	p[3] = addr >> 32;
	return XE_CBEV_PIPE_CONTROL_DWORDS;
}

static unsigned int emit_spin(uint32_t *p, uint64_t ns)
{
	memset(p, 0, XE_CBEV_DISPATCH_DWORDS * 4);
	p[0] = XE_CBEV_DISPATCH_DW0;
	p[XE_CBEV_DISPATCH_DW_KERNEL] = XE_CBEV_BUILTIN_SPIN;
	p[XE_CBEV_DISPATCH_DW_ARG(0)] = (uint32_t)ns;
	p[XE_CBEV_DISPATCH_DW_ARG(0) + 1] = ns >> 32;
	return XE_CBEV_DISPATCH_DWORDS;
}

static unsigned int emit_fill(uint32_t *p, uint64_t dst, uint64_t size,
			      uint64_t pattern, uint64_t psize)
{
	const uint64_t a[4] = { dst, size, pattern, psize };
	unsigned int i;

	memset(p, 0, XE_CBEV_DISPATCH_DWORDS * 4);
	p[0] = XE_CBEV_DISPATCH_DW0;
	p[XE_CBEV_DISPATCH_DW_KERNEL] = XE_CBEV_BUILTIN_FILL;
	for (i = 0; i < 4; i++) {
		p[XE_CBEV_DISPATCH_DW_ARG(i)] = (uint32_t)a[i];
		p[XE_CBEV_DISPATCH_DW_ARG(i) + 1] = a[i] >> 32;
	}
	return XE_CBEV_DISPATCH_DWORDS;
}

/* ---- an exec queue with its ring mapped, and a bound buffer ---------------- */

struct ring {
	int fd;
	uint32_t id;
	uint32_t size;
	uint64_t tail;
	void *map;
	uint32_t *dw;
};

static int ring_create(int fd, struct ring *r, uint32_t size)
{
	struct drm_xe_cbev_exec_queue_create c = {
		.priority = DRM_XE_CBEV_PRIORITY_NORMAL, .ring_size = size,
	};
	int err = kioctl(fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_CREATE, &c);

	if (err)
		return err;
	memset(r, 0, sizeof(*r));
	r->fd = fd;
	r->id = c.exec_queue_id;
	r->size = size;
	r->map = mmap(NULL, RING_PAGE + size, PROT_READ | PROT_WRITE, MAP_SHARED,
		      fd, c.ring_mmap_offset);
	if (r->map == MAP_FAILED)
		return errno;
	r->dw = (uint32_t *)((char *)r->map + RING_PAGE);
	return 0;
}

static void ring_destroy(struct ring *r)
{
	struct drm_xe_cbev_exec_queue_destroy d = { .exec_queue_id = r->id };

	munmap(r->map, RING_PAGE + r->size);
	kioctl(r->fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_DESTROY, &d);
}

/* Write dwords at the tail (wrapping), without submitting. */
static void ring_emit(struct ring *r, const uint32_t *dw, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		r->dw[(r->tail / 4) % (r->size / 4)] = dw[i];
		r->tail += 4;
	}
}

static int ring_submit_batches(struct ring *r, const uint64_t *bb, uint32_t n)
{
	struct drm_xe_cbev_exec e = {
		.exec_queue_id = r->id, .tail = r->tail,
		.num_batches = n, .batches = (uintptr_t)bb,
	};

	return kioctl(r->fd, DRM_IOCTL_XE_CBEV_EXEC, &e);
}

static int ring_submit(struct ring *r)
{
	return ring_submit_batches(r, NULL, 0);
}

/* Store @value at @fence behind everything emitted, and wait for it. */
static int ring_sync(struct ring *r, uint64_t fence, uint64_t value)
{
	uint32_t dw[XE_CBEV_MI_STORE_DATA_IMM_QW_DWORDS];
	int err;

	ring_emit(r, dw, emit_store64(dw, fence, value));
	err = ring_submit(r);
	return err ? err : wait_gte(r->fd, fence, value, 10 * SEC);
}

/* A buffer object mapped on the CPU and bound at the same GPU address. */
struct buf {
	size_t size;
	void *cpu;
	uint64_t gpu;
};

static int buf_create(int fd, struct buf *b, size_t size)
{
	struct drm_xe_cbev_bo_create c = { .size = size };
	struct drm_xe_cbev_bo_mmap_offset o = { 0 };
	int err = kioctl(fd, DRM_IOCTL_XE_CBEV_BO_CREATE, &c);

	if (err)
		return err;
	o.handle = c.handle;
	if ((err = kioctl(fd, DRM_IOCTL_XE_CBEV_BO_MMAP_OFFSET, &o)))
		return err;
	b->size = size;
	b->cpu = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, o.offset);
	if (b->cpu == MAP_FAILED)
		return errno;
	b->gpu = (uintptr_t)b->cpu;
	return bind_map(fd, c.handle, size, b->gpu, 0);
}

/* ---- the figures ---------------------------------------------------------- */

#define LIVE_SLOTS	100000
#define PAIRS		1000000

static int die(const char *what, int err)
{
	fprintf(stderr, "xe_cbev_bench_kernel: %s: %s\n", what, strerror(err));
	exit(1);
}

static uint64_t raw_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * SEC + ts.tv_nsec;
}

static uint64_t thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * SEC + ts.tv_nsec;
}

/* A field of /proc/meminfo, in bytes. */
static long long meminfo(const char *key)
{
	char line[128];
	long long kb = -1;
	FILE *f = fopen("/proc/meminfo", "r");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, key, strlen(key)) && line[strlen(key)] == ':')
			kb = atoll(line + strlen(key) + 1);
	if (f)
		fclose(f);
	return kb * 1024;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void bench_counters(int fd)
{
	static struct drm_xe_cbev_counter_alloc a[LIVE_SLOTS];
	long long free0, slab0, free1, slab1;
	uint64_t t0, dt;
	int i, err, pages;

	t0 = raw_ns();
	for (i = 0; i < PAIRS; i++) {
		if ((err = slot_alloc(fd, &a[0])))
			die("counter alloc", err);
		if ((err = slot_free(fd, a[0].id)))
			die("counter free", err);
	}
	dt = raw_ns() - t0;
	printf("counters: %d alloc+free pairs in %.3f s: %.0f pairs/s, %.0f ns/pair\n",
	       PAIRS, dt / 1e9, PAIRS / (dt / 1e9), (double)dt / PAIRS);

	/* Touch our own array first: only the kernel's memory may count. */
	memset(a, 0, sizeof(a));
	free0 = meminfo("MemFree");
	slab0 = meminfo("Slab");
	for (i = 0; i < LIVE_SLOTS; i++)
		if ((err = slot_alloc(fd, &a[i])))
			die("counter alloc", err);
	free1 = meminfo("MemFree");
	slab1 = meminfo("Slab");
	pages = counter_pages(fd);
	printf("counters: %d live slots in %d pages: counter memory %.1f B/slot; "
	       "system memory used %.1f B/slot (slab %.1f B/slot)\n",
	       LIVE_SLOTS, pages, pages * 4096.0 / LIVE_SLOTS,
	       (double)(free0 - free1) / LIVE_SLOTS,
	       (double)(slab1 - slab0) / LIVE_SLOTS);
	for (i = 0; i < LIVE_SLOTS; i++)
		slot_free(fd, a[i].id);
}

/* Runs a batch of @n copies of one command @reps times; commands/s. */
static void bench_engine_cmd(int fd, struct buf *b, const char *name,
			     const uint32_t *cmd, unsigned int len)
{
	const unsigned int n = 4096, reps = 64;
	uint32_t *bb = b->cpu;
	uint64_t addr = b->gpu, t0, dt, fence = b->gpu + b->size - 8;
	uint64_t batches[DRM_XE_CBEV_EXEC_MAX_BATCHES];
	struct ring r;
	unsigned int i, k = 0;
	int err;

	for (i = 0; i < n; i++, k += len)
		memcpy(bb + k, cmd, len * 4);
	bb[k] = XE_CBEV_MI_BATCH_BUFFER_END_DW0;
	for (i = 0; i < DRM_XE_CBEV_EXEC_MAX_BATCHES; i++)
		batches[i] = addr;

	if ((err = ring_create(fd, &r, 65536)))
		die("queue", err);
	t0 = raw_ns();
	for (i = 0; i < reps; i += DRM_XE_CBEV_EXEC_MAX_BATCHES)
		if ((err = ring_submit_batches(&r, batches, DRM_XE_CBEV_EXEC_MAX_BATCHES)))
			die("exec", err);
	if ((err = ring_sync(&r, fence, 1)))
		die("sync", err);
	dt = raw_ns() - t0;
	printf("engine: %-26s %6.2f M commands/s\n", name,
	       (double)n * reps / (dt / 1e9) / 1e6);
	*(volatile uint64_t *)((char *)b->cpu + b->size - 8) = 0;
	ring_destroy(&r);
}

static void bench_engine(int fd, struct buf *b)
{
	uint32_t cmd[16];

	cmd[0] = XE_CBEV_MI_NOOP_DW0;
	bench_engine_cmd(fd, b, "MI_NOOP", cmd, 1);
	bench_engine_cmd(fd, b, "MI_STORE_DATA_IMM qword", cmd,
			 emit_store64(cmd, b->gpu + b->size - 64, 5));
	bench_engine_cmd(fd, b, "MI_ATOMIC add qword", cmd,
			 emit_add64(cmd, b->gpu + b->size - 64, 1));
	bench_engine_cmd(fd, b, "MI_SEMAPHORE_WAIT_64 (met)", cmd,
			 emit_wait64(cmd, b->gpu + b->size - 64, 0, XE_CBEV_MI_SAD_GTE));
}

enum waiter { W_IOCTL, W_URING, W_POLL };

/*
 * One round: the engine spins @spin_ns, stamps the time and stores 1; the
 * waiter, already waiting, notes when it saw it. Returns the latency;
 * *cpu gets the waiter's CPU time.
 */
static uint64_t wake_round(int fd, struct ring *r, struct buf *b,
			   struct io_uring *ring, enum waiter how,
			   uint64_t spin_ns, uint64_t *cpu, uint64_t *wall)
{
	volatile uint64_t *flag = (uint64_t *)((char *)b->cpu + 64);
	volatile uint64_t *stamp = (uint64_t *)((char *)b->cpu + 128);
	struct drm_xe_cbev_wait_cond c = { .addr = b->gpu + 64, .value = 1 };
	struct drm_xe_cbev_wait w = { .conds = (uintptr_t)&c, .num_conds = 1,
		.timeout_ns = 10 * SEC };
	uint64_t seen, c0;
	uint32_t dw[16];
	int err;

	*flag = 0;
	ring_emit(r, dw, emit_spin(dw, spin_ns));
	ring_emit(r, dw, emit_timestamp(dw, b->gpu + 128));
	ring_emit(r, dw, emit_store64(dw, b->gpu + 64, 1));
	if ((err = ring_submit(r)))
		die("exec", err);

	c0 = thread_cpu_ns();
	*wall = raw_ns();
	switch (how) {
	case W_IOCTL:
		if ((err = kioctl(fd, DRM_IOCTL_XE_CBEV_WAIT, &w)))
			die("wait", err);
		break;
	case W_URING: {
		struct io_uring_sqe *sqe = io_uring_get_sqe(ring);
		struct io_uring_cqe *cqe;

		io_uring_prep_rw(IORING_OP_URING_CMD, sqe, fd, NULL, 0, 0);
		sqe->cmd_op = DRM_XE_CBEV_URING_CMD_WAIT;
		memcpy(sqe->cmd, &w, sizeof(w));
		io_uring_submit(ring);
		if (io_uring_wait_cqe(ring, &cqe) || cqe->res)
			die("uring wait", EIO);
		io_uring_cqe_seen(ring, cqe);
		break;
	}
	case W_POLL:
		while (!*flag)
			;
		break;
	}
	seen = raw_ns();
	*cpu = thread_cpu_ns() - c0;
	*wall = seen - *wall;
	return seen - *stamp;
}

static void bench_wake(int fd, struct buf *b)
{
	static const char *const names[] = { "wait ioctl", "io_uring wait", "user-space poll" };
	enum { ROUNDS = 41 };
	const uint64_t spin = 20 * MSEC;
	struct io_uring ring;
	struct ring r;
	int how, i, err;

	if ((err = ring_create(fd, &r, 65536)))
		die("queue", err);
	if (io_uring_queue_init(8, &ring, IORING_SETUP_SQE128))
		die("io_uring", EIO);
	for (how = W_IOCTL; how <= W_POLL; how++) {
		uint64_t lat[ROUNDS], cpu, wall, cpu_sum = 0, wall_sum = 0;

		for (i = 0; i < ROUNDS; i++) {
			lat[i] = wake_round(fd, &r, b, &ring, how, spin, &cpu, &wall);
			cpu_sum += cpu;
			wall_sum += wall;
		}
		qsort(lat, ROUNDS, sizeof(lat[0]), cmp_u64);
		printf("wake: %-16s median %7.1f us, p90 %7.1f us; waiter used CPU %5.1f%% of its ~%llu ms wait\n",
		       names[how], lat[ROUNDS / 2] / 1e3, lat[ROUNDS * 9 / 10] / 1e3,
		       100.0 * cpu_sum / wall_sum, (unsigned long long)(spin / MSEC));
	}
	io_uring_queue_exit(&ring);
	ring_destroy(&r);
}

static void bench_doorbell(int fd, struct buf *b)
{
	const int n = 20000, batch = 32;
	struct io_uring ring;
	struct ring r;
	uint64_t t0, dt;
	uint32_t dw[1] = { XE_CBEV_MI_NOOP_DW0 };
	int i, k, err, sq;

	/* ioctl: one system call per submission. */
	if ((err = ring_create(fd, &r, 1 << 20)))
		die("queue", err);
	t0 = raw_ns();
	for (i = 0; i < n; i++) {
		ring_emit(&r, dw, 1);
		if ((err = ring_submit(&r)))
			die("exec", err);
	}
	dt = raw_ns() - t0;
	printf("doorbell: exec ioctl          %7.0f ns/submission\n", (double)dt / n);
	ring_sync(&r, b->gpu + 256, 1);

	for (sq = 0; sq < 2; sq++) {
		struct io_uring_params p = { .flags = IORING_SETUP_SQE128 |
			(sq ? IORING_SETUP_SQPOLL : 0), .sq_thread_idle = 100 };
		struct drm_xe_cbev_exec e = { .exec_queue_id = r.id };
		struct io_uring_cqe *cqe;

		if (io_uring_queue_init_params(2 * batch, &ring, &p)) {
			printf("doorbell: io_uring%s unavailable\n", sq ? " SQPOLL" : "");
			continue;
		}
		t0 = raw_ns();
		for (i = 0; i < n; i += batch) {
			for (k = 0; k < batch; k++) {
				struct io_uring_sqe *sqe = io_uring_get_sqe(&ring);

				ring_emit(&r, dw, 1);
				e.tail = r.tail;
				io_uring_prep_rw(IORING_OP_URING_CMD, sqe, fd, NULL, 0, 0);
				sqe->cmd_op = DRM_XE_CBEV_URING_CMD_EXEC;
				memcpy(sqe->cmd, &e, sizeof(e));
			}
			io_uring_submit(&ring);
			for (k = 0; k < batch; k++) {
				if (io_uring_wait_cqe(&ring, &cqe) || cqe->res < 0)
					die("uring exec", cqe ? -cqe->res : EIO);
				io_uring_cqe_seen(&ring, cqe);
			}
		}
		dt = raw_ns() - t0;
		printf("doorbell: io_uring%-11s %7.0f ns/submission (%d per submit)\n",
		       sq ? " SQPOLL" : "", (double)dt / n, batch);
		io_uring_queue_exit(&ring);
	}
	ring_destroy(&r);
}

static void bench_ipc_roundtrip(int fd)
{
	const int n = 2000;
	struct drm_xe_cbev_counter_alloc ca;
	int fd2 = open_render(), i, err, route;
	uint64_t t0, dt;

	if (fd2 < 0 || (err = slot_alloc(fd, &ca)))
		die("ipc setup", fd2 < 0 ? ENODEV : err);
	for (route = 0; route < 2; route++) {
		t0 = raw_ns();
		for (i = 0; i < n; i++) {
			struct drm_xe_cbev_ipc_export x = { .kind = DRM_XE_CBEV_IPC_KIND_COUNTER,
				.id = ca.id, .flags = route ? DRM_XE_CBEV_IPC_FD : DRM_XE_CBEV_IPC_TOKEN };
			struct drm_xe_cbev_ipc_import m = { 0 };
			uint32_t handle;

			if ((err = kioctl(fd, DRM_IOCTL_XE_CBEV_IPC_EXPORT, &x)))
				die("export", err);
			if (route) {
				if (drmPrimeFDToHandle(fd2, x.fd, &handle))
					die("prime import", errno);
				close(x.fd);
			} else {
				struct drm_xe_cbev_ipc_revoke r = { .token = { x.token[0], x.token[1] } };

				m.token[0] = x.token[0];
				m.token[1] = x.token[1];
				if ((err = kioctl(fd2, DRM_IOCTL_XE_CBEV_IPC_IMPORT, &m)))
					die("import", err);
				handle = m.handle;
				kioctl(fd, DRM_IOCTL_XE_CBEV_IPC_REVOKE, &r);
			}
			gem_close(fd2, handle);
		}
		dt = raw_ns() - t0;
		printf("ipc: export+import+close by %-6s %7.1f us per round trip\n",
		       route ? "fd" : "token", dt / 1e3 / n);
	}
	slot_free(fd, ca.id);
	close(fd2);
}

/*
 * A process that imports a counter by token and waits on it for the first
 * time: latency from the exporter's engine store to that wait returning.
 */
static void bench_ipc_first_wait(int fd, struct buf *b)
{
	enum { ROUNDS = 21 };
	volatile uint64_t *stamp = (uint64_t *)((char *)b->cpu + 512);
	uint64_t lat[ROUNDS];
	struct ring r;
	int i, err;

	if ((err = ring_create(fd, &r, 65536)))
		die("queue", err);
	for (i = 0; i < ROUNDS; i++) {
		struct drm_xe_cbev_counter_alloc ca;
		struct drm_xe_cbev_ipc_export x = { .kind = DRM_XE_CBEV_IPC_KIND_COUNTER,
			.flags = DRM_XE_CBEV_IPC_TOKEN };
		int ready[2], back[2];
		uint32_t dw[16];
		uint64_t seen;
		pid_t pid;
		char c;

		if (slot_alloc(fd, &ca) || pipe(ready) || pipe(back))
			die("ipc wait setup", errno);
		x.id = ca.id;
		if ((err = kioctl(fd, DRM_IOCTL_XE_CBEV_IPC_EXPORT, &x)))
			die("export", err);
		pid = fork();
		if (pid == 0) {
			struct drm_xe_cbev_ipc_import m = { .token = { x.token[0], x.token[1] } };
			int cfd = open_render();

			if (cfd < 0 || kioctl(cfd, DRM_IOCTL_XE_CBEV_IPC_IMPORT, &m) ||
			    bind_map(cfd, m.handle, 4096, 0x400000000ull,
				     DRM_XE_CBEV_VM_BIND_READONLY))
				_exit(1);
			if (write(ready[1], "r", 1) != 1 ||
			    wait_gte(cfd, 0x400000000ull + m.offset, 1, 10 * SEC))
				_exit(2);
			seen = raw_ns();
			_exit(write(back[1], &seen, sizeof(seen)) != sizeof(seen));
		}
		if (read(ready[0], &c, 1) != 1)
			die("child", EIO);
		ring_emit(&r, dw, emit_spin(dw, 5 * MSEC));
		ring_emit(&r, dw, emit_timestamp(dw, b->gpu + 512));
		ring_emit(&r, dw, emit_store64(dw, ca.gpu_addr, 1));
		if ((err = ring_submit(&r)))
			die("exec", err);
		if (read(back[0], &seen, sizeof(seen)) != sizeof(seen))
			die("child wait", EIO);
		waitpid(pid, NULL, 0);
		lat[i] = seen - *stamp;
		slot_free(fd, ca.id);
		close(ready[0]);
		close(ready[1]);
		close(back[0]);
		close(back[1]);
	}
	qsort(lat, ROUNDS, sizeof(lat[0]), cmp_u64);
	printf("ipc: first wait in another process: median %.1f us, p90 %.1f us\n",
	       lat[ROUNDS / 2] / 1e3, lat[ROUNDS * 9 / 10] / 1e3);
	ring_destroy(&r);
}

#define FILL_SIZE	(64u << 20)
#define NOBODY		65534

/*
 * The load: as another user (uid 65534 when run as root), on a file of
 * its own on device @dev, two queues each with two 64 MiB fills always in
 * flight, until *stop. Writes 'r' to @ready once the first fills run.
 */
static void fill_load(volatile int *stop, int ready, int dev)
{
	uint64_t sent[2] = { 0, 0 };
	struct ring r[2];
	volatile uint64_t *done;
	struct buf big, marks;
	uint32_t dw[XE_CBEV_DISPATCH_DWORDS];
	int fd, q, err, told = 0;

	if (geteuid() == 0 && (setgid(NOBODY) || setuid(NOBODY)))
		die("setuid", errno);
	fd = xe_cbev_open_render_nth(dev);
	if (fd < 0)
		die("load: no render node", ENODEV);
	if ((err = buf_create(fd, &big, FILL_SIZE)) || (err = buf_create(fd, &marks, 4096)))
		die("load: buffer", err);
	done = marks.cpu;
	*(volatile uint32_t *)((char *)marks.cpu + 2048) = 0x5a5a5a5a;
	for (q = 0; q < 2; q++)
		if ((err = ring_create(fd, &r[q], 4096)))
			die("load: queue", err);
	while (!*stop) {
		for (q = 0; q < 2; q++) {
			if (sent[q] - done[q] >= 2)
				continue;
			ring_emit(&r[q], dw, emit_fill(dw, big.gpu, FILL_SIZE,
						       marks.gpu + 2048, 4));
			ring_emit(&r[q], dw, emit_store64(dw, marks.gpu + 8 * q, ++sent[q]));
			if ((err = ring_submit(&r[q])))
				die("load: exec", err);
		}
		if (!told && (done[0] || done[1])) {
			told = 1;
			if (write(ready, "r", 1) != 1)
				die("load: pipe", errno);
		}
		usleep(1000);
	}
	printf("fair: the load did %llu fills of 64 MiB\n",
	       (unsigned long long)(done[0] + done[1]));
	fflush(stdout);
	_exit(0);
}

/* @n single stores on a queue of the victim's own, each waited for. */
static void victim_stores(struct ring *r, struct buf *b, uint64_t *lat, int n,
			  uint64_t *v)
{
	int i, err;

	for (i = 0; i < n; i++) {
		uint64_t t0 = raw_ns();

		if ((err = ring_sync(r, b->gpu + 256, ++*v)))
			die("victim: store", err);
		lat[i] = raw_ns() - t0;
		usleep(2000);
	}
	qsort(lat, n, sizeof(lat[0]), cmp_u64);
}

/*
 * The victim's stores on @r while the load runs on device @dev: 41 of
 * them, sorted into @lat.
 */
static void fair_under_load(struct ring *r, struct buf *b, uint64_t *lat,
			    int n, uint64_t *v, int dev)
{
	int pipefd[2], status;
	volatile int *stop;
	pid_t pid;
	char c;

	stop = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (stop == MAP_FAILED || pipe(pipefd))
		die("fair: setup", errno);
	*stop = 0;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		die("fork", errno);
	if (pid == 0)
		fill_load(stop, pipefd[1], dev);
	if (read(pipefd[0], &c, 1) != 1)
		die("fair: the load did not start", EIO);
	victim_stores(r, b, lat, n, v);
	*stop = 1;
	waitpid(pid, &status, 0);
	close(pipefd[0]);
	close(pipefd[1]);
	munmap((void *)stop, 4096);
}

static void print_lat(const char *what, const uint64_t *lat, int n)
{
	printf("fair: a single store, %s: median %.2f ms, p90 %.2f ms\n", what,
	       lat[n / 2] / 1e6, lat[n * 9 / 10] / 1e6);
}

/* On device 0; with @devices 2, the load also runs on device 1. */
static void bench_fair(int fd, struct buf *b, int devices)
{
	enum { ROUNDS = 41 };
	uint64_t idle[ROUNDS], same[ROUNDS], other[ROUNDS], v = 0;
	struct ring r;
	int err;

	if ((err = ring_create(fd, &r, 65536)))
		die("victim: queue", err);
	victim_stores(&r, b, idle, ROUNDS, &v);
	fair_under_load(&r, b, same, ROUNDS, &v, 0);
	if (devices > 1)
		fair_under_load(&r, b, other, ROUNDS, &v, 1);

	print_lat("idle", idle, ROUNDS);
	print_lat("while another user runs two queues of 64 MiB fills", same, ROUNDS);
	if (devices > 1) {
		print_lat("while that load runs on the other device", other, ROUNDS);
		printf("fair: other device's load / idle, median: %.2f; same device's / idle: %.2f\n",
		       (double)other[ROUNDS / 2] / idle[ROUNDS / 2],
		       (double)same[ROUNDS / 2] / idle[ROUNDS / 2]);
	}
	ring_destroy(&r);
}

int main(int argc, char **argv)
{
	bool devices_only = argc > 1 && !strcmp(argv[1], "fair-devices");
	int fd = open_render();
	struct buf b;
	int err;

	if (fd < 0)
		die("no xe_cbev render node", ENODEV);
	if ((err = buf_create(fd, &b, 1 << 20)))
		die("buffer", err);
	if (devices_only) {
		int other = xe_cbev_open_render_nth(1);

		if (other < 0)
			die("fair-devices: no second device (load with devices=2)", ENODEV);
		close(other);
		bench_fair(fd, &b, 2);
		return 0;
	}
	bench_counters(fd);
	bench_engine(fd, &b);
	bench_wake(fd, &b);
	bench_doorbell(fd, &b);
	bench_ipc_roundtrip(fd);
	bench_ipc_first_wait(fd, &b);
	bench_fair(fd, &b, 1);
	return 0;
}
