// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: sub-group and work-group collectives, the arithmetic
 *
 * When the fiber scheduler (fiber.cpp) releases the work-items waiting at
 * one collective, it hands them here, in lane order: each has its operand,
 * its result and its argument (collectives.h). Reductions fold in lane
 * order; half values are computed in float and rounded after each step.
 */

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "collectives.h"
#include "jit_internal.hpp"

namespace {

float half_to_float(uint16_t h)
{
	uint32_t s = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 0x1f,
		 m = h & 0x3ff, bits;
	float f;

	if (e == 0x1f)
		bits = s | 0x7f800000 | (m << 13);
	else if (e)
		bits = s | ((e + 112) << 23) | (m << 13);
	else if (!m)
		bits = s;
	else {
		f = std::ldexp((float)m, -24);
		return s ? -f : f;
	}
	memcpy(&f, &bits, 4);
	return f;
}

/* Round to nearest even, as a conversion to half does. */
uint16_t float_to_half(float f)
{
	uint32_t b;

	memcpy(&b, &f, 4);
	uint16_t s = (uint16_t)((b >> 16) & 0x8000);
	uint32_t e = (b >> 23) & 0xff, m = b & 0x7fffff;

	if (e == 0xff)
		return s | 0x7c00 | (m ? 0x200 : 0);
	int he = (int)e - 127 + 15;
	if (he >= 0x1f)
		return s | 0x7c00;
	if (he <= 0) {
		if (he < -10)
			return s;
		m |= 0x800000;
		uint32_t shift = (uint32_t)(14 - he);
		uint32_t r = m >> shift, rem = m & ((1u << shift) - 1),
			 half = 1u << (shift - 1);
		if (rem > half || (rem == half && (r & 1)))
			r++;
		return s | (uint16_t)r;
	}
	uint32_t r = ((uint32_t)he << 10) | (m >> 13), rem = m & 0x1fff;
	if (rem > 0x1000 || (rem == 0x1000 && (r & 1)))
		r++;
	return s | (uint16_t)r;
}

template <typename T> T combine(uint32_t op, T a, T b)
{
	switch (op) {
	case XE_COLL_ADD: return a + b;
	case XE_COLL_MUL: return a * b;
	case XE_COLL_MIN: return b < a ? b : a;
	case XE_COLL_MAX: return b > a ? b : a;
	case XE_COLL_LAND: return (T)(a != 0 && b != 0);
	case XE_COLL_LOR: return (T)(a != 0 || b != 0);
	case XE_COLL_LXOR: return (T)((a != 0) != (b != 0));
	}
	return a;
}

template <typename T> T combine_bits(uint32_t op, T a, T b)
{
	switch (op) {
	case XE_COLL_AND: return a & b;
	case XE_COLL_OR: return a | b;
	case XE_COLL_XOR: return a ^ b;
	}
	return combine(op, a, b);
}

template <typename T> T identity(uint32_t op)
{
	switch (op) {
	case XE_COLL_MUL: case XE_COLL_LAND: return (T)1;
	case XE_COLL_MIN: return std::numeric_limits<T>::has_infinity ?
		std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max();
	case XE_COLL_MAX: return std::numeric_limits<T>::has_infinity ?
		-std::numeric_limits<T>::infinity() : std::numeric_limits<T>::lowest();
	case XE_COLL_AND:
		if constexpr (std::is_integral<T>::value)
			return (T)~(T)0;
	}
	return (T)0;
}

/* Folds for one element type. */
template <typename T>
void fold(uint32_t kind, uint32_t op, const xe_jit::coll_lane *l, size_t n)
{
	auto in = [&](size_t i) { T v; memcpy(&v, l[i].in, sizeof(T)); return v; };
	auto put = [&](size_t i, T v) { memcpy(l[i].out, &v, sizeof(T)); };
	auto step = [&](T a, T b) {
		if constexpr (std::is_integral<T>::value)
			return combine_bits<T>(op, a, b);
		else
			return combine<T>(op, a, b);
	};

	if (kind == XE_COLL_REDUCE) {
		T acc = identity<T>(op);
		for (size_t i = 0; i < n; i++)
			acc = step(acc, in(i));
		for (size_t i = 0; i < n; i++)
			put(i, acc);
	} else if (kind == XE_COLL_CLUSTERED) {
		for (size_t i = 0; i < n; i++) {
			uint32_t c = l[i].arg ? l[i].arg : 1;
			uint32_t first = l[i].lane / c * c;
			T acc = identity<T>(op);

			for (size_t j = 0; j < n; j++)
				if (l[j].lane >= first && l[j].lane < first + c)
					acc = step(acc, in(j));
			put(i, acc);
		}
	} else {
		T acc = identity<T>(op);
		for (size_t i = 0; i < n; i++) {
			T v = in(i);

			if (kind == XE_COLL_SCAN_EXCL)
				put(i, acc);
			acc = step(acc, v);
			if (kind == XE_COLL_SCAN_INCL)
				put(i, acc);
		}
	}
}

/* Half: in float; the sums of a few halves are exact in float, and each
 * result is rounded once. */
void fold_half(uint32_t kind, uint32_t op, const xe_jit::coll_lane *l, size_t n)
{
	std::vector<float> in(n), out(n);
	std::vector<xe_jit::coll_lane> f(l, l + n);

	for (size_t i = 0; i < n; i++) {
		uint16_t h;

		memcpy(&h, l[i].in, 2);
		in[i] = half_to_float(h);
		f[i].in = &in[i];
		f[i].out = &out[i];
	}
	fold<float>(kind, op, f.data(), n);
	for (size_t i = 0; i < n; i++) {
		uint16_t h = float_to_half(out[i]);

		memcpy(l[i].out, &h, 2);
	}
}

void arith(uint32_t code, const xe_jit::coll_lane *l, size_t n)
{
	uint32_t k = XE_COLL_KIND(code), op = XE_COLL_OP(code);

	switch (XE_COLL_TYPE(code)) {
	case XE_COLL_I8: return fold<int8_t>(k, op, l, n);
	case XE_COLL_U8: return fold<uint8_t>(k, op, l, n);
	case XE_COLL_I16: return fold<int16_t>(k, op, l, n);
	case XE_COLL_U16: return fold<uint16_t>(k, op, l, n);
	case XE_COLL_I32: return fold<int32_t>(k, op, l, n);
	case XE_COLL_U32: return fold<uint32_t>(k, op, l, n);
	case XE_COLL_I64: return fold<int64_t>(k, op, l, n);
	case XE_COLL_U64: return fold<uint64_t>(k, op, l, n);
	case XE_COLL_F16: return fold_half(k, op, l, n);
	case XE_COLL_F32: return fold<float>(k, op, l, n);
	case XE_COLL_F64: return fold<double>(k, op, l, n);
	}
}

bool nonzero(const void *p)
{
	int32_t v;

	memcpy(&v, p, 4);
	return v != 0;
}

/* The operand of lane @lane, or nullptr when it is not taking part. */
const void *of_lane(const xe_jit::coll_lane *l, size_t n, int64_t lane)
{
	for (size_t i = 0; i < n; i++)
		if ((int64_t)l[i].lane == lane)
			return l[i].in;
	return nullptr;
}

} // namespace

void xe_jit::run_collective(uint32_t code, const coll_lane *l, size_t n,
			    uint32_t width)
{
	uint32_t bytes = XE_COLL_BYTES(code);
	int32_t t;

	switch (XE_COLL_KIND(code)) {
	case XE_COLL_BARRIER:
		return;
	case XE_COLL_REDUCE:
	case XE_COLL_SCAN_INCL:
	case XE_COLL_SCAN_EXCL:
	case XE_COLL_CLUSTERED:
		return arith(code, l, n);
	case XE_COLL_BROADCAST:
	case XE_COLL_BROADCAST_FIRST:
		for (size_t i = 0; i < n; i++) {
			const void *src = XE_COLL_KIND(code) == XE_COLL_BROADCAST ?
				of_lane(l, n, l[i].arg) : l[0].in;
			if (src)
				memcpy(l[i].out, src, bytes);
		}
		return;
	case XE_COLL_SHUFFLE:
	case XE_COLL_SHUFFLE_XOR:
	case XE_COLL_SHUFFLE_UP:
	case XE_COLL_SHUFFLE_DOWN:
		for (size_t i = 0; i < n; i++) {
			int64_t me = l[i].lane, a = l[i].arg, from =
				XE_COLL_KIND(code) == XE_COLL_SHUFFLE ? a :
				XE_COLL_KIND(code) == XE_COLL_SHUFFLE_XOR ? (me ^ a) :
				XE_COLL_KIND(code) == XE_COLL_SHUFFLE_UP ? me - a : me + a;
			const void *src = of_lane(l, n, from);

			if (src)
				memcpy(l[i].out, src, bytes);
		}
		return;
	case XE_COLL_INTEL_DOWN:
	case XE_COLL_INTEL_UP:
		for (size_t i = 0; i < n; i++) {
			bool down = XE_COLL_KIND(code) == XE_COLL_INTEL_DOWN;
			int64_t j = down ? (int64_t)l[i].lane + l[i].arg :
					   (int64_t)l[i].lane - l[i].arg;
			/* down: {cur, next}, j past the end reads next;
			 * up: {prev, cur}, j before 0 reads prev. */
			int which = down ? (j >= (int64_t)width) : !(j < 0);
			const void *src = of_lane(l, n, ((j % width) + width) % width);

			if (src)
				memcpy(l[i].out, (const char *)src + which * bytes, bytes);
		}
		return;
	case XE_COLL_BALLOT: {
		uint32_t mask[4] = {};

		for (size_t i = 0; i < n; i++)
			if (nonzero(l[i].in) && l[i].lane < 128)
				mask[l[i].lane / 32] |= 1u << (l[i].lane % 32);
		for (size_t i = 0; i < n; i++)
			memcpy(l[i].out, mask, 16);
		return;
	}
	case XE_COLL_ALL:
	case XE_COLL_ANY: {
		bool all = true, any = false;

		for (size_t i = 0; i < n; i++) {
			all = all && nonzero(l[i].in);
			any = any || nonzero(l[i].in);
		}
		t = XE_COLL_KIND(code) == XE_COLL_ALL ? all : any;
		for (size_t i = 0; i < n; i++)
			memcpy(l[i].out, &t, 4);
		return;
	}
	case XE_COLL_ALL_EQUAL:
		t = 1;
		for (size_t i = 1; i < n; i++)
			if (memcmp(l[i].in, l[0].in, bytes))
				t = 0;
		for (size_t i = 0; i < n; i++)
			memcpy(l[i].out, &t, 4);
		return;
	case XE_COLL_ELECT:
		for (size_t i = 0; i < n; i++) {
			t = i == 0;
			memcpy(l[i].out, &t, 4);
		}
		return;
	}
}
