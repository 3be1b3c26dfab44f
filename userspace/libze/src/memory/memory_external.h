/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_MEMORY_EXTERNAL_H
#define _XE_MEMORY_EXTERNAL_H

/* External memory: dma-buf fds in allocation descriptors (memory_external.c) */

#include <stddef.h>

struct xe_bo;
struct xe_device;

int xe_memory_external_import(struct xe_device *dev, const void *pnext,
			      size_t size, struct xe_bo **bo);
int xe_memory_external_check_export(const void *pnext);
int xe_memory_external_export(struct xe_bo *bo, const void *pnext);

#endif /* _XE_MEMORY_EXTERNAL_H */
