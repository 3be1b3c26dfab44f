// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: rings
 *
 * A ring is a kernel exec queue: a status page and a ring of commands that
 * the process maps read-write, and a tail it moves with
 * DRM_IOCTL_XE_CBEV_EXEC. Command queues and immediate command lists each
 * own one.
 *
 * Completion is the kernel's: every submission gets a sequence number
 * from the exec ioctl, and the kernel stores the number of the last one
 * the engine finished on the ring's status page (completed_seqno), where
 * the process reads it with one load and the kernel sleeps on it
 * (DRM_XE_CBEV_WAIT_COND_QUEUE). That one number tells
 *
 * - whether a submission completed (fences, queue and list synchronise,
 *   what a list keeps alive, heap chunks): completed_seqno >= its seqno;
 * - how much of the ring is free: the engine is done with every byte of a
 *   completed submission, so a writer that needs room up to position p
 *   waits for the first submission that ended at or past p. The ring
 *   remembers, for every XE_RING_CROSSING_BYTES of ring positions, the
 *   first submission whose end crossed them (no allocation), and waits
 *   for that one: at most that many bytes later than the exact point.
 *
 * The library adds no completion write of its own to the commands: the
 * only other one is an in-order list's counter (append.c), which is the
 * list's, not the ring's, because the device waits for it and the
 * counter-based events the list signals point at it.
 *
 * Submissions are serialised by the ring's mutex: Level Zero command
 * queues are free-threaded. The kernel sees the ring bytes once the exec
 * ioctl moves the tail (the system call orders the stores before it).
 *
 * How the tail moves is chosen per process by XE_CBEV_SUBMIT (enum
 * xe_submit): by default the ring is a direct queue, whose tail the
 * library publishes in the status page and the engine reads while it is
 * awake -- no system call, except the doorbell when the engine sleeps
 * (the uAPI's "direct submission"). A direct ring's submissions are named
 * by their tails, as the kernel names them in completed_seqno. "uring"
 * hands the exec command to an io_uring with a polling kernel thread
 * (kmd.c), "ioctl" makes the exec system call; both keep the kernel's
 * sequence numbers. A module without direct queues gets the exec ioctl.
 */

#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/libze_private.h"
#include "core/types.h"
#include "submission/kmd.h"
#include "submission/ring.h"
#include "submission/wait.h"

/*
 * The kernel bans a queue that makes no progress for its hang timeout. A
 * Level Zero queue legitimately waits on events for as long as the
 * application (or, through IPC, another process) takes to signal them, so
 * L0 queues are created with PATIENT_WAITS: time parked on a semaphore
 * never counts. What is left to catch is a submission that runs without
 * progress -- kernels included -- for a minute, or for
 * XE_CBEV_HANG_TIMEOUT_MS (10 to 600000) when the environment sets it.
 */
#define XE_RING_HANG_TIMEOUT_MS	60000u

static uint32_t ring_hang_timeout_ms(void)
{
	const char *env = getenv("XE_CBEV_HANG_TIMEOUT_MS");
	unsigned long ms = env ? strtoul(env, NULL, 0) : 0;

	return ms >= 10 && ms <= 600000 ? (uint32_t)ms : XE_RING_HANG_TIMEOUT_MS;
}

/*
 * A writer that finds a direct ring full waits until this much of it is
 * free, so that one wait in the kernel serves many appends: while the
 * engine keeps up, appends make no system call at all.
 */
#define XE_RING_ROOM_BATCH	(XE_RING_SIZE / 4)

/* XE_CBEV_SUBMIT: ioctl, uring or direct (the default). */
static uint32_t submit_mode(void)
{
	const char *s = getenv("XE_CBEV_SUBMIT");

	if (s && !strcmp(s, "ioctl"))
		return XE_SUBMIT_IOCTL;
	if (s && !strcmp(s, "uring"))
		return XE_SUBMIT_URING;
	return XE_SUBMIT_DIRECT;
}

static void device_add_ring(struct xe_device *dev, struct xe_ring *ring)
{
	pthread_mutex_lock(&dev->ring_lock);
	ring->prev = NULL;
	ring->next = dev->rings;
	if (dev->rings)
		dev->rings->prev = ring;
	dev->rings = ring;
	pthread_mutex_unlock(&dev->ring_lock);
}

static void device_del_ring(struct xe_device *dev, struct xe_ring *ring)
{
	pthread_mutex_lock(&dev->ring_lock);
	if (ring->prev)
		ring->prev->next = ring->next;
	else
		dev->rings = ring->next;
	if (ring->next)
		ring->next->prev = ring->prev;
	pthread_mutex_unlock(&dev->ring_lock);
}

/**
 * xe_ring_create() - create an exec queue and map its ring
 * @dev: the device
 * @priority: DRM_XE_CBEV_PRIORITY_*
 * @out: the ring, with one reference, for its owner
 *
 * Return: 0 or a negative errno.
 */
int xe_ring_create(struct xe_device *dev, uint32_t priority,
		   struct xe_ring **out)
{
	long page = sysconf(_SC_PAGESIZE);
	uint64_t mmap_offset;
	struct xe_ring *ring;
	int err;

	static _Atomic uint64_t serials;

	ring = calloc(1, sizeof(*ring));
	if (!ring)
		return -ENOMEM;
	ring->dev = dev;
	ring->serial = atomic_fetch_add_explicit(&serials, 1,
						 memory_order_relaxed) + 1;
	ring->size = XE_RING_SIZE;
	atomic_init(&ring->refs, 1);
	pthread_mutex_init(&ring->lock, NULL);

	ring->submit = submit_mode();
	err = xe_kmd_exec_queue_create(dev->fd, priority, ring->size,
				       DRM_XE_CBEV_EXEC_QUEUE_CREATE_PATIENT_WAITS |
				       (ring->submit == XE_SUBMIT_DIRECT ?
					DRM_XE_CBEV_EXEC_QUEUE_CREATE_DIRECT : 0),
				       ring_hang_timeout_ms(), &ring->id,
				       &mmap_offset);
	/* A module without direct queues: the exec ioctl. */
	if (err == -EINVAL && ring->submit == XE_SUBMIT_DIRECT) {
		ring->submit = XE_SUBMIT_IOCTL;
		err = xe_kmd_exec_queue_create(dev->fd, priority, ring->size,
					       DRM_XE_CBEV_EXEC_QUEUE_CREATE_PATIENT_WAITS,
					       XE_RING_HANG_TIMEOUT_MS, &ring->id,
					       &mmap_offset);
	}
	if (err)
		goto err_free;

	ring->map_size = page + ring->size;
	err = xe_kmd_map(dev->fd, mmap_offset, ring->map_size, 0, true,
			 &ring->map);
	if (err)
		goto err_queue;
	ring->status = ring->map;
	ring->cmds = (uint8_t *)ring->map + page;

	device_add_ring(dev, ring);
	*out = ring;
	return 0;

err_queue:
	xe_kmd_exec_queue_destroy(dev->fd, ring->id);
err_free:
	pthread_mutex_destroy(&ring->lock);
	free(ring);
	return err;
}

struct xe_ring *xe_ring_get(struct xe_ring *ring)
{
	atomic_fetch_add_explicit(&ring->refs, 1, memory_order_relaxed);
	return ring;
}

void xe_ring_put(struct xe_ring *ring)
{
	if (!ring ||
	    atomic_fetch_sub_explicit(&ring->refs, 1, memory_order_acq_rel) != 1)
		return;

	xe_kmd_unmap(ring->map, ring->map_size);
	pthread_mutex_destroy(&ring->lock);
	free(ring);
}

/**
 * xe_ring_destroy() - destroy the exec queue and drop the owner's reference
 * @ring: the ring
 *
 * The kernel stops the queue at once. Fences and lists that still hold the
 * ring see it dead: what completed before stays completed, the rest never
 * completes.
 */
void xe_ring_destroy(struct xe_ring *ring)
{
	device_del_ring(ring->dev, ring);
	pthread_mutex_lock(&ring->lock);
	atomic_store_explicit(&ring->dead, true, memory_order_release);
	xe_kmd_exec_queue_destroy(ring->dev->fd, ring->id);
	pthread_mutex_unlock(&ring->lock);
	xe_ring_put(ring);
}

bool xe_ring_banned(const struct xe_ring *ring)
{
	return __atomic_load_n(&ring->status->state, __ATOMIC_ACQUIRE) ==
	       DRM_XE_CBEV_EXEC_QUEUE_STATE_BANNED;
}

/* Copy @len bytes to ring position @pos, wrapping at the end of the ring. */
static void ring_write(struct xe_ring *ring, uint64_t pos, const void *src,
		       size_t len)
{
	uint32_t off = pos & (ring->size - 1);
	size_t first = ring->size - off < len ? ring->size - off : len;

	memcpy(ring->cmds + off, src, first);
	memcpy(ring->cmds, (const uint8_t *)src + first, len - first);
}

/* Where the kernel stores the ring's completed sequence number. */
static const uint64_t *ring_completed_word(const struct xe_ring *ring)
{
	static_assert(sizeof(ring->status->completed_seqno) == sizeof(uint64_t),
		      "completed_seqno is a 64-bit word");
	return (const uint64_t *)&ring->status->completed_seqno;
}

/* Bytes the kernel says the engine consumed (its status page). */
static uint64_t ring_head(const struct xe_ring *ring)
{
	return __atomic_load_n(&ring->status->head, __ATOMIC_ACQUIRE);
}

/*
 * Wait, with @ring->lock held, until @need bytes after the tail are free.
 * The kernel accepts a tail only within ring_size of the head on its
 * status page, which it moves just after executing each command: sleep
 * until the first submission that ended at or past the room needed
 * completed (the head is past its end then), then check the head.
 */
static int ring_make_room_locked(struct xe_ring *ring, uint64_t need)
{
	uint64_t free_at, k, seqno;
	unsigned int spins = 0;
	int err;

	if (ring->tail + need <= ring->size)
		return 0;
	free_at = ring->tail + need - ring->size;
	if (ring_head(ring) >= free_at)
		return 0;
	if (ring->submit == XE_SUBMIT_DIRECT && need < XE_RING_ROOM_BATCH &&
	    ring->tail + XE_RING_ROOM_BATCH - ring->size > free_at)
		free_at = ring->tail + XE_RING_ROOM_BATCH - ring->size;

	/* free_at <= tail: the last submission ended there at the latest. */
	k = (free_at + XE_RING_CROSSING_BYTES - 1) / XE_RING_CROSSING_BYTES;
	if (k * XE_RING_CROSSING_BYTES <= ring->tail)
		seqno = ring->crossing[k % XE_RING_CROSSINGS];
	else
		seqno = xe_ring_last(ring);
	if (!xe_ring_done(ring, seqno)) {
		err = xe_wait_queue(ring->dev, ring_completed_word(ring),
				    ring->id, seqno, XE_TIMEOUT_INFINITE);
		if (err)
			return err;
	}
	while (ring_head(ring) < free_at) {
		if (xe_ring_banned(ring))
			return -EIO;
		if (++spins % 64 == 0)
			sched_yield();
	}
	return 0;
}

/* Note, with @ring->lock held, the ring positions submission @seqno crossed. */
static void ring_note_crossings_locked(struct xe_ring *ring, uint64_t tail,
				       uint64_t seqno)
{
	uint64_t k;

	for (k = ring->tail / XE_RING_CROSSING_BYTES + 1;
	     k * XE_RING_CROSSING_BYTES <= tail; k++)
		ring->crossing[k % XE_RING_CROSSINGS] = seqno;
}

/*
 * Publish @tail on a direct ring, with @ring->lock held: the uAPI's
 * barrier pairs. The release store orders the commands before the tail;
 * the full fence orders the tail before the flag's load, as the engine's
 * orders NEED_WAKEUP before its last look at the tail: one of the two sees
 * the other, so the doorbell is rung whenever the engine may sleep.
 */
static int ring_publish_direct_locked(struct xe_ring *ring, uint64_t tail)
{
	struct drm_xe_cbev_ring_status *st =
		(struct drm_xe_cbev_ring_status *)ring->status;

	if (xe_ring_banned(ring))
		return -EIO;
	__atomic_store_n(&st->user_tail, tail, __ATOMIC_RELEASE);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (__atomic_load_n(&st->flags, __ATOMIC_RELAXED) &
	    DRM_XE_CBEV_RING_NEED_WAKEUP)
		return xe_kmd_exec_queue_wake(ring->dev->fd, ring->id);
	return 0;
}

/* Move the kernel's tail to @tail; @done gets the submission's name. */
static int ring_kick_locked(struct xe_ring *ring, uint64_t tail, uint64_t *done)
{
	switch (ring->submit) {
	case XE_SUBMIT_DIRECT:
		*done = tail;
		return ring_publish_direct_locked(ring, tail);
	case XE_SUBMIT_URING:
		return xe_kmd_exec_sqpoll(ring->dev->fd, ring->id, tail, done);
	default:
		return xe_kmd_exec(ring->dev->fd, ring->id, tail, done);
	}
}

/**
 * xe_ring_submit() - append commands to the ring and submit them
 * @ring: the ring
 * @cmds: the commands
 * @ndw: dwords at @cmds
 * @seqno: if not NULL, the submission's completion point (see xe_ring_wait())
 *
 * Waits for room if the ring is full.
 *
 * Return: 0; -E2BIG if the commands can never fit; -ESRCH if the ring was
 * destroyed; -EIO if the kernel banned the queue; another negative errno.
 */
int xe_ring_submit(struct xe_ring *ring, const uint32_t *cmds, size_t ndw,
		   uint64_t *seqno)
{
	uint64_t len = ndw * 4, tail, done;
	int err;

	if (len > ring->size)
		return -E2BIG;

	pthread_mutex_lock(&ring->lock);
	if (atomic_load_explicit(&ring->dead, memory_order_relaxed)) {
		err = -ESRCH;
		goto out_unlock;
	}
	/*
	 * Nothing to execute: it completes with what came before, and costs
	 * the kernel no job (a banned queue still refuses it).
	 */
	if (!len) {
		err = xe_ring_banned(ring) ? -EIO : 0;
		done = xe_ring_last(ring);
		goto out_seqno;
	}

	err = ring_make_room_locked(ring, len);
	if (err)
		goto out_unlock;

	tail = ring->tail + len;
	ring_write(ring, ring->tail, cmds, len);

	err = ring_kick_locked(ring, tail, &done);
	if (err)
		goto out_unlock;

	ring_note_crossings_locked(ring, tail, done);
	ring->tail = tail;
	atomic_store_explicit(&ring->submitted, done, memory_order_release);
out_seqno:
	if (seqno && !err)
		*seqno = done;
out_unlock:
	pthread_mutex_unlock(&ring->lock);
	return err;
}

/**
 * xe_ring_wait() - wait until a submission completed
 * @ring: the ring
 * @seqno: what xe_ring_submit() returned (0: nothing to wait for)
 * @timeout_ns: Level Zero timeout
 *
 * Return: 0; -ETIME on timeout; -EIO if the queue is banned; -ESRCH if the
 * ring was destroyed before the submission completed.
 */
int xe_ring_wait(struct xe_ring *ring, uint64_t seqno, uint64_t timeout_ns)
{
	if (xe_ring_done(ring, seqno))
		return 0;
	if (atomic_load_explicit(&ring->dead, memory_order_acquire))
		return -ESRCH;
	if (xe_ring_banned(ring))
		return -EIO;
	return xe_wait_queue(ring->dev, ring_completed_word(ring),
			     ring->id, seqno, timeout_ns);
}
