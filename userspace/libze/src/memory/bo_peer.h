/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_BO_PEER_H
#define _XE_BO_PEER_H

#include <stdint.h>

#include "memory/bo_types.h"

/* A buffer object bound on the driver's other devices too (bo_peer.c). */
int xe_bo_peers_bind(struct xe_bo *bo);
void xe_bo_peers_unbind(struct xe_bo *bo);
int xe_bo_peers_bind_alias(struct xe_bo *bo, uint64_t addr);
void xe_bo_peers_unbind_alias(struct xe_bo *bo, uint64_t addr);

#endif /* _XE_BO_PEER_H */
