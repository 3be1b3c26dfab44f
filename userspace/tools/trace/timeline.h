/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef XE_CBEV_TRACE_TIMELINE_H
#define XE_CBEV_TRACE_TIMELINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* One xe_cbev trace event, with the fields of every kind in one record. */
enum tl_kind {
	TL_JOB_SUBMIT, TL_JOB_START, TL_JOB_FINISH,
	TL_QUEUE_PARK, TL_QUEUE_WAKE, TL_COUNTER_SIGNAL, TL_QUEUE_BAN,
	TL_WAIT_BEGIN, TL_WAIT_COND, TL_WAIT_END,
	TL_IPC_EXPORT, TL_IPC_IMPORT, TL_DISPATCH_DONE,
	TL_NUM_KINDS,
};

struct tl_event {
	uint64_t ts;		/* trace clock, ns */
	enum tl_kind kind;
	int common_pid;		/* the thread that emitted it */
	uint32_t client, queue;
	uint64_t seqno, head, tail;
	uint64_t addr, obj, offset, value, mem;
	uint32_t op, num_conds, index, reason, ipc_kind;
	int pid, tgid, result, async, slot;
	uint64_t size;
	uint32_t kernel;	/* dispatches: the built-in, 0 for a launch */
};

/* The kind of an event by its name in tracefs, or -1. */
int tl_kind_by_name(const char *name);

/* A row: an exec queue (client, queue) or a host thread (pid). */
struct tl_row {
	int is_queue;
	uint32_t client, queue;
	int pid, tgid;
	char label[96];
};

/*
 * A node is a dispatch of a job (a built-in kernel or a launch), from the
 * end of the one before it in the job (or the job's start) to its end: a
 * replayed graph is one job per queue with its nodes inside.
 */
enum tl_box_kind { TL_BOX_JOB, TL_BOX_PARK, TL_BOX_WAIT, TL_BOX_NODE };

/* Something that took time on a row. */
struct tl_box {
	enum tl_box_kind kind;
	size_t row;
	uint64_t t0, t1;
	uint64_t submitted;	/* jobs: when submitted */
	uint64_t seqno;		/* jobs */
	int unfinished;
	char label[96];
};

enum tl_mark_kind { TL_MARK_SIGNAL, TL_MARK_EXPORT, TL_MARK_IMPORT, TL_MARK_BAN };

/* Something that happened at an instant on a row. */
struct tl_mark {
	enum tl_mark_kind kind;
	size_t row;
	uint64_t t;
	char label[96];
};

enum tl_arrow_kind { TL_ARROW_SIGNAL, TL_ARROW_IPC };

/* From a signal to the wait it released (or an export to its import). */
struct tl_arrow {
	enum tl_arrow_kind kind;
	size_t row0, row1;
	uint64_t t0, t1;
	char label[96];
};

struct timeline {
	struct tl_row *rows;
	size_t nrows;
	struct tl_box *boxes;
	size_t nboxes;
	struct tl_mark *marks;
	size_t nmarks;
	struct tl_arrow *arrows;
	size_t narrows;
	uint64_t t_first, t_last;
};

/* Builds the timeline of @n events, sorted here by time. 0 or -ENOMEM. */
int timeline_build(struct timeline *tl, struct tl_event *ev, size_t n);
void timeline_free(struct timeline *tl);

/* Writers: Chrome/Perfetto trace-event JSON, and an SVG picture. */
int timeline_write_json(const struct timeline *tl, FILE *f);
int timeline_write_svg(const struct timeline *tl, FILE *f, const char *title);

#endif /* XE_CBEV_TRACE_TIMELINE_H */
