// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Host unit tests of the debug log (core/debug_log.c, the generated
 * debug_wrappers.c, the table switch in core/ddi.c), on the fake backend:
 * with the log off, every DDI slot and every by-name lookup is the
 * implementation itself (nothing stands between the loader and the
 * driver); with it on, they are wrappers that write one line per failed
 * call -- name, arguments, result name, time and the failure site's
 * reason -- or per call at level 2. The log is configured directly
 * (xe_debug_configure()) into a memfd; XE_CBEV_DEBUG itself is tested in
 * the VM (tests/libze/test_libze_debug.c).
 */

#include <sys/mman.h>
#include <unistd.h>

#include <level_zero/ze_ddi.h>

#include "core/debug_log.h"
#include "unit.h"

static int log_fd;

static void setup(void)
{
	unit_setup();
	log_fd = memfd_create("xe_cbev_debug", 0);
	ck_assert_int_ge(log_fd, 0);
}

static void teardown(void)
{
	xe_debug_configure(XE_DEBUG_OFF, STDERR_FILENO);
	close(log_fd);
	unit_teardown();
}

/* Everything logged so far, as one string (static storage). */
static const char *log_text(void)
{
	static char text[16384];
	ssize_t n = pread(log_fd, text, sizeof(text) - 1, 0);

	ck_assert_int_ge(n, 0);
	text[n] = '\0';
	return text;
}

static unsigned int log_lines(void)
{
	const char *s = log_text();
	unsigned int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static ze_mem_dditable_t mem_table(void)
{
	ze_mem_dditable_t t;

	memset(&t, 0, sizeof(t));
	ck_assert_ok(zeGetMemProcAddrTable(ZE_API_VERSION_CURRENT, &t));
	return t;
}

static void *lookup(const char *name)
{
	void *fn = NULL;

	ck_assert_ok(zeDriverGetExtensionFunctionAddress(lz_driver, name, &fn));
	return fn;
}

#define ck_assert_logged(needle)					\
	ck_assert_msg(strstr(log_text(), needle),			\
		      "the log has \"%s\"; it is:\n%s", needle, log_text())

START_TEST(test_debug_off_slots_are_the_implementations)
{
	ze_mem_dditable_t t = mem_table();
	ze_context_dditable_t c;

	ck_assert_msg(xe_debug_level == XE_DEBUG_OFF,
		      "the log is off without XE_CBEV_DEBUG");
	ck_assert_msg(t.pfnFree == zeMemFree && t.pfnAllocHost == zeMemAllocHost,
		      "off, a slot holds the implementation itself");
	ck_assert_msg(lookup("zexCounterBasedEventOpenIpcHandle") ==
		      (void *)zexCounterBasedEventOpenIpcHandle,
		      "off, a lookup by name finds the implementation itself");
	ck_assert_int_eq(t.pfnFree(lz_context, &t), ZE_RESULT_ERROR_INVALID_ARGUMENT);
	ck_assert_ok(zeGetContextProcAddrTable(ZE_API_VERSION_CURRENT, &c));
	ck_assert_int_eq(c.pfnMakeImageResident(lz_context, lz_device, NULL),
			 ZE_RESULT_ERROR_UNSUPPORTED_FEATURE);
	ck_assert_msg(!xe_debug_reason, "off, a refusal records no reason");
	ck_assert_uint_eq(log_lines(), 0);
}
END_TEST

START_TEST(test_debug_failure_logged_with_reason)
{
	ze_mem_dditable_t t;
	void *p = NULL;

	xe_debug_configure(XE_DEBUG_FAILURES, log_fd);
	t = mem_table();
	ck_assert_msg(t.pfnFree != zeMemFree, "on, a slot holds the wrapper");

	ck_assert_int_eq(t.pfnFree(lz_context, &t), ZE_RESULT_ERROR_INVALID_ARGUMENT);
	ck_assert_uint_eq(log_lines(), 1);
	ck_assert_logged("] zeMemFree(hContext=0x");
	ck_assert_logged(", ptr=0x");
	ck_assert_logged(") = ZE_RESULT_ERROR_INVALID_ARGUMENT (");
	ck_assert_logged(" ns): ptr is not the start of an allocation of this context");

	/* Level 1: a successful call is not logged. */
	ck_assert_ok(t.pfnAllocHost(lz_context,
				    &(ze_host_mem_alloc_desc_t){
					.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC },
				    64, 0, &p));
	ck_assert_ok(t.pfnFree(lz_context, p));
	ck_assert_uint_eq(log_lines(), 1);
}
END_TEST

START_TEST(test_debug_every_call_logged)
{
	ze_host_mem_alloc_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
	};
	ze_mem_dditable_t t;
	void *p = NULL;

	xe_debug_configure(XE_DEBUG_CALLS, log_fd);
	t = mem_table();
	ck_assert_ok(t.pfnAllocHost(lz_context, &desc, 64, 0, &p));
	ck_assert_logged("zeMemAllocHost(hContext=0x");
	ck_assert_logged(", size=0x40, alignment=0x0, pptr=0x");
	ck_assert_logged(") = ZE_RESULT_SUCCESS (");
	ck_assert_ok(t.pfnFree(lz_context, p));
	ck_assert_logged("zeMemFree(");
	ck_assert_uint_eq(log_lines(), 2);
}
END_TEST

START_TEST(test_debug_unimplemented_slot_logged)
{
	ze_context_dditable_t c;

	xe_debug_configure(XE_DEBUG_FAILURES, log_fd);
	ck_assert_ok(zeGetContextProcAddrTable(ZE_API_VERSION_CURRENT, &c));
	ck_assert_int_eq(c.pfnMakeImageResident(lz_context, lz_device, NULL),
			 ZE_RESULT_ERROR_UNSUPPORTED_FEATURE);
	ck_assert_logged("zeContextMakeImageResident() = ZE_RESULT_ERROR_UNSUPPORTED_FEATURE (");
	ck_assert_logged(" ns): not implemented by this driver");
}
END_TEST

START_TEST(test_debug_struct_argument_and_lookup_logged)
{
	ze_result_t (*open_ipc)(ze_context_handle_t,
				zex_ipc_counter_based_event_handle_t,
				ze_event_handle_t *);
	zex_ipc_counter_based_event_handle_t bad;
	ze_ipc_mem_handle_t mem;
	ze_event_handle_t ev;
	ze_mem_dditable_t t;
	void *p;

	xe_debug_configure(XE_DEBUG_FAILURES, log_fd);
	t = mem_table();
	memset(&mem, 0xab, sizeof(mem));
	ck_assert_int_eq(t.pfnOpenIpcHandle(lz_context, lz_device, mem, 0, &p),
			 ZE_RESULT_ERROR_INVALID_ARGUMENT);
	ck_assert_logged("zeMemOpenIpcHandle(");
	ck_assert_logged(", handle={64 bytes:abababababababababababababababab...}, flags=0x0");
	ck_assert_logged("the IPC handle is not one of this driver's");

	*(void **)&open_ipc = lookup("zexCounterBasedEventOpenIpcHandle");
	ck_assert_msg((void *)open_ipc != (void *)zexCounterBasedEventOpenIpcHandle,
		      "on, a lookup by name finds the wrapper");
	memset(&bad, 0xcd, sizeof(bad));
	ck_assert_int_ne(open_ipc(lz_context, bad, &ev),
			 ZE_RESULT_SUCCESS);
	ck_assert_logged("zexCounterBasedEventOpenIpcHandle(");
	ck_assert_uint_eq(log_lines(), 2);
}
END_TEST

START_TEST(test_debug_not_ready_is_no_failure)
{
	ze_event_dditable_t e;
	ze_event_handle_t gate = unit_gate(0);

	xe_debug_configure(XE_DEBUG_FAILURES, log_fd);
	ck_assert_ok(zeGetEventProcAddrTable(ZE_API_VERSION_CURRENT, &e));
	ck_assert_int_eq(e.pfnQueryStatus(gate), ZE_RESULT_NOT_READY);
	ck_assert_uint_eq(log_lines(), 0);
	xe_debug_configure(XE_DEBUG_CALLS, log_fd);
	ck_assert_int_eq(e.pfnQueryStatus(gate), ZE_RESULT_NOT_READY);
	ck_assert_logged("zeEventQueryStatus(hEvent=0x");
	ck_assert_logged(") = ZE_RESULT_NOT_READY (");
	ck_assert_uint_eq(log_lines(), 1);
}
END_TEST

static Suite *debug_suite(void)
{
	Suite *s = suite_create("debug_log");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_debug_off_slots_are_the_implementations);
	tcase_add_test(tc, test_debug_failure_logged_with_reason);
	tcase_add_test(tc, test_debug_every_call_logged);
	tcase_add_test(tc, test_debug_unimplemented_slot_logged);
	tcase_add_test(tc, test_debug_struct_argument_and_lookup_logged);
	tcase_add_test(tc, test_debug_not_ready_is_no_failure);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return unit_run(debug_suite());
}
