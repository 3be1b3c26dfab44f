/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_DEBUG_LOG_H
#define _XE_DEBUG_LOG_H

/*
 * The debug log of the entry points (DOC: debug log in debug_log.c). A
 * leaf: it calls nothing else of the library. Failure sites record their
 * reason with XE_FAIL(); the generated wrappers (debug_wrappers.c, written
 * at build time by scripts/gen-debug-wrappers.awk) print one line per call.
 */

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <level_zero/ze_api.h>

#include "core/object.h"

/* XE_CBEV_DEBUG: what is logged. */
enum xe_debug_level {
	XE_DEBUG_OFF = 0,
	XE_DEBUG_FAILURES = 1,	/* calls that fail, with their reason */
	XE_DEBUG_CALLS = 2,	/* every call */
};

/*
 * Read from the environment once, when the DDI tables are first filled
 * (xe_debug_init()); never written afterwards. Hidden, so that a check
 * is one PC-relative load, not a load through the GOT.
 */
extern enum xe_debug_level xe_debug_level
	__attribute__((visibility("hidden")));

/* The reason of the failure of this thread's current call, or NULL. */
extern __thread const char *xe_debug_reason
	__attribute__((visibility("hidden")));

/*
 * The reason of this thread's last failure that had one, for
 * zeDriverGetLastErrorDescription() and zerGetLastErrorDescription();
 * NULL before the first. Only XE_FAIL() writes it: calls that succeed
 * leave it alone, as the spec asks of the last error description.
 */
extern __thread const char *xe_last_error_reason
	__attribute__((visibility("hidden")));

/**
 * XE_FAIL() - return value of a refusal, with the reason the log shows
 * @ret: the ze_result_t to return
 * @reason: a string literal saying which rule the call broke
 *
 * Evaluates to @ret. The reason becomes the thread's last error
 * description (one thread-local store, on the failure path only). When the
 * log is on, it is also stored for the wrapper of the entry point to
 * print. Use as ``return XE_FAIL(...)``.
 */
#define XE_FAIL(ret, reason)						\
	(xe_last_error_reason = (reason),				\
	 __builtin_expect(xe_debug_level != XE_DEBUG_OFF, 0) ?		\
	 (xe_debug_reason = (reason), (ret)) : (ret))

/* This thread's last error description: "" if none had a reason. */
static inline const char *xe_last_error_description(void)
{
	return xe_last_error_reason ? xe_last_error_reason : "";
}

/* One argument of a logged call: its name and its bytes. */
struct xe_debug_arg {
	const char *name;
	const void *value;
	size_t size;
};

#define XE_DEBUG_ARG(a)	{ #a, &(a), sizeof(a) }

/* The state of one call between xe_debug_begin() and xe_debug_end(). */
struct xe_debug_call {
	struct timespec start;
};

void xe_debug_init(void);
void xe_debug_begin(struct xe_debug_call *call);
void xe_debug_end(const struct xe_debug_call *call, const char *name,
		  ze_result_t ret, const struct xe_debug_arg *args,
		  unsigned int num_args);
/* Configure the log directly (host unit tests): @fd is written to. */
void xe_debug_configure(enum xe_debug_level level, int fd);

/* Generated (debug_wrappers.c). */
const char *xe_debug_result_name(ze_result_t ret);

/**
 * xe_debug_wrap() - what a table slot or a lookup hands out
 * @name: the entry point's Level Zero name
 * @fn: its implementation, NULL if none
 *
 * Return: @fn when the log is off; when on, the logging wrapper of @name
 * (which calls @fn, or reports an unimplemented entry point), or @fn if
 * the generator wrote no wrapper for @name.
 */
xe_ddi_fn_t xe_debug_wrap(const char *name, xe_ddi_fn_t fn);

#endif /* _XE_DEBUG_LOG_H */
