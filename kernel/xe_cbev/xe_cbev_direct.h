/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_DIRECT_H_
#define _XE_CBEV_DIRECT_H_

#include <linux/gfp.h>
#include <linux/types.h>

struct xe_cbev_ctx;

/* What a direct queue that ran dry asks of the engine. */
enum xe_cbev_direct_next {
	XE_CBEV_DIRECT_RUN,	/* new work: run it at once */
	XE_CBEV_DIRECT_POLL,	/* look again after xe_cbev_direct_poll_ns() */
	XE_CBEV_DIRECT_SLEEP,	/* NEED_WAKEUP is set: wait for the doorbell */
};

int xe_cbev_direct_fetch(struct xe_cbev_ctx *ctx, gfp_t gfp);
void xe_cbev_direct_reserve(struct xe_cbev_ctx *ctx);
void xe_cbev_direct_begin(struct xe_cbev_ctx *ctx);
int xe_cbev_direct_doorbell(struct xe_cbev_ctx *ctx);
enum xe_cbev_direct_next xe_cbev_direct_dry(struct xe_cbev_ctx *ctx);
u64 xe_cbev_direct_poll_ns(void);

#endif /* _XE_CBEV_DIRECT_H_ */
