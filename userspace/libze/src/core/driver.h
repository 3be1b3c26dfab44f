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
#include "core/types.h"

int xe_driver_init(bool gpu_requested);
struct xe_ddi_heads *xe_driver_ddi_heads(void);
struct xe_driver *xe_driver_get_ready(void);

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
