/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_DEVICE_EXT_H
#define _XE_DEVICE_EXT_H

#include <stdint.h>

#include <level_zero/ze_api.h>
#include <zex_spec.h>

/* The device extension queries (DOC: device extension queries). */
ze_result_t xe_device_pci_get_properties(ze_device_handle_t hDevice,
					 ze_pci_ext_properties_t *pPciProperties);
ze_result_t
xe_device_get_vector_width_properties(ze_device_handle_t hDevice,
				      uint32_t *pCount,
				      ze_device_vector_width_properties_ext_t *pProps);

#endif /* _XE_DEVICE_EXT_H */
