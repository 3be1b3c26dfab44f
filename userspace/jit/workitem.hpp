/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef XE_JIT_WORKITEM_HPP
#define XE_JIT_WORKITEM_HPP

/*
 * workitem.cpp: a work-item function's view of its group, in IR. lower.cpp
 * builds the work-item and group functions and calls these; the group
 * function reads the group description through the same layout.
 */

#include <cstdint>

#include <llvm/IR/IRBuilder.h>

namespace xe_jit {

/* The fields of struct xe_jit_group, as group_type() numbers them. */
enum group_field {
	F_GROUP_ID, F_NUM_GROUPS, F_LOCAL_SIZE, F_WORK_DIM, F_GLOBAL_OFFSET,
	F_STATIC_LOCAL, F_ARGV, F_SCRATCH,
};

/* struct xe_jit_group as an IR type. */
llvm::StructType *group_type(llvm::LLVMContext &c);

/* Group @g (of type @gt), the local ids, for a work-item function. */
struct wi_ctx {
	llvm::StructType *gt;
	llvm::Value *g;
	llvm::Value *lid[3];
	uint32_t sg;		/* sub-group size */
};

/* Field @f of the group, element @dim: an invariant load, widened to i64. */
llvm::Value *load_field(llvm::IRBuilder<> &b, const wi_ctx &w, unsigned f,
			llvm::Value *dim);

/* The passes over a work-item function @f, in the order lower.cpp runs
 * them: built-ins (true if @f has a barrier), collectives (true if it has
 * one), kernel-scope __local variables (the bytes they need). */
bool lower_builtins(llvm::Function &f, const wi_ctx &w);
bool number_collectives(llvm::Function &f);
uint32_t lower_locals(llvm::Function &f, const wi_ctx &w);

} // namespace xe_jit

#endif
