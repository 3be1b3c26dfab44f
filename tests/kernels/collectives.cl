// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * Sub-group and work-group collectives in the shapes SYCL's runtime and
 * its reductions emit: a sub-group reduction whose second stage runs in
 * one sub-group only, the cl_khr_subgroup_* extensions (non-uniform ones in
 * divergent code), Intel's shuffles and block reads, and work_group_*
 * functions.
 */
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

int __attribute__((overloadable)) intel_sub_group_shuffle_down(int cur, int next, uint d);
int __attribute__((overloadable)) intel_sub_group_shuffle_up(int prev, int cur, uint d);
uint __attribute__((overloadable)) intel_sub_group_block_read(const global uint *p);
void __attribute__((overloadable)) intel_sub_group_block_write(global uint *p, uint v);

/* out[group] = the sum of the group's inputs, in two sub-group stages. */
kernel void __attribute__((intel_reqd_sub_group_size(16)))
sg_reduce(global const float *in, global float *out, local float *partial)
{
	float s = sub_group_reduce_add(in[get_global_id(0)]);

	if (get_sub_group_local_id() == 0)
		partial[get_sub_group_id()] = s;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (get_sub_group_id() == 0) {
		uint l = get_sub_group_local_id();
		float v = l < get_num_sub_groups() ? partial[l] : 0.0f;

		v = sub_group_reduce_add(v);
		if (l == 0)
			out[get_group_id(0)] = v;
	}
}

/* 16 results per work-item, sub-groups of 8. */
kernel void __attribute__((intel_reqd_sub_group_size(8)))
sg_ops(global const int *in, global int *out)
{
	size_t i = get_global_id(0);
	int x = in[i];
	uint l = get_sub_group_local_id();
	global int *o = out + 16 * i;

	o[0] = sub_group_scan_inclusive_add(x);
	o[1] = sub_group_scan_exclusive_max(x);
	o[2] = sub_group_broadcast(x, 5);
	o[3] = sub_group_shuffle(x, 7 - l);
	o[4] = sub_group_shuffle_xor(x, 1);
	o[5] = sub_group_shuffle_up(x, 1);
	o[6] = sub_group_shuffle_down(x, 2);
	o[7] = sub_group_clustered_reduce_add(x, 4);
	o[8] = sub_group_ballot_bit_count(sub_group_ballot(x & 1));
	o[9] = sub_group_all(x > -1000) + 2 * sub_group_any(x == 42);
	o[10] = sub_group_elect();
	o[11] = -1;
	if (l < 3)	/* three lanes take part */
		o[11] = sub_group_non_uniform_reduce_add(x) +
			100 * sub_group_elect();
	o[12] = intel_sub_group_shuffle_down(x, x + 1000, 3);
	o[13] = intel_sub_group_shuffle_up(x - 1000, x, 2);
	o[14] = (int)intel_sub_group_block_read((const global uint *)in +
						 get_group_id(0) * get_local_size(0) +
						 get_sub_group_id() * 8);
	o[15] = (int)(get_sub_group_size() * 100 + get_num_sub_groups() * 10 +
		      get_sub_group_id());
}

/* cl_khr_subgroup_rotate: 3 results per work-item, sub-groups of 8. */
kernel void __attribute__((intel_reqd_sub_group_size(8)))
sg_rotate(global const int *in, global int *out)
{
	size_t i = get_global_id(0);
	int x = in[i];

	out[3 * i + 0] = sub_group_rotate(x, 3);
	out[3 * i + 1] = sub_group_clustered_rotate(x, 1, 4);
	out[3 * i + 2] = (int)sub_group_rotate((double)x, -1);
}

/* 6 results per work-item. */
kernel void wg_ops(global const int *in, global int *out)
{
	size_t i = get_global_id(0);
	int x = in[i];
	global int *o = out + 6 * i;

	o[0] = work_group_reduce_add(x);
	o[1] = work_group_scan_inclusive_add(x);
	o[2] = work_group_scan_exclusive_min(x);
	o[3] = work_group_broadcast(x, 3);
	o[4] = work_group_all(x < 1000) + 2 * work_group_any(x == 7);
	o[5] = (int)work_group_reduce_max((float)x);
}
