// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * xe_cbev_bench_libze - host overhead of the Level Zero driver, measured
 * through the standard loader like any application:
 *
 *   append/in-order          one zeCommandListAppendLaunchKernel() on an
 *                            in-order immediate list, no event
 *   append/in-order+event    the same, signalling a regular event
 *   append/regular-record    one append recorded into a regular list
 *   event-sync/completed     one zeEventHostSynchronize() of an event that
 *                            is already signalled
 *   event-query/completed    one zeEventQueryStatus() of the same
 *   queue-execute            one zeCommandQueueExecuteCommandLists() of a
 *                            one-launch regular list
 *   round-trip               append + zeCommandListHostSynchronize() of an
 *                            empty kernel on an in-order immediate list
 *
 * Each figure is the median over ROUNDS rounds of the time a round took per
 * operation; a round is short enough for its work to fit in the ring, and
 * the device is drained between rounds, outside the measured time, so the
 * figures are the cost of the calls and not of waiting for room.
 *
 *   ZE_ENABLE_ALT_DRIVERS=/path/to/libze_xe_cbev.so.1 xe_cbev_bench_libze
 */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <level_zero/ze_api.h>
#include <libze_xe_cbev.h>

#include "common/bench.h"
#include "common/l0_app.h"

#define ROUNDS		21
#define PER_ROUND	200

static struct l0_app app;
static ze_result_t (*list_sync)(ze_command_list_handle_t, uint64_t);

struct sample {
	double per_op[ROUNDS];
	unsigned int n;
};

static void add(struct sample *s, uint64_t ns, unsigned int ops)
{
	s->per_op[s->n++] = (double)ns / ops;
}

static void report(const char *name, struct sample *s)
{
	qsort(s->per_op, s->n, sizeof(s->per_op[0]), bench_cmp_double);
	printf("%-24s %9.0f ns/op   (min %.0f, max %.0f, %u rounds)\n", name,
	       s->per_op[s->n / 2], s->per_op[0], s->per_op[s->n - 1], s->n);
}

static void init(void)
{
	void *fn;

	CHECK(l0_app_open(&app));
	CHECK(l0_app_function(&app, "zeCommandListHostSynchronize", &fn));
	*(void **)&list_sync = fn;
}

static ze_kernel_handle_t empty_kernel(void)
{
	ze_module_handle_t module;
	ze_kernel_handle_t kernel;
	uint64_t ns = 0;

	CHECK(l0_app_builtin_kernel(&app, "spin", &module, &kernel));
	/* A spin of 0 ns: the least work a launch can be. */
	CHECK(zeKernelSetArgumentValue(kernel, 0, sizeof(ns), &ns));
	return kernel;
}

static ze_command_list_handle_t immediate_list(void)
{
	ze_command_list_handle_t list;

	CHECK(l0_app_immediate_list(&app, &list));
	return list;
}

static void bench_appends(ze_kernel_handle_t kernel, ze_event_handle_t ev,
			  const char *name)
{
	ze_command_list_handle_t list = immediate_list();
	ze_group_count_t one = { 1, 1, 1 };
	struct sample s = { .n = 0 };
	unsigned int r, i;
	uint64_t start;

	for (r = 0; r < ROUNDS; r++) {
		start = l0_app_now_ns();
		for (i = 0; i < PER_ROUND; i++)
			CHECK(zeCommandListAppendLaunchKernel(list, kernel,
							      &one, ev, 0,
							      NULL));
		add(&s, l0_app_now_ns() - start, PER_ROUND);
		CHECK(list_sync(list, UINT64_MAX));
	}
	report(name, &s);
	CHECK(zeCommandListDestroy(list));
}

static void bench_record(ze_kernel_handle_t kernel)
{
	ze_command_list_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC,
		.flags = ZE_COMMAND_LIST_FLAG_IN_ORDER,
	};
	ze_group_count_t one = { 1, 1, 1 };
	ze_command_list_handle_t list;
	struct sample s = { .n = 0 };
	unsigned int r, i;
	uint64_t start;

	CHECK(zeCommandListCreate(app.context, app.device, &desc, &list));
	for (r = 0; r < ROUNDS; r++) {
		start = l0_app_now_ns();
		for (i = 0; i < PER_ROUND; i++)
			CHECK(zeCommandListAppendLaunchKernel(list, kernel,
							      &one, NULL, 0,
							      NULL));
		add(&s, l0_app_now_ns() - start, PER_ROUND);
		CHECK(zeCommandListReset(list));
	}
	report("append/regular-record", &s);
	CHECK(zeCommandListDestroy(list));
}

static void bench_event_sync(ze_event_handle_t ev)
{
	struct sample sync = { .n = 0 }, query = { .n = 0 };
	unsigned int r, i;
	uint64_t start;

	CHECK(zeEventHostSignal(ev));
	for (r = 0; r < ROUNDS; r++) {
		start = l0_app_now_ns();
		for (i = 0; i < PER_ROUND * 10; i++)
			CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
		add(&sync, l0_app_now_ns() - start, PER_ROUND * 10);

		start = l0_app_now_ns();
		for (i = 0; i < PER_ROUND * 10; i++)
			CHECK(zeEventQueryStatus(ev));
		add(&query, l0_app_now_ns() - start, PER_ROUND * 10);
	}
	report("event-sync/completed", &sync);
	report("event-query/completed", &query);
}

static void bench_execute(ze_kernel_handle_t kernel)
{
	ze_command_queue_desc_t qdesc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
	};
	ze_command_list_desc_t ldesc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC,
	};
	ze_group_count_t one = { 1, 1, 1 };
	ze_command_queue_handle_t queue;
	ze_command_list_handle_t list;
	struct sample s = { .n = 0 };
	unsigned int r, i;
	uint64_t start;

	CHECK(zeCommandQueueCreate(app.context, app.device, &qdesc, &queue));
	CHECK(zeCommandListCreate(app.context, app.device, &ldesc, &list));
	CHECK(zeCommandListAppendLaunchKernel(list, kernel, &one, NULL, 0,
					      NULL));
	CHECK(zeCommandListClose(list));
	for (r = 0; r < ROUNDS; r++) {
		start = l0_app_now_ns();
		for (i = 0; i < PER_ROUND; i++)
			CHECK(zeCommandQueueExecuteCommandLists(queue, 1,
								&list, NULL));
		add(&s, l0_app_now_ns() - start, PER_ROUND);
		CHECK(zeCommandQueueSynchronize(queue, UINT64_MAX));
	}
	report("queue-execute", &s);
	CHECK(zeCommandListDestroy(list));
	CHECK(zeCommandQueueDestroy(queue));
}

static void bench_round_trip(ze_kernel_handle_t kernel)
{
	ze_command_list_handle_t list = immediate_list();
	ze_group_count_t one = { 1, 1, 1 };
	struct sample s = { .n = 0 };
	unsigned int r, i;
	uint64_t start;

	for (r = 0; r < ROUNDS; r++) {
		start = l0_app_now_ns();
		for (i = 0; i < PER_ROUND / 10; i++) {
			CHECK(zeCommandListAppendLaunchKernel(list, kernel,
							      &one, NULL, 0,
							      NULL));
			CHECK(list_sync(list, UINT64_MAX));
		}
		add(&s, l0_app_now_ns() - start, PER_ROUND / 10);
	}
	report("round-trip", &s);
	CHECK(zeCommandListDestroy(list));
}

int main(void)
{
	ze_event_pool_desc_t pdesc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
		.flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE,
		.count = 1,
	};
	ze_event_desc_t edesc = { .stype = ZE_STRUCTURE_TYPE_EVENT_DESC };
	ze_event_pool_handle_t pool;
	ze_kernel_handle_t kernel;
	ze_event_handle_t ev;

	init();
	kernel = empty_kernel();
	CHECK(zeEventPoolCreate(app.context, &pdesc, 1, &app.device, &pool));
	CHECK(zeEventCreate(pool, &edesc, &ev));

	printf("xe_cbev_bench_libze: host time per call, median of %u rounds\n",
	       ROUNDS);
	bench_appends(kernel, NULL, "append/in-order");
	bench_appends(kernel, ev, "append/in-order+event");
	bench_record(kernel);
	bench_event_sync(ev);
	bench_execute(kernel);
	bench_round_trip(kernel);

	CHECK(zeEventDestroy(ev));
	CHECK(zeEventPoolDestroy(pool));
	CHECK(l0_app_close(&app));
	return EXIT_SUCCESS;
}
