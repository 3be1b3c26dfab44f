/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_RING_H
#define _XE_RING_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "events/counter.h"
#include "submission/kmd.h"

struct xe_device;

/**
 * struct xe_ring - a kernel exec queue and its ring, as the library drives it
 * @dev: the device
 * @refs: references: the owner (command queue or immediate list), fences
 *	and lists whose last execution it holds
 * @id: the kernel's exec queue id
 * @map: status page and ring, mapped read-write
 * @map_size: bytes of @map
 * @status: the kernel's status page, read-only
 * @cmds: the ring's command bytes
 * @size: bytes of @cmds, a power of two
 * @timeline: counter slot the engine sets to the ring position after each
 *	submission; a position is reached once the timeline is at or past it
 * @lock: serialises submissions (command queues are free-threaded)
 * @tail: bytes submitted since creation, under @lock
 * @submitted: the timeline value of the last submission (release-stored
 *	after the kernel accepted it, read without @lock)
 * @dead: the owner destroyed the queue; nothing more is submitted, and
 *	what it had not executed never will be
 * @prev: device's list of rings, under &xe_device.ring_lock
 * @next: device's list of rings, under &xe_device.ring_lock
 */
struct xe_ring {
	struct xe_device *dev;
	atomic_uint refs;
	uint32_t id;
	void *map;
	size_t map_size;
	const struct drm_xe_cbev_ring_status *status;
	uint8_t *cmds;
	uint32_t size;
	struct xe_counter timeline;
	pthread_mutex_t lock;
	uint64_t tail;
	_Atomic uint64_t submitted;
	atomic_bool dead;
	struct xe_ring *prev;
	struct xe_ring *next;
};

int xe_ring_create(struct xe_device *dev, uint32_t priority,
		   struct xe_ring **out);
void xe_ring_destroy(struct xe_ring *ring);
struct xe_ring *xe_ring_get(struct xe_ring *ring);
void xe_ring_put(struct xe_ring *ring);

int xe_ring_submit(struct xe_ring *ring, const uint32_t *cmds, size_t ndw,
		   uint64_t *seqno);
int xe_ring_wait(struct xe_ring *ring, uint64_t seqno, uint64_t timeout_ns);
bool xe_ring_banned(const struct xe_ring *ring);

static inline uint64_t xe_ring_last(const struct xe_ring *ring)
{
	return atomic_load_explicit(&ring->submitted, memory_order_acquire);
}

#endif /* _XE_RING_H */
