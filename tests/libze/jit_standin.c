// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * A stand-in for the SPIR-V compiler shim (userspace/include/xe_jit.h),
 * for the tests of libze's modules, launches and execution units
 * until the real shim (LLVM) is there, and for the cases the real one
 * cannot make on demand (a compiler that fails in a given way). It
 * "compiles" a blob that starts with the SPIR-V magic number by looking
 * for the names of the kernels it knows, written here in C, anywhere in
 * it; tests/libze/test_libze_spirv.c builds such blobs. The strings
 * "unsupported_cap" and "missing_func" in a blob make it fail as a real
 * compiler would on an unsupported capability or an unresolved function.
 */

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xe_jit.h"

#define SPV_MAGIC	0x07230203u
#define NATIVE_MAGIC	"STANDIN1"
#define SPEC_ID		7

struct xe_jit_module {
	uint32_t n;
	uint32_t which[8];	/* indices in kernels[] */
	uint32_t spec_value;	/* SpecId 7, a uint */
	uint64_t table[8];	/* the program-scope global "table" */
};

/* Work-items of the group, global id in x (dims y, z folded in). */
#define FOR_ITEMS(g, gid)						\
	for (uint32_t _z = 0; _z < (g)->local_size[2]; _z++)		\
		for (uint32_t _y = 0; _y < (g)->local_size[1]; _y++)	\
			for (uint32_t _x = 0; _x < (g)->local_size[0]; _x++) \
				for (uint64_t gid = (g)->group_id[0] *	\
				     (g)->local_size[0] + _x, _once = 1; _once; _once = 0)

#define ARG(g, i, type)	(*(type *)(g)->argv[i])

/* vadd(global float *a, global float *b, global float *c, uint n) */
static void k_vadd(const struct xe_jit_group *g)
{
	const float *a = ARG(g, 0, float *), *b = ARG(g, 1, float *);
	float *c = ARG(g, 2, float *);
	uint32_t n = ARG(g, 3, uint32_t);

	FOR_ITEMS(g, gid)
		if (gid < n)
			c[gid] = a[gid] + b[gid];
}

/*
 * group_sum(global uint *out, global const uint *in, local uint *buf):
 * each item copies its value into buf, a barrier, then item 0 sums the
 * group into out[group] (counting in a kernel-scope __local uint too).
 */
static void k_group_sum(const struct xe_jit_group *g)
{
	uint32_t *out = ARG(g, 0, uint32_t *);
	const uint32_t *in = ARG(g, 1, const uint32_t *);
	uint32_t *buf = ARG(g, 2, uint32_t *);
	uint32_t *count = g->static_local, i, sum = 0;
	uint32_t items = g->local_size[0];

	*count = 0;
	FOR_ITEMS(g, gid) {
		buf[gid % items] = in[gid];
		(*count)++;
	}
	/* barrier */
	for (i = 0; i < items; i++)
		sum += buf[i];
	out[g->group_id[0]] = sum + *count - items;
}

/* bad_ptr(global int *p): every item writes through p. */
static void k_bad_ptr(const struct xe_jit_group *g)
{
	volatile int *p = ARG(g, 0, int *);

	FOR_ITEMS(g, gid)
		p[0] = (int)gid;
}

/* spin(global volatile int *flag): runs until *flag is set. */
static void k_spin(const struct xe_jit_group *g)
{
	_Atomic int *flag = ARG(g, 0, _Atomic int *);

	while (!atomic_load(flag))
		;
}

/* count(global uint *c32, global ulong *c64): atomic increments. */
static void k_count(const struct xe_jit_group *g)
{
	_Atomic uint32_t *c32 = ARG(g, 0, _Atomic uint32_t *);
	_Atomic uint64_t *c64 = ARG(g, 1, _Atomic uint64_t *);

	FOR_ITEMS(g, gid) {
		atomic_fetch_add(c32, 1);
		atomic_fetch_add(c64, gid + 1);
	}
}

/*
 * affine(global float *x, struct { float a, b; } ab, uint n):
 * x = x * a + b; reqd_work_group_size(16, 1, 1).
 */
struct ab {
	float a, b;
};

static void k_affine(const struct xe_jit_group *g)
{
	float *x = ARG(g, 0, float *);
	struct ab ab = ARG(g, 1, struct ab);
	uint32_t n = ARG(g, 2, uint32_t);

	FOR_ITEMS(g, gid)
		if (gid < n)
			x[gid] = x[gid] * ab.a + ab.b;
}

/* spec_fill(global uint *out): out[gid] = SpecId 7 (5 unless set). */
static void k_spec_fill(const struct xe_jit_group *g);

static const struct xe_jit_arg_info glb = { XE_JIT_ARG_GLOBAL, 8, 8 };
static const struct xe_jit_arg_info u32v = { XE_JIT_ARG_VALUE, 4, 4 };
static const struct xe_jit_arg_info lcl = { XE_JIT_ARG_LOCAL, 0, 4 };
static const struct xe_jit_arg_info abv = { XE_JIT_ARG_VALUE, 8, 4 };

static const struct xe_jit_arg_info vadd_args[] = { glb, glb, glb, u32v };
static const struct xe_jit_arg_info sum_args[] = { glb, glb, lcl };
static const struct xe_jit_arg_info one_ptr[] = { glb };
static const struct xe_jit_arg_info two_ptr[] = { glb, glb };
static const struct xe_jit_arg_info affine_args[] = { glb, abv, u32v };

static const struct {
	struct xe_jit_kernel_info info;
	xe_jit_group_fn fn;
} kernels[] = {
	{ { "vadd", 4, vadd_args, { 0 }, 0, 16, 1024, 0, 1 }, k_vadd },
	{ { "group_sum", 3, sum_args, { 0 }, 4, 16, 256, XE_JIT_KERNEL_HAS_BARRIER, 1 },
	  k_group_sum },
	{ { "bad_ptr", 1, one_ptr, { 0 }, 0, 0, 1024, 0, 1 }, k_bad_ptr },
	{ { "spin", 1, one_ptr, { 0 }, 0, 0, 1024, 0, 1 }, k_spin },
	{ { "count", 2, two_ptr, { 0 }, 0, 0, 1024, 0, 1 }, k_count },
	{ { "affine", 3, affine_args, { 16, 1, 1 }, 0, 8, 16, 0, 1 }, k_affine },
	{ { "spec_fill", 1, one_ptr, { 0 }, 0, 0, 1024, 0, 1 }, k_spec_fill },
};

#define NKERNELS	(sizeof(kernels) / sizeof(kernels[0]))

/* One module's SpecId 7, as work-groups see it: one module at a time. */
static _Atomic uint32_t spec_value = 5;

static void k_spec_fill(const struct xe_jit_group *g)
{
	uint32_t *out = ARG(g, 0, uint32_t *);

	FOR_ITEMS(g, gid)
		out[gid] = atomic_load(&spec_value);
}

static char *dupstr(const char *s)
{
	char *d = malloc(strlen(s) + 1);

	if (d)
		strcpy(d, s);
	return d;
}

static int has(const void *blob, size_t size, const char *what)
{
	return memmem(blob, size, what, strlen(what) + 1) != NULL;
}

static int make(const void *blob, size_t size, struct xe_jit_module **out,
		char **log)
{
	struct xe_jit_module *m = calloc(1, sizeof(*m));
	uint32_t i;

	if (!m)
		return -ENOMEM;
	for (i = 0; i < NKERNELS; i++)
		if (has(blob, size, kernels[i].info.name))
			m->which[m->n++] = i;
	if (!m->n) {
		free(m);
		*log = dupstr("no kernel in the module");
		return -EINVAL;
	}
	m->spec_value = 5;
	*out = m;
	return 0;
}

static int compile(const void *spirv, size_t size,
		   const struct xe_jit_spec_const *consts, uint32_t num_consts,
		   const char *flags, struct xe_jit_module **out, char **log)
{
	char buf[256] = "";
	uint32_t i;
	int err;

	*log = NULL;
	if (size < 20 || *(const uint32_t *)spirv != SPV_MAGIC) {
		*log = dupstr("invalid SPIR-V: bad magic number");
		return -EINVAL;
	}
	if (has(spirv, size, "unsupported_cap")) {
		*log = dupstr("unsupported SPIR-V capability: Float16Buffer");
		return -EINVAL;
	}
	if (has(spirv, size, "missing_func")) {
		*log = dupstr("unresolved function: missing_func");
		return -EINVAL;
	}
	if (flags && *flags && strcmp(flags, "-cl-opt-disable"))
		snprintf(buf, sizeof(buf), "unknown build flags ignored: %s",
			 flags);
	err = make(spirv, size, out, log);
	if (err)
		return err;
	for (i = 0; i < num_consts; i++)
		if (consts[i].id == SPEC_ID && consts[i].size == 4)
			memcpy(&(*out)->spec_value, consts[i].value, 4);
	atomic_store(&spec_value, (*out)->spec_value);
	*log = dupstr(buf);
	return 0;
}

static int load_native(const void *image, size_t size,
		       struct xe_jit_module **out, char **log)
{
	*log = NULL;
	if (size < 12 || memcmp(image, NATIVE_MAGIC, 8)) {
		*log = dupstr("not a native binary of this compiler");
		return -EINVAL;
	}
	if (make(image, size, out, log))
		return -EINVAL;
	memcpy(&(*out)->spec_value, (const char *)image + 8, 4);
	atomic_store(&spec_value, (*out)->spec_value);
	return 0;
}

static int native_binary(struct xe_jit_module *m, void **image, size_t *size)
{
	size_t n = 12, i;
	char *p;

	for (i = 0; i < m->n; i++)
		n += strlen(kernels[m->which[i]].info.name) + 1;
	p = malloc(n);
	if (!p)
		return -ENOMEM;
	memcpy(p, NATIVE_MAGIC, 8);
	memcpy(p + 8, &m->spec_value, 4);
	*image = p;
	*size = n;
	p += 12;
	for (i = 0; i < m->n; i++) {
		strcpy(p, kernels[m->which[i]].info.name);
		p += strlen(p) + 1;
	}
	return 0;
}

static uint32_t kernel_count(const struct xe_jit_module *m)
{
	return m->n;
}

static const struct xe_jit_kernel_info *kernel_info(const struct xe_jit_module *m,
						    uint32_t i)
{
	return i < m->n ? &kernels[m->which[i]].info : NULL;
}

static xe_jit_group_fn group_fn(const struct xe_jit_module *m, uint32_t i)
{
	return i < m->n ? kernels[m->which[i]].fn : NULL;
}

static size_t group_scratch_size(const struct xe_jit_module *m, uint32_t i,
				 const uint32_t local_size[3])
{
	(void)m;
	(void)i;
	(void)local_size;
	return 64;
}

static int global_pointer(const struct xe_jit_module *m, const char *name,
			  void **ptr, size_t *size)
{
	if (strcmp(name, "table"))
		return -ENOENT;
	*ptr = (void *)m->table;
	*size = sizeof(m->table);
	return 0;
}

static void destroy(struct xe_jit_module *m)
{
	free(m);
}

/* The stand-in's modules import nothing. */
static int link(struct xe_jit_module *const *mods, uint32_t n, char **log)
{
	(void)mods;
	(void)n;
	*log = NULL;
	return 0;
}

static const struct xe_jit_ops ops = {
	.abi_version = XE_JIT_ABI_VERSION,
	.compile = compile,
	.load_native = load_native,
	.native_binary = native_binary,
	.kernel_count = kernel_count,
	.kernel_info = kernel_info,
	.group_fn = group_fn,
	.group_scratch_size = group_scratch_size,
	.global_pointer = global_pointer,
	.destroy = destroy,
	.link = link,
};

__attribute__((visibility("default")))
const struct xe_jit_ops *xe_jit_get_ops(uint32_t abi_version)
{
	return abi_version == XE_JIT_ABI_VERSION ? &ops : NULL;
}
