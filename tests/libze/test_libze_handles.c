// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of stale and garbage handles (core/object.c), through the
 * loader: a program that ignored an error and goes on with a destroyed
 * handle, a pointer that never was one (unmapped, or readable memory made
 * to look like a handle), a pointer into an object, or a handle of another
 * kind gets ZE_RESULT_ERROR_INVALID_NULL_HANDLE from a representative set
 * of entry points, and nothing is read through the pointer.
 */

#include "libze_test_stale.h"
#include "check_run.h"

static void setup(void)
{
	lz_setup();
}

static void teardown(void)
{
	lz_teardown();
}

START_TEST(test_handles_stale_and_garbage_refused)
{
	ze_command_list_handle_t list = lz_immediate_list(true);

	stale_run(list);
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_handles_destroyed_module_and_kernel)
{
	ze_kernel_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES,
	};
	ze_module_handle_t module;
	ze_kernel_handle_t kernel = lz_kernel("fill", &module);
	ze_kernel_handle_t again;
	const ze_kernel_desc_t kdesc = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC,
		.pKernelName = "fill",
	};

	ck_assert_ok(zeKernelDestroy(kernel));
	ck_assert_ze(zeKernelGetProperties(kernel, &props),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE, "a destroyed kernel");
	ck_assert_ze(zeKernelSetGroupSize(kernel, 1, 1, 1),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE, "a destroyed kernel");
	ck_assert_ze(zeKernelDestroy(kernel),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "a kernel is destroyed once");
	ck_assert_ok(zeModuleDestroy(module));
	ck_assert_ze(zeKernelCreate(module, &kdesc, &again),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE, "a destroyed module");
	ck_assert_ze(zeModuleDestroy(module),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "a module is destroyed once");
	ck_assert_ze(zeKernelGetProperties((ze_kernel_handle_t)lz_context,
					   &props),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "a context is no kernel");
	ck_assert_ze(zeKernelGetProperties(stale_unmapped(), &props),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "an unmapped pointer is no kernel");
}
END_TEST

static Suite *handles_suite(void)
{
	Suite *s = suite_create("libze_handles");
	TCase *tc = tcase_create("stale");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_handles_stale_and_garbage_refused);
	tcase_add_test(tc, test_handles_destroyed_module_and_kernel);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(handles_suite());
}
