// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * OpenCL 1.x atomics (atomic_*, and atom_* for 64 bits) on __global and
 * __local memory. They are the compiler's sequentially consistent atomic
 * instructions, so they are coherent with host atomics and with the command
 * streamer's atomics on the same shared memory.
 */
#include "rt.h"

#define SC __ATOMIC_SEQ_CST

#define ATOMIC_OPS(P, T, AS) \
	T OVL P##add(volatile AS T *p, T v) { return __atomic_fetch_add(p, v, SC); } \
	T OVL P##sub(volatile AS T *p, T v) { return __atomic_fetch_sub(p, v, SC); } \
	T OVL P##xchg(volatile AS T *p, T v) { return __atomic_exchange_n(p, v, SC); } \
	T OVL P##inc(volatile AS T *p) { return __atomic_fetch_add(p, (T)1, SC); } \
	T OVL P##dec(volatile AS T *p) { return __atomic_fetch_sub(p, (T)1, SC); } \
	T OVL P##min(volatile AS T *p, T v) { return __atomic_fetch_min(p, v, SC); } \
	T OVL P##max(volatile AS T *p, T v) { return __atomic_fetch_max(p, v, SC); } \
	T OVL P##and(volatile AS T *p, T v) { return __atomic_fetch_and(p, v, SC); } \
	T OVL P##or(volatile AS T *p, T v) { return __atomic_fetch_or(p, v, SC); } \
	T OVL P##xor(volatile AS T *p, T v) { return __atomic_fetch_xor(p, v, SC); } \
	T OVL P##cmpxchg(volatile AS T *p, T cmp, T v) \
	{ \
		__atomic_compare_exchange_n(p, &cmp, v, 0, SC, SC); \
		return cmp; \
	}

#define ATOMIC_ALL(P, T) ATOMIC_OPS(P, T, __global) ATOMIC_OPS(P, T, __local)

ATOMIC_ALL(atomic_, int)
ATOMIC_ALL(atomic_, uint)
ATOMIC_ALL(atom_, int)
ATOMIC_ALL(atom_, uint)
ATOMIC_ALL(atom_, long)
ATOMIC_ALL(atom_, ulong)
ATOMIC_ALL(atomic_, long)
ATOMIC_ALL(atomic_, ulong)

#define FLOAT_XCHG(AS) \
	float OVL atomic_xchg(volatile AS float *p, float v) \
	{ \
		return __builtin_astype(__atomic_exchange_n((volatile AS uint *)p, __builtin_astype(v, uint), SC), float); \
	}


FLOAT_XCHG(__global)
FLOAT_XCHG(__local)

void OVL mem_fence(uint flags) { __atomic_thread_fence(SC); }
void OVL read_mem_fence(uint flags) { __atomic_thread_fence(SC); }
void OVL write_mem_fence(uint flags) { __atomic_thread_fence(SC); }
