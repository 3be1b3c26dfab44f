/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_CTX_H_
#define _XE_CBEV_CTX_H_

#include "xe_cbev_engine_types.h"

/* What the command streamer may do to the context it executes. */
struct xe_cbev_job *xe_cbev_ctx_current_job(struct xe_cbev_ctx *ctx);
void xe_cbev_ctx_complete_job(struct xe_cbev_ctx *ctx, struct xe_cbev_job *job);
void xe_cbev_ctx_advance_head(struct xe_cbev_ctx *ctx, u32 bytes);
void xe_cbev_ctx_progress(struct xe_cbev_ctx *ctx);
void xe_cbev_ctx_park(struct xe_cbev_ctx *ctx, struct xe_cbev_bo *bo);
void xe_cbev_ctx_unpark(struct xe_cbev_ctx *ctx);
void xe_cbev_ctx_ban(struct xe_cbev_ctx *ctx, u32 reason, u64 addr);
void xe_cbev_ctx_user_interrupt(struct xe_cbev_ctx *ctx);

/* For the queue that owns the context. */
void xe_cbev_ctx_drop_jobs(struct xe_cbev_ctx *ctx);

#endif /* _XE_CBEV_CTX_H_ */
