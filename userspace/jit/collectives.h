/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef XE_JIT_COLLECTIVES_H
#define XE_JIT_COLLECTIVES_H

/*
 * The contract between the shim's OpenCL C runtime (runtime/subgroups.cl,
 * runtime/workgroups.cl) and the fiber scheduler (fiber.cpp), which carries
 * out sub-group and work-group collectives. Included by both, so C and
 * OpenCL C only.
 *
 * A collective is one call, made by every taking part work-item:
 *
 *   xe_jit_rt_sg(site, code, in, out, arg)   a sub-group's work-items
 *   xe_jit_rt_wg(site, code, in, out, arg)   the work-group's
 *
 * @site tells call sites apart (the lowering numbers them); @code is
 * XE_COLL_CODE(kind, op, type, bytes); @in and @out point at the work-item's
 * operand and result (@bytes each; two operands for the Intel shuffles);
 * @arg is the kind's per-work-item argument (a lane, a delta, a cluster
 * size). The work-item waits until the others that will come have come,
 * then every result is written at once.
 */

#define XE_COLL_CODE(kind, op, type, bytes) \
	((kind) | ((op) << 8) | ((type) << 16) | ((bytes) << 24))
#define XE_COLL_KIND(c)		((c) & 0xff)
#define XE_COLL_OP(c)		(((c) >> 8) & 0xff)
#define XE_COLL_TYPE(c)		(((c) >> 16) & 0xff)
#define XE_COLL_BYTES(c)	(((c) >> 24) & 0xff)

/* kinds */
#define XE_COLL_BARRIER		0	/* no data: the sub-group barrier */
#define XE_COLL_REDUCE		1
#define XE_COLL_SCAN_INCL	2
#define XE_COLL_SCAN_EXCL	3
#define XE_COLL_BROADCAST	4	/* @arg: the lane (linear local id) */
#define XE_COLL_BROADCAST_FIRST	5
#define XE_COLL_SHUFFLE		6	/* @arg: the lane to read */
#define XE_COLL_SHUFFLE_XOR	7	/* @arg: xor'ed with the own lane */
#define XE_COLL_SHUFFLE_UP	8	/* @arg: delta */
#define XE_COLL_SHUFFLE_DOWN	9	/* @arg: delta */
#define XE_COLL_CLUSTERED	10	/* @arg: cluster size */
#define XE_COLL_BALLOT		11	/* int in, uint4 out */
#define XE_COLL_ALL		12	/* int in, int out */
#define XE_COLL_ANY		13
#define XE_COLL_ALL_EQUAL	14	/* @bytes in, int out */
#define XE_COLL_ELECT		15	/* int out */
#define XE_COLL_INTEL_DOWN	16	/* in: {cur, next}; @arg: delta */
#define XE_COLL_INTEL_UP	17	/* in: {prev, cur}; @arg: delta */

/* operations of REDUCE, SCAN_* and CLUSTERED */
#define XE_COLL_ADD		0
#define XE_COLL_MUL		1
#define XE_COLL_MIN		2
#define XE_COLL_MAX		3
#define XE_COLL_AND		4
#define XE_COLL_OR		5
#define XE_COLL_XOR		6
#define XE_COLL_LAND		7
#define XE_COLL_LOR		8
#define XE_COLL_LXOR		9

/* element types */
#define XE_COLL_I8		0
#define XE_COLL_U8		1
#define XE_COLL_I16		2
#define XE_COLL_U16		3
#define XE_COLL_I32		4
#define XE_COLL_U32		5
#define XE_COLL_I64		6
#define XE_COLL_U64		7
#define XE_COLL_F16		8
#define XE_COLL_F32		9
#define XE_COLL_F64		10

#endif
