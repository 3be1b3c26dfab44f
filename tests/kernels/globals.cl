// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/* A program-scope global, read and written by kernels and by the host
 * through its global pointer; and a __constant table. */

__global int counter = 5;
__constant int table[4] = { 10, 20, 30, 40 };

__kernel void bump(__global int *out)
{
	size_t i = get_global_id(0);

	out[i] = counter + table[i % 4];
	if (i == 0)
		counter += 1;
}
