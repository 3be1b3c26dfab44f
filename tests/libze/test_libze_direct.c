// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of the library's exports (userspace/libze/libze_xe_cbev.map,
 * XE_EXPORT()): this program links libze_xe_cbev.so.1 directly, with no
 * loader, and calls the Level Zero API -- including entry points newer
 * than the spec 1.4 headers -- by name.
 */

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <level_zero/ze_api.h>
#include <libze_xe_cbev.h>

#include "check_run.h"

static ze_driver_handle_t driver;
static ze_device_handle_t device;
static ze_context_handle_t context;

static void setup(void)
{
	ze_context_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC };
	ze_init_driver_type_desc_t init = {
		.stype = ZE_STRUCTURE_TYPE_INIT_DRIVER_TYPE_DESC,
		.flags = ZE_INIT_DRIVER_TYPE_FLAG_GPU,
	};
	uint32_t count = 1;

	ck_assert_int_eq(zeInitDrivers(&count, &driver, &init),
			 ZE_RESULT_SUCCESS);
	ck_assert_msg(count == 1, "zeInitDrivers finds the driver directly");
	count = 1;
	ck_assert_int_eq(zeDeviceGet(driver, &count, &device),
			 ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zeContextCreate(driver, &desc, &context),
			 ZE_RESULT_SUCCESS);
}

static void teardown(void)
{
	ck_assert_int_eq(zeContextDestroy(context), ZE_RESULT_SUCCESS);
}

START_TEST(test_direct_no_loader)
{
	ck_assert_msg(!dlsym(RTLD_DEFAULT, "zelLoaderTranslateHandle"),
		      "no loader is in this process");
}
END_TEST

START_TEST(test_direct_in_order_copy)
{
	ze_command_queue_desc_t qdesc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
	};
	ze_host_mem_alloc_desc_t hdesc = {
		.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
	};
	ze_command_list_handle_t list;
	ze_bool_t immediate = 0;
	uint8_t *a, *b;

	ck_assert_int_eq(zeCommandListCreateImmediate(context, device, &qdesc,
						      &list),
			 ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zeCommandListIsImmediate(list, &immediate),
			 ZE_RESULT_SUCCESS);
	ck_assert_msg(immediate, "a spec 1.9 getter, called directly");
	ck_assert_int_eq(zeMemAllocHost(context, &hdesc, 4096, 0, (void **)&a),
			 ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zeMemAllocHost(context, &hdesc, 4096, 0, (void **)&b),
			 ZE_RESULT_SUCCESS);
	memset(a, 0x42, 4096);
	memset(b, 0, 4096);
	ck_assert_int_eq(zeCommandListAppendMemoryCopy(list, b, a, 4096, NULL,
						       0, NULL),
			 ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zeCommandListHostSynchronize(list, UINT64_MAX),
			 ZE_RESULT_SUCCESS);
	ck_assert_msg(!memcmp(a, b, 4096), "the copy ran");
	ck_assert_int_eq(zeMemFree(context, a), ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zeMemFree(context, b), ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zeCommandListDestroy(list), ZE_RESULT_SUCCESS);
}
END_TEST

/*
 * Counter-based events through the exports: the ZEX names and the spec
 * 1.15 ones are one implementation.
 */
START_TEST(test_direct_counter_based_events)
{
	ze_command_queue_desc_t qdesc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
	};
	zex_counter_based_event_desc_t zdesc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.flags = ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE |
			 ZEX_COUNTER_BASED_EVENT_FLAG_IPC,
	};
	ze_event_counter_based_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC,
	};
	zex_ipc_counter_based_event_handle_t zh;
	ze_event_counter_based_flags_t flags = 0;
	ze_event_handle_t ev, core, opened;
	ze_command_list_handle_t list;
	uint64_t v1, a1, v2, a2;
	void *fn = NULL;

	ck_assert_int_eq(zeCommandListCreateImmediate(context, device, &qdesc,
						      &list),
			 ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zexCounterBasedEventCreate2(context, device, &zdesc,
						     &ev), ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zeEventCounterBasedCreate(context, device, &desc,
						   &core), ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zeCommandListAppendSignalEvent(list, ev),
			 ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zexEventGetDeviceAddress(ev, &v1, &a1),
			 ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zeEventCounterBasedGetDeviceAddress(ev, &v2, &a2),
			 ZE_RESULT_SUCCESS);
	ck_assert_msg(v1 == v2 && a1 == a2, "both spellings agree");
	ck_assert_int_eq(zeEventGetCounterBasedFlags(core, &flags),
			 ZE_RESULT_SUCCESS);
	ck_assert_msg(flags == ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE,
		      "a spec 1.17 getter, called directly");
	ck_assert_int_eq(zexCounterBasedEventGetIpcHandle(ev, &zh),
			 ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zexCounterBasedEventOpenIpcHandle(context, zh,
							   &opened),
			 ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zeEventHostSynchronize(opened, UINT64_MAX),
			 ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zexCounterBasedEventCloseIpcHandle(opened),
			 ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zeDriverGetExtensionFunctionAddress(driver,
			"zexCounterBasedEventCreate2", &fn), ZE_RESULT_SUCCESS);
	ck_assert_msg(fn == (void *)zexCounterBasedEventCreate2,
		      "the name lookup gives the export");
	ck_assert_int_eq(zeEventDestroy(ev), ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zeEventDestroy(core), ZE_RESULT_SUCCESS);
	ck_assert_int_eq(zeCommandListDestroy(list), ZE_RESULT_SUCCESS);
}
END_TEST

START_TEST(test_direct_default_context)
{
	ze_api_version_t version = 0;

	ck_assert_msg(zeDriverGetDefaultContext(driver),
		      "a spec 1.14 entry point, called directly");
	ck_assert_int_eq(zeDriverGetApiVersion(driver, &version),
			 ZE_RESULT_SUCCESS);
	ck_assert_int_eq(version, ZE_API_VERSION_1_15);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("direct");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_direct_no_loader);
	tcase_add_test(tc, test_direct_in_order_copy);
	tcase_add_test(tc, test_direct_counter_based_events);
	tcase_add_test(tc, test_direct_default_context);
	suite_add_tcase(s, tc);
	return check_run(s);
}
