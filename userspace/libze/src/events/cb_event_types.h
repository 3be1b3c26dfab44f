/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CB_EVENT_TYPES_H
#define _XE_CB_EVENT_TYPES_H

/*
 * Counter-based events as every layer sees them: their flags, and the
 * counters of other processes they open; what makes them is cb_event.c.
 */

#include <assert.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <level_zero/ze_api.h>

struct xe_bo;
struct xe_device;

/**
 * struct xe_cb_import - a counter of another process, imported by its
 * kernel token (cb_event_ipc.c)
 * @dev: the device
 * @token: the exporter's token
 * @bo: the read-only view, mapped and bound at the same address
 * @offset: the counter's offset in @bo
 * @refs: references: opened events, lists whose commands wait on it; the
 *	last one unmaps it and drops it from the device's cache
 * @next: &xe_device.cb_imports, under &xe_device.cb_lock
 */
struct xe_cb_import {
	struct xe_device *dev;
	uint64_t token[2];
	struct xe_bo *bo;
	uint64_t offset;
	atomic_uint refs;
	struct xe_cb_import *next;
};

/* The counter-based flags that exist (spec 1.17). */
#define XE_CB_FLAGS_KNOWN						\
	(ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE |			\
	 ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE |			\
	 ZE_EVENT_COUNTER_BASED_FLAG_HOST_VISIBLE |			\
	 ZE_EVENT_COUNTER_BASED_FLAG_IPC |				\
	 ZE_EVENT_COUNTER_BASED_FLAG_DEVICE_TIMESTAMP |			\
	 ZE_EVENT_COUNTER_BASED_FLAG_HOST_TIMESTAMP |			\
	 ZE_EVENT_COUNTER_BASED_FLAG_GRAPH_EXTERNAL)
#define XE_CB_FLAGS_TIMESTAMP						\
	(ZE_EVENT_COUNTER_BASED_FLAG_DEVICE_TIMESTAMP |			\
	 ZE_EVENT_COUNTER_BASED_FLAG_HOST_TIMESTAMP)

/* A flag no event has: what an out-of-order list needs to signal one. */
#define XE_CB_FLAG_NEVER	((ze_event_counter_based_flags_t)0x40000000)
static_assert(!(XE_CB_FLAG_NEVER & XE_CB_FLAGS_KNOWN),
	      "XE_CB_FLAG_NEVER is no event's flag");

/*
 * The flag a counter-based event needs for a list to signal it in order
 * (&xe_cmdlist.cb_need): its list type's, or XE_CB_FLAG_NEVER.
 */
static inline ze_event_counter_based_flags_t xe_cb_signal_need(bool in_order,
							       bool immediate)
{
	if (!in_order)
		return XE_CB_FLAG_NEVER;
	return immediate ? ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE :
			   ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE;
}

#endif /* _XE_CB_EVENT_TYPES_H */
