// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: runtime API
 *
 * The zer* functions of spec 1.14+ (zer_spec.h) speak for "the default
 * driver" without a driver handle; in this library that is the driver
 * singleton. None takes a lock:
 *
 * - zerGetDefaultContext(): the driver's default context, the one
 *   zeDriverGetDefaultContext() returns. The probe creates it once, inside
 *   the pthread_once() of the first zeInit(), with every device of the
 *   driver; afterwards it is only read, so every thread gets the same
 *   handle, and none before zeInit() succeeded.
 * - zerGetLastErrorDescription(): the calling thread's last error
 *   description, the reason the last XE_FAIL() of the thread gave
 *   (debug_log.h), the same text as zeDriverGetLastErrorDescription().
 * - zerTranslateDeviceHandleToIdentifier() and back: a device's
 *   identifier is its index in the driver's devices, in the order
 *   zeDeviceGet() lists them (render-node order), so identifier i is the
 *   i-th device of zeDeviceGet(). The driver has no sub-devices.
 *
 * The three that cannot return a result code return NULL or UINT32_MAX
 * and leave a description for zerGetLastErrorDescription() (XE_FAIL()'s
 * result is dropped).
 *
 * The loader finds them through zerGetGlobalProcAddrTable(); a loader of
 * the DDI-handles extension 1.1 through ze_handle_t.pRuntime, which ddi.c
 * points at the same table.
 */

#include <stdint.h>

#include <zer_spec.h>

#include "core/libze_private.h"
#include "core/driver.h"
#include "core/debug_log.h"
#include "core/runtime_api.h"

static struct xe_driver *runtime_driver(void)
{
	struct xe_driver *drv = xe_driver_get_ready();

	if (!drv)
		(void)XE_FAIL(ZE_RESULT_ERROR_UNINITIALIZED,
			      "the driver is not initialised: call zeInit() or zeInitDrivers() first");
	return drv;
}

ze_result_t xe_runtime_get_last_error_description(const char **ppString)
{
	if (!ppString)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*ppString = xe_last_error_description();
	return ZE_RESULT_SUCCESS;
}

uint32_t xe_runtime_device_to_identifier(ze_device_handle_t hDevice)
{
	struct xe_driver *drv = runtime_driver();
	struct xe_device *dev;

	if (!drv)
		return UINT32_MAX;
	dev = xe_device_from_handle(hDevice);
	if (!dev || dev->driver != drv) {
		(void)XE_FAIL(ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
			      "zerTranslateDeviceHandleToIdentifier: not a device of this driver");
		return UINT32_MAX;
	}
	return (uint32_t)(dev - drv->devices);
}

ze_device_handle_t xe_runtime_identifier_to_device(uint32_t identifier)
{
	struct xe_driver *drv = runtime_driver();

	if (!drv)
		return NULL;
	if (identifier >= drv->num_devices) {
		(void)XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			      "zerTranslateIdentifierToDeviceHandle: no device has this identifier");
		return NULL;
	}
	return xe_device_to_handle(&drv->devices[identifier]);
}

ze_context_handle_t xe_runtime_get_default_context(void)
{
	struct xe_driver *drv = runtime_driver();

	if (!drv)
		return NULL;
	if (!drv->default_context) {
		(void)XE_FAIL(ZE_RESULT_ERROR_UNINITIALIZED,
			      "zerGetDefaultContext: the driver has no device, so no default context");
		return NULL;
	}
	return xe_context_to_handle(drv->default_context);
}

/* The runtime API's one DDI table; ddi.c points ze_handle_t.pRuntime at it. */
const zer_global_dditable_t xe_runtime_global_table = {
	.pfnGetLastErrorDescription = xe_runtime_get_last_error_description,
	.pfnTranslateDeviceHandleToIdentifier = xe_runtime_device_to_identifier,
	.pfnTranslateIdentifierToDeviceHandle = xe_runtime_identifier_to_device,
	.pfnGetDefaultContext = xe_runtime_get_default_context,
};

/*
 * The table has had these four slots since it appeared (spec 1.14); a
 * loader of any 1.x asks for all of them.
 */
ZE_DLLEXPORT ze_result_t ZE_APICALL
zerGetGlobalProcAddrTable(ze_api_version_t version,
			  zer_global_dditable_t *pDdiTable)
{
	if (!pDdiTable)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (ZE_MAJOR_VERSION(version) != 1)
		return ZE_RESULT_ERROR_UNSUPPORTED_VERSION;
	*pDdiTable = xe_runtime_global_table;
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zerGetLastErrorDescription, xe_runtime_get_last_error_description);
XE_EXPORT(zerTranslateDeviceHandleToIdentifier,
	  xe_runtime_device_to_identifier);
XE_EXPORT(zerTranslateIdentifierToDeviceHandle,
	  xe_runtime_identifier_to_device);
XE_EXPORT(zerGetDefaultContext, xe_runtime_get_default_context);
