/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_GRAPH_CAPTURE_H
#define _XE_GRAPH_CAPTURE_H

/* What graph_capture.c gives the appends and the rest of graph/. */

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <level_zero/ze_api.h>
#include <ze_graph_ext.h>

#include "core/types.h"
#include "events/event_types.h"
#include "graph/graph_types.h"
#include "lists/cmdlist.h"

struct xe_graph_node;

/*
 * What a record function returns when the append is not captured after
 * all (the list is not capturing and waits for nothing captured): the
 * caller appends as usual. Never returned to the application.
 */
#define XE_GRAPH_PASS	((ze_result_t)0x7fff00ff)

bool xe_graph_touches_capture(ze_event_handle_t hSignalEvent,
			      uint32_t numWaitEvents,
			      ze_event_handle_t *phWaitEvents);

/*
 * An internal counter-based event: what a graph's capture signals of it is
 * private to each executable graph (graph_exec.c).
 */
static inline bool xe_graph_internal_event(const struct xe_event *ev)
{
	return xe_event_is_cb(ev) && !ev->import &&
	       !(ev->cb_flags & ZE_EVENT_COUNTER_BASED_FLAG_GRAPH_EXTERNAL);
}

/**
 * xe_graph_hooked() - may this append be one a graph captures?
 * @h: the list appended to
 * @hSignalEvent: the event it signals
 * @numWaitEvents: events it waits for
 * @phWaitEvents: them
 *
 * While any list captures: true when this one does, or when the append
 * waits for or signals an event a capture signalled; then the caller
 * hands the append to a record function (graph_record.c), which decides
 * under the lock and may answer XE_GRAPH_PASS. While none does, it costs
 * an append two loads (the driver's capture count).
 *
 * Return: true to hand the append to the graph.
 */
static inline bool xe_graph_hooked(ze_command_list_handle_t h,
				   ze_event_handle_t hSignalEvent,
				   uint32_t numWaitEvents,
				   ze_event_handle_t *phWaitEvents)
{
	struct xe_cmdlist *list;

	if (__builtin_expect(!atomic_load_explicit(&xe_the_driver->graph_captures,
						   memory_order_relaxed), 1))
		return false;
	list = xe_cmdlist_from_handle(h);
	/* An executable graph's lists are made of a graph, never captured. */
	if (!list || list->lean)
		return false;
	return list->capture ||
	       xe_graph_touches_capture(hSignalEvent, numWaitEvents,
					phWaitEvents);
}

/**
 * XE_GRAPH_CAPTURE() - hand an append to a graph's capture if one takes it
 * @h: the list
 * @sig: the event the append signals
 * @n: events it waits for
 * @waits: them
 * @record: the record function's call (graph_record.c)
 *
 * Returns from the calling entry point with what @record returned, unless
 * that is XE_GRAPH_PASS: then the entry point goes on appending.
 */
#define XE_GRAPH_CAPTURE(h, sig, n, waits, record)			\
	do {								\
		if (xe_graph_hooked(h, sig, n, waits)) {		\
			ze_result_t graph_ret_ = (record);		\
									\
			if (graph_ret_ != XE_GRAPH_PASS)		\
				return graph_ret_;			\
		}							\
	} while (0)

/**
 * struct xe_graph_rec - a node being recorded (xe_graph_node_begin())
 * @g: its graph, whose capture lock is held
 * @node: the node, in @g's array
 */
struct xe_graph_rec {
	struct xe_graph *g;
	struct xe_graph_node *node;
};

ze_result_t xe_graph_node_begin(ze_command_list_handle_t h,
				enum xe_graph_op op,
				ze_event_handle_t hSignalEvent,
				uint32_t numWaitEvents,
				ze_event_handle_t *phWaitEvents,
				struct xe_graph_rec *rec);
ze_result_t xe_graph_node_commit(struct xe_graph_rec *rec);
ze_result_t xe_graph_node_abort(struct xe_graph_rec *rec, ze_result_t ret);
struct xe_graph *xe_graph_list_gone(struct xe_cmdlist *list);
void xe_graph_end_capture(struct xe_graph *g);
struct xe_graph *xe_graph_mark_of(struct xe_driver *drv,
				  const struct xe_event *ev, uint32_t *branch);
ze_result_t xe_graph_refuse(ze_command_list_handle_t h,
			    ze_event_handle_t hSignalEvent,
			    uint32_t numWaitEvents,
			    ze_event_handle_t *phWaitEvents, const char *what);
void xe_graph_node_release(struct xe_graph_node *node);

#endif /* _XE_GRAPH_CAPTURE_H */
