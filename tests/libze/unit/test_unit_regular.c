// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Host unit tests of regular in-order lists executed on command queues
 * (lists/cmdlist.c, lists/cmdqueue.c, lists/fence.c), on the fake backend:
 * the counter values recorded, the counter set to 0 at execute time so
 * that an execution's events read "not ready" at once, a list executed
 * twice, a list that still runs refused, fences, queue and list
 * synchronisation, pool events signalled by recorded appends, a regular
 * list run from an immediate list, an execution that takes back an event
 * signalled elsewhere since, and an event destroyed while a list still
 * signals it.
 */

#include "unit.h"

static ze_command_queue_handle_t queue;

static void setup(void)
{
	unit_setup();
	queue = lz_queue();
}

static void teardown(void)
{
	ck_assert_ok(zeCommandQueueDestroy(queue));
	unit_teardown();
}

static ze_event_handle_t cb_regular(void)
{
	return unit_cb_event(ZEX_COUNTER_BASED_EVENT_FLAG_NON_IMMEDIATE, NULL);
}

static void execute(ze_command_list_handle_t list, ze_fence_handle_t fence)
{
	ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &list,
						       fence));
}

START_TEST(test_recorded_fill_runs_at_execute)
{
	ze_command_list_handle_t list = lz_list(true);
	ze_event_handle_t ev = cb_regular();
	uint8_t *p = unit_buffer(0);
	uint64_t execs = unit_stats().execs;

	unit_fill(list, p, 0x42, UNIT_N, ev, 0, NULL);
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_uint_eq(unit_stats().execs, execs);
	ck_assert_msg(unit_all(p, 0, UNIT_N), "recording runs nothing");
	execute(list, NULL);
	ck_assert_ok(zeCommandQueueSynchronize(queue, UINT64_MAX));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "the execution signalled the event");
	ck_assert_msg(unit_all(p, 0x42, UNIT_N), "and filled the buffer");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_recorded_values_count_appends)
{
	ze_command_list_handle_t list = lz_list(true);
	ze_event_handle_t ev[3] = { cb_regular(), cb_regular(), cb_regular() };
	uint8_t *p = unit_buffer(0);
	uint64_t addr[3];
	int i;

	for (i = 0; i < 3; i++) {
		unit_fill(list, p + 64 * i, (uint8_t)(i + 1), 64, ev[i], 0,
			  NULL);
		ck_assert_uint_eq(unit_cb_value(ev[i], &addr[i]), i + 1);
	}
	ck_assert_msg(addr[0] == addr[1] && addr[1] == addr[2],
		      "one counter per list");
	ck_assert_ok(zeCommandListClose(list));
	execute(list, NULL);
	ck_assert_ok(zeEventHostSynchronize(ev[2], UINT64_MAX));
	ck_assert_uint_eq(*(const uint64_t *)(uintptr_t)addr[0], 3);
	for (i = 0; i < 3; i++) {
		ck_assert_ze(zeEventQueryStatus(ev[i]), ZE_RESULT_SUCCESS,
			     "every recorded signal completed");
		ck_assert_msg(unit_all(p + 64 * i, (uint8_t)(i + 1), 64),
			      "fill %d ran", i);
	}
	for (i = 0; i < 3; i++)
		ck_assert_ok(zeEventDestroy(ev[i]));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_executed_twice_counter_reset_at_execute)
{
	ze_command_list_handle_t list = lz_list(true);
	ze_event_handle_t gate = unit_gate(0), ev = cb_regular();
	uint8_t *p = unit_buffer(0);
	uint64_t value, addr, addr2;

	unit_fill(list, p, 0x99, UNIT_N, ev, 1, &gate);
	ck_assert_ok(zeCommandListClose(list));
	value = unit_cb_value(ev, &addr);

	ck_assert_ok(zeEventHostSignal(gate));
	execute(list, NULL);
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	ck_assert_msg(unit_all(p, 0x99, UNIT_N), "the first execution ran");
	ck_assert_uint_eq(*(const uint64_t *)(uintptr_t)addr, value);

	/* The second execution, held by the gate. */
	ck_assert_ok(zeEventHostReset(gate));
	memset(p, 0, UNIT_N);
	execute(list, NULL);
	ck_assert_uint_eq(*(const uint64_t *)(uintptr_t)addr, 0);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "the counter is 0 from the execute call on");
	ck_assert_ze(zeEventHostSynchronize(ev, 0), ZE_RESULT_NOT_READY,
		     "a check sees the new execution");
	ck_assert_ze(zeEventHostSynchronize(ev, 2 * UNIT_MS),
		     ZE_RESULT_NOT_READY, "which the gate holds");
	ck_assert_uint_eq(unit_cb_value(ev, &addr2), value);
	ck_assert_uint_eq(addr2, addr);
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	ck_assert_msg(unit_all(p, 0x99, UNIT_N), "the second execution ran");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

/*
 * The reset is the host's, at the call: with the queue held by another
 * list, the engine has not reached the execution, yet its event already
 * reads "not ready".
 */
START_TEST(test_counter_reset_before_the_engine_gets_there)
{
	ze_command_list_handle_t held = lz_list(true), list = lz_list(true);
	ze_event_handle_t gate = unit_gate(0), ev = cb_regular();
	uint8_t *p = unit_buffer(0);

	ck_assert_ok(zeCommandListAppendWaitOnEvents(held, 1, &gate));
	ck_assert_ok(zeCommandListClose(held));
	unit_fill(list, p, 0x5e, 64, ev, 0, NULL);
	ck_assert_ok(zeCommandListClose(list));

	execute(list, NULL);
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	execute(held, NULL);
	memset(p, 0, 64);
	execute(list, NULL);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "the second execution is queued behind the held list");
	ck_assert_msg(unit_all(p, 0, 64), "and has not run");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	ck_assert_msg(unit_all(p, 0x5e, 64), "it ran after the gate");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(held));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_running_list_not_executed_again)
{
	ze_command_list_handle_t list = lz_list(true);
	ze_event_handle_t gate = unit_gate(0);
	uint8_t *p = unit_buffer(0);
	uint64_t execs;

	unit_fill(list, p, 1, 64, NULL, 1, &gate);
	ck_assert_ok(zeCommandListClose(list));
	execute(list, NULL);
	execs = unit_stats().execs;
	ck_assert_ze(zeCommandQueueExecuteCommandLists(queue, 1, &list, NULL),
		     ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE,
		     "an in-order list still running is refused");
	ck_assert_uint_eq(unit_stats().execs, execs);
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeCommandQueueSynchronize(queue, UINT64_MAX));
	execute(list, NULL);
	ck_assert_ok(zeCommandQueueSynchronize(queue, UINT64_MAX));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_open_list_refused_closed_list_takes_no_append)
{
	ze_command_list_handle_t list = lz_list(true);
	ze_event_handle_t ev = cb_regular();
	uint8_t *p = unit_buffer(0);
	uint64_t value, addr;

	unit_fill(list, p, 1, 64, ev, 0, NULL);
	value = unit_cb_value(ev, &addr);
	ck_assert_ze(zeCommandQueueExecuteCommandLists(queue, 1, &list, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an open list is not executed");
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ze(zeCommandListAppendMemoryFill(list, p, p, 1, 64, ev, 0,
						   NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a closed list takes no append");
	ck_assert_uint_eq(unit_cb_value(ev, NULL), value);
	ck_assert_uint_eq(unit_stats().execs, 0);
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_fence_follows_execution)
{
	const ze_fence_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_FENCE_DESC };
	ze_command_list_handle_t list = lz_list(true);
	ze_event_handle_t gate = unit_gate(0);
	ze_fence_handle_t fence;
	uint8_t *p = unit_buffer(0);

	ck_assert_ok(zeFenceCreate(queue, &desc, &fence));
	ck_assert_ze(zeFenceQueryStatus(fence), ZE_RESULT_NOT_READY,
		     "a new fence is not signalled");
	unit_fill(list, p, 7, 64, NULL, 1, &gate);
	ck_assert_ok(zeCommandListClose(list));
	execute(list, fence);
	ck_assert_ze(zeFenceQueryStatus(fence), ZE_RESULT_NOT_READY,
		     "the execution is held");
	ck_assert_ze(zeFenceHostSynchronize(fence, 0), ZE_RESULT_NOT_READY,
		     "timeout 0 only checks");
	ck_assert_ze(zeFenceHostSynchronize(fence, 2 * UNIT_MS),
		     ZE_RESULT_NOT_READY, "a finite wait times out");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeFenceHostSynchronize(fence, UINT64_MAX));
	ck_assert_ze(zeFenceQueryStatus(fence), ZE_RESULT_SUCCESS,
		     "the fence is signalled");
	ck_assert_msg(unit_all(p, 7, 64), "after the work it fences");
	ck_assert_ok(zeFenceReset(fence));
	ck_assert_ze(zeFenceQueryStatus(fence), ZE_RESULT_NOT_READY,
		     "a reset fence is not signalled");
	execute(list, fence);
	ck_assert_ok(zeFenceHostSynchronize(fence, UINT64_MAX));
	ck_assert_ok(zeFenceDestroy(fence));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_queue_synchronize_follows_gate)
{
	ze_command_list_handle_t list = lz_list(true);
	ze_event_handle_t gate = unit_gate(0);
	uint8_t *p = unit_buffer(0);

	ck_assert_ok(zeCommandQueueSynchronize(queue, 0));
	unit_fill(list, p, 8, 64, NULL, 1, &gate);
	ck_assert_ok(zeCommandListClose(list));
	execute(list, NULL);
	ck_assert_ze(zeCommandQueueSynchronize(queue, 0), ZE_RESULT_NOT_READY,
		     "the queue is busy");
	ck_assert_ze(zeCommandQueueSynchronize(queue, 2 * UNIT_MS),
		     ZE_RESULT_NOT_READY, "a finite wait times out");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeCommandQueueSynchronize(queue, UINT64_MAX));
	ck_assert_msg(unit_all(p, 8, 64), "the work ran");
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_pool_event_signalled_by_each_execution)
{
	ze_event_pool_handle_t pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_command_list_handle_t list = lz_list(true);
	ze_event_handle_t ev = lz_event(pool, 0);
	uint8_t *p = unit_buffer(0);
	int round;

	unit_fill(list, p, 3, 64, ev, 0, NULL);
	ck_assert_ok(zeCommandListClose(list));
	for (round = 0; round < 2; round++) {
		ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
			     "not signalled before the execution");
		execute(list, NULL);
		ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
		ck_assert_ok(zeEventHostReset(ev));
	}
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_reset_list_records_anew)
{
	ze_command_list_handle_t list = lz_list(true);
	uint8_t *a = unit_buffer(0), *b = unit_buffer(0);

	unit_fill(list, a, 1, 64, NULL, 0, NULL);
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ok(zeCommandListReset(list));
	unit_fill(list, b, 2, 64, NULL, 0, NULL);
	ck_assert_ok(zeCommandListClose(list));
	execute(list, NULL);
	ck_assert_ok(zeCommandQueueSynchronize(queue, UINT64_MAX));
	ck_assert_msg(unit_all(a, 0, 64), "what was reset does not run");
	ck_assert_msg(unit_all(b, 2, 64), "what was recorded after it does");
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_several_lists_in_one_execute_run_in_order)
{
	ze_command_list_handle_t lists[2] = { lz_list(true), lz_list(true) };
	ze_event_handle_t ev = cb_regular();
	uint8_t *a = unit_buffer(0), *b = unit_buffer(0);

	unit_fill(lists[0], a, 0x21, UNIT_N, NULL, 0, NULL);
	ck_assert_ok(zeCommandListAppendMemoryCopy(lists[1], b, a, UNIT_N, ev,
						   0, NULL));
	ck_assert_ok(zeCommandListClose(lists[0]));
	ck_assert_ok(zeCommandListClose(lists[1]));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 2, lists, NULL));
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	ck_assert_msg(unit_all(b, 0x21, UNIT_N),
		      "the second list copied what the first filled");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(lists[0]));
	ck_assert_ok(zeCommandListDestroy(lists[1]));
}
END_TEST

START_TEST(test_immediate_list_runs_regular_list)
{
	ze_command_list_handle_t imm = lz_immediate_list(true);
	ze_command_list_handle_t list = lz_list(true);
	ze_event_handle_t inner = cb_regular(), outer = unit_cb_immediate();
	ze_event_handle_t gate = unit_gate(0);
	uint8_t *p = unit_buffer(0);

	unit_fill(list, p, 0x66, UNIT_N, inner, 0, NULL);
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ok(lz_append_lists(imm, 1, &list, outer, 1, &gate));
	ck_assert_ze(zeEventQueryStatus(inner), ZE_RESULT_NOT_READY,
		     "the list's counter is 0 from the append on");
	ck_assert_ze(zeEventQueryStatus(outer), ZE_RESULT_NOT_READY,
		     "the append waits for the gate");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(outer, UINT64_MAX));
	ck_assert_ze(zeEventQueryStatus(inner), ZE_RESULT_SUCCESS,
		     "the list ran inside the append");
	ck_assert_msg(unit_all(p, 0x66, UNIT_N), "and filled the buffer");
	ck_assert_ok(zeEventDestroy(inner));
	ck_assert_ok(zeEventDestroy(outer));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandListDestroy(imm));
}
END_TEST

/*
 * Seed 000: an execution makes the events the list signals "not ready",
 * also one signalled elsewhere since the recording: it points at the
 * list's counter with the recorded value again. Signalled twice in a row
 * by the list, the event takes the second signal's value. The list is
 * held behind another one's gate, so it cannot have run.
 */
START_TEST(test_execution_takes_back_resignalled_event)
{
	ze_command_list_handle_t held = lz_list(true), list = lz_list(true);
	ze_command_list_handle_t imm = lz_immediate_list(true);
	ze_event_handle_t gate = unit_gate(0);
	ze_event_handle_t ev = unit_cb_event(
		ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE |
		ZEX_COUNTER_BASED_EVENT_FLAG_NON_IMMEDIATE, NULL);
	uint8_t *p = unit_buffer(0);
	uint64_t a1, a2, a3, v1;

	ck_assert_ok(zeCommandListAppendWaitOnEvents(held, 1, &gate));
	ck_assert_ok(zeCommandListClose(held));
	unit_fill(list, p, 1, 64, ev, 0, NULL);
	unit_fill(list, p, 2, 64, ev, 0, NULL);
	ck_assert_ok(zeCommandListClose(list));
	v1 = unit_cb_value(ev, &a1);
	ck_assert_uint_eq(v1, 2);

	unit_fill(imm, p + 64, 3, 64, ev, 0, NULL);
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	unit_cb_value(ev, &a2);
	ck_assert_msg(a2 != a1, "signalled elsewhere: another counter");

	execute(held, NULL);
	execute(list, NULL);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "the execution took the event back");
	ck_assert_uint_eq(unit_cb_value(ev, &a3), v1);
	ck_assert_msg(a3 == a1, "at the list's counter");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	ck_assert_msg(unit_all(p, 2, 64), "and the list ran");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeCommandListDestroy(held));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

/*
 * An event destroyed while a list still signals it: the list keeps it
 * (handle-less) and runs as before, however often.
 */
START_TEST(test_destroyed_event_list_still_runs)
{
	ze_command_list_handle_t list = lz_list(true);
	ze_event_handle_t ev = cb_regular();
	uint8_t *p = unit_buffer(0);
	int i;

	unit_fill(list, p, 0x17, 64, ev, 0, NULL);
	unit_fill(list, p + 64, 0x18, 64, NULL, 0, NULL);
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ok(zeEventDestroy(ev));
	for (i = 0; i < 3; i++) {
		memset(p, 0, 128);
		execute(list, NULL);
		ck_assert_ok(zeCommandQueueSynchronize(queue, UINT64_MAX));
		ck_assert_msg(unit_all(p, 0x17, 64) &&
			      unit_all(p + 64, 0x18, 64), "the list ran");
	}
	ck_assert_ok(zeCommandListReset(list));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

static Suite *regular_suite(void)
{
	Suite *s = suite_create("libze_unit_regular");
	TCase *tc = tcase_create("executions");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_recorded_fill_runs_at_execute);
	tcase_add_test(tc, test_recorded_values_count_appends);
	tcase_add_test(tc, test_executed_twice_counter_reset_at_execute);
	tcase_add_test(tc, test_counter_reset_before_the_engine_gets_there);
	tcase_add_test(tc, test_running_list_not_executed_again);
	tcase_add_test(tc, test_open_list_refused_closed_list_takes_no_append);
	tcase_add_test(tc, test_fence_follows_execution);
	tcase_add_test(tc, test_queue_synchronize_follows_gate);
	tcase_add_test(tc, test_pool_event_signalled_by_each_execution);
	tcase_add_test(tc, test_reset_list_records_anew);
	tcase_add_test(tc, test_several_lists_in_one_execute_run_in_order);
	tcase_add_test(tc, test_immediate_list_runs_regular_list);
	tcase_add_test(tc, test_execution_takes_back_resignalled_event);
	tcase_add_test(tc, test_destroyed_event_list_still_runs);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return unit_run(regular_suite());
}
