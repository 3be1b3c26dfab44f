// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * The half_* math functions on float, which the library does not have.
 * OpenCL C lets them be as precise as the full functions (they promise
 * only 8192 ulp and a smaller range), so each is the full function.
 */

#define OVL __attribute__((overloadable))

#define ALL(M, f, g) M(float, f, g) M(float2, f, g) M(float3, f, g) \
	M(float4, f, g) M(float8, f, g) M(float16, f, g)

#define U(T, f, g) T OVL f(T x) { return g(x); }
#define B(T, f, g) T OVL f(T x, T y) { return g(x, y); }

ALL(U, half_cos, cos)
ALL(U, half_exp, exp)
ALL(U, half_exp2, exp2)
ALL(U, half_exp10, exp10)
ALL(U, half_log, log)
ALL(U, half_log2, log2)
ALL(U, half_log10, log10)
ALL(U, half_rsqrt, rsqrt)
ALL(U, half_sin, sin)
ALL(U, half_sqrt, sqrt)
ALL(U, half_tan, tan)
ALL(B, half_powr, powr)

#define RECIP(T, f, g) T OVL f(T x) { return (T)1.0f / x; }
#define DIV(T, f, g) T OVL f(T x, T y) { return x / y; }
ALL(RECIP, half_recip, -)
ALL(DIV, half_divide, -)
