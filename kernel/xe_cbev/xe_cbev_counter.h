/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_COUNTER_H_
#define _XE_CBEV_COUNTER_H_

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_counter_types.h"

struct drm_device;
struct drm_file;
struct drm_xe_cbev_counter_alloc;
struct seq_file;
struct xe_cbev_file;

/* What xe_cbev_counter_free() has to do once the file no longer owns a slot. */
typedef void (*xe_cbev_counter_freed_fn)(struct xe_cbev_file *xfile,
					 struct xe_cbev_bo *page_bo,
					 unsigned int slot);

/* Counter pages sit in the kernel's upper half of the GPU address space. */
#define XE_CBEV_COUNTER_VA_BASE		BIT_ULL(47)
/*
 * Most counter pages of one file (DRM_XE_CBEV_MAX_COUNTER_PAGES_PER_FILE);
 * page indices fit the slot id, (index + 1) << 9 | slot, a u32.
 */
#define XE_CBEV_COUNTER_MAX_PAGES	DRM_XE_CBEV_MAX_COUNTER_PAGES_PER_FILE

void xe_cbev_counter_mgr_init(struct xe_cbev_counter_mgr *mgr, u64 file_serial);
void xe_cbev_counter_mgr_fini(struct xe_cbev_counter_mgr *mgr,
			      struct xe_cbev_file *xfile,
			      struct drm_file *file);

int xe_cbev_counter_alloc(struct xe_cbev_file *xfile, struct drm_file *file,
			  struct drm_xe_cbev_counter_alloc *args);
int xe_cbev_counter_free(struct xe_cbev_file *xfile, struct drm_file *file,
			 u32 id, xe_cbev_counter_freed_fn freed);
int xe_cbev_counter_set(struct xe_cbev_file *xfile, u32 id, u64 value);
int xe_cbev_counter_get_slot(struct xe_cbev_counter_mgr *mgr, u32 id,
			     struct xe_cbev_bo **bo, unsigned int *slot);
void xe_cbev_counter_slot_put(struct xe_cbev_counter_page *page,
			      unsigned int slot);
int xe_cbev_counter_lookup(struct xe_cbev_counter_mgr *mgr, u32 id,
			   struct xe_cbev_bo **bo, unsigned int *offset);
void xe_cbev_counter_print(struct xe_cbev_counter_mgr *mgr,
			   struct seq_file *m);

#endif /* _XE_CBEV_COUNTER_H_ */
