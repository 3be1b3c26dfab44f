// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: replaying a node
 *
 * A captured node appended to a list again, through the entry point that
 * captured it: when an executable graph is made (graph_exec.c, each node
 * to its branch's list, graph_chain.c for runs of launches), and when a
 * graph is appended to a capturing list (a subgraph, captured node by
 * node). An executable graph's internal counter-based events stand in for
 * the graph's own.
 */

#include <stdlib.h>
#include <string.h>

#include "append/append.h"
#include "append/append_api.h"
#include "append/append_jit.h"
#include "append/execute.h"
#include "core/libze_private.h"
#include "events/event_types.h"
#include "graph/graph_replay.h"
#include "graph/graph_types.h"
#include "lists/cmdlist.h"

/**
 * xe_graph_map_event() - the handle a replay uses for an event
 * @x: the executable graph, or NULL
 * @ev: the event a node signals or waits for, or NULL
 *
 * Return: @x's own event for an internal one, else @ev.
 */
ze_event_handle_t xe_graph_map_event(const struct xe_exec_graph *x,
				     struct xe_event *ev)
{
	uint32_t i;

	if (!ev)
		return NULL;
	for (i = 0; x && i < x->nevents; i++)
		if (x->events[i].from == ev)
			return x->events[i].to;
	return (ze_event_handle_t)ev;
}

/*
 * The regular lists of an XE_GRAPH_LISTS node, executed from the branch's
 * batch: their batches are called from it, and each replay begins and
 * commits them with the branch's list (struct xe_exec_graph.execs).
 */
static ze_result_t replay_lists(const struct xe_graph_node *node,
				ze_command_list_handle_t list,
				const struct xe_exec_graph *x,
				ze_event_handle_t sig, uint32_t nw,
				ze_event_handle_t *waits)
{
	uint32_t b = node->branch, n = node->lists.n, i;
	ze_command_list_handle_t *v;
	struct xe_append a;
	ze_result_t ret;
	uint32_t *cs;

	v = realloc(x->execs[b], (x->nexecs[b] + n) * sizeof(*v));
	if (!v)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	x->execs[b] = v;
	ret = xe_append_begin(&a, list, sig, nw, waits);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	cs = xe_append_reserve(&a, (size_t)n * XE_EXECUTE_DWORDS);
	if (!cs)
		return xe_append_abort(&a, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
	for (i = 0; i < n; i++)
		cs = xe_emit_execute(cs, xe_cmdlist_from_handle(node->lists.v[i]),
				     true);
	xe_append_advance(&a, cs);
	ret = xe_append_commit(&a);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	memcpy(&v[x->nexecs[b]], node->lists.v, n * sizeof(*v));
	x->nexecs[b] += n;
	return ZE_RESULT_SUCCESS;
}

/**
 * xe_graph_replay_node() - append a captured node to a list
 * @node: the node
 * @list: the list
 * @x: the executable graph whose events replace the graph's internal ones,
 *	or NULL for none
 *
 * Return: what the append returned.
 */
ze_result_t xe_graph_replay_node(const struct xe_graph_node *node,
				 ze_command_list_handle_t list,
				 const struct xe_exec_graph *x)
{
	ze_event_handle_t local[16], *waits = local, *evs = NULL;
	ze_event_handle_t sig = xe_graph_map_event(x, node->signal);
	uint32_t nw = node->nwaits, i;
	ze_result_t ret;

	if (nw > XE_ARRAY_SIZE(local)) {
		waits = malloc(nw * sizeof(*waits));
		if (!waits)
			return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	}
	for (i = 0; i < nw; i++)
		waits[i] = xe_graph_map_event(x, node->waits[i]);

	switch (node->op) {
	case XE_GRAPH_LAUNCH:
		ret = xe_append_launch_snapshots(list, node->launch.n,
						 node->launch.launches,
						 node->launch.counts,
						 node->launch.indirect,
						 node->launch.count_ptr, sig,
						 nw, waits);
		break;
	case XE_GRAPH_BUILTIN:
		ret = xe_append_builtin_dispatch(list, node->builtin.id,
						 node->builtin.args, sig, nw,
						 waits);
		break;
	case XE_GRAPH_COPY:
		ret = xe_append_memory_copy(list, node->copy.dst,
					    node->copy.src, node->copy.size,
					    sig, nw, waits);
		break;
	case XE_GRAPH_COPY_REGION:
		ret = xe_append_memory_copy_region(list, node->region.dst,
						   &node->region.dst_region,
						   node->region.dst_pitch,
						   node->region.dst_slice_pitch,
						   node->region.src,
						   &node->region.src_region,
						   node->region.src_pitch,
						   node->region.src_slice_pitch,
						   sig, nw, waits);
		break;
	case XE_GRAPH_FILL:
		ret = xe_append_memory_fill(list, node->fill.dst,
					    node->fill.pattern,
					    node->fill.pattern_size,
					    node->fill.size, sig, nw, waits);
		break;
	case XE_GRAPH_BARRIER:
	case XE_GRAPH_SIGNAL:
	case XE_GRAPH_WAIT:
		ret = xe_append_barrier(list, sig, nw, waits);
		break;
	case XE_GRAPH_RESET:
		ret = xe_append_event_reset(list, sig);
		break;
	case XE_GRAPH_TIMESTAMP:
		ret = xe_append_write_global_timestamp(list, node->ts.dst, sig,
						       nw, waits);
		break;
	case XE_GRAPH_QUERY_TIMESTAMPS:
		evs = calloc(node->ts.n ? node->ts.n : 1, sizeof(*evs));
		if (!evs) {
			ret = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
			break;
		}
		for (i = 0; i < node->ts.n; i++)
			evs[i] = xe_graph_map_event(x, node->ts.events[i]);
		ret = xe_append_query_kernel_timestamps(list, node->ts.n, evs,
							node->ts.dst,
							node->ts.offsets, sig,
							nw, waits);
		free(evs);
		break;
	case XE_GRAPH_HOST_FUNCTION:
		ret = xe_append_host_function(list, node->host.fn,
					      node->host.data, NULL, sig, nw,
					      waits);
		break;
	case XE_GRAPH_LISTS:
		ret = x ? replay_lists(node, list, x, sig, nw, waits) :
		      xe_append_command_lists_exp(list, node->lists.n,
						  node->lists.v, sig, nw,
						  waits);
		break;
	default:
		ret = ZE_RESULT_ERROR_UNKNOWN;
		break;
	}
	if (waits != local)
		free(waits);
	return ret;
}
