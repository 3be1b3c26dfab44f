/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_BUILTINS_H_
#define _XE_CBEV_BUILTINS_H_

#include <linux/mm.h>
#include <linux/types.h>

struct xe_cbev_vm;

/* Scratch a built-in kernel works through, in chunks of this size. */
#define XE_CBEV_BUILTIN_SCRATCH_SIZE	PAGE_SIZE

unsigned int xe_cbev_builtin_num_args(u32 id);
int xe_cbev_builtin_run(struct xe_cbev_vm *vm, u32 id, const u64 *args,
			u8 *buf, u64 *fault);

#endif /* _XE_CBEV_BUILTINS_H_ */
