/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_EU_POOL_H
#define _XE_EU_POOL_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

#include "modules/launch.h"
#include "xe_jit.h"

struct xe_eu_pool;

int xe_eu_pool_start(struct xe_eu_pool **pool, int fd);
int xe_eu_run_inline(struct xe_launch *l, const uint32_t groups[3],
		     uint64_t *fault_addr);
void xe_eu_pool_stop(struct xe_eu_pool **pool);

#endif /* _XE_EU_POOL_H */
