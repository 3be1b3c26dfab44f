/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_DRIVER_H
#define _XE_DRIVER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <level_zero/ze_api.h>

#include "core/libze_private.h"
#include "core/ddi.h"

struct xe_context;
struct xe_device;

/**
 * struct xe_driver - the Level Zero driver of this process
 * @obj: handle header; first, because a driver handle points at it
 * @ddi: what the headers of the driver and all its objects point at
 * @devices: the xe_cbev devices found by the probe, in node order
 * @num_devices: entries in @devices
 * @uuid: reported by zeDriverGetProperties(), derived from the first device
 * @init_err: outcome of the probe: 0 or a negative errno
 * @ready: true once a probe succeeded
 * @gpu_requested: true once a zeInit() asked for GPU drivers
 * @default_context: zeDriverGetDefaultContext(), created by the probe when
 *	there is a device
 *
 * A singleton, the only mutable global state of the library. The probe
 * writes every member but @gpu_requested once, inside pthread_once(); they
 * are read-only afterwards. Entry points that may race with the first
 * zeInit() check @ready with an acquire load, which pairs with the probe's
 * release store. @gpu_requested only ever goes from false to true.
 */
struct xe_driver {
	struct xe_object obj;
	struct xe_ddi_heads ddi;
	struct xe_device *devices;
	uint32_t num_devices;
	ze_driver_uuid_t uuid;
	int init_err;
	atomic_bool ready;
	atomic_bool gpu_requested;
	struct xe_context *default_context;
};

int xe_driver_init(bool gpu_requested);
struct xe_ddi_heads *xe_driver_ddi_heads(void);

static inline struct xe_driver *xe_driver_from_handle(ze_driver_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_DRIVER);
}

/* Entry points (Global and Driver DDI tables) */
ze_result_t xe_init(ze_init_flags_t flags);
ze_result_t xe_init_drivers(uint32_t *pCount, ze_driver_handle_t *phDrivers,
			    ze_init_driver_type_desc_t *desc);
ze_result_t xe_driver_get(uint32_t *pCount, ze_driver_handle_t *phDrivers);
ze_result_t xe_driver_get_api_version(ze_driver_handle_t hDriver,
				      ze_api_version_t *version);
ze_result_t xe_driver_get_properties(ze_driver_handle_t hDriver,
				     ze_driver_properties_t *pDriverProperties);
ze_result_t
xe_driver_get_ipc_properties(ze_driver_handle_t hDriver,
			     ze_driver_ipc_properties_t *pIpcProperties);
ze_result_t
xe_driver_get_extension_properties(ze_driver_handle_t hDriver,
				   uint32_t *pCount,
				   ze_driver_extension_properties_t *pProps);
ze_result_t
xe_driver_get_extension_function_address(ze_driver_handle_t hDriver,
					 const char *name, void **ppFunction);
ze_result_t xe_driver_get_last_error_description(ze_driver_handle_t hDriver,
						 const char **ppString);

#endif /* _XE_DRIVER_H */
