// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: command encoder
 *
 * One struct per command, laid out dword by dword as the engine reads it
 * (Documentation/command-stream.rst), with a static assert on its size:
 * the struct is the command. Addresses are split low dword first. The
 * engine executes everything in order, so the flush and stall bits of the
 * hardware encodings are not needed and not set.
 */

#include <assert.h>
#include <string.h>

#include "submission/encoder.h"

#define MI_INSTR(opcode, flags)	(((uint32_t)(opcode) << 23) | (flags))

#define MI_NOOP			MI_INSTR(0x00, 0)
#define MI_BATCH_BUFFER_END	MI_INSTR(0x0a, 0)
#define MI_STORE_DATA_IMM	MI_INSTR(0x20, 0)
#define   MI_SDI_STORE_QWORD	(1u << 21)
#define MI_ATOMIC		MI_INSTR(0x2f, 0)
#define   MI_ATOMIC_INLINE_DATA	(1u << 18)
#define   MI_ATOMIC_DATA_QWORD	(1u << 19)
#define   MI_ATOMIC_OP(op)	((uint32_t)(op) << 8)
#define   MI_ATOMIC_ADD8B	0x27
#define MI_BATCH_BUFFER_START	MI_INSTR(0x31, 0)
#define   MI_BBS_SECOND_LEVEL	(1u << 22)
#define   MI_BBS_PPGTT		(1u << 8)
#define MI_SEMAPHORE_WAIT_64	MI_INSTR(0x3b, 0)
#define   MI_SEM_OP(op)		((uint32_t)(op) << 12)

#define PIPE_CONTROL		0x7a000000u
#define   PC_POST_SYNC_TIMESTAMP (3u << 14)

/* XE_CBEV_DISPATCH: GFXPIPE sub-type 2, opcode 7, sub-opcode 0x7f. */
#define XE_CBEV_DISPATCH	0x777f0000u

/* The length field: total dwords - 2. */
#define LEN(dwords)		((uint32_t)(dwords) - 2)

struct xe_addr {
	uint32_t lo;
	uint32_t hi;
};

struct xe_qword {
	uint32_t lo;
	uint32_t hi;
};

struct mi_batch_buffer_start {
	uint32_t dw0;
	struct xe_addr addr;
};

struct mi_store_data_imm_qw {
	uint32_t dw0;
	struct xe_addr addr;
	struct xe_qword data;
};

struct mi_semaphore_wait_64 {
	uint32_t dw0;
	struct xe_qword value;
	struct xe_addr addr;
	struct xe_qword token;
};

struct mi_atomic_inline {
	uint32_t dw0;
	struct xe_addr addr;
	uint32_t operands[8];	/* op1 dw0, op2 dw0, op1 dw1, op2 dw1, ... */
};

struct pipe_control {
	uint32_t dw0;
	uint32_t dw1;
	struct xe_addr addr;
	struct xe_qword data;
};

struct xe_cbev_dispatch {
	uint32_t dw0;
	uint32_t kernel;
	uint32_t mbz;
	struct xe_qword args[XE_DISPATCH_NUM_ARGS];
};

static_assert(sizeof(struct mi_batch_buffer_start) ==
	      XE_MI_BATCH_BUFFER_START_DWORDS * 4, "MI_BATCH_BUFFER_START");
static_assert(sizeof(struct mi_store_data_imm_qw) ==
	      XE_MI_STORE_DATA_IMM_QW_DWORDS * 4, "MI_STORE_DATA_IMM qword");
static_assert(sizeof(struct mi_semaphore_wait_64) ==
	      XE_MI_SEMAPHORE_WAIT_64_DWORDS * 4, "MI_SEMAPHORE_WAIT_64");
static_assert(sizeof(struct mi_atomic_inline) ==
	      XE_MI_ATOMIC_INLINE_DWORDS * 4, "MI_ATOMIC inline data");
static_assert(sizeof(struct pipe_control) == XE_PIPE_CONTROL_DWORDS * 4,
	      "PIPE_CONTROL");
static_assert(sizeof(struct xe_cbev_dispatch) == XE_DISPATCH_DWORDS * 4,
	      "XE_CBEV_DISPATCH");

static struct xe_addr addr(uint64_t a)
{
	return (struct xe_addr){ .lo = (uint32_t)a, .hi = (uint32_t)(a >> 32) };
}

static struct xe_qword qword(uint64_t v)
{
	return (struct xe_qword){ .lo = (uint32_t)v, .hi = (uint32_t)(v >> 32) };
}

/* Copy a command struct into the stream and step past it. */
#define EMIT(cs, cmd)							\
	({								\
		memcpy((cs), &(cmd), sizeof(cmd));			\
		(cs) + sizeof(cmd) / sizeof(uint32_t);			\
	})

uint32_t *xe_emit_noop(uint32_t *cs)
{
	*cs = MI_NOOP;
	return cs + XE_MI_NOOP_DWORDS;
}

uint32_t *xe_emit_bb_end(uint32_t *cs)
{
	*cs = MI_BATCH_BUFFER_END;
	return cs + XE_MI_BATCH_BUFFER_END_DWORDS;
}

/**
 * xe_emit_bb_start() - jump to, or call, a batch buffer
 * @cs: where to write
 * @addr: GPU address of the batch, 4-byte aligned
 * @second_level: call it (its MI_BATCH_BUFFER_END returns here) rather
 *	than chain to it (its end returns to this batch's caller)
 */
uint32_t *xe_emit_bb_start(uint32_t *cs, uint64_t addr_, bool second_level)
{
	const struct mi_batch_buffer_start cmd = {
		.dw0 = MI_BATCH_BUFFER_START | MI_BBS_PPGTT |
		       (second_level ? MI_BBS_SECOND_LEVEL : 0) |
		       LEN(XE_MI_BATCH_BUFFER_START_DWORDS),
		.addr = addr(addr_),
	};

	return EMIT(cs, cmd);
}

/* One 64-bit store at an 8-byte aligned address, seen whole by readers. */
uint32_t *xe_emit_store_qword(uint32_t *cs, uint64_t addr_, uint64_t value)
{
	const struct mi_store_data_imm_qw cmd = {
		.dw0 = MI_STORE_DATA_IMM | MI_SDI_STORE_QWORD |
		       LEN(XE_MI_STORE_DATA_IMM_QW_DWORDS),
		.addr = addr(addr_),
		.data = qword(value),
	};

	return EMIT(cs, cmd);
}

/* Wait until the 64-bit value at @addr_ compares to @value as @op says. */
uint32_t *xe_emit_semaphore_wait64(uint32_t *cs, uint64_t addr_,
				   enum xe_sem_op op, uint64_t value)
{
	const struct mi_semaphore_wait_64 cmd = {
		.dw0 = MI_SEMAPHORE_WAIT_64 | MI_SEM_OP(op) |
		       LEN(XE_MI_SEMAPHORE_WAIT_64_DWORDS),
		.value = qword(value),
		.addr = addr(addr_),
	};

	return EMIT(cs, cmd);
}

/* Atomically add @value to the 64-bit value at @addr_ (8-byte aligned). */
uint32_t *xe_emit_atomic_add64(uint32_t *cs, uint64_t addr_, uint64_t value)
{
	const struct mi_atomic_inline cmd = {
		.dw0 = MI_ATOMIC | MI_ATOMIC_INLINE_DATA |
		       MI_ATOMIC_DATA_QWORD | MI_ATOMIC_OP(MI_ATOMIC_ADD8B) |
		       LEN(XE_MI_ATOMIC_INLINE_DWORDS),
		.addr = addr(addr_),
		.operands = { (uint32_t)value, 0, (uint32_t)(value >> 32) },
	};

	return EMIT(cs, cmd);
}

/* Write the engine's 64-bit timestamp at @addr_ (8-byte aligned). */
uint32_t *xe_emit_timestamp(uint32_t *cs, uint64_t addr_)
{
	const struct pipe_control cmd = {
		.dw0 = PIPE_CONTROL | LEN(XE_PIPE_CONTROL_DWORDS),
		.dw1 = PC_POST_SYNC_TIMESTAMP,
		.addr = addr(addr_),
	};

	return EMIT(cs, cmd);
}

/* Run built-in kernel @kernel with arguments a0..a5 (unused ones zero). */
uint32_t *xe_emit_dispatch(uint32_t *cs, uint32_t kernel,
			   const uint64_t args[XE_DISPATCH_NUM_ARGS])
{
	struct xe_cbev_dispatch cmd = {
		.dw0 = XE_CBEV_DISPATCH | LEN(XE_DISPATCH_DWORDS),
		.kernel = kernel,
	};
	unsigned int i;

	for (i = 0; i < XE_DISPATCH_NUM_ARGS; i++)
		cmd.args[i] = qword(args[i]);
	return EMIT(cs, cmd);
}
