// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * Kernels of the mutable command list tests (tests/libze/test_libze_mutable.c).
 */

__kernel void add_scalar(__global int *buf, int c)
{
	buf[get_global_id(0)] += c;
}

/* Same arguments as add_scalar: a kernel a command may switch to. */
__kernel void mul_scalar(__global int *buf, int c)
{
	buf[get_global_id(0)] *= c;
}

/* Each work-item says who it is: group size, global offset, global id. */
__kernel void stamp(__global uint *out)
{
	size_t g = get_global_id(0);

	out[g] = (uint)get_local_size(0) << 24 |
		 (uint)get_global_offset(0) << 16 | (uint)g;
}
