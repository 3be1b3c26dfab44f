// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: mutable command lists
 *
 * A regular list created with ze_mutable_command_list_exp_desc_t hands out
 * command ids (zeCommandListGetNextCommandIdExp()); the next kernel launch
 * appended takes the id, with what its flags let change. A launch of a
 * SPIR-V kernel is an XE_CBEV_USER_DISPATCH in the list's batch whose
 * cookie names a snapshot of the kernel's arguments, group size and global
 * offset (struct xe_launch, modules/eu_pool.h), and which holds the group
 * counts itself. So a command keeps (struct xe_mutable_cmd) where its
 * dispatch is in the batch and its own copy of what the snapshot was made
 * of; an update changes that copy only, and marks the command. Closing the
 * list again makes a new snapshot for each marked command and rewrites its
 * dispatch in place, with the new cookie and group counts: the batch keeps
 * its size and everything else in it, and the next execution runs the new
 * values. The snapshot a command replaced stays registered until the
 * command is replaced again or the list is reset (the application
 * synchronizes the list's executions before it updates: spec), the one it
 * was recorded with until the list is reset, as every launch.
 *
 * Ids are unique in the process, not only in the list, so that an id of
 * another list is never taken for one of this list. An id no launch took
 * (GetNextCommandId called twice, or the list reset) names nothing.
 *
 * Built-in kernels, launches of several kernels in one append, and signal
 * and wait events cannot change (the device properties say which flags
 * are supported: XE_MUTABLE_FLAGS_SUPPORTED).
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/libze_private.h"
#include "events/event.h"
#include "lists/mutable.h"
#include "modules/eu_pool.h"
#include "modules/module.h"
#include "submission/encoder.h"

/* The last command id handed out, in the whole process. */
static uint64_t last_id;

struct xe_mutable *xe_mutable_create(void)
{
	return calloc(1, sizeof(struct xe_mutable));
}

/* The kernel may be gone by now: @num_args says how many values. */
static void cmd_args_free(struct xe_mutable_cmd *cmd)
{
	uint32_t i;

	if (cmd->args)
		for (i = 0; i < cmd->num_args; i++)
			free(cmd->args[i]);
	free(cmd->args);
	cmd->args = NULL;
	cmd->num_args = 0;
}

static void cmd_waits_free(struct xe_mutable_cmd *cmd)
{
	uint32_t i;

	for (i = 0; cmd->wait_keeps && i < cmd->num_waits; i++)
		if (cmd->wait_keeps[i].obj)
			cmd->wait_keeps[i].put(cmd->wait_keeps[i].obj);
	free(cmd->wait_keeps);
	free(cmd->wait_cb);
	cmd->wait_keeps = NULL;
	cmd->wait_cb = NULL;
	cmd->num_waits = 0;
}

static void cmd_free(struct xe_mutable_cmd *cmd)
{
	if (!cmd)
		return;
	cmd_args_free(cmd);
	cmd_waits_free(cmd);
	if (cmd->signal)
		xe_event_put(cmd->signal);
	if (cmd->launch)
		xe_launch_put(cmd->launch);
	free(cmd->kernels);
	free(cmd);
}

/* Forget every command and id: the list's recording is gone. */
void xe_mutable_reset(struct xe_mutable *mut)
{
	size_t i;

	for (i = 0; i < mut->n; i++)
		cmd_free(mut->cmds[i]);
	free(mut->cmds);
	cmd_free(mut->next);
	cmd_free(mut->taking);
	*mut = (struct xe_mutable){ 0 };
}

void xe_mutable_destroy(struct xe_mutable *mut)
{
	if (!mut)
		return;
	xe_mutable_reset(mut);
	free(mut);
}

/**
 * xe_mutable_next_id() - the id the next launch appended takes
 * @mut: the list's mutable state
 * @flags: what the command may change, not 0
 * @num_kernels: kernels it may switch to (KERNEL_INSTRUCTION)
 * @kernels: them, checked by the caller
 * @id: gets the id
 *
 * An id handed out before and not taken yet is forgotten. Threads may
 * call this at once (spec): the last id wins, the others are forgotten.
 *
 * Return: 0 or -ENOMEM.
 */
int xe_mutable_next_id(struct xe_mutable *mut,
		       ze_mutable_command_exp_flags_t flags,
		       uint32_t num_kernels, ze_kernel_handle_t *kernels,
		       uint64_t *id)
{
	struct xe_mutable_cmd *cmd = calloc(1, sizeof(*cmd));
	uint32_t i;

	if (!cmd)
		return -ENOMEM;
	if (num_kernels) {
		cmd->kernels = calloc(num_kernels, sizeof(*cmd->kernels));
		if (!cmd->kernels) {
			free(cmd);
			return -ENOMEM;
		}
		for (i = 0; i < num_kernels; i++)
			cmd->kernels[i] = xe_kernel_from_handle(kernels[i]);
		cmd->num_kernels = num_kernels;
	}
	cmd->flags = flags;
	cmd->id = __atomic_add_fetch(&last_id, 1, __ATOMIC_RELAXED);
	*id = cmd->id;
	/* Publishes the command with its fields to the appending thread. */
	cmd_free(__atomic_exchange_n(&mut->next, cmd, __ATOMIC_ACQ_REL));
	return 0;
}

/* The command's copy of kernel @k's state as a launch would take it now. */
static int cmd_take_kernel(struct xe_mutable_cmd *cmd, struct xe_kernel *k)
{
	void **args;

	if (xe_kernel_jit_args_dup(k, &args))
		return -ENOMEM;
	cmd_args_free(cmd);
	cmd->kernel = k;
	cmd->args = args;
	cmd->num_args = k->mk->jit->num_args;
	memcpy(cmd->group_size, k->group_size, sizeof(cmd->group_size));
	memcpy(cmd->global_offset, k->global_offset,
	       sizeof(cmd->global_offset));
	return 0;
}

/**
 * xe_mutable_take() - the launch being appended takes the pending id, if
 * there is one
 * @mut: the list's mutable state
 *
 * Return: true if it did: xe_mutable_record() or xe_mutable_cancel() ends
 * what xe_mutable_prepare() starts.
 */
bool xe_mutable_take(struct xe_mutable *mut)
{
	mut->taking = __atomic_exchange_n(&mut->next, NULL, __ATOMIC_ACQ_REL);
	return mut->taking;
}

/**
 * xe_mutable_prepare() - the launch being appended, which took an id
 * @mut: the list's mutable state, after xe_mutable_take()
 * @k: the SPIR-V kernel launched
 * @count: its group counts, or NULL (indirect)
 * @indirect: the GPU address of the group counts of an indirect launch
 * @num_waits: the launch's wait events
 *
 * Takes everything the command will need, so that xe_mutable_record()
 * cannot fail once the append is committed.
 *
 * Return: 0 or -ENOMEM.
 */
int xe_mutable_prepare(struct xe_mutable *mut, struct xe_kernel *k,
		       const ze_group_count_t *count, uint64_t indirect,
		       uint32_t num_waits)
{
	struct xe_mutable_cmd *cmd = mut->taking;

	if (mut->n == mut->cap) {
		size_t cap = mut->cap ? 2 * mut->cap : 8;
		struct xe_mutable_cmd **v = realloc(mut->cmds,
						    cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		mut->cmds = v;
		mut->cap = cap;
	}
	if (cmd->flags & ZE_MUTABLE_COMMAND_EXP_FLAG_WAIT_EVENTS && num_waits) {
		cmd->wait_cb = calloc(num_waits, sizeof(*cmd->wait_cb));
		cmd->wait_keeps = calloc(num_waits, sizeof(*cmd->wait_keeps));
		cmd->num_waits = num_waits;
		if (!cmd->wait_cb || !cmd->wait_keeps) {
			cmd_waits_free(cmd);
			return -ENOMEM;
		}
	}
	if (cmd_take_kernel(cmd, k)) {
		cmd_waits_free(cmd);
		return -ENOMEM;
	}
	if (count) {
		cmd->groups[0] = count->groupCountX;
		cmd->groups[1] = count->groupCountY;
		cmd->groups[2] = count->groupCountZ;
		cmd->indirect = 0;
	} else {
		cmd->indirect = indirect;
	}
	return 0;
}

/**
 * xe_mutable_record() - the launch xe_mutable_prepare() saw is recorded
 * @mut: the list's mutable state
 * @dispatch: where its XE_CBEV_USER_DISPATCH is in the list's batch
 * @waits: where the waits for its wait events are (one command each)
 * @wait_events: those events, as the append took them
 * @signal: the event it signals, or NULL
 * @signal_store: the store that signals a regular @signal, or NULL
 * @value: in-order lists: the value the command bumps the counter to
 */
void xe_mutable_record(struct xe_mutable *mut, uint32_t *dispatch,
		       uint32_t *waits, ze_event_handle_t *wait_events,
		       struct xe_event *signal, uint32_t *signal_store,
		       uint64_t value)
{
	struct xe_mutable_cmd *cmd = mut->taking;
	uint32_t i;

	cmd->dispatch = dispatch;
	cmd->waits = waits;
	cmd->signal = signal ? xe_event_get(signal) : NULL;
	cmd->signal_store = signal_store;
	cmd->value = value;
	for (i = 0; cmd->wait_cb && i < cmd->num_waits; i++)
		cmd->wait_cb[i] =
			xe_event_is_cb(xe_event_from_handle(wait_events[i]));
	mut->cmds[mut->n++] = cmd;
	mut->taking = NULL;
}

/* @cmd signals @ev (NULL: nothing) from now on. */
void xe_mutable_set_signal(struct xe_mutable_cmd *cmd, struct xe_event *ev)
{
	if (ev)
		xe_event_get(ev);
	if (cmd->signal)
		xe_event_put(cmd->signal);
	cmd->signal = ev;
}

/* The list is closed: an id no launch took names nothing. */
void xe_mutable_forget_next(struct xe_mutable *mut)
{
	cmd_free(__atomic_exchange_n(&mut->next, NULL, __ATOMIC_ACQ_REL));
}

/*
 * The append failed: the id stays pending, for the next launch, unless
 * another was handed out meanwhile.
 */
void xe_mutable_cancel(struct xe_mutable *mut)
{
	struct xe_mutable_cmd *cmd = mut->taking, *none = NULL;

	mut->taking = NULL;
	cmd_args_free(cmd);
	cmd_waits_free(cmd);
	cmd->kernel = NULL;
	if (!__atomic_compare_exchange_n(&mut->next, &none, cmd, false,
					 __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		cmd_free(cmd);
}

/**
 * xe_mutable_find() - the command @id names in this list
 * @mut: the list's mutable state
 * @id: a command id
 *
 * Return: the command, or NULL.
 */
struct xe_mutable_cmd *xe_mutable_find(const struct xe_mutable *mut,
				       uint64_t id)
{
	size_t lo = 0, hi = mut->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (mut->cmds[mid]->id == id)
			return mut->cmds[mid];
		if (mut->cmds[mid]->id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* May @cmd switch to kernel @k (its own, or one of those its id named)? */
bool xe_mutable_may_switch(const struct xe_mutable_cmd *cmd,
			   const struct xe_kernel *k)
{
	uint32_t i;

	if (!(cmd->flags & ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION) ||
	    !k->mk->jit)
		return false;
	if (k == cmd->kernel)
		return true;
	for (i = 0; i < cmd->num_kernels; i++)
		if (cmd->kernels[i] == k)
			return true;
	return false;
}

/**
 * xe_mutable_switch() - @cmd launches kernel @k from the next close on,
 * with @k's arguments, group size and offset as they are now
 * @cmd: the command
 * @k: a kernel xe_mutable_may_switch() accepted
 *
 * Return: 0 or -ENOMEM.
 */
int xe_mutable_switch(struct xe_mutable_cmd *cmd, struct xe_kernel *k)
{
	if (cmd_take_kernel(cmd, k))
		return -ENOMEM;
	cmd->dirty = true;
	return 0;
}

/* A new launch for @cmd, and its dispatch rewritten to run it. */
static int cmd_apply(struct xe_mutable_cmd *cmd)
{
	struct xe_launch_state st = { .args = cmd->args };
	struct xe_launch *l;
	int err;

	memcpy(st.group_size, cmd->group_size, sizeof(st.group_size));
	memcpy(st.global_offset, cmd->global_offset,
	       sizeof(st.global_offset));
	err = xe_kernel_jit_snapshot_of(cmd->kernel, &st, &l);
	if (err)
		return err;
	/*
	 * No execution of the list runs (spec): the command streamer reads
	 * the new command at the next one.
	 */
	xe_emit_user_dispatch(cmd->dispatch, l->cookie,
			      cmd->indirect ? NULL : cmd->groups,
			      cmd->indirect);
	if (cmd->launch)
		xe_launch_put(cmd->launch);
	cmd->launch = l;
	cmd->dirty = false;
	return 0;
}

/**
 * xe_mutable_apply() - rewrite the commands updated since the last close
 * @mut: the list's mutable state
 *
 * Return: 0; -EINVAL if a command's kernel has an argument not set (after
 * a switch); -ENOMEM. The commands not rewritten stay marked.
 */
int xe_mutable_apply(struct xe_mutable *mut)
{
	size_t i;
	int err;

	for (i = 0; i < mut->n; i++) {
		if (!mut->cmds[i]->dirty)
			continue;
		err = cmd_apply(mut->cmds[i]);
		if (err)
			return err;
	}
	return 0;
}
