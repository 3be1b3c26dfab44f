/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_MODULE_H
#define _XE_MODULE_H

#include <stddef.h>
#include <stdint.h>

#include <level_zero/ze_api.h>

#include "core/libze_private.h"
#include "submission/encoder.h"
#include "modules/module_types.h"

struct xe_launch;

ze_result_t xe_build_log_make(struct xe_context *ctx, const char *text,
			      ze_module_build_log_handle_t *phBuildLog);

/* SPIR-V kernels, kernel_jit.c */
int xe_kernel_jit_init(struct xe_kernel *k);
void xe_kernel_jit_fini(struct xe_kernel *k);
int xe_kernel_jit_set_arg(struct xe_kernel *k, uint32_t index, size_t size,
			  const void *value);
void xe_kernel_jit_properties(const struct xe_kernel *k,
			      ze_kernel_properties_t *props);
uint32_t xe_kernel_max_group_size(const struct xe_kernel *k);
int xe_kernel_jit_source_attributes(const struct xe_kernel *k, char *buf,
				    size_t size);
int xe_kernel_jit_snapshot(struct xe_kernel *k, struct xe_launch **launch);
int xe_kernel_jit_snapshot_of(const struct xe_kernel *k,
			      const struct xe_launch_state *st,
			      struct xe_launch **launch);
int xe_kernel_jit_arg_value(const struct xe_kernel *k, uint32_t index,
			    size_t size, const void *value, void **out);
int xe_kernel_jit_args_dup(const struct xe_kernel *k, void ***out);
void xe_kernel_jit_args_free(const struct xe_kernel *k, void **args);

int xe_kernel_set_arg(struct xe_kernel *k, uint32_t index, size_t size,
		      const void *value);
int xe_kernel_check_group_size(const struct xe_kernel *k, uint32_t x,
			       uint32_t y, uint32_t z);
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
ze_result_t xe_kernel_set_global_offset_exp(ze_kernel_handle_t hKernel,
					    uint32_t offsetX, uint32_t offsetY,
					    uint32_t offsetZ);
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
