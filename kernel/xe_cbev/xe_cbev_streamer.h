/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_STREAMER_H_
#define _XE_CBEV_STREAMER_H_

#include "xe_cbev_engine_types.h"

bool xe_cbev_compare(u64 mem, u64 value, u32 uapi_op);

enum xe_cbev_run xe_cbev_cs_run(struct xe_cbev_ctx *ctx, unsigned int budget,
				u64 slice_ns);

#endif /* _XE_CBEV_STREAMER_H_ */
