// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: external semaphores
 *
 * ZE_extension_external_semaphores (spec 1.12) imports a semaphore of
 * another API or driver and signals or waits for it in stream order. On
 * Linux such a semaphore is a DRM syncobj: a Vulkan driver exports a
 * binary semaphore as an opaque fd and a timeline semaphore as a timeline
 * fd, both syncobj fds, and any DRM driver's syncobjs are interchangeable.
 * The module gives its files syncobjs (DRIVER_SYNCOBJ_TIMELINE), so an
 * import is DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE on the device's file; an fd that
 * is a sync_file instead is imported into a new binary syncobj, so
 * anything with a fence can be waited for. The application keeps its fd.
 *
 * A signal is a host call in stream order (append_host_fn.c) that signals
 * the syncobj, or its timeline point, once everything before it has
 * completed. A wait arms a gate in stream order, with a host call, then
 * waits for the gate's event; the device's semaphore bridge (DOC: the
 * semaphore bridge) signals the event once the points are. A wait for a
 * binary semaphore consumes its signal, as in Vulkan; a wait for timeline
 * value 0 is satisfied already.
 *
 * Both kinds of lists, regular and immediate, in order or not, take them;
 * copy-only lists do not (their engine does not run host calls).
 */

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

#include <zex_spec.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "core/types.h"
#include "append/append.h"
#include "append/append_api.h"
#include "events/event.h"
#include "events/external_semaphore.h"
#include "events/semaphore_bridge.h"
#include "lists/cmdlist.h"
#include "graph/graph_capture.h"
#include "submission/kmd.h"

/**
 * struct xe_ext_sem - an imported external semaphore
 * @obj: handle header
 * @dev: the device whose file holds @handle
 * @handle: the syncobj
 * @timeline: waits and signals name timeline points
 * @refs: the application's (until released) and one per append that
 *	signals or waits for it, for as long as its commands may run
 */
struct xe_ext_sem {
	struct xe_object obj;
	struct xe_device *dev;
	uint32_t handle;
	bool timeline;
	atomic_uint refs;
};

static struct xe_ext_sem *
sem_from_handle(ze_external_semaphore_ext_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_EXT_SEMAPHORE);
}

static void sem_put(struct xe_ext_sem *sem)
{
	if (atomic_fetch_sub(&sem->refs, 1) != 1)
		return;
	xe_kmd_syncobj_destroy(sem->dev->fd, sem->handle);
	free(sem);
}

/* The fd descriptor in a chain of extension structures, NULL if none. */
static const ze_external_semaphore_fd_ext_desc_t *
find_fd_desc(const void *pnext, bool *win32)
{
	const ze_base_desc_t *ext;

	for (ext = pnext; ext; ext = ext->pNext) {
		if (ext->stype == ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_FD_EXT_DESC)
			return (const void *)ext;
		if (ext->stype ==
		    ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_WIN32_EXT_DESC)
			*win32 = true;
	}
	return NULL;
}

static ze_result_t import_result(int err)
{
	switch (err) {
	case -EINVAL:
	case -EBADF:
	case -ENOENT:
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the fd is neither a DRM syncobj nor a sync_file");
	case -EOPNOTSUPP:
	case -ENODEV:
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
			       "the device file has no DRM syncobjs");
	case -ENOMEM:
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	default:
		return ZE_RESULT_ERROR_UNKNOWN;
	}
}

ze_result_t
xe_device_import_external_semaphore(ze_device_handle_t hDevice,
				    const ze_external_semaphore_ext_desc_t *desc,
				    ze_external_semaphore_ext_handle_t *phSemaphore)
{
	const ze_external_semaphore_ext_flags_t linux_types =
		ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_OPAQUE_FD |
		ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_VK_TIMELINE_SEMAPHORE_FD;
	struct xe_device *dev = xe_device_from_handle(hDevice);
	const ze_external_semaphore_fd_ext_desc_t *fd_desc;
	struct xe_ext_sem *sem;
	bool win32 = false;
	int err;

	if (!dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!desc || !phSemaphore)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!xe_stype_ok(desc->stype,
			 ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_EXT_DESC))
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the descriptor's stype is not ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_EXT_DESC");
	if (desc->flags > 0x1ff)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ENUMERATION,
			       "unknown external semaphore type");
	if (!desc->flags || (desc->flags & (desc->flags - 1)))
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "an external semaphore has exactly one type");
	if (!(desc->flags & linux_types))
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION,
			       "only fd semaphores (opaque fd, Vulkan timeline fd) exist on Linux");
	fd_desc = find_fd_desc(desc->pNext, &win32);
	if (!fd_desc)
		return win32 ? XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
				       "Win32 semaphore handles do not exist on Linux") :
			       XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
				       "an fd semaphore needs ze_external_semaphore_fd_ext_desc_t in pNext");
	if (fd_desc->fd < 0)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the semaphore's fd is negative");

	sem = calloc(1, sizeof(*sem));
	if (!sem)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	err = xe_kmd_syncobj_import(dev->fd, fd_desc->fd, &sem->handle);
	if (err) {
		free(sem);
		return import_result(err);
	}
	sem->dev = dev;
	sem->timeline = desc->flags ==
			ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_VK_TIMELINE_SEMAPHORE_FD;
	atomic_init(&sem->refs, 1);
	xe_object_init(&sem->obj, XE_MAGIC_EXT_SEMAPHORE, &dev->driver->ddi);
	*phSemaphore = (ze_external_semaphore_ext_handle_t)sem;
	return ZE_RESULT_SUCCESS;
}

ze_result_t
xe_device_release_external_semaphore(ze_external_semaphore_ext_handle_t hSemaphore)
{
	struct xe_ext_sem *sem = sem_from_handle(hSemaphore);

	if (!sem)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	/* Appends that signal or wait for it keep the syncobj. */
	xe_object_fini(&sem->obj);
	sem_put(sem);
	return ZE_RESULT_SUCCESS;
}

/*
 * The semaphores of an append, checked: all of the list's device. Takes a
 * reference of each into @sems.
 */
static ze_result_t get_sems(const struct xe_cmdlist *list, uint32_t n,
			    ze_external_semaphore_ext_handle_t *handles,
			    const void *params, struct xe_ext_sem **sems)
{
	ze_result_t ret;
	uint32_t i;

	if (!n)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_SIZE,
			       "numSemaphores is 0");
	if (!handles || !params)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (list->ordinal == XE_ORDINAL_COPY)
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
			       "external semaphores are signalled and waited for by compute lists, not copy-only ones");
	for (i = 0; i < n; i++) {
		sems[i] = sem_from_handle(handles[i]);
		if (!sems[i]) {
			ret = ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
			goto err_put;
		}
		if (sems[i]->dev != list->dev) {
			ret = XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
				      "a semaphore was imported on another device");
			goto err_put;
		}
		atomic_fetch_add(&sems[i]->refs, 1);
	}
	return ZE_RESULT_SUCCESS;

err_put:
	while (i--)
		sem_put(sems[i]);
	return ret;
}

/* ---- signal ------------------------------------------------------------ */

/**
 * struct sem_signal - what a signal's host call signals
 * @count: how many semaphores
 * @sems: the semaphores, one reference each
 * @points: the point of each, 0 for a binary one
 */
struct sem_signal {
	uint32_t count;
	struct xe_ext_sem **sems;
	uint64_t *points;
};

static void sem_signal_run(void *data)
{
	const struct sem_signal *s = data;
	uint32_t i;

	/* A point not above the timeline's is refused by the kernel: none. */
	for (i = 0; i < s->count; i++)
		xe_kmd_syncobj_signal(s->sems[i]->dev->fd, s->sems[i]->handle,
				      s->points[i]);
}

static void sem_signal_put(void *data)
{
	struct sem_signal *s = data;
	uint32_t i;

	for (i = 0; i < s->count; i++)
		sem_put(s->sems[i]);
	free(s);
}

ze_result_t xe_append_signal_external_semaphores(
	ze_command_list_handle_t hCommandList, uint32_t numSemaphores,
	ze_external_semaphore_ext_handle_t *phSemaphores,
	ze_external_semaphore_signal_params_ext_t *signalParams,
	ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
	ze_event_handle_t *phWaitEvents)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);
	struct sem_signal *s;
	ze_result_t ret;
	uint32_t i;

	XE_GRAPH_CAPTURE(hCommandList, hSignalEvent, numWaitEvents,
			 phWaitEvents,
			 xe_graph_refuse(hCommandList, hSignalEvent,
					 numWaitEvents, phWaitEvents,
					 "a signal of external semaphores is not captured into a graph"));
	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (numSemaphores > UINT32_MAX / 16)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_SIZE,
			       "too many semaphores");
	s = calloc(1, sizeof(*s) + numSemaphores * (sizeof(*s->sems) +
						    sizeof(*s->points)));
	if (!s)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	s->points = (uint64_t *)(s + 1);
	s->sems = (struct xe_ext_sem **)(s->points + numSemaphores);
	ret = get_sems(list, numSemaphores, phSemaphores, signalParams,
		       s->sems);
	if (ret != ZE_RESULT_SUCCESS) {
		free(s);
		return ret;
	}
	s->count = numSemaphores;
	for (i = 0; i < numSemaphores; i++) {
		if (!s->sems[i]->timeline)
			continue;
		s->points[i] = signalParams[i].value;
		if (!s->points[i]) {
			sem_signal_put(s);
			return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
				       "a timeline semaphore is signalled to a value above 0");
		}
	}
	return xe_append_host_call(hCommandList, sem_signal_run, s,
				   (struct xe_ref){ s, sem_signal_put },
				   hSignalEvent, numWaitEvents, phWaitEvents);
}

/* ---- wait -------------------------------------------------------------- */

/**
 * struct sem_gate - a wait's gate, with what it holds
 * @dev: the device whose bridge arms it
 * @pool: the pool of @gate.event
 * @nsems: how many semaphores
 * @sems: the semaphores, one reference each
 * @gate: the gate (semaphore_bridge.h); its points are @sems' syncobjs
 */
struct sem_gate {
	struct xe_device *dev;
	ze_event_pool_handle_t pool;
	uint32_t nsems;
	struct xe_ext_sem **sems;
	struct xe_sem_gate gate;	/* last: ends in its points */
};

static void sem_gate_release(struct xe_sem_gate *gate)
{
	struct sem_gate *g = xe_container_of(gate, struct sem_gate, gate);
	uint32_t i;

	if (gate->event)
		xe_event_destroy(gate->event);
	if (g->pool)
		xe_event_pool_destroy(g->pool);
	for (i = 0; i < g->nsems; i++)
		sem_put(g->sems[i]);
	free(g->sems);
	free(g);
}

static void sem_gate_arm(void *data)
{
	struct sem_gate *g = data;

	xe_sem_bridge_arm(g->dev->sem_bridge, &g->gate);
}

/* A gate's host-signalled event, in a pool of its own. */
static ze_result_t gate_event(struct xe_cmdlist *list, struct sem_gate *g)
{
	const ze_event_pool_desc_t pool_desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
		.flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE,
		.count = 1,
	};
	const ze_event_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_DESC,
		.signal = ZE_EVENT_SCOPE_FLAG_HOST,
		.wait = ZE_EVENT_SCOPE_FLAG_HOST,
	};
	ze_device_handle_t dev = xe_device_to_handle(list->dev);
	ze_result_t ret;

	ret = xe_event_pool_create(xe_context_to_handle(list->ctx), &pool_desc,
				   1, &dev, &g->pool);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	return xe_event_create(g->pool, &desc, &g->gate.event);
}

ze_result_t xe_append_wait_external_semaphores(
	ze_command_list_handle_t hCommandList, uint32_t numSemaphores,
	ze_external_semaphore_ext_handle_t *phSemaphores,
	ze_external_semaphore_wait_params_ext_t *waitParams,
	ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
	ze_event_handle_t *phWaitEvents)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);
	struct xe_append a;
	struct sem_gate *g;
	ze_result_t ret;
	uint32_t i, n;

	XE_GRAPH_CAPTURE(hCommandList, hSignalEvent, numWaitEvents,
			 phWaitEvents,
			 xe_graph_refuse(hCommandList, hSignalEvent,
					 numWaitEvents, phWaitEvents,
					 "a wait for external semaphores is not captured into a graph"));
	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (numSemaphores > UINT32_MAX / 32)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_SIZE,
			       "too many semaphores");
	g = calloc(1, sizeof(*g) + numSemaphores * sizeof(g->gate.points[0]));
	if (!g)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	g->sems = calloc(numSemaphores ? numSemaphores : 1, sizeof(*g->sems));
	if (!g->sems) {
		free(g);
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	}
	g->dev = list->dev;
	g->gate.release = sem_gate_release;
	atomic_init(&g->gate.refs, 1);
	ret = get_sems(list, numSemaphores, phSemaphores, waitParams, g->sems);
	if (ret != ZE_RESULT_SUCCESS) {
		free(g->sems);
		free(g);
		return ret;
	}
	g->nsems = numSemaphores;
	/* From here the gate's release undoes what is done. */
	for (i = n = 0; i < numSemaphores; i++) {
		uint64_t point = g->sems[i]->timeline ? waitParams[i].value : 0;

		if (g->sems[i]->timeline && !point)
			continue;	/* value 0: reached already */
		g->gate.points[n].handle = g->sems[i]->handle;
		g->gate.points[n++].point = point;
	}
	g->gate.count = n;
	ret = gate_event(list, g);
	if (ret != ZE_RESULT_SUCCESS)
		goto err_put;
	if (xe_sem_bridge_start(&list->dev->sem_bridge, list->dev->fd)) {
		ret = XE_FAIL(ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY,
			      "the device's semaphore bridge cannot start");
		goto err_put;
	}
	/*
	 * Two appends, each holding a reference for as long as its commands
	 * may run: the arming, after the wait events, then the wait for the
	 * gate's event, which reads the event's memory after the bridge has
	 * let the gate go.
	 */
	atomic_fetch_add(&g->gate.refs, 1);
	ret = xe_append_host_call(hCommandList, sem_gate_arm, g,
				  (struct xe_ref){ &g->gate, xe_sem_gate_put },
				  NULL, numWaitEvents, phWaitEvents);
	if (ret != ZE_RESULT_SUCCESS)
		goto err_put;
	ret = xe_append_begin(&a, hCommandList, hSignalEvent, 1,
			      &g->gate.event);
	if (ret != ZE_RESULT_SUCCESS)
		goto err_put;
	if (xe_append_keep(&a, (struct xe_ref){ &g->gate, xe_sem_gate_put }))
		return xe_append_abort(&a, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
	return xe_append_commit(&a);

err_put:
	xe_sem_gate_put(&g->gate);
	return ret;
}

XE_EXPORT(zeDeviceImportExternalSemaphoreExt,
	  xe_device_import_external_semaphore);
XE_EXPORT(zeDeviceReleaseExternalSemaphoreExt,
	  xe_device_release_external_semaphore);
XE_EXPORT(zeCommandListAppendSignalExternalSemaphoreExt,
	  xe_append_signal_external_semaphores);
XE_EXPORT(zeCommandListAppendWaitExternalSemaphoreExt,
	  xe_append_wait_external_semaphores);
