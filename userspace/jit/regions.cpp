// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: kernels with barriers, work-item loops
 *
 * OpenCL requires every work-item of a group to reach the same barriers in
 * the same order (control flow may diverge between barriers, not around
 * them). So a kernel with barriers runs as a sequence of segments, barrier
 * to barrier, each a loop over all the work-items of the group:
 *
 * - the work-item function is split after each barrier; the block after
 *   barrier k is resume point k;
 * - every value live at a resume point (liveness over the CFG) is demoted to
 *   memory (unless it is computed from the arguments alone: ids, group
 *   description, kernel arguments; then it is computed again where used),
 *   and all private memory (allocas) moves to a per-work-item frame in the
 *   execution unit's scratch memory, laid out variable by variable
 *   (frames + offset * items + item * size) so that loops over work-items
 *   vectorise;
 * - the result, __xe_wi_<i>.seg(..., state, frames, items, item), starts at
 *   resume point @state, runs one work-item to its next barrier and returns
 *   that barrier's number, or 0 at the end of the kernel.
 *
 * The group function (lower.cpp) then loops: for the current state, run
 * every work-item; the state they return is the next one. Work-items that
 * diverge before a barrier keep their own values in their frames.
 *
 * A value live at a resume point that is uniform (the same in every
 * work-item: a loop counter of a loop they all run alike) has no frame
 * slot but one slot for the group, in two copies the group function gives
 * the segment function: a work-item reads the values the last state left
 * (in) and writes those of the next (out), which the group function copies
 * to in after each state. So the loop over work-items sees the value as
 * loop-invariant, and an access indexed by it and the local id stays a
 * consecutive vector access instead of a gather.
 *
 * Implicit barriers (as PoCL's implicit loop barriers): a kernel without
 * barriers whose work-item runs a loop does not vectorise across
 * work-items, the loop inside the loop over them. When every work-item
 * runs that loop alike (it is reached, and left, on uniform conditions
 * only), a barrier at the head of the loop changes nothing a work-item may
 * observe, and turns the kernel into segments: one iteration of the loop
 * for every work-item at a time, which vectorises across them
 * (matmul_naive, n-body).
 */

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/Mem2Reg.h>

#include <set>

#include "jit_internal.hpp"

using namespace llvm;

namespace {

/*
 * Which values of work-item function @wi are the same in every work-item
 * of a group (uniform), and which blocks some work-items only may reach.
 * The arguments but the local ids, constants and invariant loads (the
 * group description) are uniform, and so is what is computed from uniform
 * values alone without memory, side effects or freeze; a phi too, unless a
 * divergent branch decides which value it takes. A branch on a value that
 * is not uniform is divergent: the blocks it leads to before its immediate
 * post-dominator are divergent. Optimistic (loop phis start uniform) and
 * refined until nothing changes.
 */
struct uniformity {
	std::set<Value *> varying;
	std::set<BasicBlock *> divergent;

	explicit uniformity(Function &wi);
	bool uniform(Value *v) const { return !varying.count(v); }

private:
	std::set<BasicBlock *> branches;	/* ending in a divergent branch */

	void mark_divergent(Function &wi, PostDominatorTree &pdt);
	bool varies(Instruction &i) const;
};

uniformity::uniformity(Function &wi)
{
	PostDominatorTree pdt(wi);
	bool changed = true;

	for (unsigned j = 1; j <= 3 && j < wi.arg_size(); j++)
		varying.insert(wi.getArg(j));
	while (changed) {
		changed = false;
		mark_divergent(wi, pdt);
		for (BasicBlock &bb : wi)
			for (Instruction &i : bb)
				if (!varying.count(&i) && varies(i)) {
					varying.insert(&i);
					changed = true;
				}
	}
}

void uniformity::mark_divergent(Function &wi, PostDominatorTree &pdt)
{
	divergent.clear();
	branches.clear();
	for (BasicBlock &bb : wi) {
		Instruction *t = bb.getTerminator();
		Value *cond = nullptr;

		if (t->getNumSuccessors() < 2)
			continue;
		if (auto *br = dyn_cast<BranchInst>(t))
			cond = br->getCondition();
		else if (auto *sw = dyn_cast<SwitchInst>(t))
			cond = sw->getCondition();
		if (cond && !varying.count(cond))
			continue;
		branches.insert(&bb);
		/* The region up to the join (none: the rest of the function). */
		DomTreeNode *n = pdt.getNode(&bb);
		BasicBlock *join = n && n->getIDom() ? n->getIDom()->getBlock() : nullptr;
		std::vector<BasicBlock *> work(succ_begin(&bb), succ_end(&bb));
		while (!work.empty()) {
			BasicBlock *b = work.back();

			work.pop_back();
			if (b == join || !divergent.insert(b).second)
				continue;
			work.insert(work.end(), succ_begin(b), succ_end(b));
		}
	}
}

bool uniformity::varies(Instruction &i) const
{
	if (auto *phi = dyn_cast<PHINode>(&i)) {
		if (divergent.count(phi->getParent()))
			return true;
		for (BasicBlock *p : phi->blocks())
			if (divergent.count(p) || branches.count(p))
				return true;
	} else if (auto *call = dyn_cast<CallBase>(&i)) {
		/* Pure intrinsics (min, max, fmuladd...) only. */
		Function *f = call->getCalledFunction();
		if (!f || !f->isIntrinsic() || !call->doesNotAccessMemory() ||
		    call->isConvergent())
			return true;
	} else if (isa<AllocaInst>(i) || isa<FreezeInst>(i) || i.mayHaveSideEffects() ||
		   (i.mayReadFromMemory() &&
		    !i.hasMetadata(LLVMContext::MD_invariant_load))) {
		return true;
	}
	for (Value *op : i.operands())
		if (varying.count(op))
			return true;
	return false;
}

/* SROA and mem2reg: what stays in memory goes to the frames. */
void promote(Function &wi)
{
	FunctionAnalysisManager fam;
	PassBuilder pb;
	pb.registerFunctionAnalyses(fam);
	FunctionPassManager fpm;
	fpm.addPass(SROAPass());
	fpm.addPass(PromotePass());
	fpm.run(wi, fam);
}

bool has_dynamic_alloca(Function &wi)
{
	for (BasicBlock &bb : wi)
		for (Instruction &i : bb)
			if (auto *a = dyn_cast<AllocaInst>(&i))
				if (!isa<ConstantInt>(a->getArraySize()))
					return true;
	return false;
}

/* Is @v live at the start of any resume block? */
bool live_across(Instruction &v, const std::set<BasicBlock *> &resume)
{
	BasicBlock *def = v.getParent();
	std::set<BasicBlock *> seen;
	std::vector<BasicBlock *> work;

	for (Use &u : v.uses()) {
		auto *user = cast<Instruction>(u.getUser());
		BasicBlock *ub = user->getParent();

		if (auto *phi = dyn_cast<PHINode>(user))
			ub = phi->getIncomingBlock(u);
		if (ub != def && seen.insert(ub).second)
			work.push_back(ub);
	}
	while (!work.empty()) {
		BasicBlock *bb = work.back();

		work.pop_back();
		if (resume.count(bb))
			return true;
		for (BasicBlock *p : predecessors(bb))
			if (p != def && seen.insert(p).second)
				work.push_back(p);
	}
	return false;
}

/* Is @v a pure function of the work-item function's arguments: no phi,
 * no side effect, no memory but the invariant group description, no
 * freeze (each copy may choose its own value)? Then it is the same
 * wherever it is computed. */
bool recomputable(Value *v, unsigned depth = 0)
{
	auto *i = dyn_cast<Instruction>(v);

	if (!i)
		return isa<Argument>(v) || isa<Constant>(v);
	if (depth > 8 || isa<PHINode>(i) || isa<AllocaInst>(i) || isa<FreezeInst>(i) ||
	    i->mayHaveSideEffects() ||
	    (i->mayReadFromMemory() && !i->hasMetadata(LLVMContext::MD_invariant_load)))
		return false;
	for (Value *op : i->operands())
		if (!recomputable(op, depth + 1))
			return false;
	return true;
}

/* A copy of recomputable @v, and of what it is computed from, before @at. */
Value *recompute(Value *v, Instruction *at)
{
	auto *i = dyn_cast<Instruction>(v);

	if (!i)
		return v;
	Instruction *copy = i->clone();
	for (Use &op : copy->operands())
		op.set(recompute(op.get(), at));
	copy->insertBefore(at);
	return copy;
}

/*
 * Values live at a resume point that are pure functions of the arguments
 * (the work-item's ids, the group description, the kernel's arguments) are
 * computed again where they are used instead of going through the frame:
 * a frame slot is read again after every store that might alias it (the
 * inner loop of matmul_tiled: 1.5x slower), and hides that get_local_id(0)
 * is the loop's x.
 */
void recompute_across(Function &wi, const std::set<BasicBlock *> &resume)
{
	std::vector<Instruction *> todo;
	SmallVector<WeakTrackingVH, 16> dead;

	for (BasicBlock &bb : wi)
		for (Instruction &i : bb)
			if (!i.use_empty() && recomputable(&i) &&
			    live_across(i, resume))
				todo.push_back(&i);
	for (Instruction *i : todo) {
		for (Use &u : make_early_inc_range(i->uses())) {
			auto *user = cast<Instruction>(u.getUser());
			auto *phi = dyn_cast<PHINode>(user);

			u.set(recompute(i, phi ? phi->getIncomingBlock(u)->getTerminator()
					       : user));
		}
		dead.push_back(i);
	}
	RecursivelyDeleteTriviallyDeadInstructionsPermissive(dead);
}

/*
 * The frames are the work-items' private memory: no global, constant or
 * local pointer reaches them. Said with alias scopes (which, unlike access
 * groups, the optimiser keeps when it merges stores), alias analysis lets
 * a frame's value stay in a register across a store to __local memory, and
 * the loop vectoriser needs no runtime check between the two. Accesses
 * through other pointers (generic, or chosen among frame slots) say
 * nothing.
 */
void mark_frames_apart(Function &seg, Value *frames)
{
	MDBuilder mdb(seg.getContext());
	MDNode *domain = mdb.createAnonymousAliasScopeDomain("xe.frames");
	MDNode *scope = MDNode::get(seg.getContext(),
				    { mdb.createAnonymousAliasScope(domain, "frame") });

	for (BasicBlock &bb : seg)
		for (Instruction &i : bb) {
			Value *p = getLoadStorePointerOperand(&i);

			if (!p)
				continue;
			unsigned as = p->getType()->getPointerAddressSpace();
			if (as == 1 || as == 2 || as == 3)
				i.setMetadata(LLVMContext::MD_noalias, scope);
			else if (getUnderlyingObject(p) == frames)
				i.setMetadata(LLVMContext::MD_alias_scope, scope);
		}
}

} // namespace

uint32_t xe_jit::add_loop_barriers(Function &wi)
{
	Module &m = *wi.getParent();
	FunctionCallee barrier = m.getOrInsertFunction(
		"xe_jit_rt_barrier", Type::getVoidTy(m.getContext()));
	uint32_t n = 0;

	promote(wi);
	if (has_dynamic_alloca(wi))
		return 0;	/* no segments, and fibers would be slower */
	uniformity u(wi);
	DominatorTree dt(wi);
	LoopInfo li(dt);
	/* A loop left on a divergent condition has its head in that
	 * branch's divergent region too. */
	for (Loop *l : li.getLoopsInPreorder()) {
		BasicBlock *head = l->getHeader();

		if (u.divergent.count(head))
			continue;
		CallInst::Create(barrier, "", &*head->getFirstInsertionPt())
			->addFnAttr(Attribute::Convergent);
		n++;
	}
	return n;
}

/*
 * A frame slot of a vector (a float4 of n-body) is laid out item after
 * item, so that one element of the loop's consecutive work-items is a
 * stride apart: gathers. Split into one slot per element, each is
 * consecutive. Slot @a is split when it is only loaded and stored whole;
 * the new slots are appended to @out.
 */
bool split_vector_slot(AllocaInst *a, std::vector<AllocaInst *> &out)
{
	auto *vt = dyn_cast<FixedVectorType>(a->getAllocatedType());

	if (!vt || !isa<ConstantInt>(a->getArraySize()) ||
	    !cast<ConstantInt>(a->getArraySize())->isOne())
		return false;
	for (User *u : a->users()) {
		auto *l = dyn_cast<LoadInst>(u);
		auto *st = dyn_cast<StoreInst>(u);

		if (!(l && l->isSimple() && l->getType() == vt) &&
		    !(st && st->isSimple() && st->getPointerOperand() == a &&
		      st->getValueOperand()->getType() == vt))
			return false;
	}
	std::vector<AllocaInst *> elts;
	for (unsigned e = 0; e < vt->getNumElements(); e++)
		elts.push_back(new AllocaInst(vt->getElementType(), 0,
					      a->getName() + ".e", a));
	for (User *u : make_early_inc_range(a->users())) {
		auto *i = cast<Instruction>(u);
		IRBuilder<> b(i);

		if (auto *st = dyn_cast<StoreInst>(i)) {
			for (unsigned e = 0; e < elts.size(); e++)
				b.CreateStore(b.CreateExtractElement(
					st->getValueOperand(), e), elts[e]);
		} else {
			Value *v = PoisonValue::get(vt);
			for (unsigned e = 0; e < elts.size(); e++)
				v = b.CreateInsertElement(v, b.CreateLoad(
					vt->getElementType(), elts[e]), e);
			i->replaceAllUsesWith(v);
		}
		i->eraseFromParent();
	}
	a->eraseFromParent();
	out.insert(out.end(), elts.begin(), elts.end());
	return true;
}

/*
 * The uniform slots of @seg: @local, the work-item's copy, takes the
 * values of @in at the start, and goes to @out at every return; each slot
 * (alloca of @uniform) becomes its place in @local.
 */
uint32_t place_uniform(Function &seg, const std::vector<AllocaInst *> &uniform,
		       Value *in, Value *out)
{
	const DataLayout &dl = seg.getParent()->getDataLayout();
	IRBuilder<> b(&*seg.getEntryBlock().getFirstInsertionPt());
	uint64_t off = 0;

	if (uniform.empty())
		return 0;
	AllocaInst *local = b.CreateAlloca(b.getInt8Ty(), b.getInt64(0));
	local->setAlignment(Align(16));
	for (AllocaInst *a : uniform) {
		uint64_t al = std::max<uint64_t>(a->getAlign().value(), 1);

		off = (off + al - 1) / al * al;
		Value *p = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), local, off);
		a->replaceAllUsesWith(b.CreatePointerCast(p, a->getType()));
		off += dl.getTypeAllocSize(a->getAllocatedType());
		a->eraseFromParent();
	}
	off = (off + 15) / 16 * 16;
	local->setOperand(0, b.getInt64(off));
	b.CreateMemCpy(local, Align(16), in, Align(16), off);
	for (BasicBlock &bb : seg)
		if (auto *r = dyn_cast<ReturnInst>(bb.getTerminator()))
			IRBuilder<>(r).CreateMemCpy(out, Align(16), local, Align(16), off);
	return (uint32_t)off;
}

Function *xe_jit::split_at_barriers(Function *wi, uint32_t &frame_size,
				    uint32_t &uniform_size)
{
	Module &m = *wi->getParent();
	LLVMContext &c = m.getContext();
	const DataLayout &dl = m.getDataLayout();
	std::vector<CallInst *> barriers;
	std::vector<BasicBlock *> resume;
	std::vector<AllocaInst *> allocas, uniform;
	std::set<AllocaInst *> uniform_set;

	promote(*wi);
	if (has_dynamic_alloca(*wi))
		return nullptr;	/* fibers then */
	for (BasicBlock &bb : *wi)
		for (Instruction &i : bb) {
			if (auto *call = dyn_cast<CallInst>(&i))
				if (call->getCalledFunction() &&
				    call->getCalledFunction()->getName() == "xe_jit_rt_barrier")
					barriers.push_back(call);
		}
	for (CallInst *call : barriers)
		resume.push_back(call->getParent()->splitBasicBlock(
			call->getNextNode(), "resume"));

	std::set<BasicBlock *> resume_set(resume.begin(), resume.end());
	recompute_across(*wi, resume_set);
	uniformity u(*wi);
	/* Phis first: their reloads are ordinary values, demoted in turn when
	 * they are live at a resume point themselves (uniform when the phi
	 * was). */
	Instruction *at = &*wi->getEntryBlock().getFirstInsertionPt();
	std::vector<PHINode *> phis;
	for (BasicBlock &bb : *wi)
		for (PHINode &phi : bb.phis())
			if (!phi.use_empty() && live_across(phi, resume_set))
				phis.push_back(&phi);
	for (PHINode *p : phis) {
		bool uni = u.uniform(p);
		AllocaInst *a = DemotePHIToStack(p, at);

		if (uni && a)
			uniform_set.insert(a);
	}
	std::vector<Instruction *> regs;
	for (BasicBlock &bb : *wi)
		for (Instruction &i : bb)
			if (!isa<AllocaInst>(i) && !isa<PHINode>(i) && !i.use_empty() &&
			    live_across(i, resume_set))
				regs.push_back(&i);
	for (Instruction *i : regs) {
		auto *l = dyn_cast<LoadInst>(i);
		auto *from = l ? dyn_cast<AllocaInst>(l->getPointerOperand()) : nullptr;
		/* Every work-item must write the slot: not in a block some
		 * skip, or one that skipped would hand on the old value. */
		bool uni = from ? uniform_set.count(from) > 0 :
			   u.uniform(i) && !u.divergent.count(i->getParent());
		AllocaInst *a = DemoteRegToStack(*i, false, at);

		if (uni && a)
			uniform_set.insert(a);
	}
	if (getenv("XE_JIT_DEBUG") && verifyFunction(*wi, &errs()))
		errs() << "after demotion\n" << *wi;
	std::vector<AllocaInst *> all;
	for (BasicBlock &bb : *wi)
		for (Instruction &i : bb)
			if (auto *a = dyn_cast<AllocaInst>(&i))
				all.push_back(a);
	for (AllocaInst *a : all)
		if (uniform_set.count(a))
			uniform.push_back(a);
		else if (!split_vector_slot(a, allocas))
			allocas.push_back(a);

	/* The segment function takes over the body. */
	Type *i32 = Type::getInt32Ty(c), *i64 = Type::getInt64Ty(c);
	Type *i8 = Type::getInt8Ty(c);
	std::vector<Type *> params;
	for (Argument &a : wi->args())
		params.push_back(a.getType());
	unsigned n = (unsigned)params.size();
	params.insert(params.end(), { i32, Type::getInt8PtrTy(c), i64, i64,
				      Type::getInt8PtrTy(c), Type::getInt8PtrTy(c) });
	Function *seg = Function::Create(FunctionType::get(i32, params, false),
					 GlobalValue::InternalLinkage,
					 wi->getName() + ".seg", m);
	seg->getBasicBlockList().splice(seg->end(), wi->getBasicBlockList());
	for (unsigned j = 0; j < n; j++)
		wi->getArg(j)->replaceAllUsesWith(seg->getArg(j));
	seg->addFnAttr(Attribute::AlwaysInline);
	seg->addFnAttr(Attribute::NoUnwind);
	Value *state = seg->getArg(n), *frames = seg->getArg(n + 1);
	Value *items = seg->getArg(n + 2), *item = seg->getArg(n + 3);

	BasicBlock *entry = &seg->getEntryBlock();
	BasicBlock *dispatch = BasicBlock::Create(c, "dispatch", seg, entry);
	IRBuilder<> b(dispatch);
	uint64_t off = 0;
	for (AllocaInst *a : allocas) {
		uint64_t al = std::max<uint64_t>(a->getAlign().value(), 1);
		uint64_t size = dl.getTypeAllocSize(a->getAllocatedType()) *
				cast<ConstantInt>(a->getArraySize())->getZExtValue();

		size = (size + al - 1) / al * al;
		off = (off + al - 1) / al * al;
		Value *p = b.CreateInBoundsGEP(i8, frames,
					       b.CreateMul(b.getInt64(off), items));
		p = b.CreateInBoundsGEP(i8, p, b.CreateMul(item, b.getInt64(size)));
		p = b.CreatePointerCast(p, a->getType());
		a->replaceAllUsesWith(p);
		a->eraseFromParent();
		off += size;
	}
	frame_size = (uint32_t)((off + 15) / 16 * 16);
	SwitchInst *sw = b.CreateSwitch(state, entry, (unsigned)resume.size());
	for (size_t k = 0; k < resume.size(); k++)
		sw->addCase(b.getInt32((uint32_t)k + 1), resume[k]);

	for (size_t k = 0; k < barriers.size(); k++) {
		BasicBlock *bb = barriers[k]->getParent();

		bb->getTerminator()->eraseFromParent();
		barriers[k]->eraseFromParent();
		IRBuilder<>(bb).CreateRet(ConstantInt::get(i32, k + 1));
	}
	for (BasicBlock &bb : *seg) {
		auto *r = dyn_cast<ReturnInst>(bb.getTerminator());
		if (r && !r->getReturnValue()) {
			IRBuilder<>(r).CreateRet(ConstantInt::get(i32, 0));
			r->eraseFromParent();
		}
	}
	wi->eraseFromParent();
	uniform_size = place_uniform(*seg, uniform, seg->getArg(n + 4),
				     seg->getArg(n + 5));
	mark_frames_apart(*seg, frames);
	if (getenv("XE_JIT_DEBUG") && (verifyFunction(*seg, &errs()) || getenv("XE_JIT_DEBUG")[0] == '2'))
		errs() << "after split\n" << *seg;
	return seg;
}
