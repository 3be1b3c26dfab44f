/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_GRAPH_H
#define _XE_GRAPH_H

/* Entry points of graph.c (Graph and CommandList DDI tables). */

#include <level_zero/ze_api.h>
#include <ze_graph_ext.h>

ze_result_t xe_graph_create(ze_context_handle_t hContext, const void *pNext,
			    ze_graph_handle_t *phGraph);
ze_result_t xe_graph_destroy(ze_graph_handle_t hGraph);
ze_result_t xe_graph_get_primary_list(ze_graph_handle_t hGraph,
				      ze_command_list_handle_t *phCommandList);
ze_result_t
xe_graph_set_destruction_callback(ze_graph_handle_t hGraph,
				  zex_mem_graph_free_callback_fn_t pfnCallback,
				  void *pUserData, const void *pNext);
ze_result_t xe_graph_is_empty(ze_graph_handle_t hGraph);
ze_result_t xe_cmdlist_begin_graph_capture(ze_command_list_handle_t hCommandList,
					   const void *pNext);
ze_result_t
xe_cmdlist_begin_capture_into_graph(ze_command_list_handle_t hCommandList,
				    ze_graph_handle_t hGraph,
				    const void *pNext);
ze_result_t
xe_cmdlist_is_graph_capture_enabled(ze_command_list_handle_t hCommandList);
ze_result_t xe_cmdlist_end_graph_capture(ze_command_list_handle_t hCommandList,
					 const void *pNext,
					 ze_graph_handle_t *phGraph);
ze_result_t xe_cmdlist_get_graph(ze_command_list_handle_t hCommandList,
				 ze_graph_handle_t *phGraph);

#endif /* _XE_GRAPH_H */
