// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * half built-ins the library lacks that need no arithmetic: relational
 * tests, select and bitselect, shuffles, vloadN/vstoreN, the strided
 * async copies and prefetch; and get_fence(). Most work on the bits, as
 * ushort; the tests whose answer a float gives as well (every half is a
 * float) convert.
 */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

#define OVL __attribute__((overloadable))

/* ---- relational: int for a scalar, -1/0 as short for a vector ---------- */

#define REL_F(f) \
	int OVL f(half x) { return f((float)x); } \
	short2 OVL f(half2 x) { return convert_short2(f(__builtin_convertvector(x, float2))); } \
	short3 OVL f(half3 x) { return convert_short3(f(__builtin_convertvector(x, float3))); } \
	short4 OVL f(half4 x) { return convert_short4(f(__builtin_convertvector(x, float4))); } \
	short8 OVL f(half8 x) { return convert_short8(f(__builtin_convertvector(x, float8))); } \
	short16 OVL f(half16 x) { return convert_short16(f(__builtin_convertvector(x, float16))); }
REL_F(isfinite)
REL_F(isinf)
REL_F(isnan)
REL_F(signbit)

/* Normal as a half: an exponent field neither 0 nor all ones. */
#define EXP(u) (((u) >> 10) & 0x1f)
int OVL isnormal(half x)
{
	ushort e = EXP(as_ushort(x));

	return e != 0 && e != 0x1f;
}
#define ISNORMAL(N) \
	short##N OVL isnormal(half##N x) \
	{ \
		ushort##N e = (as_ushort##N(x) >> (ushort)10) & (ushort)0x1f; \
		return (e != (ushort)0) & (e != (ushort)0x1f); \
	}
ISNORMAL(2)
ISNORMAL(3)
ISNORMAL(4)
ISNORMAL(8)
ISNORMAL(16)

/* ---- select, bitselect: on the bits ----------------------------------- */

half OVL bitselect(half a, half b, half c)
{
	return as_half(bitselect(as_ushort(a), as_ushort(b), as_ushort(c)));
}
half OVL select(half a, half b, short c)
{
	return c ? b : a;
}
#define SEL(N) \
	half##N OVL bitselect(half##N a, half##N b, half##N c) \
	{ \
		return as_half##N(bitselect(as_ushort##N(a), as_ushort##N(b), \
					    as_ushort##N(c))); \
	} \
	half##N OVL select(half##N a, half##N b, short##N c) \
	{ \
		return as_half##N(select(as_ushort##N(a), as_ushort##N(b), c)); \
	}
SEL(2)
SEL(3)
SEL(4)
SEL(8)
SEL(16)

/* ---- shuffle, shuffle2 ------------------------------------------------- */

#define SHUF(N, M) \
	half##M OVL shuffle(half##N x, ushort##M mask) \
	{ \
		return as_half##M(shuffle(as_ushort##N(x), mask)); \
	} \
	half##M OVL shuffle2(half##N x, half##N y, ushort##M mask) \
	{ \
		return as_half##M(shuffle2(as_ushort##N(x), as_ushort##N(y), \
					   mask)); \
	}
#define SHUF_ALL(N) SHUF(N, 2) SHUF(N, 4) SHUF(N, 8) SHUF(N, 16)
SHUF_ALL(2)
SHUF_ALL(4)
SHUF_ALL(8)
SHUF_ALL(16)

/* ---- vloadN, vstoreN, in every address space --------------------------- */

#define VLOAD(N, AS) \
	half##N OVL vload##N(size_t i, const AS half *p) \
	{ \
		return as_half##N(vload##N(i, (const AS ushort *)p)); \
	}
#define VSTORE(N, AS) \
	void OVL vstore##N(half##N v, size_t i, AS half *p) \
	{ \
		vstore##N(as_ushort##N(v), i, (AS ushort *)p); \
	}
#define VLS(N) \
	VLOAD(N, ) VLOAD(N, __global) VLOAD(N, __local) VLOAD(N, __constant) \
	VLOAD(N, __private) \
	VSTORE(N, ) VSTORE(N, __global) VSTORE(N, __local) VSTORE(N, __private)
VLS(2)
VLS(3)
VLS(4)
VLS(8)
VLS(16)

/* ---- strided async copies and prefetch --------------------------------- */

#define ASYNC(T, U) \
	event_t OVL async_work_group_strided_copy(__local T *dst, \
						  const __global T *src, \
						  size_t n, size_t stride, \
						  event_t ev) \
	{ \
		return async_work_group_strided_copy((__local U *)dst, \
						     (const __global U *)src, \
						     n, stride, ev); \
	} \
	event_t OVL async_work_group_strided_copy(__global T *dst, \
						  const __local T *src, \
						  size_t n, size_t stride, \
						  event_t ev) \
	{ \
		return async_work_group_strided_copy((__global U *)dst, \
						     (const __local U *)src, \
						     n, stride, ev); \
	} \
	void OVL prefetch(const __global T *p, size_t n) \
	{ \
	}
ASYNC(half, ushort)
ASYNC(half2, ushort2)
ASYNC(half3, ushort3)
ASYNC(half4, ushort4)
ASYNC(half8, ushort8)
ASYNC(half16, ushort16)

/* ---- get_fence: the fence a generic pointer's space needs -------------- */

cl_mem_fence_flags OVL get_fence(const void *p)
{
	return to_local(p) ? CLK_LOCAL_MEM_FENCE : CLK_GLOBAL_MEM_FENCE;
}

cl_mem_fence_flags OVL get_fence(void *p)
{
	return get_fence((const void *)p);
}
