/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef XE_JIT_TEST_H
#define XE_JIT_TEST_H

/*
 * What the host tests of the compiler shim share: loading the shim the way
 * libze does (dlopen RTLD_LOCAL, xe_jit_get_ops), reading a test kernel's
 * SPIR-V from the build folder, and running a kernel's work-group function
 * over a grid of groups on host threads, as the execution units do.
 */

#include <stddef.h>
#include <stdint.h>

#include "xe_jit.h"

#define JT_MAX_ARGS	16

/* One argument: @ptr/@size for values (a pointer argument is the address
 * of the pointer), @size only for __local arguments. */
struct jt_arg {
	const void *ptr;
	size_t size;
};

#define JT_VAL(v)	((struct jt_arg){ &(v), sizeof(v) })
#define JT_LOCAL(n)	((struct jt_arg){ NULL, (n) })

const struct xe_jit_ops *jt_ops(void);
void *jt_read_file(const char *name, size_t *size);
/* Compiles kernels/@name.spv; fails the test on error. */
struct xe_jit_module *jt_compile(const char *name,
				 const struct xe_jit_spec_const *consts,
				 uint32_t num_consts);
/* Compiles and returns the error; *log set. */
int jt_compile_err(const void *spirv, size_t size, const char *flags,
		   char **log);
int jt_kernel(struct xe_jit_module *mod, const char *name);
/* Runs kernel @name over @global items in groups of @local (1-3 dims),
 * with @offset (may be NULL), on @threads host threads. */
void jt_run(struct xe_jit_module *mod, const char *name, uint32_t dims,
	    const uint64_t global[3], const uint32_t local[3],
	    const uint64_t *offset, const struct jt_arg *args,
	    uint32_t num_args, unsigned int threads);

#endif
