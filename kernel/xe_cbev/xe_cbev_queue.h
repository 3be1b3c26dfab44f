/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_QUEUE_H_
#define _XE_CBEV_QUEUE_H_

#include <linux/sizes.h>

#include "xe_cbev_queue_types.h"

/* Limits of exec queues, also reported by the device query. */
#define XE_CBEV_RING_SIZE_MIN		SZ_4K
#define XE_CBEV_RING_SIZE_MAX		SZ_1M
#define XE_CBEV_MAX_QUEUES_PER_FILE	1024

struct drm_device;
struct drm_file;
struct drm_xe_cbev_exec;
struct seq_file;

void xe_cbev_file_queues_init(struct xe_cbev_file *xfile);
void xe_cbev_file_queues_fini(struct xe_cbev_file *xfile);
void xe_cbev_file_queues_print(struct xe_cbev_file *xfile, struct seq_file *m);

struct xe_cbev_queue *xe_cbev_queue_lookup(struct xe_cbev_file *xfile, u32 id);
void xe_cbev_queue_put(struct xe_cbev_queue *q);

int xe_cbev_queue_submit(struct xe_cbev_file *xfile,
			 const struct drm_xe_cbev_exec *args, u64 *seqno);

int xe_cbev_exec_queue_create_ioctl(struct drm_device *dev, void *data,
				    struct drm_file *file);
int xe_cbev_exec_queue_destroy_ioctl(struct drm_device *dev, void *data,
				     struct drm_file *file);
int xe_cbev_exec_queue_get_state_ioctl(struct drm_device *dev, void *data,
				       struct drm_file *file);
int xe_cbev_exec_queue_wake_ioctl(struct drm_device *dev, void *data,
				  struct drm_file *file);
int xe_cbev_exec_ioctl(struct drm_device *dev, void *data,
		       struct drm_file *file);

#endif /* _XE_CBEV_QUEUE_H_ */
