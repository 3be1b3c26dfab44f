// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: events
 *
 * A regular event is a slot of its pool (struct xe_event_slot): its state
 * word is XE_EVENT_SIGNALED or XE_EVENT_CLEAR, stored whole by the host
 * (zeEventHostSignal/Reset) or by the engine (MI_STORE_DATA_IMM, see the
 * appends). A host query is one acquire load; a host wait spins briefly,
 * then sleeps in the kernel until the engine writes the pool (wait.c).
 *
 * The state word is a release store on the host and the engine's stores
 * are seen whole: whoever sees an event signalled also sees what was
 * written before the signal, which is what the Level Zero scopes ask for
 * at the widest (host) scope. Scopes are therefore only recorded.
 *
 * Creating an event (event_pool.c) clears it, except in a pool opened from
 * an IPC handle: there the exporter owns the state, and an importer that
 * creates its view of an event must not undo a signal it has not seen yet.
 *
 * Three kinds of events share these entry points: regular events of a pool
 * (event_pool.c), counter-based events (cb_event.c) and counter-based
 * events opened from an IPC handle (cb_event_ipc.c). What differs between
 * them when an append signals or waits for one, and what an event holds,
 * is behind its struct xe_event_ops; this file calls no kind.
 *
 * Counter-based events share the entry points: what waiting
 * for any event means is a condition "value >= target" at a host and a
 * device address (struct xe_event_cond), one state word for a regular
 * event, the current (counter, value) for a counter-based one. Queries,
 * host waits and the waits the appends emit all go through it. The host
 * may not signal or reset a counter-based event.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <ze_graph_ext.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "memory/bo.h"
#include "core/types.h"
#include "events/counter_types.h"
#include "events/event.h"
#include "events/event_slab.h"
#include "core/result.h"
#include "submission/ring_types.h"
#include "submission/wait.h"

static_assert(offsetof(struct xe_event, obj) == 0,
	      "an event handle must point at its object header");

static void state_store(struct xe_event *ev, uint64_t state)
{
	/* Release: what the host wrote before is seen with the state. */
	__atomic_store_n(&ev->slot->state, state, __ATOMIC_RELEASE);
}

/*
 * Where the kernel was told @ev's writer: a regular event's state, an
 * aggregated event's storage (its state's, which never changes).
 */
static uint64_t writer_addr(const struct xe_event *ev)
{
	struct xe_cb_state *state;
	uint64_t addr;

	if (!xe_event_is_cb(ev))
		return xe_event_state_addr(ev);
	state = xe_cb_pin(&ev->cb);
	addr = state ? state->gpu_addr : 0;
	xe_cb_unpin(&ev->cb, state);
	return addr;
}

/*
 * Drop a reference of @ev; the last one drops what it holds and frees it.
 * Besides the handle, only regular lists that recorded a signal of it hold
 * one (their executions take the event back, append/execute.c).
 */
void xe_event_put(struct xe_event *ev)
{
	if (atomic_fetch_sub_explicit(&ev->refs, 1, memory_order_acq_rel) != 1)
		return;
	/*
	 * Its slot (an aggregated event's storage: the application's) may
	 * serve another event: the kernel forgets the writer.
	 */
	if (atomic_load_explicit(&ev->kernel_writer, memory_order_relaxed))
		(void)xe_kmd_set_writer(ev->dev->fd, writer_addr(ev), 0, 0);
	ev->ops->fini(ev);
	xe_event_free(ev);
}

/**
 * xe_event_set_writer() - an immediate list's ring is to signal an event
 * @ev: a regular event, or an aggregated counter-based event
 * @addr: where the signal writes: the regular event's state, the
 *	aggregated event's storage
 * @ring: the ring
 *
 * Host waits on a regular event name the queue; the kernel learns it too
 * (DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER), only when it changes, so that
 * its ban ends every wait on the event, an importer's and the device's
 * as well. A host signal or reset does not tell the kernel (see
 * forget_banned_writer()). Storage in the process's own memory is
 * recorded too (in the file's address space).
 */
void xe_event_set_writer(struct xe_event *ev, uint64_t addr,
			 const struct xe_ring *ring)
{
	if (!xe_event_is_cb(ev))
		atomic_store_explicit(&ev->writer_queue, ring->id,
				      memory_order_relaxed);
	if (atomic_exchange_explicit(&ev->kernel_writer, ring->serial,
				     memory_order_relaxed) != ring->serial)
		(void)xe_kmd_set_writer(ring->dev->fd, addr, 0, ring->id);
}

ze_result_t xe_event_destroy(ze_event_handle_t hEvent)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);

	if (!ev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	xe_event_unregister(ev);
	xe_event_put(ev);
	return ZE_RESULT_SUCCESS;
}

/*
 * A counter-based event is signalled by in-order appends only and never
 * reset (its next signal replaces its state): compute-runtime refuses both
 * host calls with ZE_RESULT_ERROR_UNSUPPORTED_FEATURE.
 */
ze_result_t xe_event_host_signal(ze_event_handle_t hEvent)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);

	if (!ev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (xe_event_is_cb(ev))
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
			       "a counter-based event is not signalled from the host");
	atomic_store_explicit(&ev->writer_queue, 0, memory_order_relaxed);
	state_store(ev, XE_EVENT_SIGNALED);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_event_host_reset(ze_event_handle_t hEvent)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);

	if (!ev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (xe_event_is_cb(ev))
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
			       "a counter-based event is not reset from the host");
	atomic_store_explicit(&ev->writer_queue, 0, memory_order_relaxed);
	state_store(ev, XE_EVENT_CLEAR);
	return ZE_RESULT_SUCCESS;
}

/*
 * Is @ev complete now? What xe_event_cond() and xe_event_cond_met() say,
 * without building the whole condition: a query or a host wait that finds
 * the event complete reads its state word, or pins its counter-based
 * state and compares one value.
 */
static inline bool event_complete(const struct xe_event *ev)
{
	struct xe_cb_state *state;
	uint64_t value;
	bool done;

	if (!xe_event_is_cb(ev))
		return __atomic_load_n(&ev->slot->state, __ATOMIC_ACQUIRE) >=
		       XE_EVENT_SIGNALED;
	state = xe_cb_pin(&ev->cb);
	if (!state || state->kind == XE_CB_NONE) {
		done = true;
	} else {
		value = __atomic_load_n(&state->value, __ATOMIC_RELAXED);
		done = __atomic_load_n(state->cpu, __ATOMIC_ACQUIRE) >= value;
		/* Complete for good: the next query needs one load. */
		if (done && state->kind == XE_CB_COUNTER &&
		    state->counter->monotonic)
			xe_cb_mark_done(&ev->cb, state, value);
	}
	xe_cb_unpin(&ev->cb, state);
	return done;
}


/*
 * A capture signalled the event (graph/graph_capture.c): nothing of it was
 * submitted, so there is nothing to wait for or to query yet.
 */
static __attribute__((noinline)) ze_result_t refuse_captured(void)
{
	return XE_FAIL(ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
		       "a host wait on an event a graph capture signals");
}

/*
 * A counter-based event of the slab whose state is complete for good
 * (cb_state.c, XE_CB_DONE): a query or a host wait is answered with the
 * slab's range check and one acquire load, no pin. A destroyed event has
 * the flag off (event.h), so a stale handle goes the long way.
 */
static inline bool slab_event_done(ze_event_handle_t hEvent)
{
	const struct xe_event *ev = (const struct xe_event *)hEvent;

	return xe_event_in_slab(ev) && xe_cb_done(&ev->cb);
}

/*
 * An event of the slab, checked inline: the hot path of a query or a host
 * wait sets up no frame; anything else goes the long way.
 */
static inline struct xe_event *slab_event(ze_event_handle_t hEvent)
{
	struct xe_event *ev = (struct xe_event *)hEvent;

	return __builtin_expect(xe_event_in_slab(ev) &&
				ev->obj.magic == XE_MAGIC_EVENT, 1) ? ev : NULL;
}

static __attribute__((noinline)) ze_result_t
query_status(ze_event_handle_t hEvent)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);

	if (!ev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (ev->graph_marked)
		return refuse_captured();
	return event_complete(ev) ? ZE_RESULT_SUCCESS : ZE_RESULT_NOT_READY;
}

/* Not complete for good: the state is read, pinned. */
static __attribute__((noinline)) ze_result_t
query_pinned(ze_event_handle_t hEvent)
{
	struct xe_event *ev = slab_event(hEvent);

	if (ev && ev->graph_marked)
		return refuse_captured();
	if (ev)
		return event_complete(ev) ? ZE_RESULT_SUCCESS :
					    ZE_RESULT_NOT_READY;
	return query_status(hEvent);
}

ze_result_t xe_event_query_status(ze_event_handle_t hEvent)
{
	if (__builtin_expect(slab_event_done(hEvent), 1))
		return ZE_RESULT_SUCCESS;
	return query_pinned(hEvent);
}

/**
 * xe_event_cond_wait() - wait on the host for an event's condition
 * @dev: the device whose address space the condition's memory is bound in
 * @cond: the condition
 * @timeout: Level Zero timeout
 *
 * Every host-side path reads the value where the host reads it, @cond->cpu
 * (struct xe_event_cond), and the kernel sleeps on that same memory: a
 * counter by its id, anything else at its own address, where it is bound.
 * The queue known to write the value (&xe_event_cond.queue_id) is named,
 * so that its ban ends the wait with -EIO, whatever the timeout.
 *
 * Return: 0, -ETIME, -EIO or another negative errno.
 */
int xe_event_cond_wait(struct xe_device *dev, const struct xe_event_cond *cond,
		       uint64_t timeout)
{
	if (cond->counter)
		return xe_wait_counter(dev, cond->counter, cond->value,
				       timeout, cond->queue_id);
	return xe_wait_address(dev, cond->cpu, (uintptr_t)cond->cpu,
			       cond->value, timeout, cond->queue_id);
}

/* The kernel's form of @cond (the host's side), for waits and sync_files. */
int xe_event_cond_kmd(const struct xe_event_cond *cond,
		      struct drm_xe_cbev_wait_cond *out)
{
	*out = (struct drm_xe_cbev_wait_cond){
		.addr = cond->counter ? cond->counter->id :
			(uintptr_t)cond->cpu,
		.value = cond->value,
		.op = DRM_XE_CBEV_CMP_GTE,
		.flags = cond->counter ? DRM_XE_CBEV_WAIT_COND_COUNTER : 0,
	};
	return 0;
}

/*
 * A host signal or reset took a regular event over (&xe_event.writer_queue
 * is 0) from a queue the kernel still names as its writer: if that queue
 * was banned the kernel ends waits on the event with -EIO, so it forgets
 * the writer, and the wait is tried again. Done only then, so a reset
 * costs no system call.
 */
static bool forget_banned_writer(struct xe_event *ev)
{
	if (xe_event_is_cb(ev) ||
	    atomic_load_explicit(&ev->writer_queue, memory_order_relaxed) ||
	    !atomic_exchange_explicit(&ev->kernel_writer, 0, memory_order_relaxed))
		return false;
	return !xe_kmd_set_writer(ev->dev->fd, xe_event_state_addr(ev), 0, 0);
}

static __attribute__((noinline)) ze_result_t
host_synchronize(ze_event_handle_t hEvent, uint64_t timeout)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);
	struct xe_event_cond cond;
	int err = 0;

	if (!ev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (ev->graph_marked)
		return refuse_captured();
	if (!xe_event_cond(ev, &cond))
		return ZE_RESULT_SUCCESS;
	/* The pinned state keeps what the wait reads, however long. */
	if (!xe_event_cond_met(&cond))
		err = xe_event_cond_wait(ev->dev, &cond, timeout);
	if (err == -EIO && forget_banned_writer(ev))
		err = xe_event_cond_wait(ev->dev, &cond, timeout);
	xe_event_cond_put(&cond);
	return xe_result_from_errno(err);
}

static __attribute__((noinline)) ze_result_t
synchronize_pinned(ze_event_handle_t hEvent, uint64_t timeout)
{
	struct xe_event *ev = slab_event(hEvent);

	/* Complete already: no condition to build, no wait. */
	if (ev && !ev->graph_marked && event_complete(ev))
		return ZE_RESULT_SUCCESS;
	return host_synchronize(hEvent, timeout);
}

ze_result_t xe_event_host_synchronize(ze_event_handle_t hEvent,
				      uint64_t timeout)
{
	if (__builtin_expect(slab_event_done(hEvent), 1))
		return ZE_RESULT_SUCCESS;
	return synchronize_pinned(hEvent, timeout);
}

/**
 * xe_event_ts_get() - where the timestamps of @ev's current state are
 * @ev: an event with timestamps
 * @slot: a counter-based event's slot there, with a reference for the
 *	caller; NULL for a regular event, whose slot is its own
 *
 * Return: the address of its ze_kernel_timestamp_result_t.
 */
uint64_t xe_event_ts_get(const struct xe_event *ev, struct xe_ts_slot **slot)
{
	struct xe_cb_state *state;

	*slot = NULL;
	if (!xe_event_is_cb(ev))
		return (uintptr_t)&ev->slot->ts;
	/* A timestamp event has a state with a slot from its creation on. */
	state = xe_cb_pin(&ev->cb);
	*slot = xe_ts_get(state->ts);
	xe_cb_unpin(&ev->cb, state);
	return xe_ts_addr(*slot);
}

/*
 * Copy @ev's kernel timestamps to @out if its current state completed.
 * The acquire load of the completion orders the timestamp reads after it.
 * A counter-based event never signalled is complete, with the zero
 * timestamps of its first slot; the completion and the timestamps are read
 * from one pinned state.
 */
static ze_result_t read_timestamps(struct xe_event *ev,
				   ze_kernel_timestamp_result_t *out)
{
	struct xe_cb_state *state;
	bool done;

	if (!xe_event_is_cb(ev)) {
		if (!event_complete(ev))
			return ZE_RESULT_NOT_READY;
		memcpy(out, &ev->slot->ts, sizeof(*out));
		return ZE_RESULT_SUCCESS;
	}
	state = xe_cb_pin(&ev->cb);
	done = state->kind == XE_CB_NONE ||
	       __atomic_load_n(state->cpu, __ATOMIC_ACQUIRE) >= state->value;
	if (done)
		memcpy(out, state->ts->ts, sizeof(*out));
	xe_cb_unpin(&ev->cb, state);
	return done ? ZE_RESULT_SUCCESS : ZE_RESULT_NOT_READY;
}

ze_result_t xe_event_query_kernel_timestamp(ze_event_handle_t hEvent,
					    ze_kernel_timestamp_result_t *dstptr)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);

	if (!ev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!dstptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!ev->timestamps)
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
			       "the event records no timestamps (no KERNEL_TIMESTAMP pool flag, no timestamp counter-based flag)");
	return read_timestamps(ev, dstptr);
}

/*
 * How many timestamps @ev holds for @dev: one (the device has no
 * sub-devices, an operation writes one set), none for another device.
 */
static uint32_t timestamps_for(const struct xe_event *ev,
			       const struct xe_device *dev)
{
	return ev->dev == dev ? 1 : 0;
}

/*
 * Check the arguments of the two array queries; *@n is the number of
 * timestamps to return, 0 when the caller only asked how many (*@pCount
 * set then).
 */
static ze_result_t check_query(struct xe_event *ev, struct xe_device *dev,
			       uint32_t *pCount, uint32_t *n)
{
	uint32_t have;

	if (!ev || !dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pCount)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!ev->timestamps)
		return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
	have = timestamps_for(ev, dev);
	if (!*pCount || *pCount > have)
		*pCount = have;
	*n = *pCount;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_event_query_timestamps_exp(ze_event_handle_t hEvent,
					  ze_device_handle_t hDevice,
					  uint32_t *pCount,
					  ze_kernel_timestamp_result_t *pTimestamps)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);
	uint32_t n = 0;
	ze_result_t ret;

	ret = check_query(ev, xe_device_from_handle(hDevice), pCount, &n);
	if (ret != ZE_RESULT_SUCCESS || !n || !pTimestamps)
		return ret;
	return read_timestamps(ev, pTimestamps);
}

/*
 * The device's timestamps count nanoseconds of the host's monotonic raw
 * clock (device_props.c): in the host's time domain already, so the
 * synchronized timestamps are the kernel timestamps, for every timestamp
 * event (a KERNEL_MAPPED_TIMESTAMP pool costs nothing more).
 */
ze_result_t xe_event_query_kernel_timestamps_ext(
	ze_event_handle_t hEvent, ze_device_handle_t hDevice, uint32_t *pCount,
	ze_event_query_kernel_timestamps_results_ext_properties_t *pResults)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);
	ze_synchronized_timestamp_result_ext_t *sync;
	ze_kernel_timestamp_result_t ts;
	uint32_t n = 0;
	ze_result_t ret;

	ret = check_query(ev, xe_device_from_handle(hDevice), pCount, &n);
	if (ret != ZE_RESULT_SUCCESS || !n || !pResults)
		return ret;
	ret = read_timestamps(ev, &ts);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;	/* not signalled: nothing written */
	if (pResults->pKernelTimestampsBuffer)
		pResults->pKernelTimestampsBuffer[0] = ts;
	sync = pResults->pSynchronizedTimestampsBuffer;
	if (sync)
		*sync = (ze_synchronized_timestamp_result_ext_t){
			.global = { ts.global.kernelStart, ts.global.kernelEnd },
			.context = { ts.context.kernelStart,
				     ts.context.kernelEnd },
		};
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_event_get_event_pool(ze_event_handle_t hEvent,
				    ze_event_pool_handle_t *phEventPool)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);

	if (!ev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phEventPool)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	/* A counter-based event made without a pool has none. */
	*phEventPool = ev->pool ? xe_object_handle(&ev->pool->obj) : NULL;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_event_get_signal_scope(ze_event_handle_t hEvent,
				      ze_event_scope_flags_t *pSignalScope)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);

	if (!ev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pSignalScope)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*pSignalScope = ev->signal_scope;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_event_get_wait_scope(ze_event_handle_t hEvent,
				    ze_event_scope_flags_t *pWaitScope)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);

	if (!ev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pWaitScope)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*pWaitScope = ev->wait_scope;
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeEventDestroy, xe_event_destroy);
XE_EXPORT(zeEventHostSignal, xe_event_host_signal);
XE_EXPORT(zeEventHostReset, xe_event_host_reset);
XE_EXPORT(zeEventQueryStatus, xe_event_query_status);
XE_EXPORT(zeEventHostSynchronize, xe_event_host_synchronize);
XE_EXPORT(zeEventQueryKernelTimestamp, xe_event_query_kernel_timestamp);
XE_EXPORT(zeEventQueryTimestampsExp, xe_event_query_timestamps_exp);
XE_EXPORT(zeEventQueryKernelTimestampsExt,
	  xe_event_query_kernel_timestamps_ext);
XE_EXPORT(zeEventGetEventPool, xe_event_get_event_pool);
XE_EXPORT(zeEventGetSignalScope, xe_event_get_signal_scope);
XE_EXPORT(zeEventGetWaitScope, xe_event_get_wait_scope);
