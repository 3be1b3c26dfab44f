// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: executing regular lists
 *
 * zeCommandQueueExecuteCommandLists() and
 * zeCommandListImmediateAppendCommandListsExp() execute closed regular
 * lists inside one append (append/append.c, xe_append_execute()): a
 * second-level MI_BATCH_BUFFER_START of each list's batch, submitted to a
 * queue's ring or an immediate list's. This file is what an execution does
 * to the list and to the events it signals, in three steps that follow the
 * append's:
 *
 *   xe_cmdlist_exec_begin()   before the submission: a fresh state for
 *                             each event the list signals (below), then the
 *                             list's counter goes back to 0 from the host
 *                             (COUNTER_SET), its old value saved
 *   xe_cmdlist_exec_commit()  the submission went out: the events take
 *                             their states, before the append's own signal
 *   xe_cmdlist_exec_abort()   or it was refused: the states are dropped and
 *                             the counter gets its old value back
 *
 * The seed: "Each regular command list execution updates state of the
 * events that will be signaled in that command list to 'not ready'", also
 * when another list signalled such an event since the recording. So a
 * regular list keeps, for every recorded signal that replaces its event's
 * state (counter-based events), the event (counted), the value and the
 * timestamp slot of the recording (struct xe_replays), and each execution
 * publishes, through the event's kind (struct xe_event_ops), the state the
 * recording gave it: (this list's counter, that value), which reads "not
 * ready" from the call on since the counter is 0, and which
 * zexEventGetDeviceAddress() returns. An event signalled twice in a row by
 * one list is recorded once, with its last signal. A list executed twice
 * by one call begins once: the engine sets its counter to 0 again before
 * the second batch.
 *
 * A list without such signals costs nothing more than before: no state is
 * made, and the recording path allocates nothing but the growth of the
 * array, as the keeps do. The counter is set from the host at the call (in
 * host program order, so that waits recorded elsewhere wait for this
 * execution) and nothing else writes it meanwhile: the previous execution
 * has finished (xe_cmdlist_check_executable()).
 */

#include <errno.h>
#include <stdlib.h>

#include "core/libze_private.h"
#include "core/types.h"
#include "events/counter.h"
#include "events/event.h"
#include "events/timestamp.h"
#include "lists/cmdlist.h"
#include "append/execute.h"
#include "lists/replays.h"
#include "submission/batch.h"
#include "submission/encoder.h"
#include "submission/ring.h"

/*
 * Has the last execution of in-order @list finished? Its ring says so once
 * the whole submission ended. Before that, a list its call executed once
 * is done as soon as its counter reached the value of its last append:
 * nothing of the execution writes the counter after that, and an
 * application that waited for the list's last event, or for a signal that
 * follows the list in the same submission, knows it is done (and may run
 * it again, as the spec has it) while the ring has not yet said so. A list
 * executed twice by one call reaches that value twice: only the ring tells.
 */
static bool last_execution_done(const struct xe_cmdlist *list)
{
	if (!list->exec_ring ||
	    atomic_load_explicit(&list->exec_ring->dead, memory_order_acquire) ||
	    xe_ring_done(list->exec_ring, list->exec_seqno))
		return true;
	return !list->exec_repeated &&
	       xe_counter_read(list->counter) >= list->counter_value;
}

/**
 * xe_cmdlist_check_executable() - may a queue of @ordinal execute @list?
 * @list: the list
 * @ordinal: the queue's command queue group
 *
 * Return: 0; -EINVAL for an immediate or an open list, or a mutable list
 * updated and not closed again; -EXDEV for a list
 * of another group; -EBUSY for an in-order list whose last execution is
 * still running (its counter is rewound by the next one).
 */
int xe_cmdlist_check_executable(struct xe_cmdlist *list, uint32_t ordinal)
{
	if (list->immediate || !list->closed || list->updated)
		return -EINVAL;
	if (list->ordinal != ordinal)
		return -EXDEV;
	if (list->in_order && !last_execution_done(list))
		return -EBUSY;
	return 0;
}

/**
 * xe_emit_execute() - emit the commands that execute @list from a ring
 * @cs: where
 * @list: a regular list
 * @again: the same submission executed @list before: its counter goes
 *	back to 0 on the engine, between the two
 *
 * The host sets the counter to 0 for the first execution of a call
 * (xe_cmdlist_exec_begin()), so that one costs the engine nothing more.
 *
 * Return: the end of what was emitted.
 */
uint32_t *xe_emit_execute(uint32_t *cs, struct xe_cmdlist *list, bool again)
{
	if (list->in_order && again)
		cs = xe_emit_store_qword(cs, list->counter->gpu_addr, 0);
	return xe_emit_bb_start(cs, xe_batch_start(&list->batch), true);
}

/* Drop the states prepared for the first @n recorded signals. */
static void cancel_replays(struct xe_replays *replays, size_t n)
{
	struct xe_replay *r;

	while (n--) {
		r = &replays->v[n];
		r->ev->ops->cancel_signal(r->ev, &r->sig);
	}
}

/**
 * xe_cmdlist_exec_begin() - start an execution of @list, before it is
 * submitted
 * @list: a regular list that xe_cmdlist_check_executable() accepted
 *
 * Prepares the states the events the list signals take back at the commit,
 * then sets an in-order list's counter to 0 at once, saving its value. The
 * caller ends it with xe_cmdlist_exec_commit() or xe_cmdlist_exec_abort()
 * (also when @list is begun already, by the same call: then it does
 * nothing).
 *
 * Return: 0 or a negative errno, and nothing changed.
 */
int xe_cmdlist_exec_begin(struct xe_cmdlist *list)
{
	struct xe_replays *replays = &list->replays;
	struct xe_replay *r;
	size_t i;
	int err = 0;

	if (!list->in_order)
		return 0;
	if (list->exec_begun) {
		list->exec_repeated = true;	/* by the same call */
		return 0;
	}
	list->exec_repeated = false;
	for (i = 0; i < replays->n && !err; i++) {
		r = &replays->v[i];
		err = r->ev->ops->prepare_replay(r->ev, r->ts, &r->sig);
	}
	if (err) {
		cancel_replays(replays, i - 1);
		return err;
	}
	list->exec_saved = xe_counter_read(list->counter);
	/* At 0 already (a graph's replay rewound it): no system call. */
	err = list->exec_saved ? xe_counter_set(list->counter, 0) : 0;
	if (err) {
		cancel_replays(replays, replays->n);
		return err;
	}
	list->exec_begun = true;
	return 0;
}

/**
 * xe_cmdlist_exec_commit() - the execution of @list was submitted
 * @list: the list
 * @ring: where it runs
 * @seqno: its completion point there
 *
 * The events the list signals take the states prepared for them (in
 * recording order: the last signal of an event wins, as in the recording).
 */
void xe_cmdlist_exec_commit(struct xe_cmdlist *list, struct xe_ring *ring,
			    uint64_t seqno)
{
	struct xe_replays *replays = &list->replays;
	struct xe_replay *r;
	size_t i;

	/* @ring writes the list's regular events now. */
	xe_writes_commit(&list->writes, ring);
	if (!list->in_order)
		return;
	/* @ring writes the counter now: a ban of it ends waits on it. */
	xe_counter_set_writer(list->counter, ring);
	if (list->exec_begun) {
		for (i = 0; i < replays->n; i++) {
			r = &replays->v[i];
			r->ev->ops->publish_signal(r->ev, &r->sig,
						   list->counter, r->value);
		}
		list->exec_begun = false;
	}
	/* Where it last executed, for the next check. */
	if (list->exec_ring != ring) {
		xe_ring_put(list->exec_ring);
		list->exec_ring = xe_ring_get(ring);
	}
	list->exec_seqno = seqno;
}

/**
 * xe_cmdlist_exec_abort() - the execution of @list was not submitted
 * @list: the list
 *
 * Drops the prepared states and gives the counter its value back: the
 * list and its events are as they were before the call.
 */
void xe_cmdlist_exec_abort(struct xe_cmdlist *list)
{
	if (!list->exec_begun)
		return;
	cancel_replays(&list->replays, list->replays.n);
	/* Nothing to do if it fails: the next execution sets it anyway. */
	(void)xe_counter_set(list->counter, list->exec_saved);
	list->exec_begun = false;
}
