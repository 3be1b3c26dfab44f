/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_COUNTER_H
#define _XE_COUNTER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "events/counter_types.h"

struct xe_device;
struct xe_counter_page;

int xe_counter_alloc(struct xe_device *dev, struct xe_counter *counter);
void xe_counter_free(struct xe_device *dev, struct xe_counter *counter);

int xe_counter_create(struct xe_device *dev, struct xe_counter **out);
struct xe_counter *xe_counter_get(struct xe_counter *counter);
void xe_counter_put(struct xe_counter *counter);
int xe_counter_set(struct xe_counter *counter, uint64_t value);
struct xe_ring;
void xe_counter_set_writer(struct xe_counter *counter,
			   const struct xe_ring *ring);
int xe_counter_ipc_export(struct xe_counter *counter, uint64_t token[2],
			  uint64_t *offset, uint64_t *size);

#endif /* _XE_COUNTER_H */
