// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: counter-based event IPC
 *
 * One-directional, as the counter-based events document of compute-runtime
 * says: the handle carries a state, (counter, value), and the event opened
 * from it keeps that state for good. The exporter may signal its event
 * again at once; the opened event does not follow (it still waits for the
 * old value of the old counter), and a process that wants the new state
 * opens a new handle. An opened event can only be waited for: on the host,
 * and in the importer's own lists.
 *
 * The handle (struct xe_cb_ipc_handle) holds no fd: the counter slot is
 * exported to the kernel by token (DRM_IOCTL_XE_CBEV_IPC_EXPORT with
 * DRM_XE_CBEV_IPC_TOKEN, once per counter, see xe_counter_ipc_export()),
 * and the importer gets it back from the 128-bit token alone
 * (DRM_IOCTL_XE_CBEV_IPC_IMPORT): no socket, no pidfd_getfd(), no ptrace
 * rights. The kernel decides who may import (the exporter's user by
 * default; ZE_RESULT_ERROR_INSUFFICIENT_PERMISSIONS otherwise).
 *
 * What the importer gets is a read-only view of the counter's page: mapped
 * PROT_READ, bound READONLY at the same address, so host and device read
 * one address. The view keeps the slot alive, and keeps it from being
 * handed to anyone else, whatever the exporter does next, exit included:
 * an event opened before the exporter exited still reads the value the
 * exporter's work left. A token dies with the slot or the exporter's file,
 * so a handle must be opened while the exporter still has the event's
 * counter (ZE_RESULT_ERROR_INVALID_ARGUMENT otherwise).
 *
 * Views are cached per device by token and counted: opening many events
 * of one counter maps it once.
 *
 * Refusals, as compute-runtime: a handle only for a counter-based event
 * made with the IPC flag, that was signalled, has no timestamps and no
 * external or aggregate storage, and was not itself opened from a handle
 * (ZE_RESULT_ERROR_INVALID_ARGUMENT). Closing the handle of an event that
 * was not opened from one is ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "memory/bo.h"
#include "memory/bo_peer.h"
#include "events/cb_event.h"
#include "events/counter.h"
#include "core/types.h"
#include "events/event.h"
#include "events/event_slab.h"
#include "memory/ipc.h"
#include "submission/kmd.h"
#include "core/result.h"

static_assert(sizeof(zex_ipc_counter_based_event_handle_t) ==
	      sizeof(ze_ipc_event_counter_based_handle_t),
	      "the ZEX and core handles are one 64-byte blob");

static struct xe_cb_import *import_ref(struct xe_cb_import *import)
{
	atomic_fetch_add_explicit(&import->refs, 1, memory_order_relaxed);
	return import;
}

/* Drop a reference to a view; the last one unmaps it. NULL is ignored. */
static void import_put(struct xe_cb_import *import)
{
	struct xe_cb_import **link;
	struct xe_device *dev;

	if (!import)
		return;
	dev = import->dev;
	/* Lookups take references under the lock: 0 here stays 0. */
	pthread_mutex_lock(&dev->cb_lock);
	if (atomic_fetch_sub_explicit(&import->refs, 1,
				      memory_order_acq_rel) != 1) {
		pthread_mutex_unlock(&dev->cb_lock);
		return;
	}
	for (link = &dev->cb_imports; *link != import; link = &(*link)->next)
		;
	*link = import->next;
	pthread_mutex_unlock(&dev->cb_lock);

	xe_bo_put(import->bo);
	free(import);
}

/* ---- the kind's operations (struct xe_event_ops) ------------------------ */

static void import_release(void *import)
{
	import_put(import);
}

/* An opened event is wait-only (compute-runtime). */
static ze_result_t imported_prepare_signal(const struct xe_event *ev,
					   bool immediate, bool in_order,
					   const struct xe_counter *counter,
					   struct xe_signal *sig)
{
	(void)ev;
	(void)immediate;
	(void)in_order;
	(void)counter;
	(void)sig;
	return ZE_RESULT_ERROR_INVALID_ARGUMENT;
}

static void imported_publish_signal(struct xe_event *ev,
				    struct xe_signal *sig,
				    struct xe_counter *counter, uint64_t value)
{
	(void)ev;
	(void)sig;
	(void)counter;
	(void)value;
}

static void imported_cancel_signal(struct xe_event *ev, struct xe_signal *sig)
{
	(void)ev;
	(void)sig;
}

/*
 * Whoever waits keeps the view: once it is gone its address would be
 * unbound, or bound to something else, under commands still reading it.
 */
static void imported_wait_keep(const struct xe_event *ev,
			       const struct xe_event_cond *cond, bool recorded,
			       const struct xe_counter *own,
			       struct xe_ref *ref)
{
	(void)cond;
	(void)recorded;
	(void)own;
	*ref = (struct xe_ref){
		.obj = import_ref(ev->import),
		.put = import_release,
	};
}

static void imported_fini(struct xe_event *ev)
{
	xe_cb_publish(&ev->cb, NULL);
	import_put(ev->import);
	ev->import = NULL;
}

static const struct xe_event_ops imported_event_ops = {
	.prepare_signal = imported_prepare_signal,
	.publish_signal = imported_publish_signal,
	.cancel_signal = imported_cancel_signal,
	.wait_keep = imported_wait_keep,
	.fini = imported_fini,
};

/* The cached view of @token, with a new reference, under cb_lock. */
static struct xe_cb_import *import_find_locked(struct xe_device *dev,
					       const uint64_t token[2])
{
	struct xe_cb_import *import;

	for (import = dev->cb_imports; import; import = import->next)
		if (import->token[0] == token[0] &&
		    import->token[1] == token[1])
			return import_ref(import);
	return NULL;
}

/**
 * import_get() - the read-only view of the counter a handle names
 * @dev: the importer's device
 * @h: the handle, checked for shape
 * @out: the view, with a reference for the caller
 *
 * Return: 0; -ENOENT for a token the kernel does not know (any more);
 * -EACCES if this process may not import it; -EINVAL if the export is not
 * a counter of the size the handle says; another negative errno.
 */
static int import_get(struct xe_device *dev, const struct xe_cb_ipc_handle *h,
		      struct xe_cb_import **out)
{
	struct drm_xe_cbev_ipc_import imp;
	struct xe_cb_import *import;
	int err;

	/*
	 * The lock is held across the import, so that two threads opening
	 * handles of one counter map it once.
	 */
	pthread_mutex_lock(&dev->cb_lock);
	import = import_find_locked(dev, h->token);
	if (import)
		goto out_unlock;

	err = xe_kmd_ipc_import(dev->fd, h->token, &imp);
	if (err)
		goto err_unlock;
	if (imp.kind != DRM_XE_CBEV_IPC_KIND_COUNTER ||
	    !(imp.import_flags & DRM_XE_CBEV_IPC_IMPORT_READONLY) ||
	    imp.offset != h->offset || imp.size != h->size) {
		xe_kmd_gem_close(dev->fd, imp.handle);
		err = -EINVAL;
		goto err_unlock;
	}

	import = calloc(1, sizeof(*import));
	if (!import) {
		xe_kmd_gem_close(dev->fd, imp.handle);
		err = -ENOMEM;
		goto err_unlock;
	}
	err = xe_bo_import_handle(dev, imp.handle, imp.size, true, &import->bo);
	if (err) {
		free(import);
		goto err_unlock;
	}
	/* The other devices' queues wait on it too: bound there by token. */
	xe_bo_set_token(import->bo, h->token);
	err = xe_bo_peers_bind(import->bo);
	if (err) {
		xe_bo_put(import->bo);
		free(import);
		goto err_unlock;
	}
	import->dev = dev;
	import->token[0] = h->token[0];
	import->token[1] = h->token[1];
	import->offset = imp.offset;
	atomic_init(&import->refs, 1);
	import->next = dev->cb_imports;
	dev->cb_imports = import;
out_unlock:
	pthread_mutex_unlock(&dev->cb_lock);
	*out = import;
	return 0;

err_unlock:
	pthread_mutex_unlock(&dev->cb_lock);
	return err;
}

ze_result_t
xe_cb_event_get_ipc_handle(ze_event_handle_t hEvent,
			   ze_ipc_event_counter_based_handle_t *phIpc)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);
	struct xe_cb_state *state = NULL;
	struct xe_cb_ipc_handle h;
	int err;

	if (!ev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phIpc)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	/*
	 * Only this process's own counters travel: not regular events, not
	 * events without the IPC flag, never signalled, with timestamps
	 * (which would stay behind), on the application's storage, or
	 * themselves opened from a handle.
	 */
	if (!xe_event_is_cb(ev) ||
	    !(ev->cb_flags & ZE_EVENT_COUNTER_BASED_FLAG_IPC) ||
	    ev->timestamps)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the event is not an IPC counter-based event, or carries timestamps");
	state = xe_cb_pin(&ev->cb);
	if (!state || state->kind != XE_CB_COUNTER) {
		xe_cb_unpin(&ev->cb, state);
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	}

	h = (struct xe_cb_ipc_handle){
		.fd = -1,
		.magic = XE_IPC_MAGIC_CB_EVENT,
		.value = state->value,
		.pid = getpid(),
		.flags = ev->cb_flags,
		.signal_scope = ev->signal_scope,
		.wait_scope = ev->wait_scope,
	};
	err = xe_counter_ipc_export(state->counter, h.token, &h.offset,
				    &h.size);
	xe_cb_unpin(&ev->cb, state);
	if (err)
		return xe_result_from_errno(err);

	static_assert(sizeof(h) == sizeof(*phIpc), "IPC handle size");
	memcpy(phIpc, &h, sizeof(h));
	return ZE_RESULT_SUCCESS;
}

ze_result_t
xe_cb_event_open_ipc_handle(ze_context_handle_t hContext,
			    ze_ipc_event_counter_based_handle_t hIpc,
			    ze_event_handle_t *phEvent)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_device *dev;
	struct xe_cb_import *import;
	struct xe_cb_ipc_handle h;
	struct xe_cb_state *state;
	struct xe_event *ev;
	int err;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phEvent)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	memcpy(&h, &hIpc, sizeof(h));
	if (h.magic != XE_IPC_MAGIC_CB_EVENT ||
	    !(h.flags & ZE_EVENT_COUNTER_BASED_FLAG_IPC) ||
	    (h.flags & ~XE_CB_FLAGS_KNOWN) ||
	    (h.flags & XE_CB_FLAGS_TIMESTAMP) ||
	    h.offset % sizeof(uint64_t) || h.offset >= h.size)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the IPC handle is malformed or was not made by this driver");

	dev = &ctx->drv->devices[0];
	err = import_get(dev, &h, &import);
	if (err)
		return xe_result_from_errno(err);

	if (xe_event_alloc(&ev))
		ev = NULL;
	/* The state it was exported with, for good: the host and the
	 * device read the counter through the view, at one address. */
	err = ev ? xe_cb_state_new(&(struct xe_cb_state){
			.kind = XE_CB_IMPORTED,
			.value = h.value,
			.gpu_addr = xe_bo_gpu_addr(import->bo) + import->offset,
			.cpu = (const uint64_t *)((const char *)import->bo->map +
						  import->offset),
			.import = import,
		}, &state) : -ENOMEM;
	if (err) {
		if (ev)
			xe_event_free(ev);
		import_put(import);
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	}
	atomic_init(&ev->refs, 1);
	ev->ops = &imported_event_ops;
	ev->dev = dev;
	ev->signal_scope = h.signal_scope;
	ev->wait_scope = h.wait_scope;
	ev->cb_flags = h.flags;
	ev->import = import;
	xe_cb_publish(&ev->cb, state);
	xe_event_register(ev, &ctx->drv->ddi);
	*phEvent = xe_object_handle(&ev->obj);
	return ZE_RESULT_SUCCESS;
}

/*
 * Closing destroys an event opened from a handle, as compute-runtime does.
 * Any other event is refused with the code the spec lists for it, and
 * stays as it was (compute-runtime would destroy it).
 */
ze_result_t xe_cb_event_close_ipc_handle(ze_event_handle_t hEvent)
{
	struct xe_event *ev = xe_event_from_handle(hEvent);

	if (!ev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (ev->ops != &imported_event_ops)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT,
			       "the event was not opened from an IPC handle");
	return xe_event_destroy(hEvent);
}

ze_result_t
xe_zex_cb_event_get_ipc_handle(ze_event_handle_t hEvent,
			       zex_ipc_counter_based_event_handle_t *phIpc)
{
	return xe_cb_event_get_ipc_handle(hEvent,
			(ze_ipc_event_counter_based_handle_t *)phIpc);
}

ze_result_t
xe_zex_cb_event_open_ipc_handle(ze_context_handle_t hContext,
				zex_ipc_counter_based_event_handle_t hIpc,
				ze_event_handle_t *phEvent)
{
	ze_ipc_event_counter_based_handle_t h;

	memcpy(&h, &hIpc, sizeof(h));
	return xe_cb_event_open_ipc_handle(hContext, h, phEvent);
}

XE_EXPORT(zeEventCounterBasedGetIpcHandle, xe_cb_event_get_ipc_handle);
XE_EXPORT(zeEventCounterBasedOpenIpcHandle, xe_cb_event_open_ipc_handle);
XE_EXPORT(zeEventCounterBasedCloseIpcHandle, xe_cb_event_close_ipc_handle);
XE_EXPORT(zexCounterBasedEventGetIpcHandle, xe_zex_cb_event_get_ipc_handle);
XE_EXPORT(zexCounterBasedEventOpenIpcHandle, xe_zex_cb_event_open_ipc_handle);
XE_EXPORT(zexCounterBasedEventCloseIpcHandle, xe_cb_event_close_ipc_handle);
