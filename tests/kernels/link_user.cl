// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * Calls functions that link_lib.cl defines: the module builds, and its
 * kernels run once zeModuleDynamicLink() found them.
 */

int lib_scale(int x, int k);
float lib_poly(float x);

__kernel void use_lib(__global int *a, __global float *f, int k)
{
	size_t i = get_global_id(0);

	a[i] = lib_scale(a[i], k);
	f[i] = lib_poly(f[i]);
}
