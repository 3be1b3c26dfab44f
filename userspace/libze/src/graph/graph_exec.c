// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: executable graphs
 *
 * zeGraphInstantiateExt() lowers a graph to one closed regular in-order
 * list per branch: every node is appended again, in capture order, to its
 * branch's list, through the same entry points an application calls, so
 * that each kind of append records exactly what it would have submitted
 * (runs of kernel launches as one chain each: graph_chain.c).
 * The lists are lean (struct xe_cmdlist.lean): a node costs the engine its
 * operation, its waits for other branches and its signal, and nothing for
 * the in-order bookkeeping of the nodes before it. A lean list's counter
 * moves only with its signals: a branch that signals nothing leaves it at
 * 0, and its next execution rewinds nothing (no system call); whether an
 * execution ended, its ring tells (append/execute.c).
 * The graph's internal counter-based events (those without
 * ZE_EVENT_COUNTER_BASED_FLAG_GRAPH_EXTERNAL that a node signals) are
 * replaced by counter-based events of the executable graph's own: a wait
 * of one branch for another is recorded against the signalling branch's
 * counter, so two executable graphs of one graph never share a state and
 * may run at once. Regular events and external counter-based events are
 * the application's, shared, as the spec has it.
 *
 * zeCommandListAppendGraphExt() is then one submission per branch: the
 * primary branch's list is executed by the appending list (after its wait
 * events, before its signal event), each other branch's by an immediate
 * list of the executable graph's own, on a queue of its own; the
 * branches order themselves through the waits they recorded. A replay
 * waits on the host for the previous replay of the same executable graph
 * (the lists' counters are rewound for the next one), then sets every
 * branch's counter to 0 before any branch is submitted, so that no branch
 * reads another's counter as the previous replay left it.
 *
 * zeCommandListAppendGraphExt() on a capturing list captures the graph's
 * nodes into the capture (a subgraph), its branches as forks of the
 * capturing list's, joined as they were.
 */

#include <errno.h>
#include <stdlib.h>

#include "append/append.h"
#include "append/execute.h"
#include "core/debug_log.h"
#include "core/libze_private.h"
#include "core/result.h"
#include "events/cb_event.h"
#include "events/counter.h"
#include "events/event.h"
#include "events/event_types.h"
#include "graph/graph_capture.h"
#include "graph/graph_chain.h"
#include "graph/graph_exec.h"
#include "graph/graph_replay.h"
#include "graph/graph_record.h"
#include "lists/cmdlist.h"
#include "submission/ring.h"

/* Give @x an event of its own for each internal event @g's nodes signal. */
static ze_result_t make_events(struct xe_exec_graph *x, struct xe_graph *g)
{
	const ze_event_counter_based_flags_t keep =
		ZE_EVENT_COUNTER_BASED_FLAG_HOST_VISIBLE |
		ZE_EVENT_COUNTER_BASED_FLAG_DEVICE_TIMESTAMP |
		ZE_EVENT_COUNTER_BASED_FLAG_HOST_TIMESTAMP;
	ze_event_counter_based_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC,
	};
	struct xe_exec_graph_event *v;
	struct xe_event *ev;
	ze_result_t ret;
	size_t i;

	for (i = 0; i < g->nnodes; i++) {
		ev = g->nodes[i].signal;
		if (g->nodes[i].op == XE_GRAPH_RESET || !ev ||
		    !xe_graph_internal_event(ev) ||
		    xe_graph_map_event(x, ev) != (ze_event_handle_t)ev)
			continue;
		v = realloc(x->events, (x->nevents + 1) * sizeof(*v));
		if (!v)
			return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
		x->events = v;
		desc.flags = (ev->cb_flags & keep) |
			     ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE |
			     ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE;
		desc.signal = ev->signal_scope;
		desc.wait = ev->wait_scope;
		ret = xe_cb_event_create((ze_context_handle_t)g->ctx,
					 (ze_device_handle_t)g->dev, &desc,
					 &v[x->nevents].to);
		if (ret != ZE_RESULT_SUCCESS)
			return ret;
		v[x->nevents++].from = ev;
	}
	return ZE_RESULT_SUCCESS;
}

static void exec_free(struct xe_exec_graph *x)
{
	uint32_t i;

	for (i = 0; i < x->nbranches; i++) {
		if (x->queues && x->queues[i])
			xe_cmdlist_destroy(x->queues[i]);
		if (x->lists && x->lists[i])
			xe_cmdlist_destroy(x->lists[i]);
	}
	for (i = 0; i < x->nevents; i++)
		xe_event_destroy(x->events[i].to);
	for (i = 0; x->execs && i < x->nbranches; i++)
		free(x->execs[i]);
	free(x->execs);
	free(x->nexecs);
	free(x->events);
	free(x->queues);
	free(x->lists);
	if (x->graph) {
		pthread_mutex_lock(&x->graph->ctx->drv->graph_lock);
		x->graph->execs--;
		pthread_mutex_unlock(&x->graph->ctx->drv->graph_lock);
	}
	free(x);
}

/* The lists and queues of @x, one per branch of its graph. */
static ze_result_t make_lists(struct xe_exec_graph *x, struct xe_graph *g)
{
	ze_command_list_desc_t ldesc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC,
		.commandQueueGroupOrdinal = g->ordinal,
		.flags = ZE_COMMAND_LIST_FLAG_IN_ORDER,
	};
	ze_command_queue_desc_t qdesc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.ordinal = g->ordinal,
		.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
		.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
		.priority = ZE_COMMAND_QUEUE_PRIORITY_NORMAL,
	};
	ze_context_handle_t ctx = (ze_context_handle_t)g->ctx;
	ze_device_handle_t dev = (ze_device_handle_t)g->dev;
	ze_result_t ret;
	uint32_t b;

	x->lists = calloc(x->nbranches, sizeof(*x->lists));
	x->queues = calloc(x->nbranches, sizeof(*x->queues));
	x->execs = calloc(x->nbranches, sizeof(*x->execs));
	x->nexecs = calloc(x->nbranches, sizeof(*x->nexecs));
	if (!x->lists || !x->queues || !x->execs || !x->nexecs)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	for (b = 0; b < x->nbranches; b++) {
		ret = xe_cmdlist_create(ctx, dev, &ldesc, &x->lists[b]);
		x->execs[b] = malloc(sizeof(*x->execs[b]));
		if (ret == ZE_RESULT_SUCCESS && !x->execs[b])
			ret = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
		if (ret == ZE_RESULT_SUCCESS) {
			x->execs[b][0] = x->lists[b];
			x->nexecs[b] = 1;
		}
		if (ret == ZE_RESULT_SUCCESS)
			xe_cmdlist_from_handle(x->lists[b])->lean = true;
		if (ret == ZE_RESULT_SUCCESS && b)
			ret = xe_cmdlist_create_immediate(ctx, dev, &qdesc,
							  &x->queues[b]);
		if (ret != ZE_RESULT_SUCCESS)
			return ret;
	}
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_graph_instantiate(ze_graph_handle_t hGraph, const void *pNext,
				 ze_executable_graph_handle_t *phExecutableGraph)
{
	struct xe_graph *g = xe_graph_from_handle(hGraph);
	struct xe_exec_graph *x;
	pthread_mutex_t *lock;
	ze_result_t ret;
	size_t i;

	if (!g)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phExecutableGraph)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (pNext)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "zeGraphInstantiateExt knows no extension structure in pNext");
	lock = &g->ctx->drv->graph_lock;
	pthread_mutex_lock(lock);
	if (g->capturing || !g->captured || g->invalid) {
		pthread_mutex_unlock(lock);
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_GRAPH,
			       "only a graph whose capture ended well is instantiated");
	}
	g->execs++;
	pthread_mutex_unlock(lock);

	x = calloc(1, sizeof(*x));
	if (!x) {
		pthread_mutex_lock(lock);
		g->execs--;
		pthread_mutex_unlock(lock);
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	}
	x->graph = g;
	x->nbranches = g->nbranches;
	ret = make_lists(x, g);
	if (ret == ZE_RESULT_SUCCESS)
		ret = make_events(x, g);
	if (ret == ZE_RESULT_SUCCESS)
		ret = xe_graph_lower(g, x);
	for (i = 0; i < x->nbranches && ret == ZE_RESULT_SUCCESS; i++)
		ret = xe_cmdlist_close(x->lists[i]);
	if (ret != ZE_RESULT_SUCCESS) {
		exec_free(x);
		return ret;
	}
	xe_object_init(&x->obj, XE_MAGIC_EXEC_GRAPH, &g->ctx->drv->ddi);
	*phExecutableGraph = (ze_executable_graph_handle_t)x;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_exec_graph_destroy(ze_executable_graph_handle_t hGraph)
{
	struct xe_exec_graph *x = xe_exec_graph_from_handle(hGraph);

	if (!x)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	xe_object_fini(&x->obj);
	exec_free(x);
	return ZE_RESULT_SUCCESS;
}

ze_result_t
xe_exec_graph_get_source_graph(ze_executable_graph_handle_t hGraph,
			       ze_graph_handle_t *phSourceGraph)
{
	struct xe_exec_graph *x = xe_exec_graph_from_handle(hGraph);

	if (!x)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phSourceGraph)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*phSourceGraph = (ze_graph_handle_t)x->graph;
	return ZE_RESULT_SUCCESS;
}

/*
 * Wait for the previous replay of @x, then rewind every branch's counter
 * before any branch is submitted.
 */
static ze_result_t prepare_replay(struct xe_exec_graph *x)
{
	struct xe_cmdlist *list;
	uint32_t b;
	int err;

	uint32_t i;

	/* The branches' lists, and the regular lists they execute. */
	for (b = 0; b < x->nbranches; b++)
		for (i = 0; i < x->nexecs[b]; i++) {
			list = xe_cmdlist_from_handle(x->execs[b][i]);
			if (!list)
				return XE_FAIL(ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
					       "a regular list the graph executes was destroyed");
			err = xe_cmdlist_check_executable(list,
							  x->graph->ordinal);
			if (err == -EBUSY)
				err = xe_ring_wait(list->exec_ring,
						   list->exec_seqno,
						   UINT64_MAX);
			if (err)
				return xe_result_from_errno(err);
		}
	/* One branch: its execution rewinds its own counter. */
	for (b = 0; x->nbranches > 1 && b < x->nbranches; b++) {
		list = xe_cmdlist_from_handle(x->lists[b]);
		err = xe_counter_set(list->counter, 0);
		if (err)
			return xe_result_from_errno(err);
	}
	return ZE_RESULT_SUCCESS;
}

/* One submission: branch @b's list, with the regular lists it executes. */
static ze_result_t run_branch(ze_command_list_handle_t h,
			      const struct xe_exec_graph *x, uint32_t b,
			      ze_event_handle_t hSignalEvent,
			      uint32_t numWaitEvents,
			      ze_event_handle_t *phWaitEvents)
{
	struct xe_append a;
	ze_result_t ret;

	ret = xe_append_begin(&a, h, hSignalEvent, numWaitEvents,
			      phWaitEvents);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	ret = xe_append_execute_with(&a, 1, x->nexecs[b] - 1, x->execs[b]);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	return xe_append_commit(&a);
}

/* A capturing list appends @x: its graph's nodes join the capture. */
static ze_result_t capture_subgraph(ze_command_list_handle_t h,
				    struct xe_exec_graph *x,
				    ze_event_handle_t hSignalEvent,
				    uint32_t numWaitEvents,
				    ze_event_handle_t *phWaitEvents);

ze_result_t xe_cmdlist_append_graph(ze_command_list_handle_t hCommandList,
				    ze_executable_graph_handle_t hGraph,
				    const void *pNext,
				    ze_event_handle_t hSignalEvent,
				    uint32_t numWaitEvents,
				    ze_event_handle_t *phWaitEvents)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);
	struct xe_exec_graph *x = xe_exec_graph_from_handle(hGraph);
	ze_result_t ret;
	uint32_t b;

	if (!list || !x)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (pNext)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "zeCommandListAppendGraphExt knows no extension structure in pNext");
	if (numWaitEvents && !phWaitEvents)
		return ZE_RESULT_ERROR_INVALID_SIZE;
	if (xe_graph_hooked(hCommandList, hSignalEvent, numWaitEvents,
			    phWaitEvents)) {
		ret = capture_subgraph(hCommandList, x, hSignalEvent,
				       numWaitEvents, phWaitEvents);
		if (ret != XE_GRAPH_PASS)
			return ret;
	}
	if (!list->immediate || list->ordinal != x->graph->ordinal ||
	    list->dev != x->graph->dev)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "a graph replays on an immediate list of the device and group it was captured on");
	ret = prepare_replay(x);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	/*
	 * The forks first (their counters are rewound, they wait for the
	 * primary branch's signals), then the primary branch, whose
	 * submission a synchronous list waits for.
	 */
	for (b = 1; b < x->nbranches; b++) {
		ret = run_branch(x->queues[b], x, b, NULL, 0, NULL);
		if (ret != ZE_RESULT_SUCCESS)
			return ret;
	}
	return run_branch(hCommandList, x, 0, hSignalEvent, numWaitEvents,
			  phWaitEvents);
}

/*
 * The subgraph's nodes, appended to the capture: the primary branch's on
 * @h (the first of them also waiting for the append's wait events), the
 * other branches' on the executable graph's queues, which fork from @h
 * through the events the subgraph's own capture recorded; a barrier on @h
 * signals the append's event at the end.
 */
static ze_result_t capture_subgraph(ze_command_list_handle_t h,
				    struct xe_exec_graph *x,
				    ze_event_handle_t hSignalEvent,
				    uint32_t numWaitEvents,
				    ze_event_handle_t *phWaitEvents)
{
	struct xe_graph *g = x->graph;
	ze_command_list_handle_t list;
	ze_result_t ret;
	size_t i;

	ret = xe_graph_record_events(h, XE_GRAPH_WAIT, NULL, numWaitEvents,
				     phWaitEvents);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	for (i = 0; i < g->nnodes; i++) {
		const struct xe_graph_node *node = &g->nodes[i];

		list = node->branch ? x->queues[node->branch] : h;
		ret = xe_graph_replay_node(node, list, NULL);
		if (ret != ZE_RESULT_SUCCESS)
			return ret == XE_GRAPH_PASS ?
			       XE_FAIL(ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
				       "a subgraph branch that does not fork from the capture") :
			       ret;
	}
	if (hSignalEvent)
		ret = xe_graph_record_events(h, XE_GRAPH_SIGNAL, hSignalEvent,
					     0, NULL);
	return ret;
}

XE_EXPORT(zeGraphInstantiateExt, xe_graph_instantiate);
XE_EXPORT(zeExecutableGraphDestroyExt, xe_exec_graph_destroy);
XE_EXPORT(zeExecutableGraphGetSourceGraphExt, xe_exec_graph_get_source_graph);
XE_EXPORT(zeCommandListAppendGraphExt, xe_cmdlist_append_graph);
