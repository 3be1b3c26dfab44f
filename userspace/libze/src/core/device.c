// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: device
 *
 * A device is one xe_cbev render node. Its properties come from the
 * kernel's DRM_XE_CBEV_QUERY_DEVICE_INFO answer, read once at probe time;
 * what the kernel does not report describes the software engine honestly,
 * so that occupancy or memory arithmetic an application does with these
 * numbers holds.
 */

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ze_graph_ext.h>

#include "core/libze_private.h"
#include "events/counter.h"
#include "core/device.h"
#include "lists/mutable.h"
#include "events/timestamp.h"
#include "modules/eu_pool.h"
#include "events/semaphore_bridge.h"
#include "submission/kmd.h"

static_assert(offsetof(struct xe_device, obj) == 0,
	      "a device handle must point at its DDI header");

#define XE_DEVICE_NAME		"xe_cbev software GPU"
#define XE_VENDOR_ID_INTEL	0x8086

/*
 * Applications may size arrays after maxHardwareContexts; queues are
 * software objects of the kernel, this is a bound, not a hardware limit.
 */
#define XE_MAX_HW_CONTEXTS	1024

/*
 * Without ZE_RELAXED_ALLOCATION_LIMITS an allocation may not exceed 4 GiB
 * on Intel GPUs; applications expect that bound.
 */
#define XE_MAX_ALLOC_SIZE	(4ull << 30)

#define NSEC_PER_SEC		1000000000ull

/**
 * xe_device_init() - set up a device for an open xe_cbev node
 * @dev: zeroed device to fill
 * @driver: the driver that found it
 * @fd: the node; owned by @dev on success, closed on failure
 *
 * Return: 0; -ENODEV if the module speaks an incompatible uAPI; -EPROTO if
 * its answer makes no sense; another negative errno if the query failed.
 */
int xe_device_init(struct xe_device *dev, struct xe_driver *driver, int fd)
{
	struct drm_xe_cbev_query_device_info *info = &dev->info;
	const char *env;
	int err;

	err = xe_kmd_query_device_info(fd, info);
	if (err)
		goto err_close;

	if (info->uapi_major != DRM_XE_CBEV_UAPI_MAJOR) {
		err = -ENODEV;
		goto err_close;
	}

	/* Timer properties divide by these. */
	if (!info->timestamp_frequency || !info->timestamp_valid_bits ||
	    info->timestamp_valid_bits > 64) {
		err = -EPROTO;
		goto err_close;
	}

	dev->driver = driver;
	dev->fd = fd;
	pthread_mutex_init(&dev->bo_lock, NULL);
	pthread_mutex_init(&dev->counter_lock, NULL);
	pthread_mutex_init(&dev->ring_lock, NULL);
	pthread_mutex_init(&dev->cb_lock, NULL);
	xe_ts_pool_init(&dev->ts_pool);
	env = getenv("XE_CBEV_INLINE_LAUNCH");
	dev->inline_launch = !env || strcmp(env, "0");
	/*
	 * A chain says it moves on with DRM_XE_CBEV_EU_REPORT_PROGRESS
	 * (minor 2): without it a long chain would be taken for a hang.
	 */
	dev->progress_reports = info->uapi_minor >= 2;
	env = getenv("XE_CBEV_CHAIN_LAUNCHES");
	dev->chain_launches = (!env || strcmp(env, "0")) &&
			      dev->progress_reports;
	xe_object_init(&dev->obj, XE_MAGIC_DEVICE, &driver->ddi);
	return 0;

err_close:
	xe_kmd_close(fd);
	return err;
}

void xe_device_fini(struct xe_device *dev)
{
	xe_sem_bridge_stop(&dev->sem_bridge);
	xe_eu_pool_stop(&dev->eu_pool);
	xe_counter_put(dev->cb_done);
	xe_ts_pool_fini(&dev->ts_pool);
	pthread_mutex_destroy(&dev->cb_lock);
	pthread_mutex_destroy(&dev->ring_lock);
	pthread_mutex_destroy(&dev->counter_lock);
	pthread_mutex_destroy(&dev->bo_lock);
	xe_kmd_close(dev->fd);
}

ze_result_t xe_device_get(ze_driver_handle_t hDriver, uint32_t *pCount,
			  ze_device_handle_t *phDevices)
{
	struct xe_driver *drv = xe_driver_from_handle(hDriver);
	uint32_t i, n;

	if (!drv)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pCount)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	n = xe_enum_count(pCount, drv->num_devices, phDevices);
	for (i = 0; i < n; i++)
		phDevices[i] = xe_device_to_handle(&drv->devices[i]);
	return ZE_RESULT_SUCCESS;
}

/* Memory is system memory: allow half of it per allocation, within 4 GiB. */
uint64_t xe_device_max_alloc_size(const struct xe_device *dev)
{
	long pages = sysconf(_SC_PHYS_PAGES);
	long page_size = sysconf(_SC_PAGESIZE);
	uint64_t half;

	(void)dev;
	if (pages <= 0 || page_size <= 0)
		return XE_MAX_ALLOC_SIZE;

	half = (uint64_t)pages * (uint64_t)page_size / 2;
	return half < XE_MAX_ALLOC_SIZE ? half : XE_MAX_ALLOC_SIZE;
}

/*
 * ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2 redefined timerResolution from
 * nanoseconds per tick to ticks per second; the caller's stype says which
 * one it wants.
 */
static uint64_t device_timer_resolution(const struct xe_device *dev,
					ze_structure_type_t stype)
{
	uint64_t freq = dev->info.timestamp_frequency;
	uint64_t ns_per_tick;

	if (stype == ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2)
		return freq;

	ns_per_tick = (NSEC_PER_SEC + freq / 2) / freq;
	return ns_per_tick ? ns_per_tick : 1;
}

ze_result_t xe_device_get_properties(ze_device_handle_t hDevice,
				     ze_device_properties_t *pDeviceProperties)
{
	struct xe_device *dev = xe_device_from_handle(hDevice);
	ze_device_properties_t *props = pDeviceProperties;
	const struct drm_xe_cbev_query_device_info *info;
	ze_base_properties_t *ext;
	uint64_t clock_mhz;

	if (!dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!props)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	info = &dev->info;

	/* stype and pNext belong to the caller: only [out] members change. */
	props->type = ZE_DEVICE_TYPE_GPU;
	props->vendorId = XE_VENDOR_ID_INTEL;
	/* There is no PCI function behind a software device. */
	props->deviceId = 0;
	/* The engine runs on the host's CPUs, in the host's memory. */
	props->flags = ZE_DEVICE_PROPERTY_FLAG_INTEGRATED;
	props->subdeviceId = 0;

	/* No core clock of its own: report the clock that times its work. */
	clock_mhz = info->timestamp_frequency / 1000000;
	props->coreClockRate = clock_mhz ? clock_mhz : 1;

	props->maxMemAllocSize = xe_device_max_alloc_size(dev);
	props->maxHardwareContexts = XE_MAX_HW_CONTEXTS;
	/*
	 * Queues take ze_command_queue_priority_t's low, normal and high,
	 * which the kernel's engine weights (bigger slices for higher ones);
	 * there are no numbered priorities beyond them.
	 */
	props->maxCommandQueuePriority = 0;

	/*
	 * Each engine runs one dispatch at a time, item after item: describe
	 * it as one single-threaded, SIMD1 EU per engine.
	 */
	props->numThreadsPerEU = 1;
	props->physicalEUSimdWidth = 1;
	props->numEUsPerSubslice = info->num_engines ? info->num_engines : 1;
	props->numSubslicesPerSlice = 1;
	props->numSlices = 1;

	props->timerResolution = device_timer_resolution(dev, props->stype);
	props->timestampValidBits = info->timestamp_valid_bits;
	props->kernelTimestampValidBits = info->timestamp_valid_bits;

	static_assert(sizeof(props->uuid.id) == sizeof(info->uuid),
		      "device uuid sizes");
	memcpy(props->uuid.id, info->uuid, sizeof(props->uuid.id));
	snprintf(props->name, sizeof(props->name), "%s", XE_DEVICE_NAME);

	/* Extension structs the driver knows are filled, others left alone. */
	for (ext = props->pNext; ext; ext = ext->pNext) {
		if (ext->stype == ZE_STRUCTURE_TYPE_DEVICE_EVENT_PROPERTIES)
			((ze_device_event_properties_t *)ext)->flags =
			ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_EXTERNAL_AGGREGATE_STORAGE |
			ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_IPC |
			ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION;
		else if (ext->stype ==
			 ZE_STRUCTURE_TYPE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_PROPERTIES)
			((ze_event_query_kernel_timestamps_ext_properties_t *)ext)->flags =
			ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_FLAG_KERNEL |
			ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_FLAG_SYNCHRONIZED;
		else if (ext->stype ==
			 ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_PROPERTIES) {
			ze_mutable_command_list_exp_properties_t *m =
				(ze_mutable_command_list_exp_properties_t *)ext;

			m->mutableCommandListFlags = 0;
			m->mutableCommandFlags = XE_MUTABLE_FLAGS_SUPPORTED;
		} else if (ext->stype == ZE_STRUCTURE_TYPE_DEVICE_IP_VERSION_EXT) {
			/* No Intel graphics IP (DOC: device extension queries). */
			((ze_device_ip_version_ext_t *)ext)->ipVersion = 0;
		} else if (ext->stype ==
			   ZE_STRUCTURE_TYPE_RECORD_REPLAY_GRAPH_EXT_PROPERTIES ||
			   ext->stype ==
			   ZE_STRUCTURE_TYPE_RECORD_REPLAY_GRAPH_EXP_PROPERTIES) {
			/* graph/: all but mutable graphs */
			((ze_record_replay_graph_ext_properties_t *)ext)->graphFlags =
				ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_IMMUTABLE_GRAPH |
				ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_SUBGRAPHS |
				ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_APPEND_COMMANDLIST |
				ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_CB_EXTERNAL_IPC;
		}
	}
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeDeviceGet, xe_device_get);
XE_EXPORT(zeDeviceGetProperties, xe_device_get_properties);
