// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * xe_cbev_bench_kernels - the same OpenCL C kernels (tests/kernels) run by
 * Debian's PoCL (OpenCL, from source), by the compiler shim directly (its
 * work-group functions on 1..N host threads, as execution units run them)
 * and, when the driver takes SPIR-V, through Level Zero with 1..N
 * execution-unit threads (XE_CBEV_EU_THREADS, one child process each);
 * prints the best of several runs of each and the ratios to PoCL. Asserts
 * nothing.
 *
 *   xe_cbev_bench_kernels [KERNELS_DIR [SOURCES_DIR]]
 *   xe_cbev_bench_kernels --vm-log LOG [KERNELS_DIR [SOURCES_DIR]]
 *   xe_cbev_bench_kernels --launch-only [KERNELS_DIR]
 *
 * KERNELS_DIR holds the *.spv the build made, SOURCES_DIR the *.cl. The
 * Level Zero lines it prints ("l0 KERNEL THREADS MS") are read back by
 * --vm-log: `make bench-kernels` runs the Level Zero side in the VM, where
 * PoCL is not installed, then this program on the host, which runs PoCL
 * and prints the two side by side. --launch-only measures the empty
 * launch against the 64-byte fill alone (in the VM).
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <dlfcn.h>
#include <level_zero/ze_api.h>
#include <libze_xe_cbev.h>
#include <pthread.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/syscall_count.h"
#include "xe_jit.h"

#ifndef JIT_SO
#define JIT_SO "libxe_cbev_jit.so.1"
#endif
#ifndef KERNELS_DIR
#define KERNELS_DIR "."
#endif
#ifndef SOURCES_DIR
#define SOURCES_DIR "."
#endif

#define RUNS	5
#define N_VEC	(16u << 20)
#define N_MAT	512
#define N_BODY	4096
#define N_BS	(4u << 20)

static const char *spv_dir = KERNELS_DIR, *cl_dir = SOURCES_DIR;

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

static void *read_file(const char *dir, const char *name, size_t *size)
{
	char path[512];
	FILE *f;
	void *buf = NULL;
	long n;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = calloc(1, n + 1);
	if (buf && fread(buf, 1, n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*size = n;
	return buf;
}

/* One benchmark: a kernel of a file, its grid and arguments. An argument
 * is a buffer (index into bufs), a scalar, or local memory. */
enum arg_kind { BUF, SCALAR, LOCAL };
struct arg {
	enum arg_kind kind;
	int buf;
	size_t size;
	const void *val;
};
struct bench {
	const char *name, *file, *kernel;
	uint32_t dims;
	size_t global[2], local[2];
	struct arg args[4];
	uint32_t nargs;
	const char *cl_options;	/* PoCL's build options */
};

static float alpha = 2.0f;
static int n_mat = N_MAT;
static int n_body = N_BODY;
static float *bufs[3];
static size_t buf_size[3];

static const struct bench benches[] = {
	{ "vadd 16M", "basic", "vadd", 1, { N_VEC }, { 256 },
	  { { .kind = BUF, .buf = 0 }, { .kind = BUF, .buf = 1 }, { .kind = BUF, .buf = 2 } }, 3, NULL },
	{ "saxpy 16M", "basic", "saxpy", 1, { N_VEC }, { 256 },
	  { { .kind = SCALAR, .size = 4, .val = &alpha }, { .kind = BUF, .buf = 0 }, { .kind = BUF, .buf = 1 } }, 3, NULL },
	{ "reduce 16M/256", "barrier", "reduce", 1, { N_VEC }, { 256 },
	  { { .kind = BUF, .buf = 0 }, { .kind = BUF, .buf = 1 }, { .kind = LOCAL, .size = 256 * 4 } }, 3, NULL },
	{ "matmul naive 512", "matmul", "matmul_naive", 2, { N_MAT, N_MAT }, { 16, 16 },
	  { { .kind = BUF, .buf = 0 }, { .kind = BUF, .buf = 1 }, { .kind = BUF, .buf = 2 }, { .kind = SCALAR, .size = 4, .val = &n_mat } }, 4, NULL },
	{ "matmul tiled 512", "matmul", "matmul_tiled", 2, { N_MAT, N_MAT }, { 16, 16 },
	  { { .kind = BUF, .buf = 0 }, { .kind = BUF, .buf = 1 }, { .kind = BUF, .buf = 2 }, { .kind = SCALAR, .size = 4, .val = &n_mat } }, 4, NULL },
	/* The built-in library and collectives (tests/kernels/perf.cl). */
	{ "n-body 4K (rsqrt)", "perf", "nbody", 1, { N_BODY }, { 64 },
	  { { .kind = BUF, .buf = 0 }, { .kind = BUF, .buf = 1 }, { .kind = SCALAR, .size = 4, .val = &n_body } }, 3,
	  "-cl-std=CL2.0" },
	{ "black-scholes 4M", "perf", "black_scholes", 1, { N_BS }, { 256 },
	  { { .kind = BUF, .buf = 0 }, { .kind = BUF, .buf = 1 }, { .kind = BUF, .buf = 2 } }, 3,
	  "-cl-std=CL2.0" },
	{ "sub-group reduce 16M", "perf_collectives", "sg_sum", 1, { N_VEC }, { 256 },
	  { { .kind = BUF, .buf = 0 }, { .kind = BUF, .buf = 1 } }, 2, "-cl-std=CL2.0" },
	{ "work_group_reduce 16M", "perf_collectives", "wg_sum", 1, { N_VEC }, { 256 },
	  { { .kind = BUF, .buf = 0 }, { .kind = BUF, .buf = 1 } }, 2, "-cl-std=CL2.0" },
};
#define NB (sizeof(benches) / sizeof(benches[0]))

/* ---- PoCL ------------------------------------------------------------------ */

static double pocl_time[NB];

static void run_pocl(void)
{
	cl_platform_id plats[8];
	cl_uint np = 0;
	cl_device_id dev = NULL;
	cl_int err;

	if (clGetPlatformIDs(8, plats, &np) != CL_SUCCESS || !np) {
		printf("pocl: no OpenCL platform, skipped\n");
		return;
	}
	for (cl_uint i = 0; i < np && !dev; i++) {
		char name[256] = "";

		clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof(name), name, NULL);
		if (strstr(name, "Portable Computing Language"))
			clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_CPU, 1, &dev, NULL);
	}
	if (!dev) {
		printf("pocl: no PoCL CPU device, skipped\n");
		return;
	}
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
	cl_mem mem[3];
	cl_uint units = 0;

	clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof(units), &units, NULL);
	printf("pocl: %u compute units\n", units);
	for (int i = 0; i < 3; i++)
		mem[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR,
					buf_size[i], bufs[i], &err);
	for (size_t b = 0; b < NB; b++) {
		const struct bench *bn = &benches[b];
		char file[64];
		size_t size;
		char *src;

		snprintf(file, sizeof(file), "%s.cl", bn->file);
		src = read_file(cl_dir, file, &size);
		if (!src) {
			printf("pocl: %s/%s missing\n", cl_dir, file);
			continue;
		}
		cl_program prog = clCreateProgramWithSource(ctx, 1, (const char **)&src,
							    NULL, &err);
		if (clBuildProgram(prog, 1, &dev, bn->cl_options ? bn->cl_options : "",
				   NULL, NULL) != CL_SUCCESS) {
			char log[2048] = "";

			clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG,
					      sizeof(log), log, NULL);
			printf("pocl: %s does not build:\n%s\n", file, log);
			continue;
		}
		cl_kernel k = clCreateKernel(prog, bn->kernel, &err);
		for (uint32_t a = 0; a < bn->nargs; a++) {
			const struct arg *ar = &bn->args[a];

			if (ar->kind == BUF)
				clSetKernelArg(k, a, sizeof(cl_mem), &mem[ar->buf]);
			else if (ar->kind == SCALAR)
				clSetKernelArg(k, a, ar->size, ar->val);
			else
				clSetKernelArg(k, a, ar->size, NULL);
		}
		double best = 1e9;
		for (int r = 0; r < RUNS + 1; r++) {
			double t = now();

			clEnqueueNDRangeKernel(q, k, bn->dims, NULL, bn->global,
					       bn->local, 0, NULL, NULL);
			clFinish(q);
			t = now() - t;
			if (r && t < best)	/* the first run warms up */
				best = t;
		}
		pocl_time[b] = best;
		clReleaseKernel(k);
		clReleaseProgram(prog);
		free(src);
	}
	for (int i = 0; i < 3; i++)
		clReleaseMemObject(mem[i]);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
}

/* ---- the compiler shim, as execution units run it --------------------------- */

static const struct xe_jit_ops *ops;

struct eu_run {
	xe_jit_group_fn fn;
	struct xe_jit_group proto;
	void **argv;
	int local_arg;
	size_t local_size, static_local, scratch;
	uint64_t total, next, run;
};

static void *eu_thread(void *p)
{
	struct eu_run *r = p;
	struct xe_jit_group g = r->proto;
	void *argv[4], *local = NULL;
	uint64_t i;

	memcpy(argv, r->argv, sizeof(argv));
	if (r->local_arg >= 0) {
		local = aligned_alloc(128, (r->local_size + 127) / 128 * 128);
		argv[r->local_arg] = &local;
	}
	g.argv = argv;
	g.static_local = r->static_local ? aligned_alloc(128, (r->static_local + 127) / 128 * 128) : NULL;
	g.scratch = r->scratch ? malloc(r->scratch) : NULL;
	g.scratch_bytes = r->scratch;
	/* Runs of groups, as the execution units take them (eu_pool.c). */
	while ((i = __atomic_fetch_add(&r->next, r->run, __ATOMIC_RELAXED)) <
	       r->total) {
		uint64_t end = i + r->run < r->total ? i + r->run : r->total;

		for (; i < end; i++) {
			g.group_id[0] = i % g.num_groups[0];
			g.group_id[1] = i / g.num_groups[0];
			r->fn(&g);
		}
	}
	free(local);
	free(g.static_local);
	free(g.scratch);
	return NULL;
}

static double run_jit_one(const struct bench *bn, struct xe_jit_module *mod,
			  unsigned int threads)
{
	uint32_t n = ops->kernel_count(mod), k;
	struct eu_run r = { .local_arg = -1 };
	void *argv[4];
	pthread_t t[64];
	double best = 1e9;

	for (k = 0; k < n; k++)
		if (!strcmp(ops->kernel_info(mod, k)->name, bn->kernel))
			break;
	if (k == n)
		return 0;
	const struct xe_jit_kernel_info *info = ops->kernel_info(mod, k);
	for (uint32_t a = 0; a < bn->nargs; a++) {
		const struct arg *ar = &bn->args[a];

		if (ar->kind == BUF)
			argv[a] = &bufs[ar->buf];
		else if (ar->kind == SCALAR)
			argv[a] = (void *)ar->val;
		else {
			r.local_arg = (int)a;
			r.local_size = ar->size;
		}
	}
	r.fn = ops->group_fn(mod, k);
	r.argv = argv;
	r.static_local = info->static_local_size;
	r.total = 1;
	for (int d = 0; d < 3; d++) {
		r.proto.local_size[d] = d < (int)bn->dims ? bn->local[d] : 1;
		r.proto.num_groups[d] = d < (int)bn->dims ? bn->global[d] / bn->local[d] : 1;
		r.total *= r.proto.num_groups[d];
	}
	r.proto.work_dim = bn->dims;
	r.scratch = ops->group_scratch_size(mod, k, r.proto.local_size);
	r.run = r.total / (16 * threads);
	r.run = r.run ? r.run : 1;
	for (int run = 0; run < RUNS + 1; run++) {
		double s = now();

		r.next = 0;
		for (unsigned int i = 0; i < threads; i++)
			pthread_create(&t[i], NULL, eu_thread, &r);
		for (unsigned int i = 0; i < threads; i++)
			pthread_join(t[i], NULL);
		s = now() - s;
		if (run && s < best)
			best = s;
	}
	return best;
}

static void run_jit(unsigned int max_threads)
{
	void *h = dlopen(JIT_SO, RTLD_NOW | RTLD_LOCAL);

	if (!h)	/* in the VM, where the build's path is not */
		h = dlopen("libxe_cbev_jit.so.1", RTLD_NOW | RTLD_LOCAL);
	xe_jit_get_ops_fn get = h ? (xe_jit_get_ops_fn)dlsym(h, "xe_jit_get_ops") : NULL;

	ops = get ? get(XE_JIT_ABI_VERSION) : NULL;
	if (!ops) {
		printf("jit: %s not loadable, skipped\n", JIT_SO);
		return;
	}
	printf("\n%-18s %10s", "kernel", "pocl ms");
	for (unsigned int t = 1; t <= max_threads; t *= 2)
		printf("   jit/%u ms  ratio", t);
	printf("\n");
	for (size_t b = 0; b < NB; b++) {
		const struct bench *bn = &benches[b];
		struct xe_jit_module *mod = NULL;
		char file[64], *log = NULL;
		size_t size;
		void *spv;

		snprintf(file, sizeof(file), "%s.spv", bn->file);
		spv = read_file(spv_dir, file, &size);
		if (!spv || ops->compile(spv, size, NULL, 0, "", &mod, &log)) {
			printf("%-18s jit: %s\n", bn->name, log ? log : "no SPIR-V");
			free(spv);
			free(log);
			continue;
		}
		printf("%-18s %10.3f", bn->name, pocl_time[b] * 1e3);
		for (unsigned int t = 1; t <= max_threads; t *= 2) {
			double s = run_jit_one(bn, mod, t);

			printf("   %9.3f %6.2f", s * 1e3,
			       pocl_time[b] > 0 ? s / pocl_time[b] : 0.0);
		}
		printf("\n");
		ops->destroy(mod);
		free(spv);
	}
}

/* ---- Level Zero -------------------------------------------------------------- */

#define MAX_T	6	/* thread counts 1, 2, 4, ... 32 */

/* Best times of the Level Zero launches per kernel and thread count (in
 * memory shared with the children that ran them), and the launch overhead:
 * empty kernel, 64-byte fill. */
struct l0_times {
	double kernel[MAX_T][NB];
	double empty[MAX_T], fill[MAX_T];
};
static struct l0_times *l0;
static bool launch_only;

/*
 * A busy queue: BUSY_N appends on an asynchronous in-order immediate list,
 * then one host synchronize; time per append and the system calls of the
 * appending thread and of the others (the execution units), per append:
 * empty launches, 64-byte fills, and empty launches that each signal a
 * counter-based event (the seed's pattern), the same event every time.
 */
#define BUSY_N	200
static void l0_busy(ze_driver_handle_t drv, ze_context_handle_t ctx,
		    ze_device_handle_t dev, ze_kernel_handle_t k, void *dst,
		    unsigned int threads)
{
	ze_result_t (*cb_create)(ze_context_handle_t, ze_device_handle_t,
				 const zex_counter_based_event_desc_t *,
				 ze_event_handle_t *) = NULL;
	zex_counter_based_event_desc_t cd = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.flags = ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE,
	};
	ze_event_handle_t cb = NULL;
	ze_command_queue_desc_t qd = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
		.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
	};
	ze_event_pool_desc_t pd = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
		.flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE, .count = 1,
	};
	ze_event_desc_t ed = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_DESC,
		.signal = ZE_EVENT_SCOPE_FLAG_HOST,
	};
	ze_group_count_t one = { 1, 1, 1 };
	int64_t own[3] = { -1, -1, -1 }, others[3] = { -1, -1, -1 };
	ze_command_list_handle_t list;
	ze_event_pool_handle_t pool;
	ze_event_handle_t done;
	uint64_t pattern = 0;
	double t[3] = { 0 }, app[3] = { 0 };

	if (zeDriverGetExtensionFunctionAddress(drv, "zexCounterBasedEventCreate2",
						(void **)&cb_create) ||
	    !cb_create || cb_create(ctx, dev, &cd, &cb))
		cb = NULL;
	if (zeEventPoolCreate(ctx, &pd, 1, &dev, &pool) != ZE_RESULT_SUCCESS)
		goto out_cb;
	if (zeEventCreate(pool, &ed, &done) != ZE_RESULT_SUCCESS ||
	    zeCommandListCreateImmediate(ctx, dev, &qd, &list) != ZE_RESULT_SUCCESS)
		goto out_pool;
	for (int kind = 0; kind < (cb ? 3 : 2); kind++) {
		/* Warm: the first of each kind sets things up. */
		if (kind != 1)
			zeCommandListAppendLaunchKernel(list, k, &one,
							kind ? cb : NULL, 0, NULL);
		else
			zeCommandListAppendMemoryFill(list, dst, &pattern, sizeof(pattern),
						      64, NULL, 0, NULL);
		zeCommandListAppendBarrier(list, done, 0, NULL);
		zeEventHostSynchronize(done, UINT64_MAX);
		zeEventHostReset(done);
		syscalls_process_start();
		t[kind] = now();
		for (int i = 0; i < BUSY_N; i++) {
			if (kind != 1)
				zeCommandListAppendLaunchKernel(list, k, &one,
								kind ? cb : NULL,
								0, NULL);
			else
				zeCommandListAppendMemoryFill(list, dst, &pattern,
							      sizeof(pattern), 64,
							      NULL, 0, NULL);
		}
		app[kind] = now();
		zeCommandListAppendBarrier(list, done, 0, NULL);
		zeEventHostSynchronize(done, UINT64_MAX);
		app[kind] = (app[kind] - t[kind]) / BUSY_N;
		t[kind] = (now() - t[kind]) / BUSY_N;
		zeEventHostReset(done);
		syscalls_process_stop(&own[kind], &others[kind]);
	}
	zeCommandListDestroy(list);
	zeEventDestroy(done);
	printf("busy queue, %u EU thread(s), %d appends on an asynchronous in-order "
	       "list then one sync: empty kernel %.2f us, 64-byte fill %.2f us "
	       "(%.2fx; the appends alone %.2f / %.2f us); system calls per "
	       "append, appending thread / others: "
	       "kernel %.3f / %.3f, fill %.3f / %.3f\n", threads, BUSY_N,
	       t[0] * 1e6, t[1] * 1e6, t[0] / t[1], app[0] * 1e6, app[1] * 1e6,
	       (double)own[0] / BUSY_N, (double)others[0] / BUSY_N,
	       (double)own[1] / BUSY_N, (double)others[1] / BUSY_N);
	if (cb)
		printf("busy queue, %u EU thread(s): empty kernel signalling a "
		       "counter-based event %.2f us (%.2fx the fill; the appends "
		       "alone %.2f us); system calls per append %.3f / %.3f\n",
		       threads, t[2] * 1e6, t[2] / t[1], app[2] * 1e6,
		       (double)own[2] / BUSY_N, (double)others[2] / BUSY_N);
	/* A child prints this, and may end with _exit(). */
	fflush(stdout);
out_pool:
	zeEventPoolDestroy(pool);
out_cb:
	if (cb)
		zeEventDestroy(cb);
}

static void l0_run_kernels(ze_context_handle_t ctx, ze_device_handle_t dev,
			   ze_command_list_handle_t list, int slot)
{
	ze_device_mem_alloc_desc_t dd = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC,
	};
	ze_host_mem_alloc_desc_t hd = { .stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC };
	void *mem[3];

	for (int i = 0; i < 3; i++) {
		mem[i] = NULL;
		zeMemAllocShared(ctx, &dd, &hd, buf_size[i], 4096, dev, &mem[i]);
		if (!mem[i]) {
			printf("level zero: no shared memory\n");
			return;
		}
		memcpy(mem[i], bufs[i], buf_size[i]);
	}
	for (size_t b = 0; b < NB; b++) {
		const struct bench *bn = &benches[b];
		ze_module_desc_t md = { .stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
					.format = ZE_MODULE_FORMAT_IL_SPIRV,
					.pBuildFlags = "" };
		ze_kernel_desc_t kd = { .stype = ZE_STRUCTURE_TYPE_KERNEL_DESC,
					.pKernelName = bn->kernel };
		ze_group_count_t count = { 1, 1, 1 };
		ze_module_handle_t mod;
		ze_kernel_handle_t k;
		char file[64];
		double best = 1e9;
		void *spv;

		snprintf(file, sizeof(file), "%s.spv", bn->file);
		spv = read_file(spv_dir, file, &md.inputSize);
		md.pInputModule = spv;
		if (!spv || zeModuleCreate(ctx, dev, &md, &mod, NULL) != ZE_RESULT_SUCCESS) {
			free(spv);
			continue;
		}
		free(spv);
		if (zeKernelCreate(mod, &kd, &k) != ZE_RESULT_SUCCESS) {
			zeModuleDestroy(mod);
			continue;
		}
		for (uint32_t a = 0; a < bn->nargs; a++) {
			const struct arg *ar = &bn->args[a];

			if (ar->kind == BUF)
				zeKernelSetArgumentValue(k, a, sizeof(void *), &mem[ar->buf]);
			else if (ar->kind == SCALAR)
				zeKernelSetArgumentValue(k, a, ar->size, ar->val);
			else
				zeKernelSetArgumentValue(k, a, ar->size, NULL);
		}
		zeKernelSetGroupSize(k, bn->local[0], bn->dims > 1 ? bn->local[1] : 1, 1);
		count.groupCountX = bn->global[0] / bn->local[0];
		if (bn->dims > 1)
			count.groupCountY = bn->global[1] / bn->local[1];
		for (int r = 0; r < RUNS + 1; r++) {
			double t = now();

			if (zeCommandListAppendLaunchKernel(list, k, &count, NULL, 0,
							    NULL) != ZE_RESULT_SUCCESS)
				break;
			t = now() - t;
			if (r && t < best)
				best = t;
		}
		if (best < 1e9)
			l0->kernel[slot][b] = best;
		zeKernelDestroy(k);
		zeModuleDestroy(mod);
	}
	for (int i = 0; i < 3; i++)
		zeMemFree(ctx, mem[i]);
}


static void run_level_zero(int slot)
{
	ze_driver_handle_t drv;
	ze_device_handle_t dev;
	ze_context_handle_t ctx;
	ze_command_list_handle_t list;
	uint32_t n = 1;
	size_t size;
	void *spv;

	syscalls_open();
	if (zeInit(ZE_INIT_FLAG_GPU_ONLY) != ZE_RESULT_SUCCESS ||
	    zeDriverGet(&n, &drv) != ZE_RESULT_SUCCESS || !n) {
		return;
	}
	n = 1;
	zeDeviceGet(drv, &n, &dev);
	ze_context_desc_t cd = { .stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC };
	zeContextCreate(drv, &cd, &ctx);
	/* In order, synchronous: each append has run when it returns. */
	ze_command_queue_desc_t qd = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
		.mode = ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS,
	};
	zeCommandListCreateImmediate(ctx, dev, &qd, &list);

	spv = read_file(spv_dir, "basic.spv", &size);
	ze_module_desc_t md = { .stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
				.format = ZE_MODULE_FORMAT_IL_SPIRV,
				.inputSize = size, .pInputModule = spv,
				.pBuildFlags = "" };
	ze_module_handle_t mod;
	ze_kernel_handle_t k;
	ze_kernel_desc_t kd = { .stype = ZE_STRUCTURE_TYPE_KERNEL_DESC,
				.pKernelName = "empty" };
	if (!spv || zeModuleCreate(ctx, dev, &md, &mod, NULL) != ZE_RESULT_SUCCESS ||
	    zeKernelCreate(mod, &kd, &k) != ZE_RESULT_SUCCESS) {
		goto out;
	}
	ze_device_mem_alloc_desc_t dd = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC,
	};
	void *dst;
	uint64_t pattern = 0;
	const int iters = 2000;
	zeMemAllocDevice(ctx, &dd, 64, 64, dev, &dst);
	zeKernelSetGroupSize(k, 1, 1, 1);
	ze_group_count_t one = { 1, 1, 1 };
	double t = now();
	for (int i = 0; i < iters; i++)
		zeCommandListAppendLaunchKernel(list, k, &one, NULL, 0, NULL);
	double tk = (now() - t) / iters;
	t = now();
	for (int i = 0; i < iters; i++)
		zeCommandListAppendMemoryFill(list, dst, &pattern, sizeof(pattern),
					      64, NULL, 0, NULL);
	double tf = (now() - t) / iters;
	l0->empty[slot] = tk;
	l0->fill[slot] = tf;
	l0_busy(drv, ctx, dev, k, dst, 1u << slot);
	zeMemFree(ctx, dst);
	if (!launch_only)
		l0_run_kernels(ctx, dev, list, slot);
	zeKernelDestroy(k);
	zeModuleDestroy(mod);
out:
	free(spv);
	zeCommandListDestroy(list);
	zeContextDestroy(ctx);
}

/* Each thread count in a child of its own: the pool's size is read once. */
static void run_level_zero_all(unsigned int max_threads)
{
	int slot = 0;

	for (unsigned int t = 1; t <= max_threads && slot < MAX_T; t *= 2, slot++) {
		char env[16];
		pid_t pid;

		fflush(stdout);
		pid = fork();
		if (pid == 0) {
			snprintf(env, sizeof(env), "%u", t);
			setenv("XE_CBEV_EU_THREADS", env, 1);
			run_level_zero(slot);
			_exit(0);
		}
		if (pid > 0)
			waitpid(pid, NULL, 0);
	}
}

/* The Level Zero lines of a VM's log ("l0 KERNEL THREADS MS"). */
static unsigned int read_vm_log(const char *path)
{
	char line[256], name[64];
	unsigned int t, max = 0;
	double ms;
	FILE *f = fopen(path, "r");

	if (!f) {
		printf("no %s\n", path);
		return 0;
	}
	while (fgets(line, sizeof(line), f)) {
		char *p = strstr(line, "l0 ");
		int slot = 0;

		if (!p || sscanf(p, "l0 %63s %u %lf", name, &t, &ms) != 3)
			continue;
		while ((1u << slot) < t)
			slot++;
		if (slot >= MAX_T)
			continue;
		if (t > max)
			max = t;
		if (!strcmp(name, "empty"))
			l0->empty[slot] = ms / 1e3;
		else if (!strcmp(name, "fill64"))
			l0->fill[slot] = ms / 1e3;
		for (size_t b = 0; b < NB; b++)
			if (!strcmp(name, benches[b].kernel))
				l0->kernel[slot][b] = ms / 1e3;
	}
	fclose(f);
	return max;
}

static void print_level_zero(unsigned int max_threads, const char *where)
{
	int slot;
	unsigned int t;

	if (!l0->empty[0]) {
		printf("\nlevel zero: no driver or no SPIR-V, skipped\n");
		return;
	}
	printf("\nlevel zero (%s) vs pocl (this machine), best of %d, ms; ratio = l0 / pocl\n",
	       where, RUNS);
	printf("%-18s %10s", "kernel", "pocl ms");
	for (t = 1; t <= max_threads; t *= 2)
		printf("    l0/%u ms  ratio", t);
	printf("\n");
	for (size_t b = 0; b < NB; b++) {
		printf("%-18s %10.3f", benches[b].name, pocl_time[b] * 1e3);
		for (t = 1, slot = 0; t <= max_threads; t *= 2, slot++) {
			double s = l0->kernel[slot][b];

			printf("   %9.3f %6.2f", s * 1e3,
			       pocl_time[b] > 0 ? s / pocl_time[b] : 0.0);
		}
		printf("\n");
	}
	for (t = 1, slot = 0; t <= max_threads; t *= 2, slot++)
		printf("launch overhead, %u EU thread(s), in-order immediate list: "
		       "empty kernel %.2f us, 64-byte fill %.2f us (%.2fx)\n", t,
		       l0->empty[slot] * 1e6, l0->fill[slot] * 1e6,
		       l0->empty[slot] / l0->fill[slot]);
}

int main(int argc, char **argv)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned int max_threads = 1;
	const char *vm_log = NULL;

	/* The launch overhead alone: empty kernel and fill, in the VM. */
	if (argc > 1 && !strcmp(argv[1], "--launch-only")) {
		launch_only = true;
		argc--;
		argv++;
	}
	if (argc > 2 && !strcmp(argv[1], "--vm-log")) {
		vm_log = argv[2];
		argc -= 2;
		argv += 2;
	}
	if (argc > 1)
		spv_dir = argv[1];
	else if (access(spv_dir, R_OK))
		spv_dir = "/kernels";	/* the VM image's */
	if (argc > 2)
		cl_dir = argv[2];
	while (max_threads * 2 <= (unsigned int)cpus && max_threads < 32)
		max_threads *= 2;
	l0 = mmap(NULL, sizeof(*l0), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (l0 == MAP_FAILED)
		return 1;
	memset(l0, 0, sizeof(*l0));
	buf_size[0] = buf_size[1] = buf_size[2] = (size_t)N_VEC * 4;
	for (int i = 0; i < 3; i++) {
		bufs[i] = aligned_alloc(4096, buf_size[i]);
		for (size_t j = 0; j < N_VEC; j++)
			bufs[i][j] = (float)((j * (i + 3)) % 101) * 0.01f;
	}
	printf("xe_cbev_bench_kernels: %ld CPUs, best of %d runs\n", cpus, RUNS);
	if (!launch_only) {
		run_pocl();
		run_jit(max_threads);
	}
	if (vm_log) {
		print_level_zero(read_vm_log(vm_log), "in the VM");
		return 0;
	}
	run_level_zero_all(max_threads);
	/* For --vm-log. */
	for (unsigned int t = 1, slot = 0; t <= max_threads && l0->empty[0]; t *= 2, slot++) {
		printf("l0 empty %u %.6f\n", t, l0->empty[slot] * 1e3);
		printf("l0 fill64 %u %.6f\n", t, l0->fill[slot] * 1e3);
		for (size_t b = 0; b < NB; b++)
			printf("l0 %s %u %.6f\n", benches[b].kernel, t,
			       l0->kernel[slot][b] * 1e3);
	}
	print_level_zero(max_threads, "same machine");
	return 0;
}
