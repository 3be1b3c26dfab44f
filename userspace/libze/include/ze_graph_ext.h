/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _ZE_GRAPH_EXT_H
#define _ZE_GRAPH_EXT_H

/*
 * DOC: ZE_extension_record_replay_graph (spec 1.17)
 *
 * An application captures what it appends to immediate in-order lists
 * into a graph, instantiates the graph and replays it with one append.
 * Debian's spec 1.4 headers lack the extension; this header restates its
 * names, layouts and prototypes (spec 1.17, level-zero v1.32), for the
 * driver and for programs built on Debian. With headers that define
 * ZE_RECORD_REPLAY_GRAPH_EXT_NAME it defines nothing.
 *
 * Values: the three query results below are those compute-runtime's
 * experimental header gives the same results (0x7fff0000-2); the other
 * result codes and the properties' structure type could not be read from
 * a public v1.32 header here and are this driver's. The six errors start
 * at 0x7fff0004, not 0x7fff0003: compute-runtime's memory extension
 * already returns 0x7fff0003 (ZE_RESULT_ERROR_INCOMPATIBLE_RESOURCE), and
 * a program that knows that code must not read a refused capture as it.
 * The experimental structure type of the properties (0x00030029) is
 * accepted too.
 */

#include <stdint.h>

#include <level_zero/ze_api.h>

#if !defined(ZE_RECORD_REPLAY_GRAPH_EXT_NAME)

#if defined(__cplusplus)
extern "C" {
#endif

#define ZE_RECORD_REPLAY_GRAPH_EXT_NAME "ZE_extension_record_replay_graph"

typedef enum _ze_record_replay_graph_ext_version_t {
	ZE_RECORD_REPLAY_GRAPH_EXT_VERSION_1_0 = ZE_MAKE_VERSION(1, 0),
	ZE_RECORD_REPLAY_GRAPH_EXT_VERSION_CURRENT = ZE_MAKE_VERSION(1, 0),
	ZE_RECORD_REPLAY_GRAPH_EXT_VERSION_FORCE_UINT32 = 0x7fffffff
} ze_record_replay_graph_ext_version_t;

typedef uint32_t ze_record_replay_graph_ext_flags_t;
typedef enum _ze_record_replay_graph_ext_flag_t {
	ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_IMMUTABLE_GRAPH = ZE_BIT(0),
	ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_MUTABLE_GRAPH = ZE_BIT(1),
	ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_SUBGRAPHS = ZE_BIT(2),
	ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_APPEND_COMMANDLIST = ZE_BIT(3),
	ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_CB_EXTERNAL_IPC = ZE_BIT(4),
	ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_FORCE_UINT32 = 0x7fffffff
} ze_record_replay_graph_ext_flag_t;

/* pNext of ze_device_properties_t */
#define ZE_STRUCTURE_TYPE_RECORD_REPLAY_GRAPH_EXT_PROPERTIES \
	((ze_structure_type_t)0x0003002a)
#define ZE_STRUCTURE_TYPE_RECORD_REPLAY_GRAPH_EXP_PROPERTIES \
	((ze_structure_type_t)0x00030029)
#define ZE_STRUCTURE_TYPE_RECORD_REPLAY_GRAPH_EXT_DUMP_DESC \
	((ze_structure_type_t)0x0003002b)

typedef struct _ze_record_replay_graph_ext_properties_t {
	ze_structure_type_t stype;
	void *pNext;
	ze_record_replay_graph_ext_flags_t graphFlags;
} ze_record_replay_graph_ext_properties_t;

typedef struct _ze_graph_handle_t *ze_graph_handle_t;
typedef struct _ze_executable_graph_handle_t *ze_executable_graph_handle_t;

typedef enum _ze_record_replay_graph_ext_dump_mode_t {
	ZE_RECORD_REPLAY_GRAPH_EXT_DUMP_MODE_DETAILED = 0x0,
	ZE_RECORD_REPLAY_GRAPH_EXT_DUMP_MODE_SIMPLE = 0x1,
	ZE_RECORD_REPLAY_GRAPH_EXT_DUMP_MODE_FORCE_UINT32 = 0x7fffffff
} ze_record_replay_graph_ext_dump_mode_t;

/* pNext of zeGraphDumpContentsExt() */
typedef struct _ze_record_replay_graph_ext_dump_desc_t {
	ze_structure_type_t stype;
	const void *pNext;
	ze_record_replay_graph_ext_dump_mode_t mode;
} ze_record_replay_graph_ext_dump_desc_t;

/* Results (ze_result_t) */
#define ZE_RESULT_QUERY_TRUE			((ze_result_t)0x7fff0000)
#define ZE_RESULT_QUERY_FALSE			((ze_result_t)0x7fff0001)
#define ZE_RESULT_ERROR_INVALID_GRAPH		((ze_result_t)0x7fff0002)
#define ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED ((ze_result_t)0x7fff0004)
#define ZE_RESULT_ERROR_GRAPH_CAPTURE_INVALIDATED ((ze_result_t)0x7fff0005)
#define ZE_RESULT_ERROR_GRAPH_CAPTURE_MERGE_ATTEMPT ((ze_result_t)0x7fff0006)
#define ZE_RESULT_ERROR_COMMAND_LIST_NOT_CAPTURING ((ze_result_t)0x7fff0007)
#define ZE_RESULT_ERROR_GRAPH_UNJOINED_FORKS	((ze_result_t)0x7fff0008)
#define ZE_RESULT_ERROR_GRAPH_INTERNAL_EVENT	((ze_result_t)0x7fff0009)

typedef void (ZE_APICALL *zex_mem_graph_free_callback_fn_t)(void *pUserData);

ZE_APIEXPORT ze_result_t ZE_APICALL
zeGraphCreateExt(ze_context_handle_t hContext, const void *pNext,
		 ze_graph_handle_t *phGraph);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListBeginGraphCaptureExt(ze_command_list_handle_t hCommandList,
				  const void *pNext);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListBeginCaptureIntoGraphExt(ze_command_list_handle_t hCommandList,
				      ze_graph_handle_t hGraph,
				      const void *pNext);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListIsGraphCaptureEnabledExt(ze_command_list_handle_t hCommandList);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListEndGraphCaptureExt(ze_command_list_handle_t hCommandList,
				const void *pNext, ze_graph_handle_t *phGraph);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListGetGraphExt(ze_command_list_handle_t hCommandList,
			 ze_graph_handle_t *phGraph);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeGraphGetPrimaryCommandListExt(ze_graph_handle_t hGraph,
				ze_command_list_handle_t *phCommandList);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeGraphSetDestructionCallbackExt(ze_graph_handle_t hGraph,
				 zex_mem_graph_free_callback_fn_t pfnCallback,
				 void *pUserData, const void *pNext);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeGraphInstantiateExt(ze_graph_handle_t hGraph, const void *pNext,
		      ze_executable_graph_handle_t *phExecutableGraph);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeCommandListAppendGraphExt(ze_command_list_handle_t hCommandList,
			    ze_executable_graph_handle_t hGraph,
			    const void *pNext, ze_event_handle_t hSignalEvent,
			    uint32_t numWaitEvents,
			    ze_event_handle_t *phWaitEvents);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeExecutableGraphGetSourceGraphExt(ze_executable_graph_handle_t hGraph,
				   ze_graph_handle_t *phSourceGraph);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeGraphIsEmptyExt(ze_graph_handle_t hGraph);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeGraphDumpContentsExt(ze_graph_handle_t hGraph, const char *filePath,
		       const void *pNext);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeExecutableGraphDestroyExt(ze_executable_graph_handle_t hGraph);
ZE_APIEXPORT ze_result_t ZE_APICALL
zeGraphDestroyExt(ze_graph_handle_t hGraph);

#if defined(__cplusplus)
}
#endif

#endif /* !ZE_RECORD_REPLAY_GRAPH_EXT_NAME */

#endif /* _ZE_GRAPH_EXT_H */
