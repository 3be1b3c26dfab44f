// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests, through the loader, of mutable command lists
 * ("ZE_experimental_mutable_command_list" 1.1, lists/mutable.c and
 * lists/mutable_api.c) and of zeKernelSetGlobalOffsetExp(), with SPIR-V
 * kernels (tests/kernels/mutable.cl): a launch's arguments, group count,
 * group size, global offset and kernel change between executions of a
 * closed list, and each execution runs the values of the last update;
 * every error the updates have. Events: test_libze_mutable_events.c.
 */

#include <pthread.h>

#include "libze_test_mutable.h"
#include "check_run.h"


START_TEST(test_mutable_extension_and_properties)
{
	ze_mutable_command_list_exp_properties_t mp = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_PROPERTIES,
		.mutableCommandListFlags = 0xdead, .mutableCommandFlags = 0xdead,
	};
	ze_device_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES, .pNext = &mp,
	};
	ze_driver_extension_properties_t ext[64];
	uint32_t n = 0, mutable_version = 0, offset_version = 0;
	ze_command_list_handle_t plain = lz_list(false);
	ze_command_list_handle_t mut = mutable_list(false);
	ze_bool_t b = 2;

	ck_assert_ok(zeDriverGetExtensionProperties(lz_driver, &n, NULL));
	ck_assert_uint_le(n, 64);
	ck_assert_ok(zeDriverGetExtensionProperties(lz_driver, &n, ext));
	for (uint32_t i = 0; i < n; i++) {
		if (!strcmp(ext[i].name, ZE_MUTABLE_COMMAND_LIST_EXP_NAME))
			mutable_version = ext[i].version;
		if (!strcmp(ext[i].name, ZE_GLOBAL_OFFSET_EXP_NAME))
			offset_version = ext[i].version;
	}
	ck_assert_msg(mutable_version == ZE_MUTABLE_COMMAND_LIST_EXP_VERSION_1_1,
		      "the driver reports mutable command lists 1.1 (0x%x)",
		      mutable_version);
	ck_assert_msg(offset_version == ZE_GLOBAL_OFFSET_EXP_VERSION_1_0,
		      "the driver reports the global offset extension");

	ck_assert_ok(zeDeviceGetProperties(lz_device, &props));
	ck_assert_uint_eq(mp.mutableCommandListFlags, 0);
	ck_assert_uint_eq(mp.mutableCommandFlags,
			  ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_ARGUMENTS |
			  ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_COUNT |
			  ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_SIZE |
			  ZE_MUTABLE_COMMAND_EXP_FLAG_GLOBAL_OFFSET |
			  ZE_MUTABLE_COMMAND_EXP_FLAG_SIGNAL_EVENT |
			  ZE_MUTABLE_COMMAND_EXP_FLAG_WAIT_EVENTS |
			  ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION);

	ck_assert_ok(is_mutable(mut, &b));
	ck_assert_msg(b == 1, "a list made with the descriptor is mutable");
	ck_assert_ok(is_mutable(plain, &b));
	ck_assert_msg(b == 0, "a plain list is not mutable");
	ck_assert_ze(is_mutable(plain, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "pIsMutable is required");
	ck_assert_ok(zeCommandListDestroy(plain));
	ck_assert_ok(zeCommandListDestroy(mut));
}
END_TEST

/* A scalar and a buffer argument change; every execution counts. */
START_TEST(test_mutable_scalar_and_buffer_arguments)
{
	ze_kernel_handle_t k = kernel("add_scalar");
	ze_command_list_handle_t list = mutable_list(false);
	int32_t *a = lz_alloc_shared(ITEMS * 4), *b = lz_alloc_shared(ITEMS * 4);
	ze_group_count_t count = { ITEMS / 16, 1, 1 };
	int32_t c = 1;
	uint64_t id;

	memset(a, 0, ITEMS * 4);
	memset(b, 0, ITEMS * 4);
	ck_assert_ok(zeKernelSetGroupSize(k, 16, 1, 1));
	lz_arg_ptr(k, 0, a);
	ck_assert_ok(zeKernelSetArgumentValue(k, 1, sizeof(c), &c));
	id = take_id(list, ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_ARGUMENTS);
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &count, NULL, 0,
						     NULL));
	ck_assert_ok(zeCommandListClose(list));
	/* The kernel object changes nothing of the recorded launch. */
	c = 1000;
	ck_assert_ok(zeKernelSetArgumentValue(k, 1, sizeof(c), &c));

	run(list);
	check_all(a, 1, "recorded c = 1");
	run(list);
	check_all(a, 2, "executed again");

	c = 5;
	ze_mutable_kernel_argument_exp_desc_t scalar = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_KERNEL_ARGUMENT_EXP_DESC,
		.commandId = id, .argIndex = 1, .argSize = sizeof(c),
		.pArgValue = &c,
	};
	update_one(list, &scalar);
	c = 77;	/* the update took the value, not the pointer */
	run(list);
	check_all(a, 7, "c updated to 5");
	run(list);
	check_all(a, 12, "c = 5 again");

	ze_mutable_kernel_argument_exp_desc_t buffer = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_KERNEL_ARGUMENT_EXP_DESC,
		.commandId = id, .argIndex = 0, .argSize = sizeof(void *),
		.pArgValue = &b,
	};
	update_one(list, &buffer);
	run(list);
	check_all(b, 5, "the buffer argument moved to b");
	check_all(a, 12, "a is no longer written");
	run(list);
	check_all(b, 10, "b again");

	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeKernelDestroy(k));
	lz_free(a);
	lz_free(b);
}
END_TEST

/*
 * The stamp kernel writes (group size, offset, id) at out[id] for ids in
 * [offset, offset + size * count): check that range and zeros elsewhere.
 */
static void check_stamps(const uint32_t *out, uint32_t size, uint32_t count,
			 uint32_t offset, const char *what)
{
	for (uint32_t g = 0; g < STAMP_ITEMS; g++) {
		uint32_t want = g >= offset && g < offset + size * count ?
				size << 24 | offset << 16 | g : 0;

		ck_assert_msg(out[g] == want, "%s: out[%u] = 0x%x, want 0x%x",
			      what, g, out[g], want);
	}
}

static void run_stamp(ze_command_list_handle_t list, uint32_t *out)
{
	memset(out, 0, STAMP_ITEMS * 4);
	run(list);
}

START_TEST(test_mutable_group_count_size_and_offset)
{
	ze_kernel_handle_t k = kernel("stamp");
	ze_command_list_handle_t list = mutable_list(false);
	uint32_t *out = lz_alloc_shared(STAMP_ITEMS * 4);
	ze_group_count_t count = { 2, 1, 1 };
	uint64_t id;

	ck_assert_ok(zeKernelSetGroupSize(k, 8, 1, 1));
	lz_arg_ptr(k, 0, out);
	id = take_id(list, 0);	/* 0: everything but the kernel */
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &count, NULL, 0,
						     NULL));
	ck_assert_ok(zeCommandListClose(list));
	run_stamp(list, out);
	check_stamps(out, 8, 2, 0, "recorded: 2 groups of 8");

	ze_group_count_t four = { 4, 1, 1 };
	ze_mutable_group_count_exp_desc_t gc = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_GROUP_COUNT_EXP_DESC,
		.commandId = id, .pGroupCount = &four,
	};
	update_one(list, &gc);
	run_stamp(list, out);
	check_stamps(out, 8, 4, 0, "4 groups");

	ze_mutable_group_size_exp_desc_t gs = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_GROUP_SIZE_EXP_DESC,
		.commandId = id, .groupSizeX = 32, .groupSizeY = 1,
		.groupSizeZ = 1,
	};
	update_one(list, &gs);
	run_stamp(list, out);
	check_stamps(out, 32, 4, 0, "groups of 32");

	ze_mutable_global_offset_exp_desc_t go = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_GLOBAL_OFFSET_EXP_DESC,
		.commandId = id, .offsetX = 100,
	};
	update_one(list, &go);
	run_stamp(list, out);
	check_stamps(out, 32, 4, 100, "offset 100");
	run_stamp(list, out);
	check_stamps(out, 32, 4, 100, "offset 100, executed again");

	/* All three in one chain. */
	ze_group_count_t three = { 3, 1, 1 };
	gc.pGroupCount = &three;
	gs.groupSizeX = 16;
	go.offsetX = 7;
	gc.pNext = &gs;
	gs.pNext = &go;
	update_one(list, &gc);
	run_stamp(list, out);
	check_stamps(out, 16, 3, 7, "one chain: 3 groups of 16 from 7");

	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeKernelDestroy(k));
	lz_free(out);
}
END_TEST

START_TEST(test_kernel_set_global_offset)
{
	ze_kernel_handle_t k = kernel("stamp");
	ze_command_list_handle_t imm = lz_immediate_list(true);
	ze_command_list_handle_t list = lz_list(false);
	uint32_t *out = lz_alloc_shared(STAMP_ITEMS * 4);
	ze_group_count_t count = { 2, 1, 1 };

	ck_assert_ze(zeKernelSetGlobalOffsetExp(NULL, 0, 0, 0),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE, "hKernel is required");
	ck_assert_ok(zeKernelSetGroupSize(k, 16, 1, 1));
	lz_arg_ptr(k, 0, out);

	memset(out, 0, STAMP_ITEMS * 4);
	ck_assert_ok(zeKernelSetGlobalOffsetExp(k, 40, 0, 0));
	ck_assert_ok(zeCommandListAppendLaunchKernel(imm, k, &count, NULL, 0,
						     NULL));
	ck_assert_ok(lz_list_sync(imm, LZ_TIMEOUT_NS));
	check_stamps(out, 16, 2, 40, "immediate list, offset 40");

	/* A regular list records the offset of its append. */
	ck_assert_ok(zeKernelSetGlobalOffsetExp(k, 200, 0, 0));
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &count, NULL, 0,
						     NULL));
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ok(zeKernelSetGlobalOffsetExp(k, 0, 0, 0));
	run_stamp(list, out);
	check_stamps(out, 16, 2, 200, "regular list, offset 200");

	memset(out, 0, STAMP_ITEMS * 4);
	ck_assert_ok(zeCommandListAppendLaunchKernel(imm, k, &count, NULL, 0,
						     NULL));
	ck_assert_ok(lz_list_sync(imm, LZ_TIMEOUT_NS));
	check_stamps(out, 16, 2, 0, "offset back to 0");

	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeKernelDestroy(k));
	lz_free(out);
}
END_TEST

/* Version 1.1: a command switches kernels, then takes new arguments. */
START_TEST(test_mutable_kernel_switch)
{
	ze_kernel_handle_t add = kernel("add_scalar"), mul = kernel("mul_scalar");
	ze_kernel_handle_t both[2] = { add, mul };
	ze_command_list_handle_t list = mutable_list(false);
	int32_t *a = lz_alloc_shared(ITEMS * 4);
	ze_group_count_t count = { ITEMS / 16, 1, 1 };
	ze_mutable_command_id_exp_desc_t d = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_ID_EXP_DESC,
		.flags = ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION |
			 ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_ARGUMENTS,
	};
	int32_t c = 3;
	uint64_t id;

	for (int i = 0; i < ITEMS; i++)
		a[i] = 2;
	ck_assert_ok(zeKernelSetGroupSize(add, 16, 1, 1));
	ck_assert_ok(zeKernelSetGroupSize(mul, 16, 1, 1));
	lz_arg_ptr(add, 0, a);
	lz_arg_ptr(mul, 0, a);
	ck_assert_ok(zeKernelSetArgumentValue(add, 1, sizeof(c), &c));
	c = 4;
	ck_assert_ok(zeKernelSetArgumentValue(mul, 1, sizeof(c), &c));

	ck_assert_ok(next_id_kernels(list, &d, 2, both, &id));
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, add, &count, NULL,
						     0, NULL));
	ck_assert_ok(zeCommandListClose(list));
	run(list);
	check_all(a, 5, "add 3");

	/* mul_scalar, with the arguments it holds now (c = 4). */
	ck_assert_ok(update_kernels(list, 1, &id, &mul));
	ck_assert_ok(zeCommandListClose(list));
	run(list);
	check_all(a, 20, "switched to mul 4");

	c = 2;
	ze_mutable_kernel_argument_exp_desc_t scalar = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_KERNEL_ARGUMENT_EXP_DESC,
		.commandId = id, .argIndex = 1, .argSize = sizeof(c),
		.pArgValue = &c,
	};
	update_one(list, &scalar);
	run(list);
	check_all(a, 40, "mul 2");

	ck_assert_ok(update_kernels(list, 1, &id, &add));
	ck_assert_ok(zeCommandListClose(list));
	run(list);
	check_all(a, 43, "back to add 3");

	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeKernelDestroy(add));
	ck_assert_ok(zeKernelDestroy(mul));
	lz_free(a);
}
END_TEST

/*
 * An in-order mutable list whose launch signals a counter-based event and
 * whose second launch waits for a regular event: updates keep the events'
 * work, execution after execution.
 */
START_TEST(test_mutable_with_events)
{
	ze_kernel_handle_t k = kernel("add_scalar");
	ze_command_list_handle_t list = mutable_list(true);
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t gate = lz_event(pool, 0);
	ze_event_handle_t done = lz_cb_event(CB_REG | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE);
	int32_t *a = lz_alloc_shared(ITEMS * 4);
	ze_group_count_t count = { ITEMS / 16, 1, 1 };
	int32_t c = 1;
	uint64_t id1, id2;

	memset(a, 0, ITEMS * 4);
	ck_assert_ok(zeKernelSetGroupSize(k, 16, 1, 1));
	lz_arg_ptr(k, 0, a);
	ck_assert_ok(zeKernelSetArgumentValue(k, 1, sizeof(c), &c));
	id1 = take_id(list, ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_ARGUMENTS);
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &count, NULL, 1,
						     &gate));
	c = 10;
	ck_assert_ok(zeKernelSetArgumentValue(k, 1, sizeof(c), &c));
	id2 = take_id(list, ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_ARGUMENTS);
	ck_assert_msg(id2 != id1, "ids differ");
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &count, done, 0,
						     NULL));
	ck_assert_ok(zeCommandListClose(list));

	for (int round = 1; round <= 3; round++) {
		int32_t before = a[0];

		c = round * 100;
		ze_mutable_kernel_argument_exp_desc_t second = {
			.stype = ZE_STRUCTURE_TYPE_MUTABLE_KERNEL_ARGUMENT_EXP_DESC,
			.commandId = id2, .argIndex = 1, .argSize = sizeof(c),
			.pArgValue = &c,
		};
		update_one(list, &second);
		ck_assert_ok(zeEventHostReset(gate));
		ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &list,
							       NULL));
		ck_assert_ze(zeEventQueryStatus(done), ZE_RESULT_NOT_READY,
			     "the list waits for the gate");
		ck_assert_int_eq(a[0], before);
		ck_assert_ok(zeEventHostSignal(gate));
		ck_assert_ok(zeEventHostSynchronize(done, LZ_TIMEOUT_NS));
		check_all(a, before + 1 + round * 100, "both launches ran");
		ck_assert_ok(zeCommandQueueSynchronize(queue, LZ_TIMEOUT_NS));
	}

	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeKernelDestroy(k));
	lz_free(a);
}
END_TEST

START_TEST(test_mutable_errors)
{
	ze_kernel_handle_t k = kernel("add_scalar"), mul = kernel("mul_scalar");
	ze_kernel_handle_t st = kernel("stamp");
	ze_command_list_handle_t list = mutable_list(false);
	ze_command_list_handle_t other = mutable_list(false);
	ze_command_list_handle_t plain = lz_list(false);
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t ev = lz_event(pool, 0);
	int32_t *a = lz_alloc_shared(ITEMS * 4);
	ze_group_count_t count = { ITEMS / 16, 1, 1 };
	ze_mutable_command_id_exp_desc_t d = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_ID_EXP_DESC,
	};
	ze_mutable_commands_exp_desc_t head = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_COMMANDS_EXP_DESC,
	};
	int32_t c = 1;
	uint64_t id, other_id, unused_id;

	memset(a, 0, ITEMS * 4);
	ck_assert_ok(zeKernelSetGroupSize(k, 16, 1, 1));
	lz_arg_ptr(k, 0, a);
	ck_assert_ok(zeKernelSetArgumentValue(k, 1, sizeof(c), &c));

	/* Command ids. */
	ck_assert_ze(next_id(NULL, &d, &id), ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "hCommandList is required");
	ck_assert_ze(next_id(list, NULL, &id), ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "desc is required");
	ck_assert_ze(next_id(list, &d, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "pCommandId is required");
	ck_assert_ze(next_id(plain, &d, &id), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "only a mutable list hands out command ids");
	d.flags = 0x100;
	ck_assert_ze(next_id(list, &d, &id), ZE_RESULT_ERROR_INVALID_ENUMERATION,
		     "flags above 0xff are no flags");
	d.flags = ZE_MUTABLE_COMMAND_EXP_FLAG_GRAPH_ARGUMENTS;
	ck_assert_ze(next_id(list, &d, &id), ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "a kernel launch has no graph arguments");

	/* An id taken by no launch names nothing. */
	unused_id = take_id(list, ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_ARGUMENTS);
	id = take_id(list, ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_ARGUMENTS);
	ck_assert_msg(id > unused_id, "ids grow");
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &count, NULL, 0,
						     NULL));
	other_id = take_id(other, 0);
	ck_assert_ok(zeCommandListAppendLaunchKernel(other, k, &count, NULL, 0,
						     NULL));
	ck_assert_ok(zeCommandListClose(other));

	/* Updates of a list not closed yet. */
	c = 9;
	ze_mutable_kernel_argument_exp_desc_t arg = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_KERNEL_ARGUMENT_EXP_DESC,
		.commandId = id, .argIndex = 1, .argSize = sizeof(c),
		.pArgValue = &c,
	};
	head.pNext = &arg;
	ck_assert_ze(update(list, &head), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an open list has nothing to update yet");
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ze(next_id(list, &d, &id), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a closed list hands out no command ids");

	ck_assert_ze(update(NULL, &head), ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "hCommandList is required");
	ck_assert_ze(update(list, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "desc is required");
	ck_assert_ze(update(plain, &head), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a plain list cannot be updated");
	head.flags = 1;
	ck_assert_ze(update(list, &head), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "desc->flags must be 0");
	head.flags = 0;

	/* Ids of another list, unused ids, flags that do not allow it. */
	arg.commandId = other_id;
	ck_assert_ze(update(list, &head), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an id of another list names nothing here");
	arg.commandId = unused_id;
	ck_assert_ze(update(list, &head), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an id no launch took names nothing");
	arg.commandId = id;
	ze_group_count_t two = { 2, 1, 1 };
	ze_mutable_group_count_exp_desc_t gc = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_GROUP_COUNT_EXP_DESC,
		.commandId = id, .pGroupCount = &two,
	};
	ze_mutable_group_size_exp_desc_t gs = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_GROUP_SIZE_EXP_DESC,
		.commandId = id, .groupSizeX = 8, .groupSizeY = 1, .groupSizeZ = 1,
	};
	ze_mutable_global_offset_exp_desc_t go = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_GLOBAL_OFFSET_EXP_DESC,
		.commandId = id, .offsetX = 1,
	};
	/* A valid argument update first: the chain is refused whole. */
	arg.pNext = &gc;
	ck_assert_ze(update(list, &head), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "the id's flags do not let the group count change");
	arg.pNext = &gs;
	ck_assert_ze(update(list, &head), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "the id's flags do not let the group size change");
	arg.pNext = &go;
	ck_assert_ze(update(list, &head), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "the id's flags do not let the offset change");
	ze_base_desc_t unknown = { .stype = ZE_STRUCTURE_TYPE_KERNEL_DESC };
	arg.pNext = &unknown;
	ck_assert_ze(update(list, &head), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a descriptor no update knows");
	arg.pNext = NULL;
	arg.argIndex = 2;
	ck_assert_ze(update(list, &head),
		     ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX,
		     "add_scalar has two arguments");
	arg.argIndex = 1;
	arg.argSize = 2;
	ck_assert_ze(update(list, &head),
		     ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE,
		     "argument 1 is an int, of 4 bytes");
	arg.argSize = sizeof(c);
	/* None of the refused chains changed anything, nor needs a close. */
	run(list);
	check_all(a, 1, "refused updates change nothing");

	/* Events and kernels: no id of this list lets them change. */
	ck_assert_ze(update_signal(list, id, ev), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "the id's flags do not let the signal event change");
	ck_assert_ze(update_waits(list, id, 1, &ev), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "the id's flags do not let the wait events change");
	ck_assert_ze(update_signal(NULL, id, ev), ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "hCommandList is required");
	ck_assert_ze(update_kernels(list, 1, &id, &mul),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "the id's flags do not let the kernel change");
	ck_assert_ze(update_kernels(list, 1, NULL, &mul),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER, "pCommandId is required");

	/* Updated, not closed again: not executable. */
	ck_assert_ok(update(list, &head));
	ck_assert_ze(zeCommandQueueExecuteCommandLists(queue, 1, &list, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a list updated since it was closed must be closed again");
	ck_assert_ok(zeCommandListClose(list));
	run(list);
	check_all(a, 10, "the update runs once closed");

	/* A kernel switch to a kernel the id was not given. */
	ze_command_list_handle_t sw = mutable_list(false);
	ze_kernel_handle_t only_mul = mul;
	d.flags = ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION;
	ck_assert_ok(next_id_kernels(sw, &d, 1, &only_mul, &id));
	ck_assert_ok(zeCommandListAppendLaunchKernel(sw, k, &count, NULL, 0,
						     NULL));
	ck_assert_ok(zeCommandListClose(sw));
	ck_assert_ze(update_kernels(sw, 1, &id, &st),
		     ZE_RESULT_ERROR_INVALID_KERNEL_HANDLE,
		     "stamp is not among the id's kernels");
	/* Switched to a kernel with an argument never set: close refuses. */
	ck_assert_ok(update_kernels(sw, 1, &id, &mul));
	ck_assert_ze(zeCommandListClose(sw), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "mul_scalar's arguments are not set");
	ck_assert_ok(zeCommandListDestroy(sw));

	/* A reset forgets the ids. */
	ck_assert_ok(zeCommandListReset(list));
	ck_assert_ok(zeCommandListClose(list));
	arg.commandId = id;
	ck_assert_ze(update(list, &head), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a reset list's ids name nothing");

	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandListDestroy(other));
	ck_assert_ok(zeCommandListDestroy(plain));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeKernelDestroy(mul));
	ck_assert_ok(zeKernelDestroy(st));
	lz_free(a);
}
END_TEST

/* Command ids from several threads at once (spec): all distinct. */
#define ID_THREADS	4
#define IDS_PER_THREAD	500

struct id_worker {
	ze_command_list_handle_t list;
	uint64_t ids[IDS_PER_THREAD];
	ze_result_t ret;
};

static void *id_worker_main(void *arg)
{
	struct id_worker *w = arg;
	ze_mutable_command_id_exp_desc_t d = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_ID_EXP_DESC,
	};

	w->ret = ZE_RESULT_SUCCESS;
	for (int i = 0; i < IDS_PER_THREAD && w->ret == ZE_RESULT_SUCCESS; i++)
		w->ret = next_id(w->list, &d, &w->ids[i]);
	return NULL;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

START_TEST(test_mutable_ids_from_threads)
{
	static struct id_worker w[ID_THREADS];
	static uint64_t all[ID_THREADS * IDS_PER_THREAD];
	ze_kernel_handle_t k = kernel("add_scalar");
	ze_command_list_handle_t list = mutable_list(false);
	int32_t *a = lz_alloc_shared(ITEMS * 4);
	ze_group_count_t count = { ITEMS / 16, 1, 1 };
	pthread_t t[ID_THREADS];
	int32_t c = 3;
	uint64_t id;

	for (int i = 0; i < ID_THREADS; i++) {
		w[i].list = list;
		ck_assert_int_eq(pthread_create(&t[i], NULL, id_worker_main,
						&w[i]), 0);
	}
	for (int i = 0; i < ID_THREADS; i++) {
		ck_assert_int_eq(pthread_join(t[i], NULL), 0);
		ck_assert_ok(w[i].ret);
		memcpy(&all[i * IDS_PER_THREAD], w[i].ids, sizeof(w[i].ids));
	}
	qsort(all, ID_THREADS * IDS_PER_THREAD, sizeof(all[0]), cmp_u64);
	for (int i = 1; i < ID_THREADS * IDS_PER_THREAD; i++)
		ck_assert_msg(all[i] != all[i - 1], "ids are unique");

	/* The last id handed out before the launch is the launch's. */
	memset(a, 0, ITEMS * 4);
	ck_assert_ok(zeKernelSetGroupSize(k, 16, 1, 1));
	lz_arg_ptr(k, 0, a);
	ck_assert_ok(zeKernelSetArgumentValue(k, 1, sizeof(c), &c));
	id = take_id(list, 0);
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &count, NULL, 0,
						     NULL));
	ck_assert_ok(zeCommandListClose(list));
	c = 4;
	ze_mutable_kernel_argument_exp_desc_t arg = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_KERNEL_ARGUMENT_EXP_DESC,
		.commandId = all[0], .argIndex = 1, .argSize = sizeof(c),
		.pArgValue = &c,
	};
	ze_mutable_commands_exp_desc_t head = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_COMMANDS_EXP_DESC,
		.pNext = &arg,
	};
	ck_assert_ze(update(list, &head), ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an id replaced by a later one names nothing");
	arg.commandId = id;
	update_one(list, &arg);
	run(list);
	check_all(a, 4, "the launch took the last id");

	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeKernelDestroy(k));
	lz_free(a);
}
END_TEST

/* A built-in kernel's launch cannot take a command id; the id stays. */
START_TEST(test_mutable_builtin_launch_refused)
{
	ze_module_handle_t builtin_mod;
	ze_kernel_handle_t bk = lz_kernel("add_u32", &builtin_mod);
	ze_kernel_handle_t k = kernel("add_scalar");
	ze_command_list_handle_t list = mutable_list(false);
	uint32_t *u = lz_alloc_shared(ITEMS * 4);
	int32_t *a = lz_alloc_shared(ITEMS * 4);
	ze_group_count_t count = { ITEMS / 16, 1, 1 };
	int32_t c = 2;
	uint64_t id;

	memset(u, 0, ITEMS * 4);
	memset(a, 0, ITEMS * 4);
	lz_arg_ptr(bk, 0, u);
	lz_arg_ptr(bk, 1, u);
	lz_arg_ptr(bk, 2, u);
	ck_assert_ok(zeKernelSetGroupSize(k, 16, 1, 1));
	lz_arg_ptr(k, 0, a);
	ck_assert_ok(zeKernelSetArgumentValue(k, 1, sizeof(c), &c));
	ck_assert_ze(zeKernelSetGlobalOffsetExp(bk, 1, 0, 0),
		     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "a built-in kernel has no global ids to offset");
	ck_assert_ok(zeKernelSetGlobalOffsetExp(bk, 0, 0, 0));

	id = take_id(list, ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_ARGUMENTS);
	ck_assert_ze(zeCommandListAppendLaunchKernel(list, bk, &count, NULL, 0,
						     NULL),
		     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "a built-in kernel's launch cannot take a command id");
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &count, NULL, 0,
						     NULL));
	ck_assert_ok(zeCommandListClose(list));
	c = 5;
	ze_mutable_kernel_argument_exp_desc_t arg = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_KERNEL_ARGUMENT_EXP_DESC,
		.commandId = id, .argIndex = 1, .argSize = sizeof(c),
		.pArgValue = &c,
	};
	update_one(list, &arg);
	run(list);
	check_all(a, 5, "the SPIR-V launch took the id");

	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeKernelDestroy(bk));
	ck_assert_ok(zeModuleDestroy(builtin_mod));
	lz_free(a);
	lz_free(u);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("mutable");
	TCase *tc = tcase_create("core");
	TCase *tl = tcase_create("limits");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_mutable_extension_and_properties);
	tcase_add_test(tc, test_mutable_scalar_and_buffer_arguments);
	tcase_add_test(tc, test_mutable_group_count_size_and_offset);
	tcase_add_test(tc, test_kernel_set_global_offset);
	tcase_add_test(tc, test_mutable_kernel_switch);
	tcase_add_test(tc, test_mutable_with_events);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(tl, setup, teardown);
	tcase_set_timeout(tl, 120);
	tcase_add_test(tl, test_mutable_errors);
	tcase_add_test(tl, test_mutable_ids_from_threads);
	tcase_add_test(tl, test_mutable_builtin_launch_refused);
	suite_add_tcase(s, tl);
	return check_run(s);
}
