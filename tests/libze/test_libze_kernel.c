// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of kernels and launches (userspace/libze/src/kernel.c,
 * append_kernel.c): every built-in's result, byte by byte.
 */

#include "libze_test.h"
#include "check_run.h"

static ze_command_list_handle_t list;
static ze_module_handle_t module;

static void setup(void)
{
	lz_setup();
	list = lz_immediate_list(true);
}

static void teardown(void)
{
	ck_assert_ok(zeCommandListDestroy(list));
	lz_teardown();
}

static void sync_list(void)
{
	ck_assert_ze(lz_list_sync(list, LZ_TIMEOUT_NS), ZE_RESULT_SUCCESS,
		     "the launches complete");
}

/* ---- core ------------------------------------------------------------- */

START_TEST(test_kernel_fill)
{
	ze_kernel_handle_t k = lz_kernel("fill", &module);
	uint8_t *dst = lz_alloc_device(10000), *pat = lz_alloc_device(4);
	uint32_t i;

	memcpy(pat, "\x11\x22\x33\x44", 4);
	memset(dst, 0, 10000);
	lz_arg_ptr(k, 0, dst);
	lz_arg_ptr(k, 1, pat);
	lz_arg_u32(k, 2, 4);
	lz_launch(list, k, 9998, 2, NULL, 0, NULL);	/* 9998 bytes */
	sync_list();
	for (i = 0; i < 9998; i++)
		ck_assert_msg(dst[i] == pat[i % 4], "fill: byte %u", i);
	ck_assert_msg(!dst[9998] && !dst[9999], "and nothing more");
}
END_TEST

START_TEST(test_kernel_copy)
{
	ze_kernel_handle_t k = lz_kernel("copy", &module);
	uint8_t *src = lz_alloc_host(65536), *dst = lz_alloc_device(65536);
	uint32_t i;

	for (i = 0; i < 65536; i++)
		src[i] = (uint8_t)(i ^ (i >> 8));
	lz_arg_ptr(k, 0, dst);
	lz_arg_ptr(k, 1, src);
	lz_launch(list, k, 65536, 256, NULL, 0, NULL);
	sync_list();
	ck_assert_msg(!memcmp(dst, src, 65536), "copy copies every byte");
}
END_TEST

START_TEST(test_kernel_add_and_scale)
{
	ze_kernel_handle_t add = lz_kernel("add_u32", &module);
	ze_module_handle_t module2;
	ze_kernel_handle_t scale = lz_kernel("scale_u32", &module2);
	uint32_t *a = lz_alloc_device(4096 * 4), *b = lz_alloc_device(4096 * 4);
	uint32_t *sum = lz_alloc_device(4096 * 4), *out = lz_alloc_shared(4096 * 4);
	ze_group_count_t count = { 4, 8, 2 };
	uint32_t i;

	for (i = 0; i < 4096; i++) {
		a[i] = i;
		b[i] = 3 * i + 0x10000;
	}
	lz_arg_ptr(add, 0, sum);
	lz_arg_ptr(add, 1, a);
	lz_arg_ptr(add, 2, b);
	/* 4x8x2 groups of 16x2x2 items: 4096 items in three dimensions. */
	ck_assert_ok(zeKernelSetGroupSize(add, 16, 2, 2));
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, add, &count, NULL,
						     0, NULL));
	lz_arg_ptr(scale, 0, out);
	lz_arg_ptr(scale, 1, sum);
	lz_arg_u32(scale, 2, 7);
	lz_launch(list, scale, 4096, 64, NULL, 0, NULL);
	sync_list();
	for (i = 0; i < 4096; i++)
		ck_assert_msg(out[i] == 7 * (4 * i + 0x10000),
			      "scale(add): element %u is %u", i, out[i]);
}
END_TEST

START_TEST(test_kernel_checksum)
{
	ze_kernel_handle_t k = lz_kernel("checksum", &module);
	uint8_t *src = lz_alloc_device(1000);
	uint64_t *dst = lz_alloc_device(8), hash = 0xcbf29ce484222325ull;
	uint32_t i;

	for (i = 0; i < 1000; i++) {
		src[i] = (uint8_t)(i * 13);
		hash = (hash ^ src[i]) * 0x100000001b3ull;	/* FNV-1a */
	}
	lz_arg_ptr(k, 0, dst);
	lz_arg_ptr(k, 1, src);
	lz_launch(list, k, 1000, 8, NULL, 0, NULL);
	sync_list();
	ck_assert_msg(*dst == hash, "checksum is the FNV-1a hash: %llx vs %llx",
		      (unsigned long long)*dst, (unsigned long long)hash);
}
END_TEST

START_TEST(test_kernel_spin_takes_its_time)
{
	ze_kernel_handle_t k = lz_kernel("spin", &module);
	uint64_t start = lz_now_ns();

	lz_arg_u64(k, 0, 50000000);
	lz_launch(list, k, 1, 1, NULL, 0, NULL);
	sync_list();
	ck_assert_msg(lz_now_ns() - start >= 50000000,
		      "a 50 ms spin keeps the queue busy 50 ms");
}
END_TEST

START_TEST(test_kernel_arguments_taken_at_append)
{
	ze_kernel_handle_t k = lz_kernel("fill", &module);
	uint8_t *a = lz_alloc_device(64), *b = lz_alloc_device(64);
	uint8_t *p1 = lz_alloc_device(1), *p2 = lz_alloc_device(1);

	*p1 = 0x01;
	*p2 = 0x02;
	lz_arg_ptr(k, 0, a);
	lz_arg_ptr(k, 1, p1);
	lz_arg_u32(k, 2, 1);
	lz_launch(list, k, 64, 64, NULL, 0, NULL);
	/* Changing the kernel now only affects the next launch. */
	lz_arg_ptr(k, 0, b);
	lz_arg_ptr(k, 1, p2);
	lz_launch(list, k, 64, 64, NULL, 0, NULL);
	sync_list();
	ck_assert_msg(a[63] == 1 && b[63] == 2,
		      "each launch used the arguments it was appended with");
}
END_TEST

START_TEST(test_kernel_launch_with_arguments)
{
	ze_result_t (*launch)(ze_command_list_handle_t, ze_kernel_handle_t,
			      const ze_group_count_t, const ze_group_size_t,
			      void **, const void *, ze_event_handle_t,
			      uint32_t, ze_event_handle_t *);
	ze_kernel_handle_t k = lz_kernel("scale_u32", &module);
	uint32_t *src = lz_alloc_device(256 * 4), *dst = lz_alloc_device(256 * 4);
	uint32_t factor = 3, i;
	void *args[] = { &dst, &src, &factor };

	for (i = 0; i < 256; i++)
		src[i] = i;
	*(void **)&launch = lz_function("zeCommandListAppendLaunchKernelWithArguments");
	ck_assert_ze(launch(list, k, (ze_group_count_t){ 4, 1, 1 },
			    (ze_group_size_t){ 64, 1, 1 }, args, NULL, NULL, 0,
			    NULL),
		     ZE_RESULT_SUCCESS, "a spec 1.14 launch with arguments");
	sync_list();
	for (i = 0; i < 256; i++)
		ck_assert_int_eq(dst[i], 3 * i);
}
END_TEST

START_TEST(test_kernel_properties)
{
	ze_kernel_handle_t k = lz_kernel("scale_u32", &module);
	ze_kernel_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES,
	};
	uint32_t x = 0, y = 0, z = 0;
	char name[32];
	size_t size = sizeof(name);

	ck_assert_ok(zeKernelGetProperties(k, &props));
	ck_assert_int_eq(props.numKernelArgs, 3);
	ck_assert_ok(zeKernelGetName(k, &size, name));
	ck_assert_str_eq(name, "scale_u32");
	ck_assert_ok(zeKernelSuggestGroupSize(k, 1000, 6, 1, &x, &y, &z));
	ck_assert_msg(x && y && z && 1000 % x == 0 && 6 % y == 0 &&
		      x * y * z <= 1024,
		      "a suggested group size divides the global size: %u %u %u",
		      x, y, z);
}
END_TEST

/* ---- limits ----------------------------------------------------------- */

START_TEST(test_kernel_argument_refusals)
{
	ze_kernel_handle_t k = lz_kernel("scale_u32", &module);
	uint64_t wide = 1;

	ck_assert_ze(zeKernelSetArgumentValue(k, 3, 4, &wide),
		     ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX,
		     "an argument the kernel does not have is refused");
	ck_assert_ze(zeKernelSetArgumentValue(k, 2, 2, &wide),
		     ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE,
		     "a value smaller than the parameter is refused");
	ck_assert_ze(zeKernelSetArgumentValue(k, 2, 8, &wide), ZE_RESULT_SUCCESS,
		     "a larger one gives its low bytes");
	ck_assert_ze(zeKernelSetArgumentValue(k, 0, 8, NULL), ZE_RESULT_SUCCESS,
		     "a NULL pointer argument is allowed");
	ck_assert_ze(zeKernelSetGroupSize(k, 0, 1, 1),
		     ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION,
		     "an empty group is refused");
	ck_assert_ze(zeKernelSetGroupSize(k, 64, 32, 1),
		     ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION,
		     "a group over 1024 items is refused");
}
END_TEST

START_TEST(test_kernel_launch_refusals)
{
	ze_kernel_handle_t k = lz_kernel("copy", &module);
	ze_group_count_t one = { 1, 1, 1 }, huge = { 65536, 65536, 1 };
	void *p = lz_alloc_device(64);

	ck_assert_ze(zeCommandListAppendLaunchKernel(list, k, &one, NULL, 0,
						     NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a kernel whose arguments are not all set is refused");
	lz_arg_ptr(k, 0, p);
	lz_arg_ptr(k, 1, p);
	ck_assert_ze(zeCommandListAppendLaunchKernel(list, k, &huge, NULL, 0,
						     NULL),
		     ZE_RESULT_ERROR_INVALID_GLOBAL_WIDTH_DIMENSION,
		     "a launch larger than one dispatch is refused");
	ck_assert_ze(zeCommandListAppendLaunchKernel(list, k, NULL, NULL, 0,
						     NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the group count is required");
	ck_assert_ze(zeCommandListAppendLaunchKernel(list, NULL, &one, NULL, 0,
						     NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "the kernel is required");
	/* Nothing was appended: the list is idle. */
	ck_assert_ze(lz_list_sync(list, 0), ZE_RESULT_SUCCESS,
		     "refused launches leave nothing behind");
}
END_TEST

START_TEST(test_kernel_create_refusals)
{
	ze_kernel_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_KERNEL_DESC };
	ze_kernel_handle_t k = lz_kernel("copy", &module), none = NULL;

	desc.pKernelName = "no_such_kernel";
	ck_assert_ze(zeKernelCreate(module, &desc, &none),
		     ZE_RESULT_ERROR_INVALID_KERNEL_NAME,
		     "an unknown name is refused");
	desc.pKernelName = NULL;
	ck_assert_ze(zeKernelCreate(module, &desc, &none),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the name is required");
	desc.pKernelName = "copy";
	desc.flags = 0x10;
	ck_assert_ze(zeKernelCreate(module, &desc, &none),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION,
		     "unknown kernel flags are refused");
	ck_assert_msg(!none, "nothing is returned");
	ck_assert_ok(zeKernelDestroy(k));
}
END_TEST

static Suite *kernel_suite(void)
{
	Suite *s = suite_create("kernel");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_kernel_fill);
	tcase_add_test(tc, test_kernel_copy);
	tcase_add_test(tc, test_kernel_add_and_scale);
	tcase_add_test(tc, test_kernel_checksum);
	tcase_add_test(tc, test_kernel_spin_takes_its_time);
	tcase_add_test(tc, test_kernel_arguments_taken_at_append);
	tcase_add_test(tc, test_kernel_launch_with_arguments);
	tcase_add_test(tc, test_kernel_properties);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_kernel_argument_refusals);
	tcase_add_test(tc, test_kernel_launch_refusals);
	tcase_add_test(tc, test_kernel_create_refusals);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(kernel_suite());
}
