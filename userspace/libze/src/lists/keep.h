/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_KEEP_H
#define _XE_KEEP_H

#include <stddef.h>
#include <stdint.h>

#include "events/event.h"

struct xe_ring;

/**
 * struct xe_keep - one reference a list holds for its commands
 * @ref: the reference
 * @seqno: immediate lists: the ring submission after which no command
 *	uses it; 0 for a recording (used until the list is reset)
 */
struct xe_keep {
	struct xe_ref ref;
	uint64_t seqno;
};

/**
 * struct xe_keeps - what a list's commands need alive (keep.c)
 * @v: the entries, in submission order
 * @n: entries in @v
 * @cap: room in @v
 */
struct xe_keeps {
	struct xe_keep *v;
	size_t n;
	size_t cap;
};

int xe_keeps_add(struct xe_keeps *keeps, struct xe_ref ref);
void xe_keeps_commit(struct xe_keeps *keeps, size_t from, uint64_t seqno);
void xe_keeps_drop_from(struct xe_keeps *keeps, size_t from);
void xe_keeps_retire(struct xe_keeps *keeps, const struct xe_ring *ring);
void xe_keeps_release(struct xe_keeps *keeps);

#endif /* _XE_KEEP_H */
