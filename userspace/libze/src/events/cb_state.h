/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CB_STATE_H
#define _XE_CB_STATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct xe_counter;
struct xe_cb_import;
struct xe_ts_slot;

/* What a counter-based event points at now (struct xe_cb_state). */
enum xe_cb_kind {
	XE_CB_NONE,		/* never signalled: complete */
	XE_CB_COUNTER,		/* an in-order list's counter of this process */
	XE_CB_EXTERNAL,		/* the application's external sync storage */
	XE_CB_AGGREGATE,	/* the application's aggregate storage */
	XE_CB_IMPORTED,		/* another process's counter, an IPC view */
};

/**
 * struct xe_cb_state - one state of a counter-based event: complete once
 * *@cpu >= @value on the host, the value at @gpu_addr on the device
 * @refs: references besides the pins: 1 while it is being prepared, 0
 *	when it is published (its pins count then), the pins a publisher
 *	found once it is swapped out, less those already dropped (cb_state.c)
 * @kind: what the state points at
 * @value: the value that completes it
 * @gpu_addr: where the device reads the value
 * @cpu: where the host reads it
 * @counter: XE_CB_COUNTER: the counter, held
 * @import: XE_CB_IMPORTED: the view, held by the opened event (whose
 *	state never changes), not by the state
 * @increment: XE_CB_AGGREGATE: what each signal adds at @gpu_addr
 * @ts: timestamp events: the storage of this state's timestamps, held
 * @next_free: on the free list of states (cb_state.c), the next one
 *
 * Immutable once published, but for @value: a signal publishes a new
 * state, or, from the list whose counter the state is on already, moves
 * @value in place with one atomic store (cb_event.c); readers read it once.
 */
struct xe_cb_state {
	atomic_uint refs;
	enum xe_cb_kind kind;
	uint64_t value;
	uint64_t gpu_addr;
	const uint64_t *cpu;
	struct xe_counter *counter;
	struct xe_cb_import *import;
	uint64_t increment;
	struct xe_ts_slot *ts;
	struct xe_cb_state *next_free;
};

/**
 * struct xe_cb_current - where a counter-based event's current state is
 * published: a pointer to a struct xe_cb_state (or 0 for none) in the low
 * XE_CB_PIN_SHIFT bits, XE_CB_DONE in its bit 0 (a state is aligned), and
 * in the bits above, how many readers pinned it (cb_state.c)
 * @word: the pointer, the flag and the pins, one atomic word
 */
struct xe_cb_current {
	_Atomic uintptr_t word;
};

#define XE_CB_PIN_SHIFT		48
#define XE_CB_PIN		((uintptr_t)1 << XE_CB_PIN_SHIFT)
/*
 * XE_CB_DONE: a reader found the state complete, and nothing can make it
 * incomplete again but a change of the word (cb_state.c, "complete for
 * good"): a query or a host wait that sees it needs nothing else.
 */
#define XE_CB_DONE		((uintptr_t)1)
#define XE_CB_PTR_MASK		((XE_CB_PIN - 1) & ~XE_CB_DONE)

int xe_cb_state_new(const struct xe_cb_state *init, struct xe_cb_state **out);
void xe_cb_state_put(struct xe_cb_state *state);
void xe_cb_publish(struct xe_cb_current *cur, struct xe_cb_state *state);
void xe_cb_mark_done(const struct xe_cb_current *cur,
		     struct xe_cb_state *state, uint64_t value);
unsigned int xe_cb_state_free_count(void);

/*
 * Pinning is a reader's reference that a publication cannot miss; it does
 * not change the state, so it is allowed on a const event.
 */
static inline _Atomic uintptr_t *xe_cb_word(const struct xe_cb_current *cur)
{
	return (_Atomic uintptr_t *)&cur->word;
}

/**
 * xe_cb_pin() - the current state, pinned
 * @cur: where it is published
 *
 * One atomic add: the state stays alive (and immutable) until
 * xe_cb_unpin(), whatever is published meanwhile.
 *
 * Return: the state, or NULL for none; unpin it in either case.
 */
static inline struct xe_cb_state *xe_cb_pin(const struct xe_cb_current *cur)
{
	uintptr_t w = atomic_fetch_add_explicit(xe_cb_word(cur), XE_CB_PIN,
						memory_order_acquire);

	return (struct xe_cb_state *)(w & XE_CB_PTR_MASK);
}

/**
 * xe_cb_unpin() - drop a pin of xe_cb_pin()
 * @cur: where @state was pinned
 * @state: what xe_cb_pin() returned
 *
 * While @state is still the current one, the pin is taken back from the
 * word; once another was published, the publisher has turned the pin into
 * a reference of @state, which is dropped.
 */
static inline void xe_cb_unpin(const struct xe_cb_current *cur,
			       struct xe_cb_state *state)
{
	_Atomic uintptr_t *word = xe_cb_word(cur);
	uintptr_t w = atomic_load_explicit(word, memory_order_relaxed);

	while ((w & XE_CB_PTR_MASK) == (uintptr_t)state)
		if (atomic_compare_exchange_weak_explicit(word, &w,
							  w - XE_CB_PIN,
							  memory_order_release,
							  memory_order_relaxed))
			return;
	xe_cb_state_put(state);
}

/**
 * xe_cb_move_value() - a signal from the list whose counter @state is on
 *	already: move its value, in place
 * @cur: where @state is the current state
 * @state: the current state (XE_CB_COUNTER)
 * @value: the new value
 *
 * The flag of a complete state goes with the old value: taken off after
 * the store, so that a reader setting it meanwhile either sees the new
 * value or is undone (xe_cb_mark_done()); both sequentially consistent.
 */
static inline void xe_cb_move_value(const struct xe_cb_current *cur,
				    struct xe_cb_state *state, uint64_t value)
{
	__atomic_store_n(&state->value, value, __ATOMIC_SEQ_CST);
	atomic_fetch_and_explicit(xe_cb_word(cur), ~XE_CB_DONE,
				  memory_order_seq_cst);
}

/* Whether the current state of @cur is complete for good (XE_CB_DONE). */
static inline bool xe_cb_done(const struct xe_cb_current *cur)
{
	return atomic_load_explicit(xe_cb_word(cur), memory_order_acquire) &
	       XE_CB_DONE;
}

#endif /* _XE_CB_STATE_H */
