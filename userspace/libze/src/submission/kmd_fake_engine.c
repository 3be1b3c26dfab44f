// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: fake engine
 *
 * The engine of the fake backend (kmd_fake_ioctl.c): it runs the rings of every
 * live queue in the calling thread, under the fake's lock, until none can
 * go on. A MI_SEMAPHORE_WAIT that does not hold leaves its queue there; a
 * fault (an address outside the bindings and counter pages, a write to a
 * read-only binding, a command the encoder does not write, too deep a
 * batch) bans the queue, as the module does.
 *
 * Commands are recognised by their first dword as the library's own
 * encoder (encoder.h) writes them, so the fake knows no opcode the encoder
 * does not; the operand offsets follow Documentation/command-stream.rst.
 * Batches: a MI_BATCH_BUFFER_START from the ring or a second-level one
 * enters a batch, a first-level one from a batch jumps, MI_BATCH_BUFFER_END
 * returns; the ring's head passes a batch start when its batch returns.
 */

#include <string.h>

#include <zex_builtins.h>

#include "submission/kmd_fake_private.h"

enum fake_op {
	FAKE_NOOP,
	FAKE_BB_END,
	FAKE_BB_START,
	FAKE_BB_CALL,
	FAKE_STORE_QW,
	FAKE_SEMAPHORE,
	FAKE_ATOMIC_ADD,
	FAKE_TIMESTAMP,
	FAKE_DISPATCH,
};

/* A command header as the encoder writes it. */
struct fake_cmd {
	uint32_t dw0;
	uint32_t dw1;		/* PIPE_CONTROL: the post-sync dword */
	unsigned int ndw;
	enum fake_op op;
	enum xe_sem_op sem;
};

#define FAKE_NUM_CMDS	14

/* ---- the command table, from the encoder ------------------------------ */

static struct fake_cmd cmds[FAKE_NUM_CMDS];
static bool cmds_ready;

static void cmds_init(void)
{
	uint32_t cs[FAKE_CMD_MAX_DWORDS];
	const uint64_t args[XE_DISPATCH_NUM_ARGS] = { 0 };
	struct fake_cmd *c = cmds;
	int op;

	if (cmds_ready)
		return;
#define ADD(emit, n, kind, ...) do {					\
		memset(cs, 0, sizeof(cs));				\
		emit;							\
		*c++ = (struct fake_cmd){ .dw0 = cs[0], .dw1 = cs[1],	\
					  .ndw = (n), .op = (kind),	\
					  __VA_ARGS__ };		\
	} while (0)
	ADD(xe_emit_noop(cs), XE_MI_NOOP_DWORDS, FAKE_NOOP);
	ADD(xe_emit_bb_end(cs), XE_MI_BATCH_BUFFER_END_DWORDS, FAKE_BB_END);
	ADD(xe_emit_bb_start(cs, 0, false), XE_MI_BATCH_BUFFER_START_DWORDS,
	    FAKE_BB_START);
	ADD(xe_emit_bb_start(cs, 0, true), XE_MI_BATCH_BUFFER_START_DWORDS,
	    FAKE_BB_CALL);
	ADD(xe_emit_store_qword(cs, 0, 0), XE_MI_STORE_DATA_IMM_QW_DWORDS,
	    FAKE_STORE_QW);
	for (op = XE_SEM_GT; op <= XE_SEM_NEQ; op++)
		ADD(xe_emit_semaphore_wait64(cs, 0, op, 0),
		    XE_MI_SEMAPHORE_WAIT_64_DWORDS, FAKE_SEMAPHORE, .sem = op);
	ADD(xe_emit_atomic_add64(cs, 0, 0), XE_MI_ATOMIC_INLINE_DWORDS,
	    FAKE_ATOMIC_ADD);
	ADD(xe_emit_timestamp(cs, 0), XE_PIPE_CONTROL_DWORDS, FAKE_TIMESTAMP);
	ADD(xe_emit_dispatch(cs, 0, args), XE_DISPATCH_DWORDS, FAKE_DISPATCH);
#undef ADD
	cmds_ready = true;
}

static const struct fake_cmd *cmd_decode(const uint32_t *dw)
{
	unsigned int i;

	for (i = 0; i < FAKE_NUM_CMDS; i++) {
		const struct fake_cmd *c = &cmds[i];

		if (c->dw0 == dw[0])
			return c;
	}
	return NULL;
}
/* ---- the engine -------------------------------------------------------- */

static uint64_t qw(const uint32_t *dw, unsigned int i)
{
	return dw[i] | (uint64_t)dw[i + 1] << 32;
}

static bool sem_holds(enum xe_sem_op op, uint64_t mem, uint64_t value)
{
	switch (op) {
	case XE_SEM_GT:
		return mem > value;
	case XE_SEM_GTE:
		return mem >= value;
	case XE_SEM_LT:
		return mem < value;
	case XE_SEM_LTE:
		return mem <= value;
	case XE_SEM_EQ:
		return mem == value;
	case XE_SEM_NEQ:
		return mem != value;
	}
	return false;
}

/* The built-in kernels the library dispatches; 0 or a fault address. */
static int dispatch(uint32_t kernel, const uint32_t *dw, uint64_t *fault)
{
	uint64_t a[XE_DISPATCH_NUM_ARGS];
	uint8_t *dst, *src, *pat;
	uint32_t *d32, *s32, *t32;
	uint64_t i;

	for (i = 0; i < XE_DISPATCH_NUM_ARGS; i++)
		a[i] = qw(dw, 3 + 2 * i);

	switch (kernel) {
	case ZEX_BUILTIN_FILL:	/* dst, size, pattern, pattern size */
		if (!a[3] || a[3] > FAKE_MAX_PATTERN || a[1] > FAKE_MAX_DISPATCH)
			return DRM_XE_CBEV_BAN_BAD_COMMAND;
		pat = fake_addr_resolve(a[2], a[3], false);
		dst = fake_addr_resolve(a[0], a[1], true);
		if (!pat || !dst) {
			*fault = pat ? a[0] : a[2];
			return DRM_XE_CBEV_BAN_UNMAPPED;
		}
		for (i = 0; i < a[1]; i++)
			dst[i] = pat[i % a[3]];
		return 0;
	case ZEX_BUILTIN_COPY:	/* dst, src, size */
	case ZEX_BUILTIN_CHECKSUM:	/* dst (u64), src, size */
		if (a[2] > FAKE_MAX_DISPATCH)
			return DRM_XE_CBEV_BAN_BAD_COMMAND;
		src = fake_addr_resolve(a[1], a[2], false);
		dst = fake_addr_resolve(a[0], kernel == ZEX_BUILTIN_COPY ? a[2] : 8,
				   true);
		if (!src || !dst) {
			*fault = src ? a[0] : a[1];
			return DRM_XE_CBEV_BAN_UNMAPPED;
		}
		if (kernel == ZEX_BUILTIN_COPY) {
			memmove(dst, src, a[2]);
		} else {
			uint64_t hash = 0xcbf29ce484222325ull;	/* FNV-1a */

			for (i = 0; i < a[2]; i++)
				hash = (hash ^ src[i]) * 0x100000001b3ull;
			memcpy(dst, &hash, sizeof(hash));
		}
		return 0;
	case ZEX_BUILTIN_ADD_U32:	/* dst, x, y, n */
	case ZEX_BUILTIN_SCALE_U32:	/* dst, x, factor, n */
		if (a[3] > FAKE_MAX_DISPATCH / 4)
			return DRM_XE_CBEV_BAN_BAD_COMMAND;
		d32 = fake_addr_resolve(a[0], a[3] * 4, true);
		s32 = fake_addr_resolve(a[1], a[3] * 4, false);
		t32 = kernel == ZEX_BUILTIN_ADD_U32 ?
		      fake_addr_resolve(a[2], a[3] * 4, false) : s32;
		if (!d32 || !s32 || !t32) {
			*fault = !d32 ? a[0] : !s32 ? a[1] : a[2];
			return DRM_XE_CBEV_BAN_UNMAPPED;
		}
		for (i = 0; i < a[3]; i++)
			d32[i] = kernel == ZEX_BUILTIN_ADD_U32 ?
				 s32[i] + t32[i] : s32[i] * (uint32_t)a[2];
		return 0;
	case ZEX_BUILTIN_SPIN:		/* takes time only */
		return 0;
	}
	return DRM_XE_CBEV_BAN_BAD_COMMAND;
}

void fake_queue_ban(struct fake_queue *q, uint32_t reason, uint64_t addr)
{
	__atomic_store_n(&q->status->state, DRM_XE_CBEV_EXEC_QUEUE_STATE_BANNED,
			 __ATOMIC_RELEASE);
	q->status->ban_reason = reason;
	q->status->fault_addr = addr;
	fake.stats.banned++;
	fake.stats.ban_reason = reason;
	fake.stats.fault_addr = addr;
}

bool fake_queue_banned(const struct fake_queue *q)
{
	return q->status->state == DRM_XE_CBEV_EXEC_QUEUE_STATE_BANNED;
}

/* Copy the @ndw dwords at the queue's position to @dw; false on a fault. */
static bool queue_fetch(struct fake_queue *q, uint32_t *dw, unsigned int ndw,
			uint64_t *where)
{
	unsigned int i;
	uint32_t *p;

	if (q->depth) {
		*where = q->pc[q->depth - 1];
		p = fake_addr_resolve(*where, ndw * 4, false);
		if (!p)
			return false;
		memcpy(dw, p, ndw * 4);
		return true;
	}
	*where = q->head;
	if (q->tail - q->head < ndw * 4)
		return false;
	for (i = 0; i < ndw; i++)
		memcpy(&dw[i], q->ring + ((q->head + 4 * i) & (q->size - 1)), 4);
	return true;
}

/* Step past the command just run. */
static void queue_advance(struct fake_queue *q, unsigned int ndw)
{
	if (q->depth) {
		q->pc[q->depth - 1] += ndw * 4;
		return;
	}
	q->head += ndw * 4;
	__atomic_store_n(&q->status->head, q->head, __ATOMIC_RELEASE);
}

/* Leave a batch; the last one returns to the ring after its start. */
static void queue_return(struct fake_queue *q)
{
	if (--q->depth)
		return;
	q->head = q->resume;
	__atomic_store_n(&q->status->head, q->head, __ATOMIC_RELEASE);
}

/* Run one command. Return: 1 it ran, 0 the queue waits or is idle. */
static int queue_step(struct fake_queue *q)
{
	uint32_t dw[FAKE_CMD_MAX_DWORDS] = { 0 };
	const struct fake_cmd *c;
	uint64_t where, fault = 0;
	uint64_t *mem;
	int ban;

	if (!q->live || fake_queue_banned(q) || (!q->depth && q->head == q->tail))
		return 0;
	if (!queue_fetch(q, dw, 1, &where)) {
		fake_queue_ban(q, q->depth ? DRM_XE_CBEV_BAN_UNMAPPED :
			  DRM_XE_CBEV_BAN_BAD_LENGTH, where);
		return 0;
	}
	c = cmd_decode(dw);
	if (!c) {
		fake_queue_ban(q, DRM_XE_CBEV_BAN_BAD_COMMAND, where);
		return 0;
	}
	if (!queue_fetch(q, dw, c->ndw, &where)) {
		fake_queue_ban(q, q->depth ? DRM_XE_CBEV_BAN_UNMAPPED :
			  DRM_XE_CBEV_BAN_BAD_LENGTH, where);
		return 0;
	}
	/* PIPE_CONTROL: only the timestamp post-sync the encoder writes. */
	if (c->op == FAKE_TIMESTAMP && dw[1] != c->dw1) {
		fake_queue_ban(q, DRM_XE_CBEV_BAN_BAD_COMMAND, where);
		return 0;
	}

	switch (c->op) {
	case FAKE_NOOP:
		break;
	case FAKE_BB_END:
		if (q->depth) {
			fake.stats.commands++;
			queue_return(q);
			return 1;
		}
		break;
	case FAKE_BB_START:
	case FAKE_BB_CALL:
		if (q->depth == FAKE_MAX_BATCH_DEPTH) {
			fake_queue_ban(q, DRM_XE_CBEV_BAN_BATCH_DEPTH, where);
			return 0;
		}
		fake.stats.commands++;
		if (!q->depth) {
			q->resume = q->head + c->ndw * 4;
			q->pc[q->depth++] = qw(dw, 1);
		} else if (c->op == FAKE_BB_CALL) {
			q->pc[q->depth - 1] += c->ndw * 4;
			q->pc[q->depth++] = qw(dw, 1);
		} else {
			q->pc[q->depth - 1] = qw(dw, 1);
		}
		return 1;
	case FAKE_STORE_QW:
	case FAKE_ATOMIC_ADD:
	case FAKE_TIMESTAMP:
		fault = qw(dw, c->op == FAKE_TIMESTAMP ? 2 : 1);
		mem = fake_addr_resolve(fault, 8, true);
		if (!mem || (fault & 7)) {
			fake_queue_ban(q, mem ? DRM_XE_CBEV_BAN_ALIGNMENT :
				  DRM_XE_CBEV_BAN_UNMAPPED, fault);
			return 0;
		}
		if (c->op == FAKE_STORE_QW)
			__atomic_store_n(mem, qw(dw, 3), __ATOMIC_RELEASE);
		else if (c->op == FAKE_ATOMIC_ADD)
			__atomic_fetch_add(mem, dw[3] | (uint64_t)dw[5] << 32,
					   __ATOMIC_ACQ_REL);
		else
			__atomic_store_n(mem, fake_now_ns(CLOCK_MONOTONIC_RAW),
					 __ATOMIC_RELEASE);
		break;
	case FAKE_SEMAPHORE:
		mem = fake_addr_resolve(qw(dw, 3), 8, false);
		if (!mem) {
			fake_queue_ban(q, DRM_XE_CBEV_BAN_UNMAPPED, qw(dw, 3));
			return 0;
		}
		if (!sem_holds(c->sem, __atomic_load_n(mem, __ATOMIC_ACQUIRE),
			       qw(dw, 1)))
			return 0;
		break;
	case FAKE_DISPATCH:
		ban = dispatch(dw[1], dw, &fault);
		if (ban) {
			fake_queue_ban(q, ban, ban == DRM_XE_CBEV_BAN_UNMAPPED ?
				  fault : where);
			return 0;
		}
		break;
	}
	fake.stats.commands++;
	queue_advance(q, c->ndw);
	return 1;
}

/*
 * The submissions whose commands have all run (the queue is back in its
 * ring, past their tail) are complete, as the kernel's status page says.
 */
static void queue_retire(struct fake_queue *q)
{
	uint32_t n = 0;

	if (!q->live || q->depth)
		return;
	while (n < q->num_pending && q->pending[n].tail <= q->head)
		n++;
	if (!n)
		return;
	/* (D) of the status page: what the jobs wrote comes first. */
	__atomic_store_n(&q->status->completed_seqno, q->pending[n - 1].seqno,
			 __ATOMIC_RELEASE);
	q->num_pending -= n;
	memmove(q->pending, q->pending + n, q->num_pending * sizeof(*q->pending));
}

/* Run every queue until none can go on. */
void fake_engine_run_locked(void)
{
	struct fake_queue *q;
	bool progress;
	uint32_t i;

	cmds_init();
	do {
		progress = false;
		for (i = 0; i < fake.num_queues; i++) {
			q = &fake.queues[i];
			fake_direct_fetch_locked(q);
			while (queue_step(q))
				progress = true;
			queue_retire(q);
		}
	} while (progress);
}

void xe_kmd_fake_progress(void)
{
	pthread_mutex_lock(&fake.lock);
	fake_engine_run_locked();
	pthread_mutex_unlock(&fake.lock);
}

void xe_kmd_fake_stats(struct xe_kmd_fake_stats *out)
{
	uint32_t i;

	pthread_mutex_lock(&fake.lock);
	*out = fake.stats;
	out->pending = 0;
	out->bos = 0;
	out->queues = 0;
	out->counters = 0;
	for (i = 0; i < fake.num_queues; i++) {
		const struct fake_queue *q = &fake.queues[i];

		out->queues += q->live || q->mapped;
		out->pending += q->live && !fake_queue_banned(q) &&
				(q->depth || q->head != q->tail);
	}
	for (i = 0; i < fake.num_bos; i++)
		out->bos += fake.bos[i].open || fake.bos[i].maps;
	for (i = 0; i < fake.num_counters; i++)
		out->counters += !(fake.slot_of[i] & SLOT_FREED);
	out->bindings = fake.num_bindings;
	pthread_mutex_unlock(&fake.lock);
}

/*
 * Take what a direct queue published, as the module does: one load of the
 * tail, checked like an exec's; a bad one bans the queue. Its submissions
 * are named by their tails.
 */
void fake_direct_fetch_locked(struct fake_queue *q)
{
	uint64_t tail;

	if (!q->live || !q->direct || fake_queue_banned(q))
		return;
	tail = __atomic_load_n(&q->status->user_tail, __ATOMIC_ACQUIRE);
	if (tail == q->tail)
		return;
	if (tail < q->tail || tail - q->head > q->size || (tail & 3)) {
		fake_queue_ban(q, DRM_XE_CBEV_BAN_BAD_TAIL, tail);
		return;
	}
	if (fake_queue_push_locked(q, tail, tail))
		return;
	q->tail = tail;
	q->status->tail = tail;
	fake.stats.direct_fetches++;
}
