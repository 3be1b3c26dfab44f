// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of the driver and device objects (userspace/libze/src/
 * driver.c, device.c, init.c), through the standard Level Zero loader as an
 * application sees them. Needs the xe_cbev module loaded and
 * ZE_ENABLE_ALT_DRIVERS pointing at libze_xe_cbev.so.1.
 *
 * Only error paths the loader hands to the driver unchanged are tested:
 * without the validation layer the loader dereferences some arguments
 * itself (zeDriverGet's count, any handle it translates).
 */

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "libze_test.h"
#include "check_run.h"

#define NSEC_PER_SEC	1000000000ull

/* Set up by the fixture for the test that follows it. */
static ze_driver_handle_t driver;
static ze_device_handle_t device;

static void setup(void)
{
	lz_setup();
	driver = lz_driver;
	device = lz_device;
}

static void teardown(void)
{
	lz_teardown();
}

static bool is_zero(const uint8_t *bytes, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (bytes[i])
			return false;
	return true;
}

static void get_device_properties(ze_structure_type_t stype,
				  ze_device_properties_t *props)
{
	memset(props, 0, sizeof(*props));
	props->stype = stype;
	ck_assert_ze(zeDeviceGetProperties(device, props), ZE_RESULT_SUCCESS,
		     "zeDeviceGetProperties succeeds on a valid device");
}

/* ---- core ------------------------------------------------------------- */

START_TEST(test_driver_init_succeeds)
{
	ck_assert_ze(zeInit(0), ZE_RESULT_SUCCESS,
		     "zeInit may be called again");
	ck_assert_ze(zeInit(ZE_INIT_FLAG_GPU_ONLY), ZE_RESULT_SUCCESS,
		     "a GPU driver initialises for ZE_INIT_FLAG_GPU_ONLY");
}
END_TEST

START_TEST(test_driver_get_finds_one)
{
	uint32_t count = 0;

	ck_assert_ze(zeDriverGet(&count, NULL), ZE_RESULT_SUCCESS,
		     "a count query succeeds");
	ck_assert_msg(count == 1, "exactly one driver is found, not %u",
		      count);
}
END_TEST

START_TEST(test_driver_api_version)
{
	ze_api_version_t version = 0;

	ck_assert_ze(zeDriverGetApiVersion(driver, &version),
		     ZE_RESULT_SUCCESS, "zeDriverGetApiVersion succeeds");
	ck_assert_msg(ZE_MAJOR_VERSION(version) == 1 &&
		      ZE_MINOR_VERSION(version) >= 4,
		      "the driver implements API 1.4 or a later 1.x, not 0x%x",
		      (unsigned int)version);
}
END_TEST

START_TEST(test_driver_properties)
{
	ze_driver_properties_t first = {
		.stype = ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES,
	};
	ze_driver_properties_t again = first;

	ck_assert_ze(zeDriverGetProperties(driver, &first), ZE_RESULT_SUCCESS,
		     "zeDriverGetProperties succeeds");
	ck_assert_ze(zeDriverGetProperties(driver, &again), ZE_RESULT_SUCCESS,
		     "zeDriverGetProperties succeeds twice");

	ck_assert_msg(first.stype == ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES &&
		      !first.pNext, "stype and pNext are left alone");
	ck_assert_msg(first.driverVersion != 0,
		      "the driver version is non-zero");
	ck_assert_msg(!is_zero(first.uuid.id, sizeof(first.uuid.id)),
		      "the driver uuid is not all zero");
	ck_assert_msg(!memcmp(first.uuid.id, again.uuid.id,
			      sizeof(first.uuid.id)) &&
		      first.driverVersion == again.driverVersion,
		      "driver properties are stable");
}
END_TEST

START_TEST(test_device_get_finds_one)
{
	ze_device_handle_t again = NULL;
	uint32_t count = 0;

	ck_assert_ze(zeDeviceGet(driver, &count, NULL), ZE_RESULT_SUCCESS,
		     "a count query succeeds");
	ck_assert_msg(count == 1, "exactly one device is found, not %u",
		      count);

	ck_assert_ze(zeDeviceGet(driver, &count, &again), ZE_RESULT_SUCCESS,
		     "zeDeviceGet succeeds");
	ck_assert_msg(again == device,
		      "zeDeviceGet returns the same handle every time");
}
END_TEST

START_TEST(test_device_properties)
{
	ze_device_properties_t props, again;

	get_device_properties(ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES, &props);
	get_device_properties(ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES, &again);

	ck_assert_msg(props.stype == ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES &&
		      !props.pNext, "stype and pNext are left alone");
	ck_assert_msg(props.type == ZE_DEVICE_TYPE_GPU,
		      "the device is a GPU, not type %d", props.type);
	ck_assert_msg(props.vendorId == 0x8086,
		      "the vendor is Intel, not 0x%x", props.vendorId);
	ck_assert_msg(memchr(props.name, '\0', sizeof(props.name)) &&
		      props.name[0], "the name is a non-empty string");
	ck_assert_msg(!is_zero(props.uuid.id, sizeof(props.uuid.id)),
		      "the device uuid is not all zero");
	ck_assert_msg(!memcmp(props.uuid.id, again.uuid.id,
			      sizeof(props.uuid.id)),
		      "the device uuid is stable");

	ck_assert_msg(props.timerResolution > 0,
		      "the timer has a resolution");
	ck_assert_msg(props.timestampValidBits > 0 &&
		      props.timestampValidBits <= 64,
		      "timestamps have 1..64 valid bits, not %u",
		      props.timestampValidBits);
	ck_assert_msg(props.kernelTimestampValidBits > 0 &&
		      props.kernelTimestampValidBits <= 64,
		      "kernel timestamps have 1..64 valid bits, not %u",
		      props.kernelTimestampValidBits);

	ck_assert_msg(props.coreClockRate > 0, "the core clock runs");
	ck_assert_msg(props.maxMemAllocSize > 0, "memory can be allocated");
	ck_assert_msg(props.maxHardwareContexts > 0,
		      "a queue can be created");
	ck_assert_msg(props.numThreadsPerEU > 0 &&
		      props.physicalEUSimdWidth > 0 &&
		      props.numEUsPerSubslice > 0 &&
		      props.numSubslicesPerSlice > 0 && props.numSlices > 0,
		      "the device has at least one EU thread");
}
END_TEST

START_TEST(test_device_properties_1_2_timer_in_hz)
{
	ze_device_properties_t ns, hz;
	uint64_t expected;

	get_device_properties(ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES, &ns);
	get_device_properties(ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2, &hz);

	ck_assert_msg(hz.timerResolution > 0,
		      "with the 1.2 stype the timer frequency is reported");
	expected = (NSEC_PER_SEC + hz.timerResolution / 2) /
		   hz.timerResolution;
	ck_assert_msg(ns.timerResolution == (expected ? expected : 1),
		      "the 1.0 stype reports the same timer in ns per tick: %llu ns vs %llu Hz",
		      (unsigned long long)ns.timerResolution,
		      (unsigned long long)hz.timerResolution);
}
END_TEST

static bool has_extension(const char *name, uint32_t *version)
{
	ze_driver_extension_properties_t props[16];
	uint32_t count = 16, i;

	ck_assert_ze(zeDriverGetExtensionProperties(driver, &count, props),
		     ZE_RESULT_SUCCESS, "zeDriverGetExtensionProperties succeeds");
	for (i = 0; i < count; i++) {
		if (!strcmp(props[i].name, name)) {
			*version = props[i].version;
			return true;
		}
	}
	return false;
}

START_TEST(test_driver_extension_ddi_handles_listed)
{
	uint32_t version = 0;

	ck_assert_msg(has_extension(ZE_DRIVER_DDI_HANDLES_EXT_NAME, &version),
		      "the driver advertises the DDI-handles extension");
	ck_assert_msg(version == ZE_DRIVER_DDI_HANDLES_EXT_VERSION_1_1,
		      "in version 1.1 (handles carry pRuntime), not 0x%x",
		      version);
}
END_TEST

START_TEST(test_driver_ddi_handles_property)
{
	ze_driver_ddi_handles_ext_properties_t ddi = {
		.stype = ZE_STRUCTURE_TYPE_DRIVER_DDI_HANDLES_EXT_PROPERTIES,
	};
	ze_driver_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES,
		.pNext = &ddi,
	};

	ck_assert_ze(zeDriverGetProperties(driver, &props), ZE_RESULT_SUCCESS,
		     "zeDriverGetProperties succeeds with a pNext chain");
	ck_assert_msg(ddi.flags &
		      ZE_DRIVER_DDI_HANDLE_EXT_FLAG_DDI_HANDLE_EXT_SUPPORTED,
		      "the chained DDI-handles properties say supported");
	ck_assert_msg(props.pNext == &ddi && !ddi.pNext,
		      "the chain itself is left alone");
}
END_TEST

/*
 * With a single driver the loader hands out the driver's own handles, with
 * or without the validation layer: their header is the DDI-handles layout.
 */
START_TEST(test_driver_handles_start_with_ddi_header)
{
	const zex_handle_t *hdr[] = { (const zex_handle_t *)driver,
				      (const zex_handle_t *)device };
	const zex_dditable_driver_t *core;
	ze_api_version_t version = 0;
	void *fn = NULL;
	unsigned int i;

	ck_assert_ze(zeDriverGetApiVersion(driver, &version),
		     ZE_RESULT_SUCCESS, "zeDriverGetApiVersion succeeds");
	ck_assert_ze(zeDriverGetExtensionFunctionAddress(driver,
			"zeDriverGetApiVersion", &fn), ZE_RESULT_SUCCESS,
		     "a core entry point can be looked up by name");
	for (i = 0; i < 2; i++) {
		core = (const zex_dditable_driver_t *)hdr[i]->pCore;
		ck_assert_msg(core && core->head.isValidFlag,
			      "handle %u points at a valid core table head", i);
		ck_assert_msg(core->head.version == version,
			      "the head names the reported API version");
		ck_assert_msg(((void **)core->tables[ZEX_DDI_DRIVER])[1] == fn,
			      "Driver table slot 1 is zeDriverGetApiVersion");
		ck_assert_msg(hdr[i]->pTools && hdr[i]->pSysman &&
			      hdr[i]->pRuntime,
			      "tools, sysman and runtime heads are present");
		ck_assert_msg(!hdr[i]->pTools->isValidFlag &&
			      !hdr[i]->pSysman->isValidFlag,
			      "no tools or sysman API is claimed");
	}
}
END_TEST

START_TEST(test_driver_extension_function_address)
{
	ze_result_t (*init_drivers)(uint32_t *, ze_driver_handle_t *,
				    ze_init_driver_type_desc_t *);
	ze_init_driver_type_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_INIT_DRIVER_TYPE_DESC,
		.flags = ZE_INIT_DRIVER_TYPE_FLAG_GPU,
	};
	ze_driver_handle_t handle = NULL;
	uint32_t count = 1;
	void *fn = NULL;

	ck_assert_ze(zeDriverGetExtensionFunctionAddress(driver,
			"zeInitDrivers", &fn), ZE_RESULT_SUCCESS,
		     "zeInitDrivers (spec 1.10) can be looked up");
	*(void **)&init_drivers = fn;
	ck_assert_ze(init_drivers(&count, &handle, &desc), ZE_RESULT_SUCCESS,
		     "zeInitDrivers for GPU drivers succeeds");
	ck_assert_msg(count == 1, "zeInitDrivers finds the driver");
	ck_assert_msg(handle == driver,
		      "zeInitDrivers returns the driver's handle");

	desc.flags = ZE_INIT_DRIVER_TYPE_FLAG_NPU;
	count = 0;
	ck_assert_ze(init_drivers(&count, NULL, &desc), ZE_RESULT_SUCCESS,
		     "zeInitDrivers for NPU drivers succeeds");
	ck_assert_msg(count == 0, "an NPU-only request finds no GPU driver");

	desc.stype = ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES;
	ck_assert_ze(init_drivers(&count, NULL, &desc),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a descriptor with the wrong stype is refused");
}
END_TEST

START_TEST(test_driver_extension_function_address_unknown)
{
	void *fn = &fn;

	ck_assert_ze(zeDriverGetExtensionFunctionAddress(driver,
			"zeNoSuchFunction", &fn),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an unknown name is refused");
	ck_assert_ze(zeDriverGetExtensionFunctionAddress(driver,
			"zeImageCreate", &fn),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an entry point the driver does not implement is refused");
	ck_assert_ze(zeDriverGetExtensionFunctionAddress(driver, NULL, &fn),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the name is required");
}
END_TEST

START_TEST(test_driver_api_version_1_15)
{
	ze_api_version_t version = 0;

	ck_assert_ok(zeDriverGetApiVersion(driver, &version));
	ck_assert_msg(version == ZE_API_VERSION_1_15,
		      "every core entry point up to spec 1.15 (counter-based events) is implemented, not all of 1.16's: 0x%x",
		      (unsigned int)version);
}
END_TEST

START_TEST(test_driver_ipc_properties)
{
	ze_driver_ipc_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_DRIVER_IPC_PROPERTIES,
	};

	ck_assert_ok(zeDriverGetIpcProperties(driver, &props));
	ck_assert_msg((props.flags & ZE_IPC_PROPERTY_FLAG_MEMORY) &&
		      (props.flags & ZE_IPC_PROPERTY_FLAG_EVENT_POOL),
		      "memory and event pools can be shared");
}
END_TEST

START_TEST(test_device_compute_properties)
{
	ze_device_compute_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_COMPUTE_PROPERTIES,
	};

	ck_assert_ok(zeDeviceGetComputeProperties(device, &props));
	ck_assert_msg(props.maxTotalGroupSize >= 256 &&
		      props.maxGroupSizeX >= 256 && props.maxGroupCountX > 0,
		      "groups of at least 256 items can be launched");
	ck_assert_msg(props.numSubGroupSizes >= 1 && props.subGroupSizes[0],
		      "a subgroup size is reported");
}
END_TEST

START_TEST(test_device_queue_groups)
{
	ze_command_queue_group_properties_t groups[4];
	uint32_t count = 0, i;

	ck_assert_ok(zeDeviceGetCommandQueueGroupProperties(device, &count,
							    NULL));
	ck_assert_int_eq(count, 2);
	for (i = 0; i < count; i++)
		groups[i].stype =
			ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES;
	ck_assert_ok(zeDeviceGetCommandQueueGroupProperties(device, &count,
							    groups));
	ck_assert_msg(groups[0].flags &
		      ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE,
		      "group 0 computes");
	ck_assert_msg(groups[1].flags ==
		      ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY,
		      "group 1 only copies");
	for (i = 0; i < count; i++)
		ck_assert_msg(groups[i].numQueues >= 1 &&
			      groups[i].maxMemoryFillPatternSize >= 4,
			      "group %u has a queue and fills", i);
}
END_TEST

START_TEST(test_device_memory_properties)
{
	ze_device_memory_properties_t mem = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MEMORY_PROPERTIES,
	};
	ze_device_memory_access_properties_t access = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MEMORY_ACCESS_PROPERTIES,
	};
	uint32_t count = 1;

	ck_assert_ok(zeDeviceGetMemoryProperties(device, &count, &mem));
	ck_assert_msg(count == 1 && mem.totalSize > 0,
		      "one memory, of some size");
	ck_assert_ok(zeDeviceGetMemoryAccessProperties(device, &access));
	ck_assert_msg((access.hostAllocCapabilities &
		       ZE_MEMORY_ACCESS_CAP_FLAG_RW) &&
		      (access.deviceAllocCapabilities &
		       ZE_MEMORY_ACCESS_CAP_FLAG_RW) &&
		      (access.sharedSingleDeviceAllocCapabilities &
		       ZE_MEMORY_ACCESS_CAP_FLAG_RW),
		      "host, device and shared memory are read and written");
	ck_assert_msg(access.sharedSystemAllocCapabilities &
		      ZE_MEMORY_ACCESS_CAP_FLAG_RW,
		      "plain system allocations are reachable too");
}
END_TEST

START_TEST(test_device_global_timestamps)
{
	uint64_t host = 0, dev = 0, host2 = 0, dev2 = 0;

	ck_assert_ok(zeDeviceGetGlobalTimestamps(device, &host, &dev));
	ck_assert_ok(zeDeviceGetGlobalTimestamps(device, &host2, &dev2));
	ck_assert_msg(host && dev && host2 >= host && dev2 >= dev,
		      "both timestamps move forward");
}
END_TEST

START_TEST(test_device_root_and_sync)
{
	ze_result_t (*root)(ze_device_handle_t, ze_device_handle_t *);
	ze_result_t (*sync)(ze_device_handle_t);
	ze_device_handle_t parent = device;
	uint32_t count = 5;

	*(void **)&root = lz_function("zeDeviceGetRootDevice");
	*(void **)&sync = lz_function("zeDeviceSynchronize");
	ck_assert_ok(root(device, &parent));
	ck_assert_msg(!parent, "the device is a root device");
	ck_assert_ok(zeDeviceGetSubDevices(device, &count, NULL));
	ck_assert_msg(count == 0, "without sub-devices");
	ck_assert_ze(sync(device), ZE_RESULT_SUCCESS,
		     "an idle device synchronises");
}
END_TEST

START_TEST(test_device_synchronize_waits_for_all)
{
	ze_result_t (*sync)(ze_device_handle_t);
	ze_command_list_handle_t a = lz_immediate_list(true);
	ze_command_list_handle_t b = lz_immediate_list(false);
	ze_module_handle_t module;
	ze_kernel_handle_t k = lz_kernel("spin", &module);

	*(void **)&sync = lz_function("zeDeviceSynchronize");
	lz_arg_u64(k, 0, 30000000);
	lz_launch(a, k, 1, 1, NULL, 0, NULL);
	lz_arg_u64(k, 0, 60000000);
	lz_launch(b, k, 1, 1, NULL, 0, NULL);
	ck_assert_ze(sync(device), ZE_RESULT_SUCCESS,
		     "zeDeviceSynchronize (spec 1.14) succeeds");
	ck_assert_msg(lz_list_sync(a, 0) == ZE_RESULT_SUCCESS &&
		      lz_list_sync(b, 0) == ZE_RESULT_SUCCESS,
		      "and every list of the device is done after it");
	ck_assert_ok(zeCommandListDestroy(a));
	ck_assert_ok(zeCommandListDestroy(b));
}
END_TEST

/* ---- limits ----------------------------------------------------------- */

START_TEST(test_driver_get_count_clamped)
{
	ze_driver_handle_t handles[4] = { NULL };
	uint32_t count = 4;

	ck_assert_ze(zeDriverGet(&count, handles), ZE_RESULT_SUCCESS,
		     "asking for more drivers than exist succeeds");
	ck_assert_msg(count == 1,
		      "a count above the number of drivers is lowered to it");
	ck_assert_msg(handles[0] == driver && !handles[1],
		      "only the drivers that exist are written");
}
END_TEST

START_TEST(test_driver_get_zero_count_is_query)
{
	ze_driver_handle_t handle = NULL;
	uint32_t count = 0;

	ck_assert_ze(zeDriverGet(&count, &handle), ZE_RESULT_SUCCESS,
		     "a count of 0 with an array succeeds");
	ck_assert_msg(count == 1 && !handle,
		      "a count of 0 only asks for the count");
}
END_TEST

START_TEST(test_device_get_count_clamped)
{
	ze_device_handle_t handles[4] = { NULL };
	uint32_t count = 4;

	ck_assert_ze(zeDeviceGet(driver, &count, handles), ZE_RESULT_SUCCESS,
		     "asking for more devices than exist succeeds");
	ck_assert_msg(count == 1,
		      "a count above the number of devices is lowered to it");
	ck_assert_msg(handles[0] == device && !handles[1],
		      "only the devices that exist are written");
}
END_TEST

START_TEST(test_device_get_zero_count_is_query)
{
	ze_device_handle_t handle = NULL;
	uint32_t count = 0;

	ck_assert_ze(zeDeviceGet(driver, &count, &handle), ZE_RESULT_SUCCESS,
		     "a count of 0 with an array succeeds");
	ck_assert_msg(count == 1 && !handle,
		      "a count of 0 only asks for the count");
}
END_TEST

START_TEST(test_device_get_null_count)
{
	ck_assert_ze(zeDeviceGet(driver, NULL, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the count pointer is required");
}
END_TEST

START_TEST(test_device_get_properties_null)
{
	ck_assert_ze(zeDeviceGetProperties(device, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the properties pointer is required");
}
END_TEST

START_TEST(test_driver_get_properties_null)
{
	ck_assert_ze(zeDriverGetProperties(driver, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the properties pointer is required");
}
END_TEST

START_TEST(test_driver_api_version_null)
{
	ck_assert_ze(zeDriverGetApiVersion(driver, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the version pointer is required");
}
END_TEST

/* ---- init: each test needs a process where zeInit was never called ---- */

START_TEST(test_driver_get_before_init)
{
	uint32_t count = 0;

	ck_assert_ze(zeDriverGet(&count, NULL), ZE_RESULT_ERROR_UNINITIALIZED,
		     "nothing can be used before zeInit");
}
END_TEST

START_TEST(test_driver_init_unknown_flag)
{
	ck_assert_ze(zeInit(0x80), ZE_RESULT_ERROR_INVALID_ENUMERATION,
		     "unknown zeInit flags are rejected");
}
END_TEST

START_TEST(test_driver_init_vpu_only_hides_driver)
{
	uint32_t count = 1;

	ck_assert_ze(zeInit(ZE_INIT_FLAG_VPU_ONLY), ZE_RESULT_SUCCESS,
		     "zeInit for VPU drivers only succeeds");
	ck_assert_ze(zeDriverGet(&count, NULL), ZE_RESULT_SUCCESS,
		     "zeDriverGet succeeds after zeInit");
	ck_assert_msg(count == 0,
		      "no GPU driver is reported when only VPU drivers were asked for");

	ck_assert_ze(zeInit(0), ZE_RESULT_SUCCESS,
		     "zeInit for every kind of driver succeeds next");
	ck_assert_ze(zeDriverGet(&count, NULL), ZE_RESULT_SUCCESS,
		     "zeDriverGet succeeds after zeInit");
	ck_assert_msg(count == 1,
		      "the GPU driver is reported once GPU drivers are asked for");
}
END_TEST

#define INIT_THREADS	8

static void *init_and_count(void *arg)
{
	uint32_t *count = arg;

	if (zeInit(0) != ZE_RESULT_SUCCESS ||
	    zeDriverGet(count, NULL) != ZE_RESULT_SUCCESS)
		*count = UINT32_MAX;
	return NULL;
}

START_TEST(test_driver_init_concurrent)
{
	uint32_t counts[INIT_THREADS] = { 0 };
	pthread_t threads[INIT_THREADS];
	int i;

	for (i = 0; i < INIT_THREADS; i++)
		ck_assert_int_eq(pthread_create(&threads[i], NULL,
						init_and_count, &counts[i]), 0);
	for (i = 0; i < INIT_THREADS; i++)
		ck_assert_int_eq(pthread_join(threads[i], NULL), 0);

	for (i = 0; i < INIT_THREADS; i++)
		ck_assert_msg(counts[i] == 1,
			      "racing zeInit calls all succeed and find the driver (thread %d: %u)",
			      i, counts[i]);
}
END_TEST

static Suite *libze_device_suite(bool forked)
{
	Suite *s = suite_create("device");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_driver_init_succeeds);
	tcase_add_test(tc, test_driver_get_finds_one);
	tcase_add_test(tc, test_driver_api_version);
	tcase_add_test(tc, test_driver_properties);
	tcase_add_test(tc, test_device_get_finds_one);
	tcase_add_test(tc, test_device_properties);
	tcase_add_test(tc, test_device_properties_1_2_timer_in_hz);
	tcase_add_test(tc, test_driver_extension_ddi_handles_listed);
	tcase_add_test(tc, test_driver_ddi_handles_property);
	tcase_add_test(tc, test_driver_handles_start_with_ddi_header);
	tcase_add_test(tc, test_driver_extension_function_address);
	tcase_add_test(tc, test_driver_api_version_1_15);
	tcase_add_test(tc, test_driver_ipc_properties);
	tcase_add_test(tc, test_device_compute_properties);
	tcase_add_test(tc, test_device_queue_groups);
	tcase_add_test(tc, test_device_memory_properties);
	tcase_add_test(tc, test_device_global_timestamps);
	tcase_add_test(tc, test_device_root_and_sync);
	tcase_add_test(tc, test_device_synchronize_waits_for_all);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_driver_get_count_clamped);
	tcase_add_test(tc, test_driver_get_zero_count_is_query);
	tcase_add_test(tc, test_device_get_count_clamped);
	tcase_add_test(tc, test_device_get_zero_count_is_query);
	tcase_add_test(tc, test_device_get_null_count);
	tcase_add_test(tc, test_device_get_properties_null);
	tcase_add_test(tc, test_driver_get_properties_null);
	tcase_add_test(tc, test_driver_api_version_null);
	tcase_add_test(tc, test_driver_extension_function_address_unknown);
	suite_add_tcase(s, tc);

	/*
	 * Initialisation is once per process, in the loader as in the
	 * driver, so these only mean something in a fresh child: skip them
	 * when Check runs every test in one process (CK_FORK=no).
	 */
	if (forked) {
		tc = tcase_create("init");
		tcase_add_test(tc, test_driver_get_before_init);
		tcase_add_test(tc, test_driver_init_unknown_flag);
		tcase_add_test(tc, test_driver_init_vpu_only_hides_driver);
		tcase_add_test(tc, test_driver_init_concurrent);
		suite_add_tcase(s, tc);
	}

	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(NULL);

	srunner_add_suite(sr,
			  libze_device_suite(srunner_fork_status(sr) == CK_FORK));
	return check_run_srunner(sr);
}
