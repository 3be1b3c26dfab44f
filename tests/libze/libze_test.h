/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _LIBZE_TEST_H
#define _LIBZE_TEST_H

/*
 * Shared by the Check suites of the Level Zero API: the fixture that finds
 * the xe_cbev driver and device through the loader and creates a context,
 * and small helpers. Every suite runs each test in a child process (Check's
 * default), so each test starts from a fresh zeInit().
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include <check.h>
#include <level_zero/ze_api.h>
#include <libze_xe_cbev.h>

/* Set up by lz_setup() for the test that follows it. */
extern ze_driver_handle_t lz_driver;
extern ze_device_handle_t lz_device;
extern ze_context_handle_t lz_context;

/* Generous: the VM may be slow, and nothing should ever take this long. */
#define LZ_TIMEOUT_NS	(10ull * 1000000000ull)

/* Assert that @call returns @expected; @rule says why it must. */
#define ck_assert_ze(call, expected, rule)				\
	do {								\
		ze_result_t ret_ = (call);				\
									\
		ck_assert_msg(ret_ == (ze_result_t)(expected),		\
			      "%s: %s returned 0x%08x, expected 0x%08x",\
			      rule, #call, (unsigned int)ret_,		\
			      (unsigned int)(expected));		\
	} while (0)

/* Assert success of a call the test depends on but does not test. */
#define ck_assert_ok(call) \
	ck_assert_ze(call, ZE_RESULT_SUCCESS, "a setup step succeeds")

void lz_setup(void);
void lz_teardown(void);

/* Look up an entry point newer than the loader (spec 1.5+) by name. */
void *lz_function(const char *name);

void *lz_alloc_host(size_t size);
void *lz_alloc_device(size_t size);
void *lz_alloc_shared(size_t size);
void lz_free(void *ptr);

ze_result_t lz_create_immediate(const ze_command_queue_desc_t *desc,
				ze_command_list_handle_t *list);
ze_result_t lz_create_list(const ze_command_list_desc_t *desc,
			   ze_command_list_handle_t *list);
ze_command_list_handle_t lz_immediate_list(bool in_order);
ze_command_queue_handle_t lz_queue(void);
ze_command_list_handle_t lz_list(bool in_order);
ze_event_pool_handle_t lz_event_pool(ze_event_pool_flags_t flags,
				     uint32_t count);
ze_event_handle_t lz_event(ze_event_pool_handle_t pool, uint32_t index);
ze_kernel_handle_t lz_kernel(const char *name, ze_module_handle_t *module);
ze_module_handle_t lz_spv_module(const char *name, const char *flags,
				 ze_result_t want);

/* Spec 1.5+ entry points, through zeDriverGetExtensionFunctionAddress(). */
ze_result_t lz_list_sync(ze_command_list_handle_t list, uint64_t timeout);
ze_result_t lz_append_lists(ze_command_list_handle_t immediate, uint32_t n,
			    ze_command_list_handle_t *lists,
			    ze_event_handle_t signal, uint32_t num_waits,
			    ze_event_handle_t *waits);

/* Append a launch of @kernel over @n work items in groups of @group. */
void lz_launch(ze_command_list_handle_t list, ze_kernel_handle_t kernel,
	       uint32_t n, uint32_t group, ze_event_handle_t signal,
	       uint32_t num_waits, ze_event_handle_t *waits);
/* Set argument @index of @kernel to @value (pointer or integer). */
void lz_arg_ptr(ze_kernel_handle_t kernel, uint32_t index, const void *ptr);
void lz_arg_u32(ze_kernel_handle_t kernel, uint32_t index, uint32_t value);
void lz_arg_u64(ze_kernel_handle_t kernel, uint32_t index, uint64_t value);

uint64_t lz_now_ns(void);

/* Path of a helper program that sits with the tests (the VM's /tools). */
const char *lz_helper_path(void);

/* Start that helper as @role on a socket pair; returns our end. */
int lz_start_helper(const char *role, pid_t *pid);

/*
 * Read the helper's final status byte from @sock, reap it and close
 * @sock; fails the test unless it reports 0 and exits cleanly. @what
 * names the exchange in the failure messages.
 */
void lz_finish_helper(int sock, pid_t pid, const char *what);

/* Read one byte from the helper; fails the test unless it is @c. */
void lz_expect_byte(int sock, char c, const char *what);
void lz_send_byte(int sock, char c);

/* Write the pattern i * @mul + @add to @size bytes; check it is there. */
void lz_fill_pattern(uint8_t *p, size_t size, unsigned int mul,
		     unsigned int add);
bool lz_check_pattern(const uint8_t *p, size_t size, unsigned int mul,
		      unsigned int add);

#endif /* _LIBZE_TEST_H */
