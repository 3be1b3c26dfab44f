// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * xe_cbev_bench_submit - how appends reach the engine: the exec ioctl,
 * direct submission and io_uring SQPOLL side by side (XE_CBEV_SUBMIT,
 * read when a list is created), on an in-order immediate list, for
 * 10,000 appends of a 64-byte fill with no event, a counter-based (CB)
 * signal event and a regular (pool) signal event:
 *
 *   syscalls/append (full)   system calls the appending thread made
 *                            during the 10,000 appends back to back (the
 *                            ring fills: waits for room count), counted by
 *                            the kernel (a perf counter on the
 *                            raw_syscalls:sys_enter tracepoint for this
 *                            thread), divided by the appends
 *   syscalls/append (burst)  the same over the bursts below, which fit in
 *                            the ring: no wait for room, the engine awake
 *   syscalls/append (idle)   the same for one append after the engine
 *                            went idle (5 ms pause), averaged
 *   sustained/s              the 10,000 appends back to back: the ring
 *                            fills, so this is the engine's pace
 *   burst/s                  10,000 appends in rounds of BURST that fit
 *                            in the ring, the list drained between rounds
 *                            (outside the time): the cost of an append;
 *                            the median round, so that a round the
 *                            machine's other work preempted does not count
 *   start latency (awake)    from the append call to the engine starting
 *                            it (a global timestamp the engine writes, on
 *                            the same clock), median, engine just done
 *   start latency (idle)     the same after a 5 ms pause
 *
 * Then the CPU the whole machine used while the device sat idle (after
 * the idle windows) and the waiter's CPU during a 20 ms wait.
 *
 *   ZE_ENABLE_ALT_DRIVERS=/path/to/libze_xe_cbev.so.1 xe_cbev_bench_submit
 */

#include <fcntl.h>
#include <stdbool.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <level_zero/ze_api.h>
#include <libze_xe_cbev.h>

#include "common/bench.h"
#include "common/l0_app.h"
#include "common/syscall_count.h"

#define APPENDS		10000
#define BURST		250
#define FILL_BYTES	64u
#define IDLE_SAMPLES	20
#define LAT_SAMPLES	101
#define PAUSE_US	5000
#define MS		1000000ull

static struct l0_app app;
static ze_result_t (*cb_create2)(ze_context_handle_t, ze_device_handle_t,
				 const zex_counter_based_event_desc_t *,
				 ze_event_handle_t *);
static ze_result_t (*list_sync)(ze_command_list_handle_t, uint64_t);

/* ---- the appends ------------------------------------------------------- */

enum ev_kind { EV_NONE, EV_CB, EV_POOL, EV_KINDS };
static const char *const ev_names[] = { "no event", "CB event", "pool event" };
static const char *const paths[] = { "ioctl", "direct", "uring" };
#define PATHS	3

struct result {
	double sys_busy, sys_burst, sys_idle, per_s, burst_per_s;
};

static ze_command_list_handle_t immediate_list(void)
{
	ze_command_list_handle_t list;

	CHECK(l0_app_immediate_list(&app, &list));
	return list;
}

static ze_event_handle_t cb_event(void)
{
	zex_counter_based_event_desc_t desc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.flags = ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE,
		.signalScope = ZE_EVENT_SCOPE_FLAG_HOST,
		.waitScope = ZE_EVENT_SCOPE_FLAG_HOST,
	};
	ze_event_handle_t ev;

	CHECK(cb_create2(app.context, app.device, &desc, &ev));
	return ev;
}

static ze_event_pool_handle_t pool;

static ze_event_handle_t pool_event(uint32_t index)
{
	ze_event_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_DESC,
		.index = index,
		.signal = ZE_EVENT_SCOPE_FLAG_HOST,
		.wait = ZE_EVENT_SCOPE_FLAG_HOST,
	};
	ze_event_handle_t ev;

	CHECK(zeEventCreate(pool, &desc, &ev));
	return ev;
}

static void fill(ze_command_list_handle_t list, void *dst,
		 ze_event_handle_t ev)
{
	static const uint8_t byte = 0x5a;

	CHECK(zeCommandListAppendMemoryFill(list, dst, &byte, 1, FILL_BYTES, ev,
					    0, NULL));
}

/* Let the engine finish and fall asleep (past its idle windows). */
static void pause_idle(void)
{
	usleep(PAUSE_US);
}

static struct result bench_appends(const char *path, enum ev_kind kind,
				   void *dst)
{
	ze_command_list_handle_t list;
	ze_event_handle_t ev = NULL;
	struct result r = { 0 };
	int64_t n, idle = 0, burst;
	uint64_t t0, rounds[APPENDS / BURST];
	int i, j;

	setenv("XE_CBEV_SUBMIT", path, 1);
	list = immediate_list();
	if (kind == EV_CB)
		ev = cb_event();
	else if (kind == EV_POOL)
		ev = pool_event(0);

	for (i = 0; i < 100; i++) {
		if (ev && kind == EV_POOL)
			CHECK(zeEventHostReset(ev));
		fill(list, dst, ev);
	}
	CHECK(list_sync(list, UINT64_MAX));

	/*
	 * Busy: back to back; a pool event is signalled again each time. The
	 * clock is read outside the counted stretch: without a vDSO clock (a
	 * VM whose TSC is unstable) each read is a system call.
	 */
	t0 = l0_app_now_ns();
	syscalls_start();
	for (i = 0; i < APPENDS; i++)
		fill(list, dst, ev);
	n = syscalls_stop();
	r.per_s = APPENDS / ((l0_app_now_ns() - t0) / 1e9);
	r.sys_busy = n < 0 ? -1 : (double)n / APPENDS;
	CHECK(list_sync(list, UINT64_MAX));

	/* Bursts that fit in the ring: what an append costs the caller. */
	burst = 0;
	for (j = 0; j < APPENDS / BURST; j++) {
		syscalls_start();
		for (i = 0; i < BURST; i++)
			fill(list, dst, ev);
		n = syscalls_stop();
		burst = n < 0 || burst < 0 ? -1 : burst + n;
		CHECK(list_sync(list, UINT64_MAX));
	}
	r.sys_burst = burst < 0 ? -1 : (double)burst / APPENDS;
	/* The same bursts again, timed (uncounted: the clock may be a call). */
	for (j = 0; j < APPENDS / BURST; j++) {
		t0 = l0_app_now_ns();
		for (i = 0; i < BURST; i++)
			fill(list, dst, ev);
		rounds[j] = l0_app_now_ns() - t0;
		CHECK(list_sync(list, UINT64_MAX));
	}
	qsort(rounds, APPENDS / BURST, sizeof(rounds[0]), bench_cmp_u64);
	r.burst_per_s = BURST / (rounds[APPENDS / BURST / 2] / 1e9);

	/* After idle: one append each time the engine went to sleep. */
	for (i = 0; i < IDLE_SAMPLES; i++) {
		pause_idle();
		syscalls_start();
		fill(list, dst, ev);
		n = syscalls_stop();
		idle = n < 0 || idle < 0 ? -1 : idle + n;
		CHECK(list_sync(list, UINT64_MAX));
	}
	r.sys_idle = idle < 0 ? -1 : (double)idle / IDLE_SAMPLES;

	if (ev)
		CHECK(zeEventDestroy(ev));
	CHECK(zeCommandListDestroy(list));
	unsetenv("XE_CBEV_SUBMIT");
	return r;
}

/* Median ns from the append call to the engine's timestamp of it. */
static double start_latency(const char *path, bool idle, uint64_t *ts)
{
	uint64_t lat[LAT_SAMPLES], t0;
	ze_command_list_handle_t list;
	int i;

	setenv("XE_CBEV_SUBMIT", path, 1);
	list = immediate_list();
	for (i = 0; i < LAT_SAMPLES; i++) {
		if (idle)
			pause_idle();
		t0 = l0_app_now_ns();
		CHECK(zeCommandListAppendWriteGlobalTimestamp(list, ts, NULL, 0,
							      NULL));
		CHECK(list_sync(list, UINT64_MAX));
		lat[i] = *ts > t0 ? *ts - t0 : 0;
	}
	CHECK(zeCommandListDestroy(list));
	unsetenv("XE_CBEV_SUBMIT");
	qsort(lat, LAT_SAMPLES, sizeof(lat[0]), bench_cmp_u64);
	return lat[LAT_SAMPLES / 2] / 1e3;
}

/* ---- CPU while idle and while waiting ----------------------------------- */

/* Jiffies every CPU spent busy (not idle or waiting for I/O). */
static uint64_t busy_ticks(void)
{
	unsigned long long v[10] = { 0 };
	uint64_t busy = 0;
	FILE *f = fopen("/proc/stat", "r");
	int i;

	if (!f)
		return 0;
	if (fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0],
		   &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) == 8)
		for (i = 0; i < 8; i++)
			busy += i == 3 || i == 4 ? 0 : v[i];
	fclose(f);
	return busy;
}

static void bench_idle_cpu(void *dst)
{
	ze_command_list_handle_t list[PATHS];
	uint64_t b0, b1, t0, t1;
	long hz = sysconf(_SC_CLK_TCK);
	int p;

	/* A list on each path, each used once, then the device sits idle. */
	for (p = 0; p < PATHS; p++) {
		setenv("XE_CBEV_SUBMIT", paths[p], 1);
		list[p] = immediate_list();
		fill(list[p], dst, NULL);
		CHECK(list_sync(list[p], UINT64_MAX));
	}
	unsetenv("XE_CBEV_SUBMIT");
	usleep(50000);
	b0 = busy_ticks();
	t0 = l0_app_now_ns();
	usleep(1000000);
	b1 = busy_ticks();
	t1 = l0_app_now_ns();
	printf("idle device: %.2f%% of one CPU busy, whole machine, over %.1f s "
	       "(after each path's idle window; jiffies at %ld Hz)\n",
	       100.0 * (double)(b1 - b0) / hz / ((t1 - t0) / 1e9),
	       (t1 - t0) / 1e9, hz);
	for (p = 0; p < PATHS; p++)
		CHECK(zeCommandListDestroy(list[p]));
}

static void bench_wait_cpu(void)
{
	ze_event_handle_t gate = pool_event(1), ev = cb_event();
	ze_command_list_handle_t list = immediate_list();
	uint64_t c0, t0, c1, t1;
	uint32_t *dst;
	ze_host_mem_alloc_desc_t hd = { .stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC };

	CHECK(zeMemAllocHost(app.context, &hd, 4096, 64, (void **)&dst));
	/* A CB event held back by a gate nobody opens within the wait. */
	CHECK(zeCommandListAppendMemoryFill(list, dst, &(uint8_t){ 1 }, 1, 64, ev,
					    1, &gate));
	c0 = bench_clock_ns(CLOCK_THREAD_CPUTIME_ID);
	t0 = l0_app_now_ns();
	if (zeEventHostSynchronize(ev, 20 * MS) != ZE_RESULT_NOT_READY)
		fprintf(stderr, "the gated event completed\n");
	c1 = bench_clock_ns(CLOCK_THREAD_CPUTIME_ID);
	t1 = l0_app_now_ns();
	printf("waiter: %.1f us of CPU in a %.1f ms zeEventHostSynchronize() "
	       "on a pending CB event\n", (c1 - c0) / 1e3, (t1 - t0) / 1e6);
	CHECK(zeEventHostSignal(gate));
	CHECK(list_sync(list, UINT64_MAX));
	CHECK(zeCommandListDestroy(list));
	CHECK(zeEventDestroy(ev));
	CHECK(zeEventDestroy(gate));
	CHECK(zeMemFree(app.context, dst));
}

static void print_sys(double v)
{
	if (v < 0)
		printf(" %9s", "n/a");
	else
		printf(" %9.3f", v);
}

int main(void)
{
	ze_event_pool_desc_t pd = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
		.flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE,
		.count = 2,
	};
	ze_host_mem_alloc_desc_t hd = { .stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC };
	struct result r[PATHS][EV_KINDS];
	double lat[PATHS][2];
	uint64_t *ts;
	void *dst;
	int p, k;

	CHECK(l0_app_open(&app));
	CHECK(l0_app_function(&app, "zexCounterBasedEventCreate2",
			      (void **)&cb_create2));
	CHECK(l0_app_function(&app, "zeCommandListHostSynchronize",
			      (void **)&list_sync));
	CHECK(zeEventPoolCreate(app.context, &pd, 0, NULL, &pool));
	CHECK(zeMemAllocHost(app.context, &hd, 4096, 64, &dst));
	ts = (uint64_t *)((char *)dst + 2048);
	syscalls_open();

	for (p = 0; p < PATHS; p++) {
		for (k = 0; k < EV_KINDS; k++)
			r[p][k] = bench_appends(paths[p], k, dst);
		lat[p][0] = start_latency(paths[p], false, ts);
		lat[p][1] = start_latency(paths[p], true, ts);
	}

	printf("xe_cbev_bench_submit: %d appends of a %u-byte fill on an in-order "
	       "immediate list\n", APPENDS, FILL_BYTES);
	printf("%-7s %-10s %9s %9s %9s %11s %11s %8s\n", "path", "event",
	       "sys/full", "sys/burst", "sys/idle", "sustained/s", "burst/s",
	       "vs ioctl");
	for (p = 0; p < PATHS; p++)
		for (k = 0; k < EV_KINDS; k++) {
			printf("%-7s %-10s", paths[p], ev_names[k]);
			print_sys(r[p][k].sys_busy);
			print_sys(r[p][k].sys_burst);
			print_sys(r[p][k].sys_idle);
			printf(" %11.0f %11.0f %7.1fx\n", r[p][k].per_s,
			       r[p][k].burst_per_s,
			       r[p][k].burst_per_s / r[0][k].burst_per_s);
		}
	printf("start latency, append to engine (median of %d, us):\n", LAT_SAMPLES);
	for (p = 0; p < PATHS; p++)
		printf("%-7s awake %8.1f   after %d ms idle %8.1f\n", paths[p],
		       lat[p][0], PAUSE_US / 1000, lat[p][1]);
	bench_idle_cpu(dst);
	bench_wait_cpu();

	CHECK(zeMemFree(app.context, dst));
	CHECK(zeEventPoolDestroy(pool));
	CHECK(l0_app_close(&app));
	return 0;
}
