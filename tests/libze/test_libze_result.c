// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Host tests of the errno translation (userspace/libze/src/result.c),
 * linked in directly: the one place where the library's negative errnos
 * become the results of the Level Zero API.
 */

#include <errno.h>
#include <stdlib.h>

#include <check.h>

#include "../../userspace/libze/src/core/result.h"
#include "check_run.h"

static const struct {
	int err;
	ze_result_t result;
	const char *why;
} table[] = {
	{ 0, ZE_RESULT_SUCCESS, "no error is success" },
	{ -ENOMEM, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY, "no host memory" },
	{ -ENOSPC, ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY, "no device memory" },
	{ -EINVAL, ZE_RESULT_ERROR_INVALID_ARGUMENT, "a bad argument" },
	{ -EBADF, ZE_RESULT_ERROR_INVALID_ARGUMENT, "an IPC fd that is none" },
	{ -E2BIG, ZE_RESULT_ERROR_INVALID_SIZE, "too large" },
	{ -EOPNOTSUPP, ZE_RESULT_ERROR_UNSUPPORTED_FEATURE, "not supported" },
	{ -EACCES, ZE_RESULT_ERROR_INSUFFICIENT_PERMISSIONS, "not allowed" },
	{ -EBUSY, ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE,
	  "an in-order list still running" },
	{ -EXDEV, ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE,
	  "a list of another queue group" },
	{ -ESRCH, ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT,
	  "a fence whose queue is gone" },
	{ -ETIME, ZE_RESULT_NOT_READY, "a wait that timed out" },
	{ -EIO, ZE_RESULT_ERROR_DEVICE_LOST, "a banned queue" },
	{ -ENODEV, ZE_RESULT_ERROR_DEVICE_LOST, "a device that went away" },
	{ -EDOM, ZE_RESULT_ERROR_UNKNOWN, "an errno nobody expects" },
};

START_TEST(test_result_from_errno)
{
	ck_assert_msg(xe_result_from_errno(table[_i].err) == table[_i].result,
		      "%s: errno %d gives 0x%08x, not 0x%08x", table[_i].why,
		      -table[_i].err,
		      (unsigned int)xe_result_from_errno(table[_i].err),
		      (unsigned int)table[_i].result);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("result");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_result_from_errno, 0,
			    sizeof(table) / sizeof(table[0]));
	suite_add_tcase(s, tc);
	return check_run(s);
}
