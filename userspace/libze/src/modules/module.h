/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_MODULE_H
#define _XE_MODULE_H

#include <stddef.h>
#include <stdint.h>

#include <level_zero/ze_api.h>
#include <zex_builtins.h>

#include "core/libze_private.h"
#include "submission/encoder.h"
#include "modules/jit.h"

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

const struct xe_builtin *xe_builtin_find(uint32_t id);

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

ze_result_t xe_build_log_make(struct xe_context *ctx, const char *text,
			      ze_module_build_log_handle_t *phBuildLog);
ze_result_t xe_module_jit_create(struct xe_module *mod,
				 const ze_module_desc_t *desc, char **log);
void xe_module_jit_fini(struct xe_module *mod);
ze_result_t xe_module_jit_global_pointer(struct xe_module *mod,
					 const char *name, size_t *pSize,
					 void **pptr);

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
};

/* SPIR-V kernels, kernel_jit.c */
int xe_kernel_jit_init(struct xe_kernel *k);
void xe_kernel_jit_fini(struct xe_kernel *k);
int xe_kernel_jit_set_arg(struct xe_kernel *k, uint32_t index, size_t size,
			  const void *value);
void xe_kernel_jit_properties(const struct xe_kernel *k,
			      ze_kernel_properties_t *props);
uint32_t xe_kernel_max_group_size(const struct xe_kernel *k);
struct xe_launch;
int xe_kernel_jit_snapshot(struct xe_kernel *k, struct xe_launch **launch);

static inline struct xe_kernel *xe_kernel_from_handle(ze_kernel_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_KERNEL);
}

int xe_kernel_set_arg(struct xe_kernel *k, uint32_t index, size_t size,
		      const void *value);
int xe_kernel_set_group_size(struct xe_kernel *k, uint32_t x, uint32_t y,
			     uint32_t z);
int xe_kernel_dispatch_args(const struct xe_kernel *k,
			    const ze_group_count_t *count,
			    uint64_t args[XE_DISPATCH_NUM_ARGS]);

/* Entry points (Module and ModuleBuildLog DDI tables), module.c */
ze_result_t xe_module_create(ze_context_handle_t hContext,
			     ze_device_handle_t hDevice,
			     const ze_module_desc_t *desc,
			     ze_module_handle_t *phModule,
			     ze_module_build_log_handle_t *phBuildLog);
ze_result_t xe_module_destroy(ze_module_handle_t hModule);
ze_result_t xe_module_dynamic_link(uint32_t numModules,
				   ze_module_handle_t *phModules,
				   ze_module_build_log_handle_t *phLinkLog);
ze_result_t xe_module_get_native_binary(ze_module_handle_t hModule,
					size_t *pSize, uint8_t *pModuleNativeBinary);
ze_result_t xe_module_get_global_pointer(ze_module_handle_t hModule,
					 const char *pGlobalName, size_t *pSize,
					 void **pptr);
ze_result_t xe_module_get_kernel_names(ze_module_handle_t hModule,
				       uint32_t *pCount, const char **pNames);
ze_result_t xe_module_get_properties(ze_module_handle_t hModule,
				     ze_module_properties_t *pModuleProperties);
ze_result_t xe_module_get_function_pointer(ze_module_handle_t hModule,
					   const char *pFunctionName,
					   void **pfnFunction);
ze_result_t xe_build_log_destroy(ze_module_build_log_handle_t hModuleBuildLog);
ze_result_t xe_build_log_get_string(ze_module_build_log_handle_t hModuleBuildLog,
				    size_t *pSize, char *pBuildLog);

/* Entry points (Kernel DDI table), kernel.c */
ze_result_t xe_kernel_create(ze_module_handle_t hModule,
			     const ze_kernel_desc_t *desc,
			     ze_kernel_handle_t *phKernel);
ze_result_t xe_kernel_destroy(ze_kernel_handle_t hKernel);
ze_result_t xe_kernel_set_cache_config(ze_kernel_handle_t hKernel,
				       ze_cache_config_flags_t flags);
ze_result_t xe_kernel_set_group_size_api(ze_kernel_handle_t hKernel,
					 uint32_t groupSizeX,
					 uint32_t groupSizeY,
					 uint32_t groupSizeZ);
ze_result_t xe_kernel_suggest_group_size(ze_kernel_handle_t hKernel,
					 uint32_t globalSizeX,
					 uint32_t globalSizeY,
					 uint32_t globalSizeZ,
					 uint32_t *groupSizeX,
					 uint32_t *groupSizeY,
					 uint32_t *groupSizeZ);
ze_result_t
xe_kernel_suggest_max_cooperative_group_count(ze_kernel_handle_t hKernel,
					      uint32_t *totalGroupCount);
ze_result_t xe_kernel_set_argument_value(ze_kernel_handle_t hKernel,
					 uint32_t argIndex, size_t argSize,
					 const void *pArgValue);
ze_result_t xe_kernel_set_indirect_access(ze_kernel_handle_t hKernel,
					  ze_kernel_indirect_access_flags_t flags);
ze_result_t xe_kernel_get_indirect_access(ze_kernel_handle_t hKernel,
					  ze_kernel_indirect_access_flags_t *pFlags);
ze_result_t xe_kernel_get_source_attributes(ze_kernel_handle_t hKernel,
					    uint32_t *pSize, char **pString);
ze_result_t xe_kernel_get_properties(ze_kernel_handle_t hKernel,
				     ze_kernel_properties_t *pKernelProperties);
ze_result_t xe_kernel_get_name(ze_kernel_handle_t hKernel, size_t *pSize,
			       char *pName);

#endif /* _XE_MODULE_H */
