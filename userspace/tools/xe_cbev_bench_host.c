// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * xe_cbev_bench_host - the host side of the hot Level Zero calls, one
 * operation N times, for counting instructions under callgrind
 * (scripts/callgrind-host, `make callgrind`):
 *
 *   cb-create      zexCounterBasedEventCreate2 + zeEventDestroy
 *   pool-create    zeEventCreate + zeEventDestroy in an existing pool
 *   imm-fill       zeCommandListAppendMemoryFill of 64 bytes on an
 *                  in-order immediate list, no event
 *   imm-fill-cb    the same, signalling one counter-based event
 *   imm-fill-pool  the same, signalling one regular event
 *   reg-fill       the same three recorded into an in-order regular list
 *   reg-fill-cb
 *   reg-fill-pool
 *   graph-10       zeCommandListAppendGraphExt of a graph of 10 such fills
 *                  (ZE_extension_record_replay_graph) on the list that
 *                  captured it
 *   graph-100      the same with 100 fills
 *   cb-query       zeEventQueryStatus of a completed counter-based event
 *   cb-sync        zeEventHostSynchronize of a completed counter-based event
 *   loop           the benchmark's own loop, with no call: what each figure
 *                  above carries besides its call (scripts/callgrind-host
 *                  prints it and takes it off the others)
 *
 * Through the standard loader like any application (the extension's
 * create function is the driver's own). The set-up is the same whatever
 * N is, so the difference of two runs over the difference of their N is
 * the cost of one operation. Nothing here depends on time: run against
 * the library linked to the fake kernel interface (scripts/callgrind-host),
 * the counts are the same from run to run.
 *
 *   ZE_ENABLE_ALT_DRIVERS=/path/to/libze_xe_cbev.so.1 \
 *	xe_cbev_bench_host OPERATION N
 */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <level_zero/ze_api.h>
#include <libze_xe_cbev.h>
#include <ze_graph_ext.h>

#include "common/l0_app.h"

#define FILL_SIZE	64

static struct l0_app app;
static ze_result_t (*create2)(ze_context_handle_t, ze_device_handle_t,
			      const zex_counter_based_event_desc_t *,
			      ze_event_handle_t *);

static void check(ze_result_t r, const char *what)
{
	if (r == ZE_RESULT_SUCCESS)
		return;
	fprintf(stderr, "xe_cbev_bench_host: %s: %#x\n", what, r);
	exit(1);
}

static ze_event_handle_t cb_event(void)
{
	const zex_counter_based_event_desc_t desc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.flags = ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE |
			 ZEX_COUNTER_BASED_EVENT_FLAG_NON_IMMEDIATE,
		.signalScope = ZE_EVENT_SCOPE_FLAG_HOST,
		.waitScope = ZE_EVENT_SCOPE_FLAG_HOST,
	};
	ze_event_handle_t ev;

	check(create2(app.context, app.device, &desc, &ev),
	      "zexCounterBasedEventCreate2");
	return ev;
}

static ze_event_pool_handle_t pool_new(void)
{
	const ze_event_pool_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
		.flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE,
		.count = 4,
	};
	ze_event_pool_handle_t pool;

	check(zeEventPoolCreate(app.context, &desc, 1, &app.device, &pool),
	      "zeEventPoolCreate");
	return pool;
}

static ze_event_handle_t pool_event(ze_event_pool_handle_t pool)
{
	const ze_event_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_EVENT_DESC };
	ze_event_handle_t ev;

	check(zeEventCreate(pool, &desc, &ev), "zeEventCreate");
	return ev;
}

static ze_command_list_handle_t list_new(bool immediate)
{
	const ze_command_queue_desc_t qdesc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
		.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
	};
	const ze_command_list_desc_t ldesc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC,
		.flags = ZE_COMMAND_LIST_FLAG_IN_ORDER,
	};
	ze_command_list_handle_t list;

	if (immediate)
		check(zeCommandListCreateImmediate(app.context, app.device,
						   &qdesc, &list),
		      "zeCommandListCreateImmediate");
	else
		check(zeCommandListCreate(app.context, app.device, &ldesc,
					  &list), "zeCommandListCreate");
	return list;
}

/* N fills of 64 bytes, each signalling @ev (or none). */
static void fills(bool immediate, ze_event_handle_t ev, unsigned long n)
{
	const ze_host_mem_alloc_desc_t hdesc = {
		.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
	};
	ze_command_list_handle_t list = list_new(immediate);
	uint8_t pattern = 0x5a;
	unsigned long i;
	void *buf;

	check(zeMemAllocHost(app.context, &hdesc, FILL_SIZE, 64, &buf),
	      "zeMemAllocHost");
	/* The first append pays for what the list sets up lazily. */
	check(zeCommandListAppendMemoryFill(list, buf, &pattern, 1, FILL_SIZE,
					    ev, 0, NULL), "first fill");
	for (i = 0; i < n; i++)
		check(zeCommandListAppendMemoryFill(list, buf, &pattern, 1,
						    FILL_SIZE, ev, 0, NULL),
		      "zeCommandListAppendMemoryFill");
	check(zeCommandListDestroy(list), "zeCommandListDestroy");
	check(zeMemFree(app.context, buf), "zeMemFree");
}

/* N replays of a captured graph of @nodes fills of 64 bytes. */
static void graph_replays(unsigned int nodes, unsigned long n)
{
	const ze_host_mem_alloc_desc_t hdesc = {
		.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
	};
	ze_result_t (*begin)(ze_command_list_handle_t, const void *);
	ze_result_t (*end)(ze_command_list_handle_t, const void *,
			   ze_graph_handle_t *);
	ze_result_t (*instantiate)(ze_graph_handle_t, const void *,
				   ze_executable_graph_handle_t *);
	ze_result_t (*append)(ze_command_list_handle_t,
			      ze_executable_graph_handle_t, const void *,
			      ze_event_handle_t, uint32_t, ze_event_handle_t *);
	ze_result_t (*exec_destroy)(ze_executable_graph_handle_t);
	ze_result_t (*destroy)(ze_graph_handle_t);
	ze_command_list_handle_t list = list_new(true);
	ze_executable_graph_handle_t x;
	uint8_t pattern = 0x5a;
	ze_graph_handle_t g;
	unsigned long i;
	void *buf;

	check(l0_app_function(&app, "zeCommandListBeginGraphCaptureExt",
			      (void **)&begin), "graph entry points");
	check(l0_app_function(&app, "zeCommandListEndGraphCaptureExt",
			      (void **)&end), "graph entry points");
	check(l0_app_function(&app, "zeGraphInstantiateExt",
			      (void **)&instantiate), "graph entry points");
	check(l0_app_function(&app, "zeCommandListAppendGraphExt",
			      (void **)&append), "graph entry points");
	check(l0_app_function(&app, "zeExecutableGraphDestroyExt",
			      (void **)&exec_destroy), "graph entry points");
	check(l0_app_function(&app, "zeGraphDestroyExt", (void **)&destroy),
	      "graph entry points");
	check(zeMemAllocHost(app.context, &hdesc, FILL_SIZE, 64, &buf),
	      "zeMemAllocHost");
	check(begin(list, NULL), "zeCommandListBeginGraphCaptureExt");
	for (i = 0; i < nodes; i++)
		check(zeCommandListAppendMemoryFill(list, buf, &pattern, 1,
						    FILL_SIZE, NULL, 0, NULL),
		      "zeCommandListAppendMemoryFill");
	check(end(list, NULL, &g), "zeCommandListEndGraphCaptureExt");
	check(instantiate(g, NULL, &x), "zeGraphInstantiateExt");
	check(append(list, x, NULL, NULL, 0, NULL), "first replay");
	for (i = 0; i < n; i++)
		check(append(list, x, NULL, NULL, 0, NULL),
		      "zeCommandListAppendGraphExt");
	check(zeCommandListDestroy(list), "zeCommandListDestroy");
	check(exec_destroy(x), "zeExecutableGraphDestroyExt");
	check(destroy(g), "zeGraphDestroyExt");
	check(zeMemFree(app.context, buf), "zeMemFree");
}

/*
 * What the loops test in place of a call's result: a success the compiler
 * cannot see through, read with one load.
 */
static volatile ze_result_t loop_status = ZE_RESULT_SUCCESS;

static inline ze_result_t loop_result(void)
{
	return loop_status;
}

/* A counter-based event signalled once and complete. */
static ze_event_handle_t completed_cb_event(void)
{
	ze_command_list_handle_t list = list_new(true);
	ze_event_handle_t ev = cb_event();

	check(zeCommandListAppendBarrier(list, ev, 0, NULL),
	      "zeCommandListAppendBarrier");
	check(zeEventHostSynchronize(ev, UINT64_MAX), "zeEventHostSynchronize");
	check(zeCommandListDestroy(list), "zeCommandListDestroy");
	return ev;
}

static void run(const char *op, unsigned long n)
{
	ze_event_pool_handle_t pool = pool_new();
	ze_event_handle_t ev = NULL;
	bool imm = !strncmp(op, "imm-", 4);
	unsigned long i;

	if (!strcmp(op, "cb-create")) {
		ev = cb_event();	/* warm: the first creation sets up */
		check(zeEventDestroy(ev), "zeEventDestroy");
		for (i = 0; i < n; i++) {
			ev = cb_event();
			check(zeEventDestroy(ev), "zeEventDestroy");
		}
		ev = NULL;
	} else if (!strcmp(op, "pool-create")) {
		for (i = 0; i <= n; i++)
			check(zeEventDestroy(pool_event(pool)),
			      "zeEventDestroy");
	} else if (!strcmp(op, "imm-fill") || !strcmp(op, "reg-fill")) {
		fills(imm, NULL, n);
	} else if (!strcmp(op, "imm-fill-cb") || !strcmp(op, "reg-fill-cb")) {
		ev = cb_event();
		fills(imm, ev, n);
	} else if (!strcmp(op, "imm-fill-pool") ||
		   !strcmp(op, "reg-fill-pool")) {
		ev = pool_event(pool);
		fills(imm, ev, n);
	} else if (!strcmp(op, "graph-10")) {
		graph_replays(10, n);
	} else if (!strcmp(op, "graph-100")) {
		graph_replays(100, n);
	} else if (!strcmp(op, "cb-query")) {
		ev = completed_cb_event();
		for (i = 0; i < n; i++)
			check(zeEventQueryStatus(ev), "zeEventQueryStatus");
	} else if (!strcmp(op, "cb-sync")) {
		ev = completed_cb_event();
		for (i = 0; i < n; i++)
			check(zeEventHostSynchronize(ev, UINT64_MAX),
			      "zeEventHostSynchronize");
	} else if (!strcmp(op, "loop")) {
		/* The loops above without their call: a counter and a test. */
		for (i = 0; i < n; i++)
			check(loop_result(), "loop");
	} else {
		fprintf(stderr, "xe_cbev_bench_host: no operation %s\n", op);
		exit(2);
	}
	if (ev)
		check(zeEventDestroy(ev), "zeEventDestroy");
	check(zeEventPoolDestroy(pool), "zeEventPoolDestroy");
}

int main(int argc, char **argv)
{
	unsigned long n;

	if (argc != 3) {
		fprintf(stderr, "usage: xe_cbev_bench_host OPERATION N\n");
		return 2;
	}
	n = strtoul(argv[2], NULL, 10);
	check(l0_app_open(&app), "l0_app_open");
	check(l0_app_function(&app, "zexCounterBasedEventCreate2",
			      (void **)&create2), "zexCounterBasedEventCreate2");
	run(argv[1], n);
	check(l0_app_close(&app), "l0_app_close");
	return 0;
}
