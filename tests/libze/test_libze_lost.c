// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of waits on work that can no longer finish
 * (userspace/libze/src/events/event.c, cb_event_wait.c, submission/wait.c),
 * through the loader: the queue that was to signal an event faults and is
 * banned, and every host wait on the event, on its list, its queue or its
 * fence returns ZE_RESULT_ERROR_DEVICE_LOST at once, even with an infinite
 * timeout. A wrong implementation hangs: the test case's timeout bounds it.
 */

#include "libze_test.h"
#include "libze_test_cb.h"

#define FOREVER		UINT64_MAX

/* The engine faults on an address nothing is bound at. */
#define UNMAPPED	((void *)0x10000)

static void setup(void)
{
	lz_setup();
	lz_cb_setup();
}

static void teardown(void)
{
	lz_teardown();
}

/* Append a copy from an unmapped address that signals @ev. */
static void append_fault(ze_command_list_handle_t list, void *dst,
			 ze_event_handle_t ev)
{
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, dst, UNMAPPED, 64, ev,
						   0, NULL));
}

START_TEST(test_lost_cb_event_of_immediate_list)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t ev = lz_cb_event(CB_IMM);
	uint8_t *p = lz_alloc_device(4096);

	append_fault(list, p, ev);
	ck_assert_ze(zeEventHostSynchronize(ev, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "a counter-based event of a banned list is lost");
	ck_assert_ze(zeEventHostSynchronize(ev, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST, "and stays lost");
	ck_assert_ze(ev_sync_many(1, &ev, true, FOREVER, NULL),
		     ZE_RESULT_ERROR_DEVICE_LOST, "for a wait for many too");
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "a query only says it did not complete");
	ck_assert_ze(lz_list_sync(list, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST, "the list is lost");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_lost_cb_event_of_regular_list)
{
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t list = lz_list(true);
	ze_event_handle_t ev = lz_cb_event(CB_REG);
	ze_fence_desc_t fdesc = { .stype = ZE_STRUCTURE_TYPE_FENCE_DESC };
	uint8_t *p = lz_alloc_device(4096);
	ze_fence_handle_t f;

	ck_assert_ok(zeFenceCreate(q, &fdesc, &f));
	append_fault(list, p, ev);
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &list, f));
	ck_assert_ze(zeEventHostSynchronize(ev, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "an event of a list executed on a banned queue is lost");
	ck_assert_ze(ev_sync_many(1, &ev, false, FOREVER, NULL),
		     ZE_RESULT_ERROR_DEVICE_LOST, "for a wait for any too");
	ck_assert_ze(zeFenceHostSynchronize(f, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST, "its fence is lost");
	ck_assert_ze(zeCommandQueueSynchronize(q, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST, "its queue is lost");
	ck_assert_ok(zeFenceDestroy(f));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_lost_pool_event_of_immediate_list)
{
	ze_event_pool_handle_t pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t ev = lz_event(pool, 0);
	ze_event_handle_t other = lz_event(pool, 1);
	ze_command_list_handle_t list = lz_immediate_list(_i == 1);
	uint8_t *p = lz_alloc_device(4096);

	append_fault(list, p, ev);
	ck_assert_ze(zeEventHostSynchronize(ev, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "a pool event of a banned list is lost");
	ck_assert_ze(ev_sync_many(1, &ev, true, FOREVER, NULL),
		     ZE_RESULT_ERROR_DEVICE_LOST, "for a wait for many too");
	ck_assert_ze(zeEventHostSynchronize(other, 0), ZE_RESULT_NOT_READY,
		     "an event nobody signals only times out");

	/* The host takes the event over: it no longer waits for the queue. */
	ck_assert_ok(zeEventHostReset(ev));
	ck_assert_ze(zeEventHostSynchronize(ev, 1000000), ZE_RESULT_NOT_READY,
		     "a reset event is only not ready");
	ck_assert_ok(zeEventHostSignal(ev));
	ck_assert_ok(zeEventHostSynchronize(ev, FOREVER));

	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeEventDestroy(other));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventPoolDestroy(pool));
}
END_TEST

/* A ban elsewhere does not touch waits on a healthy queue's events. */
START_TEST(test_lost_other_queue_unaffected)
{
	ze_command_list_handle_t bad = lz_immediate_list(true);
	ze_command_list_handle_t good = lz_immediate_list(true);
	ze_event_handle_t ev = lz_cb_event(CB_IMM);
	uint8_t *p = lz_alloc_device(4096);

	append_fault(bad, p, NULL);
	ck_assert_ze(lz_list_sync(bad, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST, "the faulting list is lost");
	ck_assert_ok(zeCommandListAppendMemoryFill(good, p, &(uint8_t){ 7 }, 1,
						   64, ev, 0, NULL));
	ck_assert_ok(zeEventHostSynchronize(ev, FOREVER));
	ck_assert_ok(lz_list_sync(good, FOREVER));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(good));
	ck_assert_ok(zeCommandListDestroy(bad));
}
END_TEST

static Suite *lost_suite(void)
{
	Suite *s = suite_create("lost");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	/* Bounds a wait that would never return. */
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_lost_cb_event_of_immediate_list);
	tcase_add_test(tc, test_lost_cb_event_of_regular_list);
	tcase_add_loop_test(tc, test_lost_pool_event_of_immediate_list, 0, 2);
	tcase_add_test(tc, test_lost_other_queue_unaffected);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(lost_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
