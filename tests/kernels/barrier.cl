// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/* Kernels with barriers and local memory. */

/* Sum of each group's elements, in a __local argument. */
__kernel void reduce(__global const float *in, __global float *out,
		     __local float *tmp)
{
	size_t l = get_local_id(0);

	tmp[l] = in[get_global_id(0)];
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
		if (l < s)
			tmp[l] += tmp[l + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (l == 0)
		out[get_group_id(0)] = tmp[0];
}

/* Work-items take different paths (and loop counts) before the barrier;
 * after it each reads what its neighbour wrote. */
__kernel void divergent(__global int *out)
{
	__local int shared[256];
	size_t l = get_local_id(0);
	int v = 0;

	if (l % 3 == 0) {
		for (int k = 0; k < (int)l; k++)
			v += k;
	} else if (l % 3 == 1) {
		v = (int)l * 7;
	} else {
		for (int k = 0; k < 5; k++)
			v = v * 2 + (int)l;
	}
	shared[l] = v;
	barrier(CLK_LOCAL_MEM_FENCE);
	out[get_global_id(0)] = shared[(l + 1) % get_local_size(0)] + v;
}

__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void scan16(__global const int *in, __global int *out)
{
	__local int buf[16];
	size_t l = get_local_id(0);

	buf[l] = in[get_global_id(0)];
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t d = 1; d < 16; d <<= 1) {
		int add = l >= d ? buf[l - d] : 0;
		barrier(CLK_LOCAL_MEM_FENCE);
		buf[l] += add;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	out[get_global_id(0)] = buf[l];
}
