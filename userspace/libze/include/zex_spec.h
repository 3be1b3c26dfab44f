/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _ZEX_SPEC_H
#define _ZEX_SPEC_H

/*
 * DOC: Level Zero names newer than spec 1.4
 *
 * Debian 12 ships the Level Zero headers of spec 1.4. Applications of today
 * are built against spec 1.15-1.17 headers and call entry points, flags and
 * structures that 1.4 lacks. This header restates, with the values and
 * layouts of the official headers (ABI-compatible: same names, same
 * numbers, same field order), the ones that libze_xe_cbev implements, so
 * that the driver and C programs built on Debian can use them.
 *
 * With headers of spec 1.17 or later (they define ZE_API_VERSION_CURRENT_M)
 * this file defines nothing; headers between 1.5 and 1.16 are refused, as
 * some of the names below would clash with theirs.
 */

#include <stdint.h>

#include <level_zero/ze_api.h>

#if defined(ZE_API_VERSION_CURRENT_M)
#if ZE_API_VERSION_CURRENT_M < ZE_MAKE_VERSION(1, 17)
#error "zex_spec.h completes the spec 1.4 headers or needs spec 1.17 ones"
#endif
#else /* spec 1.4 headers */

#if defined(__cplusplus)
extern "C" {
#endif

/* ---- API versions (ze_api_version_t) ---------------------------------- */

#define ZE_API_VERSION_1_5	((ze_api_version_t)ZE_MAKE_VERSION(1, 5))
#define ZE_API_VERSION_1_6	((ze_api_version_t)ZE_MAKE_VERSION(1, 6))
#define ZE_API_VERSION_1_7	((ze_api_version_t)ZE_MAKE_VERSION(1, 7))
#define ZE_API_VERSION_1_8	((ze_api_version_t)ZE_MAKE_VERSION(1, 8))
#define ZE_API_VERSION_1_9	((ze_api_version_t)ZE_MAKE_VERSION(1, 9))
#define ZE_API_VERSION_1_10	((ze_api_version_t)ZE_MAKE_VERSION(1, 10))
#define ZE_API_VERSION_1_11	((ze_api_version_t)ZE_MAKE_VERSION(1, 11))
#define ZE_API_VERSION_1_12	((ze_api_version_t)ZE_MAKE_VERSION(1, 12))
#define ZE_API_VERSION_1_13	((ze_api_version_t)ZE_MAKE_VERSION(1, 13))
#define ZE_API_VERSION_1_14	((ze_api_version_t)ZE_MAKE_VERSION(1, 14))
#define ZE_API_VERSION_1_15	((ze_api_version_t)ZE_MAKE_VERSION(1, 15))
#define ZE_API_VERSION_1_16	((ze_api_version_t)ZE_MAKE_VERSION(1, 16))
#define ZE_API_VERSION_1_17	((ze_api_version_t)ZE_MAKE_VERSION(1, 17))

/* ---- structure types (ze_structure_type_t) ---------------------------- */

/* ze_init_driver_type_desc_t, spec 1.10 */
#define ZE_STRUCTURE_TYPE_INIT_DRIVER_TYPE_DESC \
	((ze_structure_type_t)0x00020021)
/* ze_driver_ddi_handles_ext_properties_t, spec 1.12 */
#define ZE_STRUCTURE_TYPE_DRIVER_DDI_HANDLES_EXT_PROPERTIES \
	((ze_structure_type_t)0x00020027)

/* ---- in-order command lists, spec 1.7 --------------------------------- */

/*
 * Commands of the list execute in order: each starts after the previous
 * one completed, without events or barriers. Not combinable with
 * ZE_COMMAND_LIST_FLAG_RELAXED_ORDERING.
 */
#define ZE_COMMAND_LIST_FLAG_IN_ORDER	((ze_command_list_flag_t)ZE_BIT(3))
/* Spec 1.9, listed so that the driver can reject it by name. */
#define ZE_COMMAND_LIST_FLAG_EXP_CLONEABLE ((ze_command_list_flag_t)ZE_BIT(4))
/* zeCommandListCreateImmediate() only: the immediate list is in-order. */
#define ZE_COMMAND_QUEUE_FLAG_IN_ORDER	((ze_command_queue_flag_t)ZE_BIT(1))

/* ---- event pools, spec 1.6 --------------------------------------------- */

/* Kernel timestamps in the host's time domain. */
#define ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP \
	((ze_event_pool_flag_t)ZE_BIT(3))

/*
 * "ZE_extension_event_query_kernel_timestamps": an event's kernel
 * timestamps, and the same in the host's time domain ("synchronized"),
 * as an array of one entry per timestamp the event holds.
 */
#define ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_NAME \
	"ZE_extension_event_query_kernel_timestamps"

typedef enum _ze_event_query_kernel_timestamps_ext_version_t {
	ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_VERSION_1_0 = ZE_MAKE_VERSION(1, 0),
	ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_VERSION_CURRENT =
		ZE_MAKE_VERSION(1, 0),
	ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_VERSION_FORCE_UINT32 = 0x7fffffff,
} ze_event_query_kernel_timestamps_ext_version_t;

/* ze_event_query_kernel_timestamps_ext_properties_t */
#define ZE_STRUCTURE_TYPE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_PROPERTIES \
	((ze_structure_type_t)0x00010011)
/* ze_event_query_kernel_timestamps_results_ext_properties_t */
#define ZE_STRUCTURE_TYPE_EVENT_QUERY_KERNEL_TIMESTAMPS_RESULTS_EXT_PROPERTIES \
	((ze_structure_type_t)0x00010012)

typedef uint32_t ze_event_query_kernel_timestamps_ext_flags_t;
typedef enum _ze_event_query_kernel_timestamps_ext_flag_t {
	ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_FLAG_KERNEL = ZE_BIT(0),
	ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_FLAG_SYNCHRONIZED = ZE_BIT(1),
	ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_FLAG_FORCE_UINT32 = 0x7fffffff,
} ze_event_query_kernel_timestamps_ext_flag_t;

/* In ze_device_properties_t.pNext: which kinds the device returns. */
typedef struct _ze_event_query_kernel_timestamps_ext_properties_t {
	ze_structure_type_t stype;
	void *pNext;
	ze_event_query_kernel_timestamps_ext_flags_t flags;
} ze_event_query_kernel_timestamps_ext_properties_t;

typedef struct _ze_synchronized_timestamp_data_ext_t {
	uint64_t kernelStart;
	uint64_t kernelEnd;
} ze_synchronized_timestamp_data_ext_t;

typedef struct _ze_synchronized_timestamp_result_ext_t {
	ze_synchronized_timestamp_data_ext_t global;
	ze_synchronized_timestamp_data_ext_t context;
} ze_synchronized_timestamp_result_ext_t;

/* Where zeEventQueryKernelTimestampsExt() writes; either buffer optional. */
typedef struct _ze_event_query_kernel_timestamps_results_ext_properties_t {
	ze_structure_type_t stype;
	void *pNext;
	ze_kernel_timestamp_result_t *pKernelTimestampsBuffer;
	ze_synchronized_timestamp_result_ext_t *pSynchronizedTimestampsBuffer;
} ze_event_query_kernel_timestamps_results_ext_properties_t;

ZE_APIEXPORT ze_result_t ZE_APICALL
zeEventQueryKernelTimestampsExt(
	ze_event_handle_t hEvent, ze_device_handle_t hDevice, uint32_t *pCount,
	ze_event_query_kernel_timestamps_results_ext_properties_t *pResults);

/* ---- device IP version extension, spec 1.5 ---------------------------- */

#define ZE_DEVICE_IP_VERSION_EXT_NAME	"ZE_extension_device_ip_version"

typedef enum _ze_device_ip_version_version_t {
	ZE_DEVICE_IP_VERSION_VERSION_1_0 = ZE_MAKE_VERSION(1, 0),
	ZE_DEVICE_IP_VERSION_VERSION_CURRENT = ZE_MAKE_VERSION(1, 0),
	ZE_DEVICE_IP_VERSION_VERSION_FORCE_UINT32 = 0x7fffffff,
} ze_device_ip_version_version_t;

#define ZE_STRUCTURE_TYPE_DEVICE_IP_VERSION_EXT \
	((ze_structure_type_t)0x0001000f)

/* In ze_device_properties_t.pNext: the device's graphics IP version. */
typedef struct _ze_device_ip_version_ext_t {
	ze_structure_type_t stype;
	const void *pNext;
	uint32_t ipVersion;
} ze_device_ip_version_ext_t;

/* ---- device vector sizes extension, spec 1.13 ------------------------- */

#define ZE_DEVICE_VECTOR_SIZES_EXT_NAME	"ZE_extension_device_vector_sizes"

typedef enum _ze_device_vector_sizes_ext_version_t {
	ZE_DEVICE_VECTOR_SIZES_EXT_VERSION_1_0 = ZE_MAKE_VERSION(1, 0),
	ZE_DEVICE_VECTOR_SIZES_EXT_VERSION_CURRENT = ZE_MAKE_VERSION(1, 0),
	ZE_DEVICE_VECTOR_SIZES_EXT_VERSION_FORCE_UINT32 = 0x7fffffff,
} ze_device_vector_sizes_ext_version_t;

#define ZE_STRUCTURE_TYPE_DEVICE_VECTOR_WIDTH_PROPERTIES_EXT \
	((ze_structure_type_t)0x00020029)

/* One per vector width size (sub-group size) the device supports. */
typedef struct _ze_device_vector_width_properties_ext_t {
	ze_structure_type_t stype;
	void *pNext;
	uint32_t vector_width_size;
	uint32_t preferred_vector_width_char;
	uint32_t preferred_vector_width_short;
	uint32_t preferred_vector_width_int;
	uint32_t preferred_vector_width_long;
	uint32_t preferred_vector_width_float;
	uint32_t preferred_vector_width_double;
	uint32_t preferred_vector_width_half;
	uint32_t native_vector_width_char;
	uint32_t native_vector_width_short;
	uint32_t native_vector_width_int;
	uint32_t native_vector_width_long;
	uint32_t native_vector_width_float;
	uint32_t native_vector_width_double;
	uint32_t native_vector_width_half;
} ze_device_vector_width_properties_ext_t;

ZE_APIEXPORT ze_result_t ZE_APICALL
zeDeviceGetVectorWidthPropertiesExt(
	ze_device_handle_t hDevice, uint32_t *pCount,
	ze_device_vector_width_properties_ext_t *pVectorWidthProperties);

/* ---- zeInitDrivers, spec 1.10 ----------------------------------------- */

typedef uint32_t ze_init_driver_type_flags_t;
typedef enum _ze_init_driver_type_flag_t {
	ZE_INIT_DRIVER_TYPE_FLAG_GPU = ZE_BIT(0),
	ZE_INIT_DRIVER_TYPE_FLAG_NPU = ZE_BIT(1),
	ZE_INIT_DRIVER_TYPE_FLAG_FORCE_UINT32 = 0x7fffffff,
} ze_init_driver_type_flag_t;

typedef struct _ze_init_driver_type_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	ze_init_driver_type_flags_t flags;
} ze_init_driver_type_desc_t;

ZE_APIEXPORT ze_result_t ZE_APICALL
zeInitDrivers(uint32_t *pCount, ze_driver_handle_t *phDrivers,
	      ze_init_driver_type_desc_t *desc);

/* ---- DDI-handles extension, spec 1.12 (1.1: spec 1.14) ----------------- */

#define ZE_DRIVER_DDI_HANDLES_EXT_NAME	"ZE_extension_driver_ddi_handles"

typedef enum _ze_driver_ddi_handles_ext_version_t {
	ZE_DRIVER_DDI_HANDLES_EXT_VERSION_1_0 = ZE_MAKE_VERSION(1, 0),
	ZE_DRIVER_DDI_HANDLES_EXT_VERSION_1_1 = ZE_MAKE_VERSION(1, 1),
	ZE_DRIVER_DDI_HANDLES_EXT_VERSION_CURRENT = ZE_MAKE_VERSION(1, 1),
	ZE_DRIVER_DDI_HANDLES_EXT_VERSION_FORCE_UINT32 = 0x7fffffff,
} ze_driver_ddi_handles_ext_version_t;

typedef uint32_t ze_driver_ddi_handle_ext_flags_t;
typedef enum _ze_driver_ddi_handle_ext_flag_t {
	ZE_DRIVER_DDI_HANDLE_EXT_FLAG_DDI_HANDLE_EXT_SUPPORTED = ZE_BIT(0),
	ZE_DRIVER_DDI_HANDLE_EXT_FLAG_FORCE_UINT32 = 0x7fffffff,
} ze_driver_ddi_handle_ext_flag_t;

/* Chained into ze_driver_properties_t.pNext of zeDriverGetProperties(). */
typedef struct _ze_driver_ddi_handles_ext_properties_t {
	ze_structure_type_t stype;
	void *pNext;
	ze_driver_ddi_handle_ext_flags_t flags;
} ze_driver_ddi_handles_ext_properties_t;

/* ---- spec 1.6 ----------------------------------------------------------- */

ZE_APIEXPORT ze_result_t ZE_APICALL
zeDriverGetLastErrorDescription(ze_driver_handle_t hDriver,
				const char **ppString);

/* Immediate lists only; timeout in ns, 0 polls, UINT64_MAX waits forever. */
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListHostSynchronize(ze_command_list_handle_t hCommandList,
			     uint64_t timeout);

ZE_APIEXPORT ze_result_t ZE_APICALL
zeMemPutIpcHandle(ze_context_handle_t hContext, ze_ipc_mem_handle_t handle);

ZE_APIEXPORT ze_result_t ZE_APICALL
zeEventPoolPutIpcHandle(ze_context_handle_t hContext,
			ze_ipc_event_pool_handle_t hIpc);

/* ZE_experimental_mem... (MemExp table): IPC handles and dma-buf fds. */
ZE_APIEXPORT ze_result_t ZE_APICALL
zeMemGetIpcHandleFromFileDescriptorExp(ze_context_handle_t hContext,
				       uint64_t handle,
				       ze_ipc_mem_handle_t *pIpcHandle);

ZE_APIEXPORT ze_result_t ZE_APICALL
zeMemGetFileDescriptorFromIpcHandleExp(ze_context_handle_t hContext,
				       ze_ipc_mem_handle_t ipcHandle,
				       uint64_t *pHandle);

/* ---- spec 1.7 ----------------------------------------------------------- */

ZE_APIEXPORT ze_result_t ZE_APICALL
zeDeviceGetRootDevice(ze_device_handle_t hDevice,
		      ze_device_handle_t *phRootDevice);

/* ---- spec 1.9 ----------------------------------------------------------- */

ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandQueueGetOrdinal(ze_command_queue_handle_t hCommandQueue,
			 uint32_t *pOrdinal);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandQueueGetIndex(ze_command_queue_handle_t hCommandQueue,
		       uint32_t *pIndex);

ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListGetDeviceHandle(ze_command_list_handle_t hCommandList,
			     ze_device_handle_t *phDevice);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListGetContextHandle(ze_command_list_handle_t hCommandList,
			      ze_context_handle_t *phContext);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListGetOrdinal(ze_command_list_handle_t hCommandList,
			uint32_t *pOrdinal);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListImmediateGetIndex(ze_command_list_handle_t hCommandListImmediate,
			       uint32_t *pIndex);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListIsImmediate(ze_command_list_handle_t hCommandList,
			 ze_bool_t *pIsImmediate);

ZE_APIEXPORT ze_result_t ZE_APICALL
zeEventGetEventPool(ze_event_handle_t hEvent,
		    ze_event_pool_handle_t *phEventPool);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeEventGetSignalScope(ze_event_handle_t hEvent,
		      ze_event_scope_flags_t *pSignalScope);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeEventGetWaitScope(ze_event_handle_t hEvent,
		    ze_event_scope_flags_t *pWaitScope);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeEventPoolGetContextHandle(ze_event_pool_handle_t hEventPool,
			    ze_context_handle_t *phContext);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeEventPoolGetFlags(ze_event_pool_handle_t hEventPool,
		    ze_event_pool_flags_t *pFlags);

/*
 * "ZE_experimental_immediate_command_list_append" (no structure types):
 * run closed regular lists from an immediate list, after the wait events
 * and before the signal event. Deprecated in spec 1.16 in favour of
 * zeCommandListImmediateAppendCommandListsWithParameters().
 */
#define ZE_IMMEDIATE_COMMAND_LIST_APPEND_EXP_NAME \
	"ZE_experimental_immediate_command_list_append"

typedef enum _ze_immediate_command_list_append_exp_version_t {
	ZE_IMMEDIATE_COMMAND_LIST_APPEND_EXP_VERSION_1_0 = ZE_MAKE_VERSION(1, 0),
	ZE_IMMEDIATE_COMMAND_LIST_APPEND_EXP_VERSION_CURRENT =
		ZE_MAKE_VERSION(1, 0),
	ZE_IMMEDIATE_COMMAND_LIST_APPEND_EXP_VERSION_FORCE_UINT32 = 0x7fffffff,
} ze_immediate_command_list_append_exp_version_t;

ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListImmediateAppendCommandListsExp(
	ze_command_list_handle_t hCommandListImmediate,
	uint32_t numCommandLists, ze_command_list_handle_t *phCommandLists,
	ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
	ze_event_handle_t *phWaitEvents);

/*
 * "ZE_experimental_mutable_command_list" (1.0: spec 1.9; 1.1, the kernel
 * switch: spec 1.10; zeCommandListIsMutableExp(): spec 1.17): a regular
 * list created with ze_mutable_command_list_exp_desc_t in its
 * descriptor's pNext hands out command ids; once it is closed, the kernel
 * launches the ids name can be changed, then the list closed again.
 */
#define ZE_MUTABLE_COMMAND_LIST_EXP_NAME "ZE_experimental_mutable_command_list"

typedef enum _ze_mutable_command_list_exp_version_t {
	ZE_MUTABLE_COMMAND_LIST_EXP_VERSION_1_0 = ZE_MAKE_VERSION(1, 0),
	ZE_MUTABLE_COMMAND_LIST_EXP_VERSION_1_1 = ZE_MAKE_VERSION(1, 1),
	ZE_MUTABLE_COMMAND_LIST_EXP_VERSION_CURRENT = ZE_MAKE_VERSION(1, 1),
	ZE_MUTABLE_COMMAND_LIST_EXP_VERSION_FORCE_UINT32 = 0x7fffffff,
} ze_mutable_command_list_exp_version_t;

#define ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_PROPERTIES \
	((ze_structure_type_t)0x00020015)
#define ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_DESC \
	((ze_structure_type_t)0x00020016)
#define ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_ID_EXP_DESC \
	((ze_structure_type_t)0x00020017)
#define ZE_STRUCTURE_TYPE_MUTABLE_COMMANDS_EXP_DESC \
	((ze_structure_type_t)0x00020018)
#define ZE_STRUCTURE_TYPE_MUTABLE_KERNEL_ARGUMENT_EXP_DESC \
	((ze_structure_type_t)0x00020019)
#define ZE_STRUCTURE_TYPE_MUTABLE_GROUP_COUNT_EXP_DESC \
	((ze_structure_type_t)0x0002001A)
#define ZE_STRUCTURE_TYPE_MUTABLE_GROUP_SIZE_EXP_DESC \
	((ze_structure_type_t)0x0002001B)
#define ZE_STRUCTURE_TYPE_MUTABLE_GLOBAL_OFFSET_EXP_DESC \
	((ze_structure_type_t)0x0002001C)

/* Spec 1.10: a kernel handle not valid for the operation. */
#define ZE_RESULT_ERROR_INVALID_KERNEL_HANDLE	((ze_result_t)0x7800001c)

/* What a command id lets change; 0 asks for all but KERNEL_INSTRUCTION. */
typedef uint32_t ze_mutable_command_exp_flags_t;
typedef enum _ze_mutable_command_exp_flag_t {
	ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_ARGUMENTS = ZE_BIT(0),
	ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_COUNT = ZE_BIT(1),
	ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_SIZE = ZE_BIT(2),
	ZE_MUTABLE_COMMAND_EXP_FLAG_GLOBAL_OFFSET = ZE_BIT(3),
	ZE_MUTABLE_COMMAND_EXP_FLAG_SIGNAL_EVENT = ZE_BIT(4),
	ZE_MUTABLE_COMMAND_EXP_FLAG_WAIT_EVENTS = ZE_BIT(5),
	ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION = ZE_BIT(6),
	ZE_MUTABLE_COMMAND_EXP_FLAG_GRAPH_ARGUMENTS = ZE_BIT(7),
	ZE_MUTABLE_COMMAND_EXP_FLAG_FORCE_UINT32 = 0x7fffffff,
} ze_mutable_command_exp_flag_t;

typedef struct _ze_mutable_command_id_exp_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	ze_mutable_command_exp_flags_t flags;
} ze_mutable_command_id_exp_desc_t;

typedef uint32_t ze_mutable_command_list_exp_flags_t;
typedef enum _ze_mutable_command_list_exp_flag_t {
	ZE_MUTABLE_COMMAND_LIST_EXP_FLAG_RESERVED = ZE_BIT(0),
	ZE_MUTABLE_COMMAND_LIST_EXP_FLAG_FORCE_UINT32 = 0x7fffffff,
} ze_mutable_command_list_exp_flag_t;

/* In ze_device_properties_t.pNext: what the device lets change. */
typedef struct _ze_mutable_command_list_exp_properties_t {
	ze_structure_type_t stype;
	void *pNext;
	ze_mutable_command_list_exp_flags_t mutableCommandListFlags;
	ze_mutable_command_exp_flags_t mutableCommandFlags;
} ze_mutable_command_list_exp_properties_t;

/* In ze_command_list_desc_t.pNext: the list is mutable. */
typedef struct _ze_mutable_command_list_exp_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	ze_mutable_command_list_exp_flags_t flags;
} ze_mutable_command_list_exp_desc_t;

/* Heads the chain of updates; @flags must be 0. */
typedef struct _ze_mutable_commands_exp_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	uint32_t flags;
} ze_mutable_commands_exp_desc_t;

typedef struct _ze_mutable_kernel_argument_exp_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	uint64_t commandId;
	uint32_t argIndex;
	size_t argSize;
	const void *pArgValue;
} ze_mutable_kernel_argument_exp_desc_t;

typedef struct _ze_mutable_group_count_exp_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	uint64_t commandId;
	const ze_group_count_t *pGroupCount;
} ze_mutable_group_count_exp_desc_t;

typedef struct _ze_mutable_group_size_exp_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	uint64_t commandId;
	uint32_t groupSizeX;
	uint32_t groupSizeY;
	uint32_t groupSizeZ;
} ze_mutable_group_size_exp_desc_t;

typedef struct _ze_mutable_global_offset_exp_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	uint64_t commandId;
	uint32_t offsetX;
	uint32_t offsetY;
	uint32_t offsetZ;
} ze_mutable_global_offset_exp_desc_t;

ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListGetNextCommandIdExp(ze_command_list_handle_t hCommandList,
				 const ze_mutable_command_id_exp_desc_t *desc,
				 uint64_t *pCommandId);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListGetNextCommandIdWithKernelsExp(
	ze_command_list_handle_t hCommandList,
	const ze_mutable_command_id_exp_desc_t *desc, uint32_t numKernels,
	ze_kernel_handle_t *phKernels, uint64_t *pCommandId);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListUpdateMutableCommandsExp(ze_command_list_handle_t hCommandList,
				      const ze_mutable_commands_exp_desc_t *desc);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListUpdateMutableCommandSignalEventExp(
	ze_command_list_handle_t hCommandList, uint64_t commandId,
	ze_event_handle_t hSignalEvent);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListUpdateMutableCommandWaitEventsExp(
	ze_command_list_handle_t hCommandList, uint64_t commandId,
	uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListUpdateMutableCommandKernelsExp(
	ze_command_list_handle_t hCommandList, uint32_t numKernels,
	uint64_t *pCommandId, ze_kernel_handle_t *phKernels);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListIsMutableExp(ze_command_list_handle_t hCommandList,
			  ze_bool_t *pIsMutable);

/* ---- spec 1.14 ---------------------------------------------------------- */

typedef struct _ze_group_size_t {
	uint32_t groupSizeX;
	uint32_t groupSizeY;
	uint32_t groupSizeZ;
} ze_group_size_t;

/* The driver's default context; NULL if the driver has none. */
ZE_APIEXPORT ze_context_handle_t ZE_APICALL
zeDriverGetDefaultContext(ze_driver_handle_t hDriver);

/* Wait until all work submitted to the device so far has completed. */
ZE_APIEXPORT ze_result_t ZE_APICALL
zeDeviceSynchronize(ze_device_handle_t hDevice);

ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListAppendLaunchKernelWithParameters(
	ze_command_list_handle_t hCommandList, ze_kernel_handle_t hKernel,
	const ze_group_count_t *pGroupCounts, const void *pNext,
	ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
	ze_event_handle_t *phWaitEvents);

/*
 * pArguments[i] points at the value of argument i, as for
 * zeKernelSetArgumentValue(); the group size replaces the kernel's.
 */
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListAppendLaunchKernelWithArguments(
	ze_command_list_handle_t hCommandList, ze_kernel_handle_t hKernel,
	const ze_group_count_t groupCounts, const ze_group_size_t groupSizes,
	void **pArguments, const void *pNext, ze_event_handle_t hSignalEvent,
	uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents);

/* ---- spec 1.16 ---------------------------------------------------------- */

/*
 * The appends of spec 1.0 with an extension chain in @pNext; the driver
 * knows no extension of these and refuses any chain
 * (ZE_RESULT_ERROR_INVALID_ARGUMENT, with a description).
 */
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListAppendMemoryCopyWithParameters(
	ze_command_list_handle_t hCommandList, void *dstptr,
	const void *srcptr, size_t size, const void *pNext,
	ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
	ze_event_handle_t *phWaitEvents);

ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListAppendMemoryFillWithParameters(
	ze_command_list_handle_t hCommandList, void *ptr, const void *pattern,
	size_t patternSize, size_t size, const void *pNext,
	ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
	ze_event_handle_t *phWaitEvents);

/* zeCommandListImmediateAppendCommandListsExp() with @pNext. */
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListImmediateAppendCommandListsWithParameters(
	ze_command_list_handle_t hCommandListImmediate,
	uint32_t numCommandLists, ze_command_list_handle_t *phCommandLists,
	const void *pNext, ze_event_handle_t hSignalEvent,
	uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents);

/* ---- spec 1.17: what a queue or list was created with ------------------- */

ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandQueueGetFlags(ze_command_queue_handle_t hCommandQueue,
		       ze_command_queue_flags_t *pFlags);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandQueueGetMode(ze_command_queue_handle_t hCommandQueue,
		      ze_command_queue_mode_t *pMode);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandQueueGetPriority(ze_command_queue_handle_t hCommandQueue,
			  ze_command_queue_priority_t *pPriority);

ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListGetFlags(ze_command_list_handle_t hCommandList,
		      ze_command_list_flags_t *pFlags);
/* Immediate lists only: the queue descriptor's members. */
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListImmediateGetFlags(ze_command_list_handle_t hCommandListImmediate,
			       ze_command_queue_flags_t *pFlags);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListImmediateGetMode(ze_command_list_handle_t hCommandListImmediate,
			      ze_command_queue_mode_t *pMode);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListImmediateGetPriority(
	ze_command_list_handle_t hCommandListImmediate,
	ze_command_queue_priority_t *pPriority);

/* ---- host functions, spec 1.17 ----------------------------------------- */

typedef void (ZE_APICALL *ze_host_function_callback_t)(void *pUserData);

/*
 * Call @pHostFunction(@pUserData) on the host in stream order: after the
 * commands before it completed and @phWaitEvents are signalled, before the
 * commands after it start; @hSignalEvent is signalled once it returned.
 * It runs on a driver thread; no extension is defined for @pNext.
 */
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListAppendHostFunction(ze_command_list_handle_t hCommandList,
				ze_host_function_callback_t pHostFunction,
				void *pUserData, const void *pNext,
				ze_event_handle_t hSignalEvent,
				uint32_t numWaitEvents,
				ze_event_handle_t *phWaitEvents);

/* ---- counter-based event pools, spec 1.8 (deprecated in 1.15) ---------- */

/*
 * "ZE_experimental_event_pool_counter_based": a pool whose
 * ze_event_pool_desc_t.pNext holds ze_event_pool_counter_based_exp_desc_t
 * makes counter-based events (see the spec 1.15 section below). Such a
 * pool cannot be shared (ZE_EVENT_POOL_FLAG_IPC).
 */
#define ZE_EVENT_POOL_COUNTER_BASED_EXP_NAME \
	"ZE_experimental_event_pool_counter_based"

typedef enum _ze_event_pool_counter_based_exp_version_t {
	ZE_EVENT_POOL_COUNTER_BASED_EXP_VERSION_1_0 = ZE_MAKE_VERSION(1, 0),
	ZE_EVENT_POOL_COUNTER_BASED_EXP_VERSION_CURRENT = ZE_MAKE_VERSION(1, 0),
	ZE_EVENT_POOL_COUNTER_BASED_EXP_VERSION_FORCE_UINT32 = 0x7fffffff,
} ze_event_pool_counter_based_exp_version_t;

#define ZE_STRUCTURE_TYPE_COUNTER_BASED_EVENT_POOL_EXP_DESC \
	((ze_structure_type_t)0x00020014)

typedef uint32_t ze_event_pool_counter_based_exp_flags_t;
typedef enum _ze_event_pool_counter_based_exp_flag_t {
	/* Signalled from immediate lists (the default when flags are 0). */
	ZE_EVENT_POOL_COUNTER_BASED_EXP_FLAG_IMMEDIATE = ZE_BIT(0),
	/* Signalled from regular (recorded) lists. */
	ZE_EVENT_POOL_COUNTER_BASED_EXP_FLAG_NON_IMMEDIATE = ZE_BIT(1),
	ZE_EVENT_POOL_COUNTER_BASED_EXP_FLAG_FORCE_UINT32 = 0x7fffffff,
} ze_event_pool_counter_based_exp_flag_t;

typedef struct _ze_event_pool_counter_based_exp_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	ze_event_pool_counter_based_exp_flags_t flags;
} ze_event_pool_counter_based_exp_desc_t;

/* ---- physical memory properties, spec 1.15 ----------------------------- */

#define ZE_STRUCTURE_TYPE_PHYSICAL_MEM_PROPERTIES \
	((ze_structure_type_t)0x00020040)

/* What zePhysicalMemGetProperties() reports; its pNext may ask an fd. */
typedef struct _ze_physical_mem_properties_t {
	ze_structure_type_t stype;
	void *pNext;
	uint64_t id;
	uint64_t size;
} ze_physical_mem_properties_t;

ZE_APIEXPORT ze_result_t ZE_APICALL
zePhysicalMemGetProperties(ze_context_handle_t hContext,
			   ze_physical_mem_handle_t hPhysicalMem,
			   ze_physical_mem_properties_t *pMemProperties);

/* ---- external semaphores, spec 1.12 ------------------------------------ */

/*
 * A semaphore of another API or driver (a Vulkan semaphore exported as an
 * fd, a DRM syncobj, a sync_file), imported once and then signalled or
 * waited for in stream order by command lists. On Linux the fd types are
 * the ones that matter; the Windows ones are named so that they can be
 * refused by name.
 */
#define ZE_EXTERNAL_SEMAPHORES_EXTENSION_NAME \
	"ZE_extension_external_semaphores"

typedef enum _ze_external_semaphore_ext_version_t {
	ZE_EXTERNAL_SEMAPHORE_EXT_VERSION_1_0 = ZE_MAKE_VERSION(1, 0),
	ZE_EXTERNAL_SEMAPHORE_EXT_VERSION_CURRENT = ZE_MAKE_VERSION(1, 0),
	ZE_EXTERNAL_SEMAPHORE_EXT_VERSION_FORCE_UINT32 = 0x7fffffff,
} ze_external_semaphore_ext_version_t;

#define ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_EXT_DESC \
	((ze_structure_type_t)0x00020022)
#define ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_WIN32_EXT_DESC \
	((ze_structure_type_t)0x00020023)
#define ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_FD_EXT_DESC \
	((ze_structure_type_t)0x00020024)
#define ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS_EXT \
	((ze_structure_type_t)0x00020025)
#define ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_WAIT_PARAMS_EXT \
	((ze_structure_type_t)0x00020026)

typedef struct _ze_external_semaphore_ext_handle_t
	*ze_external_semaphore_ext_handle_t;

typedef uint32_t ze_external_semaphore_ext_flags_t;
typedef enum _ze_external_semaphore_ext_flag_t {
	/* A binary semaphore as an fd (on Linux, a DRM syncobj). */
	ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_OPAQUE_FD = ZE_BIT(0),
	ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_OPAQUE_WIN32 = ZE_BIT(1),
	ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_OPAQUE_WIN32_KMT = ZE_BIT(2),
	ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_D3D12_FENCE = ZE_BIT(3),
	ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_D3D11_FENCE = ZE_BIT(4),
	ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_KEYED_MUTEX = ZE_BIT(5),
	ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_KEYED_MUTEX_KMT = ZE_BIT(6),
	/* A Vulkan timeline semaphore as an fd (a timeline DRM syncobj). */
	ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_VK_TIMELINE_SEMAPHORE_FD = ZE_BIT(7),
	ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_VK_TIMELINE_SEMAPHORE_WIN32 = ZE_BIT(8),
	ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_FORCE_UINT32 = 0x7fffffff,
} ze_external_semaphore_ext_flag_t;

typedef struct _ze_external_semaphore_ext_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	ze_external_semaphore_ext_flags_t flags;
} ze_external_semaphore_ext_desc_t;

typedef struct _ze_external_semaphore_win32_ext_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	void *handle;
	const char *name;
} ze_external_semaphore_win32_ext_desc_t;

typedef struct _ze_external_semaphore_fd_ext_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	int fd;
} ze_external_semaphore_fd_ext_desc_t;

/* The value a timeline semaphore is signalled to (ignored if binary). */
typedef struct _ze_external_semaphore_signal_params_ext_t {
	ze_structure_type_t stype;
	const void *pNext;
	uint64_t value;
} ze_external_semaphore_signal_params_ext_t;

/* The value a timeline semaphore is waited for (ignored if binary). */
typedef struct _ze_external_semaphore_wait_params_ext_t {
	ze_structure_type_t stype;
	const void *pNext;
	uint64_t value;
} ze_external_semaphore_wait_params_ext_t;

ZE_APIEXPORT ze_result_t ZE_APICALL
zeDeviceImportExternalSemaphoreExt(ze_device_handle_t hDevice,
				   const ze_external_semaphore_ext_desc_t *desc,
				   ze_external_semaphore_ext_handle_t *phSemaphore);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeDeviceReleaseExternalSemaphoreExt(ze_external_semaphore_ext_handle_t hSemaphore);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListAppendSignalExternalSemaphoreExt(
	ze_command_list_handle_t hCommandList, uint32_t numSemaphores,
	ze_external_semaphore_ext_handle_t *phSemaphores,
	ze_external_semaphore_signal_params_ext_t *signalParams,
	ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
	ze_event_handle_t *phWaitEvents);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListAppendWaitExternalSemaphoreExt(
	ze_command_list_handle_t hCommandList, uint32_t numSemaphores,
	ze_external_semaphore_ext_handle_t *phSemaphores,
	ze_external_semaphore_wait_params_ext_t *waitParams,
	ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
	ze_event_handle_t *phWaitEvents);

/* ---- counter-based events, spec 1.15 (1.17 additions marked) ----------- */

/*
 * A counter-based event has no memory of its own: it is the pair
 * (counter of the in-order list that signalled it last, value), replaced
 * by every append that signals it. It is complete when created, cannot be
 * signalled or reset from the host, and may be waited for by any list and
 * the host. See Documentation/libze.rst.
 */
#define ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC \
	((ze_structure_type_t)0x0002003A)
#define ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION_DESC \
	((ze_structure_type_t)0x0002003B)
#define ZE_STRUCTURE_TYPE_IPC_MEM_HANDLE_TYPE_EXT_DESC \
	((ze_structure_type_t)0x0002003D)
#define ZE_STRUCTURE_TYPE_DEVICE_EVENT_PROPERTIES \
	((ze_structure_type_t)0x0002003E)
#define ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_AGGREGATE_STORAGE_DESC \
	((ze_structure_type_t)0x0002003F)

typedef uint32_t ze_event_counter_based_flags_t;
typedef enum _ze_event_counter_based_flag_t {
	ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE = ZE_BIT(0),
	ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE = ZE_BIT(1),
	ZE_EVENT_COUNTER_BASED_FLAG_HOST_VISIBLE = ZE_BIT(2),
	ZE_EVENT_COUNTER_BASED_FLAG_IPC = ZE_BIT(3),
	/* Kernel timestamps; not with HOST_TIMESTAMP, not with IPC. */
	ZE_EVENT_COUNTER_BASED_FLAG_DEVICE_TIMESTAMP = ZE_BIT(4),
	ZE_EVENT_COUNTER_BASED_FLAG_HOST_TIMESTAMP = ZE_BIT(5),
	/* Spec 1.17: signalled outside of any graph. */
	ZE_EVENT_COUNTER_BASED_FLAG_GRAPH_EXTERNAL = ZE_BIT(6),
	ZE_EVENT_COUNTER_BASED_FLAG_FORCE_UINT32 = 0x7fffffff,
} ze_event_counter_based_flag_t;

typedef struct _ze_event_counter_based_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	ze_event_counter_based_flags_t flags;
	ze_event_scope_flags_t signal;
	ze_event_scope_flags_t wait;
} ze_event_counter_based_desc_t;

/*
 * pNext of ze_event_counter_based_desc_t: the event is complete once the
 * application stores a value >= completionValue at both addresses (which
 * it owns; deviceAddress must be device memory of the context).
 */
typedef struct _ze_event_counter_based_external_sync_allocation_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	uint64_t *deviceAddress;
	uint64_t *hostAddress;
	uint64_t completionValue;
} ze_event_counter_based_external_sync_allocation_desc_t;

/*
 * pNext of ze_event_counter_based_desc_t: an aggregated event. Every
 * append that signals it atomically adds incrementValue at deviceAddress
 * (device memory of the context); it is complete once *deviceAddress >=
 * completionValue. Not with an external sync allocation.
 */
typedef struct _ze_event_counter_based_external_aggregate_storage_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	uint64_t *deviceAddress;
	uint64_t incrementValue;
	uint64_t completionValue;
} ze_event_counter_based_external_aggregate_storage_desc_t;

typedef struct _ze_ipc_event_counter_based_handle_t {
	char data[ZE_MAX_IPC_HANDLE_SIZE];
} ze_ipc_event_counter_based_handle_t;

/* pNext of ze_device_properties_t: what counter-based events can do. */
typedef uint32_t ze_device_event_properties_flags_t;
typedef enum _ze_device_event_properties_flag_t {
	ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_EXTERNAL_AGGREGATE_STORAGE =
		ZE_BIT(0),
	ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_IPC = ZE_BIT(1),
	ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION =
		ZE_BIT(2),
	ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_EXTERNAL_INTERRUPT_WAIT =
		ZE_BIT(3),
	ZE_DEVICE_EVENT_PROPERTIES_FLAG_FORCE_UINT32 = 0x7fffffff,
} ze_device_event_properties_flag_t;

typedef struct _ze_device_event_properties_t {
	ze_structure_type_t stype;
	void *pNext;
	ze_device_event_properties_flags_t flags;
} ze_device_event_properties_t;

/* pNext of zeMemGetIpcHandleWithProperties(): which kind of handle. */
typedef uint32_t ze_ipc_mem_handle_type_flags_t;
typedef enum _ze_ipc_mem_handle_type_flag_t {
	ZE_IPC_MEM_HANDLE_TYPE_FLAG_DEFAULT = ZE_BIT(0),
	ZE_IPC_MEM_HANDLE_TYPE_FLAG_FABRIC_ACCESSIBLE = ZE_BIT(1),
	ZE_IPC_MEM_HANDLE_TYPE_FLAG_FORCE_UINT32 = 0x7fffffff,
} ze_ipc_mem_handle_type_flag_t;

typedef struct _ze_ipc_mem_handle_type_ext_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	ze_ipc_mem_handle_type_flags_t typeFlags;
} ze_ipc_mem_handle_type_ext_desc_t;

ZE_APIEXPORT ze_result_t ZE_APICALL
zeEventCounterBasedCreate(ze_context_handle_t hContext,
			  ze_device_handle_t hDevice,
			  const ze_event_counter_based_desc_t *desc,
			  ze_event_handle_t *phEvent);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeEventCounterBasedGetIpcHandle(ze_event_handle_t hEvent,
				ze_ipc_event_counter_based_handle_t *phIpc);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeEventCounterBasedOpenIpcHandle(ze_context_handle_t hContext,
				 ze_ipc_event_counter_based_handle_t hIpc,
				 ze_event_handle_t *phEvent);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeEventCounterBasedCloseIpcHandle(ze_event_handle_t hEvent);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeEventCounterBasedGetDeviceAddress(ze_event_handle_t hEvent,
				    uint64_t *completionValue,
				    uint64_t *deviceAddress);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeDeviceGetAggregatedCopyOffloadIncrementValue(ze_device_handle_t hDevice,
					       uint32_t *incrementValue);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeMemGetIpcHandleWithProperties(ze_context_handle_t hContext, const void *ptr,
				void *pNext, ze_ipc_mem_handle_t *pIpcHandle);

/* Spec 1.17 */
ZE_APIEXPORT ze_result_t ZE_APICALL
zeEventGetCounterBasedFlags(ze_event_handle_t hEvent,
			    ze_event_counter_based_flags_t *pFlags);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeDeviceGetCounterBasedEventMaxValue(ze_device_handle_t hDevice,
				     uint64_t *maxValue);

#if defined(__cplusplus)
}
#endif

#endif /* spec 1.4 headers */
#endif /* _ZEX_SPEC_H */
