// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: debug log
 *
 * XE_CBEV_DEBUG=1 logs every entry point that fails, with the result's
 * name and, where the failure site gave one (XE_FAIL()), the reason;
 * XE_CBEV_DEBUG=2 logs every call. ZE_RESULT_NOT_READY is an answer, not a
 * failure: it is logged at level 2 only. XE_CBEV_DEBUG_FILE=path appends
 * the lines to @path instead of standard error. One line per call, written
 * with a single write(), so that the lines of several threads or processes
 * sharing a file do not mix::
 *
 *   xe_cbev[pid.tid] name(arg=0x..., ...) = ZE_RESULT_... (ns): reason
 *
 * Arguments are printed as the hexadecimal value of their bytes (pointers,
 * handles, integers, flags), a struct passed by value as its size and
 * first bytes. The time is what the implementation took, in nanoseconds.
 *
 * How it costs nothing when off: the log lives in wrappers, one per entry
 * point, that a script generates at build time from the prototypes and the
 * DDI slot tables (scripts/gen-debug-wrappers.awk → debug_wrappers.c).
 * The variable is read once, when the library is loaded; only when it is
 * set do the DDI tables and zeDriverGetExtensionFunctionAddress() hand out
 * the wrappers (xe_debug_wrap()). Otherwise every slot holds the
 * implementation itself, exactly as without this file, and no call checks
 * anything. The one trace left in the implementations is XE_FAIL() on
 * refusal paths: a load of xe_debug_level and a branch not taken.
 *
 * The exported names that an application linking the library directly
 * calls are aliases of the implementations (XE_EXPORT()): they are not
 * logged. Logging them would need a check in every call, or symbols
 * resolved at load time (an ifunc), for an audience -- programs that skip
 * the loader -- that the loader's own tracing does not serve either.
 */

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/debug_log.h"

enum xe_debug_level xe_debug_level;
__thread const char *xe_debug_reason;
__thread const char *xe_last_error_reason;

static int debug_fd = STDERR_FILENO;
static pthread_once_t debug_once = PTHREAD_ONCE_INIT;

/* Longest line; a longer one is cut and ends in "...". */
#define XE_DEBUG_LINE_MAX	1024

static enum xe_debug_level debug_level_parse(const char *value)
{
	char *end;
	unsigned long n;

	if (!value || !*value)
		return XE_DEBUG_OFF;
	n = strtoul(value, &end, 10);
	if (*end)		/* not a number: on, failures only */
		return XE_DEBUG_FAILURES;
	if (n >= XE_DEBUG_CALLS)
		return XE_DEBUG_CALLS;
	return n ? XE_DEBUG_FAILURES : XE_DEBUG_OFF;
}

static void debug_write(const char *line, size_t len)
{
	ssize_t n;

	do
		n = write(debug_fd, line, len);
	while (n < 0 && errno == EINTR);
}

static void debug_init_once(void)
{
	const char *path = getenv("XE_CBEV_DEBUG_FILE");
	char line[XE_DEBUG_LINE_MAX];
	int fd, len;

	xe_debug_level = debug_level_parse(getenv("XE_CBEV_DEBUG"));
	if (xe_debug_level == XE_DEBUG_OFF)
		return;

	if (path && *path) {
		fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC,
			  0644);
		if (fd >= 0) {
			debug_fd = fd;
		} else {
			len = snprintf(line, sizeof(line),
				       "xe_cbev[%d] XE_CBEV_DEBUG_FILE=%s: %s, logging to stderr\n",
				       (int)getpid(), path, strerror(errno));
			debug_write(line, (size_t)len < sizeof(line) ?
				    (size_t)len : sizeof(line) - 1);
		}
	}
}

/**
 * xe_debug_init() - read XE_CBEV_DEBUG and XE_CBEV_DEBUG_FILE, once
 *
 * Called before the first table is filled; later calls do nothing.
 */
void xe_debug_init(void)
{
	pthread_once(&debug_once, debug_init_once);
}

void xe_debug_configure(enum xe_debug_level level, int fd)
{
	xe_debug_init();
	xe_debug_level = level;
	debug_fd = fd;
}

void xe_debug_begin(struct xe_debug_call *call)
{
	xe_debug_reason = NULL;
	clock_gettime(CLOCK_MONOTONIC, &call->start);
}

/* Append printf(@fmt) to @line, which holds *@len of @size bytes. */
static void __attribute__((format(printf, 4, 5)))
debug_append(char *line, size_t size, size_t *len, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*len >= size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(line + *len, size - *len, fmt, ap);
	va_end(ap);
	if (n > 0)
		*len += (size_t)n;
}

static void debug_append_arg(char *line, size_t size, size_t *len,
			     const struct xe_debug_arg *arg)
{
	const unsigned char *bytes = arg->value;
	uint64_t v = 0;
	size_t i;

	switch (arg->size) {
	case 1: v = *(const uint8_t *)arg->value; break;
	case 2: v = *(const uint16_t *)arg->value; break;
	case 4: v = *(const uint32_t *)arg->value; break;
	case 8: v = *(const uint64_t *)arg->value; break;
	default:
		/* A struct by value (IPC handles): its size, first bytes. */
		debug_append(line, size, len, "%s={%zu bytes:", arg->name,
			     arg->size);
		for (i = 0; i < arg->size && i < 16; i++)
			debug_append(line, size, len, "%02x", bytes[i]);
		debug_append(line, size, len, "%s}",
			     arg->size > 16 ? "..." : "");
		return;
	}
	debug_append(line, size, len, "%s=0x%llx", arg->name,
		     (unsigned long long)v);
}

/**
 * xe_debug_end() - log a call, if the level asks for it
 * @call: what xe_debug_begin() recorded
 * @name: the entry point's Level Zero name
 * @ret: what it returned
 * @args: its arguments, as passed
 * @num_args: how many
 */
void xe_debug_end(const struct xe_debug_call *call, const char *name,
		  ze_result_t ret, const struct xe_debug_arg *args,
		  unsigned int num_args)
{
	bool failed = ret != ZE_RESULT_SUCCESS && ret != ZE_RESULT_NOT_READY;
	char line[XE_DEBUG_LINE_MAX];
	struct timespec end;
	size_t len = 0;
	int64_t ns;
	unsigned int i;

	if (xe_debug_level < XE_DEBUG_CALLS && !failed)
		return;

	clock_gettime(CLOCK_MONOTONIC, &end);
	ns = (int64_t)(end.tv_sec - call->start.tv_sec) * 1000000000 +
	     (end.tv_nsec - call->start.tv_nsec);

	debug_append(line, sizeof(line), &len, "xe_cbev[%d.%d] %s(",
		     (int)getpid(), (int)gettid(), name);
	for (i = 0; i < num_args; i++) {
		if (i)
			debug_append(line, sizeof(line), &len, ", ");
		debug_append_arg(line, sizeof(line), &len, &args[i]);
	}
	debug_append(line, sizeof(line), &len, ") = %s (%lld ns)",
		     xe_debug_result_name(ret), (long long)ns);
	if (ret != ZE_RESULT_SUCCESS && xe_debug_reason)
		debug_append(line, sizeof(line), &len, ": %s",
			     xe_debug_reason);

	/* Cut a line too long for the buffer; end every line in '\n'. */
	if (len >= sizeof(line) - 1) {
		len = sizeof(line) - 1;
		memcpy(line + len - 3, "...", 3);
	}
	line[len++] = '\n';
	debug_write(line, len);
}
