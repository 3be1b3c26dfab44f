// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/* Kernels that misbehave: a write through a bad pointer, and no end. */

__kernel void bad_pointer(__global int *p, ulong where)
{
	__global int *bad = (__global int *)where;

	bad[get_global_id(0)] = 42;
	p[0] = 1;
}

__kernel void endless(__global volatile int *stop)
{
	while (*stop == 0)
		;
}
