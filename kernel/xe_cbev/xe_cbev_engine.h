/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_ENGINE_H_
#define _XE_CBEV_ENGINE_H_

#include "xe_cbev_engine_types.h"

/* Bounds of a queue's hang timeout, in milliseconds. */
#define XE_CBEV_HANG_TIMEOUT_MIN_MS	10
#define XE_CBEV_HANG_TIMEOUT_MAX_MS	600000

int xe_cbev_engine_init(struct xe_cbev_engine *engine, unsigned int index);
void xe_cbev_engine_fini(struct xe_cbev_engine *engine);
void xe_cbev_engine_client_init(struct xe_cbev_engine_client *client,
				struct xe_cbev_engine *engine);

unsigned int xe_cbev_engine_default_hang_timeout_ms(void);
void xe_cbev_engine_defer(struct xe_cbev_ctx *ctx, struct work_struct *work);
int xe_cbev_engine_ctx_init(struct xe_cbev_ctx *ctx);
void xe_cbev_engine_ctx_fini(struct xe_cbev_ctx *ctx);

#endif /* _XE_CBEV_ENGINE_H_ */
