// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * The timeline as Chrome trace-event JSON, which Perfetto's UI and
 * chrome://tracing open: exec queues are the threads of a process named
 * "xe_cbev engine", host threads those of their own process; jobs, parked
 * waits and host waits are complete events ("X"), signals, IPC and bans
 * instant events ("i"), and every arrow a flow ("s" at the signal, "f" at
 * the wait it released, bound to the enclosing slices). Times are
 * microseconds from the first event.
 */

#include <inttypes.h>

#include "trace/timeline.h"

/* The engine's queues live in this (made-up) process. */
#define ENGINE_PID	0

static void str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

static double us(const struct timeline *tl, uint64_t t)
{
	return (double)(t - tl->t_first) / 1000.0;
}

static int row_pid(const struct tl_row *r)
{
	return r->is_queue ? ENGINE_PID : (r->tgid ? r->tgid : r->pid);
}

static int row_tid(const struct timeline *tl, const struct tl_row *r)
{
	return r->is_queue ? (int)(r - tl->rows) + 1 : r->pid;
}

/* "pid":P,"tid":T of a row */
static void where(FILE *f, const struct timeline *tl, size_t row)
{
	const struct tl_row *r = &tl->rows[row];

	fprintf(f, "\"pid\":%d,\"tid\":%d", row_pid(r), row_tid(tl, r));
}

static const char *const box_cat[] = {
	[TL_BOX_JOB] = "job", [TL_BOX_PARK] = "park", [TL_BOX_WAIT] = "wait",
	[TL_BOX_NODE] = "node",
};

static const char *const mark_cat[] = {
	[TL_MARK_SIGNAL] = "signal", [TL_MARK_EXPORT] = "ipc",
	[TL_MARK_IMPORT] = "ipc", [TL_MARK_BAN] = "ban",
};

int timeline_write_json(const struct timeline *tl, FILE *f)
{
	const char *sep = "\n";

	fprintf(f, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[");
	fprintf(f, "%s{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,"
		"\"args\":{\"name\":\"xe_cbev engine\"}}", sep, ENGINE_PID);
	sep = ",\n";
	for (size_t i = 0; i < tl->nrows; i++) {
		fprintf(f, "%s{\"name\":\"thread_name\",\"ph\":\"M\",", sep);
		where(f, tl, i);
		fprintf(f, ",\"args\":{\"name\":");
		str(f, tl->rows[i].label);
		fprintf(f, "}}");
		fprintf(f, "%s{\"name\":\"thread_sort_index\",\"ph\":\"M\",", sep);
		where(f, tl, i);
		fprintf(f, ",\"args\":{\"sort_index\":%zu}}", i);
	}
	for (size_t i = 0; i < tl->nboxes; i++) {
		const struct tl_box *b = &tl->boxes[i];

		fprintf(f, "%s{\"name\":", sep);
		str(f, b->label);
		fprintf(f, ",\"cat\":\"%s\",\"ph\":\"X\",\"ts\":%.3f,\"dur\":%.3f,",
			box_cat[b->kind], us(tl, b->t0),
			(double)(b->t1 - b->t0) / 1000.0);
		where(f, tl, b->row);
		if (b->kind == TL_BOX_JOB)
			fprintf(f, ",\"args\":{\"seqno\":%" PRIu64
				",\"submitted_us\":%.3f,\"queued_us\":%.3f%s}",
				b->seqno, us(tl, b->submitted),
				(double)(b->t0 - b->submitted) / 1000.0,
				b->unfinished ? ",\"unfinished\":true" : "");
		fprintf(f, "}");
	}
	for (size_t i = 0; i < tl->nmarks; i++) {
		const struct tl_mark *m = &tl->marks[i];

		fprintf(f, "%s{\"name\":", sep);
		str(f, m->label);
		fprintf(f, ",\"cat\":\"%s\",\"ph\":\"i\",\"s\":\"t\",\"ts\":%.3f,",
			mark_cat[m->kind], us(tl, m->t));
		where(f, tl, m->row);
		fprintf(f, "}");
	}
	for (size_t i = 0; i < tl->narrows; i++) {
		const struct tl_arrow *a = &tl->arrows[i];
		const char *cat = a->kind == TL_ARROW_SIGNAL ? "signal" : "ipc";

		fprintf(f, "%s{\"name\":", sep);
		str(f, a->label);
		fprintf(f, ",\"cat\":\"%s\",\"ph\":\"s\",\"id\":%zu,\"ts\":%.3f,",
			cat, i + 1, us(tl, a->t0));
		where(f, tl, a->row0);
		fprintf(f, ",\"args\":{\"from\":");
		str(f, tl->rows[a->row0].label);
		fprintf(f, ",\"to\":");
		str(f, tl->rows[a->row1].label);
		fprintf(f, "}}%s{\"name\":", sep);
		str(f, a->label);
		fprintf(f, ",\"cat\":\"%s\",\"ph\":\"f\",\"bp\":\"e\",\"id\":%zu,\"ts\":%.3f,",
			cat, i + 1, us(tl, a->t1));
		where(f, tl, a->row1);
		fprintf(f, "}");
	}
	fprintf(f, "\n]}\n");
	return ferror(f) ? -1 : 0;
}
