// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: kernel launches
 *
 * A launch of a built-in kernel is one XE_CBEV_DISPATCH of the kernel's
 * built-in with the arguments the kernel holds at append time (kernel.c);
 * one of a SPIR-V kernel goes to append_jit.c, so the kernel may
 * be changed for the next launch right away. Copy-only lists cannot launch
 * kernels. The spec 1.14 forms set the group size and arguments first, then
 * launch; their pNext chains carry nothing this device uses.
 */

#include <errno.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "append/append.h"
#include "append/append_api.h"
#include "lists/cmdlist.h"
#include "lists/mutable.h"
#include "append/append_jit.h"
#include "graph/graph_capture.h"
#include "graph/graph_record.h"
#include "submission/encoder.h"
#include "modules/module.h"

static ze_result_t launch(ze_command_list_handle_t hCommandList,
			  struct xe_kernel *k, const ze_group_count_t *count,
			  ze_event_handle_t hSignalEvent,
			  uint32_t numWaitEvents,
			  ze_event_handle_t *phWaitEvents)
{
	uint64_t args[XE_DISPATCH_NUM_ARGS];
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);
	int n;

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (list->ordinal == XE_ORDINAL_COPY)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	if (k->mk->jit)
		return xe_append_launch_jit(hCommandList, 1, &k, count, 0, NULL,
					    hSignalEvent, numWaitEvents,
					    phWaitEvents);

	if (xe_mutable_pending(list->mut) && !list->closed)
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
			       "a launch of a built-in kernel cannot take a command id");
	n = xe_kernel_dispatch_args(k, count, args);
	if (n == -ERANGE)
		return ZE_RESULT_ERROR_INVALID_GLOBAL_WIDTH_DIMENSION;
	if (n < 0)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	XE_GRAPH_CAPTURE(hCommandList, hSignalEvent, numWaitEvents,
			 phWaitEvents,
			 xe_graph_record_builtin(hCommandList, k,
						 n ? k->mk->builtin->id : 0,
						 args, hSignalEvent,
						 numWaitEvents, phWaitEvents));
	return xe_append_builtin_dispatch(hCommandList,
					  n ? k->mk->builtin->id : 0, args,
					  hSignalEvent, numWaitEvents,
					  phWaitEvents);
}

/**
 * xe_append_builtin_dispatch() - one dispatch of a built-in kernel
 * @hCommandList: the list
 * @id: the built-in (XE_CBEV_DISPATCH), 0 for a launch with no work
 * @args: its XE_DISPATCH_NUM_ARGS arguments
 * @hSignalEvent: the event the launch signals
 * @numWaitEvents: events it waits for
 * @phWaitEvents: them
 *
 * Return: a Level Zero result.
 */
ze_result_t xe_append_builtin_dispatch(ze_command_list_handle_t hCommandList,
				       uint32_t id, const uint64_t *args,
				       ze_event_handle_t hSignalEvent,
				       uint32_t numWaitEvents,
				       ze_event_handle_t *phWaitEvents)
{
	struct xe_append a;
	ze_result_t ret;

	XE_GRAPH_CAPTURE(hCommandList, hSignalEvent, numWaitEvents,
			 phWaitEvents,
			 xe_graph_record_builtin(hCommandList, NULL, id, args,
						 hSignalEvent, numWaitEvents,
						 phWaitEvents));
	ret = xe_append_begin(&a, hCommandList, hSignalEvent, numWaitEvents,
			      phWaitEvents);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	if (id)
		xe_append_advance(&a, xe_emit_dispatch(xe_append_pos(&a), id,
						       args));
	return xe_append_commit(&a);
}

ze_result_t xe_append_launch_kernel(ze_command_list_handle_t hCommandList,
				    ze_kernel_handle_t hKernel,
				    const ze_group_count_t *pLaunchFuncArgs,
				    ze_event_handle_t hSignalEvent,
				    uint32_t numWaitEvents,
				    ze_event_handle_t *phWaitEvents)
{
	struct xe_kernel *k = xe_kernel_from_handle(hKernel);

	if (!xe_cmdlist_from_handle(hCommandList) || !k)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pLaunchFuncArgs)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	return launch(hCommandList, k, pLaunchFuncArgs, hSignalEvent,
		      numWaitEvents, phWaitEvents);
}

ze_result_t
xe_append_launch_cooperative_kernel(ze_command_list_handle_t hCommandList,
				    ze_kernel_handle_t hKernel,
				    const ze_group_count_t *pLaunchFuncArgs,
				    ze_event_handle_t hSignalEvent,
				    uint32_t numWaitEvents,
				    ze_event_handle_t *phWaitEvents)
{
	return xe_append_launch_kernel(hCommandList, hKernel, pLaunchFuncArgs,
				       hSignalEvent, numWaitEvents,
				       phWaitEvents);
}

ze_result_t
xe_append_launch_kernel_with_parameters(ze_command_list_handle_t hCommandList,
					ze_kernel_handle_t hKernel,
					const ze_group_count_t *pGroupCounts,
					const void *pNext,
					ze_event_handle_t hSignalEvent,
					uint32_t numWaitEvents,
					ze_event_handle_t *phWaitEvents)
{
	(void)pNext;
	return xe_append_launch_kernel(hCommandList, hKernel, pGroupCounts,
				       hSignalEvent, numWaitEvents,
				       phWaitEvents);
}

ze_result_t
xe_append_launch_kernel_with_arguments(ze_command_list_handle_t hCommandList,
				       ze_kernel_handle_t hKernel,
				       const ze_group_count_t groupCounts,
				       const ze_group_size_t groupSizes,
				       void **pArguments, const void *pNext,
				       ze_event_handle_t hSignalEvent,
				       uint32_t numWaitEvents,
				       ze_event_handle_t *phWaitEvents)
{
	struct xe_kernel *k = xe_kernel_from_handle(hKernel);
	const struct xe_builtin *b;
	uint32_t i;

	(void)pNext;
	if (!xe_cmdlist_from_handle(hCommandList) || !k)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pArguments)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (xe_kernel_set_group_size(k, groupSizes.groupSizeX,
				     groupSizes.groupSizeY,
				     groupSizes.groupSizeZ))
		return ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION;

	/*
	 * Each entry points at an argument's value, as SetArgumentValue's;
	 * a __local argument's at its size (a size_t).
	 */
	if (k->mk->jit) {
		const struct xe_jit_kernel_info *ki = k->mk->jit;

		for (i = 0; i < ki->num_args; i++) {
			const struct xe_jit_arg_info *ai = &ki->args[i];
			int err;

			if (ai->kind == XE_JIT_ARG_LOCAL)
				err = pArguments[i] ?
				      xe_kernel_set_arg(k, i, *(const size_t *)pArguments[i],
							NULL) : -EINVAL;
			else
				err = xe_kernel_set_arg(k, i, ai->size, pArguments[i]);
			if (err)
				return ZE_RESULT_ERROR_INVALID_ARGUMENT;
		}
		return launch(hCommandList, k, &groupCounts, hSignalEvent,
			      numWaitEvents, phWaitEvents);
	}
	b = k->mk->builtin;
	for (i = 0; i < b->num_args; i++)
		if (xe_kernel_set_arg(k, i, b->arg_size[i], pArguments[i]))
			return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	return launch(hCommandList, k, &groupCounts, hSignalEvent,
		      numWaitEvents, phWaitEvents);
}

XE_EXPORT(zeCommandListAppendLaunchKernel, xe_append_launch_kernel);
XE_EXPORT(zeCommandListAppendLaunchCooperativeKernel,
	  xe_append_launch_cooperative_kernel);
XE_EXPORT(zeCommandListAppendLaunchKernelWithParameters,
	  xe_append_launch_kernel_with_parameters);
XE_EXPORT(zeCommandListAppendLaunchKernelWithArguments,
	  xe_append_launch_kernel_with_arguments);
