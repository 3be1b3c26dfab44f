/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_CTX_H_
#define _XE_CBEV_CTX_H_

#include <linux/align.h>
#include <linux/lockdep.h>

#include "xe_cbev_engine_types.h"

/*
 * Submissions a queue may have pending: an exec beyond is -EBUSY, and a
 * direct queue's published tail waits in the ring until jobs retire.
 */
#define XE_CBEV_MAX_JOBS_PER_QUEUE	65536

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

/**
 * xe_cbev_ctx_tail_ok() - may the ring's tail move there?
 * @ctx: the context, with its lock held
 * @tail: the new tail
 *
 * The one check of a submitted tail, by the exec ioctl and by direct
 * submission: 4-byte aligned, not backwards, and the engine owns
 * [head, tail), which the ring never holds more than ring_size of.
 *
 * Return: true if it may.
 */
static inline bool xe_cbev_ctx_tail_ok(const struct xe_cbev_ctx *ctx, u64 tail)
{
	lockdep_assert_held(&ctx->lock);
	return IS_ALIGNED(tail, 4) && tail >= ctx->tail &&
	       tail - READ_ONCE(ctx->head) <= ctx->ring_size;
}

#endif /* _XE_CBEV_CTX_H_ */
