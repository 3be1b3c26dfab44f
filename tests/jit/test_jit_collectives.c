// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Sub-group and work-group collectives (tests/kernels/collectives.cl) run
 * through the shim on host threads, each result checked against the same
 * computation here: a two-stage sub-group reduction as SYCL's reductions
 * do it, every cl_khr_subgroup_* family, a non-uniform reduction in
 * divergent code, Intel's shuffles and block reads, sub-group sizes of the
 * last, partial sub-group, and the work_group_* functions.
 */

#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "jit_test.h"
#include "check_run.h"

#define THREADS 4

static struct xe_jit_module *mod;

static void setup(void)
{
	mod = jt_compile("collectives", NULL, 0);
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

START_TEST(sizes_reported)
{
	int k = jt_kernel(mod, "sg_ops");

	ck_assert_uint_eq(jt_ops()->kernel_info(mod, k)->sub_group_size, 8);
	k = jt_kernel(mod, "sg_reduce");
	ck_assert_uint_eq(jt_ops()->kernel_info(mod, k)->sub_group_size, 16);
	ck_assert(jt_ops()->kernel_info(mod, k)->flags &
		  XE_JIT_KERNEL_HAS_COLLECTIVES);
	k = jt_kernel(mod, "wg_ops");
	ck_assert_uint_eq(jt_ops()->kernel_info(mod, k)->sub_group_size, 16);
}
END_TEST

/* Groups of 256: 16 sub-groups, reduced again by sub-group 0 alone. */
START_TEST(two_stage_sub_group_reduction)
{
	const uint32_t n = 8192, ls = 256, groups = n / ls;
	float *in = malloc(n * 4), *out = calloc(groups, 4);
	void *p[2] = { in, out };
	struct jt_arg a[] = { JT_VAL(p[0]), JT_VAL(p[1]), JT_LOCAL(64) };

	for (uint32_t i = 0; i < n; i++)
		in[i] = (float)(i % 13) - 6.0f;
	jt_run(mod, "sg_reduce", 1, G1(n), L1(ls), NULL, a, 3, THREADS);
	for (uint32_t g = 0; g < groups; g++) {
		float want = 0;

		for (uint32_t i = 0; i < ls; i++)
			want += in[g * ls + i];
		ck_assert_float_eq_tol(out[g], want, 1e-3);
	}
	free(in);
	free(out);
}
END_TEST

/* Groups of 20: sub-groups of 8, 8 and 4 work-items. */
START_TEST(sub_group_families)
{
	const uint32_t ls = 20, n = 3 * ls;
	int32_t *in = malloc(n * 4), *out = malloc(n * 64);
	void *p[2] = { in, out };
	struct jt_arg a[] = { JT_VAL(p[0]), JT_VAL(p[1]) };

	for (uint32_t i = 0; i < n; i++)
		in[i] = (int32_t)((i * 37) % 23) - 5 + (i == 17 ? 42 + 5 : 0);
	jt_run(mod, "sg_ops", 1, G1(n), L1(ls), NULL, a, 2, THREADS);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t g = i / ls * ls, li = i % ls, b = g + li / 8 * 8;
		uint32_t size = li / 8 == 2 ? 4 : 8, l = li % 8;
		const int32_t *o = out + 16 * i, *s = in + b;
		int32_t sum = 0, mx = INT32_MIN, cl = 0, any42 = 0, odd = 0;

		for (uint32_t j = 0; j <= l; j++)
			sum += s[j];
		for (uint32_t j = 0; j < l; j++)
			mx = s[j] > mx ? s[j] : mx;
		for (uint32_t j = l / 4 * 4; j < l / 4 * 4 + 4 && j < size; j++)
			cl += s[j];
		for (uint32_t j = 0; j < size; j++) {
			any42 |= s[j] == 42;
			odd += s[j] & 1;
		}
		ck_assert_int_eq(o[0], sum);
		ck_assert_int_eq(o[1], mx);
		if (size > 5)
			ck_assert_int_eq(o[2], s[5]);
		if (7 - l < size)
			ck_assert_int_eq(o[3], s[7 - l]);
		if ((l ^ 1) < size)
			ck_assert_int_eq(o[4], s[l ^ 1]);
		if (l >= 1)
			ck_assert_int_eq(o[5], s[l - 1]);
		if (l + 2 < size)
			ck_assert_int_eq(o[6], s[l + 2]);
		ck_assert_int_eq(o[7], cl);
		ck_assert_int_eq(o[8], odd);
		ck_assert_int_eq(o[9], 1 + 2 * any42);
		ck_assert_int_eq(o[10], l == 0);
		if (l < 3) {
			int32_t nu = 0;

			for (uint32_t j = 0; j < 3 && j < size; j++)
				nu += s[j];
			ck_assert_int_eq(o[11], nu + 100 * (l == 0));
		} else {
			ck_assert_int_eq(o[11], -1);
		}
		if (size == 8) {
			/* Intel's: across the sub-group and the next value. */
			ck_assert_int_eq(o[12], l + 3 < 8 ? s[l + 3] : s[l + 3 - 8] + 1000);
			ck_assert_int_eq(o[13], l >= 2 ? s[l - 2] : s[l + 6] - 1000);
			ck_assert_int_eq(o[14], s[l]);
		}
		ck_assert_int_eq(o[15], (int)(size * 100 + 3 * 10 + li / 8));
	}
	free(in);
	free(out);
}
END_TEST

/* Rotations within sub-groups of 8 and clusters of 4. */
START_TEST(sub_group_rotate)
{
	const uint32_t ls = 16, n = 4 * ls;
	int32_t *in = malloc(n * 4), *out = malloc(n * 12);
	void *p[2] = { in, out };
	struct jt_arg a[] = { JT_VAL(p[0]), JT_VAL(p[1]) };

	for (uint32_t i = 0; i < n; i++)
		in[i] = (int32_t)(i * 7 % 31) - 9;
	jt_run(mod, "sg_rotate", 1, G1(n), L1(ls), NULL, a, 2, THREADS);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t l = i % 8;
		const int32_t *s = in + i - l, *o = out + 3 * i;

		ck_assert_int_eq(o[0], s[(l + 3) & 7]);
		ck_assert_int_eq(o[1], s[(l & ~3u) + ((l + 1) & 3)]);
		ck_assert_int_eq(o[2], s[(l - 1) & 7]);
	}
	free(in);
	free(out);
}
END_TEST

START_TEST(work_group_families)
{
	const uint32_t ls = 64, n = 4 * ls;
	int32_t *in = malloc(n * 4), *out = malloc(n * 24);
	void *p[2] = { in, out };
	struct jt_arg a[] = { JT_VAL(p[0]), JT_VAL(p[1]) };

	for (uint32_t i = 0; i < n; i++)
		in[i] = (int32_t)((i * 29) % 31) - 10 + (i == 70 ? 7 + 10 : 0);
	jt_run(mod, "wg_ops", 1, G1(n), L1(ls), NULL, a, 2, THREADS);
	for (uint32_t i = 0; i < n; i++) {
		const int32_t *s = in + i / ls * ls, *o = out + 6 * i;
		uint32_t l = i % ls;
		int32_t sum = 0, incl = 0, mn = INT32_MAX, mx = INT32_MIN;
		int any7 = 0;

		for (uint32_t j = 0; j < ls; j++) {
			sum += s[j];
			if (j <= l)
				incl += s[j];
			if (j < l && s[j] < mn)
				mn = s[j];
			mx = s[j] > mx ? s[j] : mx;
			any7 |= s[j] == 7;
		}
		ck_assert_int_eq(o[0], sum);
		ck_assert_int_eq(o[1], incl);
		ck_assert_int_eq(o[2], mn);
		ck_assert_int_eq(o[3], s[3]);
		ck_assert_int_eq(o[4], 1 + 2 * any7);
		ck_assert_int_eq(o[5], mx);
	}
	free(in);
	free(out);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("jit-collectives");
	TCase *tc = tcase_create("collectives");

	tcase_add_unchecked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, sizes_reported);
	tcase_add_test(tc, two_stage_sub_group_reduction);
	tcase_add_test(tc, sub_group_families);
	tcase_add_test(tc, sub_group_rotate);
	tcase_add_test(tc, work_group_families);
	suite_add_tcase(s, tc);
	return check_run(s);
}
