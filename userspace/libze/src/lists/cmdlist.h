/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CMDLIST_H
#define _XE_CMDLIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <level_zero/ze_api.h>
#include <zex_builtins.h>

#include "core/libze_private.h"
#include "events/counter_types.h"
#include "append/append_types.h"
#include "lists/replays.h"
#include "lists/keep.h"
#include "lists/writes.h"
#include "submission/batch.h"
#include "submission/encoder.h"

struct xe_context;
struct xe_device;
struct xe_graph;
struct xe_mutable;
struct xe_ring;

/* The command queue groups of a device (zeDeviceGetCommandQueueGroupProperties). */
#define XE_ORDINAL_COMPUTE	0	/* compute and copy */
#define XE_ORDINAL_COPY		1	/* copy only */
#define XE_NUM_ORDINALS		2

/**
 * struct xe_cmdlist - a command list, regular or immediate
 * @obj: handle header
 * @ctx: its context
 * @dev: its device
 * @ordinal: command queue group
 * @index: queue index (immediate)
 * @flags: ze_command_list_flags_t (IN_ORDER also set for an in-order
 *	immediate list)
 * @queue_flags: ze_command_queue_flags_t (immediate)
 * @mode: ze_command_queue_mode_t (immediate)
 * @priority: ze_command_queue_priority_t (immediate)
 * @immediate: an immediate list: appends go to its own ring at once
 * @in_order: every append waits for the one before (@counter)
 * @closed: a regular list was closed and may be executed
 * @cb_need: the flag a counter-based event needs for an in-order signal
 *	of this list (xe_cb_signal_need())
 * @cs: staging buffer of the append being built (append/append.c)
 * @counter: in-order lists: the kernel counter slot the list bumps after
 *	every append; shared with the counter-based events it signals
 * @counter_value: in-order lists: the value the last append bumps
 *	@counter to (a regular list counts from 0 in every execution)
 * @ring: immediate lists: the list's own ring
 * @overflow: immediate lists: batches the ring calls for appends too large
 *	to copy into it
 * @last_seqno: immediate lists: completion point of the last append
 * @batch: regular lists: the recorded commands
 * @heap: data that commands read (fill patterns)
 * @exec_ring: regular in-order lists: the ring of the last execution, held
 * @exec_seqno: regular in-order lists: its completion point
 * @exec_begun: regular in-order lists: an execution was begun and is not
 *	yet committed or aborted (append/execute.c)
 * @exec_saved: then: the counter's value before the execution set it to 0
 * @exec_repeated: the last call that executed the list executed it more
 *	than once
 * @keeps: what the list's commands need alive (lists/keep.c); between
 *	appends, only entries of submitted or recorded commands
 * @replays: regular in-order lists: the recorded signals that replace
 *	their events' states, which every execution gives them again
 *	(append/execute.c)
 * @writes: regular lists: the regular events they signal, whose writer
 *	the kernel learns at each execution (lists/writes.c)
 * @mut: mutable lists: their command ids and what may change
 *	(lists/mutable.c), else NULL
 * @updated: a mutable list was updated since it was last closed: not
 *	executable until it is closed again
 * @lean: a regular in-order list of an executable graph
 *	(graph/graph_exec.c): its appends skip the wait for the one before
 *	(the engine runs a batch in order) and store the counter only when
 *	they signal an event
 * @capture: immediate lists: the graph the list's appends are captured
 *	into instead of being submitted, or NULL (graph/graph_capture.c);
 *	under the driver's graph_lock
 * @capture_branch: then: the list's branch in that graph
 * @has_dispatch: a launch of a user kernel was appended (an execution
 *	of a regular list may run one)
 * @open_chain: immediate in-order lists: the chain of launches
 *	(modules/launch.c) their last append dispatched while the queue was
 *	busy, which their next launch may join, with a reference; any other
 *	append drops it (append/append.c)
 *
 * Not thread-safe, as the spec allows: an application must not use a list
 * from two threads at once.
 */
struct xe_cmdlist {
	struct xe_object obj;
	struct xe_context *ctx;
	struct xe_device *dev;
	uint32_t ordinal;
	uint32_t index;
	ze_command_list_flags_t flags;
	ze_command_queue_flags_t queue_flags;
	ze_command_queue_mode_t mode;
	ze_command_queue_priority_t priority;
	bool immediate;
	bool in_order;
	bool closed;
	ze_event_counter_based_flags_t cb_need;

	struct xe_cs cs;

	struct xe_counter *counter;
	uint64_t counter_value;

	struct xe_ring *ring;
	struct xe_overflow overflow;
	uint64_t last_seqno;

	struct xe_batch batch;
	struct xe_heap heap;

	struct xe_ring *exec_ring;
	uint64_t exec_seqno;
	bool exec_begun;
	uint64_t exec_saved;
	bool exec_repeated;

	struct xe_keeps keeps;
	struct xe_replays replays;
	struct xe_writes writes;

	struct xe_mutable *mut;
	bool updated;
	bool lean;

	struct xe_graph *capture;
	uint32_t capture_branch;

	bool has_dispatch;
	struct xe_ref open_chain;
};

static inline struct xe_cmdlist *xe_cmdlist_from_handle(ze_command_list_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_CMDLIST);
}

ze_result_t xe_check_queue_desc(const ze_command_queue_desc_t *desc);
uint32_t xe_queue_priority(const ze_command_queue_desc_t *desc);
/* Dwords xe_emit_execute() writes at most. */
#define XE_EXECUTE_DWORDS \
	(XE_MI_STORE_DATA_IMM_QW_DWORDS + XE_MI_BATCH_BUFFER_START_DWORDS)

/* Entry points (CommandList DDI table), cmdlist.c */
ze_result_t xe_cmdlist_create(ze_context_handle_t hContext,
			      ze_device_handle_t hDevice,
			      const ze_command_list_desc_t *desc,
			      ze_command_list_handle_t *phCommandList);
ze_result_t xe_cmdlist_create_immediate(ze_context_handle_t hContext,
					ze_device_handle_t hDevice,
					const ze_command_queue_desc_t *altdesc,
					ze_command_list_handle_t *phCommandList);
ze_result_t xe_cmdlist_destroy(ze_command_list_handle_t hCommandList);
ze_result_t xe_cmdlist_close(ze_command_list_handle_t hCommandList);
ze_result_t xe_cmdlist_reset(ze_command_list_handle_t hCommandList);
ze_result_t xe_cmdlist_host_synchronize(ze_command_list_handle_t hCommandList,
					uint64_t timeout);
ze_result_t xe_cmdlist_get_device_handle(ze_command_list_handle_t hCommandList,
					 ze_device_handle_t *phDevice);
ze_result_t xe_cmdlist_get_context_handle(ze_command_list_handle_t hCommandList,
					  ze_context_handle_t *phContext);
ze_result_t xe_cmdlist_get_ordinal(ze_command_list_handle_t hCommandList,
				   uint32_t *pOrdinal);
ze_result_t xe_cmdlist_immediate_get_index(ze_command_list_handle_t hCommandList,
					   uint32_t *pIndex);
ze_result_t xe_cmdlist_get_flags(ze_command_list_handle_t hCommandList,
				 ze_command_list_flags_t *pFlags);
ze_result_t
xe_cmdlist_immediate_get_flags(ze_command_list_handle_t hCommandList,
			       ze_command_queue_flags_t *pFlags);
ze_result_t
xe_cmdlist_immediate_get_mode(ze_command_list_handle_t hCommandList,
			      ze_command_queue_mode_t *pMode);
ze_result_t
xe_cmdlist_immediate_get_priority(ze_command_list_handle_t hCommandList,
				  ze_command_queue_priority_t *pPriority);
ze_result_t xe_cmdlist_is_immediate(ze_command_list_handle_t hCommandList,
				    ze_bool_t *pIsImmediate);

#endif /* _XE_CMDLIST_H */
