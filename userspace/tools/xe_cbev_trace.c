// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * xe_cbev_trace - record what the xe_cbev driver did while a command ran,
 * and draw it:
 *
 *   xe_cbev_trace [-o PREFIX] -- COMMAND [ARGS...]
 *
 * Enables the xe_cbev trace events, and nothing else, in a tracing
 * instance of its own (so that other tracers are not disturbed), with the
 * "mono" trace clock; runs the command; stops; reads the events with
 * libtracefs and writes PREFIX.json (Chrome/Perfetto trace-event JSON)
 * and PREFIX.svg (a timeline picture), PREFIX being "xe_cbev_trace" by
 * default. See trace/timeline.c for what the rows, boxes and arrows are.
 *
 * Needs tracefs (mounted at /sys/kernel/tracing, or mounted here) and the
 * right to use it (root). Exit status: the command's, or 1 when tracing
 * or writing failed (the command's status is then printed).
 */

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <event-parse.h>
#include <tracefs.h>

#include "trace/timeline.h"

#define SYSTEM		"xe_cbev"
#define BUFFER_KB	"16384"	/* per CPU */

struct events {
	struct tl_event *ev;
	size_t n, cap;
	size_t lost;
};

static uint64_t field(struct tep_event *event, struct tep_record *record,
		      const char *name)
{
	unsigned long long val = 0;

	if (tep_get_field_val(NULL, event, name, record, &val, 0))
		return 0;
	return val;
}

/* tracefs_iterate_raw_events() callback: one event into the array. */
static int collect(struct tep_event *event, struct tep_record *record,
		   int cpu, void *data)
{
	struct events *evs = data;
	struct tl_event *e;
	int kind = tl_kind_by_name(event->name);

	(void)cpu;
	if (kind < 0)
		return 0;
	if (evs->n == evs->cap) {
		size_t cap = evs->cap ? evs->cap * 2 : 1024;
		struct tl_event *p = realloc(evs->ev, cap * sizeof(*p));

		if (!p) {
			evs->lost++;
			return 0;
		}
		evs->ev = p;
		evs->cap = cap;
	}
	e = &evs->ev[evs->n++];
	*e = (struct tl_event){
		.ts = record->ts,
		.kind = kind,
		.common_pid = tep_data_pid(event->tep, record),
		.client = field(event, record, "client"),
		.queue = field(event, record, "queue"),
		.seqno = field(event, record, "seqno"),
		.head = field(event, record, "head"),
		.tail = field(event, record, "tail"),
		.addr = field(event, record, "addr"),
		.obj = field(event, record, "obj"),
		.offset = field(event, record, "offset"),
		.value = field(event, record, "value"),
		.mem = field(event, record, "mem"),
		.op = field(event, record, "op"),
		.num_conds = field(event, record, "num_conds"),
		.index = field(event, record, "index"),
		.reason = field(event, record, "reason"),
		.ipc_kind = field(event, record, "kind"),
		.pid = (int)field(event, record, "pid"),
		.tgid = (int)field(event, record, "tgid"),
		.result = (int)field(event, record, "result"),
		.async = (int)field(event, record, "async"),
		.slot = (int)field(event, record, "slot"),
		.size = field(event, record, "size"),
		.kernel = (uint32_t)field(event, record, "kernel"),
	};
	return 0;
}

/* tracefs, mounted where the kernel offers it if nobody did yet. */
static int tracefs_ready(void)
{
	struct stat st;

	if (tracefs_tracing_dir())
		return 0;
	if (stat("/sys/kernel/tracing", &st) == 0 &&
	    mount("tracefs", "/sys/kernel/tracing", "tracefs", 0, NULL) == 0 &&
	    tracefs_tracing_dir())
		return 0;
	fprintf(stderr, "xe_cbev_trace: no tracefs (is the kernel built with tracing?)\n");
	return -1;
}

/* An instance of our own with only the xe_cbev events, running. */
static struct tracefs_instance *start_tracing(void)
{
	char name[64];
	struct tracefs_instance *inst;

	snprintf(name, sizeof(name), "xe_cbev_trace.%d", getpid());
	inst = tracefs_instance_create(name);
	if (!inst) {
		perror("xe_cbev_trace: creating a tracing instance");
		return NULL;
	}
	tracefs_trace_off(inst);
	tracefs_event_disable(inst, NULL, NULL);
	tracefs_instance_file_write(inst, "buffer_size_kb", BUFFER_KB);
	if (tracefs_instance_file_write(inst, "trace_clock", "mono") < 0)
		fprintf(stderr, "xe_cbev_trace: no \"mono\" trace clock, using the default\n");
	if (tracefs_event_enable(inst, SYSTEM, NULL)) {
		fprintf(stderr, "xe_cbev_trace: no %s trace events (is xe_cbev.ko loaded?)\n",
			SYSTEM);
		goto err;
	}
	if (tracefs_trace_on(inst)) {
		perror("xe_cbev_trace: tracing_on");
		goto err;
	}
	return inst;

err:
	tracefs_instance_destroy(inst);
	tracefs_instance_free(inst);
	return NULL;
}

static void stop_tracing(struct tracefs_instance *inst)
{
	tracefs_trace_off(inst);
	tracefs_event_disable(inst, NULL, NULL);
}

static int run(char **argv)
{
	pid_t pid = fork();
	int st;

	if (pid < 0) {
		perror("xe_cbev_trace: fork");
		return -1;
	}
	if (!pid) {
		execvp(argv[0], argv);
		fprintf(stderr, "xe_cbev_trace: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return WEXITSTATUS(st);
}

static int read_events(struct tracefs_instance *inst, struct events *evs)
{
	const char *systems[] = { SYSTEM, NULL };
	struct tep_handle *tep = tracefs_local_events_system(NULL, systems);
	int ret;

	if (!tep) {
		fprintf(stderr, "xe_cbev_trace: cannot read the event formats\n");
		return -1;
	}
	ret = tracefs_iterate_raw_events(tep, inst, NULL, 0, collect, evs);
	tep_free(tep);
	if (ret)
		fprintf(stderr, "xe_cbev_trace: cannot read the events\n");
	return ret;
}

static int write_file(const char *prefix, const char *ext,
		      const struct timeline *tl, const char *title)
{
	char path[4096];
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "%s.%s", prefix, ext);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "xe_cbev_trace: %s: %s\n", path, strerror(errno));
		return -1;
	}
	ret = ext[0] == 'j' ? timeline_write_json(tl, f) :
			      timeline_write_svg(tl, f, title);
	if (fclose(f) || ret) {
		fprintf(stderr, "xe_cbev_trace: writing %s failed\n", path);
		return -1;
	}
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: xe_cbev_trace [-o PREFIX] -- COMMAND [ARGS...]\n"
		"  records the xe_cbev trace events while COMMAND runs and writes\n"
		"  PREFIX.json (Chrome/Perfetto trace) and PREFIX.svg (timeline);\n"
		"  PREFIX defaults to xe_cbev_trace\n");
}

int main(int argc, char **argv)
{
	const char *prefix = "xe_cbev_trace";
	struct tracefs_instance *inst;
	struct events evs = { 0 };
	struct timeline tl;
	char title[512];
	int opt, status, err = 0;

	while ((opt = getopt(argc, argv, "+ho:")) != -1) {
		switch (opt) {
		case 'o':
			prefix = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return 2;
	}

	if (tracefs_ready())
		return 1;
	inst = start_tracing();
	if (!inst)
		return 1;
	/* A ^C goes to the command; we stop and write what was recorded. */
	signal(SIGINT, SIG_IGN);
	status = run(argv + optind);
	signal(SIGINT, SIG_DFL);
	stop_tracing(inst);
	if (status < 0)
		err = 1;

	if (!err && read_events(inst, &evs))
		err = 1;
	tracefs_instance_destroy(inst);
	tracefs_instance_free(inst);

	snprintf(title, sizeof(title), "xe_cbev trace of %s", argv[optind]);
	if (!err && timeline_build(&tl, evs.ev, evs.n)) {
		fprintf(stderr, "xe_cbev_trace: out of memory\n");
		err = 1;
	}
	if (!err) {
		if (write_file(prefix, "json", &tl, title) ||
		    write_file(prefix, "svg", &tl, title))
			err = 1;
		else
			fprintf(stderr, "xe_cbev_trace: %zu events, %zu rows, %zu jobs and waits, "
				"%zu arrows: %s.json, %s.svg\n", evs.n, tl.nrows,
				tl.nboxes, tl.narrows, prefix, prefix);
		timeline_free(&tl);
	}
	free(evs.ev);
	if (evs.lost)
		fprintf(stderr, "xe_cbev_trace: %zu events lost (out of memory)\n",
			evs.lost);
	if (err) {
		fprintf(stderr, "xe_cbev_trace: the command exited with status %d\n",
			status);
		return 1;
	}
	return status;
}
