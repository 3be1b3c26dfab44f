// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of more than one device (the module loaded with devices=2;
 * the VM runs suites named *_multidev* so, see tests/vm/init.sh): the
 * driver reports both, with peer access between them; memory allocated on
 * one is used by the other's lists at the same pointer; a regular event
 * signalled on one is waited for on the other; a counter-based event stays
 * on its device (refused elsewhere); memory, event-pool and counter-based
 * event IPC handles made on device 0 are opened and used on device 1 by
 * another process (libze_test_helper with LIBZE_TEST_HELPER_DEVICE=1).
 */

#include <sys/socket.h>

#include <sys/wait.h>
#include <unistd.h>

#include <zex_counter_based_event.h>

#include "libze_test.h"
#include "libze_test_cb.h"
#include "common/ipc_socket.h"
#include "check_run.h"

#define SIZE	(64u << 10)

static ze_device_handle_t dev[2];

static void setup(void)
{
	uint32_t n = 0;

	lz_setup();
	ck_assert_ok(zeDeviceGet(lz_driver, &n, NULL));
	ck_assert_msg(n == 2, "two devices (the module loaded with devices=2), not %u",
		      n);
	ck_assert_ok(zeDeviceGet(lz_driver, &n, dev));
	ck_assert_msg(dev[0] == lz_device, "the first is the fixture's");
}

static void teardown(void)
{
	lz_teardown();
}

static void *alloc_device_on(ze_device_handle_t d)
{
	ze_device_mem_alloc_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC,
	};
	void *p = NULL;

	ck_assert_ok(zeMemAllocDevice(lz_context, &desc, SIZE, 0, d, &p));
	return p;
}

static ze_command_list_handle_t list_on(ze_device_handle_t d, bool in_order)
{
	ze_command_queue_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = in_order ? ZE_COMMAND_QUEUE_FLAG_IN_ORDER : 0,
		.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
	};
	ze_command_list_handle_t list = NULL;
	ze_result_t (*create)(ze_context_handle_t, ze_device_handle_t,
			      const ze_command_queue_desc_t *,
			      ze_command_list_handle_t *);

	/* The driver's own entry, as lz_create_immediate() takes it. */
	*(void **)&create = lz_function("zeCommandListCreateImmediate");
	ck_assert_ok(create(lz_context, d, &desc, &list));
	return list;
}

/* ---- enumeration and peer properties ----------------------------------- */

START_TEST(test_two_devices_reported)
{
	ze_device_properties_t p0 = { .stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES };
	ze_device_properties_t p1 = { .stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES };

	ck_assert_ok(zeDeviceGetProperties(dev[0], &p0));
	ck_assert_ok(zeDeviceGetProperties(dev[1], &p1));
	ck_assert_int_eq(p0.type, ZE_DEVICE_TYPE_GPU);
	ck_assert_int_eq(p1.type, ZE_DEVICE_TYPE_GPU);
	ck_assert_msg(memcmp(p0.uuid.id, p1.uuid.id, sizeof(p0.uuid.id)),
		      "each device has its own uuid");
}
END_TEST

START_TEST(test_peer_access)
{
	ze_device_p2p_properties_t p2p = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_P2P_PROPERTIES,
	};
	ze_bool_t can = 0;
	int a, b;

	for (a = 0; a < 2; a++) {
		for (b = 0; b < 2; b++) {
			can = 0;
			ck_assert_ok(zeDeviceCanAccessPeer(dev[a], dev[b], &can));
			ck_assert_msg(can, "device %d reaches device %d's memory",
				      a, b);
		}
	}
	ck_assert_ok(zeDeviceGetP2PProperties(dev[1], dev[0], &p2p));
	ck_assert_msg(p2p.flags & ZE_DEVICE_P2P_PROPERTY_FLAG_ACCESS,
		      "peer access is reported");
	ck_assert_msg(p2p.flags & ZE_DEVICE_P2P_PROPERTY_FLAG_ATOMICS,
		      "and peer atomics");
}
END_TEST

/* ---- memory of one device used by the other ----------------------------- */

START_TEST(test_copy_on_device1_from_device0_memory)
{
	uint8_t *src = alloc_device_on(dev[0]), *mid = alloc_device_on(dev[0]);
	uint8_t *dst = lz_alloc_shared(SIZE);
	ze_command_list_handle_t list = list_on(dev[1], true);

	lz_fill_pattern(src, SIZE, 7, 3);
	memset(dst, 0, SIZE);
	ck_assert_ze(zeCommandListAppendMemoryCopy(list, mid, src, SIZE, NULL,
						   0, NULL),
		     ZE_RESULT_SUCCESS,
		     "device 1 copies between allocations of device 0");
	ck_assert_ze(zeCommandListAppendMemoryCopy(list, dst, mid, SIZE, NULL,
						   0, NULL),
		     ZE_RESULT_SUCCESS, "and into shared memory");
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_msg(lz_check_pattern(mid, SIZE, 7, 3),
		      "device 0's memory holds the copy");
	ck_assert_msg(lz_check_pattern(dst, SIZE, 7, 3),
		      "the shared allocation too");

	ck_assert_ok(zeCommandListDestroy(list));
	lz_free(dst);
	lz_free(mid);
	lz_free(src);
}
END_TEST

/* A regular event of device 0's pool: device 0 signals, device 1 waits. */
START_TEST(test_event_signalled_on_device0_waited_on_device1)
{
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t gate = lz_event(pool, 0), done = lz_event(pool, 1);
	ze_command_list_handle_t l0 = list_on(dev[0], false);
	ze_command_list_handle_t l1 = list_on(dev[1], false);
	uint8_t *src = alloc_device_on(dev[0]), *dst = lz_alloc_shared(SIZE);

	lz_fill_pattern(src, SIZE, 5, 9);
	memset(dst, 0, SIZE);
	ck_assert_ok(zeCommandListAppendMemoryCopy(l1, dst, src, SIZE, done, 1,
						   &gate));
	ck_assert_ze(zeEventQueryStatus(done), ZE_RESULT_NOT_READY,
		     "device 1 waits for the event device 0 has not signalled");
	ck_assert_ok(zeCommandListAppendSignalEvent(l0, gate));
	ck_assert_ze(zeEventHostSynchronize(done, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS, "device 0's signal releases device 1");
	ck_assert_msg(lz_check_pattern(dst, SIZE, 5, 9), "and device 1 copied");

	ck_assert_ok(zeCommandListDestroy(l0));
	ck_assert_ok(zeCommandListDestroy(l1));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeEventPoolDestroy(pool));
	lz_free(dst);
	lz_free(src);
}
END_TEST

/* A counter-based event is a counter of its device: refused on another. */
START_TEST(test_cb_event_stays_on_its_device)
{
	ze_result_t (*create2)(ze_context_handle_t, ze_device_handle_t,
			       const zex_counter_based_event_desc_t *,
			       ze_event_handle_t *);
	zex_counter_based_event_desc_t desc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.flags = ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE,
		.signalScope = ZE_EVENT_SCOPE_FLAG_HOST,
		.waitScope = ZE_EVENT_SCOPE_FLAG_HOST,
	};
	ze_command_list_handle_t l0 = list_on(dev[0], true);
	ze_command_list_handle_t l1 = list_on(dev[1], true);
	uint8_t *a = lz_alloc_shared(SIZE), *b = lz_alloc_shared(SIZE);
	ze_event_handle_t ev = NULL;

	*(void **)&create2 = lz_function("zexCounterBasedEventCreate2");
	ck_assert_ok(create2(lz_context, dev[0], &desc, &ev));
	lz_fill_pattern(a, SIZE, 3, 1);
	ck_assert_ok(zeCommandListAppendMemoryCopy(l0, b, a, SIZE, ev, 0, NULL));
	ck_assert_ze(zeCommandListAppendWaitOnEvents(l1, 1, &ev),
		     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "another device's queue cannot wait for the counter");
	ck_assert_ze(zeCommandListAppendMemoryCopy(l1, b, a, SIZE, ev, 0, NULL),
		     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "nor signal it");
	ck_assert_ze(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS, "its own device signalled it");
	ck_assert_msg(lz_check_pattern(b, SIZE, 3, 1), "with the copy done");
	ck_assert_ok(zeCommandListAppendMemoryCopy(l1, a, b, SIZE, NULL, 0, NULL));
	ck_assert_ok(lz_list_sync(l1, LZ_TIMEOUT_NS));

	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(l0));
	ck_assert_ok(zeCommandListDestroy(l1));
	lz_free(a);
	lz_free(b);
}
END_TEST

/* ---- IPC across devices ------------------------------------------------- */

/*
 * In one process: device 0's memory opened on device 1 (a peer import,
 * at a new pointer) is written through that pointer by device 0's list.
 */
START_TEST(test_mem_ipc_opened_on_other_device_in_process)
{
	ze_context_desc_t cdesc = { .stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC };
	uint8_t *p = alloc_device_on(dev[0]), *src = alloc_device_on(dev[0]);
	ze_command_list_handle_t list = list_on(dev[0], true);
	ze_ipc_mem_handle_t handle;
	ze_context_handle_t ctx;
	uint8_t *q = NULL;

	lz_fill_pattern(p, SIZE, 7, 0);
	lz_fill_pattern(src, SIZE, 3, 1);
	ck_assert_ok(zeMemGetIpcHandle(lz_context, p, &handle));
	ck_assert_ok(zeContextCreate(lz_driver, &cdesc, &ctx));
	ck_assert_ze(zeMemOpenIpcHandle(ctx, dev[1], handle, 0, (void **)&q),
		     ZE_RESULT_SUCCESS, "device 0's handle opens on device 1");
	ck_assert_msg(lz_check_pattern(q, SIZE, 7, 0), "with the data");
	ck_assert_ze(zeCommandListAppendMemoryCopy(list, q, src, SIZE, NULL, 0,
						   NULL),
		     ZE_RESULT_SUCCESS,
		     "device 0 writes through the pointer opened on device 1");
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_msg(lz_check_pattern(p, SIZE, 3, 1), "into the same pages");
	ck_assert_ok(zeMemCloseIpcHandle(ctx, q));
	ck_assert_ok(zeContextDestroy(ctx));
	ck_assert_ok(((ze_result_t (*)(ze_context_handle_t,
				       ze_ipc_mem_handle_t))
		      lz_function("zeMemPutIpcHandle"))(lz_context, handle));
	ck_assert_ok(zeCommandListDestroy(list));
	lz_free(src);
	lz_free(p);
}
END_TEST

/* Memory of device 0 here, opened and written by device 1 there. */
static void mem_ipc_to_device1(const char *role, bool bytes)
{
	uint8_t *p = alloc_device_on(dev[0]);
	ze_ipc_mem_handle_t handle;
	pid_t pid;
	int sock;

	lz_fill_pattern(p, SIZE, 7, 0);
	ck_assert_ok(zeMemGetIpcHandle(lz_context, p, &handle));
	ck_assert_int_eq(setenv("LIBZE_TEST_HELPER_DEVICE", "1", 1), 0);
	sock = lz_start_helper(role, &pid);
	if (bytes)
		ck_assert_int_eq(write(sock, &handle, sizeof(handle)),
				 sizeof(handle));
	else
		ck_assert_int_eq(ipc_send_handle(sock, &handle), 0);
	lz_finish_helper(sock, pid, role);
	ck_assert_msg(lz_check_pattern(p, SIZE, 3, 1),
		      "device 0's memory holds what device 1 wrote");
	ck_assert_ok(((ze_result_t (*)(ze_context_handle_t,
				       ze_ipc_mem_handle_t))
		      lz_function("zeMemPutIpcHandle"))(lz_context, handle));
	lz_free(p);
}

START_TEST(test_mem_ipc_opened_on_other_device)
{
	mem_ipc_to_device1("mem-device", false);
}
END_TEST

START_TEST(test_mem_ipc_bytes_opened_on_other_device)
{
	mem_ipc_to_device1("mem-bytes", true);
}
END_TEST

/* An IPC event pool of device 0: the other process signals from device 1. */
START_TEST(test_event_pool_ipc_signalled_by_other_device)
{
	ze_event_pool_handle_t pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_IPC |
			      ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t e0 = lz_event(pool, 0), e1 = lz_event(pool, 1);
	ze_ipc_event_pool_handle_t handle;
	pid_t pid;
	int sock;

	ck_assert_ok(zeEventPoolGetIpcHandle(pool, &handle));
	ck_assert_int_eq(setenv("LIBZE_TEST_HELPER_DEVICE", "1", 1), 0);
	sock = lz_start_helper("event-pool", &pid);
	ck_assert_int_eq(ipc_send_handle(sock, &handle), 0);
	ck_assert_ok(zeEventHostSignal(e0));
	ck_assert_ze(zeEventHostSynchronize(e1, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS,
		     "the other process's device 1 signals event 1, seen here");
	lz_finish_helper(sock, pid, "event-pool");

	ck_assert_ok(((ze_result_t (*)(ze_context_handle_t,
				       ze_ipc_event_pool_handle_t))
		      lz_function("zeEventPoolPutIpcHandle"))(lz_context,
							      handle));
	ck_assert_ok(zeEventDestroy(e0));
	ck_assert_ok(zeEventDestroy(e1));
	ck_assert_ok(zeEventPoolDestroy(pool));
}
END_TEST

static uint8_t *host_buffer(uint8_t v)
{
	uint8_t *p = lz_alloc_host(4096);

	memset(p, v, 4096);
	return p;
}

/*
 * Counter-based event IPC from device 0 here to device 1 in the other
 * process: the protocol of test_libze_cb_event_ipc's first test (the
 * helper's cb-import role), with the helper's lists, memory and opened
 * events on device 1. Its lists wait on the imported counter: bound on
 * device 1 by its token.
 */
START_TEST(test_cb_event_ipc_waited_on_other_device)
{
	ze_event_pool_handle_t gates = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 3);
	ze_event_handle_t gate1 = lz_event(gates, 0), gate2 = lz_event(gates, 1);
	ze_event_handle_t gate3 = lz_event(gates, 2);
	ze_command_list_handle_t list1 = list_on(dev[0], true);
	ze_command_list_handle_t list2 = list_on(dev[0], true);
	uint8_t *buf = host_buffer(0), *a = host_buffer(0xa1);
	uint8_t *b = host_buffer(0xb2), *c = host_buffer(0xc3);
	zex_counter_based_event_desc_t desc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.flags = ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE |
			 ZEX_COUNTER_BASED_EVENT_FLAG_IPC,
	};
	zex_ipc_counter_based_event_handle_t h;
	ze_ipc_mem_handle_t mem;
	ze_event_handle_t ev;
	pid_t pid;
	int sock;

	lz_cb_setup();
	ck_assert_int_eq(setenv("LIBZE_TEST_HELPER_DEVICE", "1", 1), 0);
	sock = lz_start_helper("cb-import", &pid);
	ck_assert_ok(zeMemGetIpcHandle(lz_context, buf, &mem));
	ck_assert_int_eq(ipc_send_handle(sock, &mem), 0);

	ck_assert_ok(cb_create2(lz_context, dev[0], &desc, &ev));
	ck_assert_ok(zeCommandListAppendWaitOnEvents(list1, 1, &gate1));
	lz_cb_copy(list1, buf, a, 4096, ev, 0, NULL);
	ck_assert_ok(cb_get_ipc(ev, &h));
	ck_assert_int_eq(write(sock, &h, sizeof(h)), sizeof(h));
	lz_expect_byte(sock, 'o', "opened on device 1, not ready");

	ck_assert_ok(zeCommandListAppendWaitOnEvents(list2, 1, &gate2));
	lz_cb_copy(list2, buf, b, 4096, ev, 0, NULL);
	ck_assert_ok(zeEventHostSignal(gate1));
	lz_expect_byte(sock, 'w', "waited for on the host and on device 1");
	ck_assert_ok(zeEventHostSignal(gate2));
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	lz_send_byte(sock, 'y');

	ck_assert_ok(zeCommandListAppendWaitOnEvents(list2, 1, &gate3));
	lz_cb_copy(list2, buf, c, 4096, ev, 0, NULL);
	ck_assert_ok(cb_get_ipc(ev, &h));
	ck_assert_int_eq(write(sock, &h, sizeof(h)), sizeof(h));
	lz_expect_byte(sock, 'n', "the new handle's event is not ready");
	ck_assert_ok(zeEventHostSignal(gate3));
	lz_finish_helper(sock, pid, "cb-import");

	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(((ze_result_t (*)(ze_context_handle_t,
				       ze_ipc_mem_handle_t))
		      lz_function("zeMemPutIpcHandle"))(lz_context, mem));
	ck_assert_ok(zeCommandListDestroy(list1));
	ck_assert_ok(zeCommandListDestroy(list2));
	ck_assert_ok(zeEventDestroy(gate1));
	ck_assert_ok(zeEventDestroy(gate2));
	ck_assert_ok(zeEventDestroy(gate3));
	ck_assert_ok(zeEventPoolDestroy(gates));
}
END_TEST

static Suite *multidev_suite(void)
{
	Suite *s = suite_create("libze_multidev");
	TCase *tc = tcase_create("multidev");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_two_devices_reported);
	tcase_add_test(tc, test_peer_access);
	tcase_add_test(tc, test_copy_on_device1_from_device0_memory);
	tcase_add_test(tc, test_event_signalled_on_device0_waited_on_device1);
	tcase_add_test(tc, test_cb_event_stays_on_its_device);
	tcase_add_test(tc, test_mem_ipc_opened_on_other_device_in_process);
	tcase_add_test(tc, test_mem_ipc_opened_on_other_device);
	tcase_add_test(tc, test_mem_ipc_bytes_opened_on_other_device);
	tcase_add_test(tc, test_event_pool_ipc_signalled_by_other_device);
	tcase_add_test(tc, test_cb_event_ipc_waited_on_other_device);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(multidev_suite());
}
