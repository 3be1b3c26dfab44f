// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: launch table
 *
 * A launch (struct xe_launch) is named in the command stream by its
 * cookie: its slot in this process's launch table and the slot's
 * generation. Slots have a generation and a reference count each, found
 * and counted without a lock (registering takes one to find a free
 * slot); a launch's slot is freed with its last reference.
 *
 * A chain is a launch that runs others one after another in one dispatch.
 * Graphs make closed ones (xe_launch_chain()); an in-order list whose
 * queue is busy makes open ones (xe_launch_chain_open()), which its next
 * launches join (xe_launch_chain_join()) until the execution units take
 * the dispatch and seal it (xe_launch_chain_seal()): one trip through
 * the kernel for a run of launches appended while the queue was busy.
 */

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "modules/launch.h"

/*
 * Slots in chunks that never move nor go away, so that a launch is found
 * by cookie and a free slot taken without a lock: @state is the
 * generation (high 32 bits) and the references (low 32 bits), changed
 * atomically; a slot is free with no reference. Only adding a chunk
 * takes alloc_lock.
 */
#define SLOTS_PER_CHUNK	1024u
#define MAX_CHUNKS	1024u

struct launch_slot {
	struct xe_launch *launch;	/* atomic */
	uint64_t state;
};

static pthread_mutex_t alloc_lock = PTHREAD_MUTEX_INITIALIZER;
static struct launch_slot *chunks[MAX_CHUNKS];	/* published, then nchunks */
static uint32_t nchunks;			/* atomic */
static uint32_t free_hint;			/* atomic, a hint only */

static struct launch_slot *slot_of(uint32_t i)
{
	uint32_t c = i / SLOTS_PER_CHUNK;

	if (c >= __atomic_load_n(&nchunks, __ATOMIC_ACQUIRE))
		return NULL;
	return &chunks[c][i % SLOTS_PER_CHUNK];
}

/*
 * Take slot @i for @l if it is free: its next generation, one reference.
 * The launch is stored after: nobody looks the new cookie up before
 * xe_launch_register() returns it.
 */
static bool slot_claim(uint32_t i, struct xe_launch *l)
{
	struct launch_slot *s = slot_of(i);
	uint64_t st = __atomic_load_n(&s->state, __ATOMIC_RELAXED), gen;

	if ((uint32_t)st)
		return false;
	gen = (st >> 32) + 1;
	if (!__atomic_compare_exchange_n(&s->state, &st, gen << 32 | 1, false,
					 __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
		return false;
	__atomic_store_n(&s->launch, l, __ATOMIC_RELEASE);
	l->cookie = (gen & 0xffffffffull) << 32 | i;
	return true;
}

/* One more chunk, unless another thread added one since @n slots. */
static int chunk_add(uint32_t n)
{
	struct launch_slot *c;
	int err = 0;

	pthread_mutex_lock(&alloc_lock);
	if (nchunks * SLOTS_PER_CHUNK == n) {
		c = nchunks < MAX_CHUNKS ? calloc(SLOTS_PER_CHUNK, sizeof(*c)) :
					   NULL;
		if (c) {
			chunks[nchunks] = c;
			__atomic_store_n(&nchunks, nchunks + 1, __ATOMIC_RELEASE);
		} else {
			err = -ENOMEM;
		}
	}
	pthread_mutex_unlock(&alloc_lock);
	return err;
}

/**
 * xe_launch_register() - give a new launch (one reference) its cookie
 * @l: the launch
 *
 * Takes no lock but to add a chunk of slots, when none is free.
 *
 * Return: 0 or -ENOMEM.
 */
int xe_launch_register(struct xe_launch *l)
{
	uint32_t i, k, n, hint;
	int err;

	for (;;) {
		n = __atomic_load_n(&nchunks, __ATOMIC_ACQUIRE) * SLOTS_PER_CHUNK;
		hint = __atomic_load_n(&free_hint, __ATOMIC_RELAXED);
		/* From the hint on, then below it: the hint may be stale. */
		for (k = 0; k < n; k++) {
			i = (hint + k) % n;
			if (slot_claim(i, l)) {
				__atomic_store_n(&free_hint, i + 1, __ATOMIC_RELAXED);
				return 0;
			}
		}
		err = chunk_add(n);
		if (err)
			return err;
	}
}

/**
 * xe_launch_lookup() - the live launch a cookie names
 * @cookie: from a dispatch
 *
 * Return: the launch with a reference, or NULL.
 */
struct xe_launch *xe_launch_lookup(uint64_t cookie)
{
	struct launch_slot *s = slot_of((uint32_t)cookie);
	uint64_t st;

	if (!s)
		return NULL;
	st = __atomic_load_n(&s->state, __ATOMIC_ACQUIRE);
	do {
		if (st >> 32 != cookie >> 32 || !(uint32_t)st)
			return NULL;
	} while (!__atomic_compare_exchange_n(&s->state, &st, st + 1, true,
					      __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE));
	return __atomic_load_n(&s->launch, __ATOMIC_ACQUIRE);
}

/**
 * xe_launch_get() - one more reference to a live launch
 * @l: the launch, of which the caller holds a reference
 *
 * Return: @l.
 */
struct xe_launch *xe_launch_get(struct xe_launch *l)
{
	__atomic_add_fetch(&slot_of((uint32_t)l->cookie)->state, 1,
			   __ATOMIC_RELAXED);
	return l;
}

/**
 * xe_launch_put() - drop a reference to a launch (a struct xe_ref's put)
 * @launch: the launch
 */
void xe_launch_put(void *launch)
{
	struct xe_launch *l = launch;
	uint32_t i = (uint32_t)l->cookie, n = l->nsteps, k;
	struct launch_slot *s = slot_of(i);
	struct xe_launch_step *steps = l->steps;

	if ((uint32_t)__atomic_sub_fetch(&s->state, 1, __ATOMIC_ACQ_REL))
		return;
	free(l);
	if (i < __atomic_load_n(&free_hint, __ATOMIC_RELAXED))
		__atomic_store_n(&free_hint, i, __ATOMIC_RELAXED);
	for (k = 0; k < n; k++)
		xe_launch_put(steps[k].launch);
	free(steps);
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#else
	__asm__ __volatile__("" ::: "memory");
#endif
}

/* Steps an open chain starts with room for; the most it takes. */
#define CHAIN_CAP	16u
#define CHAIN_MAX	256u

/* A chain of @n @steps, room for @cap, registered with one reference. */
static int chain_new(uint32_t n, const struct xe_launch_step *steps,
		     uint32_t cap, uint32_t open, struct xe_launch **chain)
{
	struct xe_launch *l = calloc(1, sizeof(*l));
	uint32_t k;

	if (!l)
		return -ENOMEM;
	l->steps = malloc(cap * sizeof(*l->steps));
	if (!l->steps)
		goto err_free;
	/* Whole before registering publishes it. */
	memcpy(l->steps, steps, n * sizeof(*steps));
	for (k = 0; k < n; k++)
		xe_launch_get(steps[k].launch);
	l->nsteps = n;
	l->cap = cap;
	l->open = open;
	if (!xe_launch_register(l)) {
		*chain = l;
		return 0;
	}
	for (k = 0; k < n; k++)
		xe_launch_put(steps[k].launch);
err_free:
	free(l->steps);
	free(l);
	return -ENOMEM;
}

/**
 * xe_launch_chain() - one launch that runs others one after another
 * @n: launches, at least one
 * @steps: them, with their group counts; the chain takes a reference to
 *	each launch
 * @chain: gets the chain, registered, with one reference
 *
 * For launches that follow each other in an in-order list with nothing
 * between them (graph/graph_chain.c): one dispatch, one trip through the
 * kernel, instead of @n. Each runs once every group of the one before
 * ended, as in the list; the first fault ends the chain and is the one
 * reported. None may count its kernels at execution (@count_ptr).
 *
 * Return: 0 or -ENOMEM.
 */
int xe_launch_chain(uint32_t n, const struct xe_launch_step *steps,
		    struct xe_launch **chain)
{
	return chain_new(n, steps, n, 0, chain);
}

/**
 * xe_launch_chain_open() - an open chain that starts with one launch
 * @first: the launch, of which the chain takes a reference
 * @groups: its work-group counts, none zero
 * @chain: gets the chain, registered, with one reference
 *
 * For an in-order list whose queue is busy (append/append_jit.c): its
 * next launches may join the chain until the dispatch is taken. Rules as
 * for xe_launch_chain().
 *
 * Return: 0 or -ENOMEM.
 */
int xe_launch_chain_open(struct xe_launch *first, const uint32_t groups[3],
			 struct xe_launch **chain)
{
	struct xe_launch_step step = { .launch = first };

	memcpy(step.groups, groups, sizeof(step.groups));
	return chain_new(1, &step, CHAIN_CAP, XE_CHAIN_OPEN, chain);
}

/**
 * xe_launch_chain_join() - add a launch at the end of an open chain
 * @chain: an open chain, of the list that appends @l
 * @l: the launch, of which the chain takes a reference
 * @groups: its work-group counts, none zero
 * @index: gets its step's index
 *
 * Only the list's appending thread joins (an in-order list's appends are
 * in order): the execution units seal the chain when they take its
 * dispatch, and never read a step before.
 *
 * Return: true when @l joined; false when the chain is sealed or full:
 * dispatch @l on its own.
 */
bool xe_launch_chain_join(struct xe_launch *chain, struct xe_launch *l,
			  const uint32_t groups[3], uint32_t *index)
{
	uint32_t open = XE_CHAIN_OPEN, cap = chain->cap;
	struct xe_launch_step *steps = chain->steps, *s;

	if (!__atomic_compare_exchange_n(&chain->open, &open, XE_CHAIN_JOINING,
					 false, __ATOMIC_ACQUIRE,
					 __ATOMIC_RELAXED))
		return false;
	if (chain->nsteps == cap) {
		steps = cap < CHAIN_MAX ? realloc(steps, 2 * cap * sizeof(*steps)) :
					  NULL;
		if (!steps) {
			__atomic_store_n(&chain->open, XE_CHAIN_OPEN,
					 __ATOMIC_RELEASE);
			return false;
		}
		chain->steps = steps;
		chain->cap = 2 * cap;
	}
	s = &steps[chain->nsteps];
	s->launch = xe_launch_get(l);
	memcpy(s->groups, groups, sizeof(s->groups));
	*index = chain->nsteps++;
	/* Pairs with the seal's acquire: the step comes with it. */
	__atomic_store_n(&chain->open, XE_CHAIN_OPEN, __ATOMIC_RELEASE);
	return true;
}

/**
 * xe_launch_chain_seal() - no launch joins a chain any more
 * @chain: any launch, taken by the execution units; nothing for one that
 *	is not an open chain
 */
void xe_launch_chain_seal(struct xe_launch *chain)
{
	uint32_t open, spins = 0;

	while ((open = __atomic_load_n(&chain->open, __ATOMIC_ACQUIRE))) {
		if (open == XE_CHAIN_OPEN &&
		    __atomic_compare_exchange_n(&chain->open, &open, 0, false,
						__ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return;
		/* A launch is joining: a few stores, or a realloc(). */
		if (++spins % 64)
			cpu_relax();
		else
			sched_yield();	/* the joining thread may be preempted */
	}
}
