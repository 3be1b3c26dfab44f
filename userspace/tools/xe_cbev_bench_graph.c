// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * xe_cbev_bench_graph - a replayed graph against the same appends, through
 * the standard loader, in the VM (ZE_extension_record_replay_graph):
 *
 * For graphs of N = 10 and 100 nodes, each node a 64-byte fill or a launch
 * of an empty SPIR-V kernel, on an asynchronous in-order immediate list:
 *
 *   append ns/node   N appends, then a host wait for the list: the time
 *                    per node, median of ROUNDS rounds
 *   replay ns/node   one zeCommandListAppendGraphExt() of the same N
 *                    captured, then the wait: the time per node
 *   ratio            replay / append
 *   device ns/node   the same on the device: between global timestamps
 *                    the list writes before and after the N appends, or
 *                    the replay (the engine's time, including what it
 *                    waited for the appending thread), per node
 *   dev ratio        replay / append on the device (the goal: <= 0.5)
 *   call us          the host time of the N appends' calls, and of the one
 *                    replay call (no wait)
 *   syscalls         system calls of the N appends, and of one replay,
 *                    made by the appending thread, each with the list idle
 *                    (the goal for a replay: <= 1)
 *
 * Host instructions per replay are counted on the host by `make callgrind`
 * (graph-10, graph-100 in scripts/callgrind-host). Figures only: nothing
 * here fails on a time.
 *
 * With --replay-once it measures nothing: it captures a graph of fills on
 * two lists (a fork and its join), replays it once and waits, for
 * xe_cbev_trace to draw (tests/libze/test_libze_tools.c).
 *
 *   ZE_ENABLE_ALT_DRIVERS=.../libze_xe_cbev.so.1 xe_cbev_bench_graph [SPV_DIR]
 *   ZE_ENABLE_ALT_DRIVERS=... xe_cbev_bench_graph --replay-once
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <level_zero/ze_api.h>
#include <ze_graph_ext.h>
#include <zex_spec.h>

#include "common/bench.h"
#include "common/l0_app.h"
#include "common/syscall_count.h"

#define ROUNDS		15
#define FILL_BYTES	64

static struct l0_app app;
static ze_result_t (*list_sync)(ze_command_list_handle_t, uint64_t);
static ze_result_t (*begin)(ze_command_list_handle_t, const void *);
static ze_result_t (*end)(ze_command_list_handle_t, const void *,
			  ze_graph_handle_t *);
static ze_result_t (*instantiate)(ze_graph_handle_t, const void *,
				  ze_executable_graph_handle_t *);
static ze_result_t (*append_graph)(ze_command_list_handle_t,
				   ze_executable_graph_handle_t, const void *,
				   ze_event_handle_t, uint32_t,
				   ze_event_handle_t *);
static ze_result_t (*exec_destroy)(ze_executable_graph_handle_t);
static ze_result_t (*graph_destroy)(ze_graph_handle_t);

static ze_kernel_handle_t empty;
static void *buf;

enum node_kind { NODE_FILL, NODE_KERNEL };

static void append_node(ze_command_list_handle_t list, enum node_kind kind)
{
	static const ze_group_count_t one = { 1, 1, 1 };
	uint8_t pattern = 0x5a;

	if (kind == NODE_FILL)
		CHECK(zeCommandListAppendMemoryFill(list, buf, &pattern, 1,
						    FILL_BYTES, NULL, 0, NULL));
	else
		CHECK(zeCommandListAppendLaunchKernel(list, empty, &one, NULL,
						      0, NULL));
}

/* Global timestamps the lists write (host memory), and a tick in ns. */
static uint64_t *stamps;
static double tick_ns;

static void stamp(ze_command_list_handle_t list, unsigned int i)
{
	CHECK(zeCommandListAppendWriteGlobalTimestamp(list, &stamps[i], NULL,
						      0, NULL));
}

static uint64_t now(void)
{
	return bench_clock_ns(CLOCK_MONOTONIC);
}

static double median(double *v, unsigned int n)
{
	qsort(v, n, sizeof(*v), bench_cmp_double);
	return v[n / 2];
}

/* The empty kernel of basic.spv in @dir, or NULL. */
static ze_kernel_handle_t load_empty(const char *dir)
{
	ze_module_desc_t md = {
		.stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
		.format = ZE_MODULE_FORMAT_IL_SPIRV,
		.pBuildFlags = "",
	};
	ze_kernel_desc_t kd = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC, .pKernelName = "empty",
	};
	ze_module_handle_t mod;
	ze_kernel_handle_t k;
	char path[512];
	size_t size;
	void *spv;
	FILE *f;

	snprintf(path, sizeof(path), "%s/basic.spv", dir);
	f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fseek(f, 0, SEEK_SET);
	spv = malloc(size);
	if (!spv || fread(spv, 1, size, f) != size) {
		fclose(f);
		free(spv);
		return NULL;
	}
	fclose(f);
	md.inputSize = size;
	md.pInputModule = spv;
	if (zeModuleCreate(app.context, app.device, &md, &mod, NULL) ||
	    zeKernelCreate(mod, &kd, &k)) {
		free(spv);
		return NULL;
	}
	free(spv);
	CHECK(zeKernelSetGroupSize(k, 1, 1, 1));
	return k;
}

static void measure(enum node_kind kind, unsigned int n)
{
	double app_ns[ROUNDS], rep_ns[ROUNDS], app_call[ROUNDS],
	       rep_call[ROUNDS], app_dev[ROUNDS], rep_dev[ROUNDS];
	ze_command_list_handle_t list;
	ze_executable_graph_handle_t x;
	int64_t sys_app, sys_rep;
	ze_graph_handle_t g;
	uint64_t t0, t1;
	unsigned int r, i;

	CHECK(l0_app_immediate_list(&app, &list));
	CHECK(begin(list, NULL));
	for (i = 0; i < n; i++)
		append_node(list, kind);
	CHECK(end(list, NULL, &g));
	CHECK(instantiate(g, NULL, &x));
	/* Warm both paths: lazy set-up is not what is measured. */
	for (i = 0; i < n; i++)
		append_node(list, kind);
	CHECK(append_graph(list, x, NULL, NULL, 0, NULL));
	CHECK(list_sync(list, UINT64_MAX));

	for (r = 0; r < ROUNDS; r++) {
		t0 = now();
		for (i = 0; i < n; i++)
			append_node(list, kind);
		t1 = now();
		CHECK(list_sync(list, UINT64_MAX));
		app_ns[r] = (double)(now() - t0) / n;
		app_call[r] = (double)(t1 - t0) / 1000;

		t0 = now();
		CHECK(append_graph(list, x, NULL, NULL, 0, NULL));
		t1 = now();
		CHECK(list_sync(list, UINT64_MAX));
		rep_ns[r] = (double)(now() - t0) / n;
		rep_call[r] = (double)(t1 - t0) / 1000;
	}
	for (r = 0; r < ROUNDS; r++) {
		stamp(list, 0);
		for (i = 0; i < n; i++)
			append_node(list, kind);
		stamp(list, 1);
		CHECK(list_sync(list, UINT64_MAX));
		app_dev[r] = (double)(stamps[1] - stamps[0]) * tick_ns / n;

		stamp(list, 0);
		CHECK(append_graph(list, x, NULL, NULL, 0, NULL));
		stamp(list, 1);
		CHECK(list_sync(list, UINT64_MAX));
		rep_dev[r] = (double)(stamps[1] - stamps[0]) * tick_ns / n;
	}

	syscalls_start();
	for (i = 0; i < n; i++)
		append_node(list, kind);
	sys_app = syscalls_stop();
	CHECK(list_sync(list, UINT64_MAX));
	syscalls_start();
	CHECK(append_graph(list, x, NULL, NULL, 0, NULL));
	sys_rep = syscalls_stop();
	CHECK(list_sync(list, UINT64_MAX));

	{
		double a = median(app_ns, ROUNDS), p = median(rep_ns, ROUNDS);
		double da = median(app_dev, ROUNDS), dp = median(rep_dev, ROUNDS);

		printf("%-13s %4u %9.0f %9.0f %6.2f %9.0f %9.0f %6.2f %8.1f %7.1f %5lld %5lld\n",
		       kind == NODE_FILL ? "64-byte fill" : "empty kernel", n,
		       a, p, p / a, da, dp, dp / da, median(app_call, ROUNDS),
		       median(rep_call, ROUNDS), (long long)sys_app,
		       (long long)sys_rep);
	}
	CHECK(exec_destroy(x));
	CHECK(graph_destroy(g));
	CHECK(zeCommandListDestroy(list));
}

/* A fork and its join: three fills on one list, two on another. */
static void replay_once(void)
{
	ze_result_t (*cb_create)(ze_context_handle_t, ze_device_handle_t,
				 const ze_event_counter_based_desc_t *,
				 ze_event_handle_t *);
	const ze_event_counter_based_desc_t cd = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC,
		.flags = ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE |
			 ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE,
	};
	ze_command_list_handle_t l0, l1;
	ze_executable_graph_handle_t x;
	ze_event_handle_t a, b;
	ze_graph_handle_t g;

	CHECK(l0_app_function(&app, "zeEventCounterBasedCreate",
			      (void **)&cb_create));
	CHECK(cb_create(app.context, app.device, &cd, &a));
	CHECK(cb_create(app.context, app.device, &cd, &b));
	CHECK(l0_app_immediate_list(&app, &l0));
	CHECK(l0_app_immediate_list(&app, &l1));
	CHECK(begin(l0, NULL));
	append_node(l0, NODE_FILL);
	CHECK(zeCommandListAppendSignalEvent(l0, a));
	CHECK(zeCommandListAppendWaitOnEvents(l1, 1, &a));
	append_node(l1, NODE_FILL);
	append_node(l1, NODE_FILL);
	CHECK(zeCommandListAppendSignalEvent(l1, b));
	append_node(l0, NODE_FILL);
	CHECK(zeCommandListAppendWaitOnEvents(l0, 1, &b));
	append_node(l0, NODE_FILL);
	CHECK(end(l0, NULL, &g));
	CHECK(instantiate(g, NULL, &x));
	CHECK(append_graph(l0, x, NULL, NULL, 0, NULL));
	CHECK(list_sync(l0, UINT64_MAX));
	printf("xe_cbev_bench_graph: replayed once\n");
	CHECK(exec_destroy(x));
	CHECK(graph_destroy(g));
	CHECK(zeCommandListDestroy(l0));
	CHECK(zeCommandListDestroy(l1));
	CHECK(zeEventDestroy(a));
	CHECK(zeEventDestroy(b));
}

int main(int argc, char **argv)
{
	const ze_device_mem_alloc_desc_t dd = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC,
	};
	static const unsigned int sizes[] = { 10, 100 };
	unsigned int s;

	CHECK(l0_app_open(&app));
	CHECK(l0_app_function(&app, "zeCommandListHostSynchronize",
			      (void **)&list_sync));
	CHECK(l0_app_function(&app, "zeCommandListBeginGraphCaptureExt",
			      (void **)&begin));
	CHECK(l0_app_function(&app, "zeCommandListEndGraphCaptureExt",
			      (void **)&end));
	CHECK(l0_app_function(&app, "zeGraphInstantiateExt",
			      (void **)&instantiate));
	CHECK(l0_app_function(&app, "zeCommandListAppendGraphExt",
			      (void **)&append_graph));
	CHECK(l0_app_function(&app, "zeExecutableGraphDestroyExt",
			      (void **)&exec_destroy));
	CHECK(l0_app_function(&app, "zeGraphDestroyExt",
			      (void **)&graph_destroy));
	CHECK(zeMemAllocDevice(app.context, &dd, FILL_BYTES, 64, app.device,
			       &buf));
	if (argc > 1 && !strcmp(argv[1], "--replay-once")) {
		replay_once();
		CHECK(zeMemFree(app.context, buf));
		CHECK(l0_app_close(&app));
		return 0;
	}
	empty = load_empty(argc > 1 ? argv[1] : "/kernels");
	{
		const ze_host_mem_alloc_desc_t hd = {
			.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
		};
		ze_device_properties_t props = {
			.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES,
		};

		CHECK(zeDeviceGetProperties(app.device, &props));
		/* In ns per tick for this structure type. */
		tick_ns = (double)props.timerResolution;
		CHECK(zeMemAllocHost(app.context, &hd, 2 * sizeof(*stamps), 8,
				     (void **)&stamps));
	}
	syscalls_open();

	printf("xe_cbev_bench_graph: a graph of N nodes replayed vs the same N appends\n");
	printf("%-13s %4s %9s %9s %6s %9s %9s %6s %8s %7s %5s %5s\n", "", "",
	       "wall", "", "", "device", "", "", "host call", "", "sys", "");
	printf("%-13s %4s %9s %9s %6s %9s %9s %6s %8s %7s %5s %5s\n", "node",
	       "N", "append", "replay", "ratio", "append", "replay", "ratio",
	       "appends", "replay", "apps", "rep");
	printf("%-13s %4s %9s %9s %6s %9s %9s %6s %8s %7s %5s %5s\n", "", "",
	       "ns/node", "ns/node", "", "ns/node", "ns/node", "", "us", "us",
	       "", "");
	for (s = 0; s < 2; s++)
		measure(NODE_FILL, sizes[s]);
	if (empty)
		for (s = 0; s < 2; s++)
			measure(NODE_KERNEL, sizes[s]);
	else
		printf("empty kernel: basic.spv not found, not measured\n");
	CHECK(zeMemFree(app.context, stamps));
	CHECK(zeMemFree(app.context, buf));
	CHECK(l0_app_close(&app));
	return 0;
}
