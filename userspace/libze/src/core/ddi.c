// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: DDI tables
 *
 * The loader finds a driver's entry points by calling the driver's exported
 * ze/zet/zesGet<Object>ProcAddrTable() functions, one per table of function
 * pointers. Loader 1.8 calls 53 of them and fails zeInit() with
 * ZE_RESULT_ERROR_UNINITIALIZED if any is missing or fails, so every table
 * is served even when the driver implements none of its functions.
 *
 * A table only ever grows at its end, one spec version after the other,
 * and a loader passes the version its headers have: the table it hands in
 * is exactly as long as the slots that exist at that version. So each core
 * table is described here once, as its slots in header order, each with the
 * spec version that introduced it and the function that implements it (or
 * none); a getter fills the prefix of slots that exist at the requested
 * version and not one byte more (Debian's loader asks for 1.4, a current one
 * for 1.17). Slots without an implementation get xe_ddi_unsupported(), so
 * that no call through a table can reach a NULL pointer.
 *
 * The same descriptions give:
 *
 * - the API version the driver reports (xe_ddi_api_version()): the highest
 *   version up to which every core entry point introduced after 1.4 is
 *   implemented, leaving out the optional ones (extensions, images, virtual
 *   and physical memory, which the device reports it does not support);
 * - the tables of the DDI-handles extension (xe_ddi_heads_init()), laid out
 *   as in the spec 1.17 headers, that a current loader reads through the
 *   header at the start of every handle;
 * - the lookup by name of zeDriverGetExtensionFunctionAddress(), which also
 *   finds the entry points no table has (xe_ddi_extension_functions[]: the
 *   counter-based event API and the driver's own extensions).
 *
 * Tools (zet) and sysman (zes) tables have no implemented slot: their
 * getters fill the spec 1.4 layout with xe_ddi_unsupported().
 */

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include <zex_counter_based_event.h>
#include <zex_xe_cbev_event.h>

#include <level_zero/ze_ddi.h>
#include <level_zero/zes_ddi.h>
#include <level_zero/zet_ddi.h>

#include "core/libze_private.h"
#include "core/ddi_tables.h"
#include "core/debug_log.h"
#include "core/driver.h"
#include "core/runtime_api.h"

/*
 * What a slot holds: its implementation, or the stub. With XE_CBEV_DEBUG
 * set, the logging wrapper of its name instead (DOC: debug log); without,
 * xe_debug_wrap() hands back @slot->fn and the table is as if the log did
 * not exist.
 */
static xe_ddi_fn_t ddi_slot_fn(const struct xe_ddi_slot *slot)
{
	xe_ddi_fn_t fn = xe_debug_wrap(slot->name, slot->fn);

	return fn ? fn : (xe_ddi_fn_t)xe_ddi_unsupported;
}

/*
 * Fill the slots of @t that exist at @version into @out, which the caller
 * sized for them. Copied as bytes: the loader's slots have their own
 * function types, and storing through an xe_ddi_fn_t lvalue would let the
 * compiler move these stores past typed accesses of the caller.
 */
static void ddi_fill(const struct xe_ddi_table *t, ze_api_version_t version,
		     void *out)
{
	char *dst = out;
	unsigned int i;

	for (i = 0; i < t->num_slots && t->slots[i].since <= version; i++) {
		xe_ddi_fn_t fn = ddi_slot_fn(&t->slots[i]);

		memcpy(dst + i * sizeof(fn), &fn, sizeof(fn));
	}
}

static ze_result_t ddi_check(ze_api_version_t version, const void *table)
{
	if (!table)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (ZE_MAJOR_VERSION(version) != ZE_MAJOR_VERSION(XE_DDI_VERSION_MAX))
		return ZE_RESULT_ERROR_UNSUPPORTED_VERSION;
	return ZE_RESULT_SUCCESS;
}

/*
 * DDI_GETTER() - define the exported getter of the core table @idx, whose
 * spec 1.4 type is @table_t (void for tables that 1.4 lacks). The loader's
 * table may be longer than @table_t: it is as long as @version says.
 */
#define DDI_GETTER(getter, table_t, idx)				\
ZE_DLLEXPORT ze_result_t ZE_APICALL					\
getter(ze_api_version_t version, table_t *table)			\
{									\
	ze_result_t ret = ddi_check(version, table);			\
									\
	if (ret == ZE_RESULT_SUCCESS)					\
		ddi_fill(&xe_ddi_tables[idx], version, table);		\
	return ret;							\
}

/* Core (ze_ddi.h) */
DDI_GETTER(zeGetGlobalProcAddrTable, ze_global_dditable_t, ZEX_DDI_GLOBAL)
DDI_GETTER(zeGetDriverProcAddrTable, ze_driver_dditable_t, ZEX_DDI_DRIVER)
DDI_GETTER(zeGetDriverExpProcAddrTable, void, ZEX_DDI_DRIVER_EXP)
DDI_GETTER(zeGetDeviceProcAddrTable, ze_device_dditable_t, ZEX_DDI_DEVICE)
DDI_GETTER(zeGetDeviceExpProcAddrTable, ze_device_exp_dditable_t,
	   ZEX_DDI_DEVICE_EXP)
DDI_GETTER(zeGetContextProcAddrTable, ze_context_dditable_t, ZEX_DDI_CONTEXT)
DDI_GETTER(zeGetCommandQueueProcAddrTable, ze_command_queue_dditable_t,
	   ZEX_DDI_COMMAND_QUEUE)
DDI_GETTER(zeGetCommandListProcAddrTable, ze_command_list_dditable_t,
	   ZEX_DDI_COMMAND_LIST)
DDI_GETTER(zeGetCommandListExpProcAddrTable, void, ZEX_DDI_COMMAND_LIST_EXP)
DDI_GETTER(zeGetImageProcAddrTable, ze_image_dditable_t, ZEX_DDI_IMAGE)
DDI_GETTER(zeGetImageExpProcAddrTable, ze_image_exp_dditable_t,
	   ZEX_DDI_IMAGE_EXP)
DDI_GETTER(zeGetMemProcAddrTable, ze_mem_dditable_t, ZEX_DDI_MEM)
DDI_GETTER(zeGetMemExpProcAddrTable, void, ZEX_DDI_MEM_EXP)
DDI_GETTER(zeGetFenceProcAddrTable, ze_fence_dditable_t, ZEX_DDI_FENCE)
DDI_GETTER(zeGetEventPoolProcAddrTable, ze_event_pool_dditable_t,
	   ZEX_DDI_EVENT_POOL)
DDI_GETTER(zeGetEventProcAddrTable, ze_event_dditable_t, ZEX_DDI_EVENT)
DDI_GETTER(zeGetEventExpProcAddrTable, ze_event_exp_dditable_t,
	   ZEX_DDI_EVENT_EXP)
DDI_GETTER(zeGetModuleProcAddrTable, ze_module_dditable_t, ZEX_DDI_MODULE)
DDI_GETTER(zeGetModuleBuildLogProcAddrTable, ze_module_build_log_dditable_t,
	   ZEX_DDI_MODULE_BUILD_LOG)
DDI_GETTER(zeGetKernelProcAddrTable, ze_kernel_dditable_t, ZEX_DDI_KERNEL)
DDI_GETTER(zeGetKernelExpProcAddrTable, ze_kernel_exp_dditable_t,
	   ZEX_DDI_KERNEL_EXP)
DDI_GETTER(zeGetSamplerProcAddrTable, ze_sampler_dditable_t, ZEX_DDI_SAMPLER)
DDI_GETTER(zeGetPhysicalMemProcAddrTable, ze_physical_mem_dditable_t,
	   ZEX_DDI_PHYSICAL_MEM)
DDI_GETTER(zeGetVirtualMemProcAddrTable, ze_virtual_mem_dditable_t,
	   ZEX_DDI_VIRTUAL_MEM)
DDI_GETTER(zeGetFabricVertexExpProcAddrTable, ze_fabric_vertex_exp_dditable_t,
	   ZEX_DDI_FABRIC_VERTEX_EXP)
DDI_GETTER(zeGetFabricEdgeExpProcAddrTable, ze_fabric_edge_exp_dditable_t,
	   ZEX_DDI_FABRIC_EDGE_EXP)
DDI_GETTER(zeGetRTASBuilderProcAddrTable, void, ZEX_DDI_RTAS_BUILDER)
DDI_GETTER(zeGetRTASBuilderExpProcAddrTable, void, ZEX_DDI_RTAS_BUILDER_EXP)
DDI_GETTER(zeGetRTASParallelOperationProcAddrTable, void,
	   ZEX_DDI_RTAS_PARALLEL_OPERATION)
DDI_GETTER(zeGetRTASParallelOperationExpProcAddrTable, void,
	   ZEX_DDI_RTAS_PARALLEL_OPERATION_EXP)
DDI_GETTER(zeGetGraphProcAddrTable, void, ZEX_DDI_GRAPH)
DDI_GETTER(zeGetExecutableGraphProcAddrTable, void, ZEX_DDI_EXECUTABLE_GRAPH)

/* Point every slot of a spec 1.4 table of @size bytes at the stub. */
static void ddi_fill_unsupported(void *table, size_t size)
{
	xe_ddi_fn_t stub = (xe_ddi_fn_t)xe_ddi_unsupported;
	char *slot;

	for (slot = table; slot < (char *)table + size; slot += sizeof(stub))
		memcpy(slot, &stub, sizeof(stub));
}

/*
 * DDI_GETTER_TOOLS() - getter of a tools or sysman table: nothing is
 * implemented, the spec 1.4 layout is served to loaders of 1.4 or later.
 */
#define DDI_GETTER_TOOLS(getter, table_t)				\
ZE_DLLEXPORT ze_result_t ZE_APICALL					\
getter(ze_api_version_t version, table_t *table)			\
{									\
	static_assert(sizeof(table_t) % sizeof(xe_ddi_fn_t) == 0,	\
		      #table_t " is not an array of function pointers");\
	ze_result_t ret = ddi_check(version, table);			\
									\
	if (ret != ZE_RESULT_SUCCESS)					\
		return ret;						\
	if (version < ZE_API_VERSION_1_4)				\
		return ZE_RESULT_ERROR_UNSUPPORTED_VERSION;		\
	ddi_fill_unsupported(table, sizeof(*table));			\
	return ZE_RESULT_SUCCESS;					\
}

/* Tools (zet_ddi.h) */
DDI_GETTER_TOOLS(zetGetDeviceProcAddrTable, zet_device_dditable_t)
DDI_GETTER_TOOLS(zetGetContextProcAddrTable, zet_context_dditable_t)
DDI_GETTER_TOOLS(zetGetCommandListProcAddrTable, zet_command_list_dditable_t)
DDI_GETTER_TOOLS(zetGetModuleProcAddrTable, zet_module_dditable_t)
DDI_GETTER_TOOLS(zetGetKernelProcAddrTable, zet_kernel_dditable_t)
DDI_GETTER_TOOLS(zetGetMetricGroupProcAddrTable, zet_metric_group_dditable_t)
DDI_GETTER_TOOLS(zetGetMetricGroupExpProcAddrTable,
		 zet_metric_group_exp_dditable_t)
DDI_GETTER_TOOLS(zetGetMetricProcAddrTable, zet_metric_dditable_t)
DDI_GETTER_TOOLS(zetGetMetricStreamerProcAddrTable,
		 zet_metric_streamer_dditable_t)
DDI_GETTER_TOOLS(zetGetMetricQueryPoolProcAddrTable,
		 zet_metric_query_pool_dditable_t)
DDI_GETTER_TOOLS(zetGetMetricQueryProcAddrTable, zet_metric_query_dditable_t)
DDI_GETTER_TOOLS(zetGetTracerExpProcAddrTable, zet_tracer_exp_dditable_t)
DDI_GETTER_TOOLS(zetGetDebugProcAddrTable, zet_debug_dditable_t)

/* Sysman (zes_ddi.h) */
DDI_GETTER_TOOLS(zesGetDriverProcAddrTable, zes_driver_dditable_t)
DDI_GETTER_TOOLS(zesGetDeviceProcAddrTable, zes_device_dditable_t)
DDI_GETTER_TOOLS(zesGetSchedulerProcAddrTable, zes_scheduler_dditable_t)
DDI_GETTER_TOOLS(zesGetPerformanceFactorProcAddrTable,
		 zes_performance_factor_dditable_t)
DDI_GETTER_TOOLS(zesGetPowerProcAddrTable, zes_power_dditable_t)
DDI_GETTER_TOOLS(zesGetFrequencyProcAddrTable, zes_frequency_dditable_t)
DDI_GETTER_TOOLS(zesGetEngineProcAddrTable, zes_engine_dditable_t)
DDI_GETTER_TOOLS(zesGetStandbyProcAddrTable, zes_standby_dditable_t)
DDI_GETTER_TOOLS(zesGetFirmwareProcAddrTable, zes_firmware_dditable_t)
DDI_GETTER_TOOLS(zesGetMemoryProcAddrTable, zes_memory_dditable_t)
DDI_GETTER_TOOLS(zesGetFabricPortProcAddrTable, zes_fabric_port_dditable_t)
DDI_GETTER_TOOLS(zesGetTemperatureProcAddrTable, zes_temperature_dditable_t)
DDI_GETTER_TOOLS(zesGetPsuProcAddrTable, zes_psu_dditable_t)
DDI_GETTER_TOOLS(zesGetFanProcAddrTable, zes_fan_dditable_t)
DDI_GETTER_TOOLS(zesGetLedProcAddrTable, zes_led_dditable_t)
DDI_GETTER_TOOLS(zesGetRasProcAddrTable, zes_ras_dditable_t)
DDI_GETTER_TOOLS(zesGetDiagnosticsProcAddrTable, zes_diagnostics_dditable_t)

/*
 * xe_ddi_api_version() - the API version the driver implements
 *
 * Return: the highest version v, from 1.4 to XE_DDI_VERSION_MAX, such that
 * every core entry point introduced after 1.4 and up to v is implemented
 * (optional features and extensions left out, see DOC: DDI tables).
 */
static ze_api_version_t xe_ddi_api_version(void)
{
	ze_api_version_t version = XE_DDI_VERSION_MAX;
	unsigned int t, i;

	for (t = 0; t < ZEX_DDI_NUM_TABLES; t++) {
		const struct xe_ddi_table *table = &xe_ddi_tables[t];

		for (i = 0; i < table->num_slots; i++) {
			const struct xe_ddi_slot *slot = &table->slots[i];

			if (slot->fn || (slot->flags & XE_DDI_OPTIONAL) ||
			    slot->since <= ZE_API_VERSION_1_4)
				continue;
			if (slot->since - 1 < version)
				version = slot->since - 1;
		}
	}
	return version;
}

/*
 * xe_ddi_heads_init() - set up the dditable-driver heads of a driver
 * @heads: the driver's heads
 *
 * The core head is valid and names the reported API version; a loader
 * that dispatches through it refuses calls of entry points newer than
 * that. Its tables are filled at XE_DDI_VERSION_MAX. The runtime head is
 * valid too, laid out as zer_dditable_driver_t: its one table, Global, is
 * the runtime API's (runtime_api.c). Tools and sysman heads stay invalid:
 * the driver implements none of those APIs.
 */
static void xe_ddi_heads_init(struct xe_ddi_heads *heads)
{
	unsigned int t;

	memset(heads, 0, sizeof(*heads));
	heads->core.head.version = xe_ddi_api_version();
	heads->core.head.isValidFlag = 1;
	heads->tools.head.version = heads->core.head.version;
	heads->sysman.head.version = heads->core.head.version;
	heads->runtime.head.version = heads->core.head.version;
	heads->runtime.head.isValidFlag = 1;
	heads->runtime.tables[0] = (void *)&xe_runtime_global_table;

	for (t = 0; t < ZEX_DDI_NUM_TABLES; t++) {
		assert(xe_ddi_tables[t].num_slots <= XE_DDI_MAX_SLOTS);
		ddi_fill(&xe_ddi_tables[t], XE_DDI_VERSION_MAX,
			 heads->tables[t]);
		heads->core.tables[t] = heads->tables[t];
	}
}

/*
 * The driver is a singleton that hands out no handle before zeInit(): its
 * heads are filled in once, when the library is loaded, so that the
 * driver object below needs nothing of the tables above it.
 */
__attribute__((constructor)) static void ddi_load(void)
{
	xe_ddi_heads_init(xe_driver_ddi_heads());
}
