// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: host functions
 *
 * zeCommandListAppendHostFunction() (spec 1.17) calls an application
 * function on the host in stream order: after everything appended before
 * it has completed (and its wait events are signalled), before anything
 * appended after it starts; its signal event is signalled once the
 * function returned.
 *
 * The device's execution units are threads of this process already
 * (DOC: execution units), and a kernel launch reaches them through the
 * queue's ordering: the kernel module holds the queue at the launch's
 * XE_CBEV_USER_DISPATCH until the units report it done. So a host
 * function is appended as a launch of one work-group of one work-item
 * whose work-group function calls the application's function: the queue
 * reaches it only when the work before it has completed, the pool's
 * dispatcher thread runs it (a dispatch of one group is run by the
 * dispatcher itself), and the queue goes on, to the signal event and the
 * commands after it, only when it returned. It gets the ordering, the
 * events, regular and immediate lists, counter-based events and the
 * hang timeout of every launch for free.
 *
 * The function runs on a driver thread, never on the thread that appended
 * it, and under the execution units' fault guard: a fault in it is
 * reported like a kernel's (the queue is banned, the device lost). It must
 * not wait for work of the same queue that comes after it, which could
 * never start.
 */

#include <stdlib.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "core/types.h"
#include "append/append.h"
#include "append/append_api.h"
#include "lists/cmdlist.h"
#include "graph/graph_capture.h"
#include "graph/graph_record.h"
#include "modules/eu_pool.h"
#include "submission/encoder.h"

/* What the one argument of a host function's launch points at. */
struct host_fn_call {
	ze_host_function_callback_t fn;
	void *user_data;
};

/* The work-group function of a host function's launch. */
static void host_fn_group(const struct xe_jit_group *group)
{
	const struct host_fn_call *call = group->argv[0];

	call->fn(call->user_data);
}

/*
 * A launch of host_fn_group with its one argument in @data: the argument
 * pointer, its __local size (0: not __local), then the call itself.
 */
static struct xe_launch *host_fn_launch(ze_host_function_callback_t fn,
					void *user_data)
{
	struct host_fn_call *call;
	struct xe_launch *l;

	l = calloc(1, sizeof(*l) + sizeof(void *) + sizeof(uint64_t) +
		      sizeof(*call));
	if (!l)
		return NULL;
	l->fn = host_fn_group;
	l->local_size[0] = l->local_size[1] = l->local_size[2] = 1;
	l->num_args = 1;
	l->argv = (void **)l->data;
	l->local_bytes = (uint64_t *)(l->data + sizeof(void *));
	call = (struct host_fn_call *)(l->data + sizeof(void *) +
				       sizeof(uint64_t));
	call->fn = fn;
	call->user_data = user_data;
	l->argv[0] = call;
	if (xe_launch_register(l)) {
		free(l);
		return NULL;
	}
	return l;
}

/**
 * xe_append_host_call() - append a call of @fn(@data) on a driver thread,
 * in stream order
 * @hCommandList: a compute list
 * @fn: the function
 * @data: its argument
 * @keep: a reference of the caller's that @data needs, kept for as long
 *	as the call may run ({ NULL } for none); taken over, dropped on
 *	failure
 * @hSignalEvent: signalled once @fn returned
 * @numWaitEvents: events waited for before @fn runs
 * @phWaitEvents: the events
 *
 * What zeCommandListAppendHostFunction() and the driver's own stream-order
 * host work (external semaphores) append. @fn must not block on work of
 * the device: it runs on the execution units' dispatcher.
 *
 * Return: the Level Zero result.
 */
ze_result_t xe_append_host_call(ze_command_list_handle_t hCommandList,
				ze_host_function_callback_t fn, void *data,
				struct xe_ref keep,
				ze_event_handle_t hSignalEvent,
				uint32_t numWaitEvents,
				ze_event_handle_t *phWaitEvents)
{
	static const uint32_t one_group[3] = { 1, 1, 1 };
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);
	struct xe_launch *l;
	struct xe_append a;
	ze_result_t ret;

	if (!list) {
		ret = ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		goto err_put;
	}
	if (list->ordinal == XE_ORDINAL_COPY) {
		ret = XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			      "host functions run from compute lists, not copy-only ones");
		goto err_put;
	}
	if (xe_eu_pool_start(&list->dev->eu_pool, list->dev->fd)) {
		ret = XE_FAIL(ZE_RESULT_ERROR_DEVICE_LOST,
			      "the device's execution units cannot start");
		goto err_put;
	}

	ret = xe_append_begin(&a, hCommandList, hSignalEvent, numWaitEvents,
			      phWaitEvents);
	if (ret != ZE_RESULT_SUCCESS)
		goto err_put;
	/* It runs on the execution units, under their fault guard. */
	a.dispatches = true;
	list->has_dispatch = true;
	if (keep.obj && xe_append_keep(&a, keep))
		return xe_append_abort(&a, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
	if (!xe_append_reserve(&a, XE_CBEV_USER_DISPATCH_DWORDS))
		return xe_append_abort(&a, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
	l = host_fn_launch(fn, data);
	if (!l)
		return xe_append_abort(&a, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
	/* From here the list owns the launch, as a kernel's (append_jit.c). */
	if (xe_append_keep(&a, (struct xe_ref){ l, xe_launch_put }))
		return xe_append_abort(&a, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
	xe_append_advance(&a, xe_emit_user_dispatch(xe_append_pos(&a),
						    l->cookie, one_group, 0));
	return xe_append_commit(&a);

err_put:
	if (keep.obj)
		keep.put(keep.obj);
	return ret;
}

ze_result_t xe_append_host_function(ze_command_list_handle_t hCommandList,
				    ze_host_function_callback_t pHostFunction,
				    void *pUserData, const void *pNext,
				    ze_event_handle_t hSignalEvent,
				    uint32_t numWaitEvents,
				    ze_event_handle_t *phWaitEvents)
{
	if (!xe_cmdlist_from_handle(hCommandList))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pHostFunction)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (pNext)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "zeCommandListAppendHostFunction knows no extension structure in pNext");
	XE_GRAPH_CAPTURE(hCommandList, hSignalEvent, numWaitEvents,
			 phWaitEvents,
			 xe_graph_record_host_function(hCommandList,
						       pHostFunction,
						       pUserData, hSignalEvent,
						       numWaitEvents,
						       phWaitEvents));
	return xe_append_host_call(hCommandList, pHostFunction, pUserData,
				   (struct xe_ref){ NULL, NULL }, hSignalEvent,
				   numWaitEvents, phWaitEvents);
}

XE_EXPORT(zeCommandListAppendHostFunction, xe_append_host_function);
