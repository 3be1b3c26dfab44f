// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: SPIR-V modules
 *
 * A SPIR-V module is compiled by the shim (userspace/include/xe_jit.h, loaded by
 * jit_loader.c) with its specialization constants and build flags; the
 * shim's log is the build log. Its native binary is XE_JIT_NATIVE_MAGIC
 * followed by the shim's image, so that zeModuleCreate() with
 * ZE_MODULE_FORMAT_NATIVE recognises it and loads it back without
 * compiling. Specialization constants are passed with the width of their
 * type, found in the SPIR-V; an id the module does not declare is
 * ignored.
 *
 * A module that calls functions it does not define (built with
 * -library-compilation, or calling names that no built-in has) builds;
 * its kernels have no work-group function, and zeKernelCreate() says
 * ZE_RESULT_ERROR_INVALID_MODULE_UNLINKED, until zeModuleDynamicLink()
 * found those functions in the other modules it is given (which, with
 * -library-compilation, keep the functions they define callable).
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "modules/jit_loader.h"
#include "modules/module_jit.h"

#define SPV_MAGIC		0x07230203u
#define SPV_OP_TYPE_BOOL	20
#define SPV_OP_TYPE_INT		21
#define SPV_OP_TYPE_FLOAT	22
#define SPV_OP_SPEC_TRUE	48
#define SPV_OP_SPEC_FALSE	49
#define SPV_OP_SPEC_CONSTANT	50
#define SPV_OP_DECORATE		71
#define SPV_DECORATION_SPEC_ID	1

/* Bytes of the specialization constant @spec_id in @spirv, or 0. */
static uint32_t spec_const_size(const uint32_t *w, size_t nwords,
				uint32_t spec_id)
{
	uint32_t target = 0, type = 0, bytes = 0;
	size_t i, len;

	/* The result id decorated with SpecId @spec_id. */
	for (i = 5; i < nwords; i += len) {
		len = w[i] >> 16;
		if (!len || i + len > nwords)
			return 0;
		if ((w[i] & 0xffff) == SPV_OP_DECORATE && len >= 4 &&
		    w[i + 2] == SPV_DECORATION_SPEC_ID && w[i + 3] == spec_id)
			target = w[i + 1];
	}
	if (!target)
		return 0;
	/* Its type, then that type's width. */
	for (i = 5; i < nwords; i += len) {
		uint32_t op = w[i] & 0xffff;

		len = w[i] >> 16;
		if ((op == SPV_OP_SPEC_CONSTANT || op == SPV_OP_SPEC_TRUE ||
		     op == SPV_OP_SPEC_FALSE) && len >= 3 && w[i + 2] == target)
			type = w[i + 1];
	}
	for (i = 5; type && i < nwords; i += len) {
		uint32_t op = w[i] & 0xffff;

		len = w[i] >> 16;
		if (len >= 2 && w[i + 1] == type) {
			if (op == SPV_OP_TYPE_BOOL)
				bytes = 1;
			else if ((op == SPV_OP_TYPE_INT || op == SPV_OP_TYPE_FLOAT) &&
				 len >= 3)
				bytes = w[i + 2] / 8;
		}
	}
	return bytes;
}

/* The specialization constants of @desc that @spirv declares. */
static int spec_consts(const ze_module_desc_t *desc,
		       struct xe_jit_spec_const **out, uint32_t *n)
{
	const ze_module_constants_t *c = desc->pConstants;
	const uint32_t *w = (const uint32_t *)desc->pInputModule;
	size_t nwords = desc->inputSize / 4;
	uint32_t i, size;

	*out = NULL;
	*n = 0;
	if (!c || !c->numConstants)
		return 0;
	if (!c->pConstantIds || !c->pConstantValues)
		return -EINVAL;
	*out = calloc(c->numConstants, sizeof(**out));
	if (!*out)
		return -ENOMEM;
	for (i = 0; i < c->numConstants; i++) {
		size = spec_const_size(w, nwords, c->pConstantIds[i]);
		if (!size || !c->pConstantValues[i])
			continue;
		(*out)[*n].id = c->pConstantIds[i];
		(*out)[*n].size = size;
		(*out)[*n].value = c->pConstantValues[i];
		(*n)++;
	}
	return 0;
}

/* The native binary: the magic, then the shim's image. */
static int make_native(struct xe_module *mod)
{
	void *image;
	size_t size;
	int err;

	err = mod->jit_ops->native_binary(mod->jit, &image, &size);
	if (err)
		return err;
	mod->image = malloc(XE_JIT_NATIVE_MAGIC_SIZE + size);
	if (!mod->image) {
		free(image);
		return -ENOMEM;
	}
	memcpy(mod->image, XE_JIT_NATIVE_MAGIC, XE_JIT_NATIVE_MAGIC_SIZE);
	memcpy((char *)mod->image + XE_JIT_NATIVE_MAGIC_SIZE, image, size);
	mod->image_size = XE_JIT_NATIVE_MAGIC_SIZE + size;
	free(image);
	return 0;
}

static int list_kernels(struct xe_module *mod)
{
	uint32_t i, n = mod->jit_ops->kernel_count(mod->jit);

	mod->kernels = calloc(n ? n : 1, sizeof(*mod->kernels));
	if (!mod->kernels)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		mod->kernels[i].jit = mod->jit_ops->kernel_info(mod->jit, i);
		mod->kernels[i].fn = mod->jit_ops->group_fn(mod->jit, i);
		mod->kernels[i].index = i;
		/* No function yet: the module's imports wait for linking. */
		if (!mod->kernels[i].jit)
			return -EINVAL;
	}
	mod->num_kernels = n;
	return 0;
}

static ze_result_t fail(char **log, ze_result_t ret, const char *what)
{
	if (!*log)
		*log = strdup(what);
	return ret;
}

/**
 * xe_module_jit_create() - compile (or load back) a module with the shim
 * @mod: the module, empty
 * @desc: SPIR-V, or the native binary of a compiled module
 * @log: gets the build log (malloc'ed), or NULL
 *
 * Return: ZE_RESULT_SUCCESS; ZE_RESULT_ERROR_MODULE_BUILD_FAILURE (no
 * compiler, invalid SPIR-V, an unsupported capability or an unresolved
 * function: the log says which); ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
 * an out-of-memory error.
 */
ze_result_t xe_module_jit_create(struct xe_module *mod,
				 const ze_module_desc_t *desc, char **log)
{
	bool native = desc->format == ZE_MODULE_FORMAT_NATIVE;
	ze_result_t bad = native ? ZE_RESULT_ERROR_INVALID_NATIVE_BINARY :
				   ZE_RESULT_ERROR_MODULE_BUILD_FAILURE;
	struct xe_jit_spec_const *consts = NULL;
	uint32_t nconsts = 0;
	char why[512] = "";
	int err;

	*log = NULL;
	mod->jit_ops = xe_jit_load(why, sizeof(why));
	if (!mod->jit_ops)
		return fail(log, bad, why);

	if (native) {
		err = mod->jit_ops->load_native((const char *)desc->pInputModule +
						XE_JIT_NATIVE_MAGIC_SIZE,
						desc->inputSize - XE_JIT_NATIVE_MAGIC_SIZE,
						&mod->jit, log);
	} else {
		if (desc->inputSize % 4)
			return fail(log, bad, "invalid SPIR-V: not a whole number of words");
		err = spec_consts(desc, &consts, &nconsts);
		if (err)
			return err == -ENOMEM ? ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY :
			       ZE_RESULT_ERROR_INVALID_NULL_POINTER;
		err = mod->jit_ops->compile(desc->pInputModule, desc->inputSize,
					    consts, nconsts, desc->pBuildFlags,
					    &mod->jit, log);
		free(consts);
	}
	if (err == -ENOMEM)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	if (err || !mod->jit)
		return fail(log, bad, "the compiler failed");

	err = list_kernels(mod);
	if (!err)
		err = make_native(mod);
	if (err == -ENOMEM)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	if (err)
		return fail(log, bad, "the compiler gave an incomplete module");
	return ZE_RESULT_SUCCESS;
}

/**
 * xe_module_jit_fini() - free the compiled module, if any
 * @mod: the module; no launch of its kernels may still run
 */
void xe_module_jit_fini(struct xe_module *mod)
{
	if (mod->jit)
		mod->jit_ops->destroy(mod->jit);
	mod->jit = NULL;
}

/**
 * xe_module_jit_global_pointer() - zeModuleGetGlobalPointer() of a
 * compiled module
 * @mod: the module
 * @name: the global's name
 * @pSize: gets its size, or NULL
 * @pptr: gets its address, or NULL
 *
 * Return: ZE_RESULT_SUCCESS or ZE_RESULT_ERROR_INVALID_GLOBAL_NAME.
 */
ze_result_t xe_module_jit_global_pointer(struct xe_module *mod,
					 const char *name, size_t *pSize,
					 void **pptr)
{
	size_t size;
	void *ptr;

	if (mod->jit_ops->global_pointer(mod->jit, name, &ptr, &size))
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_GLOBAL_NAME,
			       "the module has no global of that name");
	if (pSize)
		*pSize = size;
	if (pptr)
		*pptr = ptr;
	return ZE_RESULT_SUCCESS;
}

/**
 * xe_module_jit_link() - zeModuleDynamicLink() of compiled modules
 * @mods: the modules (built-in ones are skipped)
 * @n: how many
 * @log: gets the link log (malloc'ed), or NULL
 *
 * Return: ZE_RESULT_SUCCESS, or ZE_RESULT_ERROR_MODULE_LINK_FAILURE when a
 * module's import is in none of the others (the log names it).
 */
ze_result_t xe_module_jit_link(struct xe_module **mods, uint32_t n,
			       char **log)
{
	struct xe_jit_module **jits = calloc(n ? n : 1, sizeof(*jits));
	const struct xe_jit_ops *ops = NULL;
	uint32_t i, k, m = 0;
	int err;

	*log = NULL;
	if (!jits)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	for (i = 0; i < n; i++)
		if (mods[i]->jit) {
			jits[m++] = mods[i]->jit;
			ops = mods[i]->jit_ops;
		}
	err = ops ? ops->link(jits, m, log) : 0;
	free(jits);
	for (i = 0; i < n; i++)
		for (k = 0; mods[i]->jit && k < mods[i]->num_kernels; k++)
			mods[i]->kernels[k].fn = ops->group_fn(mods[i]->jit, k);
	if (err == -ENOMEM)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	return err ? ZE_RESULT_ERROR_MODULE_LINK_FAILURE : ZE_RESULT_SUCCESS;
}
