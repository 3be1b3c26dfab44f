// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Host tests of the DDI tables (userspace/libze/src/ddi.c): what the
 * zeGet*ProcAddrTable() getters write for each API version, and which
 * symbols the library exports. They need no device: the library is
 * dlopen()ed the way the loader opens it (RTLD_LOCAL), into a process that
 * also has the Level Zero loader, whose own ze* symbols must not leak into
 * the driver's tables.
 *
 * The table layouts below are restated from the spec headers, independently
 * of the driver's own descriptions, so that a slot put at the wrong place or
 * version in ddi.c shows up here.
 */

#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <level_zero/ze_api.h>
#include <level_zero/ze_ddi.h>
#include <libze_xe_cbev.h>

#include "check_run.h"

#ifndef LIBZE_SO
#error "LIBZE_SO must name the library to test"
#endif

typedef void (*fn_t)(void);
typedef ze_result_t (*getter_t)(ze_api_version_t, void *);

#define V(minor)	ZE_MAKE_VERSION(1, minor)
#define MAX_SLOTS	64
#define CANARY		0xa5

/* A table as the spec headers declare it: slot names and their versions. */
struct slot {
	unsigned int minor;
	const char *name;
};

struct table {
	const char *getter;
	size_t size_1_4;	/* sizeof() the spec 1.4 struct */
	const struct slot *slots;
	unsigned int num_slots;
};

static const struct slot global_slots[] = {
	{ 0, "zeInit" }, { 10, "zeInitDrivers" },
};

static const struct slot driver_slots[] = {
	{ 0, "zeDriverGet" }, { 0, "zeDriverGetApiVersion" },
	{ 0, "zeDriverGetProperties" }, { 0, "zeDriverGetIpcProperties" },
	{ 0, "zeDriverGetExtensionProperties" },
	{ 1, "zeDriverGetExtensionFunctionAddress" },
	{ 6, "zeDriverGetLastErrorDescription" },
	{ 13, "zeDriverRTASFormatCompatibilityCheckExt" },
	{ 14, "zeDriverGetDefaultContext" },
};

static const struct slot device_slots[] = {
	{ 0, "zeDeviceGet" }, { 0, "zeDeviceGetSubDevices" },
	{ 0, "zeDeviceGetProperties" }, { 0, "zeDeviceGetComputeProperties" },
	{ 0, "zeDeviceGetModuleProperties" },
	{ 0, "zeDeviceGetCommandQueueGroupProperties" },
	{ 0, "zeDeviceGetMemoryProperties" },
	{ 0, "zeDeviceGetMemoryAccessProperties" },
	{ 0, "zeDeviceGetCacheProperties" }, { 0, "zeDeviceGetImageProperties" },
	{ 0, "zeDeviceGetExternalMemoryProperties" },
	{ 0, "zeDeviceGetP2PProperties" }, { 0, "zeDeviceCanAccessPeer" },
	{ 0, "zeDeviceGetStatus" }, { 1, "zeDeviceGetGlobalTimestamps" },
	{ 2, "zeDeviceReserveCacheExt" }, { 2, "zeDeviceSetCacheAdviceExt" },
	{ 3, "zeDevicePciGetPropertiesExt" }, { 7, "zeDeviceGetRootDevice" },
	{ 12, "zeDeviceImportExternalSemaphoreExt" },
	{ 12, "zeDeviceReleaseExternalSemaphoreExt" },
	{ 13, "zeDeviceGetVectorWidthPropertiesExt" },
	{ 14, "zeDeviceSynchronize" },
	{ 15, "zeDeviceGetAggregatedCopyOffloadIncrementValue" },
	{ 16, NULL }, { 16, NULL }, { 16, NULL },
	{ 17, "zeDeviceGetCounterBasedEventMaxValue" },
};

static const struct slot context_slots[] = {
	{ 0, "zeContextCreate" }, { 0, "zeContextDestroy" },
	{ 0, "zeContextGetStatus" }, { 0, "zeContextSystemBarrier" },
	{ 0, "zeContextMakeMemoryResident" }, { 0, "zeContextEvictMemory" },
	{ 0, "zeContextMakeImageResident" }, { 0, "zeContextEvictImage" },
	{ 1, "zeContextCreateEx" },
};

static const struct slot command_queue_slots[] = {
	{ 0, "zeCommandQueueCreate" }, { 0, "zeCommandQueueDestroy" },
	{ 0, "zeCommandQueueExecuteCommandLists" },
	{ 0, "zeCommandQueueSynchronize" },
	{ 9, "zeCommandQueueGetOrdinal" }, { 9, "zeCommandQueueGetIndex" },
	{ 17, "zeCommandQueueGetFlags" }, { 17, "zeCommandQueueGetMode" },
	{ 17, "zeCommandQueueGetPriority" },
};

static const struct slot command_list_slots[] = {
	{ 0, "zeCommandListCreate" }, { 0, "zeCommandListCreateImmediate" },
	{ 0, "zeCommandListDestroy" }, { 0, "zeCommandListClose" },
	{ 0, "zeCommandListReset" },
	{ 0, "zeCommandListAppendWriteGlobalTimestamp" },
	{ 0, "zeCommandListAppendBarrier" },
	{ 0, "zeCommandListAppendMemoryRangesBarrier" },
	{ 0, "zeCommandListAppendMemoryCopy" },
	{ 0, "zeCommandListAppendMemoryFill" },
	{ 0, "zeCommandListAppendMemoryCopyRegion" },
	{ 0, "zeCommandListAppendMemoryCopyFromContext" },
	{ 0, "zeCommandListAppendImageCopy" },
	{ 0, "zeCommandListAppendImageCopyRegion" },
	{ 0, "zeCommandListAppendImageCopyToMemory" },
	{ 0, "zeCommandListAppendImageCopyFromMemory" },
	{ 0, "zeCommandListAppendMemoryPrefetch" },
	{ 0, "zeCommandListAppendMemAdvise" },
	{ 0, "zeCommandListAppendSignalEvent" },
	{ 0, "zeCommandListAppendWaitOnEvents" },
	{ 0, "zeCommandListAppendEventReset" },
	{ 0, "zeCommandListAppendQueryKernelTimestamps" },
	{ 0, "zeCommandListAppendLaunchKernel" },
	{ 0, "zeCommandListAppendLaunchCooperativeKernel" },
	{ 0, "zeCommandListAppendLaunchKernelIndirect" },
	{ 0, "zeCommandListAppendLaunchMultipleKernelsIndirect" },
	{ 3, "zeCommandListAppendImageCopyToMemoryExt" },
	{ 3, "zeCommandListAppendImageCopyFromMemoryExt" },
	{ 6, "zeCommandListHostSynchronize" },
	{ 9, "zeCommandListGetDeviceHandle" },
	{ 9, "zeCommandListGetContextHandle" },
	{ 9, "zeCommandListGetOrdinal" },
	{ 9, "zeCommandListImmediateGetIndex" },
	{ 9, "zeCommandListIsImmediate" },
	{ 12, "zeCommandListAppendSignalExternalSemaphoreExt" },
	{ 12, "zeCommandListAppendWaitExternalSemaphoreExt" },
	{ 14, "zeCommandListAppendLaunchKernelWithParameters" },
	{ 14, "zeCommandListAppendLaunchKernelWithArguments" },
	{ 16, "zeCommandListAppendMemoryCopyWithParameters" },
	{ 16, "zeCommandListAppendMemoryFillWithParameters" },
	{ 16, "zeCommandListImmediateAppendCommandListsWithParameters" },
	{ 17, "zeCommandListGetFlags" },
	{ 17, "zeCommandListImmediateGetFlags" },
	{ 17, "zeCommandListImmediateGetMode" },
	{ 17, "zeCommandListImmediateGetPriority" },
	{ 17, "zeCommandListBeginGraphCaptureExt" },
	{ 17, "zeCommandListBeginCaptureIntoGraphExt" },
	{ 17, "zeCommandListIsGraphCaptureEnabledExt" },
	{ 17, "zeCommandListEndGraphCaptureExt" },
	{ 17, "zeCommandListGetGraphExt" },
	{ 17, "zeCommandListAppendGraphExt" },
	{ 17, "zeCommandListAppendHostFunction" },
};

static const struct slot command_list_exp_slots[] = {
	{ 9, "zeCommandListCreateCloneExp" },
	{ 9, "zeCommandListImmediateAppendCommandListsExp" },
	{ 9, "zeCommandListGetNextCommandIdExp" },
	{ 9, "zeCommandListUpdateMutableCommandsExp" },
	{ 9, "zeCommandListUpdateMutableCommandSignalEventExp" },
	{ 9, "zeCommandListUpdateMutableCommandWaitEventsExp" },
	{ 10, "zeCommandListGetNextCommandIdWithKernelsExp" },
	{ 10, "zeCommandListUpdateMutableCommandKernelsExp" },
	{ 17, "zeCommandListIsMutableExp" },
};

static const struct slot mem_slots[] = {
	{ 0, "zeMemAllocShared" }, { 0, "zeMemAllocDevice" },
	{ 0, "zeMemAllocHost" }, { 0, "zeMemFree" },
	{ 0, "zeMemGetAllocProperties" }, { 0, "zeMemGetAddressRange" },
	{ 0, "zeMemGetIpcHandle" }, { 0, "zeMemOpenIpcHandle" },
	{ 0, "zeMemCloseIpcHandle" }, { 3, "zeMemFreeExt" },
	{ 6, "zeMemPutIpcHandle" }, { 9, "zeMemGetPitchFor2dImage" },
	{ 15, "zeMemGetIpcHandleWithProperties" },
};

static const struct slot fence_slots[] = {
	{ 0, "zeFenceCreate" }, { 0, "zeFenceDestroy" },
	{ 0, "zeFenceHostSynchronize" }, { 0, "zeFenceQueryStatus" },
	{ 0, "zeFenceReset" },
};

static const struct slot event_pool_slots[] = {
	{ 0, "zeEventPoolCreate" }, { 0, "zeEventPoolDestroy" },
	{ 0, "zeEventPoolGetIpcHandle" }, { 0, "zeEventPoolOpenIpcHandle" },
	{ 0, "zeEventPoolCloseIpcHandle" }, { 6, "zeEventPoolPutIpcHandle" },
	{ 9, "zeEventPoolGetContextHandle" }, { 9, "zeEventPoolGetFlags" },
};

static const struct slot event_slots[] = {
	{ 0, "zeEventCreate" }, { 0, "zeEventDestroy" },
	{ 0, "zeEventHostSignal" }, { 0, "zeEventHostSynchronize" },
	{ 0, "zeEventQueryStatus" }, { 0, "zeEventHostReset" },
	{ 0, "zeEventQueryKernelTimestamp" },
	{ 6, "zeEventQueryKernelTimestampsExt" },
	{ 9, "zeEventGetEventPool" }, { 9, "zeEventGetSignalScope" },
	{ 9, "zeEventGetWaitScope" },
	{ 15, "zeEventCounterBasedCreate" },
	{ 15, "zeEventCounterBasedGetIpcHandle" },
	{ 15, "zeEventCounterBasedOpenIpcHandle" },
	{ 15, "zeEventCounterBasedCloseIpcHandle" },
	{ 15, "zeEventCounterBasedGetDeviceAddress" },
	{ 17, "zeEventGetCounterBasedFlags" },
};

static const struct slot module_slots[] = {
	{ 0, "zeModuleCreate" }, { 0, "zeModuleDestroy" },
	{ 0, "zeModuleDynamicLink" }, { 0, "zeModuleGetNativeBinary" },
	{ 0, "zeModuleGetGlobalPointer" }, { 0, "zeModuleGetKernelNames" },
	{ 0, "zeModuleGetProperties" }, { 0, "zeModuleGetFunctionPointer" },
	{ 3, "zeModuleInspectLinkageExt" },
};

static const struct slot module_build_log_slots[] = {
	{ 0, "zeModuleBuildLogDestroy" }, { 0, "zeModuleBuildLogGetString" },
};

static const struct slot kernel_slots[] = {
	{ 0, "zeKernelCreate" }, { 0, "zeKernelDestroy" },
	{ 0, "zeKernelSetCacheConfig" }, { 0, "zeKernelSetGroupSize" },
	{ 0, "zeKernelSuggestGroupSize" },
	{ 0, "zeKernelSuggestMaxCooperativeGroupCount" },
	{ 0, "zeKernelSetArgumentValue" }, { 0, "zeKernelSetIndirectAccess" },
	{ 0, "zeKernelGetIndirectAccess" },
	{ 0, "zeKernelGetSourceAttributes" }, { 0, "zeKernelGetProperties" },
	{ 0, "zeKernelGetName" },
};

#define TABLE(getter, type, slots) \
	{ #getter, sizeof(type), slots, sizeof(slots) / sizeof(slots[0]) }
#define TABLE_NEW(getter, slots) \
	{ #getter, 0, slots, sizeof(slots) / sizeof(slots[0]) }

static const struct table tables[] = {
	TABLE(zeGetGlobalProcAddrTable, ze_global_dditable_t, global_slots),
	TABLE(zeGetDriverProcAddrTable, ze_driver_dditable_t, driver_slots),
	TABLE(zeGetDeviceProcAddrTable, ze_device_dditable_t, device_slots),
	TABLE(zeGetContextProcAddrTable, ze_context_dditable_t,
	      context_slots),
	TABLE(zeGetCommandQueueProcAddrTable, ze_command_queue_dditable_t,
	      command_queue_slots),
	TABLE(zeGetCommandListProcAddrTable, ze_command_list_dditable_t,
	      command_list_slots),
	TABLE_NEW(zeGetCommandListExpProcAddrTable, command_list_exp_slots),
	TABLE(zeGetMemProcAddrTable, ze_mem_dditable_t, mem_slots),
	TABLE(zeGetFenceProcAddrTable, ze_fence_dditable_t, fence_slots),
	TABLE(zeGetEventPoolProcAddrTable, ze_event_pool_dditable_t,
	      event_pool_slots),
	TABLE(zeGetEventProcAddrTable, ze_event_dditable_t, event_slots),
	TABLE(zeGetModuleProcAddrTable, ze_module_dditable_t, module_slots),
	TABLE(zeGetModuleBuildLogProcAddrTable,
	      ze_module_build_log_dditable_t, module_build_log_slots),
	TABLE(zeGetKernelProcAddrTable, ze_kernel_dditable_t, kernel_slots),
};

#define NUM_TABLES	(sizeof(tables) / sizeof(tables[0]))

static void *lib;

static void setup(void)
{
	lib = dlopen(LIBZE_SO, RTLD_NOW | RTLD_LOCAL);
	ck_assert_msg(lib, "the driver library loads: %s", dlerror());
}

static void teardown(void)
{
	dlclose(lib);
}

static getter_t get_getter(const char *name)
{
	getter_t getter;

	*(void **)&getter = dlsym(lib, name);
	ck_assert_msg(getter, "the driver exports %s", name);
	return getter;
}

static unsigned int slots_at(const struct table *t, unsigned int minor)
{
	unsigned int i;

	for (i = 0; i < t->num_slots && t->slots[i].minor <= minor; i++)
		;
	return i;
}

/*
 * Call @t's getter for version 1.@minor into a buffer of canaries and
 * return how many leading slots it wrote; fail if it wrote anything
 * after them.
 */
static unsigned int fill_table(const struct table *t, unsigned int minor,
			       fn_t *slots)
{
	unsigned char *bytes = (unsigned char *)slots;
	unsigned int written = 0;
	size_t i;

	memset(slots, CANARY, MAX_SLOTS * sizeof(*slots));
	ck_assert_int_eq(get_getter(t->getter)(V(minor), slots),
			 ZE_RESULT_SUCCESS);

	while (written < MAX_SLOTS) {
		for (i = 0; i < sizeof(fn_t); i++)
			if (bytes[written * sizeof(fn_t) + i] != CANARY)
				break;
		if (i == sizeof(fn_t))
			break;
		written++;
	}
	for (i = written * sizeof(fn_t); i < MAX_SLOTS * sizeof(fn_t); i++)
		ck_assert_msg(bytes[i] == CANARY,
			      "%s(1.%u) writes nothing after its last slot (byte %zu)",
			      t->getter, minor, i);
	return written;
}

/* The slot of a function the driver does not implement. */
static fn_t unsupported_stub(void)
{
	fn_t slots[MAX_SLOTS];

	/* The driver implements no sampler. */
	memset(slots, 0, sizeof(slots));
	ck_assert_int_eq(get_getter("zeGetSamplerProcAddrTable")(V(4), slots),
			 ZE_RESULT_SUCCESS);
	ck_assert_ptr_nonnull(slots[0]);
	return slots[0];
}

/* ---- core ------------------------------------------------------------- */

START_TEST(test_ddi_getter_fills_1_4_layout)
{
	const struct table *t = &tables[_i];
	fn_t slots[MAX_SLOTS];

	ck_assert_uint_eq(slots_at(t, 4) * sizeof(fn_t), t->size_1_4);
	ck_assert_msg(fill_table(t, 4, slots) * sizeof(fn_t) == t->size_1_4,
		      "%s(1.4) fills exactly the %zu bytes of the spec 1.4 table",
		      t->getter, t->size_1_4);
}
END_TEST

START_TEST(test_ddi_getter_grows_with_version)
{
	const struct table *t = &tables[_i];
	fn_t slots[MAX_SLOTS];
	unsigned int minor;

	for (minor = 0; minor <= 17; minor++)
		ck_assert_msg(fill_table(t, minor, slots) == slots_at(t, minor),
			      "%s(1.%u) fills the %u slots that exist at 1.%u",
			      t->getter, minor, slots_at(t, minor), minor);
}
END_TEST

START_TEST(test_ddi_slots_are_the_exports)
{
	const struct table *t = &tables[_i];
	fn_t stub = unsupported_stub();
	fn_t slots[MAX_SLOTS];
	unsigned int i, n;
	fn_t sym;

	n = fill_table(t, 17, slots);
	for (i = 0; i < n; i++) {
		if (!t->slots[i].name) {
			ck_assert_msg(slots[i] == stub,
				      "%s slot %u is not implemented",
				      t->getter, i);
			continue;
		}
		*(void **)&sym = dlsym(lib, t->slots[i].name);
		if (sym)
			ck_assert_msg(slots[i] == sym,
				      "%s slot %u is the exported %s",
				      t->getter, i, t->slots[i].name);
		else
			ck_assert_msg(slots[i] == stub,
				      "%s slot %u (%s, not exported) reports unsupported",
				      t->getter, i, t->slots[i].name);
	}
}
END_TEST

START_TEST(test_ddi_unimplemented_slot_reports_unsupported)
{
	ze_result_t (*fn)(void) = (ze_result_t (*)(void))unsupported_stub();

	ck_assert_int_eq(fn(), ZE_RESULT_ERROR_UNSUPPORTED_FEATURE);
}
END_TEST

START_TEST(test_ddi_loader_symbols_stay_out)
{
	ze_global_dditable_t global;
	void *loader_init = dlsym(RTLD_DEFAULT, "zeInit");
	void *driver_init = dlsym(lib, "zeInit");

	ck_assert_msg(loader_init, "the test runs with the loader linked in");
	ck_assert_msg(driver_init && driver_init != loader_init,
		      "the driver exports its own zeInit");
	ck_assert_int_eq(get_getter("zeGetGlobalProcAddrTable")(V(4), &global),
			 ZE_RESULT_SUCCESS);
	ck_assert_msg((void *)global.pfnInit == driver_init,
		      "the driver's table holds the driver's zeInit, not the loader's");
}
END_TEST

START_TEST(test_ddi_tools_tables_filled)
{
	static const char *const getters[] = {
		"zetGetDeviceProcAddrTable", "zetGetDebugProcAddrTable",
		"zesGetDriverProcAddrTable", "zesGetDiagnosticsProcAddrTable",
	};
	fn_t slots[MAX_SLOTS];
	unsigned int i;

	for (i = 0; i < sizeof(getters) / sizeof(getters[0]); i++) {
		memset(slots, 0, sizeof(slots));
		ck_assert_int_eq(get_getter(getters[i])(V(4), slots),
				 ZE_RESULT_SUCCESS);
		ck_assert_msg(slots[0] == unsupported_stub(),
			      "%s serves a table of unsupported stubs",
			      getters[i]);
	}
}
END_TEST

/* Entry points no table has are exported all the same. */
START_TEST(test_ddi_extension_functions_exported)
{
	static const char *const names[] = {
		"zexCounterBasedEventCreate2", "zexCounterBasedEventCreate",
		"zexEventGetDeviceAddress", "zexCounterBasedEventGetIpcHandle",
		"zexCounterBasedEventOpenIpcHandle",
		"zexCounterBasedEventCloseIpcHandle",
		"zexEventExportSyncFile", "zexEventHostSynchronizeMany",
	};
	unsigned int i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		ck_assert_msg(dlsym(lib, names[i]), "%s is exported", names[i]);
	ck_assert_msg(dlsym(lib, "zexEventGetDeviceAddress") ==
		      dlsym(lib, "zeEventCounterBasedGetDeviceAddress"),
		      "one implementation behind the ZEX and the core name");
}
END_TEST

/*
 * The runtime API's one table (zer_ddi.h, Global): its four slots are the
 * four exported zer functions, at any 1.x version; other majors refused.
 */
START_TEST(test_ddi_runtime_global_table)
{
	static const char *const names[] = {
		"zerGetLastErrorDescription",
		"zerTranslateDeviceHandleToIdentifier",
		"zerTranslateIdentifierToDeviceHandle", "zerGetDefaultContext",
	};
	getter_t getter = get_getter("zerGetGlobalProcAddrTable");
	fn_t slots[MAX_SLOTS];
	unsigned int i;

	memset(slots, CANARY, sizeof(slots));
	ck_assert_int_eq(getter(V(14), slots), ZE_RESULT_SUCCESS);
	for (i = 0; i < 4; i++)
		ck_assert_msg(slots[i] == (fn_t)dlsym(lib, names[i]),
			      "zer Global slot %u is the exported %s", i,
			      names[i]);
	ck_assert_msg(((unsigned char *)&slots[4])[0] == CANARY,
		      "nothing is written after the fourth slot");
	ck_assert_int_eq(getter(V(14), NULL),
			 ZE_RESULT_ERROR_INVALID_NULL_POINTER);
	ck_assert_int_eq(getter(ZE_MAKE_VERSION(2, 0), slots),
			 ZE_RESULT_ERROR_UNSUPPORTED_VERSION);
}
END_TEST

/* ---- limits ----------------------------------------------------------- */

START_TEST(test_ddi_getter_null_table)
{
	ck_assert_int_eq(get_getter(tables[_i].getter)(V(4), NULL),
			 ZE_RESULT_ERROR_INVALID_NULL_POINTER);
}
END_TEST

START_TEST(test_ddi_getter_other_major_version)
{
	fn_t slots[MAX_SLOTS];

	memset(slots, CANARY, sizeof(slots));
	ck_assert_int_eq(get_getter(tables[_i].getter)(ZE_MAKE_VERSION(2, 0),
						       slots),
			 ZE_RESULT_ERROR_UNSUPPORTED_VERSION);
	ck_assert_msg(((unsigned char *)slots)[0] == CANARY,
		      "a refused table is left untouched");
}
END_TEST

START_TEST(test_ddi_getter_newer_minor_version)
{
	const struct table *t = &tables[_i];
	fn_t slots[MAX_SLOTS];

	/* A newer loader passes a longer table: the known slots are filled. */
	ck_assert_uint_eq(fill_table(t, 99, slots), t->num_slots);
}
END_TEST

static Suite *ddi_suite(void)
{
	Suite *s = suite_create("ddi");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, test_ddi_getter_fills_1_4_layout, 0,
			    NUM_TABLES - 0);
	tcase_add_loop_test(tc, test_ddi_getter_grows_with_version, 0,
			    NUM_TABLES);
	tcase_add_loop_test(tc, test_ddi_slots_are_the_exports, 0,
			    NUM_TABLES);
	tcase_add_test(tc, test_ddi_unimplemented_slot_reports_unsupported);
	tcase_add_test(tc, test_ddi_loader_symbols_stay_out);
	tcase_add_test(tc, test_ddi_tools_tables_filled);
	tcase_add_test(tc, test_ddi_extension_functions_exported);
	tcase_add_test(tc, test_ddi_runtime_global_table);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, test_ddi_getter_null_table, 0, NUM_TABLES);
	tcase_add_loop_test(tc, test_ddi_getter_other_major_version, 0,
			    NUM_TABLES);
	tcase_add_loop_test(tc, test_ddi_getter_newer_minor_version, 0,
			    NUM_TABLES);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(ddi_suite());
}
