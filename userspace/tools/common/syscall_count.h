/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_SYSCALL_COUNT_H
#define _XE_CBEV_SYSCALL_COUNT_H

/*
 * The system calls of the calling thread (or of every thread of the
 * process), counted by perf counters on the raw_syscalls:sys_enter
 * tracepoint (the VM's kernel has tracefs). Without it the counts are -1,
 * which the benchmarks print as "n/a".
 */

#include <stdint.h>

void syscalls_open(void);
void syscalls_start(void);
int64_t syscalls_stop(void);
void syscalls_process_start(void);
void syscalls_process_stop(int64_t *own, int64_t *others);

#endif /* _XE_CBEV_SYSCALL_COUNT_H */
