/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_MODULE_JIT_H
#define _XE_MODULE_JIT_H

#include "modules/module_types.h"

/* Modules of SPIR-V, compiled by the shim (module_jit.c). */
ze_result_t xe_module_jit_create(struct xe_module *mod,
				 const ze_module_desc_t *desc, char **log);
void xe_module_jit_fini(struct xe_module *mod);
ze_result_t xe_module_jit_link(struct xe_module **mods, uint32_t n,
			       char **log);
ze_result_t xe_module_jit_global_pointer(struct xe_module *mod,
					 const char *name, size_t *pSize,
					 void **pptr);

#endif /* _XE_MODULE_JIT_H */
