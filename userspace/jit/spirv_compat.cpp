// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Instructions that SPIR-V has retired but compilers still emit, turned
 * into their current equivalent before the module is validated.
 *
 * OpAtomicCompareExchangeWeak exists up to SPIR-V 1.3 only, and
 * SPIRV-Tools refuses it in a later module; llvm-spirv-15 still writes it
 * for OpenCL C's atomic_compare_exchange_weak*() into SPIR-V 1.4 modules.
 * A weak compare-exchange may fail spuriously but need not, so the strong
 * one (OpAtomicCompareExchange, same operands) implements it.
 */

#include <vector>

#include "jit_internal.hpp"

namespace xe_jit {

namespace {

constexpr uint32_t header_words = 5;
constexpr uint32_t op_atomic_compare_exchange = 230;
constexpr uint32_t op_atomic_compare_exchange_weak = 231;

} // namespace

void retire_old_instructions(std::vector<uint32_t> &words)
{
	size_t at = header_words;

	while (at < words.size()) {
		uint32_t count = words[at] >> 16, opcode = words[at] & 0xffff;

		if (!count)
			return;	/* malformed: the validator says so */
		if (opcode == op_atomic_compare_exchange_weak)
			words[at] = count << 16 | op_atomic_compare_exchange;
		at += count;
	}
}

} // namespace xe_jit
