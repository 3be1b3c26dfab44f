// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of fences (userspace/libze/src/fence.c), through the loader.
 */

#include "libze_test.h"
#include "check_run.h"

static ze_command_queue_handle_t queue;

static void setup(void)
{
	lz_setup();
	queue = lz_queue();
}

static void teardown(void)
{
	if (queue)
		ck_assert_ok(zeCommandQueueDestroy(queue));
	lz_teardown();
}

static ze_fence_handle_t fence(ze_command_queue_handle_t q,
			       ze_fence_flags_t flags)
{
	ze_fence_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_FENCE_DESC,
		.flags = flags,
	};
	ze_fence_handle_t f = NULL;

	ck_assert_ok(zeFenceCreate(q, &desc, &f));
	return f;
}

static ze_command_list_handle_t spin_list(uint64_t ns,
					  ze_module_handle_t *module)
{
	ze_command_list_handle_t list = lz_list(false);
	ze_kernel_handle_t k = lz_kernel("spin", module);

	lz_arg_u64(k, 0, ns);
	lz_launch(list, k, 1, 1, NULL, 0, NULL);
	ck_assert_ok(zeCommandListClose(list));
	return list;
}

/* ---- core ------------------------------------------------------------- */

START_TEST(test_fence_signalled_by_execution)
{
	ze_fence_handle_t f = fence(queue, 0);
	ze_module_handle_t module;
	ze_command_list_handle_t list = spin_list(30000000, &module);

	ck_assert_ze(zeFenceQueryStatus(f), ZE_RESULT_NOT_READY,
		     "a new fence is not signalled");
	ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &list, f));
	ck_assert_ze(zeFenceQueryStatus(f), ZE_RESULT_NOT_READY,
		     "the fence waits for the execution");
	ck_assert_ze(zeFenceHostSynchronize(f, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS, "the execution signals it");
	ck_assert_ze(zeFenceQueryStatus(f), ZE_RESULT_SUCCESS,
		     "and it stays signalled");
	ck_assert_ze(zeFenceReset(f), ZE_RESULT_SUCCESS, "it can be reset");
	ck_assert_ze(zeFenceQueryStatus(f), ZE_RESULT_NOT_READY,
		     "which unsignals it");
	ck_assert_ze(zeFenceHostSynchronize(f, 1000000), ZE_RESULT_NOT_READY,
		     "and no wait can succeed until it is submitted again");
	ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &list, f));
	ck_assert_ok(zeFenceHostSynchronize(f, LZ_TIMEOUT_NS));
	ck_assert_ok(zeFenceDestroy(f));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_fence_created_signalled)
{
	ze_fence_handle_t f = fence(queue, ZE_FENCE_FLAG_SIGNALED);

	ck_assert_ze(zeFenceQueryStatus(f), ZE_RESULT_SUCCESS,
		     "a fence created signalled is");
	ck_assert_ze(zeFenceHostSynchronize(f, 0), ZE_RESULT_SUCCESS,
		     "and a wait returns at once");
	ck_assert_ok(zeFenceDestroy(f));
}
END_TEST

START_TEST(test_fence_timeout)
{
	ze_fence_handle_t f = fence(queue, 0);
	ze_module_handle_t module;
	ze_command_list_handle_t list = spin_list(200000000, &module);

	ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &list, f));
	ck_assert_ze(zeFenceHostSynchronize(f, 0), ZE_RESULT_NOT_READY,
		     "a wait of 0 only checks");
	ck_assert_ze(zeFenceHostSynchronize(f, 1000000), ZE_RESULT_NOT_READY,
		     "a 1 ms wait for 200 ms of work times out");
	ck_assert_ze(zeFenceHostSynchronize(f, UINT64_MAX), ZE_RESULT_SUCCESS,
		     "an endless wait returns");
	ck_assert_ok(zeFenceDestroy(f));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

/* ---- limits ----------------------------------------------------------- */

START_TEST(test_fence_of_other_queue)
{
	ze_command_queue_handle_t other = lz_queue();
	ze_fence_handle_t f = fence(other, 0);
	ze_module_handle_t module;
	ze_command_list_handle_t list = spin_list(1000, &module);

	ck_assert_ze(zeCommandQueueExecuteCommandLists(queue, 1, &list, f),
		     ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT,
		     "a fence of another queue is refused");
	ck_assert_ok(zeFenceDestroy(f));
	ck_assert_ok(zeCommandQueueDestroy(other));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_fence_outlives_destroyed_queue)
{
	ze_fence_handle_t done = fence(queue, 0), lost = fence(queue, 0);
	ze_module_handle_t module;
	ze_command_list_handle_t fast = spin_list(1000, &module);
	ze_command_list_handle_t slow = spin_list(5000000000ull, &module);

	ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &fast, done));
	ck_assert_ok(zeFenceHostSynchronize(done, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &slow, lost));
	ck_assert_ok(zeCommandQueueDestroy(queue));
	queue = NULL;

	ck_assert_ze(zeFenceQueryStatus(done), ZE_RESULT_SUCCESS,
		     "what completed before the queue went stays completed");
	ck_assert_ze(zeFenceHostSynchronize(lost, LZ_TIMEOUT_NS),
		     ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT,
		     "what was dropped with the queue can never complete");
	ck_assert_ok(zeFenceDestroy(done));
	ck_assert_ok(zeFenceDestroy(lost));
	ck_assert_ok(zeCommandListDestroy(fast));
	ck_assert_ok(zeCommandListDestroy(slow));
}
END_TEST

START_TEST(test_fence_create_refusals)
{
	ze_fence_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_FENCE_DESC };
	ze_fence_handle_t f = NULL;

	desc.flags = 0x2;
	ck_assert_ze(zeFenceCreate(queue, &desc, &f),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION,
		     "unknown fence flags are refused");
	desc.flags = 0;
	desc.stype = ZE_STRUCTURE_TYPE_EVENT_DESC;
	ck_assert_ze(zeFenceCreate(queue, &desc, &f),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a descriptor with the wrong stype is refused");
	ck_assert_ze(zeFenceCreate(NULL, &desc, &f),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "the queue is required");
	ck_assert_ze(zeFenceHostSynchronize(NULL, 0),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "waiting needs a fence");
	ck_assert_msg(!f, "nothing is returned");
}
END_TEST

static Suite *fence_suite(void)
{
	Suite *s = suite_create("fence");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_fence_signalled_by_execution);
	tcase_add_test(tc, test_fence_created_signalled);
	tcase_add_test(tc, test_fence_timeout);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_fence_of_other_queue);
	tcase_add_test(tc, test_fence_outlives_destroyed_queue);
	tcase_add_test(tc, test_fence_create_refusals);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(fence_suite());
}
