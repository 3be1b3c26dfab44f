// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/* Counting a thread's system calls (syscall_count.h). */

#include <linux/perf_event.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/syscall_count.h"

/* The counter of the thread that opened it, or -1. */
static int sys_fd = -1;

/* Open the counter for the calling thread; on failure counts are -1. */
void syscalls_open(void)
{
	static const char *const ids[] = {
		"/sys/kernel/tracing/events/raw_syscalls/sys_enter/id",
		"/sys/kernel/debug/tracing/events/raw_syscalls/sys_enter/id",
	};
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof(attr),
		.disabled = 1,
	};
	unsigned int i;
	FILE *f;

	for (i = 0; i < 2 && !attr.config; i++) {
		f = fopen(ids[i], "r");
		if (f) {
			if (fscanf(f, "%llu", (unsigned long long *)&attr.config) != 1)
				attr.config = 0;
			fclose(f);
		}
	}
	if (!attr.config)
		return;
	sys_fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
}

void syscalls_start(void)
{
	if (sys_fd >= 0) {
		ioctl(sys_fd, PERF_EVENT_IOC_RESET, 0);
		ioctl(sys_fd, PERF_EVENT_IOC_ENABLE, 0);
	}
}

/* System calls since syscalls_start(), without the one that stops it. */
int64_t syscalls_stop(void)
{
	uint64_t n = 0;

	if (sys_fd < 0)
		return -1;
	ioctl(sys_fd, PERF_EVENT_IOC_DISABLE, 0);
	if (read(sys_fd, &n, sizeof(n)) != sizeof(n))
		return -1;
	return (int64_t)n - 1;
}
