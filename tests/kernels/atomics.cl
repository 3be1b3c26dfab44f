// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/* 32- and 64-bit atomics on global and local memory. */
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

/* g[0] += 1, g[1] += id, g[2] = max id, g[3] min id, 64-bit g64[0] += id
 * << 32, and each group's local count added to g[4]. */
__kernel void atomics(__global int *g, __global long *g64)
{
	__local int count;
	int id = get_global_id(0);

	if (get_local_id(0) == 0)
		count = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	atomic_inc(&g[0]);
	atomic_add(&g[1], id);
	atomic_max(&g[2], id);
	atomic_min(&g[3], id);
	atom_add(&g64[0], (long)id << 32);
	atom_xor(&g64[1], (long)1 << (id % 64));
	atomic_inc(&count);
	barrier(CLK_LOCAL_MEM_FENCE);
	if (get_local_id(0) == 0)
		atomic_add(&g[4], count);
}

/* A spin lock with atomic_cmpxchg around a non-atomic counter. */
__kernel void cmpxchg_lock(__global int *lock, __global int *counter)
{
	while (atomic_cmpxchg(lock, 0, 1) != 0)
		;
	*(volatile __global int *)counter += 1;
	atomic_xchg(lock, 0);
}

/* 64-bit local atomics. */
__kernel void local64(__global long *out, __local long *acc)
{
	if (get_local_id(0) == 0)
		*acc = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	atom_add(acc, (long)get_global_id(0) + 0x100000000L);
	barrier(CLK_LOCAL_MEM_FENCE);
	if (get_local_id(0) == 0)
		out[get_group_id(0)] = *acc;
}
