// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: drawing a graph (zeGraphDumpContentsExt)
 *
 * A DOT file: one cluster per branch (the list that captured it), one box
 * per node in capture order, a solid edge from each node to the next of
 * its branch, and a dashed edge from the node that signalled an event to
 * each node that waits for that signal, labelled with the event in the
 * detailed mode. The detailed mode (the default) gives each node what it
 * works on: a kernel's name, group counts and arguments, a copy's or
 * fill's addresses and sizes; the simple mode only what the node is.
 */

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "graph/graph_dump.h"
#include "graph/graph_types.h"
#include "modules/eu_pool.h"

static const char *const op_names[] = {
	[XE_GRAPH_LAUNCH] = "kernel",
	[XE_GRAPH_BUILTIN] = "built-in kernel",
	[XE_GRAPH_COPY] = "memory copy",
	[XE_GRAPH_COPY_REGION] = "memory copy region",
	[XE_GRAPH_FILL] = "memory fill",
	[XE_GRAPH_BARRIER] = "barrier",
	[XE_GRAPH_SIGNAL] = "signal event",
	[XE_GRAPH_WAIT] = "wait on events",
	[XE_GRAPH_RESET] = "event reset",
	[XE_GRAPH_TIMESTAMP] = "global timestamp",
	[XE_GRAPH_QUERY_TIMESTAMPS] = "query kernel timestamps",
	[XE_GRAPH_HOST_FUNCTION] = "host function",
	[XE_GRAPH_LISTS] = "command lists",
};

static_assert(sizeof(op_names) / sizeof(op_names[0]) == XE_GRAPH_LISTS + 1,
	      "a name for every kind of node");

static void dump_launch(FILE *f, const struct xe_graph_node *node)
{
	const struct xe_launch *l = node->launch.launches[0];
	uint32_t i;

	if (node->launch.counts)
		fprintf(f, "\\ngroups %ux%ux%u",
			node->launch.counts[0].groupCountX,
			node->launch.counts[0].groupCountY,
			node->launch.counts[0].groupCountZ);
	else
		fprintf(f, "\\nindirect groups at 0x%llx",
			(unsigned long long)node->launch.indirect);
	fprintf(f, "\\ngroup size %ux%ux%u", l->local_size[0],
		l->local_size[1], l->local_size[2]);
	for (i = 0; i < l->num_args; i++) {
		if (l->local_bytes[i])
			fprintf(f, "\\narg %u: __local %llu bytes", i,
				(unsigned long long)l->local_bytes[i]);
		else
			fprintf(f, "\\narg %u: 0x%llx", i,
				*(const unsigned long long *)l->argv[i]);
	}
	if (node->launch.n > 1)
		fprintf(f, "\\n(%u kernels)", node->launch.n);
}

static void dump_details(FILE *f, const struct xe_graph_node *node)
{
	switch (node->op) {
	case XE_GRAPH_LAUNCH:
		if (node->launch.n)
			dump_launch(f, node);
		break;
	case XE_GRAPH_COPY:
		fprintf(f, "\\n%p <- %p, %zu bytes", node->copy.dst,
			node->copy.src, node->copy.size);
		break;
	case XE_GRAPH_COPY_REGION:
		fprintf(f, "\\n%p <- %p, %ux%ux%u", node->region.dst,
			node->region.src, node->region.src_region.width,
			node->region.src_region.height,
			node->region.src_region.depth);
		break;
	case XE_GRAPH_FILL:
		fprintf(f, "\\n%p, %zu bytes, pattern of %zu", node->fill.dst,
			node->fill.size, node->fill.pattern_size);
		break;
	case XE_GRAPH_TIMESTAMP:
	case XE_GRAPH_QUERY_TIMESTAMPS:
		fprintf(f, "\\nto %p", node->ts.dst);
		break;
	default:
		break;
	}
}

static void dump_node(FILE *f, const struct xe_graph_node *node, size_t i,
		      bool detailed)
{
	fprintf(f, "    n%zu [label=\"%s", i, op_names[node->op]);
	if (node->name[0])
		fprintf(f, " %s", node->name);
	if (detailed)
		dump_details(f, node);
	fprintf(f, "\"];\n");
}

/* The node before @i that signalled @ev last, or -1. */
static long signaller(const struct xe_graph *g, size_t i,
		      const struct xe_event *ev)
{
	while (i--)
		if (g->nodes[i].signal == ev &&
		    g->nodes[i].op != XE_GRAPH_RESET)
			return (long)i;
	return -1;
}

static void dump(FILE *f, const struct xe_graph *g, bool detailed)
{
	size_t i, prev;
	uint32_t b, w;
	long from;

	fprintf(f, "digraph graph_%p {\n  node [shape=box];\n", (void *)g);
	for (b = 0; b < g->nbranches; b++) {
		fprintf(f, "  subgraph cluster_%u {\n    label=\"%s %u\";\n",
			b, b ? "forked list" : "primary list", b);
		for (i = 0; i < g->nnodes; i++)
			if (g->nodes[i].branch == b)
				dump_node(f, &g->nodes[i], i, detailed);
		fprintf(f, "  }\n");
		prev = SIZE_MAX;
		for (i = 0; i < g->nnodes; i++) {
			if (g->nodes[i].branch != b)
				continue;
			if (prev != SIZE_MAX)
				fprintf(f, "  n%zu -> n%zu;\n", prev, i);
			prev = i;
		}
	}
	for (i = 0; i < g->nnodes; i++)
		for (w = 0; w < g->nodes[i].nwaits; w++) {
			from = signaller(g, i, g->nodes[i].waits[w]);
			if (from < 0)
				continue;
			fprintf(f, "  n%ld -> n%zu [style=dashed", from, i);
			if (detailed)
				fprintf(f, " label=\"event %p\"",
					(void *)g->nodes[i].waits[w]);
			fprintf(f, "];\n");
		}
	fprintf(f, "}\n");
}

ze_result_t xe_graph_dump_contents(ze_graph_handle_t hGraph,
				   const char *filePath, const void *pNext)
{
	const ze_record_replay_graph_ext_dump_desc_t *desc = pNext;
	struct xe_graph *g = xe_graph_from_handle(hGraph);
	bool detailed = true;
	FILE *f;
	int err;

	if (!g)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!filePath)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (desc) {
		if (desc->stype != ZE_STRUCTURE_TYPE_RECORD_REPLAY_GRAPH_EXT_DUMP_DESC)
			return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
				       "zeGraphDumpContentsExt takes a dump descriptor in pNext");
		if (desc->mode != ZE_RECORD_REPLAY_GRAPH_EXT_DUMP_MODE_DETAILED &&
		    desc->mode != ZE_RECORD_REPLAY_GRAPH_EXT_DUMP_MODE_SIMPLE)
			return ZE_RESULT_ERROR_INVALID_ENUMERATION;
		detailed = desc->mode ==
			   ZE_RECORD_REPLAY_GRAPH_EXT_DUMP_MODE_DETAILED;
	}
	if (g->capturing)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_GRAPH,
			       "the graph is being captured into");
	f = fopen(filePath, "w");
	if (!f)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the dump's file cannot be created");
	dump(f, g, detailed);
	err = ferror(f);
	if (fclose(f) || err)
		return ZE_RESULT_ERROR_UNKNOWN;
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeGraphDumpContentsExt, xe_graph_dump_contents);
