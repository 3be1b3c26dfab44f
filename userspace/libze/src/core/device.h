/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_DEVICE_H
#define _XE_DEVICE_H

#include <pthread.h>

#include <level_zero/ze_api.h>

#include "core/libze_private.h"
#include "core/types.h"

int xe_device_init(struct xe_device *dev, struct xe_driver *driver, int fd);
void xe_device_fini(struct xe_device *dev);
uint64_t xe_device_max_alloc_size(const struct xe_device *dev);

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
