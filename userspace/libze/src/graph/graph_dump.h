/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_GRAPH_DUMP_H
#define _XE_GRAPH_DUMP_H

/* graph_dump.c: zeGraphDumpContentsExt(). */

#include <level_zero/ze_api.h>
#include <ze_graph_ext.h>

ze_result_t xe_graph_dump_contents(ze_graph_handle_t hGraph,
				   const char *filePath, const void *pNext);

#endif /* _XE_GRAPH_DUMP_H */
