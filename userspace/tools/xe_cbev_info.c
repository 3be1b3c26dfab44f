// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * xe_cbev_info - what every Level Zero driver and device the loader finds
 * reports, in the spirit of clinfo: driver version, API version and
 * extensions; per device its properties, compute and module limits, memory,
 * memory access, caches and command queue groups.
 *
 *   xe_cbev_info            text for people
 *   xe_cbev_info --json     the same as one JSON object
 *
 * A query the driver does not support is reported as an "error" field with
 * its result code, and the rest goes on. Exit status: 0 when at least one
 * driver with a device was described, 1 otherwise.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <level_zero/ze_api.h>

#include "common/report.h"

#define MAX_DRIVERS	8
#define MAX_DEVICES	16
#define MAX_ENTRIES	64

/* Report a failed query in place of what it would have returned. */
static bool query_ok(struct report *r, const char *call, ze_result_t result)
{
	char text[96];

	if (result == ZE_RESULT_SUCCESS)
		return true;
	snprintf(text, sizeof(text), "%s: 0x%08x", call, (unsigned int)result);
	report_str(r, "error", text);
	return false;
}

/*
 * The Level Zero way to read an array: ask how many, then fill that many
 * zeroed structs, each with its stype set (the first member of those that
 * have one; 0 for those that have none). At most MAX_ENTRIES; true when
 * both calls succeeded (a failure is reported).
 */
static void set_stypes(void *arr, size_t size, uint32_t n,
		       ze_structure_type_t stype)
{
	uint32_t i;

	memset(arr, 0, size * n);
	for (i = 0; i < n; i++)
		memcpy((char *)arr + i * size, &stype, sizeof(stype));
}

#define QUERY_ARRAY(r, fn, handle, arr, n, stype)			\
	(query_ok(r, #fn, fn(handle, &(n), NULL)) &&			\
	 ((n) = (n) < MAX_ENTRIES ? (n) : MAX_ENTRIES,			\
	  set_stypes(arr, sizeof((arr)[0]), n, stype),			\
	  query_ok(r, #fn, fn(handle, &(n), arr))))

static void report_uuid(struct report *r, const char *key, const uint8_t *id,
			size_t len)
{
	char text[2 * 16 + 5], *p = text;
	size_t i;

	for (i = 0; i < len && i < 16; i++)
		p += sprintf(p, "%02x%s", id[i],
			     i == 3 || i == 5 || i == 7 || i == 9 ? "-" : "");
	report_str(r, key, text);
}

static void report_version(struct report *r, const char *key, uint32_t v)
{
	char text[24];

	snprintf(text, sizeof(text), "%u.%u", ZE_MAJOR_VERSION(v),
		 ZE_MINOR_VERSION(v));
	report_str(r, key, text);
}

/* The flags of a bit set by name, as an array of the names that are set. */
struct flag_name {
	uint32_t bit;
	const char *name;
};

static void report_flags(struct report *r, const char *key, uint32_t flags,
			 const struct flag_name *names, size_t n)
{
	size_t i;

	report_array(r, key);
	for (i = 0; i < n; i++)
		if (flags & names[i].bit)
			report_str(r, NULL, names[i].name);
	report_end(r);
}

#define REPORT_FLAGS(r, key, flags, names) \
	report_flags(r, key, flags, names, sizeof(names) / sizeof(names[0]))

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

static const struct flag_name device_flags[] = {
	{ ZE_DEVICE_PROPERTY_FLAG_INTEGRATED, "integrated" },
	{ ZE_DEVICE_PROPERTY_FLAG_SUBDEVICE, "subdevice" },
	{ ZE_DEVICE_PROPERTY_FLAG_ECC, "ecc" },
	{ ZE_DEVICE_PROPERTY_FLAG_ONDEMANDPAGING, "on-demand paging" },
};

static const struct flag_name module_flags[] = {
	{ ZE_DEVICE_MODULE_FLAG_FP16, "fp16" },
	{ ZE_DEVICE_MODULE_FLAG_FP64, "fp64" },
	{ ZE_DEVICE_MODULE_FLAG_INT64_ATOMICS, "int64 atomics" },
	{ ZE_DEVICE_MODULE_FLAG_DP4A, "dp4a" },
};

static const struct flag_name queue_group_flags[] = {
	{ ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE, "compute" },
	{ ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY, "copy" },
	{ ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COOPERATIVE_KERNELS,
	  "cooperative kernels" },
	{ ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_METRICS, "metrics" },
};

static const struct flag_name access_flags[] = {
	{ ZE_MEMORY_ACCESS_CAP_FLAG_RW, "rw" },
	{ ZE_MEMORY_ACCESS_CAP_FLAG_ATOMIC, "atomic" },
	{ ZE_MEMORY_ACCESS_CAP_FLAG_CONCURRENT, "concurrent" },
	{ ZE_MEMORY_ACCESS_CAP_FLAG_CONCURRENT_ATOMIC, "concurrent atomic" },
};

static void describe_extensions(struct report *r, ze_driver_handle_t driver)
{
	ze_driver_extension_properties_t ext[MAX_ENTRIES];
	uint32_t n = 0, i;

	report_array(r, "extensions");
	if (QUERY_ARRAY(r, zeDriverGetExtensionProperties, driver, ext, n, 0)) {
		for (i = 0; i < n; i++) {
			report_object(r, NULL);
			report_str(r, "name", ext[i].name);
			report_version(r, "version", ext[i].version);
			report_end(r);
		}
	}
	report_end(r);
}

static void describe_properties(struct report *r, ze_device_handle_t device)
{
	ze_device_properties_t p = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES,
	};

	if (!query_ok(r, "zeDeviceGetProperties",
		      zeDeviceGetProperties(device, &p)))
		return;
	report_str(r, "name", p.name);
	report_str(r, "type", device_type_name(p.type));
	report_hex(r, "vendor id", p.vendorId);
	report_hex(r, "device id", p.deviceId);
	report_uuid(r, "uuid", p.uuid.id, sizeof(p.uuid.id));
	REPORT_FLAGS(r, "flags", p.flags, device_flags);
	report_u64(r, "core clock MHz", p.coreClockRate);
	report_u64(r, "max allocation bytes", p.maxMemAllocSize);
	report_u64(r, "max hardware contexts", p.maxHardwareContexts);
	report_u64(r, "max queue priority", p.maxCommandQueuePriority);
	report_u64(r, "threads per EU", p.numThreadsPerEU);
	report_u64(r, "EU SIMD width", p.physicalEUSimdWidth);
	report_u64(r, "EUs per subslice", p.numEUsPerSubslice);
	report_u64(r, "subslices per slice", p.numSubslicesPerSlice);
	report_u64(r, "slices", p.numSlices);
	report_u64(r, "timer resolution ns", p.timerResolution);
	report_u64(r, "timestamp bits", p.timestampValidBits);
	report_u64(r, "kernel timestamp bits", p.kernelTimestampValidBits);
}

static void describe_compute(struct report *r, ze_device_handle_t device)
{
	ze_device_compute_properties_t c = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_COMPUTE_PROPERTIES,
	};
	uint32_t i;

	report_object(r, "compute");
	if (query_ok(r, "zeDeviceGetComputeProperties",
		     zeDeviceGetComputeProperties(device, &c))) {
		report_u64(r, "max group size", c.maxTotalGroupSize);
		report_u64(r, "max group size x", c.maxGroupSizeX);
		report_u64(r, "max group size y", c.maxGroupSizeY);
		report_u64(r, "max group size z", c.maxGroupSizeZ);
		report_u64(r, "max group count x", c.maxGroupCountX);
		report_u64(r, "max group count y", c.maxGroupCountY);
		report_u64(r, "max group count z", c.maxGroupCountZ);
		report_u64(r, "shared local memory bytes",
			   c.maxSharedLocalMemory);
		report_array(r, "sub-group sizes");
		for (i = 0; i < c.numSubGroupSizes &&
			    i < ZE_SUBGROUPSIZE_COUNT; i++)
			report_u64(r, NULL, c.subGroupSizes[i]);
		report_end(r);
	}
	report_end(r);
}

static void describe_module(struct report *r, ze_device_handle_t device)
{
	ze_device_module_properties_t m = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MODULE_PROPERTIES,
	};

	report_object(r, "module");
	if (query_ok(r, "zeDeviceGetModuleProperties",
		     zeDeviceGetModuleProperties(device, &m))) {
		report_version(r, "SPIR-V version", m.spirvVersionSupported);
		REPORT_FLAGS(r, "flags", m.flags, module_flags);
		report_hex(r, "fp16 flags", m.fp16flags);
		report_hex(r, "fp32 flags", m.fp32flags);
		report_hex(r, "fp64 flags", m.fp64flags);
		report_u64(r, "max argument bytes", m.maxArgumentsSize);
		report_u64(r, "printf buffer bytes", m.printfBufferSize);
	}
	report_end(r);
}

static void describe_memory(struct report *r, ze_device_handle_t device)
{
	ze_device_memory_properties_t mem[MAX_ENTRIES];
	uint32_t n = 0, i;

	report_array(r, "memory");
	if (QUERY_ARRAY(r, zeDeviceGetMemoryProperties, device, mem, n,
			ZE_STRUCTURE_TYPE_DEVICE_MEMORY_PROPERTIES)) {
		for (i = 0; i < n; i++) {
			report_object(r, NULL);
			report_str(r, "name", mem[i].name);
			report_u64(r, "total bytes", mem[i].totalSize);
			report_u64(r, "max clock MHz", mem[i].maxClockRate);
			report_u64(r, "bus width", mem[i].maxBusWidth);
			report_end(r);
		}
	}
	report_end(r);
}

static void describe_access(struct report *r, ze_device_handle_t device)
{
	ze_device_memory_access_properties_t a = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MEMORY_ACCESS_PROPERTIES,
	};

	report_object(r, "memory access");
	if (query_ok(r, "zeDeviceGetMemoryAccessProperties",
		     zeDeviceGetMemoryAccessProperties(device, &a))) {
		REPORT_FLAGS(r, "host", a.hostAllocCapabilities,
			     access_flags);
		REPORT_FLAGS(r, "device", a.deviceAllocCapabilities,
			     access_flags);
		REPORT_FLAGS(r, "shared single-device",
			     a.sharedSingleDeviceAllocCapabilities,
			     access_flags);
		REPORT_FLAGS(r, "shared cross-device",
			     a.sharedCrossDeviceAllocCapabilities,
			     access_flags);
		REPORT_FLAGS(r, "shared system",
			     a.sharedSystemAllocCapabilities, access_flags);
	}
	report_end(r);
}

static void describe_caches(struct report *r, ze_device_handle_t device)
{
	ze_device_cache_properties_t cache[MAX_ENTRIES];
	uint32_t n = 0, i;

	report_array(r, "caches");
	if (QUERY_ARRAY(r, zeDeviceGetCacheProperties, device, cache, n,
			ZE_STRUCTURE_TYPE_DEVICE_CACHE_PROPERTIES)) {
		for (i = 0; i < n; i++) {
			report_object(r, NULL);
			report_u64(r, "bytes", cache[i].cacheSize);
			report_hex(r, "flags", cache[i].flags);
			report_end(r);
		}
	}
	report_end(r);
}

static void describe_queue_groups(struct report *r, ze_device_handle_t device)
{
	ze_command_queue_group_properties_t g[MAX_ENTRIES];
	uint32_t n = 0, i;

	report_array(r, "queue groups");
	if (QUERY_ARRAY(r, zeDeviceGetCommandQueueGroupProperties, device, g,
			n, ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES)) {
		for (i = 0; i < n; i++) {
			report_object(r, NULL);
			report_u64(r, "ordinal", i);
			REPORT_FLAGS(r, "flags", g[i].flags, queue_group_flags);
			report_u64(r, "queues", g[i].numQueues);
			report_u64(r, "max fill pattern bytes",
				   g[i].maxMemoryFillPatternSize);
			report_end(r);
		}
	}
	report_end(r);
}

static void describe_device(struct report *r, ze_device_handle_t device)
{
	report_object(r, NULL);
	describe_properties(r, device);
	describe_compute(r, device);
	describe_module(r, device);
	describe_memory(r, device);
	describe_access(r, device);
	describe_caches(r, device);
	describe_queue_groups(r, device);
	report_end(r);
}

/* Describe one driver; return how many devices it has. */
static uint32_t describe_driver(struct report *r, ze_driver_handle_t driver)
{
	ze_driver_properties_t p = {
		.stype = ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES,
	};
	ze_device_handle_t devices[MAX_DEVICES];
	ze_api_version_t api;
	uint32_t n = MAX_DEVICES, i;
	char text[32];

	report_object(r, NULL);
	if (query_ok(r, "zeDriverGetProperties",
		     zeDriverGetProperties(driver, &p))) {
		snprintf(text, sizeof(text), "%u.%u.%u", p.driverVersion >> 24,
			 (p.driverVersion >> 16) & 0xff,
			 p.driverVersion & 0xffff);
		report_str(r, "driver version", text);
		report_uuid(r, "uuid", p.uuid.id, sizeof(p.uuid.id));
	}
	if (query_ok(r, "zeDriverGetApiVersion",
		     zeDriverGetApiVersion(driver, &api)))
		report_version(r, "API version", api);
	describe_extensions(r, driver);

	report_array(r, "devices");
	if (!query_ok(r, "zeDeviceGet", zeDeviceGet(driver, &n, devices)))
		n = 0;
	for (i = 0; i < n; i++)
		describe_device(r, devices[i]);
	report_end(r);
	report_end(r);
	return n;
}

static int usage(FILE *out, int status)
{
	fprintf(out, "usage: xe_cbev_info [--json]\n"
		"Describe every Level Zero driver and device the loader finds.\n");
	return status;
}

int main(int argc, char **argv)
{
	ze_driver_handle_t drivers[MAX_DRIVERS];
	uint32_t n = MAX_DRIVERS, i, devices = 0;
	struct report r;
	bool json = false;
	ze_result_t ret;

	for (i = 1; i < (uint32_t)argc; i++) {
		if (!strcmp(argv[i], "--json"))
			json = true;
		else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return usage(stdout, EXIT_SUCCESS);
		else
			return usage(stderr, EXIT_FAILURE);
	}

	ret = zeInit(0);
	if (ret == ZE_RESULT_SUCCESS)
		ret = zeDriverGet(&n, drivers);
	if (ret != ZE_RESULT_SUCCESS)
		n = 0;

	report_init(&r, stdout, json);
	report_array(&r, "drivers");
	for (i = 0; i < n; i++)
		devices += describe_driver(&r, drivers[i]);
	report_end(&r);
	report_finish(&r);

	if (!devices) {
		fprintf(stderr,
			"xe_cbev_info: no Level Zero device found (0x%08x): is the xe_cbev module loaded, and ZE_ENABLE_ALT_DRIVERS set to libze_xe_cbev.so.1?\n",
			(unsigned int)ret);
		return EXIT_FAILURE;
	}
	return EXIT_SUCCESS;
}
