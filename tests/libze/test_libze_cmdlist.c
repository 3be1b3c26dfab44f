// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of command lists and their appends (userspace/libze/src/
 * cmdlist.c, append_*.c), through the loader: results are checked
 * byte by byte on the host after the device produced them.
 */

#include <stdio.h>

#include "libze_test.h"
#include "check_run.h"

#define SIZE		(256u << 10)
#define CHAIN		1000
#define N_U32		1024

static void fill_pattern(uint8_t *p, size_t size, unsigned int seed)
{
	size_t i;

	for (i = 0; i < size; i++)
		p[i] = (uint8_t)(i * 31 + seed + (i >> 8));
}

static void execute(ze_command_queue_handle_t q, ze_command_list_handle_t l)
{
	ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &l, NULL));
}

static void queue_sync(ze_command_queue_handle_t q)
{
	ck_assert_ze(zeCommandQueueSynchronize(q, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS, "the queue finishes its work");
}

static void list_sync(ze_command_list_handle_t l)
{
	ck_assert_ze(lz_list_sync(l, LZ_TIMEOUT_NS), ZE_RESULT_SUCCESS,
		     "the immediate list finishes its work");
}

/* A kernel that adds 1 to each of the @n u32 at @a (b = ones). */
static ze_kernel_handle_t add_one_kernel(ze_module_handle_t *module,
					 uint32_t *a, uint32_t n)
{
	ze_kernel_handle_t k = lz_kernel("add_u32", module);
	uint32_t *ones = lz_alloc_device(n * 4), i;

	for (i = 0; i < n; i++)
		ones[i] = 1;
	lz_arg_ptr(k, 0, a);
	lz_arg_ptr(k, 1, a);
	lz_arg_ptr(k, 2, ones);
	return k;
}

static void check_u32(const uint32_t *a, uint32_t n, uint32_t expected,
		      const char *what)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		ck_assert_msg(a[i] == expected, "%s: element %u is %u, not %u",
			      what, i, a[i], expected);
}

static void spin(ze_command_list_handle_t list, uint64_t ns,
		 ze_event_handle_t signal)
{
	ze_module_handle_t module;
	ze_kernel_handle_t k = lz_kernel("spin", &module);

	lz_arg_u64(k, 0, ns);
	lz_launch(list, k, 1, 1, signal, 0, NULL);
}

/* ---- core ------------------------------------------------------------- */

START_TEST(test_cmdlist_immediate_copy_bytes)
{
	ze_command_list_handle_t list = lz_immediate_list(_i);
	uint8_t *src = lz_alloc_host(SIZE), *dev = lz_alloc_device(SIZE);
	uint8_t *dst = lz_alloc_shared(SIZE);

	fill_pattern(src, SIZE, 3);
	memset(dst, 0, SIZE);
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, dev, src, SIZE, NULL,
						   0, NULL));
	/* Byte-granular ends: an odd length at an odd offset. */
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, dst + 1, dev + 3,
						   SIZE - 77, NULL, 0, NULL));
	list_sync(list);
	ck_assert_msg(dst[0] == 0 && !memcmp(dst + 1, src + 3, SIZE - 77) &&
		      dst[SIZE - 76] == 0,
		      "host -> device -> shared copies every byte, and no more");
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_cmdlist_immediate_fill_patterns)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint8_t *p = lz_alloc_device(4096 + 64), pattern[256];
	size_t psize, i;

	for (i = 0; i < sizeof(pattern); i++)
		pattern[i] = (uint8_t)(0xa0 + i * 7);
	for (psize = 1; psize <= 256; psize *= 2) {
		memset(p, 0x11, 4096 + 64);
		/* 4096 + 13 bytes: the last pattern copy is cut short. */
		ck_assert_ok(zeCommandListAppendMemoryFill(list, p + 8, pattern,
							   psize, 4096 + 13,
							   NULL, 0, NULL));
		/* The pattern may change before the device reads it. */
		pattern[0] ^= 0xff;
		list_sync(list);
		pattern[0] ^= 0xff;
		for (i = 0; i < 4096 + 13; i++)
			ck_assert_msg(p[8 + i] == pattern[i % psize],
				      "fill with a %zu-byte pattern: byte %zu",
				      psize, i);
		ck_assert_msg(p[7] == 0x11 && p[8 + 4096 + 13] == 0x11,
			      "a fill writes nothing outside its range");
	}
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

/*
 * Many fills, each with its own pattern: patterns are kept in the list's
 * data heap until the device has read them, through several heap chunks.
 */
START_TEST(test_cmdlist_many_fill_patterns)
{
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t list = _i ? lz_list(false) :
					     lz_immediate_list(true);
	uint32_t *dst = lz_alloc_device(5000 * 8), i, v;

	memset(dst, 0, 5000 * 8);
	for (i = 0; i < 5000; i++) {
		v = i * 2654435761u;
		ck_assert_ok(zeCommandListAppendMemoryFill(list, dst + 2 * i,
							   &v, 4, 8, NULL, 0,
							   NULL));
	}
	if (_i) {
		ck_assert_ok(zeCommandListClose(list));
		ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &list,
							       NULL));
		ck_assert_ok(zeCommandQueueSynchronize(q, LZ_TIMEOUT_NS));
	} else {
		list_sync(list);
	}
	for (i = 0; i < 5000; i++)
		ck_assert_msg(dst[2 * i] == i * 2654435761u &&
			      dst[2 * i + 1] == i * 2654435761u,
			      "fill %u used its own pattern", i);
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_cmdlist_in_order_chain_immediate)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint32_t *a = lz_alloc_device(N_U32 * 4);
	ze_module_handle_t module;
	ze_kernel_handle_t k = add_one_kernel(&module, a, N_U32);
	unsigned int i;

	memset(a, 0, N_U32 * 4);
	/* Each append reads what the one before wrote: no event, no barrier. */
	for (i = 0; i < CHAIN; i++)
		lz_launch(list, k, N_U32, 64, NULL, 0, NULL);
	list_sync(list);
	check_u32(a, N_U32, CHAIN, "1000 dependent appends on an in-order immediate list");
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_cmdlist_in_order_chain_regular)
{
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t list = lz_list(true);
	uint32_t *a = lz_alloc_device(N_U32 * 4);
	ze_module_handle_t module;
	ze_kernel_handle_t k = add_one_kernel(&module, a, N_U32);
	uint8_t *x = lz_alloc_device(4096);
	unsigned int i;

	memset(a, 0, N_U32 * 4);
	for (i = 0; i < CHAIN; i++) {
		lz_launch(list, k, N_U32, 32, NULL, 0, NULL);
		/* Other appends in between keep the order too. */
		if (i % 100 == 0)
			ck_assert_ok(zeCommandListAppendMemoryFill(list, x, &i,
								   1, 4096,
								   NULL, 0,
								   NULL));
	}
	ck_assert_ok(zeCommandListClose(list));
	execute(q, list);
	queue_sync(q);
	check_u32(a, N_U32, CHAIN, "1000 dependent appends on a regular in-order list");
	ck_assert_msg(x[100] == (uint8_t)900, "the last fill was the last one");

	/* Executed again, it counts from 0 again and adds another 1000. */
	execute(q, list);
	queue_sync(q);
	check_u32(a, N_U32, 2 * CHAIN, "a second execution");
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_cmdlist_regular_executed_many_times)
{
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t list = lz_list(_i);
	uint32_t *a = lz_alloc_device(N_U32 * 4);
	ze_module_handle_t module;
	ze_kernel_handle_t k = add_one_kernel(&module, a, N_U32);
	unsigned int i;

	memset(a, 0, N_U32 * 4);
	lz_launch(list, k, N_U32, 16, NULL, 0, NULL);
	lz_launch(list, k, N_U32, 16, NULL, 0, NULL);
	ck_assert_ok(zeCommandListClose(list));
	for (i = 0; i < 200; i++) {
		execute(q, list);
		/* An in-order list must be idle before it runs again. */
		if (_i)
			queue_sync(q);
	}
	queue_sync(q);
	check_u32(a, N_U32, 400, "200 executions of a two-launch list");
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_cmdlist_big_regular_list)
{
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t list = lz_list(false);
	uint8_t *src = lz_alloc_device(SIZE), *dst = lz_alloc_device(SIZE);
	unsigned int i;

	/* 20000 appends: the batch spans many chained chunks. */
	fill_pattern(src, SIZE, 9);
	memset(dst, 0, SIZE);
	for (i = 0; i < 20000; i++)
		ck_assert_ok(zeCommandListAppendMemoryCopy(list,
				dst + (i * 13) % SIZE, src + (i * 13) % SIZE,
				1, NULL, 0, NULL));
	ck_assert_ok(zeCommandListClose(list));
	execute(q, list);
	/*
	 * 20000 dispatches: on the debug kernel (KASAN) under TCG this takes
	 * seconds; the bound is for liveness, not speed.
	 */
	ck_assert_ze(zeCommandQueueSynchronize(q, 6 * LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS, "the queue finishes its 20000 copies");
	for (i = 0; i < 20000; i++)
		ck_assert_int_eq(dst[(i * 13) % SIZE], src[(i * 13) % SIZE]);
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_cmdlist_two_immediate_lists_ordered_by_event)
{
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t ev = lz_event(pool, 0);
	ze_command_list_handle_t a = lz_immediate_list(false);
	ze_command_list_handle_t b = lz_immediate_list(false);
	uint8_t *src = lz_alloc_device(SIZE), *mid = lz_alloc_device(SIZE);
	uint8_t *dst = lz_alloc_device(SIZE);

	fill_pattern(src, SIZE, 5);
	memset(mid, 0, SIZE);
	memset(dst, 0, SIZE);

	/* A is slow; B must still wait for it, through the event. */
	spin(a, 30000000, NULL);
	ck_assert_ok(zeCommandListAppendMemoryCopy(a, mid, src, SIZE, ev, 0,
						   NULL));
	ck_assert_ok(zeCommandListAppendMemoryCopy(b, dst, mid, SIZE, NULL, 1,
						   &ev));
	list_sync(b);
	ck_assert_msg(!memcmp(dst, src, SIZE),
		      "the second list copied what the first one wrote");
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "the event is signalled");
	list_sync(a);
	ck_assert_ok(zeCommandListDestroy(a));
	ck_assert_ok(zeCommandListDestroy(b));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventPoolDestroy(pool));
}
END_TEST

START_TEST(test_cmdlist_host_synchronize_timeout)
{
	ze_command_list_handle_t list = lz_immediate_list(true);

	spin(list, 200000000, NULL);
	ck_assert_ze(lz_list_sync(list, 0), ZE_RESULT_NOT_READY,
		     "a poll of a busy list is not ready");
	ck_assert_ze(lz_list_sync(list, 1000000), ZE_RESULT_NOT_READY,
		     "a 1 ms wait for 200 ms of work times out");
	ck_assert_ze(lz_list_sync(list, UINT64_MAX), ZE_RESULT_SUCCESS,
		     "an endless wait returns once the work is done");
	ck_assert_ze(lz_list_sync(list, 0), ZE_RESULT_SUCCESS,
		     "a poll of an idle list succeeds");
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_cmdlist_synchronous_mode)
{
	ze_command_queue_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.mode = ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS,
	};
	uint8_t *src = lz_alloc_device(SIZE), *dst = lz_alloc_device(SIZE);
	ze_command_list_handle_t list;

	ck_assert_ok(zeCommandListCreateImmediate(lz_context, lz_device, &desc,
						  &list));
	fill_pattern(src, SIZE, 1);
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, dst, src, SIZE, NULL,
						   0, NULL));
	ck_assert_msg(!memcmp(dst, src, SIZE),
		      "a synchronous list has finished when the append returns");
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_cmdlist_immediate_append_command_lists)
{
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t go = lz_event(pool, 0), done = lz_event(pool, 1);
	ze_command_list_handle_t imm = lz_immediate_list(true);
	ze_command_list_handle_t r1 = lz_list(false), r2 = lz_list(true);
	uint8_t *src = lz_alloc_device(SIZE), *mid = lz_alloc_device(SIZE);
	uint8_t *dst = lz_alloc_device(SIZE);

	fill_pattern(src, SIZE, 7);
	ck_assert_ok(zeCommandListAppendMemoryCopy(r1, mid, src, SIZE, NULL, 0,
						   NULL));
	ck_assert_ok(zeCommandListAppendMemoryCopy(r2, dst, mid, SIZE, NULL, 0,
						   NULL));
	ck_assert_ok(zeCommandListClose(r1));
	ck_assert_ok(zeCommandListClose(r2));

	ze_command_list_handle_t lists[] = { r1, r2 };
	ck_assert_ze(lz_append_lists(imm, 2, lists, done, 1, &go),
		     ZE_RESULT_SUCCESS,
		     "regular lists are appended to an immediate list");
	ck_assert_ze(zeEventQueryStatus(done), ZE_RESULT_NOT_READY,
		     "they wait for the wait event");
	ck_assert_ok(zeEventHostSignal(go));
	ck_assert_ze(zeEventHostSynchronize(done, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS, "the signal event follows them");
	ck_assert_msg(!memcmp(dst, src, SIZE), "both lists ran, in order");

	/* Appended again: the in-order one counts from 0 again. */
	memset(dst, 0, SIZE);
	ck_assert_ok(lz_append_lists(imm, 2, lists, NULL, 0, NULL));
	list_sync(imm);
	ck_assert_msg(!memcmp(dst, src, SIZE), "and run again");
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeCommandListDestroy(r1));
	ck_assert_ok(zeCommandListDestroy(r2));
}
END_TEST

START_TEST(test_cmdlist_reset_rerecords)
{
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t list = lz_list(true);
	uint8_t *a = lz_alloc_device(4096), v = 0x5a;

	ck_assert_ok(zeCommandListAppendMemoryFill(list, a, &v, 1, 4096, NULL,
						   0, NULL));
	ck_assert_ok(zeCommandListClose(list));
	execute(q, list);
	queue_sync(q);
	ck_assert_int_eq(a[4095], 0x5a);

	ck_assert_ze(zeCommandListReset(list), ZE_RESULT_SUCCESS,
		     "a list can be reset");
	v = 0xa5;
	ck_assert_ok(zeCommandListAppendMemoryFill(list, a, &v, 1, 2048, NULL,
						   0, NULL));
	ck_assert_ok(zeCommandListClose(list));
	execute(q, list);
	queue_sync(q);
	ck_assert_msg(a[0] == 0xa5 && a[2047] == 0xa5 && a[2048] == 0x5a,
		      "the list runs what was recorded after the reset only");
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_cmdlist_copy_region)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint8_t *src = lz_alloc_device(64 * 64), *dst = lz_alloc_device(32 * 32);
	ze_copy_region_t sr = { 5, 7, 0, 20, 10, 1 }, dr = { 2, 3, 0, 20, 10, 1 };
	uint32_t x, y;

	fill_pattern(src, 64 * 64, 2);
	memset(dst, 0, 32 * 32);
	ck_assert_ok(zeCommandListAppendMemoryCopyRegion(list, dst, &dr, 32, 0,
							 src, &sr, 64, 0, NULL,
							 0, NULL));
	list_sync(list);
	for (y = 0; y < 32; y++)
		for (x = 0; x < 32; x++) {
			bool in = x >= 2 && x < 22 && y >= 3 && y < 13;
			uint8_t want = in ? src[(y - 3 + 7) * 64 + x - 2 + 5] : 0;

			ck_assert_msg(dst[y * 32 + x] == want,
				      "region copy: (%u, %u)", x, y);
		}
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_cmdlist_global_timestamp)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint64_t *ts = lz_alloc_device(16), before, after;

	before = lz_now_ns();
	ck_assert_ok(zeCommandListAppendWriteGlobalTimestamp(list, ts, NULL, 0,
							     NULL));
	spin(list, 2000000, NULL);
	ck_assert_ok(zeCommandListAppendWriteGlobalTimestamp(list, ts + 1, NULL,
							     0, NULL));
	list_sync(list);
	after = lz_now_ns();
	ck_assert_msg(before <= ts[0] && ts[0] + 2000000 <= ts[1] &&
		      ts[1] <= after,
		      "timestamps are device time around a 2 ms spin: %llu %llu %llu %llu",
		      (unsigned long long)before, (unsigned long long)ts[0],
		      (unsigned long long)ts[1], (unsigned long long)after);
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_cmdlist_copy_only_group)
{
	ze_command_queue_desc_t qdesc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.ordinal = 1,
	};
	ze_command_list_desc_t ldesc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC,
		.commandQueueGroupOrdinal = 1,
	};
	uint8_t *src = lz_alloc_device(4096), *dst = lz_alloc_device(4096);
	ze_command_queue_handle_t q;
	ze_command_list_handle_t list;
	ze_module_handle_t module;
	ze_kernel_handle_t k = lz_kernel("spin", &module);
	ze_group_count_t one = { 1, 1, 1 };
	uint32_t ordinal = 9;

	ck_assert_ok(zeCommandQueueCreate(lz_context, lz_device, &qdesc, &q));
	ck_assert_ok(zeCommandListCreate(lz_context, lz_device, &ldesc, &list));
	fill_pattern(src, 4096, 4);
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, dst, src, 4096, NULL,
						   0, NULL));
	lz_arg_u64(k, 0, 1000);
	ck_assert_ze(zeCommandListAppendLaunchKernel(list, k, &one, NULL, 0,
						     NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a copy-only list launches no kernel");
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &list, NULL));
	ck_assert_ok(zeCommandQueueSynchronize(q, LZ_TIMEOUT_NS));
	ck_assert_msg(!memcmp(src, dst, 4096), "the copy group copies");
	ck_assert_ok(((ze_result_t (*)(ze_command_list_handle_t, uint32_t *))
		      lz_function("zeCommandListGetOrdinal"))(list, &ordinal));
	ck_assert_int_eq(ordinal, 1);
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_cmdlist_getters)
{
	ze_command_list_handle_t imm = lz_immediate_list(true), reg = lz_list(false);
	ze_result_t (*get_device)(ze_command_list_handle_t, ze_device_handle_t *);
	ze_result_t (*get_context)(ze_command_list_handle_t, ze_context_handle_t *);
	ze_result_t (*is_immediate)(ze_command_list_handle_t, ze_bool_t *);
	ze_result_t (*get_index)(ze_command_list_handle_t, uint32_t *);
	ze_device_handle_t dev = NULL;
	ze_context_handle_t ctx = NULL;
	ze_bool_t yes = 0, no = 1;
	uint32_t index = 7;

	*(void **)&get_device = lz_function("zeCommandListGetDeviceHandle");
	*(void **)&get_context = lz_function("zeCommandListGetContextHandle");
	*(void **)&is_immediate = lz_function("zeCommandListIsImmediate");
	*(void **)&get_index = lz_function("zeCommandListImmediateGetIndex");
	ck_assert_ok(get_device(imm, &dev));
	ck_assert_ok(get_context(reg, &ctx));
	ck_assert_msg(dev == lz_device && ctx == lz_context,
		      "a list knows its device and context");
	ck_assert_ok(is_immediate(imm, &yes));
	ck_assert_ok(is_immediate(reg, &no));
	ck_assert_msg(yes && !no, "and whether it is immediate");
	ck_assert_ok(get_index(imm, &index));
	ck_assert_int_eq(index, 0);
	ck_assert_ze(get_index(reg, &index), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a regular list has no queue index");
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeCommandListDestroy(reg));
}
END_TEST

/* ---- limits ----------------------------------------------------------- */

START_TEST(test_cmdlist_closed_list_refuses_appends)
{
	ze_command_list_handle_t list = lz_list(false);
	uint8_t *p = lz_alloc_device(64), v = 1;

	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ze(zeCommandListAppendMemoryFill(list, p, &v, 1, 64, NULL, 0,
						   NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a closed list takes no more commands");
	ck_assert_ze(zeCommandListAppendBarrier(list, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "not even a barrier");
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_cmdlist_execute_refusals)
{
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t open = lz_list(false), imm = lz_immediate_list(false);
	ze_command_list_desc_t copy_desc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC,
		.commandQueueGroupOrdinal = 1,
	};
	ze_command_list_handle_t copy_list;

	ck_assert_ze(zeCommandQueueExecuteCommandLists(q, 1, &open, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a list that is not closed cannot be executed");
	ck_assert_ze(zeCommandQueueExecuteCommandLists(q, 1, &imm, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an immediate list cannot be executed by a queue");
	ck_assert_ok(zeCommandListCreate(lz_context, lz_device, &copy_desc,
					 &copy_list));
	ck_assert_ok(zeCommandListClose(copy_list));
	ck_assert_ze(zeCommandQueueExecuteCommandLists(q, 1, &copy_list, NULL),
		     ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE,
		     "a list of another queue group cannot be executed");
	ck_assert_ze(zeCommandQueueExecuteCommandLists(q, 0, &open, NULL),
		     ZE_RESULT_ERROR_INVALID_SIZE, "a count of 0 is refused");
	ck_assert_ze(zeCommandQueueExecuteCommandLists(q, 1, NULL, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the list array is required");
	ck_assert_ok(zeCommandListDestroy(open));
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeCommandListDestroy(copy_list));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_cmdlist_in_order_busy_refused)
{
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t list = lz_list(true);

	spin(list, 300000000, NULL);
	ck_assert_ok(zeCommandListClose(list));
	execute(q, list);
	ck_assert_ze(zeCommandQueueExecuteCommandLists(q, 1, &list, NULL),
		     ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE,
		     "an in-order list still running cannot run again");
	queue_sync(q);
	ck_assert_ze(zeCommandQueueExecuteCommandLists(q, 1, &list, NULL),
		     ZE_RESULT_SUCCESS, "once idle it can");
	queue_sync(q);
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_cmdlist_host_synchronize_regular)
{
	ze_command_list_handle_t list = lz_list(false);

	ck_assert_ze(lz_list_sync(list, 0), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "only immediate lists synchronise with the host");
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_cmdlist_descriptor_stype_zero)
{
	ze_command_list_desc_t desc = { .flags = 0 };	/* stype left 0 */
	ze_command_queue_desc_t qdesc = { .mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS };
	ze_command_list_handle_t list = NULL, imm = NULL;
	ze_command_queue_handle_t q = NULL;
	uint8_t *a = lz_alloc_device(4096), v = 0x6d;

	ck_assert_ze(zeCommandListCreate(lz_context, lz_device, &desc, &list),
		     ZE_RESULT_SUCCESS,
		     "a list descriptor whose stype was left 0 is taken");
	ck_assert_ze(zeCommandQueueCreate(lz_context, lz_device, &qdesc, &q),
		     ZE_RESULT_SUCCESS, "so is a queue descriptor");
	ck_assert_ze(zeCommandListCreateImmediate(lz_context, lz_device, &qdesc,
						  &imm),
		     ZE_RESULT_SUCCESS, "and an immediate list's");
	ck_assert_ok(zeCommandListAppendMemoryFill(list, a, &v, 1, 2048, NULL,
						   0, NULL));
	ck_assert_ok(zeCommandListClose(list));
	execute(q, list);
	queue_sync(q);
	ck_assert_ok(zeCommandListAppendMemoryFill(imm, a + 2048, &v, 1, 2048,
						   NULL, 0, NULL));
	list_sync(imm);
	ck_assert_msg(a[0] == v && a[4095] == v, "and they work");
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_cmdlist_create_refusals)
{
	ze_command_list_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC };
	ze_command_queue_desc_t qdesc = { .stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC };
	ze_command_list_handle_t list = NULL;

	desc.flags = ZE_COMMAND_LIST_FLAG_IN_ORDER |
		     ZE_COMMAND_LIST_FLAG_RELAXED_ORDERING;
	ck_assert_ze(lz_create_list(&desc, &list),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "in-order and relaxed ordering exclude each other");
	desc.flags = 0x100;
	ck_assert_ze(lz_create_list(&desc, &list),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION,
		     "unknown list flags are refused");
	desc.flags = 0;
	desc.commandQueueGroupOrdinal = 2;
	ck_assert_ze(zeCommandListCreate(lz_context, lz_device, &desc, &list),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a group the device does not have is refused");
	desc.commandQueueGroupOrdinal = 0;
	desc.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
	ck_assert_ze(zeCommandListCreate(lz_context, lz_device, &desc, &list),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a descriptor with the wrong stype is refused");
	ck_assert_ze(zeCommandListCreate(lz_context, lz_device, NULL, &list),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the descriptor is required");
	ck_assert_ze(zeCommandListCreate(lz_context, NULL, &desc, &list),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "the device is required");

	qdesc.index = 1;
	ck_assert_ze(zeCommandListCreateImmediate(lz_context, lz_device, &qdesc,
						  &list),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a queue index the group does not have is refused");
	qdesc.index = 0;
	qdesc.mode = 7;
	ck_assert_ze(zeCommandListCreateImmediate(lz_context, lz_device, &qdesc,
						  &list),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION,
		     "an unknown mode is refused");
	qdesc.mode = 0;
	qdesc.flags = 0x80;
	ck_assert_ze(zeCommandListCreateImmediate(lz_context, lz_device, &qdesc,
						  &list),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION,
		     "unknown queue flags are refused");
	ck_assert_msg(!list, "nothing is returned");
}
END_TEST

START_TEST(test_cmdlist_append_bad_arguments)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint8_t *p = lz_alloc_device(4096), pattern[512] = { 0 };
	ze_event_handle_t none = NULL;

	ck_assert_ze(zeCommandListAppendMemoryFill(list, p, pattern, 0, 64,
						   NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_SIZE,
		     "a fill pattern of 0 bytes is refused");
	ck_assert_ze(zeCommandListAppendMemoryCopy(list, NULL, p, 4, NULL, 0,
						   NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "a copy needs a destination");
	ck_assert_ze(zeCommandListAppendMemoryCopy(list, p, p + 64, 4, NULL, 1,
						   NULL),
		     ZE_RESULT_ERROR_INVALID_SIZE,
		     "wait events counted but not given are refused");
	ck_assert_ze(zeCommandListAppendMemoryCopy(list, p, p + 64, 4, NULL, 1,
						   &none),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "a NULL wait event is refused");
	ck_assert_ze(zeCommandListAppendSignalEvent(list, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "signalling needs an event");
	ck_assert_ze(zeCommandListAppendWriteGlobalTimestamp(list,
				(uint64_t *)(p + 4), NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a timestamp needs an 8-byte aligned destination");
	ck_assert_ze(zeCommandListAppendBarrier(NULL, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "the list is required");

	/* The refused appends left the in-order list usable. */
	ck_assert_ok(zeCommandListAppendMemoryFill(list, p, pattern, 1, 4096,
						   NULL, 0, NULL));
	list_sync(list);
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_cmdlist_banned_queue_is_device_lost)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint8_t *p = lz_alloc_device(4096);

	/* The engine faults on an address nothing is bound at. */
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, p, (void *)0x10000,
						   64, NULL, 0, NULL));
	ck_assert_ze(lz_list_sync(list, LZ_TIMEOUT_NS),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "a list whose queue faulted reports the device lost");
	ck_assert_ze(zeCommandListAppendMemoryCopy(list, p, p + 64, 64, NULL,
						   0, NULL),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "and takes no more work");
	ck_assert_ze(zeContextGetStatus(lz_context),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "its context reports the loss");
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_cmdlist_banned_regular_queue)
{
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t list = lz_list(false);
	uint8_t *p = lz_alloc_device(4096);

	ck_assert_ok(zeCommandListAppendMemoryCopy(list, (void *)0x20000, p, 64,
						   NULL, 0, NULL));
	ck_assert_ok(zeCommandListClose(list));
	execute(q, list);
	ck_assert_ze(zeCommandQueueSynchronize(q, LZ_TIMEOUT_NS),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "a queue that faulted reports the device lost");
	ck_assert_ze(zeCommandQueueExecuteCommandLists(q, 1, &list, NULL),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "and executes nothing more");
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

/* ---- appends of any size ---------------------------------------------- */

/* A region of 16-byte rows, 64 rows by 64 slices, in pitched buffers. */
#define RW	16
#define RH	64
#define RD	64

static void check_region(const uint8_t *dst, uint32_t dpitch,
			 uint32_t dslice, const uint8_t *src, uint32_t spitch,
			 uint32_t sslice)
{
	uint32_t x, y, z;

	for (z = 0; z < RD; z++)
		for (y = 0; y < RH; y++)
			for (x = 0; x < RW; x++)
				ck_assert_msg(dst[z * dslice + y * dpitch + x] ==
					      src[z * sslice + y * spitch + x],
					      "region (%u, %u, %u)", x, y, z);
}

/*
 * 4096 rows, one copy each: an append larger than the ring (it failed with
 * ZE_RESULT_ERROR_INVALID_SIZE). It runs as a batch the ring calls, waits
 * for its wait event, signals its event, and in-order appends around it
 * run before and after it.
 */
START_TEST(test_cmdlist_copy_region_larger_than_ring)
{
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t go = lz_event(pool, 0), done = lz_event(pool, 1);
	ze_command_list_handle_t list = lz_immediate_list(true);
	const uint32_t sp = 32, ss = sp * RH, dp = 24, ds = dp * RH;
	uint8_t *src = lz_alloc_device(ss * RD), *dst = lz_alloc_device(ds * RD);
	ze_copy_region_t r = { 0, 0, 0, RW, RH, RD };
	uint8_t zero = 0;
	int round;

	fill_pattern(src, ss * RD, 3);
	for (round = 0; round < 3; round++) {
		ck_assert_ok(zeEventHostReset(done));
		ck_assert_ok(zeCommandListAppendMemoryFill(list, dst, &zero, 1,
							   ds * RD, NULL, 1,
							   &go));
		ck_assert_ze(zeCommandListAppendMemoryCopyRegion(list, dst, &r,
								 dp, ds, src,
								 &r, sp, ss,
								 done, 0, NULL),
			     ZE_RESULT_SUCCESS,
			     "a region copy larger than the ring is appended");
		ck_assert_ze(zeEventQueryStatus(done), ZE_RESULT_NOT_READY,
			     "it waits behind the gated fill");
		ck_assert_ok(zeEventHostSignal(go));
		ck_assert_ze(zeEventHostSynchronize(done, LZ_TIMEOUT_NS),
			     ZE_RESULT_SUCCESS, "its event is signalled");
		check_region(dst, dp, ds, src, sp, ss);
		ck_assert_ok(zeEventHostReset(go));
	}

	/* Contiguous rows (pitch == width): one copy, the same bytes. */
	memset(dst, 0, ds * RD);
	ck_assert_ok(zeCommandListAppendMemoryCopyRegion(list, dst, &r, RW,
							 RW * RH, src, &r, RW,
							 RW * RH, NULL, 0,
							 NULL));
	list_sync(list);
	ck_assert_msg(!memcmp(dst, src, RW * RH * RD),
		      "a contiguous region is copied whole");
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

/* The same region recorded into a regular list, executed by a queue. */
START_TEST(test_cmdlist_copy_region_large_regular)
{
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t list = lz_list(_i);
	const uint32_t sp = 40, ss = sp * RH, dp = 20, ds = dp * RH;
	uint8_t *src = lz_alloc_device(ss * RD), *dst = lz_alloc_device(ds * RD);
	ze_copy_region_t r = { 0, 0, 0, RW, RH, RD };

	fill_pattern(src, ss * RD, 4);
	ck_assert_ok(zeCommandListAppendMemoryCopyRegion(list, dst, &r, dp, ds,
							 src, &r, sp, ss, NULL,
							 0, NULL));
	ck_assert_ok(zeCommandListClose(list));
	execute(q, list);
	queue_sync(q);
	check_region(dst, dp, ds, src, sp, ss);
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

/*
 * A region with a zero width or height copies nothing, but its
 * append is one like any other: it waits for its wait event and signals
 * its event (it was refused, and a program then waited forever on an
 * event never appended).
 */
START_TEST(test_cmdlist_copy_region_empty_still_signals)
{
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t go = lz_event(pool, 0), done = lz_event(pool, 1);
	ze_command_list_handle_t list = lz_immediate_list(_i & 1);
	uint8_t *src = lz_alloc_device(4096), *dst = lz_alloc_device(4096);
	ze_copy_region_t r = { 0, 0, 0, 8, 8, 1 };

	if (_i / 2 == 0)
		r.width = 0;
	else
		r.height = 0;
	memset(src, 0x33, 4096);
	memset(dst, 0, 4096);
	ck_assert_ze(zeCommandListAppendMemoryCopyRegion(list, dst, &r, 64, 0,
							 src, &r, 64, 0, done,
							 1, &go),
		     ZE_RESULT_SUCCESS, "an empty region is appended");
	ck_assert_ze(zeEventQueryStatus(done), ZE_RESULT_NOT_READY,
		     "its event waits for the wait event");
	ck_assert_ok(zeEventHostSignal(go));
	ck_assert_ze(zeEventHostSynchronize(done, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS, "then it is signalled");
	ck_assert_msg(dst[0] == 0 && dst[4095] == 0, "nothing was copied");
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

/* Executions this large do not fit the ring: 5000 lists of 28 bytes each. */
#define MANY_LISTS	5000

static ze_command_list_handle_t add_one_list(uint32_t *a, uint32_t n,
					     ze_module_handle_t *module)
{
	ze_command_list_handle_t list = lz_list(false);

	lz_launch(list, add_one_kernel(module, a, n), n, 1, NULL, 0, NULL);
	ck_assert_ok(zeCommandListClose(list));
	return list;
}

/*
 * One regular list executed 5000 times by one call, through a queue
 * (_i = 0) and appended to an immediate list (_i = 1): each execution
 * adds 1 to every value.
 */
START_TEST(test_cmdlist_execute_many_lists)
{
	ze_command_list_handle_t *lists = calloc(MANY_LISTS, sizeof(*lists));
	ze_command_queue_handle_t q = NULL;
	ze_command_list_handle_t imm = NULL, list;
	uint32_t *a = lz_alloc_device(16 * 4), i;
	ze_module_handle_t module;

	ck_assert_ptr_nonnull(lists);
	memset(a, 0, 16 * 4);
	list = add_one_list(a, 16, &module);
	for (i = 0; i < MANY_LISTS; i++)
		lists[i] = list;
	if (_i == 0) {
		q = lz_queue();
		ck_assert_ze(zeCommandQueueExecuteCommandLists(q, MANY_LISTS,
							       lists, NULL),
			     ZE_RESULT_SUCCESS,
			     "an execution larger than the ring is submitted");
		queue_sync(q);
	} else {
		imm = lz_immediate_list(true);
		ck_assert_ze(lz_append_lists(imm, MANY_LISTS, lists, NULL, 0,
					     NULL),
			     ZE_RESULT_SUCCESS,
			     "an append of lists larger than the ring goes");
		list_sync(imm);
	}
	check_u32(a, 16, MANY_LISTS, "every execution ran");
	if (imm)
		ck_assert_ok(zeCommandListDestroy(imm));
	if (q)
		ck_assert_ok(zeCommandQueueDestroy(q));
	ck_assert_ok(zeCommandListDestroy(list));
	free(lists);
}
END_TEST

static Suite *cmdlist_suite(void)
{
	Suite *s = suite_create("cmdlist");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, lz_setup, lz_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_cmdlist_immediate_copy_bytes, 0, 2);
	tcase_add_test(tc, test_cmdlist_immediate_fill_patterns);
	tcase_add_loop_test(tc, test_cmdlist_many_fill_patterns, 0, 2);
	tcase_add_test(tc, test_cmdlist_in_order_chain_immediate);
	tcase_add_test(tc, test_cmdlist_in_order_chain_regular);
	tcase_add_loop_test(tc, test_cmdlist_regular_executed_many_times, 0, 2);
	tcase_add_test(tc, test_cmdlist_big_regular_list);
	tcase_add_test(tc, test_cmdlist_two_immediate_lists_ordered_by_event);
	tcase_add_test(tc, test_cmdlist_host_synchronize_timeout);
	tcase_add_test(tc, test_cmdlist_synchronous_mode);
	tcase_add_test(tc, test_cmdlist_immediate_append_command_lists);
	tcase_add_test(tc, test_cmdlist_reset_rerecords);
	tcase_add_test(tc, test_cmdlist_copy_region);
	tcase_add_test(tc, test_cmdlist_global_timestamp);
	tcase_add_test(tc, test_cmdlist_copy_only_group);
	tcase_add_test(tc, test_cmdlist_getters);
	suite_add_tcase(s, tc);

	tc = tcase_create("any size");
	tcase_add_checked_fixture(tc, lz_setup, lz_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_cmdlist_copy_region_larger_than_ring);
	tcase_add_loop_test(tc, test_cmdlist_copy_region_large_regular, 0, 2);
	tcase_add_loop_test(tc, test_cmdlist_copy_region_empty_still_signals,
			    0, 4);
	tcase_add_loop_test(tc, test_cmdlist_execute_many_lists, 0, 2);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, lz_setup, lz_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_cmdlist_closed_list_refuses_appends);
	tcase_add_test(tc, test_cmdlist_execute_refusals);
	tcase_add_test(tc, test_cmdlist_in_order_busy_refused);
	tcase_add_test(tc, test_cmdlist_host_synchronize_regular);
	tcase_add_test(tc, test_cmdlist_create_refusals);
	tcase_add_test(tc, test_cmdlist_descriptor_stype_zero);
	tcase_add_test(tc, test_cmdlist_append_bad_arguments);
	tcase_add_test(tc, test_cmdlist_banned_queue_is_device_lost);
	tcase_add_test(tc, test_cmdlist_banned_regular_queue);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(cmdlist_suite());
}
