// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: SPIR-V kernels
 *
 * A kernel of a compiled module takes the arguments the compiler listed
 * (struct xe_jit_arg_info): values of a fixed size (scalars, vectors,
 * structs by value), __global and __constant pointers (8 bytes, NULL
 * allowed), and __local pointers, whose "value" is the size of the
 * buffer each work-group gets (pArgValue must be NULL). A launch copies
 * them into a struct xe_launch (eu_pool.h), so the kernel may change for
 * the next launch at once; a launch with an argument never set is
 * refused.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/libze_private.h"
#include "core/types.h"
#include "modules/eu_pool.h"
#include "modules/module.h"

/* The device's largest work-group (device_props.c says the same). */
#define XE_DEVICE_MAX_GROUP_SIZE	1024

/* __local bytes one argument may ask for (maxSharedLocalMemory). */
#define XE_JIT_MAX_LOCAL	(64 * 1024)

static const struct xe_jit_kernel_info *info(const struct xe_kernel *k)
{
	return k->mk->jit;
}

/**
 * xe_kernel_max_group_size() - the largest work-group the kernel runs
 * @k: the kernel (any kind)
 *
 * Return: work-items.
 */
uint32_t xe_kernel_max_group_size(const struct xe_kernel *k)
{
	if (k->mk->jit && k->mk->jit->max_group_size &&
	    k->mk->jit->max_group_size < XE_DEVICE_MAX_GROUP_SIZE)
		return k->mk->jit->max_group_size;
	return XE_DEVICE_MAX_GROUP_SIZE;
}

/**
 * xe_kernel_jit_init() - a SPIR-V kernel has no argument set yet
 * @k: the kernel
 *
 * Return: 0 or -ENOMEM.
 */
int xe_kernel_jit_init(struct xe_kernel *k)
{
	const uint32_t *req = info(k)->reqd_group_size;

	k->jit_args = calloc(info(k)->num_args + 1, sizeof(*k->jit_args));
	if (!k->jit_args)
		return -ENOMEM;
	if (req[0]) {
		k->group_size[0] = req[0];
		k->group_size[1] = req[1];
		k->group_size[2] = req[2];
	}
	return 0;
}

/**
 * xe_kernel_jit_fini() - free a kernel's argument values
 * @k: the kernel (any kind)
 */
void xe_kernel_jit_fini(struct xe_kernel *k)
{
	uint32_t i;

	if (!k->jit_args)
		return;
	for (i = 0; i < info(k)->num_args; i++)
		free(k->jit_args[i]);
	free(k->jit_args);
	k->jit_args = NULL;
}

/**
 * xe_kernel_jit_arg_value() - the stored form of an argument's value
 * @k: the kernel
 * @index: the argument
 * @size: bytes at @value (a __local argument: the buffer's size)
 * @value: the value; NULL for a NULL pointer or a __local argument
 * @out: gets the bytes, malloc'ed (a __local argument's: its size, a
 *	uint64_t), as struct xe_kernel.jit_args holds them
 *
 * Return: 0, -ENOENT for an index the kernel lacks, -E2BIG for a wrong
 * size, -EINVAL for a NULL value, or a value for a __local argument,
 * -ENOMEM.
 */
int xe_kernel_jit_arg_value(const struct xe_kernel *k, uint32_t index,
			    size_t size, const void *value, void **out)
{
	const struct xe_jit_arg_info *a;
	size_t bytes;
	void *v;

	if (index >= info(k)->num_args)
		return -ENOENT;
	a = &info(k)->args[index];
	if (a->kind == XE_JIT_ARG_LOCAL) {
		if (value || !size || size > XE_JIT_MAX_LOCAL)
			return value ? -EINVAL : -E2BIG;
		bytes = sizeof(uint64_t);
	} else {
		/*
		 * A larger value than the parameter is taken as the low bytes
		 * of a little-endian integer, as compute-runtime takes it
		 * (level-zero-tests pass a size_t for an int); a smaller one
		 * or a larger pointer is refused.
		 */
		if (size < a->size ||
		    (size > a->size && a->kind != XE_JIT_ARG_VALUE))
			return -E2BIG;
		size = a->size;
		if (!value && a->kind == XE_JIT_ARG_VALUE)
			return -EINVAL;
		bytes = size;
	}
	v = calloc(1, bytes < 8 ? 8 : bytes);
	if (!v)
		return -ENOMEM;
	if (a->kind == XE_JIT_ARG_LOCAL)
		*(uint64_t *)v = size;
	else if (value)
		memcpy(v, value, size);
	*out = v;
	return 0;
}

/**
 * xe_kernel_jit_set_arg() - zeKernelSetArgumentValue() of a SPIR-V kernel
 * @k: the kernel
 * @index: the argument
 * @size: bytes at @value (a __local argument: the buffer's size)
 * @value: the value; NULL for a NULL pointer or a __local argument
 *
 * Return: as xe_kernel_jit_arg_value().
 */
int xe_kernel_jit_set_arg(struct xe_kernel *k, uint32_t index, size_t size,
			  const void *value)
{
	void *v;
	int err;

	err = xe_kernel_jit_arg_value(k, index, size, value, &v);
	if (err)
		return err;
	free(k->jit_args[index]);
	k->jit_args[index] = v;
	return 0;
}

/**
 * xe_kernel_jit_args_dup() - a copy of a kernel's argument values
 * @k: the kernel
 * @out: gets an array as struct xe_kernel.jit_args, NULL where unset
 *
 * Return: 0 or -ENOMEM.
 */
int xe_kernel_jit_args_dup(const struct xe_kernel *k, void ***out)
{
	uint32_t i, n = info(k)->num_args;
	void **args = calloc(n + 1, sizeof(*args));

	if (!args)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		size_t bytes = info(k)->args[i].kind == XE_JIT_ARG_LOCAL ?
			       sizeof(uint64_t) : info(k)->args[i].size;

		if (!k->jit_args[i])
			continue;
		args[i] = calloc(1, bytes < 8 ? 8 : bytes);
		if (!args[i]) {
			xe_kernel_jit_args_free(k, args);
			return -ENOMEM;
		}
		memcpy(args[i], k->jit_args[i], bytes);
	}
	*out = args;
	return 0;
}

/* Free what xe_kernel_jit_args_dup() made (NULL: nothing). */
void xe_kernel_jit_args_free(const struct xe_kernel *k, void **args)
{
	uint32_t i;

	if (!args)
		return;
	for (i = 0; i < info(k)->num_args; i++)
		free(args[i]);
	free(args);
}

/**
 * xe_kernel_jit_properties() - zeKernelGetProperties() of a SPIR-V kernel
 * @k: the kernel
 * @props: filled in
 */
void xe_kernel_jit_properties(const struct xe_kernel *k,
			      ze_kernel_properties_t *props)
{
	const struct xe_jit_kernel_info *ki = info(k);
	uint32_t id = k->mk->index;

	props->numKernelArgs = ki->num_args;
	props->requiredGroupSizeX = ki->reqd_group_size[0];
	props->requiredGroupSizeY = ki->reqd_group_size[1];
	props->requiredGroupSizeZ = ki->reqd_group_size[2];
	props->requiredNumSubGroups = 0;
	props->requiredSubgroupSize = ki->flags & XE_JIT_KERNEL_REQD_SUB_GROUP ?
				      ki->sub_group_size : 0;
	props->maxSubgroupSize = ki->sub_group_size;
	props->maxNumSubgroups = (xe_kernel_max_group_size(k) +
				  ki->sub_group_size - 1) / ki->sub_group_size;
	props->localMemSize = ki->static_local_size;
	props->privateMemSize = ki->private_size;
	props->spillMemSize = 0;
	memset(&props->uuid, 0, sizeof(props->uuid));
	memcpy(props->uuid.kid, &id, sizeof(id));
	memcpy(props->uuid.mid, &k->module, sizeof(k->module));
}

/**
 * xe_kernel_jit_source_attributes() - the kernel's attributes in the source
 * @k: the kernel
 * @buf: gets them, space-separated, as OpenCL C spells them
 * @size: bytes at @buf
 *
 * Return: the length of the whole string, without its terminator.
 */
int xe_kernel_jit_source_attributes(const struct xe_kernel *k, char *buf,
				    size_t size)
{
	const struct xe_jit_kernel_info *ki = info(k);
	const uint32_t *r = ki->reqd_group_size;
	int n = 0;

	buf[0] = '\0';
	if (r[0])
		n += snprintf(buf, size, "reqd_work_group_size(%u,%u,%u)",
			      r[0], r[1], r[2]);
	if (ki->flags & XE_JIT_KERNEL_REQD_SUB_GROUP)
		n += snprintf(buf + n, (size_t)n < size ? size - n : 0,
			      "%sintel_reqd_sub_group_size(%u)", n ? " " : "",
			      ki->sub_group_size);
	return n;
}

/**
 * xe_kernel_jit_snapshot_of() - a launch of the kernel with given state
 * @k: the kernel
 * @st: its arguments (as struct xe_kernel.jit_args, every one set), group
 *	size and global offset
 * @launch: gets the launch, registered, with one reference
 *
 * Return: 0; -EINVAL if an argument is not set; -ENOMEM.
 */
int xe_kernel_jit_snapshot_of(const struct xe_kernel *k,
			      const struct xe_launch_state *st,
			      struct xe_launch **launch)
{
	const struct xe_jit_kernel_info *ki = info(k);
	uint32_t i, n = ki->num_args;
	size_t bytes = 0, off;
	struct xe_launch *l;
	char *p;

	for (i = 0; i < n; i++) {
		if (!st->args[i])
			return -EINVAL;
		bytes += ki->args[i].kind == XE_JIT_ARG_LOCAL ? 0 :
			 (ki->args[i].size + 15) / 16 * 16;
	}
	off = n * (sizeof(void *) + sizeof(uint64_t));
	l = calloc(1, sizeof(*l) + off + bytes + 16);
	if (!l)
		return -ENOMEM;
	l->fn = k->mk->fn;
	l->num_args = n;
	memcpy(l->local_size, st->group_size, sizeof(l->local_size));
	for (i = 0; i < 3; i++)
		l->global_offset[i] = st->global_offset[i];
	l->argv = (void **)l->data;
	l->local_bytes = (uint64_t *)(l->data + n * sizeof(void *));
	l->static_local = ki->static_local_size;
	l->scratch = k->module->jit_ops->group_scratch_size(k->module->jit,
							    k->mk->index,
							    st->group_size);
	p = (char *)(((uintptr_t)(l->data + off) + 15) & ~(uintptr_t)15);
	for (i = 0; i < n; i++) {
		if (ki->args[i].kind == XE_JIT_ARG_LOCAL) {
			l->local_bytes[i] = *(uint64_t *)st->args[i];
			continue;
		}
		memcpy(p, st->args[i], ki->args[i].size);
		l->argv[i] = p;
		p += (ki->args[i].size + 15) / 16 * 16;
	}
	if (xe_launch_register(l)) {
		free(l);
		return -ENOMEM;
	}
	*launch = l;
	return 0;
}

/**
 * xe_kernel_jit_snapshot() - a launch of the kernel as it is now
 * @k: the kernel, every argument set
 * @launch: gets the launch, registered, with one reference
 *
 * Return: 0; -EINVAL if an argument is not set; -ENOMEM.
 */
int xe_kernel_jit_snapshot(struct xe_kernel *k, struct xe_launch **launch)
{
	struct xe_launch_state st = { .args = k->jit_args };

	memcpy(st.group_size, k->group_size, sizeof(st.group_size));
	memcpy(st.global_offset, k->global_offset, sizeof(st.global_offset));
	return xe_kernel_jit_snapshot_of(k, &st, launch);
}
