// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of SPIR-V modules with the real compiler shim
 * (libxe_cbev_jit.so.1, userspace/jit) through the loader: the kernels of
 * OpenCL C kernels of tests/kernels, compiled at build time with clang-15 and llvm-spirv-15
 * and put into the VM image's /kernels. Every result is checked against the
 * same computation on the host. Launch kinds, list kinds, events and faults
 * are in test_libze_spirv_launch.c.
 */

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "libze_test.h"
#include "libze_test_kernels.h"
#include "check_run.h"

static void log_text(ze_module_build_log_handle_t log, char *buf, size_t size)
{
	size_t n = 0;

	ck_assert_ok(zeModuleBuildLogGetString(log, &n, NULL));
	ck_assert_uint_le(n, size);
	ck_assert_ok(zeModuleBuildLogGetString(log, &n, buf));
	ck_assert_ok(zeModuleBuildLogDestroy(log));
}

/* ---- modules ------------------------------------------------------------ */

START_TEST(test_real_module)
{
	ze_module_build_log_handle_t log;
	ze_module_properties_t props = { .stype = ZE_STRUCTURE_TYPE_MODULE_PROPERTIES };
	ze_module_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
		.format = ZE_MODULE_FORMAT_NATIVE,
	};
	ze_module_handle_t mod, back;
	ze_kernel_handle_t k;
	const char *names[32];
	uint32_t n = 0, i;
	bool vadd = false, spec = false;
	size_t size = 0;
	char text[1024];
	uint8_t *bin;
	float *a = lz_alloc_shared(256 * 4), *c = lz_alloc_shared(256 * 4);

	ck_assert_ok(module_create("basic", "-cl-mad-enable -cl-fast-relaxed-math",
				   NULL, &mod, &log));
	log_text(log, text, sizeof(text));
	ck_assert_ok(zeModuleGetKernelNames(mod, &n, NULL));
	ck_assert_uint_ge(n, 10);
	ck_assert_uint_le(n, 32);
	ck_assert_ok(zeModuleGetKernelNames(mod, &n, names));
	for (i = 0; i < n; i++) {
		vadd |= !strcmp(names[i], "vadd");
		spec |= !strcmp(names[i], "spec");
	}
	ck_assert_msg(vadd && spec, "vadd and spec are kernels of basic");
	ck_assert_ok(zeModuleGetProperties(mod, &props));
	ck_assert_ok(zeModuleDynamicLink(1, &mod, NULL));

	/* The native binary makes the same module back, without compiling. */
	ck_assert_ok(zeModuleGetNativeBinary(mod, &size, NULL));
	ck_assert_uint_gt(size, 0);
	bin = malloc(size);
	ck_assert_ok(zeModuleGetNativeBinary(mod, &size, bin));
	desc.inputSize = size;
	desc.pInputModule = bin;
	ck_assert_ok(zeModuleCreate(lz_context, lz_device, &desc, &back, NULL));
	free(bin);
	ck_assert_ok(zeModuleDestroy(mod));
	n = 32;
	ck_assert_ok(zeModuleGetKernelNames(back, &n, names));
	ck_assert_uint_ge(n, 10);
	k = kernel(back, "vadd");
	fill_ramp(a, 256, 1.0f);
	vadd_args(k, a, a, c);
	lz_launch(list, k, 256, 64, NULL, 0, NULL);
	sync_list(list);
	for (i = 0; i < 256; i++)
		ck_assert_msg(c[i] == 2.0f * a[i], "c[%u] = %f", i, c[i]);
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(back));
}
END_TEST

START_TEST(test_real_build_failures)
{
	static const uint32_t not_spirv[16] = { 0x07230203, 0x00010000, 0, 50, 0,
						0xdeadbeef, 0x12345678 };
	ze_module_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
		.format = ZE_MODULE_FORMAT_IL_SPIRV,
		.inputSize = sizeof(not_spirv),
		.pInputModule = (const uint8_t *)not_spirv,
	};
	ze_module_build_log_handle_t log;
	ze_module_handle_t mod;
	char text[4096];

	ck_assert_ze(zeModuleCreate(lz_context, lz_device, &desc, &mod, &log),
		     ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "invalid SPIR-V");
	log_text(log, text, sizeof(text));
	ck_assert_msg(strlen(text) > 0, "the log says why");

	ck_assert_ze(module_create("bad_capability", NULL, NULL, &mod, &log),
		     ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "images are refused");
	log_text(log, text, sizeof(text));
	ck_assert_msg(strstr(text, "unsupported capability"), "log: %s", text);

	ck_assert_ze(module_create("bad_undefined", NULL, NULL, &mod, &log),
		     ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "unresolved function");
	log_text(log, text, sizeof(text));
	ck_assert_msg(strstr(text, "xe_nowhere"), "log: %s", text);
}
END_TEST

/* Specialization constants: the default 7, then 5 given at creation. */
START_TEST(test_real_spec_constants)
{
	uint32_t id = 3, i, pass;
	int32_t value = 5;
	const void *values[1] = { &value };
	ze_module_constants_t consts = { 1, &id, values };
	int32_t *out = lz_alloc_shared(64 * 4);

	for (pass = 0; pass < 2; pass++) {
		ze_module_handle_t mod;
		ze_kernel_handle_t k;
		int32_t want = pass ? 5 : 7;

		ck_assert_ok(module_create("basic", NULL, pass ? &consts : NULL,
					   &mod, NULL));
		k = kernel(mod, "spec");
		lz_arg_ptr(k, 0, out);
		lz_launch(list, k, 64, 16, NULL, 0, NULL);
		sync_list(list);
		for (i = 0; i < 64; i++)
			ck_assert_int_eq(out[i], want * (int32_t)i);
		ck_assert_ok(zeKernelDestroy(k));
		ck_assert_ok(zeModuleDestroy(mod));
	}
}
END_TEST

/* Program-scope globals: the host writes one, a kernel reads and bumps it. */
START_TEST(test_real_global_pointer)
{
	ze_module_handle_t mod = module_ok("globals");
	ze_kernel_handle_t k = kernel(mod, "bump");
	int32_t *counter = NULL, *out = lz_alloc_shared(4 * 4);
	size_t size = 0;

	ck_assert_ok(zeModuleGetGlobalPointer(mod, "counter", &size, (void **)&counter));
	ck_assert_uint_eq(size, 4);
	ck_assert_int_eq(*counter, 5);
	ck_assert_ze(zeModuleGetGlobalPointer(mod, "nope", &size, (void **)&counter),
		     ZE_RESULT_ERROR_INVALID_GLOBAL_NAME, "no such global");
	ck_assert_ok(zeModuleGetGlobalPointer(mod, "counter", &size, (void **)&counter));
	*counter = 100;
	lz_arg_ptr(k, 0, out);
	lz_launch(list, k, 1, 1, NULL, 0, NULL);
	sync_list(list);
	ck_assert_int_eq(out[0], 110);
	ck_assert_int_eq(*counter, 101);
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* ---- kernels ------------------------------------------------------------- */

START_TEST(test_real_kernel_entry_points)
{
	ze_module_handle_t mod = module_ok("basic"), bar = module_ok("barrier");
	ze_module_handle_t mm = module_ok("matmul");
	ze_kernel_properties_t props = { .stype = ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES };
	ze_kernel_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC, .pKernelName = "nope",
	};
	ze_kernel_handle_t k, sax, red, scan, tiled, bv;
	ze_kernel_indirect_access_flags_t ia;
	uint32_t gx, gy, gz, total;
	uint64_t v64 = 0;
	char name[16], big[64] = { 0 };
	size_t size = 0;

	ck_assert_ze(zeKernelCreate(mod, &desc, &k), ZE_RESULT_ERROR_INVALID_KERNEL_NAME,
		     "no such kernel");
	k = kernel(mod, "vadd");
	sax = kernel(mod, "saxpy");
	bv = kernel(mod, "by_value");
	red = kernel(bar, "reduce");
	scan = kernel(bar, "scan16");
	tiled = kernel(mm, "matmul_tiled");

	ck_assert_ok(zeKernelGetName(k, &size, NULL));
	ck_assert_uint_eq(size, 5);
	ck_assert_ok(zeKernelGetName(k, &size, name));
	ck_assert_str_eq(name, "vadd");

	ck_assert_ok(zeKernelGetProperties(k, &props));
	ck_assert_uint_eq(props.numKernelArgs, 3);
	ck_assert_uint_eq(props.requiredGroupSizeX, 0);
	ck_assert_uint_ge(props.maxSubgroupSize, 1);
	ck_assert_ok(zeKernelGetProperties(scan, &props));
	ck_assert_uint_eq(props.numKernelArgs, 2);
	ck_assert_uint_eq(props.requiredGroupSizeX, 16);
	ck_assert_uint_eq(props.requiredGroupSizeY, 1);
	ck_assert_uint_eq(props.requiredGroupSizeZ, 1);
	ck_assert_uint_ge(props.localMemSize, 16 * 4);
	ck_assert_ok(zeKernelGetProperties(tiled, &props));
	ck_assert_uint_eq(props.requiredGroupSizeX, 16);
	ck_assert_uint_eq(props.requiredGroupSizeY, 16);
	ck_assert_uint_ge(props.localMemSize, 2 * 16 * 16 * 4);

	/* Sizes are checked; __local ones take a size and no value. */
	ck_assert_ze(zeKernelSetArgumentValue(sax, 0, 2, &v64),
		     ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE, "a float is 4 bytes");
	ck_assert_ze(zeKernelSetArgumentValue(k, 0, 4, &v64),
		     ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE, "a pointer is 8 bytes");
	ck_assert_ze(zeKernelSetArgumentValue(k, 3, 8, &v64),
		     ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX, "3 arguments");
	ck_assert_ze(zeKernelSetArgumentValue(bv, 0, 4, big),
		     ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE, "the struct is bigger");
	ck_assert_ok(zeKernelSetArgumentValue(k, 0, 8, NULL));
	ck_assert_ok(zeKernelSetArgumentValue(red, 2, 256 * 4, NULL));

	/* Group sizes: the device's maximum, and reqd_work_group_size. */
	ck_assert_ze(zeKernelSetGroupSize(k, 1u << 20, 1, 1),
		     ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION, "above the maximum");
	ck_assert_ze(zeKernelSetGroupSize(scan, 8, 1, 1),
		     ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION, "not the required");
	ck_assert_ok(zeKernelSetGroupSize(scan, 16, 1, 1));
	ck_assert_ok(zeKernelSuggestGroupSize(k, 4096, 1, 1, &gx, &gy, &gz));
	ck_assert_uint_eq(4096 % gx, 0);
	ck_assert_ok(zeKernelSetGroupSize(k, gx, gy, gz));
	ck_assert_ok(zeKernelSuggestGroupSize(tiled, 512, 512, 1, &gx, &gy, &gz));
	ck_assert_uint_eq(gx, 16);
	ck_assert_uint_eq(gy, 16);
	ck_assert_ok(zeKernelSuggestMaxCooperativeGroupCount(k, &total));
	ck_assert_uint_ge(total, 1);

	ck_assert_ok(zeKernelSetIndirectAccess(k, ZE_KERNEL_INDIRECT_ACCESS_FLAG_HOST |
					       ZE_KERNEL_INDIRECT_ACCESS_FLAG_SHARED));
	ck_assert_ok(zeKernelGetIndirectAccess(k, &ia));
	ck_assert_uint_eq(ia, ZE_KERNEL_INDIRECT_ACCESS_FLAG_HOST |
			  ZE_KERNEL_INDIRECT_ACCESS_FLAG_SHARED);
	ck_assert_ok(zeKernelSetCacheConfig(k, ZE_CACHE_CONFIG_FLAG_LARGE_SLM));

	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeKernelDestroy(sax));
	ck_assert_ok(zeKernelDestroy(bv));
	ck_assert_ok(zeKernelDestroy(red));
	ck_assert_ok(zeKernelDestroy(scan));
	ck_assert_ok(zeKernelDestroy(tiled));
	ck_assert_ok(zeModuleDestroy(mod));
	ck_assert_ok(zeModuleDestroy(bar));
	ck_assert_ok(zeModuleDestroy(mm));
}
END_TEST

START_TEST(test_real_missing_argument)
{
	ze_module_handle_t mod = module_ok("basic");
	ze_kernel_handle_t k = kernel(mod, "vadd");
	ze_group_count_t count = { 1, 1, 1 };
	float *a = lz_alloc_device(64);

	lz_arg_ptr(k, 0, a);
	lz_arg_ptr(k, 1, a);
	ck_assert_ze(zeCommandListAppendLaunchKernel(list, k, &count, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "argument 2 is not set");
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* ---- computations -------------------------------------------------------- */

START_TEST(test_real_vadd_saxpy)
{
	ze_module_handle_t mod = module_ok("basic");
	ze_kernel_handle_t add = kernel(mod, "vadd"), sax = kernel(mod, "saxpy");
	const uint32_t n = 1u << 18;
	float *a = lz_alloc_device(n * 4), *b = lz_alloc_shared(n * 4);
	float *c = lz_alloc_device(n * 4), *y = lz_alloc_shared(n * 4);
	float alpha = 1.5f;
	uint32_t i;

	fill_ramp(a, n, 0.5f);
	fill_ramp(b, n, 0.25f);
	memcpy(y, b, n * 4);
	vadd_args(add, a, b, c);
	lz_launch(list, add, n, 256, NULL, 0, NULL);
	ck_assert_ok(zeKernelSetArgumentValue(sax, 0, 4, &alpha));
	lz_arg_ptr(sax, 1, a);
	lz_arg_ptr(sax, 2, y);
	lz_launch(list, sax, n, 128, NULL, 0, NULL);
	sync_list(list);
	for (i = 0; i < n; i++) {
		ck_assert_msg(c[i] == a[i] + b[i], "c[%u] = %f", i, c[i]);
		ck_assert_msg(y[i] == alpha * a[i] + b[i], "y[%u] = %f", i, y[i]);
	}
	ck_assert_ok(zeKernelDestroy(add));
	ck_assert_ok(zeKernelDestroy(sax));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* __local argument, barriers, divergent work-items, reqd_work_group_size. */
START_TEST(test_real_reduction_and_barriers)
{
	ze_module_handle_t mod = module_ok("barrier");
	ze_kernel_handle_t red = kernel(mod, "reduce"), div = kernel(mod, "divergent");
	ze_kernel_handle_t scan = kernel(mod, "scan16");
	const uint32_t groups = 300, items = 128;
	float *in = lz_alloc_shared(groups * items * 4), *out = lz_alloc_shared(groups * 4);
	int32_t *dout = lz_alloc_shared(groups * items * 4);
	int32_t *sin = lz_alloc_shared(256 * 4), *sout = lz_alloc_shared(256 * 4);
	uint32_t i, g;

	for (i = 0; i < groups * items; i++)
		in[i] = (float)(i % 17);
	for (i = 0; i < 256; i++)
		sin[i] = (int32_t)(i * 3 % 11);
	lz_arg_ptr(red, 0, in);
	lz_arg_ptr(red, 1, out);
	ck_assert_ok(zeKernelSetArgumentValue(red, 2, items * 4, NULL));
	lz_launch(list, red, groups * items, items, NULL, 0, NULL);
	lz_arg_ptr(div, 0, dout);
	lz_launch(list, div, groups * items, items, NULL, 0, NULL);
	lz_arg_ptr(scan, 0, sin);
	lz_arg_ptr(scan, 1, sout);
	lz_launch(list, scan, 256, 16, NULL, 0, NULL);
	sync_list(list);

	for (g = 0; g < groups; g++) {
		float want = 0;

		for (i = 0; i < items; i++)
			want += in[g * items + i];
		ck_assert_msg(out[g] == want, "group %u: %f, want %f", g, out[g], want);
	}
	for (i = 0; i < groups * items; i++) {
		int32_t v[2];

		for (int j = 0; j < 2; j++) {
			uint32_t l = (i % items + j) % items;
			int32_t x = 0;

			if (l % 3 == 0)
				x = (int32_t)(l * (l - (l ? 1 : 0)) / 2);
			else if (l % 3 == 1)
				x = (int32_t)l * 7;
			else
				for (int k = 0; k < 5; k++)
					x = x * 2 + (int32_t)l;
			v[j] = x;
		}
		ck_assert_msg(dout[i] == v[0] + v[1], "divergent[%u] = %d, want %d",
			      i, dout[i], v[0] + v[1]);
	}
	for (g = 0; g < 16; g++) {
		int32_t s = 0;

		for (i = 0; i < 16; i++) {
			s += sin[g * 16 + i];
			ck_assert_int_eq(sout[g * 16 + i], s);
		}
	}
	ck_assert_ok(zeKernelDestroy(red));
	ck_assert_ok(zeKernelDestroy(div));
	ck_assert_ok(zeKernelDestroy(scan));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

START_TEST(test_real_matmul)
{
	ze_module_handle_t mod = module_ok("matmul");
	ze_kernel_handle_t naive = kernel(mod, "matmul_naive");
	ze_kernel_handle_t tiled = kernel(mod, "matmul_tiled");
	const int n = 64;
	float *a = lz_alloc_shared(n * n * 4), *b = lz_alloc_shared(n * n * 4);
	float *c1 = lz_alloc_shared(n * n * 4), *c2 = lz_alloc_shared(n * n * 4);
	ze_group_count_t count = { n / 16, n / 16, 1 };
	int i, j, k;

	for (i = 0; i < n * n; i++) {
		a[i] = (float)(i % 7) - 3.0f;
		b[i] = (float)(i % 5) * 0.5f;
	}
	for (k = 0; k < 2; k++) {
		ze_kernel_handle_t kk = k ? tiled : naive;

		lz_arg_ptr(kk, 0, a);
		lz_arg_ptr(kk, 1, b);
		lz_arg_ptr(kk, 2, k ? c2 : c1);
		ck_assert_ok(zeKernelSetArgumentValue(kk, 3, 4, &n));
		ck_assert_ok(zeKernelSetGroupSize(kk, 16, 16, 1));
		ck_assert_ok(zeCommandListAppendLaunchKernel(list, kk, &count, NULL, 0, NULL));
	}
	sync_list(list);
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			float s = 0;

			for (k = 0; k < n; k++)
				s += a[i * n + k] * b[k * n + j];
			ck_assert_msg(c1[i * n + j] == s && c2[i * n + j] == s,
				      "c[%d][%d] = %f, %f, want %f", i, j,
				      c1[i * n + j], c2[i * n + j], s);
		}
	ck_assert_ok(zeKernelDestroy(naive));
	ck_assert_ok(zeKernelDestroy(tiled));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

struct host_locker {
	_Atomic int32_t *lock;
	int32_t *counter;
	int rounds;
};

static void *host_lock_loop(void *p)
{
	struct host_locker *h = p;

	for (int i = 0; i < h->rounds; i++) {
		int32_t zero = 0;

		while (!atomic_compare_exchange_weak(h->lock, &zero, 1))
			zero = 0;
		*(volatile int32_t *)h->counter += 1;
		atomic_store(h->lock, 0);
	}
	return NULL;
}

/*
 * 32- and 64-bit global and local atomics; a spin lock taken by the
 * kernel's work-items and by a host thread on the same shared memory.
 */
START_TEST(test_real_atomics)
{
	ze_module_handle_t mod = module_ok("atomics");
	ze_kernel_handle_t at = kernel(mod, "atomics"), lk = kernel(mod, "cmpxchg_lock");
	ze_kernel_handle_t l64 = kernel(mod, "local64");
	const uint32_t n = 4096, items = 64;
	int32_t *g = lz_alloc_shared(5 * 4);
	int64_t *g64 = lz_alloc_shared(2 * 8), *o64 = lz_alloc_shared(n / items * 8);
	_Atomic int32_t *lock = lz_alloc_shared(4);
	int32_t *counter = lz_alloc_shared(4);
	struct host_locker h = { lock, counter, 20000 };
	int64_t want64 = 0, xor64 = 0;
	pthread_t t;
	uint32_t i;

	g[0] = 0;
	g[1] = 0;
	g[2] = -1;
	g[3] = 1 << 30;
	g[4] = 0;
	g64[0] = 0;
	g64[1] = 0;
	atomic_store(lock, 0);
	*counter = 0;
	lz_arg_ptr(at, 0, g);
	lz_arg_ptr(at, 1, g64);
	lz_launch(list, at, n, items, NULL, 0, NULL);
	lz_arg_ptr(l64, 0, o64);
	ck_assert_ok(zeKernelSetArgumentValue(l64, 1, 8, NULL));
	lz_launch(list, l64, n, items, NULL, 0, NULL);
	ck_assert_int_eq(pthread_create(&t, NULL, host_lock_loop, &h), 0);
	lz_arg_ptr(lk, 0, (void *)lock);
	lz_arg_ptr(lk, 1, counter);
	lz_launch(list, lk, n, items, NULL, 0, NULL);
	sync_list(list);
	ck_assert_int_eq(pthread_join(t, NULL), 0);

	for (i = 0; i < n; i++) {
		want64 += (int64_t)i << 32;
		xor64 ^= (int64_t)1 << (i % 64);
	}
	ck_assert_int_eq(g[0], n);
	ck_assert_int_eq(g[1], (int32_t)(n * (n - 1) / 2));
	ck_assert_int_eq(g[2], n - 1);
	ck_assert_int_eq(g[3], 0);
	ck_assert_int_eq(g[4], n);
	ck_assert_msg(g64[0] == want64, "64-bit add: %lld", (long long)g64[0]);
	ck_assert_msg(g64[1] == xor64, "64-bit xor: %llx", (long long)g64[1]);
	for (i = 0; i < n / items; i++) {
		int64_t want = 0;

		for (uint32_t j = 0; j < items; j++)
			want += (int64_t)(i * items + j) + 0x100000000LL;
		ck_assert_msg(o64[i] == want, "local64[%u] = %lld", i, (long long)o64[i]);
	}
	ck_assert_int_eq(*counter, (int32_t)n + h.rounds);
	ck_assert_ok(zeKernelDestroy(at));
	ck_assert_ok(zeKernelDestroy(lk));
	ck_assert_ok(zeKernelDestroy(l64));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

static bool near(double got, double want, double rel)
{
	return fabs(got - want) <= rel * fmax(1.0, fabs(want));
}

/* Float and double math, vectors, conversions, calls, structs by value. */
START_TEST(test_real_math_vectors_structs)
{
	ze_module_handle_t mod = module_ok("basic");
	ze_kernel_handle_t mf = kernel(mod, "math_f"), md = kernel(mod, "math_d");
	ze_kernel_handle_t vec = kernel(mod, "vectors"), lc = kernel(mod, "loops_calls");
	ze_kernel_handle_t bv = kernel(mod, "by_value"), cv = kernel(mod, "conversions");
	const uint32_t n = 256;
	float *x = lz_alloc_shared(n * 4), *of = lz_alloc_shared(n * 8 * 4);
	double *xd = lz_alloc_shared(n * 8), *od = lz_alloc_shared(n * 4 * 8);
	float *va = lz_alloc_shared(n * 16), *vb = lz_alloc_shared(n * 16);
	float *vc = lz_alloc_shared(n * 16), *polys = lz_alloc_shared(n * 4);
	int32_t *dots = lz_alloc_shared(n * 4), *fibs = lz_alloc_shared(n * 4);
	int32_t *si = lz_alloc_shared(n * 4);
	uint8_t *uc = lz_alloc_shared(n);
	int64_t *ol = lz_alloc_shared(n * 8);
	struct { int32_t scale; float bias; int64_t offset; char tag; } p = {
		3, 2.5f, 1000, 7,
	};
	int32_t pair[2] = { 4, -5 };
	uint32_t i;

	for (i = 0; i < n; i++) {
		x[i] = 0.1f + (float)i * 0.05f;
		xd[i] = 0.1 + i * 0.05;
	}
	for (i = 0; i < n * 4; i++) {
		va[i] = (float)(i % 13) * 0.5f;
		vb[i] = (float)(i % 7) - 2.0f;
	}
	lz_arg_ptr(mf, 0, x);
	lz_arg_ptr(mf, 1, of);
	lz_launch(list, mf, n, 64, NULL, 0, NULL);
	lz_arg_ptr(md, 0, xd);
	lz_arg_ptr(md, 1, od);
	lz_launch(list, md, n, 64, NULL, 0, NULL);
	lz_arg_ptr(vec, 0, va);
	lz_arg_ptr(vec, 1, vb);
	lz_arg_ptr(vec, 2, vc);
	lz_arg_ptr(vec, 3, dots);
	lz_launch(list, vec, n, 32, NULL, 0, NULL);
	lz_arg_ptr(lc, 0, fibs);
	lz_arg_ptr(lc, 1, polys);
	lz_launch(list, lc, n, 32, NULL, 0, NULL);
	ck_assert_ok(zeKernelSetArgumentValue(bv, 0, sizeof(p), &p));
	ck_assert_ok(zeKernelSetArgumentValue(bv, 1, sizeof(pair), pair));
	lz_arg_ptr(bv, 2, ol);
	lz_launch(list, bv, n, 16, NULL, 0, NULL);
	sync_list(list);	/* math_f reads x before it changes */
	for (i = 0; i < n; i++)
		x[i] = (float)i * 1.7f - 100.0f;
	lz_arg_ptr(cv, 0, x);
	lz_arg_ptr(cv, 1, si);
	lz_arg_ptr(cv, 2, uc);
	lz_launch(list, cv, n, 16, NULL, 0, NULL);
	sync_list(list);

	for (i = 0; i < n; i++) {
		float v = 0.1f + (float)i * 0.05f;
		double d = 0.1 + i * 0.05;
		float *o = &of[8 * i];
		int a = 0, b = 1;

		float wf[8] = {
			sqrtf(v), sinf(v), cosf(v), expf(v), logf(v), powf(v, 1.5f),
			fmaxf(floorf(v * 3.0f), 1.0f),
			v * v + 1.0f + v + fminf(fmaxf(v, 0.5f), 2.0f),
		};

		for (int k = 0; k < 8; k++)
			ck_assert_msg(near(o[k], wf[k], 1e-5), "math_f[%u][%d] = %.9g, want %.9g",
				      i, k, o[k], wf[k]);
		ck_assert_msg(near(od[4 * i], sqrt(d), 1e-10) &&
			      near(od[4 * i + 1], sin(d) + cos(d), 1e-10) &&
			      near(od[4 * i + 2], exp(d) * log(d), 1e-10) &&
			      near(od[4 * i + 3], d * d / 3.0 + fma(d, 2.0, 1.0), 1e-10),
			      "math_d[%u]", i);
		for (int k = 0; k < 4; k++) {
			float want = va[4 * i + 3 - k] * vb[4 * i + 3 - k] + (float)(4 - k);

			ck_assert_msg(vc[4 * i + k] == want, "vectors[%u].%d", i, k);
		}
		float dot = 0;

		for (int k = 0; k < 4; k++)
			dot += va[4 * i + k] * vb[4 * i + k];
		ck_assert_int_eq(dots[i], (int32_t)dot);
		for (uint32_t k = 0; k < i % 40; k++) {
			int t = a + b;

			a = b;
			b = t;
		}
		ck_assert_int_eq(fibs[i], a);
		float s = 0, xx = (float)i / 100.0f;

		for (int k = i % 7 + 1; k > 0; k--)
			s = s * xx + (float)k;
		ck_assert_msg(near(polys[i], s, 1e-5), "poly[%u]", i);
		ck_assert_int_eq(ol[i], 3 * (int64_t)i + 2 + 1000 + 7 - 20);
		float xv = (float)i * 1.7f - 100.0f;

		ck_assert_int_eq(si[i], (int32_t)xv);
		ck_assert_uint_eq(uc[i], xv <= 0 ? 0 : xv >= 255 ? 255 : (uint8_t)xv);
	}
	ck_assert_ok(zeKernelDestroy(mf));
	ck_assert_ok(zeKernelDestroy(md));
	ck_assert_ok(zeKernelDestroy(vec));
	ck_assert_ok(zeKernelDestroy(lc));
	ck_assert_ok(zeKernelDestroy(bv));
	ck_assert_ok(zeKernelDestroy(cv));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

static Suite *spirv_kernels_suite(void)
{
	Suite *s = suite_create("spirv_kernels");
	TCase *tc;

	tc = tcase_create("modules");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_real_module);
	tcase_add_test(tc, test_real_build_failures);
	tcase_add_test(tc, test_real_spec_constants);
	tcase_add_test(tc, test_real_global_pointer);
	tcase_add_test(tc, test_real_kernel_entry_points);
	tcase_add_test(tc, test_real_missing_argument);
	suite_add_tcase(s, tc);

	tc = tcase_create("computations");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_real_vadd_saxpy);
	tcase_add_test(tc, test_real_reduction_and_barriers);
	tcase_add_test(tc, test_real_matmul);
	tcase_add_test(tc, test_real_atomics);
	tcase_add_test(tc, test_real_math_vectors_structs);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(spirv_kernels_suite());
}
