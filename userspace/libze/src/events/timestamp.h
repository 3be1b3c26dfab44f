/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_TIMESTAMP_H
#define _XE_TIMESTAMP_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include <level_zero/ze_api.h>

struct xe_device;
struct xe_ts_chunk;

/**
 * struct xe_ts_slot - driver-owned storage for the kernel timestamps of
 * one signal of a counter-based event
 * @ts: the four timestamps, in a bound buffer object (CPU address == GPU
 *	address)
 * @refs: references: the event whose current state it belongs to, and the
 *	list whose commands write it (until they ran, or for as long as a
 *	regular list keeps its recording)
 * @pool: the pool it goes back to
 * @next_free: the pool's free list, under &xe_ts_pool.lock
 */
struct xe_ts_pool;

struct xe_ts_slot {
	ze_kernel_timestamp_result_t *ts;
	atomic_uint refs;
	struct xe_ts_pool *pool;
	struct xe_ts_slot *next_free;
};

void xe_ts_pool_init(struct xe_ts_pool *pool);
void xe_ts_pool_fini(struct xe_ts_pool *pool);

int xe_ts_alloc(struct xe_device *dev, struct xe_ts_slot **out);
struct xe_ts_slot *xe_ts_get(struct xe_ts_slot *slot);
void xe_ts_put(struct xe_ts_slot *slot);
void xe_ts_release(void *slot);

static inline uint64_t xe_ts_addr(const struct xe_ts_slot *slot)
{
	return (uintptr_t)slot->ts;
}

#endif /* _XE_TIMESTAMP_H */
