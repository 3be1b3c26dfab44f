// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: launches of SPIR-V kernels
 *
 * A launch of a compiled kernel snapshots its arguments and group size
 * (struct xe_launch, modules/eu_pool.h), starts the device's execution
 * units if they are not running yet, and appends one
 * XE_CBEV_USER_DISPATCH whose cookie names the snapshot. The list keeps
 * the snapshot alive as long as its commands may run: an immediate list
 * until the submission retires, a regular list until it is reset or
 * destroyed, for every execution. Indirect launches put the GPU address
 * of the group counts in the command, which the engine reads when it
 * executes it; zeCommandListAppendLaunchMultipleKernelsIndirect appends
 * one per kernel, and the execution units skip those whose index is not
 * below the count in pCountBuffer, read when each one executes.
 *
 * Two launches avoid the trip through the kernel: on a synchronous
 * in-order list with nothing in flight, one of one group runs on the
 * appending thread (launch_inline()); on an asynchronous in-order list
 * whose queue is busy, one with nothing between it and the launch before
 * joins that launch's dispatch while the execution units have not taken
 * it (append_chained(), modules/launch.c).
 */

#include <errno.h>
#include <stdlib.h>

#include "core/debug_log.h"

#include "core/types.h"
#include "core/libze_private.h"
#include "append/append.h"
#include "lists/cmdlist.h"
#include "lists/mutable.h"
#include "append/append_jit.h"
#include "graph/graph_capture.h"
#include "graph/graph_record.h"
#include "modules/eu_pool.h"
#include "modules/module.h"
#include "submission/encoder.h"
#include "submission/ring.h"
#include "submission/ring_types.h"

/* One launch's snapshot, with its cookie. */
static ze_result_t snapshot(struct xe_cmdlist *list, struct xe_kernel *k,
			    struct xe_launch **l)
{
	int err;

	if (xe_eu_pool_start(&list->dev->eu_pool, list->dev->fd))
		return XE_FAIL(ZE_RESULT_ERROR_DEVICE_LOST,
			       "the device's execution units cannot start");
	err = xe_kernel_jit_snapshot(k, l);
	if (err == -EINVAL)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "an argument of the kernel is not set");
	return err ? ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY : ZE_RESULT_SUCCESS;
}

/**
 * xe_append_launch_jit() - launch SPIR-V kernels
 * @hCommandList: the list
 * @n: kernels
 * @kernels: the kernels
 * @counts: their group counts, or NULL for indirect counts at @indirect
 * @indirect: GPU address of @n ze_group_count_t (indirect launches)
 * @count_ptr: the number of kernels to run, read at execution (or NULL)
 * @hSignalEvent: the event the launch signals
 * @numWaitEvents: events it waits for
 * @phWaitEvents: them
 *
 * Return: a Level Zero result.
 */
/*
 * May this launch run on the appending thread? A synchronous in-order
 * immediate list returns from an append only once the work ran anyway;
 * when nothing of it is in flight, no event is waited for or signalled,
 * and the launch is one work-group, running the group here is the same
 * work in the same order without the trip through the kernel (the
 * engine, the execution units' wait and report, the list's wait). A fault
 * there still bans the queue: the launch is then submitted as having
 * faulted (eu_pool.c). Not kept: a kernel that never ends blocks the
 * append rather than being banned by the hang timeout;
 * XE_CBEV_INLINE_LAUNCH=0 keeps every launch on the execution units
 * (struct xe_device.inline_launch).
 */
static bool inline_launch_ok(const struct xe_cmdlist *list, uint32_t n,
			     const ze_group_count_t *counts,
			     const uint32_t *count_ptr,
			     ze_event_handle_t hSignalEvent,
			     uint32_t numWaitEvents)
{
	return list->dev->inline_launch && n == 1 && counts && !count_ptr &&
	       !hSignalEvent &&
	       !numWaitEvents && list->immediate && list->in_order &&
	       list->mode == ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS &&
	       counts->groupCountX == 1 && counts->groupCountY == 1 &&
	       counts->groupCountZ == 1 && list->ring &&
	       !xe_ring_banned(list->ring) &&
	       xe_ring_done(list->ring, xe_ring_last(list->ring));
}

/*
 * Run the launch here. Return: true when it ran, @*pre NULL; false with
 * the launch in @*pre for the ring (it faulted, or no memory to run it
 * here), or with @*ret an error.
 */
static bool launch_inline(struct xe_cmdlist *list, struct xe_kernel *k,
			  struct xe_launch **pre, ze_result_t *ret)
{
	static const uint32_t one[3] = { 1, 1, 1 };
	struct xe_launch *l;
	uint64_t addr = 0;
	int err;

	*pre = NULL;
	*ret = snapshot(list, k, &l);
	if (*ret != ZE_RESULT_SUCCESS)
		return false;
	err = xe_eu_run_inline(l, one, &addr);
	if (!err) {
		xe_launch_put(l);
		return true;
	}
	if (err == -EFAULT) {
		l->faulted = true;
		l->fault_addr = addr;
	}
	*pre = l;
	return false;
}

/*
 * Does @list's order already give what a wait for @h asks? A
 * counter-based event that is complete for good (its counter never goes
 * back: an immediate list's), or one on @list's own counter at a value
 * the list reached already or reaches with the dispatch a launch would
 * join -- the chain runs its launches in turn, so one before that
 * signalled it has ended. A condition taken now is the wait's for good:
 * what the event becomes later does not matter to it.
 */
static bool wait_implied(const struct xe_cmdlist *list, ze_event_handle_t h)
{
	const struct xe_event *ev = xe_event_from_handle(h);
	struct xe_event_cond cond;
	bool implied;

	if (!ev || !xe_event_is_cb(ev))
		return false;
	if (!xe_event_cond(ev, &cond))
		return true;	/* never signalled: complete */
	/* Another device's counter is refused by the plain path. */
	implied = cond.counter && cond.counter->dev == list->dev &&
		  ((cond.counter == list->counter &&
		    cond.value <= list->counter_value) ||
		   (cond.counter->monotonic && xe_event_cond_met(&cond)));
	xe_event_cond_put(&cond);
	return implied;
}

/*
 * A launch that may join the chain of launches dispatched before it
 * (modules/launch.c): one kernel of direct, non-zero counts, waiting for
 * nothing the list's order does not give already (wait_implied()), with
 * no signal event or a counter-based one without timestamps, on an
 * asynchronous in-order immediate list whose queue is busy -- the launch
 * would wait behind the work before it anyway, and joined it runs right
 * after the launch before it on the execution units, without its own
 * trip through the kernel and its system calls. A banned queue takes the
 * plain path, which says so.
 */
static bool chain_ok(const struct xe_cmdlist *list, uint32_t n,
		     const ze_group_count_t *counts, const uint32_t *count_ptr,
		     ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
		     ze_event_handle_t *phWaitEvents)
{
	const struct xe_event *signal;
	uint32_t i;

	if (!list->dev->chain_launches || n != 1 || !counts || count_ptr ||
	    !list->immediate || !list->in_order ||
	    list->mode == ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS ||
	    !counts->groupCountX || !counts->groupCountY ||
	    !counts->groupCountZ || !list->ring ||
	    xe_ring_banned(list->ring) ||
	    xe_ring_done(list->ring, xe_ring_last(list->ring)))
		return false;
	if (hSignalEvent) {
		signal = xe_event_from_handle(hSignalEvent);
		if (!signal || !xe_event_is_cb(signal) || signal->timestamps)
			return false;
	}
	if (numWaitEvents && !phWaitEvents)
		return false;
	for (i = 0; i < numWaitEvents; i++)
		if (!wait_implied(list, phWaitEvents[i]))
			return false;
	return true;
}

/*
 * Join @l to @list's open @chain, signalling @hSignalEvent (if any) with
 * the chain's end: true when joined, with *@ret ZE_RESULT_SUCCESS; false
 * when the launch goes its own way, with *@ret the error of its signal,
 * if that failed.
 */
static bool join_chain(struct xe_cmdlist *list, struct xe_launch *chain,
		       struct xe_launch *l, const uint32_t groups[3],
		       ze_event_handle_t hSignalEvent, ze_result_t *ret)
{
	struct xe_event *signal = NULL;
	struct xe_signal sig = { 0 };
	uint32_t step;

	*ret = ZE_RESULT_SUCCESS;
	if (hSignalEvent) {
		signal = xe_event_from_handle(hSignalEvent);
		if (!signal) {
			*ret = ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
			return false;
		}
		*ret = xe_append_prepare_signal(list, signal, &sig);
		if (*ret != ZE_RESULT_SUCCESS)
			return false;
		/* Only a signal that is the counter's bump, no command. */
		if (sig.op != XE_SIGNAL_COUNTER || sig.ts_addr ||
		    sig.keep.obj) {
			xe_append_cancel_signal(signal, &sig);
			return false;
		}
	}
	if (!xe_launch_chain_join(chain, l, groups, &step)) {
		if (signal)
			xe_append_cancel_signal(signal, &sig);
		return false;
	}
	/* Complete when the chain is: at the value its dispatch bumps to. */
	if (signal)
		xe_append_publish_signal(list, signal, &sig,
					 list->counter_value);
	return true;
}

/*
 * Append @l (a reference of the caller's, which this drops) to @list:
 * into its open chain if the execution units have not taken it yet --
 * nothing is submitted then: the counter bump of the append that
 * dispatched the chain comes after the whole chain, so it is this
 * launch's completion too, and its signal event's, and the list's last
 * completion point stays that one --; else as the first launch of a new
 * open chain, dispatched.
 */
static ze_result_t append_chained(ze_command_list_handle_t hCommandList,
				  struct xe_cmdlist *list, struct xe_launch *l,
				  const ze_group_count_t *counts,
				  ze_event_handle_t hSignalEvent)
{
	const uint32_t groups[3] = {
		counts->groupCountX, counts->groupCountY, counts->groupCountZ,
	};
	struct xe_launch *chain = list->open_chain.obj;
	struct xe_append a;
	ze_result_t ret;

	/* A banned queue never takes the chain: the plain path says so. */
	if (chain && !xe_ring_banned(list->ring)) {
		if (join_chain(list, chain, l, groups, hSignalEvent, &ret) ||
		    ret != ZE_RESULT_SUCCESS) {
			xe_launch_put(l);
			return ret;
		}
	}
	/* The append below drops the list's chain; this one starts anew. */
	ret = xe_launch_chain_open(l, groups, &chain) ?
	      ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY : ZE_RESULT_SUCCESS;
	/* The chain holds the launch now (or nothing does). */
	xe_launch_put(l);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;

	ret = xe_append_begin(&a, hCommandList, hSignalEvent, 0, NULL);
	if (ret != ZE_RESULT_SUCCESS)
		goto out_put;
	a.dispatches = true;
	/* Kept until the dispatch completes, with every launch it holds. */
	if (!xe_append_reserve(&a, XE_CBEV_USER_DISPATCH_DWORDS) ||
	    xe_append_keep(&a, (struct xe_ref){ xe_launch_get(chain),
						xe_launch_put })) {
		ret = xe_append_abort(&a, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
		goto out_put;
	}
	xe_append_advance(&a, xe_emit_user_dispatch(xe_append_pos(&a),
						    chain->cookie, groups, 0));
	ret = xe_append_commit(&a);
	if (ret == ZE_RESULT_SUCCESS) {
		list->open_chain = (struct xe_ref){ chain, xe_launch_put };
		return ret;
	}
out_put:
	xe_launch_put(chain);
	return ret;
}

/*
 * The launches of @kernels, or, with @launches, of those snapshots (a
 * graph's, graph/graph_replay.c), of which each dispatch takes a reference.
 */
static ze_result_t append_launches(ze_command_list_handle_t hCommandList,
				   uint32_t n, struct xe_kernel **kernels,
				   struct xe_launch *const *launches,
				   const ze_group_count_t *counts,
				   uint64_t indirect,
				   const uint32_t *count_ptr,
				   ze_event_handle_t hSignalEvent,
				   uint32_t numWaitEvents,
				   ze_event_handle_t *phWaitEvents)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);
	struct xe_launch *pre = NULL;
	size_t dispatch_at = 0;
	struct xe_append a;
	uint32_t *cmds, *store;
	bool mutable;
	ze_result_t ret;
	uint32_t i;

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (list->ordinal == XE_ORDINAL_COPY)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	/* A launch that takes a command id (lists/mutable.c). */
	mutable = !launches && list->mut && !list->closed &&
		  xe_mutable_take(list->mut);
	if (mutable && n != 1) {
		xe_mutable_cancel(list->mut);
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
			       "a command id names one kernel launch");
	}
	if (mutable && xe_mutable_prepare(list->mut, kernels[0], counts,
					  indirect, numWaitEvents)) {
		xe_mutable_cancel(list->mut);
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	}
	if (!mutable && !launches &&
	    inline_launch_ok(list, n, counts, count_ptr,
					 hSignalEvent, numWaitEvents)) {
		if (launch_inline(list, kernels[0], &pre, &ret))
			return ZE_RESULT_SUCCESS;
		if (!pre)
			return ret;
	} else if (!mutable && !launches &&
		   chain_ok(list, n, counts, count_ptr, hSignalEvent,
			    numWaitEvents, phWaitEvents)) {
		ret = snapshot(list, kernels[0], &pre);
		if (ret != ZE_RESULT_SUCCESS)
			return ret;
		return append_chained(hCommandList, list, pre, counts,
				      hSignalEvent);
	}

	ret = xe_append_begin(&a, hCommandList, hSignalEvent, numWaitEvents,
			      phWaitEvents);
	if (ret != ZE_RESULT_SUCCESS)
		goto out_cancel;
	a.dispatches = true;
	list->has_dispatch = true;
	if (!xe_append_reserve(&a, (size_t)n * XE_CBEV_USER_DISPATCH_DWORDS)) {
		ret = xe_append_abort(&a, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
		goto out_cancel;
	}
	for (i = 0; i < n; i++) {
		struct xe_launch *l = pre;
		uint32_t groups[3];

		/* A launch made for running inline goes as it is. */
		pre = NULL;
		if (launches && !l)
			l = xe_launch_get(launches[i]);
		ret = l ? ZE_RESULT_SUCCESS : snapshot(list, kernels[i], &l);
		if (ret != ZE_RESULT_SUCCESS) {
			xe_append_abort(&a, ret);
			goto out_cancel;
		}
		l->count_ptr = count_ptr;
		l->count_index = i;
		if (xe_append_keep(&a, (struct xe_ref){ l, xe_launch_put })) {
			ret = xe_append_abort(&a, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
			goto out_cancel;
		}
		if (counts) {
			groups[0] = counts[i].groupCountX;
			groups[1] = counts[i].groupCountY;
			groups[2] = counts[i].groupCountZ;
		}
		dispatch_at = a.cs->len;
		xe_append_advance(&a, xe_emit_user_dispatch(
			xe_append_pos(&a), l->cookie, counts ? groups : NULL,
			indirect + (uint64_t)i * sizeof(ze_group_count_t)));
	}
	ret = xe_append_commit(&a);
	if (!mutable)
		return ret;
	if (!a.committed)
		goto out_cancel;
	/* The batch holds the commands as the staging buffer had them. */
	cmds = xe_batch_last(&list->batch, a.cs->len);
	/* A regular event's signal: the store right after the dispatch. */
	store = a.signal && a.sig.op == XE_SIGNAL_STORE && !a.sig.ts_addr ?
		cmds + dispatch_at + XE_CBEV_USER_DISPATCH_DWORDS : NULL;
	xe_mutable_record(list->mut, cmds + dispatch_at, cmds + a.waits_at,
			  phWaitEvents, a.signal, store, a.value);
	return ret;

out_cancel:
	if (pre)
		xe_launch_put(pre);
	if (mutable)
		xe_mutable_cancel(list->mut);
	return ret;
}

ze_result_t xe_append_launch_jit(ze_command_list_handle_t hCommandList,
				 uint32_t n, struct xe_kernel **kernels,
				 const ze_group_count_t *counts,
				 uint64_t indirect, const uint32_t *count_ptr,
				 ze_event_handle_t hSignalEvent,
				 uint32_t numWaitEvents,
				 ze_event_handle_t *phWaitEvents)
{
	XE_GRAPH_CAPTURE(hCommandList, hSignalEvent, numWaitEvents,
			 phWaitEvents,
			 xe_graph_record_launch(hCommandList, n, kernels, NULL,
						counts, indirect, count_ptr,
						hSignalEvent, numWaitEvents,
						phWaitEvents));
	return append_launches(hCommandList, n, kernels, NULL, counts,
			       indirect, count_ptr, hSignalEvent,
			       numWaitEvents, phWaitEvents);
}

/**
 * xe_append_launch_snapshots() - launch kernels snapshotted before
 * @hCommandList: the list
 * @n: launches
 * @launches: them (struct xe_launch), each dispatch takes a reference
 * @counts: their group counts, or NULL for indirect counts at @indirect
 * @indirect: GPU address of @n ze_group_count_t (indirect launches)
 * @count_ptr: the number of kernels to run, read at execution (or NULL)
 * @hSignalEvent: the event the launch signals
 * @numWaitEvents: events it waits for
 * @phWaitEvents: them
 *
 * Return: a Level Zero result.
 */
ze_result_t xe_append_launch_snapshots(ze_command_list_handle_t hCommandList,
				       uint32_t n,
				       struct xe_launch *const *launches,
				       const ze_group_count_t *counts,
				       uint64_t indirect,
				       const uint32_t *count_ptr,
				       ze_event_handle_t hSignalEvent,
				       uint32_t numWaitEvents,
				       ze_event_handle_t *phWaitEvents)
{
	XE_GRAPH_CAPTURE(hCommandList, hSignalEvent, numWaitEvents,
			 phWaitEvents,
			 xe_graph_record_launch(hCommandList, n, NULL, launches,
						counts, indirect, count_ptr,
						hSignalEvent, numWaitEvents,
						phWaitEvents));
	return append_launches(hCommandList, n, NULL, launches, counts,
			       indirect, count_ptr, hSignalEvent,
			       numWaitEvents, phWaitEvents);
}

/* Checks common to the launch entry points; the kernel, or NULL. */
static struct xe_kernel *checked_kernel(ze_command_list_handle_t hCommandList,
					ze_kernel_handle_t hKernel)
{
	if (!xe_cmdlist_from_handle(hCommandList))
		return NULL;
	return xe_kernel_from_handle(hKernel);
}

ze_result_t
xe_append_launch_kernel_indirect(ze_command_list_handle_t hCommandList,
				 ze_kernel_handle_t hKernel,
				 const ze_group_count_t *pLaunchArgumentsBuffer,
				 ze_event_handle_t hSignalEvent,
				 uint32_t numWaitEvents,
				 ze_event_handle_t *phWaitEvents)
{
	struct xe_kernel *k = checked_kernel(hCommandList, hKernel);

	if (!k)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pLaunchArgumentsBuffer)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!k->mk->jit)
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
			       "built-in kernels take direct group counts only");
	return xe_append_launch_jit(hCommandList, 1, &k, NULL,
				    (uint64_t)(uintptr_t)pLaunchArgumentsBuffer,
				    NULL, hSignalEvent, numWaitEvents,
				    phWaitEvents);
}

ze_result_t
xe_append_launch_multiple_kernels_indirect(ze_command_list_handle_t hCommandList,
					   uint32_t numKernels,
					   ze_kernel_handle_t *phKernels,
					   const uint32_t *pCountBuffer,
					   const ze_group_count_t *pLaunchArgumentsBuffer,
					   ze_event_handle_t hSignalEvent,
					   uint32_t numWaitEvents,
					   ze_event_handle_t *phWaitEvents)
{
	struct xe_kernel **ks;
	ze_result_t ret;
	uint32_t i;

	if (!xe_cmdlist_from_handle(hCommandList))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phKernels || !pCountBuffer || !pLaunchArgumentsBuffer)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	ks = calloc(numKernels ? numKernels : 1, sizeof(*ks));
	if (!ks)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	for (i = 0; i < numKernels; i++) {
		ks[i] = xe_kernel_from_handle(phKernels[i]);
		if (!ks[i]) {
			free(ks);
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		}
		if (!ks[i]->mk->jit) {
			free(ks);
			return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
				       "built-in kernels take direct group counts only");
		}
	}
	ret = xe_append_launch_jit(hCommandList, numKernels, ks, NULL,
				   (uint64_t)(uintptr_t)pLaunchArgumentsBuffer,
				   pCountBuffer, hSignalEvent, numWaitEvents,
				   phWaitEvents);
	free(ks);
	return ret;
}

XE_EXPORT(zeCommandListAppendLaunchKernelIndirect,
	  xe_append_launch_kernel_indirect);
XE_EXPORT(zeCommandListAppendLaunchMultipleKernelsIndirect,
	  xe_append_launch_multiple_kernels_indirect);
