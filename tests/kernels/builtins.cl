// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * Kernels that use the OpenCL C built-in library as real compilers emit
 * them: OpenCL C 2.0 with C11 atomics on generic pointers, library math,
 * half, conversions with saturation and rounding, vload/vstore_half,
 * async copies, the address-space functions and vector printf.
 */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

/* Generic pointers: the callee cannot know the address space. */
static uint bump(volatile atomic_uint *p)
{
	return atomic_fetch_add_explicit(p, 1u, memory_order_relaxed);
}

kernel void c11_atomics(global atomic_uint *ctr, global atomic_int *hi,
			global int *mine, local atomic_uint *lctr)
{
	int id = (int)get_global_id(0);

	if (get_local_id(0) == 0)
		atomic_store_explicit(lctr, 0u, memory_order_relaxed,
				      memory_scope_work_group);
	barrier(CLK_LOCAL_MEM_FENCE);
	bump(ctr);
	atomic_fetch_max_explicit(hi, id, memory_order_acq_rel,
				  memory_scope_device);
	uint mine_l = bump(lctr);
	barrier(CLK_LOCAL_MEM_FENCE);
	mine[id] = (int)mine_l < (int)get_local_size(0) &&
		   atomic_load(lctr) == get_local_size(0);
}

/*
 * Weak compare-exchange loops, as C11 code writes them: every work-item
 * adds its id to a global sum and pushes itself on a counter in local
 * memory; the loop retries until its exchange succeeds.
 */
kernel void c11_weak_cas(global atomic_uint *sum, global uint *slots,
			 local atomic_uint *lnext)
{
	uint id = (uint)get_global_id(0), old, next;

	if (get_local_id(0) == 0)
		atomic_init(lnext, 0u);
	barrier(CLK_LOCAL_MEM_FENCE);
	old = atomic_load_explicit(sum, memory_order_relaxed);
	while (!atomic_compare_exchange_weak_explicit(sum, &old, old + id,
						      memory_order_acq_rel,
						      memory_order_relaxed))
		;
	next = atomic_load(lnext);
	while (!atomic_compare_exchange_weak(lnext, &next, next + 1))
		;
	slots[get_group_id(0) * get_local_size(0) + next] = id;
}

/* cl_khr_extended_bit_ops, scalar and vector (SPV_KHR_bit_instructions). */
kernel void bit_ops(global const uint *in, global uint *out)
{
	uint i = (uint)get_global_id(0), x = in[i];
	uint off = i % 16, cnt = i % 17;

	out[5 * i + 0] = bitfield_insert(x, 0xabcdu, off, cnt);
	out[5 * i + 1] = bitfield_extract_unsigned(x, off, cnt);
	out[5 * i + 2] = (uint)bitfield_extract_signed((int)x, off, cnt);
	out[5 * i + 3] = bit_reverse(x);
	out[5 * i + 4] = as_uint(bit_reverse(as_uchar4(x)));
}

/* cl_ext_float_atomics: add, sub, min and max on float and double,
 * global and local. */
kernel void float_atomics(global atomic_float *fsum,
			  global atomic_double *dsum,
			  global atomic_float *fmaxv,
			  global atomic_double *dminv,
			  global float *group_sums, local atomic_float *lsum)
{
	uint i = (uint)get_global_id(0);

	if (get_local_id(0) == 0)
		atomic_init(lsum, 0.0f);
	barrier(CLK_LOCAL_MEM_FENCE);
	atomic_fetch_add_explicit(fsum, 1.0f, memory_order_relaxed);
	atomic_fetch_add(dsum, (double)i);
	atomic_fetch_max(fmaxv, (float)i);
	atomic_fetch_min(dminv, -(double)i);
	atomic_fetch_sub(lsum, 2.0f);
	barrier(CLK_LOCAL_MEM_FENCE);
	if (get_local_id(0) == 0)
		group_sums[get_group_id(0)] = atomic_load(lsum);
}

/* cl_khr_integer_dot_product: vectors, packed, saturating accumulators. */
kernel void dot_products(global const uint *a, global const uint *b,
			 global int *out)
{
	size_t i = get_global_id(0);
	uint x = a[i], y = b[i];
	global int *o = out + 8 * i;

	o[0] = dot(as_char4(x), as_char4(y));
	o[1] = (int)dot(as_uchar4(x), as_uchar4(y));
	o[2] = dot(as_char4(x), as_uchar4(y));
	o[3] = dot_acc_sat(as_char4(x), as_char4(y), INT_MAX - 100);
	o[4] = (int)dot_acc_sat(as_uchar4(x), as_uchar4(y), 0xffffff00u);
	o[5] = dot_4x8packed_ss_int(x, y);
	o[6] = dot_4x8packed_us_int(x, y);
	o[7] = dot_acc_sat_4x8packed_su_int(x, y, INT_MIN + 50);
}

/* cl_ext_float_atomics on half: min and max in one 32-bit word (the
 * neighbour must survive), a local maximum, and exchanges. */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void half_atomics(global atomic_half *minmax, global half *group_max,
			 global atomic_half *slot, global half *old,
			 local atomic_half *lmax)
{
	uint i = (uint)get_global_id(0);
	half v = (half)((float)((i * 37) % 101) - 50.0f);

	if (get_local_id(0) == 0)
		atomic_store(lmax, (half)-1000.0f);
	barrier(CLK_LOCAL_MEM_FENCE);
	atomic_fetch_max(&minmax[0], v);
	atomic_fetch_min(&minmax[1], v);
	atomic_fetch_max(lmax, v);
	old[i] = atomic_exchange(slot, (half)(float)i);
	barrier(CLK_LOCAL_MEM_FENCE);
	if (get_local_id(0) == 0)
		group_max[get_group_id(0)] = atomic_load(lmax);
}

kernel void lib_math(global const float *x, global float *out)
{
	size_t i = get_global_id(0);
	float v = x[i], s, c, ip;
	int q;

	s = sincos(v, &c);
	out[8 * i + 0] = erf(v);
	out[8 * i + 1] = exp(v) * log(fabs(v) + 1.0f);
	out[8 * i + 2] = rsqrt(fabs(v) + 1.0f);
	out[8 * i + 3] = s + c;
	out[8 * i + 4] = fract(v, &ip) + ip;
	out[8 * i + 5] = remquo(v, 0.75f, &q) + (float)q;
	out[8 * i + 6] = lgamma(fabs(v) + 0.5f);
	out[8 * i + 7] = cbrt(v) + hypot(v, 2.0f);
}

kernel void halves(global const half *a, global const half *b,
		   global half *out, global float *f)
{
	size_t i = get_global_id(0);

	out[i] = a[i] * b[i] + a[i];
	f[i] = vload_half(i, (global const half *)a) + 1.0f;
	vstore_half_rtz(f[i] * 2.0f, i, (global half *)out + get_global_size(0));
}

kernel void convert_sat(global const float *in, global uchar *u8,
			global int *rte, global short4 *s4)
{
	size_t i = get_global_id(0);

	u8[i] = convert_uchar_sat_rte(in[i]);
	rte[i] = convert_int_rtn(in[i]);
	s4[i] = convert_short4_sat((float4)(in[i] * 1000.0f, -in[i] * 1000.0f,
					    in[i], 70000.0f));
}

kernel void integer_ops(global const int *a, global const int *b,
			global int *out)
{
	size_t i = get_global_id(0);
	int x = a[i], y = b[i];

	out[6 * i + 0] = add_sat(x, y);
	out[6 * i + 1] = mad_sat(x, y, x);
	out[6 * i + 2] = hadd(x, y);
	out[6 * i + 3] = clz(x) + ctz(y);
	out[6 * i + 4] = (int)upsample((short)x, (ushort)y);
	out[6 * i + 5] = select(x, y, isless((float)x, (float)y) ? -1 : 0) +
			 any((int2)(x, 0) < 0);
}

kernel void geometry(global const float4 *a, global const float4 *b,
		     global float4 *out)
{
	size_t i = get_global_id(0);
	float4 c = cross(a[i], b[i]);

	out[i] = (float4)(c.xyz, dot(a[i], b[i]) + length(b[i])) +
		 shuffle(a[i], (uint4)(3, 2, 1, 0));
}

kernel void async_copy(global const float *in, global float *out,
		       local float *tmp)
{
	size_t n = get_local_size(0), g = get_group_id(0) * n;
	event_t e = async_work_group_copy(tmp, in + g, n, 0);

	wait_group_events(1, &e);
	out[g + get_local_id(0)] = tmp[n - 1 - get_local_id(0)] * 2.0f;
	barrier(CLK_LOCAL_MEM_FENCE);
}

kernel void address_spaces(global int *g, global int *out, local int *la)
{
	local int l[4];
	int p = 3;
	int *gen[4] = { g, l, &p, la };

	l[get_local_id(0) & 3] = 5;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (int k = 0; k < 4; k++)
		out[4 * get_global_id(0) + k] =
			(to_global(gen[k]) != NULL) + 2 * (to_local(gen[k]) != NULL) +
			4 * (to_private(gen[k]) != NULL);
}

kernel void vector_printf(int n)
{
	if (get_global_id(0) == 0)
		printf("v4=%v4hld f2=%v2hlf s=%s n=%d\n", (int4)(1, 2, 3, n),
		       (float2)(0.5f, -1.25f), "ok", n);
}

/* The half_* precision functions on float, and nan() of a half. */
kernel void half_precision(global const float *x, global float *out,
			   global ushort *nans)
{
	size_t i = get_global_id(0);
	float v = x[i];
	float2 w = (float2)(v, v + 1.0f);

	out[4 * i + 0] = half_cos(v) + half_sin(v);
	out[4 * i + 1] = half_exp(v) * half_log(fabs(v) + 1.0f);
	out[4 * i + 2] = half_divide(v, 3.0f) + half_sqrt(fabs(v));
	out[4 * i + 3] = half_recip(w + 2.5f).y;
	nans[i] = as_ushort(nan((ushort)i));
}

/*
 * half families the shim adds to the library: conversions with rounding
 * modes, vload4/vstore4 and shuffle of half, isnormal and select.
 */
kernel void half_families(global const float *x, global const ushort *bits,
			  global ushort *h, global int *ints)
{
	size_t i = get_global_id(0);
	half4 v = vload4(i, (global const half *)bits);
	half hx;

	h[8 * i + 0] = as_ushort(convert_half_rtz(x[i]));
	h[8 * i + 1] = as_ushort(convert_half_rtp(x[i]));
	h[8 * i + 2] = as_ushort(convert_half_rtn(x[i]));
	h[8 * i + 3] = as_ushort(convert_half_rte(x[i]));
	vstore4(shuffle(v, (ushort4)(3, 2, 1, 0)), 1, (global half *)(h + 8 * i));
	hx = convert_half_rtz(x[i]);
	ints[2 * i + 0] = convert_int_sat_rtn(hx);
	ints[2 * i + 1] = isnormal(hx) + 2 * (int)as_ushort(select(hx, (half)1.0f,
								   (short)isnan(hx)));
}
