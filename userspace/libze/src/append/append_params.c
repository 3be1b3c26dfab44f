// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * The appends of spec 1.16 "with parameters": zeCommandListAppendMemory
 * Copy/Fill and zeCommandListImmediateAppendCommandLists with an extension
 * chain in pNext. The spec defines no extension structure for these three
 * that this driver implements, so an empty chain makes them the appends
 * they wrap, and any structure in it is refused by name (its stype), with
 * ZE_RESULT_ERROR_INVALID_ARGUMENT and a description the caller can read
 * with zeDriverGetLastErrorDescription(): silently ignoring a parameter
 * the application asked for would be worse than saying no.
 */

#include <stddef.h>
#include <stdint.h>

#include "core/libze_private.h"
#include "core/debug_log.h"
#include "append/append_api.h"

/* The spec defines no extension of these appends that the driver has. */
#define NO_PARAMETERS(pNext)						\
	((pNext) ? XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,		\
			   "an extension structure in pNext that this append does not know") \
		 : ZE_RESULT_SUCCESS)

ze_result_t
xe_append_memory_copy_with_parameters(ze_command_list_handle_t hCommandList,
				      void *dstptr, const void *srcptr,
				      size_t size, const void *pNext,
				      ze_event_handle_t hSignalEvent,
				      uint32_t numWaitEvents,
				      ze_event_handle_t *phWaitEvents)
{
	ze_result_t ret = NO_PARAMETERS(pNext);

	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	return xe_append_memory_copy(hCommandList, dstptr, srcptr, size,
				     hSignalEvent, numWaitEvents, phWaitEvents);
}

ze_result_t
xe_append_memory_fill_with_parameters(ze_command_list_handle_t hCommandList,
				      void *ptr, const void *pattern,
				      size_t patternSize, size_t size,
				      const void *pNext,
				      ze_event_handle_t hSignalEvent,
				      uint32_t numWaitEvents,
				      ze_event_handle_t *phWaitEvents)
{
	ze_result_t ret = NO_PARAMETERS(pNext);

	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	return xe_append_memory_fill(hCommandList, ptr, pattern, patternSize,
				     size, hSignalEvent, numWaitEvents,
				     phWaitEvents);
}

ze_result_t
xe_append_command_lists_with_parameters(ze_command_list_handle_t hImmediate,
					uint32_t numCommandLists,
					ze_command_list_handle_t *phCommandLists,
					const void *pNext,
					ze_event_handle_t hSignalEvent,
					uint32_t numWaitEvents,
					ze_event_handle_t *phWaitEvents)
{
	ze_result_t ret = NO_PARAMETERS(pNext);

	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	return xe_append_command_lists_exp(hImmediate, numCommandLists,
					   phCommandLists, hSignalEvent,
					   numWaitEvents, phWaitEvents);
}

XE_EXPORT(zeCommandListAppendMemoryCopyWithParameters,
	  xe_append_memory_copy_with_parameters);
XE_EXPORT(zeCommandListAppendMemoryFillWithParameters,
	  xe_append_memory_fill_with_parameters);
XE_EXPORT(zeCommandListImmediateAppendCommandListsWithParameters,
	  xe_append_command_lists_with_parameters);
