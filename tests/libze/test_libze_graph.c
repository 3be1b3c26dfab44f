// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of record and replay graphs (userspace/libze/src/graph/):
 * every entry point and result code, captures of each kind of append, forks
 * into other immediate lists and their joins, subgraphs, replays checked
 * one by one, two executable graphs of one graph at once, and a replay on
 * a banned queue. Debian's loader (1.8) predates the extension: the entry
 * points come through zeDriverGetExtensionFunctionAddress().
 */

#include <stdio.h>
#include <unistd.h>

#include <ze_graph_ext.h>

#include "libze_test.h"
#include "libze_test_cb.h"
#include "check_run.h"

#define ITEMS		16
#define REPLAYS		1000

static struct {
	ze_result_t (*create)(ze_context_handle_t, const void *,
			      ze_graph_handle_t *);
	ze_result_t (*begin)(ze_command_list_handle_t, const void *);
	ze_result_t (*begin_into)(ze_command_list_handle_t, ze_graph_handle_t,
				  const void *);
	ze_result_t (*is_capturing)(ze_command_list_handle_t);
	ze_result_t (*end)(ze_command_list_handle_t, const void *,
			   ze_graph_handle_t *);
	ze_result_t (*get_graph)(ze_command_list_handle_t,
				 ze_graph_handle_t *);
	ze_result_t (*primary)(ze_graph_handle_t, ze_command_list_handle_t *);
	ze_result_t (*on_destroy)(ze_graph_handle_t,
				  zex_mem_graph_free_callback_fn_t, void *,
				  const void *);
	ze_result_t (*instantiate)(ze_graph_handle_t, const void *,
				   ze_executable_graph_handle_t *);
	ze_result_t (*append)(ze_command_list_handle_t,
			      ze_executable_graph_handle_t, const void *,
			      ze_event_handle_t, uint32_t, ze_event_handle_t *);
	ze_result_t (*source)(ze_executable_graph_handle_t,
			      ze_graph_handle_t *);
	ze_result_t (*is_empty)(ze_graph_handle_t);
	ze_result_t (*dump)(ze_graph_handle_t, const char *, const void *);
	ze_result_t (*exec_destroy)(ze_executable_graph_handle_t);
	ze_result_t (*destroy)(ze_graph_handle_t);
} g;

static ze_module_handle_t mod;
static ze_kernel_handle_t add;

static void setup(void)
{
	ze_kernel_desc_t kd = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC,
		.pKernelName = "add_scalar",
	};

	lz_setup();
	lz_cb_setup();
	*(void **)&g.create = lz_function("zeGraphCreateExt");
	*(void **)&g.begin = lz_function("zeCommandListBeginGraphCaptureExt");
	*(void **)&g.begin_into =
		lz_function("zeCommandListBeginCaptureIntoGraphExt");
	*(void **)&g.is_capturing =
		lz_function("zeCommandListIsGraphCaptureEnabledExt");
	*(void **)&g.end = lz_function("zeCommandListEndGraphCaptureExt");
	*(void **)&g.get_graph = lz_function("zeCommandListGetGraphExt");
	*(void **)&g.primary = lz_function("zeGraphGetPrimaryCommandListExt");
	*(void **)&g.on_destroy =
		lz_function("zeGraphSetDestructionCallbackExt");
	*(void **)&g.instantiate = lz_function("zeGraphInstantiateExt");
	*(void **)&g.append = lz_function("zeCommandListAppendGraphExt");
	*(void **)&g.source = lz_function("zeExecutableGraphGetSourceGraphExt");
	*(void **)&g.is_empty = lz_function("zeGraphIsEmptyExt");
	*(void **)&g.dump = lz_function("zeGraphDumpContentsExt");
	*(void **)&g.exec_destroy = lz_function("zeExecutableGraphDestroyExt");
	*(void **)&g.destroy = lz_function("zeGraphDestroyExt");
	mod = lz_spv_module("conformance", NULL, ZE_RESULT_SUCCESS);
	ck_assert_ok(zeKernelCreate(mod, &kd, &add));
	ck_assert_ok(zeKernelSetGroupSize(add, ITEMS, 1, 1));
}

static void teardown(void)
{
	lz_teardown();
}

/* Append buf[0..ITEMS) += c on @list. */
static void append_add(ze_command_list_handle_t list, int32_t *buf,
		       int32_t c, ze_event_handle_t signal, uint32_t nwaits,
		       ze_event_handle_t *waits)
{
	ze_group_count_t one = { 1, 1, 1 };

	lz_arg_ptr(add, 0, buf);
	ck_assert_ok(zeKernelSetArgumentValue(add, 1, sizeof(c), &c));
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, add, &one, signal,
						     nwaits, waits));
}

static bool all_eq(const int32_t *buf, int32_t v)
{
	for (int i = 0; i < ITEMS; i++)
		if (buf[i] != v)
			return false;
	return true;
}

static int32_t *shared_zeroed(void)
{
	int32_t *p = lz_alloc_shared(ITEMS * 4);

	memset(p, 0, ITEMS * 4);
	return p;
}

/* ---- the extension is there ---------------------------------------------- */

START_TEST(test_graph_extension_reported)
{
	ze_record_replay_graph_ext_properties_t gp = {
		.stype = ZE_STRUCTURE_TYPE_RECORD_REPLAY_GRAPH_EXT_PROPERTIES,
	};
	ze_device_properties_t dp = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES, .pNext = &gp,
	};
	ze_driver_extension_properties_t ext[64];
	uint32_t count = 64;
	bool found = false;

	ck_assert_ok(zeDriverGetExtensionProperties(lz_driver, &count, ext));
	for (uint32_t i = 0; i < count; i++)
		found |= !strcmp(ext[i].name, ZE_RECORD_REPLAY_GRAPH_EXT_NAME);
	ck_assert_msg(found, "the driver reports the graph extension");
	ck_assert_ok(zeDeviceGetProperties(lz_device, &dp));
	ck_assert_msg(gp.graphFlags & ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_IMMUTABLE_GRAPH,
		      "immutable graphs are supported");
	ck_assert_msg(gp.graphFlags & ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_SUBGRAPHS,
		      "subgraphs are supported");
	ck_assert_msg(gp.graphFlags & ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_CB_EXTERNAL_IPC,
		      "IPC external events are supported");
	ck_assert_msg(gp.graphFlags & ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_APPEND_COMMANDLIST,
		      "appended regular lists are captured");
	ck_assert_msg(g.create && g.begin && g.begin_into && g.is_capturing &&
		      g.end && g.get_graph && g.primary && g.on_destroy &&
		      g.instantiate && g.append && g.source && g.is_empty &&
		      g.dump && g.exec_destroy && g.destroy,
		      "all fifteen entry points are found by name");
}
END_TEST

/* ---- a linear capture, replayed ------------------------------------------ */

/*
 * Nothing captured runs until the graph is replayed: a fill, a copy, a
 * kernel and a signal are recorded on a list, which does no work meanwhile;
 * each replay then does all of it, in order.
 */
START_TEST(test_graph_capture_then_replay)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t done = lz_cb_event(CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE |
					     ZEX_COUNTER_BASED_EVENT_FLAG_GRAPH_EXTERNAL);
	int32_t *src = shared_zeroed(), *dst = shared_zeroed();
	ze_executable_graph_handle_t x;
	ze_command_list_handle_t prim;
	ze_graph_handle_t graph, got;
	int32_t seven = 7;

	ck_assert_ze(g.is_capturing(list), ZE_RESULT_QUERY_FALSE,
		     "a new list does not capture");
	ck_assert_ok(g.begin(list, NULL));
	ck_assert_ze(g.is_capturing(list), ZE_RESULT_QUERY_TRUE,
		     "the list captures after zeCommandListBeginGraphCaptureExt");
	ck_assert_ok(g.get_graph(list, &graph));
	ck_assert_ze(g.is_empty(graph), ZE_RESULT_QUERY_TRUE,
		     "nothing was captured yet");
	ck_assert_ok(zeCommandListAppendMemoryFill(list, src, &seven, 4,
						   ITEMS * 4, NULL, 0, NULL));
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, dst, src, ITEMS * 4,
						   NULL, 0, NULL));
	append_add(list, dst, 5, NULL, 0, NULL);
	/* The kernel's argument changes after the capture: the graph keeps 5. */
	append_add(list, dst, 100, done, 0, NULL);
	ck_assert_ze(g.is_empty(graph), ZE_RESULT_QUERY_FALSE,
		     "the graph holds the captured appends");
	ck_assert_ze(lz_list_sync(list, LZ_TIMEOUT_NS),
		     ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
		     "a host wait on a capturing list is refused");
	ck_assert_ze(zeEventHostSynchronize(done, 0),
		     ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
		     "a host wait on an event the capture signals is refused");
	ck_assert_ze(zeEventQueryStatus(done),
		     ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
		     "and so is a query of it");
	ck_assert_ok(g.end(list, NULL, &got));
	ck_assert_ptr_eq(got, graph);
	ck_assert_ze(g.is_capturing(list), ZE_RESULT_QUERY_FALSE,
		     "the capture ended");
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_msg(all_eq(src, 0) && all_eq(dst, 0),
		      "nothing captured ran");
	ck_assert_ok(g.primary(graph, &prim));
	ck_assert_ptr_eq(prim, list);

	ck_assert_ok(g.instantiate(graph, NULL, &x));
	ck_assert_ok(g.source(x, &got));
	ck_assert_ptr_eq(got, graph);
	for (int r = 0; r < 3; r++) {
		memset(dst, 0, ITEMS * 4);
		ck_assert_ok(g.append(list, x, NULL, NULL, 0, NULL));
		ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
		ck_assert_msg(all_eq(src, 7), "replay %d filled", r);
		ck_assert_msg(all_eq(dst, 7 + 5 + 100),
			      "replay %d copied, then ran both kernels with their captured arguments (%d)",
			      r, dst[0]);
		ck_assert_ok(zeEventHostSynchronize(done, LZ_TIMEOUT_NS));
	}
	ck_assert_ze(g.destroy(graph), ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE,
		     "a graph with an executable graph stays");
	ck_assert_ok(g.exec_destroy(x));
	ck_assert_ok(g.destroy(graph));
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeCommandListDestroy(list));
	lz_free(src);
	lz_free(dst);
}
END_TEST

/*
 * A graph replayed 1,000 times: each replay adds 1 and copies the total
 * out, then signals an external event; the host checks every replay.
 */
START_TEST(test_graph_replayed_a_thousand_times)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t done = lz_cb_event(CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE |
					     ZEX_COUNTER_BASED_EVENT_FLAG_GRAPH_EXTERNAL);
	int32_t *acc = shared_zeroed(), *out = shared_zeroed();
	ze_executable_graph_handle_t x;
	ze_graph_handle_t graph;

	ck_assert_ok(g.begin(list, NULL));
	append_add(list, acc, 1, NULL, 0, NULL);
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, out, acc, 4, done, 0,
						   NULL));
	ck_assert_ok(g.end(list, NULL, &graph));
	ck_assert_ok(g.instantiate(graph, NULL, &x));
	for (int r = 1; r <= REPLAYS; r++) {
		ck_assert_ok(g.append(list, x, NULL, NULL, 0, NULL));
		ck_assert_ok(zeEventHostSynchronize(done, LZ_TIMEOUT_NS));
		ck_assert_msg(out[0] == r && acc[ITEMS - 1] == r,
			      "replay %d: %d, %d", r, out[0], acc[ITEMS - 1]);
	}
	ck_assert_ok(g.exec_destroy(x));
	ck_assert_ok(g.destroy(graph));
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeCommandListDestroy(list));
	lz_free(acc);
	lz_free(out);
}
END_TEST

/* ---- forks and joins ----------------------------------------------------- */

/*
 * A diamond on four lists: list 0 adds 1 to x and signals a; lists 1-3
 * wait for a (three forks), each copies x into its own buffer and adds
 * 10, 20 or 30; list 0 waits for their last signals (the joins) and adds
 * the three into x. Each replay sees the x of the one before it.
 */
START_TEST(test_graph_fork_join_diamond)
{
	ze_command_list_handle_t l[4];
	ze_event_handle_t a = lz_cb_event(CB_BOTH), e[3];
	int32_t *x = shared_zeroed(), *y[3];
	ze_executable_graph_handle_t exec;
	ze_graph_handle_t graph;
	int32_t want = 0;
	FILE *f;
	char path[] = "/tmp/xe_cbev_graph_XXXXXX", text[8192];
	size_t n;
	int fd;

	for (int i = 0; i < 4; i++)
		l[i] = lz_immediate_list(true);
	for (int i = 0; i < 3; i++) {
		e[i] = lz_cb_event(CB_BOTH);
		y[i] = shared_zeroed();
	}
	ck_assert_ok(g.begin(l[0], NULL));
	append_add(l[0], x, 1, a, 0, NULL);
	for (int i = 0; i < 3; i++) {
		ck_assert_ok(zeCommandListAppendMemoryCopy(l[i + 1], y[i], x,
							   ITEMS * 4, NULL, 1,
							   &a));
		ck_assert_ze(g.is_capturing(l[i + 1]), ZE_RESULT_QUERY_TRUE,
			     "a list that waits for a captured signal joins the capture");
		append_add(l[i + 1], y[i], 10 * (i + 1), e[i], 0, NULL);
	}
	ck_assert_ok(zeCommandListAppendWaitOnEvents(l[0], 3, e));
	append_add(l[0], x, 100, NULL, 0, NULL);
	ck_assert_ok(g.end(l[0], NULL, &graph));
	for (int i = 1; i < 4; i++)
		ck_assert_ze(g.is_capturing(l[i]), ZE_RESULT_QUERY_FALSE,
			     "the end on the primary list ends the forks' capture");
	ck_assert_ok(g.instantiate(graph, NULL, &exec));
	for (int r = 0; r < 2; r++) {
		ck_assert_ok(g.append(l[0], exec, NULL, NULL, 0, NULL));
		ck_assert_ok(lz_list_sync(l[0], LZ_TIMEOUT_NS));
		want += 1;
		for (int i = 0; i < 3; i++)
			ck_assert_msg(all_eq(y[i], want + 10 * (i + 1)),
				      "replay %d, branch %d ran after the fork point and before the join: %d",
				      r, i, y[i][0]);
		want += 100;
		ck_assert_msg(all_eq(x, want), "replay %d: x %d", r, x[0]);
	}

	/* A synchronous list replays it too: the forks go first. */
	{
		ze_command_queue_desc_t sd = {
			.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
			.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
			.mode = ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS,
		};
		ze_command_list_handle_t sync;

		ck_assert_ok(lz_create_immediate(&sd, &sync));
		ck_assert_ok(g.append(sync, exec, NULL, NULL, 0, NULL));
		want += 1;
		for (int i = 0; i < 3; i++)
			ck_assert_msg(all_eq(y[i], want + 10 * (i + 1)),
				      "synchronous replay, branch %d: %d", i,
				      y[i][0]);
		want += 100;
		ck_assert_msg(all_eq(x, want), "synchronous replay: x %d", x[0]);
		ck_assert_ok(zeCommandListDestroy(sync));
	}

	/* The drawing: a cluster per list, the kernel by name, the joins. */
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_ok(g.dump(graph, path, NULL));
	f = fopen(path, "r");
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = 0;
	fclose(f);
	ck_assert_msg(strstr(text, "digraph") && strstr(text, "cluster_3") &&
		      strstr(text, "add_scalar") && strstr(text, "style=dashed") &&
		      strstr(text, "arg 1"),
		      "the detailed dump draws the branches, kernels and joins:\n%s",
		      text);
	{
		ze_record_replay_graph_ext_dump_desc_t simple = {
			.stype = ZE_STRUCTURE_TYPE_RECORD_REPLAY_GRAPH_EXT_DUMP_DESC,
			.mode = ZE_RECORD_REPLAY_GRAPH_EXT_DUMP_MODE_SIMPLE,
		};

		ck_assert_ok(g.dump(graph, path, &simple));
		f = fopen(path, "r");
		n = fread(text, 1, sizeof(text) - 1, f);
		text[n] = 0;
		fclose(f);
		ck_assert_msg(strstr(text, "add_scalar") && !strstr(text, "arg 1"),
			      "the simple dump names the nodes only");
	}
	unlink(path);

	ck_assert_ok(g.exec_destroy(exec));
	ck_assert_ok(g.destroy(graph));
	for (int i = 0; i < 3; i++) {
		ck_assert_ok(zeEventDestroy(e[i]));
		lz_free(y[i]);
	}
	ck_assert_ok(zeEventDestroy(a));
	for (int i = 0; i < 4; i++)
		ck_assert_ok(zeCommandListDestroy(l[i]));
	lz_free(x);
}
END_TEST

/* A fork whose list is never waited for by its parent is refused at the end. */
START_TEST(test_graph_unjoined_fork)
{
	ze_command_list_handle_t l0 = lz_immediate_list(true);
	ze_command_list_handle_t l1 = lz_immediate_list(true);
	ze_event_handle_t a = lz_cb_event(CB_BOTH), b = lz_cb_event(CB_BOTH);
	int32_t *x = shared_zeroed();
	ze_executable_graph_handle_t exec;
	ze_graph_handle_t graph;

	ck_assert_ok(g.begin(l0, NULL));
	append_add(l0, x, 1, a, 0, NULL);
	append_add(l1, x, 2, b, 1, &a);
	ck_assert_ze(g.end(l1, NULL, &graph), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a capture ends on its primary list only");
	ck_assert_ze(g.end(l0, NULL, &graph),
		     ZE_RESULT_ERROR_GRAPH_UNJOINED_FORKS,
		     "the fork was never joined");
	ck_assert_ze(g.is_capturing(l1), ZE_RESULT_QUERY_FALSE,
		     "the capture ended anyway");
	ck_assert_ze(g.is_empty(graph), ZE_RESULT_ERROR_INVALID_GRAPH,
		     "the graph is invalid");
	ck_assert_ze(g.instantiate(graph, NULL, &exec),
		     ZE_RESULT_ERROR_INVALID_GRAPH,
		     "an invalid graph is not instantiated");
	ck_assert_ok(g.destroy(graph));

	/* Work appended to a joined fork unjoins it. */
	ck_assert_ok(g.begin(l0, NULL));
	append_add(l0, x, 1, a, 0, NULL);
	append_add(l1, x, 2, b, 1, &a);
	ck_assert_ok(zeCommandListAppendWaitOnEvents(l0, 1, &b));
	append_add(l1, x, 3, NULL, 0, NULL);
	ck_assert_ze(g.end(l0, NULL, &graph),
		     ZE_RESULT_ERROR_GRAPH_UNJOINED_FORKS,
		     "work after the join is unjoined work");
	ck_assert_ok(g.destroy(graph));
	ck_assert_ok(lz_list_sync(l0, LZ_TIMEOUT_NS));
	ck_assert_ok(lz_list_sync(l1, LZ_TIMEOUT_NS));
	ck_assert_msg(all_eq(x, 0), "nothing of the failed captures ran");

	ck_assert_ok(zeEventDestroy(a));
	ck_assert_ok(zeEventDestroy(b));
	ck_assert_ok(zeCommandListDestroy(l0));
	ck_assert_ok(zeCommandListDestroy(l1));
	lz_free(x);
}
END_TEST

/* ---- refusals ------------------------------------------------------------- */

static void ZE_APICALL count_call(void *arg)
{
	__atomic_add_fetch((int *)arg, 1, __ATOMIC_ACQ_REL);
}

START_TEST(test_graph_refusals)
{
	ze_command_queue_desc_t sync_desc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
		.mode = ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS,
	};
	ze_command_list_handle_t l0 = lz_immediate_list(true);
	ze_command_list_handle_t l1 = lz_immediate_list(true);
	ze_command_list_handle_t reg = lz_list(true), sync;
	ze_event_handle_t a = lz_cb_event(CB_BOTH), b = lz_cb_event(CB_BOTH);
	ze_graph_handle_t graph, g2, got = (ze_graph_handle_t)1;
	ze_executable_graph_handle_t exec;
	int32_t *x = shared_zeroed();
	int calls = 0;

	ck_assert_ok(lz_create_immediate(&sync_desc, &sync));
	ck_assert_ze(g.end(l0, NULL, &graph),
		     ZE_RESULT_ERROR_COMMAND_LIST_NOT_CAPTURING,
		     "ending a capture that did not begin");
	ck_assert_ze(g.get_graph(l0, &got),
		     ZE_RESULT_ERROR_COMMAND_LIST_NOT_CAPTURING,
		     "no graph of a list that does not capture");
	ck_assert_ptr_null(got);
	ck_assert_ze(g.begin(sync, NULL), ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
		     "a synchronous list does not capture");
	ck_assert_ze(g.begin(reg, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a regular list does not capture");
	ck_assert_ze(g.begin(l0, &calls), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an unknown extension structure is refused");

	/* Into a graph made first; it must be empty. */
	ck_assert_ok(g.create(lz_context, NULL, &graph));
	ck_assert_ok(g.on_destroy(graph, count_call, &calls, NULL));
	ck_assert_ok(g.on_destroy(graph, count_call, &calls, NULL));
	ck_assert_ok(g.begin_into(l0, graph, NULL));
	ck_assert_ze(g.begin(l0, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a capturing list does not begin another");
	ck_assert_ze(g.instantiate(graph, NULL, &exec),
		     ZE_RESULT_ERROR_INVALID_GRAPH,
		     "a graph is not instantiated while it is captured into");
	append_add(l0, x, 1, a, 0, NULL);
	ck_assert_ze(g.destroy(graph), ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE,
		     "a graph being captured into stays");

	/* A fork stays on the primary list's device and queue group. */
	{
		ze_command_queue_desc_t copy_desc = {
			.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
			.ordinal = 1,
			.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
			.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
		};
		ze_command_list_handle_t copy;

		ck_assert_ok(lz_create_immediate(&copy_desc, &copy));
		ck_assert_ze(zeCommandListAppendWaitOnEvents(copy, 1, &a),
			     ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
			     "a copy list does not fork from a compute capture");
		ck_assert_ze(g.is_capturing(copy), ZE_RESULT_QUERY_FALSE,
			     "and does not capture");
		ck_assert_ok(zeCommandListDestroy(copy));
	}

	/* Another capture waiting for this one's event: a merge. */
	ck_assert_ok(g.begin(l1, NULL));
	ck_assert_ze(zeCommandListAppendWaitOnEvents(l1, 1, &a),
		     ZE_RESULT_ERROR_GRAPH_CAPTURE_MERGE_ATTEMPT,
		     "captures do not merge");
	ck_assert_ze(g.end(l1, NULL, &g2),
		     ZE_RESULT_ERROR_GRAPH_CAPTURE_INVALIDATED,
		     "the refused append invalidated the other capture");
	ck_assert_ok(g.destroy(g2));

	/* An IPC counter-based event in a graph is an external one. */
	{
		ze_event_handle_t shared = lz_cb_event(CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_IPC);
		ze_command_list_handle_t l2 = lz_immediate_list(true);

		ck_assert_ok(g.begin(l2, NULL));
		ck_assert_ze(zeCommandListAppendSignalEvent(l2, shared),
			     ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
			     "an IPC event without GRAPH_EXTERNAL is refused");
		ck_assert_ze(g.end(l2, NULL, &g2),
			     ZE_RESULT_ERROR_GRAPH_CAPTURE_INVALIDATED,
			     "and the capture is invalid");
		ck_assert_ok(g.destroy(g2));
		ck_assert_ok(zeEventDestroy(shared));
		ck_assert_ok(zeCommandListDestroy(l2));
	}

	/* Outside of the capture, its internal event is the graph's. */
	ck_assert_ze(zeCommandListAppendSignalEvent(l1, a),
		     ZE_RESULT_ERROR_GRAPH_INTERNAL_EVENT,
		     "an internal event of a capture is not signalled outside of it");
	ck_assert_ze(lz_append_lists(l0, 1, &reg, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an open regular list is not captured");
	{
		ze_result_t (*sem_signal)(ze_command_list_handle_t, uint32_t,
					  void *, void *, ze_event_handle_t,
					  uint32_t, ze_event_handle_t *);

		*(void **)&sem_signal =
			lz_function("zeCommandListAppendSignalExternalSemaphoreExt");
		ck_assert_ze(sem_signal(l0, 0, NULL, NULL, NULL, 0, NULL),
			     ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
			     "external semaphores are not captured");
	}
	ck_assert_ze(zeCommandListAppendBarrier(l0, b, 0, NULL),
		     ZE_RESULT_ERROR_GRAPH_CAPTURE_INVALIDATED,
		     "the capture is invalid after a refusal");
	ck_assert_ze(g.end(l0, NULL, &got),
		     ZE_RESULT_ERROR_GRAPH_CAPTURE_INVALIDATED,
		     "and ends so");
	ck_assert_ptr_eq(got, graph);
	ck_assert_ze(g.instantiate(graph, NULL, &exec),
		     ZE_RESULT_ERROR_INVALID_GRAPH,
		     "an invalidated graph is not instantiated");
	ck_assert_ze(g.begin_into(l0, graph, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a capture goes into an empty graph only");
	ck_assert_int_eq(calls, 0);
	ck_assert_ok(g.destroy(graph));
	ck_assert_msg(calls == 2, "both destruction callbacks ran (%d)", calls);

	/* The events are the application's again. */
	ck_assert_ok(zeCommandListAppendSignalEvent(l1, a));
	ck_assert_ok(zeEventHostSynchronize(a, LZ_TIMEOUT_NS));
	ck_assert_ok(lz_list_sync(l0, LZ_TIMEOUT_NS));
	ck_assert_msg(all_eq(x, 0), "nothing captured ran");

	ck_assert_ze(g.is_empty(NULL), ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "a NULL graph");
	ck_assert_ze(g.create(lz_context, NULL, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER, "no handle to fill");
	ck_assert_ze(g.append(l0, NULL, NULL, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "a NULL executable graph");

	ck_assert_ok(zeEventDestroy(a));
	ck_assert_ok(zeEventDestroy(b));
	ck_assert_ok(zeCommandListDestroy(sync));
	ck_assert_ok(zeCommandListDestroy(reg));
	ck_assert_ok(zeCommandListDestroy(l0));
	ck_assert_ok(zeCommandListDestroy(l1));
	lz_free(x);
}
END_TEST

/* ---- instances, subgraphs, host functions --------------------------------- */

/*
 * Two executable graphs of one graph, whose branches join through an
 * internal event: the first is held behind a gate the test opens, the
 * second runs to its end meanwhile. Their internal events are their own.
 */
START_TEST(test_graph_two_instances_at_once)
{
	ze_command_list_handle_t l0 = lz_immediate_list(true);
	ze_command_list_handle_t l1 = lz_immediate_list(true);
	ze_command_list_handle_t q0 = lz_immediate_list(true);
	ze_command_list_handle_t q1 = lz_immediate_list(true);
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t gate = lz_event(pool, 0);
	ze_event_handle_t a = lz_cb_event(CB_BOTH), b = lz_cb_event(CB_BOTH);
	ze_event_handle_t d0 = lz_cb_event(CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE);
	ze_event_handle_t d1 = lz_cb_event(CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE);
	int32_t *x = shared_zeroed(), *y = shared_zeroed();
	ze_executable_graph_handle_t x0, x1;
	ze_graph_handle_t graph;

	ck_assert_ok(g.begin(l0, NULL));
	append_add(l0, x, 1, a, 0, NULL);
	append_add(l1, y, 1, b, 1, &a);
	ck_assert_ok(zeCommandListAppendWaitOnEvents(l0, 1, &b));
	ck_assert_ok(g.end(l0, NULL, &graph));
	ck_assert_ok(g.instantiate(graph, NULL, &x0));
	ck_assert_ok(g.instantiate(graph, NULL, &x1));

	ck_assert_ok(g.append(q0, x0, NULL, d0, 1, &gate));
	ck_assert_ok(g.append(q1, x1, NULL, d1, 0, NULL));
	ck_assert_ok(zeEventHostSynchronize(d1, LZ_TIMEOUT_NS));
	ck_assert_ze(zeEventQueryStatus(d0), ZE_RESULT_NOT_READY,
		     "the first instance is held behind its gate");
	ck_assert_msg(x[0] == 1 && y[0] == 1,
		      "the second instance ran alone: %d %d", x[0], y[0]);
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(d0, LZ_TIMEOUT_NS));
	ck_assert_msg(all_eq(x, 2) && all_eq(y, 2),
		      "then the first one: %d %d", x[0], y[0]);

	ck_assert_ok(g.exec_destroy(x0));
	ck_assert_ok(g.exec_destroy(x1));
	ck_assert_ok(g.destroy(graph));
	ck_assert_ok(zeEventDestroy(a));
	ck_assert_ok(zeEventDestroy(b));
	ck_assert_ok(zeEventDestroy(d0));
	ck_assert_ok(zeEventDestroy(d1));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeCommandListDestroy(l0));
	ck_assert_ok(zeCommandListDestroy(l1));
	ck_assert_ok(zeCommandListDestroy(q0));
	ck_assert_ok(zeCommandListDestroy(q1));
	lz_free(x);
	lz_free(y);
}
END_TEST

/*
 * A subgraph: an executable graph appended while capturing is captured
 * with its branches; a host function and a timestamp are captured too and
 * run at every replay.
 */
START_TEST(test_graph_subgraph_and_host_function)
{
	ze_command_list_handle_t l0 = lz_immediate_list(true);
	ze_command_list_handle_t l1 = lz_immediate_list(true);
	ze_result_t (*host_fn)(ze_command_list_handle_t,
			       ze_host_function_callback_t, void *,
			       const void *, ze_event_handle_t, uint32_t,
			       ze_event_handle_t *);
	ze_event_handle_t a = lz_cb_event(CB_BOTH), b = lz_cb_event(CB_BOTH);
	int32_t *x = shared_zeroed(), *y = shared_zeroed();
	uint64_t *ts = lz_alloc_shared(64);
	ze_executable_graph_handle_t sub_x, outer_x;
	ze_graph_handle_t sub, outer;
	int calls = 0;

	*(void **)&host_fn = lz_function("zeCommandListAppendHostFunction");
	/* The subgraph forks y's kernel onto another list. */
	ck_assert_ok(g.begin(l0, NULL));
	append_add(l0, x, 1, a, 0, NULL);
	append_add(l1, y, 2, b, 1, &a);
	ck_assert_ok(zeCommandListAppendWaitOnEvents(l0, 1, &b));
	ck_assert_ok(g.end(l0, NULL, &sub));
	ck_assert_ok(g.instantiate(sub, NULL, &sub_x));

	ck_assert_ok(g.begin(l0, NULL));
	ck_assert_ok(g.append(l0, sub_x, NULL, NULL, 0, NULL));
	ck_assert_ok(host_fn(l0, count_call, &calls, NULL, NULL, 0, NULL));
	ts[0] = 0;
	ck_assert_ok(zeCommandListAppendWriteGlobalTimestamp(l0, ts, NULL, 0,
							     NULL));
	append_add(l0, x, 10, NULL, 0, NULL);
	ck_assert_ok(g.end(l0, NULL, &outer));
	ck_assert_int_eq(calls, 0);
	ck_assert_ok(g.instantiate(outer, NULL, &outer_x));
	for (int r = 1; r <= 3; r++) {
		ck_assert_ok(g.append(l0, outer_x, NULL, NULL, 0, NULL));
		ck_assert_ok(lz_list_sync(l0, LZ_TIMEOUT_NS));
		ck_assert_msg(all_eq(x, 11 * r) && all_eq(y, 2 * r),
			      "replay %d ran the subgraph's branches and its own: %d %d",
			      r, x[0], y[0]);
		ck_assert_int_eq(__atomic_load_n(&calls, __ATOMIC_ACQUIRE), r);
		ck_assert_msg(ts[0] != 0, "the timestamp was written");
		ts[0] = 0;
	}
	ck_assert_ok(g.exec_destroy(outer_x));
	ck_assert_ok(g.destroy(outer));
	ck_assert_ok(g.exec_destroy(sub_x));
	ck_assert_ok(g.destroy(sub));
	ck_assert_ok(zeEventDestroy(a));
	ck_assert_ok(zeEventDestroy(b));
	ck_assert_ok(zeCommandListDestroy(l0));
	ck_assert_ok(zeCommandListDestroy(l1));
	lz_free(x);
	lz_free(y);
	lz_free(ts);
}
END_TEST

/*
 * A capture on a list whose queue is then banned: the replay on it is
 * refused with DEVICE_LOST, and a graph whose own work faults loses its
 * replay's event; nothing hangs.
 */
START_TEST(test_graph_replay_on_banned_queue)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_command_list_handle_t other = lz_immediate_list(true);
	ze_event_handle_t done = lz_cb_event(CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE |
					     ZEX_COUNTER_BASED_EVENT_FLAG_GRAPH_EXTERNAL);
	int32_t *x = shared_zeroed();
	ze_executable_graph_handle_t exec, bad_x;
	ze_graph_handle_t graph, bad;

	ck_assert_ok(g.begin(list, NULL));
	append_add(list, x, 1, NULL, 0, NULL);
	ck_assert_ok(g.end(list, NULL, &graph));
	ck_assert_ok(g.instantiate(graph, NULL, &exec));

	/* A copy from an address nothing is bound at bans the queue. */
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, x, (void *)0x10000, 64,
						   NULL, 0, NULL));
	ck_assert_ze(lz_list_sync(list, UINT64_MAX), ZE_RESULT_ERROR_DEVICE_LOST,
		     "the list's queue is banned");
	ck_assert_ze(g.append(list, exec, NULL, NULL, 0, NULL),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "a replay on a banned queue is refused");

	/* The replay on a healthy list runs; one that faults is lost. */
	ck_assert_ok(g.append(other, exec, NULL, NULL, 0, NULL));
	ck_assert_ok(lz_list_sync(other, LZ_TIMEOUT_NS));
	ck_assert_msg(all_eq(x, 1), "the graph ran on the other list");
	ck_assert_ok(g.begin(other, NULL));
	ck_assert_ok(zeCommandListAppendMemoryCopy(other, x, (void *)0x10000,
						   64, done, 0, NULL));
	ck_assert_ok(g.end(other, NULL, &bad));
	ck_assert_ok(g.instantiate(bad, NULL, &bad_x));
	ck_assert_ok(g.append(other, bad_x, NULL, NULL, 0, NULL));
	ck_assert_ze(zeEventHostSynchronize(done, UINT64_MAX),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "the event of a faulting replay is lost");

	ck_assert_ok(g.exec_destroy(bad_x));
	ck_assert_ok(g.destroy(bad));
	ck_assert_ok(g.exec_destroy(exec));
	ck_assert_ok(g.destroy(graph));
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandListDestroy(other));
	lz_free(x);
}
END_TEST

/*
 * A graph synchronised with another process through the events of an IPC
 * pool: each replay signals event 0, which the other process waits for,
 * then waits for event 1, which that process's device signals, before its
 * last kernel.
 */
START_TEST(test_graph_external_event_other_process)
{
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_IPC |
						    ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t e0 = lz_event(pool, 0), e1 = lz_event(pool, 1);
	ze_event_handle_t done = lz_cb_event(CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE |
					     ZEX_COUNTER_BASED_EVENT_FLAG_GRAPH_EXTERNAL);
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_ipc_event_pool_handle_t handle;
	ze_executable_graph_handle_t x;
	int32_t *buf = shared_zeroed();
	ze_graph_handle_t graph;
	int sock;
	pid_t pid;

	ck_assert_ok(g.begin(list, NULL));
	append_add(list, buf, 1, NULL, 0, NULL);
	ck_assert_ok(zeCommandListAppendSignalEvent(list, e0));
	append_add(list, buf, 10, done, 1, &e1);
	ck_assert_ok(g.end(list, NULL, &graph));
	ck_assert_ok(g.instantiate(graph, NULL, &x));

	ck_assert_ok(zeEventPoolGetIpcHandle(pool, &handle));
	sock = lz_start_helper("event-pool", &pid);
	ck_assert_int_eq(ipc_send_handle(sock, &handle), 0);
	ck_assert_ok(g.append(list, x, NULL, NULL, 0, NULL));
	ck_assert_ok(zeEventHostSynchronize(done, LZ_TIMEOUT_NS));
	ck_assert_msg(all_eq(buf, 11),
		      "the replay went on once the other process signalled: %d",
		      buf[0]);
	ck_assert_ze(zeEventQueryStatus(e0), ZE_RESULT_SUCCESS,
		     "the replay signalled the event the other process waited for");
	lz_finish_helper(sock, pid, "graph external events");

	ck_assert_ok(g.exec_destroy(x));
	ck_assert_ok(g.destroy(graph));
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeEventDestroy(e0));
	ck_assert_ok(zeEventDestroy(e1));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeCommandListDestroy(list));
	lz_free(buf);
}
END_TEST

/*
 * CB_EXTERNAL_IPC: a replay signals an IPC, GRAPH_EXTERNAL counter-based
 * event; its handle, taken after the replay was appended behind a gate,
 * goes to another process, which finds it not complete, then waits for
 * it while the test opens the gate.
 */
START_TEST(test_graph_ipc_external_event_other_process)
{
	ze_result_t (*get_ipc)(ze_event_handle_t,
			       zex_ipc_counter_based_event_handle_t *);
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t gate = lz_event(pool, 0);
	ze_event_handle_t shared = lz_cb_event(CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_IPC |
					       ZEX_COUNTER_BASED_EVENT_FLAG_GRAPH_EXTERNAL);
	ze_command_list_handle_t list = lz_immediate_list(true);
	zex_ipc_counter_based_event_handle_t h;
	ze_executable_graph_handle_t x;
	int32_t *buf = shared_zeroed();
	ze_graph_handle_t graph;
	int sock;
	pid_t pid;

	*(void **)&get_ipc = lz_function("zexCounterBasedEventGetIpcHandle");
	ck_assert_ok(g.begin(list, NULL));
	append_add(list, buf, 3, shared, 0, NULL);
	ck_assert_ok(g.end(list, NULL, &graph));
	ck_assert_ok(g.instantiate(graph, NULL, &x));
	ck_assert_ok(g.append(list, x, NULL, NULL, 1, &gate));
	ck_assert_ok(get_ipc(shared, &h));

	sock = lz_start_helper("cb-wait", &pid);
	ck_assert_int_eq(write(sock, &h, sizeof(h)), (ssize_t)sizeof(h));
	lz_expect_byte(sock, 'n', "the other process sees the replay not done");
	ck_assert_ok(zeEventHostSignal(gate));
	lz_finish_helper(sock, pid, "a graph's IPC event");
	ck_assert_ok(zeEventHostSynchronize(shared, LZ_TIMEOUT_NS));
	ck_assert_msg(all_eq(buf, 3), "the replay ran: %d", buf[0]);

	ck_assert_ok(g.exec_destroy(x));
	ck_assert_ok(g.destroy(graph));
	ck_assert_ok(zeEventDestroy(shared));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeCommandListDestroy(list));
	lz_free(buf);
}
END_TEST

/*
 * APPEND_COMMANDLIST: a closed regular list appended while capturing runs
 * at every replay, between the nodes around it, its events taking their
 * states again at each replay.
 */
START_TEST(test_graph_appended_regular_list)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_command_list_handle_t reg = lz_list(true);
	ze_event_handle_t inner = lz_cb_event(CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE);
	int32_t *buf = shared_zeroed(), *snap = shared_zeroed();
	ze_executable_graph_handle_t x;
	ze_graph_handle_t graph;

	/* The regular list doubles nothing: it adds 5, then copies buf. */
	append_add(reg, buf, 5, NULL, 0, NULL);
	ck_assert_ok(zeCommandListAppendMemoryCopy(reg, snap, buf, ITEMS * 4,
						   inner, 0, NULL));
	ck_assert_ok(zeCommandListClose(reg));

	ck_assert_ok(g.begin(list, NULL));
	append_add(list, buf, 1, NULL, 0, NULL);
	ck_assert_ok(lz_append_lists(list, 1, &reg, NULL, 0, NULL));
	append_add(list, buf, 100, NULL, 0, NULL);
	ck_assert_ok(g.end(list, NULL, &graph));
	ck_assert_ok(g.instantiate(graph, NULL, &x));
	for (int r = 1; r <= 3; r++) {
		ck_assert_ok(g.append(list, x, NULL, NULL, 0, NULL));
		ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
		ck_assert_msg(all_eq(snap, 106 * (r - 1) + 6),
			      "replay %d ran the regular list after the first kernel: %d",
			      r, snap[0]);
		ck_assert_msg(all_eq(buf, 106 * r),
			      "and the last kernel after it: %d", buf[0]);
		ck_assert_ok(zeEventHostSynchronize(inner, LZ_TIMEOUT_NS));
	}
	/* The drawing names the node. */
	{
		char path[] = "/tmp/xe_cbev_graph_XXXXXX", text[4096];
		int fd = mkstemp(path);
		size_t n;
		FILE *f;

		ck_assert_int_ge(fd, 0);
		close(fd);
		ck_assert_ok(g.dump(graph, path, NULL));
		f = fopen(path, "r");
		n = fread(text, 1, sizeof(text) - 1, f);
		text[n] = 0;
		fclose(f);
		unlink(path);
		ck_assert_msg(strstr(text, "command lists"),
			      "the appended lists are a node:\n%s", text);
	}
	ck_assert_ok(g.exec_destroy(x));
	ck_assert_ok(g.destroy(graph));

	/* Two branches may run at once: one regular list is in one only. */
	{
		ze_command_list_handle_t fork = lz_immediate_list(true);
		ze_event_handle_t a = lz_cb_event(CB_BOTH);

		ck_assert_ok(g.begin(list, NULL));
		ck_assert_ok(lz_append_lists(list, 1, &reg, a, 0, NULL));
		ck_assert_ze(lz_append_lists(fork, 1, &reg, NULL, 1, &a),
			     ZE_RESULT_ERROR_INVALID_ARGUMENT,
			     "the fork may not run the list the primary branch runs");
		ck_assert_msg(g.end(list, NULL, &graph) != ZE_RESULT_SUCCESS,
			      "the refusal invalidated the capture");
		ck_assert_ze(g.instantiate(graph, NULL, &x),
			     ZE_RESULT_ERROR_INVALID_GRAPH,
			     "an invalid graph is not instantiated");
		ck_assert_ok(g.destroy(graph));
		ck_assert_ok(zeEventDestroy(a));
		ck_assert_ok(zeCommandListDestroy(fork));
	}
	ck_assert_ok(zeEventDestroy(inner));
	ck_assert_ok(zeCommandListDestroy(reg));
	ck_assert_ok(zeCommandListDestroy(list));
	lz_free(buf);
	lz_free(snap);
}
END_TEST

/*
 * Instantiating a graph while another is captured: the instantiation's
 * appends are no fork into that capture, even when they wait for an
 * event it signals. Replays then order through that external event.
 */
START_TEST(test_graph_instantiate_during_other_capture)
{
	ze_command_list_handle_t l0 = lz_immediate_list(true);
	ze_command_list_handle_t l1 = lz_immediate_list(true);
	ze_event_handle_t e = lz_cb_event(CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_GRAPH_EXTERNAL);
	int32_t *x = shared_zeroed();
	ze_executable_graph_handle_t xa, xb;
	ze_graph_handle_t a, b;

	ck_assert_ok(zeCommandListAppendSignalEvent(l1, e));
	ck_assert_ok(zeEventHostSynchronize(e, LZ_TIMEOUT_NS));
	ck_assert_ok(g.begin(l0, NULL));
	append_add(l0, x, 1, NULL, 1, &e);
	ck_assert_ok(g.end(l0, NULL, &a));

	ck_assert_ok(g.begin(l1, NULL));
	ck_assert_ok(zeCommandListAppendSignalEvent(l1, e));
	ck_assert_ok(g.instantiate(a, NULL, &xa));
	ck_assert_ok(g.end(l1, NULL, &b));
	ck_assert_ok(g.instantiate(b, NULL, &xb));

	ck_assert_ok(g.append(l1, xb, NULL, NULL, 0, NULL));
	ck_assert_ok(g.append(l0, xa, NULL, NULL, 0, NULL));
	ck_assert_ok(lz_list_sync(l0, LZ_TIMEOUT_NS));
	ck_assert_msg(all_eq(x, 1), "the first graph ran once (%d)", x[0]);

	ck_assert_ok(g.exec_destroy(xa));
	ck_assert_ok(g.exec_destroy(xb));
	ck_assert_ok(g.destroy(a));
	ck_assert_ok(g.destroy(b));
	ck_assert_ok(zeEventDestroy(e));
	ck_assert_ok(zeCommandListDestroy(l0));
	ck_assert_ok(zeCommandListDestroy(l1));
	lz_free(x);
}
END_TEST

/* ---- launch chains ------------------------------------------------------- */

/*
 * Runs of launches replay as one dispatch each (graph_chain.c): each
 * launch still sees every group of the one before done. x = 2 * (x + 1)
 * six times over four groups a launch (x ends at 126), then three
 * launches of one group add to acc, the last signalling; a fill before
 * the run and a wait in it cut it where they are. A fault in a run bans
 * the queue and the launches after it do not run.
 */
START_TEST(test_graph_chained_launches)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_command_list_handle_t other = lz_immediate_list(true);
	ze_event_handle_t done = lz_cb_event(CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE |
					     ZEX_COUNTER_BASED_EVENT_FLAG_GRAPH_EXTERNAL);
	ze_event_handle_t lost = lz_cb_event(CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE |
					     ZEX_COUNTER_BASED_EVENT_FLAG_GRAPH_EXTERNAL);
	ze_event_handle_t mid = lz_cb_event(CB_BOTH);
	ze_module_handle_t bmod = lz_spv_module("basic", NULL, ZE_RESULT_SUCCESS);
	ze_module_handle_t fmod = lz_spv_module("faults", NULL, ZE_RESULT_SUCCESS);
	ze_kernel_desc_t kd = { .stype = ZE_STRUCTURE_TYPE_KERNEL_DESC };
	ze_group_count_t four = { 4, 1, 1 }, one = { 1, 1, 1 };
	float *x = lz_alloc_shared(64 * 4), *y = lz_alloc_shared(64 * 4);
	float *ones = lz_alloc_shared(64 * 4), zero = 0.0f;
	int32_t *acc = shared_zeroed(), *p = shared_zeroed();
	ze_executable_graph_handle_t exec, bad_x;
	ze_kernel_handle_t vadd, bad;
	ze_graph_handle_t graph, bad_g;
	uint64_t where = 0xdead000ull;

	kd.pKernelName = "vadd";
	ck_assert_ok(zeKernelCreate(bmod, &kd, &vadd));
	ck_assert_ok(zeKernelSetGroupSize(vadd, 16, 1, 1));
	kd.pKernelName = "bad_pointer";
	ck_assert_ok(zeKernelCreate(fmod, &kd, &bad));
	ck_assert_ok(zeKernelSetGroupSize(bad, 1, 1, 1));
	for (int i = 0; i < 64; i++)
		ones[i] = 1.0f;

	ck_assert_ok(g.begin(list, NULL));
	ck_assert_ok(zeCommandListAppendMemoryFill(list, x, &zero, 4, 64 * 4,
						   NULL, 0, NULL));
	for (int k = 0; k < 6; k++) {
		lz_arg_ptr(vadd, 0, x);
		lz_arg_ptr(vadd, 1, ones);
		lz_arg_ptr(vadd, 2, y);
		ck_assert_ok(zeCommandListAppendLaunchKernel(list, vadd, &four,
							     k == 3 ? mid : NULL,
							     0, NULL));
		lz_arg_ptr(vadd, 0, y);
		lz_arg_ptr(vadd, 1, y);
		lz_arg_ptr(vadd, 2, x);
		ck_assert_ok(zeCommandListAppendLaunchKernel(list, vadd, &four,
							     NULL, k == 3 ? 1 : 0,
							     &mid));
	}
	append_add(list, acc, 1, NULL, 0, NULL);
	append_add(list, acc, 2, NULL, 0, NULL);
	append_add(list, acc, 3, done, 0, NULL);
	ck_assert_ok(g.end(list, NULL, &graph));
	ck_assert_ok(g.instantiate(graph, NULL, &exec));
	for (int r = 1; r <= 3; r++) {
		for (int i = 0; i < 64; i++)
			x[i] = y[i] = -1.0f;
		ck_assert_ok(g.append(list, exec, NULL, NULL, 0, NULL));
		ck_assert_ok(zeEventHostSynchronize(done, LZ_TIMEOUT_NS));
		for (int i = 0; i < 64; i++)
			ck_assert_msg(x[i] == 126.0f && y[i] == 63.0f,
				      "replay %d, item %d: x %f y %f: each launch after the last",
				      r, i, x[i], y[i]);
		ck_assert_msg(all_eq(acc, 6 * r), "replay %d: acc %d", r, acc[0]);
	}

	/* A fault in the middle of a run: the launch after it does not run. */
	memset(acc, 0, ITEMS * 4);
	ck_assert_ok(g.begin(other, NULL));
	append_add(other, acc, 1, NULL, 0, NULL);
	lz_arg_ptr(bad, 0, p);
	ck_assert_ok(zeKernelSetArgumentValue(bad, 1, sizeof(where), &where));
	ck_assert_ok(zeCommandListAppendLaunchKernel(other, bad, &one, NULL, 0,
						     NULL));
	append_add(other, acc, 100, lost, 0, NULL);
	ck_assert_ok(g.end(other, NULL, &bad_g));
	ck_assert_ok(g.instantiate(bad_g, NULL, &bad_x));
	ck_assert_ok(g.append(other, bad_x, NULL, NULL, 0, NULL));
	ck_assert_ze(zeEventHostSynchronize(lost, UINT64_MAX),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "the fault in the run loses the queue");
	ck_assert_msg(all_eq(acc, 1) && p[0] == 0,
		      "the launch before the fault ran, none after it (%d)",
		      acc[0]);

	ck_assert_ok(g.exec_destroy(bad_x));
	ck_assert_ok(g.destroy(bad_g));
	ck_assert_ok(g.exec_destroy(exec));
	ck_assert_ok(g.destroy(graph));
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeEventDestroy(lost));
	ck_assert_ok(zeEventDestroy(mid));
	ck_assert_ok(zeKernelDestroy(vadd));
	ck_assert_ok(zeKernelDestroy(bad));
	ck_assert_ok(zeModuleDestroy(bmod));
	ck_assert_ok(zeModuleDestroy(fmod));
	ck_assert_ok(zeCommandListDestroy(other));
	ck_assert_ok(zeCommandListDestroy(list));
	lz_free(x);
	lz_free(y);
	lz_free(ones);
	lz_free(acc);
	lz_free(p);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("libze_graph");
	TCase *tc = tcase_create("graph");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_graph_extension_reported);
	tcase_add_test(tc, test_graph_capture_then_replay);
	tcase_add_test(tc, test_graph_replayed_a_thousand_times);
	tcase_add_test(tc, test_graph_fork_join_diamond);
	tcase_add_test(tc, test_graph_unjoined_fork);
	tcase_add_test(tc, test_graph_refusals);
	tcase_add_test(tc, test_graph_two_instances_at_once);
	tcase_add_test(tc, test_graph_subgraph_and_host_function);
	tcase_add_test(tc, test_graph_replay_on_banned_queue);
	tcase_add_test(tc, test_graph_external_event_other_process);
	tcase_add_test(tc, test_graph_ipc_external_event_other_process);
	tcase_add_test(tc, test_graph_appended_regular_list);
	tcase_add_test(tc, test_graph_chained_launches);
	tcase_add_test(tc, test_graph_instantiate_during_other_capture);
	suite_add_tcase(s, tc);
	return check_run(s);
}
