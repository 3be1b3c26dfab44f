// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Host unit tests of appends on in-order immediate lists with
 * counter-based and pool events (lists/cmdlist*.c, events/), on the fake
 * backend: the data each append produces, the counter value an event
 * waits for and when it holds, zeEventQueryStatus() and
 * zeEventHostSynchronize() while a gate holds the list, and appends that
 * are refused: nothing submitted, the event as it was.
 */

#include <time.h>

#include "unit.h"

static void setup(void)
{
	unit_setup();
}

static void teardown(void)
{
	unit_teardown();
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* ---- data and counter values -------------------------------------------- */

START_TEST(test_fill_signals_cb_event_with_first_counter_value)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t ev = unit_cb_immediate();
	uint8_t *p = unit_buffer(0);
	uint64_t addr;

	unit_fill(list, p, 0x5a, UNIT_N, ev, 0, NULL);
	ck_assert_uint_eq(unit_cb_value(ev, &addr), 1);
	ck_assert_msg(addr, "the event points at the list's counter");
	ck_assert_uint_eq(*(const uint64_t *)(uintptr_t)addr, 1);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "the fill completed, so did its event");
	ck_assert_msg(unit_all(p, 0x5a, UNIT_N), "the fill wrote every byte");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_each_append_bumps_the_counter_by_one)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t ev = unit_cb_immediate();
	uint8_t *p = unit_buffer(0);
	uint64_t addr, first_addr, i;

	for (i = 1; i <= 5; i++) {
		unit_fill(list, p, (uint8_t)i, UNIT_N, ev, 0, NULL);
		ck_assert_uint_eq(unit_cb_value(ev, &addr), i);
		if (i == 1)
			first_addr = addr;
		ck_assert_msg(addr == first_addr,
			      "one list, one counter for every signal");
	}
	/* An append without an event moves the counter too. */
	unit_fill(list, p, 9, UNIT_N, NULL, 0, NULL);
	ck_assert_uint_eq(*(const uint64_t *)(uintptr_t)addr, 6);
	unit_fill(list, p, 10, UNIT_N, ev, 0, NULL);
	ck_assert_uint_eq(unit_cb_value(ev, NULL), 7);
	ck_assert_msg(unit_all(p, 10, UNIT_N), "the last fill wins");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_fill_pattern_sizes_keep_phase)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint8_t pattern[256], *p = unit_buffer(0);
	size_t sizes[] = { 1, 2, 4, 8, 16, 64, 256 }, i, j;

	for (i = 0; i < 256; i++)
		pattern[i] = (uint8_t)(i * 7 + 3);
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		memset(p, 0, UNIT_N);
		ck_assert_ok(zeCommandListAppendMemoryFill(list, p, pattern,
							   sizes[i], UNIT_N,
							   NULL, 0, NULL));
		ck_assert_ok(lz_list_sync(list, 0));
		for (j = 0; j < UNIT_N; j++)
			ck_assert_msg(p[j] == pattern[j % sizes[i]],
				      "pattern of %zu bytes, byte %zu",
				      sizes[i], j);
	}
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_memory_copy_signals_cb_event)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t ev = unit_cb_immediate();
	uint8_t *src = unit_buffer(0), *dst = unit_buffer(0xee);
	size_t i;

	for (i = 0; i < UNIT_N; i++)
		src[i] = (uint8_t)(i ^ (i >> 8));
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, dst, src, UNIT_N - 8,
						   ev, 0, NULL));
	ck_assert_ok(zeEventHostSynchronize(ev, 0));
	ck_assert_msg(!memcmp(dst, src, UNIT_N - 8), "the copy is exact");
	ck_assert_msg(unit_all(dst + UNIT_N - 8, 0xee, 8),
		      "and writes nothing past its size");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_fill_then_copy_run_in_order)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t gate = unit_gate(0), ev = unit_cb_immediate();
	uint8_t *a = unit_buffer(0), *b = unit_buffer(0);

	unit_fill(list, a, 0x11, UNIT_N, NULL, 1, &gate);
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, b, a, UNIT_N, ev, 0,
						   NULL));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "the copy waits behind the gated fill");
	ck_assert_msg(unit_all(a, 0, UNIT_N) && unit_all(b, 0, UNIT_N),
		      "neither ran");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	ck_assert_msg(unit_all(b, 0x11, UNIT_N),
		      "the copy read what the fill wrote: it ran after it");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_copy_region_copies_a_rectangle)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t ev = unit_cb_immediate();
	uint8_t *src = unit_buffer(0), *dst = unit_buffer(0);
	const ze_copy_region_t sr = { .originX = 4, .originY = 2, .width = 8,
				      .height = 3, .depth = 1 };
	const ze_copy_region_t dr = { .originX = 0, .originY = 1, .width = 8,
				      .height = 3, .depth = 1 };
	uint32_t x, y;

	for (x = 0; x < UNIT_N; x++)
		src[x] = (uint8_t)x;
	ck_assert_ok(zeCommandListAppendMemoryCopyRegion(list, dst, &dr, 32, 0,
							 src, &sr, 64, 0, ev,
							 0, NULL));
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	for (y = 0; y < 3; y++)
		for (x = 0; x < 8; x++)
			ck_assert_uint_eq(dst[(1 + y) * 32 + x],
					  src[(2 + y) * 64 + 4 + x]);
	ck_assert_msg(unit_all(dst, 0, 32), "the row above is untouched");
	ck_assert_msg(unit_all(dst + 32 + 8, 0, 24),
		      "so is the rest of the first row");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

/*
 * 4096 rows of 8 bytes (64 rows x 64 slices, pitched so that no row
 * follows another): larger than the ring, it is called as a batch, runs
 * after its gate and signals its event; an empty region only waits and
 * signals.
 */
START_TEST(test_copy_region_larger_than_ring_and_empty)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t gate = unit_gate(0), ev = unit_cb_immediate();
	const ze_copy_region_t r = { .width = 8, .height = 64, .depth = 64 };
	const ze_copy_region_t empty = { .width = 8, .height = 0, .depth = 1 };
	uint8_t *src = lz_alloc_host(16 * 64 * 64);
	uint8_t *dst = lz_alloc_host(12 * 64 * 64);
	uint32_t i, x, row;

	for (i = 0; i < 16 * 64 * 64; i++)
		src[i] = (uint8_t)(i * 7 + (i >> 9));
	memset(dst, 0, 12 * 64 * 64);
	ck_assert_ok(zeCommandListAppendMemoryCopyRegion(list, dst, &r, 12,
							 12 * 64, src, &r, 16,
							 16 * 64, ev, 1,
							 &gate));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "the copy waits for its gate");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	for (row = 0; row < 64 * 64; row++)
		for (x = 0; x < 8; x++)
			ck_assert_uint_eq(dst[row * 12 + x], src[row * 16 + x]);

	ck_assert_ok(zeEventHostReset(gate));
	ck_assert_ok(zeCommandListAppendMemoryCopyRegion(list, dst, &empty, 12,
							 0, src, &empty, 16, 0,
							 ev, 1, &gate));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "an empty region still waits");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(list));
	lz_free(src);
	lz_free(dst);
}
END_TEST

/* ---- event state while a gate holds the list ----------------------------- */

START_TEST(test_gated_cb_event_not_ready_until_gate)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t gate = unit_gate(0), ev = unit_cb_immediate();
	uint8_t *p = unit_buffer(0);
	uint64_t addr;

	unit_fill(list, p, 0x77, UNIT_N, ev, 1, &gate);
	ck_assert_uint_eq(unit_cb_value(ev, &addr), 1);
	ck_assert_uint_eq(*(const uint64_t *)(uintptr_t)addr, 0);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "signalled by pending work, the event is not ready");
	ck_assert_uint_eq(unit_stats().pending, 1);

	ck_assert_ok(zeEventHostSignal(gate));
	xe_kmd_fake_progress();
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "the gate opened, the fill ran, the event is ready");
	ck_assert_uint_eq(*(const uint64_t *)(uintptr_t)addr, 1);
	ck_assert_msg(unit_all(p, 0x77, UNIT_N), "and the data is there");
	ck_assert_uint_eq(unit_stats().pending, 0);
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

/*
 * A query that finds an event complete on an immediate list's counter
 * flags it complete for good (events/cb_state.c): the next one is a load.
 * A re-signal by the same list moves the state's value in place and must
 * take the flag off; a destroyed event's stale handle is refused still.
 */
START_TEST(test_complete_for_good_until_signalled_again)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t gate = unit_gate(0), ev = unit_cb_immediate();
	uint8_t *p = unit_buffer(0);
	int i;

	unit_fill(list, p, 0x21, UNIT_N, ev, 0, NULL);
	for (i = 0; i < 3; i++) {
		ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
			     "complete, queried again and again");
		ck_assert_ok(zeEventHostSynchronize(ev, 0));
	}

	/* The same list signals it again, behind a gate: in place. */
	unit_fill(list, p, 0x22, UNIT_N, ev, 1, &gate);
	ck_assert_uint_eq(unit_cb_value(ev, NULL), 2);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "signalled again by pending work: not ready");
	ck_assert_ze(zeEventHostSynchronize(ev, 0), ZE_RESULT_NOT_READY,
		     "nor for a host wait");
	ck_assert_ok(zeEventHostSignal(gate));
	xe_kmd_fake_progress();
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "the gate opened: complete again");
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "and flagged so");
	ck_assert_msg(unit_all(p, 0x22, UNIT_N), "the second fill ran");

	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "a destroyed event is refused, flagged or not");
	ck_assert_ze(zeEventHostSynchronize(ev, 0),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "by a host wait too");
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_host_synchronize_timeout_zero_does_not_wait)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t gate = unit_gate(0), ev = unit_cb_immediate();
	uint8_t *p = unit_buffer(0);
	uint64_t t0;

	unit_fill(list, p, 1, UNIT_N, ev, 1, &gate);
	t0 = now_ns();
	ck_assert_ze(zeEventHostSynchronize(ev, 0), ZE_RESULT_NOT_READY,
		     "timeout 0 only checks");
	ck_assert_msg(now_ns() - t0 < 100 * UNIT_MS, "and returns at once");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	ck_assert_ze(zeEventHostSynchronize(ev, 0), ZE_RESULT_SUCCESS,
		     "a completed event passes timeout 0");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_host_synchronize_finite_timeout_expires)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t gate = unit_gate(0), ev = unit_cb_immediate();
	uint8_t *p = unit_buffer(0);
	uint64_t t0, took;

	unit_fill(list, p, 1, UNIT_N, ev, 1, &gate);
	t0 = now_ns();
	ck_assert_ze(zeEventHostSynchronize(ev, 5 * UNIT_MS),
		     ZE_RESULT_NOT_READY, "the gate holds past the timeout");
	took = now_ns() - t0;
	ck_assert_msg(took >= 5 * UNIT_MS, "it waited the whole 5 ms (%llu ns)",
		      (unsigned long long)took);
	ck_assert_msg(unit_all(p, 0, UNIT_N), "the fill did not run");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ze(zeEventHostSynchronize(ev, 1000 * UNIT_MS),
		     ZE_RESULT_SUCCESS, "a finite wait sees the completion");
	ck_assert_msg(unit_all(p, 1, UNIT_N), "the fill ran");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_new_cb_event_is_complete)
{
	ze_event_handle_t ev = unit_cb_immediate();

	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "a new counter-based event is complete");
	ck_assert_ze(zeEventHostSynchronize(ev, 0), ZE_RESULT_SUCCESS,
		     "and a wait for it returns at once");
	ck_assert_uint_eq(unit_stats().execs, 0);
	ck_assert_ok(zeEventDestroy(ev));
}
END_TEST

START_TEST(test_resignal_replaces_pending_state)
{
	ze_command_list_handle_t l1 = lz_immediate_list(true);
	ze_command_list_handle_t l2 = lz_immediate_list(true);
	ze_event_handle_t gate = unit_gate(0), ev = unit_cb_immediate();
	uint8_t *a = unit_buffer(0), *b = unit_buffer(0);
	uint64_t addr1, addr2;

	unit_fill(l1, a, 0xa1, UNIT_N, ev, 1, &gate);
	unit_cb_value(ev, &addr1);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "l1 is held");
	unit_fill(l2, b, 0xb2, UNIT_N, ev, 0, NULL);
	unit_cb_value(ev, &addr2);
	ck_assert_msg(addr1 != addr2, "the new state is l2's counter");
	ck_assert_ze(zeEventHostSynchronize(ev, 0), ZE_RESULT_SUCCESS,
		     "the event follows l2, which completed, not held l1");
	ck_assert_msg(unit_all(a, 0, UNIT_N), "l1 is still held");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(lz_list_sync(l1, UINT64_MAX));
	ck_assert_msg(unit_all(a, 0xa1, UNIT_N), "l1 ran once the gate opened");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(l1));
	ck_assert_ok(zeCommandListDestroy(l2));
}
END_TEST

START_TEST(test_wait_on_cb_event_across_lists)
{
	ze_command_list_handle_t l1 = lz_immediate_list(true);
	ze_command_list_handle_t l2 = lz_immediate_list(true);
	ze_event_handle_t gate = unit_gate(0), ev = unit_cb_immediate();
	ze_event_handle_t done = unit_cb_immediate();
	uint8_t *a = unit_buffer(0), *b = unit_buffer(0);

	unit_fill(l1, a, 0x3c, UNIT_N, ev, 1, &gate);
	ck_assert_ok(zeCommandListAppendMemoryCopy(l2, b, a, UNIT_N, done, 1,
						   &ev));
	ck_assert_ze(lz_list_sync(l2, 0), ZE_RESULT_NOT_READY,
		     "l2 waits for l1's event");
	ck_assert_ze(zeEventQueryStatus(done), ZE_RESULT_NOT_READY,
		     "so its own event is not ready");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(lz_list_sync(l2, UINT64_MAX));
	ck_assert_ze(zeEventQueryStatus(done), ZE_RESULT_SUCCESS,
		     "l2 completed");
	ck_assert_msg(unit_all(b, 0x3c, UNIT_N),
		      "l2 copied what l1 produced, after it");
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(l1));
	ck_assert_ok(zeCommandListDestroy(l2));
}
END_TEST

START_TEST(test_list_host_synchronize_follows_the_gate)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t gate = unit_gate(0);
	uint8_t *p = unit_buffer(0);

	ck_assert_ze(lz_list_sync(list, 0), ZE_RESULT_SUCCESS,
		     "an idle list is synchronised");
	unit_fill(list, p, 2, UNIT_N, NULL, 1, &gate);
	unit_fill(list, p + 16, 3, 16, NULL, 0, NULL);
	ck_assert_ze(lz_list_sync(list, 0), ZE_RESULT_NOT_READY,
		     "the list is held by its first append");
	ck_assert_ze(lz_list_sync(list, 2 * UNIT_MS), ZE_RESULT_NOT_READY,
		     "a finite wait times out");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(lz_list_sync(list, UINT64_MAX));
	ck_assert_msg(unit_all(p, 2, 16) && unit_all(p + 16, 3, 16) &&
		      unit_all(p + 32, 2, UNIT_N - 32),
		      "both appends ran, in order");
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_aggregate_event_adds_per_signal)
{
	uint64_t *storage = lz_alloc_host(64);
	const zex_counter_based_event_external_storage_properties_t agg = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_EXTERNAL_STORAGE_ALLOC_PROPERTIES,
		.deviceAddress = storage,
		.incrementValue = 5,
		.completionValue = 15,
	};
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t ev;
	uint8_t *p = unit_buffer(0);
	int i;

	*storage = 0;
	ev = unit_cb_event(ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE, &agg);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "0 of 15");
	for (i = 0; i < 2; i++)
		unit_fill(list, p, 1, 64, ev, 0, NULL);
	ck_assert_uint_eq(*storage, 10);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "10 of 15");
	unit_fill(list, p, 1, 64, ev, 0, NULL);
	ck_assert_uint_eq(*storage, 15);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "three producers of 5 reach 15");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_wait_many_any_and_all)
{
	ze_command_list_handle_t l1 = lz_immediate_list(true);
	ze_command_list_handle_t l2 = lz_immediate_list(true);
	ze_event_handle_t gate = unit_gate(0);
	ze_event_handle_t evs[2] = { unit_cb_immediate(), unit_cb_immediate() };
	uint8_t *p = unit_buffer(0);
	uint32_t index = 99;

	unit_fill(l1, p, 1, 64, evs[0], 1, &gate);
	unit_fill(l2, p + 64, 2, 64, evs[1], 0, NULL);
	ck_assert_ok(zexEventHostSynchronizeMany(2, evs, false, UINT64_MAX,
						 &index));
	ck_assert_uint_eq(index, 1);
	ck_assert_ze(zexEventHostSynchronizeMany(2, evs, true, 2 * UNIT_MS,
						 NULL),
		     ZE_RESULT_NOT_READY, "all: the gated one holds it");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zexEventHostSynchronizeMany(2, evs, true, UINT64_MAX,
						 NULL));
	ck_assert_msg(unit_all(p, 1, 64), "the gated fill ran");
	ck_assert_ok(zeEventDestroy(evs[0]));
	ck_assert_ok(zeEventDestroy(evs[1]));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(l1));
	ck_assert_ok(zeCommandListDestroy(l2));
}
END_TEST

/* ---- pool events ------------------------------------------------------- */

START_TEST(test_pool_event_signal_reset_signal)
{
	ze_event_pool_handle_t pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t gate = unit_gate(0), ev = lz_event(pool, 1);
	uint8_t *p = unit_buffer(0);

	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "a new pool event is not signalled");
	unit_fill(list, p, 4, 64, ev, 0, NULL);
	ck_assert_ok(zeEventHostSynchronize(ev, 0));
	ck_assert_ok(zeEventHostReset(ev));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "a reset clears it");
	unit_fill(list, p, 5, 64, ev, 1, &gate);
	ck_assert_ze(zeEventHostSynchronize(ev, 1 * UNIT_MS),
		     ZE_RESULT_NOT_READY, "signalled behind the gate");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	ck_assert_msg(unit_all(p, 5, 64), "the second fill ran");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_append_signal_and_wait_event_in_order)
{
	ze_event_pool_handle_t pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t gate = unit_gate(0), ev = lz_event(pool, 0);

	ck_assert_ok(zeCommandListAppendWaitOnEvents(list, 1, &gate));
	ck_assert_ok(zeCommandListAppendSignalEvent(list, ev));
	ck_assert_ze(zeEventHostSynchronize(ev, 1 * UNIT_MS),
		     ZE_RESULT_NOT_READY,
		     "the signal is behind the wait, in order");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_timestamp_pool_event_records_start_and_end)
{
	ze_event_pool_handle_t pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE |
			      ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 1);
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t ev = lz_event(pool, 0);
	ze_kernel_timestamp_result_t ts = { 0 };
	uint8_t *p = unit_buffer(0);

	unit_fill(list, p, 6, UNIT_N, ev, 0, NULL);
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	ck_assert_ok(zeEventQueryKernelTimestamp(ev, &ts));
	ck_assert_msg(ts.global.kernelStart &&
		      ts.global.kernelEnd >= ts.global.kernelStart,
		      "start %llu <= end %llu",
		      (unsigned long long)ts.global.kernelStart,
		      (unsigned long long)ts.global.kernelEnd);
	ck_assert_msg(ts.context.kernelEnd >= ts.context.kernelStart,
		      "context timestamps in order too");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

/* ---- refused appends: nothing encoded, the event untouched -------------- */

/* Refuse an append, then check that the event and the engine saw nothing. */
#define ASSERT_REFUSED(call, expected, ev, value, addr)			\
	do {								\
		struct xe_kmd_fake_stats before_ = unit_stats();	\
		uint64_t a_;						\
									\
		ck_assert_ze(call, expected, "the append is refused");	\
		ck_assert_uint_eq(unit_stats().execs, before_.execs);	\
		ck_assert_uint_eq(unit_stats().commands,		\
				  before_.commands);			\
		ck_assert_uint_eq(unit_cb_value(ev, &a_), value);	\
		ck_assert_uint_eq(a_, addr);				\
	} while (0)

START_TEST(test_refused_fill_leaves_event_and_engine_alone)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t ev = unit_cb_immediate();
	uint8_t *p = unit_buffer(0), pattern[512] = { 0 };
	uint64_t value, addr;

	unit_fill(list, p, 1, UNIT_N, ev, 0, NULL);
	value = unit_cb_value(ev, &addr);

	ASSERT_REFUSED(zeCommandListAppendMemoryFill(list, p, pattern, 0,
						     UNIT_N, ev, 0, NULL),
		       ZE_RESULT_ERROR_INVALID_SIZE, ev, value, addr);
	ASSERT_REFUSED(zeCommandListAppendMemoryFill(list, NULL, pattern, 1,
						     UNIT_N, ev, 0, NULL),
		       ZE_RESULT_ERROR_INVALID_NULL_POINTER, ev, value, addr);
	ASSERT_REFUSED(zeCommandListAppendMemoryFill(list, p, NULL, 1,
						     UNIT_N, ev, 0, NULL),
		       ZE_RESULT_ERROR_INVALID_NULL_POINTER, ev, value, addr);
	ck_assert_msg(unit_all(p, 1, UNIT_N), "no refused fill wrote");

	/* The counter goes on from the last append that was taken. */
	unit_fill(list, p, 2, UNIT_N, ev, 0, NULL);
	ck_assert_uint_eq(unit_cb_value(ev, NULL), value + 1);
	ck_assert_ok(zeEventHostSynchronize(ev, 0));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_refused_copy_and_bad_wait_list)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t ev = unit_cb_immediate(), null_ev = NULL;
	uint8_t *a = unit_buffer(1), *b = unit_buffer(0);
	uint64_t value, addr;

	ck_assert_ok(zeCommandListAppendMemoryCopy(list, b, a, 64, ev, 0,
						   NULL));
	value = unit_cb_value(ev, &addr);
	ASSERT_REFUSED(zeCommandListAppendMemoryCopy(list, b, NULL, 64, ev, 0,
						     NULL),
		       ZE_RESULT_ERROR_INVALID_NULL_POINTER, ev, value, addr);
	ASSERT_REFUSED(zeCommandListAppendMemoryCopy(list, b, a, 64, ev, 1,
						     NULL),
		       ZE_RESULT_ERROR_INVALID_SIZE, ev, value, addr);
	ASSERT_REFUSED(zeCommandListAppendMemoryCopy(list, b, a, 64, ev, 1,
						     &null_ev),
		       ZE_RESULT_ERROR_INVALID_NULL_HANDLE, ev, value, addr);
	ck_assert_msg(unit_all(b + 64, 0, UNIT_N - 64),
		      "nothing refused was copied");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_cb_signal_from_out_of_order_list_refused)
{
	ze_command_list_handle_t ooo = lz_immediate_list(false);
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t ev = unit_cb_immediate();
	uint8_t *p = unit_buffer(0);
	uint64_t value, addr;

	unit_fill(list, p, 1, 64, ev, 0, NULL);
	value = unit_cb_value(ev, &addr);
	ASSERT_REFUSED(zeCommandListAppendMemoryFill(ooo, p, p, 1, 64, ev, 0,
						     NULL),
		       ZE_RESULT_ERROR_INVALID_ARGUMENT, ev, value, addr);
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(ooo));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_destroying_lists_and_events_frees_slots_and_queues)
{
	struct xe_kmd_fake_stats base = unit_stats(), now;
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t ev = unit_cb_immediate();
	uint8_t *p = unit_buffer(0);

	unit_fill(list, p, 1, 64, ev, 0, NULL);
	now = unit_stats();
	ck_assert_uint_gt(now.queues, base.queues);
	ck_assert_uint_gt(now.counters, base.counters);
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
	now = unit_stats();
	ck_assert_uint_eq(now.queues, base.queues);
	ck_assert_uint_eq(now.counters, base.counters);
}
END_TEST

static Suite *immediate_suite(void)
{
	Suite *s = suite_create("libze_unit_immediate");
	TCase *tc = tcase_create("appends");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_fill_signals_cb_event_with_first_counter_value);
	tcase_add_test(tc, test_each_append_bumps_the_counter_by_one);
	tcase_add_test(tc, test_fill_pattern_sizes_keep_phase);
	tcase_add_test(tc, test_memory_copy_signals_cb_event);
	tcase_add_test(tc, test_fill_then_copy_run_in_order);
	tcase_add_test(tc, test_copy_region_copies_a_rectangle);
	tcase_add_test(tc, test_copy_region_larger_than_ring_and_empty);
	tcase_add_test(tc, test_gated_cb_event_not_ready_until_gate);
	tcase_add_test(tc, test_complete_for_good_until_signalled_again);
	tcase_add_test(tc, test_host_synchronize_timeout_zero_does_not_wait);
	tcase_add_test(tc, test_host_synchronize_finite_timeout_expires);
	tcase_add_test(tc, test_new_cb_event_is_complete);
	tcase_add_test(tc, test_resignal_replaces_pending_state);
	tcase_add_test(tc, test_wait_on_cb_event_across_lists);
	tcase_add_test(tc, test_list_host_synchronize_follows_the_gate);
	tcase_add_test(tc, test_aggregate_event_adds_per_signal);
	tcase_add_test(tc, test_wait_many_any_and_all);
	tcase_add_test(tc, test_pool_event_signal_reset_signal);
	tcase_add_test(tc, test_append_signal_and_wait_event_in_order);
	tcase_add_test(tc, test_timestamp_pool_event_records_start_and_end);
	tcase_add_test(tc, test_refused_fill_leaves_event_and_engine_alone);
	tcase_add_test(tc, test_refused_copy_and_bad_wait_list);
	tcase_add_test(tc, test_cb_signal_from_out_of_order_list_refused);
	tcase_add_test(tc, test_destroying_lists_and_events_frees_slots_and_queues);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return unit_run(immediate_suite());
}
