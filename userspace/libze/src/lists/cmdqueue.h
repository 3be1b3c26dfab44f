/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CMDQUEUE_H
#define _XE_CMDQUEUE_H

#include <stdatomic.h>
#include <stdint.h>

#include <level_zero/ze_api.h>

#include "core/libze_private.h"
#include "submission/batch.h"

struct xe_context;
struct xe_device;
struct xe_ring;

/**
 * struct xe_cmdqueue - a command queue
 * @obj: handle header
 * @ctx: its context
 * @dev: its device
 * @desc: the descriptor it was created with (pNext dropped)
 * @ring: its ring; free-threaded like the queue (the ring locks)
 * @overflow: batches the ring calls for executions too large to copy into
 *	it (locked too)
 */
struct xe_cmdqueue {
	struct xe_object obj;
	struct xe_context *ctx;
	struct xe_device *dev;
	ze_command_queue_desc_t desc;
	struct xe_ring *ring;
	struct xe_overflow overflow;
};

static inline struct xe_cmdqueue *
xe_cmdqueue_from_handle(ze_command_queue_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_CMDQUEUE);
}

/**
 * struct xe_fence - a fence of a command queue
 * @obj: handle header
 * @queue: the queue it was created for (compared, never dereferenced)
 * @ring: the queue's ring, held so that the fence outlives the queue safely
 * @seqno: completion point of the execution that signals it; 0 when it was
 *	created signalled, XE_FENCE_UNSIGNALED when no execution will
 */
struct xe_fence {
	struct xe_object obj;
	const struct xe_cmdqueue *queue;
	struct xe_ring *ring;
	_Atomic uint64_t seqno;
};

#define XE_FENCE_UNSIGNALED	UINT64_MAX

static inline struct xe_fence *xe_fence_from_handle(ze_fence_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_FENCE);
}

/* Entry points (CommandQueue DDI table), cmdqueue.c */
ze_result_t xe_cmdqueue_create(ze_context_handle_t hContext,
			       ze_device_handle_t hDevice,
			       const ze_command_queue_desc_t *desc,
			       ze_command_queue_handle_t *phCommandQueue);
ze_result_t xe_cmdqueue_destroy(ze_command_queue_handle_t hCommandQueue);
ze_result_t
xe_cmdqueue_execute_command_lists(ze_command_queue_handle_t hCommandQueue,
				  uint32_t numCommandLists,
				  ze_command_list_handle_t *phCommandLists,
				  ze_fence_handle_t hFence);
ze_result_t xe_cmdqueue_synchronize(ze_command_queue_handle_t hCommandQueue,
				    uint64_t timeout);
ze_result_t xe_cmdqueue_get_ordinal(ze_command_queue_handle_t hCommandQueue,
				    uint32_t *pOrdinal);
ze_result_t xe_cmdqueue_get_index(ze_command_queue_handle_t hCommandQueue,
				  uint32_t *pIndex);
ze_result_t xe_cmdqueue_get_flags(ze_command_queue_handle_t hCommandQueue,
				  ze_command_queue_flags_t *pFlags);
ze_result_t xe_cmdqueue_get_mode(ze_command_queue_handle_t hCommandQueue,
				 ze_command_queue_mode_t *pMode);
ze_result_t xe_cmdqueue_get_priority(ze_command_queue_handle_t hCommandQueue,
				     ze_command_queue_priority_t *pPriority);

/* Entry points (Fence DDI table), fence.c */
ze_result_t xe_fence_create(ze_command_queue_handle_t hCommandQueue,
			    const ze_fence_desc_t *desc,
			    ze_fence_handle_t *phFence);
ze_result_t xe_fence_destroy(ze_fence_handle_t hFence);
ze_result_t xe_fence_host_synchronize(ze_fence_handle_t hFence,
				      uint64_t timeout);
ze_result_t xe_fence_query_status(ze_fence_handle_t hFence);
ze_result_t xe_fence_reset(ze_fence_handle_t hFence);

#endif /* _XE_CMDQUEUE_H */
