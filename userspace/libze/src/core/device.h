/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_DEVICE_H
#define _XE_DEVICE_H

#include <pthread.h>

#include <level_zero/ze_api.h>

#include "core/libze_private.h"
#include "submission/kmd.h"
#include "events/timestamp.h"

struct xe_bo;
struct xe_cb_import;
struct xe_counter;
struct xe_counter_page;
struct xe_driver;
struct xe_eu_pool;
struct xe_ring;

/**
 * struct xe_device - one xe_cbev render node
 * @obj: handle header; first, because a device handle points at it
 * @driver: the driver that found the device
 * @fd: the open render node, kept for the life of the process
 * @info: what the kernel reported at probe time
 * @bo_lock: protects @bos (and closes handles, see bo.c)
 * @bos: every buffer object of the process on this device
 * @counter_lock: protects @counter_pages
 * @counter_pages: the counter pages the process mapped
 * @ring_lock: protects @rings
 * @rings: every live ring (command queues, immediate lists), for
 *	zeDeviceSynchronize()
 * @ts_pool: timestamp slots of counter-based events (timestamp.c)
 * @cb_lock: protects @cb_imports and @cb_done
 * @cb_imports: counters of other processes this one opened counter-based
 *	event IPC handles of, by token (cb_event_ipc.c)
 * @cb_done: a counter slot that stays 0: "value >= 0" on it is a
 *	condition that holds, for complete events (cb_event_wait.c);
 *	allocated on first use
 *
 * @eu_pool: the execution units of SPIR-V kernels, started at the first
 *	launch of one (modules/eu_pool.c)
 *
 * Created by the driver probe; apart from the lists under their locks,
 * read-only afterwards.
 */
struct xe_device {
	struct xe_object obj;
	struct xe_driver *driver;
	int fd;
	struct drm_xe_cbev_query_device_info info;

	pthread_mutex_t bo_lock;
	struct xe_bo *bos;
	pthread_mutex_t counter_lock;
	struct xe_counter_page *counter_pages;
	pthread_mutex_t ring_lock;
	struct xe_ring *rings;
	struct xe_ts_pool ts_pool;
	pthread_mutex_t cb_lock;
	struct xe_cb_import *cb_imports;
	struct xe_counter *cb_done;
	struct xe_eu_pool *eu_pool;
};

int xe_device_init(struct xe_device *dev, struct xe_driver *driver, int fd);
void xe_device_fini(struct xe_device *dev);
uint64_t xe_device_max_alloc_size(const struct xe_device *dev);

/*
 * Does the device reach the process's own memory (malloc, the stack) at
 * addresses no allocation covers? (shared system allocations)
 */
static inline bool xe_device_has_system_memory(const struct xe_device *dev)
{
	return dev->info.capabilities & DRM_XE_CBEV_CAP_SYSTEM_MEMORY;
}

static inline struct xe_device *xe_device_from_handle(ze_device_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_DEVICE);
}

static inline ze_device_handle_t xe_device_to_handle(struct xe_device *dev)
{
	return xe_object_handle(&dev->obj);
}

/* Entry points (Device DDI table) */
ze_result_t xe_device_get(ze_driver_handle_t hDriver, uint32_t *pCount,
			  ze_device_handle_t *phDevices);
ze_result_t xe_device_get_properties(ze_device_handle_t hDevice,
				     ze_device_properties_t *pDeviceProperties);

/* device_props.c */
ze_result_t xe_device_get_sub_devices(ze_device_handle_t hDevice,
				      uint32_t *pCount,
				      ze_device_handle_t *phSubdevices);
ze_result_t xe_device_get_root_device(ze_device_handle_t hDevice,
				      ze_device_handle_t *phRootDevice);
ze_result_t xe_device_get_compute_properties(ze_device_handle_t hDevice,
					     ze_device_compute_properties_t *p);
ze_result_t xe_device_get_module_properties(ze_device_handle_t hDevice,
					    ze_device_module_properties_t *p);
ze_result_t
xe_device_get_command_queue_group_properties(ze_device_handle_t hDevice,
					     uint32_t *pCount,
					     ze_command_queue_group_properties_t *p);
ze_result_t xe_device_get_memory_properties(ze_device_handle_t hDevice,
					    uint32_t *pCount,
					    ze_device_memory_properties_t *p);
ze_result_t
xe_device_get_memory_access_properties(ze_device_handle_t hDevice,
				       ze_device_memory_access_properties_t *p);
ze_result_t xe_device_get_cache_properties(ze_device_handle_t hDevice,
					   uint32_t *pCount,
					   ze_device_cache_properties_t *p);
ze_result_t xe_device_get_image_properties(ze_device_handle_t hDevice,
					   ze_device_image_properties_t *p);
ze_result_t
xe_device_get_external_memory_properties(ze_device_handle_t hDevice,
					 ze_device_external_memory_properties_t *p);
ze_result_t xe_device_get_p2p_properties(ze_device_handle_t hDevice,
					 ze_device_handle_t hPeerDevice,
					 ze_device_p2p_properties_t *p);
ze_result_t xe_device_can_access_peer(ze_device_handle_t hDevice,
				      ze_device_handle_t hPeerDevice,
				      ze_bool_t *value);
ze_result_t xe_device_get_status(ze_device_handle_t hDevice);
ze_result_t xe_device_get_global_timestamps(ze_device_handle_t hDevice,
					    uint64_t *hostTimestamp,
					    uint64_t *deviceTimestamp);
ze_result_t xe_device_synchronize(ze_device_handle_t hDevice);

#endif /* _XE_DEVICE_H */
