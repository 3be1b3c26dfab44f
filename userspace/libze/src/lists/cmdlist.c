// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: command lists
 *
 * Every append is built as MI commands in the list's staging buffer, in
 * the same shape whatever the operation:
 *
 *   [in-order: MI_SEMAPHORE_WAIT_64  counter >= value of the last append]
 *   [MI_SEMAPHORE_WAIT_64  event state >= signalled, per wait event]
 *   [timestamp event: PIPE_CONTROL timestamps -> global/context start]
 *    the operation (XE_CBEV_DISPATCH, timestamps, nothing for a barrier)
 *   [timestamp event: PIPE_CONTROL timestamps -> global/context end]
 *   [MI_STORE_DATA_IMM  event state = signalled]
 *   [in-order: MI_STORE_DATA_IMM  counter = ++value]
 *
 * then goes to its destination in one piece: an immediate list submits it
 * to its own ring at once (ring.c), a regular list records it into its
 * batch (batch.c), which a queue later calls as a second-level batch.
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
 * previous execution still runs is refused.
 *
 * Counter-based events (cb_event.c) take part in the same shape: a wait
 * for one is a 64-bit compare of its current (counter, value); signalling
 * one from an in-order list costs nothing but the counter bump that every
 * append does anyway, after which the event points at (this list's
 * counter, the bumped value). An aggregated event adds its increment with
 * an MI_ATOMIC instead, a timestamp event gets a fresh timestamp slot
 * around the operation. Only in-order lists may signal them.
 *
 * Immediate lists in synchronous mode wait for each append before the call
 * returns.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/libze_private.h"
#include "memory/bo.h"
#include "events/cb_event.h"
#include "lists/cmdlist.h"
#include "core/context.h"
#include "core/device.h"
#include "core/driver.h"
#include "submission/encoder.h"
#include "events/event.h"
#include "core/result.h"
#include "submission/ring.h"
#include "events/timestamp.h"
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

/* Room for the fixed parts of an append: everything but the wait list. */
#define XE_APPEND_BASE_DWORDS	256

static_assert(offsetof(struct xe_cmdlist, obj) == 0,
	      "a command list handle must point at its object header");

static ze_command_list_handle_t cmdlist_to_handle(struct xe_cmdlist *list)
{
	return xe_object_handle(&list->obj);
}

/**
 * xe_cmdlist_reserve() - make room for @ndw more dwords in the staging
 * buffer
 * @list: the list
 * @ndw: dwords
 *
 * Return: 0 or -ENOMEM.
 */
int xe_cmdlist_reserve(struct xe_cmdlist *list, size_t ndw)
{
	size_t cap = list->cs_cap;
	uint32_t *cs;

	if (cap - list->cs_len >= ndw)
		return 0;
	while (cap - list->cs_len < ndw)
		cap *= 2;
	cs = realloc(list->cs, cap * sizeof(*cs));
	if (!cs)
		return -ENOMEM;
	list->cs = cs;
	list->cs_cap = cap;
	return 0;
}

/* Reserve @ndw dwords; NULL when out of memory. */
uint32_t *xe_cs_reserve(struct xe_cmdlist *list, size_t ndw)
{
	return xe_cmdlist_reserve(list, ndw) ? NULL : xe_cs_pos(list);
}

/* Bound memory for @size bytes that the list's commands read. */
void *xe_cmdlist_data(struct xe_cmdlist *list, size_t size)
{
	return xe_heap_alloc(&list->heap, size,
			     list->immediate ? list->ring : NULL);
}

static struct xe_cmdlist *cmdlist_alloc(struct xe_context *ctx,
					struct xe_device *dev, uint32_t ordinal,
					ze_command_list_flags_t flags)
{
	struct xe_cmdlist *list = calloc(1, sizeof(*list));

	if (!list)
		return NULL;
	list->cs_cap = 1024;
	list->cs = malloc(list->cs_cap * sizeof(*list->cs));
	if (!list->cs) {
		free(list);
		return NULL;
	}
	xe_object_init(&list->obj, XE_MAGIC_CMDLIST, &ctx->drv->ddi);
	list->ctx = ctx;
	list->dev = dev;
	list->ordinal = ordinal;
	list->flags = flags;
	list->in_order = flags & ZE_COMMAND_LIST_FLAG_IN_ORDER;
	xe_batch_init(&list->batch, dev);
	xe_heap_init(&list->heap, dev);
	return list;
}

static void cmdlist_free(struct xe_cmdlist *list)
{
	/* Once the ring is gone, nothing the list kept is used any more. */
	if (list->ring)
		xe_ring_destroy(list->ring);
	xe_cmdlist_keep_release(list);
	xe_ts_put(list->dev, list->pending_ts);
	xe_ring_put(list->exec_ring);
	xe_counter_put(list->counter);
	xe_heap_fini(&list->heap);
	xe_batch_fini(&list->batch);
	free(list->cs);
	xe_object_fini(&list->obj);
	free(list);
}

ze_result_t xe_cmdlist_create(ze_context_handle_t hContext,
			      ze_device_handle_t hDevice,
			      const ze_command_list_desc_t *desc,
			      ze_command_list_handle_t *phCommandList)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_device *dev = xe_device_from_handle(hDevice);
	struct xe_cmdlist *list;
	int err;

	if (!ctx || !dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!desc || !phCommandList)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (desc->stype != ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	if (desc->flags & ZE_COMMAND_LIST_FLAG_EXP_CLONEABLE)
		return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
	if (desc->flags & ~XE_CMDLIST_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	if ((desc->flags & ZE_COMMAND_LIST_FLAG_IN_ORDER) &&
	    (desc->flags & ZE_COMMAND_LIST_FLAG_RELAXED_ORDERING))
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	if (desc->commandQueueGroupOrdinal >= XE_NUM_ORDINALS)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;

	list = cmdlist_alloc(ctx, dev, desc->commandQueueGroupOrdinal,
			     desc->flags);
	if (!list)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;

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
	if (desc->stype != ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	if (desc->flags & ~XE_QUEUE_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	if (desc->mode > ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS ||
	    desc->priority > ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_HIGH)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	/* One queue per group (zeDeviceGetCommandQueueGroupProperties()). */
	if (desc->ordinal >= XE_NUM_ORDINALS || desc->index > 0)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
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
	list->index = altdesc->index;
	list->queue_flags = altdesc->flags;
	list->mode = altdesc->mode;
	list->priority = altdesc->priority;

	err = xe_ring_create(dev, kmd_priority(altdesc->priority), &list->ring);
	if (!err && list->in_order)
		err = xe_counter_create(dev, &list->counter);
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
	/* The application made sure nothing is executing (spec). */
	cmdlist_free(list);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_cmdlist_close(ze_command_list_handle_t hCommandList)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);
	int err;

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (list->immediate || list->closed)
		return ZE_RESULT_SUCCESS;

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
	xe_cmdlist_keep_release(list);
	xe_ts_put(list->dev, list->pending_ts);
	list->pending_ts = NULL;
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
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;

	err = xe_ring_wait(list->ring, list->last_seqno, timeout);
	xe_context_note(list->ctx, err);
	return xe_result_from_errno(err);
}

/* ---- appends ---------------------------------------------------------- */

static ze_result_t wait_events(ze_event_handle_t *handles, uint32_t n,
			       struct xe_event **out)
{
	uint32_t i;

	for (i = 0; i < n; i++) {
		out[i] = xe_event_from_handle(handles[i]);
		if (!out[i])
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	}
	return ZE_RESULT_SUCCESS;
}

/* Where the timestamps of the signal being built go. */
static uint64_t signal_ts_addr(const struct xe_cmdlist *list,
			       const struct xe_event *ev)
{
	if (xe_event_is_cb(ev))
		return xe_ts_addr(list->pending_ts);
	return xe_event_ts_addr(ev);
}

static uint32_t *emit_timestamps(uint32_t *cs, uint64_t ts_addr,
				 size_t global, size_t context)
{
	cs = xe_emit_timestamp(cs, ts_addr + global);
	return xe_emit_timestamp(cs, ts_addr + context);
}

/*
 * Emit the wait for @ev's current state, and keep what the wait reads
 * alive for as long as the commands may run (cmdlist_keep.c): the IPC view
 * of an opened event always, the counter of another list when the wait is
 * recorded for later executions.
 */
static int emit_event_wait(struct xe_cmdlist *list, const struct xe_event *ev,
			   uint32_t **cs)
{
	struct xe_event_cond cond;
	int err = 0;

	if (!xe_event_cond(ev, &cond))
		return 0;	/* never signalled: complete */
	if (xe_event_is_cb(ev) && ev->cb.kind == XE_CB_IMPORTED)
		err = xe_cmdlist_keep(list, XE_KEEP_IMPORT, ev->cb.import);
	else if (cond.counter && !list->immediate &&
		 cond.counter != list->counter)
		err = xe_cmdlist_keep(list, XE_KEEP_COUNTER, cond.counter);
	if (err)
		return err;
	*cs = xe_emit_semaphore_wait64(*cs, cond.gpu_addr, XE_SEM_GTE,
				       cond.value);
	return 0;
}

/**
 * xe_append_begin() - start an append: check its list and events, emit
 * the waits
 * @a: filled in for xe_append_end()
 * @h: the list
 * @hSignalEvent: optional event to signal at the end
 * @numWaitEvents: events to wait for first
 * @phWaitEvents: them
 *
 * Return: ZE_RESULT_SUCCESS, or the error to return without appending.
 */
ze_result_t xe_append_begin(struct xe_append *a, ze_command_list_handle_t h,
			    ze_event_handle_t hSignalEvent,
			    uint32_t numWaitEvents,
			    ze_event_handle_t *phWaitEvents)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(h);
	struct xe_event *local[16], **waits = local;
	ze_result_t ret;
	uint32_t *cs, i;
	int err;

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (numWaitEvents && !phWaitEvents)
		return ZE_RESULT_ERROR_INVALID_SIZE;
	if (!list->immediate && list->closed)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;

	a->list = list;
	a->signal = NULL;
	if (hSignalEvent) {
		a->signal = xe_event_from_handle(hSignalEvent);
		if (!a->signal)
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		if (xe_event_is_cb(a->signal)) {
			ret = xe_cb_event_check_signal(a->signal, list);
			if (ret != ZE_RESULT_SUCCESS)
				return ret;
		}
	}

	/* Forget what an abandoned append left; retire what completed. */
	xe_cmdlist_keep_abort(list);
	xe_cmdlist_keep_retire(list);
	xe_ts_put(list->dev, list->pending_ts);
	list->pending_ts = NULL;

	list->cs_len = 0;
	if (xe_cmdlist_reserve(list, XE_APPEND_BASE_DWORDS +
			       (size_t)numWaitEvents *
			       XE_MI_SEMAPHORE_WAIT_64_DWORDS))
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	if (numWaitEvents > XE_ARRAY_SIZE(local)) {
		waits = malloc(numWaitEvents * sizeof(*waits));
		if (!waits)
			return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	}
	ret = wait_events(phWaitEvents, numWaitEvents, waits);
	if (ret != ZE_RESULT_SUCCESS)
		goto out;
	if (a->signal && xe_event_is_cb(a->signal)) {
		err = xe_cb_event_begin_signal(a->signal, list);
		if (err)
			goto out_err;
	}

	cs = xe_cs_pos(list);
	if (list->in_order && list->counter_value)
		cs = xe_emit_semaphore_wait64(cs, list->counter->gpu_addr,
					      XE_SEM_GTE, list->counter_value);
	for (i = 0; i < numWaitEvents; i++) {
		err = emit_event_wait(list, waits[i], &cs);
		if (err)
			goto out_err;
	}
	if (a->signal && a->signal->timestamps)
		cs = emit_timestamps(cs, signal_ts_addr(list, a->signal),
				     offsetof(ze_kernel_timestamp_result_t,
					      global.kernelStart),
				     offsetof(ze_kernel_timestamp_result_t,
					      context.kernelStart));
	xe_cs_advance(list, cs);
	goto out;
out_err:
	xe_cmdlist_keep_abort(list);
	ret = xe_result_from_errno(err);
out:
	if (waits != local)
		free(waits);
	return ret;
}

/*
 * Submit or record the append in the staging buffer (*@committed says if
 * it was). Once it is, the in-order counter moves on, even if a
 * synchronous wait then fails.
 */
static int append_commit(struct xe_cmdlist *list, bool *committed)
{
	uint64_t seqno;
	int err;

	*committed = false;
	if (!list->immediate) {
		err = xe_batch_append(&list->batch, list->cs, list->cs_len);
		if (err)
			return err;
		*committed = true;
		if (list->in_order)
			list->counter_value++;
		return 0;
	}

	err = xe_ring_submit(list->ring, list->cs, list->cs_len, &seqno);
	if (err)
		return err;
	*committed = true;
	if (list->in_order)
		list->counter_value++;
	list->last_seqno = seqno;
	if (list->mode == ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS)
		err = xe_ring_wait(list->ring, seqno, XE_TIMEOUT_INFINITE);
	return err;
}

/**
 * xe_append_end() - finish an append: emit the signal and the in-order
 * bump, then submit or record it
 * @a: what xe_append_begin() filled in
 *
 * Return: ZE_RESULT_SUCCESS or an error; after an error nothing of the
 * append was submitted or recorded, unless the device was lost.
 */
ze_result_t xe_append_end(struct xe_append *a)
{
	struct xe_cmdlist *list = a->list;
	struct xe_event *ev = a->signal;
	bool committed;
	uint32_t *cs;
	int err;

	cs = xe_cs_reserve(list, 2 * 2 * XE_PIPE_CONTROL_DWORDS +
			   XE_MI_ATOMIC_INLINE_DWORDS +
			   2 * XE_MI_STORE_DATA_IMM_QW_DWORDS);
	if (!cs) {
		xe_cmdlist_keep_abort(list);
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	}

	if (ev && ev->timestamps)
		cs = emit_timestamps(cs, signal_ts_addr(list, ev),
				     offsetof(ze_kernel_timestamp_result_t,
					      global.kernelEnd),
				     offsetof(ze_kernel_timestamp_result_t,
					      context.kernelEnd));
	/*
	 * A regular event is one store; a counter-based event needs nothing
	 * but the counter bump below, unless it is aggregated: then every
	 * producer adds its share, atomically against the others.
	 */
	if (ev && !xe_event_is_cb(ev))
		cs = xe_emit_store_qword(cs, xe_event_state_addr(ev),
					 XE_EVENT_SIGNALED);
	else if (ev && ev->cb.kind == XE_CB_AGGREGATE)
		cs = xe_emit_atomic_add64(cs, ev->cb.gpu_addr,
					  ev->cb.increment);
	if (list->in_order)
		cs = xe_emit_store_qword(cs, list->counter->gpu_addr,
					 list->counter_value + 1);
	xe_cs_advance(list, cs);

	err = append_commit(list, &committed);
	if (committed) {
		xe_cmdlist_keep_commit(list, list->immediate ?
					     list->last_seqno : 0);
		if (ev && xe_event_is_cb(ev))
			xe_cb_event_signalled(ev, list);
	} else {
		xe_cmdlist_keep_abort(list);
	}
	xe_context_note(list->ctx, err);
	return xe_result_from_errno(err);
}

/* ---- executing regular lists -------------------------------------------- */

/**
 * xe_cmdlist_check_executable() - may a queue of @ordinal execute @list?
 * @list: the list
 * @ordinal: the queue's command queue group
 *
 * Return: 0; -EINVAL for an immediate or an open list; -EXDEV for a list
 * of another group; -EBUSY for an in-order list whose last execution is
 * still running (its counter is rewound by the next one).
 */
int xe_cmdlist_check_executable(struct xe_cmdlist *list, uint32_t ordinal)
{
	if (list->immediate || !list->closed)
		return -EINVAL;
	if (list->ordinal != ordinal)
		return -EXDEV;
	if (list->in_order && list->exec_ring &&
	    !atomic_load_explicit(&list->exec_ring->dead,
				  memory_order_acquire) &&
	    !xe_ring_done(list->exec_ring, list->exec_seqno))
		return -EBUSY;
	return 0;
}

/**
 * xe_cmdlist_rewind() - start an execution of @list in host program order
 * @list: a regular list that xe_cmdlist_check_executable() accepted
 *
 * An in-order list's counter goes back to 0 at once (COUNTER_SET): from
 * this call on, the counter-based events the list signals read "not
 * ready", and waits recorded elsewhere wait for this execution. Nothing
 * writes the counter meanwhile: the previous execution has finished.
 *
 * Return: 0 or a negative errno.
 */
int xe_cmdlist_rewind(struct xe_cmdlist *list)
{
	if (!list->in_order)
		return 0;
	return xe_counter_set(list->counter, 0);
}

/* Emit the commands that execute @list from a ring. */
uint32_t *xe_emit_execute(uint32_t *cs, struct xe_cmdlist *list)
{
	/*
	 * The host set the counter to 0 already (xe_cmdlist_rewind()); the
	 * engine does it again for a list executed twice by one call.
	 */
	if (list->in_order)
		cs = xe_emit_store_qword(cs, list->counter->gpu_addr, 0);
	return xe_emit_bb_start(cs, xe_batch_start(&list->batch), true);
}

/* Remember where @list last executed, for the next check. */
void xe_cmdlist_executed(struct xe_cmdlist *list, struct xe_ring *ring,
			 uint64_t seqno)
{
	if (!list->in_order)
		return;
	if (list->exec_ring != ring) {
		xe_ring_put(list->exec_ring);
		list->exec_ring = xe_ring_get(ring);
	}
	list->exec_seqno = seqno;
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
