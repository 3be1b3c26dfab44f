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

/* zeKernelGetSourceAttributes() names both attributes. */
__attribute__((reqd_work_group_size(16, 1, 1)))
__attribute__((intel_reqd_sub_group_size(8)))
__kernel void with_attributes(__global int *buf)
{
	buf[get_global_id(0)] = get_sub_group_size();
}
