// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: external memory
 *
 * Every allocation is one buffer object, which the kernel shares as a
 * dma-buf, so any allocation may be exported and a dma-buf of this driver
 * imported (zeDeviceGetExternalMemoryProperties() reports DMA_BUF and
 * OPAQUE_FD, which is the same fd here):
 *
 * - an allocation made with ze_external_memory_export_desc_t (its flags
 *   are checked, nothing else is needed) gives, through
 *   zeMemGetAllocProperties() with ze_external_memory_export_fd_t in its
 *   pNext, a new dma-buf fd that the caller owns and closes;
 * - an allocation made with ze_external_memory_import_fd_t gets the pages
 *   of the fd's dma-buf (this process's or another's; the fd stays the
 *   caller's): its size is the dma-buf's, at least the size asked for, and
 *   zeMemFree() releases it (memory.c makes the allocation). Importing an
 *   object the context has already maps it once more, at an address of
 *   its own.
 *
 * A dma-buf of another driver cannot be imported by the module (it maps
 * its own objects only): ZE_RESULT_ERROR_INVALID_ARGUMENT.
 */

#include <errno.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "core/result.h"
#include "core/types.h"
#include "memory/bo.h"
#include "memory/memory_external.h"

#define XE_EXTERNAL_MEMORY_FDS \
	(ZE_EXTERNAL_MEMORY_TYPE_FLAG_OPAQUE_FD | \
	 ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF)

static const void *find_ext(const void *pnext, ze_structure_type_t stype)
{
	const ze_base_desc_t *ext;

	for (ext = pnext; ext; ext = ext->pNext)
		if (ext->stype == stype)
			return ext;
	return NULL;
}

/* Export or import flags: one or more fd kinds, nothing else. */
static bool fd_flags_ok(ze_external_memory_type_flags_t flags)
{
	return !(flags & ~XE_EXTERNAL_MEMORY_FDS);
}

/**
 * xe_memory_external_import() - the object of an imported dma-buf fd
 * @dev: the device the allocation is of
 * @pnext: the allocation descriptor's pNext chain
 * @size: the bytes asked for
 * @bo: out: the object, with a reference for the allocation
 *
 * Return: 1 if the chain imports nothing (make a new allocation), 0 with
 * @bo, or a negative errno.
 */
int xe_memory_external_import(struct xe_device *dev, const void *pnext,
			      size_t size, struct xe_bo **bo)
{
	const ze_external_memory_import_fd_t *imp =
		find_ext(pnext, ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMPORT_FD);
	int err;

	if (!imp)
		return 1;
	if (!imp->flags || !fd_flags_ok(imp->flags))
		return XE_FAIL(-EINVAL,
			       "ze_external_memory_import_fd_t: flags name no fd kind this driver imports (DMA_BUF, OPAQUE_FD)");
	if (imp->fd < 0)
		return XE_FAIL(-EINVAL,
			       "ze_external_memory_import_fd_t: fd is negative");
	err = xe_bo_import(dev, imp->fd, bo);
	if (err)
		return XE_FAIL(err == -ENOMEM ? err : -EINVAL,
			       "ze_external_memory_import_fd_t: fd is no dma-buf of this driver");
	if ((*bo)->size < size) {
		xe_bo_put(*bo);
		return XE_FAIL(-EINVAL,
			       "ze_external_memory_import_fd_t: the dma-buf is smaller than the size asked for");
	}
	return 0;
}

/**
 * xe_memory_external_check_export() - check an export descriptor
 * @pnext: the allocation descriptor's pNext chain
 *
 * Return: 0, or -EOPNOTSUPP for an export kind other than an fd
 * (ZE_RESULT_ERROR_UNSUPPORTED_FEATURE).
 */
int xe_memory_external_check_export(const void *pnext)
{
	const ze_external_memory_export_desc_t *exp =
		find_ext(pnext, ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_DESC);

	if (exp && !fd_flags_ok(exp->flags))
		return XE_FAIL(-EOPNOTSUPP,
			       "ze_external_memory_export_desc_t: only DMA_BUF and OPAQUE_FD exports exist here");
	return 0;
}

/**
 * xe_memory_external_export() - fill ze_external_memory_export_fd_t
 * @bo: the allocation's object
 * @pnext: zeMemGetAllocProperties()' pNext chain
 *
 * Return: 0 (the chain asks nothing, or its fd is filled), or a negative
 * errno.
 */
int xe_memory_external_export(struct xe_bo *bo, const void *pnext)
{
	ze_external_memory_export_fd_t *exp = (ze_external_memory_export_fd_t *)
		find_ext(pnext, ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_FD);

	if (!exp)
		return 0;
	if (!fd_flags_ok(exp->flags))
		return XE_FAIL(-EINVAL,
			       "ze_external_memory_export_fd_t: only DMA_BUF and OPAQUE_FD exports exist here");
	return xe_bo_export(bo, &exp->fd);
}
