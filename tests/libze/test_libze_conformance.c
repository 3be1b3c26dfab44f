// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests, through the loader, of what programs nobody here wrote
 * (compute-runtime's black-box tests, Intel's level-zero-tests) found:
 * each test is one finding, with the shape those programs use.
 */

#include <stdio.h>
#include <stdlib.h>

#include "libze_test.h"
#include "libze_test_cb.h"

#define LAUNCHES	100
#define ITEMS		16

static void setup(void)
{
	lz_setup();
	lz_cb_setup();
}

static void teardown(void)
{
	lz_teardown();
}

static ze_module_handle_t spv_module(const char *name)
{
	char path[128];
	ze_module_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
		.format = ZE_MODULE_FORMAT_IL_SPIRV,
	};
	ze_module_handle_t mod;
	FILE *f;
	void *buf;
	long n;

	snprintf(path, sizeof(path), "/kernels/%s.spv", name);
	f = fopen(path, "rb");
	ck_assert_msg(f, "%s is in the image", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n);
	ck_assert_int_eq(fread(buf, 1, n, f), n);
	fclose(f);
	desc.inputSize = n;
	desc.pInputModule = buf;
	ck_assert_ok(zeModuleCreate(lz_context, lz_device, &desc, &mod, NULL));
	free(buf);
	return mod;
}

/*
 * Four immediate in-order lists (synchronous, asynchronous, default,
 * default) each append 100 launches of one kernel, buf[i] += c, with c set
 * before every launch; each list's last launch signals one counter-based
 * event, and from the second list on waits on it. Every launch counts.
 */
START_TEST(test_chained_in_order_lists_with_kernels)
{
	static const ze_command_queue_mode_t modes[] = {
		ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
		ZE_COMMAND_QUEUE_MODE_DEFAULT, ZE_COMMAND_QUEUE_MODE_DEFAULT,
	};
	ze_command_list_handle_t lists[4];
	ze_module_handle_t mod = spv_module("conformance");
	ze_kernel_desc_t kd = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC, .pKernelName = "add_scalar",
	};
	ze_group_count_t one = { 1, 1, 1 };
	ze_event_handle_t e = lz_cb_event(CB_IMM | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE);
	int32_t *buf[4];
	ze_kernel_handle_t k;

	ck_assert_ok(zeKernelCreate(mod, &kd, &k));
	ck_assert_ok(zeKernelSetGroupSize(k, ITEMS, 1, 1));
	for (int l = 0; l < 4; l++) {
		ze_command_queue_desc_t qd = {
			.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
			.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
			.mode = modes[l],
		};

		/* Through the driver: the 1.4 validation layer refuses IN_ORDER. */
		ck_assert_ok(lz_create_immediate(&qd, &lists[l]));
		buf[l] = lz_alloc_shared(ITEMS * 4);
		memset(buf[l], 0, ITEMS * 4);
	}
	for (int l = 0; l < 4; l++) {
		lz_arg_ptr(k, 0, buf[l]);
		for (int i = 0; i < LAUNCHES; i++) {
			int32_t c = l * 1000 + i + 1;
			bool last = i == LAUNCHES - 1;

			ck_assert_ok(zeKernelSetArgumentValue(k, 1, sizeof(c), &c));
			ck_assert_ok(zeCommandListAppendLaunchKernel(
				lists[l], k, &one, last ? e : NULL,
				last && l ? 1 : 0, last && l ? &e : NULL));
		}
	}
	ck_assert_ok(zeEventHostSynchronize(e, UINT64_MAX));
	for (int l = 0; l < 4; l++) {
		int32_t want = 0;

		for (int i = 0; i < LAUNCHES; i++)
			want += l * 1000 + i + 1;
		for (int j = 0; j < ITEMS; j++)
			ck_assert_msg(buf[l][j] == want, "list %d item %d: %d, want %d",
				      l, j, buf[l][j], want);
	}
	for (int l = 0; l < 4; l++) {
		ck_assert_ok(zeCommandListDestroy(lists[l]));
		lz_free(buf[l]);
	}
	ck_assert_ok(zeEventDestroy(e));
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("conformance");
	TCase *tc = tcase_create("findings");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 180);
	tcase_add_test(tc, test_chained_in_order_lists_with_kernels);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
