/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_COUNTER_H_
#define _XE_CBEV_COUNTER_H_

#include "xe_cbev_counter_types.h"

struct drm_device;
struct drm_file;
struct seq_file;
struct xe_cbev_file;

/* Counter pages sit in the kernel's upper half of the GPU address space. */
#define XE_CBEV_COUNTER_VA_BASE		BIT_ULL(47)
/* Page indices fit the slot id: (index + 1) << 9 | slot is a u32. */
#define XE_CBEV_COUNTER_MAX_PAGES	((1u << 22) - 1)

void xe_cbev_counter_mgr_init(struct xe_cbev_counter_mgr *mgr);
void xe_cbev_counter_mgr_fini(struct xe_cbev_counter_mgr *mgr,
			      struct xe_cbev_file *xfile,
			      struct drm_file *file);

int xe_cbev_counter_get_slot(struct xe_cbev_counter_mgr *mgr, u32 id,
			     struct xe_cbev_bo **bo, unsigned int *slot);
void xe_cbev_counter_slot_put(struct xe_cbev_counter_page *page,
			      unsigned int slot);
int xe_cbev_counter_lookup(struct xe_cbev_counter_mgr *mgr, u32 id,
			   struct xe_cbev_bo **bo, unsigned int *offset);
void xe_cbev_counter_page_free(struct xe_cbev_counter_page *page);
void xe_cbev_counter_print(struct xe_cbev_counter_mgr *mgr,
			   struct seq_file *m);

int xe_cbev_counter_alloc_ioctl(struct drm_device *dev, void *data,
				struct drm_file *file);
int xe_cbev_counter_free_ioctl(struct drm_device *dev, void *data,
			       struct drm_file *file);
int xe_cbev_counter_set_ioctl(struct drm_device *dev, void *data,
			      struct drm_file *file);

#endif /* _XE_CBEV_COUNTER_H_ */
