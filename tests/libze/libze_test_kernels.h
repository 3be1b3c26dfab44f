/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _LIBZE_TEST_KERNELS_H
#define _LIBZE_TEST_KERNELS_H

/*
 * Shared by the Check suites of the real compiler shim
 * (test_libze_spirv_kernels.c, test_libze_spirv_launch.c): the fixtures and
 * their in-order immediate list, modules made from the .spv files of the VM
 * image's /kernels, kernels, and the data the computations start from.
 * Include after libze_test.h, once per suite.
 */

#include <stdio.h>
#include <stdlib.h>

#include "libze_test.h"

#define KERNELS	"/kernels"

static ze_command_list_handle_t list;

static inline void setup(void)
{
	unsetenv("XE_CBEV_JIT_LIBRARY");
	lz_setup();
	list = lz_immediate_list(true);
}

static inline void teardown(void)
{
	ck_assert_ok(zeCommandListDestroy(list));
	lz_teardown();
}

static inline void *spv_read(const char *name, size_t *size)
{
	char path[256];
	void *buf;
	FILE *f;
	long n;

	snprintf(path, sizeof(path), "%s/%s.spv", KERNELS, name);
	f = fopen(path, "rb");
	ck_assert_msg(f, "%s is in the image", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n);
	ck_assert_int_eq(fread(buf, 1, n, f), n);
	fclose(f);
	*size = n;
	return buf;
}

static inline ze_result_t module_create(const char *file, const char *flags,
					const ze_module_constants_t *consts,
					ze_module_handle_t *mod,
					ze_module_build_log_handle_t *log)
{
	ze_module_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
		.format = ZE_MODULE_FORMAT_IL_SPIRV,
		.pBuildFlags = flags,
		.pConstants = consts,
	};
	ze_result_t r;
	void *spv = spv_read(file, &desc.inputSize);

	desc.pInputModule = spv;
	r = zeModuleCreate(lz_context, lz_device, &desc, mod, log);
	free(spv);
	return r;
}

static inline ze_module_handle_t module_ok(const char *file)
{
	ze_module_build_log_handle_t log;
	ze_module_handle_t mod;
	ze_result_t r = module_create(file, NULL, NULL, &mod, &log);
	char text[1024] = "";
	size_t n = sizeof(text);

	zeModuleBuildLogGetString(log, &n, text);
	zeModuleBuildLogDestroy(log);
	ck_assert_msg(r == ZE_RESULT_SUCCESS, "%s builds (0x%x): %s", file, r, text);
	return mod;
}

static inline ze_kernel_handle_t kernel(ze_module_handle_t mod, const char *name)
{
	ze_kernel_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC, .pKernelName = name,
	};
	ze_kernel_handle_t k;

	ck_assert_ok(zeKernelCreate(mod, &desc, &k));
	return k;
}

static inline void sync_list(ze_command_list_handle_t l)
{
	ck_assert_ze(lz_list_sync(l, LZ_TIMEOUT_NS), ZE_RESULT_SUCCESS,
		     "the launches complete");
}

static inline void vadd_args(ze_kernel_handle_t k, float *a, float *b, float *c)
{
	lz_arg_ptr(k, 0, a);
	lz_arg_ptr(k, 1, b);
	lz_arg_ptr(k, 2, c);
}

static inline void fill_ramp(float *x, uint32_t n, float scale)
{
	for (uint32_t i = 0; i < n; i++)
		x[i] = (float)(i % 1000) * scale;
}

#endif /* _LIBZE_TEST_KERNELS_H */
