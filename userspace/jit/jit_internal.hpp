/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef XE_JIT_INTERNAL_HPP
#define XE_JIT_INTERNAL_HPP

/*
 * Inside the compiler shim. jit.cpp holds the operations of the seam and
 * the native-binary image, compile.cpp the SPIR-V to object pipeline,
 * builtins.cpp the OpenCL C built-in library, cache.cpp the compile cache,
 * lower.cpp turns kernels into work-group functions, workitem.cpp
 * rewrites what a work-item asks of its group, fiber.cpp runs the
 * work-items of kernels with barriers, host.cpp resolves what compiled
 * code calls on the host.
 */

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "xe_jit.h"

namespace llvm {
class Function;
class Module;
class TargetMachine;
namespace orc {
class LLJIT;
}
} // namespace llvm

namespace xe_jit {

/* Device limits the compiler assumes. */
constexpr uint32_t max_group_size = 1024;
/* Sub-groups: the size unless the kernel asks for another, the largest. */
constexpr uint32_t default_sub_group_size = 16;
constexpr uint32_t max_sub_group_size = 64;
/* Stack of one work-item of a kernel with barriers. */
constexpr uint32_t min_fiber_stack = 32 * 1024;

struct kernel {
	std::string name;
	std::vector<xe_jit_arg_info> args;
	xe_jit_kernel_info info{};
	uint32_t frame_size = 0;	/* barrier kernels: frame bytes per item */
	uint32_t fiber_stack = 0;	/* or, if they could not be split: fibers */
	xe_jit_group_fn fn = nullptr;
};

struct global {
	std::string name;
	uint64_t size;
};

/* What compile() learns besides the object file. */
struct program {
	std::vector<kernel> kernels;
	std::vector<global> globals;
	std::vector<std::string> imports;	/* for zeModuleDynamicLink */
	std::string object;
};

/* compile.cpp */
int compile_spirv(const void *spirv, size_t size,
		  const xe_jit_spec_const *consts, uint32_t num_consts,
		  const char *flags, program &out, std::string &log);
std::string host_cpu_id();

/* spirv_compat.cpp: retired instructions become their equivalents. */
void retire_old_instructions(std::vector<uint32_t> &words);

/* spirv_debug.cpp: @out is @in without debug extended instructions. */
bool strip_debug_ext_insts(const std::vector<uint32_t> &in,
			   std::vector<uint32_t> &out);

/* builtins.cpp: links what @m calls of the OpenCL C built-in library. */
int link_builtins(llvm::Module &m, std::string &log);
const char *builtins_path();

/* cache.cpp: the on-disk compile cache; an empty directory: off. */
std::string cache_dir();
std::string cache_key(const void *spirv, size_t size,
		      const xe_jit_spec_const *consts, uint32_t num_consts,
		      const char *flags);
bool cache_load(const std::string &dir, const std::string &key,
		std::string &image, std::string &log);
void cache_store(const std::string &dir, const std::string &key,
		 const std::string &image, const std::string &log);

/* lower.cpp: every kernel of @m becomes __xe_group_<i>; fills @kernels. */
int lower_kernels(llvm::Module &m, std::vector<kernel> &kernels,
		  std::string &log);
std::string group_fn_name(size_t i);

/* regions.cpp: the segment function of work-item function @wi, or nullptr
 * (then @wi is unchanged); @uniform_size: bytes of the values that every
 * work-item shares across a barrier (the group function's). */
llvm::Function *split_at_barriers(llvm::Function *wi, uint32_t &frame_size,
				  uint32_t &uniform_size);
/* regions.cpp: barriers at the head of the loops of @wi that every
 * work-item runs alike; returns how many. */
uint32_t add_loop_barriers(llvm::Function &wi);

/* host.cpp */
bool host_symbol_known(const std::string &name);
void *host_symbol(const std::string &name);

/* fiber.cpp */
size_t fiber_scratch_size(uint32_t stack, const uint32_t local_size[3]);

/* collectives.cpp: one collective for the @n work-items released at it,
 * in lane order; @width: the sub-group's size (work-group: its items). */
struct coll_lane {
	const void *in;
	void *out;
	uint32_t lane;		/* sub-group local id, or local linear id */
	uint32_t arg;
};
void run_collective(uint32_t code, const coll_lane *l, size_t n,
		    uint32_t width);

} // namespace xe_jit

extern "C" {
/* Called by compiled code. */
void xe_jit_rt_barrier(void);
void *xe_jit_rt_printf_state(void);
void xe_jit_rt_printf_flush(void);
void *xe_jit_rt_scratch(uint64_t size);
void xe_jit_rt_run_fibers(const struct xe_jit_group *g,
			  void (*wi)(const struct xe_jit_group *, uint64_t,
				     uint64_t, uint64_t),
			  uint32_t stack, uint32_t sub_group_size);
void xe_jit_rt_sg(uint32_t site, uint32_t code, const void *in, void *out,
		  uint32_t arg);
uint32_t xe_jit_rt_space(const struct xe_jit_group *g, const void *p);
void xe_jit_rt_wg(uint32_t site, uint32_t code, const void *in, void *out,
		  uint32_t arg);
}

#endif
