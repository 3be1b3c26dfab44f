// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: kernels
 *
 * A kernel of a built-in module is one of the engine's built-in kernels
 * (Documentation/libze-builtins.rst) with its Level Zero launch state:
 * argument values and a group size. A launch runs one work item per
 * element, groupCount x groupSize of them in each dimension; the kernel
 * turns its arguments and that global size into the six arguments of
 * XE_CBEV_DISPATCH (xe_kernel_dispatch_args()). There is no hardware
 * thread: subgroups have one item, any group size up to 1024 items works,
 * and cooperative launches are ordinary ones.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "core/types.h"
#include "modules/module.h"
#include "core/result.h"

#define XE_MAX_GROUP_SIZE	1024
/* Most bytes one dispatch may touch (Documentation/command-stream.rst). */
#define XE_DISPATCH_MAX_SIZE	(1ull << 30)
#define XE_MAX_FILL_PATTERN	256

#define XE_KERNEL_FLAGS_KNOWN \
	(ZE_KERNEL_FLAG_FORCE_RESIDENCY | ZE_KERNEL_FLAG_EXPLICIT_RESIDENCY)
#define XE_INDIRECT_FLAGS_KNOWN						\
	(ZE_KERNEL_INDIRECT_ACCESS_FLAG_HOST |				\
	 ZE_KERNEL_INDIRECT_ACCESS_FLAG_DEVICE |			\
	 ZE_KERNEL_INDIRECT_ACCESS_FLAG_SHARED)
#define XE_CACHE_CONFIG_FLAGS_KNOWN \
	(ZE_CACHE_CONFIG_FLAG_LARGE_SLM | ZE_CACHE_CONFIG_FLAG_LARGE_DATA)

static_assert(offsetof(struct xe_kernel, obj) == 0,
	      "a kernel handle must point at its object header");

/**
 * xe_kernel_set_arg() - set an argument
 * @k: the kernel
 * @index: which
 * @size: bytes at @value; must be the argument's size
 * @value: the value; NULL sets a pointer argument to NULL
 *
 * Return: 0, -ENOENT for an index the kernel lacks, -E2BIG for a wrong
 * size, -EINVAL for a NULL value of an argument that is no pointer.
 */
int xe_kernel_set_arg(struct xe_kernel *k, uint32_t index, size_t size,
		      const void *value)
{
	const struct xe_builtin *b = k->mk->builtin;
	uint64_t v = 0;

	if (k->mk->jit)
		return xe_kernel_jit_set_arg(k, index, size, value);
	if (index >= b->num_args)
		return -ENOENT;
	/* Larger values give their low bytes, as for SPIR-V kernels. */
	if (size < b->arg_size[index])
		return -E2BIG;
	size = b->arg_size[index];
	if (!value && size != sizeof(uint64_t))
		return -EINVAL;
	if (value)
		memcpy(&v, value, size);	/* little-endian: zero-extended */
	k->args[index] = v;
	k->args_set |= 1u << index;
	return 0;
}

/* May @k run groups of @x * @y * @z? 0 or -EINVAL. */
int xe_kernel_check_group_size(const struct xe_kernel *k, uint32_t x,
			       uint32_t y, uint32_t z)
{
	const uint32_t *req = k->mk->jit ? k->mk->jit->reqd_group_size : NULL;

	if (!x || !y || !z || (uint64_t)x * y * z > xe_kernel_max_group_size(k))
		return -EINVAL;
	/* reqd_work_group_size: that size or none. */
	if (req && req[0] && (x != req[0] || y != req[1] || z != req[2]))
		return -EINVAL;
	return 0;
}

int xe_kernel_set_group_size(struct xe_kernel *k, uint32_t x, uint32_t y,
			     uint32_t z)
{
	if (xe_kernel_check_group_size(k, x, y, z))
		return -EINVAL;
	k->group_size[0] = x;
	k->group_size[1] = y;
	k->group_size[2] = z;
	return 0;
}

/**
 * xe_kernel_dispatch_args() - the XE_CBEV_DISPATCH arguments of a launch
 * @k: the kernel, all arguments set
 * @count: the group count
 * @args: the six dispatch arguments
 *
 * Return: the number of work items (0: nothing to dispatch); -EINVAL if an
 * argument is not set or out of range; -ERANGE if the launch is larger
 * than one dispatch can be.
 */
int xe_kernel_dispatch_args(const struct xe_kernel *k,
			    const ze_group_count_t *count,
			    uint64_t args[XE_DISPATCH_NUM_ARGS])
{
	const struct xe_builtin *b = k->mk->builtin;
	const uint32_t dims[3] = { count->groupCountX, count->groupCountY,
				   count->groupCountZ };
	uint64_t n = 1, bytes;
	unsigned int i;

	if (k->args_set != (1u << b->num_args) - 1)
		return -EINVAL;
	for (i = 0; i < 3; i++)
		if (__builtin_mul_overflow(n, (uint64_t)dims[i] *
					   k->group_size[i], &n))
			return -ERANGE;

	memset(args, 0, XE_DISPATCH_NUM_ARGS * sizeof(*args));
	bytes = n;
	switch (b->id) {
	case ZEX_BUILTIN_FILL:
		if (!k->args[2] || k->args[2] > XE_MAX_FILL_PATTERN)
			return -EINVAL;
		args[0] = k->args[0];
		args[1] = n;
		args[2] = k->args[1];
		args[3] = k->args[2];
		break;
	case ZEX_BUILTIN_COPY:
	case ZEX_BUILTIN_CHECKSUM:
		args[0] = k->args[0];
		args[1] = k->args[1];
		args[2] = n;
		break;
	case ZEX_BUILTIN_ADD_U32:
	case ZEX_BUILTIN_SCALE_U32:
		args[0] = k->args[0];
		args[1] = k->args[1];
		args[2] = k->args[2];
		args[3] = n;
		bytes = n * 4;
		break;
	case ZEX_BUILTIN_SPIN:
		args[0] = k->args[0];
		bytes = 0;
		break;
	}
	if (bytes > XE_DISPATCH_MAX_SIZE)
		return -ERANGE;
	return n ? 1 : 0;
}

ze_result_t xe_kernel_create(ze_module_handle_t hModule,
			     const ze_kernel_desc_t *desc,
			     ze_kernel_handle_t *phKernel)
{
	struct xe_module *mod = xe_object_check(hModule, XE_MAGIC_MODULE);
	const struct xe_module_kernel *mk = NULL;
	struct xe_kernel *k;
	uint32_t i;

	if (!mod)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!desc || !desc->pKernelName || !phKernel)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (desc->stype != ZE_STRUCTURE_TYPE_KERNEL_DESC)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	if (desc->flags & ~XE_KERNEL_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;

	for (i = 0; i < mod->num_kernels; i++)
		if (!strcmp(xe_mk_name(&mod->kernels[i]), desc->pKernelName))
			mk = &mod->kernels[i];
	if (!mk)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_KERNEL_NAME,
			       "the module has no kernel of that name");
	if (mk->jit && !mk->fn)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_MODULE_UNLINKED,
			       "the module calls functions it does not define: zeModuleDynamicLink() first");

	k = calloc(1, sizeof(*k));
	if (!k)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	xe_object_init(&k->obj, XE_MAGIC_KERNEL, &mod->ctx->drv->ddi);
	k->module = mod;
	k->mk = mk;
	xe_kernel_set_group_size(k, 1, 1, 1);
	if (mk->jit && xe_kernel_jit_init(k)) {
		xe_object_fini(&k->obj);
		free(k);
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	}

	*phKernel = xe_object_handle(&k->obj);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_kernel_destroy(ze_kernel_handle_t hKernel)
{
	struct xe_kernel *k = xe_kernel_from_handle(hKernel);

	if (!k)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	xe_kernel_jit_fini(k);
	xe_object_fini(&k->obj);
	free(k);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_kernel_set_cache_config(ze_kernel_handle_t hKernel,
				       ze_cache_config_flags_t flags)
{
	if (!xe_kernel_from_handle(hKernel))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (flags & ~XE_CACHE_CONFIG_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_kernel_set_group_size_api(ze_kernel_handle_t hKernel,
					 uint32_t groupSizeX,
					 uint32_t groupSizeY,
					 uint32_t groupSizeZ)
{
	struct xe_kernel *k = xe_kernel_from_handle(hKernel);

	if (!k)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (xe_kernel_set_group_size(k, groupSizeX, groupSizeY, groupSizeZ))
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION,
			       "a group size is 0 or above the device's limits");
	return ZE_RESULT_SUCCESS;
}

/*
 * zeKernelSetGlobalOffsetExp(): get_global_id() of the next launches
 * counts from the offset, get_global_offset() returns it. Built-in kernels
 * have no global ids to offset: only zero is theirs.
 */
ze_result_t xe_kernel_set_global_offset_exp(ze_kernel_handle_t hKernel,
					    uint32_t offsetX, uint32_t offsetY,
					    uint32_t offsetZ)
{
	struct xe_kernel *k = xe_kernel_from_handle(hKernel);

	if (!k)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!k->mk->jit && (offsetX || offsetY || offsetZ))
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
			       "built-in kernels take no global offset");
	k->global_offset[0] = offsetX;
	k->global_offset[1] = offsetY;
	k->global_offset[2] = offsetZ;
	return ZE_RESULT_SUCCESS;
}

/* The largest divisor of @global that is at most @limit. */
static uint32_t divisor_at_most(uint32_t global, uint32_t limit)
{
	uint32_t d;

	for (d = limit < global ? limit : global; d > 1; d--)
		if (!(global % d))
			return d;
	return 1;
}

ze_result_t xe_kernel_suggest_group_size(ze_kernel_handle_t hKernel,
					 uint32_t globalSizeX,
					 uint32_t globalSizeY,
					 uint32_t globalSizeZ,
					 uint32_t *groupSizeX,
					 uint32_t *groupSizeY,
					 uint32_t *groupSizeZ)
{
	struct xe_kernel *k = xe_kernel_from_handle(hKernel);
	uint32_t left;

	if (!k)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	left = xe_kernel_max_group_size(k);
	if (!groupSizeX || !groupSizeY || !groupSizeZ)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!globalSizeX || !globalSizeY || !globalSizeZ)
		return ZE_RESULT_ERROR_INVALID_GLOBAL_WIDTH_DIMENSION;
	if (k->mk->jit && k->mk->jit->reqd_group_size[0]) {
		*groupSizeX = k->mk->jit->reqd_group_size[0];
		*groupSizeY = k->mk->jit->reqd_group_size[1];
		*groupSizeZ = k->mk->jit->reqd_group_size[2];
		return ZE_RESULT_SUCCESS;
	}

	/* Groups that divide the global size exactly, 1024 items at most. */
	*groupSizeX = divisor_at_most(globalSizeX, left);
	left /= *groupSizeX;
	*groupSizeY = divisor_at_most(globalSizeY, left);
	left /= *groupSizeY;
	*groupSizeZ = divisor_at_most(globalSizeZ, left);
	return ZE_RESULT_SUCCESS;
}

ze_result_t
xe_kernel_suggest_max_cooperative_group_count(ze_kernel_handle_t hKernel,
					      uint32_t *totalGroupCount)
{
	if (!xe_kernel_from_handle(hKernel))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!totalGroupCount)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	/* Groups run one after the other: any number can cooperate. */
	*totalGroupCount = UINT32_MAX;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_kernel_set_argument_value(ze_kernel_handle_t hKernel,
					 uint32_t argIndex, size_t argSize,
					 const void *pArgValue)
{
	struct xe_kernel *k = xe_kernel_from_handle(hKernel);

	if (!k)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	switch (xe_kernel_set_arg(k, argIndex, argSize, pArgValue)) {
	case 0:
		return ZE_RESULT_SUCCESS;
	case -ENOENT:
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX,
			       "argIndex is not an argument of the kernel");
	case -E2BIG:
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE,
			       "argSize is not the size of the argument");
	case -ENOMEM:
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	default:
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	}
}

ze_result_t xe_kernel_set_indirect_access(ze_kernel_handle_t hKernel,
					  ze_kernel_indirect_access_flags_t flags)
{
	struct xe_kernel *k = xe_kernel_from_handle(hKernel);

	if (!k)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (flags & ~XE_INDIRECT_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	k->indirect = flags;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_kernel_get_indirect_access(ze_kernel_handle_t hKernel,
					  ze_kernel_indirect_access_flags_t *pFlags)
{
	struct xe_kernel *k = xe_kernel_from_handle(hKernel);

	if (!k)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pFlags)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*pFlags = k->indirect;
	return ZE_RESULT_SUCCESS;
}

/*
 * The caller owns the string: with *pString NULL it learns the size, then
 * passes a buffer of that size (the spec's char ** is a typo it keeps;
 * compute-runtime and level-zero-tests copy into, and free, their own).
 */
ze_result_t xe_kernel_get_source_attributes(ze_kernel_handle_t hKernel,
					    uint32_t *pSize, char **pString)
{
	struct xe_kernel *k = xe_kernel_from_handle(hKernel);
	char attrs[128] = "";
	uint32_t len;

	if (!k)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pSize)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	/* Built-ins have no source, hence no attributes. */
	if (k->mk->jit)
		xe_kernel_jit_source_attributes(k, attrs, sizeof(attrs));
	len = strlen(attrs) + 1;
	if (!pString || !*pString) {
		*pSize = len;
		return ZE_RESULT_SUCCESS;
	}
	if (*pSize < len)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_SIZE,
			       "zeKernelGetSourceAttributes: the buffer holds fewer bytes than *pSize asked for");
	memcpy(*pString, attrs, len);
	*pSize = len;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_kernel_get_properties(ze_kernel_handle_t hKernel,
				     ze_kernel_properties_t *props)
{
	struct xe_kernel *k = xe_kernel_from_handle(hKernel);

	if (!k)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!props)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	if (k->mk->jit) {
		xe_kernel_jit_properties(k, props);
		return ZE_RESULT_SUCCESS;
	}
	props->numKernelArgs = k->mk->builtin->num_args;
	props->requiredGroupSizeX = 0;
	props->requiredGroupSizeY = 0;
	props->requiredGroupSizeZ = 0;
	props->requiredNumSubGroups = 0;
	props->requiredSubgroupSize = 0;
	props->maxSubgroupSize = 1;
	props->maxNumSubgroups = XE_MAX_GROUP_SIZE;
	props->localMemSize = 0;
	props->privateMemSize = 0;
	props->spillMemSize = 0;
	memset(&props->uuid, 0, sizeof(props->uuid));
	memcpy(props->uuid.kid, &k->mk->builtin->id, sizeof(uint32_t));
	memcpy(props->uuid.mid, &k->module->dev->info.uuid,
	       sizeof(props->uuid.mid));
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_kernel_get_name(ze_kernel_handle_t hKernel, size_t *pSize,
			       char *pName)
{
	struct xe_kernel *k = xe_kernel_from_handle(hKernel);
	size_t len;

	if (!k)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pSize)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	len = strlen(xe_mk_name(k->mk)) + 1;
	if (pName) {
		if (*pSize < len)
			return ZE_RESULT_ERROR_INVALID_SIZE;
		memcpy(pName, xe_mk_name(k->mk), len);
	}
	*pSize = len;
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeKernelCreate, xe_kernel_create);
XE_EXPORT(zeKernelDestroy, xe_kernel_destroy);
XE_EXPORT(zeKernelSetCacheConfig, xe_kernel_set_cache_config);
XE_EXPORT(zeKernelSetGroupSize, xe_kernel_set_group_size_api);
XE_EXPORT(zeKernelSetGlobalOffsetExp, xe_kernel_set_global_offset_exp);
XE_EXPORT(zeKernelSuggestGroupSize, xe_kernel_suggest_group_size);
XE_EXPORT(zeKernelSuggestMaxCooperativeGroupCount,
	  xe_kernel_suggest_max_cooperative_group_count);
XE_EXPORT(zeKernelSetArgumentValue, xe_kernel_set_argument_value);
XE_EXPORT(zeKernelSetIndirectAccess, xe_kernel_set_indirect_access);
XE_EXPORT(zeKernelGetIndirectAccess, xe_kernel_get_indirect_access);
XE_EXPORT(zeKernelGetSourceAttributes, xe_kernel_get_source_attributes);
XE_EXPORT(zeKernelGetProperties, xe_kernel_get_properties);
XE_EXPORT(zeKernelGetName, xe_kernel_get_name);
