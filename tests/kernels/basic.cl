// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/* Kernels without barriers: arithmetic, math, vectors, calls, structs. */

__kernel void vadd(__global const float *a, __global const float *b,
		   __global float *c)
{
	size_t i = get_global_id(0);

	c[i] = a[i] + b[i];
}

__kernel void saxpy(float alpha, __global const float *x, __global float *y)
{
	size_t i = get_global_id(0);

	y[i] = alpha * x[i] + y[i];
}

__kernel void empty(void)
{
}

/* Every work-item id and size, in three dimensions. */
__kernel void ids(__global ulong *out)
{
	size_t gx = get_global_id(0), gy = get_global_id(1), gz = get_global_id(2);
	size_t w = get_global_size(0), h = get_global_size(1);
	__global ulong *o = out + 8 * ((gz - get_global_offset(2)) * w * h +
				      (gy - get_global_offset(1)) * w +
				      (gx - get_global_offset(0)));

	o[0] = gx;
	o[1] = gy;
	o[2] = gz;
	o[3] = get_local_id(0) + 10 * get_local_id(1) + 100 * get_local_id(2);
	o[4] = get_group_id(0) + 10 * get_group_id(1) + 100 * get_group_id(2);
	o[5] = get_local_size(0) + 10 * get_local_size(1) + 100 * get_local_size(2);
	o[6] = get_num_groups(0) + 10 * get_num_groups(1) + 100 * get_num_groups(2);
	o[7] = get_work_dim();
}

__kernel void math_f(__global const float *x, __global float *out)
{
	size_t i = get_global_id(0);
	float v = x[i];

	out[8 * i + 0] = sqrt(v);
	out[8 * i + 1] = sin(v);
	out[8 * i + 2] = cos(v);
	out[8 * i + 3] = exp(v);
	out[8 * i + 4] = log(v);
	out[8 * i + 5] = pow(v, 1.5f);
	out[8 * i + 6] = fmax(floor(v * 3.0f), 1.0f);
	out[8 * i + 7] = mad(v, v, 1.0f) + fabs(-v) + clamp(v, 0.5f, 2.0f);
}

__kernel void math_d(__global const double *x, __global double *out)
{
	size_t i = get_global_id(0);
	double v = x[i];

	out[4 * i + 0] = sqrt(v);
	out[4 * i + 1] = sin(v) + cos(v);
	out[4 * i + 2] = exp(v) * log(v);
	out[4 * i + 3] = v * v / 3.0 + fma(v, 2.0, 1.0);
}

__kernel void vectors(__global const float4 *a, __global const float4 *b,
		      __global float4 *c, __global int *dots)
{
	size_t i = get_global_id(0);
	float4 v = a[i] * b[i] + (float4)(1.0f, 2.0f, 3.0f, 4.0f);

	c[i] = v.wzyx;
	dots[i] = convert_int_sat(dot(a[i], b[i]));
}

static int fib(int n)
{
	int a = 0, b = 1;

	for (int k = 0; k < n; k++) {
		int t = a + b;
		a = b;
		b = t;
	}
	return a;
}

static float poly(float x, int terms)
{
	float s = 0.0f;

	for (int k = terms; k > 0; k--)
		s = s * x + (float)k;
	return s;
}

__kernel void loops_calls(__global int *fibs, __global float *polys)
{
	int i = get_global_id(0);

	fibs[i] = fib(i % 40);
	polys[i] = poly((float)i / 100.0f, i % 7 + 1);
}

struct params {
	int scale;
	float bias;
	long offset;
	char tag;
};

__kernel void by_value(struct params p, int2 pair, __global long *out)
{
	size_t i = get_global_id(0);

	out[i] = p.scale * (long)i + (long)p.bias + p.offset + p.tag + pair.x * pair.y;
}

__kernel void conversions(__global const float *x, __global int *si,
			  __global uchar *uc)
{
	size_t i = get_global_id(0);

	si[i] = convert_int_sat(x[i]);
	uc[i] = convert_uchar_sat(x[i]);
}

/* A private array indexed by data stays in memory, which the work-items
 * of a group use in turn once inlined into the loop over them: not an
 * access the loop may run in parallel (lower.cpp). */
__kernel void private_table(__global const int *sel, __global int *out)
{
	int i = (int)get_global_id(0);
	int t[4] = { i, 2 * i, 3 * i, 4 * i };

	out[i] = t[sel[i] & 3];
}

/* A specialization constant (SPIR-V OpSpecConstant, default 7): only when
 * compiled to SPIR-V (the benchmark builds this file for PoCL too). */
#if defined(__SPIR__)
int __attribute__((overloadable)) __spirv_SpecConstant(int id, int def);

__kernel void spec(__global int *out)
{
	out[get_global_id(0)] = __spirv_SpecConstant(3, 7) * (int)get_global_id(0);
}
#endif
