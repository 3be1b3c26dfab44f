// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: command queues
 *
 * A command queue is a ring (ring.c). Executing closed regular lists
 * writes, for each, a second-level MI_BATCH_BUFFER_START of its batch (an
 * in-order list's counter is set to 0 by the host first, at the time of
 * the call, and the events it signals take back the states its recording
 * gave them, see execute.c), as one submission, an append of the queue
 * (xe_append_execute()); a refused one changes nothing:
 * the queue's fence and synchronisation wait for the kernel's completed
 * sequence number to reach it. Queues are free-threaded: submissions to one ring are serialised by
 * the ring, and nothing else of the queue changes after creation.
 *
 * Checks, in order: the list array and count, the fence (made for this
 * queue), then each list: a closed regular list of the queue's group, and
 * for an in-order list, not still running its last execution.
 */

#include <errno.h>
#include <stdlib.h>

#include "core/libze_private.h"
#include "append/append.h"
#include "lists/cmdlist.h"
#include "append/execute.h"
#include "lists/cmdqueue.h"
#include "core/context.h"
#include "core/types.h"
#include "core/result.h"
#include "submission/ring.h"
#include "submission/wait.h"

static_assert(offsetof(struct xe_cmdqueue, obj) == 0,
	      "a queue handle must point at its object header");

ze_result_t xe_cmdqueue_create(ze_context_handle_t hContext,
			       ze_device_handle_t hDevice,
			       const ze_command_queue_desc_t *desc,
			       ze_command_queue_handle_t *phCommandQueue)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_device *dev = xe_device_from_handle(hDevice);
	struct xe_cmdqueue *q;
	ze_result_t ret;
	int err;

	if (!ctx || !dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!desc || !phCommandQueue)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	ret = xe_check_queue_desc(desc);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;

	q = calloc(1, sizeof(*q));
	if (!q)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	err = xe_ring_create(dev, xe_queue_priority(desc), &q->ring);
	if (err) {
		free(q);
		return xe_result_from_errno(err);
	}
	xe_overflow_init(&q->overflow, dev);
	xe_object_init(&q->obj, XE_MAGIC_CMDQUEUE, &ctx->drv->ddi);
	q->ctx = ctx;
	q->dev = dev;
	q->desc = *desc;
	q->desc.pNext = NULL;

	*phCommandQueue = xe_object_handle(&q->obj);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_cmdqueue_destroy(ze_command_queue_handle_t hCommandQueue)
{
	struct xe_cmdqueue *q = xe_cmdqueue_from_handle(hCommandQueue);

	if (!q)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	/* Fences and lists that still hold the ring see it dead. */
	xe_ring_destroy(q->ring);
	xe_overflow_fini(&q->overflow);
	xe_object_fini(&q->obj);
	free(q);
	return ZE_RESULT_SUCCESS;
}

/* Executions of up to this many lists build their commands on the stack. */
#define XE_QUEUE_LOCAL_LISTS	8

static ze_result_t check_lists(struct xe_cmdqueue *q, uint32_t n,
			       ze_command_list_handle_t *handles)
{
	struct xe_cmdlist *list;
	uint32_t i;
	int err;

	for (i = 0; i < n; i++) {
		list = xe_cmdlist_from_handle(handles[i]);
		if (!list)
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		err = xe_cmdlist_check_executable(list, q->desc.ordinal);
		if (err)
			return xe_result_from_errno(err);
	}
	return ZE_RESULT_SUCCESS;
}

ze_result_t
xe_cmdqueue_execute_command_lists(ze_command_queue_handle_t hCommandQueue,
				  uint32_t numCommandLists,
				  ze_command_list_handle_t *phCommandLists,
				  ze_fence_handle_t hFence)
{
	struct xe_cmdqueue *q = xe_cmdqueue_from_handle(hCommandQueue);
	uint32_t local_cs[XE_QUEUE_LOCAL_LISTS * XE_EXECUTE_DWORDS];
	uint32_t *cs_buf = local_cs;
	struct xe_fence *fence = NULL;
	struct xe_append a;
	struct xe_cs staging;
	ze_result_t ret;

	if (!q)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phCommandLists)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!numCommandLists)
		return ZE_RESULT_ERROR_INVALID_SIZE;
	if (hFence) {
		fence = xe_fence_from_handle(hFence);
		if (!fence)
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		if (fence->queue != q)
			return ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT;
	}
	ret = check_lists(q, numCommandLists, phCommandLists);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;

	if (numCommandLists > XE_QUEUE_LOCAL_LISTS) {
		cs_buf = malloc((size_t)numCommandLists * XE_EXECUTE_DWORDS *
				sizeof(*cs_buf));
		if (!cs_buf)
			return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	}
	staging = (struct xe_cs){
		.buf = cs_buf,
		.cap = (size_t)numCommandLists * XE_EXECUTE_DWORDS,
		.fixed = true,
	};
	xe_append_begin_queue(&a, q->ctx, q->ring, &q->overflow, q->desc.mode,
			      &staging);
	ret = xe_append_execute(&a, numCommandLists, phCommandLists);
	if (ret == ZE_RESULT_SUCCESS)
		ret = xe_append_commit(&a);
	if (a.committed && fence)
		atomic_store_explicit(&fence->seqno, a.seqno,
				      memory_order_release);
	if (cs_buf != local_cs)
		free(cs_buf);
	return ret;
}

ze_result_t xe_cmdqueue_synchronize(ze_command_queue_handle_t hCommandQueue,
				    uint64_t timeout)
{
	struct xe_cmdqueue *q = xe_cmdqueue_from_handle(hCommandQueue);
	int err;

	if (!q)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	err = xe_ring_wait(q->ring, xe_ring_last(q->ring), timeout);
	xe_context_note(q->ctx, err);
	return xe_result_from_errno(err);
}

ze_result_t xe_cmdqueue_get_ordinal(ze_command_queue_handle_t hCommandQueue,
				    uint32_t *pOrdinal)
{
	struct xe_cmdqueue *q = xe_cmdqueue_from_handle(hCommandQueue);

	if (!q)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pOrdinal)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*pOrdinal = q->desc.ordinal;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_cmdqueue_get_index(ze_command_queue_handle_t hCommandQueue,
				  uint32_t *pIndex)
{
	struct xe_cmdqueue *q = xe_cmdqueue_from_handle(hCommandQueue);

	if (!q)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pIndex)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*pIndex = q->desc.index;
	return ZE_RESULT_SUCCESS;
}

/* Spec 1.17: the flags, mode and priority the queue was created with. */
ze_result_t xe_cmdqueue_get_flags(ze_command_queue_handle_t hCommandQueue,
				  ze_command_queue_flags_t *pFlags)
{
	struct xe_cmdqueue *q = xe_cmdqueue_from_handle(hCommandQueue);

	if (!q)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pFlags)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*pFlags = q->desc.flags;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_cmdqueue_get_mode(ze_command_queue_handle_t hCommandQueue,
				 ze_command_queue_mode_t *pMode)
{
	struct xe_cmdqueue *q = xe_cmdqueue_from_handle(hCommandQueue);

	if (!q)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pMode)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*pMode = q->desc.mode;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_cmdqueue_get_priority(ze_command_queue_handle_t hCommandQueue,
				     ze_command_queue_priority_t *pPriority)
{
	struct xe_cmdqueue *q = xe_cmdqueue_from_handle(hCommandQueue);

	if (!q)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pPriority)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*pPriority = q->desc.priority;
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeCommandQueueCreate, xe_cmdqueue_create);
XE_EXPORT(zeCommandQueueDestroy, xe_cmdqueue_destroy);
XE_EXPORT(zeCommandQueueExecuteCommandLists, xe_cmdqueue_execute_command_lists);
XE_EXPORT(zeCommandQueueSynchronize, xe_cmdqueue_synchronize);
XE_EXPORT(zeCommandQueueGetOrdinal, xe_cmdqueue_get_ordinal);
XE_EXPORT(zeCommandQueueGetIndex, xe_cmdqueue_get_index);
XE_EXPORT(zeCommandQueueGetFlags, xe_cmdqueue_get_flags);
XE_EXPORT(zeCommandQueueGetMode, xe_cmdqueue_get_mode);
XE_EXPORT(zeCommandQueueGetPriority, xe_cmdqueue_get_priority);
