/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_GRAPH_REPLAY_H
#define _XE_GRAPH_REPLAY_H

#include <level_zero/ze_api.h>

struct xe_event;
struct xe_exec_graph;
struct xe_graph_node;

ze_event_handle_t xe_graph_map_event(const struct xe_exec_graph *x,
				     struct xe_event *ev);
ze_result_t xe_graph_replay_node(const struct xe_graph_node *node,
				 ze_command_list_handle_t list,
				 const struct xe_exec_graph *x);

#endif /* _XE_GRAPH_REPLAY_H */
