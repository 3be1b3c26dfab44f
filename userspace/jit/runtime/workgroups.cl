// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * Work-group collective functions: reduce, scan, broadcast, any, all. Each
 * is one call of xe_jit_rt_wg(), which the fiber scheduler completes when
 * the group's work-items have all come (collectives.h).
 */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#include "collectives.h"

#define OVL __attribute__((overloadable))

void xe_jit_rt_wg(uint site, uint code, const void *in, void *out, uint arg);

#define WG(T, KIND, OP, TYPE, x, arg) ({ \
	T in_ = (x), out_ = in_; \
	xe_jit_rt_wg(0, XE_COLL_CODE(KIND, OP, TYPE, sizeof(T)), &in_, &out_, (arg)); \
	out_; })

#define TYPES(M, ...) M(int, XE_COLL_I32, __VA_ARGS__) \
	M(uint, XE_COLL_U32, __VA_ARGS__) M(long, XE_COLL_I64, __VA_ARGS__) \
	M(ulong, XE_COLL_U64, __VA_ARGS__) M(half, XE_COLL_F16, __VA_ARGS__) \
	M(float, XE_COLL_F32, __VA_ARGS__) M(double, XE_COLL_F64, __VA_ARGS__)

#define FOLD(T, C, OP, CODE) \
	T OVL work_group_reduce_##OP(T x) \
	{ return WG(T, XE_COLL_REDUCE, CODE, C, x, 0); } \
	T OVL work_group_scan_inclusive_##OP(T x) \
	{ return WG(T, XE_COLL_SCAN_INCL, CODE, C, x, 0); } \
	T OVL work_group_scan_exclusive_##OP(T x) \
	{ return WG(T, XE_COLL_SCAN_EXCL, CODE, C, x, 0); }
TYPES(FOLD, add, XE_COLL_ADD)
TYPES(FOLD, min, XE_COLL_MIN)
TYPES(FOLD, max, XE_COLL_MAX)

#define BCAST(T, C, _) \
	T OVL work_group_broadcast(T x, size_t lx) \
	{ return WG(T, XE_COLL_BROADCAST, 0, C, x, (uint)lx); } \
	T OVL work_group_broadcast(T x, size_t lx, size_t ly) \
	{ return WG(T, XE_COLL_BROADCAST, 0, C, x, \
		    (uint)(ly * get_local_size(0) + lx)); } \
	T OVL work_group_broadcast(T x, size_t lx, size_t ly, size_t lz) \
	{ return WG(T, XE_COLL_BROADCAST, 0, C, x, (uint)((lz * get_local_size(1) + \
		    ly) * get_local_size(0) + lx)); }
TYPES(BCAST, _)

int OVL work_group_all(int p)
{
	return WG(int, XE_COLL_ALL, 0, XE_COLL_I32, p, 0);
}

int OVL work_group_any(int p)
{
	return WG(int, XE_COLL_ANY, 0, XE_COLL_I32, p, 0);
}
