/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _UAPI_XE_CBEV_CS_H_
#define _UAPI_XE_CBEV_CS_H_

#include <linux/types.h>
#if defined(__KERNEL__)
#include <linux/build_bug.h>
#else
#include <assert.h>
#endif

#if defined(__cplusplus)
extern "C" {
#endif

/**
 * DOC: xe_cbev command-stream contract
 *
 * The commands that the engine of xe_cbev.ko executes from rings and batch
 * buffers: the subset of the Gen12/Xe MI and PIPE_CONTROL encodings it
 * knows, and XE_CBEV_DISPATCH, its own command that runs a built-in compute
 * kernel. This header is the one definition of the format: the kernel's
 * decoder, libze's encoder and the public zex_builtins.h all take their
 * opcodes, bit fields, lengths and ids from it, and
 * Documentation/command-stream.rst describes what each command does.
 *
 * Conventions: dwords are little-endian; DWn is the n-th dword of a
 * command; a command's length field (DW0 bits 7:0, bits 9:0 for
 * MI_STORE_DATA_IMM) holds the total number of dwords minus 2, see
 * XE_CBEV_CS_LEN(). Addresses are GPU virtual addresses of the submitting
 * file, a low dword then a high dword, with bits 63:48 zero. Bits that
 * select the global GTT must be zero.
 */

/* Length field of a command of @dwords dwords. */
#define XE_CBEV_CS_LEN(dwords)			((__u32)(dwords) - 2)

/* DW0 bits 31:29, the command type. */
#define XE_CBEV_CS_TYPE(dw0)			((__u32)(dw0) >> 29)
#define XE_CBEV_CS_TYPE_MI			0
#define XE_CBEV_CS_TYPE_GFXPIPE			3

/* Length field of MI commands (DW0 bits 7:0) and MI_STORE_DATA_IMM (9:0). */
#define XE_CBEV_MI_LEN_MASK			0x000000ffu
#define XE_CBEV_MI_SDI_LEN_MASK			0x000003ffu

/* MI commands: DW0 bits 28:23 are the opcode. */
#define XE_CBEV_MI_OPCODE(dw0)			(((__u32)(dw0) >> 23) & 0x3f)
#define XE_CBEV_MI_INSTR(opcode, flags)		(((__u32)(opcode) << 23) | (flags))

#define XE_CBEV_MI_NOOP				0x00
#define XE_CBEV_MI_USER_INTERRUPT		0x02
#define XE_CBEV_MI_ARB_CHECK			0x05
#define XE_CBEV_MI_ARB_ON_OFF			0x08
#define XE_CBEV_MI_BATCH_BUFFER_END		0x0a
#define XE_CBEV_MI_SEMAPHORE_WAIT		0x1c
#define XE_CBEV_MI_STORE_DATA_IMM		0x20
#define XE_CBEV_MI_STORE_REGISTER_MEM		0x24
#define XE_CBEV_MI_ATOMIC			0x2f
#define XE_CBEV_MI_BATCH_BUFFER_START		0x31
#define XE_CBEV_MI_SEMAPHORE_WAIT_64		0x3b

/* DW0 bit 22 of memory commands: global GTT address; must be zero. */
#define XE_CBEV_MI_GGTT				0x00400000u

/*
 * MI_SEMAPHORE_WAIT: 4 or 5 dwords; DW1 the 32-bit value, DW2-DW3 the
 * address. MI_SEMAPHORE_WAIT_64: 7 dwords; DW1-DW2 the value, DW3-DW4 the
 * address, DW5-DW6 a token (ignored). Compare operation in DW0 bits 14:12.
 */
#define XE_CBEV_MI_SEMAPHORE_WAIT_DWORDS	4
#define XE_CBEV_MI_SEMAPHORE_WAIT_TOKEN_DWORDS	5
#define XE_CBEV_MI_SEMAPHORE_WAIT_64_DWORDS	7
#define XE_CBEV_MI_SEM_OP_SHIFT			12
#define XE_CBEV_MI_SEM_OP_MASK			0x7
#define XE_CBEV_MI_SEM_OP(dw0) \
	(((__u32)(dw0) >> XE_CBEV_MI_SEM_OP_SHIFT) & XE_CBEV_MI_SEM_OP_MASK)
/* Register poll and indirect data: unsupported, must be zero. */
#define XE_CBEV_MI_SEM_REGISTER_POLL		0x00010000u
#define XE_CBEV_MI_SEM_INDIRECT			0x00020000u
/* MI_SEMAPHORE_WAIT_64 only: compare the low 32 bits. */
#define XE_CBEV_MI_SEM64_COMPARE_32BIT		0x00080000u

/* Semaphore compare operations: the queue goes on when memory <op> value. */
#define XE_CBEV_MI_SAD_GT			0	/* memory > value */
#define XE_CBEV_MI_SAD_GTE			1	/* memory >= value */
#define XE_CBEV_MI_SAD_LT			2	/* memory < value */
#define XE_CBEV_MI_SAD_LTE			3	/* memory <= value */
#define XE_CBEV_MI_SAD_EQ			4	/* memory == value */
#define XE_CBEV_MI_SAD_NEQ			5	/* memory != value */

/*
 * MI_STORE_DATA_IMM: DW1-DW2 the address, then one dword (4 dwords) or
 * two (5 dwords); with XE_CBEV_MI_SDI_QWORD the two are one 64-bit store.
 */
#define XE_CBEV_MI_STORE_DATA_IMM_DWORDS	4
#define XE_CBEV_MI_STORE_DATA_IMM_QW_DWORDS	5
#define XE_CBEV_MI_SDI_QWORD			0x00200000u

/* MI_STORE_REGISTER_MEM: DW1 bits 22:2 the register, DW2-DW3 the address. */
#define XE_CBEV_MI_STORE_REGISTER_MEM_DWORDS	4
#define XE_CBEV_MI_SRM_REG_MASK			0x007ffffcu

/* The registers it may read: timestamps, CLOCK_MONOTONIC_RAW nanoseconds. */
#define XE_CBEV_REG_TIMESTAMP			0x2358
#define XE_CBEV_REG_TIMESTAMP_UDW		0x235c
#define XE_CBEV_REG_CTX_TIMESTAMP		0x23a8
#define XE_CBEV_REG_CTX_TIMESTAMP_UDW		0x23ac

/*
 * MI_ATOMIC: DW1-DW2 the address; 3 dwords, or 11 with inline operands
 * (XE_CBEV_MI_ATOMIC_INLINE; operand 1 is DW3 low and DW5 high). DW0
 * bits 15:8 the atomic opcode, bits 20:19 the data size.
 */
#define XE_CBEV_MI_ATOMIC_DWORDS		3
#define XE_CBEV_MI_ATOMIC_INLINE_DWORDS		11
#define XE_CBEV_MI_ATOMIC_INLINE		0x00040000u
#define XE_CBEV_MI_ATOMIC_OPCODE_SHIFT		8
#define XE_CBEV_MI_ATOMIC_OPCODE(dw0)		(((__u32)(dw0) >> 8) & 0xff)
#define XE_CBEV_MI_ATOMIC_SIZE_SHIFT		19
#define XE_CBEV_MI_ATOMIC_SIZE(dw0)		(((__u32)(dw0) >> 19) & 3)
#define XE_CBEV_MI_ATOMIC_SIZE_DWORD		0
#define XE_CBEV_MI_ATOMIC_SIZE_QWORD		1
/* Bits 7:6 of the atomic opcode must be zero. */
#define XE_CBEV_MI_ATOMIC_OPCODE_MBZ		0xc0
/* Atomic opcode: bit 5 set for the 8-byte form, bits 4:0 the operation. */
#define XE_CBEV_MI_ATOMIC_QWORD			0x20
#define XE_CBEV_MI_ATOMIC_OP_MASK		0x1f

/* Atomic operations on memory m with operand a. */
#define XE_CBEV_MI_ATOMIC_AND			0x01	/* m &= a */
#define XE_CBEV_MI_ATOMIC_OR			0x02	/* m |= a */
#define XE_CBEV_MI_ATOMIC_XOR			0x03	/* m ^= a */
#define XE_CBEV_MI_ATOMIC_MOVE			0x04	/* m = a */
#define XE_CBEV_MI_ATOMIC_INC			0x05	/* m += 1, no operand */
#define XE_CBEV_MI_ATOMIC_DEC			0x06	/* m -= 1, no operand */
#define XE_CBEV_MI_ATOMIC_ADD			0x07	/* m += a */
#define XE_CBEV_MI_ATOMIC_SUB			0x08	/* m -= a */

/*
 * MI_BATCH_BUFFER_START: 3 dwords, DW1-DW2 the batch address. PPGTT must be
 * set; SECOND_LEVEL calls the batch (its end returns here), else chains.
 */
#define XE_CBEV_MI_BATCH_BUFFER_START_DWORDS	3
#define XE_CBEV_MI_BB_PPGTT			0x00000100u
#define XE_CBEV_MI_BB_SECOND_LEVEL		0x00400000u

/*
 * PIPE_CONTROL: 6 dwords, DW0 XE_CBEV_PIPE_CONTROL_DW0. DW1 bits 15:14 the
 * post-sync operation, writing to the address in DW2-DW3 either the qword
 * DW4-DW5 or the timestamp; NOTIFY raises a user interrupt after it.
 */
#define XE_CBEV_PIPE_CONTROL			0x7a000000u
#define XE_CBEV_PIPE_CONTROL_DWORDS		6
#define XE_CBEV_PIPE_CONTROL_DW0 \
	(XE_CBEV_PIPE_CONTROL | XE_CBEV_CS_LEN(XE_CBEV_PIPE_CONTROL_DWORDS))
#define XE_CBEV_PC_NOTIFY			0x00000100u
#define XE_CBEV_PC_POST_SYNC_SHIFT		14
#define XE_CBEV_PC_POST_SYNC(dw1)		(((__u32)(dw1) >> 14) & 3)
#define XE_CBEV_PC_POST_SYNC_NONE		0
#define XE_CBEV_PC_POST_SYNC_IMM		1
#define XE_CBEV_PC_POST_SYNC_TIMESTAMP		3
/* Store data index and GGTT: unsupported, must be zero. */
#define XE_CBEV_PC_STORE_DATA_INDEX		0x00200000u
#define XE_CBEV_PC_GGTT				0x01000000u

/*
 * XE_CBEV_DISPATCH: GFXPIPE sub-type 2, opcode 7, sub-opcode 0x7f; 15
 * dwords. DW0 bits 15:8 must be zero; DW1 the built-in kernel id
 * (XE_CBEV_BUILTIN_*); DW2 must be zero; DW3-DW14 the six 64-bit
 * arguments a0..a5, low dword first. Arguments that the kernel does not
 * take must be zero.
 */
#define XE_CBEV_DISPATCH			0x777f0000u
#define XE_CBEV_DISPATCH_MASK			0xffff0000u
#define XE_CBEV_DISPATCH_MBZ			0x0000ff00u
#define XE_CBEV_DISPATCH_DWORDS			15
#define XE_CBEV_DISPATCH_DW0 \
	(XE_CBEV_DISPATCH | XE_CBEV_CS_LEN(XE_CBEV_DISPATCH_DWORDS))
#define XE_CBEV_DISPATCH_DW_KERNEL		1
#define XE_CBEV_DISPATCH_DW_MBZ			2
#define XE_CBEV_DISPATCH_DW_ARGS		3
#define XE_CBEV_DISPATCH_NUM_ARGS		6
/* The dword that holds the low half of argument @i; the high half follows. */
#define XE_CBEV_DISPATCH_DW_ARG(i)		(XE_CBEV_DISPATCH_DW_ARGS + 2 * (i))

/*
 * XE_CBEV_USER_DISPATCH: GFXPIPE sub-type 2, opcode 7, sub-opcode 0x7e; 9
 * dwords. Hands a dispatch of a user kernel to the submitting file's
 * execution units and holds the queue until they report it (see
 * DRM_IOCTL_XE_CBEV_EU_WAIT). DW0 bits 15:8 must be zero; DW1 flags
 * (XE_CBEV_USER_DISPATCH_*); DW2-DW3 a cookie the engine passes on, which
 * names the launch in user space; DW4-DW6 the work-group counts in x, y
 * and z; DW7-DW8 zero. With XE_CBEV_USER_DISPATCH_INDIRECT, DW4-DW6 are
 * zero and DW7-DW8 the GPU address of three 32-bit counts, read when the
 * command executes. A dispatch with a zero count is done at once.
 */
#define XE_CBEV_USER_DISPATCH			0x777e0000u
#define XE_CBEV_USER_DISPATCH_DWORDS		9
#define XE_CBEV_USER_DISPATCH_DW0 \
	(XE_CBEV_USER_DISPATCH | XE_CBEV_CS_LEN(XE_CBEV_USER_DISPATCH_DWORDS))
#define XE_CBEV_USER_DISPATCH_DW_FLAGS		1
#define XE_CBEV_USER_DISPATCH_DW_COOKIE		2
#define XE_CBEV_USER_DISPATCH_DW_GROUPS		4
#define XE_CBEV_USER_DISPATCH_DW_INDIRECT	7
#define XE_CBEV_USER_DISPATCH_INDIRECT		0x1u

/* The longest command, in dwords. */
#define XE_CBEV_CS_MAX_DWORDS			XE_CBEV_DISPATCH_DWORDS

/*
 * Built-in kernels of XE_CBEV_DISPATCH and how many arguments each takes
 * (see Documentation/command-stream.rst for what they do).
 */
#define XE_CBEV_BUILTIN_FILL			1	/* dst, size, pattern, pattern size */
#define XE_CBEV_BUILTIN_COPY			2	/* dst, src, size */
#define XE_CBEV_BUILTIN_ADD_U32			3	/* dst, a, b, n */
#define XE_CBEV_BUILTIN_SCALE_U32		4	/* dst, src, factor, n */
#define XE_CBEV_BUILTIN_CHECKSUM		5	/* dst, src, size */
#define XE_CBEV_BUILTIN_SPIN			6	/* nanoseconds */
#define XE_CBEV_BUILTIN_FIRST			XE_CBEV_BUILTIN_FILL
#define XE_CBEV_BUILTIN_LAST			XE_CBEV_BUILTIN_SPIN

#define XE_CBEV_BUILTIN_FILL_ARGS		4
#define XE_CBEV_BUILTIN_COPY_ARGS		3
#define XE_CBEV_BUILTIN_ADD_U32_ARGS		4
#define XE_CBEV_BUILTIN_SCALE_U32_ARGS		4
#define XE_CBEV_BUILTIN_CHECKSUM_ARGS		3
#define XE_CBEV_BUILTIN_SPIN_ARGS		1

/* Most bytes one dispatch may touch (1 GiB); also in the device query. */
#define XE_CBEV_BUILTIN_MAX_SIZE		0x40000000ull
/* Largest fill pattern, in bytes. */
#define XE_CBEV_BUILTIN_MAX_PATTERN		256

/* DW0 of each command as encoders write it. */
#define XE_CBEV_MI_NOOP_DW0 \
	XE_CBEV_MI_INSTR(XE_CBEV_MI_NOOP, 0)
#define XE_CBEV_MI_BATCH_BUFFER_END_DW0 \
	XE_CBEV_MI_INSTR(XE_CBEV_MI_BATCH_BUFFER_END, 0)
#define XE_CBEV_MI_USER_INTERRUPT_DW0 \
	XE_CBEV_MI_INSTR(XE_CBEV_MI_USER_INTERRUPT, 0)
#define XE_CBEV_MI_BATCH_BUFFER_START_DW0(second_level) \
	XE_CBEV_MI_INSTR(XE_CBEV_MI_BATCH_BUFFER_START, \
			 XE_CBEV_MI_BB_PPGTT | \
			 ((second_level) ? XE_CBEV_MI_BB_SECOND_LEVEL : 0) | \
			 XE_CBEV_CS_LEN(XE_CBEV_MI_BATCH_BUFFER_START_DWORDS))
#define XE_CBEV_MI_STORE_DATA_IMM_QW_DW0 \
	XE_CBEV_MI_INSTR(XE_CBEV_MI_STORE_DATA_IMM, XE_CBEV_MI_SDI_QWORD | \
			 XE_CBEV_CS_LEN(XE_CBEV_MI_STORE_DATA_IMM_QW_DWORDS))
#define XE_CBEV_MI_SEMAPHORE_WAIT_64_DW0(op) \
	XE_CBEV_MI_INSTR(XE_CBEV_MI_SEMAPHORE_WAIT_64, \
			 ((__u32)(op) << XE_CBEV_MI_SEM_OP_SHIFT) | \
			 XE_CBEV_CS_LEN(XE_CBEV_MI_SEMAPHORE_WAIT_64_DWORDS))

/**
 * xe_cbev_mi_atomic_inline_dw0() - DW0 of MI_ATOMIC with inline operands
 * @opcode: XE_CBEV_MI_ATOMIC_* operation, with XE_CBEV_MI_ATOMIC_QWORD for
 *	the 8-byte form (which also sets the data size)
 *
 * Return: the dword.
 */
static inline __u32 xe_cbev_mi_atomic_inline_dw0(__u32 opcode)
{
	__u32 size = opcode & XE_CBEV_MI_ATOMIC_QWORD ?
		     XE_CBEV_MI_ATOMIC_SIZE_QWORD : XE_CBEV_MI_ATOMIC_SIZE_DWORD;

	return XE_CBEV_MI_INSTR(XE_CBEV_MI_ATOMIC, XE_CBEV_MI_ATOMIC_INLINE |
				opcode << XE_CBEV_MI_ATOMIC_OPCODE_SHIFT |
				size << XE_CBEV_MI_ATOMIC_SIZE_SHIFT |
				XE_CBEV_CS_LEN(XE_CBEV_MI_ATOMIC_INLINE_DWORDS));
}

/*
 * The layout checks, at compile time on both sides (C11 static_assert: in
 * the kernel from <linux/build_bug.h>, in user space from <assert.h>).
 */
#if !defined(__cplusplus)
static_assert(XE_CBEV_DISPATCH_DW0 == 0x777f000du, "XE_CBEV_DISPATCH DW0");
static_assert(XE_CBEV_DISPATCH_DW_ARG(XE_CBEV_DISPATCH_NUM_ARGS) == 15,
	      "the six dispatch arguments fill the command");
static_assert(XE_CBEV_USER_DISPATCH_DW0 == 0x777e0007u,
	      "XE_CBEV_USER_DISPATCH DW0");
static_assert(XE_CBEV_USER_DISPATCH_DW_INDIRECT + 2 ==
	      XE_CBEV_USER_DISPATCH_DWORDS, "the user dispatch's fields fill it");
static_assert(XE_CBEV_PIPE_CONTROL_DW0 == 0x7a000004u, "PIPE_CONTROL DW0");
static_assert(XE_CBEV_MI_BATCH_BUFFER_START_DW0(1) == 0x18c00101u,
	      "MI_BATCH_BUFFER_START DW0");
static_assert(XE_CBEV_MI_STORE_DATA_IMM_QW_DW0 == 0x10200003u,
	      "MI_STORE_DATA_IMM qword DW0");
static_assert(XE_CBEV_MI_SEMAPHORE_WAIT_64_DW0(XE_CBEV_MI_SAD_GT) == 0x1d800005u,
	      "MI_SEMAPHORE_WAIT_64 DW0");
static_assert(XE_CBEV_MI_SAD_NEQ <= 7, "compare operations fit DW0 bits 14:12");
static_assert(XE_CBEV_MI_ATOMIC_SUB <= 0x1f,
	      "atomic operations fit the opcode's bits 4:0");
static_assert(XE_CBEV_MI_ATOMIC_INLINE_DWORDS <= 15 &&
	      XE_CBEV_MI_SEMAPHORE_WAIT_64_DWORDS <= 15 &&
	      XE_CBEV_CS_MAX_DWORDS == 15, "the longest command is the dispatch");
static_assert(XE_CBEV_BUILTIN_FILL_ARGS <= 6 && XE_CBEV_BUILTIN_ADD_U32_ARGS <= 6 &&
	      XE_CBEV_BUILTIN_SCALE_U32_ARGS <= 6 && XE_CBEV_DISPATCH_NUM_ARGS == 6,
	      "built-in arguments fit the dispatch");
#endif

#if defined(__cplusplus)
}
#endif

#endif /* _UAPI_XE_CBEV_CS_H_ */
