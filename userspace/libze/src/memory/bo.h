/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_BO_H
#define _XE_BO_H

#include <stdbool.h>
#include <stdint.h>

#include "memory/bo_types.h"

struct xe_device;

int xe_bo_create(struct xe_device *dev, uint64_t size, uint64_t align,
		 uint32_t flags, struct xe_bo **out);
int xe_bo_import(struct xe_device *dev, int dmabuf_fd, struct xe_bo **out);
int xe_bo_import_handle(struct xe_device *dev, uint32_t handle,
			uint64_t size, bool readonly, struct xe_bo **out);
int xe_bo_export(struct xe_bo *bo, int *dmabuf_fd);
void xe_bo_export_close(int dmabuf_fd);
int xe_bo_ipc_get(struct xe_bo *bo, int *dmabuf_fd, uint64_t token[2]);
int xe_bo_ipc_put(struct xe_device *dev, int dmabuf_fd,
		  const uint64_t token[2]);
void xe_bo_ipc_drop(struct xe_bo *bo);
int xe_bo_map_alias(struct xe_bo *bo, void **out);
void xe_bo_unmap_alias(struct xe_bo *bo, void *map);
struct xe_bo *xe_bo_find_token(struct xe_device *dev,
			       const uint64_t token[2]);
void xe_bo_set_token(struct xe_bo *bo, const uint64_t token[2]);
struct xe_bo *xe_bo_get(struct xe_bo *bo);
void xe_bo_put(struct xe_bo *bo);

#endif /* _XE_BO_H */
