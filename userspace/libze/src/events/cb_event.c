// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: counter-based events
 *
 * A counter-based (CB) event is a struct xe_event with no memory of its
 * own. Its state (struct xe_cb_state, immutable, published whole and read
 * pinned, see cb_state.c) is a condition "value >= target": a
 * new event has none and is complete; an append on an in-order list that
 * signals it makes it point at (that list's counter, the value the append
 * bumps the counter to), replacing whatever it pointed at, without waiting
 * for anything. Waiting for it, on the host or in any list, is one 64-bit
 * compare of that pair (event.c, append.c). The counter is counted, so the
 * event still reads it after the list is gone, and the kernel keeps a
 * freed slot from being reused while earlier work may still read it: an
 * event may be destroyed or re-signalled while waits for its old state are
 * pending on the device.
 *
 * A regular list that signals an event records it with the value of the
 * recording; every execution sets the list's counter to 0 first (at the
 * time of the call) and gives the event that state again, whatever
 * signalled it since (prepare_replay, a fresh state; append/execute.c), so
 * the event reads "not ready" again until the execution reaches that
 * append, and waits recorded elsewhere wait for the latest execution.
 *
 * Three ways to create one, one implementation:
 *
 * - zeEventCounterBasedCreate() (spec 1.15) and its twin
 *   zexCounterBasedEventCreate2() (same layout; the ZEX form wants
 *   IMMEDIATE or NON_IMMEDIATE set, the core form defaults to IMMEDIATE);
 * - the deprecated zexCounterBasedEventCreate(), scopes from an event
 *   descriptor and optional external storage;
 * - zeEventCreate() in a counter-based pool (event_pool.c).
 *
 * Extensions in pNext: external sync storage (the application's memory
 * and value: the event starts there, a signal replaces it; the device
 * reads deviceAddress, every host-side path hostAddress) and aggregate
 * storage (every signal atomically adds an increment there; never
 * replaced). Both must lie in memory of the context, as the device reaches
 * nothing else; both at once are refused.
 *
 * Timestamp events get driver-owned timestamp slots (timestamp.c), a fresh
 * one per signal. The refusals follow compute-runtime: host signal and
 * reset are ZE_RESULT_ERROR_UNSUPPORTED_FEATURE; signalling from an
 * out-of-order list, from a list type the event's flags exclude, or
 * signalling an event opened from an IPC handle is
 * ZE_RESULT_ERROR_INVALID_ARGUMENT.
 */

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "events/cb_event.h"
#include "events/counter.h"
#include "core/types.h"
#include "events/event.h"
#include "events/event_slab.h"
#include "memory/memory.h"
#include "core/result.h"
#include "events/timestamp.h"

#define XE_EVENT_SCOPE_FLAGS_KNOWN					\
	(ZE_EVENT_SCOPE_FLAG_SUBDEVICE | ZE_EVENT_SCOPE_FLAG_DEVICE |	\
	 ZE_EVENT_SCOPE_FLAG_HOST)

#define XE_CB_FLAGS_LIST_TYPES						\
	(ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE |			\
	 ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE)

/* What a creation asks for, whichever entry point it came through. */
struct cb_params {
	ze_event_counter_based_flags_t flags;
	ze_event_scope_flags_t signal;
	ze_event_scope_flags_t wait;
	struct xe_cb_state initial;
};

static const struct xe_event_ops cb_event_ops;

/*
 * May @ptr hold an event's value: naturally aligned, and either inside one
 * allocation of @ctx (bound in the device's address space at that address)
 * or, when @dev reaches the process's own memory, anywhere else?
 */
static bool storage_ok(struct xe_context *ctx, const struct xe_device *dev,
		       const uint64_t *ptr)
{
	struct xe_alloc *alloc;
	bool ok;

	if (!ptr || ((uintptr_t)ptr & 7))
		return false;
	pthread_mutex_lock(&ctx->alloc_lock);
	alloc = xe_memory_find_locked(ctx, ptr);
	ok = alloc ? (uintptr_t)(ptr + 1) <= alloc->start + alloc->size :
		     xe_device_has_system_memory(dev);
	pthread_mutex_unlock(&ctx->alloc_lock);
	return ok;
}

/*
 * Read the storage extensions of @pNext into @p->initial. The core and the
 * ZEX structs have one layout each pair, so either stype is taken.
 */
static ze_result_t parse_storage(struct xe_context *ctx,
				 const struct xe_device *dev, const void *pNext,
				 struct cb_params *p)
{
	const ze_event_counter_based_external_sync_allocation_desc_t *sync = NULL;
	const ze_event_counter_based_external_aggregate_storage_desc_t *agg = NULL;
	const ze_base_desc_t *ext;

	static_assert(sizeof(*sync) ==
		      sizeof(zex_counter_based_event_external_sync_alloc_properties_t),
		      "core and ZEX external sync structs are one layout");
	static_assert(sizeof(*agg) ==
		      sizeof(zex_counter_based_event_external_storage_properties_t),
		      "core and ZEX aggregate structs are one layout");

	for (ext = pNext; ext; ext = ext->pNext) {
		uint32_t stype = ext->stype;

		if (stype == ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION_DESC ||
		    stype == ZEX_STRUCTURE_COUNTER_BASED_EVENT_EXTERNAL_SYNC_ALLOC_PROPERTIES)
			sync = (const void *)ext;
		else if (stype == ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_AGGREGATE_STORAGE_DESC ||
			 stype == ZEX_STRUCTURE_COUNTER_BASED_EVENT_EXTERNAL_STORAGE_ALLOC_PROPERTIES)
			agg = (const void *)ext;
	}

	if (sync && agg)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "a sync-mode and an aggregate-mode descriptor are both chained");
	if (sync) {
		/*
		 * The device reads deviceAddress, the host hostAddress: every
		 * host-side wait, so the kernel must reach it too -- memory of
		 * the context, or any process memory if the device reaches it.
		 */
		if (!storage_ok(ctx, dev, sync->hostAddress) ||
		    !storage_ok(ctx, dev, sync->deviceAddress))
			return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
				       "hostAddress or deviceAddress is misaligned or out of the device's reach");
		p->initial = (struct xe_cb_state){
			.kind = XE_CB_EXTERNAL,
			.value = sync->completionValue,
			.gpu_addr = (uintptr_t)sync->deviceAddress,
			.cpu = sync->hostAddress,
		};
	} else if (agg) {
		/* Host waits read deviceAddress too: it is USM here. */
		if (!agg->incrementValue ||
		    !storage_ok(ctx, dev, agg->deviceAddress))
			return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
				       "incrementValue is 0 or deviceAddress is misaligned or out of the device's reach");
		p->initial = (struct xe_cb_state){
			.kind = XE_CB_AGGREGATE,
			.value = agg->completionValue,
			.gpu_addr = (uintptr_t)agg->deviceAddress,
			.cpu = agg->deviceAddress,
			.increment = agg->incrementValue,
		};
	}
	return ZE_RESULT_SUCCESS;
}

/* Check the flags and scopes of a creation; fill in the defaults. */
static ze_result_t check_params(struct cb_params *p)
{
	if (p->flags & ~XE_CB_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	if ((p->signal | p->wait) & ~XE_EVENT_SCOPE_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	if ((p->flags & XE_CB_FLAGS_TIMESTAMP) == XE_CB_FLAGS_TIMESTAMP)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT, "both timestamp flags are set");
	/* IPC shares a (counter, value); timestamps would stay behind. */
	if ((p->flags & ZE_EVENT_COUNTER_BASED_FLAG_IPC) &&
	    (p->flags & XE_CB_FLAGS_TIMESTAMP))
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "an IPC counter-based event cannot carry timestamps");
	if (!(p->flags & XE_CB_FLAGS_LIST_TYPES))
		p->flags |= ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE;
	return ZE_RESULT_SUCCESS;
}

/**
 * cb_event_new() - make a counter-based event
 * @ctx: its context
 * @dev: its device
 * @pool: its pool, or NULL
 * @p: what it is, checked
 * @out: the event
 *
 * Return: 0 or a negative errno.
 */
static inline __attribute__((always_inline)) int
cb_event_new(struct xe_context *ctx, struct xe_device *dev,
	     struct xe_event_pool *pool, const struct cb_params *p,
	     struct xe_event **out)
{
	struct xe_cb_state init, *state = NULL;
	struct xe_event *ev;
	int err;

	err = xe_event_alloc(&ev);
	if (err)
		return err;
	/* xe_event_alloc() zeroed the rest. */
	atomic_init(&ev->refs, 1);
	ev->ops = &cb_event_ops;
	ev->pool = pool;
	ev->dev = dev;
	ev->signal_scope = p->signal;
	ev->wait_scope = p->wait;
	ev->cb_flags = p->flags;
	ev->timestamps = p->flags & XE_CB_FLAGS_TIMESTAMP;
	/* No state at all: never signalled, nothing of its own. */
	if (p->initial.kind == XE_CB_NONE && !ev->timestamps)
		goto out;
	init = p->initial.kind == XE_CB_NONE ? (struct xe_cb_state){ 0 } :
					       p->initial;
	if (ev->timestamps) {
		/* Zero timestamps until the first signal brings its own. */
		err = xe_ts_alloc(dev, &init.ts);
		if (err)
			goto err_free;
	}
	err = xe_cb_state_new(&init, &state);
	if (err) {
		xe_ts_put(init.ts);
		goto err_free;
	}
	xe_cb_publish(&ev->cb, state);
out:
	xe_event_register(ev, &ctx->drv->ddi);
	*out = ev;
	return 0;

err_free:
	xe_event_free(ev);
	return err;
}

/* Counter-based event of a counter-based pool (zeEventCreate()). */
int xe_cb_event_create_pooled(struct xe_event_pool *pool,
			      const ze_event_desc_t *desc,
			      struct xe_event **out)
{
	const struct cb_params p = {
		.flags = pool->cb_flags,
		.signal = desc->signal,
		.wait = desc->wait,
		.initial = { .kind = XE_CB_NONE },
	};

	return cb_event_new(pool->ctx, pool->dev, pool, &p, out);
}

/* Create from checked handles and parameters (the three front doors). */
static inline __attribute__((always_inline)) ze_result_t
create(struct xe_context *ctx, struct xe_device *dev, struct cb_params *p,
       const void *pNext, ze_event_handle_t *phEvent)
{
	struct xe_event *ev;
	ze_result_t ret;
	int err;

	ret = check_params(p);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	/* parse_storage() fills the whole state; NONE reads nothing else. */
	p->initial.kind = XE_CB_NONE;
	if (pNext) {
		ret = parse_storage(ctx, dev, pNext, p);
		if (ret != ZE_RESULT_SUCCESS)
			return ret;
	}

	err = cb_event_new(ctx, dev, NULL, p, &ev);
	if (err)
		return xe_result_from_errno(err);
	*phEvent = xe_object_handle(&ev->obj);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_cb_event_create(ze_context_handle_t hContext,
			       ze_device_handle_t hDevice,
			       const ze_event_counter_based_desc_t *desc,
			       ze_event_handle_t *phEvent)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_device *dev = xe_device_from_handle(hDevice);
	struct cb_params p;

	if (!ctx || !dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!desc || !phEvent)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (desc->stype != ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC &&
	    (uint32_t)desc->stype != ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;

	p.flags = desc->flags;
	p.signal = desc->signal;
	p.wait = desc->wait;
	return create(ctx, dev, &p, desc->pNext, phEvent);
}

ze_result_t xe_zex_cb_event_create2(ze_context_handle_t hContext,
				    ze_device_handle_t hDevice,
				    const zex_counter_based_event_desc_t *desc,
				    ze_event_handle_t *phEvent)
{
	/* compute-runtime's default for a NULL descriptor. */
	static const zex_counter_based_event_desc_t dflt = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.flags = ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE |
			 ZEX_COUNTER_BASED_EVENT_FLAG_NON_IMMEDIATE |
			 ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE,
		.signalScope = ZE_EVENT_SCOPE_FLAG_HOST,
		.waitScope = ZE_EVENT_SCOPE_FLAG_DEVICE,
	};
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_device *dev = xe_device_from_handle(hDevice);
	struct cb_params p;

	static_assert(sizeof(zex_counter_based_event_desc_t) ==
		      sizeof(ze_event_counter_based_desc_t),
		      "the ZEX and core descriptors are one layout");

	if (!ctx || !dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phEvent)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!desc)
		desc = &dflt;
	if (desc->stype != ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC &&
	    desc->stype != ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	if (desc->flags & ~XE_CB_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	/* The ZEX form says which lists may signal it, always. */
	if (!(desc->flags & XE_CB_FLAGS_LIST_TYPES))
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the ZEX descriptor names no list type (immediate, non-immediate)");

	/* The fields one by one: create() sets what else it reads. */
	p.flags = desc->flags;
	p.signal = desc->signalScope;
	p.wait = desc->waitScope;
	return create(ctx, dev, &p, desc->pNext, phEvent);
}

ze_result_t xe_zex_cb_event_create(ze_context_handle_t hContext,
				   ze_device_handle_t hDevice,
				   uint64_t *deviceAddress,
				   uint64_t *hostAddress,
				   uint64_t completionValue,
				   const ze_event_desc_t *desc,
				   ze_event_handle_t *phEvent)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_device *dev = xe_device_from_handle(hDevice);
	ze_event_counter_based_external_sync_allocation_desc_t sync;
	const void *pNext;
	struct cb_params p;

	if (!ctx || !dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phEvent)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	/* compute-runtime: no descriptor is an invalid argument. */
	if (!desc || desc->stype != ZE_STRUCTURE_TYPE_EVENT_DESC)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;

	/* External storage only when both addresses are given, in front. */
	pNext = desc->pNext;
	if (deviceAddress && hostAddress) {
		sync = (ze_event_counter_based_external_sync_allocation_desc_t){
			.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION_DESC,
			.pNext = desc->pNext,
			.deviceAddress = deviceAddress,
			.hostAddress = hostAddress,
			.completionValue = completionValue,
		};
		pNext = &sync;
	}

	p = (struct cb_params){
		.flags = ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE |
			 ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE,
		.signal = desc->signal,
		.wait = desc->wait,
	};
	return create(ctx, dev, &p, pNext, phEvent);
}

/* ---- the kind's operations (struct xe_event_ops) ------------------------ */

/*
 * What a signal of @ev encodes, and the state it will publish (completed
 * by publish_signal), with the timestamps of @ts (a reference taken over,
 * also on failure). An aggregated event adds its increment atomically
 * against the other producers and keeps its storage; any other needs
 * nothing but the counter bump and points at the list's counter.
 */
static int prepare_state(const struct xe_event *ev, struct xe_ts_slot *ts,
			 struct xe_signal *sig)
{
	struct xe_cb_state next = { .kind = XE_CB_COUNTER }, *cur;
	int err;

	*sig = (struct xe_signal){ .op = XE_SIGNAL_COUNTER, .ts = ts };
	cur = xe_cb_pin(&ev->cb);
	if (cur && cur->kind == XE_CB_AGGREGATE) {
		sig->op = XE_SIGNAL_ADD;
		sig->addr = cur->gpu_addr;
		sig->value = cur->increment;
		next = *cur;	/* the same storage, new timestamps */
		next.counter = NULL;
	}
	xe_cb_unpin(&ev->cb, cur);
	next.ts = NULL;
	if (ts)
		sig->ts_addr = xe_ts_addr(ts);

	/* An aggregated event without timestamps never changes. */
	if (sig->op != XE_SIGNAL_ADD || ts) {
		err = xe_cb_state_new(&next, &sig->state);
		if (err) {
			xe_ts_put(ts);
			sig->ts = NULL;
			return err;
		}
	}
	return 0;
}

/* A signal with a new state (and a fresh timestamp slot, if any). */
static __attribute__((noinline)) ze_result_t
prepare_new_state(const struct xe_event *ev, struct xe_signal *sig)
{
	struct xe_ts_slot *ts = NULL;
	int err;

	if (ev->timestamps) {
		err = xe_ts_alloc(ev->dev, &ts);
		if (err)
			return xe_result_from_errno(err);
	}
	err = prepare_state(ev, ts, sig);
	if (err)
		return xe_result_from_errno(err);
	if (sig->ts)
		sig->keep = (struct xe_ref){
			.obj = xe_ts_get(sig->ts),
			.put = xe_ts_release,
		};
	return ZE_RESULT_SUCCESS;
}

static __attribute__((noinline)) ze_result_t refuse_signal(void)
{
	return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
		       "only in-order lists of the kind its flags name (IMMEDIATE, NON_IMMEDIATE) signal a counter-based event");
}

static ze_result_t cb_event_prepare_signal(const struct xe_event *ev,
					   bool immediate, bool in_order,
					   const struct xe_counter *counter,
					   struct xe_signal *sig)
{
	ze_event_counter_based_flags_t need = immediate ?
		ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE :
		ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE;

	if (!in_order || !(ev->cb_flags & need))
		return refuse_signal();
	if (counter && xe_cb_signal_in_place(ev, need, counter, sig))
		return ZE_RESULT_SUCCESS;
	return prepare_new_state(ev, sig);
}

/*
 * An execution of a regular list takes @ev back to what a signal recorded
 * in it made it, wherever @ev was signalled since: a fresh state (a state
 * is published once), completed by publish_signal with the list's counter
 * and the recorded value, and the recorded timestamp slot @ts, which the
 * execution writes again.
 */
static int cb_event_prepare_replay(const struct xe_event *ev,
				   struct xe_ts_slot *ts, struct xe_signal *sig)
{
	return prepare_state(ev, ts ? xe_ts_get(ts) : NULL, sig);
}

/*
 * The append that signals @ev was submitted or recorded: @ev now points at
 * (@counter, @value), whatever it pointed at before, and its timestamps
 * are this signal's. An aggregated event keeps its storage. The state
 * prepared for it is completed and published whole, in one exchange:
 * threads that wait for @ev meanwhile see the old state or the new one.
 */
static void cb_event_publish_signal(struct xe_event *ev, struct xe_signal *sig,
				    struct xe_counter *counter, uint64_t value)
{
	struct xe_cb_state *state = sig->state;

	if (sig->in_place) {
		xe_signal_publish_in_place(&ev->cb, sig, value);
		sig->in_place = NULL;
		return;
	}
	if (!state)
		return;
	if (state->kind == XE_CB_COUNTER) {
		state->value = value;
		state->gpu_addr = counter->gpu_addr;
		state->cpu = counter->cpu;
		state->counter = xe_counter_get(counter);
	}
	state->ts = sig->ts;
	sig->ts = NULL;
	sig->state = NULL;
	xe_cb_publish(&ev->cb, state);
}

static void cb_event_cancel_signal(struct xe_event *ev, struct xe_signal *sig)
{
	(void)ev;
	xe_ts_put(sig->ts);
	sig->ts = NULL;
	xe_cb_state_put(sig->state);
	sig->state = NULL;
	sig->in_place = NULL;
}

static void counter_release(void *counter)
{
	xe_counter_put(counter);
}

/*
 * A wait recorded into a regular list reads the counter again at every
 * execution, long after the event may have moved on: the list keeps it
 * (its own counter it holds anyway). Immediate waits need nothing: the
 * kernel keeps a freed slot while earlier work may read it.
 */
static void cb_event_wait_keep(const struct xe_event *ev,
			       const struct xe_event_cond *cond, bool recorded,
			       const struct xe_counter *own,
			       struct xe_ref *ref)
{
	(void)ev;
	*ref = (struct xe_ref){ 0 };
	if (recorded && cond->counter && cond->counter != own)
		*ref = (struct xe_ref){
			.obj = xe_counter_get(cond->counter),
			.put = counter_release,
		};
}

static void cb_event_fini(struct xe_event *ev)
{
	/* Never signalled: nothing to drop (and nobody pins it now). */
	if (atomic_load_explicit(&ev->cb.word, memory_order_relaxed))
		xe_cb_publish(&ev->cb, NULL);
}

static const struct xe_event_ops cb_event_ops = {
	.prepare_signal = cb_event_prepare_signal,
	.publish_signal = cb_event_publish_signal,
	.cancel_signal = cb_event_cancel_signal,
	.prepare_replay = cb_event_prepare_replay,
	.wait_keep = cb_event_wait_keep,
	.fini = cb_event_fini,
};

/* ---- queries ------------------------------------------------------------ */

ze_result_t xe_cb_event_get_device_address(ze_event_handle_t hEvent,
					   uint64_t *completionValue,
					   uint64_t *deviceAddress)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);
	struct xe_cb_state *state;
	ze_result_t ret = ZE_RESULT_SUCCESS;

	if (!ev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!completionValue || !deviceAddress)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	if (!xe_event_is_cb(ev)) {
		/* compute-runtime: a regular event's state word, unless it
		 * carries timestamps (no single word says it is done). */
		if (ev->timestamps)
			return ZE_RESULT_ERROR_INVALID_ARGUMENT;
		*completionValue = XE_EVENT_SIGNALED;
		*deviceAddress = xe_event_state_addr(ev);
		return ZE_RESULT_SUCCESS;
	}
	/* Nothing to point at before the first signal. One state's pair. */
	state = xe_cb_pin(&ev->cb);
	if (!state || state->kind == XE_CB_NONE) {
		ret = ZE_RESULT_ERROR_INVALID_ARGUMENT;
	} else {
		*completionValue = state->value;
		*deviceAddress = state->gpu_addr;
	}
	xe_cb_unpin(&ev->cb, state);
	return ret;
}

ze_result_t xe_event_get_counter_based_flags(ze_event_handle_t hEvent,
					     ze_event_counter_based_flags_t *pFlags)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);

	if (!ev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pFlags)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*pFlags = ev->cb_flags;		/* 0 for a regular event */
	return ZE_RESULT_SUCCESS;
}

/*
 * Counters are compared 64 bits wide (MI_SEMAPHORE_WAIT_64, 64-bit kernel
 * waits), so any value may complete an event.
 */
ze_result_t xe_device_get_cb_event_max_value(ze_device_handle_t hDevice,
					     uint64_t *maxValue)
{
	if (!xe_device_from_handle(hDevice))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!maxValue)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*maxValue = UINT64_MAX;
	return ZE_RESULT_SUCCESS;
}

/*
 * There is no copy offload here: a copy is one append on one engine and
 * signals an aggregated event once, so an application that counts
 * producers in units of this value counts one per copy.
 */
ze_result_t
xe_device_get_aggregated_increment_value(ze_device_handle_t hDevice,
					 uint32_t *incrementValue)
{
	if (!xe_device_from_handle(hDevice))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!incrementValue)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*incrementValue = 1;
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeEventCounterBasedCreate, xe_cb_event_create);
XE_EXPORT(zeEventCounterBasedGetDeviceAddress, xe_cb_event_get_device_address);
XE_EXPORT(zeEventGetCounterBasedFlags, xe_event_get_counter_based_flags);
XE_EXPORT(zeDeviceGetCounterBasedEventMaxValue,
	  xe_device_get_cb_event_max_value);
XE_EXPORT(zeDeviceGetAggregatedCopyOffloadIncrementValue,
	  xe_device_get_aggregated_increment_value);
XE_EXPORT(zexCounterBasedEventCreate2, xe_zex_cb_event_create2);
XE_EXPORT(zexCounterBasedEventCreate, xe_zex_cb_event_create);
XE_EXPORT(zexEventGetDeviceAddress, xe_cb_event_get_device_address);
