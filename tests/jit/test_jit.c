// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Host tests of the SPIR-V compiler shim (userspace/jit): every test kernel
 * of tests/kernels, compiled from its SPIR-V, run group by group on host
 * threads, and each result checked against the same computation done here.
 * Then kernel descriptions, program-scope globals, native binaries, bad
 * input and thread safety.
 */

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "jit_test.h"
#include "check_run.h"

#define THREADS 4

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

static float frand(unsigned int *s)
{
	return (float)(rand_r(s) % 20000) / 1000.0f - 10.0f;
}

static int close_f(double got, double want, double tol)
{
	return fabs(got - want) <= tol * fmax(1.0, fabs(want));
}

START_TEST(vadd_saxpy)
{
	struct xe_jit_module *mod = jt_compile("basic", NULL, 0);
	const size_t n = 1 << 18;
	float *a = malloc(n * 4), *b = malloc(n * 4), *c = malloc(n * 4);
	unsigned int s = 1;
	float alpha = 2.5f;

	for (size_t i = 0; i < n; i++) {
		a[i] = frand(&s);
		b[i] = frand(&s);
	}
	struct jt_arg va[] = { JT_VAL(a), JT_VAL(b), JT_VAL(c) };
	jt_run(mod, "vadd", 1, G1(n), L1(256), NULL, va, 3, THREADS);
	for (size_t i = 0; i < n; i++)
		ck_assert_float_eq(c[i], a[i] + b[i]);

	memcpy(c, b, n * 4);
	struct jt_arg sa[] = { JT_VAL(alpha), JT_VAL(a), JT_VAL(c) };
	jt_run(mod, "saxpy", 1, G1(n), L1(64), NULL, sa, 3, THREADS);
	for (size_t i = 0; i < n; i++)
		ck_assert_float_eq_tol(c[i], alpha * a[i] + b[i], 1e-4);
	/* A group size that does not divide by the vector width. */
	memcpy(c, b, n * 4);
	jt_run(mod, "saxpy", 1, G1(999), L1(333), NULL, sa, 3, THREADS);
	for (size_t i = 0; i < 999; i++)
		ck_assert_float_eq_tol(c[i], alpha * a[i] + b[i], 1e-4);
	ck_assert_float_eq(c[999], b[999]);
	jt_ops()->destroy(mod);
	free(a);
	free(b);
	free(c);
}
END_TEST

/* A module built with -g, debug information the validator refuses. */
START_TEST(debug_info_module)
{
	struct xe_jit_module *mod = jt_compile("debug_info", NULL, 0);
	int32_t buf[64], *p = buf;
	int32_t c = 40;

	for (int i = 0; i < 64; i++)
		buf[i] = i;
	struct jt_arg args[] = { JT_VAL(p), JT_VAL(c) };
	jt_run(mod, "debug_bump", 1, G1(64), L1(16), NULL, args, 2, THREADS);
	for (int i = 0; i < 64; i++)
		ck_assert_int_eq(buf[i], i + 42);
	jt_ops()->destroy(mod);
}
END_TEST

/*
 * A module that calls functions it does not define builds without
 * work-group functions; link() finds them in a library module.
 */
START_TEST(dynamic_link)
{
	struct xe_jit_module *lib = NULL, *user = jt_compile("link_user", NULL, 0);
	int32_t a[64], *pa = a, k = 3;
	float f[64], *pf = f;
	char *log = NULL;
	size_t size;
	void *spv;
	int ret;

	ck_assert_ptr_null(jt_ops()->group_fn(user, 0));
	ck_assert_int_eq(jt_ops()->link(&user, 1, &log), -EINVAL);
	ck_assert_msg(log && strstr(log, "lib_scale"), "the log names it: %s",
		      log ? log : "");
	free(log);

	spv = jt_read_file("link_lib.spv", &size);
	ck_assert_int_eq(jt_ops()->compile(spv, size, NULL, 0,
					   "-library-compilation", &lib, &log), 0);
	free(log);
	free(spv);
	struct xe_jit_module *both[] = { user, lib };
	ck_assert_int_eq(jt_ops()->link(both, 2, &log), 0);
	free(log);
	ck_assert_ptr_nonnull(jt_ops()->group_fn(user, 0));

	for (int i = 0; i < 64; i++) {
		a[i] = i;
		f[i] = (float)i;
	}
	struct jt_arg args[] = { JT_VAL(pa), JT_VAL(pf), JT_VAL(k) };
	jt_run(user, "use_lib", 1, G1(64), L1(16), NULL, args, 3, THREADS);
	for (int i = 0; i < 64; i++) {
		ck_assert_int_eq(a[i], i * 3 + 1);
		ck_assert_float_eq(f[i], (float)i * i + 0.5f);
	}
	ret = jt_ops()->link(both, 2, &log);
	ck_assert_int_eq(ret, 0);	/* linked already: nothing to do */
	free(log);
	jt_ops()->destroy(user);
	jt_ops()->destroy(lib);
}
END_TEST

START_TEST(empty_kernel)
{
	struct xe_jit_module *mod = jt_compile("basic", NULL, 0);
	const struct xe_jit_kernel_info *info =
		jt_ops()->kernel_info(mod, jt_kernel(mod, "empty"));

	ck_assert_uint_eq(info->num_args, 0);
	ck_assert_uint_eq(info->flags, 0);
	ck_assert_uint_eq(info->static_local_size, 0);
	ck_assert_uint_eq(info->max_group_size, 1024);
	jt_run(mod, "empty", 1, G1(1 << 16), L1(1024), NULL, NULL, 0, THREADS);
	ck_assert_ptr_null(jt_ops()->kernel_info(mod, 1000));
	ck_assert_ptr_null(jt_ops()->group_fn(mod, 1000));
	jt_ops()->destroy(mod);
}
END_TEST

START_TEST(ids_3d)
{
	struct xe_jit_module *mod = jt_compile("basic", NULL, 0);
	const uint64_t gs[3] = { 8, 6, 4 }, off[3] = { 1, 2, 3 };
	const uint32_t ls[3] = { 4, 3, 2 };
	size_t n = 8 * 6 * 4;
	uint64_t *out = calloc(n * 8, 8);
	struct jt_arg a[] = { JT_VAL(out) };

	jt_run(mod, "ids", 3, gs, ls, off, a, 1, THREADS);
	for (uint64_t z = 0; z < 4; z++)
		for (uint64_t y = 0; y < 6; y++)
			for (uint64_t x = 0; x < 8; x++) {
				uint64_t *o = out + 8 * (z * 48 + y * 8 + x);

				ck_assert_uint_eq(o[0], x + 1);
				ck_assert_uint_eq(o[1], y + 2);
				ck_assert_uint_eq(o[2], z + 3);
				ck_assert_uint_eq(o[3], x % 4 + 10 * (y % 3) + 100 * (z % 2));
				ck_assert_uint_eq(o[4], x / 4 + 10 * (y / 3) + 100 * (z / 2));
				ck_assert_uint_eq(o[5], 4 + 30 + 200);
				ck_assert_uint_eq(o[6], 2 + 20 + 200);
				ck_assert_uint_eq(o[7], 3);
			}
	jt_ops()->destroy(mod);
	free(out);
}
END_TEST

START_TEST(math_float_double)
{
	struct xe_jit_module *mod = jt_compile("basic", NULL, 0);
	const size_t n = 4096;
	float *x = malloc(n * 4), *of = malloc(n * 8 * 4);
	double *xd = malloc(n * 8), *od = malloc(n * 4 * 8);

	for (size_t i = 0; i < n; i++) {
		x[i] = 0.01f + (float)i / 256.0f;
		xd[i] = 0.01 + (double)i / 256.0;
	}
	struct jt_arg af[] = { JT_VAL(x), JT_VAL(of) };
	jt_run(mod, "math_f", 1, G1(n), L1(64), NULL, af, 2, THREADS);
	for (size_t i = 0; i < n; i++) {
		float v = x[i];
		float *o = of + 8 * i;

		ck_assert(close_f(o[0], sqrtf(v), 1e-5));
		ck_assert(close_f(o[1], sinf(v), 1e-5));
		ck_assert(close_f(o[2], cosf(v), 1e-5));
		ck_assert(close_f(o[3], expf(v), 1e-5));
		ck_assert(close_f(o[4], logf(v), 1e-5));
		ck_assert(close_f(o[5], powf(v, 1.5f), 1e-5));
		ck_assert(close_f(o[6], fmaxf(floorf(v * 3.0f), 1.0f), 1e-6));
		ck_assert(close_f(o[7], v * v + 1.0f + v + fminf(fmaxf(v, 0.5f), 2.0f), 1e-5));
	}
	struct jt_arg ad[] = { JT_VAL(xd), JT_VAL(od) };
	jt_run(mod, "math_d", 1, G1(n), L1(128), NULL, ad, 2, THREADS);
	for (size_t i = 0; i < n; i++) {
		double v = xd[i];
		double *o = od + 4 * i;

		ck_assert(close_f(o[0], sqrt(v), 1e-12));
		ck_assert(close_f(o[1], sin(v) + cos(v), 1e-12));
		ck_assert(close_f(o[2], exp(v) * log(v), 1e-12));
		ck_assert(close_f(o[3], v * v / 3.0 + fma(v, 2.0, 1.0), 1e-12));
	}
	ck_assert(jt_ops()->kernel_info(mod, jt_kernel(mod, "math_d"))->flags &
		  XE_JIT_KERNEL_USES_FP64);
	jt_ops()->destroy(mod);
	free(x);
	free(of);
	free(xd);
	free(od);
}
END_TEST

START_TEST(vectors)
{
	struct xe_jit_module *mod = jt_compile("basic", NULL, 0);
	const size_t n = 1000;
	float *a = malloc(n * 16), *b = malloc(n * 16), *c = malloc(n * 16);
	int *dots = malloc(n * 4);
	unsigned int s = 7;

	for (size_t i = 0; i < n * 4; i++) {
		a[i] = frand(&s) * 1000.0f;
		b[i] = frand(&s) * 1000.0f;
	}
	struct jt_arg args[] = { JT_VAL(a), JT_VAL(b), JT_VAL(c), JT_VAL(dots) };
	jt_run(mod, "vectors", 1, G1(n), L1(10), NULL, args, 4, THREADS);
	for (size_t i = 0; i < n; i++) {
		float *x = a + 4 * i, *y = b + 4 * i;
		double dot = 0;

		for (int e = 0; e < 4; e++) {
			ck_assert(close_f(c[4 * i + 3 - e], (double)x[e] * y[e] + (e + 1), 1e-6));
			dot += (double)x[e] * y[e];
		}
		dot = dot > 2147483647.0 ? 2147483647.0 : dot < -2147483648.0 ? -2147483648.0 : dot;
		ck_assert(fabs(dots[i] - dot) <= fmax(256.0, fabs(dot) * 1e-6));
	}
	jt_ops()->destroy(mod);
	free(a);
	free(b);
	free(c);
	free(dots);
}
END_TEST

static int host_fib(int n)
{
	int a = 0, b = 1;

	for (int k = 0; k < n; k++) {
		int t = a + b;
		a = b;
		b = t;
	}
	return a;
}

START_TEST(loops_calls)
{
	struct xe_jit_module *mod = jt_compile("basic", NULL, 0);
	const size_t n = 512;
	int *fibs = malloc(n * 4);
	float *polys = malloc(n * 4);
	struct jt_arg args[] = { JT_VAL(fibs), JT_VAL(polys) };

	jt_run(mod, "loops_calls", 1, G1(n), L1(32), NULL, args, 2, THREADS);
	for (size_t i = 0; i < n; i++) {
		float x = (float)i / 100.0f, sum = 0.0f;

		for (int k = (int)(i % 7) + 1; k > 0; k--)
			sum = sum * x + (float)k;
		ck_assert_int_eq(fibs[i], host_fib((int)(i % 40)));
		ck_assert(close_f(polys[i], sum, 1e-5));
	}
	jt_ops()->destroy(mod);
	free(fibs);
	free(polys);
}
END_TEST

START_TEST(private_table)
{
	struct xe_jit_module *mod = jt_compile("basic", NULL, 0);
	const size_t n = 1024;
	int *sel = malloc(n * 4), *out = malloc(n * 4);
	struct jt_arg args[] = { JT_VAL(sel), JT_VAL(out) };

	for (size_t i = 0; i < n; i++)
		sel[i] = (int)(i * 5 % 4);
	jt_run(mod, "private_table", 1, G1(n), L1(64), NULL, args, 2, THREADS);
	for (size_t i = 0; i < n; i++)
		ck_assert_int_eq(out[i], (int)i * (sel[i] + 1));
	jt_ops()->destroy(mod);
	free(sel);
	free(out);
}
END_TEST

struct params {
	int scale;
	float bias;
	long offset;
	char tag;
};

START_TEST(structs_by_value)
{
	struct xe_jit_module *mod = jt_compile("basic", NULL, 0);
	int k = jt_kernel(mod, "by_value");
	const struct xe_jit_kernel_info *info = jt_ops()->kernel_info(mod, k);
	struct params p = { 3, 7.0f, 1000, 5 };
	int pair[2] = { 6, 7 };
	long *out = malloc(256 * 8);

	ck_assert_uint_eq(info->num_args, 3);
	ck_assert_uint_eq(info->args[0].kind, XE_JIT_ARG_VALUE);
	ck_assert_uint_eq(info->args[0].size, sizeof(p));
	ck_assert_uint_eq(info->args[1].kind, XE_JIT_ARG_VALUE);
	ck_assert_uint_eq(info->args[1].size, 8);
	ck_assert_uint_eq(info->args[2].kind, XE_JIT_ARG_GLOBAL);
	ck_assert_uint_eq(info->args[2].size, 8);
	struct jt_arg args[] = { JT_VAL(p), JT_VAL(pair), JT_VAL(out) };
	jt_run(mod, "by_value", 1, G1(256), L1(16), NULL, args, 3, THREADS);
	for (long i = 0; i < 256; i++)
		ck_assert_int_eq(out[i], 3 * i + 7 + 1000 + 5 + 42);
	/* The argument itself is untouched. */
	ck_assert_int_eq(p.scale, 3);
	jt_ops()->destroy(mod);
	free(out);
}
END_TEST

START_TEST(conversions)
{
	struct xe_jit_module *mod = jt_compile("basic", NULL, 0);
	float x[8] = { 0.5f, -1.5f, 300.0f, -300.0f, 3e9f, -3e9f, NAN, 255.9f };
	int si[8];
	unsigned char uc[8];
	const int want_si[8] = { 0, -1, 300, -300, 2147483647, -2147483647 - 1, 0, 255 };
	const unsigned char want_uc[8] = { 0, 0, 255, 0, 255, 0, 0, 255 };
	float *px = x;
	int *psi = si;
	unsigned char *puc = uc;
	struct jt_arg args[] = { JT_VAL(px), JT_VAL(psi), JT_VAL(puc) };

	jt_run(mod, "conversions", 1, G1(8), L1(8), NULL, args, 3, 1);
	for (int i = 0; i < 8; i++) {
		ck_assert_int_eq(si[i], want_si[i]);
		ck_assert_uint_eq(uc[i], want_uc[i]);
	}
	jt_ops()->destroy(mod);
}
END_TEST

START_TEST(spec_constants)
{
	struct xe_jit_module *mod = jt_compile("basic", NULL, 0);
	int out[16], *po = out;
	struct jt_arg args[] = { JT_VAL(po) };
	int v = 11;
	struct xe_jit_spec_const sc = { 3, 4, &v };

	jt_run(mod, "spec", 1, G1(16), L1(4), NULL, args, 1, 1);
	for (int i = 0; i < 16; i++)
		ck_assert_int_eq(out[i], 7 * i);
	jt_ops()->destroy(mod);

	mod = jt_compile("basic", &sc, 1);
	jt_run(mod, "spec", 1, G1(16), L1(4), NULL, args, 1, 1);
	for (int i = 0; i < 16; i++)
		ck_assert_int_eq(out[i], 11 * i);
	jt_ops()->destroy(mod);
}
END_TEST

/* @out[g] is the sum of group g's @ls elements of @in, for @n elements. */
static void check_group_sums(const float *in, const float *out, size_t n,
			     uint32_t ls)
{
	for (size_t g = 0; g < n / ls; g++) {
		float sum = 0;

		for (size_t i = 0; i < ls; i++)
			sum += in[g * ls + i];
		ck_assert_float_eq(out[g], sum);
	}
}

START_TEST(reduction)
{
	struct xe_jit_module *mod = jt_compile("barrier", NULL, 0);
	int k = jt_kernel(mod, "reduce");
	const struct xe_jit_kernel_info *info = jt_ops()->kernel_info(mod, k);
	const size_t n = 1 << 16;
	const uint32_t sizes[] = { 256, 64, 1024, 2 };
	float *in = malloc(n * 4), *out = malloc(n * 4);
	unsigned int s = 3;

	ck_assert(info->flags & XE_JIT_KERNEL_HAS_BARRIER);
	ck_assert_uint_eq(info->args[2].kind, XE_JIT_ARG_LOCAL);
	for (size_t i = 0; i < n; i++)
		in[i] = (float)(rand_r(&s) % 100);
	for (unsigned int t = 0; t < 4; t++) {
		uint32_t ls = sizes[t];
		struct jt_arg args[] = { JT_VAL(in), JT_VAL(out), JT_LOCAL(ls * 4) };

		jt_run(mod, "reduce", 1, G1(n), L1(ls), NULL, args, 3, THREADS);
		check_group_sums(in, out, n, ls);
	}
	jt_ops()->destroy(mod);
	free(in);
	free(out);
}
END_TEST

START_TEST(divergent_barrier)
{
	struct xe_jit_module *mod = jt_compile("barrier", NULL, 0);
	const struct xe_jit_kernel_info *info =
		jt_ops()->kernel_info(mod, jt_kernel(mod, "divergent"));
	int *out = malloc(4096 * 4);
	struct jt_arg args[] = { JT_VAL(out) };

	ck_assert_uint_ge(info->static_local_size, 256 * 4);
	jt_run(mod, "divergent", 1, G1(4096), L1(256), NULL, args, 1, THREADS);
	for (int g = 0; g < 16; g++) {
		int v[256];

		for (int l = 0; l < 256; l++) {
			int x = 0;

			if (l % 3 == 0)
				for (int k = 0; k < l; k++)
					x += k;
			else if (l % 3 == 1)
				x = l * 7;
			else
				for (int k = 0; k < 5; k++)
					x = x * 2 + l;
			v[l] = x;
		}
		for (int l = 0; l < 256; l++)
			ck_assert_int_eq(out[g * 256 + l], v[(l + 1) % 256] + v[l]);
	}
	jt_ops()->destroy(mod);
	free(out);
}
END_TEST

/* The fiber fallback of kernels with barriers, on the same kernels. */
START_TEST(fibers_fallback)
{
	struct xe_jit_module *mod;
	const size_t n = 4096;
	float *in = malloc(n * 4), *out = malloc(n * 4);
	int si[256], so[256], *psi = si, *pso = so;
	struct jt_arg args[] = { JT_VAL(in), JT_VAL(out), JT_LOCAL(128 * 4) };
	struct jt_arg sargs[] = { JT_VAL(psi), JT_VAL(pso) };

	setenv("XE_JIT_FIBERS", "1", 1);
	mod = jt_compile("barrier", NULL, 0);
	ck_assert_uint_gt(jt_ops()->group_scratch_size(mod, jt_kernel(mod, "reduce"),
						       (uint32_t[3]){ 128, 1, 1 }),
			  128 * 16384);
	for (size_t i = 0; i < n; i++)
		in[i] = (float)(i % 13);
	jt_run(mod, "reduce", 1, G1(n), L1(128), NULL, args, 3, THREADS);
	check_group_sums(in, out, n, 128);
	for (int i = 0; i < 256; i++)
		si[i] = i;
	jt_run(mod, "scan16", 1, G1(256), L1(16), NULL, sargs, 2, THREADS);
	for (int i = 0; i < 256; i++)
		ck_assert_int_eq(so[i], (i % 16 + 1) * (2 * (i - i % 16) + i % 16) / 2);
	jt_ops()->destroy(mod);
	unsetenv("XE_JIT_FIBERS");
	free(in);
	free(out);
}
END_TEST

START_TEST(reqd_size_scan)
{
	struct xe_jit_module *mod = jt_compile("barrier", NULL, 0);
	const struct xe_jit_kernel_info *info =
		jt_ops()->kernel_info(mod, jt_kernel(mod, "scan16"));
	int in[256], out[256], *pi = in, *po = out;
	struct jt_arg args[] = { JT_VAL(pi), JT_VAL(po) };

	ck_assert_uint_eq(info->reqd_group_size[0], 16);
	ck_assert_uint_eq(info->reqd_group_size[1], 1);
	ck_assert_uint_eq(info->reqd_group_size[2], 1);
	ck_assert_uint_eq(info->max_group_size, 16);
	ck_assert_uint_ge(info->static_local_size, 64);
	for (int i = 0; i < 256; i++)
		in[i] = i * 3 - 100;
	jt_run(mod, "scan16", 1, G1(256), L1(16), NULL, args, 2, THREADS);
	for (int g = 0; g < 16; g++) {
		int sum = 0;

		for (int l = 0; l < 16; l++) {
			sum += in[g * 16 + l];
			ck_assert_int_eq(out[g * 16 + l], sum);
		}
	}
	jt_ops()->destroy(mod);
}
END_TEST

START_TEST(matmul)
{
	struct xe_jit_module *mod = jt_compile("matmul", NULL, 0);
	const int n = 512;
	float *a = malloc(n * n * 4), *b = malloc(n * n * 4);
	float *c = malloc(n * n * 4), *want = calloc(n * n, 4);
	const uint64_t gs[3] = { n, n, 1 };
	const uint32_t ls[3] = { 16, 16, 1 };
	unsigned int s = 9;

	for (int i = 0; i < n * n; i++) {
		a[i] = frand(&s);
		b[i] = frand(&s);
	}
	for (int r = 0; r < n; r++)
		for (int k = 0; k < n; k++)
			for (int col = 0; col < n; col++)
				want[r * n + col] += a[r * n + k] * b[k * n + col];
	struct jt_arg args[] = { JT_VAL(a), JT_VAL(b), JT_VAL(c), JT_VAL(n) };
	const char *names[] = { "matmul_naive", "matmul_tiled" };
	for (int t = 0; t < 2; t++) {
		memset(c, 0, n * n * 4);
		jt_run(mod, names[t], 2, gs, ls, NULL, args, 4, THREADS);
		for (int i = 0; i < n * n; i++)
			ck_assert_msg(fabsf(c[i] - want[i]) <= 0.05f + 1e-4f * fabsf(want[i]),
				      "%s [%d] %f != %f", names[t], i, c[i], want[i]);
	}
	jt_ops()->destroy(mod);
	free(a);
	free(b);
	free(c);
	free(want);
}
END_TEST

/* Loops every work-item runs alike (implicit barriers) and loops that
 * diverge, in groups of a size the vectoriser's width does not divide. */
START_TEST(uniform_loops)
{
	struct xe_jit_module *mod = jt_compile("loops", NULL, 0);
	const int n = 37, m = 6;
	const size_t items = 24 * 9;
	float *in = malloc(n * 4), *out = malloc(items * 4);
	unsigned int seed = 5;

	for (int j = 0; j < n; j++)
		in[j] = frand(&seed);
	struct jt_arg args[] = { JT_VAL(in), JT_VAL(out), JT_VAL(n), JT_VAL(m) };
	jt_run(mod, "uniform_loops", 1, G1(items), L1(24), NULL, args, 4, THREADS);
	for (size_t i = 0; i < items; i++) {
		float s = 0.0f, t[4] = { 0 };

		for (int j = 0; j < n; j++) {
			if ((i + j) % 3 == 0)
				s += in[j];
			for (int k = 0; k < m; k++)
				t[k & 3] += in[(j + k) % n] * (float)(i % 5);
		}
		for (int j = 0; j < (int)(i % 4); j++)
			s += 1.0f;
		for (int j = 0; j < n && !(in[j] > (float)(i % 7)); j++)
			s += 0.5f;
		s += t[0] + t[1] * 2.0f + t[2] * 3.0f + t[3] * 4.0f;
		ck_assert_msg(close_f(out[i], s, 1e-4), "[%zu] %f != %f", i, out[i], s);
	}
	jt_ops()->destroy(mod);
	free(in);
	free(out);
}
END_TEST

/* n-body (perf.cl): float4 values across the implicit barrier of its loop. */
START_TEST(nbody)
{
	struct xe_jit_module *mod = jt_compile("perf", NULL, 0);
	const int n = 320;
	float *pos = malloc(n * 16), *acc = malloc(n * 16);
	unsigned int seed = 3;

	for (int i = 0; i < n * 4; i++)
		pos[i] = frand(&seed);
	struct jt_arg args[] = { JT_VAL(pos), JT_VAL(acc), JT_VAL(n) };
	jt_run(mod, "nbody", 1, G1(n), L1(64), NULL, args, 3, THREADS);
	for (int i = 0; i < n; i++) {
		double a[3] = { 0 };

		for (int j = 0; j < n; j++) {
			double d[3], r2 = 0.01;

			for (int c = 0; c < 3; c++) {
				d[c] = (double)pos[j * 4 + c] - pos[i * 4 + c];
				r2 += d[c] * d[c];
			}
			for (int c = 0; c < 3; c++)
				a[c] += d[c] * pos[j * 4 + 3] / (r2 * sqrt(r2));
		}
		for (int c = 0; c < 3; c++)
			ck_assert_msg(close_f(acc[i * 4 + c], a[c], 1e-3),
				      "[%d].%d %f != %f", i, c, acc[i * 4 + c], a[c]);
		ck_assert(acc[i * 4 + 3] == 0.0f);
	}
	jt_ops()->destroy(mod);
	free(pos);
	free(acc);
}
END_TEST

struct hammer {
	int *p;
	int n;
};

static void *host_adder(void *arg)
{
	struct hammer *h = arg;

	for (int i = 0; i < h->n; i++)
		__atomic_fetch_add(h->p, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

START_TEST(atomics_global_local)
{
	struct xe_jit_module *mod = jt_compile("atomics", NULL, 0);
	const int n = 1 << 14;
	int g[5] = { 0, 0, -1, n, 0 }, *pg = g;
	long g64[2] = { 0, 0 }, *pg64 = g64;
	struct jt_arg args[] = { JT_VAL(pg), JT_VAL(pg64) };
	struct hammer h = { &g[0], 100000 };
	pthread_t t;
	long long sum = 0;

	/* Host atomics on the same counter at the same time. */
	ck_assert_int_eq(pthread_create(&t, NULL, host_adder, &h), 0);
	jt_run(mod, "atomics", 1, G1(n), L1(128), NULL, args, 2, THREADS);
	pthread_join(t, NULL);
	for (int i = 0; i < n; i++)
		sum += i;
	ck_assert_int_eq(g[0], n + 100000);
	ck_assert_int_eq(g[1], (int)sum);
	ck_assert_int_eq(g[2], n - 1);
	ck_assert_int_eq(g[3], 0);
	ck_assert_int_eq(g[4], n);
	ck_assert_int_eq(g64[0], (long)(sum << 32));
	ck_assert_int_eq(g64[1], 0);	/* each bit flipped n / 64 times */

	int lock = 0, counter = 0, *pl = &lock, *pc = &counter;
	struct jt_arg largs[] = { JT_VAL(pl), JT_VAL(pc) };
	jt_run(mod, "cmpxchg_lock", 1, G1(n), L1(64), NULL, largs, 2, THREADS);
	ck_assert_int_eq(counter, n);
	ck_assert_int_eq(lock, 0);

	long out[64], *po = out;
	struct jt_arg l64[] = { JT_VAL(po), JT_LOCAL(8) };
	jt_run(mod, "local64", 1, G1(64 * 32), L1(32), NULL, l64, 2, THREADS);
	for (long gr = 0; gr < 64; gr++) {
		long want = 0;

		for (long i = 0; i < 32; i++)
			want += gr * 32 + i + 0x100000000L;
		ck_assert_int_eq(out[gr], want);
	}
	jt_ops()->destroy(mod);
}
END_TEST

START_TEST(program_globals)
{
	struct xe_jit_module *mod = jt_compile("globals", NULL, 0);
	int *counter = NULL, out[8], *po = out;
	size_t size = 0;
	void *p;
	struct jt_arg args[] = { JT_VAL(po) };

	ck_assert_int_eq(jt_ops()->global_pointer(mod, "counter", &p, &size), 0);
	counter = p;
	ck_assert_uint_eq(size, 4);
	ck_assert_int_eq(*counter, 5);
	*counter = 100;
	jt_run(mod, "bump", 1, G1(8), L1(8), NULL, args, 1, 1);
	/* Work-items after the first may see the counter before or after. */
	for (int i = 0; i < 8; i++)
		ck_assert(out[i] == 100 + 10 * (i % 4 + 1) ||
			  out[i] == 101 + 10 * (i % 4 + 1));
	ck_assert_int_eq(out[0], 110);
	ck_assert_int_eq(*counter, 101);
	ck_assert_int_eq(jt_ops()->global_pointer(mod, "table", &p, &size), 0);
	ck_assert_uint_eq(size, 16);
	ck_assert_int_eq(((int *)p)[2], 30);
	ck_assert_int_eq(jt_ops()->global_pointer(mod, "nothing", &p, &size), -ENOENT);
	jt_ops()->destroy(mod);
}
END_TEST

static uint64_t fnv1a(const uint8_t *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

START_TEST(native_binary)
{
	struct xe_jit_module *mod = jt_compile("basic", NULL, 0), *again = NULL;
	void *image = NULL;
	size_t size = 0;
	char *log = NULL;
	float a[64], b[64], c[64], *pa = a, *pb = b, *pc = c;
	struct jt_arg args[] = { JT_VAL(pa), JT_VAL(pb), JT_VAL(pc) };
	uint8_t *bad;
	uint64_t sum;

	ck_assert_int_eq(jt_ops()->native_binary(mod, &image, &size), 0);
	ck_assert_uint_gt(size, 64);
	ck_assert_int_eq(jt_ops()->load_native(image, size, &again, &log), 0);
	ck_assert_ptr_null(log);
	ck_assert_uint_eq(jt_ops()->kernel_count(again), jt_ops()->kernel_count(mod));
	jt_ops()->destroy(mod);
	for (int i = 0; i < 64; i++) {
		a[i] = i;
		b[i] = 2 * i;
	}
	jt_run(again, "vadd", 1, G1(64), L1(16), NULL, args, 3, 2);
	for (int i = 0; i < 64; i++)
		ck_assert_float_eq(c[i], 3 * i);
	jt_ops()->destroy(again);

	/* A corrupt image. */
	bad = malloc(size);
	memcpy(bad, image, size);
	bad[size / 2] ^= 0x40;
	ck_assert_int_eq(jt_ops()->load_native(bad, size, &again, &log), -EINVAL);
	ck_assert_ptr_nonnull(log);
	ck_assert_ptr_nonnull(strstr(log, "corrupt"));
	free(log);
	ck_assert_int_eq(jt_ops()->load_native(bad, 10, &again, &log), -EINVAL);
	free(log);

	/* An image for another CPU (name changed, checksum made right). */
	memcpy(bad, image, size);
	bad[8 + 4 + 4] ^= 0x20;
	sum = fnv1a(bad, size - 8);
	memcpy(bad + size - 8, &sum, 8);
	ck_assert_int_eq(jt_ops()->load_native(bad, size, &again, &log), -EINVAL);
	ck_assert_ptr_nonnull(log);
	ck_assert_ptr_nonnull(strstr(log, "another CPU"));
	free(log);
	free(bad);
	free(image);
}
END_TEST

/* The SPIR-V file @name does not compile, and the log says @why. */
static void expect_compile_error(const char *name, const char *why)
{
	char *log = NULL;
	size_t size;
	void *spv = jt_read_file(name, &size);

	ck_assert_int_eq(jt_compile_err(spv, size, "", &log), -EINVAL);
	ck_assert_ptr_nonnull(log);
	ck_assert_msg(strstr(log, why), "%s", log);
	free(log);
	free(spv);
}

START_TEST(bad_spirv)
{
	uint32_t words[16] = { 0x07230203, 0x00010000, 0, 100, 0, 0xdeadbeef, 1, 2, 3 };
	char *log = NULL;
	size_t size;
	void *spv;

	ck_assert_int_eq(jt_compile_err(words, sizeof(words), "", &log), -EINVAL);
	ck_assert_ptr_nonnull(log);
	ck_assert_ptr_nonnull(strstr(log, "invalid SPIR-V"));
	free(log);
	ck_assert_int_eq(jt_compile_err(words, 7, "", &log), -EINVAL);
	ck_assert_ptr_nonnull(strstr(log, "invalid SPIR-V"));
	free(log);
	expect_compile_error("bad_capability.spv", "unsupported capability: ImageBasic");

	expect_compile_error("bad_undefined.spv",
			     "unresolved function: xe_nowhere(int)");

	/* Unknown build flags are reported and ignored. */
	spv = jt_read_file("globals.spv", &size);
	ck_assert_int_eq(jt_compile_err(spv, size, "-cl-mad-enable -xe-frobnicate", &log), 0);
	ck_assert_ptr_nonnull(log);
	ck_assert_ptr_nonnull(strstr(log, "ignored build flag: -xe-frobnicate"));
	free(log);
	ck_assert_int_eq(jt_compile_err(spv, size, "-cl-opt-disable", &log), 0);
	ck_assert_ptr_null(log);
	free(spv);
}
END_TEST

START_TEST(faulting_kernels_compile)
{
	struct xe_jit_module *mod = jt_compile("faults", NULL, 0);
	int stop = 1, *ps = &stop;
	struct jt_arg args[] = { JT_VAL(ps) };

	ck_assert_uint_eq(jt_ops()->kernel_count(mod), 2);
	/* The endless kernel ends when told to. */
	jt_run(mod, "endless", 1, G1(64), L1(8), NULL, args, 1, 2);
	jt_ops()->destroy(mod);
}
END_TEST

/* Runs in a child (Check forks): the kernel's write faults there. */
START_TEST(bad_pointer_faults)
{
	struct xe_jit_module *mod = jt_compile("faults", NULL, 0);
	int x = 0, *px = &x;
	uint64_t where = 16;
	struct jt_arg args[] = { JT_VAL(px), JT_VAL(where) };

	jt_run(mod, "bad_pointer", 1, G1(1), L1(1), NULL, args, 2, 1);
}
END_TEST

static void *compile_in_thread(void *arg)
{
	struct xe_jit_module *mod = jt_compile(arg, NULL, 0);

	jt_ops()->destroy(mod);
	return NULL;
}

START_TEST(concurrent_compiles)
{
	const char *names[] = { "basic", "barrier", "matmul", "atomics" };
	pthread_t t[4];

	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, compile_in_thread,
						(void *)names[i]), 0);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
}
END_TEST

static Suite *jit_suite(void)
{
	Suite *s = suite_create("jit");
	TCase *tc = tcase_create("kernels");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, vadd_saxpy);
	tcase_add_test(tc, private_table);
	tcase_add_test(tc, empty_kernel);
	tcase_add_test(tc, ids_3d);
	tcase_add_test(tc, math_float_double);
	tcase_add_test(tc, vectors);
	tcase_add_test(tc, loops_calls);
	tcase_add_test(tc, structs_by_value);
	tcase_add_test(tc, conversions);
	tcase_add_test(tc, spec_constants);
	tcase_add_test(tc, reduction);
	tcase_add_test(tc, divergent_barrier);
	tcase_add_test(tc, reqd_size_scan);
	tcase_add_test(tc, fibers_fallback);
	tcase_add_test(tc, matmul);
	tcase_add_test(tc, uniform_loops);
	tcase_add_test(tc, nbody);
	tcase_add_test(tc, atomics_global_local);
	tcase_add_test(tc, program_globals);
	suite_add_tcase(s, tc);

	tc = tcase_create("modules");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, native_binary);
	tcase_add_test(tc, bad_spirv);
	tcase_add_test(tc, faulting_kernels_compile);
	tcase_add_test_raise_signal(tc, bad_pointer_faults, SIGSEGV);
	tcase_add_test(tc, concurrent_compiles);
	tcase_add_test(tc, debug_info_module);
	tcase_add_test(tc, dynamic_link);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(jit_suite());
}
