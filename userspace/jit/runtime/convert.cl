// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * Saturating conversions between scalar types (plain conversions are
 * instructions, not calls). Out-of-range values clamp to the destination
 * type; NaN converts to 0.
 */
#include "rt.h"

#define LIMITS_char	-128, 127
#define LIMITS_uchar	0, 255
#define LIMITS_short	-32768, 32767
#define LIMITS_ushort	0, 65535
#define LIMITS_int	(-2147483647 - 1), 2147483647
#define LIMITS_uint	0, 4294967295u
#define LIMITS_long	(-9223372036854775807L - 1), 9223372036854775807L
#define LIMITS_ulong	0, 18446744073709551615ul

#define SAT_FROM_FLOAT(D, S, LO, HI) \
	D OVL convert_##D##_sat(S x) \
	{ \
		if (x != x) \
			return 0; \
		if (x <= (S)LO) \
			return LO; \
		if (x >= (S)HI) \
			return HI; \
		return (D)x; \
	} \
	D OVL convert_##D##_sat_rtz(S x) { return convert_##D##_sat(x); } \
	D OVL convert_##D##_sat_rte(S x) { return convert_##D##_sat(__builtin_rint(x)); } \
	D OVL convert_##D##_rte(S x) { return (D)__builtin_rint(x); } \
	D OVL convert_##D##_rtz(S x) { return (D)x; } \
	D OVL convert_##D##_rtp(S x) { return (D)__builtin_ceil(x); } \
	D OVL convert_##D##_rtn(S x) { return (D)__builtin_floor(x); }

/* From an integer: compare in the wider of the two, signedness aware. */
#define SAT_FROM_INT(D, S, LO, HI) \
	D OVL convert_##D##_sat(S x) \
	{ \
		if ((S)-1 < 0 && x < 0) \
			return ((D)-1 < 0 && (long)x >= (long)(LO)) ? (D)x : (D)LO; \
		if ((ulong)x > (ulong)(HI)) \
			return HI; \
		return (D)x; \
	}

#define SAT_F(D, LO, HI) SAT_FROM_FLOAT(D, float, LO, HI) SAT_FROM_FLOAT(D, double, LO, HI)
#define EXPAND(M, ...) M(__VA_ARGS__)
#define SAT_ALL(D) \
	EXPAND(SAT_F, D, LIMITS_##D) \
	EXPAND(SAT_FROM_INT, D, char, LIMITS_##D) \
	EXPAND(SAT_FROM_INT, D, uchar, LIMITS_##D) \
	EXPAND(SAT_FROM_INT, D, short, LIMITS_##D) \
	EXPAND(SAT_FROM_INT, D, ushort, LIMITS_##D) \
	EXPAND(SAT_FROM_INT, D, int, LIMITS_##D) \
	EXPAND(SAT_FROM_INT, D, uint, LIMITS_##D) \
	EXPAND(SAT_FROM_INT, D, long, LIMITS_##D) \
	EXPAND(SAT_FROM_INT, D, ulong, LIMITS_##D)

SAT_ALL(char) SAT_ALL(uchar) SAT_ALL(short) SAT_ALL(ushort)
SAT_ALL(int) SAT_ALL(uint) SAT_ALL(long) SAT_ALL(ulong)

float OVL convert_float_rte(int x) { return (float)x; }
float OVL convert_float_rtz(int x) { return (float)x; }
float OVL convert_float_rte(double x) { return (float)x; }
