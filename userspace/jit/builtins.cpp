// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: the OpenCL C built-in library
 *
 * The built-ins come from PoCL's x86-64 kernel library (Debian's
 * libpocl2-common: LLVM 15 bitcode, one file per CPU feature level, math
 * from SLEEF). The shim opens the best file this CPU can run once, maps it,
 * and links only what a module calls (a lazy module, LinkOnlyNeeded).
 *
 * Three things are the shim's own and never come from the library:
 *
 * - the work-item functions and barriers, which lower.cpp turns into reads
 *   of the group description and into the fiber or segment scheduler (the
 *   library's versions read PoCL's own globals);
 * - whatever the shim's runtime (runtime/ files) define: sub-groups,
 *   work-group collectives, fences, half math;
 * - printf's output: the library's printf formats (vectors included) into
 *   a buffer that PoCL's runtime would read back. Here the buffer is the
 *   calling thread's (xe_jit_rt_printf_state()), written to stdout when
 *   printf returns.
 *
 * The library defines pointer built-ins for the global, constant, local and
 * private address spaces, not for the generic one, while a SPIR-V module of
 * OpenCL C 2.0 or later passes generic pointers. On this machine all the
 * address spaces are one memory, so a call on a generic pointer goes to the
 * global variant (or the local one), the pointers cast.
 */

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <map>
#include <mutex>

#include <llvm/ADT/StringMap.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/Host.h>
#include <llvm/Support/MemoryBuffer.h>

#include "jit_internal.hpp"

#ifndef XE_JIT_POCL_DIR
#define XE_JIT_POCL_DIR "/usr/share/pocl"
#endif

using namespace llvm;

namespace {

/* PoCL's variants, best first, with the CPU features each needs. */
const struct variant {
	const char *name;
	const char *needs[6];
} variants[] = {
	{ "avx512", { "avx512f", "avx512bw", "avx512dq", "avx512vl", "fma", "f16c" } },
	{ "avx2", { "avx2", "fma", "f16c" } },
	{ "avx_f16c", { "avx", "f16c" } },
	{ "avx_fma4", { "avx", "fma4" } },
	{ "avx", { "avx" } },
	{ "sse41", { "sse4.1" } },
	{ "ssse3", { "ssse3" } },
	{ "sse2", { "sse2" } },
	{ "GENERIC", {} },
};

struct library {
	std::unique_ptr<MemoryBuffer> buf;
	std::string path;
	std::string error;
};

library *open_library()
{
	static library lib;
	static std::once_flag once;

	std::call_once(once, [] {
		const char *env = getenv("XE_JIT_BUILTINS");
		std::vector<std::string> tried;

		if (env && *env) {
			tried.push_back(env);
		} else {
			StringMap<bool> f;

			sys::getHostCPUFeatures(f);
			for (const variant &v : variants) {
				bool ok = true;

				for (const char *n : v.needs)
					if (n && !f.lookup(n))
						ok = false;
				if (ok)
					tried.push_back(std::string(XE_JIT_POCL_DIR) +
							"/kernel-x86_64-pc-linux-gnu-" +
							v.name + ".bc");
			}
		}
		for (const std::string &p : tried) {
			auto b = MemoryBuffer::getFile(p, false, false);

			if (b) {
				lib.buf = std::move(*b);
				lib.path = p;
				return;
			}
		}
		lib.error = "OpenCL C built-in library not found: " +
			    (tried.empty() ? std::string(XE_JIT_POCL_DIR) : tried[0]) +
			    " (Debian's libpocl2-common; XE_JIT_BUILTINS names another file)";
	});
	return &lib;
}

/* The functions lower.cpp owns, which the library must not define. */
bool lowered_by_the_shim(StringRef n)
{
	static const char *const names[] = {
		"_Z12get_local_idj", "_Z13get_global_idj", "_Z12get_group_idj",
		"_Z14get_local_sizej", "_Z23get_enqueued_local_sizej",
		"_Z14get_num_groupsj", "_Z15get_global_sizej",
		"_Z17get_global_offsetj", "_Z12get_work_dimv",
		"_Z19get_local_linear_idv", "_Z20get_global_linear_idv",
		"_Z7barrierj", "_Z18work_group_barrierj",
		"_Z18work_group_barrierj12memory_scope",
	};

	return std::find(std::begin(names), std::end(names), n) != std::end(names) ||
	       n.contains("sub_group") || n.contains("work_group_reduce") ||
	       n.contains("work_group_scan") || n.contains("work_group_broadcast") ||
	       n.contains("work_group_any") || n.contains("work_group_all");
}

/*
 * Declarations of @m that take generic pointers get a body calling the
 * library's global (or local) variant with the pointers cast.
 */
void resolve_generic(Module &m, Module &lib)
{
	std::vector<Function *> decls;

	for (Function &f : m)
		if (f.isDeclaration() && !f.isIntrinsic() &&
		    f.getName().contains("U3AS4"))
			decls.push_back(&f);
	for (Function *f : decls) {
		Function *to = nullptr;

		for (const char *as : { "U3AS1", "U3AS3" }) {
			std::string n = f->getName().str();

			for (size_t at; (at = n.find("U3AS4")) != std::string::npos;)
				n.replace(at, 5, as);
			Function *c = lib.getFunction(n);
			if (c && c->arg_size() == f->arg_size()) {
				to = cast<Function>(m.getOrInsertFunction(
					n, c->getFunctionType()).getCallee());
				break;
			}
		}
		if (!to)
			continue;
		IRBuilder<> b(BasicBlock::Create(m.getContext(), "entry", f));
		std::vector<Value *> args;
		for (unsigned i = 0; i < f->arg_size(); i++) {
			Value *a = f->getArg(i);
			Type *t = to->getFunctionType()->getParamType(i);

			args.push_back(a->getType() == t ? a :
				       b.CreatePointerBitCastOrAddrSpaceCast(a, t));
		}
		Value *r = b.CreateCall(to, args);
		if (f->getReturnType()->isVoidTy())
			b.CreateRetVoid();
		else
			b.CreateRet(r->getType() == f->getReturnType() ? r :
				    b.CreatePointerBitCastOrAddrSpaceCast(
					    r, f->getReturnType()));
		f->setLinkage(GlobalValue::InternalLinkage);
	}
}

/*
 * printf's buffer: loads of the library's printf globals become loads from
 * the thread's state ({ char *buffer; u32 *position; u32 capacity; }), and
 * the function writes the buffer out before it returns.
 */
void redirect_printf(Module &m)
{
	static const char *const globals[] = {
		"_printf_buffer", "_printf_buffer_position", "_printf_buffer_capacity",
	};
	LLVMContext &c = m.getContext();
	FunctionCallee state = m.getOrInsertFunction(
		"xe_jit_rt_printf_state", PointerType::getUnqual(c));
	FunctionCallee flush = m.getOrInsertFunction(
		"xe_jit_rt_printf_flush", Type::getVoidTy(c));
	std::map<Function *, Value *> st;

	for (unsigned i = 0; i < 3; i++) {
		GlobalVariable *gv = m.getGlobalVariable(globals[i]);

		if (!gv)
			continue;
		std::vector<Use *> uses;
		for (Use &u : gv->uses())
			uses.push_back(&u);
		for (Use *u : uses) {
			auto *in = dyn_cast<Instruction>(u->getUser());

			if (!in)
				continue;
			Function *f = in->getFunction();
			Value *&s = st[f];
			if (!s) {
				IRBuilder<> b(&*f->getEntryBlock().getFirstInsertionPt());
				s = b.CreateCall(state);
				for (BasicBlock &bb : *f)
					if (isa<ReturnInst>(bb.getTerminator()))
						CallInst::Create(flush, "", bb.getTerminator());
			}
			IRBuilder<> b(cast<Instruction>(s)->getNextNode());
			u->set(b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), s, i * 8));
		}
	}
	/* PoCL's printf ends with a call of its buffer writer on a null
	 * format, which its own runtime expects and which reads nothing
	 * here but address 0. */
	if (Function *pf = m.getFunction("__pocl_printf")) {
		std::vector<CallInst *> dead;

		for (User *u : pf->users())
			if (auto *call = dyn_cast<CallInst>(u))
				if (call->arg_size() >= 4 &&
				    isa<ConstantPointerNull>(call->getArgOperand(3)))
					dead.push_back(call);
		for (CallInst *call : dead) {
			if (!call->use_empty())
				call->replaceAllUsesWith(
					ConstantInt::get(call->getType(), 0));
			call->eraseFromParent();
		}
	}
}

} // namespace

const char *xe_jit::builtins_path()
{
	library *lib = open_library();

	return lib->buf ? lib->path.c_str() : nullptr;
}

int xe_jit::link_builtins(Module &m, std::string &log)
{
	library *lib = open_library();

	if (!lib->buf) {
		/* Kernels that call no built-in still build; others are
		 * reported as unresolved, with this line. */
		log += lib->error + "\n";
		return 0;
	}
	auto lm = getLazyBitcodeModule(lib->buf->getMemBufferRef(), m.getContext());
	if (!lm) {
		log += "built-in library " + lib->path + ": " +
		       toString(lm.takeError()) + "\n";
		return -EINVAL;
	}
	std::unique_ptr<Module> l = std::move(*lm);

	resolve_generic(m, *l);
	for (Function &f : *l) {
		Function *mine = m.getFunction(f.getName());

		if (lowered_by_the_shim(f.getName()) || (mine && !mine->isDeclaration()))
			f.deleteBody();
	}
	l->setTargetTriple(m.getTargetTriple());
	l->setDataLayout(m.getDataLayout());
	if (Linker::linkModules(m, std::move(l), Linker::Flags::LinkOnlyNeeded)) {
		log += "linking the built-in library failed\n";
		return -EINVAL;
	}
	redirect_printf(m);
	/* The host's target machine decides, as for the kernels. */
	for (Function &f : m) {
		f.removeFnAttr("target-cpu");
		f.removeFnAttr("target-features");
		f.removeFnAttr("tune-cpu");
	}
	return 0;
}
