// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of event pools (userspace/libze/src/event_pool.c), through
 * the loader, including event-pool IPC with a second process.
 */

#include <stdio.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libze_test.h"
#include "common/ipc_socket.h"
#include "check_run.h"

#define MS	1000000ull

static ze_event_pool_handle_t pool;

static void setup(void)
{
	lz_setup();
	pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 8);
}

static void teardown(void)
{
	ck_assert_ok(zeEventPoolDestroy(pool));
	lz_teardown();
}

/* ---- core ------------------------------------------------------------- */

START_TEST(test_event_pool_getters)
{
	ze_result_t (*pool_ctx)(ze_event_pool_handle_t, ze_context_handle_t *);
	ze_result_t (*pool_flags)(ze_event_pool_handle_t, ze_event_pool_flags_t *);
	ze_context_handle_t ctx = NULL;
	ze_event_pool_flags_t flags = 0;

	*(void **)&pool_ctx = lz_function("zeEventPoolGetContextHandle");
	*(void **)&pool_flags = lz_function("zeEventPoolGetFlags");
	ck_assert_ok(pool_ctx(pool, &ctx));
	ck_assert_ok(pool_flags(pool, &flags));
	ck_assert_msg(ctx == lz_context &&
		      flags == ZE_EVENT_POOL_FLAG_HOST_VISIBLE,
		      "a pool reports its context and flags");
}
END_TEST

START_TEST(test_event_pool_many_events)
{
	ze_event_pool_handle_t big = lz_event_pool(0, 1000);
	ze_event_handle_t ev[1000];
	uint32_t i;

	for (i = 0; i < 1000; i++)
		ev[i] = lz_event(big, i);
	for (i = 0; i < 1000; i += 3)
		ck_assert_ok(zeEventHostSignal(ev[i]));
	for (i = 0; i < 1000; i++)
		ck_assert_ze(zeEventQueryStatus(ev[i]),
			     i % 3 ? ZE_RESULT_NOT_READY : ZE_RESULT_SUCCESS,
			     "each event of a pool is its own");
	for (i = 0; i < 1000; i++)
		ck_assert_ok(zeEventDestroy(ev[i]));
	ck_assert_ok(zeEventPoolDestroy(big));
}
END_TEST

START_TEST(test_event_pool_ipc_between_processes)
{
	ze_event_pool_handle_t ipc_pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_IPC |
			      ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t e0 = lz_event(ipc_pool, 0), e1 = lz_event(ipc_pool, 1);
	ze_ipc_event_pool_handle_t handle;
	unsigned char status = 0xff;
	int sock, wstatus;
	pid_t pid;

	ck_assert_ze(zeEventPoolGetIpcHandle(ipc_pool, &handle),
		     ZE_RESULT_SUCCESS, "an IPC pool has a handle");
	sock = lz_start_helper("event-pool", &pid);
	ck_assert_int_eq(ipc_send_handle(sock, &handle), 0);

	/* The other process waits for e0, then its device signals e1. */
	ck_assert_ze(zeEventHostSynchronize(e1, 20 * MS), ZE_RESULT_NOT_READY,
		     "the other process waits for event 0 first");
	ck_assert_ok(zeEventHostSignal(e0));
	ck_assert_ze(zeEventHostSynchronize(e1, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS,
		     "the other process's device signals event 1, seen here");

	ck_assert_msg(read(sock, &status, 1) == 1, "the helper answers");
	ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
	ck_assert_msg(status == 0, "the helper failed at step %u", status);
	close(sock);

	ck_assert_ok(((ze_result_t (*)(ze_context_handle_t,
				       ze_ipc_event_pool_handle_t))
		      lz_function("zeEventPoolPutIpcHandle"))(lz_context,
							      handle));
	ck_assert_ok(zeEventDestroy(e0));
	ck_assert_ok(zeEventDestroy(e1));
	ck_assert_ok(zeEventPoolDestroy(ipc_pool));
}
END_TEST

START_TEST(test_event_pool_ipc_same_process)
{
	ze_event_pool_handle_t ipc_pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_IPC, 4), opened;
	ze_event_handle_t mine = lz_event(ipc_pool, 2), theirs;
	ze_ipc_event_pool_handle_t handle;
	ze_context_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC };
	ze_context_handle_t ctx;

	ck_assert_ok(zeEventPoolGetIpcHandle(ipc_pool, &handle));
	ck_assert_ok(zeContextCreate(lz_driver, &desc, &ctx));
	ck_assert_ze(zeEventPoolOpenIpcHandle(ctx, handle, &opened),
		     ZE_RESULT_SUCCESS, "the handle opens in another context");
	theirs = lz_event(opened, 2);
	ck_assert_ok(zeEventHostSignal(mine));
	ck_assert_ze(zeEventQueryStatus(theirs), ZE_RESULT_SUCCESS,
		     "both views share the event");
	ck_assert_ok(zeEventHostReset(theirs));
	ck_assert_ze(zeEventQueryStatus(mine), ZE_RESULT_NOT_READY,
		     "both ways");
	ck_assert_ok(zeEventDestroy(theirs));
	ck_assert_ze(zeEventPoolCloseIpcHandle(opened), ZE_RESULT_SUCCESS,
		     "an opened pool is closed");
	ck_assert_ok(zeContextDestroy(ctx));
	ck_assert_ok(zeEventDestroy(mine));
	ck_assert_ok(zeEventPoolDestroy(ipc_pool));
}
END_TEST

/* ---- limits ----------------------------------------------------------- */

START_TEST(test_event_pool_create_refusals)
{
	ze_event_pool_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
		.count = 0,
	};
	ze_event_pool_counter_based_exp_desc_t cb = {
		.stype = ZE_STRUCTURE_TYPE_COUNTER_BASED_EVENT_POOL_EXP_DESC,
		.flags = ZE_EVENT_POOL_COUNTER_BASED_EXP_FLAG_IMMEDIATE,
	};
	ze_event_pool_handle_t p = NULL;

	ck_assert_ze(zeEventPoolCreate(lz_context, &desc, 0, NULL, &p),
		     ZE_RESULT_ERROR_INVALID_SIZE, "a pool of 0 events is refused");
	desc.count = 1;
	desc.flags = 0x100;
	ck_assert_ze(zeEventPoolCreate(lz_context, &desc, 0, NULL, &p),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION,
		     "unknown pool flags are refused");
	desc.flags = ZE_EVENT_POOL_FLAG_IPC;
	desc.pNext = &cb;
	ck_assert_ze(zeEventPoolCreate(lz_context, &desc, 0, NULL, &p),
		     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "counter-based pools are not shared (their events are)");
	desc.flags = 0;
	cb.flags = 0x4;
	ck_assert_ze(zeEventPoolCreate(lz_context, &desc, 0, NULL, &p),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a counter-based pool for neither list type is refused");
	cb.flags = ZE_EVENT_POOL_COUNTER_BASED_EXP_FLAG_IMMEDIATE | 0x4;
	ck_assert_ze(zeEventPoolCreate(lz_context, &desc, 0, NULL, &p),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION,
		     "unknown counter-based pool flags are refused");
	desc.pNext = NULL;
	ck_assert_ze(zeEventPoolCreate(lz_context, &desc, 1, NULL, &p),
		     ZE_RESULT_ERROR_INVALID_SIZE,
		     "a device count without devices is refused");
	desc.stype = ZE_STRUCTURE_TYPE_EVENT_DESC;
	ck_assert_ze(zeEventPoolCreate(lz_context, &desc, 0, NULL, &p),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a descriptor with the wrong stype is refused");
	ck_assert_msg(!p, "nothing is returned");
}
END_TEST

START_TEST(test_event_pool_ipc_misuse)
{
	ze_ipc_event_pool_handle_t handle;
	ze_event_pool_handle_t p = NULL;

	ck_assert_ze(zeEventPoolCloseIpcHandle(pool),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a pool that was not opened cannot be closed");
	memset(&handle, 0x77, sizeof(handle));
	ck_assert_ze(zeEventPoolOpenIpcHandle(lz_context, handle, &p),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "bytes that are no handle of this driver are refused");
	ck_assert_ze(zeEventPoolGetIpcHandle(pool, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the handle pointer is required");
	ck_assert_msg(!p, "nothing is returned");
}
END_TEST

static Suite *event_pool_suite(void)
{
	Suite *s = suite_create("event_pool");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_event_pool_getters);
	tcase_add_test(tc, test_event_pool_many_events);
	tcase_add_test(tc, test_event_pool_ipc_between_processes);
	tcase_add_test(tc, test_event_pool_ipc_same_process);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_event_pool_create_refusals);
	tcase_add_test(tc, test_event_pool_ipc_misuse);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(event_pool_suite());
}
