// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "jit_test.h"

#ifndef JIT_SO
#error "JIT_SO must name the shim to test"
#endif
#ifndef KERNELS_DIR
#error "KERNELS_DIR must name the folder of the test kernels' SPIR-V"
#endif

const struct xe_jit_ops *jt_ops(void)
{
	static const struct xe_jit_ops *ops;
	xe_jit_get_ops_fn get;
	void *h;

	if (ops)
		return ops;
	/* The tests compile; test_jit_cache turns the compile cache on. */
	setenv("XE_CBEV_CACHE", "0", 0);
	h = dlopen(JIT_SO, RTLD_NOW | RTLD_LOCAL);
	ck_assert_msg(h, "dlopen: %s", dlerror());
	get = (xe_jit_get_ops_fn)dlsym(h, "xe_jit_get_ops");
	ck_assert_ptr_nonnull(get);
	ck_assert_ptr_null(get(XE_JIT_ABI_VERSION + 1));
	ops = get(XE_JIT_ABI_VERSION);
	ck_assert_ptr_nonnull(ops);
	ck_assert_uint_eq(ops->abi_version, XE_JIT_ABI_VERSION);
	return ops;
}

void *jt_read_file(const char *name, size_t *size)
{
	char path[512];
	FILE *f;
	void *buf;
	long n;

	snprintf(path, sizeof(path), "%s/%s", KERNELS_DIR, name);
	f = fopen(path, "rb");
	ck_assert_msg(f, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, n, f), (size_t)n);
	fclose(f);
	*size = n;
	return buf;
}

struct xe_jit_module *jt_compile(const char *name,
				 const struct xe_jit_spec_const *consts,
				 uint32_t num_consts)
{
	struct xe_jit_module *mod = NULL;
	char file[128], *log = NULL;
	size_t size;
	void *spv;
	int ret;

	snprintf(file, sizeof(file), "%s.spv", name);
	spv = jt_read_file(file, &size);
	ret = jt_ops()->compile(spv, size, consts, num_consts, "", &mod, &log);
	ck_assert_msg(ret == 0, "compile %s: %d: %s", name, ret, log ? log : "");
	free(log);
	free(spv);
	return mod;
}

int jt_compile_err(const void *spirv, size_t size, const char *flags,
		   char **log)
{
	struct xe_jit_module *mod = NULL;
	int ret = jt_ops()->compile(spirv, size, NULL, 0, flags, &mod, log);

	if (!ret)
		jt_ops()->destroy(mod);
	return ret;
}

int jt_kernel(struct xe_jit_module *mod, const char *name)
{
	uint32_t n = jt_ops()->kernel_count(mod);

	for (uint32_t i = 0; i < n; i++)
		if (!strcmp(jt_ops()->kernel_info(mod, i)->name, name))
			return (int)i;
	ck_abort_msg("no kernel %s", name);
	return -1;
}

struct jt_launch {
	struct xe_jit_module *mod;
	uint32_t k;
	struct xe_jit_group proto;
	const struct jt_arg *args;
	uint32_t num_args;
	uint64_t total;
	uint64_t next;	/* atomic */
};

static void *jt_worker(void *p)
{
	struct jt_launch *l = p;
	const struct xe_jit_ops *ops = jt_ops();
	const struct xe_jit_kernel_info *info = ops->kernel_info(l->mod, l->k);
	xe_jit_group_fn fn = ops->group_fn(l->mod, l->k);
	struct xe_jit_group g = l->proto;
	void *argv[JT_MAX_ARGS], *local[JT_MAX_ARGS];
	size_t scratch = ops->group_scratch_size(l->mod, l->k, g.local_size);
	uint64_t i;

	size_t lbytes = (info->static_local_size + 127) / 128 * 128, off = 0;
	char *lmem;

	/* All the group's __local memory in one range, as the execution
	 * units have it: the arguments' buffers, then the kernel's. */
	for (uint32_t a = 0; a < l->num_args; a++)
		if (info->args[a].kind == XE_JIT_ARG_LOCAL)
			lbytes += (l->args[a].size + 127) / 128 * 128;
	lmem = lbytes ? aligned_alloc(128, lbytes) : NULL;
	for (uint32_t a = 0; a < l->num_args; a++) {
		if (info->args[a].kind == XE_JIT_ARG_LOCAL) {
			local[a] = lmem + off;
			off += (l->args[a].size + 127) / 128 * 128;
			argv[a] = &local[a];
		} else {
			argv[a] = (void *)l->args[a].ptr;
		}
	}
	g.argv = argv;
	g.static_local = info->static_local_size ? lmem + off : NULL;
	g.local_base = lmem;
	g.local_bytes = lbytes;
	g.scratch = scratch ? malloc(scratch) : NULL;
	g.scratch_bytes = scratch;
	while ((i = __atomic_fetch_add(&l->next, 1, __ATOMIC_RELAXED)) < l->total) {
		g.group_id[0] = i % g.num_groups[0];
		g.group_id[1] = i / g.num_groups[0] % g.num_groups[1];
		g.group_id[2] = i / g.num_groups[0] / g.num_groups[1];
		fn(&g);
	}
	free(lmem);
	free(g.scratch);
	return NULL;
}

void jt_run(struct xe_jit_module *mod, const char *name, uint32_t dims,
	    const uint64_t global[3], const uint32_t local[3],
	    const uint64_t *offset, const struct jt_arg *args,
	    uint32_t num_args, unsigned int threads)
{
	struct jt_launch l = { .mod = mod, .args = args, .num_args = num_args };
	const struct xe_jit_kernel_info *info;
	pthread_t t[16];

	l.k = (uint32_t)jt_kernel(mod, name);
	info = jt_ops()->kernel_info(mod, l.k);
	ck_assert_uint_eq(info->num_args, num_args);
	for (uint32_t a = 0; a < num_args; a++)
		if (info->args[a].kind != XE_JIT_ARG_LOCAL)
			ck_assert_uint_eq(info->args[a].size, args[a].size);
	l.total = 1;
	for (uint32_t d = 0; d < 3; d++) {
		uint64_t gs = d < dims ? global[d] : 1;
		uint32_t ls = d < dims ? local[d] : 1;

		ck_assert_uint_eq(gs % ls, 0);
		l.proto.local_size[d] = ls;
		l.proto.num_groups[d] = gs / ls;
		l.proto.global_offset[d] = offset && d < dims ? offset[d] : 0;
		l.total *= gs / ls;
	}
	l.proto.work_dim = dims;
	if (threads > 16)
		threads = 16;
	for (unsigned int i = 0; i < threads; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, jt_worker, &l), 0);
	for (unsigned int i = 0; i < threads; i++)
		pthread_join(t[i], NULL);
}
