// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of counter-based events signalled by regular (recorded)
 * in-order lists (userspace/libze/src/cb_event.c, cmdlist.c, cmdqueue.c),
 * through the loader: both examples of the newer seed's "Regular command
 * list" sections, as written, with the data and the event states checked at
 * each step they describe; the counter set to 0 at execute time, by a queue
 * and by zeCommandListImmediateAppendCommandListsExp(); a list that still
 * runs is not executed again; an execution takes back the events the list
 * signals, wherever they were signalled since; a refused execution takes
 * nothing.
 *
 * Data: every operation is scale_u32 over N words, so each result says
 * which input, i.e. which execution, it was computed from.
 */

#include "libze_test.h"
#include "libze_test_cb.h"
#include "check_run.h"

#define WORDS	1024u

static ze_event_pool_handle_t gate_pool;

static void setup(void)
{
	lz_setup();
	lz_cb_setup();
	gate_pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
}

static void teardown(void)
{
	ck_assert_ok(zeEventPoolDestroy(gate_pool));
	lz_teardown();
}

static uint32_t *words(void)
{
	uint32_t *p = lz_alloc_host(WORDS * sizeof(uint32_t));

	memset(p, 0, WORDS * sizeof(uint32_t));
	return p;
}

/* in[i] = i + 1000 * round */
static void set_input(uint32_t *in, uint32_t round)
{
	uint32_t i;

	for (i = 0; i < WORDS; i++)
		in[i] = i + 1000 * round;
}

/* Is p[i] == (i + 1000 * round) * factor for every i? */
static bool holds(const uint32_t *p, uint32_t round, uint32_t factor)
{
	uint32_t i;

	for (i = 0; i < WORDS; i++)
		if (p[i] != (i + 1000 * round) * factor)
			return false;
	return true;
}

static void execute(ze_command_queue_handle_t q, ze_command_list_handle_t l)
{
	ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &l, NULL));
}

static const uint64_t timeout = LZ_TIMEOUT_NS;

/*
 * 000, "Regular command list": regularCmdList1 signals event1 on its
 * second of three operations; regularCmdList2 waits for it. The first
 * operation takes 50 ms, so that a wait for a stale state would show as a
 * result computed from an old input.
 */
START_TEST(test_cb_regular_list_waiter_sees_current_execution)
{
	ze_command_list_handle_t regularCmdList1 = lz_list(true);
	ze_command_list_handle_t regularCmdList2 = lz_list(true);
	ze_command_queue_handle_t cmdQueue1 = lz_queue(), cmdQueue2 = lz_queue();
	ze_event_handle_t event1 = lz_cb_event(CB_REG);
	uint32_t *in = words(), *mid = words(), *out = words(), *tail = words();
	uint64_t value, addr;

	/* in-order operations */
	lz_cb_spin(regularCmdList1, 50 * MS, NULL, 0, NULL);
	lz_cb_scale(regularCmdList1, mid, in, 3, WORDS, event1, 0, NULL); // signalEvent on 2nd operation
	lz_cb_scale(regularCmdList1, tail, mid, 1, WORDS, NULL, 0, NULL);
	ck_assert_ok(zeCommandListClose(regularCmdList1));
	ck_assert_ok(cb_address(event1, &value, &addr));
	ck_assert_msg(value == 2, "event1 is the 2nd operation's counter value");
	ck_assert_ze(zeEventQueryStatus(event1), ZE_RESULT_NOT_READY,
		     "recorded but never executed: not ready");

	set_input(in, 1);
	execute(cmdQueue1, regularCmdList1); // Command list has 3 operations. Counter updated to {1->2->3}
	ck_assert_ze(zeEventQueryStatus(event1), ZE_RESULT_NOT_READY,
		     "first execution: not ready at once");
	ck_assert_ok(zeCommandQueueSynchronize(cmdQueue1, timeout));
	ck_assert_ze(zeEventQueryStatus(event1), ZE_RESULT_SUCCESS,
		     "ready once it ran");
	ck_assert_msg(holds(mid, 1, 3) && holds(tail, 1, 3), "first results");

	set_input(in, 2);
	execute(cmdQueue1, regularCmdList1); // Execute again. Counter implicitly reset to 0. GPU will again increment it to {1->2->3}
	ck_assert_ze(zeEventQueryStatus(event1), ZE_RESULT_NOT_READY,
		     "the second execution makes event1 not ready at the call");

	// wait from different command list
	lz_cb_scale(regularCmdList2, out, mid, 5, WORDS, NULL, 1, &event1); // wait for counter=2 (second operation)
	ck_assert_ok(zeCommandListClose(regularCmdList2));
	execute(cmdQueue2, regularCmdList2); // wait for counter=2, second execution of regularCmdList1
	ck_assert_ok(zeCommandQueueSynchronize(cmdQueue2, timeout));
	ck_assert_msg(holds(out, 2, 15),
		      "regularCmdList2 used the second execution's result");
	ck_assert_ze(zeEventQueryStatus(event1), ZE_RESULT_SUCCESS,
		     "event1 is ready when its waiter went on");
	ck_assert_ok(zeCommandQueueSynchronize(cmdQueue1, timeout));

	// execute regularCmdList1 3rd time
	set_input(in, 3);
	execute(cmdQueue1, regularCmdList1); // Counter reset and again updated to {1->2->3}
	ck_assert_ze(zeEventQueryStatus(event1), ZE_RESULT_NOT_READY,
		     "the third execution makes it not ready again");

	// execute regularCmdList2 2nd time
	execute(cmdQueue2, regularCmdList2); // wait for counter=2, 3rd execution of regularCmdList1
	ck_assert_ok(zeCommandQueueSynchronize(cmdQueue2, timeout));
	ck_assert_msg(holds(out, 3, 15),
		      "regularCmdList2 used the third execution's result");
	ck_assert_ok(zeCommandQueueSynchronize(cmdQueue1, timeout));
	ck_assert_msg(holds(tail, 3, 3), "and regularCmdList1 finished");

	ck_assert_ok(zeCommandListDestroy(regularCmdList1));
	ck_assert_ok(zeCommandListDestroy(regularCmdList2));
	ck_assert_ok(zeCommandQueueDestroy(cmdQueue1));
	ck_assert_ok(zeCommandQueueDestroy(cmdQueue2));
	ck_assert_ok(zeEventDestroy(event1));
}
END_TEST

static void expect(ze_event_handle_t ev, ze_result_t state, const char *name,
		   const char *step)
{
	ck_assert_msg(zeEventQueryStatus(ev) == state, "%s: %s is %s", step,
		      name, state == ZE_RESULT_SUCCESS ? "ready" : "not ready");
}

/* A regular list that holds its queue until @gate is signalled. */
static ze_command_list_handle_t hold_list(ze_event_handle_t gate)
{
	ze_command_list_handle_t list = lz_list(false);

	ck_assert_ok(zeCommandListAppendWaitOnEvents(list, 1, &gate));
	ck_assert_ok(zeCommandListClose(list));
	return list;
}

/*
 * 000, "Multi directional dependencies on Regular command lists":
 *
 *   regularCmdList1:       (A) ------> (wait for B) -----> (C)
 *   regularCmdList2:  (wait for A) -----> (B)        -----> (D)
 *
 * A = in * 2, B = A * 3, C = B * 5, D = B * 7. In the second execution,
 * each queue is held by a gate while the states right after each execute
 * call are checked (the lists could otherwise finish before the check);
 * the seed's calls are unchanged.
 */
START_TEST(test_cb_regular_lists_wait_on_each_other_both_ways)
{
	ze_command_list_handle_t regularCmdList1 = lz_list(true);
	ze_command_list_handle_t regularCmdList2 = lz_list(true);
	ze_command_queue_handle_t cmdQueue1 = lz_queue(), cmdQueue2 = lz_queue();
	ze_event_handle_t A = lz_cb_event(CB_REG), B = lz_cb_event(CB_REG);
	ze_event_handle_t C = lz_cb_event(CB_REG), D = lz_cb_event(CB_REG);
	ze_event_handle_t gate1 = lz_event(gate_pool, 0);
	ze_event_handle_t gate2 = lz_event(gate_pool, 1);
	ze_command_list_handle_t hold1 = hold_list(gate1);
	ze_command_list_handle_t hold2 = hold_list(gate2);
	uint32_t *in = words(), *a = words(), *b = words(), *c = words();
	uint32_t *d = words();

	lz_cb_scale(regularCmdList1, a, in, 2, WORDS, A, 0, NULL);
	lz_cb_scale(regularCmdList2, b, a, 3, WORDS, B, 1, &A);
	lz_cb_scale(regularCmdList1, c, b, 5, WORDS, C, 1, &B);
	lz_cb_scale(regularCmdList2, d, b, 7, WORDS, D, 0, NULL);
	ck_assert_ok(zeCommandListClose(regularCmdList1));
	ck_assert_ok(zeCommandListClose(regularCmdList2));

	/* First execution: all Events are in "not ready" state. */
	expect(A, ZE_RESULT_NOT_READY, "A", "before the first execution");
	expect(B, ZE_RESULT_NOT_READY, "B", "before the first execution");
	expect(C, ZE_RESULT_NOT_READY, "C", "before the first execution");
	expect(D, ZE_RESULT_NOT_READY, "D", "before the first execution");
	set_input(in, 1);
	execute(cmdQueue1, regularCmdList1); // Counter updated to {1->2->3}
	ck_assert_ze(zeCommandQueueSynchronize(cmdQueue1, 20 * MS),
		     ZE_RESULT_NOT_READY,
		     "regularCmdList1 waits for B of regularCmdList2, not yet executed");
	expect(B, ZE_RESULT_NOT_READY, "B", "regularCmdList1 executed");
	expect(C, ZE_RESULT_NOT_READY, "C", "regularCmdList1 executed");
	execute(cmdQueue2, regularCmdList2); // Counter updated to {1->2->3}

	// All Events are "ready" now
	ck_assert_ok(zeCommandQueueSynchronize(cmdQueue1, timeout)); // wait for counter=3
	ck_assert_ok(zeCommandQueueSynchronize(cmdQueue2, timeout)); // wait for counter=3
	expect(A, ZE_RESULT_SUCCESS, "A", "after the first execution");
	expect(B, ZE_RESULT_SUCCESS, "B", "after the first execution");
	expect(C, ZE_RESULT_SUCCESS, "C", "after the first execution");
	expect(D, ZE_RESULT_SUCCESS, "D", "after the first execution");
	ck_assert_msg(holds(a, 1, 2) && holds(b, 1, 6) && holds(c, 1, 30) &&
		      holds(d, 1, 42), "first execution: A, B, C, D in order");

	/*
	 * Second execution: regularCmdList1 waits for the "ready" {1->2->3}
	 * events of regularCmdList2's first execution, and makes its own
	 * events "not ready".
	 */
	set_input(in, 2);
	execute(cmdQueue1, hold1);
	execute(cmdQueue1, regularCmdList1); // (our counter: {1->2->3} again)
	expect(A, ZE_RESULT_NOT_READY, "A", "regularCmdList1 executed again");
	expect(C, ZE_RESULT_NOT_READY, "C", "regularCmdList1 executed again");
	expect(B, ZE_RESULT_SUCCESS, "B", "regularCmdList1 executed again");
	expect(D, ZE_RESULT_SUCCESS, "D", "regularCmdList1 executed again");
	ck_assert_ok(zeEventHostSignal(gate1));
	ck_assert_ze(zeEventHostSynchronize(C, timeout), ZE_RESULT_SUCCESS,
		     "regularCmdList1 completes without regularCmdList2's second execution");
	ck_assert_msg(holds(a, 2, 2) && holds(c, 1, 30),
		      "A from the new input; C from B of the first execution");

	// regularCmdList2 waits for the events of the second execution of regularCmdList1
	execute(cmdQueue2, hold2);
	execute(cmdQueue2, regularCmdList2);
	expect(B, ZE_RESULT_NOT_READY, "B", "regularCmdList2 executed again");
	expect(D, ZE_RESULT_NOT_READY, "D", "regularCmdList2 executed again");
	expect(A, ZE_RESULT_SUCCESS, "A", "regularCmdList2 executed again");
	ck_assert_ok(zeEventHostSignal(gate2));
	ck_assert_ok(zeCommandQueueSynchronize(cmdQueue2, timeout));
	ck_assert_ok(zeCommandQueueSynchronize(cmdQueue1, timeout));
	expect(A, ZE_RESULT_SUCCESS, "A", "after the second execution");
	expect(B, ZE_RESULT_SUCCESS, "B", "after the second execution");
	expect(C, ZE_RESULT_SUCCESS, "C", "after the second execution");
	expect(D, ZE_RESULT_SUCCESS, "D", "after the second execution");
	ck_assert_msg(holds(b, 2, 6) && holds(d, 2, 42),
		      "B and D from the second execution's A");

	ck_assert_ok(zeCommandListDestroy(regularCmdList1));
	ck_assert_ok(zeCommandListDestroy(regularCmdList2));
	ck_assert_ok(zeCommandQueueDestroy(cmdQueue1));
	ck_assert_ok(zeCommandQueueDestroy(cmdQueue2));
	ck_assert_ok(zeCommandListDestroy(hold1));
	ck_assert_ok(zeCommandListDestroy(hold2));
	ck_assert_ok(zeEventDestroy(gate1));
	ck_assert_ok(zeEventDestroy(gate2));
	ck_assert_ok(zeEventDestroy(A));
	ck_assert_ok(zeEventDestroy(B));
	ck_assert_ok(zeEventDestroy(C));
	ck_assert_ok(zeEventDestroy(D));
}
END_TEST

/* zeCommandListImmediateAppendCommandListsExp() resets at the call too. */
START_TEST(test_cb_regular_list_from_immediate)
{
	ze_command_list_handle_t reg = lz_list(true);
	ze_command_list_handle_t imm = lz_immediate_list(true);
	ze_event_handle_t ev = lz_cb_event(CB_REG), done = lz_cb_event(CB_IMM);
	ze_event_handle_t gate = lz_event(gate_pool, 0);
	uint32_t *in = words(), *out = words();

	lz_cb_scale(reg, out, in, 9, WORDS, ev, 0, NULL);
	ck_assert_ok(zeCommandListClose(reg));
	set_input(in, 1);
	ck_assert_ok(lz_append_lists(imm, 1, &reg, done, 0, NULL));
	ck_assert_ok(zeEventHostSynchronize(done, timeout));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "the appended list signalled its event");
	ck_assert_msg(holds(out, 1, 9), "first result");

	/* Held behind a gate, the list does not start; its event reads not
	 * ready from the call on. */
	ck_assert_ok(zeCommandListAppendWaitOnEvents(imm, 1, &gate));
	set_input(in, 2);
	ck_assert_ok(lz_append_lists(imm, 1, &reg, done, 0, NULL));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "appending the list again makes its event not ready at once");
	ck_assert_ze(zeEventHostSynchronize(ev, 20 * MS), ZE_RESULT_NOT_READY,
		     "and it stays so while the list is held");
	ck_assert_ze(lz_append_lists(imm, 1, &reg, NULL, 0, NULL),
		     ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE,
		     "a list whose execution has not run is not appended again");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(done, timeout));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS, "then ready");
	ck_assert_msg(holds(out, 2, 9), "second result");

	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeCommandListDestroy(reg));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeEventDestroy(gate));
}
END_TEST

/* A recorded list that still runs is refused; the refusal changes nothing. */
START_TEST(test_cb_regular_list_running_refused)
{
	ze_command_list_handle_t reg = lz_list(true);
	ze_command_queue_handle_t q1 = lz_queue(), q2 = lz_queue();
	ze_event_handle_t ev = lz_cb_event(CB_REG);
	uint32_t *in = words(), *out = words();

	lz_cb_spin(reg, 200 * MS, NULL, 0, NULL);
	lz_cb_scale(reg, out, in, 2, WORDS, ev, 0, NULL);
	ck_assert_ok(zeCommandListClose(reg));
	set_input(in, 1);
	execute(q1, reg);
	ck_assert_ze(zeCommandQueueExecuteCommandLists(q1, 1, &reg, NULL),
		     ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE,
		     "the same queue does not run a list twice at once");
	ck_assert_ze(zeCommandQueueExecuteCommandLists(q2, 1, &reg, NULL),
		     ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE,
		     "nor does another queue");
	ck_assert_ok(zeEventHostSynchronize(ev, timeout));
	ck_assert_ok(zeCommandQueueSynchronize(q1, timeout));
	ck_assert_msg(holds(out, 1, 2), "the execution that ran completed");
	execute(q2, reg);
	ck_assert_ok(zeCommandQueueSynchronize(q2, timeout));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "an idle list runs again, anywhere");
	ck_assert_ok(zeCommandListDestroy(reg));
	ck_assert_ok(zeCommandQueueDestroy(q1));
	ck_assert_ok(zeCommandQueueDestroy(q2));
	ck_assert_ok(zeEventDestroy(ev));
}
END_TEST

/*
 * zexEventGetDeviceAddress: a recording sets the pair; an execution keeps
 * it (the counter restarts at 0, so the pair means the new execution); a
 * new recording, or a signal elsewhere, gives a new pair.
 */
START_TEST(test_cb_regular_device_address)
{
	ze_command_list_handle_t reg = lz_list(true);
	ze_command_list_handle_t imm = lz_immediate_list(true);
	ze_command_queue_handle_t q = lz_queue();
	ze_event_handle_t ev = lz_cb_event(CB_BOTH);
	uint64_t v1, a1, v2, a2, v3, a3, v4, a4;

	lz_cb_spin(reg, 0, ev, 0, NULL);
	ck_assert_ok(zeCommandListClose(reg));
	ck_assert_ok(cb_address(ev, &v1, &a1));
	execute(q, reg);
	ck_assert_ok(zeCommandQueueSynchronize(q, timeout));
	ck_assert_ok(cb_address(ev, &v2, &a2));
	ck_assert_msg(v1 == 1 && v2 == v1 && a2 == a1,
		      "an execution keeps the pair of the recording");

	ck_assert_ok(zeCommandListReset(reg));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "a reset list starts from 0: its events are not ready");
	lz_cb_spin(reg, 0, NULL, 0, NULL);
	lz_cb_spin(reg, 0, NULL, 0, NULL);
	lz_cb_spin(reg, 0, ev, 0, NULL);
	ck_assert_ok(zeCommandListClose(reg));
	ck_assert_ok(cb_address(ev, &v3, &a3));
	ck_assert_msg(v3 == 3 && a3 == a1, "a new recording, a new value");
	execute(q, reg);
	ck_assert_ok(zeEventHostSynchronize(ev, timeout));

	lz_cb_spin(imm, 0, ev, 0, NULL);
	ck_assert_ok(cb_address(ev, &v4, &a4));
	ck_assert_msg(a4 != a1, "a signal elsewhere, another counter");
	ck_assert_ok(zeEventHostSynchronize(ev, timeout));
	ck_assert_ok(zeCommandQueueSynchronize(q, timeout));

	ck_assert_ok(zeCommandListDestroy(reg));
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeCommandQueueDestroy(q));
	ck_assert_ok(zeEventDestroy(ev));
}
END_TEST

/* Each execution writes the recorded timestamp event's slot again. */
START_TEST(test_cb_regular_timestamps)
{
	ze_command_list_handle_t reg = lz_list(true);
	ze_command_queue_handle_t q = lz_queue();
	ze_event_handle_t ev = lz_cb_event(CB_REG |
		ZEX_COUNTER_BASED_EVENT_FLAG_KERNEL_TIMESTAMP);
	ze_kernel_timestamp_result_t first, second;

	lz_cb_spin(reg, 2 * MS, ev, 0, NULL);
	ck_assert_ok(zeCommandListClose(reg));
	execute(q, reg);
	ck_assert_ok(zeEventHostSynchronize(ev, timeout));
	ck_assert_ok(zeEventQueryKernelTimestamp(ev, &first));
	ck_assert_ok(zeCommandQueueSynchronize(q, timeout));
	execute(q, reg);
	ck_assert_ok(zeEventHostSynchronize(ev, timeout));
	ck_assert_ok(zeEventQueryKernelTimestamp(ev, &second));
	ck_assert_msg(first.global.kernelEnd >= first.global.kernelStart + 2 * MS &&
		      second.global.kernelStart >= first.global.kernelEnd,
		      "the second execution stamped later times");
	ck_assert_ok(zeCommandQueueSynchronize(q, timeout));
	ck_assert_ok(zeCommandListDestroy(reg));
	ck_assert_ok(zeCommandQueueDestroy(q));
	ck_assert_ok(zeEventDestroy(ev));
}
END_TEST

/*
 * 000, "Regular command list": "Each regular command list execution
 * updates state of the events that will be signaled in that command list
 * to 'not ready'", also an event signalled elsewhere since the list was
 * recorded. The list's work waits for a host-signalled gate first, so it
 * cannot have run when the state is read. _i: 0 a queue executes the
 * list, 1 zeCommandListImmediateAppendCommandListsExp().
 */
START_TEST(test_cb_regular_execution_takes_back_resignalled_event)
{
	ze_command_list_handle_t reg = lz_list(true);
	ze_command_list_handle_t imm = lz_immediate_list(true);
	ze_command_list_handle_t other = lz_immediate_list(true);
	ze_command_queue_handle_t q = lz_queue();
	ze_event_handle_t ev = lz_cb_event(CB_BOTH);
	ze_event_handle_t gate = lz_event(gate_pool, 0);
	uint64_t v1, a1, v2, a2, v3, a3, cv3, ca3;

	lz_cb_spin(reg, 0, NULL, 1, &gate);
	lz_cb_spin(reg, 0, ev, 0, NULL);
	ck_assert_ok(zeCommandListClose(reg));
	ck_assert_ok(cb_address(ev, &v1, &a1));

	lz_cb_spin(other, 0, ev, 0, NULL);
	ck_assert_ok(lz_list_sync(other, timeout));
	ck_assert_ok(cb_address(ev, &v2, &a2));
	ck_assert_msg(a2 != a1, "signalled elsewhere: another counter");
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "and complete with that list");

	if (_i == 0)
		execute(q, reg);
	else
		ck_assert_ok(lz_append_lists(imm, 1, &reg, NULL, 0, NULL));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY,
		     "executing the list makes the events it signals not ready");
	ck_assert_ok(cb_address(ev, &v3, &a3));
	ck_assert_ok(cb_core_address(ev, &cv3, &ca3));
	ck_assert_msg(v3 == v1 && a3 == a1,
		      "zexEventGetDeviceAddress gives the list's pair again: "
		      "(%#lx, %lu), expected (%#lx, %lu)",
		      (unsigned long)a3, (unsigned long)v3,
		      (unsigned long)a1, (unsigned long)v1);
	ck_assert_msg(cv3 == v1 && ca3 == a1,
		      "and so does zeEventCounterBasedGetDeviceAddress");
	ck_assert_ze(zeEventHostSynchronize(ev, 20 * MS), ZE_RESULT_NOT_READY,
		     "the list is held behind its gate");

	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(ev, timeout));
	ck_assert_ok(zeCommandQueueSynchronize(q, timeout));
	ck_assert_ok(lz_list_sync(imm, timeout));
	ck_assert_ok(zeCommandListDestroy(reg));
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeCommandListDestroy(other));
	ck_assert_ok(zeCommandQueueDestroy(q));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventDestroy(gate));
}
END_TEST

/*
 * A refused execution takes nothing: the list's counter and its events
 * stay where the last execution left them, and the list runs again. The
 * execution is refused because the ring it would run on was banned (an
 * execution of any size is taken: a large one is called as a batch).
 * _i: 0 zeCommandListImmediateAppendCommandListsExp(), 1 a queue.
 */
START_TEST(test_cb_regular_refused_execution_changes_nothing)
{
	ze_command_list_handle_t reg = lz_list(true);
	ze_command_list_handle_t imm = lz_immediate_list(true);
	ze_command_queue_handle_t q = lz_queue();
	ze_event_handle_t ev = lz_cb_event(CB_REG);
	ze_command_list_handle_t bad_imm = NULL, bad_list = NULL;
	ze_command_queue_handle_t bad_q = NULL;
	uint8_t *p = lz_alloc_device(4096);
	uint64_t v1, a1, v2, a2;
	ze_result_t ret;

	lz_cb_spin(reg, 0, ev, 0, NULL);
	ck_assert_ok(zeCommandListClose(reg));
	ck_assert_ok(lz_append_lists(imm, 1, &reg, NULL, 0, NULL));
	ck_assert_ok(zeEventHostSynchronize(ev, timeout));
	ck_assert_ok(lz_list_sync(imm, timeout));
	ck_assert_ok(cb_address(ev, &v1, &a1));

	/* The engine faults on an address nothing is bound at: a ban. */
	if (_i == 0) {
		bad_imm = lz_immediate_list(true);
		ck_assert_ok(zeCommandListAppendMemoryCopy(bad_imm, p,
							   (void *)0x10000, 64,
							   NULL, 0, NULL));
		ck_assert_ze(lz_list_sync(bad_imm, timeout),
			     ZE_RESULT_ERROR_DEVICE_LOST, "the list is banned");
		ret = lz_append_lists(bad_imm, 1, &reg, NULL, 0, NULL);
	} else {
		bad_q = lz_queue();
		bad_list = lz_list(false);
		ck_assert_ok(zeCommandListAppendMemoryCopy(bad_list, p,
							   (void *)0x10000, 64,
							   NULL, 0, NULL));
		ck_assert_ok(zeCommandListClose(bad_list));
		execute(bad_q, bad_list);
		ck_assert_ze(zeCommandQueueSynchronize(bad_q, timeout),
			     ZE_RESULT_ERROR_DEVICE_LOST, "the queue is banned");
		ret = zeCommandQueueExecuteCommandLists(bad_q, 1, &reg, NULL);
	}
	ck_assert_ze(ret, ZE_RESULT_ERROR_DEVICE_LOST,
		     "an execution on a banned ring is refused");
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "the refused call left the list's event complete");
	ck_assert_ok(cb_address(ev, &v2, &a2));
	ck_assert_msg(v2 == v1 && a2 == a1, "at the same pair");

	ck_assert_ok(lz_append_lists(imm, 1, &reg, NULL, 0, NULL));
	ck_assert_ok(zeEventHostSynchronize(ev, timeout));
	execute(q, reg);
	ck_assert_ok(zeCommandQueueSynchronize(q, timeout));
	ck_assert_ze(zeEventQueryStatus(ev), ZE_RESULT_SUCCESS,
		     "the list runs again, from either");
	ck_assert_ok(lz_list_sync(imm, timeout));
	if (bad_imm)
		ck_assert_ok(zeCommandListDestroy(bad_imm));
	if (bad_q)
		ck_assert_ok(zeCommandQueueDestroy(bad_q));
	if (bad_list)
		ck_assert_ok(zeCommandListDestroy(bad_list));
	ck_assert_ok(zeCommandListDestroy(reg));
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeCommandQueueDestroy(q));
	ck_assert_ok(zeEventDestroy(ev));
}
END_TEST

static Suite *cb_regular_suite(void)
{
	Suite *s = suite_create("cb_event_regular");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_cb_regular_list_waiter_sees_current_execution);
	tcase_add_test(tc, test_cb_regular_lists_wait_on_each_other_both_ways);
	tcase_add_test(tc, test_cb_regular_list_from_immediate);
	tcase_add_test(tc, test_cb_regular_device_address);
	tcase_add_test(tc, test_cb_regular_timestamps);
	tcase_add_loop_test(tc,
			    test_cb_regular_execution_takes_back_resignalled_event,
			    0, 2);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_cb_regular_list_running_refused);
	tcase_add_loop_test(tc, test_cb_regular_refused_execution_changes_nothing,
			    0, 2);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(cb_regular_suite());
}
