/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_JIT_H
#define _XE_JIT_H

/*
 * DOC: the compiler seam
 *
 * SPIR-V is compiled by a shim library, libxe_cbev_jit.so.1, that links
 * LLVM, the SPIRV-LLVM-Translator and SPIRV-Tools. libze never links it:
 * modules/ loads it with dlopen(RTLD_LOCAL) the first time a SPIR-V module
 * is created and asks it for its table of operations with
 * xe_jit_get_ops(XE_JIT_ABI_VERSION). So zeInit and programs without
 * kernels never map LLVM, and the LLVM the shim uses cannot clash with one
 * the application already has.
 *
 * This header is the whole contract: plain C, no LLVM type. The shim is
 * C++ inside and exports xe_jit_get_ops only.
 *
 * Execution: the shim compiles each kernel to a work-group function. An
 * execution unit calls it once per work-group; it runs every work-item of
 * that group (barriers included) and returns. It reads its arguments
 * through @argv and its ids from struct xe_jit_group, and touches no other
 * state of libze, so any number of execution units may run groups of the
 * same kernel at once.
 */

#include <stddef.h>
#include <stdint.h>

#if defined(__cplusplus)
extern "C" {
#endif

#define XE_JIT_ABI_VERSION	3
#define XE_JIT_LIBRARY		"libxe_cbev_jit.so.1"
/* Where `make install` puts it (LIBDIR/xe_cbev), tried second. */
#ifndef XE_JIT_PRIVATE_PATH
#define XE_JIT_PRIVATE_PATH	"/usr/lib/xe_cbev/" XE_JIT_LIBRARY
#endif

/* What an argument of a kernel is, as zeKernelSetArgumentValue sees it. */
enum xe_jit_arg_kind {
	XE_JIT_ARG_VALUE = 0,	/* scalar, vector or struct by value: @size bytes */
	XE_JIT_ARG_GLOBAL = 1,	/* __global pointer (8 bytes; NULL allowed) */
	XE_JIT_ARG_CONSTANT = 2,	/* __constant pointer (8 bytes) */
	XE_JIT_ARG_LOCAL = 3,	/* __local pointer: the application sets a size */
};

/**
 * struct xe_jit_arg_info - one kernel argument
 * @kind: enum xe_jit_arg_kind
 * @size: bytes zeKernelSetArgumentValue must pass (8 for pointers; for
 *	LOCAL, 0: any size is the amount of local memory to provide)
 * @align: alignment the argument's bytes or local buffer need
 */
struct xe_jit_arg_info {
	uint32_t kind;
	uint32_t size;
	uint32_t align;
};

#define XE_JIT_KERNEL_HAS_BARRIER	(1u << 0)	/* calls a work-group barrier */
#define XE_JIT_KERNEL_USES_FP64		(1u << 1)
#define XE_JIT_KERNEL_USES_PRINTF	(1u << 2)
#define XE_JIT_KERNEL_HAS_COLLECTIVES	(1u << 3)	/* sub- or work-group */
#define XE_JIT_KERNEL_REQD_SUB_GROUP	(1u << 4)	/* the source sets the size */

/**
 * struct xe_jit_kernel_info - what the compiler learnt about one kernel
 * @name: the kernel's name (owned by the module)
 * @num_args: number of arguments
 * @args: @num_args entries (owned by the module)
 * @reqd_group_size: reqd_work_group_size, or zeros when the source gives none
 * @static_local_size: bytes of kernel-scope __local arrays
 * @private_size: bytes of private memory one work-item uses (estimate)
 * @max_group_size: the largest work-group this kernel runs (the device's
 *	limit unless the kernel is more constrained)
 * @flags: XE_JIT_KERNEL_*
 * @sub_group_size: work-items per sub-group (intel_reqd_sub_group_size, or
 *	the shim's default); the last sub-group of a group may have fewer
 */
struct xe_jit_kernel_info {
	const char *name;
	uint32_t num_args;
	const struct xe_jit_arg_info *args;
	uint32_t reqd_group_size[3];
	uint32_t static_local_size;
	uint32_t private_size;
	uint32_t max_group_size;
	uint32_t flags;
	uint32_t sub_group_size;
};

/**
 * struct xe_jit_group - one work-group to run, filled by the execution unit
 * @group_id: this group's id in each dimension
 * @num_groups: number of groups in each dimension
 * @local_size: work-items per group in each dimension
 * @global_offset: the global offset (zero unless a launch sets one)
 * @work_dim: 1, 2 or 3
 * @static_local: @static_local_size bytes for kernel-scope __local arrays,
 *	aligned to 128 (owned by the execution unit, one per running group)
 * @argv: @num_args pointers; argv[i] points at the bytes of argument i.
 *	For a LOCAL argument it points at a void * that holds this group's
 *	buffer of the size the application set.
 * @scratch: per execution unit memory the shim asked for with
 *	@group_scratch_size (for example work-item stacks of barrier kernels)
 * @local_base: the group's __local memory, all of it in one range: the
 *	buffers of __local arguments and @static_local (to_local() and
 *	to_global() of a generic pointer look here)
 * @local_bytes: its size
 * @scratch_bytes: the size of @scratch (to_private() looks there, and in
 *	the thread's stack)
 */
struct xe_jit_group {
	uint64_t group_id[3];
	uint64_t num_groups[3];
	uint32_t local_size[3];
	uint32_t work_dim;
	uint64_t global_offset[3];
	void *static_local;
	void *const *argv;
	void *scratch;
	void *local_base;
	uint64_t local_bytes;
	uint64_t scratch_bytes;
};

/* Runs every work-item of one work-group. */
typedef void (*xe_jit_group_fn)(const struct xe_jit_group *group);

struct xe_jit_module;

/**
 * struct xe_jit_spec_const - one specialization constant
 * @id: SpecId
 * @size: bytes at @value (1, 2, 4 or 8)
 * @value: the value
 */
struct xe_jit_spec_const {
	uint32_t id;
	uint32_t size;
	const void *value;
};

/**
 * struct xe_jit_ops - the shim's operations
 *
 * Every call that can fail returns 0 or a negative errno: -EINVAL for bad
 * input (invalid SPIR-V, an unsupported capability, an unresolved
 * function, a corrupt native binary: *log says which and where), -ENOMEM,
 * -ENOENT for a name that is not there. *log, when set, is malloc'ed and
 * freed by the caller. Every call is thread safe.
 *
 * @compile: validate, translate, optimise and JIT-compile a SPIR-V module
 *	with its specialization constants and build flags (a string as
 *	zeModuleCreate passes it; unknown flags are reported in the log and
 *	ignored)
 * @load_native: make a module from what @native_binary returned, without
 *	compiling SPIR-V again
 * @native_binary: a malloc'ed image of the compiled module
 * @kernel_count: number of kernels
 * @kernel_info: kernel @i (0 <= i < kernel_count), or NULL
 * @group_fn: the work-group function of kernel @i; NULL until @link found
 *	the module's imports
 * @group_scratch_size: bytes of @scratch one execution unit needs for
 *	kernel @i with a given group size (0 if none)
 * @global_pointer: address and size of a program-scope global
 * @destroy: free the module and its code; no group may be running
 * @link: resolve the imports of each of @mods (functions a module calls
 *	and does not define: with -library-compilation, or names no
 *	built-in has) in the others of @mods; until then such a module's
 *	@group_fn is NULL. -EINVAL if one stays missing (*log names it).
 *	The modules found must outlive those that call them.
 */
struct xe_jit_ops {
	uint32_t abi_version;
	int (*compile)(const void *spirv, size_t size,
		       const struct xe_jit_spec_const *consts, uint32_t num_consts,
		       const char *build_flags, struct xe_jit_module **out,
		       char **log);
	int (*load_native)(const void *image, size_t size,
			   struct xe_jit_module **out, char **log);
	int (*native_binary)(struct xe_jit_module *mod, void **image,
			     size_t *size);
	uint32_t (*kernel_count)(const struct xe_jit_module *mod);
	const struct xe_jit_kernel_info *(*kernel_info)(
		const struct xe_jit_module *mod, uint32_t i);
	xe_jit_group_fn (*group_fn)(const struct xe_jit_module *mod, uint32_t i);
	size_t (*group_scratch_size)(const struct xe_jit_module *mod, uint32_t i,
				     const uint32_t local_size[3]);
	int (*global_pointer)(const struct xe_jit_module *mod, const char *name,
			      void **ptr, size_t *size);
	void (*destroy)(struct xe_jit_module *mod);
	int (*link)(struct xe_jit_module *const *mods, uint32_t n, char **log);
};

/* The one symbol the shim exports. NULL if it does not speak @abi_version. */
const struct xe_jit_ops *xe_jit_get_ops(uint32_t abi_version);
typedef const struct xe_jit_ops *(*xe_jit_get_ops_fn)(uint32_t abi_version);

#if defined(__cplusplus)
}
#endif

#endif /* _XE_JIT_H */
