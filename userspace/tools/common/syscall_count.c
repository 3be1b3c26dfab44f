// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/* Counting a thread's system calls (syscall_count.h). */

#include <dirent.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/syscall_count.h"

/* The counter of the thread that opened it, or -1. */
static int sys_fd = -1;
/* The tracepoint's id, once read; 0: none. */
static uint64_t sys_enter_id;

#define MAX_TASKS	64
/* Counters of every thread of the process (syscalls_process_start()). */
static int task_fd[MAX_TASKS];
static unsigned int ntasks;

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
	sys_enter_id = attr.config;
	sys_fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
}

/*
 * Count the system calls of every thread the process has now (the
 * caller's last, so that opening the others is not counted), after
 * syscalls_open().
 */
void syscalls_process_start(void)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof(attr),
		.config = sys_enter_id,
		.disabled = 1,
	};
	pid_t self = (pid_t)syscall(SYS_gettid);
	struct dirent *de;
	DIR *dir;
	int fd;

	ntasks = 0;
	if (!sys_enter_id || !(dir = opendir("/proc/self/task")))
		return;
	while ((de = readdir(dir)) && ntasks < MAX_TASKS) {
		pid_t tid = (pid_t)atoi(de->d_name);

		if (tid <= 0 || tid == self)
			continue;
		fd = syscall(SYS_perf_event_open, &attr, tid, -1, -1, 0);
		if (fd >= 0)
			task_fd[ntasks++] = fd;
	}
	closedir(dir);
	for (unsigned int i = 0; i < ntasks; i++)
		ioctl(task_fd[i], PERF_EVENT_IOC_ENABLE, 0);
	syscalls_start();
}

/*
 * System calls since syscalls_process_start(): the caller's in @own, the
 * other threads' in @others (-1 without counters).
 */
void syscalls_process_stop(int64_t *own, int64_t *others)
{
	uint64_t n;

	*own = syscalls_stop();
	*others = ntasks || sys_fd >= 0 ? 0 : -1;
	for (unsigned int i = 0; i < ntasks; i++) {
		ioctl(task_fd[i], PERF_EVENT_IOC_DISABLE, 0);
		if (read(task_fd[i], &n, sizeof(n)) == sizeof(n))
			*others += (int64_t)n;
		close(task_fd[i]);
	}
	ntasks = 0;
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
