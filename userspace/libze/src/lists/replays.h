/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_REPLAYS_H
#define _XE_REPLAYS_H

#include <stddef.h>
#include <stdint.h>

#include "events/event_types.h"

/**
 * struct xe_replay - a signal a regular list recorded that replaces its
 * event's state, which every execution of the list gives the event again
 * @ev: the event, held
 * @ts: the signal's timestamp slot, held, or NULL
 * @value: the value the recorded append bumps the list's counter to
 * @sig: from xe_cmdlist_exec_begin() to the execution's commit or abort:
 *	the state prepared for @ev (struct xe_event_ops.prepare_replay)
 */
struct xe_replay {
	struct xe_event *ev;
	struct xe_ts_slot *ts;
	uint64_t value;
	struct xe_signal sig;
};

/**
 * struct xe_replays - the state-replacing signals a regular list recorded
 * (execute.c)
 * @v: the signals, in recording order
 * @n: entries in @v
 * @cap: room in @v
 */
struct xe_replays {
	struct xe_replay *v;
	size_t n;
	size_t cap;
};

int xe_replays_grow(struct xe_replays *replays);
void xe_replays_add(struct xe_replays *replays, struct xe_event *ev,
		    struct xe_ts_slot *ts, uint64_t value);

/* Room for one more recorded signal: 0 or -ENOMEM (xe_replays_grow()). */
static inline int xe_replays_reserve(struct xe_replays *replays)
{
	return replays->n < replays->cap ? 0 : xe_replays_grow(replays);
}

/**
 * xe_replays_record() - a recorded append signals @ev
 * @replays: the list's signals, with room (xe_replays_reserve())
 * @ev: the event, whose state the signal replaces
 * @ts: the signal's timestamp slot, or NULL
 * @value: the value the append bumps the list's counter to
 *
 * Takes references of @ev and @ts. Signalled again right after, @ev keeps
 * one entry, the last signal's: without timestamps, only its value moves.
 */
static inline void xe_replays_record(struct xe_replays *replays,
				     struct xe_event *ev,
				     struct xe_ts_slot *ts, uint64_t value)
{
	struct xe_replay *last;

	if (replays->n) {
		last = &replays->v[replays->n - 1];
		if (last->ev == ev && !ts && !last->ts) {
			last->value = value;
			return;
		}
	}
	xe_replays_add(replays, ev, ts, value);
}
void xe_replays_release(struct xe_replays *replays);
struct xe_replay *xe_replays_find(struct xe_replays *replays,
				  const struct xe_event *ev, uint64_t value);
void xe_replay_set_event(struct xe_replay *r, struct xe_event *ev);

#endif /* _XE_REPLAYS_H */
