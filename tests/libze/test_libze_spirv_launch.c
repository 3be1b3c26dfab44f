// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of launches of real kernels (the compiler shim
 * libxe_cbev_jit.so.1 and the .spv files of the VM image's /kernels, as in
 * test_libze_spirv_kernels.c) through the loader: regular lists executed
 * many times, every list type with pool and counter-based events, indirect
 * and cooperative launches, the seed's ordering example, IPC with the
 * helper, and kernels that fault or never end.
 */

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libze_test.h"
#include "libze_test_cb.h"
#include "libze_test_kernels.h"
#include "common/ipc_socket.h"
#include "check_run.h"

/* Queues that make no progress for 300 ms are hung. */
static void setup_hang(void)
{
	setenv("XE_CBEV_HANG_TIMEOUT_MS", "300", 1);
	setup();
}

/* ---- launches ------------------------------------------------------------ */

/*
 * A regular list of saxpy launches executed many times, and the snapshot
 * of the arguments at the append.
 */
START_TEST(test_real_regular_list_many_times)
{
	ze_module_handle_t mod = module_ok("basic");
	ze_kernel_handle_t k = kernel(mod, "saxpy");
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t rl = lz_list(true);
	ze_group_count_t count = { 16, 1, 1 };
	float *x = lz_alloc_shared(1024 * 4), *y = lz_alloc_shared(1024 * 4);
	float one = 1.0f, two = 2.0f;
	uint32_t i;

	for (i = 0; i < 1024; i++) {
		x[i] = 1.0f;
		y[i] = (float)i;
	}
	ck_assert_ok(zeKernelSetArgumentValue(k, 0, 4, &one));
	lz_arg_ptr(k, 1, x);
	lz_arg_ptr(k, 2, y);
	ck_assert_ok(zeKernelSetGroupSize(k, 64, 1, 1));
	ck_assert_ok(zeCommandListAppendLaunchKernel(rl, k, &count, NULL, 0, NULL));
	ck_assert_ok(zeKernelSetArgumentValue(k, 0, 4, &two));
	ck_assert_ok(zeCommandListAppendLaunchKernel(rl, k, &count, NULL, 0, NULL));
	ck_assert_ok(zeCommandListClose(rl));
	/* A list still executing is in use: each run waits for the last. */
	for (i = 0; i < 50; i++) {
		ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &rl, NULL));
		ck_assert_ok(zeCommandQueueSynchronize(q, LZ_TIMEOUT_NS));
	}
	for (i = 0; i < 1024; i++)
		ck_assert_msg(y[i] == (float)i + 150.0f, "y[%u] = %f", i, y[i]);
	ck_assert_ok(zeCommandListDestroy(rl));
	ck_assert_ok(zeCommandQueueDestroy(q));
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/*
 * Every list type with both kinds of events: an out-of-order immediate
 * list and a regular one signal pool events, the in-order list a
 * counter-based event; each waited for by the next launch.
 */
START_TEST(test_real_list_types_and_events)
{
	ze_module_handle_t mod = module_ok("atomics");
	ze_kernel_handle_t k = kernel(mod, "atomics");
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t e0 = lz_event(pool, 0), e1 = lz_event(pool, 1), cb;
	ze_command_list_handle_t imm = lz_immediate_list(false), rl = lz_list(false);
	ze_command_queue_handle_t q = lz_queue();
	ze_group_count_t count = { 8, 1, 1 };
	int32_t *g = lz_alloc_shared(5 * 4);
	int64_t *g64 = lz_alloc_shared(2 * 8);

	lz_cb_setup();
	cb = lz_cb_event(CB_BOTH);
	memset(g, 0, 5 * 4);
	memset(g64, 0, 2 * 8);
	lz_arg_ptr(k, 0, g);
	lz_arg_ptr(k, 1, g64);
	ck_assert_ok(zeKernelSetGroupSize(k, 8, 1, 1));
	ck_assert_ok(zeCommandListAppendLaunchKernel(imm, k, &count, e0, 0, NULL));
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &count, cb, 1, &e0));
	ck_assert_ok(zeEventHostSynchronize(cb, LZ_TIMEOUT_NS));
	ck_assert_int_eq(g[0], 128);

	ck_assert_ok(zeCommandListAppendLaunchKernel(rl, k, &count, NULL, 1, &cb));
	ck_assert_ok(zeCommandListAppendLaunchKernel(rl, k, &count, e1, 0, NULL));
	ck_assert_ok(zeCommandListClose(rl));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &rl, NULL));
	ck_assert_ok(zeEventHostSynchronize(e1, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandQueueSynchronize(q, LZ_TIMEOUT_NS));
	ck_assert_int_eq(g[0], 256);
	ck_assert_int_eq(g[4], 256);
	ck_assert_int_eq(g64[0], 4 * ((int64_t)64 * 63 / 2 << 32));

	ck_assert_ok(zeCommandListDestroy(rl));
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeCommandQueueDestroy(q));
	ck_assert_ok(zeEventDestroy(cb));
	ck_assert_ok(zeEventDestroy(e0));
	ck_assert_ok(zeEventDestroy(e1));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* Indirect launches read their counts when they execute, behind a gate. */
START_TEST(test_real_indirect_and_cooperative)
{
	ze_module_handle_t mod = module_ok("basic");
	ze_kernel_handle_t k = kernel(mod, "ids"), ks[2];
	ze_kernel_handle_t add = kernel(mod, "vadd");
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t gate = lz_event(pool, 0);
	ze_group_count_t *counts = lz_alloc_device(2 * sizeof(*counts));
	ze_group_count_t coop = { 4, 1, 1 };
	uint32_t *n = lz_alloc_device(4), x, y, i;
	uint64_t *out = lz_alloc_shared(8 * 6 * 8 * 8), *o;
	float *a = lz_alloc_shared(256 * 4), *c = lz_alloc_shared(256 * 4);

	memset(counts, 0, 2 * sizeof(*counts));
	memset(out, 0xff, 8 * 6 * 8 * 8);
	lz_arg_ptr(k, 0, out);
	ck_assert_ok(zeKernelSetGroupSize(k, 2, 3, 1));
	ck_assert_ok(zeCommandListAppendWaitOnEvents(list, 1, &gate));
	ck_assert_ok(zeCommandListAppendLaunchKernelIndirect(list, k, counts, NULL,
							     0, NULL));
	ks[0] = k;
	ks[1] = k;
	ck_assert_ok(zeCommandListAppendLaunchMultipleKernelsIndirect(list, 2, ks, n,
								      counts, NULL,
								      0, NULL));
	counts[0] = (ze_group_count_t){ 4, 2, 1 };
	counts[1] = (ze_group_count_t){ 100, 1, 1 };
	*n = 1;	/* the second kernel of the multiple launch does not run */
	ck_assert_ok(zeEventHostSignal(gate));
	sync_list(list);
	for (y = 0; y < 6; y++)
		for (x = 0; x < 8; x++) {
			o = &out[8 * (y * 8 + x)];
			ck_assert_uint_eq(o[0], x);
			ck_assert_uint_eq(o[1], y);
			ck_assert_uint_eq(o[2], 0);
			ck_assert_uint_eq(o[3], x % 2 + 10 * (y % 3));
			ck_assert_uint_eq(o[4], x / 2 + 10 * (y / 3));
			ck_assert_uint_eq(o[5], 2 + 10 * 3 + 100);
			ck_assert_uint_eq(o[6], 4 + 10 * 2 + 100);
		}

	fill_ramp(a, 256, 1.0f);
	vadd_args(add, a, a, c);
	ck_assert_ok(zeKernelSetGroupSize(add, 64, 1, 1));
	ck_assert_ok(zeCommandListAppendLaunchCooperativeKernel(list, add, &coop,
								NULL, 0, NULL));
	sync_list(list);
	for (i = 0; i < 256; i++)
		ck_assert_msg(c[i] == 2.0f * a[i], "cooperative c[%u]", i);
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeKernelDestroy(add));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/*
 * The seed's ordering example with real kernels: B's saxpy waits on the
 * counter-based event E that A's vadd signals behind a gate, and reads
 * what A wrote.
 */
START_TEST(test_real_cb_event_order)
{
	ze_module_handle_t mod = module_ok("basic");
	ze_kernel_handle_t add = kernel(mod, "vadd"), sax = kernel(mod, "saxpy");
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t gate = lz_event(pool, 0), e;
	ze_command_list_handle_t lb = lz_immediate_list(true);
	ze_group_count_t count = { 4, 1, 1 };
	float *a = lz_alloc_shared(64 * 4), *c = lz_alloc_shared(64 * 4);
	float *y = lz_alloc_shared(64 * 4), two = 2.0f;
	uint32_t i;

	lz_cb_setup();
	e = lz_cb_event(CB_IMM);
	fill_ramp(a, 64, 1.0f);
	memset(c, 0, 64 * 4);
	memset(y, 0, 64 * 4);
	vadd_args(add, a, a, c);
	ck_assert_ok(zeKernelSetGroupSize(add, 16, 1, 1));
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, add, &count, e, 1, &gate));
	ck_assert_ok(zeKernelSetArgumentValue(sax, 0, 4, &two));
	lz_arg_ptr(sax, 1, c);
	lz_arg_ptr(sax, 2, y);
	ck_assert_ok(zeKernelSetGroupSize(sax, 16, 1, 1));
	ck_assert_ok(zeCommandListAppendLaunchKernel(lb, sax, &count, NULL, 1, &e));
	ck_assert_ze(zeEventQueryStatus(e), ZE_RESULT_NOT_READY, "gate closed");
	for (i = 0; i < 64; i++)
		ck_assert_msg(y[i] == 0.0f && c[i] == 0.0f, "nothing ran before the gate");
	ck_assert_ok(zeEventHostSignal(gate));
	sync_list(lb);
	for (i = 0; i < 64; i++)
		ck_assert_msg(y[i] == 4.0f * a[i], "y[%u] = %f", i, y[i]);
	ck_assert_ok(zeCommandListDestroy(lb));
	ck_assert_ok(zeEventDestroy(e));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeKernelDestroy(add));
	ck_assert_ok(zeKernelDestroy(sax));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/*
 * The IPC seed with real kernels: the helper runs vadd of basic.spv
 * (lz_cb_ipc_vadd_after_exporter()).
 */
START_TEST(test_real_ipc_launch_after_exporter)
{
	ze_module_handle_t mod = module_ok("basic");
	ze_kernel_handle_t add = kernel(mod, "vadd");

	lz_cb_setup();
	lz_cb_ipc_vadd_after_exporter(list, add, "spirv-import-real", false);
	ck_assert_ok(zeKernelDestroy(add));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* ---- launches on a busy list, chained -------------------------------------- */

/* One saxpy step on @y: even @k adds k + 1, odd @k doubles. */
static void saxpy_step_after(ze_command_list_handle_t l, ze_kernel_handle_t sax,
			     float *y, float *ones, uint32_t k,
			     ze_event_handle_t signal, ze_event_handle_t wait)
{
	float alpha = k % 2 ? 1.0f : (float)(k + 1);
	/* Some launches of one group of 64, the others of four of 16. */
	ze_group_count_t count = { k % 3 ? 4 : 1, 1, 1 };

	ck_assert_ok(zeKernelSetArgumentValue(sax, 0, sizeof(alpha), &alpha));
	lz_arg_ptr(sax, 1, k % 2 ? y : ones);
	lz_arg_ptr(sax, 2, y);
	ck_assert_ok(zeKernelSetGroupSize(sax, k % 3 ? 16 : 64, 1, 1));
	ck_assert_ok(zeCommandListAppendLaunchKernel(l, sax, &count, signal,
						     wait ? 1 : 0,
						     wait ? &wait : NULL));
}

static void saxpy_step(ze_command_list_handle_t l, ze_kernel_handle_t sax,
		       float *y, float *ones, uint32_t k, ze_event_handle_t signal)
{
	saxpy_step_after(l, sax, y, ones, k, signal, NULL);
}

static float saxpy_ref(float y, uint32_t k)
{
	return k % 2 ? 2.0f * y : y + (float)(k + 1);
}

/* A saxpy launch that changes nothing, held behind @gate: @l is busy. */
static void saxpy_gated(ze_command_list_handle_t l, ze_kernel_handle_t sax,
			float *y, float *ones, ze_event_handle_t gate)
{
	ze_group_count_t one = { 1, 1, 1 };
	float zero = 0.0f;

	ck_assert_ok(zeKernelSetArgumentValue(sax, 0, sizeof(zero), &zero));
	lz_arg_ptr(sax, 1, ones);
	lz_arg_ptr(sax, 2, y);
	ck_assert_ok(zeKernelSetGroupSize(sax, 64, 1, 1));
	ck_assert_ok(zeCommandListAppendLaunchKernel(l, sax, &one, NULL, 1, &gate));
}

/*
 * Launches appended while an in-order list is busy join the dispatch of
 * the one before (append_jit.c, modules/launch.c): they run in the order
 * of the list, each after every group of the one before, with what the
 * list puts between them -- a fill, a launch that signals an event, a
 * launch of no group -- between them still. Held behind a gate the test
 * opens, so that every launch is appended while the list is busy.
 */
START_TEST(test_real_busy_list_launches_chained)
{
	ze_module_handle_t mod = module_ok("basic");
	ze_kernel_handle_t sax = kernel(mod, "saxpy");
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t gate = lz_event(pool, 0), mid = lz_event(pool, 1);
	float *y = lz_alloc_shared(64 * 4), *ones = lz_alloc_shared(64 * 4);
	float *other = lz_alloc_shared(64 * 4), ref[64], seven = 7.0f;
	ze_group_count_t none = { 0, 1, 1 };
	uint32_t i, k;

	fill_ramp(y, 64, 1.0f);
	memcpy(ref, y, sizeof(ref));
	for (i = 0; i < 64; i++) {
		ones[i] = 1.0f;
		other[i] = 0.0f;
	}
	saxpy_gated(list, sax, y, ones, gate);
	for (k = 0; k < 24; k++) {
		if (k == 8)
			ck_assert_ok(zeCommandListAppendMemoryFill(list, other,
								   &seven, 4,
								   64 * 4, NULL,
								   0, NULL));
		if (k == 16)
			ck_assert_ok(zeCommandListAppendLaunchKernel(list, sax,
								     &none, NULL,
								     0, NULL));
		saxpy_step(list, sax, y, ones, k, k == 12 ? mid : NULL);
		for (i = 0; i < 64; i++)
			ref[i] = saxpy_ref(ref[i], k);
	}
	ck_assert_ze(zeEventQueryStatus(mid), ZE_RESULT_NOT_READY, "gate closed");
	for (i = 0; i < 64; i++)
		ck_assert_msg(y[i] == (float)i && other[i] == 0.0f,
			      "nothing ran before the gate");

	ck_assert_ok(zeEventHostSignal(gate));
	sync_list(list);
	ck_assert_ok(zeEventQueryStatus(mid));
	for (i = 0; i < 64; i++) {
		ck_assert_msg(y[i] == ref[i], "y[%u] = %f, not %f", i, y[i], ref[i]);
		ck_assert_msg(other[i] == 7.0f, "the fill between ran");
	}
	ck_assert_ok(zeEventDestroy(mid));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeKernelDestroy(sax));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* Launches may be chained (XE_CBEV_CHAIN_LAUNCHES=0 turns that off). */
static bool chains_on(void)
{
	const char *env = getenv("XE_CBEV_CHAIN_LAUNCHES");

	return !env || strcmp(env, "0");
}

/*
 * Launches that signal a counter-based event join the chain too: the
 * event completes with the chain, at the value its dispatch bumps the
 * list's counter to -- the same (address, value) for every joined launch,
 * which zexEventGetDeviceAddress shows. Events re-signalled in the chain
 * and events waited for on the host all complete, with the results of
 * every step before them. A wait for an event the list's own order
 * already gives (signalled earlier on the list, or complete for good)
 * does not keep a launch out of the chain.
 */
START_TEST(test_real_busy_list_cb_signals_join)
{
	ze_module_handle_t mod = module_ok("basic");
	ze_kernel_handle_t sax = kernel(mod, "saxpy");
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t gate = lz_event(pool, 0), ev[8];
	float *y = lz_alloc_shared(64 * 4), *ones = lz_alloc_shared(64 * 4);
	uint64_t value[8], addr[8], last;
	ze_command_list_handle_t other;
	float ref[64];
	uint32_t i, k;

	/* What it checks is the chains': nothing to check without them. */
	if (!chains_on())
		return;
	lz_cb_setup();
	for (i = 0; i < 8; i++)
		ev[i] = lz_cb_event(CB_IMM);
	fill_ramp(y, 64, 1.0f);
	memcpy(ref, y, sizeof(ref));
	for (i = 0; i < 64; i++)
		ones[i] = 1.0f;
	saxpy_gated(list, sax, y, ones, gate);
	/*
	 * The first opens the chain, the others join it; each event twice;
	 * the second half waits for the event of the step before.
	 */
	for (k = 0; k < 16; k++) {
		saxpy_step_after(list, sax, y, ones, k, ev[k % 8],
				 k >= 8 ? ev[(k + 7) % 8] : NULL);
		for (i = 0; i < 64; i++)
			ref[i] = saxpy_ref(ref[i], k);
	}
	for (i = 0; i < 8; i++) {
		ck_assert_ze(zeEventQueryStatus(ev[i]), ZE_RESULT_NOT_READY,
			     "gate closed");
		ck_assert_ok(cb_address(ev[i], &value[i], &addr[i]));
		ck_assert_msg(value[i] == value[0] && addr[i] == addr[0],
			      "event %u completes with the chain: %llu at %llx, not %llu at %llx",
			      i, (unsigned long long)value[i],
			      (unsigned long long)addr[i],
			      (unsigned long long)value[0],
			      (unsigned long long)addr[0]);
	}

	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(ev[3], LZ_TIMEOUT_NS));
	for (i = 0; i < 64; i++)
		ck_assert_msg(y[i] == ref[i], "y[%u] = %f, not %f", i, y[i], ref[i]);
	for (i = 0; i < 8; i++)
		ck_assert_ok(zeEventQueryStatus(ev[i]));

	/* On the idle list a launch is an append of its own again. */
	saxpy_step(list, sax, y, ones, 16, ev[0]);
	ck_assert_ok(zeEventHostSynchronize(ev[0], LZ_TIMEOUT_NS));
	ck_assert_ok(cb_address(ev[0], &last, &addr[0]));
	ck_assert_msg(last > value[1], "a new completion point");
	for (i = 0; i < 64; i++)
		ck_assert_msg(y[i] == saxpy_ref(ref[i], 16), "the last step ran");

	/* Busy again: a wait for another list's completed event joins too. */
	other = lz_immediate_list(true);
	saxpy_step(other, sax, y, ones, 17, ev[7]);
	ck_assert_ok(zeEventHostSynchronize(ev[7], LZ_TIMEOUT_NS));
	ck_assert_ok(zeEventHostReset(gate));
	saxpy_gated(list, sax, y, ones, gate);
	saxpy_step(list, sax, y, ones, 18, ev[1]);
	saxpy_step_after(list, sax, y, ones, 19, ev[2], ev[7]);
	ck_assert_ok(cb_address(ev[1], &value[1], &addr[1]));
	ck_assert_ok(cb_address(ev[2], &value[2], &addr[2]));
	ck_assert_msg(value[2] == value[1] && addr[2] == addr[1],
		      "a wait for a completed event does not end the chain");
	ck_assert_ze(zeEventQueryStatus(ev[2]), ZE_RESULT_NOT_READY, "gated");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(ev[2], LZ_TIMEOUT_NS));
	for (k = 16; k < 20; k++)
		for (i = 0; i < 64; i++)
			ref[i] = saxpy_ref(ref[i], k);
	for (i = 0; i < 64; i++)
		ck_assert_msg(y[i] == ref[i], "y[%u] = %f, not %f", i, y[i], ref[i]);
	ck_assert_ok(zeCommandListDestroy(other));
	for (i = 0; i < 8; i++)
		ck_assert_ok(zeEventDestroy(ev[i]));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeKernelDestroy(sax));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/*
 * A chain holds at most 256 launches: the 257th signalling launch finds
 * the chain full, drops the signal it prepared, and opens the next chain
 * with it, one completion point later; the launches after join that one.
 */
START_TEST(test_real_busy_list_full_chain_cb_signal)
{
	ze_module_handle_t mod;
	ze_kernel_handle_t k;
	ze_event_pool_handle_t pool;
	ze_group_count_t one = { 1, 1, 1 };
	ze_event_handle_t gate, ev;
	uint64_t v, v0 = 0, addr;
	uint32_t i;

	if (!chains_on())
		return;
	mod = module_ok("basic");
	k = kernel(mod, "empty");
	pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	gate = lz_event(pool, 0);
	lz_cb_setup();
	ev = lz_cb_event(CB_IMM);
	ck_assert_ok(zeKernelSetGroupSize(k, 1, 1, 1));
	ck_assert_ok(zeCommandListAppendWaitOnEvents(list, 1, &gate));
	for (i = 0; i < 300; i++) {
		ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &one, ev,
							     0, NULL));
		ck_assert_ok(cb_address(ev, &v, &addr));
		if (!i)
			v0 = v;
		ck_assert_msg(v == (i < 256 ? v0 : v0 + 1),
			      "launch %u completes at %llu (first chain's: %llu)",
			      i, (unsigned long long)v, (unsigned long long)v0);
	}
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY, "gated");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	sync_list(list);
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* ---- faults and hangs ----------------------------------------------------- */

/* A kernel that writes through a bad pointer loses its queue only. */
START_TEST(test_real_fault_bans_that_queue)
{
	ze_module_handle_t mod = module_ok("faults"), bmod = module_ok("basic");
	ze_kernel_handle_t bad = kernel(mod, "bad_pointer"), add = kernel(bmod, "vadd");
	ze_command_list_handle_t other = lz_immediate_list(true);
	float *a = lz_alloc_shared(64 * 4), *c = lz_alloc_shared(64 * 4);
	int32_t *p = lz_alloc_shared(4);
	uint32_t i;

	lz_arg_ptr(bad, 0, p);
	lz_arg_u64(bad, 1, 0xdead000ull);
	lz_launch(list, bad, 64, 8, NULL, 0, NULL);
	ck_assert_ze(lz_list_sync(list, LZ_TIMEOUT_NS), ZE_RESULT_ERROR_DEVICE_LOST,
		     "the faulting queue is lost");

	fill_ramp(a, 64, 1.0f);
	vadd_args(add, a, a, c);
	lz_launch(other, add, 64, 8, NULL, 0, NULL);
	sync_list(other);
	for (i = 0; i < 64; i++)
		ck_assert_msg(c[i] == 2.0f * a[i], "another queue goes on");
	ck_assert_ok(zeCommandListDestroy(other));
	ck_assert_ok(zeKernelDestroy(bad));
	ck_assert_ok(zeKernelDestroy(add));
	ck_assert_ok(zeModuleDestroy(mod));
	ck_assert_ok(zeModuleDestroy(bmod));
}
END_TEST

/*
 * A synchronous in-order list with nothing in flight runs a launch of one
 * work-group on the appending thread (append_jit.c): the same work in the
 * same order as the other commands, done when the append returns, and a
 * fault there bans the queue as one on an execution unit does.
 */
START_TEST(test_real_sync_list_inline_launch)
{
	ze_command_queue_desc_t qd = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
		.mode = ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS,
	};
	ze_module_handle_t mod = module_ok("faults"), bmod = module_ok("basic");
	ze_kernel_handle_t bad = kernel(mod, "bad_pointer"), add = kernel(bmod, "vadd");
	float *a = lz_alloc_shared(64 * 4), *c = lz_alloc_shared(64 * 4);
	ze_group_count_t one = { 1, 1, 1 };
	ze_command_list_handle_t sync;
	int32_t *p = lz_alloc_shared(4);
	ze_result_t status;
	float zero = 0.0f;
	uint32_t i, round;

	ck_assert_ok(lz_create_immediate(&qd, &sync));
	fill_ramp(a, 64, 1.0f);
	vadd_args(add, a, a, c);
	ck_assert_ok(zeKernelSetGroupSize(add, 64, 1, 1));
	for (round = 0; round < 3; round++) {
		/* A fill, then a launch that reads what it wrote. */
		ck_assert_ok(zeCommandListAppendMemoryFill(sync, c, &zero, 4,
							   64 * 4, NULL, 0, NULL));
		ck_assert_ok(zeCommandListAppendLaunchKernel(sync, add, &one,
							     NULL, 0, NULL));
		for (i = 0; i < 64; i++)
			ck_assert_msg(c[i] == 2.0f * a[i],
				      "done when the append returns (round %u)",
				      round);
		fill_ramp(a, 64, (float)round + 2.0f);
	}
	ck_assert_ok(lz_list_sync(sync, LZ_TIMEOUT_NS));

	lz_arg_ptr(bad, 0, p);
	lz_arg_u64(bad, 1, 0xdead000ull);
	ck_assert_ok(zeKernelSetGroupSize(bad, 1, 1, 1));
	*p = 0;
	ck_assert_ze(zeCommandListAppendLaunchKernel(sync, bad, &one, NULL, 0,
						     NULL),
		     ZE_RESULT_ERROR_DEVICE_LOST, "the fault bans the queue");
	ck_assert_int_eq(*p, 0);
	ck_assert_ze(zeCommandListAppendLaunchKernel(sync, add, &one, NULL, 0,
						     NULL),
		     ZE_RESULT_ERROR_DEVICE_LOST, "and nothing runs on it after");
	status = zeContextGetStatus(lz_context);
	ck_assert_ze(status, ZE_RESULT_ERROR_DEVICE_LOST,
		     "the context knows a queue was lost");
	ck_assert_ok(zeCommandListDestroy(sync));
	ck_assert_ok(zeKernelDestroy(bad));
	ck_assert_ok(zeKernelDestroy(add));
	ck_assert_ok(zeModuleDestroy(mod));
	ck_assert_ok(zeModuleDestroy(bmod));
}
END_TEST

/* A kernel that never ends is banned by the hang timeout. */
/*
 * A fault in the middle of launches chained on a busy list bans the
 * queue there: the launches before it ran, those after it do not.
 */
START_TEST(test_real_busy_list_chain_fault)
{
	ze_module_handle_t mod = module_ok("faults"), bmod = module_ok("basic");
	ze_kernel_handle_t bad = kernel(mod, "bad_pointer"), sax = kernel(bmod, "saxpy");
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t gate = lz_event(pool, 0);
	ze_command_list_handle_t l = lz_immediate_list(true);
	float *y = lz_alloc_shared(64 * 4), *ones = lz_alloc_shared(64 * 4);
	ze_group_count_t one = { 1, 1, 1 };
	int32_t *p = lz_alloc_shared(4);
	uint32_t i;

	for (i = 0; i < 64; i++) {
		y[i] = 1.0f;
		ones[i] = 1.0f;
	}
	saxpy_gated(l, sax, y, ones, gate);
	saxpy_step(l, sax, y, ones, 0, NULL);		/* y = 2 */
	lz_arg_ptr(bad, 0, p);
	lz_arg_u64(bad, 1, 0xdead000ull);
	ck_assert_ok(zeKernelSetGroupSize(bad, 1, 1, 1));
	ck_assert_ok(zeCommandListAppendLaunchKernel(l, bad, &one, NULL, 0, NULL));
	saxpy_step(l, sax, y, ones, 2, NULL);		/* not run */
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ze(lz_list_sync(l, LZ_TIMEOUT_NS), ZE_RESULT_ERROR_DEVICE_LOST,
		     "the chain's fault loses the queue");
	for (i = 0; i < 64; i++)
		ck_assert_msg(y[i] == 2.0f, "y[%u] = %f: before the fault only", i, y[i]);
	ck_assert_ok(zeCommandListDestroy(l));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeKernelDestroy(bad));
	ck_assert_ok(zeKernelDestroy(sax));
	ck_assert_ok(zeModuleDestroy(mod));
	ck_assert_ok(zeModuleDestroy(bmod));
}
END_TEST

START_TEST(test_real_endless_kernel_banned)
{
	ze_module_handle_t mod = module_ok("faults");
	ze_kernel_handle_t k = kernel(mod, "endless");
	ze_command_list_handle_t l = lz_immediate_list(true);
	_Atomic int32_t *stop = lz_alloc_shared(4);

	atomic_store(stop, 0);
	lz_arg_ptr(k, 0, (void *)stop);
	lz_launch(l, k, 1, 1, NULL, 0, NULL);
	ck_assert_ze(lz_list_sync(l, LZ_TIMEOUT_NS), ZE_RESULT_ERROR_DEVICE_LOST,
		     "the endless kernel's queue is banned");
	/* Let the execution unit out, so that teardown can stop the pool. */
	atomic_store(stop, 1);
	ck_assert_ok(zeCommandListDestroy(l));
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

static Suite *spirv_launch_suite(void)
{
	Suite *s = suite_create("spirv_launch");
	TCase *tc;

	tc = tcase_create("launches");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_real_regular_list_many_times);
	tcase_add_test(tc, test_real_sync_list_inline_launch);
	tcase_add_test(tc, test_real_list_types_and_events);
	tcase_add_test(tc, test_real_indirect_and_cooperative);
	tcase_add_test(tc, test_real_cb_event_order);
	tcase_add_test(tc, test_real_ipc_launch_after_exporter);
	tcase_add_test(tc, test_real_busy_list_launches_chained);
	tcase_add_test(tc, test_real_busy_list_cb_signals_join);
	tcase_add_test(tc, test_real_busy_list_full_chain_cb_signal);
	suite_add_tcase(s, tc);

	tc = tcase_create("faults");
	tcase_add_checked_fixture(tc, setup_hang, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_real_fault_bans_that_queue);
	tcase_add_test(tc, test_real_busy_list_chain_fault);
	tcase_add_test(tc, test_real_endless_kernel_banned);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(spirv_launch_suite());
}
