/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_VIEW_H_
#define _XE_CBEV_VIEW_H_

#include <linux/mutex.h>

#include <drm/drm_gem.h>

#include "xe_cbev_bo.h"

/**
 * struct xe_cbev_view - an export view: a read-only window on another
 * object's pages
 *
 * A GEM object without pages of its own. Everything is set at creation.
 */
struct xe_cbev_view {
	/** @base: the GEM object */
	struct drm_gem_object base;
	/** @origin: the object shown, with a reference */
	struct xe_cbev_bo *origin;
	/** @lock: protects @pages and @map_count */
	struct mutex lock;
	/**
	 * @pages: the pages shown, pinned while a CPU mapping of the view
	 * exists (@map_count), else NULL; bindings pin their own
	 */
	struct page **pages;
	/** @map_count: CPU mappings (vmas) of the view */
	unsigned int map_count;
	/** @pgoff: first page of @origin shown */
	pgoff_t pgoff;
	/** @slot: counter slot held, if @origin is a counter page, else -1 */
	int slot;
	/**
	 * @peer: for a peer view (another device's import), the object it
	 * was made from, with a reference; else NULL. Set at creation.
	 */
	struct drm_gem_object *peer;
	/** @writable: a peer view of memory shared read-write; set at creation */
	bool writable;
	/** @ipc: who may import the view; under the IPC registry lock */
	struct xe_cbev_ipc_rule ipc;
	/**
	 * @closed: set by the export (IPC) before the view is handed out;
	 * called when a file closes its handle to the view
	 */
	void (*closed)(struct drm_gem_object *obj, struct drm_file *file);
};

struct xe_cbev_view *xe_cbev_view_create(struct xe_cbev_bo *origin,
					 pgoff_t pgoff, size_t size, int slot);
struct xe_cbev_view *xe_cbev_view_create_peer(struct drm_device *dev,
					      struct drm_gem_object *src);
struct xe_cbev_view *xe_cbev_view_from_gem(struct drm_gem_object *obj);

static inline void xe_cbev_view_put(struct xe_cbev_view *view)
{
	drm_gem_object_put(&view->base);
}

#endif /* _XE_CBEV_VIEW_H_ */
