// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: appends
 *
 * An append is one struct xe_append on the caller's stack, run one way:
 *
 *   xe_append_begin()   check the list and the events; the signal event's
 *                       kind prepares the signal (struct xe_signal: what
 *                       to encode, a fresh timestamp slot); emit the waits
 *   the operation       xe_append_reserve() and the encoder
 *   xe_append_commit()  emit the signal and the in-order bump, submit or
 *                       record, then publish: the list's counter value,
 *                       what it keeps, the event's new state
 *   xe_append_abort()   or drop what the append took, and nothing else
 *
 * Everything in flight (the signal, its value, its timestamp slot, which
 * of the list's kept references are the append's) is in the descriptor
 * until the commit publishes it; the list and the event see nothing of an
 * append that was abandoned, and no append cleans up after the one before.
 * The commands, whatever the operation:
 *
 *   [in-order: MI_SEMAPHORE_WAIT_64  counter >= value of the last append]
 *   [MI_SEMAPHORE_WAIT_64  event state >= signalled, per wait event]
 *   [timestamp event: PIPE_CONTROL timestamps -> global/context start]
 *    the operation (XE_CBEV_DISPATCH, timestamps, nothing for a barrier)
 *   [timestamp event: PIPE_CONTROL timestamps -> global/context end]
 *   [the signal: MI_STORE_DATA_IMM of a regular event's state, or
 *    MI_ATOMIC add of an aggregated counter-based event's increment]
 *   [in-order: MI_STORE_DATA_IMM  counter = value]
 *
 * go to their destination in one piece: an immediate list submits them to
 * its own ring at once (ring.c), a regular list records them into its
 * batch (batch.c), which a queue later calls as a second-level batch. An
 * append of any size goes: one larger than XE_APPEND_RING_MAX_DWORDS (a
 * quarter of the ring, so that it never waits for the whole ring to
 * drain) is recorded into a batch of the ring owner's overflow (batch.c),
 * and the ring gets one MI_BATCH_BUFFER_START that calls it. A
 * command queue's execution is an append too (xe_append_begin_queue()),
 * with no list, no events and no counter: the same commit submits it.
 * Executing regular lists (xe_append_execute(), from a queue or an
 * immediate list) begins each one's execution before the submission
 * (execute.c: the states its events take back, its counter at 0); the
 * commit publishes them before the append's own signal, an abort gives
 * everything back. A regular list's append that replaces its event's
 * state records it there (room reserved at the begin), for the executions.
 *
 * A graph's lists are lean (struct xe_cmdlist.lean): the engine runs a
 * batch's commands in order, so their appends skip the in-order wait and
 * bump the counter only when they signal an event.
 *
 * A counter-based event signalled from an in-order list needs nothing but
 * the counter bump every append does anyway: the commit publishes (this
 * list's counter, the bumped value) as its new state.
 *
 * Immediate lists and queues in synchronous mode wait for each submission
 * before the call returns.
 */

#include <errno.h>
#include <stdlib.h>

#include "core/libze_private.h"
#include "core/context.h"
#include "core/debug_log.h"
#include "core/types.h"
#include "core/result.h"
#include "events/cb_event.h"
#include "events/counter_types.h"
#include "events/event.h"
#include "append/append.h"
#include "lists/cmdlist.h"
#include "lists/mutable.h"
#include "append/execute.h"
#include "memory/bo.h"
#include "modules/eu_fault.h"
#include "submission/batch.h"
#include "submission/encoder.h"
#include "submission/ring.h"
#include "submission/wait.h"

/* Room for the fixed parts of an append: everything but the wait list. */
#define XE_APPEND_BASE_DWORDS	256

/* Room the commit needs: the timestamps, the signal, the in-order bump. */
#define XE_APPEND_END_DWORDS						\
	(2 * 2 * XE_PIPE_CONTROL_DWORDS + XE_MI_ATOMIC_INLINE_DWORDS +	\
	 2 * XE_MI_STORE_DATA_IMM_QW_DWORDS)

/* Largest submission copied into a ring; larger ones are called as batches. */
#define XE_APPEND_RING_MAX_DWORDS	(XE_RING_SIZE / 4 / 4)

/* xe_append_reserve() when the staging buffer must grow. */
uint32_t *xe_append_grow(struct xe_append *a, size_t ndw)
{
	struct xe_cs *cs = a->cs;
	size_t cap = cs->cap;
	uint32_t *buf;

	if (cs->fixed)
		return NULL;
	while (cap - cs->len < ndw)
		cap *= 2;
	buf = realloc(cs->buf, cap * sizeof(*buf));
	if (!buf)
		return NULL;
	cs->buf = buf;
	cs->cap = cap;
	return xe_append_pos(a);
}

/* Bound memory for @size bytes that the append's commands read. */
void *xe_append_data(struct xe_append *a, size_t size)
{
	struct xe_cmdlist *list = a->list;

	return xe_heap_alloc(&list->heap, size,
			     list->immediate ? list->ring : NULL);
}

/**
 * xe_append_keep() - keep @ref alive for as long as the append's commands
 * may run
 * @a: the append, of a list
 * @ref: a reference of the caller's, taken over (dropped on failure)
 *
 * Return: 0 or -ENOMEM.
 */
int xe_append_keep(struct xe_append *a, struct xe_ref ref)
{
	return xe_keeps_add(&a->list->keeps, ref);
}

static uint32_t *emit_timestamps(uint32_t *cs, uint64_t ts_addr,
				 size_t global, size_t context)
{
	cs = xe_emit_timestamp(cs, ts_addr + global);
	return xe_emit_timestamp(cs, ts_addr + context);
}

/**
 * xe_append_encode_wait() - one wait of a list's command for @ev's
 * current state
 * @list: the list
 * @ev: the event
 * @cs: where the wait goes; moved past what was written
 * @fixed: always write XE_MI_SEMAPHORE_WAIT_64_DWORDS (MI_NOOPs for an
 *	event that is complete), so that the wait can be rewritten in place
 *	(lists/mutable.c)
 * @ref: gets what the wait reads, to keep alive for as long as the
 *	commands may run ({ NULL } for nothing)
 *
 * Return: 0, or -EOPNOTSUPP for an event of another device's file.
 */
int xe_append_encode_wait(const struct xe_cmdlist *list,
			  const struct xe_event *ev, uint32_t **cs, bool fixed,
			  struct xe_ref *ref)
{
	struct xe_event_cond cond;
	unsigned int i;

	*ref = (struct xe_ref){ 0 };
	if (!xe_event_cond(ev, &cond)) {
		/* never signalled: complete */
		for (i = 0; fixed && i < XE_MI_SEMAPHORE_WAIT_64_DWORDS; i++)
			*cs = xe_emit_noop(*cs);
		return 0;
	}
	/*
	 * A counter slot is in one device's file only (see
	 * xe_append_begin()); an imported counter is bound on every device
	 * unless it could not be (bo_peer.c).
	 */
	if ((cond.counter && cond.counter->dev != list->dev) ||
	    (ev->import && ev->import->dev != list->dev &&
	     !ev->import->bo->peers)) {
		xe_event_cond_put(&cond);
		return -EOPNOTSUPP;
	}
	ev->ops->wait_keep(ev, &cond, !list->immediate, list->counter, ref);
	*cs = xe_emit_semaphore_wait64(*cs, cond.gpu_addr, XE_SEM_GTE,
				       cond.value);
	xe_event_cond_put(&cond);
	return 0;
}

/*
 * Emit the wait for @ev's current state, and keep what the wait reads
 * alive for as long as the commands may run (the event's kind says what).
 */
static int emit_event_wait(struct xe_append *a, const struct xe_event *ev,
			   bool fixed, uint32_t **cs)
{
	struct xe_ref ref;
	int err;

	err = xe_append_encode_wait(a->list, ev, cs, fixed, &ref);
	if (err || !ref.obj)
		return err;
	return xe_append_keep(a, ref);
}

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

/* Emit the waits of the append, then the start timestamps of its signal. */
static ze_result_t emit_waits(struct xe_append *a, uint32_t numWaitEvents,
			      ze_event_handle_t *phWaitEvents)
{
	struct xe_event *local[16], **waits = local;
	struct xe_cmdlist *list = a->list;
	/* Waits a mutable command may swap: one command per event. */
	bool fixed = xe_mutable_taking_flags(list->mut) &
		     ZE_MUTABLE_COMMAND_EXP_FLAG_WAIT_EVENTS;
	ze_result_t ret;
	uint32_t *cs, i;
	int err = 0;

	if (numWaitEvents > XE_ARRAY_SIZE(local)) {
		waits = malloc(numWaitEvents * sizeof(*waits));
		if (!waits)
			return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	}
	ret = wait_events(phWaitEvents, numWaitEvents, waits);
	if (ret != ZE_RESULT_SUCCESS)
		goto out;
	if (a->sig.keep.obj) {
		err = xe_append_keep(a, a->sig.keep);
		a->sig.keep.obj = NULL;
		if (err)
			goto out;
	}

	cs = xe_append_pos(a);
	if (list->in_order && list->counter_value && !list->lean)
		cs = xe_emit_semaphore_wait64(cs, list->counter->gpu_addr,
					      XE_SEM_GTE, list->counter_value);
	a->waits_at = cs - a->cs->buf;
	for (i = 0; i < numWaitEvents && !err; i++)
		err = emit_event_wait(a, waits[i], fixed, &cs);
	if (err)
		goto out;
	if (a->sig.ts_addr)
		cs = emit_timestamps(cs, a->sig.ts_addr,
				     offsetof(ze_kernel_timestamp_result_t,
					      global.kernelStart),
				     offsetof(ze_kernel_timestamp_result_t,
					      context.kernelStart));
	xe_append_advance(a, cs);
out:
	if (waits != local)
		free(waits);
	return err ? xe_result_from_errno(err) : ret;
}

/* What xe_append_prepare_signal() does, inlined into the append path. */
static inline ze_result_t prepare_signal(const struct xe_cmdlist *list,
					 const struct xe_event *signal,
					 struct xe_signal *sig)
{
	/* A counter-based re-signal by this list costs a store. */
	if (xe_cb_signal_in_place(signal, list->cb_need, list->counter, sig))
		return ZE_RESULT_SUCCESS;
	/*
	 * A counter-based event is a counter slot of its device's file, at
	 * an address the other devices use for their own counters: only its
	 * device's queues signal or wait for it. (An imported one is
	 * signalled by nobody here.) An in-place re-signal is on this list's
	 * own counter, so on its device.
	 */
	if (xe_event_is_cb(signal) && !signal->import && signal->dev &&
	    signal->dev != list->dev)
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
			       "a counter-based event of another device");
	return signal->ops->prepare_signal(signal, list->immediate,
					   list->in_order,
					   list->in_order ? list->counter : NULL,
					   sig);
}

/**
 * xe_append_prepare_signal() - an append of @list is to signal @signal
 * @list: the list
 * @signal: the event
 * @sig: zeroed; gets what the signal encodes and will publish
 *
 * Writes nothing into the event or the list: xe_append_publish_signal()
 * or xe_append_cancel_signal() ends what this began.
 *
 * Return: ZE_RESULT_SUCCESS or the append's error.
 */
ze_result_t xe_append_prepare_signal(const struct xe_cmdlist *list,
				     const struct xe_event *signal,
				     struct xe_signal *sig)
{
	return prepare_signal(list, signal, sig);
}

/**
 * xe_append_begin() - start an append: check its list and events, prepare
 * the signal, emit the waits
 * @a: the append, filled in
 * @h: the list
 * @hSignalEvent: optional event to signal at the end
 * @numWaitEvents: events to wait for first
 * @phWaitEvents: them
 *
 * Return: ZE_RESULT_SUCCESS, and the caller ends the append with
 * xe_append_commit() or xe_append_abort(); or the error to return, and
 * there is nothing to end.
 */
ze_result_t xe_append_begin(struct xe_append *a, ze_command_list_handle_t h,
			    ze_event_handle_t hSignalEvent,
			    uint32_t numWaitEvents,
			    ze_event_handle_t *phWaitEvents)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(h);
	struct xe_event *signal = NULL;
	ze_result_t ret;

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (numWaitEvents && !phWaitEvents)
		return ZE_RESULT_ERROR_INVALID_SIZE;
	if (!list->immediate && list->closed)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	/* Nothing appended after this may join a chain dispatched before. */
	if (list->open_chain.obj) {
		list->open_chain.put(list->open_chain.obj);
		list->open_chain.obj = NULL;
	}

	*a = (struct xe_append){
		.ctx = list->ctx,
		.list = list,
		.ring = list->immediate ? list->ring : NULL,
		.overflow = list->immediate ? &list->overflow : NULL,
		.mode = list->mode,
		.cs = &list->cs,
		.keep_from = list->keeps.n,
		.value = list->in_order ? list->counter_value + 1 : 0,
	};
	if (hSignalEvent) {
		signal = xe_event_from_handle(hSignalEvent);
		if (!signal)
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		ret = prepare_signal(list, signal, &a->sig);
		if (ret != ZE_RESULT_SUCCESS)
			return ret;
		a->signal = signal;
		/* A regular list's executions give the state back. */
		if (!list->immediate && (a->sig.state || a->sig.in_place)) {
			a->replay = true;
			if (xe_replays_reserve(&list->replays))
				return xe_append_abort(a,
						       ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
		}
	}

	list->cs.len = 0;
	if (!xe_append_reserve(a, XE_APPEND_BASE_DWORDS +
			       (size_t)numWaitEvents *
			       XE_MI_SEMAPHORE_WAIT_64_DWORDS))
		return xe_append_abort(a, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
	ret = emit_waits(a, numWaitEvents, phWaitEvents);
	if (ret != ZE_RESULT_SUCCESS)
		return xe_append_abort(a, ret);
	return ZE_RESULT_SUCCESS;
}

/**
 * xe_append_begin_queue() - start a command queue's execution
 * @a: the append, filled in
 * @ctx: the queue's context
 * @ring: the queue's ring
 * @overflow: the queue's batches for an execution too large for the ring
 * @mode: the queue's mode
 * @cs: the staging buffer, sized for the whole execution
 */
void xe_append_begin_queue(struct xe_append *a, struct xe_context *ctx,
			   struct xe_ring *ring, struct xe_overflow *overflow,
			   ze_command_queue_mode_t mode, struct xe_cs *cs)
{
	*a = (struct xe_append){
		.ctx = ctx,
		.ring = ring,
		.overflow = overflow,
		.mode = mode,
		.cs = cs,
	};
}

/**
 * xe_append_execute() - the append executes closed regular lists
 * @a: the append, of an immediate list or a queue's
 * @n: how many
 * @lists: the lists, which xe_cmdlist_check_executable() accepted; the
 *	array stays the caller's and alive until the append ends
 *
 * Emits their execution (a second-level batch each) and begins each
 * (xe_cmdlist_exec_begin(): the states its events take back, its counter
 * at 0 from now on); the commit publishes what was begun, an abort takes
 * it back.
 *
 * Return: ZE_RESULT_SUCCESS; or the error, and the append is aborted.
 */
ze_result_t xe_append_execute(struct xe_append *a, uint32_t n,
			      ze_command_list_handle_t *lists)
{
	return xe_append_execute_with(a, n, 0, lists);
}

/**
 * xe_append_execute_with() - xe_append_execute() of lists whose batches
 * execute more lists themselves
 * @a: the append, of an immediate list or a queue's
 * @n: lists the append executes
 * @m: lists that those execute from their batches (a graph's appended
 *	regular lists, graph/graph_exec.c), after them in @lists: begun and
 *	committed with the append, not emitted
 * @lists: the @n + @m lists, as for xe_append_execute()
 *
 * Return: ZE_RESULT_SUCCESS; or the error, and the append is aborted.
 */
ze_result_t xe_append_execute_with(struct xe_append *a, uint32_t n,
				   uint32_t m, ze_command_list_handle_t *lists)
{
	uint32_t *cs, i;
	int err;

	cs = xe_append_reserve(a, (size_t)n * XE_EXECUTE_DWORDS);
	if (!cs)
		return xe_append_abort(a, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
	a->execs = lists;
	for (i = 0; i < n + m; i++) {
		struct xe_cmdlist *list = xe_cmdlist_from_handle(lists[i]);

		if (list->has_dispatch)
			a->dispatches = true;
		/* Begun by this call already: executed again. */
		if (i < n)
			cs = xe_emit_execute(cs, list, list->exec_begun);
		err = xe_cmdlist_exec_begin(list);
		if (err) {
			xe_context_note(a->ctx, err);
			return xe_append_abort(a, xe_result_from_errno(err));
		}
		a->nexecs = i + 1;
	}
	xe_append_advance(a, cs);
	return ZE_RESULT_SUCCESS;
}

/* Emit the end of a list's append: timestamps, the signal, the bump. */
static uint32_t *emit_end(const struct xe_append *a, uint32_t *cs)
{
	const struct xe_signal *sig = &a->sig;
	struct xe_cmdlist *list = a->list;

	if (sig->ts_addr)
		cs = emit_timestamps(cs, sig->ts_addr,
				     offsetof(ze_kernel_timestamp_result_t,
					      global.kernelEnd),
				     offsetof(ze_kernel_timestamp_result_t,
					      context.kernelEnd));
	/* Without a signal, @sig is zero: XE_SIGNAL_COUNTER, nothing here. */
	if (sig->op == XE_SIGNAL_STORE)
		cs = xe_emit_store_qword(cs, sig->addr, sig->value);
	else if (sig->op == XE_SIGNAL_ADD)
		cs = xe_emit_atomic_add64(cs, sig->addr, sig->value);
	if (list->in_order && (!list->lean || a->signal))
		cs = xe_emit_store_qword(cs, list->counter->gpu_addr, a->value);
	return cs;
}

/*
 * The kernel learns who writes @addr, where @ev's signal writes: an
 * immediate list's ring (only when it changes), or the queue that
 * executes a regular list, known then (lists/writes.c).
 */
static void note_writer(struct xe_cmdlist *list, struct xe_event *ev,
			uint64_t addr)
{
	if (list->immediate)
		xe_event_set_writer(ev, addr, list->ring);
	else
		xe_writes_record(&list->writes, addr);
}

/* What xe_append_publish_signal() does, inlined into the append path. */
static inline void publish_signal(struct xe_cmdlist *list,
				  struct xe_event *signal, struct xe_signal *sig,
				  uint64_t value)
{
	/* A signal moved in place needs its kind no more (cb_event.c). */
	if (sig->in_place) {
		xe_signal_publish_in_place(&signal->cb, sig, value);
		return;
	}
	signal->ops->publish_signal(signal, sig, list->counter, value);
	if (!xe_event_is_cb(signal))
		note_writer(list, signal, xe_event_state_addr(signal));
	/* An aggregated event's storage: the latest signaller's. */
	else if (sig->op == XE_SIGNAL_ADD)
		note_writer(list, signal, sig->addr);
}

/**
 * xe_append_publish_signal() - the signal prepared for an append of @list
 * is out: @signal becomes it
 * @list: the list
 * @signal: the event
 * @sig: as xe_append_prepare_signal() filled it in
 * @value: the value of @list's in-order counter that completes the append
 */
void xe_append_publish_signal(struct xe_cmdlist *list, struct xe_event *signal,
			      struct xe_signal *sig, uint64_t value)
{
	publish_signal(list, signal, sig, value);
}

/**
 * xe_append_cancel_signal() - drop a signal prepared and never published
 * @signal: the event
 * @sig: as xe_append_prepare_signal() filled it in
 */
void xe_append_cancel_signal(struct xe_event *signal, struct xe_signal *sig)
{
	signal->ops->cancel_signal(signal, sig);
	if (sig->keep.obj)
		sig->keep.put(sig->keep.obj);
	sig->keep.obj = NULL;
}

/* The commands went out: publish what the append built. */
static void publish(struct xe_append *a)
{
	struct xe_cmdlist *list = a->list;

	if (list->in_order)
		list->counter_value = a->value;
	if (list->immediate)
		list->last_seqno = a->seqno;
	xe_keeps_commit(&list->keeps, a->keep_from, a->seqno);
	if (a->replay)
		xe_replays_record(&list->replays, a->signal, a->sig.ts,
				  a->value);
	if (a->signal)
		publish_signal(list, a->signal, &a->sig, a->value);
	if (list->immediate)
		xe_keeps_retire(&list->keeps, list->ring);
}

/*
 * Submit the append's commands to its ring: copied in, or, if larger than
 * XE_APPEND_RING_MAX_DWORDS, recorded into an overflow batch that the ring
 * calls.
 */
static int submit(struct xe_append *a)
{
	uint32_t jump[XE_MI_BATCH_BUFFER_START_DWORDS];
	struct xe_overflow_batch *b;
	int err;

	if (a->cs->len <= XE_APPEND_RING_MAX_DWORDS)
		return xe_ring_submit(a->ring, a->cs->buf, a->cs->len,
				      &a->seqno);

	err = xe_overflow_record(a->overflow, a->ring, a->cs->buf, a->cs->len,
				 &b);
	if (err)
		return err;
	xe_emit_bb_start(jump, xe_batch_start(&b->batch), true);
	err = xe_ring_submit(a->ring, jump, XE_ARRAY_SIZE(jump), &a->seqno);
	if (err)
		xe_overflow_abort(a->overflow, b);
	else
		xe_overflow_commit(a->overflow, b, a->seqno);
	return err;
}

/* Submissions to a busy ring between two looks at the fault handlers. */
#define XE_GUARD_EVERY	64

/**
 * xe_append_commit() - finish an append: emit its end, submit or record
 * it, publish it
 * @a: the append
 *
 * Once the commands are submitted or recorded (@a->committed) the append
 * is published, even if a synchronous wait then fails.
 *
 * Return: ZE_RESULT_SUCCESS or an error; after an error with
 * @a->committed false, nothing of the append was submitted or recorded.
 */
ze_result_t xe_append_commit(struct xe_append *a)
{
	uint32_t *cs, i;
	int err;

	if (a->list) {
		cs = xe_append_reserve(a, XE_APPEND_END_DWORDS);
		if (!cs)
			return xe_append_abort(a,
					       ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
		xe_append_advance(a, emit_end(a, cs));
	}

	/*
	 * An application's fault handler installed since goes behind ours:
	 * looked for when the ring is idle, and every XE_GUARD_EVERY-th
	 * time on a ring that never is -- by the dispatcher that takes the
	 * dispatch, not here (no system call on this thread).
	 */
	if (a->ring && a->dispatches &&
	    (xe_ring_done(a->ring, xe_ring_last(a->ring)) ||
	     !(__atomic_fetch_add(&a->ring->busy_runs, 1, __ATOMIC_RELAXED) %
	       XE_GUARD_EVERY)))
		xe_eu_fault_guard_ask();
	if (a->ring)
		err = submit(a);
	else
		err = xe_batch_append(&a->list->batch, a->cs->buf,
				      a->cs->len);
	if (err) {
		xe_context_note(a->ctx, err);
		return xe_append_abort(a, xe_result_from_errno(err));
	}
	a->committed = true;
	/* The lists it executes take their events back before its signal. */
	for (i = 0; i < a->nexecs; i++)
		xe_cmdlist_exec_commit(xe_cmdlist_from_handle(a->execs[i]),
				       a->ring, a->seqno);
	if (a->list)
		publish(a);

	if (a->ring && a->mode == ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS)
		err = xe_ring_wait(a->ring, a->seqno, XE_TIMEOUT_INFINITE);
	xe_context_note(a->ctx, err);
	return xe_result_from_errno(err);
}

/**
 * xe_append_abort() - abandon an append: drop what it took
 * @a: the append, not committed
 * @ret: the error the append returns
 *
 * Return: @ret.
 */
ze_result_t xe_append_abort(struct xe_append *a, ze_result_t ret)
{
	uint32_t i;

	for (i = 0; i < a->nexecs; i++)
		xe_cmdlist_exec_abort(xe_cmdlist_from_handle(a->execs[i]));
	a->nexecs = 0;
	if (a->list)
		xe_keeps_drop_from(&a->list->keeps, a->keep_from);
	if (a->signal)
		xe_append_cancel_signal(a->signal, &a->sig);
	else if (a->sig.keep.obj)
		a->sig.keep.put(a->sig.keep.obj);
	a->sig.keep.obj = NULL;
	a->signal = NULL;
	return ret;
}
