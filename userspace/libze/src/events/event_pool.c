// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: event pools
 *
 * A pool is one buffer object of 64-byte event slots (struct
 * xe_event_slot), bound at its CPU address: the host reads and writes an
 * event's state through its mapping, the engine through the same address.
 * Every pool is host-visible that way, whatever its flags say.
 *
 * An IPC pool is shared as a dma-buf of that object (ipc.c: the exporter's
 * fd in the first bytes of the handle, with the pool's count and flags).
 * The importer maps and binds the same pages at an address of its own, so
 * a signal in either process, from the host or a device, is seen by both.
 *
 * A pool with ze_event_pool_counter_based_exp_desc_t in its pNext (spec
 * 1.8, "ZE_experimental_event_pool_counter_based") makes counter-based
 * events (cb_event.c): it has no memory at all, only the flags its events
 * get. As in compute-runtime, its flags 0 mean IMMEDIATE, flags with
 * neither IMMEDIATE nor NON_IMMEDIATE are ZE_RESULT_ERROR_INVALID_ARGUMENT,
 * and such a pool cannot be shared (ZE_EVENT_POOL_FLAG_IPC is
 * ZE_RESULT_ERROR_UNSUPPORTED_FEATURE: counter-based events are shared one
 * by one).
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "memory/bo.h"
#include "core/types.h"
#include "events/cb_event.h"
#include "events/event.h"
#include "events/event_slab.h"
#include "memory/ipc.h"
#include "core/result.h"

#define XE_EVENT_POOL_FLAGS_KNOWN					\
	(ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_IPC |	\
	 ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP |				\
	 ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP)

#define XE_CB_POOL_FLAGS_KNOWN					\
	(ZE_EVENT_POOL_COUNTER_BASED_EXP_FLAG_IMMEDIATE |		\
	 ZE_EVENT_POOL_COUNTER_BASED_EXP_FLAG_NON_IMMEDIATE)

/* Bounds the pool's memory: 64 MiB of slots. */
#define XE_EVENT_POOL_MAX_COUNT	(1u << 20)

#define XE_EVENT_SCOPE_FLAGS_KNOWN					\
	(ZE_EVENT_SCOPE_FLAG_SUBDEVICE | ZE_EVENT_SCOPE_FLAG_DEVICE |	\
	 ZE_EVENT_SCOPE_FLAG_HOST)

static_assert(offsetof(struct xe_event_pool, obj) == 0,
	      "a pool handle must point at its object header");

static ze_event_pool_handle_t pool_to_handle(struct xe_event_pool *pool)
{
	return xe_object_handle(&pool->obj);
}

static struct xe_event_pool *pool_alloc(struct xe_context *ctx,
					struct xe_device *dev,
					ze_event_pool_flags_t flags,
					uint32_t count)
{
	struct xe_event_pool *pool = calloc(1, sizeof(*pool));

	if (!pool)
		return NULL;
	xe_object_init(&pool->obj, XE_MAGIC_EVENT_POOL, &ctx->drv->ddi);
	pool->ctx = ctx;
	pool->dev = dev;
	pool->flags = flags;
	pool->count = count;
	pool->ipc_fd = -1;
	pthread_mutex_init(&pool->lock, NULL);
	return pool;
}

static void pool_free(struct xe_event_pool *pool)
{
	if (pool->ipc_fd >= 0)
		xe_bo_export_close(pool->ipc_fd);
	xe_bo_put(pool->bo);
	pthread_mutex_destroy(&pool->lock);
	xe_object_fini(&pool->obj);
	free(pool);
}

/*
 * The counter-based flags of the events of a counter-based pool, from its
 * pool flags and its ze_event_pool_counter_based_exp_desc_t flags.
 */
static ze_event_counter_based_flags_t
cb_pool_flags(ze_event_pool_flags_t pool_flags, uint32_t cb_desc_flags)
{
	ze_event_counter_based_flags_t flags = cb_desc_flags;

	if (!flags)
		flags = ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE;
	if (pool_flags & ZE_EVENT_POOL_FLAG_HOST_VISIBLE)
		flags |= ZE_EVENT_COUNTER_BASED_FLAG_HOST_VISIBLE;
	if (pool_flags & ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP)
		flags |= ZE_EVENT_COUNTER_BASED_FLAG_HOST_TIMESTAMP;
	else if (pool_flags & ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP)
		flags |= ZE_EVENT_COUNTER_BASED_FLAG_DEVICE_TIMESTAMP;
	return flags;
}

/* Check @desc; *@cb_flags is set for a counter-based pool, else 0. */
static ze_result_t check_pool_desc(const ze_event_pool_desc_t *desc,
				   ze_event_counter_based_flags_t *cb_flags)
{
	const ze_event_pool_counter_based_exp_desc_t *cb = NULL;
	const ze_base_desc_t *ext;

	if (!xe_stype_ok(desc->stype, ZE_STRUCTURE_TYPE_EVENT_POOL_DESC))
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "desc->stype is not ZE_STRUCTURE_TYPE_EVENT_POOL_DESC");
	if (desc->flags & ~XE_EVENT_POOL_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	if (!desc->count || desc->count > XE_EVENT_POOL_MAX_COUNT)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_SIZE,
			       "desc->count is 0 or above the pool limit");

	for (ext = desc->pNext; ext; ext = ext->pNext)
		if (ext->stype ==
		    ZE_STRUCTURE_TYPE_COUNTER_BASED_EVENT_POOL_EXP_DESC)
			cb = (const ze_event_pool_counter_based_exp_desc_t *)ext;

	*cb_flags = 0;
	if (!cb)
		return ZE_RESULT_SUCCESS;
	if (cb->flags && !(cb->flags & XE_CB_POOL_FLAGS_KNOWN))
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	if (cb->flags & ~XE_CB_POOL_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	if (desc->flags & ZE_EVENT_POOL_FLAG_IPC)
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
			       "a counter-based pool cannot be IPC: use counter-based IPC events");
	*cb_flags = cb_pool_flags(desc->flags, cb->flags);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_event_pool_create(ze_context_handle_t hContext,
				 const ze_event_pool_desc_t *desc,
				 uint32_t numDevices,
				 ze_device_handle_t *phDevices,
				 ze_event_pool_handle_t *phEventPool)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	ze_event_counter_based_flags_t cb_flags;
	struct xe_device *dev = NULL;
	struct xe_event_pool *pool;
	ze_result_t ret;
	uint32_t i;
	int err;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!desc || !phEventPool)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (numDevices && !phDevices)
		return ZE_RESULT_ERROR_INVALID_SIZE;
	ret = check_pool_desc(desc, &cb_flags);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	for (i = 0; i < numDevices; i++) {
		struct xe_device *d = xe_device_from_handle(phDevices[i]);

		if (!d)
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		if (!dev)
			dev = d;
	}
	if (!dev)
		dev = &ctx->drv->devices[0];

	pool = pool_alloc(ctx, dev, desc->flags, desc->count);
	if (!pool)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;

	/* Counter-based events own no memory. */
	pool->cb_flags = cb_flags;
	if (cb_flags) {
		*phEventPool = pool_to_handle(pool);
		return ZE_RESULT_SUCCESS;
	}

	/* A new object is zero: every event starts clear. */
	err = xe_bo_create(dev, (uint64_t)desc->count *
			   sizeof(struct xe_event_slot), 0, 0, &pool->bo);
	if (err) {
		pool_free(pool);
		return xe_result_from_errno(err);
	}

	*phEventPool = pool_to_handle(pool);
	return ZE_RESULT_SUCCESS;
}

static void exported_del(struct xe_event_pool *pool);

ze_result_t xe_event_pool_destroy(ze_event_pool_handle_t hEventPool)
{
	struct xe_event_pool *pool = xe_event_pool_from_handle(hEventPool);

	if (!pool)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	exported_del(pool);
	pool_free(pool);
	return ZE_RESULT_SUCCESS;
}

/*
 * Pools with handles out are on their context's list, so that
 * zeEventPoolPutIpcHandle() finds them by their fd.
 */
static void exported_add(struct xe_event_pool *pool)
{
	struct xe_context *ctx = pool->ctx;

	pthread_mutex_lock(&ctx->alloc_lock);
	pool->ipc_next = ctx->exported_pools;
	ctx->exported_pools = pool;
	pthread_mutex_unlock(&ctx->alloc_lock);
}

static void exported_del(struct xe_event_pool *pool)
{
	struct xe_context *ctx = pool->ctx;
	struct xe_event_pool **link;

	pthread_mutex_lock(&ctx->alloc_lock);
	for (link = &ctx->exported_pools; *link; link = &(*link)->ipc_next) {
		if (*link == pool) {
			*link = pool->ipc_next;
			break;
		}
	}
	pthread_mutex_unlock(&ctx->alloc_lock);
}

ze_result_t xe_event_pool_get_ipc_handle(ze_event_pool_handle_t hEventPool,
					 ze_ipc_event_pool_handle_t *phIpc)
{
	struct xe_event_pool *pool = xe_event_pool_from_handle(hEventPool);
	struct xe_ipc_handle handle;
	bool first = false;
	int err = 0;

	if (!pool)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phIpc)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	/*
	 * Without ZE_EVENT_POOL_FLAG_IPC too: every pool is one buffer
	 * object that may be shared, and compute-runtime gives the handle.
	 */

	pthread_mutex_lock(&pool->lock);
	if (pool->ipc_fd < 0) {
		err = xe_bo_export(pool->bo, &pool->ipc_fd);
		first = !err;
	}
	if (!err) {
		pool->ipc_gets++;
		xe_ipc_handle_init(&handle, XE_IPC_MAGIC_EVENT_POOL,
				   pool->ipc_fd, pool->bo->token,
				   pool->bo->size);
		handle.type = pool->count;
		handle.flags = pool->flags;
		static_assert(sizeof(handle) == sizeof(*phIpc), "IPC handle");
		memcpy(phIpc, &handle, sizeof(handle));
	}
	pthread_mutex_unlock(&pool->lock);
	if (first)
		exported_add(pool);
	return xe_result_from_errno(err);
}

ze_result_t xe_event_pool_put_ipc_handle(ze_context_handle_t hContext,
					 ze_ipc_event_pool_handle_t hIpc)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_event_pool *pool, *last = NULL;
	struct xe_ipc_handle h;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	memcpy(&h, &hIpc, sizeof(h));
	if (h.magic != XE_IPC_MAGIC_EVENT_POOL || (pid_t)h.pid != getpid())
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the IPC handle was not made by this driver in this process");

	pthread_mutex_lock(&ctx->alloc_lock);
	for (pool = ctx->exported_pools; pool; pool = pool->ipc_next)
		if (pool->ipc_fd == h.fd)
			break;
	if (pool) {
		pthread_mutex_lock(&pool->lock);
		if (!--pool->ipc_gets) {
			xe_bo_export_close(pool->ipc_fd);
			pool->ipc_fd = -1;
			last = pool;
		}
		pthread_mutex_unlock(&pool->lock);
	}
	pthread_mutex_unlock(&ctx->alloc_lock);
	if (last)
		exported_del(last);
	return pool ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_INVALID_ARGUMENT;
}

ze_result_t xe_event_pool_open_ipc_handle(ze_context_handle_t hContext,
					  ze_ipc_event_pool_handle_t hIpc,
					  ze_event_pool_handle_t *phEventPool)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_event_pool *pool;
	struct xe_ipc_handle h;
	int err;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phEventPool)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	memcpy(&h, &hIpc, sizeof(h));
	if (h.magic != XE_IPC_MAGIC_EVENT_POOL || !h.type || h.type > XE_EVENT_POOL_MAX_COUNT ||
	    (uint64_t)h.type * sizeof(struct xe_event_slot) > h.size ||
	    (h.flags & ~XE_EVENT_POOL_FLAGS_KNOWN))
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;

	pool = pool_alloc(ctx, &ctx->drv->devices[0], h.flags, h.type);
	if (!pool)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	pool->imported = true;

	err = xe_ipc_import(&ctx->drv->devices[0], &h, XE_IPC_MAGIC_EVENT_POOL,
			    &pool->bo);
	if (!err && pool->bo->size < h.type * sizeof(struct xe_event_slot))
		err = -EINVAL;
	if (err) {
		pool_free(pool);
		return xe_result_from_errno(err);
	}

	*phEventPool = pool_to_handle(pool);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_event_pool_close_ipc_handle(ze_event_pool_handle_t hEventPool)
{
	struct xe_event_pool *pool = xe_event_pool_from_handle(hEventPool);

	if (!pool)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pool->imported)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the pool was not opened from an IPC handle");
	pool_free(pool);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_event_pool_get_context_handle(ze_event_pool_handle_t hEventPool,
					     ze_context_handle_t *phContext)
{
	struct xe_event_pool *pool = xe_event_pool_from_handle(hEventPool);

	if (!pool)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phContext)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*phContext = xe_context_to_handle(pool->ctx);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_event_pool_get_flags(ze_event_pool_handle_t hEventPool,
				    ze_event_pool_flags_t *pFlags)
{
	struct xe_event_pool *pool = xe_event_pool_from_handle(hEventPool);

	if (!pool)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pFlags)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*pFlags = pool->flags;
	return ZE_RESULT_SUCCESS;
}

/* ---- events of a pool ---------------------------------------------------- */

/*
 * A regular event is signalled by one store of its state word, from any
 * list; its timestamps go to its own slot. Its state is its memory's, so
 * nothing is published on the host and nothing is kept for a wait.
 */
static ze_result_t pool_event_prepare_signal(const struct xe_event *ev,
					     bool immediate, bool in_order,
					     const struct xe_counter *counter,
					     struct xe_signal *sig)
{
	(void)immediate;
	(void)in_order;
	(void)counter;
	*sig = (struct xe_signal){
		.op = XE_SIGNAL_STORE,
		.addr = xe_event_state_addr(ev),
		.value = XE_EVENT_SIGNALED,
		.ts_addr = ev->timestamps ? (uintptr_t)&ev->slot->ts : 0,
	};
	return ZE_RESULT_SUCCESS;
}

static void pool_event_publish_signal(struct xe_event *ev,
				      struct xe_signal *sig,
				      struct xe_counter *counter,
				      uint64_t value)
{
	(void)ev;
	(void)sig;
	(void)counter;
	(void)value;
}

static void pool_event_cancel_signal(struct xe_event *ev,
				     struct xe_signal *sig)
{
	(void)ev;
	(void)sig;
}

static void pool_event_wait_keep(const struct xe_event *ev,
				 const struct xe_event_cond *cond,
				 bool recorded, const struct xe_counter *own,
				 struct xe_ref *ref)
{
	(void)ev;
	(void)cond;
	(void)recorded;
	(void)own;
	*ref = (struct xe_ref){ 0 };
}

static void pool_event_fini(struct xe_event *ev)
{
	(void)ev;
}

static const struct xe_event_ops pool_event_ops = {
	.prepare_signal = pool_event_prepare_signal,
	.publish_signal = pool_event_publish_signal,
	.cancel_signal = pool_event_cancel_signal,
	.wait_keep = pool_event_wait_keep,
	.fini = pool_event_fini,
};

ze_result_t xe_event_create(ze_event_pool_handle_t hEventPool,
			    const ze_event_desc_t *desc,
			    ze_event_handle_t *phEvent)
{
	struct xe_event_pool *pool = xe_event_pool_from_handle(hEventPool);
	struct xe_event *ev;

	if (!pool)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!desc || !phEvent)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (desc->stype != ZE_STRUCTURE_TYPE_EVENT_DESC)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "desc->stype is not ZE_STRUCTURE_TYPE_EVENT_DESC");
	if ((desc->signal | desc->wait) & ~XE_EVENT_SCOPE_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	if (desc->index >= pool->count)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "desc->index is not below the pool's count");
	if (pool->cb_flags) {
		int err = xe_cb_event_create_pooled(pool, desc, &ev);

		if (err)
			return xe_result_from_errno(err);
		*phEvent = xe_object_handle(&ev->obj);
		return ZE_RESULT_SUCCESS;
	}

	if (xe_event_alloc(&ev))
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	atomic_init(&ev->refs, 1);
	ev->ops = &pool_event_ops;
	ev->pool = pool;
	ev->dev = pool->dev;
	ev->index = desc->index;
	ev->signal_scope = desc->signal;
	ev->wait_scope = desc->wait;
	ev->slot = (struct xe_event_slot *)pool->bo->map + desc->index;
	ev->timestamps = pool->flags &
			 (ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP |
			  ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP);

	if (!pool->imported) {
		memset(&ev->slot->ts, 0, sizeof(ev->slot->ts));
		/* Release: the zeroed timestamps are seen with the state. */
		__atomic_store_n(&ev->slot->state, XE_EVENT_CLEAR,
				 __ATOMIC_RELEASE);
	}

	xe_event_register(ev, &pool->ctx->drv->ddi);
	*phEvent = xe_object_handle(&ev->obj);
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeEventCreate, xe_event_create);

XE_EXPORT(zeEventPoolCreate, xe_event_pool_create);
XE_EXPORT(zeEventPoolDestroy, xe_event_pool_destroy);
XE_EXPORT(zeEventPoolGetIpcHandle, xe_event_pool_get_ipc_handle);
XE_EXPORT(zeEventPoolPutIpcHandle, xe_event_pool_put_ipc_handle);
XE_EXPORT(zeEventPoolOpenIpcHandle, xe_event_pool_open_ipc_handle);
XE_EXPORT(zeEventPoolCloseIpcHandle, xe_event_pool_close_ipc_handle);
XE_EXPORT(zeEventPoolGetContextHandle, xe_event_pool_get_context_handle);
XE_EXPORT(zeEventPoolGetFlags, xe_event_pool_get_flags);
