// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * Kernels of the shapes other drivers' test programs use
 * (tests/libze/test_libze_conformance.c).
 */

__kernel void add_scalar(__global int *buf, int c)
{
	buf[get_global_id(0)] += c;
}
