/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_RING_H
#define _XE_RING_H

#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "submission/kmd.h"
#include "submission/ring_types.h"

struct xe_device;

int xe_ring_create(struct xe_device *dev, uint32_t priority,
		   struct xe_ring **out);
void xe_ring_destroy(struct xe_ring *ring);
struct xe_ring *xe_ring_get(struct xe_ring *ring);
void xe_ring_put(struct xe_ring *ring);

int xe_ring_submit(struct xe_ring *ring, const uint32_t *cmds, size_t ndw,
		   uint64_t *seqno);
int xe_ring_wait(struct xe_ring *ring, uint64_t seqno, uint64_t timeout_ns);
bool xe_ring_banned(const struct xe_ring *ring);

#endif /* _XE_RING_H */
