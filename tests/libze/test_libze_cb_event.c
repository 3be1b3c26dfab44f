// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of counter-based events (userspace/libze/src/cb_event.c)
 * on immediate lists, through the loader: the three ways to create them,
 * their state (complete when new, replaced by every signal without
 * waiting), waits from every kind of list and the host, destroy and reuse
 * while waits are pending, timestamps, kernel memory, and every call
 * compute-runtime refuses, with its code; host waits while another thread
 * re-signals the event. Every code example of the seeds
 * runs as written, with the data its kernels produce checked. Regular
 * lists: test_libze_cb_event_regular.c; external and aggregate storage,
 * the driver's extensions: test_libze_cb_event_ext.c; IPC:
 * test_libze_cb_event_ipc.c.
 */

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

#include "libze_test.h"
#include "libze_test_cb.h"
#include "check_run.h"

#define N	4096u

static ze_event_pool_handle_t gate_pool;

static void setup(void)
{
	lz_setup();
	lz_cb_setup();
	gate_pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 4);
}

static void teardown(void)
{
	ck_assert_ok(zeEventPoolDestroy(gate_pool));
	lz_teardown();
}

static uint8_t *buffer(uint8_t fill)
{
	uint8_t *p = lz_alloc_host(N);

	memset(p, fill, N);
	return p;
}

/* ---- the seed's first example ------------------------------------------ */

/*
 * 000, Overview: event1 is signalled on cmdList1, waited for on cmdList2,
 * then reused on cmdList3 without waiting or reset while cmdList1 (held
 * by a host-signalled gate here) has not even started its kernel.
 */
START_TEST(test_cb_event_reused_across_three_lists_without_reset)
{
	zex_counter_based_event_desc_t desc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.flags = ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE,
		.signalScope = ZE_EVENT_SCOPE_FLAG_HOST,
		.waitScope = ZE_EVENT_SCOPE_FLAG_DEVICE,
	};
	ze_command_list_handle_t cmdList1 = lz_immediate_list(true);
	ze_command_list_handle_t cmdList2 = lz_immediate_list(true);
	ze_command_list_handle_t cmdList3 = lz_immediate_list(true);
	ze_event_handle_t gate = lz_event(gate_pool, 0), event1 = NULL;
	uint8_t *a = buffer(0xa1), *b = buffer(0xb2);
	uint8_t *x = buffer(0), *y = buffer(0), *out2 = buffer(0);
	uint64_t value_x, addr_x, value_y, addr_y;

	ck_assert_ok(cb_create2(lz_context, lz_device, &desc, &event1));
	ck_assert_ze(zeEventQueryStatus(event1), ZE_RESULT_SUCCESS,
		     "a new counter-based event is complete");
	ck_assert_ze(cb_address(event1, &value_x, &addr_x),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "and has no counter assigned yet");

	/* assigned counter=X on memory CL1_alloc */
	ck_assert_ok(zeCommandListAppendWaitOnEvents(cmdList1, 1, &gate));
	lz_cb_copy(cmdList1, x, a, N, event1, 0, NULL);
	ck_assert_ok(cb_address(event1, &value_x, &addr_x));
	ck_assert_ze(zeEventQueryStatus(event1), ZE_RESULT_NOT_READY,
		     "signalled by pending work, it is not ready");

	/* cmdList2 waits for counter=X on memory CL1_alloc */
	lz_cb_copy(cmdList2, out2, x, N, NULL, 1, &event1);

	/* reuse without waiting/reset: counter=Y on memory CL3_alloc */
	lz_cb_copy(cmdList3, y, b, N, event1, 0, NULL);
	ck_assert_ok(cb_address(event1, &value_y, &addr_y));
	ck_assert_msg(addr_y != addr_x,
		      "the new state is another list's counter");

	/* wait for counter=Y on memory CL3_alloc */
	ck_assert_ze(zeEventHostSynchronize(event1, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS,
		     "the event completes with cmdList3, cmdList1 still blocked");
	ck_assert_msg(lz_all(y, 0xb2, N), "cmdList3's kernel ran");
	ck_assert_msg(lz_all(x, 0, N) && lz_all(out2, 0, N),
		      "cmdList1 and cmdList2 did not run: cmdList2 still waits for X");

	/* It is also safe to delete the event object. */
	ck_assert_ok(zeEventDestroy(event1));
	ck_assert_ze(lz_list_sync(cmdList2, 20 * MS), ZE_RESULT_NOT_READY,
		     "cmdList2 keeps waiting for X after the event is gone");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(lz_list_sync(cmdList1, LZ_TIMEOUT_NS));
	ck_assert_ok(lz_list_sync(cmdList2, LZ_TIMEOUT_NS));
	ck_assert_msg(lz_all(x, 0xa1, N) && lz_all(out2, 0xa1, N),
		      "cmdList2 copied what cmdList1 produced, after it");

	ck_assert_ok(zeCommandListDestroy(cmdList1));
	ck_assert_ok(zeCommandListDestroy(cmdList2));
	ck_assert_ok(zeCommandListDestroy(cmdList3));
	ck_assert_ok(zeEventDestroy(gate));
}
END_TEST

/* ---- state ------------------------------------------------------------- */

START_TEST(test_cb_new_event_is_complete)
{
	ze_event_handle_t ev = lz_cb_event(CB_BOTH);
	ze_command_list_handle_t list = lz_immediate_list(_i);
	uint8_t *src = buffer(0x5a), *dst = buffer(0);
	ze_event_counter_based_flags_t flags = 0;

	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "a new event is complete");
	ck_assert_ze(zeEventHostSynchronize(ev, 0), ZE_RESULT_SUCCESS,
		     "a wait for it returns at once");
	lz_cb_copy(list, dst, src, N, NULL, 1, &ev);
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_msg(lz_all(dst, 0x5a, N),
		      "a device wait for it does not hold the list");
	ck_assert_ok(cb_flags(ev, &flags));
	ck_assert_msg(flags == CB_BOTH, "its flags are what it was made with");
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeEventDestroy(ev));
}
END_TEST

START_TEST(test_cb_signal_points_at_list_counter)
{
	ze_event_handle_t ev = lz_cb_event(CB_IMM);
	ze_command_list_handle_t l1 = lz_immediate_list(true);
	ze_command_list_handle_t l2 = lz_immediate_list(true);
	uint64_t v1, a1, v2, a2, v3, a3;

	/* The counter moves once per append. */
	lz_cb_spin(l1, 0, NULL, 0, NULL);
	lz_cb_spin(l1, 0, ev, 0, NULL);
	ck_assert_ok(cb_address(ev, &v1, &a1));
	ck_assert_msg(v1 == 2, "the second append of a list stores 2: %llu",
		      (unsigned long long)v1);
	lz_cb_spin(l1, 0, NULL, 0, NULL);
	ck_assert_ok(zeCommandListAppendSignalEvent(l1, ev));
	ck_assert_ok(cb_address(ev, &v2, &a2));
	ck_assert_msg(v2 == 4 && a2 == a1,
		      "a later signal on the same list: same counter, value 4");
	ck_assert_ok(zeCommandListAppendBarrier(l2, ev, 0, NULL));
	ck_assert_ok(cb_core_address(ev, &v3, &a3));
	ck_assert_msg(v3 == 1 && a3 != a1,
		      "on another list: that list's counter and value");
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));

	/* The event outlives the list whose counter it points at. */
	ck_assert_ok(lz_list_sync(l1, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandListAppendSignalEvent(l1, ev));
	ck_assert_ok(lz_list_sync(l1, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandListDestroy(l1));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "it still reads the destroyed list's counter");
	ck_assert_ze(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS, "and waits on it");
	lz_cb_spin(l2, 0, NULL, 1, &ev);
	ck_assert_ok(lz_list_sync(l2, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandListDestroy(l2));
	ck_assert_ok(zeEventDestroy(ev));
}
END_TEST

START_TEST(test_cb_waited_by_every_list_type)
{
	ze_event_handle_t ev = lz_cb_event(CB_IMM), gate = lz_event(gate_pool, 1);
	ze_command_list_handle_t producer = lz_immediate_list(true);
	ze_command_list_handle_t imm_ooo = lz_immediate_list(false);
	ze_command_list_handle_t reg_ooo = lz_list(false);
	ze_command_list_handle_t reg_io = lz_list(true);
	ze_command_queue_handle_t q = lz_queue();
	uint8_t *src = buffer(0x77), *mid = buffer(0);
	uint8_t *o1 = buffer(0), *o2 = buffer(0), *o3 = buffer(0);

	ck_assert_ok(zeCommandListAppendWaitOnEvents(producer, 1, &gate));
	lz_cb_copy(producer, mid, src, N, ev, 0, NULL);

	lz_cb_copy(imm_ooo, o1, mid, N, NULL, 1, &ev);
	lz_cb_copy(reg_ooo, o2, mid, N, NULL, 1, &ev);
	lz_cb_copy(reg_io, o3, mid, N, NULL, 1, &ev);
	ck_assert_ok(zeCommandListClose(reg_ooo));
	ck_assert_ok(zeCommandListClose(reg_io));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &reg_ooo, NULL));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &reg_io, NULL));

	ck_assert_ze(zeEventHostSynchronize(ev, 20 * MS), ZE_RESULT_NOT_READY,
		     "the host waits too");
	ck_assert_msg(lz_all(o1, 0, N) && lz_all(o2, 0, N) && lz_all(o3, 0, N),
		      "every list waits for the event");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	ck_assert_ok(lz_list_sync(imm_ooo, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandQueueSynchronize(q, LZ_TIMEOUT_NS));
	ck_assert_msg(lz_all(o1, 0x77, N) && lz_all(o2, 0x77, N) &&
		      lz_all(o3, 0x77, N),
		      "out-of-order immediate, out-of-order and in-order regular lists copied after it");

	ck_assert_ok(zeCommandListDestroy(producer));
	ck_assert_ok(zeCommandListDestroy(imm_ooo));
	ck_assert_ok(zeCommandListDestroy(reg_ooo));
	ck_assert_ok(zeCommandListDestroy(reg_io));
	ck_assert_ok(zeCommandQueueDestroy(q));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
}
END_TEST

/*
 * Destroy while a device wait for the event is pending, then make many
 * more events and signals, which would reuse anything the destroyed one
 * gave back too early.
 */
START_TEST(test_cb_destroy_while_pending)
{
	ze_command_list_handle_t producer = lz_immediate_list(true);
	ze_command_list_handle_t consumer = lz_immediate_list(true);
	ze_command_list_handle_t other = lz_immediate_list(true);
	ze_event_handle_t ev = lz_cb_event(CB_IMM | _i * CB_REG), more;
	uint8_t *src = buffer(0x3c), *mid = buffer(0), *dst = buffer(0);
	unsigned int i;

	lz_cb_spin(producer, 100 * MS, NULL, 0, NULL);
	lz_cb_copy(producer, mid, src, N, ev, 0, NULL);
	lz_cb_copy(consumer, dst, mid, N, NULL, 1, &ev);
	ck_assert_ok(zeEventDestroy(ev));

	for (i = 0; i < 100; i++) {
		more = lz_cb_event(CB_IMM);
		ck_assert_ok(zeCommandListAppendSignalEvent(other, more));
		ck_assert_ok(zeEventDestroy(more));
	}
	ck_assert_ok(lz_list_sync(other, LZ_TIMEOUT_NS));
	ck_assert_ok(lz_list_sync(consumer, LZ_TIMEOUT_NS));
	ck_assert_msg(lz_all(dst, 0x3c, N),
		      "the consumer waited for the destroyed event's state");
	ck_assert_ok(zeCommandListDestroy(producer));
	ck_assert_ok(zeCommandListDestroy(consumer));
	ck_assert_ok(zeCommandListDestroy(other));
}
END_TEST

START_TEST(test_cb_kernel_timestamps)
{
	ze_event_handle_t ev = lz_cb_event(CB_IMM |
		ZEX_COUNTER_BASED_EVENT_FLAG_KERNEL_TIMESTAMP), gate;
	ze_command_list_handle_t l1 = lz_immediate_list(true);
	ze_command_list_handle_t l2 = lz_immediate_list(true);
	ze_kernel_timestamp_result_t first, second, zero = { 0 }, res;
	ze_kernel_timestamp_result_t *copies = lz_alloc_host(2 * sizeof(res));

	gate = lz_event(gate_pool, 2);
	memset(copies, 0, 2 * sizeof(res));
	ck_assert_ze(zeEventQueryKernelTimestamp(ev, &res), ZE_RESULT_SUCCESS,
		     "a new timestamp event is complete");
	ck_assert_msg(!memcmp(&res, &zero, sizeof(res)), "with no timestamps");

	lz_cb_spin(l1, 5 * MS, ev, 0, NULL);
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	ck_assert_ok(zeEventQueryKernelTimestamp(ev, &first));
	ck_assert_msg(first.global.kernelEnd >= first.global.kernelStart + 5 * MS &&
		      first.context.kernelEnd >= first.context.kernelStart + 5 * MS,
		      "the kernel took 5 ms, in both time domains");
	ck_assert_ok(zeCommandListAppendQueryKernelTimestamps(l1, 1, &ev,
							      copies, NULL,
							      NULL, 0, NULL));

	/* Signal again behind a gate: a new state, with its own slot. */
	ck_assert_ok(zeCommandListAppendWaitOnEvents(l2, 1, &gate));
	lz_cb_spin(l2, 2 * MS, ev, 0, NULL);
	ck_assert_ze(zeEventQueryKernelTimestamp(ev, &res), ZE_RESULT_NOT_READY,
		     "the new signal's timestamps are not there yet");
	ck_assert_ok(lz_list_sync(l1, LZ_TIMEOUT_NS));
	ck_assert_msg(!memcmp(&copies[0], &first, sizeof(first)),
		      "the device copied the first signal's timestamps");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	ck_assert_ok(zeEventQueryKernelTimestamp(ev, &second));
	ck_assert_msg(second.global.kernelStart >= first.global.kernelEnd &&
		      second.global.kernelEnd >= second.global.kernelStart + 2 * MS,
		      "then the second's, later and 2 ms long");

	ck_assert_ok(zeCommandListDestroy(l1));
	ck_assert_ok(zeCommandListDestroy(l2));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
}
END_TEST

/* A timestamp event destroyed while its signal is pending. */
START_TEST(test_cb_timestamp_destroy_while_pending)
{
	const uint32_t ts = CB_IMM | ZEX_COUNTER_BASED_EVENT_FLAG_KERNEL_TIMESTAMP;
	ze_command_list_handle_t l1 = lz_immediate_list(true);
	ze_command_list_handle_t l2 = lz_immediate_list(true);
	ze_event_handle_t gate = lz_event(gate_pool, 3), ev = lz_cb_event(ts);
	ze_kernel_timestamp_result_t res[64];
	ze_event_handle_t later[64];
	unsigned int i;

	ck_assert_ok(zeCommandListAppendWaitOnEvents(l1, 1, &gate));
	lz_cb_spin(l1, 0, ev, 0, NULL);
	ck_assert_ok(zeEventDestroy(ev));
	for (i = 0; i < 64; i++) {
		later[i] = lz_cb_event(ts);
		lz_cb_spin(l2, 0, later[i], 0, NULL);
	}
	ck_assert_ok(lz_list_sync(l2, LZ_TIMEOUT_NS));
	for (i = 0; i < 64; i++)
		ck_assert_ok(zeEventQueryKernelTimestamp(later[i], &res[i]));
	/* Now the destroyed event's kernel runs and stamps its own slot. */
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(lz_list_sync(l1, LZ_TIMEOUT_NS));
	for (i = 0; i < 64; i++) {
		ze_kernel_timestamp_result_t again;

		ck_assert_ok(zeEventQueryKernelTimestamp(later[i], &again));
		ck_assert_msg(!memcmp(&again, &res[i], sizeof(again)),
			      "event %u keeps its timestamps: no slot was shared", i);
		ck_assert_ok(zeEventDestroy(later[i]));
	}
	ck_assert_ok(zeCommandListDestroy(l1));
	ck_assert_ok(zeCommandListDestroy(l2));
	ck_assert_ok(zeEventDestroy(gate));
}
END_TEST

/*
 * 10,000 events made, signalled and destroyed leave the kernel's totals as
 * they were: no buffer object, binding, counter page or slot per event.
 */
START_TEST(test_cb_ten_thousand_events_no_kernel_memory)
{
	const uint32_t flags[2] = {
		CB_IMM, CB_IMM | ZEX_COUNTER_BASED_EVENT_FLAG_KERNEL_TIMESTAMP,
	};
	ze_command_list_handle_t list = lz_immediate_list(true);
	char before[256], after[256];
	ze_event_handle_t ev;
	unsigned int i, round;

	for (round = 0; round < 3; round++) {
		for (i = 0; i < 10000; i++) {
			ev = lz_cb_event(flags[i % 2]);
			if (i % 4 < 2)
				ck_assert_ok(zeCommandListAppendSignalEvent(list,
									    ev));
			ck_assert_ok(zeEventDestroy(ev));
			/* Bounded work in flight: each round peaks alike. */
			if (i % 256 == 255)
				ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
		}
		ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
		/* The first round warms up: the list's pools. */
		if (round == 0 && !lz_device_totals(before, sizeof(before))) {
			ck_assert_msg(getuid() != 0,
				      "root reads the kernel's debugfs totals");
			return;	/* not root: nothing to compare */
		}
	}
	ck_assert(lz_device_totals(after, sizeof(after)));
	ck_assert_msg(!strcmp(before, after),
		      "20,000 more events cost the kernel nothing: '%s' then '%s'",
		      before, after);
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

/* ---- creation ------------------------------------------------------------ */

/*
 * 002: a counter-based pool, as written (in C: a NULL handle for the C++
 * "{}", and positional initializers that leave pNext zero), then its
 * events in use.
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
START_TEST(test_cb_event_pool_flag_makes_counter_based_events)
{
	uint32_t numEvents = 2;
	ze_event_pool_handle_t eventPool = NULL;
	ze_event_pool_desc_t eventPoolDesc = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC};
	eventPoolDesc.count = numEvents;

	ze_event_pool_counter_based_exp_desc_t counterBasedDesc = {ZE_STRUCTURE_TYPE_COUNTER_BASED_EVENT_POOL_EXP_DESC};
	counterBasedDesc.flags = ZE_EVENT_POOL_COUNTER_BASED_EXP_FLAG_IMMEDIATE;
	eventPoolDesc.pNext = &counterBasedDesc;

	ze_result_t result = zeEventPoolCreate(lz_context, &eventPoolDesc, 1, &lz_device, &eventPool);

	ze_event_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_EVENT_DESC };
	ze_event_handle_t ev[2], other;
	ze_event_pool_handle_t of = NULL;
	ze_command_list_handle_t l1 = lz_immediate_list(true);
	ze_command_list_handle_t l2 = lz_immediate_list(true);
	uint32_t *in = lz_alloc_host(N), *mid = lz_alloc_host(N);
	uint32_t *out = lz_alloc_host(N);
	ze_event_counter_based_flags_t flags = 0;
	ze_result_t (*get_pool)(ze_event_handle_t, ze_event_pool_handle_t *);
	uint32_t i;

	ck_assert_ze(result, ZE_RESULT_SUCCESS, "the seed's pool is made");
	for (i = 0; i < 2; i++) {
		desc.index = i;
		ck_assert_ok(zeEventCreate(eventPool, &desc, &ev[i]));
	}
	/* Events of a counter-based pool own no slot: one index, twice. */
	ck_assert_ok(zeEventCreate(eventPool, &desc, &other));
	ck_assert_ze(zeEventQueryStatus(ev[0]), ZE_RESULT_SUCCESS,
		     "its events are complete when new");
	ck_assert_ze(zeEventHostSignal(ev[0]),
		     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "and counter-based: no host signal");
	ck_assert_ok(cb_flags(ev[1], &flags));
	ck_assert_msg(flags == ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE,
		      "they are for immediate lists: 0x%x", flags);
	*(void **)&get_pool = lz_function("zeEventGetEventPool");
	ck_assert_ok(get_pool(ev[1], &of));
	ck_assert_msg(of == eventPool, "they belong to the pool");

	for (i = 0; i < N / 4; i++)
		in[i] = i;
	lz_cb_scale(l1, mid, in, 3, N / 4, ev[0], 0, NULL);
	lz_cb_scale(l2, out, mid, 5, N / 4, ev[1], 1, &ev[0]);
	ck_assert_ok(zeEventHostSynchronize(ev[1], LZ_TIMEOUT_NS));
	for (i = 0; i < N / 4; i++)
		ck_assert_msg(out[i] == i * 15, "out[%u] = %u * 3 * 5", i, i);

	for (i = 0; i < 2; i++)
		ck_assert_ok(zeEventDestroy(ev[i]));
	ck_assert_ok(zeEventDestroy(other));
	ck_assert_ok(zeEventPoolDestroy(eventPool));
	ck_assert_ok(zeCommandListDestroy(l1));
	ck_assert_ok(zeCommandListDestroy(l2));
}
END_TEST
#pragma GCC diagnostic pop

/* zeEventCounterBasedCreate (1.15) and zexCounterBasedEventCreate2 agree. */
START_TEST(test_cb_core_create)
{
	ze_event_counter_based_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC,
		.flags = 0,
		.signal = ZE_EVENT_SCOPE_FLAG_HOST,
		.wait = ZE_EVENT_SCOPE_FLAG_DEVICE,
	};
	ze_result_t (*get_wait)(ze_event_handle_t, ze_event_scope_flags_t *);
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_counter_based_flags_t flags = 0;
	ze_event_scope_flags_t scope = 0;
	ze_event_handle_t ev;

	ck_assert_ok(cb_create(lz_context, lz_device, &desc, &ev));
	ck_assert_ok(cb_flags(ev, &flags));
	ck_assert_msg(flags == ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE,
		      "no list type means immediate lists");
	*(void **)&get_wait = lz_function("zeEventGetWaitScope");
	ck_assert_ok(get_wait(ev, &scope));
	ck_assert_msg(scope == ZE_EVENT_SCOPE_FLAG_DEVICE, "scopes are kept");
	lz_cb_spin(list, MS, ev, 0, NULL);
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	ck_assert_ok(zeEventDestroy(ev));

	/* The ZEX descriptor is the same layout, its stype is taken too. */
	desc.stype = (ze_structure_type_t)ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC;
	desc.flags = ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE |
		     ZE_EVENT_COUNTER_BASED_FLAG_GRAPH_EXTERNAL;
	ck_assert_ok(cb_create(lz_context, lz_device, &desc, &ev));
	ck_assert_ok(zeEventDestroy(ev));
	/* NULL ZEX descriptor: compute-runtime's default. */
	ck_assert_ok(cb_create2(lz_context, lz_device, NULL, &ev));
	ck_assert_ok(cb_flags(ev, &flags));
	ck_assert_msg(flags == (CB_BOTH | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE),
		      "the default is immediate, non-immediate, host-visible");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

/* The deprecated zexCounterBasedEventCreate, without external storage. */
START_TEST(test_cb_deprecated_create)
{
	ze_event_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_DESC,
		.index = 7,	/* ignored */
		.signal = ZE_EVENT_SCOPE_FLAG_DEVICE,
		.wait = ZE_EVENT_SCOPE_FLAG_HOST,
	};
	ze_command_list_handle_t imm = lz_immediate_list(true);
	ze_command_list_handle_t reg = lz_list(true);
	ze_command_queue_handle_t q = lz_queue();
	ze_event_counter_based_flags_t flags = 0;
	ze_event_handle_t ev;

	ck_assert_ok(cb_create_old(lz_context, lz_device, NULL, NULL, 0,
				   &desc, &ev));
	ck_assert_ok(cb_flags(ev, &flags));
	ck_assert_msg(flags == CB_BOTH, "for every list type");
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "complete when new");
	lz_cb_spin(imm, MS, ev, 0, NULL);
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	lz_cb_spin(reg, MS, ev, 0, NULL);
	ck_assert_ok(zeCommandListClose(reg));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &reg, NULL));
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeCommandListDestroy(reg));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_cb_device_properties_and_extensions)
{
	ze_device_event_properties_t ev_props = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_EVENT_PROPERTIES,
	};
	ze_device_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES,
		.pNext = &ev_props,
	};
	ze_result_t (*max_value)(ze_device_handle_t, uint64_t *);
	ze_result_t (*incr)(ze_device_handle_t, uint32_t *);
	static const char *const names[] = {
		ZEX_COUNTER_BASED_EVENT_EXT_NAME,
		ZE_EVENT_POOL_COUNTER_BASED_EXP_NAME,
		ZEX_XE_CBEV_EVENT_SYNC_FILE_EXT_NAME,
		ZEX_XE_CBEV_EVENT_WAIT_MANY_EXT_NAME,
	};
	ze_driver_extension_properties_t ext[32];
	uint32_t count = 32, i, j, inc = 0;
	uint64_t max = 0;

	ck_assert_ok(zeDeviceGetProperties(lz_device, &props));
	ck_assert_msg(ev_props.flags ==
		      (ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_EXTERNAL_AGGREGATE_STORAGE |
		       ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_IPC |
		       ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION),
		      "the device says what counter-based events can do: 0x%x",
		      ev_props.flags);
	*(void **)&max_value = lz_function("zeDeviceGetCounterBasedEventMaxValue");
	ck_assert_ok(max_value(lz_device, &max));
	ck_assert_msg(max == UINT64_MAX, "64-bit counters are compared");
	*(void **)&incr = lz_function("zeDeviceGetAggregatedCopyOffloadIncrementValue");
	ck_assert_ok(incr(lz_device, &inc));
	ck_assert_msg(inc == 1, "a copy signals an aggregated event once");

	ck_assert_ok(zeDriverGetExtensionProperties(lz_driver, &count, ext));
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		for (j = 0; j < count; j++)
			if (!strcmp(ext[j].name, names[i]))
				break;
		ck_assert_msg(j < count && ext[j].version == ZE_MAKE_VERSION(1, 0),
			      "%s 1.0 is advertised", names[i]);
	}
}
END_TEST

/* ---- limits ------------------------------------------------------------ */

START_TEST(test_cb_host_signal_and_resets_refused)
{
	ze_event_handle_t ev = lz_cb_event(CB_BOTH);
	ze_command_list_handle_t list = lz_immediate_list(true);

	ck_assert_ze(zeEventHostSignal(ev), ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "the host does not signal a counter-based event");
	ck_assert_ze(zeEventHostReset(ev), ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "nor reset it");
	ck_assert_ze(zeCommandListAppendEventReset(list, ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "nor does a list reset it");
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "and the event is as it was");
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeEventDestroy(ev));
}
END_TEST

START_TEST(test_cb_signal_refused_on_wrong_lists)
{
	ze_event_handle_t both = lz_cb_event(CB_BOTH);
	ze_event_handle_t imm_only = lz_cb_event(CB_IMM);
	ze_event_handle_t reg_only = lz_cb_event(CB_REG);
	ze_command_list_handle_t imm_ooo = lz_immediate_list(false);
	ze_command_list_handle_t reg_ooo = lz_list(false);
	ze_command_list_handle_t imm = lz_immediate_list(true);
	ze_command_list_handle_t reg = lz_list(true);
	ze_group_count_t one = { 1, 1, 1 };
	uint64_t v, a;

	lz_arg_u64(k_spin, 0, 0);
	ck_assert_ze(zeCommandListAppendLaunchKernel(imm_ooo, k_spin, &one,
						     both, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an out-of-order immediate list does not signal one");
	ck_assert_ze(zeCommandListAppendSignalEvent(reg_ooo, both),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "nor does an out-of-order regular list");
	ck_assert_ze(zeCommandListAppendBarrier(imm, reg_only, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an event for regular lists only is not signalled by an immediate one");
	ck_assert_ze(zeCommandListAppendLaunchKernel(reg, k_spin, &one,
						     imm_only, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "nor the other way round");
	ck_assert_ze(cb_address(both, &v, &a), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a refused signal leaves the event unsignalled");
	ck_assert_ze(zeCommandListAppendSignalEvent(imm, imm_only),
		     ZE_RESULT_SUCCESS, "the right list signals it");
	ck_assert_ze(zeCommandListAppendSignalEvent(reg, reg_only),
		     ZE_RESULT_SUCCESS, "the right list signals it");
	ck_assert_ok(zeEventHostSynchronize(imm_only, LZ_TIMEOUT_NS));

	ck_assert_ok(zeCommandListDestroy(imm_ooo));
	ck_assert_ok(zeCommandListDestroy(reg_ooo));
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeCommandListDestroy(reg));
	ck_assert_ok(zeEventDestroy(both));
	ck_assert_ok(zeEventDestroy(imm_only));
	ck_assert_ok(zeEventDestroy(reg_only));
}
END_TEST

START_TEST(test_cb_create_refused)
{
	zex_counter_based_event_desc_t zdesc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
	};
	ze_event_counter_based_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC,
		.flags = ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE,
	};
	ze_event_desc_t edesc = { .stype = ZE_STRUCTURE_TYPE_EVENT_DESC };
	ze_event_handle_t ev = NULL;

	ck_assert_ze(cb_create2(lz_context, lz_device, &zdesc, &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "the ZEX form needs IMMEDIATE or NON_IMMEDIATE");
	zdesc.flags = CB_IMM | 0x80;
	ck_assert_ze(cb_create2(lz_context, lz_device, &zdesc, &ev),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION, "unknown flags");
	zdesc.flags = CB_IMM;
	zdesc.stype = ZE_STRUCTURE_TYPE_EVENT_DESC;
	ck_assert_ze(cb_create2(lz_context, lz_device, &zdesc, &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "a wrong stype");
	ck_assert_ze(cb_create2(NULL, lz_device, NULL, &ev),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE, "no context");
	ck_assert_ze(cb_create2(lz_context, lz_device, NULL, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER, "nowhere to return it");

	desc.flags |= ZE_EVENT_COUNTER_BASED_FLAG_DEVICE_TIMESTAMP |
		      ZE_EVENT_COUNTER_BASED_FLAG_HOST_TIMESTAMP;
	ck_assert_ze(cb_create(lz_context, lz_device, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "device and host timestamps exclude each other");
	desc.flags = ZE_EVENT_COUNTER_BASED_FLAG_IPC |
		     ZE_EVENT_COUNTER_BASED_FLAG_DEVICE_TIMESTAMP;
	ck_assert_ze(cb_create(lz_context, lz_device, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "timestamps are not shared across processes");
	desc.flags = ZE_EVENT_COUNTER_BASED_FLAG_IPC |
		     ZE_EVENT_COUNTER_BASED_FLAG_HOST_TIMESTAMP;
	ck_assert_ze(cb_create(lz_context, lz_device, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "mapped ones neither");
	desc.flags = 0x80;
	ck_assert_ze(cb_create(lz_context, lz_device, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION,
		     "flags above spec 1.17's");
	desc.flags = 0;
	desc.signal = 0x8;
	ck_assert_ze(cb_create(lz_context, lz_device, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION, "unknown scopes");
	desc.signal = 0;
	ck_assert_ze(cb_create(lz_context, NULL, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE, "no device");
	ck_assert_ze(cb_create(lz_context, lz_device, NULL, &ev),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER, "no descriptor");

	ck_assert_ze(cb_create_old(lz_context, lz_device, NULL, NULL, 0, NULL,
				   &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "the deprecated form needs an event descriptor");
	edesc.wait = 0x10;
	ck_assert_ze(cb_create_old(lz_context, lz_device, NULL, NULL, 0,
				   &edesc, &ev),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION,
		     "with known scopes");
	ck_assert_msg(!ev, "no event came out of a refused call");
}
END_TEST

START_TEST(test_cb_queries_refused)
{
	ze_event_pool_handle_t ts_pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 1);
	ze_event_handle_t ev = lz_cb_event(CB_IMM), regular = lz_event(gate_pool, 0);
	ze_event_handle_t ts_regular = lz_event(ts_pool, 0);
	ze_result_t (*max_value)(ze_device_handle_t, uint64_t *);
	ze_kernel_timestamp_result_t res;
	ze_event_counter_based_flags_t flags = 1;
	uint64_t v = 0, a = 0;

	ck_assert_ze(cb_address(ev, NULL, &a), ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the value goes somewhere");
	ck_assert_ze(cb_address(ev, &v, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the address goes somewhere");
	ck_assert_ze(cb_address(NULL, &v, &a), ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "an event is needed");
	ck_assert_ze(cb_address(ev, &v, &a), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a never-signalled event has no counter");
	ck_assert_ze(cb_address(ts_regular, &v, &a),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "nor a regular timestamp event one address");
	ck_assert_ze(cb_address(regular, &v, &a), ZE_RESULT_SUCCESS,
		     "a regular event gives its state word");
	ck_assert_msg(v == 1 && a, "signalled means 1");
	ck_assert_ok(cb_flags(regular, &flags));
	ck_assert_msg(flags == 0, "a regular event has no counter-based flags");
	ck_assert_ze(zeEventQueryKernelTimestamp(ev, &res),
		     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "no timestamps without the flag");
	*(void **)&max_value = lz_function("zeDeviceGetCounterBasedEventMaxValue");
	ck_assert_ze(max_value(NULL, &v), ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "the maximum of a device");
	ck_assert_ze(max_value(lz_device, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER, "goes somewhere");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(regular));
	ck_assert_ok(zeEventDestroy(ts_regular));
	ck_assert_ok(zeEventPoolDestroy(ts_pool));
}
END_TEST

/* ---- races ------------------------------------------------------------- */

/*
 * Level Zero lets one thread wait for an event on the host while another
 * appends a signal of it to a list: here two threads query and wait for
 * one event, and read its device address, while a third re-signals it
 * thousands of times on three lists. Every third signal is recorded into a
 * fresh regular list that is destroyed at once, so that the event holds
 * the last reference to that list's counter and the next signal frees it
 * under the waiters. Each state the event takes is (a counter, 1 + the
 * list's number mod 3) with values that tell the three lists apart, so a
 * torn read of the state shows.
 */
#define RACE_SIGNALS	3000u

struct race {
	ze_event_handle_t ev;
	ze_command_list_handle_t imm[2];
	uint64_t imm_addr[2];
	atomic_bool stop;
	atomic_uint bad;
	char why[160];
};

static void race_fail(struct race *r, const char *what, uint64_t x,
		      uint64_t y)
{
	if (atomic_fetch_add(&r->bad, 1) == 0)
		snprintf(r->why, sizeof(r->why), "%s (%#llx, %llu)", what,
			 (unsigned long long)x, (unsigned long long)y);
}

static void *race_waiter(void *arg)
{
	struct race *r = arg;
	unsigned int n = 0;
	ze_result_t q, w;
	uint64_t v, a;

	while (!atomic_load(&r->stop)) {
		q = zeEventQueryStatus(r->ev);
		if (q != ZE_RESULT_SUCCESS && q != ZE_RESULT_NOT_READY)
			race_fail(r, "zeEventQueryStatus failed", q, 0);
		/* Mostly a check and a short spin, sometimes a kernel wait. */
		w = zeEventHostSynchronize(r->ev, ++n % 16 ? 2000 : 200000);
		if (w != ZE_RESULT_SUCCESS && w != ZE_RESULT_NOT_READY)
			race_fail(r, "zeEventHostSynchronize failed", w, 0);
		if (cb_address(r->ev, &v, &a) != ZE_RESULT_SUCCESS)
			continue;	/* not signalled yet */
		/* The immediate lists' values are 2 and 0 mod 3 (below). */
		if ((a == r->imm_addr[0] && v % 3 != 2) ||
		    (a == r->imm_addr[1] && v % 3 != 0) ||
		    (a != r->imm_addr[0] && a != r->imm_addr[1] && v != 1))
			race_fail(r, "a state that never was", a, v);
	}
	return NULL;
}

/* Bring @list's counter to a value @value - 1 with @value % 3 == @rest. */
static void race_pad(ze_command_list_handle_t list, uint64_t *value,
		     uint64_t rest)
{
	while ((*value + 1) % 3 != rest) {
		ck_assert_ok(zeCommandListAppendBarrier(list, NULL, 0, NULL));
		++*value;
	}
}

START_TEST(test_cb_host_waits_while_another_thread_resignals)
{
	struct race r = { .ev = lz_cb_event(CB_BOTH) };
	uint64_t value[2] = { 0, 0 }, v;
	ze_command_list_handle_t reg;
	pthread_t waiters[2];
	uint32_t i, k;

	for (k = 0; k < 2; k++) {
		r.imm[k] = lz_immediate_list(true);
		/* Learn each immediate list's counter address. */
		race_pad(r.imm[k], &value[k], 2 - 2 * k);
		ck_assert_ok(zeCommandListAppendBarrier(r.imm[k], r.ev, 0, NULL));
		value[k]++;
		ck_assert_ok(cb_address(r.ev, &v, &r.imm_addr[k]));
		ck_assert_msg(v == value[k], "the pair of the signal");
	}
	for (k = 0; k < 2; k++)
		ck_assert_int_eq(pthread_create(&waiters[k], NULL, race_waiter,
						&r), 0);

	for (i = 0; i < RACE_SIGNALS && !atomic_load(&r.bad); i++) {
		k = i % 3;
		if (k == 2) {
			reg = lz_list(true);
			ck_assert_ok(zeCommandListAppendBarrier(reg, r.ev, 0,
								NULL));
			ck_assert_ok(zeCommandListDestroy(reg));
			continue;
		}
		race_pad(r.imm[k], &value[k], 2 - 2 * k);
		ck_assert_ok(zeCommandListAppendBarrier(r.imm[k], r.ev, 0, NULL));
		value[k]++;
	}
	atomic_store(&r.stop, true);
	for (k = 0; k < 2; k++)
		pthread_join(waiters[k], NULL);
	ck_assert_msg(!atomic_load(&r.bad), "%u bad reads, the first: %s",
		      atomic_load(&r.bad), r.why);

	for (k = 0; k < 2; k++) {
		ck_assert_ok(lz_list_sync(r.imm[k], LZ_TIMEOUT_NS));
		ck_assert_ok(zeCommandListDestroy(r.imm[k]));
	}
	ck_assert_ok(zeEventDestroy(r.ev));
}
END_TEST

/* ---- destroying a list with work in flight ------------------------------ */

struct churn {
	ze_event_handle_t ev;
	atomic_bool stop;
	atomic_uint bad;
	ze_result_t first_bad;
};

static void *churn_waiter(void *arg)
{
	struct churn *c = arg;
	unsigned int n = 0;
	ze_result_t q, w;

	while (!atomic_load(&c->stop)) {
		q = zeEventQueryStatus(c->ev);
		w = zeEventHostSynchronize(c->ev, ++n % 8 ? 0 : 1000000);
		if ((q != ZE_RESULT_SUCCESS && q != ZE_RESULT_NOT_READY) ||
		    (w != ZE_RESULT_SUCCESS && w != ZE_RESULT_NOT_READY)) {
			if (!atomic_fetch_add(&c->bad, 1))
				c->first_bad = q != ZE_RESULT_SUCCESS &&
					       q != ZE_RESULT_NOT_READY ? q : w;
		}
	}
	return NULL;
}

/*
 * Work submitted completes and signals whatever happens to its list:
 * three threads query and synchronize an event while a fourth, over and
 * over, creates an immediate in-order list, appends a fill that signals
 * the event and destroys the list at once. No call may answer
 * DEVICE_LOST (nothing faulted), and the last signal completes.
 */
START_TEST(test_cb_list_destroyed_with_work_in_flight)
{
	struct churn c = { .ev = lz_cb_event(CB_IMM) };
	uint8_t *p = lz_alloc_shared(N), pattern = 0x5a;
	pthread_t t[3];
	unsigned int i;

	for (i = 0; i < 3; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, churn_waiter, &c), 0);
	for (i = 0; i < 300; i++) {
		ze_command_list_handle_t list = lz_immediate_list(true);

		ck_assert_ok(zeCommandListAppendMemoryFill(list, p, &pattern, 1, N,
							   c.ev, 0, NULL));
		ck_assert_ok(zeCommandListDestroy(list));
	}
	atomic_store(&c.stop, true);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(pthread_join(t[i], NULL), 0);
	ck_assert_msg(!atomic_load(&c.bad), "%u host calls failed, first with %#x",
		      atomic_load(&c.bad), c.first_bad);
	ck_assert_ok(zeEventHostSynchronize(c.ev, UINT64_MAX));
	ck_assert_uint_eq(p[0], 0x5a);
	ck_assert_uint_eq(p[N - 1], 0x5a);
	ck_assert_ok(zeEventDestroy(c.ev));
	lz_free(p);
}
END_TEST

static Suite *cb_event_suite(void)
{
	Suite *s = suite_create("cb_event");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_cb_event_reused_across_three_lists_without_reset);
	tcase_add_loop_test(tc, test_cb_new_event_is_complete, 0, 2);
	tcase_add_test(tc, test_cb_signal_points_at_list_counter);
	tcase_add_test(tc, test_cb_waited_by_every_list_type);
	tcase_add_loop_test(tc, test_cb_destroy_while_pending, 0, 2);
	tcase_add_test(tc, test_cb_kernel_timestamps);
	tcase_add_test(tc, test_cb_timestamp_destroy_while_pending);
	tcase_add_test(tc, test_cb_ten_thousand_events_no_kernel_memory);
	tcase_add_test(tc, test_cb_event_pool_flag_makes_counter_based_events);
	tcase_add_test(tc, test_cb_core_create);
	tcase_add_test(tc, test_cb_deprecated_create);
	tcase_add_test(tc, test_cb_device_properties_and_extensions);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_cb_host_signal_and_resets_refused);
	tcase_add_test(tc, test_cb_signal_refused_on_wrong_lists);
	tcase_add_test(tc, test_cb_create_refused);
	tcase_add_test(tc, test_cb_queries_refused);
	suite_add_tcase(s, tc);

	tc = tcase_create("races");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_cb_host_waits_while_another_thread_resignals);
	tcase_add_test(tc, test_cb_list_destroyed_with_work_in_flight);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(cb_event_suite());
}
