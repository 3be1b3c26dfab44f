/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_GRAPH_CHAIN_H
#define _XE_GRAPH_CHAIN_H

#include <level_zero/ze_api.h>

struct xe_exec_graph;
struct xe_graph;

ze_result_t xe_graph_lower(const struct xe_graph *g,
			   const struct xe_exec_graph *x);

#endif /* _XE_GRAPH_CHAIN_H */
