/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_MUTABLE_H
#define _XE_MUTABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <level_zero/ze_api.h>
#include <zex_spec.h>

#include "events/event_types.h"

struct xe_cmdlist;
struct xe_kernel;
struct xe_launch;

/* What the device lets a command id change (mutable.c). */
#define XE_MUTABLE_FLAGS_SUPPORTED					\
	(ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_ARGUMENTS |			\
	 ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_COUNT |			\
	 ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_SIZE |			\
	 ZE_MUTABLE_COMMAND_EXP_FLAG_GLOBAL_OFFSET |			\
	 ZE_MUTABLE_COMMAND_EXP_FLAG_SIGNAL_EVENT |			\
	 ZE_MUTABLE_COMMAND_EXP_FLAG_WAIT_EVENTS |			\
	 ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION)

/**
 * struct xe_mutable_cmd - one kernel launch of a mutable list that a
 * command id names
 * @id: the id
 * @flags: what may change (ze_mutable_command_exp_flags_t)
 * @kernel: the kernel it launches now
 * @kernels: the kernels it may switch to (KERNEL_INSTRUCTION), held by
 *	the application
 * @num_kernels: entries of @kernels
 * @args: @kernel's argument values for the launch, as struct
 *	xe_kernel.jit_args (the kernel object itself is never changed)
 * @num_args: entries of @args
 * @group_size: its group size
 * @global_offset: its global offset
 * @groups: its group counts (direct launches)
 * @indirect: GPU address of the group counts (indirect launches), or 0
 * @dispatch: the XE_CBEV_USER_DISPATCH in the list's batch
 * @launch: the launch that replaced the recorded one, held, or NULL (the
 *	recorded one is in the list's keeps)
 * @waits: WAIT_EVENTS: where the wait for each wait event is in the
 *	batch, XE_MI_SEMAPHORE_WAIT_64_DWORDS each (MI_NOOPs for none)
 * @num_waits: wait events of the command
 * @wait_cb: for each, whether the recorded event was counter-based (an
 *	update takes events of the same kind: spec)
 * @signal: SIGNAL_EVENT: the event the command signals now, held, or NULL
 * @signal_store: for a regular event's signal: its MI_STORE_DATA_IMM in
 *	the batch (MI_NOOPs once the signal is removed)
 * @value: in-order lists: the value the command bumps the counter to,
 *	which a counter-based event it signals points at
 * @wait_keeps: for each, what the wait that replaced the recorded one
 *	reads, held ({ NULL }: nothing, or the recorded wait's, in the
 *	list's keeps)
 * @dirty: changed since the list was closed: the next close makes a new
 *	launch and rewrites @dispatch
 */
struct xe_mutable_cmd {
	uint64_t id;
	ze_mutable_command_exp_flags_t flags;
	struct xe_kernel *kernel;
	struct xe_kernel **kernels;
	uint32_t num_kernels;
	void **args;
	uint32_t num_args;
	uint32_t group_size[3];
	uint32_t global_offset[3];
	uint32_t groups[3];
	uint64_t indirect;
	uint32_t *dispatch;
	struct xe_launch *launch;
	uint32_t *waits;
	uint32_t num_waits;
	bool *wait_cb;
	struct xe_ref *wait_keeps;
	struct xe_event *signal;
	uint32_t *signal_store;
	uint64_t value;
	bool dirty;
};

/**
 * struct xe_mutable - the mutable state of a regular list
 * @next: the command the next launch takes (its id handed out), or NULL;
 *	exchanged atomically (GetNextCommandId may run in several threads)
 * @taking: the command of the launch being appended, taken from @next
 *	(by the appending thread, which alone uses it)
 * @cmds: the commands ids name, in increasing id order
 * @n: entries of @cmds
 * @cap: room in @cmds
 */
struct xe_mutable {
	struct xe_mutable_cmd *next;
	struct xe_mutable_cmd *taking;
	struct xe_mutable_cmd **cmds;
	size_t n;
	size_t cap;
};

struct xe_mutable *xe_mutable_create(void);
void xe_mutable_destroy(struct xe_mutable *mut);
void xe_mutable_reset(struct xe_mutable *mut);

int xe_mutable_next_id(struct xe_mutable *mut,
		       ze_mutable_command_exp_flags_t flags,
		       uint32_t num_kernels, ze_kernel_handle_t *kernels,
		       uint64_t *id);
bool xe_mutable_take(struct xe_mutable *mut);
int xe_mutable_prepare(struct xe_mutable *mut, struct xe_kernel *k,
		       const ze_group_count_t *count, uint64_t indirect,
		       uint32_t num_waits);
void xe_mutable_record(struct xe_mutable *mut, uint32_t *dispatch,
		       uint32_t *waits, ze_event_handle_t *wait_events,
		       struct xe_event *signal, uint32_t *signal_store,
		       uint64_t value);
void xe_mutable_set_signal(struct xe_mutable_cmd *cmd, struct xe_event *ev);
void xe_mutable_cancel(struct xe_mutable *mut);
void xe_mutable_forget_next(struct xe_mutable *mut);
struct xe_mutable_cmd *xe_mutable_find(const struct xe_mutable *mut,
				       uint64_t id);
bool xe_mutable_may_switch(const struct xe_mutable_cmd *cmd,
			   const struct xe_kernel *k);
int xe_mutable_switch(struct xe_mutable_cmd *cmd, struct xe_kernel *k);
int xe_mutable_apply(struct xe_mutable *mut);

/* Is an id waiting for the next append of @mut (NULL: not mutable)? */
static inline bool xe_mutable_pending(const struct xe_mutable *mut)
{
	return mut && __atomic_load_n(&mut->next, __ATOMIC_ACQUIRE);
}

/* What the command of the launch being appended may change (0: none). */
static inline ze_mutable_command_exp_flags_t
xe_mutable_taking_flags(const struct xe_mutable *mut)
{
	return mut && mut->taking ? mut->taking->flags : 0;
}

/* Entry points (CommandListExp DDI table), mutable_api.c */
ze_result_t xe_cmdlist_get_next_command_id_exp(
	ze_command_list_handle_t hCommandList,
	const ze_mutable_command_id_exp_desc_t *desc, uint64_t *pCommandId);
ze_result_t xe_cmdlist_get_next_command_id_with_kernels_exp(
	ze_command_list_handle_t hCommandList,
	const ze_mutable_command_id_exp_desc_t *desc, uint32_t numKernels,
	ze_kernel_handle_t *phKernels, uint64_t *pCommandId);
ze_result_t xe_cmdlist_update_mutable_commands_exp(
	ze_command_list_handle_t hCommandList,
	const ze_mutable_commands_exp_desc_t *desc);
ze_result_t xe_cmdlist_update_mutable_signal_event_exp(
	ze_command_list_handle_t hCommandList, uint64_t commandId,
	ze_event_handle_t hSignalEvent);
ze_result_t xe_cmdlist_update_mutable_wait_events_exp(
	ze_command_list_handle_t hCommandList, uint64_t commandId,
	uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents);
ze_result_t xe_cmdlist_update_mutable_kernels_exp(
	ze_command_list_handle_t hCommandList, uint32_t numKernels,
	uint64_t *pCommandId, ze_kernel_handle_t *phKernels);
ze_result_t xe_cmdlist_is_mutable_exp(ze_command_list_handle_t hCommandList,
				      ze_bool_t *pIsMutable);

#endif /* _XE_MUTABLE_H */
