/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_RING_TYPES_H
#define _XE_RING_TYPES_H

/* A ring as every layer sees it; what drives it is in ring.c (ring.h). */

#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <drm/xe_cbev_drm.h>

struct xe_device;

/*
 * How a ring's submissions reach the kernel (XE_CBEV_SUBMIT=ioctl, uring
 * or direct; direct by default):
 * @XE_SUBMIT_IOCTL: DRM_IOCTL_XE_CBEV_EXEC, a system call each;
 * @XE_SUBMIT_URING: the exec command through the process's SQPOLL io_uring;
 * @XE_SUBMIT_DIRECT: a direct queue: publish the tail in the status page,
 *	the doorbell ioctl only when the engine sleeps.
 */
enum xe_submit {
	XE_SUBMIT_IOCTL,
	XE_SUBMIT_URING,
	XE_SUBMIT_DIRECT,
};

/* Bytes of commands per ring: room for about a thousand appends. */
#define XE_RING_SIZE		(128u << 10)
/* Granularity of the room bookkeeping, and entries it needs for a ring. */
#define XE_RING_CROSSING_BYTES	1024u
#define XE_RING_CROSSINGS	256u

static_assert(XE_RING_CROSSINGS > XE_RING_SIZE / XE_RING_CROSSING_BYTES + 1,
	      "a ring's worth of crossings fits");

/**
 * struct xe_ring - a kernel exec queue and its ring, as the library drives it
 * @dev: the device
 * @refs: references: the owner (command queue or immediate list), fences
 *	and lists whose last execution it holds
 * @id: the kernel's exec queue id
 * @serial: unique in the process and never reused, unlike @id (the kernel
 *	hands a destroyed queue's id out again): what caches of the
 *	kernel's record of a writer compare (xe_counter_set_writer())
 * @map: status page and ring, mapped read-write
 * @map_size: bytes of @map
 * @status: the kernel's status page, read-only
 * @cmds: the ring's command bytes
 * @size: bytes of @cmds, a power of two
 * @lock: serialises submissions (command queues are free-threaded)
 * @tail: bytes submitted since creation, under @lock
 * @submitted: the sequence number of the last submission (release-stored
 *	after the kernel accepted it, read without @lock)
 * @crossing: under @lock: entry k % XE_RING_CROSSINGS is the sequence
 *	number of the first submission whose end reached ring position
 *	k * XE_RING_CROSSING_BYTES (what a writer waiting for room waits for)
 * @dead: the owner destroyed the queue; nothing more is submitted, and
 *	what it had not executed never will be
 * @submit: how submissions reach the kernel (enum xe_submit); set at
 *	creation
 * @prev: device's list of rings, under &xe_device.ring_lock
 * @next: device's list of rings, under &xe_device.ring_lock
 * @busy_runs: atomic; submissions that may run kernels made while the
 *	ring was busy, for the rate of the fault guard (append/append.c)
 */
struct xe_ring {
	struct xe_device *dev;
	atomic_uint refs;
	uint32_t id;
	uint64_t serial;
	void *map;
	size_t map_size;
	const struct drm_xe_cbev_ring_status *status;
	uint8_t *cmds;
	uint32_t size;
	pthread_mutex_t lock;
	uint64_t tail;
	_Atomic uint64_t submitted;
	uint64_t crossing[XE_RING_CROSSINGS];
	atomic_bool dead;
	uint32_t submit;
	struct xe_ring *prev;
	struct xe_ring *next;
	uint32_t busy_runs;
};

static inline uint64_t xe_ring_last(const struct xe_ring *ring)
{
	return atomic_load_explicit(&ring->submitted, memory_order_acquire);
}

/*
 * The sequence number of the last submission the engine finished (the
 * kernel's status page). Acquire: what its commands wrote is seen after.
 */
static inline uint64_t xe_ring_completed(const struct xe_ring *ring)
{
	return __atomic_load_n(&ring->status->completed_seqno,
			       __ATOMIC_ACQUIRE);
}

/* Has the engine finished submission @seqno (0: nothing)? */
static inline bool xe_ring_done(const struct xe_ring *ring, uint64_t seqno)
{
	return xe_ring_completed(ring) >= seqno;
}

#endif /* _XE_RING_TYPES_H */
