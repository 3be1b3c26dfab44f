/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_DEVICE_TYPES_H_
#define _XE_CBEV_DEVICE_TYPES_H_

#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/types.h>
#include <linux/uuid.h>
#include <linux/wait.h>
#include <linux/xarray.h>

#include <drm/drm_device.h>

#include "xe_cbev_counter_types.h"
#include "xe_cbev_engine_types.h"
#include "xe_cbev_vm_types.h"

struct platform_device;

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

#endif /* _XE_CBEV_DEVICE_TYPES_H_ */
