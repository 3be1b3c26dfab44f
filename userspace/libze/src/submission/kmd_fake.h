/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_KMD_FAKE_H
#define _XE_KMD_FAKE_H

#include <stdbool.h>
#include <stdint.h>

/*
 * What the host unit tests may ask of the fake backend (kmd_fake_ioctl.c) beyond
 * submission/kmd.h. The library never calls these.
 */

/* The fd xe_kmd_probe() hands out for the one fake device. */
#define XE_KMD_FAKE_FD		0x7e57

/**
 * struct xe_kmd_fake_stats - what the fake engine has seen
 * @execs: successful xe_kmd_exec() calls
 * @wakes: doorbells of direct queues (xe_kmd_exec_queue_wake())
 * @direct_fetches: published tails of direct queues the engine took
 * @commands: commands executed, batch and ring
 * @pending: queues with commands left (waiting on a semaphore)
 * @banned: queues banned for a fault
 * @ban_reason: DRM_XE_CBEV_BAN_* of the last ban
 * @fault_addr: the address of the last fault
 * @bos: buffer objects alive (handle open or mapped)
 * @bindings: VM bindings alive
 * @queues: exec queues alive (not destroyed or still mapped)
 * @counters: counter slots allocated and not freed
 */
struct xe_kmd_fake_stats {
	uint64_t execs;
	uint64_t wakes;
	uint64_t direct_fetches;
	uint64_t commands;
	uint32_t pending;
	uint32_t banned;
	uint32_t ban_reason;
	uint64_t fault_addr;
	uint32_t bos;
	uint32_t bindings;
	uint32_t queues;
	uint32_t counters;
};

void xe_kmd_fake_progress(void);
void xe_kmd_fake_direct_awake(bool awake);
void xe_kmd_fake_stats(struct xe_kmd_fake_stats *out);

#endif /* _XE_KMD_FAKE_H */
