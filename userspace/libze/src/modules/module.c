// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: modules
 *
 * The engine runs built-in kernels only, so the one module format is a
 * built-in module image (ZE_MODULE_FORMAT_NATIVE, include/zex_builtins.h,
 * Documentation/libze-builtins.rst): a header and a list of kernel names,
 * each naming a built-in. The image is checked in full before a module is
 * made; the build log says what was wrong with it. SPIR-V modules, and
 * the native binaries zeModuleGetNativeBinary() makes of them, are the
 * compiler's (module_jit.c). Modules import and export nothing, so
 * linking has nothing to do.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "core/types.h"
#include "modules/module.h"
#include "modules/module_jit.h"

struct xe_build_log {
	struct xe_object obj;
	char *text;
};

static_assert(offsetof(struct xe_module, obj) == 0,
	      "a module handle must point at its object header");
static_assert(offsetof(struct xe_build_log, obj) == 0,
	      "a build log handle must point at its object header");

/* The engine's kernels, as Level Zero sees them; a built-in image names them. */
#define PTR	sizeof(uint64_t)
#define U32	sizeof(uint32_t)
#define U64	sizeof(uint64_t)

static const struct xe_builtin xe_builtins[] = {
	{ ZEX_BUILTIN_FILL, "fill", 3, { PTR, PTR, U32 } },
	{ ZEX_BUILTIN_COPY, "copy", 2, { PTR, PTR } },
	{ ZEX_BUILTIN_ADD_U32, "add_u32", 3, { PTR, PTR, PTR } },
	{ ZEX_BUILTIN_SCALE_U32, "scale_u32", 3, { PTR, PTR, U32 } },
	{ ZEX_BUILTIN_CHECKSUM, "checksum", 2, { PTR, PTR } },
	{ ZEX_BUILTIN_SPIN, "spin", 1, { U64 } },
};

static const struct xe_builtin *xe_builtin_find(uint32_t id)
{
	unsigned int i;

	for (i = 0; i < XE_ARRAY_SIZE(xe_builtins); i++)
		if (xe_builtins[i].id == id)
			return &xe_builtins[i];
	return NULL;
}

static struct xe_module *module_from_handle(ze_module_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_MODULE);
}

static struct xe_build_log *log_from_handle(ze_module_build_log_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_BUILD_LOG);
}

/*
 * Check a built-in module image and list its kernels into @mod. On error,
 * @why says what is wrong.
 */
static int parse_image(struct xe_module *mod, const uint8_t *image,
		       size_t size, char *why, size_t why_size)
{
	const zex_builtin_module_header_t *hdr = (const void *)image;
	zex_builtin_module_kernel_t entry;
	uint32_t i, j;

	if (size < sizeof(*hdr) ||
	    memcmp(hdr->magic, ZEX_BUILTIN_MODULE_MAGIC, sizeof(hdr->magic))) {
		snprintf(why, why_size, "not a built-in module image");
		return -EINVAL;
	}
	if (hdr->version != ZEX_BUILTIN_MODULE_VERSION) {
		snprintf(why, why_size, "image version %u, expected %u",
			 hdr->version, ZEX_BUILTIN_MODULE_VERSION);
		return -EINVAL;
	}
	if (!hdr->num_kernels || hdr->num_kernels > ZEX_BUILTIN_MAX_KERNELS ||
	    size != sizeof(*hdr) + hdr->num_kernels * sizeof(entry)) {
		snprintf(why, why_size,
			 "%u kernels in an image of %zu bytes",
			 hdr->num_kernels, size);
		return -EINVAL;
	}

	mod->kernels = calloc(hdr->num_kernels, sizeof(*mod->kernels));
	if (!mod->kernels)
		return -ENOMEM;
	for (i = 0; i < hdr->num_kernels; i++) {
		memcpy(&entry, image + sizeof(*hdr) + i * sizeof(entry),
		       sizeof(entry));
		if (!memchr(entry.name, '\0', sizeof(entry.name)) ||
		    !entry.name[0] || entry.reserved) {
			snprintf(why, why_size, "kernel %u: bad name or reserved field",
				 i);
			return -EINVAL;
		}
		mod->kernels[i].builtin = xe_builtin_find(entry.builtin);
		if (!mod->kernels[i].builtin) {
			snprintf(why, why_size, "kernel '%s': no built-in %u",
				 entry.name, entry.builtin);
			return -EINVAL;
		}
		for (j = 0; j < i; j++) {
			if (!strcmp(mod->kernels[j].name, entry.name)) {
				snprintf(why, why_size, "kernel '%s' twice",
					 entry.name);
				return -EINVAL;
			}
		}
		memcpy(mod->kernels[i].name, entry.name, sizeof(entry.name));
	}
	mod->num_kernels = hdr->num_kernels;
	return 0;
}

static void module_free(struct xe_module *mod)
{
	xe_module_jit_fini(mod);
	free(mod->kernels);
	free(mod->image);
	xe_object_fini(&mod->obj);
	free(mod);
}

/**
 * xe_build_log_make() - a build log handle, if the caller asked for one
 * @ctx: the module's context
 * @text: what it says
 * @phBuildLog: where to store the handle, or NULL
 *
 * Return: ZE_RESULT_SUCCESS or an out-of-memory error.
 */
ze_result_t xe_build_log_make(struct xe_context *ctx, const char *text,
			      ze_module_build_log_handle_t *phBuildLog)
{
	struct xe_build_log *log;

	if (!phBuildLog)
		return ZE_RESULT_SUCCESS;
	log = calloc(1, sizeof(*log));
	if (!log)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	log->text = strdup(text ? text : "");
	if (!log->text) {
		free(log);
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	}
	xe_object_init(&log->obj, XE_MAGIC_BUILD_LOG, &ctx->drv->ddi);
	*phBuildLog = xe_object_handle(&log->obj);
	return ZE_RESULT_SUCCESS;
}

#define make_log xe_build_log_make

/* A SPIR-V module, or the native binary of one: the compiler's. */
static ze_result_t create_jit(struct xe_context *ctx, struct xe_device *dev,
			      const ze_module_desc_t *desc,
			      ze_module_handle_t *phModule,
			      ze_module_build_log_handle_t *phBuildLog)
{
	struct xe_module *mod;
	char *log = NULL;
	ze_result_t ret, lret;

	mod = calloc(1, sizeof(*mod));
	if (!mod)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	xe_object_init(&mod->obj, XE_MAGIC_MODULE, &ctx->drv->ddi);
	mod->ctx = ctx;
	mod->dev = dev;
	ret = xe_module_jit_create(mod, desc, &log);
	lret = make_log(ctx, log, phBuildLog);
	free(log);
	if (ret == ZE_RESULT_SUCCESS && lret != ZE_RESULT_SUCCESS)
		ret = lret;
	if (ret != ZE_RESULT_SUCCESS) {
		module_free(mod);
		return ret;
	}
	*phModule = xe_object_handle(&mod->obj);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_module_create(ze_context_handle_t hContext,
			     ze_device_handle_t hDevice,
			     const ze_module_desc_t *desc,
			     ze_module_handle_t *phModule,
			     ze_module_build_log_handle_t *phBuildLog)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_device *dev = xe_device_from_handle(hDevice);
	char why[200] = "";
	struct xe_module *mod;
	ze_result_t ret;
	int err;

	if (!ctx || !dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!desc || !phModule)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (desc->stype != ZE_STRUCTURE_TYPE_MODULE_DESC)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "desc->stype is not ZE_STRUCTURE_TYPE_MODULE_DESC");
	if (desc->format > ZE_MODULE_FORMAT_NATIVE)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	if (!desc->pInputModule)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!desc->inputSize)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_SIZE, "desc->inputSize is 0");

	if (desc->format == ZE_MODULE_FORMAT_IL_SPIRV ||
	    (desc->inputSize >= XE_JIT_NATIVE_MAGIC_SIZE &&
	     !memcmp(desc->pInputModule, XE_JIT_NATIVE_MAGIC,
		     XE_JIT_NATIVE_MAGIC_SIZE)))
		return create_jit(ctx, dev, desc, phModule, phBuildLog);

	mod = calloc(1, sizeof(*mod));
	if (!mod)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	xe_object_init(&mod->obj, XE_MAGIC_MODULE, &ctx->drv->ddi);
	mod->ctx = ctx;
	mod->dev = dev;

	err = parse_image(mod, desc->pInputModule, desc->inputSize, why,
			  sizeof(why));
	if (!err) {
		mod->image = malloc(desc->inputSize);
		err = mod->image ? 0 : -ENOMEM;
	}
	if (err) {
		module_free(mod);
		if (err == -ENOMEM)
			return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
		ret = make_log(ctx, why, phBuildLog);
		return ret != ZE_RESULT_SUCCESS ? ret :
		       ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
	}
	memcpy(mod->image, desc->pInputModule, desc->inputSize);
	mod->image_size = desc->inputSize;

	ret = make_log(ctx, "", phBuildLog);
	if (ret != ZE_RESULT_SUCCESS) {
		module_free(mod);
		return ret;
	}
	*phModule = xe_object_handle(&mod->obj);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_module_destroy(ze_module_handle_t hModule)
{
	struct xe_module *mod = module_from_handle(hModule);

	if (!mod)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	module_free(mod);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_module_dynamic_link(uint32_t numModules,
				   ze_module_handle_t *phModules,
				   ze_module_build_log_handle_t *phLinkLog)
{
	struct xe_module **mods;
	ze_result_t ret, lret;
	char *log = NULL;
	uint32_t i;

	if (!phModules)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	mods = calloc(numModules ? numModules : 1, sizeof(*mods));
	if (!mods)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	for (i = 0; i < numModules; i++) {
		mods[i] = module_from_handle(phModules[i]);
		if (!mods[i]) {
			free(mods);
			return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
		}
	}
	ret = xe_module_jit_link(mods, numModules, &log);
	lret = numModules ? make_log(mods[0]->ctx, log ? log : "", phLinkLog) :
			    ZE_RESULT_SUCCESS;
	free(log);
	free(mods);
	return ret != ZE_RESULT_SUCCESS ? ret : lret;
}

ze_result_t xe_module_get_native_binary(ze_module_handle_t hModule,
					size_t *pSize, uint8_t *pModuleNativeBinary)
{
	struct xe_module *mod = module_from_handle(hModule);

	if (!mod)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pSize)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (pModuleNativeBinary) {
		if (*pSize < mod->image_size)
			return ZE_RESULT_ERROR_INVALID_SIZE;
		memcpy(pModuleNativeBinary, mod->image, mod->image_size);
	}
	*pSize = mod->image_size;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_module_get_global_pointer(ze_module_handle_t hModule,
					 const char *pGlobalName, size_t *pSize,
					 void **pptr)
{
	struct xe_module *mod = module_from_handle(hModule);

	if (!mod)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pGlobalName)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (mod->jit)
		return xe_module_jit_global_pointer(mod, pGlobalName, pSize, pptr);
	return ZE_RESULT_ERROR_INVALID_GLOBAL_NAME;
}

ze_result_t xe_module_get_kernel_names(ze_module_handle_t hModule,
				       uint32_t *pCount, const char **pNames)
{
	struct xe_module *mod = module_from_handle(hModule);
	uint32_t i, n;

	if (!mod)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pCount)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	n = xe_enum_count(pCount, mod->num_kernels, pNames);
	for (i = 0; i < n; i++)
		pNames[i] = xe_mk_name(&mod->kernels[i]);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_module_get_properties(ze_module_handle_t hModule,
				     ze_module_properties_t *pModuleProperties)
{
	if (!module_from_handle(hModule))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pModuleProperties)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	pModuleProperties->flags = 0;	/* no unresolved imports */
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_module_get_function_pointer(ze_module_handle_t hModule,
					   const char *pFunctionName,
					   void **pfnFunction)
{
	if (!module_from_handle(hModule))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pFunctionName || !pfnFunction)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	return ZE_RESULT_ERROR_INVALID_FUNCTION_NAME;
}

ze_result_t xe_build_log_destroy(ze_module_build_log_handle_t hModuleBuildLog)
{
	struct xe_build_log *log = log_from_handle(hModuleBuildLog);

	if (!log)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	xe_object_fini(&log->obj);
	free(log->text);
	free(log);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_build_log_get_string(ze_module_build_log_handle_t hModuleBuildLog,
				    size_t *pSize, char *pBuildLog)
{
	struct xe_build_log *log = log_from_handle(hModuleBuildLog);
	size_t len;

	if (!log)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pSize)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	len = strlen(log->text) + 1;
	if (pBuildLog) {
		if (*pSize < len)
			return ZE_RESULT_ERROR_INVALID_SIZE;
		memcpy(pBuildLog, log->text, len);
	}
	*pSize = len;
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeModuleCreate, xe_module_create);
XE_EXPORT(zeModuleDestroy, xe_module_destroy);
XE_EXPORT(zeModuleDynamicLink, xe_module_dynamic_link);
XE_EXPORT(zeModuleGetNativeBinary, xe_module_get_native_binary);
XE_EXPORT(zeModuleGetGlobalPointer, xe_module_get_global_pointer);
XE_EXPORT(zeModuleGetKernelNames, xe_module_get_kernel_names);
XE_EXPORT(zeModuleGetProperties, xe_module_get_properties);
XE_EXPORT(zeModuleGetFunctionPointer, xe_module_get_function_pointer);
XE_EXPORT(zeModuleBuildLogDestroy, xe_build_log_destroy);
XE_EXPORT(zeModuleBuildLogGetString, xe_build_log_get_string);
