/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: recorded signals of regular lists
 *
 * What an execution of a regular in-order list gives its counter-based
 * events again (see "executing regular lists", execute.c): the signals
 * its recording made, each with its event, value and timestamp slot held
 * until the list is reset or destroyed.
 */

#include <errno.h>
#include <stdlib.h>

#include "core/libze_private.h"
#include "events/event.h"
#include "events/timestamp.h"
#include "lists/replays.h"

/**
 * xe_replays_grow() - room for one more recorded signal, so that recording
 * it when its append commits cannot fail (xe_replays_reserve(), when the
 * array is full)
 * @replays: the list's signals
 *
 * Return: 0 or -ENOMEM.
 */
int xe_replays_grow(struct xe_replays *replays)
{
	size_t cap = replays->cap ? 2 * replays->cap : 8;
	struct xe_replay *v;

	if (replays->n < replays->cap)
		return 0;
	v = realloc(replays->v, cap * sizeof(*v));
	if (!v)
		return -ENOMEM;
	replays->v = v;
	replays->cap = cap;
	return 0;
}

/* xe_replays_record() but for a value moved in the last entry. */
void xe_replays_add(struct xe_replays *replays, struct xe_event *ev,
		    struct xe_ts_slot *ts, uint64_t value)
{
	struct xe_replay *last = replays->n ? &replays->v[replays->n - 1] : NULL;

	if (ts)
		xe_ts_get(ts);
	if (last && last->ev == ev) {
		xe_ts_put(last->ts);
		last->ts = ts;
		last->value = value;
		return;
	}
	replays->v[replays->n++] = (struct xe_replay){
		.ev = xe_event_get(ev),
		.ts = ts,
		.value = value,
	};
}

/* Drop every recorded signal: the list is reset or destroyed. */
void xe_replays_release(struct xe_replays *replays)
{
	size_t i;

	for (i = 0; i < replays->n; i++) {
		xe_ts_put(replays->v[i].ts);
		xe_event_put(replays->v[i].ev);
	}
	free(replays->v);
	*replays = (struct xe_replays){ 0 };
}

/**
 * xe_replays_find() - the recorded signal of @ev that bumps the list's
 * counter to @value
 * @replays: the list's signals
 * @ev: the event
 * @value: the value
 *
 * Return: the entry, or NULL (none, or merged into a later signal of @ev).
 */
struct xe_replay *xe_replays_find(struct xe_replays *replays,
				  const struct xe_event *ev, uint64_t value)
{
	size_t i;

	for (i = 0; i < replays->n; i++)
		if (replays->v[i].ev == ev && replays->v[i].value == value)
			return &replays->v[i];
	return NULL;
}

/* The signal @r recorded replays for @ev instead (a reference taken). */
void xe_replay_set_event(struct xe_replay *r, struct xe_event *ev)
{
	xe_event_get(ev);
	xe_event_put(r->ev);
	r->ev = ev;
}
