/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_BUILTINS_TYPES_H_
#define _XE_CBEV_BUILTINS_TYPES_H_

#include <linux/mm.h>
#include <linux/types.h>

/* Scratch a built-in kernel works through, in chunks of this size. */
#define XE_CBEV_BUILTIN_SCRATCH_SIZE	PAGE_SIZE

/**
 * struct xe_cbev_builtin_state - a built-in dispatch that may go on across
 * calls
 */
struct xe_cbev_builtin_state {
	/** @buf: XE_CBEV_BUILTIN_SCRATCH_SIZE bytes of scratch, the caller's */
	u8 *buf;
	/** @active: a dispatch has started and is not done */
	bool active;
	/** @done: its progress: bytes, or elements for add_u32 and scale_u32 */
	u64 done;
	/** @hash: the checksum so far */
	u64 hash;
};

#endif /* _XE_CBEV_BUILTINS_TYPES_H_ */
