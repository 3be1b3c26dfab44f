// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of counter-based events on the application's storage and of
 * the driver's event extensions, through the loader:
 *
 * - external sync storage (the seed's "External storage"): the event is
 *   complete once the host writes both locations, a signal replaces it;
 *   every host-side wait reads the host allocation;
 * - aggregated events (the seed's "Aggregated event"): signalled from
 *   several lists, each adding its increment atomically, one compare to
 *   wait; storage the application may reset;
 * - their mutual exclusion and residency rules;
 * - zexEventExportSyncFile() (cb_event_wait.c): a pollable sync_file of
 *   the event's current state;
 * - zexEventHostSynchronizeMany(): all/any of many events, one io_uring
 *   wait.
 */

#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "libze_test.h"
#include "libze_test_cb.h"
#include "check_run.h"

#define N	4096u

static void setup(void)
{
	lz_setup();
	lz_cb_setup();
}

static void teardown(void)
{
	lz_teardown();
}

static uint8_t *buffer(uint8_t fill)
{
	uint8_t *p = lz_alloc_host(N);

	memset(p, fill, N);
	return p;
}

static void store(uint64_t *p, uint64_t v)
{
	__atomic_store_n(p, v, __ATOMIC_RELEASE);
}

/* ---- external sync storage ----------------------------------------------- */

/*
 * Made with each of its three descriptors, the event waits for the
 * application's value; the host completes it by writing both locations.
 * The fourth time the storage is malloc'ed memory, which the device
 * reaches as a shared system allocation.
 */
START_TEST(test_cb_external_storage_host_write)
{
	bool sys = _i == 3;
	uint64_t *dev_mem = sys ? calloc(8, 8) : lz_alloc_device(64);
	uint64_t *host_mem = sys ? dev_mem : lz_alloc_host(64);
	zex_counter_based_event_external_sync_alloc_properties_t zext = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_EXTERNAL_SYNC_ALLOC_PROPERTIES,
		.deviceAddress = dev_mem,
		.hostAddress = host_mem,
		.completionValue = 10,
	};
	ze_event_counter_based_external_sync_allocation_desc_t core = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION_DESC,
		.deviceAddress = dev_mem,
		.hostAddress = host_mem,
		.completionValue = 10,
	};
	zex_counter_based_event_desc_t desc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.flags = CB_IMM,
	};
	ze_event_desc_t edesc = { .stype = ZE_STRUCTURE_TYPE_EVENT_DESC };
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint8_t *src = buffer(0x42), *dst = buffer(0);
	ze_event_handle_t ev;
	uint64_t v, a;

	store(dev_mem, 0);
	store(host_mem, 0);
	switch (_i) {
	case 3:
	case 0:
		desc.pNext = &zext;
		ck_assert_ok(cb_create2(lz_context, lz_device, &desc, &ev));
		break;
	case 1:
		desc.pNext = &core;
		ck_assert_ok(cb_create2(lz_context, lz_device, &desc, &ev));
		break;
	default:
		ck_assert_ok(cb_create_old(lz_context, lz_device, dev_mem,
					   host_mem, 10, &edesc, &ev));
		break;
	}

	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "an event on external storage starts there, not complete");
	ck_assert_ok(cb_address(ev, &v, &a));
	ck_assert_msg(v == 10 && a == (uintptr_t)dev_mem,
		      "it points at the application's value and address");
	lz_cb_copy(list, dst, src, N, NULL, 1, &ev);
	ck_assert_ze(lz_list_sync(list, 20 * MS), ZE_RESULT_NOT_READY,
		     "the device waits for it");

	store(host_mem, 9);
	store(dev_mem, 9);
	ck_assert_ze(zeEventHostSynchronize(ev, 20 * MS), ZE_RESULT_NOT_READY,
		     "9 is not 10");
	store(host_mem, 10);
	store(dev_mem, 10);
	ck_assert_ze(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS, "the host's write completes it");
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_msg(lz_all(dst, 0x42, N), "and the device went on");

	/* A signal replaces the external state like any other. */
	store(host_mem, 0);
	store(dev_mem, 0);
	lz_cb_spin(list, MS, ev, 0, NULL);
	ck_assert_ok(cb_address(ev, &v, &a));
	ck_assert_msg(a != (uintptr_t)dev_mem, "now it is the list's counter");
	ck_assert_ze(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS, "and completes with the list");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
	if (sys)
		free(dev_mem);
}
END_TEST

/* A host wait that sleeps is woken by another thread's write. */
static void *complete_later(void *arg)
{
	uint64_t **mem = arg;

	usleep(50000);
	store(mem[1], 3);
	store(mem[0], 3);
	return NULL;
}

START_TEST(test_cb_external_storage_sleeping_wait)
{
	uint64_t *mem[2] = { lz_alloc_shared(8), lz_alloc_host(8) };
	ze_event_counter_based_external_sync_allocation_desc_t ext = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION_DESC,
		.deviceAddress = mem[0],
		.hostAddress = mem[1],
		.completionValue = 3,
	};
	ze_event_counter_based_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC,
		.pNext = &ext,
	};
	pthread_t thread;
	ze_event_handle_t ev;

	store(mem[0], 0);
	store(mem[1], 0);
	ck_assert_ok(cb_create(lz_context, lz_device, &desc, &ev));
	ck_assert_int_eq(pthread_create(&thread, NULL, complete_later, mem), 0);
	ck_assert_ze(zeEventHostSynchronize(ev, UINT64_MAX), ZE_RESULT_SUCCESS,
		     "an endless wait ends with the other thread's write");
	pthread_join(thread, NULL);
	ck_assert_ok(zeEventDestroy(ev));
}
END_TEST

/* ---- aggregated events -------------------------------------------------- */

/*
 * Three lists signal one aggregated event, each adding 5; it completes at
 * 15, with one compare. The application resets the storage to use it
 * again.
 */
START_TEST(test_cb_aggregated_from_several_lists)
{
	uint64_t *storage = lz_alloc_device(8);
	zex_counter_based_event_external_storage_properties_t agg = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_EXTERNAL_STORAGE_ALLOC_PROPERTIES,
		.deviceAddress = storage,
		.incrementValue = 5,
		.completionValue = 15,
	};
	zex_counter_based_event_desc_t desc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.pNext = &agg,
		.flags = CB_BOTH,
	};
	ze_command_list_handle_t lists[3], consumer = lz_immediate_list(true);
	ze_command_list_handle_t reg = lz_list(true);
	ze_command_queue_handle_t q = lz_queue();
	ze_event_pool_handle_t pool = lz_event_pool(0, 1);
	ze_event_handle_t ev, gate = lz_event(pool, 0);
	uint8_t *src[3], *dst[3], *out = buffer(0);
	uint64_t v, a;
	unsigned int i;

	store(storage, 0);
	ck_assert_ok(cb_create2(lz_context, lz_device, &desc, &ev));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "0 of 15");
	for (i = 0; i < 3; i++) {
		lists[i] = lz_immediate_list(true);
		src[i] = buffer(0x10 + i);
		dst[i] = buffer(0);
		/* The last producer is held until the host lets it go. */
		if (i == 2)
			ck_assert_ok(zeCommandListAppendWaitOnEvents(lists[i],
								     1, &gate));
		lz_cb_spin(lists[i], (i + 1) * 10 * MS, NULL, 0, NULL);
		lz_cb_copy(lists[i], dst[i], src[i], N, ev, 0, NULL);
	}
	ck_assert_ok(cb_address(ev, &v, &a));
	ck_assert_msg(v == 15 && a == (uintptr_t)storage,
		      "the state never changes: the storage and 15");
	lz_cb_copy(consumer, out, dst[2], N, NULL, 1, &ev);

	ck_assert_ok(lz_list_sync(lists[0], LZ_TIMEOUT_NS));
	ck_assert_ok(lz_list_sync(lists[1], LZ_TIMEOUT_NS));
	ck_assert_msg(*storage == 10, "two producers added 5 each: %llu",
		      (unsigned long long)*storage);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "10 of 15 is not complete");
	ck_assert_ze(lz_list_sync(consumer, 20 * MS), ZE_RESULT_NOT_READY,
		     "its waiter waits");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ze(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS, "the third completes it");
	ck_assert_ok(lz_list_sync(consumer, LZ_TIMEOUT_NS));
	for (i = 0; i < 3; i++)
		ck_assert_msg(lz_all(dst[i], 0x10 + i, N), "producer %u ran", i);
	ck_assert_msg(lz_all(out, 0x12, N),
		      "the consumer waited for the last producer");
	ck_assert_msg(*storage == 15, "15 in the storage");

	/* Reset by the application, signalled by a regular list too. */
	store(storage, 0);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "the application reset it");
	for (i = 0; i < 3; i++)
		ck_assert_ok(zeCommandListAppendSignalEvent(reg, ev));
	ck_assert_ok(zeCommandListClose(reg));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &reg, NULL));
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandQueueSynchronize(q, LZ_TIMEOUT_NS));
	ck_assert_msg(*storage == 15, "three signals of one list add 15");

	for (i = 0; i < 3; i++)
		ck_assert_ok(zeCommandListDestroy(lists[i]));
	ck_assert_ok(zeCommandListDestroy(consumer));
	ck_assert_ok(zeCommandListDestroy(reg));
	ck_assert_ok(zeCommandQueueDestroy(q));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
}
END_TEST

START_TEST(test_cb_storage_rules)
{
	uint64_t *dev_mem = lz_alloc_device(64), *host_mem = lz_alloc_host(64);
	uint64_t not_device_memory[2] = { 0 };
	ze_event_counter_based_external_sync_allocation_desc_t sync = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION_DESC,
		.deviceAddress = dev_mem,
		.hostAddress = host_mem,
		.completionValue = 1,
	};
	ze_event_counter_based_external_aggregate_storage_desc_t agg = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_AGGREGATE_STORAGE_DESC,
		.deviceAddress = dev_mem + 1,
		.incrementValue = 1,
		.completionValue = 1,
	};
	ze_event_counter_based_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC,
		.flags = ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE |
			 ZE_EVENT_COUNTER_BASED_FLAG_IPC,
	};
	zex_ipc_counter_based_event_handle_t h;
	ze_event_handle_t ev = NULL;

	sync.pNext = &agg;
	desc.pNext = &sync;
	ck_assert_ze(cb_create(lz_context, lz_device, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "external sync and aggregate storage exclude each other");
	sync.pNext = NULL;
	/* The device reaches the process's memory: the stack will do. */
	sync.deviceAddress = not_device_memory;
	ck_assert_ok(cb_create(lz_context, lz_device, &desc, &ev));
	ck_assert_ok(zeEventDestroy(ev));
	ev = NULL;
	sync.deviceAddress = (uint64_t *)((char *)not_device_memory + 4);
	ck_assert_ze(cb_create(lz_context, lz_device, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "system memory storage is 8-byte aligned too");
	sync.deviceAddress = NULL;
	ck_assert_ze(cb_create(lz_context, lz_device, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "a device address is needed");
	sync.deviceAddress = (uint64_t *)((char *)dev_mem + 4);
	ck_assert_ze(cb_create(lz_context, lz_device, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "8-byte aligned");
	sync.deviceAddress = dev_mem;
	sync.hostAddress = NULL;
	ck_assert_ze(cb_create(lz_context, lz_device, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "and a host address");
	sync.hostAddress = (uint64_t *)((char *)not_device_memory + 4);
	ck_assert_ze(cb_create(lz_context, lz_device, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "the host address is aligned: host waits sleep on it");
	sync.hostAddress = not_device_memory;
	ck_assert_ok(cb_create(lz_context, lz_device, &desc, &ev));
	ck_assert_ok(zeEventDestroy(ev));
	ev = NULL;

	desc.pNext = &agg;
	agg.incrementValue = 0;
	ck_assert_ze(cb_create(lz_context, lz_device, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an aggregated event adds something");
	agg.incrementValue = 1;
	agg.deviceAddress = (uint64_t *)((char *)not_device_memory + 2);
	ck_assert_ze(cb_create(lz_context, lz_device, &desc, &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "its storage is aligned");
	ck_assert_msg(!ev, "nothing was made");
	agg.deviceAddress = not_device_memory;
	ck_assert_ok(cb_create(lz_context, lz_device, &desc, &ev));
	ck_assert_ok(zeEventDestroy(ev));
	ev = NULL;

	/* Events on the application's storage are not shared. */
	agg.deviceAddress = dev_mem + 1;
	ck_assert_ok(cb_create(lz_context, lz_device, &desc, &ev));
	ck_assert_ze(cb_get_ipc(ev, &h), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "no IPC handle of an aggregated event");
	ck_assert_ok(zeEventDestroy(ev));
	sync.hostAddress = host_mem;
	desc.pNext = &sync;
	ck_assert_ok(cb_create(lz_context, lz_device, &desc, &ev));
	ck_assert_ze(cb_get_ipc(ev, &h), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "nor of one on external sync storage");
	ck_assert_ok(zeEventDestroy(ev));
}
END_TEST

/* ---- sync_file ---------------------------------------------------------- */

static int poll_fd(int fd, int timeout_ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, timeout_ms) == 1 && (p.revents & POLLIN);
}

START_TEST(test_cb_sync_file)
{
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t ev = lz_cb_event(CB_IMM), gate = lz_event(pool, 0);
	ze_command_list_handle_t l1 = lz_immediate_list(true);
	ze_command_list_handle_t l2 = lz_immediate_list(true);
	int fd_new = -1, fd_x = -1, fd_y = -1, fd_gate = -1;

	ck_assert_ok(ev_sync_file(ev, &fd_new));
	ck_assert_msg(poll_fd(fd_new, 0),
		      "a new, complete event gives a signalled fence");

	ck_assert_ok(zeCommandListAppendWaitOnEvents(l1, 1, &gate));
	lz_cb_spin(l1, 0, ev, 0, NULL);
	ck_assert_ok(ev_sync_file(ev, &fd_x));
	ck_assert_ok(ev_sync_file(gate, &fd_gate));
	lz_cb_spin(l2, 0, ev, 0, NULL);
	ck_assert_ok(ev_sync_file(ev, &fd_y));
	ck_assert_msg(poll_fd(fd_y, 10000), "the new state completes");
	ck_assert_msg(!poll_fd(fd_x, 50),
		      "the fd of the old state does not follow the event");
	ck_assert_msg(!poll_fd(fd_gate, 0), "nor does a regular event's fence");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_msg(poll_fd(fd_gate, 10000), "a regular event's fence signals");
	ck_assert_msg(poll_fd(fd_x, 10000), "then the old state's");

	close(fd_new);
	close(fd_x);
	close(fd_y);
	close(fd_gate);
	ck_assert_ze(ev_sync_file(ev, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the fd goes somewhere");
	ck_assert_ok(zeCommandListDestroy(l1));
	ck_assert_ok(zeCommandListDestroy(l2));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
}
END_TEST

/*
 * The host's waits read what the host reads: the host allocation (the
 * seed: "Host allocation (hostAddress) must be accessible by CPU (eg.
 * waiting for completion)"). A write there alone completes the query, a
 * zeEventHostSynchronize() and a zexEventHostSynchronizeMany() that sleep
 * in the kernel in other threads (with a finite timeout), and the
 * sync_file exported before the write. deviceAddress is the device's.
 */
struct host_waiter {
	ze_event_handle_t ev;
	bool many;
	_Atomic pid_t tid;
	ze_result_t ret;
};

static void *host_wait(void *arg)
{
	struct host_waiter *w = arg;

	__atomic_store_n(&w->tid, gettid(), __ATOMIC_RELEASE);
	if (w->many)
		w->ret = ev_sync_many(1, &w->ev, true, LZ_TIMEOUT_NS, NULL);
	else
		w->ret = zeEventHostSynchronize(w->ev, LZ_TIMEOUT_NS);
	return NULL;
}

/* Is thread @tid of this process blocked in system call @nr? */
static bool blocked_in(pid_t tid, long nr)
{
	char path[64], buf[64];
	long cur = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/syscall", (int)tid);
	f = fopen(path, "r");
	if (!f)
		return false;
	if (fgets(buf, sizeof(buf), f))
		cur = strtol(buf, NULL, 10);
	fclose(f);
	return cur == nr;
}

/* Wait until @w's thread sleeps in the kernel in system call @nr. */
static void wait_until_asleep(struct host_waiter *w, long nr)
{
	uint64_t until = lz_now_ns() + LZ_TIMEOUT_NS;
	pid_t tid;

	while (!(tid = __atomic_load_n(&w->tid, __ATOMIC_ACQUIRE)) ||
	       !blocked_in(tid, nr)) {
		ck_assert_msg(lz_now_ns() < until,
			      "the waiter went to sleep in the kernel");
		sched_yield();
	}
}

START_TEST(test_cb_external_storage_host_waits_read_host_address)
{
	uint64_t *dev_mem = lz_alloc_device(64), *host_mem = lz_alloc_host(64);
	ze_event_counter_based_external_sync_allocation_desc_t ext = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION_DESC,
		.deviceAddress = dev_mem,
		.hostAddress = host_mem,
		.completionValue = 7,
	};
	ze_event_counter_based_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC,
		.pNext = &ext,
	};
	struct host_waiter one = { .many = false }, many = { .many = true };
	pthread_t t1, t2;
	ze_event_handle_t ev;
	int fd = -1;

	store(dev_mem, 0);
	store(host_mem, 0);
	ck_assert_ok(cb_create(lz_context, lz_device, &desc, &ev));
	one.ev = many.ev = ev;
	ck_assert_ok(ev_sync_file(ev, &fd));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "the event starts on the application's storage");
	ck_assert_int_eq(pthread_create(&t1, NULL, host_wait, &one), 0);
	ck_assert_int_eq(pthread_create(&t2, NULL, host_wait, &many), 0);
	wait_until_asleep(&one, SYS_ioctl);
	wait_until_asleep(&many, SYS_io_uring_enter);
	ck_assert_msg(!poll_fd(fd, 0), "the fence is not signalled yet");

	store(host_mem, 7);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "a write of the host allocation completes the query");
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	ck_assert_ze(one.ret, ZE_RESULT_SUCCESS,
		     "and the sleeping zeEventHostSynchronize()");
	ck_assert_ze(many.ret, ZE_RESULT_SUCCESS,
		     "and the sleeping zexEventHostSynchronizeMany()");
	ck_assert_msg(poll_fd(fd, 10000), "and the sync_file's fence");
	ck_assert_ze(zeEventHostSynchronize(ev, 0), ZE_RESULT_SUCCESS,
		     "every host path agrees");
	close(fd);
	ck_assert_ok(zeEventDestroy(ev));
}
END_TEST

/* ---- one wait for many -------------------------------------------------- */

#define MANY	8

START_TEST(test_cb_host_synchronize_many)
{
	ze_command_list_handle_t lists[MANY];
	ze_event_handle_t ev[MANY], fresh = lz_cb_event(CB_IMM);
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t gate = lz_event(pool, 0);
	uint64_t start;
	uint32_t i, index = UINT32_MAX;

	for (i = 0; i < MANY; i++) {
		lists[i] = lz_immediate_list(true);
		ev[i] = lz_cb_event(CB_IMM);
		/*
		 * Nothing starts before the host opens the gate, however
		 * slow the machine; then event 5 finishes first, at 1 ms,
		 * the others after 500+ ms.
		 */
		lz_cb_spin(lists[i], i == 5 ? 1 * MS : (500 + 10 * i) * MS,
			   ev[i], 1, &gate);
	}
	ck_assert_ze(ev_sync_many(MANY, ev, 1, 0, NULL), ZE_RESULT_NOT_READY,
		     "a check of pending events");
	ck_assert_ze(ev_sync_many(MANY, ev, 0, 5 * MS, &index),
		     ZE_RESULT_NOT_READY, "none within 5 ms");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ze(ev_sync_many(MANY, ev, 0, LZ_TIMEOUT_NS, &index),
		     ZE_RESULT_SUCCESS, "any");
	ck_assert_msg(index == 5, "the first to complete: %u", index);
	ck_assert_ze(zeEventQueryStatus(ev[0]), ZE_RESULT_NOT_READY,
		     "while the others still run");

	start = lz_now_ns();
	ck_assert_ze(ev_sync_many(MANY, ev, 1, LZ_TIMEOUT_NS, NULL),
		     ZE_RESULT_SUCCESS, "all");
	for (i = 0; i < MANY; i++)
		ck_assert_ze(zeEventQueryStatus(ev[i]), ZE_RESULT_SUCCESS,
			     "every event is complete");
	ck_assert_msg(lz_now_ns() - start < 5000 * MS, "in time");

	/* A complete event settles an "any" wait without the kernel. */
	lz_cb_spin(lists[0], 200 * MS, ev[0], 0, NULL);
	ev[1] = fresh;
	ck_assert_ze(ev_sync_many(2, ev, 0, LZ_TIMEOUT_NS, &index),
		     ZE_RESULT_SUCCESS, "any, one never signalled");
	ck_assert_msg(index == 1, "the complete one");

	ck_assert_ze(ev_sync_many(0, ev, 1, 0, NULL), ZE_RESULT_ERROR_INVALID_SIZE,
		     "at least one event");
	ck_assert_ze(ev_sync_many(ZEX_XE_CBEV_EVENT_WAIT_MANY_MAX + 1, ev, 1, 0,
				  NULL),
		     ZE_RESULT_ERROR_INVALID_SIZE, "at most 4096");
	ck_assert_ze(ev_sync_many(1, NULL, 1, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER, "events are needed");
	ck_assert_ok(lz_list_sync(lists[0], LZ_TIMEOUT_NS));
	for (i = 0; i < MANY; i++) {
		ck_assert_ok(zeCommandListDestroy(lists[i]));
		if (i != 1)
			ck_assert_ok(zeEventDestroy(ev[i]));
	}
	ck_assert_ok(zeEventDestroy(fresh));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
}
END_TEST

/* Thousands of events, one wait: all of them complete in any order. */
START_TEST(test_cb_host_synchronize_thousands)
{
	enum { COUNT = 2000 };
	ze_command_list_handle_t lists[4];
	ze_event_handle_t *ev = malloc(COUNT * sizeof(*ev));
	uint32_t i;

	for (i = 0; i < 4; i++)
		lists[i] = lz_immediate_list(true);
	for (i = 0; i < COUNT; i++) {
		ev[i] = lz_cb_event(CB_IMM);
		if (i % 500 == 0)
			lz_cb_spin(lists[i % 4], 20 * MS, NULL, 0, NULL);
		ck_assert_ok(zeCommandListAppendSignalEvent(lists[i % 4], ev[i]));
	}
	ck_assert_ze(ev_sync_many(COUNT, ev, 1, LZ_TIMEOUT_NS, NULL),
		     ZE_RESULT_SUCCESS, "all 2000");
	for (i = 0; i < COUNT; i++) {
		ck_assert_ze(zeEventQueryStatus(ev[i]), ZE_RESULT_SUCCESS,
			     "each is complete");
		ck_assert_ok(zeEventDestroy(ev[i]));
	}
	for (i = 0; i < 4; i++)
		ck_assert_ok(zeCommandListDestroy(lists[i]));
	free(ev);
}
END_TEST

static Suite *cb_ext_suite(void)
{
	Suite *s = suite_create("cb_event_ext");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_cb_external_storage_host_write, 0, 4);
	tcase_add_test(tc, test_cb_external_storage_sleeping_wait);
	tcase_add_test(tc, test_cb_aggregated_from_several_lists);
	tcase_add_test(tc, test_cb_sync_file);
	tcase_add_test(tc, test_cb_external_storage_host_waits_read_host_address);
	tcase_add_test(tc, test_cb_host_synchronize_many);
	tcase_add_test(tc, test_cb_host_synchronize_thousands);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_cb_storage_rules);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(cb_ext_suite());
}
