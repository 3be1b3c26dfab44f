/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * Helpers for the engine selftests: exec queues with a mapped ring,
 * command encoders for Documentation/command-stream.rst, and buffers bound
 * at their CPU address.
 */
#ifndef XE_CBEV_ENGINE_UTIL_H
#define XE_CBEV_ENGINE_UTIL_H

#include <stdint.h>
#include <time.h>

#include <drm/xe_cbev_cs.h>

#include "xe_cbev_test_util.h"

#define RING_PAGE	4096u

/* ---- command encoders (dwords written into @p, count returned) ---------- */

#define MI_NOOP			0x00000000u
#define MI_USER_INTERRUPT	0x01000000u
#define MI_ARB_CHECK		0x02800000u
#define MI_BATCH_BUFFER_END	0x05000000u

enum { SAD_GT, SAD_GTE, SAD_LT, SAD_LTE, SAD_EQ, SAD_NEQ };

static inline unsigned int emit_sdi32(uint32_t *p, uint64_t addr, uint32_t v)
{
	p[0] = 0x10000002u;
	p[1] = (uint32_t)addr;
	p[2] = addr >> 32;
	p[3] = v;
	return 4;
}

static inline unsigned int emit_sdi64(uint32_t *p, uint64_t addr, uint64_t v)
{
	p[0] = 0x10200003u;
	p[1] = (uint32_t)addr;
	p[2] = addr >> 32;
	p[3] = (uint32_t)v;
	p[4] = v >> 32;
	return 5;
}

static inline unsigned int emit_sem32(uint32_t *p, uint64_t addr, uint32_t v,
				      unsigned int op)
{
	p[0] = 0x0e000003u | 1u << 15 | op << 12;
	p[1] = v;
	p[2] = (uint32_t)addr;
	p[3] = addr >> 32;
	p[4] = 0;
	return 5;
}

static inline unsigned int emit_sem64(uint32_t *p, uint64_t addr, uint64_t v,
				      unsigned int op)
{
	p[0] = 0x1d800005u | 1u << 15 | op << 12;
	p[1] = (uint32_t)v;
	p[2] = v >> 32;
	p[3] = (uint32_t)addr;
	p[4] = addr >> 32;
	p[5] = 0;
	p[6] = 0;
	return 7;
}

/* MI_ATOMIC: @opcode is the 4-byte opcode; @qword picks the 8-byte form. */
static inline unsigned int emit_atomic(uint32_t *p, uint64_t addr,
				       unsigned int opcode, int qword,
				       uint64_t operand, int inl)
{
	unsigned int i;

	p[0] = 0x17800000u | (opcode + (qword ? 0x20 : 0)) << 8 |
	       (qword ? 1u << 19 : 0) | (inl ? 1u << 18 | 9 : 1);
	p[1] = (uint32_t)addr;
	p[2] = addr >> 32;
	if (!inl)
		return 3;
	for (i = 3; i < 11; i++)
		p[i] = 0;
	p[3] = (uint32_t)operand;
	p[5] = operand >> 32;
	return 11;
}

static inline unsigned int emit_srm(uint32_t *p, uint32_t reg, uint64_t addr)
{
	p[0] = 0x12000002u;
	p[1] = reg;
	p[2] = (uint32_t)addr;
	p[3] = addr >> 32;
	return 4;
}

static inline unsigned int emit_bb_start(uint32_t *p, uint64_t addr,
					 int second_level)
{
	p[0] = 0x18800101u | (second_level ? 1u << 22 : 0);
	p[1] = (uint32_t)addr;
	p[2] = addr >> 32;
	return 3;
}

/* PIPE_CONTROL with post-sync @op (1 immediate, 3 timestamp). */
static inline unsigned int emit_pipe_control(uint32_t *p, unsigned int op,
					     uint64_t addr, uint64_t v,
					     int notify)
{
	p[0] = 0x7a000004u;
	p[1] = 1u << 20 | op << 14 | (notify ? 1u << 8 : 0);
	p[2] = (uint32_t)addr;
	p[3] = addr >> 32;
	p[4] = (uint32_t)v;
	p[5] = v >> 32;
	return 6;
}

enum { K_FILL = 1, K_COPY, K_ADD_U32, K_SCALE_U32, K_CHECKSUM, K_SPIN };

static inline unsigned int emit_dispatch(uint32_t *p, uint32_t kernel,
					 uint64_t a0, uint64_t a1, uint64_t a2,
					 uint64_t a3)
{
	uint64_t a[6] = { a0, a1, a2, a3, 0, 0 };
	unsigned int i;

	p[0] = 0x777f000du;
	p[1] = kernel;
	p[2] = 0;
	for (i = 0; i < 6; i++) {
		p[3 + 2 * i] = (uint32_t)a[i];
		p[4 + 2 * i] = a[i] >> 32;
	}
	return 15;
}

/* XE_CBEV_USER_DISPATCH of @x * @y * @z groups, or @indirect counts. */
static inline unsigned int emit_user_dispatch(uint32_t *p, uint64_t cookie,
					      uint32_t x, uint32_t y, uint32_t z,
					      uint64_t indirect)
{
	p[0] = XE_CBEV_USER_DISPATCH_DW0;
	p[1] = indirect ? XE_CBEV_USER_DISPATCH_INDIRECT : 0;
	p[2] = (uint32_t)cookie;
	p[3] = cookie >> 32;
	p[4] = x;
	p[5] = y;
	p[6] = z;
	p[7] = (uint32_t)indirect;
	p[8] = indirect >> 32;
	return XE_CBEV_USER_DISPATCH_DWORDS;
}

/* ---- exec queues ------------------------------------------------------- */

struct test_ring {
	int fd;
	uint32_t id;
	uint32_t size;
	uint64_t tail;		/* written, maybe not yet submitted */
	uint64_t submitted;
	void *map;
	volatile struct drm_xe_cbev_ring_status *status;
	uint32_t *ring;
};

static inline int queue_create_args(int fd, struct drm_xe_cbev_exec_queue_create *c)
{
	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_CREATE, c);
}

/* Create a queue with create @flags and map its ring; returns the errno. */
static inline int ring_create_flags(int fd, struct test_ring *r, uint32_t size,
				    uint32_t hang_ms, uint32_t flags)
{
	struct drm_xe_cbev_exec_queue_create c = {
		.flags = flags,
		.priority = DRM_XE_CBEV_PRIORITY_NORMAL,
		.ring_size = size,
		.hang_timeout_ms = hang_ms,
	};
	int err = queue_create_args(fd, &c);

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
	r->status = r->map;
	r->ring = (uint32_t *)((char *)r->map + RING_PAGE);
	return 0;
}

/* Export object @id of @kind for @grant (0: this uid); returns the errno. */
static inline int ipc_export(int fd, uint32_t kind, uint32_t id, uint32_t flags,
			     uint32_t grant, struct drm_xe_cbev_ipc_export *x)
{
	memset(x, 0, sizeof(*x));
	x->kind = kind;
	x->id = id;
	x->flags = flags;
	x->grant_uid = grant;
	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_IPC_EXPORT, x);
}

/* Import the object of IPC @token; returns the errno. */
static inline int ipc_import(int fd, const __u64 *token,
			     struct drm_xe_cbev_ipc_import *m)
{
	memset(m, 0, sizeof(*m));
	m->token[0] = token[0];
	m->token[1] = token[1];
	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_IPC_IMPORT, m);
}

/* Create a queue and map its ring; returns the errno. */
static inline int ring_create(int fd, struct test_ring *r, uint32_t size,
			      uint32_t hang_ms)
{
	return ring_create_flags(fd, r, size, hang_ms, 0);
}

static inline int queue_destroy(int fd, uint32_t id)
{
	struct drm_xe_cbev_exec_queue_destroy d = { .exec_queue_id = id };

	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_DESTROY, &d);
}

static inline void ring_unmap(struct test_ring *r)
{
	munmap(r->map, RING_PAGE + r->size);
}

/* Write dwords at the tail (wrapping), without submitting. */
static inline void ring_emit(struct test_ring *r, const uint32_t *dw,
			     unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		r->ring[(r->tail / 4) % (r->size / 4)] = dw[i];
		r->tail += 4;
	}
}

static inline int exec_args(int fd, struct drm_xe_cbev_exec *e)
{
	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_EXEC, e);
}

/* Submit what was emitted, plus optional batches; returns the errno. */
static inline int ring_submit_batches(struct test_ring *r, const uint64_t *bb,
				      uint32_t n, uint64_t *seqno)
{
	struct drm_xe_cbev_exec e = {
		.exec_queue_id = r->id,
		.tail = r->tail,
		.num_batches = n,
		.batches = (uint64_t)(uintptr_t)bb,
	};
	int err = exec_args(r->fd, &e);

	if (!err) {
		r->submitted = r->tail;
		if (seqno)
			*seqno = e.seqno;
	}
	return err;
}

static inline int ring_submit(struct test_ring *r)
{
	return ring_submit_batches(r, NULL, 0, NULL);
}

static inline int queue_state(int fd, uint32_t id,
			      struct drm_xe_cbev_exec_queue_state *s)
{
	memset(s, 0, sizeof(*s));
	s->exec_queue_id = id;
	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_GET_STATE, s);
}

/* ---- memory ------------------------------------------------------------ */

/* A buffer object mapped on the CPU and bound at the same GPU address. */
struct test_buf {
	uint32_t handle;
	size_t size;
	void *cpu;
	uint64_t gpu;
};

static inline int buf_create(int fd, struct test_buf *b, size_t size,
			     uint32_t bind_flags)
{
	int err;

	memset(b, 0, sizeof(*b));
	b->size = size;
	err = st_bo_create(fd, size, 0, &b->handle);
	if (err)
		return err;
	b->cpu = st_bo_map(fd, b->handle, size);
	if (b->cpu == MAP_FAILED)
		return errno;
	b->gpu = (uint64_t)(uintptr_t)b->cpu;
	return st_vm_map(fd, b->handle, 0, size, b->gpu, bind_flags);
}

static inline void buf_destroy(int fd, struct test_buf *b)
{
	st_vm_unmap(fd, b->gpu, b->size);
	munmap(b->cpu, b->size);
	st_gem_close(fd, b->handle);
}

/* ---- waits ------------------------------------------------------------- */

static inline int wait_conds(int fd, struct drm_xe_cbev_wait_cond *c, uint32_t n,
			     uint32_t flags, int64_t timeout_ns, uint32_t queue,
			     uint32_t *index)
{
	struct drm_xe_cbev_wait w = {
		.conds = (uint64_t)(uintptr_t)c,
		.num_conds = n,
		.flags = flags,
		.timeout_ns = timeout_ns,
		.exec_queue_id = queue,
	};
	int err = st_ioctl(fd, DRM_IOCTL_XE_CBEV_WAIT, &w);

	if (index)
		*index = w.index;
	return err;
}

/* Wait until the u64 at GPU address @addr is >= @value. */
static inline int wait_gte(int fd, uint64_t addr, uint64_t value,
			   int64_t timeout_ns)
{
	struct drm_xe_cbev_wait_cond c = {
		.addr = addr, .value = value, .op = DRM_XE_CBEV_CMP_GTE,
	};

	return wait_conds(fd, &c, 1, 0, timeout_ns, 0, NULL);
}

#define SEC	1000000000ll
#define MSEC	1000000ll

static inline uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * SEC + ts.tv_nsec;
}

/*
 * Wait until exec queue @id has completed submission @seqno: its commands
 * have executed and the queue's head has moved past them. (Seeing what a
 * command stored does not say that yet: the engine may still be retiring
 * it.)
 */
static inline int wait_queue_done(int fd, uint32_t id, uint64_t seqno,
				  int64_t timeout_ns)
{
	struct drm_xe_cbev_wait_cond c = {
		.addr = id, .value = seqno, .op = DRM_XE_CBEV_CMP_GTE,
		.flags = DRM_XE_CBEV_WAIT_COND_QUEUE,
	};

	return wait_conds(fd, &c, 1, 0, timeout_ns, 0, NULL);
}

/*
 * Submit a store of @value to @fence (a u64 at a GPU address), wait for it
 * and for the submission to complete: everything emitted before has
 * executed and retired when this returns 0.
 */
static inline int ring_sync(struct test_ring *r, uint64_t fence, uint64_t value)
{
	uint64_t seqno;
	uint32_t dw[5];
	int err;

	ring_emit(r, dw, emit_sdi64(dw, fence, value));
	err = ring_submit_batches(r, NULL, 0, &seqno);
	if (!err)
		err = wait_gte(r->fd, fence, value, 10 * SEC);
	return err ? err : wait_queue_done(r->fd, r->id, seqno, 10 * SEC);
}

/* ---- writers and execution units ------------------------------------- */

/* A command the engine does not know: it bans the queue. */
#define BAD_COMMAND	0x0b000000u

/* DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER; returns the errno. */
static inline int set_writer(int fd, uint64_t addr, uint32_t flags,
			     uint32_t queue)
{
	struct drm_xe_cbev_counter_set_writer a = {
		.addr = addr, .flags = flags, .exec_queue_id = queue,
	};

	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER, &a);
}

/* Ban @r with a command the engine does not know; returns its reason. */
static inline uint32_t ban(struct test_ring *r)
{
	struct drm_xe_cbev_exec_queue_state s;
	uint32_t dw[1] = { BAD_COMMAND };
	uint64_t seqno;

	ring_emit(r, dw, 1);
	if (ring_submit_batches(r, NULL, 0, &seqno) ||
	    wait_queue_done(r->fd, r->id, seqno, 10 * SEC) != EIO ||
	    queue_state(r->fd, r->id, &s))
		return ~0u;
	return s.ban_reason;
}

static inline int eu_wait(int fd, uint32_t flags, struct drm_xe_cbev_eu_wait *w)
{
	memset(w, 0, sizeof(*w));
	w->flags = flags;
	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_EU_WAIT, w);
}

static inline int eu_report(int fd, uint32_t queue, uint64_t seqno,
			    uint32_t status, uint64_t addr)
{
	struct drm_xe_cbev_eu_report r = {
		.exec_queue_id = queue, .seqno = seqno, .status = status,
		.fault_addr = addr,
	};

	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_EU_REPORT, &r);
}

#endif /* XE_CBEV_ENGINE_UTIL_H */
