/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_EVENT_H
#define _XE_EVENT_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <level_zero/ze_api.h>

#include "libze_private.h"

struct xe_bo;
struct xe_context;

/*
 * The memory of one event in its pool's buffer object. The engine and the
 * host store @state whole; it is XE_EVENT_SIGNALED once signalled. Kernel
 * timestamp events get start and end timestamps from the engine around the
 * command that signals them.
 */
struct xe_event_slot {
	uint64_t state;
	uint64_t reserved;
	ze_kernel_timestamp_result_t ts;
	uint64_t pad[2];
};

static_assert(sizeof(struct xe_event_slot) == 64, "an event slot is 64 bytes");

#define XE_EVENT_CLEAR		0
#define XE_EVENT_SIGNALED	1

/**
 * struct xe_event_pool - a pool of regular events
 * @obj: handle header
 * @ctx: the context it was created (or opened) in
 * @flags: ze_event_pool_flags_t
 * @count: events in the pool
 * @bo: the events' memory, an array of struct xe_event_slot
 * @imported: opened from an IPC handle
 * @lock: protects the IPC members
 * @ipc_fd: dma-buf fd handed out by zeEventPoolGetIpcHandle(), or -1
 * @ipc_gets: handles not yet put
 * @ipc_next: the context's list of pools with handles out, under
 *	&xe_context.alloc_lock
 */
struct xe_event_pool {
	struct xe_object obj;
	struct xe_context *ctx;
	ze_event_pool_flags_t flags;
	uint32_t count;
	struct xe_bo *bo;
	bool imported;
	pthread_mutex_t lock;
	int ipc_fd;
	unsigned int ipc_gets;
	struct xe_event_pool *ipc_next;
};

/**
 * struct xe_event - a regular event
 * @obj: handle header
 * @pool: its pool
 * @index: its index in the pool
 * @signal_scope: ze_event_scope_flags_t of the descriptor
 * @wait_scope: ze_event_scope_flags_t of the descriptor
 * @slot: its memory (CPU address == GPU address)
 * @timestamps: the pool records kernel timestamps
 */
struct xe_event {
	struct xe_object obj;
	struct xe_event_pool *pool;
	uint32_t index;
	ze_event_scope_flags_t signal_scope;
	ze_event_scope_flags_t wait_scope;
	struct xe_event_slot *slot;
	bool timestamps;
};

static inline struct xe_event *xe_event_from_handle(ze_event_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_EVENT);
}

static inline struct xe_event_pool *
xe_event_pool_from_handle(ze_event_pool_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_EVENT_POOL);
}

static inline uint64_t xe_event_state_addr(const struct xe_event *ev)
{
	return (uintptr_t)&ev->slot->state;
}

static inline uint64_t xe_event_ts_addr(const struct xe_event *ev)
{
	return (uintptr_t)&ev->slot->ts;
}

/* Entry points (EventPool DDI table), event_pool.c */
ze_result_t xe_event_pool_create(ze_context_handle_t hContext,
				 const ze_event_pool_desc_t *desc,
				 uint32_t numDevices,
				 ze_device_handle_t *phDevices,
				 ze_event_pool_handle_t *phEventPool);
ze_result_t xe_event_pool_destroy(ze_event_pool_handle_t hEventPool);
ze_result_t xe_event_pool_get_ipc_handle(ze_event_pool_handle_t hEventPool,
					 ze_ipc_event_pool_handle_t *phIpc);
ze_result_t xe_event_pool_put_ipc_handle(ze_context_handle_t hContext,
					 ze_ipc_event_pool_handle_t hIpc);
ze_result_t xe_event_pool_open_ipc_handle(ze_context_handle_t hContext,
					  ze_ipc_event_pool_handle_t hIpc,
					  ze_event_pool_handle_t *phEventPool);
ze_result_t xe_event_pool_close_ipc_handle(ze_event_pool_handle_t hEventPool);
ze_result_t xe_event_pool_get_context_handle(ze_event_pool_handle_t hEventPool,
					     ze_context_handle_t *phContext);
ze_result_t xe_event_pool_get_flags(ze_event_pool_handle_t hEventPool,
				    ze_event_pool_flags_t *pFlags);

/* Entry points (Event DDI table), event.c */
ze_result_t xe_event_create(ze_event_pool_handle_t hEventPool,
			    const ze_event_desc_t *desc,
			    ze_event_handle_t *phEvent);
ze_result_t xe_event_destroy(ze_event_handle_t hEvent);
ze_result_t xe_event_host_signal(ze_event_handle_t hEvent);
ze_result_t xe_event_host_synchronize(ze_event_handle_t hEvent,
				      uint64_t timeout);
ze_result_t xe_event_query_status(ze_event_handle_t hEvent);
ze_result_t xe_event_host_reset(ze_event_handle_t hEvent);
ze_result_t xe_event_query_kernel_timestamp(ze_event_handle_t hEvent,
					    ze_kernel_timestamp_result_t *dstptr);
ze_result_t xe_event_get_event_pool(ze_event_handle_t hEvent,
				    ze_event_pool_handle_t *phEventPool);
ze_result_t xe_event_get_signal_scope(ze_event_handle_t hEvent,
				      ze_event_scope_flags_t *pSignalScope);
ze_result_t xe_event_get_wait_scope(ze_event_handle_t hEvent,
				    ze_event_scope_flags_t *pWaitScope);

#endif /* _XE_EVENT_H */
