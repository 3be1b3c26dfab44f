/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_COMPAT_H_
#define _XE_CBEV_COMPAT_H_

/**
 * DOC: kernel versions
 *
 * The same sources build against Debian 12's 6.1 kernel and its 6.12
 * kernel. What changed between them is handled here, by kernel version or
 * by the presence of a header, never by patching anything at build time:
 *
 * - &drm_driver.gem_prime_mmap is gone since 6.6 (dma-buf mmap goes
 *   through the GEM object's own mmap);
 * - vm_area_struct.vm_flags is read-only since 6.3 (vm_flags_set() and
 *   vm_flags_clear());
 * - io_uring commands moved to <linux/io_uring/cmd.h> in 6.7, where the
 *   command's payload is reached through its SQE;
 * - get_user_pages_remote() and pin_user_pages_remote() lost their vmas
 *   argument in 6.5.
 */

#include <linux/mm.h>
#include <linux/version.h>

/*
 * The one place that reads the kernel's version (make check runs
 * checkpatch with --ignore LINUX_VERSION_CODE for it).
 */
#define XE_CBEV_KERNEL_AT_LEAST(major, minor) \
	(KERNEL_VERSION(major, minor, 0) <= LINUX_VERSION_CODE)

#if !XE_CBEV_KERNEL_AT_LEAST(6, 6)
#define XE_CBEV_HAS_GEM_PRIME_MMAP	1
#endif

static inline void xe_cbev_vm_flags_set(struct vm_area_struct *vma,
					vm_flags_t flags)
{
#if XE_CBEV_KERNEL_AT_LEAST(6, 3)
	vm_flags_set(vma, flags);
#else
	vma->vm_flags |= flags;
#endif
}

static inline void xe_cbev_vm_flags_clear(struct vm_area_struct *vma,
					  vm_flags_t flags)
{
#if XE_CBEV_KERNEL_AT_LEAST(6, 3)
	vm_flags_clear(vma, flags);
#else
	vma->vm_flags &= ~flags;
#endif
}

/*
 * The remote get/pin_user_pages() calls lost their vmas argument in 6.5;
 * XE_CBEV_GUP_VMAS stands for it (with its comma) on older kernels.
 */
#if XE_CBEV_KERNEL_AT_LEAST(6, 5)
#define XE_CBEV_GUP_VMAS
#else
#define XE_CBEV_GUP_VMAS NULL,
#endif

/* The pages of another process's memory; its mm's lock held. */
static inline long xe_cbev_get_user_pages_remote(struct mm_struct *mm,
						 unsigned long start,
						 unsigned long nr_pages,
						 unsigned int gup_flags,
						 struct page **pages)
{
	return get_user_pages_remote(mm, start, nr_pages, gup_flags, pages,
				     XE_CBEV_GUP_VMAS NULL);
}

static inline long xe_cbev_pin_user_pages_remote(struct mm_struct *mm,
						 unsigned long start,
						 unsigned long nr_pages,
						 unsigned int gup_flags,
						 struct page **pages)
{
	return pin_user_pages_remote(mm, start, nr_pages, gup_flags, pages,
				     XE_CBEV_GUP_VMAS NULL);
}

#if XE_CBEV_KERNEL_AT_LEAST(6, 7)
#include <linux/io_uring/cmd.h>

/* The 80 bytes of command data of a 128-byte SQE. */
static inline const void *xe_cbev_uring_cmd_data(struct io_uring_cmd *cmd)
{
	return io_uring_sqe_cmd(cmd->sqe);
}
#else
#include <linux/io_uring.h>

static inline const void *xe_cbev_uring_cmd_data(struct io_uring_cmd *cmd)
{
	return cmd->cmd;
}
#endif

#endif /* _XE_CBEV_COMPAT_H_ */
