/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_EU_H_
#define _XE_CBEV_EU_H_

#include "xe_cbev_engine_types.h"

struct drm_xe_cbev_eu_wait;

void xe_cbev_eu_init(struct xe_cbev_eu *eu);
int xe_cbev_eu_poll(struct xe_cbev_ctx *ctx, u64 *fault, bool *progressed);
void xe_cbev_eu_post(struct xe_cbev_ctx *ctx, u64 cookie, const u32 *groups);
void xe_cbev_eu_cancel(struct xe_cbev_ctx *ctx);
int xe_cbev_eu_take(struct xe_cbev_eu *eu, bool nonblock,
		    struct drm_xe_cbev_eu_wait *out);
int xe_cbev_eu_progress(struct xe_cbev_ctx *ctx, u64 seqno);
int xe_cbev_eu_report(struct xe_cbev_ctx *ctx, u64 seqno, bool fault,
		      u64 addr);
void xe_cbev_eu_stop(struct xe_cbev_eu *eu, bool resume);

#endif /* _XE_CBEV_EU_H_ */
