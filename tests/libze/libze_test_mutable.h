/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _LIBZE_TEST_MUTABLE_H
#define _LIBZE_TEST_MUTABLE_H

/*
 * What the mutable command list suites share (test_libze_mutable.c,
 * test_libze_mutable_events.c): the extension's entry points, found by
 * name, the kernels of tests/kernels/mutable.cl, a queue, and the steps
 * every test takes.
 */

#include <stdio.h>
#include <stdlib.h>

#include <zex_spec.h>

#include "libze_test.h"
#include "libze_test_cb.h"

#define ITEMS		64
#define STAMP_ITEMS	1024

typedef ze_result_t (*next_id_fn)(ze_command_list_handle_t,
				  const ze_mutable_command_id_exp_desc_t *,
				  uint64_t *);
typedef ze_result_t (*next_id_kernels_fn)(
	ze_command_list_handle_t, const ze_mutable_command_id_exp_desc_t *,
	uint32_t, ze_kernel_handle_t *, uint64_t *);
typedef ze_result_t (*update_fn)(ze_command_list_handle_t,
				 const ze_mutable_commands_exp_desc_t *);
typedef ze_result_t (*update_signal_fn)(ze_command_list_handle_t, uint64_t,
					ze_event_handle_t);
typedef ze_result_t (*update_waits_fn)(ze_command_list_handle_t, uint64_t,
				       uint32_t, ze_event_handle_t *);
typedef ze_result_t (*update_kernels_fn)(ze_command_list_handle_t, uint32_t,
					 uint64_t *, ze_kernel_handle_t *);
typedef ze_result_t (*is_mutable_fn)(ze_command_list_handle_t, ze_bool_t *);

static next_id_fn next_id;
static next_id_kernels_fn next_id_kernels;
static update_fn update;
static update_signal_fn update_signal;
static update_waits_fn update_waits;
static update_kernels_fn update_kernels;
static is_mutable_fn is_mutable;

static ze_module_handle_t mod;
static ze_command_queue_handle_t queue;

static inline ze_module_handle_t spv_module(const char *name)
{
	return lz_spv_module(name, NULL, ZE_RESULT_SUCCESS);
}

static inline void setup(void)
{
	lz_setup();
	lz_cb_setup();
	*(void **)&next_id = lz_function("zeCommandListGetNextCommandIdExp");
	*(void **)&next_id_kernels =
		lz_function("zeCommandListGetNextCommandIdWithKernelsExp");
	*(void **)&update = lz_function("zeCommandListUpdateMutableCommandsExp");
	*(void **)&update_signal =
		lz_function("zeCommandListUpdateMutableCommandSignalEventExp");
	*(void **)&update_waits =
		lz_function("zeCommandListUpdateMutableCommandWaitEventsExp");
	*(void **)&update_kernels =
		lz_function("zeCommandListUpdateMutableCommandKernelsExp");
	*(void **)&is_mutable = lz_function("zeCommandListIsMutableExp");
	mod = spv_module("mutable");
	queue = lz_queue();
}

static inline void teardown(void)
{
	ck_assert_ok(zeCommandQueueDestroy(queue));
	ck_assert_ok(zeModuleDestroy(mod));
	lz_teardown();
}

static inline ze_kernel_handle_t kernel(const char *name)
{
	ze_kernel_desc_t kd = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC, .pKernelName = name,
	};
	ze_kernel_handle_t k;

	ck_assert_ok(zeKernelCreate(mod, &kd, &k));
	return k;
}

static inline ze_command_list_handle_t mutable_list(bool in_order)
{
	ze_mutable_command_list_exp_desc_t mdesc = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_DESC,
	};
	ze_command_list_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC,
		.pNext = &mdesc,
		.flags = in_order ? ZE_COMMAND_LIST_FLAG_IN_ORDER : 0,
	};
	ze_command_list_handle_t list;

	ck_assert_ok(lz_create_list(&desc, &list));
	return list;
}

static inline uint64_t take_id(ze_command_list_handle_t list,
			       ze_mutable_command_exp_flags_t flags)
{
	ze_mutable_command_id_exp_desc_t d = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_ID_EXP_DESC,
		.flags = flags,
	};
	uint64_t id = 0;

	ck_assert_ok(next_id(list, &d, &id));
	ck_assert_msg(id != 0, "a command id is not 0");
	return id;
}

static inline void run(ze_command_list_handle_t list)
{
	ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &list, NULL));
	ck_assert_ok(zeCommandQueueSynchronize(queue, LZ_TIMEOUT_NS));
}

/* Apply one update descriptor (a chain of one) and close the list again. */
static inline void update_one(ze_command_list_handle_t list, const void *d)
{
	ze_mutable_commands_exp_desc_t head = {
		.stype = ZE_STRUCTURE_TYPE_MUTABLE_COMMANDS_EXP_DESC,
		.pNext = d,
	};

	ck_assert_ok(update(list, &head));
	ck_assert_ok(zeCommandListClose(list));
}

static inline void check_all(const int32_t *buf, int32_t want,
			     const char *what)
{
	for (int i = 0; i < ITEMS; i++)
		ck_assert_msg(buf[i] == want, "%s: item %d is %d, want %d",
			      what, i, buf[i], want);
}

/* Not ready for a moment after the execution started: the command waits. */
static inline void check_waiting(ze_event_handle_t done, const int32_t *a,
				 int32_t before, const char *what)
{
	ck_assert_ze(zeEventHostSynchronize(done, 50 * 1000 * 1000),
		     ZE_RESULT_NOT_READY, what);
	ck_assert_msg(a[0] == before, "%s: the kernel has not run", what);
}

#endif /* _LIBZE_TEST_MUTABLE_H */
