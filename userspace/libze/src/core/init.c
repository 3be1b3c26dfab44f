// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: zeInit and zeInitDrivers
 *
 * The loader calls the driver's zeInit() with the application's flags once
 * while it checks the driver and again for every zeInit() of the
 * application; the probe behind it runs only the first time (driver.c).
 *
 * An application that asks only for VPU drivers gets ZE_RESULT_SUCCESS and
 * no driver from this library rather than an error: loader 1.8 unloads a
 * driver whose zeInit() fails, yet with a single driver it has already
 * handed the application this library's function pointers, so every later
 * call would jump into unmapped memory.
 *
 * zeInitDrivers() (spec 1.10) initialises and enumerates in one call: the
 * driver counts itself when GPU drivers are asked for (or any, flags 0).
 */

#include <stdbool.h>

#include "core/libze_private.h"
#include "core/driver.h"
#include "core/result.h"

#define XE_INIT_FLAGS_KNOWN	(ZE_INIT_FLAG_GPU_ONLY | ZE_INIT_FLAG_VPU_ONLY)
#define XE_INIT_DRIVER_TYPES_KNOWN \
	(ZE_INIT_DRIVER_TYPE_FLAG_GPU | ZE_INIT_DRIVER_TYPE_FLAG_NPU)

ze_result_t xe_init(ze_init_flags_t flags)
{
	bool gpu_requested;

	if (flags & ~XE_INIT_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;

	/* No flag asks for every kind of driver. */
	gpu_requested = !flags || (flags & ZE_INIT_FLAG_GPU_ONLY);
	return xe_result_from_errno(xe_driver_init(gpu_requested));
}

ze_result_t xe_init_drivers(uint32_t *pCount, ze_driver_handle_t *phDrivers,
			    ze_init_driver_type_desc_t *desc)
{
	bool gpu_requested;
	ze_result_t ret;

	if (!pCount || !desc)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (desc->stype != ZE_STRUCTURE_TYPE_INIT_DRIVER_TYPE_DESC)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	if (desc->flags & ~XE_INIT_DRIVER_TYPES_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;

	gpu_requested = !desc->flags ||
			(desc->flags & ZE_INIT_DRIVER_TYPE_FLAG_GPU);
	ret = xe_result_from_errno(xe_driver_init(gpu_requested));
	if (ret != ZE_RESULT_SUCCESS)
		return ret;

	if (!gpu_requested) {
		*pCount = 0;
		return ZE_RESULT_SUCCESS;
	}
	return xe_driver_get(pCount, phDrivers);
}

XE_EXPORT(zeInit, xe_init);
XE_EXPORT(zeInitDrivers, xe_init_drivers);
