// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: timestamp slots of counter-based events
 *
 * A counter-based event owns no memory, but one created with timestamps
 * needs somewhere for the engine to write them. Each append that signals
 * it takes a fresh slot from the device's pool (a 32-byte
 * ze_kernel_timestamp_result_t in a shared, bound buffer object) and the
 * event's new state refers to it; the slot of the state it replaces goes
 * back once nobody uses it. That is what lets such an event be re-signalled
 * or destroyed while an earlier signal is still pending: the earlier
 * commands write their own slot, never the one a later query reads.
 *
 * Slots are counted: the event holds its current one, and the list whose
 * commands write a slot holds it until they cannot run any more (an
 * immediate list until its ring executed them, a regular list until it
 * is reset or destroyed, since every execution writes again). Chunks stay
 * with the device, so creating and destroying events costs no kernel
 * memory after the first chunk.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/libze_private.h"
#include "memory/bo.h"
#include "core/types.h"
#include "events/timestamp.h"

#define XE_TS_CHUNK_SIZE	4096u
#define XE_TS_PER_CHUNK \
	(XE_TS_CHUNK_SIZE / sizeof(ze_kernel_timestamp_result_t))

static_assert(sizeof(ze_kernel_timestamp_result_t) == 32,
	      "a timestamp slot is four 64-bit timestamps");

struct xe_ts_chunk {
	struct xe_bo *bo;
	struct xe_ts_chunk *next;
	struct xe_ts_slot slots[XE_TS_PER_CHUNK];
};

void xe_ts_pool_init(struct xe_ts_pool *pool)
{
	pthread_mutex_init(&pool->lock, NULL);
	pool->chunks = NULL;
	pool->free = NULL;
}

void xe_ts_pool_fini(struct xe_ts_pool *pool)
{
	struct xe_ts_chunk *chunk;

	while ((chunk = pool->chunks)) {
		pool->chunks = chunk->next;
		xe_bo_put(chunk->bo);
		free(chunk);
	}
	pool->free = NULL;
	pthread_mutex_destroy(&pool->lock);
}

/* Add a chunk of free slots, with @pool->lock held. */
static int pool_grow_locked(struct xe_device *dev, struct xe_ts_pool *pool)
{
	struct xe_ts_chunk *chunk = calloc(1, sizeof(*chunk));
	unsigned int i;
	int err;

	if (!chunk)
		return -ENOMEM;
	err = xe_bo_create(dev, XE_TS_CHUNK_SIZE, 0, 0, &chunk->bo);
	if (err) {
		free(chunk);
		return err;
	}
	for (i = 0; i < XE_TS_PER_CHUNK; i++) {
		struct xe_ts_slot *slot = &chunk->slots[i];

		slot->ts = (ze_kernel_timestamp_result_t *)chunk->bo->map + i;
		slot->pool = pool;
		slot->next_free = pool->free;
		pool->free = slot;
	}
	chunk->next = pool->chunks;
	pool->chunks = chunk;
	return 0;
}

/**
 * xe_ts_alloc() - take a timestamp slot
 * @dev: the device
 * @out: the slot, zeroed, with one reference
 *
 * Return: 0 or a negative errno.
 */
int xe_ts_alloc(struct xe_device *dev, struct xe_ts_slot **out)
{
	struct xe_ts_pool *pool = &dev->ts_pool;
	struct xe_ts_slot *slot = NULL;
	int err = 0;

	pthread_mutex_lock(&pool->lock);
	if (!pool->free)
		err = pool_grow_locked(dev, pool);
	if (!err) {
		slot = pool->free;
		pool->free = slot->next_free;
	}
	pthread_mutex_unlock(&pool->lock);
	if (err)
		return err;

	/* Nobody else writes a free slot: no engine, no other thread. */
	memset(slot->ts, 0, sizeof(*slot->ts));
	atomic_init(&slot->refs, 1);
	*out = slot;
	return 0;
}

struct xe_ts_slot *xe_ts_get(struct xe_ts_slot *slot)
{
	atomic_fetch_add_explicit(&slot->refs, 1, memory_order_relaxed);
	return slot;
}

/* Drop a reference; the last one frees the slot. NULL is ignored. */
void xe_ts_put(struct xe_ts_slot *slot)
{
	struct xe_ts_pool *pool;

	if (!slot ||
	    atomic_fetch_sub_explicit(&slot->refs, 1, memory_order_acq_rel) != 1)
		return;
	pool = slot->pool;
	pthread_mutex_lock(&pool->lock);
	slot->next_free = pool->free;
	pool->free = slot;
	pthread_mutex_unlock(&pool->lock);
}

/* xe_ts_put() for a struct xe_ref. */
void xe_ts_release(void *slot)
{
	xe_ts_put(slot);
}
