// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * Conversions from and to half, which the library lacks.
 *
 * From half: every half is exactly a float, so convert_T_sat_rtX(halfN)
 * is the library's convert_T_sat_rtX of the float.
 *
 * To half: the value goes to double first -- exactly, but for 64-bit
 * integers beyond 2^53, which lie far beyond the largest half (65504) and
 * round to infinity or the largest half whatever happened on the way --
 * then to half with the rounding mode: to nearest even by the compiler's
 * conversion, the directed modes by stepping that result one half toward
 * the mode when it went the wrong way.
 */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define OVL __attribute__((overloadable))

/* The next half above (@up) or below @h; NaN stays. */
static half next_half(half h, bool up)
{
	ushort b = as_ushort(h);

	if (isnan((float)h))
		return h;
	if ((b & 0x7fff) == 0)		/* +-0: the smallest subnormal */
		return as_half((ushort)(up ? 0x0001 : 0x8001));
	if (!(b & 0x8000) == up)	/* away from zero */
		return as_half((ushort)(b + 1));
	return as_half((ushort)(b - 1));
}

static half d2h_rte(double d)
{
	return (half)d;
}

static half d2h_rtz(double d)
{
	half h = (half)d;
	double hd = (double)h;

	return fabs(hd) > fabs(d) ? next_half(h, hd < 0) : h;
}

static half d2h_rtp(double d)
{
	half h = (half)d;

	return (double)h < d ? next_half(h, true) : h;
}

static half d2h_rtn(double d)
{
	half h = (half)d;

	return (double)h > d ? next_half(h, false) : h;
}

/* ---- to half: from every type, every width, every mode ----------------- */

#define TOH_S(T, MODE, FN) \
	half OVL convert_half##MODE(T x) { return FN((double)x); }
#define TOH_V(T, N, MODE, FN) \
	half##N OVL convert_half##N##MODE(T##N x) \
	{ \
		half##N r; \
		for (int i = 0; i < N; i++) \
			r[i] = FN((double)x[i]); \
		return r; \
	}
#define TOH_MODES(M, ...) \
	M(__VA_ARGS__, , d2h_rte) M(__VA_ARGS__, _rte, d2h_rte) \
	M(__VA_ARGS__, _rtz, d2h_rtz) M(__VA_ARGS__, _rtp, d2h_rtp) \
	M(__VA_ARGS__, _rtn, d2h_rtn)
#define TOH(T) \
	TOH_MODES(TOH_S, T) TOH_MODES(TOH_V, T, 2) TOH_MODES(TOH_V, T, 3) \
	TOH_MODES(TOH_V, T, 4) TOH_MODES(TOH_V, T, 8) TOH_MODES(TOH_V, T, 16)
TOH(char)
TOH(uchar)
TOH(short)
TOH(ushort)
TOH(int)
TOH(uint)
TOH(long)
TOH(ulong)
TOH(float)
TOH(double)
TOH(half)

/* ---- from half: through float ------------------------------------------ */

#define FROMH_S(T, SAT, MODE) \
	T OVL convert_##T##SAT##MODE(half x) \
	{ \
		return convert_##T##SAT##MODE((float)x); \
	}
#define FROMH_V(T, N, SAT, MODE) \
	T##N OVL convert_##T##N##SAT##MODE(half##N x) \
	{ \
		return convert_##T##N##SAT##MODE(__builtin_convertvector(x, float##N)); \
	}
#define FROMH_MODES(M, ...) \
	M(__VA_ARGS__, ) M(__VA_ARGS__, _rte) M(__VA_ARGS__, _rtz) \
	M(__VA_ARGS__, _rtp) M(__VA_ARGS__, _rtn)
#define FROMH_W(T, SAT) \
	FROMH_MODES(FROMH_S, T, SAT) FROMH_MODES(FROMH_V, T, 2, SAT) \
	FROMH_MODES(FROMH_V, T, 3, SAT) FROMH_MODES(FROMH_V, T, 4, SAT) \
	FROMH_MODES(FROMH_V, T, 8, SAT) FROMH_MODES(FROMH_V, T, 16, SAT)
#define FROMH_INT(T) FROMH_W(T, ) FROMH_W(T, _sat)
FROMH_INT(char)
FROMH_INT(uchar)
FROMH_INT(short)
FROMH_INT(ushort)
FROMH_INT(int)
FROMH_INT(uint)
FROMH_INT(long)
FROMH_INT(ulong)
FROMH_W(float, )
FROMH_W(double, )
