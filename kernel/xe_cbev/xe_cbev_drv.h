/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_DRV_H_
#define _XE_CBEV_DRV_H_

#include <linux/atomic.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/uuid.h>
#include <linux/wait.h>
#include <linux/xarray.h>

#include <drm/drm_device.h>
#include <drm/drm_file.h>
#include <drm/drm_print.h>

#include "xe_cbev_counter_types.h"
#include "xe_cbev_engine_types.h"
#include "xe_cbev_ipc.h"
#include "xe_cbev_vm_types.h"

#define XE_CBEV_DRIVER_NAME	"xe_cbev"
#define XE_CBEV_DRIVER_DESC	"Counter-based events on a software command streamer"
#define XE_CBEV_DRIVER_DATE	"20261122"

/* Most devices one module load creates (the devices parameter). */
#define XE_CBEV_MAX_DEVICES		8
/* The software command streamer exposes one engine. */
#define XE_CBEV_NUM_ENGINES		1
/* Timestamps are CLOCK_MONOTONIC_RAW nanoseconds. */
#define XE_CBEV_TIMESTAMP_FREQUENCY	NSEC_PER_SEC
#define XE_CBEV_TIMESTAMP_VALID_BITS	64
/* GPU virtual addresses are canonical 48-bit user addresses. */
#define XE_CBEV_VA_BITS			48

/**
 * struct xe_cbev_device - one xe_cbev device
 *
 * The module creates XE_CBEV_MAX_DEVICES at most (its devices parameter)
 * at load, and destroys them at unload; the DRM core keeps it
 * alive while any file is open (and the module cannot be unloaded then,
 * because every open file holds a module reference through the fops).
 */
struct xe_cbev_device {
	/** @drm: the DRM device; must stay first for devm_drm_dev_alloc() */
	struct drm_device drm;
	/** @pdev: platform device that parents @drm, since there is no hardware */
	struct platform_device *pdev;
	/** @uuid: identity of this device instance, set once at creation */
	uuid_t uuid;
	/** @engine: the device's engine, which no other device shares */
	struct xe_cbev_engine engine;
	/**
	 * @stats: live objects of every file, for debugfs; atomics, so that
	 * no lock orders against them
	 */
	struct {
		/** @stats.bos: buffer objects, counter pages included */
		atomic_t bos;
		/** @stats.bindings: GPU VA mappings */
		atomic_t bindings;
		/** @stats.counter_pages: counter pages */
		atomic_t counter_pages;
		/** @stats.counter_slots: counter slots not free */
		atomic_t counter_slots;
		/**
		 * @stats.pinned_pages: pages held resident by the driver's
		 * pins (bindings, export views), counted once per pin
		 */
		atomic_long_t pinned_pages;
	} stats;
	/** @last_file_id: the id of the file opened last, for traces */
	atomic_t last_file_id;
	/** @last_file_serial: the serial of the file opened last */
	atomic64_t last_file_serial;
};

/**
 * struct xe_cbev_file - per-open-file state
 *
 * Owned by the &struct drm_file it hangs off; freed when the file closes.
 */
struct xe_cbev_file {
	/** @xdev: the device this file was opened on */
	struct xe_cbev_device *xdev;
	/** @id: names the file (a client) in traces; set at open */
	u32 id;
	/**
	 * @serial: names the file in writer records (xe_cbev_writer.c): from
	 * 1, 64 bits, so never reused while the device exists; set at open
	 */
	u64 serial;
	/** @vm: the file's GPU address space */
	struct xe_cbev_vm vm;
	/** @counters: the file's counter slots */
	struct xe_cbev_counter_mgr counters;
	/** @queues: exec queue id -> &struct xe_cbev_queue; xarray-locked */
	struct xarray queues;
	/** @engine: the file's place in the engine's turns, for its queues */
	struct xe_cbev_engine_client engine;
	/** @eu: the file's execution units, where user dispatches go */
	struct xe_cbev_eu eu;
	/** @seqno: the file's last submission number */
	atomic64_t seqno;
	/** @interrupts: MI_USER_INTERRUPTs its queues raised */
	atomic64_t interrupts;
	/**
	 * @event_wq: woken by the file's user interrupts and queue bans, so
	 * that host waits re-check their values and named queues
	 */
	wait_queue_head_t event_wq;
	/** @ipc_tokens: tokens the file made; under the IPC registry lock */
	struct list_head ipc_tokens;
	/** @ipc_import_lock: serialises imports by token into the file */
	struct mutex ipc_import_lock;
	/**
	 * @ipc_imports: an export object's mmap offset (unique while it
	 * lives) -> the handle a token import made for it (xa value); may
	 * be stale, so checked against the handle table on use
	 */
	struct xarray ipc_imports;
};

static inline struct xe_cbev_device *to_xe_cbev_device(struct drm_device *dev)
{
	return container_of(dev, struct xe_cbev_device, drm);
}

static inline struct xe_cbev_file *to_xe_cbev_file(struct drm_file *file)
{
	return file->driver_priv;
}

/**
 * XE_CBEV_IOCTL_DBG() - test an ioctl argument check and log it if it fails
 * @xdev: the device, for the log line
 * @cond: the condition that makes the argument invalid
 *
 * Evaluates to @cond. When @cond is true, says at debug level (drm.debug=0x2)
 * which check rejected the call, so that a user can find out why an ioctl
 * returned -EINVAL without reading the source.
 */
#define XE_CBEV_IOCTL_DBG(xdev, cond) \
	((cond) && (drm_dbg_driver(&(xdev)->drm, \
				   "ioctl argument check failed at %s:%d: %s\n", \
				   __FILE__, __LINE__, #cond), 1))

#endif /* _XE_CBEV_DRV_H_ */
