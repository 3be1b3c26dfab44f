// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * The entry points of "ZE_experimental_mutable_command_list" (see
 * "mutable command lists", mutable.c): command ids, while the list is
 * open; updates, once it is closed. An update is checked whole before
 * anything of it changes: a chain with one wrong descriptor changes
 * nothing. Updates reach the batch when the list is closed again, and
 * until then the list cannot be executed.
 */

#include <errno.h>
#include <stdlib.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "core/result.h"
#include "append/append.h"
#include "events/event.h"
#include "events/cb_event.h"
#include "lists/cmdlist.h"
#include "lists/mutable.h"
#include "lists/replays.h"
#include "lists/writes.h"
#include "modules/module.h"
#include "submission/encoder.h"

/* The flags a command id may carry (0xff: spec). */
#define XE_MUTABLE_FLAGS_KNOWN	0xffu

/* A mutable list, or NULL with the error in *ret. */
static struct xe_cmdlist *mutable_list(ze_command_list_handle_t h,
				       ze_result_t *ret)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(h);

	*ret = ZE_RESULT_SUCCESS;
	if (!list)
		*ret = ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	else if (!list->mut)
		*ret = XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the list was not created mutable");
	return *ret == ZE_RESULT_SUCCESS ? list : NULL;
}

ze_result_t xe_cmdlist_get_next_command_id_with_kernels_exp(
	ze_command_list_handle_t hCommandList,
	const ze_mutable_command_id_exp_desc_t *desc, uint32_t numKernels,
	ze_kernel_handle_t *phKernels, uint64_t *pCommandId)
{
	ze_mutable_command_exp_flags_t flags;
	struct xe_cmdlist *list;
	ze_result_t ret;
	uint32_t i;

	list = mutable_list(hCommandList, &ret);
	if (!list)
		return ret;
	if (!desc || !pCommandId || (numKernels && !phKernels))
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (desc->stype != ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_ID_EXP_DESC)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "desc->stype is not MUTABLE_COMMAND_ID_EXP_DESC");
	if (desc->flags & ~XE_MUTABLE_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	if (list->closed)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the list is closed");
	/* 0: everything but the kernel switch that the device supports. */
	flags = desc->flags ? desc->flags :
		XE_MUTABLE_FLAGS_SUPPORTED &
		~ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION;
	if (flags & ~XE_MUTABLE_FLAGS_SUPPORTED)
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
			       "the device cannot change that");
	for (i = 0; i < numKernels; i++) {
		struct xe_kernel *k = xe_kernel_from_handle(phKernels[i]);

		if (!k)
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		if (!k->mk->jit)
			return XE_FAIL(ZE_RESULT_ERROR_INVALID_KERNEL_HANDLE,
				       "a built-in kernel cannot be switched to");
	}
	return xe_result_from_errno(xe_mutable_next_id(list->mut, flags,
						       numKernels, phKernels,
						       pCommandId));
}

ze_result_t xe_cmdlist_get_next_command_id_exp(
	ze_command_list_handle_t hCommandList,
	const ze_mutable_command_id_exp_desc_t *desc, uint64_t *pCommandId)
{
	return xe_cmdlist_get_next_command_id_with_kernels_exp(
		hCommandList, desc, 0, NULL, pCommandId);
}

/* A closed mutable list, to update; NULL with the error in *ret. */
static struct xe_cmdlist *updatable_list(ze_command_list_handle_t h,
					 ze_result_t *ret)
{
	struct xe_cmdlist *list = mutable_list(h, ret);

	if (list && !list->closed) {
		*ret = XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the list is not closed: nothing to update yet");
		return NULL;
	}
	return list;
}

/* The command @id names, if its flags let @what change; or NULL. */
static struct xe_mutable_cmd *cmd_for(struct xe_cmdlist *list, uint64_t id,
				      ze_mutable_command_exp_flags_t what)
{
	struct xe_mutable_cmd *cmd = xe_mutable_find(list->mut, id);

	if (!cmd || !(cmd->flags & what))
		return NULL;
	return cmd;
}

/* Result of xe_kernel_jit_arg_value() as zeKernelSetArgumentValue's. */
static ze_result_t arg_result(int err)
{
	switch (err) {
	case 0:
		return ZE_RESULT_SUCCESS;
	case -ENOENT:
		return ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX;
	case -E2BIG:
		return ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE;
	case -ENOMEM:
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	default:
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	}
}

/*
 * Check one descriptor of an update chain, and if @apply, apply it to its
 * command (the whole chain was checked before).
 */
static ze_result_t update_one(struct xe_cmdlist *list,
			      const ze_base_desc_t *d, bool apply)
{
	struct xe_mutable_cmd *cmd;

	switch ((uint32_t)d->stype) {
	case ZE_STRUCTURE_TYPE_MUTABLE_KERNEL_ARGUMENT_EXP_DESC: {
		const ze_mutable_kernel_argument_exp_desc_t *a = (const void *)d;
		void *v;
		int err;

		cmd = cmd_for(list, a->commandId,
			      ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_ARGUMENTS);
		if (!cmd)
			break;
		err = xe_kernel_jit_arg_value(cmd->kernel, a->argIndex,
					      a->argSize, a->pArgValue, &v);
		if (err)
			return arg_result(err);
		if (!apply) {
			free(v);
			return ZE_RESULT_SUCCESS;
		}
		free(cmd->args[a->argIndex]);
		cmd->args[a->argIndex] = v;
		cmd->dirty = true;
		return ZE_RESULT_SUCCESS;
	}
	case ZE_STRUCTURE_TYPE_MUTABLE_GROUP_COUNT_EXP_DESC: {
		const ze_mutable_group_count_exp_desc_t *c = (const void *)d;

		cmd = cmd_for(list, c->commandId,
			      ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_COUNT);
		if (!cmd)
			break;
		if (!c->pGroupCount)
			return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
		if (cmd->indirect)
			return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
				       "an indirect launch reads its group counts");
		if (apply) {
			cmd->groups[0] = c->pGroupCount->groupCountX;
			cmd->groups[1] = c->pGroupCount->groupCountY;
			cmd->groups[2] = c->pGroupCount->groupCountZ;
			cmd->dirty = true;
		}
		return ZE_RESULT_SUCCESS;
	}
	case ZE_STRUCTURE_TYPE_MUTABLE_GROUP_SIZE_EXP_DESC: {
		const ze_mutable_group_size_exp_desc_t *g = (const void *)d;

		cmd = cmd_for(list, g->commandId,
			      ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_SIZE);
		if (!cmd)
			break;
		if (xe_kernel_check_group_size(cmd->kernel, g->groupSizeX,
					       g->groupSizeY, g->groupSizeZ))
			return ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION;
		if (apply) {
			cmd->group_size[0] = g->groupSizeX;
			cmd->group_size[1] = g->groupSizeY;
			cmd->group_size[2] = g->groupSizeZ;
			cmd->dirty = true;
		}
		return ZE_RESULT_SUCCESS;
	}
	case ZE_STRUCTURE_TYPE_MUTABLE_GLOBAL_OFFSET_EXP_DESC: {
		const ze_mutable_global_offset_exp_desc_t *o = (const void *)d;

		cmd = cmd_for(list, o->commandId,
			      ZE_MUTABLE_COMMAND_EXP_FLAG_GLOBAL_OFFSET);
		if (!cmd)
			break;
		if (apply) {
			cmd->global_offset[0] = o->offsetX;
			cmd->global_offset[1] = o->offsetY;
			cmd->global_offset[2] = o->offsetZ;
			cmd->dirty = true;
		}
		return ZE_RESULT_SUCCESS;
	}
	default:
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "an update descriptor of unknown stype");
	}
	return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
		       "the command id names no command of this list whose flags let that change");
}

ze_result_t xe_cmdlist_update_mutable_commands_exp(
	ze_command_list_handle_t hCommandList,
	const ze_mutable_commands_exp_desc_t *desc)
{
	const ze_base_desc_t *d;
	struct xe_cmdlist *list;
	ze_result_t ret;

	list = mutable_list(hCommandList, &ret);
	if (!list)
		return ret;
	if (!desc)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (desc->stype != ZE_STRUCTURE_TYPE_MUTABLE_COMMANDS_EXP_DESC ||
	    desc->flags)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "desc is not a MUTABLE_COMMANDS_EXP_DESC with flags 0");
	if (!updatable_list(hCommandList, &ret))
		return ret;

	for (d = desc->pNext; d; d = d->pNext) {
		ret = update_one(list, d, false);
		if (ret != ZE_RESULT_SUCCESS)
			return ret;
	}
	for (d = desc->pNext; d; d = d->pNext) {
		ret = update_one(list, d, true);
		if (ret != ZE_RESULT_SUCCESS)
			return ret;
	}
	list->updated = true;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_cmdlist_update_mutable_kernels_exp(
	ze_command_list_handle_t hCommandList, uint32_t numKernels,
	uint64_t *pCommandId, ze_kernel_handle_t *phKernels)
{
	struct xe_mutable_cmd *cmd;
	struct xe_cmdlist *list;
	ze_result_t ret;
	uint32_t i;

	list = mutable_list(hCommandList, &ret);
	if (!list)
		return ret;
	if (numKernels && (!pCommandId || !phKernels))
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!updatable_list(hCommandList, &ret))
		return ret;

	for (i = 0; i < numKernels; i++) {
		struct xe_kernel *k = xe_kernel_from_handle(phKernels[i]);

		cmd = cmd_for(list, pCommandId[i],
			      ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION);
		if (!cmd)
			return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
				       "the command id names no command of this list that may switch kernels");
		if (!k || !xe_mutable_may_switch(cmd, k))
			return XE_FAIL(ZE_RESULT_ERROR_INVALID_KERNEL_HANDLE,
				       "the kernel is not one the command id was given");
	}
	for (i = 0; i < numKernels; i++) {
		cmd = xe_mutable_find(list->mut, pCommandId[i]);
		if (xe_mutable_switch(cmd, xe_kernel_from_handle(phKernels[i])))
			return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	}
	list->updated = true;
	return ZE_RESULT_SUCCESS;
}

/*
 * Signal events, of the same kind as the recorded one (spec) and without
 * timestamps: a regular event's signal is the store after the dispatch,
 * rewritten for the new event's state (MI_NOOPs for none); the queue that
 * executes the list learns it writes there (lists/writes.c). A
 * counter-based event signalled by an in-order list is the list's counter
 * bump, which encodes nothing: the new event points at (the list's
 * counter, the command's value) now, and every execution gives it that
 * state again instead of the old event (the list's replays, append/
 * execute.c). The old event keeps the state it has.
 */
static ze_result_t swap_cb_signal(struct xe_cmdlist *list,
				  struct xe_mutable_cmd *cmd,
				  struct xe_event *ev)
{
	struct xe_replay *r;
	struct xe_signal sig = { 0 };
	ze_result_t ret;

	r = xe_replays_find(&list->replays, cmd->signal, cmd->value);
	if (!r || r->ts)
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
			       "the command's signal is merged with the next one's, or has timestamps");
	ret = ev->ops->prepare_signal(ev, false, true, list->counter, &sig);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	if (sig.op != XE_SIGNAL_COUNTER || sig.ts_addr) {
		ev->ops->cancel_signal(ev, &sig);
		if (sig.keep.obj)
			sig.keep.put(sig.keep.obj);
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
			       "an aggregated or timestamp counter-based event cannot be swapped in");
	}
	if (sig.in_place)
		xe_signal_publish_in_place(&ev->cb, &sig, cmd->value);
	else
		ev->ops->publish_signal(ev, &sig, list->counter, cmd->value);
	xe_replay_set_event(r, ev);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_cmdlist_update_mutable_signal_event_exp(
	ze_command_list_handle_t hCommandList, uint64_t commandId,
	ze_event_handle_t hSignalEvent)
{
	struct xe_event *ev = NULL;
	struct xe_mutable_cmd *cmd;
	struct xe_cmdlist *list;
	ze_result_t ret;
	uint32_t i;

	list = updatable_list(hCommandList, &ret);
	if (!list)
		return ret;
	cmd = cmd_for(list, commandId, ZE_MUTABLE_COMMAND_EXP_FLAG_SIGNAL_EVENT);
	if (!cmd)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the command id names no command of this list whose signal event may change");
	if (hSignalEvent) {
		ev = xe_event_from_handle(hSignalEvent);
		if (!ev)
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	}
	if (!cmd->signal)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the command signals no event to replace");
	if (ev == cmd->signal)
		return ZE_RESULT_SUCCESS;
	if (ev && (xe_event_is_cb(ev) != xe_event_is_cb(cmd->signal) ||
		   ev->timestamps != cmd->signal->timestamps))
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "a signal event of another kind than the command's");

	if (!xe_event_is_cb(cmd->signal)) {
		if (!cmd->signal_store)
			return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
				       "a timestamp event's signal cannot be swapped");
		if (ev) {
			xe_emit_store_qword(cmd->signal_store,
					    xe_event_state_addr(ev),
					    XE_EVENT_SIGNALED);
			xe_writes_record(&list->writes, xe_event_state_addr(ev));
		} else {
			uint32_t *cs = cmd->signal_store;

			for (i = 0; i < XE_MI_STORE_DATA_IMM_QW_DWORDS; i++)
				cs = xe_emit_noop(cs);
		}
	} else {
		if (!ev || !list->in_order)
			return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
				       "a counter-based signal is swapped for another one only");
		ret = swap_cb_signal(list, cmd, ev);
		if (ret != ZE_RESULT_SUCCESS)
			return ret;
	}
	xe_mutable_set_signal(cmd, ev);
	list->updated = true;
	return ZE_RESULT_SUCCESS;
}

/*
 * Wait events: the command has one wait per event in the batch
 * (xe_append_encode_wait(), fixed), each rewritten in place for the
 * event's state at the update, or turned into MI_NOOPs for none. What the
 * new wait reads is held by the command until the wait is replaced again
 * or the list reset (the recorded wait's, by the list's keeps).
 */
ze_result_t xe_cmdlist_update_mutable_wait_events_exp(
	ze_command_list_handle_t hCommandList, uint64_t commandId,
	uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents)
{
	struct xe_mutable_cmd *cmd;
	struct xe_cmdlist *list;
	ze_result_t ret;
	uint32_t i, j;

	list = updatable_list(hCommandList, &ret);
	if (!list)
		return ret;
	cmd = cmd_for(list, commandId, ZE_MUTABLE_COMMAND_EXP_FLAG_WAIT_EVENTS);
	if (!cmd)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the command id names no command of this list whose wait events may change");
	if (numWaitEvents != cmd->num_waits)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_SIZE,
			       "numWaitEvents differs from the command's");
	for (i = 0; phWaitEvents && i < numWaitEvents; i++) {
		struct xe_event *ev;

		if (!phWaitEvents[i])
			continue;	/* no more wait in this slot */
		ev = xe_event_from_handle(phWaitEvents[i]);
		if (!ev)
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		if (xe_event_is_cb(ev) != cmd->wait_cb[i])
			return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
				       "a wait event of another kind than the command's");
	}

	for (i = 0; i < numWaitEvents; i++) {
		uint32_t *cs = cmd->waits + i * XE_MI_SEMAPHORE_WAIT_64_DWORDS;
		ze_event_handle_t h = phWaitEvents ? phWaitEvents[i] : NULL;
		struct xe_ref ref = { 0 };
		int err = 0;

		if (h) {
			err = xe_append_encode_wait(list, xe_event_from_handle(h),
						    &cs, true, &ref);
		} else {
			for (j = 0; j < XE_MI_SEMAPHORE_WAIT_64_DWORDS; j++)
				cs = xe_emit_noop(cs);
		}
		if (err)
			return xe_result_from_errno(err);
		if (cmd->wait_keeps[i].obj)
			cmd->wait_keeps[i].put(cmd->wait_keeps[i].obj);
		cmd->wait_keeps[i] = ref;
	}
	list->updated = true;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_cmdlist_is_mutable_exp(ze_command_list_handle_t hCommandList,
				      ze_bool_t *pIsMutable)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pIsMutable)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*pIsMutable = list->mut != NULL;
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeCommandListGetNextCommandIdExp,
	  xe_cmdlist_get_next_command_id_exp);
XE_EXPORT(zeCommandListGetNextCommandIdWithKernelsExp,
	  xe_cmdlist_get_next_command_id_with_kernels_exp);
XE_EXPORT(zeCommandListUpdateMutableCommandsExp,
	  xe_cmdlist_update_mutable_commands_exp);
XE_EXPORT(zeCommandListUpdateMutableCommandSignalEventExp,
	  xe_cmdlist_update_mutable_signal_event_exp);
XE_EXPORT(zeCommandListUpdateMutableCommandWaitEventsExp,
	  xe_cmdlist_update_mutable_wait_events_exp);
XE_EXPORT(zeCommandListUpdateMutableCommandKernelsExp,
	  xe_cmdlist_update_mutable_kernels_exp);
XE_EXPORT(zeCommandListIsMutableExp, xe_cmdlist_is_mutable_exp);
