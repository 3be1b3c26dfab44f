// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: synchronisation appends
 *
 * Barriers, event signals, waits and resets, and timestamps. The engine
 * executes in order and is coherent with the host, so a barrier is nothing
 * but its waits and its signal (append.c), and every range barrier is a
 * full one. Kernel timestamps of an event are copied where the application
 * asks with the built-in copy kernel.
 *
 * A counter-based event is signalled like any other (a barrier that
 * signals it), but never reset: its next signal replaces its state, and
 * compute-runtime refuses zeCommandListAppendEventReset() of one with
 * ZE_RESULT_ERROR_INVALID_ARGUMENT.
 */

#include "core/libze_private.h"
#include "events/event.h"
#include "events/timestamp.h"
#include "append/append.h"
#include "append/append_api.h"
#include "lists/cmdlist.h"
#include "graph/graph_capture.h"
#include "graph/graph_record.h"
#include "submission/encoder.h"

#define XE_TIMESTAMP_SIZE	sizeof(ze_kernel_timestamp_result_t)

ze_result_t xe_append_barrier(ze_command_list_handle_t hCommandList,
			      ze_event_handle_t hSignalEvent,
			      uint32_t numWaitEvents,
			      ze_event_handle_t *phWaitEvents)
{
	struct xe_append a;
	ze_result_t ret;

	XE_GRAPH_CAPTURE(hCommandList, hSignalEvent, numWaitEvents,
			 phWaitEvents,
			 xe_graph_record_events(hCommandList, XE_GRAPH_BARRIER,
						hSignalEvent, numWaitEvents,
						phWaitEvents));
	ret = xe_append_begin(&a, hCommandList, hSignalEvent, numWaitEvents,
			      phWaitEvents);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	return xe_append_commit(&a);
}

ze_result_t xe_append_memory_ranges_barrier(ze_command_list_handle_t hCommandList,
					    uint32_t numRanges,
					    const size_t *pRangeSizes,
					    const void **pRanges,
					    ze_event_handle_t hSignalEvent,
					    uint32_t numWaitEvents,
					    ze_event_handle_t *phWaitEvents)
{
	if (numRanges && (!pRangeSizes || !pRanges))
		return xe_cmdlist_from_handle(hCommandList) ?
		       ZE_RESULT_ERROR_INVALID_NULL_POINTER :
		       ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	return xe_append_barrier(hCommandList, hSignalEvent, numWaitEvents,
				 phWaitEvents);
}

ze_result_t xe_append_signal_event(ze_command_list_handle_t hCommandList,
				   ze_event_handle_t hEvent)
{
	if (!hEvent)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	XE_GRAPH_CAPTURE(hCommandList, hEvent, 0, NULL,
			 xe_graph_record_events(hCommandList, XE_GRAPH_SIGNAL,
						hEvent, 0, NULL));
	return xe_append_barrier(hCommandList, hEvent, 0, NULL);
}

ze_result_t xe_append_wait_on_events(ze_command_list_handle_t hCommandList,
				     uint32_t numEvents,
				     ze_event_handle_t *phEvents)
{
	if (!xe_cmdlist_from_handle(hCommandList))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phEvents)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	XE_GRAPH_CAPTURE(hCommandList, NULL, numEvents, phEvents,
			 xe_graph_record_events(hCommandList, XE_GRAPH_WAIT,
						NULL, numEvents, phEvents));
	return xe_append_barrier(hCommandList, NULL, numEvents, phEvents);
}

ze_result_t xe_append_event_reset(ze_command_list_handle_t hCommandList,
				  ze_event_handle_t hEvent)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);
	struct xe_append a;
	ze_result_t ret;

	if (!ev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (xe_event_is_cb(ev))
		return xe_cmdlist_from_handle(hCommandList) ?
		       ZE_RESULT_ERROR_INVALID_ARGUMENT :
		       ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	XE_GRAPH_CAPTURE(hCommandList, NULL, 0, NULL,
			 xe_graph_record_events(hCommandList, XE_GRAPH_RESET,
						hEvent, 0, NULL));
	ret = xe_append_begin(&a, hCommandList, NULL, 0, NULL);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	xe_append_advance(&a, xe_emit_store_qword(xe_append_pos(&a),
						  xe_event_state_addr(ev),
						  XE_EVENT_CLEAR));
	return xe_append_commit(&a);
}

ze_result_t xe_append_write_global_timestamp(ze_command_list_handle_t hCommandList,
					     uint64_t *dstptr,
					     ze_event_handle_t hSignalEvent,
					     uint32_t numWaitEvents,
					     ze_event_handle_t *phWaitEvents)
{
	struct xe_append a;
	ze_result_t ret;

	if (!xe_cmdlist_from_handle(hCommandList))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!dstptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	/* The engine writes timestamps whole, at 8-byte aligned addresses. */
	if ((uintptr_t)dstptr & 7)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	XE_GRAPH_CAPTURE(hCommandList, hSignalEvent, numWaitEvents,
			 phWaitEvents,
			 xe_graph_record_timestamp(hCommandList, dstptr,
						   hSignalEvent, numWaitEvents,
						   phWaitEvents));

	ret = xe_append_begin(&a, hCommandList, hSignalEvent, numWaitEvents,
			      phWaitEvents);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	xe_append_advance(&a, xe_emit_timestamp(xe_append_pos(&a),
						(uintptr_t)dstptr));
	return xe_append_commit(&a);
}

ze_result_t
xe_append_query_kernel_timestamps(ze_command_list_handle_t hCommandList,
				  uint32_t numEvents,
				  ze_event_handle_t *phEvents, void *dstptr,
				  const size_t *pOffsets,
				  ze_event_handle_t hSignalEvent,
				  uint32_t numWaitEvents,
				  ze_event_handle_t *phWaitEvents)
{
	uint64_t args[XE_DISPATCH_NUM_ARGS] = { 0 };
	struct xe_event *ev;
	struct xe_append a;
	ze_result_t ret;
	uint32_t *cs, i;

	if (!xe_cmdlist_from_handle(hCommandList))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phEvents || !dstptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	for (i = 0; i < numEvents; i++) {
		ev = xe_event_from_handle(phEvents[i]);
		if (!ev)
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		if (!ev->timestamps)
			return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	}
	XE_GRAPH_CAPTURE(hCommandList, hSignalEvent, numWaitEvents,
			 phWaitEvents,
			 xe_graph_record_query_timestamps(hCommandList,
							  numEvents, phEvents,
							  dstptr, pOffsets,
							  hSignalEvent,
							  numWaitEvents,
							  phWaitEvents));

	ret = xe_append_begin(&a, hCommandList, hSignalEvent, numWaitEvents,
			      phWaitEvents);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	cs = xe_append_reserve(&a, (size_t)numEvents * XE_DISPATCH_DWORDS);
	if (!cs)
		return xe_append_abort(&a, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);

	/*
	 * Each result is the event's whole ze_kernel_timestamp_result_t, of
	 * its current state; a counter-based event's slot is kept until the
	 * copy ran, whatever the event does meanwhile.
	 */
	for (i = 0; i < numEvents; i++) {
		struct xe_ts_slot *slot;

		ev = xe_event_from_handle(phEvents[i]);
		args[1] = xe_event_ts_get(ev, &slot);
		if (slot &&
		    xe_append_keep(&a, (struct xe_ref){
					.obj = slot,
					.put = xe_ts_release,
				   }))
			return xe_append_abort(&a,
					       ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
		args[0] = (uintptr_t)dstptr +
			  (pOffsets ? pOffsets[i] : i * XE_TIMESTAMP_SIZE);
		args[2] = XE_TIMESTAMP_SIZE;
		cs = xe_emit_dispatch(cs, ZEX_BUILTIN_COPY, args);
	}
	xe_append_advance(&a, cs);
	return xe_append_commit(&a);
}

XE_EXPORT(zeCommandListAppendBarrier, xe_append_barrier);
XE_EXPORT(zeCommandListAppendMemoryRangesBarrier,
	  xe_append_memory_ranges_barrier);
XE_EXPORT(zeCommandListAppendSignalEvent, xe_append_signal_event);
XE_EXPORT(zeCommandListAppendWaitOnEvents, xe_append_wait_on_events);
XE_EXPORT(zeCommandListAppendEventReset, xe_append_event_reset);
XE_EXPORT(zeCommandListAppendWriteGlobalTimestamp,
	  xe_append_write_global_timestamp);
XE_EXPORT(zeCommandListAppendQueryKernelTimestamps,
	  xe_append_query_kernel_timestamps);
