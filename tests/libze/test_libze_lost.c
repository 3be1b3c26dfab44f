// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of waits on work that can no longer finish
 * (userspace/libze/src/events/event.c, cb_event_wait.c, submission/wait.c),
 * through the loader: the queue that was to signal an event faults and is
 * banned, and every host wait on the event, on its list, its queue or its
 * fence returns ZE_RESULT_ERROR_DEVICE_LOST at once, even with an infinite
 * timeout. A wrong implementation hangs: the test case's timeout bounds it.
 *
 * The kernel knows the writer of counters, regular events and aggregate
 * storage (DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER), so the same holds for
 * regular lists' pool events, aggregated events, waits for many events of different writers, a
 * sync_file, device-side waits of other queues (banned in turn, down a
 * chain) and another process that imported the events.
 */

#include <errno.h>
#include <linux/sync_file.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libze_test.h"
#include "libze_test_cb.h"
#include "check_run.h"

#define FOREVER		UINT64_MAX

/* The engine faults on an address nothing is bound at. */
#define UNMAPPED	((void *)0x10000)

static void setup(void)
{
	lz_setup();
	lz_cb_setup();
}

static void teardown(void)
{
	lz_teardown();
}

/* Append a copy from an unmapped address that signals @ev. */
static void append_fault(ze_command_list_handle_t list, void *dst,
			 ze_event_handle_t ev)
{
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, dst, UNMAPPED, 64, ev,
						   0, NULL));
}

/* Close @list, which append_fault() filled, and execute it on @q. */
static void execute_faulting_list(ze_command_queue_handle_t q,
				  ze_command_list_handle_t list,
				  ze_fence_handle_t f)
{
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &list, f));
}

/*
 * @ev is lost to a wait for it alone (@rule says why) and to a wait for
 * many events, for all of them if @wait_all, else for any.
 */
static void assert_event_lost(ze_event_handle_t ev, bool wait_all,
			      const char *rule)
{
	ck_assert_ze(zeEventHostSynchronize(ev, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST, rule);
	ck_assert_ze(ev_sync_many(1, &ev, wait_all, FOREVER, NULL),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     wait_all ? "for a wait for many too" : "for a wait for any too");
}

/* The sync_file @fd signals, with the error of a ban; closes @fd. */
static void assert_sync_file_lost(int fd)
{
	struct sync_file_info info = { 0 };
	struct pollfd pfd = { .fd = fd, .events = POLLIN };

	/* The module's fence timeout (30 s) is past the test case's. */
	ck_assert_int_eq(poll(&pfd, 1, -1), 1);
	ck_assert_int_eq(ioctl(fd, SYNC_IOC_FILE_INFO, &info), 0);
	ck_assert_msg(info.status == -EIO, "the fence says why: %d", info.status);
	close(fd);
}

START_TEST(test_lost_cb_event_of_immediate_list)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t ev = lz_cb_event(CB_IMM);
	uint8_t *p = lz_alloc_device(4096);

	append_fault(list, p, ev);
	ck_assert_ze(zeEventHostSynchronize(ev, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "a counter-based event of a banned list is lost");
	ck_assert_ze(zeEventHostSynchronize(ev, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST, "and stays lost");
	ck_assert_ze(ev_sync_many(1, &ev, true, FOREVER, NULL),
		     ZE_RESULT_ERROR_DEVICE_LOST, "for a wait for many too");
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "a query only says it did not complete");
	ck_assert_ze(lz_list_sync(list, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST, "the list is lost");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_lost_cb_event_of_regular_list)
{
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t list = lz_list(true);
	ze_event_handle_t ev = lz_cb_event(CB_REG);
	ze_fence_desc_t fdesc = { .stype = ZE_STRUCTURE_TYPE_FENCE_DESC };
	uint8_t *p = lz_alloc_device(4096);
	ze_fence_handle_t f;

	ck_assert_ok(zeFenceCreate(q, &fdesc, &f));
	append_fault(list, p, ev);
	execute_faulting_list(q, list, f);
	assert_event_lost(ev, false,
			  "an event of a list executed on a banned queue is lost");
	ck_assert_ze(zeFenceHostSynchronize(f, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST, "its fence is lost");
	ck_assert_ze(zeCommandQueueSynchronize(q, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST, "its queue is lost");
	ck_assert_ok(zeFenceDestroy(f));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_lost_pool_event_of_immediate_list)
{
	ze_event_pool_handle_t pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t ev = lz_event(pool, 0);
	ze_event_handle_t other = lz_event(pool, 1);
	ze_command_list_handle_t list = lz_immediate_list(_i == 1);
	uint8_t *p = lz_alloc_device(4096);

	append_fault(list, p, ev);
	assert_event_lost(ev, true, "a pool event of a banned list is lost");
	ck_assert_ze(zeEventHostSynchronize(other, 0), ZE_RESULT_NOT_READY,
		     "an event nobody signals only times out");

	/* The host takes the event over: it no longer waits for the queue. */
	ck_assert_ok(zeEventHostReset(ev));
	ck_assert_ze(zeEventHostSynchronize(ev, 1000000), ZE_RESULT_NOT_READY,
		     "a reset event is only not ready");
	ck_assert_ok(zeEventHostSignal(ev));
	ck_assert_ok(zeEventHostSynchronize(ev, FOREVER));

	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeEventDestroy(other));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventPoolDestroy(pool));
}
END_TEST

/* A ban elsewhere does not touch waits on a healthy queue's events. */
START_TEST(test_lost_other_queue_unaffected)
{
	ze_command_list_handle_t bad = lz_immediate_list(true);
	ze_command_list_handle_t good = lz_immediate_list(true);
	ze_event_handle_t ev = lz_cb_event(CB_IMM);
	uint8_t *p = lz_alloc_device(4096);

	append_fault(bad, p, NULL);
	ck_assert_ze(lz_list_sync(bad, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST, "the faulting list is lost");
	ck_assert_ok(zeCommandListAppendMemoryFill(good, p, &(uint8_t){ 7 }, 1,
						   64, ev, 0, NULL));
	ck_assert_ok(zeEventHostSynchronize(ev, FOREVER));
	ck_assert_ok(lz_list_sync(good, FOREVER));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(good));
	ck_assert_ok(zeCommandListDestroy(bad));
}
END_TEST

/* A pool event signalled by a regular list that a queue executes. */
START_TEST(test_lost_pool_event_of_regular_list)
{
	ze_event_pool_handle_t pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t ev = lz_event(pool, 0);
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t list = lz_list(_i == 1);
	uint8_t *p = lz_alloc_device(4096);

	append_fault(list, p, ev);
	execute_faulting_list(q, list, NULL);
	assert_event_lost(ev, true,
			  "a pool event of a list executed on a banned queue is lost");
	ck_assert_ze(zeCommandQueueSynchronize(q, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST, "its queue is lost");
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(q));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventPoolDestroy(pool));
}
END_TEST

/* Events of different writers, one of them banned, in one wait. */
START_TEST(test_lost_wait_many_across_writers)
{
	ze_event_pool_handle_t pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 3);
	ze_event_handle_t gate = lz_event(pool, 0);
	ze_event_handle_t evs[2] = { lz_event(pool, 1), lz_event(pool, 2) };
	ze_command_list_handle_t bad = lz_immediate_list(true);
	ze_command_list_handle_t good = lz_immediate_list(true);
	uint8_t *p = lz_alloc_device(4096);

	/* The healthy writer's event stays pending behind a gate. */
	ck_assert_ok(zeCommandListAppendWaitOnEvents(good, 1, &gate));
	ck_assert_ok(zeCommandListAppendSignalEvent(good, evs[0]));
	append_fault(bad, p, evs[1]);
	ck_assert_ze(ev_sync_many(2, evs, true, FOREVER, NULL),
		     ZE_RESULT_ERROR_DEVICE_LOST, "a wait for all is lost");
	ck_assert_ze(ev_sync_many(2, evs, false, FOREVER, NULL),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "a wait for any whose others are pending is lost");
	ck_assert_ze(zeEventHostSynchronize(evs[0], 0), ZE_RESULT_NOT_READY,
		     "the healthy writer's event is only pending");

	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(evs[0], FOREVER));
	ck_assert_ok(zeCommandListDestroy(good));
	ck_assert_ok(zeCommandListDestroy(bad));
	ck_assert_ok(zeEventDestroy(evs[1]));
	ck_assert_ok(zeEventDestroy(evs[0]));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
}
END_TEST

/* A sync_file of a lost event signals at once, with an error. */
START_TEST(test_lost_sync_file)
{
	ze_event_pool_handle_t pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t gate = lz_event(pool, 0);
	ze_event_handle_t ev = _i ? lz_cb_event(CB_IMM) : lz_event(pool, 1);
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint8_t *p = lz_alloc_device(4096);
	int fd;

	ck_assert_ok(zeCommandListAppendWaitOnEvents(list, 1, &gate));
	append_fault(list, p, ev);
	ck_assert_ok(ev_sync_file(ev, &fd));
	ck_assert_ok(zeEventHostSignal(gate));
	assert_sync_file_lost(fd);
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
}
END_TEST

/*
 * Device-side waits: list B waits on A's event and signals its own, list
 * C waits on B's. A's ban bans B, then C (LOST_DEPENDENCY): their lists,
 * and their events' waits, are lost, instead of hanging forever.
 */
START_TEST(test_lost_device_wait_chain)
{
	ze_event_pool_handle_t pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 3);
	ze_event_handle_t gate = lz_event(pool, 0);
	ze_event_handle_t ev_a = lz_event(pool, 1);
	ze_event_handle_t ev_b = lz_event(pool, 2);
	ze_event_handle_t ev_c = lz_cb_event(CB_IMM);
	ze_command_list_handle_t a = lz_immediate_list(true);
	ze_command_list_handle_t b = lz_immediate_list(true);
	ze_command_list_handle_t c = lz_immediate_list(true);
	uint8_t *p = lz_alloc_device(4096);

	ck_assert_ok(zeCommandListAppendWaitOnEvents(a, 1, &gate));
	append_fault(a, p, ev_a);
	ck_assert_ok(zeCommandListAppendBarrier(b, ev_b, 1, &ev_a));
	ck_assert_ok(zeCommandListAppendBarrier(c, ev_c, 1, &ev_b));
	ck_assert_ok(zeEventHostSignal(gate));

	ck_assert_ze(zeEventHostSynchronize(ev_c, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST, "the end of the chain is lost");
	ck_assert_ze(zeEventHostSynchronize(ev_b, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST, "so is its middle");
	ck_assert_ze(lz_list_sync(b, FOREVER), ZE_RESULT_ERROR_DEVICE_LOST,
		     "the waiting list is lost");
	ck_assert_ze(lz_list_sync(c, FOREVER), ZE_RESULT_ERROR_DEVICE_LOST,
		     "and the one waiting on it");
	ck_assert_ok(zeCommandListDestroy(c));
	ck_assert_ok(zeCommandListDestroy(b));
	ck_assert_ok(zeCommandListDestroy(a));
	ck_assert_ok(zeEventDestroy(ev_c));
	ck_assert_ok(zeEventDestroy(ev_b));
	ck_assert_ok(zeEventDestroy(ev_a));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
}
END_TEST

/*
 * List B waits on @ev and signals its own event: once @ev's writer is
 * banned, B is banned too (LOST_DEPENDENCY) instead of waiting forever.
 */
static void check_device_wait_lost(ze_event_handle_t ev)
{
	ze_command_list_handle_t b = lz_immediate_list(true);
	ze_event_handle_t ev_b = lz_cb_event(CB_IMM);

	ck_assert_ok(zeCommandListAppendBarrier(b, ev_b, 1, &ev));
	ck_assert_ze(zeEventHostSynchronize(ev_b, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "the event of a list that waited for it is lost");
	ck_assert_ze(lz_list_sync(b, FOREVER), ZE_RESULT_ERROR_DEVICE_LOST,
		     "and that list too");
	ck_assert_ok(zeCommandListDestroy(b));
	ck_assert_ok(zeEventDestroy(ev_b));
}

/*
 * A counter-based event on external sync storage, in USM host memory
 * (_i 0) or in memory of the process's own (_i 1, malloc): until it is
 * signalled the application writes the storage; once a list signals it,
 * it is that list's, whose ban the host and device waits learn.
 */
START_TEST(test_lost_external_storage)
{
	uint64_t *mem = _i ? aligned_alloc(64, 64) : lz_alloc_host(64);
	ze_event_counter_based_external_sync_allocation_desc_t ext = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION_DESC,
		.deviceAddress = mem,
		.hostAddress = mem,
		.completionValue = 1,
	};
	ze_event_counter_based_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC,
		.pNext = &ext,
		.flags = CB_IMM,
	};
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint8_t *p = lz_alloc_device(4096);
	ze_event_handle_t ev;

	__atomic_store_n(mem, 0, __ATOMIC_RELEASE);
	ck_assert_ok(cb_create(lz_context, lz_device, &desc, &ev));
	ck_assert_ze(zeEventHostSynchronize(ev, 0), ZE_RESULT_NOT_READY,
		     "the storage holds 0 of 1");
	append_fault(list, p, ev);
	ck_assert_ze(zeEventHostSynchronize(ev, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "an external-storage event of a banned list is lost");
	check_device_wait_lost(ev);
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
	if (_i)
		free(mem);
}
END_TEST

/* An aggregated event on @storage: two signals of 5 complete it. */
static ze_event_handle_t aggregated_event(uint64_t *storage)
{
	ze_event_counter_based_external_aggregate_storage_desc_t agg = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_AGGREGATE_STORAGE_DESC,
		.deviceAddress = storage,
		.incrementValue = 5,
		.completionValue = 10,
	};
	ze_event_counter_based_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC,
		.pNext = &agg,
		.flags = CB_BOTH,
	};
	ze_event_handle_t ev = NULL;

	__atomic_store_n(storage, 0, __ATOMIC_RELEASE);
	ck_assert_ok(cb_create(lz_context, lz_device, &desc, &ev));
	return ev;
}

/*
 * An aggregated event: a healthy list adds its 5, then the second
 * producer, an immediate list (_i 0, 2) or a regular list executed on a
 * queue (_i 1), is banned before adding the other 5. Its host and device
 * waits are lost; the storage serves a new event afterwards. The storage
 * is USM device memory, or memory of the process's own (_i 2, malloc).
 */
START_TEST(test_lost_aggregate_storage)
{
	uint64_t *storage = _i == 2 ? aligned_alloc(64, 64) :
				      lz_alloc_device(64);
	ze_command_list_handle_t good = lz_immediate_list(true);
	ze_command_list_handle_t bad = _i == 1 ? lz_list(true) :
						 lz_immediate_list(true);
	ze_command_queue_handle_t q = _i == 1 ? lz_queue() : NULL;
	ze_event_handle_t ev = aggregated_event(storage);
	uint8_t *p = lz_alloc_device(4096);

	ck_assert_ok(zeCommandListAppendSignalEvent(good, ev));
	ck_assert_ok(lz_list_sync(good, LZ_TIMEOUT_NS));
	ck_assert_ze(zeEventHostSynchronize(ev, 0), ZE_RESULT_NOT_READY,
		     "5 of 10");
	append_fault(bad, p, ev);
	if (q) {
		ck_assert_ok(zeCommandListClose(bad));
		ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &bad,
							       NULL));
	}
	ck_assert_ze(zeEventHostSynchronize(ev, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "an aggregated event whose producer is banned is lost");
	ck_assert_ze(ev_sync_many(1, &ev, true, FOREVER, NULL),
		     ZE_RESULT_ERROR_DEVICE_LOST, "for a wait for many too");
	check_device_wait_lost(ev);
	ck_assert_ok(zeEventDestroy(ev));

	/* A new event on the storage waits for its own producers. */
	ev = aggregated_event(storage);
	ck_assert_ok(zeCommandListAppendSignalEvent(good, ev));
	ck_assert_ok(zeCommandListAppendSignalEvent(good, ev));
	ck_assert_ze(zeEventHostSynchronize(ev, FOREVER), ZE_RESULT_SUCCESS,
		     "the storage is alive again with a healthy producer");
	ck_assert_ok(zeEventDestroy(ev));

	ck_assert_ok(zeCommandListDestroy(bad));
	ck_assert_ok(zeCommandListDestroy(good));
	if (q)
		ck_assert_ok(zeCommandQueueDestroy(q));
	if (_i == 2)
		free(storage);
}
END_TEST

/*
 * Another process (libze_test_helper lost-export) exports a counter-based
 * event and a pool event that its banned queue was to signal; here, host
 * waits, a sync_file and an own list's wait on them end.
 */
START_TEST(test_lost_imported_events)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t mine = lz_cb_event(CB_IMM);
	ze_event_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_EVENT_DESC };
	ze_ipc_event_counter_based_handle_t h;
	ze_ipc_event_pool_handle_t ph;
	ze_event_pool_handle_t pool;
	unsigned char status = 0xff;
	ze_event_handle_t cb, e0;
	int sock, fd, wstatus;
	pid_t pid;

	sock = lz_start_helper("lost-export", &pid);
	ck_assert_int_eq(recv(sock, &h, sizeof(h), MSG_WAITALL), sizeof(h));
	ck_assert_int_eq(recv(sock, &ph, sizeof(ph), MSG_WAITALL), sizeof(ph));
	ck_assert_ok(core_open_ipc(lz_context, h, &cb));
	ck_assert_ok(zeEventPoolOpenIpcHandle(lz_context, ph, &pool));
	ck_assert_ok(zeEventCreate(pool, &desc, &e0));
	ck_assert_ze(zeEventQueryStatus(cb), ZE_RESULT_NOT_READY,
		     "the exporter's work is held by its gate");
	ck_assert_ok(ev_sync_file(cb, &fd));
	/* Our own queue waits for both on the device. */
	ck_assert_ok(zeCommandListAppendBarrier(list, mine, 2,
						(ze_event_handle_t[]){ cb, e0 }));
	ck_assert_int_eq(write(sock, "o", 1), 1);

	ck_assert_ze(zeEventHostSynchronize(cb, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "an imported counter-based event of a banned queue is lost");
	ck_assert_ze(zeEventHostSynchronize(e0, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "an imported pool event of a banned queue is lost");
	ck_assert_ze(zeEventHostSynchronize(mine, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "our list, which waited for them, is banned too");
	ck_assert_ze(lz_list_sync(list, FOREVER), ZE_RESULT_ERROR_DEVICE_LOST,
		     "our list is lost");
	assert_sync_file_lost(fd);

	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeEventDestroy(mine));
	ck_assert_ok(zeEventDestroy(e0));
	ck_assert_ok(zeEventPoolCloseIpcHandle(pool));
	ck_assert_ok(core_close_ipc(cb));
	ck_assert_int_eq(write(sock, "d", 1), 1);
	ck_assert_int_eq(read(sock, &status, 1), 1);
	ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
	ck_assert_msg(status == 0, "the helper failed at step %u", status);
	ck_assert_msg(WIFEXITED(wstatus) && !WEXITSTATUS(wstatus),
		      "the helper exits cleanly");
	close(sock);
}
END_TEST

static Suite *lost_suite(void)
{
	Suite *s = suite_create("lost");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	/* Bounds a wait that would never return. */
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_lost_cb_event_of_immediate_list);
	tcase_add_test(tc, test_lost_cb_event_of_regular_list);
	tcase_add_loop_test(tc, test_lost_pool_event_of_immediate_list, 0, 2);
	tcase_add_test(tc, test_lost_other_queue_unaffected);
	tcase_add_loop_test(tc, test_lost_pool_event_of_regular_list, 0, 2);
	tcase_add_test(tc, test_lost_wait_many_across_writers);
	tcase_add_loop_test(tc, test_lost_sync_file, 0, 2);
	tcase_add_test(tc, test_lost_device_wait_chain);
	tcase_add_test(tc, test_lost_imported_events);
	tcase_add_loop_test(tc, test_lost_external_storage, 0, 2);
	tcase_add_loop_test(tc, test_lost_aggregate_storage, 0, 3);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(lost_suite());
}
