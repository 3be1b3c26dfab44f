// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * The timeline of a recorded run, from the xe_cbev trace events (see the
 * DOC of kernel/xe_cbev/xe_cbev_trace.h): one row per exec queue and per
 * host thread that waited, a box per job (start to finish), per parked
 * semaphore wait (park to wake) and per host wait (begin to end), a node
 * inside a job per dispatch it ran (a replayed graph's job holds its
 * nodes), marks
 * for counter signals, IPC and bans, and arrows from each signal to the
 * wait it released.
 *
 * Memory is named the same way in every process: (object, offset), the
 * object being the inode number of its shmem file. A wait released at t
 * by a condition "memory op value" on (object, offset) was released by
 * the latest engine write to that slot before t whose value satisfies
 * the condition; that write gets the arrow.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <drm/xe_cbev_cs.h>
#include <drm/xe_cbev_drm.h>

#include "trace/timeline.h"

static const char *const kind_names[TL_NUM_KINDS] = {
	[TL_JOB_SUBMIT] = "xe_cbev_job_submit",
	[TL_JOB_START] = "xe_cbev_job_start",
	[TL_JOB_FINISH] = "xe_cbev_job_finish",
	[TL_QUEUE_PARK] = "xe_cbev_queue_park",
	[TL_QUEUE_WAKE] = "xe_cbev_queue_wake",
	[TL_COUNTER_SIGNAL] = "xe_cbev_counter_signal",
	[TL_QUEUE_BAN] = "xe_cbev_queue_ban",
	[TL_WAIT_BEGIN] = "xe_cbev_wait_begin",
	[TL_WAIT_COND] = "xe_cbev_wait_cond",
	[TL_WAIT_END] = "xe_cbev_wait_end",
	[TL_IPC_EXPORT] = "xe_cbev_ipc_export",
	[TL_IPC_IMPORT] = "xe_cbev_ipc_import",
	[TL_DISPATCH_DONE] = "xe_cbev_dispatch_done",
};

int tl_kind_by_name(const char *name)
{
	for (int i = 0; i < TL_NUM_KINDS; i++)
		if (!strcmp(name, kind_names[i]))
			return i;
	return -1;
}

static const char *op_str(uint32_t op)
{
	static const char *const ops[] = {
		[DRM_XE_CBEV_CMP_GTE] = ">=", [DRM_XE_CBEV_CMP_GT] = ">",
		[DRM_XE_CBEV_CMP_LTE] = "<=", [DRM_XE_CBEV_CMP_LT] = "<",
		[DRM_XE_CBEV_CMP_EQ] = "==", [DRM_XE_CBEV_CMP_NEQ] = "!=",
	};

	return op < sizeof(ops) / sizeof(ops[0]) ? ops[op] : "?";
}

static int compare(uint64_t mem, uint32_t op, uint64_t value)
{
	switch (op) {
	case DRM_XE_CBEV_CMP_GTE: return mem >= value;
	case DRM_XE_CBEV_CMP_GT: return mem > value;
	case DRM_XE_CBEV_CMP_LTE: return mem <= value;
	case DRM_XE_CBEV_CMP_LT: return mem < value;
	case DRM_XE_CBEV_CMP_EQ: return mem == value;
	case DRM_XE_CBEV_CMP_NEQ: return mem != value;
	}
	return 0;
}

static const char *ban_str(uint32_t reason)
{
	static const char *const reasons[] = {
		"none", "unmapped", "readonly", "bad_command", "bad_length",
		"batch_depth", "hang", "alignment",
	};

	return reason < sizeof(reasons) / sizeof(reasons[0]) ?
	       reasons[reason] : "unknown";
}

/* Grows an array of @size-byte items to hold one more. */
static void *grow(void *arr, size_t *n, size_t size)
{
	void *p = realloc(arr, (*n + 1) * size);

	if (!p)
		return NULL;
	memset((char *)p + *n * size, 0, size);
	(*n)++;
	return p;
}

#define PUSH(arr, n) ({							\
	void *p_ = grow((arr), &(n), sizeof(*(arr)));			\
	p_ ? ((arr) = p_, &(arr)[(n) - 1]) : NULL;			\
})

/* ---- what is open while the events are read --------------------------- */

struct open_job {
	size_t row;
	uint64_t seqno, submitted, started, last_node;
	int has_start;
};

struct open_park {
	size_t row;
	uint64_t t;
	int open;
	struct tl_event ev;
};

struct open_wait {
	size_t row;
	int pid, async;
	uint64_t t;
	struct tl_event *conds;
	size_t nconds;
};

struct signal {
	size_t row;
	uint64_t t, obj, offset, value;
};

struct builder {
	struct timeline *tl;
	struct open_job *jobs;
	size_t njobs;
	struct open_park *parks;	/* one per row */
	size_t nparks;
	struct open_wait *waits;
	size_t nwaits;
	struct signal *signals;
	size_t nsignals;
	struct tl_event *exports;
	size_t nexports;
};

static ssize_t queue_row(struct builder *b, const struct tl_event *e)
{
	struct timeline *tl = b->tl;
	struct tl_row *r;

	for (size_t i = 0; i < tl->nrows; i++)
		if (tl->rows[i].is_queue && tl->rows[i].client == e->client &&
		    tl->rows[i].queue == e->queue)
			return i;
	r = PUSH(tl->rows, tl->nrows);
	if (!r)
		return -ENOMEM;
	r->is_queue = 1;
	r->client = e->client;
	r->queue = e->queue;
	r->pid = e->kind == TL_JOB_SUBMIT ? e->common_pid : 0;
	if (r->pid)
		snprintf(r->label, sizeof(r->label), "queue %u of client %u (pid %d)",
			 e->queue, e->client, r->pid);
	else
		snprintf(r->label, sizeof(r->label), "queue %u of client %u",
			 e->queue, e->client);
	return tl->nrows - 1;
}

static ssize_t thread_row(struct builder *b, int pid, int tgid, uint32_t client)
{
	struct timeline *tl = b->tl;
	struct tl_row *r;

	for (size_t i = 0; i < tl->nrows; i++)
		if (!tl->rows[i].is_queue && tl->rows[i].pid == pid) {
			r = &tl->rows[i];
			if (!r->client && client) {
				r->client = client;
				snprintf(r->label, sizeof(r->label),
					 "host thread %d (client %u)", pid, client);
			}
			return i;
		}
	r = PUSH(tl->rows, tl->nrows);
	if (!r)
		return -ENOMEM;
	r->pid = pid;
	r->tgid = tgid;
	r->client = client;
	if (client)
		snprintf(r->label, sizeof(r->label), "host thread %d (client %u)",
			 pid, client);
	else
		snprintf(r->label, sizeof(r->label), "host thread %d", pid);
	return tl->nrows - 1;
}

static struct tl_box *add_box(struct builder *b, enum tl_box_kind kind,
			      size_t row, uint64_t t0, uint64_t t1)
{
	struct tl_box *box = PUSH(b->tl->boxes, b->tl->nboxes);

	if (box) {
		box->kind = kind;
		box->row = row;
		box->t0 = t0;
		box->t1 = t1 < t0 ? t0 : t1;
	}
	return box;
}

static struct tl_mark *add_mark(struct builder *b, enum tl_mark_kind kind,
				size_t row, uint64_t t)
{
	struct tl_mark *m = PUSH(b->tl->marks, b->tl->nmarks);

	if (m) {
		m->kind = kind;
		m->row = row;
		m->t = t;
	}
	return m;
}

/* The arrow into a wait on (@obj, @offset) that held at @t. */
static int release(struct builder *b, size_t row, uint64_t t, uint64_t obj,
		   uint64_t offset, uint32_t op, uint64_t value)
{
	const struct signal *s = NULL;
	struct tl_arrow *a;

	if (!obj)
		return 0;
	for (size_t i = 0; i < b->nsignals; i++) {
		const struct signal *c = &b->signals[i];

		if (c->obj == obj && c->offset == offset && c->t <= t &&
		    compare(c->value, op, value))
			s = c;
	}
	if (!s)
		return 0;
	a = PUSH(b->tl->arrows, b->tl->narrows);
	if (!a)
		return -ENOMEM;
	a->kind = TL_ARROW_SIGNAL;
	a->row0 = s->row;
	a->t0 = s->t;
	a->row1 = row;
	a->t1 = t;
	snprintf(a->label, sizeof(a->label), "counter %llu:%llu = %llu",
		 (unsigned long long)obj, (unsigned long long)offset / 8,
		 (unsigned long long)s->value);
	return 0;
}

static struct open_job *find_job(struct builder *b, size_t row, uint64_t seqno)
{
	for (size_t i = 0; i < b->njobs; i++)
		if (b->jobs[i].row == row && b->jobs[i].seqno == seqno)
			return &b->jobs[i];
	return NULL;
}

static int job_event(struct builder *b, const struct tl_event *e, size_t row)
{
	struct open_job *j = find_job(b, row, e->seqno);
	struct tl_box *box;

	switch (e->kind) {
	case TL_JOB_SUBMIT:
		j = PUSH(b->jobs, b->njobs);
		if (!j)
			return -ENOMEM;
		j->row = row;
		j->seqno = e->seqno;
		j->submitted = e->ts;
		return 0;
	case TL_JOB_START:
		if (!j) {
			j = PUSH(b->jobs, b->njobs);
			if (!j)
				return -ENOMEM;
			j->row = row;
			j->seqno = e->seqno;
			j->submitted = e->ts;
		}
		j->started = e->ts;
		j->has_start = 1;
		return 0;
	default:
		box = add_box(b, TL_BOX_JOB, row,
			      j ? (j->has_start ? j->started : j->submitted) : e->ts,
			      e->ts);
		if (!box)
			return -ENOMEM;
		box->seqno = e->seqno;
		box->submitted = j ? j->submitted : e->ts;
		snprintf(box->label, sizeof(box->label), "job %llu",
			 (unsigned long long)e->seqno);
		if (j)
			*j = b->jobs[--b->njobs];
		return 0;
	}
}

/* The names of the built-in kernels (uapi/drm/xe_cbev_cs.h). */
static const char *kernel_str(uint32_t kernel)
{
	static const char *const names[] = {
		[0] = "launch", [XE_CBEV_BUILTIN_FILL] = "fill",
		[XE_CBEV_BUILTIN_COPY] = "copy",
		[XE_CBEV_BUILTIN_ADD_U32] = "add_u32",
		[XE_CBEV_BUILTIN_SCALE_U32] = "scale_u32",
		[XE_CBEV_BUILTIN_CHECKSUM] = "checksum",
		[XE_CBEV_BUILTIN_SPIN] = "spin",
	};

	return kernel < sizeof(names) / sizeof(names[0]) && names[kernel] ?
	       names[kernel] : "dispatch";
}

/* A dispatch done: a node of the job that runs on @row. */
static int dispatch_event(struct builder *b, const struct tl_event *e,
			  size_t row)
{
	struct open_job *j = NULL;
	struct tl_box *box;
	uint64_t t0;

	for (size_t i = 0; i < b->njobs; i++)
		if (b->jobs[i].row == row && b->jobs[i].has_start)
			j = &b->jobs[i];
	if (!j)
		return 0;	/* its job started before the trace */
	t0 = j->last_node > j->started ? j->last_node : j->started;
	j->last_node = e->ts;
	box = add_box(b, TL_BOX_NODE, row, t0, e->ts);
	if (!box)
		return -ENOMEM;
	box->seqno = j->seqno;
	snprintf(box->label, sizeof(box->label), "%s", kernel_str(e->kernel));
	return 0;
}

static int park_event(struct builder *b, const struct tl_event *e, size_t row)
{
	struct open_park *p = NULL;
	struct tl_box *box;

	for (size_t i = 0; i < b->nparks; i++)
		if (b->parks[i].row == row)
			p = &b->parks[i];
	if (!p) {
		p = PUSH(b->parks, b->nparks);
		if (!p)
			return -ENOMEM;
		p->row = row;
	}
	if (e->kind == TL_QUEUE_PARK) {
		p->open = 1;
		p->t = e->ts;
		p->ev = *e;
		return 0;
	}
	box = add_box(b, TL_BOX_PARK, row, p->open ? p->t : e->ts, e->ts);
	if (!box)
		return -ENOMEM;
	snprintf(box->label, sizeof(box->label), "wait %llu:%llu %s %llu",
		 (unsigned long long)e->obj, (unsigned long long)e->offset / 8,
		 op_str(e->op), (unsigned long long)e->value);
	p->open = 0;
	return release(b, row, e->ts, e->obj, e->offset, e->op, e->value);
}

static struct open_wait *find_wait(struct builder *b, int pid)
{
	/* The latest wait the thread began: waits of a thread nest no deeper. */
	for (size_t i = b->nwaits; i-- > 0;)
		if (b->waits[i].pid == pid)
			return &b->waits[i];
	return NULL;
}

static int wait_event(struct builder *b, const struct tl_event *e)
{
	struct open_wait *w;
	struct tl_event *c;
	struct tl_box *box;
	ssize_t row;
	int ret = 0;

	switch (e->kind) {
	case TL_WAIT_BEGIN:
		row = thread_row(b, e->pid, e->tgid, e->client);
		if (row < 0)
			return row;
		w = PUSH(b->waits, b->nwaits);
		if (!w)
			return -ENOMEM;
		w->row = row;
		w->pid = e->pid;
		w->async = e->async;
		w->t = e->ts;
		return 0;
	case TL_WAIT_COND:
		w = find_wait(b, e->pid);
		if (!w)
			return 0;
		c = PUSH(w->conds, w->nconds);
		if (!c)
			return -ENOMEM;
		*c = *e;
		return 0;
	default:
		w = find_wait(b, e->pid);
		if (!w)
			return 0;
		box = add_box(b, TL_BOX_WAIT, w->row, w->t, e->ts);
		if (!box)
			return -ENOMEM;
		snprintf(box->label, sizeof(box->label), "%s wait, %zu cond%s: %s",
			 w->async ? "async" : "host", w->nconds,
			 w->nconds == 1 ? "" : "s",
			 e->result < 0 ? (e->result == -ETIME ? "timeout" : "error") :
			 "held");
		for (size_t i = 0; !ret && e->result >= 0 && i < w->nconds; i++)
			ret = release(b, w->row, e->ts, w->conds[i].obj,
				      w->conds[i].offset, w->conds[i].op,
				      w->conds[i].value);
		free(w->conds);
		*w = b->waits[--b->nwaits];
		return ret;
	}
}

static int ipc_event(struct builder *b, const struct tl_event *e)
{
	ssize_t row = thread_row(b, e->common_pid, 0, e->client);
	int counter = e->ipc_kind == DRM_XE_CBEV_IPC_KIND_COUNTER;
	struct tl_mark *m;
	struct tl_arrow *a;

	if (row < 0)
		return row;
	m = add_mark(b, e->kind == TL_IPC_EXPORT ? TL_MARK_EXPORT : TL_MARK_IMPORT,
		     row, e->ts);
	if (!m)
		return -ENOMEM;
	snprintf(m->label, sizeof(m->label), "%s %s %llu",
		 e->kind == TL_IPC_EXPORT ? "export" : "import",
		 counter ? "counter" : "memory", (unsigned long long)e->obj);
	if (counter)
		snprintf(m->label + strlen(m->label),
			 sizeof(m->label) - strlen(m->label), ":%d", e->slot);
	if (e->kind == TL_IPC_EXPORT) {
		struct tl_event *x = PUSH(b->exports, b->nexports);

		if (!x)
			return -ENOMEM;
		*x = *e;
		x->pid = row;	/* the row, for the arrow */
		return 0;
	}
	for (size_t i = b->nexports; i-- > 0;) {
		const struct tl_event *x = &b->exports[i];

		if (x->obj != e->obj || x->slot != e->slot)
			continue;
		a = PUSH(b->tl->arrows, b->tl->narrows);
		if (!a)
			return -ENOMEM;
		a->kind = TL_ARROW_IPC;
		a->row0 = x->pid;
		a->t0 = x->ts;
		a->row1 = row;
		a->t1 = e->ts;
		snprintf(a->label, sizeof(a->label), "%s", m->label + 7);
		break;
	}
	return 0;
}

static int event(struct builder *b, const struct tl_event *e)
{
	struct tl_mark *m;
	struct signal *s;
	ssize_t row;

	switch (e->kind) {
	case TL_WAIT_BEGIN:
	case TL_WAIT_COND:
	case TL_WAIT_END:
		return wait_event(b, e);
	case TL_IPC_EXPORT:
	case TL_IPC_IMPORT:
		return ipc_event(b, e);
	default:
		break;
	}

	row = queue_row(b, e);
	if (row < 0)
		return row;
	switch (e->kind) {
	case TL_JOB_SUBMIT:
	case TL_JOB_START:
	case TL_JOB_FINISH:
		return job_event(b, e, row);
	case TL_QUEUE_PARK:
	case TL_QUEUE_WAKE:
		return park_event(b, e, row);
	case TL_DISPATCH_DONE:
		return dispatch_event(b, e, row);
	case TL_COUNTER_SIGNAL:
		s = PUSH(b->signals, b->nsignals);
		m = s ? add_mark(b, TL_MARK_SIGNAL, row, e->ts) : NULL;
		if (!m)
			return -ENOMEM;
		*s = (struct signal){ .row = row, .t = e->ts, .obj = e->obj,
				      .offset = e->offset, .value = e->value };
		snprintf(m->label, sizeof(m->label), "signal %llu:%llu = %llu",
			 (unsigned long long)e->obj,
			 (unsigned long long)e->offset / 8,
			 (unsigned long long)e->value);
		return 0;
	case TL_QUEUE_BAN:
		m = add_mark(b, TL_MARK_BAN, row, e->ts);
		if (!m)
			return -ENOMEM;
		snprintf(m->label, sizeof(m->label), "banned: %s at 0x%llx",
			 ban_str(e->reason), (unsigned long long)e->addr);
		return 0;
	default:
		return 0;
	}
}

/* Boxes still open when the recording stopped end with it. */
static int close_open(struct builder *b)
{
	struct tl_box *box;

	for (size_t i = 0; i < b->njobs; i++) {
		const struct open_job *j = &b->jobs[i];

		box = add_box(b, TL_BOX_JOB, j->row,
			      j->has_start ? j->started : j->submitted,
			      b->tl->t_last);
		if (!box)
			return -ENOMEM;
		box->seqno = j->seqno;
		box->submitted = j->submitted;
		box->unfinished = 1;
		snprintf(box->label, sizeof(box->label), "job %llu (%s)",
			 (unsigned long long)j->seqno,
			 j->has_start ? "unfinished" : "not started");
	}
	for (size_t i = 0; i < b->nwaits; i++) {
		box = add_box(b, TL_BOX_WAIT, b->waits[i].row, b->waits[i].t,
			      b->tl->t_last);
		if (!box)
			return -ENOMEM;
		box->unfinished = 1;
		snprintf(box->label, sizeof(box->label), "wait (unfinished)");
	}
	return 0;
}

static int by_time(const void *a, const void *b)
{
	const struct tl_event *x = a, *y = b;

	return x->ts < y->ts ? -1 : x->ts > y->ts;
}

int timeline_build(struct timeline *tl, struct tl_event *ev, size_t n)
{
	struct builder b = { .tl = tl };
	int ret = 0;

	memset(tl, 0, sizeof(*tl));
	qsort(ev, n, sizeof(*ev), by_time);
	if (n) {
		tl->t_first = ev[0].ts;
		tl->t_last = ev[n - 1].ts;
	}
	for (size_t i = 0; !ret && i < n; i++)
		ret = event(&b, &ev[i]);
	if (!ret)
		ret = close_open(&b);

	for (size_t i = 0; i < b.nwaits; i++)
		free(b.waits[i].conds);
	free(b.waits);
	free(b.jobs);
	free(b.parks);
	free(b.signals);
	free(b.exports);
	if (ret)
		timeline_free(tl);
	return ret;
}

void timeline_free(struct timeline *tl)
{
	free(tl->rows);
	free(tl->boxes);
	free(tl->marks);
	free(tl->arrows);
	memset(tl, 0, sizeof(*tl));
}
