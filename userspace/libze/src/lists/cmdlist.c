// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: command lists
 *
 * A command list is where appends (append/append.c) go: an immediate list
 * submits each to its own ring at once (ring.c), a regular list records
 * it into its batch (batch.c), which a queue later calls as a second-level
 * batch.
 *
 * An in-order list owns one kernel counter slot. Each append waits for the
 * value the append before it stored and stores the next: appends run one
 * after the other with no event or barrier from the user, and "the list is
 * done up to append n" is one 64-bit compare. (The engine executes a ring
 * in order anyway; the wait is what makes the order hold when the appends
 * could overlap, as on hardware, and what a hardware backend would need.)
 * A regular in-order list counts from 0 in every execution: executing it
 * sets its counter to 0 from the host at once (COUNTER_SET), so that the
 * counter-based events it signals read "not ready" from that call on, in
 * host program order; the queue stores 0 again before it calls the batch,
 * which only matters when one call executes the list twice. A list whose
 * previous execution still runs is refused. What an execution does to the
 * list and to the events it signals is in execute.c.
 *
 * Counter-based events (cb_event.c) take part through the same counter: a
 * wait for one is a 64-bit compare of its current (counter, value);
 * signalling one from an in-order list costs nothing but the counter bump
 * that every append does anyway, after which the event points at (this
 * list's counter, the bumped value). Only in-order lists may signal them.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <ze_graph_ext.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "events/cb_event_types.h"
#include "events/counter.h"
#include "lists/cmdlist.h"
#include "lists/mutable.h"
#include "core/context.h"
#include "core/types.h"
#include "submission/encoder.h"
#include "core/result.h"
#include "submission/ring.h"
#include "submission/wait.h"

#define XE_CMDLIST_FLAGS_KNOWN						\
	(ZE_COMMAND_LIST_FLAG_RELAXED_ORDERING |			\
	 ZE_COMMAND_LIST_FLAG_MAXIMIZE_THROUGHPUT |			\
	 ZE_COMMAND_LIST_FLAG_EXPLICIT_ONLY | ZE_COMMAND_LIST_FLAG_IN_ORDER)
/* Spec 1.14 ZE_COMMAND_QUEUE_FLAG_COPY_OFFLOAD_HINT: a hint, accepted. */
#define XE_QUEUE_FLAG_COPY_OFFLOAD_HINT	((ze_command_queue_flags_t)ZE_BIT(2))
#define XE_QUEUE_FLAGS_KNOWN						\
	(ZE_COMMAND_QUEUE_FLAG_EXPLICIT_ONLY |				\
	 ZE_COMMAND_QUEUE_FLAG_IN_ORDER | XE_QUEUE_FLAG_COPY_OFFLOAD_HINT)

static_assert(offsetof(struct xe_cmdlist, obj) == 0,
	      "a command list handle must point at its object header");

static ze_command_list_handle_t cmdlist_to_handle(struct xe_cmdlist *list)
{
	return xe_object_handle(&list->obj);
}

static struct xe_cmdlist *cmdlist_alloc(struct xe_context *ctx,
					struct xe_device *dev, uint32_t ordinal,
					ze_command_list_flags_t flags)
{
	struct xe_cmdlist *list = calloc(1, sizeof(*list));

	if (!list)
		return NULL;
	list->cs.cap = 1024;
	list->cs.buf = malloc(list->cs.cap * sizeof(*list->cs.buf));
	if (!list->cs.buf) {
		free(list);
		return NULL;
	}
	xe_object_init(&list->obj, XE_MAGIC_CMDLIST, &ctx->drv->ddi);
	list->ctx = ctx;
	list->dev = dev;
	list->ordinal = ordinal;
	list->flags = flags;
	list->in_order = flags & ZE_COMMAND_LIST_FLAG_IN_ORDER;
	list->cb_need = xe_cb_signal_need(list->in_order, false);
	xe_batch_init(&list->batch, dev);
	xe_heap_init(&list->heap, dev);
	xe_overflow_init(&list->overflow, dev);
	return list;
}

/* How long zeCommandListDestroy waits for an immediate list's work. */
#define XE_CMDLIST_DESTROY_WAIT_NS	(10ull * 1000 * 1000 * 1000)

static void cmdlist_free(struct xe_cmdlist *list)
{
	/* Once the ring is gone, nothing the list kept is used any more. */
	if (list->ring)
		xe_ring_destroy(list->ring);
	xe_overflow_fini(&list->overflow);
	xe_keeps_release(&list->keeps);
	if (list->open_chain.obj)
		list->open_chain.put(list->open_chain.obj);
	xe_replays_release(&list->replays);
	xe_writes_release(&list->writes);
	xe_mutable_destroy(list->mut);
	xe_ring_put(list->exec_ring);
	xe_counter_put(list->counter);
	xe_heap_fini(&list->heap);
	xe_batch_fini(&list->batch);
	free(list->cs.buf);
	xe_object_fini(&list->obj);
	free(list);
}

/* The mutable command list descriptor in @desc's pNext chain, or NULL. */
static const ze_mutable_command_list_exp_desc_t *
mutable_desc(const ze_command_list_desc_t *desc)
{
	const ze_base_desc_t *d;

	for (d = desc->pNext; d; d = d->pNext)
		if (d->stype == ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_DESC)
			return (const void *)d;
	return NULL;
}

ze_result_t xe_cmdlist_create(ze_context_handle_t hContext,
			      ze_device_handle_t hDevice,
			      const ze_command_list_desc_t *desc,
			      ze_command_list_handle_t *phCommandList)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_device *dev = xe_device_from_handle(hDevice);
	const ze_mutable_command_list_exp_desc_t *mdesc;
	struct xe_cmdlist *list;
	int err;

	if (!ctx || !dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!desc || !phCommandList)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!xe_stype_ok(desc->stype, ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC))
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "desc->stype is neither 0 nor ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC");
	if (desc->flags & ZE_COMMAND_LIST_FLAG_EXP_CLONEABLE)
		return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
	if (desc->flags & ~XE_CMDLIST_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	if ((desc->flags & ZE_COMMAND_LIST_FLAG_IN_ORDER) &&
	    (desc->flags & ZE_COMMAND_LIST_FLAG_RELAXED_ORDERING))
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "IN_ORDER and RELAXED_ORDERING are both set");
	if (desc->commandQueueGroupOrdinal >= XE_NUM_ORDINALS)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "commandQueueGroupOrdinal names no queue group of the device");
	mdesc = mutable_desc(desc);
	if (mdesc && (mdesc->flags & ~ZE_MUTABLE_COMMAND_LIST_EXP_FLAG_RESERVED))
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;

	list = cmdlist_alloc(ctx, dev, desc->commandQueueGroupOrdinal,
			     desc->flags);
	if (!list)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	if (mdesc) {
		list->mut = xe_mutable_create();
		if (!list->mut) {
			cmdlist_free(list);
			return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
		}
	}

	if (list->in_order) {
		err = xe_counter_create(dev, &list->counter);
		if (err) {
			cmdlist_free(list);
			return xe_result_from_errno(err);
		}
	}

	*phCommandList = cmdlist_to_handle(list);
	return ZE_RESULT_SUCCESS;
}

static uint32_t kmd_priority(ze_command_queue_priority_t priority)
{
	switch (priority) {
	case ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_LOW:
		return DRM_XE_CBEV_PRIORITY_LOW;
	case ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_HIGH:
		return DRM_XE_CBEV_PRIORITY_HIGH;
	default:
		return DRM_XE_CBEV_PRIORITY_NORMAL;
	}
}

/**
 * xe_check_queue_desc() - check a command queue descriptor
 * @desc: descriptor of a queue or of an immediate list
 *
 * Return: ZE_RESULT_SUCCESS or the error for the first field that is wrong.
 */
ze_result_t xe_check_queue_desc(const ze_command_queue_desc_t *desc)
{
	if (!xe_stype_ok(desc->stype, ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC))
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	if (desc->flags & ~XE_QUEUE_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	if (desc->mode > ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS ||
	    desc->priority > ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_HIGH)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	/* One queue per group (zeDeviceGetCommandQueueGroupProperties()). */
	if (desc->ordinal >= XE_NUM_ORDINALS || desc->index > 0)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "ordinal or index names no queue of the device");
	return ZE_RESULT_SUCCESS;
}

/* The kernel priority of a queue descriptor. */
uint32_t xe_queue_priority(const ze_command_queue_desc_t *desc)
{
	return kmd_priority(desc->priority);
}

ze_result_t xe_cmdlist_create_immediate(ze_context_handle_t hContext,
					ze_device_handle_t hDevice,
					const ze_command_queue_desc_t *altdesc,
					ze_command_list_handle_t *phCommandList)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_device *dev = xe_device_from_handle(hDevice);
	ze_command_list_flags_t flags = 0;
	struct xe_cmdlist *list;
	ze_result_t ret;
	int err;

	if (!ctx || !dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!altdesc || !phCommandList)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	ret = xe_check_queue_desc(altdesc);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;

	/* An in-order immediate list is an in-order list (spec 1.7). */
	if (altdesc->flags & ZE_COMMAND_QUEUE_FLAG_IN_ORDER)
		flags |= ZE_COMMAND_LIST_FLAG_IN_ORDER;
	list = cmdlist_alloc(ctx, dev, altdesc->ordinal, flags);
	if (!list)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	list->immediate = true;
	list->cb_need = xe_cb_signal_need(list->in_order, true);
	list->index = altdesc->index;
	list->queue_flags = altdesc->flags;
	list->mode = altdesc->mode;
	list->priority = altdesc->priority;

	err = xe_ring_create(dev, kmd_priority(altdesc->priority), &list->ring);
	if (!err && list->in_order) {
		err = xe_counter_create(dev, &list->counter);
		/* Its ring writes it: a ban of the ring ends waits on it. */
		if (!err) {
			xe_counter_set_writer(list->counter, list->ring);
			/* An immediate list never rewinds it. */
			list->counter->monotonic = true;
		}
	}
	if (err) {
		cmdlist_free(list);
		return xe_result_from_errno(err);
	}

	*phCommandList = cmdlist_to_handle(list);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_cmdlist_destroy(ze_command_list_handle_t hCommandList)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	/*
	 * Work an immediate list submitted completes, and signals its events,
	 * whatever happens to the list: destroying its queue now would make
	 * other threads' waits on those events see a lost device. So wait
	 * for it, as compute-runtime does; a banned queue answers at once.
	 * Work held by an event nobody will signal (an application tearing
	 * down) is given the kernel's default hang timeout, then dropped.
	 */
	if (list->immediate && list->ring)
		(void)xe_ring_wait(list->ring, list->last_seqno,
				   XE_CMDLIST_DESTROY_WAIT_NS);
	/* The capture's code lets the list go (graph/graph_capture.c). */
	if (list->capture)
		list->ctx->drv->graph_list_gone(list);
	cmdlist_free(list);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_cmdlist_close(ze_command_list_handle_t hCommandList)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);
	int err;

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (list->immediate)
		return ZE_RESULT_SUCCESS;
	/* A mutable list closed again: its updates reach the batch. */
	if (list->closed) {
		if (!list->updated)
			return ZE_RESULT_SUCCESS;
		err = xe_mutable_apply(list->mut);
		if (err == -EINVAL)
			return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
				       "a switched kernel has an argument not set");
		if (err)
			return xe_result_from_errno(err);
		list->updated = false;
		return ZE_RESULT_SUCCESS;
	}
	/* An id nothing took names nothing. */
	if (list->mut)
		xe_mutable_forget_next(list->mut);

	err = xe_batch_close(&list->batch);
	if (err)
		return xe_result_from_errno(err);
	list->closed = true;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_cmdlist_reset(ze_command_list_handle_t hCommandList)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	/* An immediate list has nothing recorded; its counter never rewinds. */
	if (list->immediate)
		return ZE_RESULT_SUCCESS;

	xe_batch_reset(&list->batch);
	xe_heap_reset(&list->heap);
	xe_keeps_release(&list->keeps);
	xe_replays_release(&list->replays);
	xe_writes_release(&list->writes);
	if (list->mut)
		xe_mutable_reset(list->mut);
	list->updated = false;
	list->counter_value = 0;
	list->closed = false;
	/*
	 * The events of the new recording must not read complete with the
	 * values of the old one's last execution (the list is idle: spec).
	 */
	if (list->in_order)
		return xe_result_from_errno(xe_counter_set(list->counter, 0));
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_cmdlist_host_synchronize(ze_command_list_handle_t hCommandList,
					uint64_t timeout)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);
	int err;

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!list->immediate)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT, "the list is not immediate");
	if (list->capture)
		return XE_FAIL(ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
			       "a host wait on a list that captures into a graph");

	err = xe_ring_wait(list->ring, list->last_seqno, timeout);
	xe_context_note(list->ctx, err);
	return xe_result_from_errno(err);
}

/* ---- getters ------------------------------------------------------------ */

ze_result_t xe_cmdlist_get_device_handle(ze_command_list_handle_t hCommandList,
					 ze_device_handle_t *phDevice)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phDevice)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*phDevice = xe_device_to_handle(list->dev);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_cmdlist_get_context_handle(ze_command_list_handle_t hCommandList,
					  ze_context_handle_t *phContext)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phContext)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*phContext = xe_context_to_handle(list->ctx);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_cmdlist_get_ordinal(ze_command_list_handle_t hCommandList,
				   uint32_t *pOrdinal)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pOrdinal)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*pOrdinal = list->ordinal;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_cmdlist_immediate_get_index(ze_command_list_handle_t hCommandList,
					   uint32_t *pIndex)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pIndex)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!list->immediate)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	*pIndex = list->index;
	return ZE_RESULT_SUCCESS;
}

/* Spec 1.17: the flags of the list's descriptor (regular or immediate). */
ze_result_t xe_cmdlist_get_flags(ze_command_list_handle_t hCommandList,
				 ze_command_list_flags_t *pFlags)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pFlags)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*pFlags = list->flags;
	return ZE_RESULT_SUCCESS;
}

/*
 * The immediate list of @h, for the spec 1.17 getters of its queue
 * descriptor; a regular list has none (ZE_RESULT_ERROR_INVALID_ARGUMENT,
 * as zeCommandListImmediateGetIndex()).
 */
static ze_result_t immediate_or_fail(ze_command_list_handle_t h,
				     const void *out,
				     struct xe_cmdlist **listp)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(h);

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!out)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!list->immediate)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "zeCommandListImmediateGet*: the list is not immediate");
	*listp = list;
	return ZE_RESULT_SUCCESS;
}

ze_result_t
xe_cmdlist_immediate_get_flags(ze_command_list_handle_t hCommandList,
			       ze_command_queue_flags_t *pFlags)
{
	struct xe_cmdlist *list;
	ze_result_t ret = immediate_or_fail(hCommandList, pFlags, &list);

	if (ret == ZE_RESULT_SUCCESS)
		*pFlags = list->queue_flags;
	return ret;
}

ze_result_t
xe_cmdlist_immediate_get_mode(ze_command_list_handle_t hCommandList,
			      ze_command_queue_mode_t *pMode)
{
	struct xe_cmdlist *list;
	ze_result_t ret = immediate_or_fail(hCommandList, pMode, &list);

	if (ret == ZE_RESULT_SUCCESS)
		*pMode = list->mode;
	return ret;
}

ze_result_t
xe_cmdlist_immediate_get_priority(ze_command_list_handle_t hCommandList,
				  ze_command_queue_priority_t *pPriority)
{
	struct xe_cmdlist *list;
	ze_result_t ret = immediate_or_fail(hCommandList, pPriority, &list);

	if (ret == ZE_RESULT_SUCCESS)
		*pPriority = list->priority;
	return ret;
}

ze_result_t xe_cmdlist_is_immediate(ze_command_list_handle_t hCommandList,
				    ze_bool_t *pIsImmediate)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pIsImmediate)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*pIsImmediate = list->immediate;
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeCommandListCreate, xe_cmdlist_create);
XE_EXPORT(zeCommandListCreateImmediate, xe_cmdlist_create_immediate);
XE_EXPORT(zeCommandListDestroy, xe_cmdlist_destroy);
XE_EXPORT(zeCommandListClose, xe_cmdlist_close);
XE_EXPORT(zeCommandListReset, xe_cmdlist_reset);
XE_EXPORT(zeCommandListHostSynchronize, xe_cmdlist_host_synchronize);
XE_EXPORT(zeCommandListGetDeviceHandle, xe_cmdlist_get_device_handle);
XE_EXPORT(zeCommandListGetContextHandle, xe_cmdlist_get_context_handle);
XE_EXPORT(zeCommandListGetOrdinal, xe_cmdlist_get_ordinal);
XE_EXPORT(zeCommandListImmediateGetIndex, xe_cmdlist_immediate_get_index);
XE_EXPORT(zeCommandListIsImmediate, xe_cmdlist_is_immediate);
XE_EXPORT(zeCommandListGetFlags, xe_cmdlist_get_flags);
XE_EXPORT(zeCommandListImmediateGetFlags, xe_cmdlist_immediate_get_flags);
XE_EXPORT(zeCommandListImmediateGetMode, xe_cmdlist_immediate_get_mode);
XE_EXPORT(zeCommandListImmediateGetPriority,
	  xe_cmdlist_immediate_get_priority);
