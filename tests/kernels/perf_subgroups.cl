// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * The sub-group reduction of the kernel benchmark (see perf.cl).
 */

kernel void sg_sum(global const float *in, global float *out)
{
	float s = sub_group_reduce_add(in[get_global_id(0)]);

	if (get_sub_group_local_id() == 0)
		out[get_global_id(0) / get_max_sub_group_size()] = s;
}
