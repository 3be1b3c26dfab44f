/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_WAIT_H
#define _XE_WAIT_H

#include <stdint.h>

#include "submission/kmd.h"

struct xe_device;
struct xe_counter;

/* Level Zero timeouts: 0 only checks, UINT64_MAX waits forever. */
#define XE_TIMEOUT_INFINITE	UINT64_MAX

int xe_wait_memory(struct xe_device *dev, const uint64_t *cpu, uint64_t value,
		   uint64_t timeout_ns);
int xe_wait_address(struct xe_device *dev, const uint64_t *cpu,
		    uint64_t gpu_addr, uint64_t value, uint64_t timeout_ns,
		    uint32_t queue_id);
int64_t xe_wait_deadline(uint64_t timeout_ns);
int xe_wait_counter(struct xe_device *dev, const struct xe_counter *counter,
		    uint64_t value, uint64_t timeout_ns, uint32_t queue_id);
int xe_wait_queue(struct xe_device *dev, const uint64_t *completed,
		  uint32_t queue_id, uint64_t seqno, uint64_t timeout_ns);

#endif /* _XE_WAIT_H */
