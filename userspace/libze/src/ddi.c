// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: DDI tables
 *
 * The loader finds a driver's entry points by calling the driver's exported
 * ze/zet/zesGet<Object>ProcAddrTable() functions, one per table of function
 * pointers. These getters are the only symbols the library exports. Loader
 * 1.8 calls all 53 of them and fails zeInit() with
 * ZE_RESULT_ERROR_UNINITIALIZED if any is missing or fails, so every table
 * is served even when the driver implements none of its functions.
 *
 * A getter rejects a NULL table and a different major API version (within
 * a major version tables only grow at the end), fills every slot with
 * xe_ddi_unsupported() so no call through the table can reach a NULL
 * pointer, and then sets the slots the driver implements. The layout is the
 * one of the spec 1.4 headers this file is compiled against.
 *
 * The same file owns the other half of dispatch: the "dditable-driver"
 * heads that every handle's zex_handle_t header points at.
 */

#include <assert.h>
#include <string.h>

#include <level_zero/ze_ddi.h>
#include <level_zero/zes_ddi.h>
#include <level_zero/zet_ddi.h>

#include "libze_private.h"
#include "ddi.h"
#include "device.h"
#include "driver.h"

/* Generic function pointer: what a table slot is, whatever its type. */
typedef void (*xe_ddi_fn_t)(void);

/*
 * Every Level Zero function returns ze_result_t, and in the x86-64 and
 * AArch64 calling conventions the caller owns argument registers and stack,
 * so one function without parameters can stand in for all of them.
 */
static ze_result_t xe_ddi_unsupported(void)
{
	return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
}

/* Point every slot of a table of @size bytes at xe_ddi_unsupported(). */
static void ddi_fill_unsupported(void *table, size_t size)
{
	xe_ddi_fn_t stub = (xe_ddi_fn_t)xe_ddi_unsupported;
	char *slot;

	/*
	 * Copied as bytes: the slots have their own function types, and
	 * storing through an xe_ddi_fn_t lvalue would let the compiler move
	 * these stores past the typed ones that follow.
	 */
	for (slot = table; slot < (char *)table + size; slot += sizeof(stub))
		memcpy(slot, &stub, sizeof(stub));
}

static ze_result_t ddi_check(ze_api_version_t version, const void *table)
{
	if (!table)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (ZE_MAJOR_VERSION(version) != ZE_MAJOR_VERSION(XE_API_VERSION))
		return ZE_RESULT_ERROR_UNSUPPORTED_VERSION;
	return ZE_RESULT_SUCCESS;
}

/* The implemented slots, one function per table that has any. */

static void ddi_fill_none(void *table)
{
	(void)table;
}

static void ddi_fill_global(ze_global_dditable_t *table)
{
	table->pfnInit = xe_init;
}

static void ddi_fill_driver(ze_driver_dditable_t *table)
{
	table->pfnGet = xe_driver_get;
	table->pfnGetApiVersion = xe_driver_get_api_version;
	table->pfnGetProperties = xe_driver_get_properties;
	table->pfnGetIpcProperties = xe_driver_get_ipc_properties;
	table->pfnGetExtensionProperties = xe_driver_get_extension_properties;
}

static void ddi_fill_device(ze_device_dditable_t *table)
{
	table->pfnGet = xe_device_get;
	table->pfnGetProperties = xe_device_get_properties;
}

/*
 * DDI_GETTER() - define the exported @getter for tables of type @table_t,
 * whose implemented slots @fill sets. The static assert guards the
 * slot-by-slot fill: a table must be nothing but function pointers.
 */
#define DDI_GETTER(getter, table_t, fill)				\
ZE_DLLEXPORT ze_result_t ZE_APICALL					\
getter(ze_api_version_t version, table_t *table)			\
{									\
	static_assert(sizeof(table_t) % sizeof(xe_ddi_fn_t) == 0,	\
		      #table_t " is not an array of function pointers");\
	ze_result_t ret = ddi_check(version, table);			\
									\
	if (ret != ZE_RESULT_SUCCESS)					\
		return ret;						\
	ddi_fill_unsupported(table, sizeof(*table));			\
	fill(table);							\
	return ZE_RESULT_SUCCESS;					\
}

#define DDI_GETTER_UNSUPPORTED(getter, table_t) \
	DDI_GETTER(getter, table_t, ddi_fill_none)

/* Core (ze_ddi.h) */
DDI_GETTER(zeGetGlobalProcAddrTable, ze_global_dditable_t, ddi_fill_global)
DDI_GETTER(zeGetDriverProcAddrTable, ze_driver_dditable_t, ddi_fill_driver)
DDI_GETTER(zeGetDeviceProcAddrTable, ze_device_dditable_t, ddi_fill_device)
DDI_GETTER_UNSUPPORTED(zeGetDeviceExpProcAddrTable, ze_device_exp_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetContextProcAddrTable, ze_context_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetCommandQueueProcAddrTable,
		       ze_command_queue_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetCommandListProcAddrTable,
		       ze_command_list_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetImageProcAddrTable, ze_image_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetImageExpProcAddrTable, ze_image_exp_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetFenceProcAddrTable, ze_fence_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetEventPoolProcAddrTable, ze_event_pool_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetEventProcAddrTable, ze_event_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetEventExpProcAddrTable, ze_event_exp_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetModuleProcAddrTable, ze_module_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetModuleBuildLogProcAddrTable,
		       ze_module_build_log_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetKernelProcAddrTable, ze_kernel_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetKernelExpProcAddrTable, ze_kernel_exp_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetSamplerProcAddrTable, ze_sampler_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetPhysicalMemProcAddrTable,
		       ze_physical_mem_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetMemProcAddrTable, ze_mem_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetVirtualMemProcAddrTable, ze_virtual_mem_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetFabricVertexExpProcAddrTable,
		       ze_fabric_vertex_exp_dditable_t)
DDI_GETTER_UNSUPPORTED(zeGetFabricEdgeExpProcAddrTable,
		       ze_fabric_edge_exp_dditable_t)

/* Tools (zet_ddi.h) */
DDI_GETTER_UNSUPPORTED(zetGetDeviceProcAddrTable, zet_device_dditable_t)
DDI_GETTER_UNSUPPORTED(zetGetContextProcAddrTable, zet_context_dditable_t)
DDI_GETTER_UNSUPPORTED(zetGetCommandListProcAddrTable,
		       zet_command_list_dditable_t)
DDI_GETTER_UNSUPPORTED(zetGetModuleProcAddrTable, zet_module_dditable_t)
DDI_GETTER_UNSUPPORTED(zetGetKernelProcAddrTable, zet_kernel_dditable_t)
DDI_GETTER_UNSUPPORTED(zetGetMetricGroupProcAddrTable,
		       zet_metric_group_dditable_t)
DDI_GETTER_UNSUPPORTED(zetGetMetricGroupExpProcAddrTable,
		       zet_metric_group_exp_dditable_t)
DDI_GETTER_UNSUPPORTED(zetGetMetricProcAddrTable, zet_metric_dditable_t)
DDI_GETTER_UNSUPPORTED(zetGetMetricStreamerProcAddrTable,
		       zet_metric_streamer_dditable_t)
DDI_GETTER_UNSUPPORTED(zetGetMetricQueryPoolProcAddrTable,
		       zet_metric_query_pool_dditable_t)
DDI_GETTER_UNSUPPORTED(zetGetMetricQueryProcAddrTable,
		       zet_metric_query_dditable_t)
DDI_GETTER_UNSUPPORTED(zetGetTracerExpProcAddrTable, zet_tracer_exp_dditable_t)
DDI_GETTER_UNSUPPORTED(zetGetDebugProcAddrTable, zet_debug_dditable_t)

/* Sysman (zes_ddi.h) */
DDI_GETTER_UNSUPPORTED(zesGetDriverProcAddrTable, zes_driver_dditable_t)
DDI_GETTER_UNSUPPORTED(zesGetDeviceProcAddrTable, zes_device_dditable_t)
DDI_GETTER_UNSUPPORTED(zesGetSchedulerProcAddrTable, zes_scheduler_dditable_t)
DDI_GETTER_UNSUPPORTED(zesGetPerformanceFactorProcAddrTable,
		       zes_performance_factor_dditable_t)
DDI_GETTER_UNSUPPORTED(zesGetPowerProcAddrTable, zes_power_dditable_t)
DDI_GETTER_UNSUPPORTED(zesGetFrequencyProcAddrTable, zes_frequency_dditable_t)
DDI_GETTER_UNSUPPORTED(zesGetEngineProcAddrTable, zes_engine_dditable_t)
DDI_GETTER_UNSUPPORTED(zesGetStandbyProcAddrTable, zes_standby_dditable_t)
DDI_GETTER_UNSUPPORTED(zesGetFirmwareProcAddrTable, zes_firmware_dditable_t)
DDI_GETTER_UNSUPPORTED(zesGetMemoryProcAddrTable, zes_memory_dditable_t)
DDI_GETTER_UNSUPPORTED(zesGetFabricPortProcAddrTable,
		       zes_fabric_port_dditable_t)
DDI_GETTER_UNSUPPORTED(zesGetTemperatureProcAddrTable,
		       zes_temperature_dditable_t)
DDI_GETTER_UNSUPPORTED(zesGetPsuProcAddrTable, zes_psu_dditable_t)
DDI_GETTER_UNSUPPORTED(zesGetFanProcAddrTable, zes_fan_dditable_t)
DDI_GETTER_UNSUPPORTED(zesGetLedProcAddrTable, zes_led_dditable_t)
DDI_GETTER_UNSUPPORTED(zesGetRasProcAddrTable, zes_ras_dditable_t)
DDI_GETTER_UNSUPPORTED(zesGetDiagnosticsProcAddrTable,
		       zes_diagnostics_dditable_t)

/**
 * xe_ddi_heads_init() - set up the dditable-driver heads of a driver
 * @heads: the driver's heads
 *
 * The driver does not advertise ZE_extension_driver_ddi_handles, so no
 * loader dispatches through the handle headers yet. The heads still carry
 * the version and a clear isValidFlag = 0: a loader that looked anyway
 * would refuse to dispatch instead of following table pointers that are
 * not there.
 */
void xe_ddi_heads_init(struct xe_ddi_heads *heads)
{
	const zex_dditable_driver_head_t head = {
		.version = XE_API_VERSION,
		.isValidFlag = 0,
	};

	heads->core = head;
	heads->tools = head;
	heads->sysman = head;
	heads->runtime = head;
}

/**
 * xe_ddi_handle_init() - fill the DDI header that starts every handle
 * @handle: header of a driver, device or any later object
 * @heads: heads of the driver that owns the object
 */
void xe_ddi_handle_init(zex_handle_t *handle, struct xe_ddi_heads *heads)
{
	*handle = (zex_handle_t){
		.pCore = &heads->core,
		.pTools = &heads->tools,
		.pSysman = &heads->sysman,
		.pRuntime = &heads->runtime,
	};
}
