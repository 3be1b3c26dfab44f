// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Host unit tests of direct submission (submission/ring.c) on the fake
 * backend, which follows the module's protocol: rings are direct queues
 * by default, an append publishes its tail in the status page and rings
 * the doorbell only when the engine sleeps (NEED_WAKEUP); an engine that
 * polls takes the tail with no call at all; XE_CBEV_SUBMIT=ioctl brings
 * the exec ioctl back.
 */

#include <stdlib.h>

#include "unit.h"

static void setup(void)
{
	unit_setup();
}

static void teardown(void)
{
	unit_teardown();
	unsetenv("XE_CBEV_SUBMIT");
}

START_TEST(test_append_rings_the_doorbell_of_a_sleeping_engine)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t ev = unit_cb_immediate();
	uint8_t *p = unit_buffer(0);
	struct xe_kmd_fake_stats before = unit_stats(), after;

	unit_fill(list, p, 0x11, UNIT_N, ev, 0, NULL);
	after = unit_stats();
	ck_assert_uint_eq(after.execs, before.execs);
	ck_assert_uint_eq(after.wakes, before.wakes + 1);
	ck_assert_uint_eq(after.direct_fetches, before.direct_fetches + 1);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "the doorbell ran the engine, which took the tail");
	ck_assert_msg(unit_all(p, 0x11, UNIT_N), "the fill ran");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_awake_engine_takes_the_tail_without_a_call)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t ev = unit_cb_immediate();
	uint8_t *p = unit_buffer(0);
	struct xe_kmd_fake_stats before, after;
	int i;

	xe_kmd_fake_direct_awake(true);
	before = unit_stats();
	for (i = 1; i <= 5; i++)
		unit_fill(list, p, (uint8_t)i, UNIT_N, ev, 0, NULL);
	after = unit_stats();
	ck_assert_uint_eq(after.execs, before.execs);
	ck_assert_uint_eq(after.wakes, before.wakes);
	ck_assert_uint_eq(after.direct_fetches, before.direct_fetches);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "published, not yet taken by the engine");

	/* The engine runs (here: for the host wait) and takes all five. */
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	after = unit_stats();
	ck_assert_uint_eq(after.wakes, before.wakes);
	ck_assert_uint_eq(after.direct_fetches, before.direct_fetches + 1);
	ck_assert_msg(unit_all(p, 5, UNIT_N), "the last fill wins");
	ck_assert_ok(zeCommandListHostSynchronize(list, UINT64_MAX));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_queue_execution_is_direct_too)
{
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t list = lz_list(true);
	uint8_t *p = unit_buffer(0);
	struct xe_kmd_fake_stats before = unit_stats(), after;

	unit_fill(list, p, 0x22, UNIT_N, NULL, 0, NULL);
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &list, NULL));
	ck_assert_ok(zeCommandQueueSynchronize(q, UINT64_MAX));
	after = unit_stats();
	ck_assert_uint_eq(after.execs, before.execs);
	ck_assert_uint_ge(after.direct_fetches, before.direct_fetches + 1);
	ck_assert_msg(unit_all(p, 0x22, UNIT_N), "the list ran");
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_submit_ioctl_uses_the_exec_call)
{
	ze_command_list_handle_t list;
	uint8_t *p = unit_buffer(0);
	struct xe_kmd_fake_stats before, after;

	setenv("XE_CBEV_SUBMIT", "ioctl", 1);
	list = lz_immediate_list(true);
	before = unit_stats();
	unit_fill(list, p, 0x33, UNIT_N, NULL, 0, NULL);
	after = unit_stats();
	ck_assert_uint_eq(after.execs, before.execs + 1);
	ck_assert_uint_eq(after.wakes, before.wakes);
	ck_assert_uint_eq(after.direct_fetches, before.direct_fetches);
	ck_assert_ok(zeCommandListHostSynchronize(list, UINT64_MAX));
	ck_assert_msg(unit_all(p, 0x33, UNIT_N), "the fill ran");
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

static Suite *direct_suite(void)
{
	Suite *s = suite_create("libze_unit_direct");
	TCase *tc = tcase_create("direct");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_append_rings_the_doorbell_of_a_sleeping_engine);
	tcase_add_test(tc, test_awake_engine_takes_the_tail_without_a_call);
	tcase_add_test(tc, test_queue_execution_is_direct_too);
	tcase_add_test(tc, test_submit_ioctl_uses_the_exec_call);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return unit_run(direct_suite());
}
