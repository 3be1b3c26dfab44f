// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * The reductions by collectives of the kernel benchmark (see perf.cl).
 */

kernel void sg_sum(global const float *in, global float *out)
{
	float s = sub_group_reduce_add(in[get_global_id(0)]);

	if (get_sub_group_local_id() == 0)
		out[get_global_id(0) / get_max_sub_group_size()] = s;
}

kernel void wg_sum(global const float *in, global float *out)
{
	float s = work_group_reduce_add(in[get_global_id(0)]);

	if (get_local_id(0) == 0)
		out[get_group_id(0)] = s;
}
