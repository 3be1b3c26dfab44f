// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Debug information in SPIR-V. clang-15 -g with llvm-spirv-15 writes
 * OpenCL.DebugInfo.100 that SPIRV-Tools' validator refuses (for example a
 * DebugTypeFunction whose return type is OpTypeVoid where the format wants
 * a debug type or DebugInfoNone), so modules built with -g -- SYCL's and
 * level-zero-tests' among them -- would not build. The shim needs no debug
 * information: it validates a copy of the module without the instructions
 * of the debug extended sets, translates the module as it is, and drops
 * the debug metadata from the LLVM module (compile.cpp).
 */

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "jit_internal.hpp"

namespace xe_jit {

namespace {

constexpr uint32_t op_ext_inst_import = 11;
constexpr uint32_t op_ext_inst = 12;
constexpr uint32_t header_words = 5;

/* The literal string of an instruction, from word @at on. */
std::string literal(const std::vector<uint32_t> &words, size_t at, size_t end)
{
	std::string s;

	for (; at < end; at++) {
		char c[4];

		memcpy(c, &words[at], sizeof(c));
		for (char ch : c) {
			if (!ch)
				return s;
			s += ch;
		}
	}
	return s;
}

bool is_debug_set(const std::string &name)
{
	return name == "OpenCL.DebugInfo.100" || name == "DebugInfo" ||
	       name.rfind("NonSemantic.", 0) == 0;
}

} // namespace

bool strip_debug_ext_insts(const std::vector<uint32_t> &in,
			   std::vector<uint32_t> &out)
{
	std::vector<uint32_t> sets;
	bool stripped = false;
	size_t at;

	out.assign(in.begin(), in.begin() + std::min(in.size(), size_t(header_words)));
	for (at = header_words; at < in.size();) {
		uint32_t count = in[at] >> 16, op = in[at] & 0xffff;

		if (!count || at + count > in.size())
			return false;	/* malformed: the validator will say */
		if (op == op_ext_inst_import && count > 2 &&
		    is_debug_set(literal(in, at + 2, at + count)))
			sets.push_back(in[at + 1]);
		if (op == op_ext_inst && count > 4 &&
		    std::find(sets.begin(), sets.end(), in[at + 3]) != sets.end()) {
			stripped = true;
			at += count;
			continue;
		}
		out.insert(out.end(), in.begin() + at, in.begin() + at + count);
		at += count;
	}
	return stripped;
}

} // namespace xe_jit
