// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/**
 * DOC: writers of a regular list's events
 *
 * The kernel ends waits on a value whose writing queue was banned, once
 * it knows that queue (DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER). A regular
 * list that signals regular events learns its writer only when a queue
 * executes it, so it records the events' state addresses as it is
 * appended to, and an execution tells the kernel about them when the
 * queue differs from the last one, or about the ones recorded since: an
 * execution on the same queue as before costs no system call.
 *
 * An allocation failure only loses the record of an event (its waits then
 * end with a ban of the writer only if they name it); nothing fails.
 */

#include <stdlib.h>

#include "lists/writes.h"
#include "core/libze_private.h"
#include "core/types.h"
#include "submission/kmd.h"
#include "submission/ring_types.h"

/**
 * xe_writes_record() - the list signals the regular event at @addr
 * @w: the list's record
 * @addr: GPU address of the event's state
 */
void xe_writes_record(struct xe_writes *w, uint64_t addr)
{
	uint64_t *v;
	size_t cap;

	/* An event signalled by consecutive appends is recorded once. */
	if (w->n && w->addr[w->n - 1] == addr)
		return;
	if (w->n == w->cap) {
		cap = w->cap ? 2 * w->cap : 8;
		v = realloc(w->addr, cap * sizeof(*v));
		if (!v)
			return;
		w->addr = v;
		w->cap = cap;
	}
	w->addr[w->n++] = addr;
}

/**
 * xe_writes_commit() - the list was submitted to @ring
 * @w: the list's record
 * @ring: the queue that executes the list
 */
void xe_writes_commit(struct xe_writes *w, const struct xe_ring *ring)
{
	size_t i;

	if (w->serial != ring->serial) {
		w->serial = ring->serial;
		w->sent = 0;
	}
	/* An address bound read-only (an imported pool) is refused: skipped. */
	for (i = w->sent; i < w->n; i++)
		(void)xe_kmd_set_writer(ring->dev->fd, w->addr[i], 0, ring->id);
	w->sent = w->n;
}

/**
 * xe_writes_release() - forget every event (the list is reset or freed)
 * @w: the list's record
 */
void xe_writes_release(struct xe_writes *w)
{
	free(w->addr);
	*w = (struct xe_writes){ 0 };
}
