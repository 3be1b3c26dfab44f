// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: the state of a counter-based event, published
 *
 * Level Zero lets one thread wait for an event on the host (query,
 * synchronize, wait for many, export a sync_file, read its device address)
 * while another appends a signal of it to a list, which replaces its
 * state, possibly dropping the last reference to the counter the waiter
 * reads. So a state (struct xe_cb_state) is immutable and counted, and an
 * event's current one is swapped whole, with one atomic exchange
 * (xe_cb_publish(), called by the kinds' publish_signal and fini only).
 *
 * A reader must not load the pointer and then take a reference: the state
 * could be freed in between. It pins it instead, with a split reference
 * count: the current pointer and the number of readers that pinned it
 * share one word (struct xe_cb_current), so one atomic add both reads the
 * pointer and registers the reader (xe_cb_pin()). While a state is
 * current, the pins are its only references (@refs is 0). A publisher
 * that swaps the word out adds the pins it found to the old state's
 * @refs; a reader that unpins finds either its state still current, and
 * takes its pin back from the word, or another one, and drops a
 * reference. The two may come in either order, so @refs may go below 0
 * for a while (modulo 2^32): whoever brings it to 0 frees the state.
 * Nobody waits for anybody, and a pin may be held across a sleeping wait.
 *
 * A query of a complete event costs two atomic instructions more than the
 * loads it needs: no lock, no system call; once flagged complete for good
 * (below), one load.
 *
 * One field may change under a reader: a list that signals an event whose
 * state is on that list's counter already only moves the state's value,
 * with one atomic store (xe_cb_signal_in_place(), event.h); a reader reads the
 * value once and sees the old state or the new one, as with a swap.
 *
 * The pins live in the bits above the pointer: user-space pointers have
 * 48 bits on the machines this runs on (Linux hands out higher addresses
 * only to a program that asks), and a state that does not fit is refused.
 *
 * Complete for good: bit 0 of the word (XE_CB_DONE, free: a state is
 * aligned) says that a reader
 * found the current state complete and that nothing but another signal
 * can change that: an XE_CB_COUNTER state on an immediate list's counter,
 * which never rewinds (counter.h, @monotonic). A query or a host wait that
 * sees the flag answers with one load, no pin (event.c). The flag is set
 * by a reader that holds a pin, only while the word names its state
 * (xe_cb_mark_done()); any publication replaces the whole word, flag
 * included; a value moved in place takes it off after the store, and the
 * reader that set it checks the value again after setting it, both
 * sequentially consistent, so one of the two sees the other. A destroyed
 * event's flag is taken off with its handle (event.h).
 * A state is published once and never again: were it published a second
 * time, a reader of its first publication could take a pin back from the
 * second.
 *
 * A signal makes a state and the next signal frees it, so states are not
 * taken from the general allocator one by one: a freed state goes on a
 * free list (a spin lock held for a few instructions), allocated states
 * come from it, and the list is refilled XE_CB_STATE_BATCH states at a
 * time. No state's memory is given back: a state is freed only once no
 * reader holds a pin or a reference, so its reuse is not seen by anyone
 * (the rule above is about one publication of one state, whose readers
 * are all gone by then).
 */

#include <errno.h>
#include <sched.h>
#include <stdlib.h>

#include "events/cb_state.h"
#include "events/counter.h"
#include "events/timestamp.h"

/* States allocated from the general allocator at a time. */
#define XE_CB_STATE_BATCH	64

static struct {
	atomic_int lock;
	struct xe_cb_state *head;
	unsigned int count;
} free_states;

static void free_lock(void)
{
	while (atomic_exchange_explicit(&free_states.lock, 1,
					memory_order_acquire))
		sched_yield();
}

static void free_unlock(void)
{
	atomic_store_explicit(&free_states.lock, 0, memory_order_release);
}

/* Put @n states at @first, linked, on the free list. */
static void free_push(struct xe_cb_state *first, struct xe_cb_state *last,
		      unsigned int n)
{
	free_lock();
	last->next_free = free_states.head;
	free_states.head = first;
	free_states.count += n;
	free_unlock();
}

static struct xe_cb_state *free_pop(void)
{
	struct xe_cb_state *state;

	free_lock();
	state = free_states.head;
	if (state) {
		free_states.head = state->next_free;
		free_states.count--;
	}
	free_unlock();
	return state;
}

/*
 * A new batch of states: one for the caller, the rest on the free list.
 * The batch is never given back.
 */
static struct xe_cb_state *refill(void)
{
	struct xe_cb_state *batch = malloc(XE_CB_STATE_BATCH * sizeof(*batch));
	unsigned int i;

	if (!batch)
		return NULL;
	if ((uintptr_t)(batch + XE_CB_STATE_BATCH) & ~(XE_CB_PIN - 1)) {
		free(batch);
		return NULL;
	}
	for (i = 1; i < XE_CB_STATE_BATCH - 1; i++)
		batch[i].next_free = &batch[i + 1];
	free_push(&batch[1], &batch[XE_CB_STATE_BATCH - 1],
		  XE_CB_STATE_BATCH - 1);
	return batch;
}

/* States on the free list (for tests). */
unsigned int xe_cb_state_free_count(void)
{
	unsigned int n;

	free_lock();
	n = free_states.count;
	free_unlock();
	return n;
}

/**
 * xe_cb_state_new() - a state to publish
 * @init: its contents; its references (@counter, @ts) are taken over only
 *	on success
 * @out: the state, with one reference (the publication's)
 *
 * Return: 0 or -ENOMEM.
 */
int xe_cb_state_new(const struct xe_cb_state *init, struct xe_cb_state **out)
{
	struct xe_cb_state *state = free_pop();

	if (!state)
		state = refill();
	if (!state)
		return -ENOMEM;
	*state = *init;
	atomic_init(&state->refs, 1);
	*out = state;
	return 0;
}

static void state_free(struct xe_cb_state *state)
{
	xe_counter_put(state->counter);
	xe_ts_put(state->ts);
	free_push(state, state, 1);
}

/*
 * Drop a reference: of a state never published, or of one a publisher
 * swapped out under a pin. The last one drops what the state holds.
 */
void xe_cb_state_put(struct xe_cb_state *state)
{
	if (state &&
	    atomic_fetch_sub_explicit(&state->refs, 1,
				      memory_order_acq_rel) == 1)
		state_free(state);
}

_Static_assert(_Alignof(struct xe_cb_state) > XE_CB_DONE,
	      "XE_CB_DONE lies in a state pointer's alignment bits");

/**
 * xe_cb_mark_done() - flag @state, current in @cur, complete for good
 * @cur: where @state is pinned by the caller
 * @state: the state, found complete with @value, on a counter that never
 *	rewinds (only another signal can make the event incomplete again)
 * @value: the state's value that the caller found complete
 *
 * Sets XE_CB_DONE in the word if @state is still the current state; a
 * value moved in place meanwhile (xe_cb_move_value()) takes it back off.
 * The caller's pin keeps @state from being freed and published again, so
 * the word cannot name it for another publication.
 */
void xe_cb_mark_done(const struct xe_cb_current *cur,
		     struct xe_cb_state *state, uint64_t value)
{
	_Atomic uintptr_t *word = xe_cb_word(cur);
	uintptr_t w = atomic_load_explicit(word, memory_order_relaxed);

	do {
		if ((w & XE_CB_PTR_MASK) != (uintptr_t)state ||
		    (w & XE_CB_DONE))
			return;
	} while (!atomic_compare_exchange_weak_explicit(word, &w,
							w | XE_CB_DONE,
							memory_order_seq_cst,
							memory_order_relaxed));
	/* Moved since it was read: the flag was the old value's. */
	if (__atomic_load_n(&state->value, __ATOMIC_SEQ_CST) != value)
		atomic_fetch_and_explicit(word, ~XE_CB_DONE,
					  memory_order_seq_cst);
}

/**
 * xe_cb_publish() - make @state the current one
 * @cur: where it is published
 * @state: the new state (its reference is taken over), or NULL for none
 *
 * The pins readers hold on the state it replaces become references of it,
 * which they drop when they unpin; the publication's own goes. Readers
 * that unpinned already, seeing the swap, left @refs as far below 0.
 */
void xe_cb_publish(struct xe_cb_current *cur, struct xe_cb_state *state)
{
	struct xe_cb_state *old;
	unsigned int pins;
	uintptr_t w;

	/* Published, its references are the pins (the exchange releases). */
	if (state)
		atomic_store_explicit(&state->refs, 0, memory_order_relaxed);
	w = atomic_exchange_explicit(&cur->word, (uintptr_t)state,
				     memory_order_acq_rel);
	old = (struct xe_cb_state *)(w & XE_CB_PTR_MASK);
	pins = w >> XE_CB_PIN_SHIFT;
	if (old && atomic_fetch_add_explicit(&old->refs, pins,
					     memory_order_acq_rel) + pins == 0)
		state_free(old);
}
