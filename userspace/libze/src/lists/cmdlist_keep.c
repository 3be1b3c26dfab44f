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
 * An immediate list drops an entry once its ring executed the append that
 * made it (checked at each append); a regular list keeps everything until
 * it is reset or destroyed. Entries of an append that fails are dropped at
 * once (xe_cmdlist_keep_abort()), as are those of an append abandoned
 * half-built, at the start of the next one.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/libze_private.h"
#include "events/cb_event.h"
#include "lists/cmdlist.h"
#include "events/counter.h"
#include "submission/ring.h"
#include "events/timestamp.h"

static void *keep_get(enum xe_keep_kind kind, void *obj)
{
	switch (kind) {
	case XE_KEEP_COUNTER:
		return xe_counter_get(obj);
	case XE_KEEP_IMPORT:
		return xe_cb_import_get(obj);
	case XE_KEEP_TS:
		return xe_ts_get(obj);
	}
	return obj;
}

static void keep_put(struct xe_cmdlist *list, const struct xe_keep *keep)
{
	switch (keep->kind) {
	case XE_KEEP_COUNTER:
		xe_counter_put(keep->obj);
		break;
	case XE_KEEP_IMPORT:
		xe_cb_import_put(keep->obj);
		break;
	case XE_KEEP_TS:
		xe_ts_put(list->dev, keep->obj);
		break;
	}
}

/**
 * xe_cmdlist_keep() - keep @obj alive for the append being built
 * @list: the list
 * @kind: what @obj is
 * @obj: the object; the list takes a reference of its own
 *
 * Return: 0 or -ENOMEM.
 */
int xe_cmdlist_keep(struct xe_cmdlist *list, enum xe_keep_kind kind,
		    void *obj)
{
	if (list->num_keeps == list->keeps_cap) {
		size_t cap = list->keeps_cap ? 2 * list->keeps_cap : 16;
		struct xe_keep *keeps;

		keeps = realloc(list->keeps, cap * sizeof(*keeps));
		if (!keeps)
			return -ENOMEM;
		list->keeps = keeps;
		list->keeps_cap = cap;
	}
	list->keeps[list->num_keeps++] = (struct xe_keep){
		.kind = kind,
		.obj = keep_get(kind, obj),
	};
	return 0;
}

/*
 * The append was submitted (immediate: @seqno is its completion point) or
 * recorded: its entries now belong to the list.
 */
void xe_cmdlist_keep_commit(struct xe_cmdlist *list, uint64_t seqno)
{
	size_t i;

	for (i = list->keeps_committed; i < list->num_keeps; i++)
		list->keeps[i].seqno = seqno;
	list->keeps_committed = list->num_keeps;
}

/* Drop the entries of an append that was not submitted or recorded. */
void xe_cmdlist_keep_abort(struct xe_cmdlist *list)
{
	while (list->num_keeps > list->keeps_committed)
		keep_put(list, &list->keeps[--list->num_keeps]);
}

/*
 * Immediate lists: drop the entries whose commands the ring executed.
 * Entries are in submission order, so the executed ones come first.
 */
void xe_cmdlist_keep_retire(struct xe_cmdlist *list)
{
	size_t n = 0;

	if (!list->immediate || !list->keeps_committed)
		return;
	while (n < list->keeps_committed &&
	       xe_ring_done(list->ring, list->keeps[n].seqno))
		keep_put(list, &list->keeps[n++]);
	if (!n)
		return;
	memmove(list->keeps, list->keeps + n,
		(list->num_keeps - n) * sizeof(*list->keeps));
	list->num_keeps -= n;
	list->keeps_committed -= n;
}

/*
 * Drop every entry: the list's commands cannot run any more (its ring is
 * destroyed, or a regular list is reset or destroyed while idle).
 */
void xe_cmdlist_keep_release(struct xe_cmdlist *list)
{
	size_t i;

	for (i = 0; i < list->num_keeps; i++)
		keep_put(list, &list->keeps[i]);
	free(list->keeps);
	list->keeps = NULL;
	list->num_keeps = 0;
	list->keeps_cap = 0;
	list->keeps_committed = 0;
}
