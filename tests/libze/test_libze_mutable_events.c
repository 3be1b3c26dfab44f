// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests, through the loader, of the events of mutable command lists
 * (lists/mutable_api.c): a launch's wait and signal events, regular and
 * counter-based, change between executions of a closed list.
 */

#include "libze_test_mutable.h"
#include "check_run.h"


/*
 * A launch waits for a regular event; its wait moves to another regular
 * event, then to none.
 */
START_TEST(test_mutable_wait_events_regular)
{
	ze_kernel_handle_t k = kernel("add_scalar");
	ze_command_list_handle_t list = mutable_list(false);
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 3);
	ze_event_handle_t g1 = lz_event(pool, 0), g2 = lz_event(pool, 1);
	ze_event_handle_t done = lz_event(pool, 2);
	int32_t *a = lz_alloc_shared(ITEMS * 4);
	ze_group_count_t count = { ITEMS / 16, 1, 1 };
	int32_t c = 1;
	uint64_t id;

	memset(a, 0, ITEMS * 4);
	ck_assert_ok(zeKernelSetGroupSize(k, 16, 1, 1));
	lz_arg_ptr(k, 0, a);
	ck_assert_ok(zeKernelSetArgumentValue(k, 1, sizeof(c), &c));
	id = take_id(list, ZE_MUTABLE_COMMAND_EXP_FLAG_WAIT_EVENTS);
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &count, done, 1,
						     &g1));
	ck_assert_ok(zeCommandListClose(list));

	/* As recorded: waits for g1. */
	ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &list, NULL));
	check_waiting(done, a, 0, "waits for g1");
	ck_assert_ok(zeEventHostSignal(g1));
	ck_assert_ok(zeEventHostSynchronize(done, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandQueueSynchronize(queue, LZ_TIMEOUT_NS));
	check_all(a, 1, "ran after g1");

	/* Now g2: g1 is still signalled, and does not let it run. */
	ck_assert_ze(update_waits(list, id, 2, NULL), ZE_RESULT_ERROR_INVALID_SIZE,
		     "the command has one wait event");
	ck_assert_ok(update_waits(list, id, 1, &g2));
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ok(zeEventHostReset(done));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &list, NULL));
	check_waiting(done, a, 1, "waits for g2, not g1");
	ck_assert_ok(zeEventHostSignal(g2));
	ck_assert_ok(zeEventHostSynchronize(done, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandQueueSynchronize(queue, LZ_TIMEOUT_NS));
	check_all(a, 2, "ran after g2");

	/* Executed again, g2 reset: waits again. */
	ck_assert_ok(zeEventHostReset(g2));
	ck_assert_ok(zeEventHostReset(done));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &list, NULL));
	check_waiting(done, a, 2, "waits for g2 again");
	ck_assert_ok(zeEventHostSignal(g2));
	ck_assert_ok(zeEventHostSynchronize(done, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandQueueSynchronize(queue, LZ_TIMEOUT_NS));
	check_all(a, 3, "ran after g2 again");

	/* No wait at all (a NULL slot, then a NULL list). */
	ze_event_handle_t none = NULL;
	ck_assert_ok(zeEventHostReset(g2));
	ck_assert_ok(update_waits(list, id, 1, &none));
	ck_assert_ok(zeCommandListClose(list));
	run(list);
	check_all(a, 4, "no wait event");
	ck_assert_ok(update_waits(list, id, 1, &g1));
	ck_assert_ok(update_waits(list, id, 1, NULL));
	ck_assert_ok(zeCommandListClose(list));
	run(list);
	check_all(a, 5, "no wait events");

	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeEventDestroy(g1));
	ck_assert_ok(zeEventDestroy(g2));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeKernelDestroy(k));
	lz_free(a);
}
END_TEST

/*
 * A launch waits for a counter-based event; its wait moves to another
 * counter-based event whose signal an immediate list holds back behind a
 * gate: the wait is for that event's state at the update.
 */
START_TEST(test_mutable_wait_events_counter_based)
{
	ze_kernel_handle_t k = kernel("add_scalar");
	ze_command_list_handle_t list = mutable_list(true);
	ze_command_list_handle_t imm = lz_immediate_list(true);
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t gate = lz_event(pool, 0), done = lz_event(pool, 1);
	ze_event_handle_t e1 = lz_cb_event(CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE);
	ze_event_handle_t e2 = lz_cb_event(CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE);
	ze_event_handle_t regular = gate;
	int32_t *a = lz_alloc_shared(ITEMS * 4);
	ze_group_count_t count = { ITEMS / 16, 1, 1 };
	int32_t c = 1;
	uint64_t id;

	memset(a, 0, ITEMS * 4);
	ck_assert_ok(zeKernelSetGroupSize(k, 16, 1, 1));
	lz_arg_ptr(k, 0, a);
	ck_assert_ok(zeKernelSetArgumentValue(k, 1, sizeof(c), &c));
	/* e1 signalled once, complete. */
	ck_assert_ok(zeCommandListAppendBarrier(imm, e1, 0, NULL));
	ck_assert_ok(zeEventHostSynchronize(e1, LZ_TIMEOUT_NS));

	id = take_id(list, ZE_MUTABLE_COMMAND_EXP_FLAG_WAIT_EVENTS);
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &count, done, 1,
						     &e1));
	ck_assert_ok(zeCommandListClose(list));
	run(list);
	check_all(a, 1, "e1 was complete");

	ck_assert_ze(update_waits(list, id, 1, &regular),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a regular event cannot replace a counter-based one");
	/* e2's signal waits for the gate. */
	ck_assert_ok(zeCommandListAppendBarrier(imm, e2, 1, &gate));
	ck_assert_ok(update_waits(list, id, 1, &e2));
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ok(zeEventHostReset(done));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &list, NULL));
	check_waiting(done, a, 1, "waits for e2");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(done, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandQueueSynchronize(queue, LZ_TIMEOUT_NS));
	check_all(a, 2, "ran after e2");
	run(list);
	check_all(a, 3, "e2 complete: runs at once");

	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(lz_list_sync(imm, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeEventDestroy(e1));
	ck_assert_ok(zeEventDestroy(e2));
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeKernelDestroy(k));
	lz_free(a);
}
END_TEST

/*
 * A launch signals a regular event; its signal moves to another regular
 * event, then to none.
 */
START_TEST(test_mutable_signal_event_regular)
{
	ze_kernel_handle_t k = kernel("add_scalar");
	ze_command_list_handle_t list = mutable_list(false);
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 3);
	ze_event_pool_handle_t ts_pool = lz_event_pool(
		ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 1);
	ze_event_handle_t s1 = lz_event(pool, 0), s2 = lz_event(pool, 1);
	ze_event_handle_t gate = lz_event(pool, 2), ts = lz_event(ts_pool, 0);
	ze_event_handle_t cb = lz_cb_event(CB_REG | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE);
	int32_t *a = lz_alloc_shared(ITEMS * 4);
	ze_group_count_t count = { ITEMS / 16, 1, 1 };
	int32_t c = 1;
	uint64_t id;

	memset(a, 0, ITEMS * 4);
	ck_assert_ok(zeKernelSetGroupSize(k, 16, 1, 1));
	lz_arg_ptr(k, 0, a);
	ck_assert_ok(zeKernelSetArgumentValue(k, 1, sizeof(c), &c));
	id = take_id(list, ZE_MUTABLE_COMMAND_EXP_FLAG_SIGNAL_EVENT);
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &count, s1, 1,
						     &gate));
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ok(zeEventHostSignal(gate));
	run(list);
	ck_assert_ok(zeEventQueryStatus(s1));
	check_all(a, 1, "signals s1");

	ck_assert_ze(update_signal(list, id, cb), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a counter-based event cannot replace a regular one");
	ck_assert_ze(update_signal(list, id, ts), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a timestamp event cannot replace one without");
	ck_assert_ok(update_signal(list, id, s2));
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ok(zeEventHostReset(s1));
	ck_assert_ok(zeEventHostReset(gate));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &list, NULL));
	ck_assert_ze(zeEventHostSynchronize(s2, 50 * 1000 * 1000),
		     ZE_RESULT_NOT_READY, "s2 waits for the gate");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(s2, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandQueueSynchronize(queue, LZ_TIMEOUT_NS));
	ck_assert_ze(zeEventQueryStatus(s1), ZE_RESULT_NOT_READY,
		     "s1 is no longer signalled");
	check_all(a, 2, "signals s2");

	ck_assert_ok(zeEventHostReset(s2));
	run(list);
	ck_assert_ok(zeEventQueryStatus(s2));
	check_all(a, 3, "signals s2 again");

	ck_assert_ok(zeEventHostReset(s2));
	ck_assert_ok(update_signal(list, id, NULL));
	ck_assert_ok(zeCommandListClose(list));
	run(list);
	ck_assert_ze(zeEventQueryStatus(s1), ZE_RESULT_NOT_READY, "no signal: s1");
	ck_assert_ze(zeEventQueryStatus(s2), ZE_RESULT_NOT_READY, "no signal: s2");
	check_all(a, 4, "signals nothing");
	ck_assert_ze(update_signal(list, id, s1), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "nothing to replace once the signal is gone");

	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeEventDestroy(s1));
	ck_assert_ok(zeEventDestroy(s2));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventDestroy(ts));
	ck_assert_ok(zeEventDestroy(cb));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeEventPoolDestroy(ts_pool));
	ck_assert_ok(zeKernelDestroy(k));
	lz_free(a);
}
END_TEST

/*
 * An in-order list's launch signals a counter-based event; its signal
 * moves to another counter-based event, which each execution then
 * signals, and which another list waits for.
 */
START_TEST(test_mutable_signal_event_counter_based)
{
	ze_kernel_handle_t k = kernel("add_scalar");
	ze_command_list_handle_t list = mutable_list(true);
	ze_command_list_handle_t imm = lz_immediate_list(true);
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t gate = lz_event(pool, 0), after = lz_event(pool, 1);
	ze_event_handle_t e1 = lz_cb_event(CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE);
	ze_event_handle_t e2 = lz_cb_event(CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE);
	int32_t *a = lz_alloc_shared(ITEMS * 4);
	ze_group_count_t count = { ITEMS / 16, 1, 1 };
	int32_t c = 1;
	uint64_t id;

	memset(a, 0, ITEMS * 4);
	ck_assert_ok(zeKernelSetGroupSize(k, 16, 1, 1));
	lz_arg_ptr(k, 0, a);
	ck_assert_ok(zeKernelSetArgumentValue(k, 1, sizeof(c), &c));
	id = take_id(list, ZE_MUTABLE_COMMAND_EXP_FLAG_SIGNAL_EVENT);
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &count, e1, 1,
						     &gate));
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ok(zeEventHostSignal(gate));
	run(list);
	ck_assert_ok(zeEventQueryStatus(e1));
	check_all(a, 1, "signals e1");

	ck_assert_ze(update_signal(list, id, after), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a regular event cannot replace a counter-based one");
	ck_assert_ok(update_signal(list, id, e2));
	ck_assert_ok(zeCommandListClose(list));
	for (int round = 0; round < 3; round++) {
		ck_assert_ok(zeEventHostReset(gate));
		ck_assert_ok(zeEventHostReset(after));
		ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &list,
							       NULL));
		/* Another list's barrier waits for e2 as the list made it. */
		ck_assert_ok(zeCommandListAppendBarrier(imm, after, 1, &e2));
		ck_assert_ze(zeEventQueryStatus(e2), ZE_RESULT_NOT_READY,
			     "the execution signals e2 once the gate is open");
		ck_assert_ze(zeEventHostSynchronize(after, 50 * 1000 * 1000),
			     ZE_RESULT_NOT_READY, "the barrier waits for e2");
		ck_assert_ok(zeEventHostSignal(gate));
		ck_assert_ok(zeEventHostSynchronize(e2, LZ_TIMEOUT_NS));
		ck_assert_ok(zeEventHostSynchronize(after, LZ_TIMEOUT_NS));
		ck_assert_ok(zeCommandQueueSynchronize(queue, LZ_TIMEOUT_NS));
		check_all(a, 2 + round, "signals e2");
	}

	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(lz_list_sync(imm, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeEventDestroy(e1));
	ck_assert_ok(zeEventDestroy(e2));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventDestroy(after));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeKernelDestroy(k));
	lz_free(a);
}
END_TEST


int main(void)
{
	Suite *s = suite_create("mutable_events");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_mutable_wait_events_regular);
	tcase_add_test(tc, test_mutable_wait_events_counter_based);
	tcase_add_test(tc, test_mutable_signal_event_regular);
	tcase_add_test(tc, test_mutable_signal_event_counter_based);
	suite_add_tcase(s, tc);
	return check_run(s);
}
