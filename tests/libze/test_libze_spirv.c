// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of SPIR-V modules, their kernels and their launches on the
 * device's execution units (modules/module_jit.c, kernel_jit.c,
 * eu_pool.c, eu_fault.c, append/append_jit.c), with the stand-in
 * compiler (tests/libze/jit_standin.c, XE_CBEV_JIT_LIBRARY): every result
 * checked against the same computation on the host.
 */

#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libze_test.h"
#include "libze_test_cb.h"
#include "libze_test_spirv.h"
#include "common/ipc_socket.h"
#include "check_run.h"

#define STANDIN	LZ_JIT_STANDIN

static ze_command_list_handle_t list;

static void setup(void)
{
	setenv("XE_CBEV_JIT_LIBRARY", STANDIN, 1);
	lz_setup();
	list = lz_immediate_list(true);
}

/* Queues that make no progress for 300 ms are hung. */
static void setup_hang(void)
{
	setenv("XE_CBEV_HANG_TIMEOUT_MS", "300", 1);
	setup();
}

static void teardown(void)
{
	ck_assert_ok(zeCommandListDestroy(list));
	lz_teardown();
}

static ze_result_t module_create(const char *names, const char *flags,
				 const ze_module_constants_t *consts,
				 ze_module_handle_t *mod,
				 ze_module_build_log_handle_t *log)
{
	static uint32_t w[256];
	ze_module_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
		.format = ZE_MODULE_FORMAT_IL_SPIRV,
		.pBuildFlags = flags,
		.pConstants = consts,
	};

	desc.inputSize = lz_spirv(w, names);
	desc.pInputModule = (const uint8_t *)w;
	return zeModuleCreate(lz_context, lz_device, &desc, mod, log);
}

static ze_module_handle_t module_ok(const char *names)
{
	ze_module_handle_t mod;

	ck_assert_ok(module_create(names, NULL, NULL, &mod, NULL));
	return mod;
}

static ze_kernel_handle_t kernel(ze_module_handle_t mod, const char *name)
{
	ze_kernel_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC, .pKernelName = name,
	};
	ze_kernel_handle_t k;

	ck_assert_ok(zeKernelCreate(mod, &desc, &k));
	return k;
}

static void log_text(ze_module_build_log_handle_t log, char *buf, size_t size)
{
	size_t n = 0;

	ck_assert_ok(zeModuleBuildLogGetString(log, &n, NULL));
	ck_assert_uint_le(n, size);
	ck_assert_ok(zeModuleBuildLogGetString(log, &n, buf));
	ck_assert_ok(zeModuleBuildLogDestroy(log));
}

static void sync_list(ze_command_list_handle_t l)
{
	ck_assert_ze(lz_list_sync(l, LZ_TIMEOUT_NS), ZE_RESULT_SUCCESS,
		     "the launches complete");
}

static void vadd_args(ze_kernel_handle_t k, float *a, float *b, float *c,
		      uint32_t n)
{
	lz_arg_ptr(k, 0, a);
	lz_arg_ptr(k, 1, b);
	lz_arg_ptr(k, 2, c);
	lz_arg_u32(k, 3, n);
}

/* ---- modules ------------------------------------------------------------ */

START_TEST(test_spirv_module)
{
	ze_module_build_log_handle_t log;
	ze_module_properties_t props = { .stype = ZE_STRUCTURE_TYPE_MODULE_PROPERTIES };
	ze_module_handle_t mod, back;
	ze_module_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
		.format = ZE_MODULE_FORMAT_NATIVE,
	};
	const char *names[4];
	uint32_t n = 0;
	uint8_t *bin;
	size_t size = 0, gsize = 0;
	char text[256];
	void *table = NULL;

	ck_assert_ok(module_create("vadd\0count\0", "-cl-mad-enable", NULL, &mod, &log));
	log_text(log, text, sizeof(text));
	ck_assert_msg(strstr(text, "-cl-mad-enable"), "the log names the flag: %s", text);

	ck_assert_ok(zeModuleGetKernelNames(mod, &n, NULL));
	ck_assert_uint_eq(n, 2);
	ck_assert_ok(zeModuleGetKernelNames(mod, &n, names));
	ck_assert_str_eq(names[0], "vadd");
	ck_assert_str_eq(names[1], "count");
	ck_assert_ok(zeModuleGetProperties(mod, &props));
	ck_assert_uint_eq(props.flags, 0);
	ck_assert_ok(zeModuleDynamicLink(1, &mod, NULL));

	ck_assert_ok(zeModuleGetGlobalPointer(mod, "table", &gsize, &table));
	ck_assert_uint_eq(gsize, 64);
	ck_assert_ptr_nonnull(table);
	memset(table, 1, gsize);
	ck_assert_ze(zeModuleGetGlobalPointer(mod, "nope", &gsize, &table),
		     ZE_RESULT_ERROR_INVALID_GLOBAL_NAME, "no such global");

	/* The native binary makes the same module back, without SPIR-V. */
	ck_assert_ok(zeModuleGetNativeBinary(mod, &size, NULL));
	bin = malloc(size);
	ck_assert_ok(zeModuleGetNativeBinary(mod, &size, bin));
	desc.inputSize = size;
	desc.pInputModule = bin;
	ck_assert_ok(zeModuleCreate(lz_context, lz_device, &desc, &back, NULL));
	n = 4;
	ck_assert_ok(zeModuleGetKernelNames(back, &n, names));
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(names[1], "count");
	free(bin);
	ck_assert_ok(zeModuleDestroy(back));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

START_TEST(test_spirv_build_failures)
{
	static const uint32_t not_spirv[8] = { 0x12345678 };
	ze_module_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
		.format = ZE_MODULE_FORMAT_IL_SPIRV,
		.inputSize = sizeof(not_spirv),
		.pInputModule = (const uint8_t *)not_spirv,
	};
	ze_module_build_log_handle_t log;
	ze_module_handle_t mod;
	char text[256];

	ck_assert_ze(zeModuleCreate(lz_context, lz_device, &desc, &mod, &log),
		     ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "invalid SPIR-V");
	log_text(log, text, sizeof(text));
	ck_assert_msg(strstr(text, "invalid SPIR-V"), "log: %s", text);

	ck_assert_ze(module_create("vadd\0unsupported_cap\0", NULL, NULL, &mod, &log),
		     ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "unsupported capability");
	log_text(log, text, sizeof(text));
	ck_assert_msg(strstr(text, "capability"), "log: %s", text);

	ck_assert_ze(module_create("vadd\0missing_func\0", NULL, NULL, &mod, &log),
		     ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "unresolved function");
	log_text(log, text, sizeof(text));
	ck_assert_msg(strstr(text, "missing_func"), "log: %s", text);
}
END_TEST

START_TEST(test_spirv_no_compiler)
{
	ze_module_build_log_handle_t log;
	ze_module_handle_t mod;
	char text[512];

	setenv("XE_CBEV_JIT_LIBRARY", "/nonexistent/libxe_cbev_jit.so.1", 1);
	ck_assert_ze(module_create("vadd\0", NULL, NULL, &mod, &log),
		     ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "no compiler");
	log_text(log, text, sizeof(text));
	ck_assert_msg(strstr(text, "cannot load the SPIR-V compiler"), "log: %s", text);
}
END_TEST

/* ---- kernels ------------------------------------------------------------- */

START_TEST(test_spirv_kernel_entry_points)
{
	ze_module_handle_t mod = module_ok("vadd\0affine\0group_sum\0");
	ze_kernel_properties_t props = { .stype = ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES };
	ze_kernel_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC, .pKernelName = "nope",
	};
	ze_kernel_handle_t k, aff, sum;
	ze_kernel_indirect_access_flags_t ia;
	uint32_t gx, gy, gz, total;
	uint64_t v64 = 0;
	char name[16];
	size_t size = 0;

	ck_assert_ze(zeKernelCreate(mod, &desc, &k), ZE_RESULT_ERROR_INVALID_KERNEL_NAME,
		     "no such kernel");
	k = kernel(mod, "vadd");
	aff = kernel(mod, "affine");
	sum = kernel(mod, "group_sum");

	ck_assert_ok(zeKernelGetName(k, &size, NULL));
	ck_assert_uint_eq(size, 5);
	ck_assert_ok(zeKernelGetName(k, &size, name));
	ck_assert_str_eq(name, "vadd");

	ck_assert_ok(zeKernelGetProperties(k, &props));
	ck_assert_uint_eq(props.numKernelArgs, 4);
	ck_assert_uint_eq(props.requiredGroupSizeX, 0);
	ck_assert_uint_eq(props.privateMemSize, 16);
	ck_assert_uint_ge(props.maxSubgroupSize, 1);
	ck_assert_ok(zeKernelGetProperties(aff, &props));
	ck_assert_uint_eq(props.numKernelArgs, 3);
	ck_assert_uint_eq(props.requiredGroupSizeX, 16);
	ck_assert_uint_eq(props.requiredGroupSizeY, 1);
	ck_assert_ok(zeKernelGetProperties(sum, &props));
	ck_assert_uint_eq(props.localMemSize, 4);

	/* Argument sizes are checked; __local ones take a size and no value. */
	ck_assert_ze(zeKernelSetArgumentValue(k, 3, 2, &v64),
		     ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE, "a uint is 4 bytes");
	ck_assert_ze(zeKernelSetArgumentValue(k, 0, 4, &v64),
		     ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE, "a pointer is 8 bytes");
	ck_assert_ze(zeKernelSetArgumentValue(k, 4, 4, &v64),
		     ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX, "4 arguments");
	ck_assert_ok(zeKernelSetArgumentValue(k, 0, 8, NULL));
	ck_assert_ok(zeKernelSetArgumentValue(sum, 2, 64, NULL));

	/* Group sizes: the kernel's maximum, and reqd_work_group_size. */
	ck_assert_ok(zeKernelSetGroupSize(k, 1024, 1, 1));
	ck_assert_ze(zeKernelSetGroupSize(k, 1025, 1, 1),
		     ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION, "above the maximum");
	ck_assert_ze(zeKernelSetGroupSize(sum, 512, 1, 1),
		     ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION, "above the kernel's");
	ck_assert_ze(zeKernelSetGroupSize(aff, 8, 1, 1),
		     ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION, "not the required");
	ck_assert_ok(zeKernelSetGroupSize(aff, 16, 1, 1));
	ck_assert_ok(zeKernelSuggestGroupSize(k, 4096, 1, 1, &gx, &gy, &gz));
	ck_assert_uint_eq(4096 % gx, 0);
	ck_assert_uint_le(gx, 1024);
	ck_assert_ok(zeKernelSuggestGroupSize(aff, 4096, 1, 1, &gx, &gy, &gz));
	ck_assert_uint_eq(gx, 16);
	ck_assert_ok(zeKernelSuggestMaxCooperativeGroupCount(k, &total));
	ck_assert_uint_ge(total, 1);

	ck_assert_ok(zeKernelSetIndirectAccess(k, ZE_KERNEL_INDIRECT_ACCESS_FLAG_DEVICE));
	ck_assert_ok(zeKernelGetIndirectAccess(k, &ia));
	ck_assert_uint_eq(ia, ZE_KERNEL_INDIRECT_ACCESS_FLAG_DEVICE);
	ck_assert_ok(zeKernelSetCacheConfig(k, ZE_CACHE_CONFIG_FLAG_LARGE_SLM));

	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeKernelDestroy(aff));
	ck_assert_ok(zeKernelDestroy(sum));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

START_TEST(test_spirv_missing_argument)
{
	ze_module_handle_t mod = module_ok("vadd\0");
	ze_kernel_handle_t k = kernel(mod, "vadd");
	ze_group_count_t count = { 1, 1, 1 };
	float *a = lz_alloc_device(64);

	lz_arg_ptr(k, 0, a);
	lz_arg_ptr(k, 1, a);
	lz_arg_ptr(k, 2, a);
	ck_assert_ze(zeCommandListAppendLaunchKernel(list, k, &count, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "argument 3 is not set");
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* ---- launches ------------------------------------------------------------ */

START_TEST(test_spirv_vadd)
{
	ze_module_handle_t mod = module_ok("vadd\0");
	ze_kernel_handle_t k = kernel(mod, "vadd");
	const uint32_t n = 100000;
	float *a = lz_alloc_device(n * 4), *b = lz_alloc_shared(n * 4);
	float *c = lz_alloc_device((n + 64) * 4);
	uint32_t i;

	for (i = 0; i < n; i++) {
		a[i] = (float)i * 0.5f;
		b[i] = (float)(n - i);
	}
	memset(c, 0, (n + 64) * 4);
	vadd_args(k, a, b, c, n);
	lz_launch(list, k, n + 64 - (n + 64) % 64, 64, NULL, 0, NULL);
	sync_list(list);
	for (i = 0; i < n; i++)
		ck_assert_msg(c[i] == a[i] + b[i], "c[%u] = %f", i, c[i]);
	ck_assert_msg(c[n] == 0.0f, "nothing past n");
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

START_TEST(test_spirv_local_memory_and_atomics)
{
	ze_module_handle_t mod = module_ok("group_sum\0count\0");
	ze_kernel_handle_t sum = kernel(mod, "group_sum"), cnt = kernel(mod, "count");
	const uint32_t groups = 512, items = 64;
	uint32_t *in = lz_alloc_device(groups * items * 4);
	uint32_t *out = lz_alloc_device(groups * 4);
	uint32_t *c32 = lz_alloc_shared(4);
	uint64_t *c64 = lz_alloc_shared(8);
	uint32_t i, g;

	for (i = 0; i < groups * items; i++)
		in[i] = i * 7 + 1;
	*c32 = 0;
	*c64 = 0;
	lz_arg_ptr(sum, 0, out);
	lz_arg_ptr(sum, 1, in);
	ck_assert_ok(zeKernelSetArgumentValue(sum, 2, items * 4, NULL));
	lz_launch(list, sum, groups * items, items, NULL, 0, NULL);
	lz_arg_ptr(cnt, 0, c32);
	lz_arg_ptr(cnt, 1, c64);
	lz_launch(list, cnt, groups * items, items, NULL, 0, NULL);
	sync_list(list);
	for (g = 0; g < groups; g++) {
		uint32_t want = 0;

		for (i = 0; i < items; i++)
			want += in[g * items + i];
		ck_assert_msg(out[g] == want, "group %u: %u, want %u", g, out[g], want);
	}
	ck_assert_uint_eq(*c32, groups * items);
	ck_assert_uint_eq(*c64, (uint64_t)groups * items * (groups * items + 1) / 2);
	ck_assert_ok(zeKernelDestroy(sum));
	ck_assert_ok(zeKernelDestroy(cnt));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* Specialization constants reach the kernel. */
START_TEST(test_spirv_spec_constants)
{
	uint32_t id = 7, value = 42;
	const void *values[1] = { &value };
	ze_module_constants_t consts = { 1, &id, values };
	ze_module_handle_t mod;
	ze_kernel_handle_t k;
	uint32_t *out = lz_alloc_shared(16 * 4), i;

	ck_assert_ok(module_create("spec_fill\0", NULL, &consts, &mod, NULL));
	k = kernel(mod, "spec_fill");
	lz_arg_ptr(k, 0, out);
	lz_launch(list, k, 16, 4, NULL, 0, NULL);
	sync_list(list);
	for (i = 0; i < 16; i++)
		ck_assert_uint_eq(out[i], 42);
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* Struct arguments by value; a regular list executed many times. */
START_TEST(test_spirv_regular_list_many_times)
{
	ze_module_handle_t mod = module_ok("affine\0");
	ze_kernel_handle_t k = kernel(mod, "affine");
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t rl = lz_list(true);
	struct { float a, b; } ab = { 1.0f, 1.0f };
	ze_group_count_t count = { 4, 1, 1 };
	float *x = lz_alloc_shared(64 * 4);
	uint32_t n = 64, i;

	for (i = 0; i < 64; i++)
		x[i] = (float)i;
	lz_arg_ptr(k, 0, x);
	ck_assert_ok(zeKernelSetArgumentValue(k, 1, sizeof(ab), &ab));
	lz_arg_u32(k, 2, n);
	ck_assert_ok(zeCommandListAppendLaunchKernel(rl, k, &count, NULL, 0, NULL));
	/* Changed after the append: the recording keeps its snapshot. */
	ab.b = 100.0f;
	ck_assert_ok(zeKernelSetArgumentValue(k, 1, sizeof(ab), &ab));
	ck_assert_ok(zeCommandListClose(rl));
	for (i = 0; i < 20; i++) {
		ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &rl, NULL));
		ck_assert_ok(zeCommandQueueSynchronize(q, LZ_TIMEOUT_NS));
	}
	for (i = 0; i < 64; i++)
		ck_assert_msg(x[i] == (float)i + 20.0f, "x[%u] = %f", i, x[i]);
	ck_assert_ok(zeCommandListDestroy(rl));
	ck_assert_ok(zeCommandQueueDestroy(q));
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/*
 * Every list type: out-of-order immediate and regular lists signalling
 * regular pool events, an in-order one a counter-based event (which only
 * in-order lists may signal), each waited for by the next launch and by
 * the host.
 */
START_TEST(test_spirv_list_types_and_events)
{
	ze_module_handle_t mod = module_ok("count\0");
	ze_kernel_handle_t k = kernel(mod, "count");
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t e0 = lz_event(pool, 0), e1 = lz_event(pool, 1), cb;
	ze_command_list_handle_t imm = lz_immediate_list(false), rl = lz_list(false);
	ze_command_queue_handle_t q = lz_queue();
	ze_group_count_t count = { 5, 1, 1 };
	uint32_t *c32 = lz_alloc_shared(4);
	uint64_t *c64 = lz_alloc_shared(8);

	lz_cb_setup();
	cb = lz_cb_event(CB_BOTH);
	*c32 = 0;
	*c64 = 0;
	lz_arg_ptr(k, 0, c32);
	lz_arg_ptr(k, 1, c64);
	ck_assert_ok(zeKernelSetGroupSize(k, 2, 1, 1));
	ck_assert_ok(zeCommandListAppendLaunchKernel(imm, k, &count, e0, 0, NULL));
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &count, cb, 1, &e0));
	ck_assert_ok(zeEventHostSynchronize(cb, LZ_TIMEOUT_NS));
	ck_assert_uint_eq(*c32, 20);

	ck_assert_ok(zeCommandListAppendLaunchKernel(rl, k, &count, NULL, 1, &cb));
	ck_assert_ok(zeCommandListAppendLaunchKernel(rl, k, &count, e1, 0, NULL));
	ck_assert_ok(zeCommandListClose(rl));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &rl, NULL));
	ck_assert_ok(zeEventHostSynchronize(e1, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandQueueSynchronize(q, LZ_TIMEOUT_NS));
	ck_assert_uint_eq(*c32, 40);
	ck_assert_uint_eq(*c64, 4 * 55);

	ck_assert_ok(zeCommandListDestroy(rl));
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeCommandQueueDestroy(q));
	ck_assert_ok(zeEventDestroy(cb));
	ck_assert_ok(zeEventDestroy(e0));
	ck_assert_ok(zeEventDestroy(e1));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/*
 * Indirect launches read their counts when they execute: written here
 * after the append, before the gate opens.
 */
START_TEST(test_spirv_indirect)
{
	ze_module_handle_t mod = module_ok("count\0");
	ze_kernel_handle_t k = kernel(mod, "count"), ks[2];
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t gate = lz_event(pool, 0);
	ze_group_count_t *counts = lz_alloc_device(2 * sizeof(*counts));
	uint32_t *n = lz_alloc_device(4), *c32 = lz_alloc_shared(4);
	uint64_t *c64 = lz_alloc_shared(8);

	memset(counts, 0, 2 * sizeof(*counts));
	*c32 = 0;
	*c64 = 0;
	lz_arg_ptr(k, 0, c32);
	lz_arg_ptr(k, 1, c64);
	ck_assert_ok(zeKernelSetGroupSize(k, 4, 1, 1));
	ck_assert_ok(zeCommandListAppendWaitOnEvents(list, 1, &gate));
	ck_assert_ok(zeCommandListAppendLaunchKernelIndirect(list, k, counts, NULL,
							     0, NULL));
	ks[0] = k;
	ks[1] = k;
	ck_assert_ok(zeCommandListAppendLaunchMultipleKernelsIndirect(list, 2, ks, n,
								      counts, NULL,
								      0, NULL));
	counts[0] = (ze_group_count_t){ 3, 2, 1 };
	counts[1] = (ze_group_count_t){ 100, 1, 1 };
	*n = 1;	/* the second kernel of the multiple launch does not run */
	ck_assert_ok(zeEventHostSignal(gate));
	sync_list(list);
	ck_assert_uint_eq(*c32, 2 * 3 * 2 * 4);
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* The 1.14 launch with arguments, and the cooperative launch. */
START_TEST(test_spirv_launch_forms)
{
	ze_result_t (*launch)(ze_command_list_handle_t, ze_kernel_handle_t,
			      const ze_group_count_t, const ze_group_size_t,
			      void **, const void *, ze_event_handle_t,
			      uint32_t, ze_event_handle_t *);
	ze_module_handle_t mod = module_ok("vadd\0group_sum\0");
	ze_kernel_handle_t k = kernel(mod, "vadd"), sum = kernel(mod, "group_sum");
	ze_group_count_t count = { 2, 1, 1 };
	ze_group_size_t gs = { 32, 1, 1 };
	float *a = lz_alloc_shared(64 * 4), *c = lz_alloc_shared(64 * 4);
	uint32_t *in = lz_alloc_shared(64 * 4), *out = lz_alloc_shared(8);
	uint32_t n = 64, i;
	size_t local = 32 * 4;
	void *args[4] = { &a, &a, &c, &n };
	void *sargs[3] = { &out, &in, &local };

	*(void **)&launch = lz_function("zeCommandListAppendLaunchKernelWithArguments");
	for (i = 0; i < 64; i++) {
		a[i] = (float)i;
		in[i] = i;
	}
	ck_assert_ok(launch(list, k, count, gs, args, NULL, NULL, 0, NULL));
	ck_assert_ok(launch(list, sum, count, gs, sargs, NULL, NULL, 0, NULL));
	sync_list(list);
	for (i = 0; i < 64; i++)
		ck_assert_msg(c[i] == 2.0f * i, "c[%u] = %f", i, c[i]);
	ck_assert_uint_eq(out[0], 31 * 32 / 2);
	ck_assert_uint_eq(out[1], (32 + 63) * 32 / 2);

	memset(c, 0, 64 * 4);
	ck_assert_ok(zeCommandListAppendLaunchCooperativeKernel(list, k, &count,
								NULL, 0, NULL));
	sync_list(list);
	ck_assert_msg(c[63] == 126.0f, "cooperative launch ran");
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeKernelDestroy(sum));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/*
 * Ordering with counter-based events: B's kernel waits on E, which A's
 * kernel signals after a gate the test opens; B's kernel reads A's output.
 */
START_TEST(test_spirv_cb_event_order)
{
	ze_module_handle_t mod = module_ok("vadd\0affine\0");
	ze_kernel_handle_t add = kernel(mod, "vadd"), aff = kernel(mod, "affine");
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t gate = lz_event(pool, 0), e;
	ze_command_list_handle_t lb = lz_immediate_list(true);
	struct { float a, b; } ab = { 2.0f, 0.0f };
	ze_group_count_t count = { 4, 1, 1 };
	float *a = lz_alloc_shared(64 * 4), *c = lz_alloc_shared(64 * 4);
	uint32_t i;

	lz_cb_setup();
	e = lz_cb_event(CB_IMM);
	for (i = 0; i < 64; i++)
		a[i] = (float)i;
	memset(c, 0, 64 * 4);
	vadd_args(add, a, a, c, 64);
	ck_assert_ok(zeKernelSetGroupSize(add, 16, 1, 1));
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, add, &count, e, 1, &gate));
	lz_arg_ptr(aff, 0, c);
	ck_assert_ok(zeKernelSetArgumentValue(aff, 1, sizeof(ab), &ab));
	lz_arg_u32(aff, 2, 64);
	ck_assert_ok(zeCommandListAppendLaunchKernel(lb, aff, &count, NULL, 1, &e));
	ck_assert_ze(zeEventQueryStatus(e), ZE_RESULT_NOT_READY, "gate closed");
	for (i = 0; i < 64; i++)
		ck_assert_msg(c[i] == 0.0f, "nothing ran before the gate");
	ck_assert_ok(zeEventHostSignal(gate));
	sync_list(lb);
	for (i = 0; i < 64; i++)
		ck_assert_msg(c[i] == 4.0f * i, "c[%u] = %f", i, c[i]);
	ck_assert_ok(zeCommandListDestroy(lb));
	ck_assert_ok(zeEventDestroy(e));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeKernelDestroy(add));
	ck_assert_ok(zeKernelDestroy(aff));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* The IPC seed with the stand-in compiler (lz_cb_ipc_vadd_after_exporter()). */
START_TEST(test_spirv_ipc_launch_after_exporter)
{
	ze_module_handle_t mod = module_ok("vadd\0");
	ze_kernel_handle_t add = kernel(mod, "vadd");

	lz_cb_setup();
	lz_cb_ipc_vadd_after_exporter(list, add, "spirv-import", true);
	ck_assert_ok(zeKernelDestroy(add));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* ---- faults and hangs ----------------------------------------------------- */

/* A kernel that faults loses its queue only; the process goes on. */
START_TEST(test_spirv_fault_bans_that_queue)
{
	ze_module_handle_t mod = module_ok("bad_ptr\0vadd\0");
	ze_kernel_handle_t bad = kernel(mod, "bad_ptr"), add = kernel(mod, "vadd");
	ze_command_list_handle_t other = lz_immediate_list(true);
	float *a = lz_alloc_shared(64 * 4), *c = lz_alloc_shared(64 * 4);
	uint32_t i;

	lz_arg_ptr(bad, 0, (void *)0xdead000ull);
	lz_launch(list, bad, 64, 8, NULL, 0, NULL);
	ck_assert_ze(lz_list_sync(list, LZ_TIMEOUT_NS), ZE_RESULT_ERROR_DEVICE_LOST,
		     "the faulting queue is lost");

	for (i = 0; i < 64; i++)
		a[i] = (float)i;
	vadd_args(add, a, a, c, 64);
	lz_launch(other, add, 64, 8, NULL, 0, NULL);
	sync_list(other);
	ck_assert_msg(c[63] == 126.0f, "another queue goes on");
	ck_assert_ok(zeCommandListDestroy(other));
	ck_assert_ok(zeKernelDestroy(bad));
	ck_assert_ok(zeKernelDestroy(add));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* An address nothing maps, hidden from the compiler. */
static volatile int *volatile nowhere = (volatile int *)0x10;
static sigjmp_buf app_jump;
static volatile sig_atomic_t app_faults;

static void app_handler(int sig, siginfo_t *info, void *uctx)
{
	(void)sig;
	(void)info;
	(void)uctx;
	app_faults++;
	siglongjmp(app_jump, 1);
}

/*
 * The execution units' fault handler acts on their threads only: a fault
 * on another thread goes to the handler the application had, and one
 * without a handler of its own still dies of it.
 */
START_TEST(test_spirv_fault_elsewhere_is_the_applications)
{
	struct sigaction sa = { .sa_sigaction = app_handler, .sa_flags = SA_SIGINFO };
	ze_module_handle_t mod = module_ok("vadd\0bad_ptr\0");
	ze_kernel_handle_t add = kernel(mod, "vadd"), bad = kernel(mod, "bad_ptr");
	ze_command_list_handle_t other = lz_immediate_list(true);
	float *a = lz_alloc_shared(64 * 4);

	sigemptyset(&sa.sa_mask);
	ck_assert_int_eq(sigaction(SIGSEGV, &sa, NULL), 0);
	/* The first launch starts the execution units and their handler. */
	vadd_args(add, a, a, a, 64);
	lz_launch(list, add, 64, 8, NULL, 0, NULL);
	sync_list(list);

	if (!sigsetjmp(app_jump, 1))
		*nowhere = 1;
	ck_assert_int_eq(app_faults, 1);

	/* Kernels' faults are still the execution units'. */
	lz_arg_ptr(bad, 0, (void *)0xdead000ull);
	lz_launch(other, bad, 8, 8, NULL, 0, NULL);
	ck_assert_ze(lz_list_sync(other, LZ_TIMEOUT_NS), ZE_RESULT_ERROR_DEVICE_LOST,
		     "the kernel's fault bans its queue");
	ck_assert_int_eq(app_faults, 1);
	ck_assert_ok(zeCommandListDestroy(other));
	ck_assert_ok(zeKernelDestroy(add));
	ck_assert_ok(zeKernelDestroy(bad));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/*
 * A forked child faults outside any kernel: it must die of SIGSEGV (a
 * chain of handlers that goes round for ever dies of SIGALRM instead).
 */
static void fault_in_child_kills(void)
{
	int wstatus;
	pid_t pid;

	pid = fork();
	if (!pid) {
		alarm(10);
		*nowhere = 1;
		_exit(0);
	}
	ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
	ck_assert_msg(WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGSEGV,
		      "the child died of SIGSEGV (status 0x%x)", wstatus);
}

/* Without a handler of its own, a process still dies of its faults. */
START_TEST(test_spirv_fault_elsewhere_still_kills)
{
	ze_module_handle_t mod = module_ok("vadd\0");
	ze_kernel_handle_t add = kernel(mod, "vadd");
	float *a = lz_alloc_shared(64 * 4);

	vadd_args(add, a, a, a, 64);
	lz_launch(list, add, 64, 8, NULL, 0, NULL);
	sync_list(list);
	fault_in_child_kills();
	ck_assert_ok(zeKernelDestroy(add));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/*
 * A handler the application installs after the execution units started
 * does not take the kernels' faults away: the next dispatch puts the
 * units' handler back in front of it, and faults elsewhere go to it.
 */
START_TEST(test_spirv_fault_guard_outlives_a_later_handler)
{
	struct sigaction sa = { .sa_sigaction = app_handler, .sa_flags = SA_SIGINFO };
	ze_module_handle_t mod = module_ok("vadd\0bad_ptr\0");
	ze_kernel_handle_t add = kernel(mod, "vadd"), bad = kernel(mod, "bad_ptr");
	ze_command_list_handle_t other = lz_immediate_list(true);
	float *a = lz_alloc_shared(64 * 4);

	/* The first launch starts the execution units and their handler. */
	vadd_args(add, a, a, a, 64);
	lz_launch(list, add, 64, 8, NULL, 0, NULL);
	sync_list(list);
	sigemptyset(&sa.sa_mask);
	ck_assert_int_eq(sigaction(SIGSEGV, &sa, NULL), 0);
	app_faults = 0;

	lz_arg_ptr(bad, 0, (void *)0xdead000ull);
	lz_launch(other, bad, 64, 8, NULL, 0, NULL);
	ck_assert_ze(lz_list_sync(other, LZ_TIMEOUT_NS), ZE_RESULT_ERROR_DEVICE_LOST,
		     "the kernel's fault bans its queue");
	ck_assert_int_eq(app_faults, 0);

	/* The application's own faults are still its handler's. */
	if (!sigsetjmp(app_jump, 1))
		*nowhere = 1;
	ck_assert_int_eq(app_faults, 1);
	ck_assert_ok(zeCommandListDestroy(other));
	ck_assert_ok(zeKernelDestroy(add));
	ck_assert_ok(zeKernelDestroy(bad));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* The application's later handler: what it replaced, and its calls. */
static struct sigaction later_prev;
static volatile int *later_calls;

/* A crash reporter's habit: note the fault, then hand it to the old handler. */
static void hands_back(int sig, siginfo_t *info, void *uctx)
{
	++*later_calls;
	later_prev.sa_sigaction(sig, info, uctx);
}

/* Another habit: note the fault, put the old handler back and return. */
static void restores_and_returns(int sig, siginfo_t *info, void *uctx)
{
	(void)info;
	(void)uctx;
	++*later_calls;
	sigaction(sig, &later_prev, NULL);
}

/*
 * @fn, installed as the application's SIGSEGV handler once the units run
 * (over theirs), and the units back in front of it at the next dispatch;
 * then a fault in a forked child outside any kernel must kill it, with
 * @fn called once.
 */
static void later_handler_then_fault(void (*fn)(int, siginfo_t *, void *))
{
	struct sigaction sa = { .sa_sigaction = fn, .sa_flags = SA_SIGINFO };
	ze_module_handle_t mod = module_ok("vadd\0");
	ze_kernel_handle_t add = kernel(mod, "vadd");
	float *a = lz_alloc_shared(64 * 4);

	later_calls = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ck_assert_ptr_ne((void *)later_calls, MAP_FAILED);
	vadd_args(add, a, a, a, 64);
	lz_launch(list, add, 64, 8, NULL, 0, NULL);
	sync_list(list);
	sigemptyset(&sa.sa_mask);
	ck_assert_int_eq(sigaction(SIGSEGV, &sa, &later_prev), 0);
	ck_assert(later_prev.sa_flags & SA_SIGINFO);
	/* The next dispatch takes the place back, in front of @fn. */
	lz_launch(list, add, 64, 8, NULL, 0, NULL);
	sync_list(list);

	fault_in_child_kills();
	ck_assert_int_eq(*later_calls, 1);
	munmap((void *)later_calls, 4096);
	ck_assert_ok(zeKernelDestroy(add));
	ck_assert_ok(zeModuleDestroy(mod));
}

/*
 * A later handler that hands faults back to the one it replaced (the
 * units') makes no loop once the units took their place back: the fault
 * goes on to what that one had replaced, the default, and kills.
 */
START_TEST(test_spirv_fault_handed_back_is_no_loop)
{
	later_handler_then_fault(hands_back);
}
END_TEST

/*
 * A later handler that puts back the one it replaced (the units') and
 * returns, for the instruction to fault again: it left the chain, so the
 * second fault goes on to the default and kills, as without libze (and
 * does not go round the application's handler for ever).
 */
START_TEST(test_spirv_fault_restored_handler_leaves)
{
	later_handler_then_fault(restores_and_returns);
}
END_TEST

/* A kernel that never ends is banned by the hang timeout. */
START_TEST(test_spirv_endless_kernel_banned)
{
	ze_module_handle_t mod;
	ze_kernel_handle_t k;
	ze_command_list_handle_t l;
	_Atomic int *flag;

	l = lz_immediate_list(true);
	mod = module_ok("spin\0");
	k = kernel(mod, "spin");
	flag = lz_alloc_shared(4);
	atomic_store(flag, 0);
	lz_arg_ptr(k, 0, (void *)flag);
	lz_launch(l, k, 1, 1, NULL, 0, NULL);
	ck_assert_ze(lz_list_sync(l, LZ_TIMEOUT_NS), ZE_RESULT_ERROR_DEVICE_LOST,
		     "the endless kernel's queue is banned");
	/* Let the execution unit out, so that teardown can stop the pool. */
	atomic_store(flag, 1);
	ck_assert_ok(zeCommandListDestroy(l));
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

static Suite *spirv_suite(void)
{
	Suite *s = suite_create("spirv");
	TCase *tc;

	tc = tcase_create("modules");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_spirv_module);
	tcase_add_test(tc, test_spirv_build_failures);
	tcase_add_test(tc, test_spirv_no_compiler);
	tcase_add_test(tc, test_spirv_kernel_entry_points);
	tcase_add_test(tc, test_spirv_missing_argument);
	suite_add_tcase(s, tc);

	tc = tcase_create("launches");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_spirv_vadd);
	tcase_add_test(tc, test_spirv_local_memory_and_atomics);
	tcase_add_test(tc, test_spirv_spec_constants);
	tcase_add_test(tc, test_spirv_regular_list_many_times);
	tcase_add_test(tc, test_spirv_list_types_and_events);
	tcase_add_test(tc, test_spirv_indirect);
	tcase_add_test(tc, test_spirv_launch_forms);
	tcase_add_test(tc, test_spirv_cb_event_order);
	tcase_add_test(tc, test_spirv_ipc_launch_after_exporter);
	suite_add_tcase(s, tc);

	tc = tcase_create("faults");
	tcase_add_checked_fixture(tc, setup_hang, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_spirv_fault_bans_that_queue);
	tcase_add_test(tc, test_spirv_fault_elsewhere_is_the_applications);
	tcase_add_test(tc, test_spirv_fault_elsewhere_still_kills);
	tcase_add_test(tc, test_spirv_fault_guard_outlives_a_later_handler);
	tcase_add_test(tc, test_spirv_fault_handed_back_is_no_loop);
	tcase_add_test(tc, test_spirv_fault_restored_handler_leaves);
	tcase_add_test(tc, test_spirv_endless_kernel_banned);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(spirv_suite());
}
