// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of command queues (userspace/libze/src/cmdqueue.c), through
 * the loader: execution, synchronisation, free-threaded use.
 */

#include <pthread.h>

#include "libze_test.h"
#include "check_run.h"

#define N_U32		256
#define THREADS		4
#define ROUNDS		50

static ze_command_queue_desc_t qdesc(void)
{
	return (ze_command_queue_desc_t){
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
	};
}

/* A closed list that adds 1 to each of the @n u32 at @a. */
static ze_command_list_handle_t add_one_list(uint32_t *a, uint32_t n,
					     ze_module_handle_t *module)
{
	ze_command_list_handle_t list = lz_list(false);
	ze_kernel_handle_t k = lz_kernel("add_u32", module);
	uint32_t *ones = lz_alloc_device(n * 4), i;

	for (i = 0; i < n; i++)
		ones[i] = 1;
	lz_arg_ptr(k, 0, a);
	lz_arg_ptr(k, 1, a);
	lz_arg_ptr(k, 2, ones);
	lz_launch(list, k, n, 16, NULL, 0, NULL);
	ck_assert_ok(zeCommandListClose(list));
	return list;
}

/* ---- core ------------------------------------------------------------- */

START_TEST(test_cmdqueue_create_destroy)
{
	ze_command_queue_desc_t desc = qdesc();
	ze_command_queue_handle_t q[3];
	uint32_t ordinal = 9, index = 9;
	unsigned int i;

	for (i = 0; i < 3; i++) {
		desc.ordinal = i % 2;
		desc.priority = i;
		ck_assert_ze(zeCommandQueueCreate(lz_context, lz_device, &desc,
						  &q[i]),
			     ZE_RESULT_SUCCESS,
			     "queues of each group and priority can be created");
	}
	ck_assert_ok(((ze_result_t (*)(ze_command_queue_handle_t, uint32_t *))
		      lz_function("zeCommandQueueGetOrdinal"))(q[1], &ordinal));
	ck_assert_ok(((ze_result_t (*)(ze_command_queue_handle_t, uint32_t *))
		      lz_function("zeCommandQueueGetIndex"))(q[1], &index));
	ck_assert_msg(ordinal == 1 && index == 0,
		      "a queue reports its group and index");
	for (i = 0; i < 3; i++)
		ck_assert_ok(zeCommandQueueDestroy(q[i]));
}
END_TEST

START_TEST(test_cmdqueue_execute_several_lists)
{
	ze_command_queue_handle_t q = lz_queue();
	uint32_t *a = lz_alloc_device(N_U32 * 4), *b = lz_alloc_device(N_U32 * 4);
	ze_module_handle_t ma, mb;
	ze_command_list_handle_t lists[3];
	unsigned int i;

	memset(a, 0, N_U32 * 4);
	memset(b, 0, N_U32 * 4);
	lists[0] = add_one_list(a, N_U32, &ma);
	lists[1] = add_one_list(b, N_U32, &mb);
	lists[2] = lists[0];
	ck_assert_ze(zeCommandQueueExecuteCommandLists(q, 3, lists, NULL),
		     ZE_RESULT_SUCCESS, "three lists run in one call");
	ck_assert_ok(zeCommandQueueSynchronize(q, LZ_TIMEOUT_NS));
	for (i = 0; i < N_U32; i++)
		ck_assert_msg(a[i] == 2 && b[i] == 1,
			      "each list ran as often as it was given");
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_cmdqueue_synchronize_timeout)
{
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t list = lz_list(false);
	ze_module_handle_t module;
	ze_kernel_handle_t k = lz_kernel("spin", &module);

	ck_assert_ze(zeCommandQueueSynchronize(q, 0), ZE_RESULT_SUCCESS,
		     "an idle queue is synchronised");
	lz_arg_u64(k, 0, 200000000);
	lz_launch(list, k, 1, 1, NULL, 0, NULL);
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &list, NULL));
	ck_assert_ze(zeCommandQueueSynchronize(q, 0), ZE_RESULT_NOT_READY,
		     "a busy queue is not");
	ck_assert_ze(zeCommandQueueSynchronize(q, 1000000), ZE_RESULT_NOT_READY,
		     "a 1 ms wait for 200 ms of work times out");
	ck_assert_ze(zeCommandQueueSynchronize(q, UINT64_MAX), ZE_RESULT_SUCCESS,
		     "an endless one returns when the work is done");
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_cmdqueue_synchronous_mode)
{
	ze_command_queue_desc_t desc = qdesc();
	uint32_t *a = lz_alloc_device(N_U32 * 4);
	ze_command_queue_handle_t q;
	ze_module_handle_t module;
	ze_command_list_handle_t list;

	desc.mode = ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS;
	ck_assert_ok(zeCommandQueueCreate(lz_context, lz_device, &desc, &q));
	memset(a, 0, N_U32 * 4);
	list = add_one_list(a, N_U32, &module);
	ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &list, NULL));
	ck_assert_msg(a[N_U32 - 1] == 1,
		      "a synchronous queue has finished when the call returns");
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

struct worker {
	ze_command_queue_handle_t q;
	ze_command_list_handle_t list;
	ze_result_t ret;
};

static void *execute_rounds(void *arg)
{
	struct worker *w = arg;
	unsigned int i;

	w->ret = ZE_RESULT_SUCCESS;
	for (i = 0; i < ROUNDS && w->ret == ZE_RESULT_SUCCESS; i++)
		w->ret = zeCommandQueueExecuteCommandLists(w->q, 1, &w->list,
							   NULL);
	return NULL;
}

START_TEST(test_cmdqueue_free_threaded)
{
	ze_command_queue_handle_t q = lz_queue();
	struct worker w[THREADS];
	pthread_t threads[THREADS];
	ze_module_handle_t module[THREADS];
	uint32_t *a[THREADS];
	unsigned int t, i;

	for (t = 0; t < THREADS; t++) {
		a[t] = lz_alloc_device(N_U32 * 4);
		memset(a[t], 0, N_U32 * 4);
		w[t].q = q;
		w[t].list = add_one_list(a[t], N_U32, &module[t]);
	}
	for (t = 0; t < THREADS; t++)
		ck_assert_int_eq(pthread_create(&threads[t], NULL,
						execute_rounds, &w[t]), 0);
	for (t = 0; t < THREADS; t++)
		pthread_join(threads[t], NULL);
	ck_assert_ok(zeCommandQueueSynchronize(q, LZ_TIMEOUT_NS));
	for (t = 0; t < THREADS; t++) {
		ck_assert_msg(w[t].ret == ZE_RESULT_SUCCESS,
			      "thread %u could submit all its rounds", t);
		for (i = 0; i < N_U32; i++)
			ck_assert_msg(a[t][i] == ROUNDS,
				      "thread %u: %u executions ran, not %u",
				      t, a[t][i], ROUNDS);
	}
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

/* ---- limits ----------------------------------------------------------- */

START_TEST(test_cmdqueue_create_refusals)
{
	ze_command_queue_desc_t desc = qdesc();
	ze_command_queue_handle_t q = NULL;

	desc.ordinal = 2;
	ck_assert_ze(zeCommandQueueCreate(lz_context, lz_device, &desc, &q),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a group the device does not have is refused");
	desc.ordinal = 0;
	desc.priority = 9;
	ck_assert_ze(zeCommandQueueCreate(lz_context, lz_device, &desc, &q),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION,
		     "an unknown priority is refused");
	desc.priority = 0;
	desc.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC;
	ck_assert_ze(zeCommandQueueCreate(lz_context, lz_device, &desc, &q),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a descriptor with the wrong stype is refused");
	ck_assert_ze(zeCommandQueueCreate(lz_context, lz_device, NULL, &q),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the descriptor is required");
	ck_assert_ze(zeCommandQueueCreate(NULL, lz_device, &desc, &q),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "the context is required");
	ck_assert_msg(!q, "nothing is returned");
}
END_TEST

START_TEST(test_cmdqueue_null_handles)
{
	ze_command_list_handle_t list = lz_list(false);

	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ze(zeCommandQueueExecuteCommandLists(NULL, 1, &list, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "executing needs a queue");
	ck_assert_ze(zeCommandQueueSynchronize(NULL, 0),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "synchronising needs a queue");
	ck_assert_ze(zeCommandQueueDestroy((ze_command_queue_handle_t)list),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "a list handle is not a queue");
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

/* ---- priorities ------------------------------------------------------- */

/* Bytes each side fills: many slices of either priority's byte budget. */
#define PRIO_BYTES	(32u << 20)

/*
 * The end of @side's fill: a kernel timestamp of its signal event. Side 0
 * is low priority, side 1 high.
 */
static uint64_t fill_end(ze_event_handle_t ev)
{
	ze_kernel_timestamp_result_t ts;

	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	ck_assert_ok(zeEventQueryKernelTimestamp(ev, &ts));
	return ts.global.kernelEnd;
}

/*
 * Under load, a high-priority queue's work finishes before the same work
 * of a low-priority queue submitted at the same time: both wait for one
 * gate (an event a third list signals once the host opens it, so that
 * the engine's write wakes both at once), then each fills 32 MiB and
 * signals a timestamp event. The engine's slices of one dispatch are
 * bounded by bytes (256 KiB low, 4 MiB high), so the order holds
 * whatever the timing: the device's end timestamps say which finished
 * first. _i: 0 immediate lists, 1 queues executing regular lists; the
 * low-priority one is always created and submitted first.
 */
START_TEST(test_cmdqueue_high_priority_finishes_first)
{
	static const ze_command_queue_priority_t prio[2] = {
		ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_LOW,
		ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_HIGH,
	};
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_pool_handle_t ts_pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE |
			      ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 2);
	ze_event_handle_t go = lz_event(pool, 0), gate = lz_event(pool, 1);
	ze_command_list_handle_t relay = lz_immediate_list(false);
	ze_command_list_handle_t imm[2] = { NULL }, list[2] = { NULL };
	ze_command_queue_handle_t q[2] = { NULL };
	ze_event_handle_t done[2];
	uint8_t *buf[2], v = 0x3c;
	uint64_t end[2];
	int i;

	for (i = 0; i < 2; i++) {
		ze_command_queue_desc_t desc = qdesc();

		desc.priority = prio[i];
		desc.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
		done[i] = lz_event(ts_pool, i);
		buf[i] = lz_alloc_device(PRIO_BYTES);
		if (_i == 0) {
			ck_assert_ok(lz_create_immediate(&desc, &imm[i]));
			ck_assert_ok(zeCommandListAppendMemoryFill(imm[i], buf[i],
								   &v, 1,
								   PRIO_BYTES,
								   done[i], 1,
								   &gate));
		} else {
			ck_assert_ok(zeCommandQueueCreate(lz_context, lz_device,
							  &desc, &q[i]));
			list[i] = lz_list(false);
			ck_assert_ok(zeCommandListAppendMemoryFill(list[i],
								   buf[i], &v,
								   1, PRIO_BYTES,
								   done[i], 1,
								   &gate));
			ck_assert_ok(zeCommandListClose(list[i]));
			ck_assert_ok(zeCommandQueueExecuteCommandLists(q[i], 1,
								       &list[i],
								       NULL));
		}
	}
	/* The relay waits for the host, then the engine signals the gate. */
	ck_assert_ok(zeCommandListAppendBarrier(relay, gate, 1, &go));
	ck_assert_ok(zeEventHostSignal(go));

	for (i = 0; i < 2; i++)
		end[i] = fill_end(done[i]);
	ck_assert_msg(end[1] < end[0],
		      "the high-priority fill ends first: high %llu, low %llu",
		      (unsigned long long)end[1], (unsigned long long)end[0]);
	ck_assert_msg(buf[0][PRIO_BYTES - 1] == v && buf[1][PRIO_BYTES - 1] == v,
		      "both filled everything");

	ck_assert_ok(zeCommandListDestroy(relay));
	for (i = 0; i < 2; i++) {
		if (imm[i])
			ck_assert_ok(zeCommandListDestroy(imm[i]));
		if (q[i])
			ck_assert_ok(zeCommandQueueDestroy(q[i]));
		if (list[i])
			ck_assert_ok(zeCommandListDestroy(list[i]));
		ck_assert_ok(zeEventDestroy(done[i]));
	}
	ck_assert_ok(zeEventDestroy(go));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(ts_pool));
	ck_assert_ok(zeEventPoolDestroy(pool));
}
END_TEST

static Suite *cmdqueue_suite(void)
{
	Suite *s = suite_create("cmdqueue");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, lz_setup, lz_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_cmdqueue_create_destroy);
	tcase_add_test(tc, test_cmdqueue_execute_several_lists);
	tcase_add_test(tc, test_cmdqueue_synchronize_timeout);
	tcase_add_test(tc, test_cmdqueue_synchronous_mode);
	tcase_add_test(tc, test_cmdqueue_free_threaded);
	tcase_add_loop_test(tc, test_cmdqueue_high_priority_finishes_first, 0,
			    2);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, lz_setup, lz_teardown);
	tcase_add_test(tc, test_cmdqueue_create_refusals);
	tcase_add_test(tc, test_cmdqueue_null_handles);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(cmdqueue_suite());
}
