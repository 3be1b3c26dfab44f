/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_JIT_LOADER_H
#define _XE_JIT_LOADER_H

#include <stddef.h>

#include "xe_jit.h"

const struct xe_jit_ops *xe_jit_load(char *why, size_t why_size);

#endif /* _XE_JIT_LOADER_H */
