// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * cl_khr_integer_dot_product: dot products of four 8-bit integers, as
 * vectors or packed in a uint, with and without a saturating accumulator.
 * llvm-spirv-15 reads the vector forms back (OpSDotKHR, OpUDotKHR,
 * OpSUDotKHR and their AccSat forms) under SPIR-V names whose operands
 * are both char4, the signedness being in the name; a module translated
 * without SPV_KHR_integer_dot_product calls the OpenCL C names. Both are
 * defined here on one computation.
 */

#define OVL __attribute__((overloadable))

/* a signed or not, b signed or not: the exact dot product (fits an int). */
static int dot_ss(char4 a, char4 b)
{
	int4 p = convert_int4(a) * convert_int4(b);

	return p.x + p.y + p.z + p.w;
}

static uint dot_uu(uchar4 a, uchar4 b)
{
	uint4 p = convert_uint4(a) * convert_uint4(b);

	return p.x + p.y + p.z + p.w;
}

static int dot_su(char4 a, uchar4 b)
{
	int4 p = convert_int4(a) * convert_int4(b);

	return p.x + p.y + p.z + p.w;
}

/* SPIR-V names (the signedness of each operand is in the name). */
int OVL __spirv_SDotKHR_Rint(char4 a, char4 b)
{
	return dot_ss(a, b);
}

uint OVL __spirv_UDotKHR_Ruint(char4 a, char4 b)
{
	return dot_uu(as_uchar4(a), as_uchar4(b));
}

int OVL __spirv_SUDotKHR_Rint(char4 a, char4 b)
{
	return dot_su(a, as_uchar4(b));
}

int OVL __spirv_SDotAccSatKHR_Rint(char4 a, char4 b, int acc)
{
	return add_sat(dot_ss(a, b), acc);
}

/* The translator gives the accumulator's bits as an int. */
uint OVL __spirv_UDotAccSatKHR_Ruint(char4 a, char4 b, int acc)
{
	return add_sat(dot_uu(as_uchar4(a), as_uchar4(b)), as_uint(acc));
}

int OVL __spirv_SUDotAccSatKHR_Rint(char4 a, char4 b, int acc)
{
	return add_sat(dot_su(a, as_uchar4(b)), acc);
}

/* OpenCL C names, vectors. */
int OVL dot(char4 a, char4 b) { return dot_ss(a, b); }
uint OVL dot(uchar4 a, uchar4 b) { return dot_uu(a, b); }
int OVL dot(char4 a, uchar4 b) { return dot_su(a, b); }
int OVL dot(uchar4 a, char4 b) { return dot_su(b, a); }
int OVL dot_acc_sat(char4 a, char4 b, int acc)
{
	return add_sat(dot_ss(a, b), acc);
}
uint OVL dot_acc_sat(uchar4 a, uchar4 b, uint acc)
{
	return add_sat(dot_uu(a, b), acc);
}
int OVL dot_acc_sat(char4 a, uchar4 b, int acc)
{
	return add_sat(dot_su(a, b), acc);
}
int OVL dot_acc_sat(uchar4 a, char4 b, int acc)
{
	return add_sat(dot_su(b, a), acc);
}

/* OpenCL C names, packed: byte 0 is the first element. */
int OVL dot_4x8packed_ss_int(uint a, uint b)
{
	return dot_ss(as_char4(a), as_char4(b));
}
uint OVL dot_4x8packed_uu_uint(uint a, uint b)
{
	return dot_uu(as_uchar4(a), as_uchar4(b));
}
int OVL dot_4x8packed_su_int(uint a, uint b)
{
	return dot_su(as_char4(a), as_uchar4(b));
}
int OVL dot_4x8packed_us_int(uint a, uint b)
{
	return dot_su(as_char4(b), as_uchar4(a));
}
int OVL dot_acc_sat_4x8packed_ss_int(uint a, uint b, int acc)
{
	return add_sat(dot_4x8packed_ss_int(a, b), acc);
}
uint OVL dot_acc_sat_4x8packed_uu_uint(uint a, uint b, uint acc)
{
	return add_sat(dot_4x8packed_uu_uint(a, b), acc);
}
int OVL dot_acc_sat_4x8packed_su_int(uint a, uint b, int acc)
{
	return add_sat(dot_4x8packed_su_int(a, b), acc);
}
int OVL dot_acc_sat_4x8packed_us_int(uint a, uint b, int acc)
{
	return add_sat(dot_4x8packed_us_int(a, b), acc);
}
