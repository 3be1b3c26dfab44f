/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CORE_TYPES_H
#define _XE_CORE_TYPES_H

/*
 * The core objects as every layer sees them: the driver, its devices and
 * contexts, and the handle conversions. Only types, and inline functions
 * on their members; what acts on them is in core/driver.c, core/device.c
 * and core/context.c, whose headers include this one.
 */

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <drm/xe_cbev_drm.h>
#include <level_zero/ze_api.h>

#include "core/libze_private.h"

struct xe_bo;
struct xe_cb_import;
struct xe_counter;
struct xe_counter_page;
struct xe_eu_pool;
struct xe_sem_bridge;
struct xe_event_pool;
struct xe_ring;
struct xe_ts_chunk;
struct xe_ts_slot;
struct xe_va_range;

/**
 * struct xe_ts_pool - the device's timestamp slots
 * @lock: protects the members below
 * @chunks: buffer objects of slots, never given back before the device
 * @free: slots nobody references
 */
struct xe_ts_pool {
	pthread_mutex_t lock;
	struct xe_ts_chunk *chunks;
	struct xe_ts_slot *free;
};

/**
 * struct xe_driver - the Level Zero driver of this process
 * @obj: handle header; first, because a driver handle points at it
 * @ddi: what the headers of the driver and all its objects point at
 * @devices: the xe_cbev devices found by the probe, in node order
 * @num_devices: entries in @devices
 * @uuid: reported by zeDriverGetProperties(), derived from the first device
 * @init_err: outcome of the probe: 0 or a negative errno
 * @ready: true once a probe succeeded
 * @gpu_requested: true once a zeInit() asked for GPU drivers
 * @default_context: zeDriverGetDefaultContext(), created by the probe when
 *	there is a device
 * @graph_lock: protects the capture state of graphs (graph/graph.h): which
 *	lists capture into which graph, which events their captured
 *	commands signal, the nodes recorded so far
 * @graph_captures: lists capturing into a graph, read without the lock by
 *	every append (graph/graph.h, xe_graph_hooked())
 * @graph_capturing: the graphs being captured into, linked by their
 *	next_capturing, under @graph_lock
 * @graph_list_gone: set by the first capture (graph/graph.c):
 *	what destroying a capturing list does to its capture
 *
 * A singleton, the only mutable global state of the library. The probe
 * writes every member but @gpu_requested and the graph members once, inside pthread_once(); they
 * are read-only afterwards. Entry points that may race with the first
 * zeInit() check @ready with an acquire load, which pairs with the probe's
 * release store. @gpu_requested only ever goes from false to true.
 */
struct xe_cmdlist;
struct xe_graph;

struct xe_driver {
	struct xe_object obj;
	struct xe_ddi_heads ddi;
	struct xe_device *devices;
	uint32_t num_devices;
	ze_driver_uuid_t uuid;
	int init_err;
	atomic_bool ready;
	atomic_bool gpu_requested;
	struct xe_context *default_context;
	pthread_mutex_t graph_lock;
	atomic_uint graph_captures;
	struct xe_graph *graph_capturing;
	void (*graph_list_gone)(struct xe_cmdlist *list);
};

/**
 * struct xe_device - one xe_cbev render node
 * @obj: handle header; first, because a device handle points at it
 * @driver: the driver that found the device
 * @fd: the open render node, kept for the life of the process
 * @info: what the kernel reported at probe time
 * @bo_lock: protects @bos (and closes handles, see bo.c)
 * @bos: every buffer object of the process on this device
 * @counter_lock: protects @counter_pages
 * @counter_pages: the counter pages the process mapped
 * @ring_lock: protects @rings
 * @rings: every live ring (command queues, immediate lists), for
 *	zeDeviceSynchronize()
 * @ts_pool: timestamp slots of counter-based events (timestamp.c)
 * @cb_lock: protects @cb_imports and @cb_done
 * @cb_imports: counters of other processes this one opened counter-based
 *	event IPC handles of, by token (cb_event_ipc.c)
 * @cb_done: a counter slot that stays 0: "value >= 0" on it is a
 *	condition that holds, for complete events (cb_event_wait.c);
 *	allocated on first use
 *
 * @eu_pool: the execution units of SPIR-V kernels, started at the first
 *	launch of one (modules/eu_pool.c)
 * @sem_bridge: the thread that opens the gates of external semaphore
 *	waits, started at the first such wait (events/semaphore_bridge.c)
 * @inline_launch: synchronous lists may run one-group launches on the
 *	appending thread (append_jit.c); XE_CBEV_INLINE_LAUNCH=0 clears it
 * @chain_launches: launches appended to a busy in-order list may join
 *	the one before in one dispatch (append_jit.c);
 *	XE_CBEV_CHAIN_LAUNCHES=0 clears it, and so does a module without
 *	@progress_reports
 * @progress_reports: the module takes DRM_XE_CBEV_EU_REPORT_PROGRESS
 *	(uAPI 1.2): a chain of launches (one dispatch) is not taken for a
 *	hang; without it neither lists nor graphs chain launches
 *
 * Created by the driver probe; apart from the lists under their locks,
 * read-only afterwards.
 */
struct xe_device {
	struct xe_object obj;
	struct xe_driver *driver;
	int fd;
	struct drm_xe_cbev_query_device_info info;

	pthread_mutex_t bo_lock;
	struct xe_bo *bos;
	pthread_mutex_t counter_lock;
	struct xe_counter_page *counter_pages;
	pthread_mutex_t ring_lock;
	struct xe_ring *rings;
	struct xe_ts_pool ts_pool;
	pthread_mutex_t cb_lock;
	struct xe_cb_import *cb_imports;
	struct xe_counter *cb_done;
	struct xe_eu_pool *eu_pool;
	struct xe_sem_bridge *sem_bridge;
	bool inline_launch;
	bool chain_launches;
	bool progress_reports;
};

/**
 * struct xe_context - a Level Zero context
 * @obj: handle header
 * @drv: the driver
 * @flags: ze_context_flags_t given at creation
 * @alloc_lock: protects @allocs and @exported_pools
 * @allocs: the context's memory allocations, a tsearch() tree keyed by
 *	address range (memory.c)
 * @exported_pools: event pools with IPC handles out (event_pool.c)
 * @va_ranges: virtual address reservations (memory/virtual.c), under
 *	@alloc_lock
 * @lost: a queue of the context was banned (zeContextGetStatus())
 * @allocs_fini: set by memory/memory.c with the first allocation, under
 *	@alloc_lock; frees what @allocs holds as the context is destroyed
 * @va_ranges_fini: set by memory/virtual.c with the first reservation,
 *	under @alloc_lock; frees @va_ranges and their mappings then
 *
 * The layers above hang their state on the context and clean it up
 * themselves: the context does not know them.
 */
struct xe_context {
	struct xe_object obj;
	struct xe_driver *drv;
	ze_context_flags_t flags;
	pthread_mutex_t alloc_lock;
	void *allocs;
	struct xe_event_pool *exported_pools;
	struct xe_va_range *va_ranges;
	atomic_bool lost;
	void (*allocs_fini)(struct xe_context *ctx);
	void (*va_ranges_fini)(struct xe_context *ctx);
};

/* The driver singleton (core/driver.c), for hot paths without a handle. */
extern struct xe_driver *const xe_the_driver
	__attribute__((visibility("hidden")));

static inline struct xe_driver *xe_driver_from_handle(ze_driver_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_DRIVER);
}

/*
 * Does the device reach the process's own memory (malloc, the stack) at
 * addresses no allocation covers? (shared system allocations)
 */
static inline bool xe_device_has_system_memory(const struct xe_device *dev)
{
	return dev->info.capabilities & DRM_XE_CBEV_CAP_SYSTEM_MEMORY;
}

static inline struct xe_device *xe_device_from_handle(ze_device_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_DEVICE);
}

static inline ze_device_handle_t xe_device_to_handle(struct xe_device *dev)
{
	return xe_object_handle(&dev->obj);
}

static inline struct xe_context *xe_context_from_handle(ze_context_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_CONTEXT);
}

static inline ze_context_handle_t xe_context_to_handle(struct xe_context *ctx)
{
	return xe_object_handle(&ctx->obj);
}

#endif /* _XE_CORE_TYPES_H */
