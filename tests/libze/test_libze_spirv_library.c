// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests, through the loader, of what kernels as compilers emit them
 * need from the driver: the OpenCL C built-in library (tests/kernels/
 * builtins.cl), sub-groups and work-group collectives (collectives.cl) with
 * the sizes the device and kernel properties report, and the compile cache
 * shared by processes. The shim's own host tests (tests/jit) check every
 * family in depth; these check the same kernels run on the execution
 * units.
 */

#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libze_test.h"
#include "libze_test_kernels.h"
#include "check_run.h"

START_TEST(test_library_math_and_atomics)
{
	ze_module_handle_t mod = module_ok("builtins");
	ze_kernel_handle_t m = kernel(mod, "lib_math"), a = kernel(mod, "c11_atomics");
	const uint32_t n = 256;
	float *x = lz_alloc_shared(n * 4), *out = lz_alloc_shared(n * 32);
	uint32_t *ctr = lz_alloc_shared(4);
	int32_t *hi = lz_alloc_shared(4), *mine = lz_alloc_shared(n * 4);

	for (uint32_t i = 0; i < n; i++)
		x[i] = ((float)i - n / 2) / 37.0f;
	lz_arg_ptr(m, 0, x);
	lz_arg_ptr(m, 1, out);
	lz_launch(list, m, n, 64, NULL, 0, NULL);
	*ctr = 0;
	*hi = -1;
	lz_arg_ptr(a, 0, ctr);
	lz_arg_ptr(a, 1, hi);
	lz_arg_ptr(a, 2, mine);
	ck_assert_ok(zeKernelSetArgumentValue(a, 3, 4, NULL));
	lz_launch(list, a, n, 32, NULL, 0, NULL);
	sync_list(list);
	for (uint32_t i = 0; i < n; i++) {
		double v = x[i];

		ck_assert_msg(fabs(out[8 * i] - erf(v)) < 1e-5, "erf(%g) = %g", v,
			      out[8 * i]);
		ck_assert_msg(fabs(out[8 * i + 2] - 1.0 / sqrt(fabs(v) + 1.0)) < 1e-5,
			      "rsqrt");
		ck_assert_int_eq(mine[i], 1);
	}
	ck_assert_uint_eq(*ctr, n);
	ck_assert_int_eq(*hi, n - 1);
	ck_assert_ok(zeKernelDestroy(m));
	ck_assert_ok(zeKernelDestroy(a));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

START_TEST(test_sub_group_sizes_reported)
{
	ze_device_compute_properties_t cp = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_COMPUTE_PROPERTIES,
	};
	ze_device_module_properties_t mp = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MODULE_PROPERTIES,
	};
	ze_kernel_properties_t kp = { .stype = ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES };
	ze_module_handle_t mod = module_ok("collectives");
	ze_kernel_handle_t k;

	ck_assert_ok(zeDeviceGetComputeProperties(lz_device, &cp));
	ck_assert_uint_eq(cp.numSubGroupSizes, 2);
	ck_assert_uint_eq(cp.subGroupSizes[0], 8);
	ck_assert_uint_eq(cp.subGroupSizes[1], 16);
	ck_assert_ok(zeDeviceGetModuleProperties(lz_device, &mp));
	ck_assert(mp.flags & ZE_DEVICE_MODULE_FLAG_FP16);
	ck_assert_uint_gt(mp.printfBufferSize, 0);

	k = kernel(mod, "sg_ops");
	ck_assert_ok(zeKernelGetProperties(k, &kp));
	ck_assert_uint_eq(kp.requiredSubgroupSize, 8);
	ck_assert_uint_eq(kp.maxSubgroupSize, 8);
	ck_assert_uint_eq(kp.maxNumSubgroups, 1024 / 8);
	ck_assert_ok(zeKernelDestroy(k));
	k = kernel(mod, "wg_ops");
	ck_assert_ok(zeKernelGetProperties(k, &kp));
	ck_assert_uint_eq(kp.requiredSubgroupSize, 0);
	ck_assert_uint_eq(kp.maxSubgroupSize, 16);
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* SYCL's reduction shape, then work-group collectives, on the EUs. */
START_TEST(test_sub_group_and_work_group_collectives)
{
	ze_module_handle_t mod = module_ok("collectives");
	ze_kernel_handle_t r = kernel(mod, "sg_reduce"), w = kernel(mod, "wg_ops");
	const uint32_t n = 4096, ls = 256, wls = 64;
	float *in = lz_alloc_shared(n * 4), *sums = lz_alloc_shared(n / ls * 4);
	int32_t *win = lz_alloc_shared(n * 4), *wout = lz_alloc_shared(n * 24);

	for (uint32_t i = 0; i < n; i++) {
		in[i] = (float)(i % 11) - 5.0f;
		win[i] = (int32_t)(i % 17) - 8;
	}
	lz_arg_ptr(r, 0, in);
	lz_arg_ptr(r, 1, sums);
	ck_assert_ok(zeKernelSetArgumentValue(r, 2, 64, NULL));
	lz_launch(list, r, n, ls, NULL, 0, NULL);
	lz_arg_ptr(w, 0, win);
	lz_arg_ptr(w, 1, wout);
	lz_launch(list, w, n, wls, NULL, 0, NULL);
	sync_list(list);
	for (uint32_t g = 0; g < n / ls; g++) {
		float want = 0;

		for (uint32_t i = 0; i < ls; i++)
			want += in[g * ls + i];
		ck_assert_float_eq_tol(sums[g], want, 1e-3);
	}
	for (uint32_t i = 0; i < n; i++) {
		const int32_t *s = win + i / wls * wls;
		int32_t sum = 0, incl = 0;

		for (uint32_t j = 0; j < wls; j++) {
			sum += s[j];
			incl += j <= i % wls ? s[j] : 0;
		}
		ck_assert_int_eq(wout[6 * i], sum);
		ck_assert_int_eq(wout[6 * i + 1], incl);
		ck_assert_int_eq(wout[6 * i + 3], s[3]);
	}
	ck_assert_ok(zeKernelDestroy(r));
	ck_assert_ok(zeKernelDestroy(w));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* ---- the compile cache, between processes ------------------------------ */

static char cache_dir[64];

static int cache_entry(char *path, size_t len)
{
	DIR *d = opendir(cache_dir);
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		if (strstr(e->d_name, ".bin") && !n++)
			snprintf(path, len, "%.63s/%.190s", cache_dir, e->d_name);
	closedir(d);
	return n;
}

/* Creates a module of @file in a child process, which exits. */
static void compile_in_child(const char *file)
{
	pid_t pid = fork();
	int status;

	ck_assert_int_ge(pid, 0);
	if (!pid) {
		ze_module_handle_t mod;

		lz_setup();
		_exit(module_create(file, NULL, NULL, &mod, NULL) != ZE_RESULT_SUCCESS);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && !WEXITSTATUS(status), "%s builds", file);
}

static void move(const char *from, const char *to)
{
	ck_assert_int_eq(rename(from, to), 0);
}

/*
 * Another process's entry is taken: the entry of barrier.spv, put under
 * basic.spv's key, gives this process barrier's kernels for basic.spv.
 */
START_TEST(test_compile_cache_between_processes)
{
	char a[256], b[256], keep[128];
	const char *names[32];
	ze_module_handle_t mod;
	uint32_t n = 32;
	bool reduce = false, vadd = false;

	snprintf(cache_dir, sizeof(cache_dir), "/tmp/xe_cbev_cache.%d", getpid());
	snprintf(keep, sizeof(keep), "%s.keep", cache_dir);
	setenv("XE_CBEV_CACHE_DIR", cache_dir, 1);
	unsetenv("XE_CBEV_CACHE");
	compile_in_child("basic");
	ck_assert_int_eq(cache_entry(a, sizeof(a)), 1);
	move(a, keep);
	compile_in_child("barrier");
	ck_assert_int_eq(cache_entry(b, sizeof(b)), 1);
	move(b, a);
	ck_assert_ok(module_create("basic", NULL, NULL, &mod, NULL));
	ck_assert_ok(zeModuleGetKernelNames(mod, &n, names));
	for (uint32_t i = 0; i < n; i++) {
		reduce |= !strcmp(names[i], "reduce");
		vadd |= !strcmp(names[i], "vadd");
	}
	ck_assert_msg(reduce && !vadd, "the module came from the cache");
	ck_assert_ok(zeModuleDestroy(mod));
	unlink(a);
	unlink(keep);
	rmdir(cache_dir);
	unsetenv("XE_CBEV_CACHE_DIR");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("spirv_library");
	TCase *tc = tcase_create("library");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 180);
	tcase_add_test(tc, test_library_math_and_atomics);
	tcase_add_test(tc, test_sub_group_sizes_reported);
	tcase_add_test(tc, test_sub_group_and_work_group_collectives);
	tcase_add_test(tc, test_compile_cache_between_processes);
	suite_add_tcase(s, tc);
	return check_run(s);
}
