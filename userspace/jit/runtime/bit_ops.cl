// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * cl_khr_extended_bit_ops (SPV_KHR_bit_instructions), which the library
 * does not have: bit fields of every integer type and vector, and bit
 * reversal. A count of 0 inserts nothing and extracts 0; an offset and
 * count past the type's width are undefined, as the extension says.
 *
 * Shifts stay below the width (OpenCL C masks shift counts), so the
 * extraction shifts the field to the top and back down: logically for
 * the unsigned result, arithmetically for the signed one.
 */

#define OVL __attribute__((overloadable))

#define BF(T, U, S, US, W)						\
T OVL bitfield_insert(T base, T ins, uint off, uint cnt)		\
{									\
	US ms = cnt ? (US)((US)((US)~(US)0 >> (W - cnt)) << off) : (US)0;\
	U m = (U)ms, nm = (U)(US)~ms;					\
									\
	return as_##T((U)((U)(as_##U(base) & nm) |			\
			  (U)((U)(as_##U(ins) << off) & m)));		\
}									\
U OVL bitfield_extract_unsigned(T base, uint off, uint cnt)		\
{									\
	if (!cnt)							\
		return (U)0;						\
	return (U)((U)(as_##U(base) << (W - off - cnt)) >> (W - cnt));	\
}									\
S OVL bitfield_extract_signed(T base, uint off, uint cnt)		\
{									\
	if (!cnt)							\
		return (S)0;						\
	return (S)(as_##S((U)(as_##U(base) << (W - off - cnt))) >>	\
		   (W - cnt));						\
}

/* A type, its vectors: the unsigned and signed types of the same shape. */
#define BF_ALL(T, U, S, W)						\
	BF(T, U, S, U, W) BF(T##2, U##2, S##2, U, W)			\
	BF(T##3, U##3, S##3, U, W) BF(T##4, U##4, S##4, U, W)		\
	BF(T##8, U##8, S##8, U, W) BF(T##16, U##16, S##16, U, W)

BF_ALL(char, uchar, char, 8)
BF_ALL(uchar, uchar, char, 8)
BF_ALL(short, ushort, short, 16)
BF_ALL(ushort, ushort, short, 16)
BF_ALL(int, uint, int, 32)
BF_ALL(uint, uint, int, 32)
BF_ALL(long, ulong, long, 64)
BF_ALL(ulong, ulong, long, 64)

#define REV(T, U, W)							\
T OVL bit_reverse(T x)							\
{									\
	return as_##T((U)__builtin_bitreverse##W(as_##U(x)));		\
}									\
T##2 OVL bit_reverse(T##2 x)						\
{									\
	return (T##2)(bit_reverse(x.s0), bit_reverse(x.s1));		\
}									\
T##3 OVL bit_reverse(T##3 x)						\
{									\
	return (T##3)(bit_reverse(x.s0), bit_reverse(x.s1),		\
		      bit_reverse(x.s2));				\
}									\
T##4 OVL bit_reverse(T##4 x)						\
{									\
	return (T##4)(bit_reverse(x.lo), bit_reverse(x.hi));		\
}									\
T##8 OVL bit_reverse(T##8 x)						\
{									\
	return (T##8)(bit_reverse(x.lo), bit_reverse(x.hi));		\
}									\
T##16 OVL bit_reverse(T##16 x)						\
{									\
	return (T##16)(bit_reverse(x.lo), bit_reverse(x.hi));		\
}

REV(char, uchar, 8)
REV(uchar, uchar, 8)
REV(short, ushort, 16)
REV(ushort, ushort, 16)
REV(int, uint, 32)
REV(uint, uint, 32)
REV(long, ulong, 64)
REV(ulong, ulong, 64)
