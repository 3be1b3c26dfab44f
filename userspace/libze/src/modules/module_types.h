/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_MODULE_TYPES_H
#define _XE_MODULE_TYPES_H

/* Modules and their kernels as every file of modules/ sees them. */

#include <stddef.h>
#include <stdint.h>

#include <level_zero/ze_api.h>
#include <zex_builtins.h>

#include "core/libze_private.h"
#include "xe_jit.h"

struct xe_context;
struct xe_device;

#define XE_KERNEL_MAX_ARGS	3

/**
 * struct xe_builtin - a kernel of the engine, as Level Zero sees it
 * @id: XE_CBEV_DISPATCH kernel id
 * @name: its usual name
 * @num_args: Level Zero arguments
 * @arg_size: bytes of each argument
 */
struct xe_builtin {
	zex_builtin_kernel_t id;
	const char *name;
	uint32_t num_args;
	uint32_t arg_size[XE_KERNEL_MAX_ARGS];
};

/**
 * struct xe_module_kernel - one kernel a module image lists
 * @name: the name the image gives it (built-in kernels)
 * @builtin: what it runs (built-in kernels), or NULL
 * @jit: what the compiler says of it (SPIR-V kernels), or NULL
 * @fn: its work-group function (SPIR-V kernels)
 * @index: its index in the compiled module (SPIR-V kernels)
 */
struct xe_module_kernel {
	char name[ZEX_BUILTIN_NAME_SIZE];
	const struct xe_builtin *builtin;
	const struct xe_jit_kernel_info *jit;
	xe_jit_group_fn fn;
	uint32_t index;
};

static inline const char *xe_mk_name(const struct xe_module_kernel *mk)
{
	return mk->jit ? mk->jit->name : mk->name;
}

/**
 * struct xe_module - a module made from a built-in module image
 * @obj: handle header
 * @ctx: its context
 * @dev: its device
 * @kernels: the kernels the image lists
 * @num_kernels: entries in @kernels
 * @image: a copy of the image (zeModuleGetNativeBinary())
 * @image_size: its bytes
 * @jit_ops: the compiler shim, for a module made from SPIR-V (or from the
 *	native binary of one), else NULL
 * @jit: the compiled module
 */
struct xe_module {
	struct xe_object obj;
	struct xe_context *ctx;
	struct xe_device *dev;
	struct xe_module_kernel *kernels;
	uint32_t num_kernels;
	void *image;
	size_t image_size;
	const struct xe_jit_ops *jit_ops;
	struct xe_jit_module *jit;
};

/* Native binaries of compiled SPIR-V modules start with this. */
#define XE_JIT_NATIVE_MAGIC	"XECBJIT1"
#define XE_JIT_NATIVE_MAGIC_SIZE	8

/**
 * struct xe_kernel - a kernel of a module, with its launch state
 * @obj: handle header
 * @module: its module
 * @mk: which of the module's kernels
 * @group_size: zeKernelSetGroupSize()
 * @args: argument values, zero-extended
 * @args_set: bit i set once argument i was set
 * @indirect: zeKernelSetIndirectAccess() flags
 * @jit_args: SPIR-V kernels: each argument's bytes (a LOCAL argument's:
 *	its size, a uint64_t), or NULL until set
 * @global_offset: zeKernelSetGlobalOffsetExp()
 */
struct xe_kernel {
	struct xe_object obj;
	struct xe_module *module;
	const struct xe_module_kernel *mk;
	uint32_t group_size[3];
	uint64_t args[XE_KERNEL_MAX_ARGS];
	uint32_t args_set;
	ze_kernel_indirect_access_flags_t indirect;
	void **jit_args;
	uint32_t global_offset[3];
};

/**
 * struct xe_launch_state - what a launch of a SPIR-V kernel snapshots
 * @args: the argument values, as struct xe_kernel.jit_args
 * @group_size: work-items per group
 * @global_offset: the global offset
 */
struct xe_launch_state {
	void *const *args;
	uint32_t group_size[3];
	uint32_t global_offset[3];
};

static inline struct xe_kernel *xe_kernel_from_handle(ze_kernel_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_KERNEL);
}

#endif /* _XE_MODULE_TYPES_H */
