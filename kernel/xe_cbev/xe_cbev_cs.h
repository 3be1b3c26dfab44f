/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_CS_H_
#define _XE_CBEV_CS_H_

#include "xe_cbev_queue_types.h"

/* MI_SEMAPHORE_WAIT compare operations (DW0 bits 14:12). */
#define XE_CBEV_MI_SAD_GT	0
#define XE_CBEV_MI_SAD_GTE	1
#define XE_CBEV_MI_SAD_LT	2
#define XE_CBEV_MI_SAD_LTE	3
#define XE_CBEV_MI_SAD_EQ	4
#define XE_CBEV_MI_SAD_NEQ	5

bool xe_cbev_compare(u64 mem, u64 value, u32 uapi_op);

enum xe_cbev_run xe_cbev_cs_run(struct xe_cbev_queue *q, unsigned int budget,
				u64 slice_ns);

#endif /* _XE_CBEV_CS_H_ */
