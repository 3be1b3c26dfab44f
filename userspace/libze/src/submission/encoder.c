// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: command encoder
 *
 * One struct per command, laid out dword by dword as the engine reads it
 * (<drm/xe_cbev_cs.h>, the contract, and Documentation/command-stream.rst),
 * with a static assert on its size and layout: the struct is the command. Addresses are split low dword first. The
 * engine executes everything in order, so the flush and stall bits of the
 * hardware encodings are not needed and not set.
 */

#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "submission/encoder.h"

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

struct xe_cbev_user_dispatch {
	uint32_t dw0;
	uint32_t flags;
	struct xe_qword cookie;
	uint32_t groups[3];
	struct xe_qword indirect;
};

static_assert(sizeof(struct xe_cbev_user_dispatch) ==
	      XE_CBEV_USER_DISPATCH_DWORDS * 4, "XE_CBEV_USER_DISPATCH");

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
static_assert(offsetof(struct xe_cbev_dispatch, kernel) ==
	      XE_CBEV_DISPATCH_DW_KERNEL * 4, "dispatch kernel id dword");
static_assert(offsetof(struct xe_cbev_dispatch, mbz) ==
	      XE_CBEV_DISPATCH_DW_MBZ * 4, "dispatch must-be-zero dword");
static_assert(offsetof(struct xe_cbev_dispatch, args) ==
	      XE_CBEV_DISPATCH_DW_ARGS * 4, "dispatch arguments");

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
	*cs = XE_CBEV_MI_NOOP_DW0;
	return cs + XE_MI_NOOP_DWORDS;
}

uint32_t *xe_emit_bb_end(uint32_t *cs)
{
	*cs = XE_CBEV_MI_BATCH_BUFFER_END_DW0;
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
		.dw0 = XE_CBEV_MI_BATCH_BUFFER_START_DW0(second_level),
		.addr = addr(addr_),
	};

	return EMIT(cs, cmd);
}

/* One 64-bit store at an 8-byte aligned address, seen whole by readers. */
uint32_t *xe_emit_store_qword(uint32_t *cs, uint64_t addr_, uint64_t value)
{
	const struct mi_store_data_imm_qw cmd = {
		.dw0 = XE_CBEV_MI_STORE_DATA_IMM_QW_DW0,
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
		.dw0 = XE_CBEV_MI_SEMAPHORE_WAIT_64_DW0(op),
		.value = qword(value),
		.addr = addr(addr_),
	};

	return EMIT(cs, cmd);
}

/* Atomically add @value to the 64-bit value at @addr_ (8-byte aligned). */
uint32_t *xe_emit_atomic_add64(uint32_t *cs, uint64_t addr_, uint64_t value)
{
	const struct mi_atomic_inline cmd = {
		.dw0 = xe_cbev_mi_atomic_inline_dw0(XE_CBEV_MI_ATOMIC_QWORD |
						    XE_CBEV_MI_ATOMIC_ADD),
		.addr = addr(addr_),
		.operands = { (uint32_t)value, 0, (uint32_t)(value >> 32) },
	};

	return EMIT(cs, cmd);
}

/* Write the engine's 64-bit timestamp at @addr_ (8-byte aligned). */
uint32_t *xe_emit_timestamp(uint32_t *cs, uint64_t addr_)
{
	const struct pipe_control cmd = {
		.dw0 = XE_CBEV_PIPE_CONTROL_DW0,
		.dw1 = XE_CBEV_PC_POST_SYNC_TIMESTAMP << XE_CBEV_PC_POST_SYNC_SHIFT,
		.addr = addr(addr_),
	};

	return EMIT(cs, cmd);
}

/* Run built-in kernel @kernel with arguments a0..a5 (unused ones zero). */
uint32_t *xe_emit_dispatch(uint32_t *cs, uint32_t kernel,
			   const uint64_t args[XE_DISPATCH_NUM_ARGS])
{
	static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
		      "an argument's low dword comes first, as in memory");

	/* The arguments go as they are: a qword is (low, high) dwords. */
	cs[0] = XE_CBEV_DISPATCH_DW0;
	cs[XE_CBEV_DISPATCH_DW_KERNEL] = kernel;
	cs[XE_CBEV_DISPATCH_DW_MBZ] = 0;
	memcpy(cs + XE_CBEV_DISPATCH_DW_ARGS, args,
	       XE_DISPATCH_NUM_ARGS * sizeof(uint64_t));
	return cs + XE_DISPATCH_DWORDS;
}

/**
 * xe_emit_user_dispatch() - XE_CBEV_USER_DISPATCH
 * @cs: where to write
 * @cookie: names the launch for the execution units
 * @groups: the three group counts, or NULL for an indirect dispatch
 * @indirect: GPU address of the three counts (indirect), else ignored
 *
 * Return: the dword after the command.
 */
uint32_t *xe_emit_user_dispatch(uint32_t *cs, uint64_t cookie,
				const uint32_t *groups, uint64_t indirect)
{
	struct xe_cbev_user_dispatch cmd = {
		.dw0 = XE_CBEV_USER_DISPATCH_DW0,
		.flags = groups ? 0 : XE_CBEV_USER_DISPATCH_INDIRECT,
		.cookie = qword(cookie),
		.indirect = qword(groups ? 0 : indirect),
	};

	if (groups)
		memcpy(cmd.groups, groups, sizeof(cmd.groups));
	return EMIT(cs, cmd);
}
