/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_IPC_H_
#define _XE_CBEV_IPC_H_

#include <linux/hashtable.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/xarray.h>

#include <uapi/drm/xe_cbev_drm.h>

struct drm_device;
struct drm_file;
struct drm_gem_object;
struct xe_cbev_bo;
struct xe_cbev_file;

/* Most live tokens one user may have (see IPC). */
#define XE_CBEV_IPC_MAX_TOKENS_PER_USER	DRM_XE_CBEV_IPC_MAX_TOKENS_PER_USER

/**
 * struct xe_cbev_ipc_registry - the IPC tokens of the module's devices
 */
struct xe_cbev_ipc_registry {
	/** @lock: protects @tokens, @per_user and every file's token list */
	struct mutex lock;
	/** @tokens: token -> &struct xe_cbev_ipc_token */
	DECLARE_HASHTABLE(tokens, 8);
	/** @per_user: uid -> number of live tokens (xa value) */
	struct xarray per_user;
};

void xe_cbev_ipc_init(void);
void xe_cbev_ipc_fini(void);

void xe_cbev_ipc_file_init(struct xe_cbev_file *xfile);
void xe_cbev_ipc_file_fini(struct xe_cbev_file *xfile);
void xe_cbev_ipc_revoke_slot(struct xe_cbev_file *xfile, struct xe_cbev_bo *page,
			     unsigned int slot);

bool xe_cbev_ipc_may_import(struct drm_gem_object *obj);

int xe_cbev_ipc_export_ioctl(struct drm_device *dev, void *data,
			     struct drm_file *file);
int xe_cbev_ipc_import_ioctl(struct drm_device *dev, void *data,
			     struct drm_file *file);
int xe_cbev_ipc_revoke_ioctl(struct drm_device *dev, void *data,
			     struct drm_file *file);

#endif /* _XE_CBEV_IPC_H_ */
