// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: appending regular lists to an immediate list
 *
 * zeCommandListImmediateAppendCommandListsExp() ("ZE_experimental_
 * immediate_command_list_append") executes closed regular lists from an
 * immediate list's ring, as a queue would (xe_emit_execute()), inside one
 * append: after the wait events (and, for an in-order immediate list,
 * after its previous append), before the signal event. The lists must be
 * of the immediate list's group, and in-order ones idle, as for a queue;
 * their counters go back to 0 at the time of the call and the events they
 * signal take back the states their recordings gave them, as for a queue
 * (execute.c), before the append's own signal. Any number of lists goes
 * (an append too large for the ring is called as a batch, append.c). A
 * refused append (a banned queue, no memory) takes nothing: the abort
 * gives everything back.
 */

#include <stdlib.h>

#include "core/libze_private.h"
#include "append/append.h"
#include "append/append_api.h"
#include "lists/cmdlist.h"
#include "graph/graph_capture.h"
#include "graph/graph_record.h"
#include "append/execute.h"
#include "core/result.h"

ze_result_t
xe_append_command_lists_exp(ze_command_list_handle_t hCommandListImmediate,
			    uint32_t numCommandLists,
			    ze_command_list_handle_t *phCommandLists,
			    ze_event_handle_t hSignalEvent,
			    uint32_t numWaitEvents,
			    ze_event_handle_t *phWaitEvents)
{
	struct xe_cmdlist *imm = xe_cmdlist_from_handle(hCommandListImmediate);
	struct xe_cmdlist *list;
	struct xe_append a;
	ze_result_t ret;
	uint32_t i;
	int err;

	if (!imm)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (numCommandLists && !phCommandLists)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!imm->immediate)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	XE_GRAPH_CAPTURE(hCommandListImmediate, hSignalEvent, numWaitEvents,
			 phWaitEvents,
			 xe_graph_record_lists(hCommandListImmediate,
					       numCommandLists, phCommandLists,
					       hSignalEvent, numWaitEvents,
					       phWaitEvents));
	for (i = 0; i < numCommandLists; i++) {
		list = xe_cmdlist_from_handle(phCommandLists[i]);
		if (!list)
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		err = xe_cmdlist_check_executable(list, imm->ordinal);
		if (err)
			return xe_result_from_errno(err);
	}

	ret = xe_append_begin(&a, hCommandListImmediate, hSignalEvent,
			      numWaitEvents, phWaitEvents);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	ret = xe_append_execute(&a, numCommandLists, phCommandLists);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	return xe_append_commit(&a);
}

XE_EXPORT(zeCommandListImmediateAppendCommandListsExp,
	  xe_append_command_lists_exp);
