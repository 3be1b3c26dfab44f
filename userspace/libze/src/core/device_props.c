// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: device queries
 *
 * What the software device can do, said the Level Zero way:
 *
 * - two command queue groups, one queue each: 0 computes and copies, 1 only
 *   copies (both run on the kernel's engine; the split is what
 *   applications expect of an Intel GPU, and what ordinals are checked
 *   against);
 * - one memory, the host's, which the device reaches coherently: host,
 *   device and shared allocations all allow concurrent atomic access, but
 *   plain system allocations (malloc) are not reachable;
 * - groups of up to 1024 work items; SPIR-V kernels have sub-groups of 16
 *   work-items, or 8 when they ask (any power of two up to 64 is taken);
 *   no floating point in the built-in kernels, no images;
 * - a device timestamp that counts nanoseconds of the host's monotonic raw
 *   clock, so zeDeviceGetGlobalTimestamps() reads one clock for both.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/libze_private.h"
#include "lists/cmdlist.h"
#include "core/device.h"
#include "core/types.h"
#include "core/result.h"
#include "submission/ring.h"
#include "submission/wait.h"

#define XE_MAX_GROUP_SIZE	1024
#define XE_MAX_FILL_PATTERN	256

static struct xe_device *device_or_null(ze_device_handle_t h)
{
	return xe_device_from_handle(h);
}

ze_result_t xe_device_get_sub_devices(ze_device_handle_t hDevice,
				      uint32_t *pCount,
				      ze_device_handle_t *phSubdevices)
{
	if (!device_or_null(hDevice))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pCount)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	xe_enum_count(pCount, 0, phSubdevices);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_device_get_root_device(ze_device_handle_t hDevice,
				      ze_device_handle_t *phRootDevice)
{
	if (!device_or_null(hDevice))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phRootDevice)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*phRootDevice = NULL;	/* it is a root device */
	return ZE_RESULT_SUCCESS;
}

/* What a kernel's float and double arithmetic does: the CPU's IEEE 754. */
#define XE_FP_FLAGS \
	(ZE_DEVICE_FP_FLAG_DENORM | ZE_DEVICE_FP_FLAG_INF_NAN | \
	 ZE_DEVICE_FP_FLAG_ROUND_TO_NEAREST | ZE_DEVICE_FP_FLAG_ROUND_TO_ZERO | \
	 ZE_DEVICE_FP_FLAG_ROUND_TO_INF | ZE_DEVICE_FP_FLAG_FMA)
/* __local memory one work-group may have (kernel_jit.c checks it). */
#define XE_MAX_LOCAL_MEMORY	(64 * 1024)

ze_result_t xe_device_get_compute_properties(ze_device_handle_t hDevice,
					     ze_device_compute_properties_t *p)
{
	if (!device_or_null(hDevice))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!p)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	p->maxTotalGroupSize = XE_MAX_GROUP_SIZE;
	p->maxGroupSizeX = XE_MAX_GROUP_SIZE;
	p->maxGroupSizeY = XE_MAX_GROUP_SIZE;
	p->maxGroupSizeZ = XE_MAX_GROUP_SIZE;
	p->maxGroupCountX = UINT32_MAX;
	p->maxGroupCountY = UINT32_MAX;
	p->maxGroupCountZ = UINT32_MAX;
	p->maxSharedLocalMemory = XE_MAX_LOCAL_MEMORY;
	memset(p->subGroupSizes, 0, sizeof(p->subGroupSizes));
	p->numSubGroupSizes = 2;
	p->subGroupSizes[0] = 8;
	p->subGroupSizes[1] = 16;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_device_get_module_properties(ze_device_handle_t hDevice,
					    ze_device_module_properties_t *p)
{
	struct xe_device *dev = device_or_null(hDevice);

	if (!dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!p)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	/*
	 * SPIR-V as the compiler shim reads it (SPIRV-LLVM-Translator 15:
	 * up to 1.4); fp32 and fp64 are the host's IEEE arithmetic; fp16
	 * is computed in float and rounded after each operation, which is
	 * exact for the basic operations but not for a fused multiply-add.
	 * printf writes through a buffer of 64 KiB per execution unit.
	 */
	p->spirvVersionSupported = ZE_MAKE_VERSION(1, 4);
	p->flags = ZE_DEVICE_MODULE_FLAG_INT64_ATOMICS |
		   ZE_DEVICE_MODULE_FLAG_FP16;
	p->fp16flags = ZE_DEVICE_FP_FLAG_DENORM | ZE_DEVICE_FP_FLAG_INF_NAN |
		       ZE_DEVICE_FP_FLAG_ROUND_TO_NEAREST;
	p->fp32flags = XE_FP_FLAGS;
	p->fp64flags = XE_FP_FLAGS;
	p->maxArgumentsSize = 2048;
	p->printfBufferSize = 64 * 1024;
	/* A built-in module image works on every xe_cbev device. */
	memset(&p->nativeKernelSupported, 0, sizeof(p->nativeKernelSupported));
	memcpy(p->nativeKernelSupported.id, "xe_cbev builtins", 16);
	return ZE_RESULT_SUCCESS;
}

ze_result_t
xe_device_get_command_queue_group_properties(ze_device_handle_t hDevice,
					     uint32_t *pCount,
					     ze_command_queue_group_properties_t *p)
{
	static const ze_command_queue_group_property_flags_t flags[] = {
		[XE_ORDINAL_COMPUTE] = ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE |
				       ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY |
				       ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COOPERATIVE_KERNELS,
		[XE_ORDINAL_COPY] = ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY,
	};
	uint32_t i, n;

	static_assert(XE_ARRAY_SIZE(flags) == XE_NUM_ORDINALS, "groups");
	if (!device_or_null(hDevice))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pCount)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	n = xe_enum_count(pCount, XE_NUM_ORDINALS, p);
	for (i = 0; i < n; i++) {
		p[i].flags = flags[i];
		p[i].maxMemoryFillPatternSize = XE_MAX_FILL_PATTERN;
		p[i].numQueues = 1;
	}
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_device_get_memory_properties(ze_device_handle_t hDevice,
					    uint32_t *pCount,
					    ze_device_memory_properties_t *p)
{
	struct xe_device *dev = device_or_null(hDevice);
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);

	if (!dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pCount)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	if (xe_enum_count(pCount, 1, p)) {
		p[0].flags = 0;
		p[0].maxClockRate = 0;
		p[0].maxBusWidth = 64;
		p[0].totalSize = pages > 0 && page > 0 ?
				 (uint64_t)pages * page : 0;
		snprintf(p[0].name, sizeof(p[0].name), "system memory");
	}
	return ZE_RESULT_SUCCESS;
}

ze_result_t
xe_device_get_memory_access_properties(ze_device_handle_t hDevice,
				       ze_device_memory_access_properties_t *p)
{
	const ze_memory_access_cap_flags_t all =
		ZE_MEMORY_ACCESS_CAP_FLAG_RW | ZE_MEMORY_ACCESS_CAP_FLAG_ATOMIC |
		ZE_MEMORY_ACCESS_CAP_FLAG_CONCURRENT |
		ZE_MEMORY_ACCESS_CAP_FLAG_CONCURRENT_ATOMIC;

	struct xe_device *dev = device_or_null(hDevice);

	if (!dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!p)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	p->hostAllocCapabilities = all;
	p->deviceAllocCapabilities = all;
	p->sharedSingleDeviceAllocCapabilities = all;
	p->sharedCrossDeviceAllocCapabilities = 0;
	/* The engine reaches malloc'ed memory as the CPU does. */
	p->sharedSystemAllocCapabilities =
		xe_device_has_system_memory(dev) ? all : 0;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_device_get_cache_properties(ze_device_handle_t hDevice,
					   uint32_t *pCount,
					   ze_device_cache_properties_t *p)
{
	if (!device_or_null(hDevice))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pCount)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	/* The host's caches are the device's: none of its own. */
	xe_enum_count(pCount, 0, p);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_device_get_image_properties(ze_device_handle_t hDevice,
					   ze_device_image_properties_t *p)
{
	if (!device_or_null(hDevice))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!p)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	/* No images: every limit is 0. stype and pNext stay. */
	memset((char *)p + offsetof(ze_device_image_properties_t,
				    maxImageDims1D), 0,
	       sizeof(*p) - offsetof(ze_device_image_properties_t,
				     maxImageDims1D));
	return ZE_RESULT_SUCCESS;
}

ze_result_t
xe_device_get_external_memory_properties(ze_device_handle_t hDevice,
					 ze_device_external_memory_properties_t *p)
{
	if (!device_or_null(hDevice))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!p)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	/* Every allocation is a buffer object: a dma-buf (memory_external.c). */
	p->memoryAllocationImportTypes = ZE_EXTERNAL_MEMORY_TYPE_FLAG_OPAQUE_FD |
					 ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF;
	p->memoryAllocationExportTypes = ZE_EXTERNAL_MEMORY_TYPE_FLAG_OPAQUE_FD |
					 ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF;
	p->imageImportTypes = 0;
	p->imageExportTypes = 0;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_device_get_p2p_properties(ze_device_handle_t hDevice,
					 ze_device_handle_t hPeerDevice,
					 ze_device_p2p_properties_t *p)
{
	if (!device_or_null(hDevice) || !device_or_null(hPeerDevice))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!p)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	/*
	 * Every allocation is bound on every device at its address
	 * (bo_peer.c), and all devices' engines write the same pages in
	 * order: access and atomics between any two of them.
	 */
	p->flags = ZE_DEVICE_P2P_PROPERTY_FLAG_ACCESS |
		   ZE_DEVICE_P2P_PROPERTY_FLAG_ATOMICS;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_device_can_access_peer(ze_device_handle_t hDevice,
				      ze_device_handle_t hPeerDevice,
				      ze_bool_t *value)
{
	if (!device_or_null(hDevice) || !device_or_null(hPeerDevice))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!value)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	/* Every device reaches every allocation (see the P2P properties). */
	*value = 1;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_device_get_status(ze_device_handle_t hDevice)
{
	if (!device_or_null(hDevice))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	/* A banned queue is lost; the device itself carries on. */
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_device_get_global_timestamps(ze_device_handle_t hDevice,
					    uint64_t *hostTimestamp,
					    uint64_t *deviceTimestamp)
{
	struct xe_device *dev = device_or_null(hDevice);
	struct timespec ts;
	uint64_t now, mask;

	if (!dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!hostTimestamp || !deviceTimestamp)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	/* The engine's timestamp registers read this clock too. */
	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	now = (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
	mask = dev->info.timestamp_valid_bits >= 64 ? UINT64_MAX :
	       (1ull << dev->info.timestamp_valid_bits) - 1;
	*hostTimestamp = now;
	*deviceTimestamp = now & mask;
	return ZE_RESULT_SUCCESS;
}

/*
 * Wait for every ring of the device to finish what was submitted to it
 * before the call. The rings are held while waiting, so that queues may be
 * created and destroyed meanwhile.
 */
static int device_synchronize(struct xe_device *dev)
{
	struct xe_ring **rings = NULL, *ring;
	uint64_t *seqnos = NULL;
	size_t n = 0, i;
	int err = 0;

	pthread_mutex_lock(&dev->ring_lock);
	for (ring = dev->rings; ring; ring = ring->next)
		n++;
	if (n) {
		rings = calloc(n, sizeof(*rings));
		seqnos = calloc(n, sizeof(*seqnos));
	}
	if (n && (!rings || !seqnos)) {
		err = -ENOMEM;
	} else {
		for (i = 0, ring = dev->rings; ring; ring = ring->next, i++) {
			rings[i] = xe_ring_get(ring);
			seqnos[i] = xe_ring_last(ring);
		}
	}
	pthread_mutex_unlock(&dev->ring_lock);

	for (i = 0; !err && i < n; i++) {
		err = xe_ring_wait(rings[i], seqnos[i], XE_TIMEOUT_INFINITE);
		if (err == -ESRCH)	/* destroyed meanwhile: nothing left */
			err = 0;
	}
	for (i = 0; rings && i < n; i++)
		xe_ring_put(rings[i]);
	free(rings);
	free(seqnos);
	return err;
}

ze_result_t xe_device_synchronize(ze_device_handle_t hDevice)
{
	struct xe_device *dev = device_or_null(hDevice);

	if (!dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	return xe_result_from_errno(device_synchronize(dev));
}

XE_EXPORT(zeDeviceGetSubDevices, xe_device_get_sub_devices);
XE_EXPORT(zeDeviceGetRootDevice, xe_device_get_root_device);
XE_EXPORT(zeDeviceGetComputeProperties, xe_device_get_compute_properties);
XE_EXPORT(zeDeviceGetModuleProperties, xe_device_get_module_properties);
XE_EXPORT(zeDeviceGetCommandQueueGroupProperties,
	  xe_device_get_command_queue_group_properties);
XE_EXPORT(zeDeviceGetMemoryProperties, xe_device_get_memory_properties);
XE_EXPORT(zeDeviceGetMemoryAccessProperties,
	  xe_device_get_memory_access_properties);
XE_EXPORT(zeDeviceGetCacheProperties, xe_device_get_cache_properties);
XE_EXPORT(zeDeviceGetImageProperties, xe_device_get_image_properties);
XE_EXPORT(zeDeviceGetExternalMemoryProperties,
	  xe_device_get_external_memory_properties);
XE_EXPORT(zeDeviceGetP2PProperties, xe_device_get_p2p_properties);
XE_EXPORT(zeDeviceCanAccessPeer, xe_device_can_access_peer);
XE_EXPORT(zeDeviceGetStatus, xe_device_get_status);
XE_EXPORT(zeDeviceGetGlobalTimestamps, xe_device_get_global_timestamps);
XE_EXPORT(zeDeviceSynchronize, xe_device_synchronize);
