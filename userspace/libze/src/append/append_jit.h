/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_APPEND_JIT_H
#define _XE_APPEND_JIT_H

#include <level_zero/ze_api.h>

struct xe_kernel;
struct xe_launch;

ze_result_t xe_append_launch_jit(ze_command_list_handle_t hCommandList,
				 uint32_t n, struct xe_kernel **kernels,
				 const ze_group_count_t *counts,
				 uint64_t indirect, const uint32_t *count_ptr,
				 ze_event_handle_t hSignalEvent,
				 uint32_t numWaitEvents,
				 ze_event_handle_t *phWaitEvents);
ze_result_t xe_append_launch_snapshots(ze_command_list_handle_t hCommandList,
				       uint32_t n,
				       struct xe_launch *const *launches,
				       const ze_group_count_t *counts,
				       uint64_t indirect,
				       const uint32_t *count_ptr,
				       ze_event_handle_t hSignalEvent,
				       uint32_t numWaitEvents,
				       ze_event_handle_t *phWaitEvents);
ze_result_t
xe_append_launch_kernel_indirect(ze_command_list_handle_t hCommandList,
				 ze_kernel_handle_t hKernel,
				 const ze_group_count_t *pLaunchArgumentsBuffer,
				 ze_event_handle_t hSignalEvent,
				 uint32_t numWaitEvents,
				 ze_event_handle_t *phWaitEvents);
ze_result_t
xe_append_launch_multiple_kernels_indirect(ze_command_list_handle_t hCommandList,
					   uint32_t numKernels,
					   ze_kernel_handle_t *phKernels,
					   const uint32_t *pCountBuffer,
					   const ze_group_count_t *pLaunchArgumentsBuffer,
					   ze_event_handle_t hSignalEvent,
					   uint32_t numWaitEvents,
					   ze_event_handle_t *phWaitEvents);

#endif /* _XE_APPEND_JIT_H */
