/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_BUILTINS_H_
#define _XE_CBEV_BUILTINS_H_

#include <linux/types.h>

#include "xe_cbev_builtins_types.h"

struct xe_cbev_vm;

unsigned int xe_cbev_builtin_num_args(u32 id);
int xe_cbev_builtin_run(struct xe_cbev_vm *vm, u32 id, const u64 *args,
			struct xe_cbev_builtin_state *st, u64 *budget, u64 *fault);

#endif /* _XE_CBEV_BUILTINS_H_ */
