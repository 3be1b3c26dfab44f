// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of regular events (userspace/libze/src/event.c), through
 * the loader: host and device signals, waits and resets, kernel
 * timestamps. Pools and their IPC: test_libze_event_pool.c.
 */

#include <pthread.h>
#include <sys/resource.h>
#include <time.h>

#include "libze_test.h"
#include "check_run.h"

#define MS	1000000ull

static ze_event_pool_handle_t pool;

static void setup(void)
{
	lz_setup();
	pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 8);
}

static void teardown(void)
{
	ck_assert_ok(zeEventPoolDestroy(pool));
	lz_teardown();
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

START_TEST(test_event_host_signal_reset)
{
	ze_event_handle_t ev = lz_event(pool, 3);

	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "a new event is not signalled");
	ck_assert_ze(zeEventHostSynchronize(ev, 0), ZE_RESULT_NOT_READY,
		     "a wait of 0 only checks");
	ck_assert_ze(zeEventHostSynchronize(ev, 2 * MS), ZE_RESULT_NOT_READY,
		     "a 2 ms wait times out");
	ck_assert_ze(zeEventHostSignal(ev), ZE_RESULT_SUCCESS,
		     "the host signals");
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "the event is signalled");
	ck_assert_ze(zeEventHostSignal(ev), ZE_RESULT_SUCCESS,
		     "signalling again changes nothing");
	ck_assert_ze(zeEventHostSynchronize(ev, UINT64_MAX), ZE_RESULT_SUCCESS,
		     "a wait for a signalled event returns at once");
	ck_assert_ze(zeEventHostReset(ev), ZE_RESULT_SUCCESS,
		     "the host resets");
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "the event is clear again");
	ck_assert_ok(zeEventDestroy(ev));
}
END_TEST

static void *signal_later(void *arg)
{
	struct timespec ts = { 0, 50 * MS };

	nanosleep(&ts, NULL);
	zeEventHostSignal(arg);
	return NULL;
}

START_TEST(test_event_host_wait_for_other_thread)
{
	ze_event_handle_t ev = lz_event(pool, 0);
	pthread_t thread;

	ck_assert_int_eq(pthread_create(&thread, NULL, signal_later, ev), 0);
	ck_assert_ze(zeEventHostSynchronize(ev, UINT64_MAX), ZE_RESULT_SUCCESS,
		     "an endless wait ends with another thread's signal");
	pthread_join(thread, NULL);
	ck_assert_ok(zeEventDestroy(ev));
}
END_TEST

START_TEST(test_event_device_signal_host_wait)
{
	ze_event_handle_t ev = lz_event(pool, 1);
	ze_command_list_handle_t list = lz_immediate_list(_i);

	spin(list, 30 * MS, ev);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "the event is not signalled before the work is done");
	ck_assert_ze(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS, "the device signals the event");
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeEventDestroy(ev));
}
END_TEST

START_TEST(test_event_device_waits_for_host)
{
	ze_event_handle_t go = lz_event(pool, 0), done = lz_event(pool, 1);
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint8_t *src = lz_alloc_device(4096), *dst = lz_alloc_device(4096);

	memset(src, 0x3c, 4096);
	memset(dst, 0, 4096);
	ck_assert_ok(zeCommandListAppendWaitOnEvents(list, 1, &go));
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, dst, src, 4096, done,
						   0, NULL));
	ck_assert_ze(zeEventHostSynchronize(done, 20 * MS),
		     ZE_RESULT_NOT_READY,
		     "the device waits for the host's signal");
	ck_assert_msg(dst[0] == 0, "nothing was copied yet");
	ck_assert_ok(zeEventHostSignal(go));
	ck_assert_ze(zeEventHostSynchronize(done, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS, "then goes on");
	ck_assert_msg(dst[4095] == 0x3c, "and copies");
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_event_device_reset)
{
	ze_event_handle_t ev = lz_event(pool, 2);
	ze_command_list_handle_t list = lz_immediate_list(true);

	ck_assert_ok(zeEventHostSignal(ev));
	ck_assert_ok(zeCommandListAppendEventReset(list, ev));
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "the device resets the event");
	ck_assert_ok(zeCommandListAppendSignalEvent(list, ev));
	ck_assert_ze(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS, "and signals it again");
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_event_kernel_timestamps)
{
	ze_event_pool_handle_t ts_pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP |
			      ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t ev = lz_event(ts_pool, 1);
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_kernel_timestamp_result_t res, *copies = lz_alloc_device(3 * sizeof(res));
	size_t offsets[1] = { 2 * sizeof(res) };

	memset(copies, 0, 3 * sizeof(res));
	ck_assert_ze(zeEventQueryKernelTimestamp(ev, &res), ZE_RESULT_NOT_READY,
		     "no timestamps before the event is signalled");
	spin(list, 5 * MS, ev);
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	ck_assert_ze(zeEventQueryKernelTimestamp(ev, &res), ZE_RESULT_SUCCESS,
		     "the timestamps of a signalled event can be read");
	ck_assert_msg(res.global.kernelEnd >= res.global.kernelStart + 5 * MS,
		      "the kernel ran at least 5 ms: %llu..%llu",
		      (unsigned long long)res.global.kernelStart,
		      (unsigned long long)res.global.kernelEnd);
	ck_assert_msg(res.context.kernelEnd >= res.context.kernelStart + 5 * MS,
		      "in context time too");

	ck_assert_ok(zeCommandListAppendQueryKernelTimestamps(list, 1, &ev,
							      copies, NULL,
							      NULL, 0, NULL));
	ck_assert_ok(zeCommandListAppendQueryKernelTimestamps(list, 1, &ev,
							      copies, offsets,
							      NULL, 0, NULL));
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_msg(!memcmp(&copies[0], &res, sizeof(res)) &&
		      !memcmp(&copies[2], &res, sizeof(res)),
		      "the device copies the same timestamps where asked");
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventPoolDestroy(ts_pool));
}
END_TEST

typedef ze_result_t (*query_ext_fn)(ze_event_handle_t, ze_device_handle_t,
				    uint32_t *,
				    ze_event_query_kernel_timestamps_results_ext_properties_t *);

static bool has_extension(const char *name, uint32_t version)
{
	ze_driver_extension_properties_t *ext;
	uint32_t n = 0, i;
	bool found = false;

	ck_assert_ok(zeDriverGetExtensionProperties(lz_driver, &n, NULL));
	ext = calloc(n, sizeof(*ext));
	ck_assert_ok(zeDriverGetExtensionProperties(lz_driver, &n, ext));
	for (i = 0; i < n; i++)
		if (!strcmp(ext[i].name, name) && ext[i].version == version)
			found = true;
	free(ext);
	return found;
}

/*
 * ZE_extension_event_query_kernel_timestamps and
 * ZE_experimental_event_query_timestamps, as a profiler uses them: the
 * device says which kinds it returns, the count first, then the arrays;
 * nothing is written before the event is signalled; the synchronized
 * timestamps are in the host's time domain (between two host readings of
 * zeDeviceGetGlobalTimestamps() around the work).
 */
START_TEST(test_event_query_kernel_timestamps_ext)
{
	query_ext_fn query_ext = lz_function("zeEventQueryKernelTimestampsExt");
	ze_event_pool_handle_t ts_pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP |
			      ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t ev = lz_event(ts_pool, 0), plain = lz_event(pool, 0);
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_query_kernel_timestamps_ext_properties_t tsp = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_PROPERTIES,
	};
	ze_device_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES, .pNext = &tsp,
	};
	ze_kernel_timestamp_result_t kts[2], one, exp_ts[2];
	ze_synchronized_timestamp_result_ext_t sts[2];
	ze_event_query_kernel_timestamps_results_ext_properties_t res = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_QUERY_KERNEL_TIMESTAMPS_RESULTS_EXT_PROPERTIES,
		.pKernelTimestampsBuffer = kts,
		.pSynchronizedTimestampsBuffer = sts,
	};
	uint64_t host0, host1, dev_ts;
	uint32_t count;

	ck_assert_ptr_nonnull(query_ext);
	ck_assert_msg(has_extension(ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_NAME,
				    ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_VERSION_1_0),
		      "the extension is listed, version 1.0");
	ck_assert_msg(has_extension(ZE_EVENT_QUERY_TIMESTAMPS_EXP_NAME,
				    ZE_EVENT_QUERY_TIMESTAMPS_EXP_VERSION_1_0),
		      "so is the experimental one");
	ck_assert_ok(zeDeviceGetProperties(lz_device, &props));
	ck_assert_uint_eq(tsp.flags,
			  ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_FLAG_KERNEL |
			  ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_FLAG_SYNCHRONIZED);

	count = 0;
	ck_assert_ok(query_ext(ev, lz_device, &count, NULL));
	ck_assert_uint_eq(count, 1);
	memset(kts, 0xab, sizeof(kts));
	memset(sts, 0xab, sizeof(sts));
	ck_assert_ze(query_ext(ev, lz_device, &count, &res), ZE_RESULT_NOT_READY,
		     "no timestamps before the event is signalled");
	ck_assert_msg(kts[0].global.kernelStart == 0xababababababababull &&
		      sts[0].global.kernelStart == 0xababababababababull,
		      "and nothing is written");

	ck_assert_ok(zeDeviceGetGlobalTimestamps(lz_device, &host0, &dev_ts));
	spin(list, 5 * MS, ev);
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	ck_assert_ok(zeDeviceGetGlobalTimestamps(lz_device, &host1, &dev_ts));

	count = 2;
	ck_assert_ok(query_ext(ev, lz_device, &count, &res));
	ck_assert_uint_eq(count, 1);
	ck_assert_ok(zeEventQueryKernelTimestamp(ev, &one));
	ck_assert_msg(!memcmp(&kts[0], &one, sizeof(one)),
		      "the kernel timestamps are zeEventQueryKernelTimestamp()'s");
	ck_assert_msg(kts[1].global.kernelStart == 0xababababababababull,
		      "one entry only");
	ck_assert_msg(sts[0].global.kernelStart >= host0 &&
		      sts[0].global.kernelEnd <= host1 &&
		      sts[0].global.kernelEnd >=
		      sts[0].global.kernelStart + 5 * MS,
		      "synchronized: in host time, around the 5 ms kernel");
	ck_assert_msg(sts[0].context.kernelEnd >=
		      sts[0].context.kernelStart + 5 * MS, "in context too");

	/* Only the kernel buffer: the other one is optional. */
	res.pSynchronizedTimestampsBuffer = NULL;
	memset(kts, 0, sizeof(kts));
	ck_assert_ok(query_ext(ev, lz_device, &count, &res));
	ck_assert_msg(!memcmp(&kts[0], &one, sizeof(one)), "kernel only");

	count = 0;
	ck_assert_ok(zeEventQueryTimestampsExp(ev, lz_device, &count, NULL));
	ck_assert_uint_eq(count, 1);
	ck_assert_ok(zeEventQueryTimestampsExp(ev, lz_device, &count, exp_ts));
	ck_assert_msg(!memcmp(&exp_ts[0], &one, sizeof(one)),
		      "zeEventQueryTimestampsExp() returns the same");

	ck_assert_ze(query_ext(plain, lz_device, &count, NULL),
		     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "an event without timestamps has none to query");
	ck_assert_ze(query_ext(ev, lz_device, NULL, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER, "pCount is needed");
	ck_assert_ze(query_ext(ev, NULL, &count, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE, "and a device");
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(plain));
	ck_assert_ok(zeEventPoolDestroy(ts_pool));
}
END_TEST

static double cpu_seconds(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

START_TEST(test_event_long_wait_sleeps)
{
	ze_event_handle_t ev = lz_event(pool, 4);
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint64_t start;
	double cpu;

	spin(list, 300 * MS, ev);
	start = lz_now_ns();
	cpu = cpu_seconds();
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	cpu = cpu_seconds() - cpu;
	ck_assert_msg(lz_now_ns() - start >= 250 * MS,
		      "the wait lasted as long as the work");
	ck_assert_msg(cpu < 0.05,
		      "a 300 ms wait sleeps instead of spinning: %.3f s of CPU",
		      cpu);
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_event_getters)
{
	ze_event_handle_t ev = lz_event(pool, 5);
	ze_result_t (*get_pool)(ze_event_handle_t, ze_event_pool_handle_t *);
	ze_result_t (*get_signal)(ze_event_handle_t, ze_event_scope_flags_t *);
	ze_result_t (*pool_ctx)(ze_event_pool_handle_t, ze_context_handle_t *);
	ze_result_t (*pool_flags)(ze_event_pool_handle_t, ze_event_pool_flags_t *);
	ze_event_pool_handle_t p = NULL;
	ze_event_scope_flags_t scope = 0;
	ze_context_handle_t ctx = NULL;
	ze_event_pool_flags_t flags = 0;

	*(void **)&get_pool = lz_function("zeEventGetEventPool");
	*(void **)&get_signal = lz_function("zeEventGetSignalScope");
	*(void **)&pool_ctx = lz_function("zeEventPoolGetContextHandle");
	*(void **)&pool_flags = lz_function("zeEventPoolGetFlags");
	ck_assert_ok(get_pool(ev, &p));
	ck_assert_ok(get_signal(ev, &scope));
	ck_assert_ok(pool_ctx(pool, &ctx));
	ck_assert_ok(pool_flags(pool, &flags));
	ck_assert_msg(p == pool && scope == ZE_EVENT_SCOPE_FLAG_HOST &&
		      ctx == lz_context &&
		      flags == ZE_EVENT_POOL_FLAG_HOST_VISIBLE,
		      "events and pools report what they were made with");
	ck_assert_ok(zeEventDestroy(ev));
}
END_TEST

/* ---- limits ----------------------------------------------------------- */

START_TEST(test_event_create_refusals)
{
	ze_event_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_EVENT_DESC };
	ze_event_handle_t ev = NULL;

	desc.index = 8;
	ck_assert_ze(zeEventCreate(pool, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an index past the pool is refused");
	desc.index = 0;
	desc.signal = 0x10;
	ck_assert_ze(zeEventCreate(pool, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION,
		     "unknown scope flags are refused");
	desc.signal = 0;
	desc.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC;
	ck_assert_ze(zeEventCreate(pool, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a descriptor with the wrong stype is refused");
	ck_assert_ze(zeEventCreate(NULL, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "the pool is required");
	ck_assert_ze(zeEventCreate(pool, NULL, &ev),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the descriptor is required");
	ck_assert_msg(!ev, "nothing is returned");
}
END_TEST

START_TEST(test_event_misuse)
{
	ze_event_handle_t ev = lz_event(pool, 6);
	ze_kernel_timestamp_result_t res;

	ck_assert_ok(zeEventHostSignal(ev));
	ck_assert_ze(zeEventQueryKernelTimestamp(ev, &res),
		     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "an event without timestamps has none to give");
	ck_assert_ze(zeEventHostSynchronize(NULL, 0),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "waiting needs an event");
	ck_assert_ze(zeEventHostSignal((ze_event_handle_t)pool),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "a pool handle is not an event");
	ck_assert_ok(zeEventDestroy(ev));
}
END_TEST

static Suite *event_suite(void)
{
	Suite *s = suite_create("event");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_event_host_signal_reset);
	tcase_add_test(tc, test_event_host_wait_for_other_thread);
	tcase_add_loop_test(tc, test_event_device_signal_host_wait, 0, 2);
	tcase_add_test(tc, test_event_device_waits_for_host);
	tcase_add_test(tc, test_event_device_reset);
	tcase_add_test(tc, test_event_kernel_timestamps);
	tcase_add_test(tc, test_event_query_kernel_timestamps_ext);
	tcase_add_test(tc, test_event_long_wait_sleeps);
	tcase_add_test(tc, test_event_getters);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_event_create_refusals);
	tcase_add_test(tc, test_event_misuse);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(event_suite());
}
