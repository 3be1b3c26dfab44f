// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * cl_ext_float_atomics: atomic_fetch_add/sub/min/max on atomic_half,
 * atomic_float and atomic_double, which llvm-spirv-15 reads back (OpAtomicFAddEXT,
 * OpAtomicFMinEXT, OpAtomicFMaxEXT) as the 1.x names atomic_add,
 * atomic_min and atomic_max on floating types; subtraction comes as the
 * addition of the negated value. The library has atomic_add on global and
 * local float only, so each is defined here for every address space: a
 * compare-exchange loop on the value's bits. min and max follow fmin() and
 * fmax() (a NaN operand loses).
 */

#define OVL __attribute__((overloadable))

/* Every address space is one memory here: the loop works on a global
 * pointer, with the library's 32- and 64-bit compare-exchange. */
uint OVL atomic_cmpxchg(volatile global uint *p, uint cmp, uint val);
ulong OVL atom_cmpxchg(volatile global ulong *p, ulong cmp, ulong val);
#define CAS_uint	atomic_cmpxchg
#define CAS_ulong	atom_cmpxchg

#define FLOAT_ATOMIC(AS, T, U, name, EXPR)				\
T OVL name(volatile AS T *p, T v)					\
{									\
	volatile global U *q = (volatile global U *)(volatile generic T *)p;\
	U old = *q;							\
									\
	for (;;) {							\
		T cur = as_##T(old);					\
		U want = as_##U((T)(EXPR)), seen;			\
									\
		seen = CAS_##U(q, old, want);				\
		if (seen == old)					\
			return cur;					\
		old = seen;						\
	}								\
}

#define FLOAT_ATOMICS(AS, T, U)						\
	FLOAT_ATOMIC(AS, T, U, atomic_add, cur + v)			\
	FLOAT_ATOMIC(AS, T, U, atomic_min, fmin(cur, v))		\
	FLOAT_ATOMIC(AS, T, U, atomic_max, fmax(cur, v))

FLOAT_ATOMICS(global, double, ulong)
FLOAT_ATOMICS(local, double, ulong)
FLOAT_ATOMICS(generic, double, ulong)
FLOAT_ATOMIC(global, float, uint, atomic_min, fmin(cur, v))
FLOAT_ATOMIC(global, float, uint, atomic_max, fmax(cur, v))
FLOAT_ATOMIC(local, float, uint, atomic_min, fmin(cur, v))
FLOAT_ATOMIC(local, float, uint, atomic_max, fmax(cur, v))
FLOAT_ATOMICS(generic, float, uint)

/*
 * Half: no library compare-exchange has 16 bits, so the loop exchanges
 * the aligned 32-bit word that holds the half, changing only its half.
 */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

#define HALF_ATOMIC(AS, name, EXPR)					\
half OVL name(volatile AS half *p, half v)				\
{									\
	uintptr_t at = (uintptr_t)(volatile generic half *)p;		\
	volatile global uint *w = (volatile global uint *)(at & ~(uintptr_t)3);\
	uint shift = (uint)(at & 2) * 8, old = *w;			\
									\
	for (;;) {							\
		half cur = as_half((ushort)(old >> shift));		\
		uint want = (old & ~(0xffffu << shift)) |		\
			    (uint)as_ushort((half)(EXPR)) << shift;	\
		uint seen = atomic_cmpxchg(w, old, want);		\
									\
		if (seen == old)					\
			return cur;					\
		old = seen;						\
	}								\
}

#define HALF_ATOMICS(AS)						\
	HALF_ATOMIC(AS, atomic_add, cur + v)				\
	HALF_ATOMIC(AS, atomic_min, fmin(cur, v))			\
	HALF_ATOMIC(AS, atomic_max, fmax(cur, v))			\
	HALF_ATOMIC(AS, atomic_xchg, v)

HALF_ATOMICS(global)
HALF_ATOMICS(local)
HALF_ATOMICS(generic)
