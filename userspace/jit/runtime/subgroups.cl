// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * Sub-group functions: cl_khr_subgroups and the extended sub-group
 * extensions (extended types, non-uniform vote and arithmetic, ballot,
 * shuffle, relative shuffle, clustered reduce, rotate) and cl_intel_subgroups'
 * shuffles and buffer block reads and writes.
 *
 * A sub-group is get_max_sub_group_size() work-items of consecutive local
 * linear ids (lower.cpp). Whatever needs the other work-items' values is
 * one call of xe_jit_rt_sg(), which the fiber scheduler completes once the
 * sub-group's work-items that will come have come (collectives.h); the
 * rest (ids, masks, ballot arithmetic, block reads) is computed here.
 */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#include "collectives.h"

#define OVL __attribute__((overloadable))

void xe_jit_rt_sg(uint site, uint code, const void *in, void *out, uint arg);

#define SG(T, KIND, OP, TYPE, x, arg) ({ \
	T in_ = (x), out_ = in_; \
	xe_jit_rt_sg(0, XE_COLL_CODE(KIND, OP, TYPE, sizeof(T)), &in_, &out_, (arg)); \
	out_; })

#define INTEGERS(M, ...) M(char, XE_COLL_I8, __VA_ARGS__) \
	M(uchar, XE_COLL_U8, __VA_ARGS__) M(short, XE_COLL_I16, __VA_ARGS__) \
	M(ushort, XE_COLL_U16, __VA_ARGS__) M(int, XE_COLL_I32, __VA_ARGS__) \
	M(uint, XE_COLL_U32, __VA_ARGS__) M(long, XE_COLL_I64, __VA_ARGS__) \
	M(ulong, XE_COLL_U64, __VA_ARGS__)
#define SCALARS(M, ...) INTEGERS(M, __VA_ARGS__) \
	M(half, XE_COLL_F16, __VA_ARGS__) M(float, XE_COLL_F32, __VA_ARGS__) \
	M(double, XE_COLL_F64, __VA_ARGS__)
/* Every scalar and vector type, for the functions that only move bits. */
#define VEC_OF(M, T, C, ...) M(T, C, __VA_ARGS__) M(T##2, C, __VA_ARGS__) \
	M(T##3, C, __VA_ARGS__) M(T##4, C, __VA_ARGS__) M(T##8, C, __VA_ARGS__) \
	M(T##16, C, __VA_ARGS__)
#define GENTYPES(M, ...) VEC_OF(M, char, XE_COLL_I8, __VA_ARGS__) \
	VEC_OF(M, uchar, XE_COLL_U8, __VA_ARGS__) \
	VEC_OF(M, short, XE_COLL_I16, __VA_ARGS__) \
	VEC_OF(M, ushort, XE_COLL_U16, __VA_ARGS__) \
	VEC_OF(M, int, XE_COLL_I32, __VA_ARGS__) \
	VEC_OF(M, uint, XE_COLL_U32, __VA_ARGS__) \
	VEC_OF(M, long, XE_COLL_I64, __VA_ARGS__) \
	VEC_OF(M, ulong, XE_COLL_U64, __VA_ARGS__) \
	VEC_OF(M, half, XE_COLL_F16, __VA_ARGS__) \
	VEC_OF(M, float, XE_COLL_F32, __VA_ARGS__) \
	VEC_OF(M, double, XE_COLL_F64, __VA_ARGS__)

/* Reductions and scans: cl_khr_subgroups (add, min, max) and the
 * non-uniform arithmetic of cl_khr_subgroup_non_uniform_arithmetic. */
#define FOLD(T, C, NAME, KIND, OP) \
	T OVL NAME(T x) { return SG(T, KIND, OP, C, x, 0); }
#define FOLDS(T, C, PFX, OP) \
	FOLD(T, C, sub_group_##PFX##reduce_##OP, XE_COLL_REDUCE, XE_COLL_##OP) \
	FOLD(T, C, sub_group_##PFX##scan_inclusive_##OP, XE_COLL_SCAN_INCL, XE_COLL_##OP) \
	FOLD(T, C, sub_group_##PFX##scan_exclusive_##OP, XE_COLL_SCAN_EXCL, XE_COLL_##OP)
#define XE_COLL_add XE_COLL_ADD
#define XE_COLL_mul XE_COLL_MUL
#define XE_COLL_min XE_COLL_MIN
#define XE_COLL_max XE_COLL_MAX
#define XE_COLL_and XE_COLL_AND
#define XE_COLL_or XE_COLL_OR
#define XE_COLL_xor XE_COLL_XOR
#define XE_COLL_logical_and XE_COLL_LAND
#define XE_COLL_logical_or XE_COLL_LOR
#define XE_COLL_logical_xor XE_COLL_LXOR

SCALARS(FOLDS, , add)
SCALARS(FOLDS, , min)
SCALARS(FOLDS, , max)
SCALARS(FOLDS, non_uniform_, add)
SCALARS(FOLDS, non_uniform_, mul)
SCALARS(FOLDS, non_uniform_, min)
SCALARS(FOLDS, non_uniform_, max)
INTEGERS(FOLDS, non_uniform_, and)
INTEGERS(FOLDS, non_uniform_, or)
INTEGERS(FOLDS, non_uniform_, xor)
FOLDS(int, XE_COLL_I32, non_uniform_, logical_and)
FOLDS(int, XE_COLL_I32, non_uniform_, logical_or)
FOLDS(int, XE_COLL_I32, non_uniform_, logical_xor)

/* cl_khr_subgroup_clustered_reduce */
#define CLUSTER(T, C, OP) T OVL sub_group_clustered_reduce_##OP(T x, uint size) \
	{ return SG(T, XE_COLL_CLUSTERED, XE_COLL_##OP, C, x, size); }
SCALARS(CLUSTER, add)
SCALARS(CLUSTER, mul)
SCALARS(CLUSTER, min)
SCALARS(CLUSTER, max)
INTEGERS(CLUSTER, and)
INTEGERS(CLUSTER, or)
INTEGERS(CLUSTER, xor)
CLUSTER(int, XE_COLL_I32, logical_and)
CLUSTER(int, XE_COLL_I32, logical_or)
CLUSTER(int, XE_COLL_I32, logical_xor)

/* Moving values: broadcasts and shuffles, every type. */
#define MOVE(T, C, NAME, KIND) T OVL NAME(T x, uint lane) \
	{ return SG(T, KIND, 0, C, x, lane); }
GENTYPES(MOVE, sub_group_broadcast, XE_COLL_BROADCAST)
GENTYPES(MOVE, sub_group_non_uniform_broadcast, XE_COLL_BROADCAST)
GENTYPES(MOVE, sub_group_shuffle, XE_COLL_SHUFFLE)
GENTYPES(MOVE, sub_group_shuffle_xor, XE_COLL_SHUFFLE_XOR)
GENTYPES(MOVE, sub_group_shuffle_up, XE_COLL_SHUFFLE_UP)
GENTYPES(MOVE, sub_group_shuffle_down, XE_COLL_SHUFFLE_DOWN)
GENTYPES(MOVE, intel_sub_group_shuffle, XE_COLL_SHUFFLE)
GENTYPES(MOVE, intel_sub_group_shuffle_xor, XE_COLL_SHUFFLE_XOR)
#define FIRST(T, C, _) T OVL sub_group_broadcast_first(T x) \
	{ return SG(T, XE_COLL_BROADCAST_FIRST, 0, C, x, 0); }
GENTYPES(FIRST, _)

/*
 * cl_khr_subgroup_rotate: the value of the work-item @delta places on,
 * modulo the sub-group size (a power of two), or within clusters of
 * @cs work-items; a shuffle with the lane computed here.
 */
#define ROTATE(T, C, _) \
	T OVL sub_group_rotate(T x, int delta) \
	{ \
		uint id = get_sub_group_local_id(); \
		return sub_group_shuffle(x, (id + (uint)delta) & \
					    (get_max_sub_group_size() - 1)); \
	} \
	T OVL sub_group_clustered_rotate(T x, int delta, uint cs) \
	{ \
		uint id = get_sub_group_local_id(); \
		return sub_group_shuffle(x, (id & ~(cs - 1)) + \
					    ((id + (uint)delta) & (cs - 1))); \
	}
SCALARS(ROTATE, _)

/* cl_intel_subgroups: shuffles across two values. */
#define INTEL2(T, C, _) \
	T OVL intel_sub_group_shuffle_down(T cur, T next, uint delta) \
	{ \
		T in_[2] = { cur, next }, out_ = cur; \
		xe_jit_rt_sg(0, XE_COLL_CODE(XE_COLL_INTEL_DOWN, 0, C, sizeof(T)), \
			     in_, &out_, delta); \
		return out_; \
	} \
	T OVL intel_sub_group_shuffle_up(T prev, T cur, uint delta) \
	{ \
		T in_[2] = { prev, cur }, out_ = cur; \
		xe_jit_rt_sg(0, XE_COLL_CODE(XE_COLL_INTEL_UP, 0, C, sizeof(T)), \
			     in_, &out_, delta); \
		return out_; \
	}
GENTYPES(INTEL2, _)

/* Votes. */
int OVL sub_group_all(int p)
{
	return SG(int, XE_COLL_ALL, 0, XE_COLL_I32, p, 0);
}

int OVL sub_group_any(int p)
{
	return SG(int, XE_COLL_ANY, 0, XE_COLL_I32, p, 0);
}

int OVL sub_group_non_uniform_all(int p)
{
	return sub_group_all(p);
}

int OVL sub_group_non_uniform_any(int p)
{
	return sub_group_any(p);
}

int OVL sub_group_elect(void)
{
	return SG(int, XE_COLL_ELECT, 0, XE_COLL_I32, 0, 0);
}

#define EQUAL(T, C, _) int OVL sub_group_non_uniform_all_equal(T x) \
	{ \
		int out_ = 0; \
		xe_jit_rt_sg(0, XE_COLL_CODE(XE_COLL_ALL_EQUAL, 0, C, sizeof(T)), \
			     &x, &out_, 0); \
		return out_; \
	}
SCALARS(EQUAL, _)

void OVL sub_group_barrier(cl_mem_fence_flags flags)
{
	xe_jit_rt_sg(0, XE_COLL_CODE(XE_COLL_BARRIER, 0, 0, 0), 0, 0, 0);
}

void OVL sub_group_barrier(cl_mem_fence_flags flags, memory_scope scope)
{
	sub_group_barrier(flags);
}

/* Ballots. */
uint4 OVL sub_group_ballot(int p)
{
	uint4 out_ = 0;

	xe_jit_rt_sg(0, XE_COLL_CODE(XE_COLL_BALLOT, 0, XE_COLL_I32, 4), &p,
		     &out_, 0);
	return out_;
}

static uint4 bit_range(uint from, uint to)	/* bits [from, to) */
{
	uint4 m = 0;

	for (uint i = from; i < to && i < 128; i++)
		m[i / 32] |= 1u << (i % 32);
	return m;
}

int OVL sub_group_inverse_ballot(uint4 v)
{
	uint l = get_sub_group_local_id();

	return (v[l / 32] >> (l % 32)) & 1;
}

int OVL sub_group_ballot_bit_extract(uint4 v, uint i)
{
	return i < 128 && ((v[i / 32] >> (i % 32)) & 1);
}

uint OVL sub_group_ballot_bit_count(uint4 v)
{
	v &= bit_range(0, get_sub_group_size());
	return popcount(v.x) + popcount(v.y) + popcount(v.z) + popcount(v.w);
}

uint OVL sub_group_ballot_inclusive_scan(uint4 v)
{
	return sub_group_ballot_bit_count(v & bit_range(0, get_sub_group_local_id() + 1));
}

uint OVL sub_group_ballot_exclusive_scan(uint4 v)
{
	return sub_group_ballot_bit_count(v & bit_range(0, get_sub_group_local_id()));
}

uint OVL sub_group_ballot_find_lsb(uint4 v)
{
	v &= bit_range(0, get_sub_group_size());
	for (uint i = 0; i < 4; i++)
		if (v[i])
			return i * 32 + ctz(v[i]);
	return ~0u;
}

uint OVL sub_group_ballot_find_msb(uint4 v)
{
	v &= bit_range(0, get_sub_group_size());
	for (int i = 3; i >= 0; i--)
		if (v[i])
			return i * 32 + 31 - clz(v[i]);
	return ~0u;
}

uint4 OVL get_sub_group_eq_mask(void)
{
	uint l = get_sub_group_local_id();

	return bit_range(l, l + 1);
}

uint4 OVL get_sub_group_ge_mask(void)
{
	return bit_range(get_sub_group_local_id(), get_sub_group_size());
}

uint4 OVL get_sub_group_gt_mask(void)
{
	return bit_range(get_sub_group_local_id() + 1, get_sub_group_size());
}

uint4 OVL get_sub_group_le_mask(void)
{
	return bit_range(0, get_sub_group_local_id() + 1);
}

uint4 OVL get_sub_group_lt_mask(void)
{
	return bit_range(0, get_sub_group_local_id());
}

/* cl_intel_subgroups' buffer block reads and writes: lane l takes element
 * l of each block of get_max_sub_group_size() elements. */
#define BLOCK(T, SFX) \
	T OVL intel_sub_group_block_read##SFX(const __global T *p) \
	{ return p[get_sub_group_local_id()]; } \
	T##2 OVL intel_sub_group_block_read##SFX##2(const __global T *p) \
	{ uint l = get_sub_group_local_id(), s = get_max_sub_group_size(); \
	  return (T##2)(p[l], p[l + s]); } \
	T##4 OVL intel_sub_group_block_read##SFX##4(const __global T *p) \
	{ uint l = get_sub_group_local_id(), s = get_max_sub_group_size(); \
	  return (T##4)(p[l], p[l + s], p[l + 2 * s], p[l + 3 * s]); } \
	T##8 OVL intel_sub_group_block_read##SFX##8(const __global T *p) \
	{ uint l = get_sub_group_local_id(), s = get_max_sub_group_size(); \
	  T##8 r; for (uint i = 0; i < 8; i++) r[i] = p[l + i * s]; return r; } \
	void OVL intel_sub_group_block_write##SFX(__global T *p, T v) \
	{ p[get_sub_group_local_id()] = v; } \
	void OVL intel_sub_group_block_write##SFX##2(__global T *p, T##2 v) \
	{ uint l = get_sub_group_local_id(), s = get_max_sub_group_size(); \
	  p[l] = v.s0; p[l + s] = v.s1; } \
	void OVL intel_sub_group_block_write##SFX##4(__global T *p, T##4 v) \
	{ uint l = get_sub_group_local_id(), s = get_max_sub_group_size(); \
	  for (uint i = 0; i < 4; i++) p[l + i * s] = v[i]; } \
	void OVL intel_sub_group_block_write##SFX##8(__global T *p, T##8 v) \
	{ uint l = get_sub_group_local_id(), s = get_max_sub_group_size(); \
	  for (uint i = 0; i < 8; i++) p[l + i * s] = v[i]; }
BLOCK(uint, )
BLOCK(uint, _ui)
BLOCK(ushort, _us)
BLOCK(uchar, _uc)
BLOCK(ulong, _ul)
