// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * The OpenCL C built-in library as compilers use it (tests/kernels/
 * builtins.cl, OpenCL C 2.0): one sample of each family, run through the
 * shim on host threads and checked against the same computation here.
 */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>

#include "jit_test.h"
#include "check_run.h"

#define THREADS 4

static struct xe_jit_module *mod;

static void setup(void)
{
	mod = jt_compile("builtins", NULL, 0);
}

static void teardown(void)
{
	jt_ops()->destroy(mod);
}

static const uint64_t *G1(uint64_t n)
{
	static __thread uint64_t g[3];

	g[0] = n;
	return g;
}

static const uint32_t *L1(uint32_t n)
{
	static __thread uint32_t l[3];

	l[0] = n;
	return l;
}

static int close_f(double got, double want, double tol)
{
	return fabs(got - want) <= tol * fmax(1.0, fabs(want));
}

/* C11 atomics on generic pointers, global and local, with orders and
 * scopes; a helper function that cannot know the address space. */
START_TEST(c11_atomics_generic)
{
	const uint32_t n = 4096, ls = 64;
	uint32_t ctr = 0;
	int32_t hi = -1, *mine = calloc(n, 4);
	struct jt_arg a[] = { JT_VAL(ctr), JT_VAL(hi), JT_VAL(mine),
			      JT_LOCAL(4) };
	void *pc = &ctr, *ph = &hi, *pm = mine;

	a[0] = (struct jt_arg)JT_VAL(pc);
	a[1] = (struct jt_arg)JT_VAL(ph);
	a[2] = (struct jt_arg)JT_VAL(pm);
	jt_run(mod, "c11_atomics", 1, G1(n), L1(ls), NULL, a, 4, THREADS);
	ck_assert_uint_eq(ctr, n);
	ck_assert_int_eq(hi, n - 1);
	for (uint32_t i = 0; i < n; i++)
		ck_assert_msg(mine[i] == 1, "work-item %u saw %d", i, mine[i]);
	free(mine);
}
END_TEST

/* atomic_compare_exchange_weak*() (SPIR-V's retired
 * OpAtomicCompareExchangeWeak), global and local. */
START_TEST(c11_weak_compare_exchange)
{
	const uint32_t n = 2048, ls = 64;
	uint32_t sum = 0, *slots = calloc(n, 4), *seen = calloc(n, 4);
	void *ps = &sum, *pslots = slots;
	struct jt_arg a[] = { JT_VAL(ps), JT_VAL(pslots), JT_LOCAL(4) };

	jt_run(mod, "c11_weak_cas", 1, G1(n), L1(ls), NULL, a, 3, THREADS);
	ck_assert_uint_eq(sum, n * (n - 1) / 2);
	for (uint32_t i = 0; i < n; i++) {
		ck_assert_uint_lt(slots[i], n);
		ck_assert_msg(slots[i] / ls == i / ls,
			      "slot %u holds %u, of another group", i, slots[i]);
		seen[slots[i]]++;
	}
	for (uint32_t i = 0; i < n; i++)
		ck_assert_msg(seen[i] == 1, "work-item %u took %u slots", i,
			      seen[i]);
	free(slots);
	free(seen);
}
END_TEST

static uint32_t field_insert(uint32_t base, uint32_t ins, uint32_t off,
			     uint32_t cnt)
{
	uint32_t m = cnt ? (uint32_t)(((1ull << cnt) - 1) << off) : 0;

	return (base & ~m) | ((ins << off) & m);
}

static uint32_t reverse_bits(uint32_t x, unsigned int width)
{
	uint32_t r = 0;

	for (unsigned int b = 0; b < width; b++)
		r |= ((x >> b) & 1u) << (width - 1 - b);
	return r;
}

/* cl_khr_extended_bit_ops against the same computation here. */
START_TEST(extended_bit_ops)
{
	const uint32_t n = 256;
	uint32_t *in = malloc(n * 4), *out = calloc(5 * n, 4);
	void *pin = in, *pout = out;
	struct jt_arg a[] = { JT_VAL(pin), JT_VAL(pout) };

	for (uint32_t i = 0; i < n; i++)
		in[i] = i * 0x9e3779b9u;
	jt_run(mod, "bit_ops", 1, G1(n), L1(64), NULL, a, 2, THREADS);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = in[i], off = i % 16, cnt = i % 17;
		uint32_t u = cnt ? (x >> off) & (uint32_t)((1ull << cnt) - 1) : 0;
		uint32_t s = cnt && (u >> (cnt - 1)) & 1 ?
			     u | (uint32_t)(~0ull << cnt) : u;
		uint32_t bytes = 0;

		for (unsigned int b = 0; b < 4; b++)
			bytes |= reverse_bits((x >> (8 * b)) & 0xff, 8) << (8 * b);
		ck_assert_uint_eq(out[5 * i + 0], field_insert(x, 0xabcd, off, cnt));
		ck_assert_uint_eq(out[5 * i + 1], u);
		ck_assert_uint_eq(out[5 * i + 2], s);
		ck_assert_uint_eq(out[5 * i + 3], reverse_bits(x, 32));
		ck_assert_uint_eq(out[5 * i + 4], bytes);
	}
	free(in);
	free(out);
}
END_TEST

/* cl_ext_float_atomics against sums, minima and maxima known here. */
START_TEST(float_atomics)
{
	const uint32_t n = 1024, ls = 64;
	float fsum = 0, fmaxv = -1, group_sums[1024 / 64];
	double dsum = 0, dminv = 1;
	void *p[] = { &fsum, &dsum, &fmaxv, &dminv, group_sums };
	struct jt_arg a[] = { JT_VAL(p[0]), JT_VAL(p[1]), JT_VAL(p[2]),
			      JT_VAL(p[3]), JT_VAL(p[4]), JT_LOCAL(4) };

	jt_run(mod, "float_atomics", 1, G1(n), L1(ls), NULL, a, 6, THREADS);
	ck_assert_float_eq(fsum, (float)n);
	ck_assert_double_eq(dsum, (double)n * (n - 1) / 2);
	ck_assert_float_eq(fmaxv, (float)(n - 1));
	ck_assert_double_eq(dminv, -(double)(n - 1));
	for (uint32_t g = 0; g < n / ls; g++)
		ck_assert_float_eq(group_sums[g], -2.0f * ls);
}
END_TEST

static int64_t dot4(uint32_t x, uint32_t y, int sx, int sy)
{
	int64_t sum = 0;

	for (unsigned int k = 0; k < 4; k++) {
		uint8_t bx = x >> (8 * k), by = y >> (8 * k);

		sum += (int64_t)(sx ? (int8_t)bx : bx) * (sy ? (int8_t)by : by);
	}
	return sum;
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* cl_khr_integer_dot_product against the same products here. */
START_TEST(integer_dot_products)
{
	const uint32_t n = 512;
	uint32_t *a = malloc(n * 4), *b = malloc(n * 4);
	int32_t *out = calloc(8 * n, 4);
	void *p[] = { a, b, out };
	struct jt_arg args[] = { JT_VAL(p[0]), JT_VAL(p[1]), JT_VAL(p[2]) };

	for (uint32_t i = 0; i < n; i++) {
		a[i] = i * 0x9e3779b9u;
		b[i] = i * 0x85ebca6bu + 0x7f80ff01u;
	}
	jt_run(mod, "dot_products", 1, G1(n), L1(64), NULL, args, 3, THREADS);
	for (uint32_t i = 0; i < n; i++) {
		const int32_t *o = out + 8 * i;
		uint32_t x = a[i], y = b[i];

		ck_assert_int_eq(o[0], dot4(x, y, 1, 1));
		ck_assert_int_eq(o[1], (int32_t)dot4(x, y, 0, 0));
		ck_assert_int_eq(o[2], dot4(x, y, 1, 0));
		ck_assert_int_eq(o[3], clamp64(dot4(x, y, 1, 1) + INT32_MAX - 100,
					       INT32_MIN, INT32_MAX));
		ck_assert_uint_eq((uint32_t)o[4],
				  clamp64(dot4(x, y, 0, 0) + 0xffffff00ll, 0,
					  UINT32_MAX));
		ck_assert_int_eq(o[5], dot4(x, y, 1, 1));
		ck_assert_int_eq(o[6], dot4(x, y, 0, 1));
		ck_assert_int_eq(o[7], clamp64(dot4(x, y, 1, 0) + INT32_MIN + 50,
					       INT32_MIN, INT32_MAX));
	}
	free(a);
	free(b);
	free(out);
}
END_TEST

/* Half float atomics: 16 bits inside a 32-bit compare-exchange. */
START_TEST(half_atomics)
{
	const uint32_t n = 256, ls = 64;
	_Float16 minmax[2] = { -INFINITY, INFINITY };
	_Float16 group_max[256 / 64], slot = -1.0f, old[256];
	uint32_t seen[257] = { 0 };
	void *p[] = { minmax, group_max, &slot, old };
	struct jt_arg a[] = { JT_VAL(p[0]), JT_VAL(p[1]), JT_VAL(p[2]),
			      JT_VAL(p[3]), JT_LOCAL(2) };
	float lo = 1e9f, hi = -1e9f;

	jt_run(mod, "half_atomics", 1, G1(n), L1(ls), NULL, a, 5, THREADS);
	for (uint32_t i = 0; i < n; i++) {
		float v = (float)((i * 37) % 101) - 50.0f;

		lo = v < lo ? v : lo;
		hi = v > hi ? v : hi;
	}
	ck_assert_float_eq((float)minmax[0], hi);
	ck_assert_float_eq((float)minmax[1], lo);
	for (uint32_t g = 0; g < n / ls; g++) {
		float m = -1e9f;

		for (uint32_t i = g * ls; i < (g + 1) * ls; i++) {
			float v = (float)((i * 37) % 101) - 50.0f;

			m = v > m ? v : m;
		}
		ck_assert_float_eq((float)group_max[g], m);
	}
	/* The exchanges form one chain: each value is seen once. */
	for (uint32_t i = 0; i < n; i++) {
		float v = (float)old[i];

		seen[v < 0 ? 256 : (uint32_t)v]++;
	}
	seen[(uint32_t)(float)slot]++;
	for (uint32_t i = 0; i <= n; i++)
		ck_assert_msg(seen[i] == 1, "value %u seen %u times", i, seen[i]);
}
END_TEST

START_TEST(library_math)
{
	const uint32_t n = 1024;
	float *x = malloc(n * 4), *out = malloc(n * 32);
	void *px = x, *po = out;
	struct jt_arg a[] = { JT_VAL(px), JT_VAL(po) };

	for (uint32_t i = 0; i < n; i++)
		x[i] = ((float)i - n / 2) / 97.0f;
	jt_run(mod, "lib_math", 1, G1(n), L1(64), NULL, a, 2, THREADS);
	for (uint32_t i = 0; i < n; i++) {
		double v = x[i], ip;
		int q;
		double want[8] = {
			erf(v), exp(v) * log(fabs(v) + 1.0), 1.0 / sqrt(fabs(v) + 1.0),
			sin(v) + cos(v), v - floor(v) + floor(v),
			remquo(v, 0.75, &q), lgamma(fabs(v) + 0.5),
			cbrt(v) + hypot(v, 2.0),
		};

		(void)ip;
		want[5] = remquof(x[i], 0.75f, &q) + (float)q;
		for (int k = 0; k < 8; k++)
			ck_assert_msg(close_f(out[8 * i + k], want[k], 1e-5),
				      "x=%g result %d: %g, want %g", v, k,
				      out[8 * i + k], want[k]);
	}
	free(x);
	free(out);
}
END_TEST

/* half_cos and the other half_* on float, and nan(ushort). */
START_TEST(half_precision_math)
{
	const uint32_t n = 256;
	float *x = malloc(n * 4), *out = malloc(n * 16);
	uint16_t *nans = malloc(n * 2);
	void *px = x, *po = out, *pn = nans;
	struct jt_arg a[] = { JT_VAL(px), JT_VAL(po), JT_VAL(pn) };

	for (uint32_t i = 0; i < n; i++)
		x[i] = ((float)i - n / 2) / 37.0f;
	jt_run(mod, "half_precision", 1, G1(n), L1(64), NULL, a, 3, THREADS);
	for (uint32_t i = 0; i < n; i++) {
		double v = x[i];
		double want[4] = {
			cos(v) + sin(v), exp(v) * log(fabs(v) + 1.0),
			v / 3.0 + sqrt(fabs(v)), 1.0 / (v + 3.5),
		};

		for (int k = 0; k < 4; k++)
			ck_assert_msg(close_f(out[4 * i + k], want[k], 1e-3),
				      "x=%g result %d: %g, want %g", v, k,
				      out[4 * i + k], want[k]);
		ck_assert_uint_eq(nans[i], 0x7e00 | (i & 0x1ff));
	}
	free(x);
	free(out);
	free(nans);
}
END_TEST

/* The value of half bits @b. */
static double half_value(uint16_t b)
{
	int e = (b >> 10) & 0x1f, m = b & 0x3ff;
	double v = e ? ldexp(1024 + m, e - 25) : ldexp(m, -24);

	if (e == 0x1f)
		v = m ? NAN : INFINITY;
	return b & 0x8000 ? -v : v;
}

/* The half nearest @x in the direction of @dir (-1 down, +1 up), by search. */
static uint16_t half_toward(double x, int dir)
{
	uint16_t best = dir > 0 ? 0x7c00 : 0xfc00;	/* +-inf */

	for (uint32_t b = 0; b < 0x10000; b++) {
		double v = half_value((uint16_t)b);

		if (isnan(v) || (dir > 0 ? v < x : v > x))
			continue;
		if (dir > 0 ? v < half_value(best) : v > half_value(best))
			best = (uint16_t)b;
	}
	/* -0 and +0: the one of x's sign. */
	if (!(best & 0x7fff))
		best = signbit(x) ? 0x8000 : 0;
	return best;
}

/* The half families the shim adds, against values found by search. */
START_TEST(half_conversions_and_vectors)
{
	static const float xs[] = {
		1.0f, 1.0009765625f, 1.0003f, -1.0003f, 65504.0f, 65519.0f,
		70000.0f, -70000.0f, 3e-8f, -3e-8f, 6.1e-5f, 0.1f, -0.1f, 2047.6f,
		-2047.6f, 0.0f,
	};
	const uint32_t n = sizeof(xs) / sizeof(xs[0]);
	float *x = malloc(n * 4);
	uint16_t *bits = malloc(n * 8), *h = calloc(n, 16);
	int32_t *ints = malloc(n * 8);
	void *px = x, *pb = bits, *ph = h, *pi = ints;
	struct jt_arg a[] = { JT_VAL(px), JT_VAL(pb), JT_VAL(ph), JT_VAL(pi) };

	memcpy(x, xs, sizeof(xs));
	for (uint32_t i = 0; i < 4 * n; i++)
		bits[i] = (uint16_t)(0x3c00 + i * 37);
	jt_run(mod, "half_families", 1, G1(n), L1(n), NULL, a, 4, 1);
	for (uint32_t i = 0; i < n; i++) {
		double v = xs[i];
		uint16_t up = half_toward(v, 1), down = half_toward(v, -1);
		uint16_t rtz = v >= 0 ? down : up;
		double hz;

		ck_assert_msg(h[8 * i + 0] == rtz, "rtz(%g): %#x, want %#x", v,
			      h[8 * i + 0], rtz);
		ck_assert_msg(h[8 * i + 1] == up, "rtp(%g): %#x, want %#x", v,
			      h[8 * i + 1], up);
		ck_assert_msg(h[8 * i + 2] == down, "rtn(%g): %#x, want %#x", v,
			      h[8 * i + 2], down);
		ck_assert_msg(h[8 * i + 3] == up || h[8 * i + 3] == down,
			      "rte(%g) is a neighbour", v);
		for (int k = 0; k < 4; k++)
			ck_assert_uint_eq(h[8 * i + 4 + k], bits[4 * i + 3 - k]);
		hz = half_value(rtz);
		ck_assert_int_eq(ints[2 * i],
				 isinf(hz) ? (hz > 0 ? INT32_MAX : INT32_MIN) :
				 (int32_t)floor(hz));
		ck_assert_int_eq(ints[2 * i + 1],
				 (((rtz >> 10) & 0x1f) != 0 &&
				  ((rtz >> 10) & 0x1f) != 0x1f) + 2 * rtz);
	}
	free(x);
	free(bits);
	free(h);
	free(ints);
}
END_TEST

/* half arithmetic (mad on half), vload_half and vstore_half_rtz. */
START_TEST(half_arithmetic)
{
	const uint32_t n = 256;
	_Float16 *a = malloc(n * 2), *b = malloc(n * 2), *out = malloc(n * 4);
	float *f = malloc(n * 4);
	void *pa = a, *pb = b, *po = out, *pf = f;
	struct jt_arg args[] = { JT_VAL(pa), JT_VAL(pb), JT_VAL(po), JT_VAL(pf) };

	for (uint32_t i = 0; i < n; i++) {
		a[i] = (_Float16)((float)i / 16.0f - 8.0f);
		b[i] = (_Float16)((float)(i % 7) * 0.25f);
	}
	jt_run(mod, "halves", 1, G1(n), L1(32), NULL, args, 4, THREADS);
	for (uint32_t i = 0; i < n; i++) {
		float want = (float)a[i] * (float)b[i] + (float)a[i];

		ck_assert_msg(fabsf((float)out[i] - want) <= 0.01f * fmaxf(1, fabsf(want)),
			      "%u: %g, want %g", i, (float)out[i], want);
		ck_assert_float_eq(f[i], (float)a[i] + 1.0f);
		ck_assert_float_eq((float)out[n + i], (float)(_Float16)(f[i] * 2.0f));
	}
	free(a);
	free(b);
	free(out);
	free(f);
}
END_TEST

static uint8_t sat_u8_rte(float v)
{
	return v <= 0 ? 0 : v >= 255 ? 255 : (uint8_t)nearbyintf(v);
}

static int16_t sat_s16(float v)
{
	return v <= -32768 ? -32768 : v >= 32767 ? 32767 : (int16_t)truncf(v);
}

START_TEST(conversions_sat_rounding)
{
	const uint32_t n = 512;
	float *in = malloc(n * 4);
	uint8_t *u8 = malloc(n);
	int32_t *rte = malloc(n * 4);
	int16_t *s4 = malloc(n * 8);
	void *p[4] = { in, u8, rte, s4 };
	struct jt_arg a[] = { JT_VAL(p[0]), JT_VAL(p[1]), JT_VAL(p[2]), JT_VAL(p[3]) };

	for (uint32_t i = 0; i < n; i++)
		in[i] = ((float)i - 200.0f) * 1.37f;
	jt_run(mod, "convert_sat", 1, G1(n), L1(32), NULL, a, 4, THREADS);
	for (uint32_t i = 0; i < n; i++) {
		ck_assert_uint_eq(u8[i], sat_u8_rte(in[i]));
		ck_assert_int_eq(rte[i], (int32_t)floorf(in[i]));
		ck_assert_int_eq(s4[4 * i + 0], sat_s16(in[i] * 1000.0f));
		ck_assert_int_eq(s4[4 * i + 1], sat_s16(-in[i] * 1000.0f));
		ck_assert_int_eq(s4[4 * i + 2], sat_s16(in[i]));
		ck_assert_int_eq(s4[4 * i + 3], 32767);
	}
	free(in);
	free(u8);
	free(rte);
	free(s4);
}
END_TEST

static int32_t add_sat32(int64_t v)
{
	return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v;
}

START_TEST(integer_relational)
{
	const uint32_t n = 256;
	int32_t *x = malloc(n * 4), *y = malloc(n * 4), *out = malloc(n * 24);
	void *p[3] = { x, y, out };
	struct jt_arg a[] = { JT_VAL(p[0]), JT_VAL(p[1]), JT_VAL(p[2]) };

	for (uint32_t i = 0; i < n; i++) {
		x[i] = (int32_t)(i * 2654435761u);
		y[i] = (int32_t)((i + 1) * 40503u) - 1000000;
	}
	jt_run(mod, "integer_ops", 1, G1(n), L1(16), NULL, a, 3, THREADS);
	for (uint32_t i = 0; i < n; i++) {
		int64_t X = x[i], Y = y[i];
		int32_t *o = out + 6 * i;

		ck_assert_int_eq(o[0], add_sat32(X + Y));
		ck_assert_int_eq(o[1], add_sat32(X * Y + X));
		ck_assert_int_eq(o[2], (int32_t)((X + Y) >> 1));
		ck_assert_int_eq(o[3], (x[i] ? __builtin_clz((uint32_t)x[i]) : 32) +
				       (y[i] ? __builtin_ctz((uint32_t)y[i]) : 32));
		ck_assert_int_eq(o[4], (int32_t)(((uint32_t)(uint16_t)x[i] << 16) |
						 (uint16_t)y[i]));
		ck_assert_int_eq(o[5], ((float)x[i] < (float)y[i] ? y[i] : x[i]) +
				       (x[i] < 0));
	}
	free(x);
	free(y);
	free(out);
}
END_TEST

START_TEST(geometric_shuffle)
{
	const uint32_t n = 64;
	float *a = malloc(n * 16), *b = malloc(n * 16), *out = malloc(n * 16);
	void *p[3] = { a, b, out };
	struct jt_arg args[] = { JT_VAL(p[0]), JT_VAL(p[1]), JT_VAL(p[2]) };

	for (uint32_t i = 0; i < 4 * n; i++) {
		a[i] = (float)(i % 11) - 5.0f;
		b[i] = (float)(i % 7) * 0.5f;
	}
	jt_run(mod, "geometry", 1, G1(n), L1(8), NULL, args, 3, THREADS);
	for (uint32_t i = 0; i < n; i++) {
		const float *A = a + 4 * i, *B = b + 4 * i;
		float c[3] = { A[1] * B[2] - A[2] * B[1], A[2] * B[0] - A[0] * B[2],
			       A[0] * B[1] - A[1] * B[0] };
		float d = A[0] * B[0] + A[1] * B[1] + A[2] * B[2] + A[3] * B[3];
		float l = sqrtf(B[0] * B[0] + B[1] * B[1] + B[2] * B[2] + B[3] * B[3]);
		float want[4] = { c[0] + A[3], c[1] + A[2], c[2] + A[1], d + l + A[0] };

		for (int k = 0; k < 4; k++)
			ck_assert_msg(close_f(out[4 * i + k], want[k], 1e-5),
				      "%u.%d: %g, want %g", i, k, out[4 * i + k], want[k]);
	}
	free(a);
	free(b);
	free(out);
}
END_TEST

START_TEST(async_copy_wait)
{
	const uint32_t n = 1024, ls = 128;
	float *in = malloc(n * 4), *out = malloc(n * 4);
	void *p[2] = { in, out };
	struct jt_arg a[] = { JT_VAL(p[0]), JT_VAL(p[1]), JT_LOCAL(ls * 4) };

	for (uint32_t i = 0; i < n; i++)
		in[i] = (float)i;
	jt_run(mod, "async_copy", 1, G1(n), L1(ls), NULL, a, 3, THREADS);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t g = i / ls * ls, l = i % ls;

		ck_assert_float_eq(out[i], in[g + ls - 1 - l] * 2.0f);
	}
	free(in);
	free(out);
}
END_TEST

/* to_global/to_local/to_private on generic pointers to each space: a
 * global buffer, kernel-scope and argument __local memory, a private
 * variable (in the frames of a kernel with a barrier). */
START_TEST(address_space_functions)
{
	const uint32_t n = 16;
	int32_t g = 1, *out = malloc(n * 16);
	void *p[2] = { &g, out };
	struct jt_arg a[] = { JT_VAL(p[0]), JT_VAL(p[1]), JT_LOCAL(64) };

	jt_run(mod, "address_spaces", 1, G1(n), L1(4), NULL, a, 3, THREADS);
	for (uint32_t i = 0; i < n; i++) {
		ck_assert_int_eq(out[4 * i + 0], 1);
		ck_assert_int_eq(out[4 * i + 1], 2);
		ck_assert_int_eq(out[4 * i + 2], 4);
		ck_assert_int_eq(out[4 * i + 3], 2);
	}
	free(out);
}
END_TEST

/* Vector formats go through the library's printf; the output is the
 * thread's, written when printf returns. */
START_TEST(vector_printf)
{
	char *path = strdup("/tmp/xe_jit_printfXXXXXX");
	int fd = mkstemp(path), saved;
	int32_t n = 7;
	struct jt_arg a[] = { JT_VAL(n) };
	char buf[256] = { 0 };

	ck_assert_int_ge(fd, 0);
	unlink(path);
	fflush(stdout);
	saved = dup(1);
	dup2(fd, 1);
	jt_run(mod, "vector_printf", 1, G1(4), L1(4), NULL, a, 1, 1);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	ck_assert_int_ge(pread(fd, buf, sizeof(buf) - 1, 0), 1);
	ck_assert_str_eq(buf, "v4=1,2,3,7 f2=0.500000,-1.250000 s=ok n=7\n");
	close(fd);
	free(path);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("jit-builtins");
	TCase *tc = tcase_create("families");

	tcase_add_unchecked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, c11_atomics_generic);
	tcase_add_test(tc, c11_weak_compare_exchange);
	tcase_add_test(tc, extended_bit_ops);
	tcase_add_test(tc, float_atomics);
	tcase_add_test(tc, integer_dot_products);
	tcase_add_test(tc, half_atomics);
	tcase_add_test(tc, library_math);
	tcase_add_test(tc, half_precision_math);
	tcase_add_test(tc, half_conversions_and_vectors);
	tcase_add_test(tc, half_arithmetic);
	tcase_add_test(tc, conversions_sat_rounding);
	tcase_add_test(tc, integer_relational);
	tcase_add_test(tc, geometric_shuffle);
	tcase_add_test(tc, async_copy_wait);
	tcase_add_test(tc, address_space_functions);
	tcase_add_test(tc, vector_printf);
	suite_add_tcase(s, tc);
	return check_run(s);
}
