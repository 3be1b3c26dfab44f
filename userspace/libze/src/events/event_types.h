/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_EVENT_TYPES_H
#define _XE_EVENT_TYPES_H

/*
 * Events and event pools as every layer sees them, and the inline
 * functions on their members; what makes, signals and waits is in
 * event.c, event_pool.c and the cb_event files (event.h, cb_event.h).
 */

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <level_zero/ze_api.h>

#include "core/libze_private.h"
#include "events/cb_event_types.h"
#include "events/cb_state.h"
#include "events/counter_types.h"
#include "events/event_slab_types.h"
#include "events/timestamp.h"

struct xe_bo;
struct xe_context;
struct xe_counter;
struct xe_device;
struct xe_event;
struct xe_event_cond;

/*
 * The memory of one event in its pool's buffer object. The engine and the
 * host store @state whole; it is XE_EVENT_SIGNALED once signalled. Kernel
 * timestamp events get start and end timestamps from the engine around the
 * command that signals them.
 */
struct xe_event_slot {
	uint64_t state;
	uint64_t reserved;
	ze_kernel_timestamp_result_t ts;
	uint64_t pad[2];
};

static_assert(sizeof(struct xe_event_slot) == 64, "an event slot is 64 bytes");

#define XE_EVENT_CLEAR		0
#define XE_EVENT_SIGNALED	1

/**
 * struct xe_event_pool - a pool of regular events, or of counter-based ones
 * @obj: handle header
 * @ctx: the context it was created (or opened) in
 * @dev: the device its events belong to
 * @flags: ze_event_pool_flags_t
 * @cb_flags: a counter-based pool (ze_event_pool_counter_based_exp_desc_t):
 *	the ze_event_counter_based_flags_t of its events; 0 otherwise
 * @count: events in the pool
 * @bo: the events' memory, an array of struct xe_event_slot; NULL for a
 *	counter-based pool, whose events have no memory
 * @imported: opened from an IPC handle
 * @lock: protects the IPC members
 * @ipc_fd: dma-buf fd handed out by zeEventPoolGetIpcHandle(), or -1
 * @ipc_gets: handles not yet put
 * @ipc_next: the context's list of pools with handles out, under
 *	&xe_context.alloc_lock
 */
struct xe_event_pool {
	struct xe_object obj;
	struct xe_context *ctx;
	struct xe_device *dev;
	ze_event_pool_flags_t flags;
	ze_event_counter_based_flags_t cb_flags;
	uint32_t count;
	struct xe_bo *bo;
	bool imported;
	pthread_mutex_t lock;
	int ipc_fd;
	unsigned int ipc_gets;
	struct xe_event_pool *ipc_next;
};

/**
 * struct xe_ref - a reference someone holds, and how to drop it
 * @obj: the object, or NULL for none
 * @put: drops the reference
 */
struct xe_ref {
	void *obj;
	void (*put)(void *obj);
};

/**
 * struct xe_signal - what an append that signals an event encodes, as the
 * event's kind prepared it (xe_event_ops.prepare_signal)
 * @op: XE_SIGNAL_STORE: store @value at @addr; XE_SIGNAL_ADD: add @value
 *	at @addr atomically; XE_SIGNAL_COUNTER: nothing but the in-order
 *	counter bump that every in-order append does anyway
 * @addr: where @op writes
 * @value: what it writes or adds
 * @ts_addr: where the start and end timestamps go around the operation,
 *	or 0 for an event without timestamps
 * @ts: counter-based events with timestamps: the fresh slot at @ts_addr,
 *	with the reference the new state takes over when it is published
 * @state: counter-based events: the state the signal publishes (struct
 *	xe_cb_state), allocated ahead so that publishing cannot fail; NULL
 *	when the signal does not replace the state
 * @in_place: counter-based events: instead of @state, the current state,
 *	already on the signalling list's counter, whose value the signal
 *	moves to the append's (cb_event.c)
 * @keep: what the commands need alive until they ran (the slot at
 *	@ts_addr), with a reference of its own for the list
 */
struct xe_signal {
	enum { XE_SIGNAL_COUNTER, XE_SIGNAL_STORE, XE_SIGNAL_ADD } op;
	uint64_t addr;
	uint64_t value;
	uint64_t ts_addr;
	struct xe_ts_slot *ts;
	struct xe_cb_state *state;
	struct xe_cb_state *in_place;
	struct xe_ref keep;
};

/**
 * struct xe_event_ops - what differs between the kinds of events: regular
 * events of a pool (event_pool.c), counter-based events (cb_event.c), and
 * counter-based events opened from an IPC handle (cb_event_ipc.c)
 * @prepare_signal: an append of a list (@immediate, @in_order, whose
 *	in-order counter is @counter, NULL for none) is to signal the event:
 *	check that it may, fill in @sig (zeroed by the caller). Writes nothing
 *	into the event or the list. Returns ZE_RESULT_SUCCESS or the error of
 *	the append.
 * @publish_signal: the append was submitted or recorded: the event's state
 *	becomes the signal's (a signal with @in_place set is published by the
 *	caller, one atomic store of the value, see xe_signal_publish_in_place()); @counter and @value are the in-order counter
 *	and the value the append bumps it to (NULL, 0 for an out-of-order list)
 * @cancel_signal: the append was abandoned: drop what @sig holds
 * @prepare_replay: an execution of a regular list takes the event back to
 *	what a signal recorded in that list made it (only for signals whose
 *	prepared @sig carried a state, i.e. counter-based events): fill in
 *	@sig with a fresh state, whose timestamps are @ts (that signal's slot,
 *	or NULL), which publish_signal publishes or cancel_signal drops like a
 *	prepared signal's. Encodes nothing (the commands are recorded). NULL
 *	for kinds that never replace their state. Returns 0 or -ENOMEM.
 * @wait_keep: a list waits for the event's current state @cond: what the
 *	wait needs kept alive, if anything (@recorded: for every execution of a
 *	regular list; @own: the waiting list's own in-order counter). Returns 0
 *	with @ref filled in (@ref->obj NULL for nothing).
 * @fini: drop what the event holds, before it is freed
 */
/* What publish_signal does for a signal prepared in place (cb_event.c). */
static inline void xe_signal_publish_in_place(const struct xe_cb_current *cur,
					      struct xe_signal *sig,
					      uint64_t value)
{
	xe_cb_move_value(cur, sig->in_place, value);
}

struct xe_event_ops {
	ze_result_t (*prepare_signal)(const struct xe_event *ev, bool immediate,
				      bool in_order,
				      const struct xe_counter *counter,
				      struct xe_signal *sig);
	void (*publish_signal)(struct xe_event *ev, struct xe_signal *sig,
			       struct xe_counter *counter, uint64_t value);
	void (*cancel_signal)(struct xe_event *ev, struct xe_signal *sig);
	int (*prepare_replay)(const struct xe_event *ev, struct xe_ts_slot *ts,
			      struct xe_signal *sig);
	void (*wait_keep)(const struct xe_event *ev,
			  const struct xe_event_cond *cond, bool recorded,
			  const struct xe_counter *own, struct xe_ref *ref);
	void (*fini)(struct xe_event *ev);
};

/**
 * struct xe_event - an event: a regular one, or a counter-based one
 * @obj: handle header
 * @refs: references: the handle's, dropped by zeEventDestroy(), and one per
 *	signal a regular list recorded (append/execute.c), which its
 *	executions replay; the last xe_event_put() frees it
 * @ops: what its kind does (struct xe_event_ops)
 * @pool: its pool; NULL for a counter-based event made without one
 * @dev: the device whose address space its memory is bound in
 * @index: its index in the pool
 * @signal_scope: ze_event_scope_flags_t of the descriptor
 * @wait_scope: ze_event_scope_flags_t of the descriptor
 * @slot: regular events: its memory (CPU address == GPU address)
 * @timestamps: it records kernel timestamps
 * @cb_flags: counter-based events: ze_event_counter_based_flags_t, never
 *	0 (IMMEDIATE or NON_IMMEDIATE is always set); 0 for regular events
 * @cb: counter-based events: the current state (struct xe_cb_state,
 *	with its timestamps' storage), published by the kind's
 *	publish_signal and read by pinning it (cb_state.c): a host wait or
 *	query may run while another thread signals the event
 * @writer_queue: regular events: the exec queue of the immediate list that
 *	last appended a signal of it, 0 if none or the host set it: host waits
 *	name it, so that its ban ends them (DEVICE_LOST)
 * @kernel_writer: regular events and aggregated counter-based events:
 *	&xe_ring.serial of the queue the kernel was last told writes the
 *	event's state or storage (xe_event_set_writer()), 0 if none
 * @import: counter-based events opened from an IPC handle: the view their
 *	state reads, held
 * @graph_marked: a running capture signalled the event (which one, and on
 *	which branch, the capture's nodes say); under the driver's
 *	graph_lock, read without it as a hint (graph/graph_capture.c)
 *
 * Otherwise not thread-safe, as the spec allows: an event is not
 * destroyed, nor signalled from two threads at once. A destroyed event that
 * a regular list still signals lives on, handle-less, until the list lets
 * it go.
 */
struct xe_event {
	struct xe_object obj;
	atomic_uint refs;
	_Atomic uint32_t writer_queue;
	const struct xe_event_ops *ops;
	struct xe_event_pool *pool;
	struct xe_device *dev;
	uint32_t index;
	ze_event_scope_flags_t signal_scope;
	ze_event_scope_flags_t wait_scope;
	struct xe_event_slot *slot;
	bool timestamps;
	bool graph_marked;
	ze_event_counter_based_flags_t cb_flags;
	struct xe_cb_current cb;
	struct xe_cb_import *import;
	_Atomic uint64_t kernel_writer;
};

/*
 * An event of the slab (event_slab.c) is checked by its address and its
 * magic, which may be read there; any other pointer asks the registry.
 */
static inline struct xe_event *xe_event_from_handle(ze_event_handle_t h)
{
	struct xe_event *ev = (struct xe_event *)h;

	if (xe_event_in_slab(ev))
		return ev->obj.magic == XE_MAGIC_EVENT ? ev : NULL;
	return xe_object_check(h, XE_MAGIC_EVENT);
}

/* Give @ev its handle: from here on it is a live event. */
static inline void xe_event_register(struct xe_event *ev,
				     const struct xe_ddi_heads *heads)
{
	if (xe_event_in_slab(ev))
		xe_object_header(&ev->obj, XE_MAGIC_EVENT, heads);
	else
		xe_object_init(&ev->obj, XE_MAGIC_EVENT, heads);
}

/* Take @ev's handle away: from here on it is refused without a use. */
static inline void xe_event_unregister(struct xe_event *ev)
{
	if (xe_event_in_slab(ev)) {
		ev->obj.magic = XE_MAGIC_NONE;
		/* A stale handle must not find it complete (event.c). */
		atomic_fetch_and_explicit(&ev->cb.word, ~XE_CB_DONE,
					  memory_order_release);
	} else
		xe_object_fini(&ev->obj);
}

static inline struct xe_event_pool *
xe_event_pool_from_handle(ze_event_pool_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_EVENT_POOL);
}

/* A reference of @ev, for the caller; xe_event_put() drops it. */
static inline struct xe_event *xe_event_get(struct xe_event *ev)
{
	atomic_fetch_add_explicit(&ev->refs, 1, memory_order_relaxed);
	return ev;
}


static inline bool xe_event_is_cb(const struct xe_event *ev)
{
	return ev->cb_flags != 0;
}

/**
 * xe_cb_signal_in_place() - prepare a counter-based signal that needs no
 *	new state
 * @ev: any event (not counter-based: false)
 * @need: the flag the event needs for the list to signal it in order,
 *	xe_cb_signal_need()
 * @counter: the signalling list's in-order counter (an in-order list's)
 * @sig: the signal, zeroed by the caller
 *
 * Signalled again by the list whose counter its state points at already,
 * an event without timestamps needs no new state: the signal moves the
 * state's value to the append's, one atomic store at publication
 * (xe_signal_publish_in_place()). A reader that pinned the state
 * meanwhile reads the value once, old or new, and either is a state the
 * event had; nothing else of the state changes. Only a signaller publishes
 * or moves an event's state, and an event is not signalled from two
 * threads at once, so the current state read here without a pin stays
 * current until the publication (and its memory is never given back,
 * cb_state.c). Inline: the appends try it before the kind's
 * prepare_signal, which tries it too.
 *
 * Return: true, and @sig says so, or false.
 */
static inline bool xe_cb_signal_in_place(const struct xe_event *ev,
					 ze_event_counter_based_flags_t need,
					 const struct xe_counter *counter,
					 struct xe_signal *sig)
{
	struct xe_cb_state *cur;

	/* A counter-based event of this list type, without timestamps. */
	if ((ev->cb_flags & (need | XE_CB_FLAGS_TIMESTAMP)) != need)
		return false;
	cur = (struct xe_cb_state *)(atomic_load_explicit(xe_cb_word(&ev->cb),
							  memory_order_relaxed) &
				     XE_CB_PTR_MASK);
	/* Only an XE_CB_COUNTER state holds a counter. */
	if (!cur || cur->counter != counter)
		return false;
	sig->in_place = cur;
	return true;
}

static inline uint64_t xe_event_state_addr(const struct xe_event *ev)
{
	return (uintptr_t)&ev->slot->state;
}

/**
 * struct xe_event_cond - what waiting for an event means right now
 * @cpu: where the host reads the value: every host-side path (queries,
 *	host waits, waits for many, sync_files) reads and sleeps on it, and
 *	it is bound at its own address, or is @counter's slot
 * @gpu_addr: where the device reads it (the same memory, except for a
 *	counter-based event on external sync storage, whose application
 *	writes both)
 * @value: complete once the value is >= this
 * @counter: if set, the counter of this process the value lives in: the
 *	kernel sleeps on it by id
 * @state: counter-based events: the state all this comes from, pinned
 *	(it keeps @cpu and @counter alive); NULL for a regular event
 * @pin: where @state was pinned (the event's &xe_event.cb)
 * @queue_id: the exec queue known to write the value, or 0: a host wait
 *	names it, and its ban ends the wait with -EIO (DEVICE_LOST)
 */
struct xe_event_cond {
	const uint64_t *cpu;
	uint64_t gpu_addr;
	uint64_t value;
	struct xe_counter *counter;
	struct xe_cb_state *state;
	const struct xe_cb_current *pin;
	uint32_t queue_id;
};

/**
 * xe_event_cond() - the condition that completes @ev in its current state
 * @ev: the event
 * @cond: filled in; a counter-based event's state is pinned, whatever
 *	another thread publishes meanwhile, until xe_event_cond_put()
 *
 * Return: false if there is nothing to wait for (a counter-based event
 * that was never signalled: complete), and nothing is held; true
 * otherwise, and the caller ends with xe_event_cond_put().
 */
static inline bool xe_event_cond(const struct xe_event *ev,
				 struct xe_event_cond *cond)
{
	struct xe_cb_state *state;

	if (!xe_event_is_cb(ev)) {
		*cond = (struct xe_event_cond){
			.cpu = &ev->slot->state,
			.gpu_addr = xe_event_state_addr(ev),
			.value = XE_EVENT_SIGNALED,
			.queue_id = atomic_load_explicit(&ev->writer_queue,
							 memory_order_relaxed),
		};
		return true;
	}
	state = xe_cb_pin(&ev->cb);
	if (!state || state->kind == XE_CB_NONE) {
		xe_cb_unpin(&ev->cb, state);
		return false;
	}
	*cond = (struct xe_event_cond){
		.cpu = state->cpu,
		.gpu_addr = state->gpu_addr,
		.value = state->value,
		.counter = state->kind == XE_CB_COUNTER ? state->counter : NULL,
		.state = state,
		.pin = &ev->cb,
	};
	if (cond->counter)
		cond->queue_id = atomic_load_explicit(&cond->counter->queue_id,
						      memory_order_relaxed);
	return true;
}

/* Unpin what xe_event_cond() pinned. */
static inline void xe_event_cond_put(struct xe_event_cond *cond)
{
	if (cond->pin)
		xe_cb_unpin(cond->pin, cond->state);
	cond->pin = NULL;
}

/* Is @ev complete? One acquire load: what was written before is seen. */
static inline bool xe_event_cond_met(const struct xe_event_cond *cond)
{
	return __atomic_load_n(cond->cpu, __ATOMIC_ACQUIRE) >= cond->value;
}

#endif /* _XE_EVENT_TYPES_H */
