/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_EU_FAULT_H
#define _XE_EU_FAULT_H

#include <stdint.h>

#include "xe_jit.h"

/* Faults of kernels on the execution units (eu_fault.c). */
int xe_eu_fault_init(void);
void xe_eu_fault_guard(void);
void xe_eu_fault_guard_ask(void);
void xe_eu_fault_guard_asked(unsigned int *seen);
int xe_eu_fault_thread_init(void **altstack);
void xe_eu_fault_thread_fini(void *altstack);
int xe_eu_run_group(xe_jit_group_fn fn, const struct xe_jit_group *group,
		    uint64_t *fault_addr);

#endif /* _XE_EU_FAULT_H */
