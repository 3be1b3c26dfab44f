/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_VIRTUAL_IPC_H
#define _XE_VIRTUAL_IPC_H

#include <stdbool.h>
#include <stdint.h>

struct xe_context;
struct xe_ipc_handle;
struct xe_physmem;

/* DOC: IPC of virtual memory (virtual_ipc.c) */
int xe_virtual_ipc_get_locked(struct xe_context *ctx, const void *ptr,
			      struct xe_ipc_handle *handle);
bool xe_virtual_ipc_owns_locked(struct xe_context *ctx, int fd,
				const uint64_t token[2]);
void xe_physmem_ipc_close(struct xe_physmem *phys);

#endif /* _XE_VIRTUAL_IPC_H */
