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

#define ROUNDS		21
#define PER_ROUND	200

static ze_driver_handle_t driver;
static ze_device_handle_t device;
static ze_context_handle_t context;
static ze_result_t (*list_sync)(ze_command_list_handle_t, uint64_t);

#define CHECK(call)							\
	do {								\
		ze_result_t r_ = (call);				\
									\
		if (r_ != ZE_RESULT_SUCCESS) {				\
			fprintf(stderr, "%s:%d: %s: 0x%x\n", __FILE__,	\
				__LINE__, #call, (unsigned int)r_);	\
			exit(EXIT_FAILURE);				\
		}							\
	} while (0)

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

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
	qsort(s->per_op, s->n, sizeof(s->per_op[0]), cmp_double);
	printf("%-24s %9.0f ns/op   (min %.0f, max %.0f, %u rounds)\n", name,
	       s->per_op[s->n / 2], s->per_op[0], s->per_op[s->n - 1], s->n);
}

static void init(void)
{
	ze_context_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC };
	uint32_t count = 1;
	void *fn = NULL;

	CHECK(zeInit(0));
	CHECK(zeDriverGet(&count, &driver));
	count = 1;
	CHECK(zeDeviceGet(driver, &count, &device));
	CHECK(zeContextCreate(driver, &desc, &context));
	CHECK(zeDriverGetExtensionFunctionAddress(driver,
			"zeCommandListHostSynchronize", &fn));
	*(void **)&list_sync = fn;
}

static ze_kernel_handle_t empty_kernel(void)
{
	static const zex_builtin_module_all_t image = ZEX_BUILTIN_MODULE_ALL_INIT;
	ze_module_desc_t mdesc = {
		.stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
		.format = ZE_MODULE_FORMAT_NATIVE,
		.inputSize = sizeof(image),
		.pInputModule = (const uint8_t *)&image,
	};
	ze_kernel_desc_t kdesc = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC,
		.pKernelName = "spin",
	};
	ze_module_handle_t module;
	ze_kernel_handle_t kernel;
	uint64_t ns = 0;

	CHECK(zeModuleCreate(context, device, &mdesc, &module, NULL));
	CHECK(zeKernelCreate(module, &kdesc, &kernel));
	/* A spin of 0 ns: the least work a launch can be. */
	CHECK(zeKernelSetArgumentValue(kernel, 0, sizeof(ns), &ns));
	return kernel;
}

static ze_command_list_handle_t immediate_list(void)
{
	ze_command_queue_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
		.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
	};
	ze_command_list_handle_t list;

	CHECK(zeCommandListCreateImmediate(context, device, &desc, &list));
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
		start = now_ns();
		for (i = 0; i < PER_ROUND; i++)
			CHECK(zeCommandListAppendLaunchKernel(list, kernel,
							      &one, ev, 0,
							      NULL));
		add(&s, now_ns() - start, PER_ROUND);
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

	CHECK(zeCommandListCreate(context, device, &desc, &list));
	for (r = 0; r < ROUNDS; r++) {
		start = now_ns();
		for (i = 0; i < PER_ROUND; i++)
			CHECK(zeCommandListAppendLaunchKernel(list, kernel,
							      &one, NULL, 0,
							      NULL));
		add(&s, now_ns() - start, PER_ROUND);
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
		start = now_ns();
		for (i = 0; i < PER_ROUND * 10; i++)
			CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
		add(&sync, now_ns() - start, PER_ROUND * 10);

		start = now_ns();
		for (i = 0; i < PER_ROUND * 10; i++)
			CHECK(zeEventQueryStatus(ev));
		add(&query, now_ns() - start, PER_ROUND * 10);
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

	CHECK(zeCommandQueueCreate(context, device, &qdesc, &queue));
	CHECK(zeCommandListCreate(context, device, &ldesc, &list));
	CHECK(zeCommandListAppendLaunchKernel(list, kernel, &one, NULL, 0,
					      NULL));
	CHECK(zeCommandListClose(list));
	for (r = 0; r < ROUNDS; r++) {
		start = now_ns();
		for (i = 0; i < PER_ROUND; i++)
			CHECK(zeCommandQueueExecuteCommandLists(queue, 1,
								&list, NULL));
		add(&s, now_ns() - start, PER_ROUND);
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
		start = now_ns();
		for (i = 0; i < PER_ROUND / 10; i++) {
			CHECK(zeCommandListAppendLaunchKernel(list, kernel,
							      &one, NULL, 0,
							      NULL));
			CHECK(list_sync(list, UINT64_MAX));
		}
		add(&s, now_ns() - start, PER_ROUND / 10);
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
	CHECK(zeEventPoolCreate(context, &pdesc, 1, &device, &pool));
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
	CHECK(zeContextDestroy(context));
	return EXIT_SUCCESS;
}
