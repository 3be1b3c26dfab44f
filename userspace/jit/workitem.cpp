// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: what a work-item sees of its group
 *
 * The work-item function __xe_wi_<i> (lower.cpp) has the group
 * description and its local ids lx/ly/lz as arguments; here what the
 * kernel inlined into it asks of them becomes IR that reads them:
 *
 * - the work-item built-ins (get_global_id() and friends, the sub-group
 *   ids) become invariant loads of struct xe_jit_group and arithmetic on
 *   lx/ly/lz;
 * - barrier() becomes a call to the fiber scheduler, xe_jit_rt_barrier,
 *   where regions.cpp splits the work-item or fiber.cpp switches fibers;
 * - the collective calls get numbers, so that the scheduler tells their
 *   call sites apart;
 * - kernel-scope __local arrays become offsets in the group's static local
 *   memory.
 *
 * It calls nothing of lower.cpp, which builds the work-item and group
 * functions around it and reads the group description through the same
 * layout (group_type(), load_field()).
 */

#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/ReplaceConstant.h>

#include <map>
#include <set>

#include "jit_internal.hpp"
#include "workitem.hpp"

using namespace llvm;
using namespace xe_jit;

static_assert(offsetof(xe_jit_group, local_size) == 48, "group layout");
static_assert(offsetof(xe_jit_group, global_offset) == 64, "group layout");
static_assert(offsetof(xe_jit_group, scratch) == 104, "group layout");

StructType *xe_jit::group_type(LLVMContext &c)
{
	Type *i64 = Type::getInt64Ty(c), *i32 = Type::getInt32Ty(c);
	Type *i8p = Type::getInt8PtrTy(c);

	return StructType::get(c, { ArrayType::get(i64, 3),
				    ArrayType::get(i64, 3),
				    ArrayType::get(i32, 3), i32,
				    ArrayType::get(i64, 3), i8p,
				    PointerType::getUnqual(i8p), i8p });
}

Value *xe_jit::load_field(IRBuilder<> &b, const wi_ctx &w, unsigned f,
			  Value *dim)
{
	Type *elt = f == F_LOCAL_SIZE ? b.getInt32Ty() : b.getInt64Ty();
	Value *p = b.CreateInBoundsGEP(w.gt, w.g,
				       { b.getInt32(0), b.getInt32(f), dim });
	LoadInst *l = b.CreateLoad(elt, p);

	l->setMetadata(LLVMContext::MD_invariant_load,
		       MDNode::get(b.getContext(), {}));
	return f == F_LOCAL_SIZE ? b.CreateZExt(l, b.getInt64Ty()) : (Value *)l;
}

namespace {

/* Field @f of dimension @dim, or @dflt when @dim is not 0, 1 or 2. */
Value *dim_field(IRBuilder<> &b, const wi_ctx &w, unsigned f, Value *dim,
		 uint64_t dflt)
{
	Value *d = b.getInt64(dflt);

	if (auto *c = dyn_cast<ConstantInt>(dim)) {
		uint64_t n = c->getZExtValue();

		return n < 3 ? load_field(b, w, f, b.getInt32(n)) : d;
	}
	dim = b.CreateZExtOrTrunc(dim, b.getInt32Ty());
	Value *ok = b.CreateICmpULT(dim, b.getInt32(3));
	Value *idx = b.CreateSelect(ok, dim, b.getInt32(0));
	return b.CreateSelect(ok, load_field(b, w, f, idx), d);
}

Value *local_id(IRBuilder<> &b, const wi_ctx &w, Value *dim)
{
	if (auto *c = dyn_cast<ConstantInt>(dim)) {
		uint64_t n = c->getZExtValue();

		return n < 3 ? w.lid[n] : b.getInt64(0);
	}
	dim = b.CreateZExtOrTrunc(dim, b.getInt32Ty());
	Value *v = b.CreateSelect(b.CreateICmpEQ(dim, b.getInt32(2)), w.lid[2],
				  b.getInt64(0));
	v = b.CreateSelect(b.CreateICmpEQ(dim, b.getInt32(1)), w.lid[1], v);
	return b.CreateSelect(b.CreateICmpEQ(dim, b.getInt32(0)), w.lid[0], v);
}

Value *global_id(IRBuilder<> &b, const wi_ctx &w, Value *dim)
{
	Value *v = b.CreateMul(dim_field(b, w, F_GROUP_ID, dim, 0),
			       dim_field(b, w, F_LOCAL_SIZE, dim, 1));

	v = b.CreateAdd(v, local_id(b, w, dim));
	return b.CreateAdd(v, dim_field(b, w, F_GLOBAL_OFFSET, dim, 0));
}

Value *global_size(IRBuilder<> &b, const wi_ctx &w, Value *dim)
{
	return b.CreateMul(dim_field(b, w, F_NUM_GROUPS, dim, 1),
			   dim_field(b, w, F_LOCAL_SIZE, dim, 1));
}

Value *local_linear_id(IRBuilder<> &b, const wi_ctx &w)
{
	Value *l0 = dim_field(b, w, F_LOCAL_SIZE, b.getInt32(0), 1);
	Value *l1 = dim_field(b, w, F_LOCAL_SIZE, b.getInt32(1), 1);
	Value *v = b.CreateMul(w.lid[2], b.CreateMul(l0, l1));

	v = b.CreateAdd(v, b.CreateMul(w.lid[1], l0));
	return b.CreateAdd(v, w.lid[0]);
}

/* Sub-groups: w.sg consecutive local linear ids each. */
Value *sub_group_value(IRBuilder<> &b, const wi_ctx &w, StringRef n)
{
	Value *sg = b.getInt64(w.sg);
	auto items = [&] {
		Value *v = dim_field(b, w, F_LOCAL_SIZE, b.getInt32(0), 1);

		v = b.CreateMul(v, dim_field(b, w, F_LOCAL_SIZE, b.getInt32(1), 1));
		return b.CreateMul(v, dim_field(b, w, F_LOCAL_SIZE, b.getInt32(2), 1));
	};

	if (n == "_Z22get_max_sub_group_sizev")
		return sg;
	if (n == "_Z18get_num_sub_groupsv" || n == "_Z27get_enqueued_num_sub_groupsv")
		return b.CreateUDiv(b.CreateAdd(items(), b.getInt64(w.sg - 1)), sg);
	if (n == "_Z16get_sub_group_idv")
		return b.CreateUDiv(local_linear_id(b, w), sg);
	if (n == "_Z22get_sub_group_local_idv")
		return b.CreateURem(local_linear_id(b, w), sg);
	if (n == "_Z18get_sub_group_sizev") {
		Value *first = b.CreateMul(b.CreateUDiv(local_linear_id(b, w), sg), sg);
		Value *left = b.CreateSub(items(), first);

		return b.CreateSelect(b.CreateICmpULT(left, sg), left, sg);
	}
	return nullptr;
}

bool is_barrier(StringRef n)
{
	return n == "_Z7barrierj" || n == "_Z18work_group_barrierj" ||
	       n == "_Z18work_group_barrierj12memory_scope";
}

/* The value a work-item built-in call stands for, or nullptr. */
Value *work_item_value(IRBuilder<> &b, const wi_ctx &w, StringRef n,
		       CallInst *call)
{
	Value *d = call->arg_size() ? call->getArgOperand(0) : nullptr;

	if (n == "_Z12get_local_idj")
		return local_id(b, w, d);
	if (n == "_Z13get_global_idj")
		return global_id(b, w, d);
	if (n == "_Z12get_group_idj")
		return dim_field(b, w, F_GROUP_ID, d, 0);
	if (n == "_Z14get_local_sizej" || n == "_Z23get_enqueued_local_sizej")
		return dim_field(b, w, F_LOCAL_SIZE, d, 1);
	if (n == "_Z14get_num_groupsj")
		return dim_field(b, w, F_NUM_GROUPS, d, 1);
	if (n == "_Z15get_global_sizej")
		return global_size(b, w, d);
	if (n == "_Z17get_global_offsetj")
		return dim_field(b, w, F_GLOBAL_OFFSET, d, 0);
	if (n == "_Z12get_work_dimv") {
		Value *p = b.CreateStructGEP(w.gt, w.g, F_WORK_DIM);
		return b.CreateLoad(b.getInt32Ty(), p);
	}
	if (n == "_Z19get_local_linear_idv")
		return local_linear_id(b, w);
	if (n == "__xe_group")
		return w.g;
	if (Value *v = sub_group_value(b, w, n))
		return v;
	if (n == "_Z20get_global_linear_idv") {
		Value *id[3], *sz[3];
		for (int i = 0; i < 3; i++) {
			id[i] = b.CreateSub(global_id(b, w, b.getInt32(i)),
					    dim_field(b, w, F_GLOBAL_OFFSET,
						      b.getInt32(i), 0));
			sz[i] = global_size(b, w, b.getInt32(i));
		}
		Value *v = b.CreateMul(id[2], b.CreateMul(sz[0], sz[1]));
		v = b.CreateAdd(v, b.CreateMul(id[1], sz[0]));
		return b.CreateAdd(v, id[0]);
	}
	return nullptr;
}

bool uses_local_global(Constant *c, std::set<Constant *> &seen)
{
	if (auto *gv = dyn_cast<GlobalVariable>(c))
		return gv->getAddressSpace() == 3;
	if (!isa<ConstantExpr>(c) || !seen.insert(c).second)
		return false;
	for (Value *op : c->operands())
		if (auto *oc = dyn_cast<Constant>(op))
			if (uses_local_global(oc, seen))
				return true;
	return false;
}

} // namespace

/* Numbers the collective calls of work-item function @f, so that the
 * scheduler tells their call sites apart. True if it has one. */
bool xe_jit::number_collectives(Function &f)
{
	uint32_t site = 0;

	for (BasicBlock &bb : f)
		for (Instruction &i : bb) {
			auto *c = dyn_cast<CallInst>(&i);
			Function *cf = c ? c->getCalledFunction() : nullptr;

			if (!cf || (cf->getName() != "xe_jit_rt_sg" &&
				    cf->getName() != "xe_jit_rt_wg"))
				continue;
			c->setArgOperand(0, ConstantInt::get(
				c->getArgOperand(0)->getType(), ++site));
			c->addFnAttr(Attribute::Convergent);
			cf->addFnAttr(Attribute::Convergent);
		}
	return site;
}

/* Rewrites the built-in calls of work-item function @f. True if it has a
 * barrier. */
bool xe_jit::lower_builtins(Function &f, const wi_ctx &w)
{
	Module &m = *f.getParent();
	FunctionCallee barrier = m.getOrInsertFunction(
		"xe_jit_rt_barrier", Type::getVoidTy(m.getContext()));
	std::vector<CallInst *> calls;
	bool has_barrier = false;

	for (BasicBlock &bb : f)
		for (Instruction &i : bb)
			if (auto *c = dyn_cast<CallInst>(&i))
				if (c->getCalledFunction())
					calls.push_back(c);
	for (CallInst *c : calls) {
		StringRef n = c->getCalledFunction()->getName();
		IRBuilder<> b(c);

		if (is_barrier(n)) {
			CallInst *nc = b.CreateCall(barrier);
			nc->addFnAttr(Attribute::Convergent);
			c->eraseFromParent();
			has_barrier = true;
			continue;
		}
		if (Value *v = work_item_value(b, w, n, c)) {
			if (v->getType()->isPointerTy())
				v = b.CreatePointerBitCastOrAddrSpaceCast(v, c->getType());
			else if (v->getType() != c->getType())
				v = b.CreateZExtOrTrunc(v, c->getType());
			c->replaceAllUsesWith(v);
			c->eraseFromParent();
		}
	}
	return has_barrier;
}

/* Kernel-scope __local variables of @f move to group->static_local.
 * Returns the bytes they need. */
uint32_t xe_jit::lower_locals(Function &f, const wi_ctx &w)
{
	const DataLayout &dl = f.getParent()->getDataLayout();
	std::vector<std::pair<Instruction *, ConstantExpr *>> ces;
	std::map<GlobalVariable *, std::vector<Use *>> uses;

	for (BasicBlock &bb : f)
		for (Instruction &i : bb)
			for (Value *op : i.operands()) {
				std::set<Constant *> seen;
				auto *ce = dyn_cast<ConstantExpr>(op);
				if (ce && uses_local_global(ce, seen))
					ces.emplace_back(&i, ce);
			}
	for (auto &p : ces)
		convertConstantExprsToInstructions(p.first, p.second);
	for (BasicBlock &bb : f)
		for (Instruction &i : bb)
			for (Use &u : i.operands()) {
				auto *gv = dyn_cast<GlobalVariable>(u.get());
				if (gv && gv->getAddressSpace() == 3)
					uses[gv].push_back(&u);
			}
	if (uses.empty())
		return 0;

	IRBuilder<> b(&*f.getEntryBlock().getFirstInsertionPt());
	LoadInst *base = b.CreateLoad(b.getInt8PtrTy(),
				      b.CreateStructGEP(w.gt, w.g, F_STATIC_LOCAL));
	/* Fixed for the group's run, like its other fields (regions.cpp
	 * computes it again after a barrier). */
	base->setMetadata(LLVMContext::MD_invariant_load,
			  MDNode::get(f.getContext(), {}));
	uint64_t off = 0;

	for (auto &p : uses) {
		GlobalVariable *gv = p.first;
		Type *t = gv->getValueType();
		uint64_t align = std::max<uint64_t>(gv->getAlign().valueOrOne().value(),
						    dl.getABITypeAlign(t).value());

		off = (off + align - 1) / align * align;
		Value *ptr = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), base, off);
		ptr = b.CreateBitCast(ptr, PointerType::get(t, 0));
		ptr = b.CreateAddrSpaceCast(ptr, gv->getType());
		for (Use *u : p.second)
			u->set(ptr);
		off += dl.getTypeAllocSize(t);
	}
	return (uint32_t)((off + 127) / 128 * 128);
}
