/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_APPEND_H
#define _XE_APPEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <level_zero/ze_api.h>
#include <zex_spec.h>

#include "events/event.h"
#include "append/append_types.h"
#include "lists/keep.h"

struct xe_cmdlist;
struct xe_context;
struct xe_overflow;
struct xe_ring;


/**
 * struct xe_append - one append, from xe_append_begin() to
 * xe_append_commit() or xe_append_abort()
 * @ctx: the context whose device-lost state errors update
 * @list: the list appended to; NULL for a command queue's execution
 * @ring: where the commit submits (an immediate list's ring, a queue's);
 *	NULL: it records into @list's batch
 * @overflow: with @ring: its owner's batches for a submission too large
 *	to copy into the ring, which the ring then calls
 * @mode: ze_command_queue_mode_t of @ring's owner (synchronous: the commit
 *	waits for the submission)
 * @cs: the staging buffer the commands are built in
 * @signal: the event the append signals, or NULL
 * @sig: what @signal's kind prepared for it (struct xe_signal)
 * @keep_from: the entries of @list's keeps from this one on are the
 *	append's: stamped by the commit, dropped by an abort
 * @replay: the commit records @signal's new state in @list (a regular
 *	list: its executions give it back, append/execute.c); room reserved
 * @execs: regular lists the append executes (xe_append_execute()), the
 *	caller's array, alive until the append ends
 * @nexecs: those of @execs begun: the commit starts their executions, an
 *	abort takes them back
 * @waits_at: where in @cs the waits for the wait events begin
 * @value: in-order lists: the value the append bumps the counter to
 * @seqno: after a commit to a ring: the submission's completion point
 * @committed: the commands were submitted or recorded
 * @dispatches: the commands may run user kernels (a launch, or lists
 *	that recorded one): a commit to an idle ring has the dispatcher make
 *	sure their faults come to the execution units (modules/eu_fault.c)
 *
 * Lives on the caller's stack: an append allocates nothing of its own.
 */
struct xe_append {
	struct xe_context *ctx;
	struct xe_cmdlist *list;
	struct xe_ring *ring;
	struct xe_overflow *overflow;
	ze_command_queue_mode_t mode;
	struct xe_cs *cs;
	struct xe_event *signal;
	struct xe_signal sig;
	size_t keep_from;
	bool replay;
	ze_command_list_handle_t *execs;
	uint32_t nexecs;
	size_t waits_at;
	uint64_t value;
	uint64_t seqno;
	bool committed;
	bool dispatches;
};

ze_result_t xe_append_begin(struct xe_append *a, ze_command_list_handle_t h,
			    ze_event_handle_t hSignalEvent,
			    uint32_t numWaitEvents,
			    ze_event_handle_t *phWaitEvents);
void xe_append_begin_queue(struct xe_append *a, struct xe_context *ctx,
			   struct xe_ring *ring, struct xe_overflow *overflow,
			   ze_command_queue_mode_t mode, struct xe_cs *cs);
ze_result_t xe_append_execute(struct xe_append *a, uint32_t n,
			      ze_command_list_handle_t *lists);
ze_result_t xe_append_execute_with(struct xe_append *a, uint32_t n,
				   uint32_t m, ze_command_list_handle_t *lists);
ze_result_t xe_append_commit(struct xe_append *a);
ze_result_t xe_append_prepare_signal(const struct xe_cmdlist *list,
				     const struct xe_event *signal,
				     struct xe_signal *sig);
void xe_append_publish_signal(struct xe_cmdlist *list, struct xe_event *signal,
			      struct xe_signal *sig, uint64_t value);
void xe_append_cancel_signal(struct xe_event *signal, struct xe_signal *sig);
ze_result_t xe_append_abort(struct xe_append *a, ze_result_t ret);

uint32_t *xe_append_grow(struct xe_append *a, size_t ndw);
void *xe_append_data(struct xe_append *a, size_t size);
int xe_append_keep(struct xe_append *a, struct xe_ref ref);
/* append_host_fn.c: a call on a driver thread, in stream order */
ze_result_t xe_append_host_call(ze_command_list_handle_t hCommandList,
				ze_host_function_callback_t fn, void *data,
				struct xe_ref keep,
				ze_event_handle_t hSignalEvent,
				uint32_t numWaitEvents,
				ze_event_handle_t *phWaitEvents);
int xe_append_encode_wait(const struct xe_cmdlist *list,
			  const struct xe_event *ev, uint32_t **cs, bool fixed,
			  struct xe_ref *ref);

/* Where the append's next command goes (room reserved before). */
static inline uint32_t *xe_append_pos(const struct xe_append *a)
{
	return a->cs->buf + a->cs->len;
}

/**
 * xe_append_reserve() - room for @ndw more dwords of commands
 * @a: the append
 * @ndw: dwords
 *
 * Return: where they go, or NULL when out of memory (the caller aborts).
 */
static inline uint32_t *xe_append_reserve(struct xe_append *a, size_t ndw)
{
	if (a->cs->cap - a->cs->len >= ndw)
		return xe_append_pos(a);
	return xe_append_grow(a, ndw);
}

/* The commands up to @end are written. */
static inline void xe_append_advance(struct xe_append *a, uint32_t *end)
{
	a->cs->len = end - a->cs->buf;
}

#endif /* _XE_APPEND_H */
