/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_SEMAPHORE_BRIDGE_H
#define _XE_SEMAPHORE_BRIDGE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <level_zero/ze_api.h>

struct xe_sem_bridge;

/**
 * struct xe_sem_point - one syncobj point a gate waits for
 * @handle: the syncobj, a handle of the bridge's file
 * @point: its timeline point; 0 for a binary syncobj, which the bridge
 *	resets once it has seen it signalled (a wait consumes a binary
 *	semaphore's signal, as in Vulkan)
 * @done: seen signalled since the gate was armed, under the bridge's lock
 */
struct xe_sem_point {
	uint32_t handle;
	uint64_t point;
	bool done;
};

/**
 * struct xe_sem_gate - an event that opens once syncobj points signal
 * @next: in the bridge's list of armed gates, under its lock
 * @event: a host-signalled event that lists wait for; reset as the gate is
 *	armed, signalled by the bridge once every point is
 * @refs: the list that waits for it holds one, the bridge one while armed
 * @release: frees the gate at the last xe_sem_gate_put()
 * @armed: in the bridge's list, under its lock
 * @pending: points not yet seen signalled, under the bridge's lock
 * @count: how many points
 * @points: the points
 */
struct xe_sem_gate {
	struct xe_sem_gate *next;
	ze_event_handle_t event;
	atomic_uint refs;
	void (*release)(struct xe_sem_gate *gate);
	bool armed;
	uint32_t pending;
	uint32_t count;
	struct xe_sem_point points[];
};

void xe_sem_gate_put(void *gate);

int xe_sem_bridge_start(struct xe_sem_bridge **bridge, int fd);
void xe_sem_bridge_arm(struct xe_sem_bridge *bridge, struct xe_sem_gate *gate);
void xe_sem_bridge_stop(struct xe_sem_bridge **bridge);

#endif /* _XE_SEMAPHORE_BRIDGE_H */
