// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: what a list keeps alive
 *
 * Counter-based events may be destroyed, or signalled again, while
 * commands that use their earlier state have not run yet. Most of what
 * those commands touch the kernel keeps alive by itself: a freed counter
 * slot is not handed out while work submitted before may use it. What it
 * cannot know about, the list keeps, counted, until the commands cannot run
 * any more:
 *
 * - timestamp slots the commands write (a slot freed too early would be
 *   handed to another event, whose timestamps the late write would spoil);
 * - IPC views of other processes' counters the commands wait on (their
 *   address would be unbound, or bound to something else);
 * - for a regular list, the counters its recorded waits read: every
 *   execution reads them again, long after the event that named them is
 *   gone.
 *
 * What to keep, and how to drop it, is the event kind's business (struct
 * xe_ref, from struct xe_event_ops); this file only holds the references.
 * An append adds its entries as it is built (append/append.c) and owns
 * those from where it started: its commit stamps them with its ring
 * submission, its abort drops them at once. An immediate list drops an
 * entry once its ring executed the submission that made it (checked at
 * each commit); a regular list keeps everything until it is reset or
 * destroyed.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/libze_private.h"
#include "lists/keep.h"
#include "submission/ring_types.h"

/**
 * xe_keeps_add() - hold @ref for commands being built
 * @keeps: the list's entries
 * @ref: a reference of the caller's, which the entry takes over (dropped
 *	at once if there is no room); nothing if @ref.obj is NULL
 *
 * Return: 0 or -ENOMEM.
 */
int xe_keeps_add(struct xe_keeps *keeps, struct xe_ref ref)
{
	if (!ref.obj)
		return 0;
	if (keeps->n == keeps->cap) {
		size_t cap = keeps->cap ? 2 * keeps->cap : 16;
		struct xe_keep *v = realloc(keeps->v, cap * sizeof(*v));

		if (!v) {
			ref.put(ref.obj);
			return -ENOMEM;
		}
		keeps->v = v;
		keeps->cap = cap;
	}
	keeps->v[keeps->n++] = (struct xe_keep){ .ref = ref };
	return 0;
}

/*
 * The entries from @from on belong to commands that were submitted
 * (immediate: @seqno is their completion point) or recorded (0).
 */
void xe_keeps_commit(struct xe_keeps *keeps, size_t from, uint64_t seqno)
{
	size_t i;

	for (i = from; i < keeps->n; i++)
		keeps->v[i].seqno = seqno;
}

/* Drop the entries from @from on: their commands will never run. */
void xe_keeps_drop_from(struct xe_keeps *keeps, size_t from)
{
	while (keeps->n > from) {
		struct xe_keep *keep = &keeps->v[--keeps->n];

		keep->ref.put(keep->ref.obj);
	}
}

/*
 * Immediate lists: drop the entries whose commands @ring executed. Entries
 * are in submission order, so the executed ones come first.
 */
void xe_keeps_retire(struct xe_keeps *keeps, const struct xe_ring *ring)
{
	size_t n = 0;

	while (n < keeps->n && xe_ring_done(ring, keeps->v[n].seqno)) {
		keeps->v[n].ref.put(keeps->v[n].ref.obj);
		n++;
	}
	if (!n)
		return;
	memmove(keeps->v, keeps->v + n, (keeps->n - n) * sizeof(*keeps->v));
	keeps->n -= n;
}

/*
 * Drop every entry: the list's commands cannot run any more (its ring is
 * destroyed, or a regular list is reset or destroyed while idle).
 */
void xe_keeps_release(struct xe_keeps *keeps)
{
	xe_keeps_drop_from(keeps, 0);
	free(keeps->v);
	*keeps = (struct xe_keeps){ 0 };
}
