/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_ENCODER_H
#define _XE_ENCODER_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Encoders of the commands the library emits, in the Gen12/Xe encodings
 * that the xe_cbev engine executes (Documentation/command-stream.rst).
 * Each xe_emit_*() writes one command at @cs and returns the dword after
 * it; XE_*_DWORDS says how many dwords that is, so that callers can size
 * their buffers before they encode.
 */

#define XE_MI_NOOP_DWORDS		1
#define XE_MI_BATCH_BUFFER_END_DWORDS	1
#define XE_MI_BATCH_BUFFER_START_DWORDS	3
#define XE_MI_STORE_DATA_IMM_QW_DWORDS	5
#define XE_MI_SEMAPHORE_WAIT_64_DWORDS	7
#define XE_MI_ATOMIC_INLINE_DWORDS	11
#define XE_PIPE_CONTROL_DWORDS		6
#define XE_DISPATCH_DWORDS		15

#define XE_DISPATCH_NUM_ARGS		6

/* Comparisons of MI_SEMAPHORE_WAIT(_64): memory <op> value. */
enum xe_sem_op {
	XE_SEM_GT = 0,
	XE_SEM_GTE = 1,
	XE_SEM_LT = 2,
	XE_SEM_LTE = 3,
	XE_SEM_EQ = 4,
	XE_SEM_NEQ = 5,
};

uint32_t *xe_emit_noop(uint32_t *cs);
uint32_t *xe_emit_bb_end(uint32_t *cs);
uint32_t *xe_emit_bb_start(uint32_t *cs, uint64_t addr, bool second_level);
uint32_t *xe_emit_store_qword(uint32_t *cs, uint64_t addr, uint64_t value);
uint32_t *xe_emit_semaphore_wait64(uint32_t *cs, uint64_t addr,
				   enum xe_sem_op op, uint64_t value);
uint32_t *xe_emit_atomic_add64(uint32_t *cs, uint64_t addr, uint64_t value);
uint32_t *xe_emit_timestamp(uint32_t *cs, uint64_t addr);
uint32_t *xe_emit_dispatch(uint32_t *cs, uint32_t kernel,
			   const uint64_t args[XE_DISPATCH_NUM_ARGS]);

#endif /* _XE_ENCODER_H */
