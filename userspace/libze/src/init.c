// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: zeInit
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
 */

#include <stdbool.h>

#include "libze_private.h"
#include "driver.h"
#include "result.h"

#define XE_INIT_FLAGS_KNOWN	(ZE_INIT_FLAG_GPU_ONLY | ZE_INIT_FLAG_VPU_ONLY)

ze_result_t xe_init(ze_init_flags_t flags)
{
	bool gpu_requested;

	if (flags & ~XE_INIT_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;

	/* No flag asks for every kind of driver. */
	gpu_requested = !flags || (flags & ZE_INIT_FLAG_GPU_ONLY);
	return xe_result_from_errno(xe_driver_init(gpu_requested));
}
