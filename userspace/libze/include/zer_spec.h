/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _ZER_SPEC_H
#define _ZER_SPEC_H

/*
 * DOC: the Level Zero runtime API (zer*), spec 1.14+
 *
 * A handful of functions that speak for "the default driver" without a
 * driver handle: its default context, the last error of the calling
 * thread, and a small integer per device. Spec 1.4 headers do not have
 * them; this header restates their prototypes, their one DDI table
 * (zer_global_dditable_t, "Global") and its getter with the values and
 * layouts of the official zer_api.h / zer_ddi.h, so that the driver and C
 * programs built on Debian can use them.
 *
 * With headers of spec 1.17 or later (ZE_API_VERSION_CURRENT_M) the
 * official zer_api.h declares all of this, and this file defines nothing.
 */

#include <stdint.h>

#include <level_zero/ze_api.h>

#if !defined(ZE_API_VERSION_CURRENT_M) && !defined(_ZER_API_H)

#if defined(__cplusplus)
extern "C" {
#endif

/*
 * The description of the last error a zer or ze call of the default
 * driver returned in the calling thread; "" if it had nothing to add.
 * Not changed by calls that succeed. The string is the driver's.
 */
ZE_APIEXPORT ze_result_t ZE_APICALL
zerGetLastErrorDescription(const char **ppString);

/* A small integer for @hDevice; UINT32_MAX (see the last error) if none. */
ZE_APIEXPORT uint32_t ZE_APICALL
zerTranslateDeviceHandleToIdentifier(ze_device_handle_t hDevice);

/* The device of @identifier; NULL (see the last error) if none. */
ZE_APIEXPORT ze_device_handle_t ZE_APICALL
zerTranslateIdentifierToDeviceHandle(uint32_t identifier);

/* The default driver's default context, with all its devices; or NULL. */
ZE_APIEXPORT ze_context_handle_t ZE_APICALL zerGetDefaultContext(void);

/* ---- the DDI table (zer_ddi.h) ------------------------------------------ */

typedef ze_result_t (ZE_APICALL *zer_pfnGetLastErrorDescription_t)(
	const char **);
typedef uint32_t (ZE_APICALL *zer_pfnTranslateDeviceHandleToIdentifier_t)(
	ze_device_handle_t);
typedef ze_device_handle_t (ZE_APICALL *zer_pfnTranslateIdentifierToDeviceHandle_t)(
	uint32_t);
typedef ze_context_handle_t (ZE_APICALL *zer_pfnGetDefaultContext_t)(void);

typedef struct _zer_global_dditable_t {
	zer_pfnGetLastErrorDescription_t pfnGetLastErrorDescription;
	zer_pfnTranslateDeviceHandleToIdentifier_t
		pfnTranslateDeviceHandleToIdentifier;
	zer_pfnTranslateIdentifierToDeviceHandle_t
		pfnTranslateIdentifierToDeviceHandle;
	zer_pfnGetDefaultContext_t pfnGetDefaultContext;
} zer_global_dditable_t;

/* Fills @pDdiTable with the driver's functions; exported for the loader. */
ZE_DLLEXPORT ze_result_t ZE_APICALL
zerGetGlobalProcAddrTable(ze_api_version_t version,
			  zer_global_dditable_t *pDdiTable);

typedef ze_result_t (ZE_APICALL *zer_pfnGetGlobalProcAddrTable_t)(
	ze_api_version_t, zer_global_dditable_t *);

typedef struct _zer_dditable_t {
	zer_global_dditable_t Global;
} zer_dditable_t;

/* What ze_handle_t.pRuntime points at (DDI-handles extension 1.1). */
typedef struct _zer_dditable_driver_t {
	ze_api_version_t version;
	uint8_t isValidFlag;
	zer_global_dditable_t *Global;
} zer_dditable_driver_t;

#if defined(__cplusplus)
}
#endif

#endif /* spec 1.4 headers */
#endif /* _ZER_SPEC_H */
