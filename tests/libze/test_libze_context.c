// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of contexts (userspace/libze/src/context.c), through the
 * loader.
 */

#include "libze_test.h"
#include "check_run.h"

static const ze_context_desc_t desc = {
	.stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC,
};

/* ---- core ------------------------------------------------------------- */

START_TEST(test_context_create_destroy)
{
	ze_context_handle_t a = NULL, b = NULL;

	ck_assert_ze(zeContextCreate(lz_driver, &desc, &a), ZE_RESULT_SUCCESS,
		     "zeContextCreate succeeds");
	ck_assert_ze(zeContextCreate(lz_driver, &desc, &b), ZE_RESULT_SUCCESS,
		     "a second context can be created");
	ck_assert_msg(a && b && a != b, "each context is its own");
	ck_assert_ze(zeContextDestroy(a), ZE_RESULT_SUCCESS,
		     "zeContextDestroy succeeds");
	ck_assert_ze(zeContextGetStatus(b), ZE_RESULT_SUCCESS,
		     "the other context is unaffected");
	ck_assert_ok(zeContextDestroy(b));
}
END_TEST

START_TEST(test_context_create_ex)
{
	ze_context_handle_t ctx = NULL;

	ck_assert_ze(zeContextCreateEx(lz_driver, &desc, 1, &lz_device, &ctx),
		     ZE_RESULT_SUCCESS,
		     "a context for the driver's device can be created");
	ck_assert_ok(zeContextDestroy(ctx));
	ck_assert_ze(zeContextCreateEx(lz_driver, &desc, 0, NULL, &ctx),
		     ZE_RESULT_SUCCESS,
		     "no device list means every device");
	ck_assert_ok(zeContextDestroy(ctx));
}
END_TEST

START_TEST(test_context_status_ok)
{
	ck_assert_ze(zeContextGetStatus(lz_context), ZE_RESULT_SUCCESS,
		     "a fresh context is fine");
}
END_TEST

START_TEST(test_context_barrier_and_residency)
{
	void *p = lz_alloc_device(4096);

	ck_assert_ze(zeContextSystemBarrier(lz_context, lz_device),
		     ZE_RESULT_SUCCESS, "a system barrier succeeds");
	ck_assert_ze(zeContextMakeMemoryResident(lz_context, lz_device, p,
						 4096),
		     ZE_RESULT_SUCCESS, "memory can be made resident");
	ck_assert_ze(zeContextEvictMemory(lz_context, lz_device, p, 4096),
		     ZE_RESULT_SUCCESS, "and evicted");
	lz_free(p);
}
END_TEST

START_TEST(test_context_default)
{
	ze_context_handle_t (*get_default)(ze_driver_handle_t);
	ze_context_handle_t ctx;
	void *p = NULL;

	*(void **)&get_default = lz_function("zeDriverGetDefaultContext");
	ctx = get_default(lz_driver);
	ck_assert_msg(ctx, "the driver has a default context (spec 1.14)");
	ck_assert_msg(get_default(lz_driver) == ctx,
		      "it is the same every time");
	ck_assert_ze(zeContextGetStatus(ctx), ZE_RESULT_SUCCESS,
		     "the default context works");
	ck_assert_ok(zeMemAllocHost(ctx, &(ze_host_mem_alloc_desc_t){
					.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC },
				    64, 0, &p));
	ck_assert_ok(zeMemFree(ctx, p));
	ck_assert_ze(zeContextDestroy(ctx),
		     ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE,
		     "the default context cannot be destroyed");
}
END_TEST

/* ---- limits ----------------------------------------------------------- */

START_TEST(test_context_create_bad_args)
{
	ze_context_desc_t bad = desc;
	ze_context_handle_t ctx = NULL;

	ck_assert_ze(zeContextCreate(lz_driver, NULL, &ctx),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the descriptor is required");
	ck_assert_ze(zeContextCreate(lz_driver, &desc, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the output handle is required");
	ck_assert_ze(zeContextCreate(NULL, &desc, &ctx),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "the driver is required");
	bad.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
	ck_assert_ze(zeContextCreate(lz_driver, &bad, &ctx),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a descriptor with the wrong stype is refused");
	bad = desc;
	bad.flags = 0x2;
	ck_assert_ze(zeContextCreate(lz_driver, &bad, &ctx),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION,
		     "unknown context flags are refused");
	ck_assert_ze(zeContextCreateEx(lz_driver, &desc, 1, NULL, &ctx),
		     ZE_RESULT_ERROR_INVALID_SIZE,
		     "a device count without devices is refused");
	ck_assert_msg(!ctx, "nothing is returned");
}
END_TEST

START_TEST(test_context_null_handles)
{
	ck_assert_ze(zeContextDestroy(NULL), ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "destroying NULL is refused");
	ck_assert_ze(zeContextGetStatus(NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "the status of NULL is refused");
	ck_assert_ze(zeContextSystemBarrier(lz_context, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "a barrier needs a device");
	ck_assert_ze(zeContextMakeMemoryResident(lz_context, lz_device, NULL,
						 16),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "residency needs memory");
}
END_TEST

START_TEST(test_context_wrong_handle_type)
{
	/* A device handle is not a context. */
	ck_assert_ze(zeContextGetStatus((ze_context_handle_t)lz_device),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "a handle of another kind is refused");
}
END_TEST

static Suite *context_suite(void)
{
	Suite *s = suite_create("context");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, lz_setup, lz_teardown);
	tcase_add_test(tc, test_context_create_destroy);
	tcase_add_test(tc, test_context_create_ex);
	tcase_add_test(tc, test_context_status_ok);
	tcase_add_test(tc, test_context_barrier_and_residency);
	tcase_add_test(tc, test_context_default);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, lz_setup, lz_teardown);
	tcase_add_test(tc, test_context_create_bad_args);
	tcase_add_test(tc, test_context_null_handles);
	tcase_add_test(tc, test_context_wrong_handle_type);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(context_suite());
}
