/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_KERNELS_H_
#define _XE_CBEV_KERNELS_H_

#include <linux/sizes.h>
#include <linux/types.h>

struct xe_cbev_vm;

/* Built-in kernel ids of XE_CBEV_DISPATCH (Documentation/command-stream.rst). */
#define XE_CBEV_KERNEL_FILL		1
#define XE_CBEV_KERNEL_COPY		2
#define XE_CBEV_KERNEL_ADD_U32		3
#define XE_CBEV_KERNEL_SCALE_U32	4
#define XE_CBEV_KERNEL_CHECKSUM		5
#define XE_CBEV_KERNEL_SPIN		6

#define XE_CBEV_KERNEL_NUM_ARGS		6
/* Largest size a dispatch may touch. */
#define XE_CBEV_KERNEL_MAX_SIZE		SZ_1G
/* Largest fill pattern. */
#define XE_CBEV_KERNEL_MAX_PATTERN	256

unsigned int xe_cbev_kernel_num_args(u32 id);
int xe_cbev_kernel_run(struct xe_cbev_vm *vm, u32 id, const u64 *args,
		       u64 *fault);

#endif /* _XE_CBEV_KERNELS_H_ */
