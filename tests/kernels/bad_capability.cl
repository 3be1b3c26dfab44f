// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/* Uses images: the ImageBasic capability, which the compiler refuses. */

__kernel void image_copy(__read_only image2d_t src, __global float4 *dst)
{
	int x = get_global_id(0);

	dst[x] = read_imagef(src, (int2)(x, 0));
}
