// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: from kernels to work-group functions
 *
 * Each kernel K of the translated module becomes three functions:
 *
 * - __xe_wi_<i>(group, lx, ly, lz, K's arguments): one work-item. K and
 *   everything it calls are inlined into it, then the work-item built-ins
 *   (get_global_id() and friends) become reads of the group description and
 *   of lx/ly/lz, kernel-scope __local arrays become offsets in the group's
 *   static local memory, and barrier() a call to the fiber scheduler
 *   (workitem.cpp).
 * - __xe_group_<i>(group): what the seam calls. It loads the arguments from
 *   group->argv once, then either loops over the work-items calling
 *   __xe_wi_<i> (inlined, so LLVM vectorises the innermost loop, marked
 *   parallel) or, when the kernel has a barrier, runs it as segments
 *   (regions.cpp), or hands __xe_wient_<i> to the fiber scheduler. A
 *   kernel whose work-item runs loops that every work-item runs alike
 *   gets barriers at their heads and runs as segments too, so that the
 *   loop over the work-items is innermost and vectorises.
 * - __xe_wient_<i>(group, lx, ly, lz): barrier kernels only, the fiber
 *   entry: loads the arguments and runs one work-item.
 *
 * This file holds the pipeline and the group side: the kernel's
 * arguments, the loops over the work-items, the segment and fiber group
 * functions. What a work-item sees inside __xe_wi_<i> is workitem.cpp's,
 * which knows nothing of this file.
 */

#include <llvm/ADT/SCCIterator.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Transforms/IPO/AlwaysInliner.h>
#include <llvm/Transforms/Scalar/Scalarizer.h>

#include <functional>

#include "jit_internal.hpp"
#include "workitem.hpp"

using namespace llvm;
using namespace xe_jit;

namespace {

xe_jit_arg_info arg_info(const DataLayout &dl, Argument &a)
{
	xe_jit_arg_info info{};
	Type *t = a.getType();

	if (a.hasByValAttr()) {
		Type *bt = a.getParamByValType();
		info.kind = XE_JIT_ARG_VALUE;
		info.size = (uint32_t)dl.getTypeAllocSize(bt);
		info.align = (uint32_t)dl.getABITypeAlign(bt).value();
	} else if (auto *pt = dyn_cast<PointerType>(t)) {
		unsigned as = pt->getAddressSpace();
		info.kind = as == 3 ? XE_JIT_ARG_LOCAL :
			    as == 2 ? XE_JIT_ARG_CONSTANT : XE_JIT_ARG_GLOBAL;
		info.size = as == 3 ? 0 : 8;
		info.align = as == 3 ? 128 : 8;
	} else {
		info.kind = XE_JIT_ARG_VALUE;
		info.size = (uint32_t)dl.getTypeAllocSize(t);
		info.align = (uint32_t)dl.getABITypeAlign(t).value();
	}
	return info;
}

/* Loads argument @j (of type @t, described by @info) from argv. */
Value *load_arg(IRBuilder<> &b, Value *argv, unsigned j, Type *t,
		const xe_jit_arg_info &info, bool byval)
{
	Value *slot = b.CreateLoad(b.getInt8PtrTy(),
				   b.CreateConstInBoundsGEP1_64(b.getInt8PtrTy(),
								argv, j));
	if (byval)
		return b.CreateBitCast(slot, t);
	if (info.kind == XE_JIT_ARG_LOCAL) {
		Value *p = b.CreateLoad(b.getInt8PtrTy(),
					b.CreateBitCast(slot, PointerType::getUnqual(
						b.getInt8PtrTy())));
		p = b.CreateAddrSpaceCast(p, PointerType::get(b.getInt8Ty(), 3));
		return b.CreateBitCast(p, t);
	}
	LoadInst *l = b.CreateLoad(t, b.CreateBitCast(slot, PointerType::getUnqual(t)));
	l->setAlignment(Align(1));
	return l;
}


/* Appends the arguments of work-item function @wi, loaded from argv. */
void load_args(IRBuilder<> &b, StructType *gt, Value *g, Function &wi,
	       const xe_jit::kernel &ki, std::vector<Value *> &out,
	       unsigned extra = 4)
{
	Value *argv = b.CreateLoad(PointerType::getUnqual(b.getInt8PtrTy()),
				   b.CreateStructGEP(gt, g, F_ARGV));

	for (unsigned j = 4; j + extra - 4 < wi.arg_size(); j++) {
		Type *t = wi.getArg(j)->getType();
		const xe_jit_arg_info &info = ki.args[j - 4];

		out.push_back(load_arg(b, argv, j - 4, t, info,
				       info.kind == XE_JIT_ARG_VALUE &&
				       t->isPointerTy()));
	}
}

/* Emits loops over the work-items of the group (local sizes @ls) at @b,
 * calling @body for each; continues at @after. Returns the branch that
 * closes the innermost loop (over x). */
BranchInst *emit_loops(IRBuilder<> &b, Value *ls[3], BasicBlock *after,
		       const std::function<void(IRBuilder<> &, Value *, Value *, Value *)> &body)
{
	LLVMContext &c = b.getContext();
	Function *f = b.GetInsertBlock()->getParent();
	Type *i64 = b.getInt64Ty();
	Value *n = b.CreateMul(b.CreateMul(ls[0], ls[1]), ls[2]);
	BasicBlock *zb = BasicBlock::Create(c, "z", f);
	BasicBlock *yb = BasicBlock::Create(c, "y", f);
	BasicBlock *xb = BasicBlock::Create(c, "x", f);
	BasicBlock *ye = BasicBlock::Create(c, "y.end", f);
	BasicBlock *ze = BasicBlock::Create(c, "z.end", f);
	b.CreateCondBr(b.CreateICmpEQ(n, b.getInt64(0)), after, zb);
	BasicBlock *entry = b.GetInsertBlock();

	b.SetInsertPoint(zb);
	PHINode *z = b.CreatePHI(i64, 2, "lz");
	b.CreateBr(yb);
	b.SetInsertPoint(yb);
	PHINode *y = b.CreatePHI(i64, 2, "ly");
	b.CreateBr(xb);
	b.SetInsertPoint(xb);
	PHINode *x = b.CreatePHI(i64, 2, "lx");
	body(b, x, y, z);
	BasicBlock *xl = b.GetInsertBlock();
	Value *xn = b.CreateNUWAdd(x, b.getInt64(1));
	BranchInst *xlatch = b.CreateCondBr(b.CreateICmpULT(xn, ls[0]), xb, ye);
	x->addIncoming(b.getInt64(0), yb);
	x->addIncoming(xn, xl);

	b.SetInsertPoint(ye);
	Value *yn = b.CreateNUWAdd(y, b.getInt64(1));
	b.CreateCondBr(b.CreateICmpULT(yn, ls[1]), yb, ze);
	y->addIncoming(b.getInt64(0), zb);
	y->addIncoming(yn, ye);

	b.SetInsertPoint(ze);
	Value *zn = b.CreateNUWAdd(z, b.getInt64(1));
	b.CreateCondBr(b.CreateICmpULT(zn, ls[2]), zb, after);
	z->addIncoming(b.getInt64(0), entry);
	z->addIncoming(zn, ze);
	return xlatch;
}

/* Memory that work-items share: global, constant and local. */
bool shared_space(Value *ptr)
{
	unsigned as = ptr->getType()->getPointerAddressSpace();

	return as == 1 || as == 2 || as == 3;
}

/*
 * Between barriers the work-items of a group are unordered: two of them
 * touching the same global or local memory, one writing, without atomics
 * is a data race, undefined in OpenCL C. So the loop that closes at
 * @latch, over the x of the work-items of work-item function @wi, has no
 * dependence across iterations through plain loads and stores of that
 * memory: marked so, the loop vectoriser needs no runtime alias checks to
 * vectorise across work-items (as PoCL's does). Any other access - private
 * memory, which every iteration shares once @wi is inlined, atomics,
 * volatile, calls - stays unmarked, and the vectoriser then proves what it
 * can itself, as before.
 */
void mark_parallel(Function &wi, BranchInst *latch)
{
	LLVMContext &c = wi.getContext();
	MDNode *group = MDNode::getDistinct(c, {});

	for (BasicBlock &bb : wi)
		for (Instruction &i : bb) {
			auto *l = dyn_cast<LoadInst>(&i);
			auto *s = dyn_cast<StoreInst>(&i);

			if ((l && l->isSimple() && shared_space(l->getPointerOperand())) ||
			    (s && s->isSimple() && shared_space(s->getPointerOperand())))
				i.setMetadata(LLVMContext::MD_access_group, group);
		}
	MDNode *par = MDNode::get(c, { MDString::get(c, "llvm.loop.parallel_accesses"),
				       group });
	MDNode *id = MDNode::getDistinct(c, { nullptr, par });
	id->replaceOperandWith(0, id);
	latch->setMetadata(LLVMContext::MD_loop, id);
}

/* True if control can come back to a block of @f: a loop of any shape. */
bool has_cycle(Function &f)
{
	for (scc_iterator<Function *> i = scc_begin(&f); !i.isAtEnd(); ++i)
		if (i.hasCycle())
			return true;
	return false;
}

/*
 * A work-item without loops is the body of the innermost loop, over x,
 * which the loop vectoriser widens across work-items; but it widens
 * scalar instructions only, and the built-in library brings short vectors
 * of its own (PoCL's erf and log are SLP-vectorised to <2 x float>): one
 * of them kept the whole work-item scalar (Black-Scholes, 10x). So the
 * vector arithmetic of work-item function @wi becomes scalar (its loads
 * and stores stay whole); what the loop vectoriser does not take, the SLP
 * vectoriser packs again. A work-item with loops keeps its vectors: the
 * vectoriser works on those loops, not across work-items.
 *
 * With @memory, the plain loads and stores of vectors of whole bytes
 * become one per element first: the vectoriser widens no vector load, and
 * n-body's float4 loads in the segments of its loop kept the loop over
 * work-items scalar. (The scalarizer's own option for it crashes LLVM 15
 * on some half vectors.)
 */
void scalarize_memory(Function &wi)
{
	std::vector<Instruction *> todo;

	for (BasicBlock &bb : wi)
		for (Instruction &i : bb) {
			auto *l = dyn_cast<LoadInst>(&i);
			auto *st = dyn_cast<StoreInst>(&i);
			Type *t = l ? l->getType() :
				  st ? st->getValueOperand()->getType() : nullptr;
			auto *vt = dyn_cast_or_null<FixedVectorType>(t);

			if (vt && (l ? l->isSimple() : st->isSimple()) &&
			    vt->getElementType()->getPrimitiveSizeInBits() % 8 == 0 &&
			    vt->getElementType()->getPrimitiveSizeInBits() &&
			    !vt->getElementType()->isPointerTy())
				todo.push_back(&i);
		}
	for (Instruction *i : todo) {
		IRBuilder<> b(i);
		Value *ptr = getLoadStorePointerOperand(i);
		auto *st = dyn_cast<StoreInst>(i);
		auto *vt = cast<FixedVectorType>(st ? st->getValueOperand()->getType() :
						  i->getType());
		Type *et = vt->getElementType();
		Align al = commonAlignment(getLoadStoreAlignment(i),
					   et->getPrimitiveSizeInBits() / 8);
		Value *v = PoisonValue::get(vt);

		for (unsigned e = 0; e < vt->getNumElements(); e++) {
			Value *p = b.CreateConstInBoundsGEP1_64(et, ptr, e);
			Instruction *x = st ?
				(Instruction *)b.CreateAlignedStore(
					b.CreateExtractElement(st->getValueOperand(), e),
					p, e ? al : getLoadStoreAlignment(i)) :
				(Instruction *)b.CreateAlignedLoad(
					et, p, e ? al : getLoadStoreAlignment(i));

			x->copyMetadata(*i, { LLVMContext::MD_alias_scope,
					      LLVMContext::MD_noalias });
			if (!st)
				v = b.CreateInsertElement(v, x, e);
		}
		if (!st)
			i->replaceAllUsesWith(v);
		i->eraseFromParent();
	}
}

void scalarize(Function &wi, bool memory)
{
	FunctionAnalysisManager fam;
	PassBuilder pb;

	if (memory)
		scalarize_memory(wi);
	pb.registerFunctionAnalyses(fam);
	ScalarizerPass().run(wi, fam);
}

/* The number of barriers of segment function @seg: its largest return. */
uint32_t nbarriers(Function *seg)
{
	uint32_t n = 0;

	for (BasicBlock &bb : *seg)
		if (auto *r = dyn_cast<ReturnInst>(bb.getTerminator()))
			if (auto *v = dyn_cast<ConstantInt>(r->getReturnValue()))
				n = std::max<uint32_t>(n, (uint32_t)v->getZExtValue());
	return n;
}

/* The group function of a kernel with barriers (regions.cpp): for the
 * current state, every work-item runs to its next barrier. The values
 * they share (@usize bytes) are read from one copy and written to another,
 * which becomes the one read after the state. */
void emit_segment_group(Module &m, Function *gf, StructType *gt, Function *seg,
			const xe_jit::kernel &ki, uint32_t nb, uint32_t usize)
{
	LLVMContext &c = m.getContext();
	IRBuilder<> b(BasicBlock::Create(c, "entry", gf));
	Value *g = gf->getArg(0);
	std::vector<Value *> args;
	load_args(b, gt, g, *seg, ki, args, 4 + 6);
	AllocaInst *shared = b.CreateAlloca(b.getInt8Ty(), b.getInt64(2 * usize));
	shared->setAlignment(Align(16));
	Value *uin = shared;
	Value *uout = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), shared, usize);
	wi_ctx gw = { gt, g, {}, 0 };
	Value *ls[3];
	for (int d = 0; d < 3; d++)
		ls[d] = load_field(b, gw, F_LOCAL_SIZE, b.getInt32(d));
	Value *items = b.CreateMul(b.CreateMul(ls[0], ls[1]), ls[2]);
	AllocaInst *next = b.CreateAlloca(b.getInt32Ty());
	Value *frames = b.CreateLoad(b.getInt8PtrTy(),
				     b.CreateStructGEP(gt, g, F_SCRATCH));
	FunctionCallee own = m.getOrInsertFunction(
		"xe_jit_rt_scratch", b.getInt8PtrTy(), b.getInt64Ty());
	BasicBlock *have = BasicBlock::Create(c, "have", gf);
	BasicBlock *get = BasicBlock::Create(c, "get", gf);
	BasicBlock *head = BasicBlock::Create(c, "head", gf);
	BasicBlock *done = BasicBlock::Create(c, "done", gf);
	BasicBlock *entry = b.GetInsertBlock();
	b.CreateCondBr(b.CreateIsNull(frames), get, have);
	b.SetInsertPoint(get);
	Value *mine = b.CreateCall(own, { b.CreateAdd(b.CreateMul(
		items, b.getInt64(ki.frame_size)), b.getInt64(64)) });
	b.CreateBr(have);
	b.SetInsertPoint(have);
	PHINode *raw = b.CreatePHI(b.getInt8PtrTy(), 2);
	raw->addIncoming(frames, entry);
	raw->addIncoming(mine, get);
	/* Frames start 64-byte aligned (the scratch size leaves room). */
	Value *fi = b.CreatePtrToInt(raw, b.getInt64Ty());
	fi = b.CreateAnd(b.CreateAdd(fi, b.getInt64(63)), b.getInt64(~63ull));
	Value *fr = b.CreateIntToPtr(fi, b.getInt8PtrTy());
	b.CreateBr(head);

	b.SetInsertPoint(head);
	PHINode *state = b.CreatePHI(b.getInt32Ty(), nb + 2);
	state->addIncoming(b.getInt32(0), have);
	SwitchInst *sw = b.CreateSwitch(state, done, nb + 1);
	for (uint32_t s = 0; s <= nb; s++) {
		BasicBlock *run = BasicBlock::Create(c, "state", gf);
		BasicBlock *end = BasicBlock::Create(c, "state.end", gf);
		sw->addCase(b.getInt32(s), run);
		b.SetInsertPoint(run);
		emit_loops(b, ls, end, [&](IRBuilder<> &lb, Value *x, Value *y, Value *z) {
			std::vector<Value *> all = { g, x, y, z };
			all.insert(all.end(), args.begin(), args.end());
			Value *idx = lb.CreateAdd(lb.CreateMul(lb.CreateAdd(
				lb.CreateMul(z, ls[1]), y), ls[0]), x);
			all.insert(all.end(), { lb.getInt32(s), fr, items, idx,
						uin, uout });
			lb.CreateStore(lb.CreateCall(seg, all), next);
		});
		b.SetInsertPoint(end);
		if (usize)
			b.CreateMemCpy(uin, Align(16), uout, Align(16), usize);
		/* 0 from the work-items: the end of the kernel. */
		Value *ns = b.CreateLoad(b.getInt32Ty(), next);
		state->addIncoming(ns, end);
		b.CreateCondBr(b.CreateICmpEQ(ns, b.getInt32(0)), done, head);
	}
	b.SetInsertPoint(done);
	b.CreateRetVoid();
}

} // namespace

std::string xe_jit::group_fn_name(size_t i)
{
	return "__xe_group_" + std::to_string(i);
}

int xe_jit::lower_kernels(Module &m, std::vector<kernel> &kernels,
			  std::string &log)
{
	LLVMContext &c = m.getContext();
	const DataLayout &dl = m.getDataLayout();
	StructType *gt = group_type(c);
	Type *i64 = Type::getInt64Ty(c);
	PointerType *gp = PointerType::getUnqual(gt);
	std::vector<Function *> ks;
	std::vector<Function *> wis;

	for (Function &f : m)
		if (f.getCallingConv() == CallingConv::SPIR_KERNEL && !f.isDeclaration())
			ks.push_back(&f);
	if (ks.empty()) {
		log += "the module has no kernel\n";
	}

	/* OpenCL calling conventions become the host's; everything is
	 * inlined. */
	for (Function &f : m) {
		f.setCallingConv(CallingConv::C);
		for (BasicBlock &bb : f)
			for (Instruction &i : bb)
				if (auto *cb = dyn_cast<CallBase>(&i)) {
					cb->setCallingConv(CallingConv::C);
					/* -O0 SPIR-V marks call sites too. */
					cb->removeFnAttr(Attribute::NoInline);
				}
	}

	/* One work-item function per kernel, calling the kernel. */
	for (size_t k = 0; k < ks.size(); k++) {
		Function *kf = ks[k];
		std::vector<Type *> params = { gp, i64, i64, i64 };
		kernel ki;

		for (Argument &a : kf->args()) {
			params.push_back(a.getType());
			ki.args.push_back(arg_info(dl, a));
		}
		ki.name = kf->getName().str();
		ki.info.sub_group_size = default_sub_group_size;
		if (MDNode *md = kf->getMetadata("intel_reqd_sub_group_size")) {
			auto *v = md->getNumOperands() ?
				mdconst::dyn_extract<ConstantInt>(md->getOperand(0)) : nullptr;
			uint64_t sg = v ? v->getZExtValue() : 0;

			if (!sg || sg > max_sub_group_size || (sg & (sg - 1))) {
				log += "kernel " + ki.name + ": sub-group size " +
				       std::to_string(sg) + " is not a power of two up to " +
				       std::to_string(max_sub_group_size) + "\n";
				return -EINVAL;
			}
			ki.info.sub_group_size = (uint32_t)sg;
			ki.info.flags |= XE_JIT_KERNEL_REQD_SUB_GROUP;
		}
		if (MDNode *md = kf->getMetadata("reqd_work_group_size")) {
			for (unsigned d = 0; d < 3 && d < md->getNumOperands(); d++) {
				auto *v = mdconst::dyn_extract<ConstantInt>(md->getOperand(d));
				ki.info.reqd_group_size[d] = v ? (uint32_t)v->getZExtValue() : 0;
			}
		}
		Function *wi = Function::Create(
			FunctionType::get(Type::getVoidTy(c), params, false),
			GlobalValue::ExternalLinkage, "__xe_wi_" + std::to_string(k), m);
		IRBuilder<> b(BasicBlock::Create(c, "entry", wi));
		std::vector<Value *> args;
		for (unsigned j = 4; j < wi->arg_size(); j++)
			args.push_back(wi->getArg(j));
		b.CreateCall(kf, args);
		b.CreateRetVoid();
		wi->addFnAttr(Attribute::NoUnwind);
		wis.push_back(wi);
		kernels.push_back(std::move(ki));
	}

	/* Everything the kernels call is inlined into the work-item functions. */
	for (Function &f : m) {
		if (f.isDeclaration() || f.getName().startswith("__xe_wi_") ||
		    f.hasFnAttribute("xe-export"))
			continue;
		f.setLinkage(GlobalValue::InternalLinkage);
		f.removeFnAttr(Attribute::NoInline);
		f.removeFnAttr(Attribute::OptimizeNone);
		f.addFnAttr(Attribute::AlwaysInline);
	}
	{
		LoopAnalysisManager lam;
		FunctionAnalysisManager fam;
		CGSCCAnalysisManager cam;
		ModuleAnalysisManager mam;
		PassBuilder pb;
		pb.registerModuleAnalyses(mam);
		pb.registerCGSCCAnalyses(cam);
		pb.registerFunctionAnalyses(fam);
		pb.registerLoopAnalyses(lam);
		pb.crossRegisterProxies(lam, fam, cam, mam);
		ModulePassManager mpm;
		mpm.addPass(AlwaysInlinerPass(false));
		mpm.run(m, mam);
	}

	for (size_t k = 0; k < wis.size(); k++) {
		Function *wi = wis[k];
		kernel &ki = kernels[k];
		wi_ctx w = { gt, wi->getArg(0),
			     { wi->getArg(1), wi->getArg(2), wi->getArg(3) },
			     ki.info.sub_group_size };
		bool barrier, collectives;

		for (BasicBlock &bb : *wi)
			for (Instruction &i : bb)
				if (auto *cb = dyn_cast<CallBase>(&i)) {
					Function *cf = cb->getCalledFunction();
					/* printf stays a call: it cannot be
					 * inlined, and uses no work-item state. */
					if (cf && !cf->isDeclaration() && !cf->isVarArg()) {
						log += "cannot inline " + cf->getName().str() +
						       " into kernel " + ki.name +
						       " (recursion?)\n";
						return -EINVAL;
					}
				}
		/* External until now, so that the inliner kept it. */
		wi->setLinkage(GlobalValue::InternalLinkage);
		wi->addFnAttr(Attribute::AlwaysInline);
		barrier = lower_builtins(*wi, w);
		/* Collectives wait in the fiber scheduler, like barriers. */
		collectives = number_collectives(*wi);
		ki.info.static_local_size = lower_locals(*wi, w);

		uint64_t priv = 0;
		bool fp64 = false, printf_ = false;
		for (BasicBlock &bb : *wi)
			for (Instruction &i : bb) {
				if (auto *a = dyn_cast<AllocaInst>(&i))
					if (auto sz = a->getAllocationSizeInBits(dl))
						priv += *sz / 8;
				if (i.getType()->getScalarType()->isDoubleTy())
					fp64 = true;
				if (auto *cb = dyn_cast<CallBase>(&i))
					if (cb->getCalledFunction() &&
					    cb->getCalledFunction()->getName() == "printf")
						printf_ = true;
			}
		ki.info.private_size = (uint32_t)priv;
		ki.info.flags |= (barrier ? XE_JIT_KERNEL_HAS_BARRIER : 0) |
				(collectives ? XE_JIT_KERNEL_HAS_COLLECTIVES : 0) |
				(fp64 ? XE_JIT_KERNEL_USES_FP64 : 0) |
				(printf_ ? XE_JIT_KERNEL_USES_PRINTF : 0);
		uint32_t *r = ki.info.reqd_group_size;
		ki.info.max_group_size = r[0] ? r[0] * r[1] * r[2] : max_group_size;
		barrier = barrier || collectives;
		/* The loops every work-item runs alike get barriers at their
		 * head (regions.cpp), so that the loop over the work-items
		 * vectorises inside them. */
		bool implicit = !barrier && !getenv("XE_JIT_FIBERS") &&
				has_cycle(*wi) && add_loop_barriers(*wi);
		if (barrier || implicit)
			ki.fiber_stack = (uint32_t)std::max<uint64_t>(
				min_fiber_stack, (2 * priv + 16384 + 4095) / 4096 * 4096);

		/* The group function. */
		Function *gf = Function::Create(
			FunctionType::get(Type::getVoidTy(c), { gp }, false),
			GlobalValue::ExternalLinkage, group_fn_name(k), m);
		gf->addParamAttr(0, Attribute::NoAlias);
		gf->addFnAttr(Attribute::NoUnwind);
		Value *g;
		/* XE_JIT_FIBERS=1 forces the fallback (tests/jit). */
		uint32_t usize = 0;
		Function *seg = (barrier || implicit) && !collectives &&
				!getenv("XE_JIT_FIBERS") ?
			split_at_barriers(wi, ki.frame_size, usize) : nullptr;
		if (seg) {
			ki.fiber_stack = 0;
			/* One iteration of the loops left is the body of the
			 * loop over the work-items, as a kernel without loops. */
			if (implicit && !has_cycle(*seg))
				scalarize(*seg, true);
			emit_segment_group(m, gf, gt, seg, ki, nbarriers(seg), usize);
			continue;
		}
		if (barrier || implicit) {
			/* The fiber entry loads the arguments itself. */
			Function *ent = Function::Create(
				FunctionType::get(Type::getVoidTy(c),
						  { gp, i64, i64, i64 }, false),
				GlobalValue::InternalLinkage,
				"__xe_wient_" + std::to_string(k), m);
			ent->addFnAttr(Attribute::NoUnwind);
			IRBuilder<> b(BasicBlock::Create(c, "entry", ent));
			g = ent->getArg(0);
			std::vector<Value *> all = { g, ent->getArg(1),
						     ent->getArg(2), ent->getArg(3) };
			load_args(b, gt, g, *wi, ki, all);
			b.CreateCall(wi, all);
			b.CreateRetVoid();

			IRBuilder<> gb(BasicBlock::Create(c, "entry", gf));
			FunctionCallee run = m.getOrInsertFunction(
				"xe_jit_rt_run_fibers", Type::getVoidTy(c), gp,
				ent->getType(), Type::getInt32Ty(c),
				Type::getInt32Ty(c));
			gb.CreateCall(run, { gf->getArg(0), ent,
					     gb.getInt32(ki.fiber_stack),
					     gb.getInt32(ki.info.sub_group_size) });
			gb.CreateRetVoid();
			continue;
		}

		/* Loops over z, y, x around the work-item. */
		if (!has_cycle(*wi))
			scalarize(*wi, false);
		IRBuilder<> b(BasicBlock::Create(c, "entry", gf));
		g = gf->getArg(0);
		std::vector<Value *> args;
		load_args(b, gt, g, *wi, ki, args);
		wi_ctx gw = { gt, g, {}, 0 };
		Value *ls[3];
		for (int d = 0; d < 3; d++)
			ls[d] = load_field(b, gw, F_LOCAL_SIZE, b.getInt32(d));
		BasicBlock *done = BasicBlock::Create(c, "done", gf);
		BranchInst *latch = emit_loops(b, ls, done, [&](IRBuilder<> &lb, Value *x,
								Value *y, Value *z) {
			std::vector<Value *> all = { g, x, y, z };
			all.insert(all.end(), args.begin(), args.end());
			lb.CreateCall(wi, all);
		});
		mark_parallel(*wi, latch);
		b.SetInsertPoint(done);
		b.CreateRetVoid();
	}

	/* The kernels themselves went with the inliner: internal and dead. */
	return 0;
}
