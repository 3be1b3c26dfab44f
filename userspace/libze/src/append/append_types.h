/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_APPEND_TYPES_H
#define _XE_APPEND_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * struct xe_cs - a staging buffer of commands
 * @buf: the commands
 * @len: dwords in @buf
 * @cap: dwords @buf has room for
 * @fixed: @buf is the caller's and does not grow
 */
struct xe_cs {
	uint32_t *buf;
	size_t len;
	size_t cap;
	bool fixed;
};

#endif /* _XE_APPEND_TYPES_H */
