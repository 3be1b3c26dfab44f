/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_COUNTER_H
#define _XE_COUNTER_H

#include <stdint.h>

struct xe_device;
struct xe_counter_page;

/**
 * struct xe_counter - a 64-bit counter slot of the kernel's counter manager
 * @page: the process's read-only mapping of the slot's page
 * @cpu: the slot in that mapping
 * @gpu_addr: the slot's GPU address (kernel half of the address space)
 * @id: the slot's id, for COUNTER_FREE and counter waits
 *
 * Only engines write a counter; the host reads it with xe_counter_read().
 * Embedded in the object that owns it (queue, in-order list).
 */
struct xe_counter {
	struct xe_counter_page *page;
	const uint64_t *cpu;
	uint64_t gpu_addr;
	uint32_t id;
};

int xe_counter_alloc(struct xe_device *dev, struct xe_counter *counter);
void xe_counter_free(struct xe_device *dev, struct xe_counter *counter);

/*
 * The engine stores counters whole (MI_STORE_DATA_IMM qword); the acquire
 * load makes the memory the engine wrote before the store visible to the
 * reads of the caller that follow.
 */
static inline uint64_t xe_counter_read(const struct xe_counter *counter)
{
	return __atomic_load_n(counter->cpu, __ATOMIC_ACQUIRE);
}

#endif /* _XE_COUNTER_H */
