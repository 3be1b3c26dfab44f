// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of the debug log (core/debug_log.c), through the loader as
 * an application meets it: each test is its own child process (Check's
 * fork), which sets XE_CBEV_DEBUG and XE_CBEV_DEBUG_FILE before its first
 * zeInit() -- the driver reads them when the loader loads it -- makes a
 * call the driver refuses and one it accepts, and reads the log file.
 */

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "libze_test.h"
#include "check_run.h"

static char log_path[] = "/tmp/xe_cbev_debug.XXXXXX";

/* Point the log at a fresh file; @level NULL leaves XE_CBEV_DEBUG unset. */
static void log_start(const char *level)
{
	int fd = mkstemp(log_path);

	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(setenv("XE_CBEV_DEBUG_FILE", log_path, 1), 0);
	if (level)
		ck_assert_int_eq(setenv("XE_CBEV_DEBUG", level, 1), 0);
	else
		ck_assert_int_eq(unsetenv("XE_CBEV_DEBUG"), 0);
	lz_setup();
}

/* Everything the driver logged (static storage). */
static const char *log_text(void)
{
	static char text[256 * 1024];
	size_t n = 0;
	FILE *f = fopen(log_path, "r");

	ck_assert_ptr_nonnull(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	unlink(log_path);
	return text;
}

/* A call the driver refuses with a reason: freeing what it never gave. */
static void refused_free(void)
{
	int not_allocated;

	ck_assert_ze(zeMemFree(lz_context, &not_allocated),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a pointer the context never allocated is not freed");
}

static void accepted_call(void)
{
	ck_assert_ok(zeContextGetStatus(lz_context));
}

#define ck_assert_has(text, needle)					\
	ck_assert_msg(strstr(text, needle),				\
		      "the log has \"%s\"; it is:\n%s", needle, text)
#define ck_assert_lacks(text, needle)					\
	ck_assert_msg(!strstr(text, needle),				\
		      "the log has no \"%s\"; it is:\n%s", needle, text)

START_TEST(test_debug_failure_logged_with_reason)
{
	const char *text;

	log_start("1");
	refused_free();
	accepted_call();
	lz_teardown();
	text = log_text();
	ck_assert_has(text, "zeMemFree(hContext=0x");
	ck_assert_has(text, ") = ZE_RESULT_ERROR_INVALID_ARGUMENT (");
	ck_assert_has(text, " ns): ptr is not the start of an allocation of this context");
	ck_assert_lacks(text, "zeContextGetStatus(");
}
END_TEST

START_TEST(test_debug_every_call_logged)
{
	const char *text;

	log_start("2");
	refused_free();
	accepted_call();
	lz_teardown();
	text = log_text();
	ck_assert_has(text, "zeMemFree(hContext=0x");
	ck_assert_has(text, "zeContextGetStatus(hContext=0x");
	ck_assert_has(text, ") = ZE_RESULT_SUCCESS (");
	ck_assert_has(text, "zeContextDestroy(hContext=0x");
}
END_TEST

START_TEST(test_debug_unset_logs_nothing)
{
	log_start(NULL);
	refused_free();
	accepted_call();
	lz_teardown();
	ck_assert_str_eq(log_text(), "");
}
END_TEST

START_TEST(test_debug_zero_logs_nothing)
{
	log_start("0");
	refused_free();
	lz_teardown();
	ck_assert_str_eq(log_text(), "");
}
END_TEST

/* An entry point found by name is logged under the name asked for. */
START_TEST(test_debug_extension_function_logged)
{
	ze_result_t (*open_ipc)(ze_context_handle_t,
				zex_ipc_counter_based_event_handle_t,
				ze_event_handle_t *);
	zex_ipc_counter_based_event_handle_t bad;
	ze_event_handle_t ev = NULL;
	const char *text;

	log_start("1");
	*(void **)&open_ipc = lz_function("zexCounterBasedEventOpenIpcHandle");
	memset(&bad, 0, sizeof(bad));
	ck_assert_ze(open_ipc(lz_context, bad, &ev),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a handle of zeros names no event");
	lz_teardown();
	text = log_text();
	ck_assert_has(text, "zexCounterBasedEventOpenIpcHandle(hContext=0x");
	ck_assert_has(text, "hIpc={64 bytes:00000000");
	ck_assert_has(text, ") = ZE_RESULT_ERROR_INVALID_ARGUMENT (");
}
END_TEST

static Suite *libze_debug_suite(void)
{
	Suite *s = suite_create("libze_debug");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_debug_failure_logged_with_reason);
	tcase_add_test(tc, test_debug_every_call_logged);
	tcase_add_test(tc, test_debug_unset_logs_nothing);
	tcase_add_test(tc, test_debug_zero_logs_nothing);
	tcase_add_test(tc, test_debug_extension_function_logged);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(libze_debug_suite());

	/* The driver reads the variables once: a process per test. */
	srunner_set_fork_status(sr, CK_FORK);
	return check_run_srunner(sr);
}
