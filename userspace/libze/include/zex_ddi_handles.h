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

/*
 * zex_ddi_table_index - the tables of ze_dditable_driver_t, in the order of
 * the spec 1.13-1.17 headers (1.12 lacked the two non-Exp RTAS tables; a
 * loader built from 1.12 headers would read this struct wrongly).
 */
enum zex_ddi_table_index {
	ZEX_DDI_RTAS_BUILDER,
	ZEX_DDI_RTAS_BUILDER_EXP,
	ZEX_DDI_RTAS_PARALLEL_OPERATION,
	ZEX_DDI_RTAS_PARALLEL_OPERATION_EXP,
	ZEX_DDI_GLOBAL,
	ZEX_DDI_DRIVER,
	ZEX_DDI_DRIVER_EXP,
	ZEX_DDI_DEVICE,
	ZEX_DDI_DEVICE_EXP,
	ZEX_DDI_CONTEXT,
	ZEX_DDI_COMMAND_QUEUE,
	ZEX_DDI_COMMAND_LIST,
	ZEX_DDI_COMMAND_LIST_EXP,
	ZEX_DDI_IMAGE,
	ZEX_DDI_IMAGE_EXP,
	ZEX_DDI_MEM,
	ZEX_DDI_MEM_EXP,
	ZEX_DDI_FENCE,
	ZEX_DDI_EVENT_POOL,
	ZEX_DDI_EVENT,
	ZEX_DDI_EVENT_EXP,
	ZEX_DDI_MODULE,
	ZEX_DDI_MODULE_BUILD_LOG,
	ZEX_DDI_KERNEL,
	ZEX_DDI_KERNEL_EXP,
	ZEX_DDI_SAMPLER,
	ZEX_DDI_PHYSICAL_MEM,
	ZEX_DDI_VIRTUAL_MEM,
	ZEX_DDI_FABRIC_VERTEX_EXP,
	ZEX_DDI_FABRIC_EDGE_EXP,
	ZEX_DDI_GRAPH,
	ZEX_DDI_EXECUTABLE_GRAPH,
	ZEX_DDI_NUM_TABLES
};

/*
 * zex_dditable_driver_t - layout of ze_dditable_driver_t (spec 1.17): the
 * head, then one pointer per table, each to a table laid out as the spec
 * 1.17 headers declare it. Only the version and the table pointers of
 * functions not newer than @head.version are read by a loader.
 */
typedef struct _zex_dditable_driver_t {
	zex_dditable_driver_head_t head;
	void *tables[ZEX_DDI_NUM_TABLES];
} zex_dditable_driver_t;

static_assert(offsetof(zex_dditable_driver_t, tables) == 8,
	      "ze_dditable_driver_t: tables follow version and isValidFlag");

#if defined(__cplusplus)
}
#endif

#endif /* _ZEX_DDI_HANDLES_H */
