// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * xe_cbev_demo - an ordinary Level Zero application: initialise, find the
 * driver and its device, print what they report.
 *
 * Run it through the standard loader with the driver selected explicitly:
 *
 *   ZE_ENABLE_ALT_DRIVERS=/path/to/libze_xe_cbev.so.1 xe_cbev_demo
 *
 * Exit status: 0 when a device was found and described, 1 otherwise.
 */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <level_zero/ze_api.h>

static const char *result_name(ze_result_t result)
{
	switch (result) {
	case ZE_RESULT_SUCCESS:
		return "ZE_RESULT_SUCCESS";
	case ZE_RESULT_ERROR_UNINITIALIZED:
		return "ZE_RESULT_ERROR_UNINITIALIZED";
	case ZE_RESULT_ERROR_UNSUPPORTED_VERSION:
		return "ZE_RESULT_ERROR_UNSUPPORTED_VERSION";
	case ZE_RESULT_ERROR_UNSUPPORTED_FEATURE:
		return "ZE_RESULT_ERROR_UNSUPPORTED_FEATURE";
	case ZE_RESULT_ERROR_INVALID_ARGUMENT:
		return "ZE_RESULT_ERROR_INVALID_ARGUMENT";
	case ZE_RESULT_ERROR_INVALID_NULL_POINTER:
		return "ZE_RESULT_ERROR_INVALID_NULL_POINTER";
	case ZE_RESULT_ERROR_INVALID_ENUMERATION:
		return "ZE_RESULT_ERROR_INVALID_ENUMERATION";
	case ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY:
		return "ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY";
	case ZE_RESULT_ERROR_DEVICE_LOST:
		return "ZE_RESULT_ERROR_DEVICE_LOST";
	case ZE_RESULT_ERROR_INSUFFICIENT_PERMISSIONS:
		return "ZE_RESULT_ERROR_INSUFFICIENT_PERMISSIONS";
	default:
		return "unknown result";
	}
}

/* Print a failed call and tell main() to give up. */
static int fail(const char *call, ze_result_t result)
{
	fprintf(stderr, "xe_cbev_demo: %s failed: %s (0x%08x)\n", call,
		result_name(result), (unsigned int)result);
	return EXIT_FAILURE;
}

static const char *device_type_name(ze_device_type_t type)
{
	switch (type) {
	case ZE_DEVICE_TYPE_GPU:
		return "GPU";
	case ZE_DEVICE_TYPE_CPU:
		return "CPU";
	case ZE_DEVICE_TYPE_FPGA:
		return "FPGA";
	case ZE_DEVICE_TYPE_MCA:
		return "MCA";
	case ZE_DEVICE_TYPE_VPU:
		return "VPU";
	default:
		return "unknown";
	}
}

static void print_uuid(const char *label, const uint8_t *id, size_t len)
{
	size_t i;

	printf("  %-20s ", label);
	for (i = 0; i < len; i++)
		printf("%02x%s", id[i], i == 3 || i == 5 || i == 7 || i == 9 ?
				       "-" : "");
	printf("\n");
}

static int describe_driver(ze_driver_handle_t driver)
{
	ze_driver_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES,
	};
	ze_api_version_t api;
	ze_result_t ret;

	ret = zeDriverGetProperties(driver, &props);
	if (ret != ZE_RESULT_SUCCESS)
		return fail("zeDriverGetProperties", ret);

	ret = zeDriverGetApiVersion(driver, &api);
	if (ret != ZE_RESULT_SUCCESS)
		return fail("zeDriverGetApiVersion", ret);

	printf("driver\n");
	printf("  %-20s 0x%08x (%u.%u.%u)\n", "driver version",
	       props.driverVersion, props.driverVersion >> 24,
	       (props.driverVersion >> 16) & 0xff,
	       props.driverVersion & 0xffff);
	printf("  %-20s %u.%u\n", "API version", ZE_MAJOR_VERSION(api),
	       ZE_MINOR_VERSION(api));
	print_uuid("uuid", props.uuid.id, sizeof(props.uuid.id));
	return EXIT_SUCCESS;
}

static int describe_device(ze_device_handle_t device, uint32_t index)
{
	ze_device_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES,
	};
	ze_result_t ret;

	ret = zeDeviceGetProperties(device, &props);
	if (ret != ZE_RESULT_SUCCESS)
		return fail("zeDeviceGetProperties", ret);

	printf("device %u\n", index);
	printf("  %-20s %s\n", "name", props.name);
	printf("  %-20s %s\n", "type", device_type_name(props.type));
	printf("  %-20s 0x%04x\n", "vendor id", props.vendorId);
	print_uuid("uuid", props.uuid.id, sizeof(props.uuid.id));
	printf("  %-20s %" PRIu64 " ns\n", "timer resolution",
	       props.timerResolution);
	printf("  %-20s %u\n", "timestamp bits", props.timestampValidBits);
	printf("  %-20s %u\n", "kernel ts bits",
	       props.kernelTimestampValidBits);
	printf("  %-20s %u MHz\n", "core clock", props.coreClockRate);
	printf("  %-20s %" PRIu64 " bytes\n", "max allocation",
	       props.maxMemAllocSize);
	return EXIT_SUCCESS;
}

int main(void)
{
	ze_device_handle_t devices[16];
	ze_driver_handle_t driver;
	uint32_t count, i;
	ze_result_t ret;
	int status;

	ret = zeInit(0);
	if (ret != ZE_RESULT_SUCCESS)
		return fail("zeInit", ret);
	printf("zeInit: %s\n", result_name(ret));

	/*
	 * A driver without devices does not count, and the loader reports
	 * "no driver at all" as ZE_RESULT_ERROR_UNINITIALIZED.
	 */
	count = 1;
	ret = zeDriverGet(&count, &driver);
	if ((ret == ZE_RESULT_SUCCESS && !count) ||
	    ret == ZE_RESULT_ERROR_UNINITIALIZED) {
		fprintf(stderr,
			"xe_cbev_demo: no xe_cbev device found (zeDriverGet: %s, 0x%08x)\n"
			"xe_cbev_demo: is the xe_cbev module loaded, and ZE_ENABLE_ALT_DRIVERS set to libze_xe_cbev.so.1?\n",
			result_name(ret), (unsigned int)ret);
		return EXIT_FAILURE;
	}
	if (ret != ZE_RESULT_SUCCESS)
		return fail("zeDriverGet", ret);

	status = describe_driver(driver);
	if (status != EXIT_SUCCESS)
		return status;

	count = (uint32_t)(sizeof(devices) / sizeof(devices[0]));
	ret = zeDeviceGet(driver, &count, devices);
	if (ret != ZE_RESULT_SUCCESS)
		return fail("zeDeviceGet", ret);
	if (!count) {
		fprintf(stderr, "xe_cbev_demo: the driver has no device\n");
		return EXIT_FAILURE;
	}

	for (i = 0; i < count; i++) {
		status = describe_device(devices[i], i);
		if (status != EXIT_SUCCESS)
			return status;
	}
	return EXIT_SUCCESS;
}
