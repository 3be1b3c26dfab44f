// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of counter-based event IPC (userspace/libze/src/
 * cb_event_ipc.c), through the loader: the seed's IPC example between this
 * process and an unrelated one (libze_test_helper, fork+exec), the 64
 * handle bytes sent as plain data; an exporter that exits; another user;
 * and every refusal, with its code. IPC is one-directional: an opened
 * event keeps the state it was opened with.
 */

#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libze_test.h"
#include "libze_test_cb.h"
#include "common/ipc_socket.h"
#include "check_run.h"

#define SIZE	4096u

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

static void finish_helper(int sock, pid_t pid)
{
	unsigned char status = 0xff;
	int wstatus;

	ck_assert_msg(read(sock, &status, 1) == 1, "the helper reports");
	ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
	ck_assert_msg(status == 0, "the helper failed at step %u", status);
	ck_assert_msg(WIFEXITED(wstatus) && !WEXITSTATUS(wstatus),
		      "the helper exits cleanly");
	close(sock);
}

static uint8_t *buffer(uint8_t fill)
{
	uint8_t *p = lz_alloc_host(SIZE);

	memset(p, fill, SIZE);
	return p;
}

/*
 * 000, "IPC sharing": process 1 (this one) signals event1 on cmdList1,
 * hands its handle over; process 2 opens it; process 1 signals event1 on
 * cmdList2; process 2 still waits for cmdList1's counter. Each signal is
 * held by a gate so that "not ready" can be checked on the other side; the
 * kernels fill a buffer process 2 maps, so it checks what it waited for.
 */
START_TEST(test_cb_ipc_importer_keeps_exported_state_after_resignal)
{
	ze_event_handle_t gate1 = lz_event(gate_pool, 0);
	ze_event_handle_t gate2 = lz_event(gate_pool, 1);
	ze_event_handle_t gate3 = lz_event(gate_pool, 2);
	ze_command_list_handle_t cmdList1 = lz_immediate_list(true);
	ze_command_list_handle_t cmdList2 = lz_immediate_list(true);
	uint8_t *buf = buffer(0), *a = buffer(0xa1), *b = buffer(0xb2);
	uint8_t *c = buffer(0xc3);
	zex_counter_based_event_desc_t desc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.flags = ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE,
	};
	zex_ipc_counter_based_event_handle_t ipcHandle;
	ze_result_t (*put_mem)(ze_context_handle_t, ze_ipc_mem_handle_t);
	ze_ipc_mem_handle_t mem;
	ze_event_handle_t event1;
	pid_t pid;
	int sock;

	sock = lz_start_helper("cb-import", &pid);
	ck_assert_ok(zeMemGetIpcHandle(lz_context, buf, &mem));
	ck_assert_int_eq(ipc_send_handle(sock, &mem), 0);

	// process 1
	desc.flags |= ZEX_COUNTER_BASED_EVENT_FLAG_IPC;
	ck_assert_ok(cb_create2(lz_context, lz_device, &desc, &event1));

	ck_assert_ok(zeCommandListAppendWaitOnEvents(cmdList1, 1, &gate1));
	lz_cb_copy(cmdList1, buf, a, SIZE, event1, 0, NULL); // assigned counter=X on memory CL1_alloc to event1
	ck_assert_ok(cb_get_ipc(event1, &ipcHandle)); // handle obtained after append call
	ck_assert_int_eq(write(sock, &ipcHandle, sizeof(ipcHandle)),
			 sizeof(ipcHandle));

	// process 2: zexCounterBasedEventOpenIpcHandle(context2, ipcHandle, &event2)
	lz_expect_byte(sock, 'o', "event2 opened, not ready");

	// process 1
	ck_assert_ok(zeCommandListAppendWaitOnEvents(cmdList2, 1, &gate2));
	lz_cb_copy(cmdList2, buf, b, SIZE, event1, 0, NULL); // assigned counter=Y on memory CL2_alloc to event1. Event2 is not affected
	ck_assert_ok(zeEventHostSignal(gate1));

	// process 2: event2 still points to counter=X on memory CL1_alloc. Can be used for waiting.
	lz_expect_byte(sock, 'w', "event2 waited for on host and device");
	ck_assert_ze(zeEventQueryStatus(event1), ZE_RESULT_NOT_READY,
		     "event1 (counter=Y) is not ready while event2 (X) was");
	ck_assert_ok(zeEventHostSignal(gate2));
	ck_assert_ok(zeEventHostSynchronize(event1, LZ_TIMEOUT_NS));
	ck_assert_msg(lz_all(buf, 0xb2, SIZE), "cmdList2 wrote after cmdList1");
	lz_send_byte(sock, 'y');

	/* A new handle carries the new state. */
	ck_assert_ok(zeCommandListAppendWaitOnEvents(cmdList2, 1, &gate3));
	lz_cb_copy(cmdList2, buf, c, SIZE, event1, 0, NULL);
	ck_assert_ok(cb_get_ipc(event1, &ipcHandle));
	ck_assert_int_eq(write(sock, &ipcHandle, sizeof(ipcHandle)),
			 sizeof(ipcHandle));
	lz_expect_byte(sock, 'n', "the new handle's event is not ready");
	ck_assert_ok(zeEventHostSignal(gate3));
	finish_helper(sock, pid);

	ck_assert_ok(zeEventDestroy(event1));
	*(void **)&put_mem = lz_function("zeMemPutIpcHandle");
	ck_assert_ok(put_mem(lz_context, mem));
	ck_assert_ok(zeCommandListDestroy(cmdList1));
	ck_assert_ok(zeCommandListDestroy(cmdList2));
	ck_assert_ok(zeEventDestroy(gate1));
	ck_assert_ok(zeEventDestroy(gate2));
	ck_assert_ok(zeEventDestroy(gate3));
}
END_TEST

/*
 * The exporter signals its event, hands the handle over and exits without
 * cleaning up; the opened event goes on working: the kernel's view keeps
 * the counter. Its token died with the exporter's file: once the last
 * opened event is closed, the handle opens no more.
 */
START_TEST(test_cb_ipc_exporter_exit)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint8_t *src = buffer(0x6e), *dst = buffer(0);
	ze_ipc_event_counter_based_handle_t h;
	ze_event_handle_t event2, again;
	uint64_t v, a;
	pid_t pid;
	int sock;

	sock = lz_start_helper("cb-export", &pid);
	ck_assert_int_eq(recv(sock, &h, sizeof(h), MSG_WAITALL), sizeof(h));
	ck_assert_ok(core_open_ipc(lz_context, h, &event2));
	ck_assert_ze(zeEventQueryStatus(event2), ZE_RESULT_NOT_READY,
		     "the exporter's work is held by its gate");
	lz_cb_copy(list, dst, src, SIZE, NULL, 1, &event2);
	lz_send_byte(sock, 'o');

	ck_assert_ze(zeEventHostSynchronize(event2, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS, "the exporter's signal arrives");
	finish_helper(sock, pid);

	/* The exporter is gone. */
	ck_assert_ze(zeEventQueryStatus(event2), ZE_RESULT_SUCCESS,
		     "the opened event still reads the exporter's counter");
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_msg(lz_all(dst, 0x6e, SIZE), "our list waited for it");
	lz_cb_copy(list, dst, dst, SIZE, NULL, 1, &event2);
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_ok(cb_core_address(event2, &v, &a));
	ck_assert_msg(v == 2, "it waits for the exporter's second append: %llu",
		      (unsigned long long)v);
	ck_assert_ok(cb_open_ipc(lz_context,
		*(zex_ipc_counter_based_event_handle_t *)&h, &again));
	ck_assert_ze(zeEventQueryStatus(again), ZE_RESULT_SUCCESS,
		     "a second open while one is open shares the view");
	ck_assert_ok(core_close_ipc(again));
	/* The list's waits hold the view too, until the list is gone. */
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(core_close_ipc(event2));
	ck_assert_ze(core_open_ipc(lz_context, h, &again),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "the exporter's token died with it");
}
END_TEST

/* The kernel lets the exporter's user import, not another (nobody). */
START_TEST(test_cb_ipc_other_user_refused)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t ev = lz_cb_event(CB_IMM | ZEX_COUNTER_BASED_EVENT_FLAG_IPC);
	ze_ipc_event_counter_based_handle_t h;
	pid_t pid;
	int sock;

	if (getuid() != 0)
		return;	/* only root can become another user */
	ck_assert_ok(zeCommandListAppendSignalEvent(list, ev));
	ck_assert_ok(core_get_ipc(ev, &h));
	sock = lz_start_helper("cb-import-nobody", &pid);
	ck_assert_int_eq(write(sock, &h, sizeof(h)), sizeof(h));
	finish_helper(sock, pid);
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

/*
 * One process may open its own handle: the opened event is one-way all
 * the same, wait-only, and does not follow the original.
 */
START_TEST(test_cb_ipc_open_in_process)
{
	ze_event_handle_t gate = lz_event(gate_pool, 3);
	ze_event_handle_t ev = lz_cb_event(CB_IMM | ZEX_COUNTER_BASED_EVENT_FLAG_IPC);
	ze_command_list_handle_t l1 = lz_immediate_list(true);
	ze_command_list_handle_t l2 = lz_immediate_list(true);
	zex_ipc_counter_based_event_handle_t h, h2;
	ze_event_counter_based_flags_t flags = 0;
	ze_event_handle_t opened;
	uint64_t v, a, ov, oa;

	lz_cb_spin(l1, 0, ev, 0, NULL);
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	ck_assert_ok(cb_get_ipc(ev, &h));
	ck_assert_ok(cb_get_ipc(ev, &h2));
	ck_assert_ok(cb_open_ipc(lz_context, h, &opened));
	ck_assert_ok(cb_address(ev, &v, &a));
	ck_assert_ok(cb_address(opened, &ov, &oa));
	ck_assert_msg(ov == v && oa != a,
		      "the same value, read through a view at another address");
	ck_assert_ok(cb_flags(opened, &flags));
	ck_assert_msg(flags == (CB_IMM | ZEX_COUNTER_BASED_EVENT_FLAG_IPC),
		      "the flags travel with the handle");

	/* The original is signalled again, held: the opened one stays. */
	ck_assert_ok(zeCommandListAppendWaitOnEvents(l2, 1, &gate));
	lz_cb_spin(l2, 0, ev, 0, NULL);
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "the original's new state is pending");
	ck_assert_ze(zeEventQueryStatus(opened), ZE_RESULT_SUCCESS,
		     "the opened event keeps the old one");

	ck_assert_ze(zeCommandListAppendSignalEvent(l1, opened),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an opened event is only waited for");
	ck_assert_ze(zeEventHostSignal(opened),
		     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE, "not signalled by the host");
	ck_assert_ze(cb_get_ipc(opened, &h2), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "and not shared again");
	lz_cb_spin(l1, 0, NULL, 1, &opened);
	ck_assert_ok(lz_list_sync(l1, LZ_TIMEOUT_NS));
	ck_assert_ok(cb_close_ipc(opened));

	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeCommandListDestroy(l1));
	ck_assert_ok(zeCommandListDestroy(l2));
}
END_TEST

/* ---- limits ------------------------------------------------------------ */

START_TEST(test_cb_ipc_get_refused)
{
	ze_event_handle_t plain = lz_cb_event(CB_IMM);
	ze_event_handle_t ipc = lz_cb_event(CB_IMM | ZEX_COUNTER_BASED_EVENT_FLAG_IPC);
	ze_event_handle_t ts = lz_cb_event(CB_IMM |
		ZEX_COUNTER_BASED_EVENT_FLAG_KERNEL_TIMESTAMP);
	ze_event_handle_t regular = lz_event(gate_pool, 0);
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_ipc_event_counter_based_handle_t h;

	ck_assert_ze(core_get_ipc(ipc, &h), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an event never signalled has no state to share");
	ck_assert_ok(zeCommandListAppendSignalEvent(list, plain));
	ck_assert_ok(zeCommandListAppendSignalEvent(list, ts));
	ck_assert_ze(core_get_ipc(plain, &h), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an event made without the IPC flag is not shared");
	ck_assert_ze(core_get_ipc(ts, &h), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "nor a timestamp event");
	ck_assert_ze(core_get_ipc(regular, &h), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "nor a regular event");
	ck_assert_ze(core_get_ipc(NULL, &h), ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "an event is needed");
	ck_assert_ze(core_get_ipc(ipc, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the handle goes somewhere");
	ck_assert_ok(zeCommandListAppendSignalEvent(list, ipc));
	ck_assert_ok(core_get_ipc(ipc, &h));
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_ok(zeEventDestroy(plain));
	ck_assert_ok(zeEventDestroy(ipc));
	ck_assert_ok(zeEventDestroy(ts));
	ck_assert_ok(zeEventDestroy(regular));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

START_TEST(test_cb_ipc_open_refused)
{
	ze_event_handle_t ev = lz_cb_event(CB_IMM | ZEX_COUNTER_BASED_EVENT_FLAG_IPC);
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_ipc_event_counter_based_handle_t h, bad;
	ze_event_handle_t opened = NULL;

	ck_assert_ok(zeCommandListAppendSignalEvent(list, ev));
	ck_assert_ok(core_get_ipc(ev, &h));

	memset(&bad, 0x5a, sizeof(bad));
	ck_assert_ze(core_open_ipc(lz_context, bad, &opened),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "bytes that are no handle");
	bad = h;
	bad.data[8] ^= 1;	/* another token */
	ck_assert_ze(core_open_ipc(lz_context, bad, &opened),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a token the kernel does not know");
	ck_assert_ze(core_open_ipc(NULL, h, &opened),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE, "a context is needed");
	ck_assert_ze(core_open_ipc(lz_context, h, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the event goes somewhere");
	ck_assert_ze(core_close_ipc(NULL), ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "closing needs an event");
	ck_assert_msg(!opened, "nothing was opened");

	/* The counter freed with its list and event: the token dies. */
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ze(core_open_ipc(lz_context, h, &opened),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a handle whose counter is gone opens no more");
}
END_TEST

/*
 * Closing an IPC handle of an event that was not opened from one is
 * refused with the code the spec lists for it, and changes nothing: the
 * event is signalled, waited for and destroyed as before.
 */
START_TEST(test_cb_ipc_close_refused_on_event_not_opened)
{
	ze_event_handle_t ev = lz_cb_event(CB_IMM | ZEX_COUNTER_BASED_EVENT_FLAG_IPC);
	ze_event_handle_t regular = lz_event(gate_pool, 0);
	ze_command_list_handle_t list = lz_immediate_list(true);

	ck_assert_ze(cb_close_ipc(ev), ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT,
		     "zexCounterBasedEventCloseIpcHandle: not an opened event");
	ck_assert_ze(core_close_ipc(ev), ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT,
		     "zeEventCounterBasedCloseIpcHandle: not an opened event");
	ck_assert_ze(core_close_ipc(regular),
		     ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT,
		     "nor a regular event");
	ck_assert_ok(zeCommandListAppendSignalEvent(list, ev));
	ck_assert_ze(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS), ZE_RESULT_SUCCESS,
		     "the event is still signalled and waited for");
	ck_assert_ze(cb_close_ipc(ev), ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT,
		     "signalled, it is still not an opened event");
	ck_assert_ok(zeCommandListAppendSignalEvent(list, ev));
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_ze(zeEventDestroy(ev), ZE_RESULT_SUCCESS, "and destroyed");
	ck_assert_ok(zeEventDestroy(regular));
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

static Suite *cb_ipc_suite(void)
{
	Suite *s = suite_create("cb_event_ipc");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_cb_ipc_importer_keeps_exported_state_after_resignal);
	tcase_add_test(tc, test_cb_ipc_exporter_exit);
	tcase_add_test(tc, test_cb_ipc_other_user_refused);
	tcase_add_test(tc, test_cb_ipc_open_in_process);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_cb_ipc_get_refused);
	tcase_add_test(tc, test_cb_ipc_open_refused);
	tcase_add_test(tc, test_cb_ipc_close_refused_on_event_not_opened);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(cb_ipc_suite());
}
