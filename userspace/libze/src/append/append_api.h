/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_APPEND_API_H
#define _XE_APPEND_API_H

/*
 * The append entry points of the CommandList DDI table: every
 * zeCommandListAppend*() but the kernel launches of SPIR-V
 * (append_jit.h). Each is in an append_<kind>.c of this folder and goes
 * through the append machinery of append.c (append.h).
 */

#include <stddef.h>
#include <stdint.h>

#include <level_zero/ze_api.h>
#include <zex_spec.h>

/* append_event.c */
ze_result_t xe_append_barrier(ze_command_list_handle_t hCommandList,
			      ze_event_handle_t hSignalEvent,
			      uint32_t numWaitEvents,
			      ze_event_handle_t *phWaitEvents);
ze_result_t xe_append_memory_ranges_barrier(ze_command_list_handle_t hCommandList,
					    uint32_t numRanges,
					    const size_t *pRangeSizes,
					    const void **pRanges,
					    ze_event_handle_t hSignalEvent,
					    uint32_t numWaitEvents,
					    ze_event_handle_t *phWaitEvents);
ze_result_t xe_append_signal_event(ze_command_list_handle_t hCommandList,
				   ze_event_handle_t hEvent);
ze_result_t xe_append_wait_on_events(ze_command_list_handle_t hCommandList,
				     uint32_t numEvents,
				     ze_event_handle_t *phEvents);
ze_result_t xe_append_event_reset(ze_command_list_handle_t hCommandList,
				  ze_event_handle_t hEvent);
ze_result_t xe_append_write_global_timestamp(ze_command_list_handle_t hCommandList,
					     uint64_t *dstptr,
					     ze_event_handle_t hSignalEvent,
					     uint32_t numWaitEvents,
					     ze_event_handle_t *phWaitEvents);
ze_result_t
xe_append_query_kernel_timestamps(ze_command_list_handle_t hCommandList,
				  uint32_t numEvents,
				  ze_event_handle_t *phEvents, void *dstptr,
				  const size_t *pOffsets,
				  ze_event_handle_t hSignalEvent,
				  uint32_t numWaitEvents,
				  ze_event_handle_t *phWaitEvents);

/* append_memory.c */
ze_result_t xe_append_memory_copy(ze_command_list_handle_t hCommandList,
				  void *dstptr, const void *srcptr, size_t size,
				  ze_event_handle_t hSignalEvent,
				  uint32_t numWaitEvents,
				  ze_event_handle_t *phWaitEvents);
ze_result_t xe_append_memory_fill(ze_command_list_handle_t hCommandList,
				  void *ptr, const void *pattern,
				  size_t pattern_size, size_t size,
				  ze_event_handle_t hSignalEvent,
				  uint32_t numWaitEvents,
				  ze_event_handle_t *phWaitEvents);
ze_result_t
xe_append_memory_copy_region(ze_command_list_handle_t hCommandList,
			     void *dstptr, const ze_copy_region_t *dstRegion,
			     uint32_t dstPitch, uint32_t dstSlicePitch,
			     const void *srcptr,
			     const ze_copy_region_t *srcRegion,
			     uint32_t srcPitch, uint32_t srcSlicePitch,
			     ze_event_handle_t hSignalEvent,
			     uint32_t numWaitEvents,
			     ze_event_handle_t *phWaitEvents);
ze_result_t
xe_append_memory_copy_from_context(ze_command_list_handle_t hCommandList,
				   void *dstptr, ze_context_handle_t hContextSrc,
				   const void *srcptr, size_t size,
				   ze_event_handle_t hSignalEvent,
				   uint32_t numWaitEvents,
				   ze_event_handle_t *phWaitEvents);
ze_result_t xe_append_memory_prefetch(ze_command_list_handle_t hCommandList,
				      const void *ptr, size_t size);
ze_result_t xe_append_mem_advise(ze_command_list_handle_t hCommandList,
				 ze_device_handle_t hDevice, const void *ptr,
				 size_t size, ze_memory_advice_t advice);

/* append_kernel.c */
ze_result_t xe_append_builtin_dispatch(ze_command_list_handle_t hCommandList,
				       uint32_t id, const uint64_t *args,
				       ze_event_handle_t hSignalEvent,
				       uint32_t numWaitEvents,
				       ze_event_handle_t *phWaitEvents);
ze_result_t xe_append_launch_kernel(ze_command_list_handle_t hCommandList,
				    ze_kernel_handle_t hKernel,
				    const ze_group_count_t *pLaunchFuncArgs,
				    ze_event_handle_t hSignalEvent,
				    uint32_t numWaitEvents,
				    ze_event_handle_t *phWaitEvents);
ze_result_t
xe_append_launch_cooperative_kernel(ze_command_list_handle_t hCommandList,
				    ze_kernel_handle_t hKernel,
				    const ze_group_count_t *pLaunchFuncArgs,
				    ze_event_handle_t hSignalEvent,
				    uint32_t numWaitEvents,
				    ze_event_handle_t *phWaitEvents);
ze_result_t
xe_append_launch_kernel_with_parameters(ze_command_list_handle_t hCommandList,
					ze_kernel_handle_t hKernel,
					const ze_group_count_t *pGroupCounts,
					const void *pNext,
					ze_event_handle_t hSignalEvent,
					uint32_t numWaitEvents,
					ze_event_handle_t *phWaitEvents);
ze_result_t
xe_append_launch_kernel_with_arguments(ze_command_list_handle_t hCommandList,
				       ze_kernel_handle_t hKernel,
				       const ze_group_count_t groupCounts,
				       const ze_group_size_t groupSizes,
				       void **pArguments, const void *pNext,
				       ze_event_handle_t hSignalEvent,
				       uint32_t numWaitEvents,
				       ze_event_handle_t *phWaitEvents);

/* append_lists.c */
ze_result_t
xe_append_command_lists_exp(ze_command_list_handle_t hCommandListImmediate,
			    uint32_t numCommandLists,
			    ze_command_list_handle_t *phCommandLists,
			    ze_event_handle_t hSignalEvent,
			    uint32_t numWaitEvents,
			    ze_event_handle_t *phWaitEvents);

/* append_params.c (spec 1.16) */
ze_result_t
xe_append_memory_copy_with_parameters(ze_command_list_handle_t hCommandList,
				      void *dstptr, const void *srcptr,
				      size_t size, const void *pNext,
				      ze_event_handle_t hSignalEvent,
				      uint32_t numWaitEvents,
				      ze_event_handle_t *phWaitEvents);
ze_result_t
xe_append_memory_fill_with_parameters(ze_command_list_handle_t hCommandList,
				      void *ptr, const void *pattern,
				      size_t patternSize, size_t size,
				      const void *pNext,
				      ze_event_handle_t hSignalEvent,
				      uint32_t numWaitEvents,
				      ze_event_handle_t *phWaitEvents);
ze_result_t
xe_append_command_lists_with_parameters(ze_command_list_handle_t hImmediate,
					uint32_t numCommandLists,
					ze_command_list_handle_t *phCommandLists,
					const void *pNext,
					ze_event_handle_t hSignalEvent,
					uint32_t numWaitEvents,
					ze_event_handle_t *phWaitEvents);

/* append_host_fn.c (spec 1.17) */
ze_result_t xe_append_host_function(ze_command_list_handle_t hCommandList,
				    ze_host_function_callback_t pHostFunction,
				    void *pUserData, const void *pNext,
				    ze_event_handle_t hSignalEvent,
				    uint32_t numWaitEvents,
				    ze_event_handle_t *phWaitEvents);

#endif /* _XE_APPEND_API_H */
