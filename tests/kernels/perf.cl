// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * Benchmark kernels that lean on the OpenCL C built-in library
 * (userspace/tools/xe_cbev_bench_kernels.c): n-body with rsqrt and
 * Black-Scholes with exp, log and erf. OpenCL C 2.0. The reductions by
 * collectives are in perf_collectives.cl, which PoCL 3.1 cannot build (it
 * has neither sub-groups nor work_group_reduce).
 */

kernel void nbody(global const float4 *pos, global float4 *acc, int n)
{
	size_t i = get_global_id(0);
	float4 p = pos[i];
	float3 a = (float3)(0.0f);

	for (int j = 0; j < n; j++) {
		float4 q = pos[j];
		float3 d = q.xyz - p.xyz;
		float inv = rsqrt(dot(d, d) + 0.01f);

		a += d * (q.w * inv * inv * inv);
	}
	acc[i] = (float4)(a, 0.0f);
}

kernel void black_scholes(global const float *in, global float *call,
			  global float *put)
{
	size_t i = get_global_id(0);
	float s = fabs(in[i]) + 5.0f, x = 10.0f, t = 1.0f, r = 0.02f, v = 0.3f;
	float sq = v * sqrt(t);
	float d1 = (log(s / x) + (r + 0.5f * v * v) * t) / sq, d2 = d1 - sq;
	float n1 = 0.5f * (1.0f + erf(d1 * M_SQRT1_2_F));
	float n2 = 0.5f * (1.0f + erf(d2 * M_SQRT1_2_F));
	float e = x * exp(-r * t);

	call[i] = s * n1 - e * n2;
	put[i] = e * (1.0f - n2) - s * (1.0f - n1);
}
