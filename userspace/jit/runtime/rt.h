/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * Declarations shared by the files of the OpenCL C built-in runtime. They
 * are compiled without clang's default OpenCL header, so every built-in the
 * translated kernels call is defined here, under the name the OpenCL C
 * mangling gives it (overloadable).
 */
#ifndef XE_JIT_RT_H
#define XE_JIT_RT_H

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

#define OVL __attribute__((overloadable))

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;

#define VEC_TYPES(T) \
	typedef T T##2 __attribute__((ext_vector_type(2))); \
	typedef T T##3 __attribute__((ext_vector_type(3))); \
	typedef T T##4 __attribute__((ext_vector_type(4))); \
	typedef T T##8 __attribute__((ext_vector_type(8))); \
	typedef T T##16 __attribute__((ext_vector_type(16)));
VEC_TYPES(char)
VEC_TYPES(uchar)
VEC_TYPES(short)
VEC_TYPES(ushort)
VEC_TYPES(int)
VEC_TYPES(uint)
VEC_TYPES(long)
VEC_TYPES(ulong)
VEC_TYPES(float)
VEC_TYPES(double)

/* Element-wise vector versions of a one-argument scalar function. */
#define VEC1(R, T, NAME) \
	R##2 OVL NAME(T##2 x) { return (R##2)(NAME(x.s0), NAME(x.s1)); } \
	R##3 OVL NAME(T##3 x) { return (R##3)(NAME(x.s0), NAME(x.s1), NAME(x.s2)); } \
	R##4 OVL NAME(T##4 x) { return (R##4)(NAME(x.s01), NAME(x.s23)); } \
	R##8 OVL NAME(T##8 x) { return (R##8)(NAME(x.s0123), NAME(x.s4567)); } \
	R##16 OVL NAME(T##16 x) { return (R##16)(NAME(x.lo), NAME(x.hi)); }
#define VEC2(T, NAME) \
	T##2 OVL NAME(T##2 x, T##2 y) { return (T##2)(NAME(x.s0, y.s0), NAME(x.s1, y.s1)); } \
	T##3 OVL NAME(T##3 x, T##3 y) { return (T##3)(NAME(x.s0, y.s0), NAME(x.s1, y.s1), NAME(x.s2, y.s2)); } \
	T##4 OVL NAME(T##4 x, T##4 y) { return (T##4)(NAME(x.s01, y.s01), NAME(x.s23, y.s23)); } \
	T##8 OVL NAME(T##8 x, T##8 y) { return (T##8)(NAME(x.lo, y.lo), NAME(x.hi, y.hi)); } \
	T##16 OVL NAME(T##16 x, T##16 y) { return (T##16)(NAME(x.lo, y.lo), NAME(x.hi, y.hi)); }
#define VEC3(T, NAME) \
	T##2 OVL NAME(T##2 x, T##2 y, T##2 z) { return (T##2)(NAME(x.s0, y.s0, z.s0), NAME(x.s1, y.s1, z.s1)); } \
	T##3 OVL NAME(T##3 x, T##3 y, T##3 z) { return (T##3)(NAME(x.s0, y.s0, z.s0), NAME(x.s1, y.s1, z.s1), NAME(x.s2, y.s2, z.s2)); } \
	T##4 OVL NAME(T##4 x, T##4 y, T##4 z) { return (T##4)(NAME(x.s01, y.s01, z.s01), NAME(x.s23, y.s23, z.s23)); } \
	T##8 OVL NAME(T##8 x, T##8 y, T##8 z) { return (T##8)(NAME(x.lo, y.lo, z.lo), NAME(x.hi, y.hi, z.hi)); } \
	T##16 OVL NAME(T##16 x, T##16 y, T##16 z) { return (T##16)(NAME(x.lo, y.lo, z.lo), NAME(x.hi, y.hi, z.hi)); }

#endif
