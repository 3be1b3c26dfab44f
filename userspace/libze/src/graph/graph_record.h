/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_GRAPH_RECORD_H
#define _XE_GRAPH_RECORD_H

/* graph_record.c: the captured forms of the appends. */

#include <stddef.h>
#include <stdint.h>

#include <level_zero/ze_api.h>
#include <zex_spec.h>

#include "graph/graph_types.h"

struct xe_kernel;
struct xe_launch;

ze_result_t xe_graph_record_launch(ze_command_list_handle_t h, uint32_t n,
				   struct xe_kernel **kernels,
				   struct xe_launch *const *launches,
				   const ze_group_count_t *counts,
				   uint64_t indirect, const uint32_t *count_ptr,
				   ze_event_handle_t hSignalEvent,
				   uint32_t numWaitEvents,
				   ze_event_handle_t *phWaitEvents);
ze_result_t xe_graph_record_builtin(ze_command_list_handle_t h,
				    const struct xe_kernel *k, uint32_t id,
				    const uint64_t *args,
				    ze_event_handle_t hSignalEvent,
				    uint32_t numWaitEvents,
				    ze_event_handle_t *phWaitEvents);
ze_result_t xe_graph_record_copy(ze_command_list_handle_t h, void *dst,
				 const void *src, size_t size,
				 ze_event_handle_t hSignalEvent,
				 uint32_t numWaitEvents,
				 ze_event_handle_t *phWaitEvents);
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
					ze_event_handle_t *phWaitEvents);
ze_result_t xe_graph_record_fill(ze_command_list_handle_t h, void *ptr,
				 const void *pattern, size_t pattern_size,
				 size_t size, ze_event_handle_t hSignalEvent,
				 uint32_t numWaitEvents,
				 ze_event_handle_t *phWaitEvents);
ze_result_t xe_graph_record_events(ze_command_list_handle_t h,
				   enum xe_graph_op op,
				   ze_event_handle_t hSignalEvent,
				   uint32_t numWaitEvents,
				   ze_event_handle_t *phWaitEvents);
ze_result_t xe_graph_record_timestamp(ze_command_list_handle_t h,
				      uint64_t *dst,
				      ze_event_handle_t hSignalEvent,
				      uint32_t numWaitEvents,
				      ze_event_handle_t *phWaitEvents);
ze_result_t xe_graph_record_query_timestamps(ze_command_list_handle_t h,
					     uint32_t numEvents,
					     ze_event_handle_t *phEvents,
					     void *dst, const size_t *offsets,
					     ze_event_handle_t hSignalEvent,
					     uint32_t numWaitEvents,
					     ze_event_handle_t *phWaitEvents);
ze_result_t xe_graph_record_host_function(ze_command_list_handle_t h,
					  ze_host_function_callback_t fn,
					  void *data,
					  ze_event_handle_t hSignalEvent,
					  uint32_t numWaitEvents,
					  ze_event_handle_t *phWaitEvents);
ze_result_t xe_graph_record_lists(ze_command_list_handle_t h, uint32_t n,
				  ze_command_list_handle_t *lists,
				  ze_event_handle_t hSignalEvent,
				  uint32_t numWaitEvents,
				  ze_event_handle_t *phWaitEvents);

#endif /* _XE_GRAPH_RECORD_H */
