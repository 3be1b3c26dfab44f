/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _ZEX_DDI_HANDLES_H
#define _ZEX_DDI_HANDLES_H

/*
 * DOC: DDI-handles header
 *
 * Level Zero 1.12 added the "ZE_extension_driver_ddi_handles" extension: a
 * driver that advertises it promises that every handle it returns starts
 * with four pointers (ze_handle_t in ze_ddi_common.h), and a loader that sees
 * the promise dispatches through them instead of wrapping the handle. Each
 * pointer leads to a "dditable-driver" struct that begins with the API
 * version of the tables and a valid flag, followed by pointers to the tables
 * in an order that changed between spec versions.
 *
 * Debian's Level Zero headers are spec 1.4 and lack all of this, so the
 * layout is restated here under zex_ names (no clash once newer headers
 * arrive). Only the part that is the same in every spec version is spelled
 * out: the handle header and the head of a dditable-driver struct.
 */

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#include <level_zero/ze_api.h>

#if defined(__cplusplus)
extern "C" {
#endif

/*
 * zex_dditable_driver_head_t - first bytes of ze_dditable_driver_t and its
 * zet/zes/zer twins. The loader refuses to dispatch (returns
 * ZE_RESULT_ERROR_UNINITIALIZED) while @isValidFlag is 0; the table
 * pointers that follow are laid out for @version.
 */
typedef struct _zex_dditable_driver_head_t {
	ze_api_version_t version;
	uint8_t isValidFlag;
} zex_dditable_driver_head_t;

/*
 * zex_handle_t - layout of ze_handle_t, DDI-handles extension 1.1. The
 * 1.0 header had only the first three members; a loader that knows 1.0
 * reads just those, so carrying @pRuntime costs nothing and is what spec
 * 1.17 requires of a driver that reports API 1.17.
 */
typedef struct _zex_handle_t {
	zex_dditable_driver_head_t *pCore;	/* ze_dditable_driver_t */
	zex_dditable_driver_head_t *pTools;	/* zet_dditable_driver_t */
	zex_dditable_driver_head_t *pSysman;	/* zes_dditable_driver_t */
	zex_dditable_driver_head_t *pRuntime;	/* zer_dditable_driver_t */
} zex_handle_t;

static_assert(offsetof(zex_handle_t, pCore) == 0, "ze_handle_t.pCore");
static_assert(offsetof(zex_handle_t, pTools) == sizeof(void *),
	      "ze_handle_t.pTools");
static_assert(offsetof(zex_handle_t, pSysman) == 2 * sizeof(void *),
	      "ze_handle_t.pSysman");
static_assert(offsetof(zex_handle_t, pRuntime) == 3 * sizeof(void *),
	      "ze_handle_t.pRuntime");

#if defined(__cplusplus)
}
#endif

#endif /* _ZEX_DDI_HANDLES_H */
