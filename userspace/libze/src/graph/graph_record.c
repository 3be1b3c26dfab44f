// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: the captured forms of the appends
 *
 * One function per kind of append, called by the append's entry point
 * when xe_graph_hooked() says a capture may take it. Each opens a node
 * (graph_capture.c), keeps what the append will need when the node is
 * replayed into an executable graph's list (graph_exec.c) and commits
 * it; the arguments the append reads at once are copied (a fill's
 * pattern, the copy regions, a kernel's arguments as a launch snapshot),
 * the memory it works on is the application's, as the spec has it.
 * Checks that an append makes of its arguments are made again when the
 * node is replayed, at zeGraphInstantiateExt().
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "append/execute.h"
#include "core/result.h"
#include "graph/graph_capture.h"
#include "graph/graph_record.h"
#include "modules/eu_pool.h"
#include "modules/module.h"
#include "modules/module_types.h"

static void name_node(struct xe_graph_node *node, const struct xe_kernel *k)
{
	snprintf(node->name, sizeof(node->name), "%s", xe_mk_name(k->mk));
}

/**
 * xe_graph_record_launch() - a captured launch of SPIR-V kernels
 * @h: the list
 * @n: kernels
 * @kernels: the kernels, snapshotted now; or NULL and @launches
 * @launches: snapshots made before (a subgraph's), one more reference each
 * @counts: their group counts, or NULL for indirect counts at @indirect
 * @indirect: GPU address of @n ze_group_count_t (indirect launches)
 * @count_ptr: the number of kernels to run, read at execution (or NULL)
 * @hSignalEvent: the event the launch signals
 * @numWaitEvents: events it waits for
 * @phWaitEvents: them
 *
 * Return: a Level Zero result, or XE_GRAPH_PASS.
 */
ze_result_t xe_graph_record_launch(ze_command_list_handle_t h, uint32_t n,
				   struct xe_kernel **kernels,
				   struct xe_launch *const *launches,
				   const ze_group_count_t *counts,
				   uint64_t indirect, const uint32_t *count_ptr,
				   ze_event_handle_t hSignalEvent,
				   uint32_t numWaitEvents,
				   ze_event_handle_t *phWaitEvents)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(h);
	struct xe_graph_node *node;
	struct xe_graph_rec rec;
	ze_result_t ret;
	uint32_t i;
	int err;

	ret = xe_graph_node_begin(h, XE_GRAPH_LAUNCH, hSignalEvent,
				  numWaitEvents, phWaitEvents, &rec);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	node = rec.node;
	if (!n)
		return xe_graph_node_commit(&rec);
	if (xe_eu_pool_start(&list->dev->eu_pool, list->dev->fd))
		return xe_graph_node_abort(&rec, ZE_RESULT_ERROR_DEVICE_LOST);
	node->launch.launches = calloc(n, sizeof(*node->launch.launches));
	if (counts)
		node->launch.counts = malloc(n * sizeof(*counts));
	if (!node->launch.launches || (counts && !node->launch.counts))
		return xe_graph_node_abort(&rec,
					   ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
	if (counts)
		memcpy(node->launch.counts, counts, n * sizeof(*counts));
	node->launch.n = n;
	node->launch.indirect = indirect;
	node->launch.count_ptr = count_ptr;
	if (kernels)
		name_node(node, kernels[0]);
	for (i = 0; i < n; i++) {
		if (launches) {
			node->launch.launches[i] = xe_launch_get(launches[i]);
			continue;
		}
		err = xe_kernel_jit_snapshot(kernels[i],
					     &node->launch.launches[i]);
		if (err == -EINVAL)
			return xe_graph_node_abort(&rec,
						   XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
							   "an argument of the kernel is not set"));
		if (err)
			return xe_graph_node_abort(&rec,
						   ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
	}
	return xe_graph_node_commit(&rec);
}

ze_result_t xe_graph_record_builtin(ze_command_list_handle_t h,
				    const struct xe_kernel *k, uint32_t id,
				    const uint64_t *args,
				    ze_event_handle_t hSignalEvent,
				    uint32_t numWaitEvents,
				    ze_event_handle_t *phWaitEvents)
{
	struct xe_graph_rec rec;
	ze_result_t ret;

	ret = xe_graph_node_begin(h, XE_GRAPH_BUILTIN, hSignalEvent,
				  numWaitEvents, phWaitEvents, &rec);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	rec.node->builtin.id = id;
	memcpy(rec.node->builtin.args, args,
	       sizeof(uint64_t) * XE_DISPATCH_NUM_ARGS);
	if (k)
		name_node(rec.node, k);
	return xe_graph_node_commit(&rec);
}

ze_result_t xe_graph_record_copy(ze_command_list_handle_t h, void *dst,
				 const void *src, size_t size,
				 ze_event_handle_t hSignalEvent,
				 uint32_t numWaitEvents,
				 ze_event_handle_t *phWaitEvents)
{
	struct xe_graph_rec rec;
	ze_result_t ret;

	ret = xe_graph_node_begin(h, XE_GRAPH_COPY, hSignalEvent,
				  numWaitEvents, phWaitEvents, &rec);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	rec.node->copy.dst = dst;
	rec.node->copy.src = src;
	rec.node->copy.size = size;
	return xe_graph_node_commit(&rec);
}

ze_result_t xe_graph_record_copy_region(ze_command_list_handle_t h,
					void *dst,
					const ze_copy_region_t *dstRegion,
					uint32_t dstPitch,
					uint32_t dstSlicePitch,
					const void *src,
					const ze_copy_region_t *srcRegion,
					uint32_t srcPitch,
					uint32_t srcSlicePitch,
					ze_event_handle_t hSignalEvent,
					uint32_t numWaitEvents,
					ze_event_handle_t *phWaitEvents)
{
	struct xe_graph_rec rec;
	ze_result_t ret;

	if (!dstRegion || !srcRegion)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	ret = xe_graph_node_begin(h, XE_GRAPH_COPY_REGION, hSignalEvent,
				  numWaitEvents, phWaitEvents, &rec);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	rec.node->region.dst = dst;
	rec.node->region.dst_region = *dstRegion;
	rec.node->region.dst_pitch = dstPitch;
	rec.node->region.dst_slice_pitch = dstSlicePitch;
	rec.node->region.src = src;
	rec.node->region.src_region = *srcRegion;
	rec.node->region.src_pitch = srcPitch;
	rec.node->region.src_slice_pitch = srcSlicePitch;
	return xe_graph_node_commit(&rec);
}

ze_result_t xe_graph_record_fill(ze_command_list_handle_t h, void *ptr,
				 const void *pattern, size_t pattern_size,
				 size_t size, ze_event_handle_t hSignalEvent,
				 uint32_t numWaitEvents,
				 ze_event_handle_t *phWaitEvents)
{
	struct xe_graph_rec rec;
	ze_result_t ret;

	if (!pattern)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!pattern_size)
		return ZE_RESULT_ERROR_INVALID_SIZE;
	ret = xe_graph_node_begin(h, XE_GRAPH_FILL, hSignalEvent,
				  numWaitEvents, phWaitEvents, &rec);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	rec.node->fill.pattern = malloc(pattern_size);
	if (!rec.node->fill.pattern)
		return xe_graph_node_abort(&rec,
					   ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
	memcpy(rec.node->fill.pattern, pattern, pattern_size);
	rec.node->fill.dst = ptr;
	rec.node->fill.pattern_size = pattern_size;
	rec.node->fill.size = size;
	return xe_graph_node_commit(&rec);
}

/**
 * xe_graph_record_events() - a captured append that only orders
 * @h: the list
 * @op: XE_GRAPH_BARRIER, XE_GRAPH_SIGNAL, XE_GRAPH_WAIT or XE_GRAPH_RESET
 *	(the event to reset as @hSignalEvent)
 * @hSignalEvent: the event it signals
 * @numWaitEvents: events it waits for
 * @phWaitEvents: them
 *
 * Return: a Level Zero result, or XE_GRAPH_PASS.
 */
ze_result_t xe_graph_record_events(ze_command_list_handle_t h,
				   enum xe_graph_op op,
				   ze_event_handle_t hSignalEvent,
				   uint32_t numWaitEvents,
				   ze_event_handle_t *phWaitEvents)
{
	struct xe_graph_rec rec;
	ze_result_t ret;

	ret = xe_graph_node_begin(h, op, hSignalEvent, numWaitEvents,
				  phWaitEvents, &rec);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	return xe_graph_node_commit(&rec);
}

ze_result_t xe_graph_record_timestamp(ze_command_list_handle_t h,
				      uint64_t *dst,
				      ze_event_handle_t hSignalEvent,
				      uint32_t numWaitEvents,
				      ze_event_handle_t *phWaitEvents)
{
	struct xe_graph_rec rec;
	ze_result_t ret;

	ret = xe_graph_node_begin(h, XE_GRAPH_TIMESTAMP, hSignalEvent,
				  numWaitEvents, phWaitEvents, &rec);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	rec.node->ts.dst = dst;
	return xe_graph_node_commit(&rec);
}

ze_result_t xe_graph_record_query_timestamps(ze_command_list_handle_t h,
					     uint32_t numEvents,
					     ze_event_handle_t *phEvents,
					     void *dst, const size_t *offsets,
					     ze_event_handle_t hSignalEvent,
					     uint32_t numWaitEvents,
					     ze_event_handle_t *phWaitEvents)
{
	struct xe_graph_node *node;
	struct xe_graph_rec rec;
	ze_result_t ret;
	uint32_t i;

	if (numEvents && !phEvents)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	ret = xe_graph_node_begin(h, XE_GRAPH_QUERY_TIMESTAMPS, hSignalEvent,
				  numWaitEvents, phWaitEvents, &rec);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	node = rec.node;
	node->ts.dst = dst;
	node->ts.events = calloc(numEvents ? numEvents : 1,
				 sizeof(*node->ts.events));
	if (offsets)
		node->ts.offsets = malloc(numEvents * sizeof(*offsets) + 1);
	if (!node->ts.events || (offsets && !node->ts.offsets))
		return xe_graph_node_abort(&rec,
					   ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
	if (offsets)
		memcpy(node->ts.offsets, offsets, numEvents * sizeof(*offsets));
	for (i = 0; i < numEvents; i++) {
		node->ts.events[i] = xe_event_from_handle(phEvents[i]);
		if (!node->ts.events[i])
			return xe_graph_node_abort(&rec,
						   ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
		xe_event_get(node->ts.events[i]);
		node->ts.n = i + 1;
	}
	return xe_graph_node_commit(&rec);
}

ze_result_t xe_graph_record_host_function(ze_command_list_handle_t h,
					  ze_host_function_callback_t fn,
					  void *data,
					  ze_event_handle_t hSignalEvent,
					  uint32_t numWaitEvents,
					  ze_event_handle_t *phWaitEvents)
{
	struct xe_graph_rec rec;
	ze_result_t ret;

	if (!fn)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	ret = xe_graph_node_begin(h, XE_GRAPH_HOST_FUNCTION, hSignalEvent,
				  numWaitEvents, phWaitEvents, &rec);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	rec.node->host.fn = fn;
	rec.node->host.data = data;
	return xe_graph_node_commit(&rec);
}

/*
 * Does another branch of @g than @branch execute one of @lists? Under the
 * graph lock.
 */
static bool in_other_branch(const struct xe_graph *g, uint32_t branch,
			    uint32_t n, ze_command_list_handle_t *lists)
{
	const struct xe_graph_node *node;
	size_t i;
	uint32_t j, k;

	for (i = 0; i < g->nnodes; i++) {
		node = &g->nodes[i];
		if (node->op != XE_GRAPH_LISTS || node->branch == branch)
			continue;
		for (j = 0; j < node->lists.n; j++)
			for (k = 0; k < n; k++)
				if (node->lists.v[j] == lists[k])
					return true;
	}
	return false;
}

/**
 * xe_graph_record_lists() - captured regular lists
 * @h: the immediate list
 * @n: regular lists
 * @lists: them, closed, of @h's group; they run at each replay, in
 *	one branch each (INVALID_ARGUMENT for a list another branch runs)
 * @hSignalEvent: the event the append signals
 * @numWaitEvents: events it waits for
 * @phWaitEvents: them
 *
 * Return: a Level Zero result, or XE_GRAPH_PASS.
 */
ze_result_t xe_graph_record_lists(ze_command_list_handle_t h, uint32_t n,
				  ze_command_list_handle_t *lists,
				  ze_event_handle_t hSignalEvent,
				  uint32_t numWaitEvents,
				  ze_event_handle_t *phWaitEvents)
{
	struct xe_cmdlist *imm = xe_cmdlist_from_handle(h), *list;
	struct xe_graph_rec rec;
	ze_result_t ret;
	uint32_t i;
	int err;

	for (i = 0; i < n; i++) {
		list = xe_cmdlist_from_handle(lists[i]);
		if (!list)
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		/* Running now is no matter: it must be idle at each replay. */
		err = xe_cmdlist_check_executable(list, imm->ordinal);
		if (err && err != -EBUSY)
			return xe_result_from_errno(err);
	}
	ret = xe_graph_node_begin(h, XE_GRAPH_LISTS, hSignalEvent,
				  numWaitEvents, phWaitEvents, &rec);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	if (in_other_branch(rec.g, rec.node->branch, n, lists))
		return xe_graph_node_abort(&rec,
			XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
				"a regular list runs in one branch of a graph: two branches may run at once"));
	rec.node->lists.v = malloc((n ? n : 1) * sizeof(*lists));
	if (!rec.node->lists.v)
		return xe_graph_node_abort(&rec,
					   ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
	memcpy(rec.node->lists.v, lists, n * sizeof(*lists));
	rec.node->lists.n = n;
	return xe_graph_node_commit(&rec);
}
