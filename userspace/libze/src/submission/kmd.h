/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_KMD_H
#define _XE_KMD_H

#include <stdbool.h>
#include <stdint.h>

#include <drm/xe_cbev_drm.h>

/*
 * The one interface between libze's Level Zero objects and the kernel:
 * every system call on a render node, on what it hands out (dma-bufs,
 * mappings of its objects) and every io_uring command goes through these
 * functions, and nothing above them includes <xf86drm.h>, <liburing.h> or
 * <sys/mman.h>. Two backends implement it, chosen at link time: kmd.c
 * (the xe_cbev module, through libdrm and liburing) in the library, and
 * kmd_fake_ioctl.c (an engine in process memory) in the host unit tests. See
 * Documentation/libze.rst, "The kernel-interface seam".
 */

/* The name DRM_IOCTL_VERSION reports for an xe_cbev node (see the uAPI). */
#define XE_KMD_DRIVER_NAME	"xe_cbev"

int xe_kmd_probe(int **fds);
int xe_kmd_open(const char *path);
void xe_kmd_close(int fd);

int xe_kmd_map(int fd, uint64_t offset, uint64_t size, uint64_t align,
	       bool writable, void **map);
void xe_kmd_unmap(void *map, uint64_t size);
int xe_kmd_dmabuf_size(int dmabuf_fd, uint64_t *size);

int xe_kmd_device_query(int fd, uint32_t query, void *data, uint32_t *size);
int xe_kmd_query_device_info(int fd,
			     struct drm_xe_cbev_query_device_info *info);

int xe_kmd_bo_create(int fd, uint64_t size, uint32_t flags, uint32_t *handle);
int xe_kmd_bo_mmap_offset(int fd, uint32_t handle, uint64_t *offset);
int xe_kmd_gem_close(int fd, uint32_t handle);
int xe_kmd_prime_export(int fd, uint32_t handle, int *dmabuf_fd);
int xe_kmd_prime_import(int fd, int dmabuf_fd, uint32_t *handle);
int xe_kmd_vm_bind(int fd, uint32_t handle, uint64_t offset, uint64_t range,
		   uint64_t addr, uint32_t flags);
int xe_kmd_vm_unbind(int fd, uint64_t addr, uint64_t range);

int xe_kmd_counter_alloc(int fd, struct drm_xe_cbev_counter_alloc *out);
int xe_kmd_counter_free(int fd, uint32_t id);
int xe_kmd_counter_set(int fd, uint32_t id, uint64_t value);
/* A dispatch the caller completed, to report with its next wait. */
struct xe_eu_done {
	uint32_t queue;
	uint64_t seqno;		/* 0: none */
};

int xe_kmd_eu_wait(int fd, bool nonblock, const struct xe_eu_done *done,
		   struct drm_xe_cbev_eu_wait *out);
int xe_kmd_eu_report(int fd, uint32_t queue, uint64_t seqno, bool fault,
		     uint64_t addr);
int xe_kmd_eu_progress(int fd, uint32_t queue, uint64_t seqno);
int xe_kmd_eu_stop(int fd, bool resume);
int xe_kmd_set_writer(int fd, uint64_t addr, uint32_t flags, uint32_t queue_id);

int xe_kmd_exec_queue_create(int fd, uint32_t priority, uint32_t ring_size,
			     uint32_t flags, uint32_t hang_timeout_ms, uint32_t *id,
			     uint64_t *mmap_offset);
int xe_kmd_exec_queue_destroy(int fd, uint32_t id);
int xe_kmd_exec_queue_get_state(int fd, uint32_t id,
				struct drm_xe_cbev_exec_queue_state *out);
int xe_kmd_exec(int fd, uint32_t id, uint64_t tail, uint64_t *seqno);
int xe_kmd_exec_sqpoll(int fd, uint32_t id, uint64_t tail, uint64_t *seqno);
int xe_kmd_exec_queue_wake(int fd, uint32_t id);
int xe_kmd_wait(int fd, const struct drm_xe_cbev_wait_cond *conds,
		uint32_t num_conds, int64_t abs_timeout_ns, uint32_t queue_id);
int xe_kmd_wait_many(int fd, const struct drm_xe_cbev_wait_cond *conds,
		     uint32_t num_conds, uint32_t flags, int64_t abs_timeout_ns,
		     uint32_t queue_id);
int xe_kmd_sync_file_export(int fd, const struct drm_xe_cbev_wait_cond *cond,
			    int *sync_fd);

int xe_kmd_syncobj_create(int fd, uint32_t *handle);
int xe_kmd_syncobj_destroy(int fd, uint32_t handle);
int xe_kmd_syncobj_import(int fd, int obj_fd, uint32_t *handle);
int xe_kmd_syncobj_wait(int fd, uint32_t *handles, uint64_t *points,
			uint32_t count, int64_t abs_timeout_ns, bool all,
			uint32_t *first);
int xe_kmd_syncobj_signal(int fd, uint32_t handle, uint64_t point);
int xe_kmd_syncobj_reset(int fd, uint32_t handle);

int xe_kmd_ipc_export_counter(int fd, uint32_t id, uint64_t token[2],
			      uint64_t *offset, uint64_t *size);
int xe_kmd_ipc_import(int fd, const uint64_t token[2],
		      struct drm_xe_cbev_ipc_import *out);
int xe_kmd_ipc_export_bo(int fd, uint32_t handle, bool token,
			 int *dmabuf_fd, uint64_t out_token[2]);

int xe_kmd_va_reserve(uint64_t size, uint64_t align, void *hint,
		      void **addr);
int xe_kmd_va_release(void *addr, uint64_t size);
int xe_kmd_map_fixed(int fd, uint64_t offset, uint64_t size, void *addr,
		     bool writable);
int xe_kmd_protect(void *addr, uint64_t size, bool read, bool write);

#endif /* _XE_KMD_H */
