// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * The DDI tables' contents (see "DDI tables", ddi.c): every table's slots
 * in header order, one line per entry point, with the spec version that
 * introduced it and its implementation; gen-debug-wrappers.awk reads them,
 * preprocessed, for the debug log's wrappers. Then the lookup by name over
 * them, and the extensions, which the tables list and which read them:
 * zeDriverGetExtensionProperties() reports those whose entry points are
 * all in the tables, zeDriverGetExtensionFunctionAddress() finds them.
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
#include "append/append_api.h"
#include "lists/cmdlist.h"
#include "append/append_jit.h"
#include "lists/cmdqueue.h"
#include "lists/mutable.h"
#include "events/cb_event.h"
#include "core/context.h"
#include "core/device.h"
#include "core/device_ext.h"
#include "core/driver.h"
#include "events/event.h"
#include "events/external_semaphore.h"
#include "graph/graph.h"
#include "graph/graph_dump.h"
#include "graph/graph_exec.h"
#include "memory/memory.h"
#include "memory/virtual.h"
#include "modules/module.h"

/*
 * Every Level Zero function returns ze_result_t, and in the x86-64 and
 * AArch64 calling conventions the caller owns argument registers and stack,
 * so one function without parameters can stand in for all of them.
 */
ze_result_t xe_ddi_unsupported(void)
{
	return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
}

/* Implemented slot. */
#define S(ver, api, impl) \
	{ ZE_API_VERSION_##ver, 0, #api, (xe_ddi_fn_t)(impl) }
/* Implemented slot of an optional feature or extension. */
#define SO(ver, api, impl) \
	{ ZE_API_VERSION_##ver, XE_DDI_OPTIONAL, #api, (xe_ddi_fn_t)(impl) }
/* Core slot not implemented: caps the API version below @ver. */
#define N(ver, api)	{ ZE_API_VERSION_##ver, 0, #api, NULL }
/* Optional slot not implemented. */
#define O(ver, api)	{ ZE_API_VERSION_##ver, XE_DDI_OPTIONAL, #api, NULL }

static const struct xe_ddi_slot global_slots[] = {
	S(1_0, zeInit, xe_init),
	S(1_10, zeInitDrivers, xe_init_drivers),
};

static const struct xe_ddi_slot driver_slots[] = {
	S(1_0, zeDriverGet, xe_driver_get),
	S(1_0, zeDriverGetApiVersion, xe_driver_get_api_version),
	S(1_0, zeDriverGetProperties, xe_driver_get_properties),
	S(1_0, zeDriverGetIpcProperties, xe_driver_get_ipc_properties),
	S(1_0, zeDriverGetExtensionProperties,
	  xe_driver_get_extension_properties),
	S(1_1, zeDriverGetExtensionFunctionAddress,
	  xe_driver_get_extension_function_address),
	S(1_6, zeDriverGetLastErrorDescription,
	  xe_driver_get_last_error_description),
	O(1_13, zeDriverRTASFormatCompatibilityCheckExt),
	S(1_14, zeDriverGetDefaultContext, xe_driver_get_default_context),
};

static const struct xe_ddi_slot driver_exp_slots[] = {
	O(1_7, zeDriverRTASFormatCompatibilityCheckExp),
};

static const struct xe_ddi_slot device_slots[] = {
	S(1_0, zeDeviceGet, xe_device_get),
	S(1_0, zeDeviceGetSubDevices, xe_device_get_sub_devices),
	S(1_0, zeDeviceGetProperties, xe_device_get_properties),
	S(1_0, zeDeviceGetComputeProperties, xe_device_get_compute_properties),
	S(1_0, zeDeviceGetModuleProperties, xe_device_get_module_properties),
	S(1_0, zeDeviceGetCommandQueueGroupProperties, xe_device_get_command_queue_group_properties),
	S(1_0, zeDeviceGetMemoryProperties, xe_device_get_memory_properties),
	S(1_0, zeDeviceGetMemoryAccessProperties, xe_device_get_memory_access_properties),
	S(1_0, zeDeviceGetCacheProperties, xe_device_get_cache_properties),
	S(1_0, zeDeviceGetImageProperties, xe_device_get_image_properties),
	S(1_0, zeDeviceGetExternalMemoryProperties, xe_device_get_external_memory_properties),
	S(1_0, zeDeviceGetP2PProperties, xe_device_get_p2p_properties),
	S(1_0, zeDeviceCanAccessPeer, xe_device_can_access_peer),
	S(1_0, zeDeviceGetStatus, xe_device_get_status),
	S(1_1, zeDeviceGetGlobalTimestamps, xe_device_get_global_timestamps),
	O(1_2, zeDeviceReserveCacheExt),
	O(1_2, zeDeviceSetCacheAdviceExt),
	SO(1_3, zeDevicePciGetPropertiesExt, xe_device_pci_get_properties),
	S(1_7, zeDeviceGetRootDevice, xe_device_get_root_device),
	SO(1_12, zeDeviceImportExternalSemaphoreExt, xe_device_import_external_semaphore),
	SO(1_12, zeDeviceReleaseExternalSemaphoreExt, xe_device_release_external_semaphore),
	SO(1_13, zeDeviceGetVectorWidthPropertiesExt, xe_device_get_vector_width_properties),
	S(1_14, zeDeviceSynchronize, xe_device_synchronize),
	S(1_15, zeDeviceGetAggregatedCopyOffloadIncrementValue, xe_device_get_aggregated_increment_value),
	N(1_16, zeDeviceGetRuntimeRequirements),
	N(1_16, zeDeviceGetRuntimeRequirementsKey),
	N(1_16, zeDeviceValidateRuntimeRequirements),
	S(1_17, zeDeviceGetCounterBasedEventMaxValue, xe_device_get_cb_event_max_value),
};

static const struct xe_ddi_slot device_exp_slots[] = {
	O(1_4, zeDeviceGetFabricVertexExp),
};

static const struct xe_ddi_slot context_slots[] = {
	S(1_0, zeContextCreate, xe_context_create_api),
	S(1_0, zeContextDestroy, xe_context_destroy_api),
	S(1_0, zeContextGetStatus, xe_context_get_status),
	S(1_0, zeContextSystemBarrier, xe_context_system_barrier),
	S(1_0, zeContextMakeMemoryResident,
	  xe_context_make_memory_resident),
	S(1_0, zeContextEvictMemory, xe_context_evict_memory),
	O(1_0, zeContextMakeImageResident),
	O(1_0, zeContextEvictImage),
	S(1_1, zeContextCreateEx, xe_context_create_ex),
};

static const struct xe_ddi_slot command_queue_slots[] = {
	S(1_0, zeCommandQueueCreate, xe_cmdqueue_create),
	S(1_0, zeCommandQueueDestroy, xe_cmdqueue_destroy),
	S(1_0, zeCommandQueueExecuteCommandLists, xe_cmdqueue_execute_command_lists),
	S(1_0, zeCommandQueueSynchronize, xe_cmdqueue_synchronize),
	S(1_9, zeCommandQueueGetOrdinal, xe_cmdqueue_get_ordinal),
	S(1_9, zeCommandQueueGetIndex, xe_cmdqueue_get_index),
	S(1_17, zeCommandQueueGetFlags, xe_cmdqueue_get_flags),
	S(1_17, zeCommandQueueGetMode, xe_cmdqueue_get_mode),
	S(1_17, zeCommandQueueGetPriority, xe_cmdqueue_get_priority),
};

static const struct xe_ddi_slot command_list_slots[] = {
	S(1_0, zeCommandListCreate, xe_cmdlist_create),
	S(1_0, zeCommandListCreateImmediate, xe_cmdlist_create_immediate),
	S(1_0, zeCommandListDestroy, xe_cmdlist_destroy),
	S(1_0, zeCommandListClose, xe_cmdlist_close),
	S(1_0, zeCommandListReset, xe_cmdlist_reset),
	S(1_0, zeCommandListAppendWriteGlobalTimestamp, xe_append_write_global_timestamp),
	S(1_0, zeCommandListAppendBarrier, xe_append_barrier),
	S(1_0, zeCommandListAppendMemoryRangesBarrier, xe_append_memory_ranges_barrier),
	S(1_0, zeCommandListAppendMemoryCopy, xe_append_memory_copy),
	S(1_0, zeCommandListAppendMemoryFill, xe_append_memory_fill),
	S(1_0, zeCommandListAppendMemoryCopyRegion, xe_append_memory_copy_region),
	S(1_0, zeCommandListAppendMemoryCopyFromContext, xe_append_memory_copy_from_context),
	O(1_0, zeCommandListAppendImageCopy),
	O(1_0, zeCommandListAppendImageCopyRegion),
	O(1_0, zeCommandListAppendImageCopyToMemory),
	O(1_0, zeCommandListAppendImageCopyFromMemory),
	S(1_0, zeCommandListAppendMemoryPrefetch, xe_append_memory_prefetch),
	S(1_0, zeCommandListAppendMemAdvise, xe_append_mem_advise),
	S(1_0, zeCommandListAppendSignalEvent, xe_append_signal_event),
	S(1_0, zeCommandListAppendWaitOnEvents, xe_append_wait_on_events),
	S(1_0, zeCommandListAppendEventReset, xe_append_event_reset),
	S(1_0, zeCommandListAppendQueryKernelTimestamps, xe_append_query_kernel_timestamps),
	S(1_0, zeCommandListAppendLaunchKernel, xe_append_launch_kernel),
	S(1_0, zeCommandListAppendLaunchCooperativeKernel, xe_append_launch_cooperative_kernel),
	S(1_0, zeCommandListAppendLaunchKernelIndirect, xe_append_launch_kernel_indirect),
	S(1_0, zeCommandListAppendLaunchMultipleKernelsIndirect, xe_append_launch_multiple_kernels_indirect),
	O(1_3, zeCommandListAppendImageCopyToMemoryExt),
	O(1_3, zeCommandListAppendImageCopyFromMemoryExt),
	S(1_6, zeCommandListHostSynchronize, xe_cmdlist_host_synchronize),
	S(1_9, zeCommandListGetDeviceHandle, xe_cmdlist_get_device_handle),
	S(1_9, zeCommandListGetContextHandle, xe_cmdlist_get_context_handle),
	S(1_9, zeCommandListGetOrdinal, xe_cmdlist_get_ordinal),
	S(1_9, zeCommandListImmediateGetIndex, xe_cmdlist_immediate_get_index),
	S(1_9, zeCommandListIsImmediate, xe_cmdlist_is_immediate),
	SO(1_12, zeCommandListAppendSignalExternalSemaphoreExt, xe_append_signal_external_semaphores),
	SO(1_12, zeCommandListAppendWaitExternalSemaphoreExt, xe_append_wait_external_semaphores),
	S(1_14, zeCommandListAppendLaunchKernelWithParameters, xe_append_launch_kernel_with_parameters),
	S(1_14, zeCommandListAppendLaunchKernelWithArguments, xe_append_launch_kernel_with_arguments),
	S(1_16, zeCommandListAppendMemoryCopyWithParameters, xe_append_memory_copy_with_parameters),
	S(1_16, zeCommandListAppendMemoryFillWithParameters, xe_append_memory_fill_with_parameters),
	S(1_16, zeCommandListImmediateAppendCommandListsWithParameters, xe_append_command_lists_with_parameters),
	S(1_17, zeCommandListGetFlags, xe_cmdlist_get_flags),
	S(1_17, zeCommandListImmediateGetFlags, xe_cmdlist_immediate_get_flags),
	S(1_17, zeCommandListImmediateGetMode, xe_cmdlist_immediate_get_mode),
	S(1_17, zeCommandListImmediateGetPriority, xe_cmdlist_immediate_get_priority),
	SO(1_17, zeCommandListBeginGraphCaptureExt, xe_cmdlist_begin_graph_capture),
	SO(1_17, zeCommandListBeginCaptureIntoGraphExt, xe_cmdlist_begin_capture_into_graph),
	SO(1_17, zeCommandListIsGraphCaptureEnabledExt, xe_cmdlist_is_graph_capture_enabled),
	SO(1_17, zeCommandListEndGraphCaptureExt, xe_cmdlist_end_graph_capture),
	SO(1_17, zeCommandListGetGraphExt, xe_cmdlist_get_graph),
	SO(1_17, zeCommandListAppendGraphExt, xe_cmdlist_append_graph),
	S(1_17, zeCommandListAppendHostFunction, xe_append_host_function),
};

static const struct xe_ddi_slot command_list_exp_slots[] = {
	O(1_9, zeCommandListCreateCloneExp),
	SO(1_9, zeCommandListImmediateAppendCommandListsExp, xe_append_command_lists_exp),
	SO(1_9, zeCommandListGetNextCommandIdExp,
	   xe_cmdlist_get_next_command_id_exp),
	SO(1_9, zeCommandListUpdateMutableCommandsExp,
	   xe_cmdlist_update_mutable_commands_exp),
	SO(1_9, zeCommandListUpdateMutableCommandSignalEventExp,
	   xe_cmdlist_update_mutable_signal_event_exp),
	SO(1_9, zeCommandListUpdateMutableCommandWaitEventsExp,
	   xe_cmdlist_update_mutable_wait_events_exp),
	SO(1_10, zeCommandListGetNextCommandIdWithKernelsExp,
	   xe_cmdlist_get_next_command_id_with_kernels_exp),
	SO(1_10, zeCommandListUpdateMutableCommandKernelsExp,
	   xe_cmdlist_update_mutable_kernels_exp),
	SO(1_17, zeCommandListIsMutableExp, xe_cmdlist_is_mutable_exp),
};

static const struct xe_ddi_slot image_slots[] = {
	O(1_0, zeImageGetProperties),
	O(1_0, zeImageCreate),
	O(1_0, zeImageDestroy),
	O(1_3, zeImageGetAllocPropertiesExt),
	O(1_5, zeImageViewCreateExt),
};

static const struct xe_ddi_slot image_exp_slots[] = {
	O(1_2, zeImageGetMemoryPropertiesExp),
	O(1_2, zeImageViewCreateExp),
	O(1_9, zeImageGetDeviceOffsetExp),
};

static const struct xe_ddi_slot mem_slots[] = {
	S(1_0, zeMemAllocShared, xe_mem_alloc_shared),
	S(1_0, zeMemAllocDevice, xe_mem_alloc_device),
	S(1_0, zeMemAllocHost, xe_mem_alloc_host),
	S(1_0, zeMemFree, xe_mem_free),
	S(1_0, zeMemGetAllocProperties, xe_mem_get_alloc_properties),
	S(1_0, zeMemGetAddressRange, xe_mem_get_address_range),
	S(1_0, zeMemGetIpcHandle, xe_mem_get_ipc_handle),
	S(1_0, zeMemOpenIpcHandle, xe_mem_open_ipc_handle),
	S(1_0, zeMemCloseIpcHandle, xe_mem_close_ipc_handle),
	S(1_3, zeMemFreeExt, xe_mem_free_ext),
	S(1_6, zeMemPutIpcHandle, xe_mem_put_ipc_handle),
	O(1_9, zeMemGetPitchFor2dImage),
	S(1_15, zeMemGetIpcHandleWithProperties, xe_mem_get_ipc_handle_with_properties),
};

static const struct xe_ddi_slot mem_exp_slots[] = {
	SO(1_6, zeMemGetIpcHandleFromFileDescriptorExp, xe_mem_ipc_handle_from_fd),
	SO(1_6, zeMemGetFileDescriptorFromIpcHandleExp, xe_mem_fd_from_ipc_handle),
	O(1_7, zeMemSetAtomicAccessAttributeExp),
	O(1_7, zeMemGetAtomicAccessAttributeExp),
};

static const struct xe_ddi_slot fence_slots[] = {
	S(1_0, zeFenceCreate, xe_fence_create),
	S(1_0, zeFenceDestroy, xe_fence_destroy),
	S(1_0, zeFenceHostSynchronize, xe_fence_host_synchronize),
	S(1_0, zeFenceQueryStatus, xe_fence_query_status),
	S(1_0, zeFenceReset, xe_fence_reset),
};

static const struct xe_ddi_slot event_pool_slots[] = {
	S(1_0, zeEventPoolCreate, xe_event_pool_create),
	S(1_0, zeEventPoolDestroy, xe_event_pool_destroy),
	S(1_0, zeEventPoolGetIpcHandle, xe_event_pool_get_ipc_handle),
	S(1_0, zeEventPoolOpenIpcHandle, xe_event_pool_open_ipc_handle),
	S(1_0, zeEventPoolCloseIpcHandle, xe_event_pool_close_ipc_handle),
	S(1_6, zeEventPoolPutIpcHandle, xe_event_pool_put_ipc_handle),
	S(1_9, zeEventPoolGetContextHandle, xe_event_pool_get_context_handle),
	S(1_9, zeEventPoolGetFlags, xe_event_pool_get_flags),
};

static const struct xe_ddi_slot event_slots[] = {
	S(1_0, zeEventCreate, xe_event_create),
	S(1_0, zeEventDestroy, xe_event_destroy),
	S(1_0, zeEventHostSignal, xe_event_host_signal),
	S(1_0, zeEventHostSynchronize, xe_event_host_synchronize),
	S(1_0, zeEventQueryStatus, xe_event_query_status),
	S(1_0, zeEventHostReset, xe_event_host_reset),
	S(1_0, zeEventQueryKernelTimestamp, xe_event_query_kernel_timestamp),
	SO(1_6, zeEventQueryKernelTimestampsExt,
	   xe_event_query_kernel_timestamps_ext),
	S(1_9, zeEventGetEventPool, xe_event_get_event_pool),
	S(1_9, zeEventGetSignalScope, xe_event_get_signal_scope),
	S(1_9, zeEventGetWaitScope, xe_event_get_wait_scope),
	S(1_15, zeEventCounterBasedCreate, xe_cb_event_create),
	S(1_15, zeEventCounterBasedGetIpcHandle, xe_cb_event_get_ipc_handle),
	S(1_15, zeEventCounterBasedOpenIpcHandle, xe_cb_event_open_ipc_handle),
	S(1_15, zeEventCounterBasedCloseIpcHandle, xe_cb_event_close_ipc_handle),
	S(1_15, zeEventCounterBasedGetDeviceAddress, xe_cb_event_get_device_address),
	S(1_17, zeEventGetCounterBasedFlags, xe_event_get_counter_based_flags),
};

static const struct xe_ddi_slot event_exp_slots[] = {
	SO(1_2, zeEventQueryTimestampsExp, xe_event_query_timestamps_exp),
};

static const struct xe_ddi_slot module_slots[] = {
	S(1_0, zeModuleCreate, xe_module_create),
	S(1_0, zeModuleDestroy, xe_module_destroy),
	S(1_0, zeModuleDynamicLink, xe_module_dynamic_link),
	S(1_0, zeModuleGetNativeBinary, xe_module_get_native_binary),
	S(1_0, zeModuleGetGlobalPointer, xe_module_get_global_pointer),
	S(1_0, zeModuleGetKernelNames, xe_module_get_kernel_names),
	S(1_0, zeModuleGetProperties, xe_module_get_properties),
	S(1_0, zeModuleGetFunctionPointer, xe_module_get_function_pointer),
	O(1_3, zeModuleInspectLinkageExt),
};

static const struct xe_ddi_slot module_build_log_slots[] = {
	S(1_0, zeModuleBuildLogDestroy, xe_build_log_destroy),
	S(1_0, zeModuleBuildLogGetString, xe_build_log_get_string),
};

static const struct xe_ddi_slot kernel_slots[] = {
	S(1_0, zeKernelCreate, xe_kernel_create),
	S(1_0, zeKernelDestroy, xe_kernel_destroy),
	S(1_0, zeKernelSetCacheConfig, xe_kernel_set_cache_config),
	S(1_0, zeKernelSetGroupSize, xe_kernel_set_group_size_api),
	S(1_0, zeKernelSuggestGroupSize, xe_kernel_suggest_group_size),
	S(1_0, zeKernelSuggestMaxCooperativeGroupCount, xe_kernel_suggest_max_cooperative_group_count),
	S(1_0, zeKernelSetArgumentValue, xe_kernel_set_argument_value),
	S(1_0, zeKernelSetIndirectAccess, xe_kernel_set_indirect_access),
	S(1_0, zeKernelGetIndirectAccess, xe_kernel_get_indirect_access),
	S(1_0, zeKernelGetSourceAttributes, xe_kernel_get_source_attributes),
	S(1_0, zeKernelGetProperties, xe_kernel_get_properties),
	S(1_0, zeKernelGetName, xe_kernel_get_name),
};

static const struct xe_ddi_slot kernel_exp_slots[] = {
	SO(1_1, zeKernelSetGlobalOffsetExp, xe_kernel_set_global_offset_exp),
	O(1_2, zeKernelSchedulingHintExp),
	O(1_11, zeKernelGetBinaryExp),
	O(1_14, zeKernelGetAllocationPropertiesExp),
};

static const struct xe_ddi_slot sampler_slots[] = {
	O(1_0, zeSamplerCreate),
	O(1_0, zeSamplerDestroy),
};

static const struct xe_ddi_slot physical_mem_slots[] = {
	SO(1_0, zePhysicalMemCreate, xe_physical_mem_create),
	SO(1_0, zePhysicalMemDestroy, xe_physical_mem_destroy),
	SO(1_15, zePhysicalMemGetProperties, xe_physical_mem_get_properties),
};

static const struct xe_ddi_slot virtual_mem_slots[] = {
	SO(1_0, zeVirtualMemReserve, xe_virtual_mem_reserve),
	SO(1_0, zeVirtualMemFree, xe_virtual_mem_free),
	SO(1_0, zeVirtualMemQueryPageSize, xe_virtual_mem_query_page_size),
	SO(1_0, zeVirtualMemMap, xe_virtual_mem_map),
	SO(1_0, zeVirtualMemUnmap, xe_virtual_mem_unmap),
	SO(1_0, zeVirtualMemSetAccessAttribute, xe_virtual_mem_set_access),
	SO(1_0, zeVirtualMemGetAccessAttribute, xe_virtual_mem_get_access),
};

static const struct xe_ddi_slot fabric_vertex_exp_slots[] = {
	O(1_4, zeFabricVertexGetExp),
	O(1_4, zeFabricVertexGetSubVerticesExp),
	O(1_4, zeFabricVertexGetPropertiesExp),
	O(1_4, zeFabricVertexGetDeviceExp),
};

static const struct xe_ddi_slot fabric_edge_exp_slots[] = {
	O(1_4, zeFabricEdgeGetExp),
	O(1_4, zeFabricEdgeGetVerticesExp),
	O(1_4, zeFabricEdgeGetPropertiesExp),
};

static const struct xe_ddi_slot rtas_builder_slots[] = {
	O(1_13, zeRTASBuilderCreateExt),
	O(1_13, zeRTASBuilderGetBuildPropertiesExt),
	O(1_13, zeRTASBuilderBuildExt),
	O(1_13, zeRTASBuilderCommandListAppendCopyExt),
	O(1_13, zeRTASBuilderDestroyExt),
};

static const struct xe_ddi_slot rtas_builder_exp_slots[] = {
	O(1_7, zeRTASBuilderCreateExp),
	O(1_7, zeRTASBuilderGetBuildPropertiesExp),
	O(1_7, zeRTASBuilderBuildExp),
	O(1_7, zeRTASBuilderDestroyExp),
};

static const struct xe_ddi_slot rtas_parallel_operation_slots[] = {
	O(1_13, zeRTASParallelOperationCreateExt),
	O(1_13, zeRTASParallelOperationGetPropertiesExt),
	O(1_13, zeRTASParallelOperationJoinExt),
	O(1_13, zeRTASParallelOperationDestroyExt),
};

static const struct xe_ddi_slot rtas_parallel_operation_exp_slots[] = {
	O(1_7, zeRTASParallelOperationCreateExp),
	O(1_7, zeRTASParallelOperationGetPropertiesExp),
	O(1_7, zeRTASParallelOperationJoinExp),
	O(1_7, zeRTASParallelOperationDestroyExp),
};

static const struct xe_ddi_slot graph_slots[] = {
	SO(1_17, zeGraphCreateExt, xe_graph_create),
	SO(1_17, zeGraphGetPrimaryCommandListExt, xe_graph_get_primary_list),
	SO(1_17, zeGraphSetDestructionCallbackExt, xe_graph_set_destruction_callback),
	SO(1_17, zeGraphInstantiateExt, xe_graph_instantiate),
	SO(1_17, zeGraphIsEmptyExt, xe_graph_is_empty),
	SO(1_17, zeGraphDumpContentsExt, xe_graph_dump_contents),
	SO(1_17, zeGraphDestroyExt, xe_graph_destroy),
};

static const struct xe_ddi_slot executable_graph_slots[] = {
	SO(1_17, zeExecutableGraphGetSourceGraphExt, xe_exec_graph_get_source_graph),
	SO(1_17, zeExecutableGraphDestroyExt, xe_exec_graph_destroy),
};

/*
 * Entry points that no DDI table has: compute-runtime's driver-experimental
 * API and this driver's own extensions, reached by name only
 * (zeDriverGetExtensionFunctionAddress()) or as exports. They never count
 * for the API version.
 */
const struct xe_ddi_slot xe_ddi_extension_functions[] = {
	SO(1_0, zexCounterBasedEventCreate2, xe_zex_cb_event_create2),
	SO(1_0, zexCounterBasedEventCreate, xe_zex_cb_event_create),
	SO(1_0, zexEventGetDeviceAddress, xe_cb_event_get_device_address),
	SO(1_0, zexCounterBasedEventGetIpcHandle, xe_zex_cb_event_get_ipc_handle),
	SO(1_0, zexCounterBasedEventOpenIpcHandle, xe_zex_cb_event_open_ipc_handle),
	SO(1_0, zexCounterBasedEventCloseIpcHandle, xe_cb_event_close_ipc_handle),
	SO(1_0, zexEventExportSyncFile, xe_event_export_sync_file),
	SO(1_0, zexEventHostSynchronizeMany, xe_event_host_synchronize_many),
};

#define T(idx, tname, slots) \
	[idx] = { tname, slots, XE_ARRAY_SIZE(slots) }

/* Indexed like ze_dditable_driver_t (enum zex_ddi_table_index). */
const struct xe_ddi_table xe_ddi_tables[ZEX_DDI_NUM_TABLES] = {
	T(ZEX_DDI_RTAS_BUILDER, "RTASBuilder", rtas_builder_slots),
	T(ZEX_DDI_RTAS_BUILDER_EXP, "RTASBuilderExp", rtas_builder_exp_slots),
	T(ZEX_DDI_RTAS_PARALLEL_OPERATION, "RTASParallelOperation",
	  rtas_parallel_operation_slots),
	T(ZEX_DDI_RTAS_PARALLEL_OPERATION_EXP, "RTASParallelOperationExp",
	  rtas_parallel_operation_exp_slots),
	T(ZEX_DDI_GLOBAL, "Global", global_slots),
	T(ZEX_DDI_DRIVER, "Driver", driver_slots),
	T(ZEX_DDI_DRIVER_EXP, "DriverExp", driver_exp_slots),
	T(ZEX_DDI_DEVICE, "Device", device_slots),
	T(ZEX_DDI_DEVICE_EXP, "DeviceExp", device_exp_slots),
	T(ZEX_DDI_CONTEXT, "Context", context_slots),
	T(ZEX_DDI_COMMAND_QUEUE, "CommandQueue", command_queue_slots),
	T(ZEX_DDI_COMMAND_LIST, "CommandList", command_list_slots),
	T(ZEX_DDI_COMMAND_LIST_EXP, "CommandListExp", command_list_exp_slots),
	T(ZEX_DDI_IMAGE, "Image", image_slots),
	T(ZEX_DDI_IMAGE_EXP, "ImageExp", image_exp_slots),
	T(ZEX_DDI_MEM, "Mem", mem_slots),
	T(ZEX_DDI_MEM_EXP, "MemExp", mem_exp_slots),
	T(ZEX_DDI_FENCE, "Fence", fence_slots),
	T(ZEX_DDI_EVENT_POOL, "EventPool", event_pool_slots),
	T(ZEX_DDI_EVENT, "Event", event_slots),
	T(ZEX_DDI_EVENT_EXP, "EventExp", event_exp_slots),
	T(ZEX_DDI_MODULE, "Module", module_slots),
	T(ZEX_DDI_MODULE_BUILD_LOG, "ModuleBuildLog", module_build_log_slots),
	T(ZEX_DDI_KERNEL, "Kernel", kernel_slots),
	T(ZEX_DDI_KERNEL_EXP, "KernelExp", kernel_exp_slots),
	T(ZEX_DDI_SAMPLER, "Sampler", sampler_slots),
	T(ZEX_DDI_PHYSICAL_MEM, "PhysicalMem", physical_mem_slots),
	T(ZEX_DDI_VIRTUAL_MEM, "VirtualMem", virtual_mem_slots),
	T(ZEX_DDI_FABRIC_VERTEX_EXP, "FabricVertexExp",
	  fabric_vertex_exp_slots),
	T(ZEX_DDI_FABRIC_EDGE_EXP, "FabricEdgeExp", fabric_edge_exp_slots),
	T(ZEX_DDI_GRAPH, "Graph", graph_slots),
	T(ZEX_DDI_EXECUTABLE_GRAPH, "ExecutableGraph", executable_graph_slots),
};

const unsigned int xe_ddi_num_extension_functions =
	XE_ARRAY_SIZE(xe_ddi_extension_functions);

/*
 * xe_ddi_lookup() - an implemented entry point by its Level Zero name
 * @name: e.g. "zeCommandListImmediateAppendCommandListsExp"
 *
 * Return: the function, or NULL if the driver does not implement it.
 */
xe_ddi_fn_t xe_ddi_lookup(const char *name)
{
	unsigned int t, i;

	for (t = 0; t < ZEX_DDI_NUM_TABLES; t++) {
		const struct xe_ddi_table *table = &xe_ddi_tables[t];

		for (i = 0; i < table->num_slots; i++)
			if (table->slots[i].fn &&
			    !strcmp(table->slots[i].name, name))
				return table->slots[i].fn;
	}
	for (i = 0; i < xe_ddi_num_extension_functions; i++)
		if (!strcmp(xe_ddi_extension_functions[i].name, name))
			return xe_ddi_extension_functions[i].fn;
	return NULL;
}

/* ---- extensions -------------------------------------------------------- */

/*
 * The extensions the driver implements: each is listed once all the entry
 * points it brings are in the DDI tables, so the list cannot promise more
 * than the tables hold.
 */
static const struct xe_extension {
	const char *name;
	uint32_t version;
	const char *functions[8];
} xe_extensions[] = {
	{ ZE_DRIVER_DDI_HANDLES_EXT_NAME,
	  ZE_DRIVER_DDI_HANDLES_EXT_VERSION_1_1, { NULL } },
	{ ZE_IMMEDIATE_COMMAND_LIST_APPEND_EXP_NAME,
	  ZE_IMMEDIATE_COMMAND_LIST_APPEND_EXP_VERSION_1_0,
	  { "zeCommandListImmediateAppendCommandListsExp" } },
	/* A pool descriptor in pNext: zeEventPoolCreate() is all it needs. */
	{ ZE_EVENT_POOL_COUNTER_BASED_EXP_NAME,
	  ZE_EVENT_POOL_COUNTER_BASED_EXP_VERSION_1_0,
	  { "zeEventPoolCreate", "zeEventCreate" } },
	{ ZEX_COUNTER_BASED_EVENT_EXT_NAME,
	  ZEX_COUNTER_BASED_EVENT_VERSION_1_0,
	  { "zexCounterBasedEventCreate2", "zexCounterBasedEventCreate",
	    "zexEventGetDeviceAddress", "zexCounterBasedEventGetIpcHandle",
	    "zexCounterBasedEventOpenIpcHandle",
	    "zexCounterBasedEventCloseIpcHandle",
	    "zeEventGetCounterBasedFlags" } },
	{ ZE_EVENT_QUERY_TIMESTAMPS_EXP_NAME,
	  ZE_EVENT_QUERY_TIMESTAMPS_EXP_VERSION_1_0,
	  { "zeEventQueryTimestampsExp" } },
	{ ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_NAME,
	  ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_VERSION_1_0,
	  { "zeEventQueryKernelTimestampsExt" } },
	{ ZE_GLOBAL_OFFSET_EXP_NAME, ZE_GLOBAL_OFFSET_EXP_VERSION_1_0,
	  { "zeKernelSetGlobalOffsetExp" } },
	{ ZE_MUTABLE_COMMAND_LIST_EXP_NAME,
	  ZE_MUTABLE_COMMAND_LIST_EXP_VERSION_1_1,
	  { "zeCommandListGetNextCommandIdExp",
	    "zeCommandListGetNextCommandIdWithKernelsExp",
	    "zeCommandListUpdateMutableCommandsExp",
	    "zeCommandListUpdateMutableCommandSignalEventExp",
	    "zeCommandListUpdateMutableCommandWaitEventsExp",
	    "zeCommandListUpdateMutableCommandKernelsExp" } },
	{ ZE_EXTERNAL_SEMAPHORES_EXTENSION_NAME,
	  ZE_EXTERNAL_SEMAPHORE_EXT_VERSION_1_0,
	  { "zeDeviceImportExternalSemaphoreExt",
	    "zeDeviceReleaseExternalSemaphoreExt",
	    "zeCommandListAppendSignalExternalSemaphoreExt",
	    "zeCommandListAppendWaitExternalSemaphoreExt" } },
	{ ZE_PCI_PROPERTIES_EXT_NAME, ZE_PCI_PROPERTIES_EXT_VERSION_1_0,
	  { "zeDevicePciGetPropertiesExt" } },
	{ ZE_DEVICE_VECTOR_SIZES_EXT_NAME,
	  ZE_DEVICE_VECTOR_SIZES_EXT_VERSION_1_0,
	  { "zeDeviceGetVectorWidthPropertiesExt" } },
	/* A properties struct in pNext: zeDeviceGetProperties() is all. */
	{ ZE_DEVICE_IP_VERSION_EXT_NAME, ZE_DEVICE_IP_VERSION_VERSION_1_0,
	  { "zeDeviceGetProperties" } },
	{ ZE_RECORD_REPLAY_GRAPH_EXT_NAME,
	  ZE_RECORD_REPLAY_GRAPH_EXT_VERSION_1_0,
	  { "zeGraphCreateExt", "zeCommandListBeginGraphCaptureExt",
	    "zeCommandListEndGraphCaptureExt", "zeGraphInstantiateExt",
	    "zeCommandListAppendGraphExt", "zeGraphDumpContentsExt",
	    "zeExecutableGraphDestroyExt", "zeGraphDestroyExt" } },
	{ ZEX_XE_CBEV_EVENT_SYNC_FILE_EXT_NAME,
	  ZEX_XE_CBEV_EVENT_EXT_VERSION_1_0, { "zexEventExportSyncFile" } },
	{ ZEX_XE_CBEV_EVENT_WAIT_MANY_EXT_NAME,
	  ZEX_XE_CBEV_EVENT_EXT_VERSION_1_0,
	  { "zexEventHostSynchronizeMany" } },
};

static bool extension_implemented(const struct xe_extension *ext)
{
	unsigned int i;

	for (i = 0; i < XE_ARRAY_SIZE(ext->functions) && ext->functions[i]; i++)
		if (!xe_ddi_lookup(ext->functions[i]))
			return false;
	return true;
}

ze_result_t
xe_driver_get_extension_properties(ze_driver_handle_t hDriver,
				   uint32_t *pCount,
				   ze_driver_extension_properties_t *pProps)
{
	const struct xe_extension *list[XE_ARRAY_SIZE(xe_extensions)];
	uint32_t available = 0, i, n;

	if (!xe_driver_from_handle(hDriver))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pCount)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	for (i = 0; i < XE_ARRAY_SIZE(xe_extensions); i++)
		if (extension_implemented(&xe_extensions[i]))
			list[available++] = &xe_extensions[i];

	n = xe_enum_count(pCount, available, pProps);
	for (i = 0; i < n; i++) {
		snprintf(pProps[i].name, sizeof(pProps[i].name), "%s",
			 list[i]->name);
		pProps[i].version = list[i]->version;
	}
	return ZE_RESULT_SUCCESS;
}

ze_result_t
xe_driver_get_extension_function_address(ze_driver_handle_t hDriver,
					 const char *name, void **ppFunction)
{
	xe_ddi_fn_t fn;

	if (!xe_driver_from_handle(hDriver))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!name || !ppFunction)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	fn = xe_ddi_lookup(name);
	if (!fn)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;

	/* POSIX guarantees function pointers survive a trip through void *. */
	*ppFunction = (void *)xe_debug_wrap(name, fn);
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeDriverGetExtensionProperties, xe_driver_get_extension_properties);
XE_EXPORT(zeDriverGetExtensionFunctionAddress,
	  xe_driver_get_extension_function_address);
