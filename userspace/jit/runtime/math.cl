// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * The math, common, geometric and integer built-ins: scalars call the C
 * library (or the compiler's own instructions), vectors apply the scalar
 * element by element.
 */
#include "rt.h"

#define F1(NAME, FN) \
	float OVL NAME(float x) { return __builtin_##FN##f(x); } \
	double OVL NAME(double x) { return __builtin_##FN(x); } \
	VEC1(float, float, NAME) VEC1(double, double, NAME)
#define F2(NAME, FN) \
	float OVL NAME(float x, float y) { return __builtin_##FN##f(x, y); } \
	double OVL NAME(double x, double y) { return __builtin_##FN(x, y); } \
	VEC2(float, NAME) VEC2(double, NAME)

F1(sqrt, sqrt) F1(sin, sin) F1(cos, cos) F1(tan, tan) F1(asin, asin)
F1(acos, acos) F1(atan, atan) F1(sinh, sinh) F1(cosh, cosh) F1(tanh, tanh)
F1(asinh, asinh) F1(acosh, acosh) F1(atanh, atanh) F1(exp, exp)
F1(exp2, exp2) F1(expm1, expm1) F1(log, log) F1(log2, log2) F1(log10, log10)
F1(log1p, log1p) F1(floor, floor) F1(ceil, ceil) F1(trunc, trunc)
F1(round, round) F1(rint, rint) F1(fabs, fabs) F1(cbrt, cbrt) F1(erf, erf)
F1(erfc, erfc) F1(tgamma, tgamma) F1(lgamma, lgamma) F1(logb, logb)
F2(atan2, atan2) F2(pow, pow) F2(powr, pow) F2(fmod, fmod) F2(fmin, fmin)
F2(fmax, fmax) F2(hypot, hypot) F2(copysign, copysign) F2(fdim, fdim)
F2(remainder, remainder) F2(nextafter, nextafter)

/* The native_ and half_ variants are the full-precision ones. */
F1(native_sqrt, sqrt) F1(native_sin, sin) F1(native_cos, cos)
F1(native_tan, tan) F1(native_exp, exp) F1(native_exp2, exp2)
F1(native_log, log) F1(native_log2, log2) F1(native_log10, log10)
F2(native_powr, pow) F1(half_sqrt, sqrt) F1(half_sin, sin) F1(half_cos, cos)
F1(half_exp, exp) F1(half_log, log)

float OVL exp10(float x) { return __builtin_powf(10.0f, x); }
double OVL exp10(double x) { return __builtin_pow(10.0, x); }
VEC1(float, float, exp10) VEC1(double, double, exp10)
float OVL rsqrt(float x) { return 1.0f / __builtin_sqrtf(x); }
double OVL rsqrt(double x) { return 1.0 / __builtin_sqrt(x); }
VEC1(float, float, rsqrt) VEC1(double, double, rsqrt)
float OVL native_rsqrt(float x) { return 1.0f / __builtin_sqrtf(x); }
VEC1(float, float, native_rsqrt)
float OVL native_recip(float x) { return 1.0f / x; }
VEC1(float, float, native_recip)
float OVL native_divide(float x, float y) { return x / y; }
VEC2(float, native_divide)
float OVL fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
double OVL fma(double a, double b, double c) { return __builtin_fma(a, b, c); }
VEC3(float, fma) VEC3(double, fma)
float OVL mad(float a, float b, float c) { return a * b + c; }
double OVL mad(double a, double b, double c) { return a * b + c; }
VEC3(float, mad) VEC3(double, mad)
float OVL pown(float x, int n) { return __builtin_powif(x, n); }
double OVL pown(double x, int n) { return __builtin_powi(x, n); }
float OVL rootn(float x, int n) { return __builtin_powf(x, 1.0f / n); }
double OVL rootn(double x, int n) { return __builtin_pow(x, 1.0 / n); }
float OVL ldexp(float x, int n) { return __builtin_ldexpf(x, n); }
double OVL ldexp(double x, int n) { return __builtin_ldexp(x, n); }

/* Common functions. */
#define COMMON(T, Z) \
	T OVL clamp(T x, T lo, T hi) { return __builtin_fmin##Z(__builtin_fmax##Z(x, lo), hi); } \
	T OVL min(T x, T y) { return y < x ? y : x; } \
	T OVL max(T x, T y) { return x < y ? y : x; } \
	T OVL mix(T x, T y, T a) { return x + (y - x) * a; } \
	T OVL step(T e, T x) { return x < e ? (T)0 : (T)1; } \
	T OVL smoothstep(T e0, T e1, T x) \
	{ \
		T t = clamp((x - e0) / (e1 - e0), (T)0, (T)1); \
		return t * t * ((T)3 - (T)2 * t); \
	} \
	T OVL sign(T x) { return x > 0 ? (T)1 : x < 0 ? (T)-1 : x == 0 ? (T)0 : x; } \
	T OVL degrees(T r) { return r * (T)(180.0 / 3.14159265358979323846); } \
	T OVL radians(T d) { return d * (T)(3.14159265358979323846 / 180.0); }
COMMON(float, f)
COMMON(double, )
VEC3(float, clamp) VEC3(double, clamp) VEC2(float, min) VEC2(double, min)
VEC2(float, max) VEC2(double, max) VEC3(float, mix) VEC3(double, mix)
VEC1(float, float, sign) VEC1(double, double, sign)

/* Geometric functions. */
#define GEO(T) \
	T OVL dot(T x, T y) { return x * y; } \
	T OVL dot(T##2 x, T##2 y) { return x.s0 * y.s0 + x.s1 * y.s1; } \
	T OVL dot(T##3 x, T##3 y) { return x.s0 * y.s0 + x.s1 * y.s1 + x.s2 * y.s2; } \
	T OVL dot(T##4 x, T##4 y) { return dot(x.s012, y.s012) + x.s3 * y.s3; } \
	T OVL length(T x) { return fabs(x); } \
	T OVL length(T##2 x) { return sqrt(dot(x, x)); } \
	T OVL length(T##3 x) { return sqrt(dot(x, x)); } \
	T OVL length(T##4 x) { return sqrt(dot(x, x)); } \
	T OVL distance(T##2 x, T##2 y) { return length(x - y); } \
	T OVL distance(T##3 x, T##3 y) { return length(x - y); } \
	T OVL distance(T##4 x, T##4 y) { return length(x - y); } \
	T##2 OVL normalize(T##2 x) { return x / length(x); } \
	T##3 OVL normalize(T##3 x) { return x / length(x); } \
	T##4 OVL normalize(T##4 x) { return x / length(x); } \
	T##3 OVL cross(T##3 a, T##3 b) { return a.yzx * b.zxy - a.zxy * b.yzx; } \
	T##4 OVL cross(T##4 a, T##4 b) \
	{ \
		return (T##4)(a.yzx * b.zxy - a.zxy * b.yzx, (T)0); \
	}
GEO(float)
GEO(double)

/* Integer functions. */
#define INTS(T, U) \
	T OVL min(T x, T y) { return y < x ? y : x; } \
	T OVL max(T x, T y) { return x < y ? y : x; } \
	T OVL clamp(T x, T lo, T hi) { return min(max(x, lo), hi); } \
	U OVL abs(T x) { return x < 0 ? (U)-x : (U)x; } \
	T OVL rotate(T v, T n) \
	{ \
		U s = (U)n & (sizeof(T) * 8 - 1); \
		return s ? (T)(((U)v << s) | ((U)v >> (sizeof(T) * 8 - s))) : v; \
	} \
	VEC2(T, min) VEC2(T, max) VEC3(T, clamp)
INTS(char, uchar) INTS(uchar, uchar) INTS(short, ushort) INTS(ushort, ushort)
INTS(int, uint) INTS(uint, uint) INTS(long, ulong) INTS(ulong, ulong)

int OVL popcount(int x) { return __builtin_popcount(x); }
uint OVL popcount(uint x) { return __builtin_popcount(x); }
long OVL popcount(long x) { return __builtin_popcountl(x); }
ulong OVL popcount(ulong x) { return __builtin_popcountl(x); }
int OVL clz(int x) { return x ? __builtin_clz(x) : 32; }
uint OVL clz(uint x) { return x ? __builtin_clz(x) : 32; }
long OVL clz(long x) { return x ? __builtin_clzl(x) : 64; }
ulong OVL clz(ulong x) { return x ? __builtin_clzl(x) : 64; }
int OVL mul24(int a, int b) { return a * b; }
uint OVL mul24(uint a, uint b) { return a * b; }
int OVL mad24(int a, int b, int c) { return a * b + c; }
uint OVL mad24(uint a, uint b, uint c) { return a * b + c; }
int OVL mul_hi(int a, int b) { return (int)(((long)a * b) >> 32); }
uint OVL mul_hi(uint a, uint b) { return (uint)(((ulong)a * b) >> 32); }
