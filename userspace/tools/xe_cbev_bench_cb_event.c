// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * xe_cbev_bench_cb_event - counter-based (CB) events against regular
 * events, side by side, through the standard loader like any application:
 *
 *   create+destroy        zexCounterBasedEventCreate2 + zeEventDestroy, vs
 *                         zeEventCreate + zeEventDestroy in an existing pool
 *   ... with its pool     vs a one-event pool made and destroyed around it
 *   append+signal         zeCommandListAppendLaunchKernel() of an empty
 *                         kernel on an in-order immediate list, signalling
 *                         the event
 *   ... reused            the same, for a regular event reset first (the
 *                         reset a regular event needs before reuse; a CB
 *                         event needs none)
 *   sync/completed        zeEventHostSynchronize() of a complete event
 *   sync/wake latency     from the end of a 2 ms kernel (its timestamp) to
 *                         the return of the host's zeEventHostSynchronize()
 *   sync/CPU per wait     the waiting thread's CPU time for a 20 ms kernel
 *   IPC get+open+close    one handle made, opened and closed in-process:
 *                         zexCounterBasedEventGetIpcHandle/Open/Close, vs
 *                         a pool's zeEventPoolGetIpcHandle, Open,
 *                         zeEventCreate, destroy, Close, Put
 *
 * Figures are medians over ROUNDS rounds of the time per operation; the
 * device is drained between rounds, outside the measured time. The last
 * column is regular / CB: how many times the regular event costs what the
 * CB event costs.
 *
 *   ZE_ENABLE_ALT_DRIVERS=/path/to/libze_xe_cbev.so.1 xe_cbev_bench_cb_event
 */

#include <inttypes.h>
#include <stdbool.h>
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
#define MS		1000000ull

static struct l0_app app;
static ze_kernel_handle_t spin;

static ze_result_t (*list_sync)(ze_command_list_handle_t, uint64_t);
static ze_result_t (*create2)(ze_context_handle_t, ze_device_handle_t,
			      const zex_counter_based_event_desc_t *,
			      ze_event_handle_t *);
static ze_result_t (*get_ipc)(ze_event_handle_t,
			      zex_ipc_counter_based_event_handle_t *);
static ze_result_t (*open_ipc)(ze_context_handle_t,
			       zex_ipc_counter_based_event_handle_t,
			       ze_event_handle_t *);
static ze_result_t (*close_ipc)(ze_event_handle_t);
static ze_result_t (*pool_put_ipc)(ze_context_handle_t,
				   ze_ipc_event_pool_handle_t);

struct sample {
	double v[ROUNDS];
	unsigned int n;
};

static void add(struct sample *s, double value)
{
	s->v[s->n++] = value;
}

static double median(struct sample *s)
{
	qsort(s->v, s->n, sizeof(s->v[0]), bench_cmp_double);
	return s->v[s->n / 2];
}

static void report(const char *name, const char *unit, struct sample *cb,
		   struct sample *regular)
{
	double c = median(cb), r = median(regular);

	printf("%-26s %10.0f %-3s %10.0f %-3s %9.2f\n", name, c, unit, r,
	       unit, c > 0 ? r / c : 0.0);
}

static void *fn(const char *name)
{
	void *f;

	CHECK(l0_app_function(&app, name, &f));
	return f;
}

static void init(void)
{
	ze_module_handle_t module;

	CHECK(l0_app_open(&app));
	*(void **)&list_sync = fn("zeCommandListHostSynchronize");
	*(void **)&create2 = fn("zexCounterBasedEventCreate2");
	*(void **)&get_ipc = fn("zexCounterBasedEventGetIpcHandle");
	*(void **)&open_ipc = fn("zexCounterBasedEventOpenIpcHandle");
	*(void **)&close_ipc = fn("zexCounterBasedEventCloseIpcHandle");
	*(void **)&pool_put_ipc = fn("zeEventPoolPutIpcHandle");
	CHECK(l0_app_builtin_kernel(&app, "spin", &module, &spin));
}

static void set_spin(uint64_t ns)
{
	CHECK(zeKernelSetArgumentValue(spin, 0, sizeof(ns), &ns));
}

static ze_command_list_handle_t immediate_list(void)
{
	ze_command_list_handle_t list;

	CHECK(l0_app_immediate_list(&app, &list));
	return list;
}

static ze_event_handle_t cb_event(uint32_t flags)
{
	zex_counter_based_event_desc_t desc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.flags = flags,
		.signalScope = ZE_EVENT_SCOPE_FLAG_HOST,
		.waitScope = ZE_EVENT_SCOPE_FLAG_HOST,
	};
	ze_event_handle_t ev;

	CHECK(create2(app.context, app.device, &desc, &ev));
	return ev;
}

static ze_event_pool_handle_t pool(ze_event_pool_flags_t flags, uint32_t n)
{
	ze_event_pool_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
		.flags = flags,
		.count = n,
	};
	ze_event_pool_handle_t p;

	CHECK(zeEventPoolCreate(app.context, &desc, 1, &app.device, &p));
	return p;
}

static ze_event_handle_t pool_event(ze_event_pool_handle_t p)
{
	ze_event_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_DESC,
		.signal = ZE_EVENT_SCOPE_FLAG_HOST,
		.wait = ZE_EVENT_SCOPE_FLAG_HOST,
	};
	ze_event_handle_t ev;

	CHECK(zeEventCreate(p, &desc, &ev));
	return ev;
}

/* ---- create + destroy ---------------------------------------------------- */

static void bench_create(void)
{
	struct sample cb = { .n = 0 }, reg = { .n = 0 }, own = { .n = 0 };
	ze_event_pool_handle_t p = pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	unsigned int r, i;
	uint64_t start;

	for (r = 0; r < ROUNDS; r++) {
		start = l0_app_now_ns();
		for (i = 0; i < PER_ROUND * 10; i++)
			CHECK(zeEventDestroy(cb_event(
				ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE)));
		add(&cb, (double)(l0_app_now_ns() - start) / (PER_ROUND * 10));

		start = l0_app_now_ns();
		for (i = 0; i < PER_ROUND * 10; i++)
			CHECK(zeEventDestroy(pool_event(p)));
		add(&reg, (double)(l0_app_now_ns() - start) / (PER_ROUND * 10));

		start = l0_app_now_ns();
		for (i = 0; i < PER_ROUND; i++) {
			ze_event_pool_handle_t q =
				pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);

			CHECK(zeEventDestroy(pool_event(q)));
			CHECK(zeEventPoolDestroy(q));
		}
		add(&own, (double)(l0_app_now_ns() - start) / PER_ROUND);
	}
	report("create+destroy", "ns", &cb, &reg);
	report("create+destroy, own pool", "ns", &cb, &own);
	CHECK(zeEventPoolDestroy(p));
}

/* ---- appends --------------------------------------------------------------- */

static void bench_append(void)
{
	struct sample cb = { .n = 0 }, reg = { .n = 0 }, reuse = { .n = 0 };
	ze_command_list_handle_t list = immediate_list();
	ze_event_pool_handle_t p = pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t cbev = cb_event(ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE);
	ze_event_handle_t rev = pool_event(p);
	ze_group_count_t one = { 1, 1, 1 };
	unsigned int r, i;
	uint64_t start;

	set_spin(0);
	for (r = 0; r < ROUNDS; r++) {
		start = l0_app_now_ns();
		for (i = 0; i < PER_ROUND; i++)
			CHECK(zeCommandListAppendLaunchKernel(list, spin, &one,
							      cbev, 0, NULL));
		add(&cb, (double)(l0_app_now_ns() - start) / PER_ROUND);
		CHECK(list_sync(list, UINT64_MAX));

		start = l0_app_now_ns();
		for (i = 0; i < PER_ROUND; i++)
			CHECK(zeCommandListAppendLaunchKernel(list, spin, &one,
							      rev, 0, NULL));
		add(&reg, (double)(l0_app_now_ns() - start) / PER_ROUND);
		CHECK(list_sync(list, UINT64_MAX));

		start = l0_app_now_ns();
		for (i = 0; i < PER_ROUND / 2; i++) {
			CHECK(zeCommandListAppendEventReset(list, rev));
			CHECK(zeCommandListAppendLaunchKernel(list, spin, &one,
							      rev, 0, NULL));
		}
		add(&reuse, (double)(l0_app_now_ns() - start) / (PER_ROUND / 2));
		CHECK(list_sync(list, UINT64_MAX));
	}
	report("append+signal", "ns", &cb, &reg);
	report("append+signal, reused", "ns", &cb, &reuse);
	CHECK(zeEventDestroy(cbev));
	CHECK(zeEventDestroy(rev));
	CHECK(zeEventPoolDestroy(p));
	CHECK(zeCommandListDestroy(list));
}

/* ---- host synchronisation ------------------------------------------------- */

static void bench_sync_completed(void)
{
	struct sample cb = { .n = 0 }, reg = { .n = 0 };
	ze_command_list_handle_t list = immediate_list();
	ze_event_pool_handle_t p = pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t cbev = cb_event(ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE);
	ze_event_handle_t rev = pool_event(p);
	unsigned int r, i;
	uint64_t start;

	CHECK(zeCommandListAppendSignalEvent(list, cbev));
	CHECK(zeCommandListAppendSignalEvent(list, rev));
	CHECK(list_sync(list, UINT64_MAX));
	for (r = 0; r < ROUNDS; r++) {
		start = l0_app_now_ns();
		for (i = 0; i < PER_ROUND * 10; i++)
			CHECK(zeEventHostSynchronize(cbev, UINT64_MAX));
		add(&cb, (double)(l0_app_now_ns() - start) / (PER_ROUND * 10));
		start = l0_app_now_ns();
		for (i = 0; i < PER_ROUND * 10; i++)
			CHECK(zeEventHostSynchronize(rev, UINT64_MAX));
		add(&reg, (double)(l0_app_now_ns() - start) / (PER_ROUND * 10));
	}
	report("sync, completed", "ns", &cb, &reg);
	CHECK(zeEventDestroy(cbev));
	CHECK(zeEventDestroy(rev));
	CHECK(zeEventPoolDestroy(p));
	CHECK(zeCommandListDestroy(list));
}

/*
 * One wait for a kernel of @ns that signals @ev (reset first if @reset):
 * the latency from the kernel's end (its timestamp, CLOCK_MONOTONIC_RAW
 * nanoseconds) to the wait's return, and the waiter's CPU time.
 */
static void timed_wait(ze_command_list_handle_t list, ze_event_handle_t ev,
		       bool reset, uint64_t ns, double *latency, double *cpu)
{
	ze_group_count_t one = { 1, 1, 1 };
	ze_kernel_timestamp_result_t ts;
	uint64_t c0, back;

	if (reset)
		CHECK(zeEventHostReset(ev));
	set_spin(ns);
	CHECK(zeCommandListAppendLaunchKernel(list, spin, &one, ev, 0, NULL));
	c0 = bench_clock_ns(CLOCK_THREAD_CPUTIME_ID);
	CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
	back = bench_clock_ns(CLOCK_MONOTONIC_RAW);
	*cpu = (double)(bench_clock_ns(CLOCK_THREAD_CPUTIME_ID) - c0);
	CHECK(zeEventQueryKernelTimestamp(ev, &ts));
	*latency = (double)(back - ts.global.kernelEnd);
}

static void bench_sync_wait(void)
{
	struct sample lat_cb = { .n = 0 }, lat_reg = { .n = 0 };
	struct sample cpu_cb = { .n = 0 }, cpu_reg = { .n = 0 };
	ze_command_list_handle_t list = immediate_list();
	ze_event_pool_handle_t p = pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE |
					ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 1);
	ze_event_handle_t cbev = cb_event(ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE |
		ZEX_COUNTER_BASED_EVENT_FLAG_KERNEL_TIMESTAMP);
	ze_event_handle_t rev = pool_event(p);
	double lat, cpu;
	unsigned int r;

	for (r = 0; r < ROUNDS; r++) {
		timed_wait(list, cbev, false, 2 * MS, &lat, &cpu);
		add(&lat_cb, lat);
		timed_wait(list, rev, true, 2 * MS, &lat, &cpu);
		add(&lat_reg, lat);
	}
	report("sync, wake latency (2 ms)", "ns", &lat_cb, &lat_reg);
	for (r = 0; r < ROUNDS; r++) {
		timed_wait(list, cbev, false, 20 * MS, &lat, &cpu);
		add(&cpu_cb, cpu);
		timed_wait(list, rev, true, 20 * MS, &lat, &cpu);
		add(&cpu_reg, cpu);
	}
	report("sync, CPU per 20 ms wait", "ns", &cpu_cb, &cpu_reg);
	CHECK(zeEventDestroy(cbev));
	CHECK(zeEventDestroy(rev));
	CHECK(zeEventPoolDestroy(p));
	CHECK(zeCommandListDestroy(list));
}

/* ---- IPC -------------------------------------------------------------------- */

static void bench_ipc(void)
{
	struct sample cb = { .n = 0 }, reg = { .n = 0 };
	ze_command_list_handle_t list = immediate_list();
	ze_event_pool_handle_t p = pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE |
					ZE_EVENT_POOL_FLAG_IPC, 1);
	ze_event_handle_t cbev = cb_event(ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE |
					  ZEX_COUNTER_BASED_EVENT_FLAG_IPC);
	zex_ipc_counter_based_event_handle_t h;
	ze_ipc_event_pool_handle_t ph;
	ze_event_pool_handle_t opened_pool;
	ze_event_handle_t opened;
	unsigned int r, i;
	uint64_t start;

	CHECK(zeCommandListAppendSignalEvent(list, cbev));
	CHECK(list_sync(list, UINT64_MAX));
	for (r = 0; r < ROUNDS; r++) {
		start = l0_app_now_ns();
		for (i = 0; i < PER_ROUND; i++) {
			CHECK(get_ipc(cbev, &h));
			CHECK(open_ipc(app.context, h, &opened));
			CHECK(close_ipc(opened));
		}
		add(&cb, (double)(l0_app_now_ns() - start) / PER_ROUND);

		start = l0_app_now_ns();
		for (i = 0; i < PER_ROUND; i++) {
			CHECK(zeEventPoolGetIpcHandle(p, &ph));
			CHECK(zeEventPoolOpenIpcHandle(app.context, ph,
						       &opened_pool));
			CHECK(zeEventDestroy(pool_event(opened_pool)));
			CHECK(zeEventPoolCloseIpcHandle(opened_pool));
			CHECK(pool_put_ipc(app.context, ph));
		}
		add(&reg, (double)(l0_app_now_ns() - start) / PER_ROUND);
	}
	report("IPC get+open+close", "ns", &cb, &reg);
	CHECK(zeEventDestroy(cbev));
	CHECK(zeEventPoolDestroy(p));
	CHECK(zeCommandListDestroy(list));
}

int main(void)
{
	init();
	printf("xe_cbev_bench_cb_event: counter-based vs regular events, median of %u rounds\n",
	       ROUNDS);
	printf("%-26s %14s %14s %9s\n", "", "counter-based", "regular",
	       "reg/CB");
	bench_create();
	bench_append();
	bench_sync_completed();
	bench_sync_wait();
	bench_ipc();
	CHECK(l0_app_close(&app));
	return EXIT_SUCCESS;
}
