// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * half built-ins, which the library does not have: each computes in float
 * (every half is exactly a float) and rounds the result to the nearest
 * half. Arithmetic on half is the compiler's.
 */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

#define OVL __attribute__((overloadable))
#define INL static inline __attribute__((overloadable, always_inline))

/* half <-> float, for every width. */
#define CVT(H, F) \
	INL F tof(H x) { return __builtin_convertvector(x, F); } \
	INL H toh(F x) { return __builtin_convertvector(x, H); }
INL float tof(half x) { return (float)x; }
INL half toh(float x) { return (half)x; }
CVT(half2, float2)
CVT(half3, float3)
CVT(half4, float4)
CVT(half8, float8)
CVT(half16, float16)

#define ALL(M, ...) M(half, __VA_ARGS__) M(half2, __VA_ARGS__) \
	M(half3, __VA_ARGS__) M(half4, __VA_ARGS__) M(half8, __VA_ARGS__) \
	M(half16, __VA_ARGS__)
#define VECS(M, ...) M(half2, __VA_ARGS__) M(half3, __VA_ARGS__) \
	M(half4, __VA_ARGS__) M(half8, __VA_ARGS__) M(half16, __VA_ARGS__)

#define U(T, f) T OVL f(T x) { return toh(f(tof(x))); }
#define B(T, f) T OVL f(T x, T y) { return toh(f(tof(x), tof(y))); }
#define BS(T, f) T OVL f(T x, half y) { return toh(f(tof(x), (float)y)); }
#define T3(T, f) T OVL f(T x, T y, T z) { return toh(f(tof(x), tof(y), tof(z))); }

#define UNARY(f) ALL(U, f)
UNARY(acos) UNARY(acosh) UNARY(acospi) UNARY(asin) UNARY(asinh) UNARY(asinpi)
UNARY(atan) UNARY(atanh) UNARY(atanpi) UNARY(cbrt) UNARY(ceil) UNARY(cos)
UNARY(cosh) UNARY(cospi) UNARY(erfc) UNARY(erf) UNARY(exp) UNARY(exp2)
UNARY(exp10) UNARY(expm1) UNARY(fabs) UNARY(floor) UNARY(lgamma) UNARY(log)
UNARY(log2) UNARY(log10) UNARY(log1p) UNARY(logb) UNARY(rint) UNARY(round)
UNARY(rsqrt) UNARY(sin) UNARY(sinh) UNARY(sinpi) UNARY(sqrt) UNARY(tan)
UNARY(tanh) UNARY(tanpi) UNARY(tgamma) UNARY(trunc) UNARY(degrees)
UNARY(radians) UNARY(sign)

#define BINARY(f) ALL(B, f)
BINARY(atan2) BINARY(atan2pi) BINARY(copysign) BINARY(fdim) BINARY(fmax)
BINARY(fmin) BINARY(fmod) BINARY(hypot) BINARY(maxmag) BINARY(minmag)
BINARY(pow) BINARY(powr) BINARY(remainder) BINARY(step) BINARY(max)
BINARY(min)
VECS(BS, fmax) VECS(BS, fmin) VECS(BS, max) VECS(BS, min)

#define TERNARY(f) ALL(T3, f)
TERNARY(fma) TERNARY(mad) TERNARY(mix) TERNARY(clamp) TERNARY(smoothstep)

#define MIXS(T, _) T OVL mix(T x, T y, half a) { return toh(mix(tof(x), tof(y), (float)a)); } \
	T OVL clamp(T x, half lo, half hi) { return toh(clamp(tof(x), (float)lo, (float)hi)); } \
	T OVL step(half e, T x) { return toh(step((float)e, tof(x))); } \
	T OVL smoothstep(half a, half b, T x) { return toh(smoothstep((float)a, (float)b, tof(x))); }
VECS(MIXS, _)

/* Integer second arguments. */
#define IARG(T, I) \
	T OVL ldexp(T x, I n) { return toh(ldexp(tof(x), n)); } \
	T OVL pown(T x, I n) { return toh(pown(tof(x), n)); } \
	T OVL rootn(T x, I n) { return toh(rootn(tof(x), n)); } \
	I OVL ilogb(T x) { return ilogb(tof(x)); }
IARG(half, int)
IARG(half2, int2)
IARG(half3, int3)
IARG(half4, int4)
IARG(half8, int8)
IARG(half16, int16)
#define LDEXPS(T, _) T OVL ldexp(T x, int n) { return toh(ldexp(tof(x), n)); }
VECS(LDEXPS, _)

/* The next half: one step of the half's own bits. */
half OVL nextafter(half x, half y)
{
	short b = as_short(x);

	if (isnan((float)x) || isnan((float)y))
		return (half)NAN;
	if ((float)x == (float)y)
		return y;
	if ((float)x == 0.0f)
		return as_half((short)(((float)y > 0.0f ? 0 : 0x8000) | 1));
	b += ((float)x < (float)y) == ((float)x > 0.0f) ? 1 : -1;
	return as_half(b);
}
#define NEXT(T, n) T OVL nextafter(T x, T y) \
	{ T r; for (int i = 0; i < n; i++) r[i] = nextafter(x[i], y[i]); return r; }
NEXT(half2, 2)
NEXT(half3, 3)
NEXT(half4, 4)
NEXT(half8, 8)
NEXT(half16, 16)

/* Pointer arguments, in every address space. */
#define PTR_ONE(T, I, AS) \
	T OVL fract(T x, AS T *ip) { __typeof__(tof(x)) f; T r = toh(fract(tof(x), (__generic __typeof__(tof(x)) *)&f)); *ip = toh(f); return r; } \
	T OVL modf(T x, AS T *ip) { __typeof__(tof(x)) f; T r = toh(modf(tof(x), (__generic __typeof__(tof(x)) *)&f)); *ip = toh(f); return r; } \
	T OVL sincos(T x, AS T *c) { __typeof__(tof(x)) f; T r = toh(sincos(tof(x), (__generic __typeof__(tof(x)) *)&f)); *c = toh(f); return r; } \
	T OVL frexp(T x, AS I *e) { I n; T r = toh(frexp(tof(x), (__generic I *)&n)); *e = n; return r; } \
	T OVL lgamma_r(T x, AS I *s) { I n; T r = toh(lgamma_r(tof(x), (__generic I *)&n)); *s = n; return r; } \
	T OVL remquo(T x, T y, AS I *q) { I n; T r = toh(remquo(tof(x), tof(y), (__generic I *)&n)); *q = n; return r; }
#define PTR_ALL(T, I) PTR_ONE(T, I, __global) PTR_ONE(T, I, __local) \
	PTR_ONE(T, I, __private) PTR_ONE(T, I, __generic)
PTR_ALL(half, int)
PTR_ALL(half2, int2)
PTR_ALL(half3, int3)
PTR_ALL(half4, int4)
PTR_ALL(half8, int8)
PTR_ALL(half16, int16)

/* Geometric. */
#define GEO(T, _) \
	half OVL dot(T x, T y) { return (half)dot(tof(x), tof(y)); } \
	half OVL length(T x) { return (half)length(tof(x)); } \
	half OVL distance(T x, T y) { return (half)distance(tof(x), tof(y)); } \
	T OVL normalize(T x) { return toh(normalize(tof(x))); }
GEO(half, _)
GEO(half2, _)
GEO(half3, _)
GEO(half4, _)
half3 OVL cross(half3 x, half3 y) { return toh(cross(tof(x), tof(y))); }
half4 OVL cross(half4 x, half4 y) { return toh(cross(tof(x), tof(y))); }

/* A quiet NaN whose low mantissa bits are the code. */
#define NANH(H, U) H OVL nan(U c) { return as_##H((U)((c & (U)0x1ff) | (U)0x7e00)); }
NANH(half, ushort)
NANH(half2, ushort2)
NANH(half3, ushort3)
NANH(half4, ushort4)
NANH(half8, ushort8)
NANH(half16, ushort16)
