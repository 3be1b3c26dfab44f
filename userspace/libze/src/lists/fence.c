// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: fences
 *
 * A fence is a point on its queue's ring: the sequence number of the last
 * execution that was given the fence. It is signalled once the kernel's
 * completed sequence number of the ring reaches it; a reset (or a fence created unsignalled) has no point,
 * and no wait on it can succeed until an execution gives it one, so waits
 * and queries report ZE_RESULT_NOT_READY at once.
 *
 * The fence holds its queue's ring: a fence used after its queue was
 * destroyed (which the spec forbids) still answers for what completed, and
 * reports ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT for what never
 * will.
 */

#include <stdlib.h>

#include "core/libze_private.h"
#include "lists/cmdqueue.h"
#include "core/types.h"
#include "core/result.h"
#include "submission/ring.h"

#define XE_FENCE_FLAGS_KNOWN	ZE_FENCE_FLAG_SIGNALED

static_assert(offsetof(struct xe_fence, obj) == 0,
	      "a fence handle must point at its object header");

ze_result_t xe_fence_create(ze_command_queue_handle_t hCommandQueue,
			    const ze_fence_desc_t *desc,
			    ze_fence_handle_t *phFence)
{
	struct xe_cmdqueue *q = xe_cmdqueue_from_handle(hCommandQueue);
	struct xe_fence *fence;

	if (!q)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!desc || !phFence)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (desc->stype != ZE_STRUCTURE_TYPE_FENCE_DESC)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	if (desc->flags & ~XE_FENCE_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;

	fence = calloc(1, sizeof(*fence));
	if (!fence)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	xe_object_init(&fence->obj, XE_MAGIC_FENCE, &q->ctx->drv->ddi);
	fence->queue = q;
	fence->ring = xe_ring_get(q->ring);
	atomic_init(&fence->seqno, desc->flags & ZE_FENCE_FLAG_SIGNALED ?
				   0 : XE_FENCE_UNSIGNALED);

	*phFence = xe_object_handle(&fence->obj);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_fence_destroy(ze_fence_handle_t hFence)
{
	struct xe_fence *fence = xe_fence_from_handle(hFence);

	if (!fence)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	xe_ring_put(fence->ring);
	xe_object_fini(&fence->obj);
	free(fence);
	return ZE_RESULT_SUCCESS;
}

static ze_result_t fence_wait(struct xe_fence *fence, uint64_t timeout)
{
	uint64_t seqno = atomic_load_explicit(&fence->seqno,
					      memory_order_acquire);

	if (seqno == XE_FENCE_UNSIGNALED)
		return ZE_RESULT_NOT_READY;
	return xe_result_from_errno(xe_ring_wait(fence->ring, seqno, timeout));
}

ze_result_t xe_fence_host_synchronize(ze_fence_handle_t hFence,
				      uint64_t timeout)
{
	struct xe_fence *fence = xe_fence_from_handle(hFence);

	if (!fence)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	return fence_wait(fence, timeout);
}

ze_result_t xe_fence_query_status(ze_fence_handle_t hFence)
{
	struct xe_fence *fence = xe_fence_from_handle(hFence);

	if (!fence)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	return fence_wait(fence, 0);
}

ze_result_t xe_fence_reset(ze_fence_handle_t hFence)
{
	struct xe_fence *fence = xe_fence_from_handle(hFence);

	if (!fence)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	atomic_store_explicit(&fence->seqno, XE_FENCE_UNSIGNALED,
			      memory_order_release);
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeFenceCreate, xe_fence_create);
XE_EXPORT(zeFenceDestroy, xe_fence_destroy);
XE_EXPORT(zeFenceHostSynchronize, xe_fence_host_synchronize);
XE_EXPORT(zeFenceQueryStatus, xe_fence_query_status);
XE_EXPORT(zeFenceReset, xe_fence_reset);
