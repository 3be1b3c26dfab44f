/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_GRAPH_EXEC_H
#define _XE_GRAPH_EXEC_H

/* graph_exec.c: executable graphs (ExecutableGraph, CommandList DDI). */

#include <level_zero/ze_api.h>
#include <ze_graph_ext.h>

ze_result_t xe_graph_instantiate(ze_graph_handle_t hGraph, const void *pNext,
				 ze_executable_graph_handle_t *phExecutableGraph);
ze_result_t xe_cmdlist_append_graph(ze_command_list_handle_t hCommandList,
				    ze_executable_graph_handle_t hGraph,
				    const void *pNext,
				    ze_event_handle_t hSignalEvent,
				    uint32_t numWaitEvents,
				    ze_event_handle_t *phWaitEvents);
ze_result_t
xe_exec_graph_get_source_graph(ze_executable_graph_handle_t hGraph,
			       ze_graph_handle_t *phSourceGraph);
ze_result_t xe_exec_graph_destroy(ze_executable_graph_handle_t hGraph);

#endif /* _XE_GRAPH_EXEC_H */
