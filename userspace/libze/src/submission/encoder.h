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
 * that the xe_cbev engine executes, as the command-stream contract
 * <drm/xe_cbev_cs.h> defines them (Documentation/command-stream.rst).
 * Each xe_emit_*() writes one command at @cs and returns the dword after
 * it; XE_*_DWORDS says how many dwords that is, so that callers can size
 * their buffers before they encode.
 */

#include <drm/xe_cbev_cs.h>

#define XE_MI_NOOP_DWORDS		1
#define XE_MI_BATCH_BUFFER_END_DWORDS	1
#define XE_MI_BATCH_BUFFER_START_DWORDS	XE_CBEV_MI_BATCH_BUFFER_START_DWORDS
#define XE_MI_STORE_DATA_IMM_QW_DWORDS	XE_CBEV_MI_STORE_DATA_IMM_QW_DWORDS
#define XE_MI_SEMAPHORE_WAIT_64_DWORDS	XE_CBEV_MI_SEMAPHORE_WAIT_64_DWORDS
#define XE_MI_ATOMIC_INLINE_DWORDS	XE_CBEV_MI_ATOMIC_INLINE_DWORDS
#define XE_PIPE_CONTROL_DWORDS		XE_CBEV_PIPE_CONTROL_DWORDS
#define XE_DISPATCH_DWORDS		XE_CBEV_DISPATCH_DWORDS

#define XE_DISPATCH_NUM_ARGS		XE_CBEV_DISPATCH_NUM_ARGS

/* Comparisons of MI_SEMAPHORE_WAIT(_64): memory <op> value. */
enum xe_sem_op {
	XE_SEM_GT = XE_CBEV_MI_SAD_GT,
	XE_SEM_GTE = XE_CBEV_MI_SAD_GTE,
	XE_SEM_LT = XE_CBEV_MI_SAD_LT,
	XE_SEM_LTE = XE_CBEV_MI_SAD_LTE,
	XE_SEM_EQ = XE_CBEV_MI_SAD_EQ,
	XE_SEM_NEQ = XE_CBEV_MI_SAD_NEQ,
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

uint32_t *xe_emit_user_dispatch(uint32_t *cs, uint64_t cookie,
				const uint32_t *groups, uint64_t indirect);

#endif /* _XE_ENCODER_H */
