/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_GRAPH_TYPES_H
#define _XE_GRAPH_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <level_zero/ze_api.h>
#include <ze_graph_ext.h>
#include <zex_spec.h>

#include "core/object.h"

struct xe_context;
struct xe_device;
struct xe_cmdlist;
struct xe_event;
struct xe_kernel;
struct xe_launch;

/* No branch: the parent of the primary one. */
#define XE_GRAPH_NO_BRANCH	UINT32_MAX

/* What a node does, as the append that was captured. */
enum xe_graph_op {
	XE_GRAPH_LAUNCH,	/* SPIR-V kernels: snapshots of their launches */
	XE_GRAPH_BUILTIN,	/* a built-in kernel's dispatch */
	XE_GRAPH_COPY,
	XE_GRAPH_COPY_REGION,
	XE_GRAPH_FILL,
	XE_GRAPH_BARRIER,
	XE_GRAPH_SIGNAL,
	XE_GRAPH_WAIT,
	XE_GRAPH_RESET,
	XE_GRAPH_TIMESTAMP,
	XE_GRAPH_QUERY_TIMESTAMPS,
	XE_GRAPH_HOST_FUNCTION,
	XE_GRAPH_LISTS,		/* closed regular lists, executed */
};

/**
 * struct xe_graph_node - one captured append
 * @op: what it does
 * @branch: the branch (captured list) it was appended to
 * @signal: the event it signals, held, or NULL
 * @nwaits: events it waits for
 * @waits: them, held
 * @name: kernels: the (first) kernel's name, for the dump (a copy)
 * @launch: XE_GRAPH_LAUNCH: @launch.n snapshots (held), their direct group
 *	counts (or NULL: indirect at @launch.indirect), the kernel count
 *	buffer of a multiple indirect launch
 * @builtin: XE_GRAPH_BUILTIN: the built-in (0: no work) and its arguments
 * @copy: XE_GRAPH_COPY
 * @region: XE_GRAPH_COPY_REGION
 * @fill: XE_GRAPH_FILL; @fill.pattern is the node's copy
 * @ts: XE_GRAPH_TIMESTAMP (@ts.dst), XE_GRAPH_QUERY_TIMESTAMPS (@ts.dst,
 *	@ts.n events in @ts.events, held, @ts.offsets or NULL)
 * @host: XE_GRAPH_HOST_FUNCTION
 * @lists: XE_GRAPH_LISTS: the application's regular lists (the array is
 *	the node's)
 */
struct xe_graph_node {
	enum xe_graph_op op;
	uint32_t branch;
	struct xe_event *signal;
	uint32_t nwaits;
	struct xe_event **waits;
	char name[64];
	union {
		struct {
			uint32_t n;
			struct xe_launch **launches;
			ze_group_count_t *counts;
			uint64_t indirect;
			const uint32_t *count_ptr;
		} launch;
		struct {
			uint32_t id;
			uint64_t args[8];
		} builtin;
		struct {
			void *dst;
			const void *src;
			size_t size;
		} copy;
		struct {
			void *dst;
			ze_copy_region_t dst_region;
			uint32_t dst_pitch, dst_slice_pitch;
			const void *src;
			ze_copy_region_t src_region;
			uint32_t src_pitch, src_slice_pitch;
		} region;
		struct {
			void *dst;
			void *pattern;
			size_t pattern_size;
			size_t size;
		} fill;
		struct {
			void *dst;
			uint32_t n;
			struct xe_event **events;
			size_t *offsets;
		} ts;
		struct {
			ze_host_function_callback_t fn;
			void *data;
		} host;
		struct {
			uint32_t n;
			ze_command_list_handle_t *v;
		} lists;
	};
};

/**
 * struct xe_graph_branch - a list taking part in a capture
 * @list: the list, while the capture lasts
 * @parent: the branch whose signal it waited for first (the fork), or
 *	XE_GRAPH_NO_BRANCH for the primary list
 * @last_signal: the event of the branch's last captured signal
 * @joined: another branch waited for @last_signal, and the branch
 *	appended no work since
 */
struct xe_graph_branch {
	struct xe_cmdlist *list;
	uint32_t parent;
	struct xe_event *last_signal;
	bool joined;
};

/**
 * struct xe_graph_callback - a destruction callback
 * @fn: the function
 * @data: its argument
 */
struct xe_graph_callback {
	zex_mem_graph_free_callback_fn_t fn;
	void *data;
};

/**
 * struct xe_graph - a recorded graph (zeGraphCreateExt(),
 * zeCommandListBeginGraphCaptureExt())
 * @obj: handle header
 * @ctx: its context
 * @dev: the device of the primary list
 * @ordinal: the command queue group of the primary list
 * @primary: the list the capture began on, NULL before any
 * @capturing: a capture into the graph is running
 * @captured: a capture into the graph ended (it is not empty of
 *	meaning even with no nodes: it may be instantiated)
 * @invalid: the capture failed (GRAPH_CAPTURE_INVALIDATED, unjoined
 *	forks): the graph cannot be instantiated
 * @implicit: zeCommandListBeginGraphCaptureExt() made it and the
 *	application has no handle of it yet: it goes with its primary list
 * @nodes: the captured appends, in the order they were appended
 * @nnodes: entries of @nodes
 * @cap: room in @nodes
 * @branches: the lists of the capture, the primary one first
 * @nbranches: entries of @branches
 * @callbacks: destruction callbacks
 * @ncallbacks: entries of @callbacks
 * @execs: executable graphs made of it and not destroyed
 * @next_capturing: the next graph being captured into (struct xe_driver)
 *
 * The capture state is under the driver's graph_lock; once the capture
 * ended the graph is read-only but for @callbacks and @execs.
 */
struct xe_graph {
	struct xe_object obj;
	struct xe_context *ctx;
	struct xe_device *dev;
	uint32_t ordinal;
	struct xe_cmdlist *primary;
	bool capturing;
	bool captured;
	bool invalid;
	bool implicit;
	struct xe_graph_node *nodes;
	size_t nnodes;
	size_t cap;
	struct xe_graph_branch *branches;
	uint32_t nbranches;
	struct xe_graph_callback *callbacks;
	uint32_t ncallbacks;
	unsigned int execs;
	struct xe_graph *next_capturing;
};

/**
 * struct xe_exec_graph_event - an internal counter-based event of an
 * executable graph
 * @from: the captured event
 * @to: the executable graph's own
 */
struct xe_exec_graph_event {
	struct xe_event *from;
	ze_event_handle_t to;
};

/**
 * struct xe_exec_graph - an executable graph (zeGraphInstantiateExt())
 * @obj: handle header
 * @graph: the graph it was made of
 * @nbranches: branches of @graph
 * @lists: per branch, a closed regular in-order list of its nodes
 * @queues: per branch but the primary one, the immediate in-order list
 *	that executes the branch's list, on a queue of its own
 * @execs: per branch, what a replay executes: the branch's list, then
 *	the regular lists its batch executes (XE_GRAPH_LISTS nodes), which
 *	each replay begins and commits with it (@nexecs entries)
 * @nexecs: per branch, entries of @execs
 * @events: the graph's internal counter-based events, each replaced by
 *	one of the executable graph's
 * @nevents: entries of @events
 */
struct xe_exec_graph {
	struct xe_object obj;
	struct xe_graph *graph;
	uint32_t nbranches;
	ze_command_list_handle_t *lists;
	ze_command_list_handle_t *queues;
	ze_command_list_handle_t **execs;
	uint32_t *nexecs;
	struct xe_exec_graph_event *events;
	uint32_t nevents;
};

static inline struct xe_graph *xe_graph_from_handle(ze_graph_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_GRAPH);
}

static inline struct xe_exec_graph *
xe_exec_graph_from_handle(ze_executable_graph_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_EXEC_GRAPH);
}

#endif /* _XE_GRAPH_TYPES_H */
