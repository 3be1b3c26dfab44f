// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/* C = A * B for n x n matrices, naive and with 16 x 16 local tiles. */

__kernel void matmul_naive(__global const float *a, __global const float *b,
			   __global float *c, int n)
{
	int col = get_global_id(0), row = get_global_id(1);
	float s = 0.0f;

	for (int k = 0; k < n; k++)
		s += a[row * n + k] * b[k * n + col];
	c[row * n + col] = s;
}

#define TILE 16

__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1)))
void matmul_tiled(__global const float *a, __global const float *b,
		  __global float *c, int n)
{
	__local float ta[TILE][TILE], tb[TILE][TILE];
	int lx = get_local_id(0), ly = get_local_id(1);
	int col = get_global_id(0), row = get_global_id(1);
	float s = 0.0f;

	for (int t = 0; t < n; t += TILE) {
		ta[ly][lx] = a[row * n + t + lx];
		tb[ly][lx] = b[(t + ly) * n + col];
		barrier(CLK_LOCAL_MEM_FENCE);
		for (int k = 0; k < TILE; k++)
			s += ta[ly][k] * tb[k][lx];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	c[row * n + col] = s;
}
