// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: errors
 *
 * Inside the library every function that can fail returns 0 or a negative
 * errno, as the kernel does. Only the Level Zero entry points speak
 * ze_result_t, and they turn an errno into one through this table, so the
 * mapping is decided once.
 */

#include <errno.h>

#include "core/libze_private.h"
#include "core/result.h"

static const struct {
	int err;
	ze_result_t result;
} xe_errno_results[] = {
	{ ENOMEM,	ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY },
	{ ENOSPC,	ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY },
	{ EINVAL,	ZE_RESULT_ERROR_INVALID_ARGUMENT },
	{ ENOENT,	ZE_RESULT_ERROR_INVALID_ARGUMENT },
	{ EFAULT,	ZE_RESULT_ERROR_INVALID_ARGUMENT },
	{ EBADF,	ZE_RESULT_ERROR_INVALID_ARGUMENT },
	{ ESRCH,	ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT },
	{ E2BIG,	ZE_RESULT_ERROR_INVALID_SIZE },
	{ EOPNOTSUPP,	ZE_RESULT_ERROR_UNSUPPORTED_FEATURE },
	{ ENOTTY,	ZE_RESULT_ERROR_UNSUPPORTED_FEATURE },
	{ EPERM,	ZE_RESULT_ERROR_INSUFFICIENT_PERMISSIONS },
	{ EACCES,	ZE_RESULT_ERROR_INSUFFICIENT_PERMISSIONS },
	{ EBUSY,	ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE },
	{ EXDEV,	ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE },
	{ EAGAIN,	ZE_RESULT_NOT_READY },
	{ ETIME,	ZE_RESULT_NOT_READY },
	{ ETIMEDOUT,	ZE_RESULT_NOT_READY },
	{ EIO,		ZE_RESULT_ERROR_DEVICE_LOST },
	{ ENODEV,	ZE_RESULT_ERROR_DEVICE_LOST },
};

/**
 * xe_result_from_errno() - translate an internal error for the caller
 * @err: 0 or a negative errno
 *
 * Return: the ze_result_t an entry point reports for @err;
 * ZE_RESULT_ERROR_UNKNOWN for an errno the table does not list.
 */
ze_result_t xe_result_from_errno(int err)
{
	size_t i;

	if (!err)
		return ZE_RESULT_SUCCESS;

	for (i = 0; i < XE_ARRAY_SIZE(xe_errno_results); i++)
		if (xe_errno_results[i].err == -err)
			return xe_errno_results[i].result;

	return ZE_RESULT_ERROR_UNKNOWN;
}
