// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * Loops that every work-item runs alike, which the shim gives implicit
 * barriers (userspace/jit/regions.cpp), next to loops that diverge: a
 * per-item accumulator and private array across nested uniform loops, a
 * divergent branch inside them, a loop whose trip count is the item's own
 * and one left early by some items only.
 */

kernel void uniform_loops(global const float *in, global float *out, int n,
			  int m)
{
	size_t i = get_global_id(0);
	float s = 0.0f;
	float t[4];

	/* (an initialiser would be a constant that llvm-spirv-15 leaves out
	 * of the entry point's interface) */
	for (int k = 0; k < 4; k++)
		t[k] = 0.0f;
	for (int j = 0; j < n; j++) {
		if ((i + j) % 3 == 0)
			s += in[j];
		for (int k = 0; k < m; k++)
			t[k & 3] += in[(j + k) % n] * (float)(i % 5);
	}
	for (int j = 0; j < (int)(i % 4); j++)
		s += 1.0f;
	for (int j = 0; j < n; j++) {
		if (in[j] > (float)(i % 7))
			break;
		s += 0.5f;
	}
	out[i] = s + t[0] + t[1] * 2.0f + t[2] * 3.0f + t[3] * 4.0f;
}
