// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: capturing appends into a graph
 *
 * zeCommandListBeginGraphCaptureExt() turns an immediate list into the
 * primary list of a capture: from then on its appends are recorded as
 * nodes of a graph (struct xe_graph_node) instead of being submitted.
 * Every append entry point asks xe_graph_hooked() first; an append it
 * concerns goes to a record function (graph_record.c), which opens a node
 * here (xe_graph_node_begin()), fills in what the append does and commits
 * it. The node holds its events; the events it signals are marked with
 * the graph and the branch, for as long as the capture lasts, so that
 *
 *  - another immediate list waiting for one of them joins the capture as
 *    a new branch, a child of the signalling one (a fork);
 *  - a branch's last signal waited for by one of its ancestors joins the
 *    branch (work appended to it afterwards unjoins it again);
 *  - host waits on them, and on capturing lists, are refused
 *    (GRAPH_CAPTURE_UNSUPPORTED: nothing was submitted to wait for), and
 *    an internal counter-based one signalled outside of the capture is
 *    refused (GRAPH_INTERNAL_EVENT); a capturing list waiting for an
 *    event of another capture is a merge (GRAPH_CAPTURE_MERGE_ATTEMPT).
 *
 * zeCommandListEndGraphCaptureExt() on the primary list ends the capture
 * of every branch and clears the marks: the events are the application's
 * again, in the state they had before the capture (nothing of it ran).
 * A capture with a branch not joined ends, and the graph is invalid
 * (GRAPH_UNJOINED_FORKS); so is one in which an append was refused
 * (GRAPH_CAPTURE_INVALIDATED). All of it is under the driver's
 * graph_lock: captures are rare and short, appends that no capture
 * concerns never take it.
 */

#include <stdlib.h>
#include <string.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "core/types.h"
#include "events/cb_state.h"
#include "events/event.h"
#include "events/event_types.h"
#include "graph/graph_capture.h"
#include "modules/eu_pool.h"
#include "lists/cmdlist.h"

static pthread_mutex_t *graph_lock(struct xe_context *ctx)
{
	return &ctx->drv->graph_lock;
}

/* Is @ev marked by a capture? Unlocked: a hint the lock confirms. */
static bool captured(ze_event_handle_t h)
{
	struct xe_event *ev = h ? xe_event_from_handle(h) : NULL;

	return ev && __atomic_load_n(&ev->graph_marked, __ATOMIC_RELAXED);
}

/**
 * xe_graph_mark_of() - the running capture whose node signalled @ev last
 * @drv: the driver
 * @ev: the event
 * @branch: gets the branch of that node
 *
 * Under the driver's graph_lock.
 *
 * Return: the graph, or NULL.
 */
struct xe_graph *xe_graph_mark_of(struct xe_driver *drv,
				  const struct xe_event *ev, uint32_t *branch)
{
	struct xe_graph *g;
	size_t i;

	for (g = drv->graph_capturing; g; g = g->next_capturing)
		for (i = g->nnodes; i--;)
			if (g->nodes[i].signal == ev &&
			    g->nodes[i].op != XE_GRAPH_RESET) {
				*branch = g->nodes[i].branch;
				return g;
			}
	return NULL;
}

bool xe_graph_touches_capture(ze_event_handle_t hSignalEvent,
			      uint32_t numWaitEvents,
			      ze_event_handle_t *phWaitEvents)
{
	uint32_t i;

	if (captured(hSignalEvent))
		return true;
	for (i = 0; phWaitEvents && i < numWaitEvents; i++)
		if (captured(phWaitEvents[i]))
			return true;
	return false;
}

/* Add @list to @g's capture as a branch; under the lock. */
static int add_branch(struct xe_graph *g, struct xe_cmdlist *list,
		      uint32_t parent)
{
	struct xe_graph_branch *b;

	b = realloc(g->branches, (g->nbranches + 1) * sizeof(*b));
	if (!b)
		return -1;
	g->branches = b;
	b[g->nbranches] = (struct xe_graph_branch){
		.list = list,
		.parent = parent,
	};
	list->capture = g;
	list->capture_branch = g->nbranches++;
	atomic_fetch_add_explicit(&list->ctx->drv->graph_captures, 1,
				  memory_order_relaxed);
	return 0;
}

/**
 * xe_graph_end_capture() - end a capture on every branch, clear its marks
 * @g: the graph, being captured into
 *
 * Under the driver's graph_lock. The events its nodes signalled are the
 * application's again, but for those another running capture signalled.
 */
void xe_graph_end_capture(struct xe_graph *g)
{
	struct xe_driver *drv = g->ctx->drv;
	struct xe_graph **link;
	uint32_t b;
	size_t i;

	for (b = 0; b < g->nbranches; b++) {
		struct xe_cmdlist *list = g->branches[b].list;

		if (!list)
			continue;
		list->capture = NULL;
		g->branches[b].list = NULL;
		atomic_fetch_sub_explicit(&drv->graph_captures, 1,
					  memory_order_relaxed);
	}
	for (link = &drv->graph_capturing; *link != g;
	     link = &(*link)->next_capturing)
		;
	*link = g->next_capturing;
	for (i = 0; i < g->nnodes; i++) {
		struct xe_event *ev = g->nodes[i].signal;

		if (ev && !xe_graph_mark_of(drv, ev, &b))
			__atomic_store_n(&ev->graph_marked, false,
					 __ATOMIC_RELAXED);
	}
	g->capturing = false;
	g->captured = true;
}

/**
 * xe_graph_list_gone() - a capturing list is destroyed
 * @list: the list
 *
 * Its capture cannot be joined any more: the graph is invalid. The
 * primary list takes the whole capture with it.
 *
 * Return: the graph when zeCommandListBeginGraphCaptureExt() made it and
 * the application never had its handle: it is the caller's to destroy.
 */
struct xe_graph *xe_graph_list_gone(struct xe_cmdlist *list)
{
	struct xe_graph *g, *orphan = NULL;

	pthread_mutex_lock(graph_lock(list->ctx));
	g = list->capture;
	if (g) {
		g->invalid = true;
		if (g->primary == list) {
			g->primary = NULL;
			xe_graph_end_capture(g);
			if (g->implicit)
				orphan = g;
		} else {
			g->branches[list->capture_branch].list = NULL;
			list->capture = NULL;
			atomic_fetch_sub_explicit(&list->ctx->drv->graph_captures,
						  1, memory_order_relaxed);
		}
	}
	pthread_mutex_unlock(graph_lock(list->ctx));
	return orphan;
}

/*
 * Which capture does an append of @list with these events belong to?
 * Under the lock. Return: ZE_RESULT_SUCCESS with *@g (NULL: none, and
 * *@parent the branch a fork starts from, or XE_GRAPH_NO_BRANCH), or an
 * error.
 */
static ze_result_t capture_of(struct xe_cmdlist *list, struct xe_event *sig,
			      struct xe_event **waits, uint32_t n,
			      struct xe_graph **g, uint32_t *parent)
{
	struct xe_driver *drv = list->ctx->drv;
	struct xe_graph *fork = NULL, *of;
	uint32_t i, branch;

	*g = list->capture;
	*parent = XE_GRAPH_NO_BRANCH;
	for (i = 0; i < n; i++) {
		of = waits[i]->graph_marked ?
		     xe_graph_mark_of(drv, waits[i], &branch) : NULL;
		if (!of)
			continue;
		if ((*g && of != *g) || (fork && of != fork))
			return XE_FAIL(ZE_RESULT_ERROR_GRAPH_CAPTURE_MERGE_ATTEMPT,
				       "a wait for an event of another graph's capture");
		if (!*g && !fork) {
			fork = of;
			*parent = branch;
		}
	}
	of = sig && sig->graph_marked ? xe_graph_mark_of(drv, sig, &branch) :
	     NULL;
	if (*g || fork) {
		if (!*g)
			*g = fork;
		if (of && of != *g)
			return XE_FAIL(ZE_RESULT_ERROR_GRAPH_CAPTURE_MERGE_ATTEMPT,
				       "a signal of an event of another graph's capture");
		return ZE_RESULT_SUCCESS;
	}
	if (of && xe_graph_internal_event(sig))
		return XE_FAIL(ZE_RESULT_ERROR_GRAPH_INTERNAL_EVENT,
			       "an internal counter-based event of a capture signalled outside of it");
	return ZE_RESULT_SUCCESS;
}

static ze_result_t hold_events(struct xe_graph_node *node,
			       ze_event_handle_t hSignalEvent,
			       uint32_t n, ze_event_handle_t *phWaitEvents)
{
	uint32_t i;

	if (n && !phWaitEvents)
		return ZE_RESULT_ERROR_INVALID_SIZE;
	if (hSignalEvent) {
		node->signal = xe_event_from_handle(hSignalEvent);
		if (!node->signal)
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		xe_event_get(node->signal);
	}
	if (!n)
		return ZE_RESULT_SUCCESS;
	node->waits = calloc(n, sizeof(*node->waits));
	if (!node->waits)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	for (i = 0; i < n; i++) {
		node->waits[i] = xe_event_from_handle(phWaitEvents[i]);
		if (!node->waits[i])
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		xe_event_get(node->waits[i]);
		node->nwaits = i + 1;
	}
	return ZE_RESULT_SUCCESS;
}

/**
 * xe_graph_node_release() - drop what a node holds
 * @node: the node
 */
void xe_graph_node_release(struct xe_graph_node *node)
{
	uint32_t i;

	if (node->signal)
		xe_event_put(node->signal);
	for (i = 0; i < node->nwaits; i++)
		xe_event_put(node->waits[i]);
	free(node->waits);
	switch (node->op) {
	case XE_GRAPH_LAUNCH:
		for (i = 0; i < node->launch.n; i++)
			if (node->launch.launches[i])
				xe_launch_put(node->launch.launches[i]);
		free(node->launch.launches);
		free(node->launch.counts);
		break;
	case XE_GRAPH_FILL:
		free(node->fill.pattern);
		break;
	case XE_GRAPH_LISTS:
		free(node->lists.v);
		break;
	case XE_GRAPH_QUERY_TIMESTAMPS:
		for (i = 0; i < node->ts.n; i++)
			xe_event_put(node->ts.events[i]);
		free(node->ts.events);
		free(node->ts.offsets);
		break;
	default:
		break;
	}
	memset(node, 0, sizeof(*node));
}

/*
 * Does the append use an IPC counter-based event that is internal? Its
 * state is the graph's own at every replay, which other processes cannot
 * follow: one shared with them is GRAPH_EXTERNAL.
 */
static bool ipc_internal(const struct xe_event *sig, struct xe_event **waits,
			 uint32_t n)
{
	uint32_t i;

	if (sig && xe_graph_internal_event(sig) &&
	    (sig->cb_flags & ZE_EVENT_COUNTER_BASED_FLAG_IPC))
		return true;
	for (i = 0; i < n; i++)
		if (xe_graph_internal_event(waits[i]) &&
		    (waits[i]->cb_flags & ZE_EVENT_COUNTER_BASED_FLAG_IPC))
			return true;
	return false;
}

/**
 * xe_graph_node_begin() - open the node of a captured append
 * @h: the list appended to
 * @op: what the append does
 * @hSignalEvent: the event it signals
 * @numWaitEvents: events it waits for
 * @phWaitEvents: them
 * @rec: gets the graph and the node, zeroed but for its op, branch and
 *	events
 *
 * Decides, under the driver's graph_lock, whether the append is captured:
 * the list captures, or it waits for an event a capture signalled (a
 * fork: the list joins that capture as a branch).
 *
 * Return: ZE_RESULT_SUCCESS with the lock held, and the caller fills the
 * node in and ends it with xe_graph_node_commit() or
 * xe_graph_node_abort(); XE_GRAPH_PASS when no capture concerns the
 * append after all; or the error to return.
 */
ze_result_t xe_graph_node_begin(ze_command_list_handle_t h,
				enum xe_graph_op op,
				ze_event_handle_t hSignalEvent,
				uint32_t numWaitEvents,
				ze_event_handle_t *phWaitEvents,
				struct xe_graph_rec *rec)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(h);
	struct xe_graph_node tmp = { .op = op };
	struct xe_graph *g;
	uint32_t parent;
	ze_result_t ret;

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	ret = hold_events(&tmp, hSignalEvent, numWaitEvents, phWaitEvents);
	if (ret != ZE_RESULT_SUCCESS)
		goto out_release;

	pthread_mutex_lock(graph_lock(list->ctx));
	ret = capture_of(list, tmp.signal, tmp.waits, tmp.nwaits, &g, &parent);
	if (ret == ZE_RESULT_SUCCESS && !g)
		ret = XE_GRAPH_PASS;
	/* A capture that refused an append of its own is invalid. */
	if (ret != ZE_RESULT_SUCCESS && ret != XE_GRAPH_PASS && list->capture)
		list->capture->invalid = true;
	if (ret != ZE_RESULT_SUCCESS)
		goto out_unlock;
	if (!list->capture) {
		/* A fork: the list joins the capture. */
		if (!list->immediate ||
		    list->mode == ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS) {
			ret = XE_FAIL(ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
				      "a fork into a list that is not an asynchronous immediate list");
			goto out_unlock;
		}
		/* Its branch replays on a queue of the primary list's kind. */
		if (list->dev != g->dev || list->ordinal != g->ordinal) {
			ret = XE_FAIL(ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
				      "a fork into a list of another device or command queue group");
			goto out_unlock;
		}
		if (add_branch(g, list, parent)) {
			ret = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
			goto out_unlock;
		}
	}
	if (g->invalid) {
		ret = XE_FAIL(ZE_RESULT_ERROR_GRAPH_CAPTURE_INVALIDATED,
			      "the capture failed before");
		goto out_unlock;
	}
	if (ipc_internal(tmp.signal, tmp.waits, tmp.nwaits)) {
		g->invalid = true;
		ret = XE_FAIL(ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
			      "an IPC counter-based event in a graph must be GRAPH_EXTERNAL");
		goto out_unlock;
	}
	if (g->nnodes == g->cap) {
		size_t cap = g->cap ? 2 * g->cap : 16;
		struct xe_graph_node *v = realloc(g->nodes, cap * sizeof(*v));

		if (!v) {
			ret = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
			goto out_unlock;
		}
		g->nodes = v;
		g->cap = cap;
	}
	tmp.branch = list->capture_branch;
	rec->g = g;
	rec->node = &g->nodes[g->nnodes];
	*rec->node = tmp;
	return ZE_RESULT_SUCCESS;

out_unlock:
	pthread_mutex_unlock(graph_lock(list->ctx));
out_release:
	xe_graph_node_release(&tmp);
	return ret;
}

/* Does work run on the device for @op (it unjoins its branch)? */
static bool is_work(enum xe_graph_op op)
{
	return op != XE_GRAPH_SIGNAL && op != XE_GRAPH_WAIT &&
	       op != XE_GRAPH_BARRIER && op != XE_GRAPH_RESET;
}

/* Is @anc @b or one of its ancestors in @g? */
static bool ancestor(const struct xe_graph *g, uint32_t anc, uint32_t b)
{
	while (b != XE_GRAPH_NO_BRANCH) {
		if (b == anc)
			return true;
		b = g->branches[b].parent;
	}
	return false;
}

/**
 * xe_graph_node_commit() - the node is complete: it joins its graph
 * @rec: the node from xe_graph_node_begin()
 *
 * Joins the branches whose last signal the node waits for (from one of
 * their ancestors), unjoins the node's own branch if it does work, marks
 * its signal event, and drops the lock.
 *
 * Return: ZE_RESULT_SUCCESS.
 */
ze_result_t xe_graph_node_commit(struct xe_graph_rec *rec)
{
	struct xe_graph_node *node = rec->node;
	struct xe_graph *g = rec->g;
	struct xe_graph_branch *b = &g->branches[node->branch];
	uint32_t i;

	/* Work after the branch's last signal is covered by no signal. */
	if (is_work(node->op)) {
		b->joined = false;
		if (!node->signal)
			b->last_signal = NULL;
	}
	for (i = 0; i < node->nwaits; i++) {
		struct xe_event *ev = node->waits[i];
		uint32_t from;

		if (ev->graph_marked &&
		    xe_graph_mark_of(g->ctx->drv, ev, &from) == g &&
		    from != node->branch &&
		    g->branches[from].last_signal == ev &&
		    ancestor(g, node->branch, g->branches[from].parent))
			g->branches[from].joined = true;
	}
	if (node->signal && node->op != XE_GRAPH_RESET) {
		__atomic_store_n(&node->signal->graph_marked, true,
				 __ATOMIC_RELAXED);
		/*
		 * Not complete for good any more: host waits and queries
		 * leave their fast path and see the mark (events/event.c).
		 */
		atomic_fetch_and_explicit(&node->signal->cb.word, ~XE_CB_DONE,
					  memory_order_release);
		b->last_signal = node->signal;
	}
	g->nnodes++;
	pthread_mutex_unlock(graph_lock(g->ctx));
	return ZE_RESULT_SUCCESS;
}

/**
 * xe_graph_node_abort() - the append cannot be captured
 * @rec: the node from xe_graph_node_begin()
 * @ret: why
 *
 * A capture that refused an append is invalid from then on
 * (GRAPH_CAPTURE_INVALIDATED for its next appends and at its end), but
 * for a lack of memory, which the application may retry.
 *
 * Return: @ret.
 */
ze_result_t xe_graph_node_abort(struct xe_graph_rec *rec, ze_result_t ret)
{
	struct xe_graph *g = rec->g;

	xe_graph_node_release(rec->node);
	if (ret != ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY)
		g->invalid = true;
	pthread_mutex_unlock(graph_lock(g->ctx));
	return ret;
}

/**
 * xe_graph_refuse() - an append that no capture takes
 * @h: the list
 * @hSignalEvent: the event the append signals
 * @numWaitEvents: events it waits for
 * @phWaitEvents: them
 * @what: a string literal saying what it is, the error's description
 *
 * Return: GRAPH_CAPTURE_UNSUPPORTED, and the capture is invalid; or
 * XE_GRAPH_PASS when no capture concerns the list after all.
 */
ze_result_t xe_graph_refuse(ze_command_list_handle_t h,
			    ze_event_handle_t hSignalEvent,
			    uint32_t numWaitEvents,
			    ze_event_handle_t *phWaitEvents, const char *what)
{
	struct xe_graph_rec rec;
	ze_result_t ret;

	ret = xe_graph_node_begin(h, XE_GRAPH_BARRIER, hSignalEvent,
				  numWaitEvents, phWaitEvents, &rec);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	return xe_graph_node_abort(&rec,
				   XE_FAIL(ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
					   what));
}
