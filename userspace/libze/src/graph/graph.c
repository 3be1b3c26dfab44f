// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: graphs (ZE_extension_record_replay_graph)
 *
 * A graph is what a capture recorded (graph_capture.c): its nodes, in the
 * order they were appended, each on a branch, one branch per immediate
 * list that took part. It is made by zeGraphCreateExt() (empty, to
 * capture into) or by zeCommandListBeginGraphCaptureExt(), and becomes
 * instantiable when zeCommandListEndGraphCaptureExt() ends the capture on
 * the primary list. This file holds the graph's life and the capture's
 * entry points; graph_exec.c makes executable graphs of it, graph_dump.c
 * draws it.
 */

#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/debug_log.h"
#include "core/libze_private.h"
#include "events/event.h"
#include "events/event_types.h"
#include "graph/graph.h"
#include "graph/graph_capture.h"
#include "lists/cmdlist.h"

static struct xe_graph *graph_new(struct xe_context *ctx)
{
	struct xe_graph *g = calloc(1, sizeof(*g));

	if (!g)
		return NULL;
	g->ctx = ctx;
	xe_object_init(&g->obj, XE_MAGIC_GRAPH, &ctx->drv->ddi);
	return g;
}

ze_result_t xe_graph_create(ze_context_handle_t hContext, const void *pNext,
			    ze_graph_handle_t *phGraph)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_graph *g;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phGraph)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (pNext)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "zeGraphCreateExt knows no extension structure in pNext");
	g = graph_new(ctx);
	if (!g)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	*phGraph = (ze_graph_handle_t)g;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_graph_destroy(ze_graph_handle_t hGraph)
{
	struct xe_graph *g = xe_graph_from_handle(hGraph);
	pthread_mutex_t *lock;
	size_t i;

	if (!g)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	lock = &g->ctx->drv->graph_lock;
	pthread_mutex_lock(lock);
	if (g->capturing || g->execs) {
		pthread_mutex_unlock(lock);
		return XE_FAIL(ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE,
			       "the graph is being captured into, or has executable graphs");
	}
	pthread_mutex_unlock(lock);
	for (i = 0; i < g->ncallbacks; i++)
		g->callbacks[i].fn(g->callbacks[i].data);
	for (i = 0; i < g->nnodes; i++)
		xe_graph_node_release(&g->nodes[i]);
	free(g->nodes);
	free(g->branches);
	free(g->callbacks);
	xe_object_fini(&g->obj);
	free(g);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_graph_get_primary_list(ze_graph_handle_t hGraph,
				      ze_command_list_handle_t *phCommandList)
{
	struct xe_graph *g = xe_graph_from_handle(hGraph);

	if (!g)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phCommandList)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*phCommandList = (ze_command_list_handle_t)g->primary;
	return ZE_RESULT_SUCCESS;
}

ze_result_t
xe_graph_set_destruction_callback(ze_graph_handle_t hGraph,
				  zex_mem_graph_free_callback_fn_t pfnCallback,
				  void *pUserData, const void *pNext)
{
	struct xe_graph *g = xe_graph_from_handle(hGraph);
	struct xe_graph_callback *v;

	if (!g)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pfnCallback)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (pNext)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "zeGraphSetDestructionCallbackExt knows no extension structure in pNext");
	v = realloc(g->callbacks, (g->ncallbacks + 1) * sizeof(*v));
	if (!v)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	v[g->ncallbacks++] = (struct xe_graph_callback){ pfnCallback,
							 pUserData };
	g->callbacks = v;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_graph_is_empty(ze_graph_handle_t hGraph)
{
	struct xe_graph *g = xe_graph_from_handle(hGraph);

	if (!g)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (g->invalid)
		return ZE_RESULT_ERROR_INVALID_GRAPH;
	return g->nnodes ? ZE_RESULT_QUERY_FALSE : ZE_RESULT_QUERY_TRUE;
}

/* ---- the capture's entry points ------------------------------------------ */

/* The driver's hook: a list is destroyed (lists/cmdlist.c). */
static void graph_list_gone(struct xe_cmdlist *list)
{
	struct xe_graph *orphan = xe_graph_list_gone(list);

	if (orphan)
		xe_graph_destroy((ze_graph_handle_t)orphan);
}

/* Begin a capture into @g on @list; g is new or empty. */
static ze_result_t begin_capture(struct xe_cmdlist *list, struct xe_graph *g)
{
	pthread_mutex_t *lock = &list->ctx->drv->graph_lock;
	struct xe_graph_branch *b;
	ze_result_t ret = ZE_RESULT_SUCCESS;

	if (!list->immediate)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "graph capture takes immediate lists");
	if (list->mode == ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS)
		return XE_FAIL(ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
			       "graph capture takes asynchronous lists");
	pthread_mutex_lock(lock);
	if (list->capture) {
		ret = XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			      "the list captures already");
		goto out;
	}
	if (g->capturing || g->captured || g->nnodes) {
		ret = XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			      "a capture goes into an empty graph");
		goto out;
	}
	b = calloc(1, sizeof(*b));
	if (!b) {
		ret = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
		goto out;
	}
	*b = (struct xe_graph_branch){ .list = list,
				       .parent = XE_GRAPH_NO_BRANCH };
	g->branches = b;
	g->nbranches = 1;
	g->primary = list;
	g->dev = list->dev;
	g->ordinal = list->ordinal;
	g->capturing = true;
	list->ctx->drv->graph_list_gone = graph_list_gone;
	g->next_capturing = list->ctx->drv->graph_capturing;
	list->ctx->drv->graph_capturing = g;
	list->capture = g;
	list->capture_branch = 0;
	atomic_fetch_add_explicit(&list->ctx->drv->graph_captures, 1,
				  memory_order_relaxed);
out:
	pthread_mutex_unlock(lock);
	return ret;
}

ze_result_t xe_cmdlist_begin_graph_capture(ze_command_list_handle_t hCommandList,
					   const void *pNext)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);
	struct xe_graph *g;
	ze_result_t ret;

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (pNext)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "zeCommandListBeginGraphCaptureExt knows no extension structure in pNext");
	g = graph_new(list->ctx);
	if (!g)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	/* The application's once zeCommandListGetGraphExt or the end hands it. */
	g->implicit = true;
	ret = begin_capture(list, g);
	if (ret != ZE_RESULT_SUCCESS)
		xe_graph_destroy((ze_graph_handle_t)g);
	return ret;
}

ze_result_t
xe_cmdlist_begin_capture_into_graph(ze_command_list_handle_t hCommandList,
				    ze_graph_handle_t hGraph,
				    const void *pNext)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);
	struct xe_graph *g = xe_graph_from_handle(hGraph);

	if (!list || !g)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (pNext)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "zeCommandListBeginCaptureIntoGraphExt knows no extension structure in pNext");
	if (g->ctx != list->ctx)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the graph is of another context");
	return begin_capture(list, g);
}

ze_result_t
xe_cmdlist_is_graph_capture_enabled(ze_command_list_handle_t hCommandList)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	return __atomic_load_n(&list->capture, __ATOMIC_RELAXED) ?
	       ZE_RESULT_QUERY_TRUE : ZE_RESULT_QUERY_FALSE;
}

ze_result_t xe_cmdlist_get_graph(ze_command_list_handle_t hCommandList,
				 ze_graph_handle_t *phGraph)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);
	pthread_mutex_t *lock;

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phGraph)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	lock = &list->ctx->drv->graph_lock;
	pthread_mutex_lock(lock);
	*phGraph = (ze_graph_handle_t)list->capture;
	if (list->capture)
		list->capture->implicit = false;
	pthread_mutex_unlock(lock);
	return *phGraph ? ZE_RESULT_SUCCESS :
	       XE_FAIL(ZE_RESULT_ERROR_COMMAND_LIST_NOT_CAPTURING,
		       "the list is not capturing");
}

ze_result_t xe_cmdlist_end_graph_capture(ze_command_list_handle_t hCommandList,
					 const void *pNext,
					 ze_graph_handle_t *phGraph)
{
	struct xe_cmdlist *list = xe_cmdlist_from_handle(hCommandList);
	ze_result_t ret = ZE_RESULT_SUCCESS;
	pthread_mutex_t *lock;
	struct xe_graph *g;
	uint32_t b;

	if (!list)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!phGraph)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (pNext)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "zeCommandListEndGraphCaptureExt knows no extension structure in pNext");
	lock = &list->ctx->drv->graph_lock;
	pthread_mutex_lock(lock);
	g = list->capture;
	if (!g) {
		pthread_mutex_unlock(lock);
		*phGraph = NULL;
		return XE_FAIL(ZE_RESULT_ERROR_COMMAND_LIST_NOT_CAPTURING,
			       "the list is not capturing");
	}
	if (g->primary != list) {
		pthread_mutex_unlock(lock);
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "a capture ends on its primary list");
	}
	for (b = 1; b < g->nbranches; b++)
		if (!g->branches[b].joined) {
			g->invalid = true;
			ret = XE_FAIL(ZE_RESULT_ERROR_GRAPH_UNJOINED_FORKS,
				      "a forked list's last signal is not waited for by its parent");
			break;
		}
	if (ret == ZE_RESULT_SUCCESS && g->invalid)
		ret = XE_FAIL(ZE_RESULT_ERROR_GRAPH_CAPTURE_INVALIDATED,
			      "an append of the capture was refused");
	xe_graph_end_capture(g);
	g->implicit = false;
	pthread_mutex_unlock(lock);
	*phGraph = (ze_graph_handle_t)g;
	return ret;
}

XE_EXPORT(zeGraphCreateExt, xe_graph_create);
XE_EXPORT(zeGraphDestroyExt, xe_graph_destroy);
XE_EXPORT(zeGraphGetPrimaryCommandListExt, xe_graph_get_primary_list);
XE_EXPORT(zeGraphSetDestructionCallbackExt,
	  xe_graph_set_destruction_callback);
XE_EXPORT(zeGraphIsEmptyExt, xe_graph_is_empty);
XE_EXPORT(zeCommandListBeginGraphCaptureExt, xe_cmdlist_begin_graph_capture);
XE_EXPORT(zeCommandListBeginCaptureIntoGraphExt,
	  xe_cmdlist_begin_capture_into_graph);
XE_EXPORT(zeCommandListIsGraphCaptureEnabledExt,
	  xe_cmdlist_is_graph_capture_enabled);
XE_EXPORT(zeCommandListGetGraphExt, xe_cmdlist_get_graph);
XE_EXPORT(zeCommandListEndGraphCaptureExt, xe_cmdlist_end_graph_capture);
