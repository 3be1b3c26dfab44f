// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: the SPIR-V pipeline
 *
 * validate (SPIRV-Tools) -> refuse capabilities we do not implement ->
 * translate to LLVM IR with the specialization constants applied
 * (SPIRV-LLVM-Translator) -> link the OpenCL C built-in runtime (compiled
 * at build time, embedded in the shim) -> lower the kernels to work-group
 * functions (lower.cpp) -> optimise for the host CPU -> refuse calls that
 * nothing defines -> emit an object file, which jit.cpp links with ORC.
 */

#include <errno.h>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <sstream>

#include <LLVMSPIRVLib/LLVMSPIRVLib.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/Host.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Target/TargetMachine.h>
#include <spirv-tools/libspirv.hpp>

#include "jit_internal.hpp"

using namespace llvm;

/* runtime.S: the built-in runtime's bitcode. */
extern "C" const char xe_jit_runtime_start[];
extern "C" const char xe_jit_runtime_end[];

namespace {

/* Capabilities the runtime and the lowering implement. */
const char *const supported_caps[] = {
	"Addresses", "Linkage", "Kernel", "Vector16", "Float16Buffer",
	"Float64", "Int64", "Int64Atomics", "Int16", "Int8", "GenericPointer",
	"Float16", "Groups", "SubgroupDispatch", "GroupNonUniform",
	"GroupNonUniformVote", "GroupNonUniformArithmetic",
	"GroupNonUniformBallot", "GroupNonUniformShuffle",
	"GroupNonUniformShuffleRelative", "GroupNonUniformClustered",
	"SubgroupShuffleINTEL", "SubgroupBufferBlockIOINTEL", "OptNoneINTEL",
	"BitInstructions", "AtomicFloat32AddEXT", "AtomicFloat64AddEXT",
	"AtomicFloat32MinMaxEXT", "AtomicFloat64MinMaxEXT",
	"GroupNonUniformRotateKHR", "DotProduct", "DotProductInput4x8Bit",
	"DotProductInput4x8BitPacked", "AtomicFloat16AddEXT",
	"AtomicFloat16MinMaxEXT",
};

int check_capabilities(const spvtools::SpirvTools &tools,
		       const std::vector<uint32_t> &words, std::string &log)
{
	std::string text;
	int ret = 0;

	if (!tools.Disassemble(words, &text, SPV_BINARY_TO_TEXT_OPTION_NONE))
		return 0;	/* validated already: nothing to add */
	std::istringstream is(text);
	for (std::string line; std::getline(is, line);) {
		const std::string op = "OpCapability ";
		size_t at = line.find(op);

		if (at == std::string::npos)
			continue;
		std::string cap = line.substr(at + op.size());
		if (std::find_if(std::begin(supported_caps), std::end(supported_caps),
				 [&](const char *s) { return cap == s; }) ==
		    std::end(supported_caps)) {
			log += "unsupported capability: " + cap + "\n";
			ret = -EINVAL;
		}
	}
	return ret;
}

std::unique_ptr<TargetMachine> host_target_machine(bool opt)
{
	auto jtmb = orc::JITTargetMachineBuilder::detectHost();

	if (!jtmb) {
		consumeError(jtmb.takeError());
		return nullptr;
	}
	jtmb->setCodeGenOptLevel(opt ? CodeGenOpt::Aggressive : CodeGenOpt::Less);
	jtmb->setRelocationModel(Reloc::PIC_);
	jtmb->setCodeModel(CodeModel::Small);
	auto tm = jtmb->createTargetMachine();
	if (!tm) {
		consumeError(tm.takeError());
		return nullptr;
	}
	return std::move(*tm);
}

/*
 * LLVM 15 tunes every AVX-512 CPU it knows, and x86-64-v4, to vectorise
 * 256 bits at a time; a host too new for it (getHostCPUName() "generic")
 * gets no tuning and 512-bit loops, which stream memory slower (saxpy
 * ~10% on a Zen 5). 256 bits, as clang's -mprefer-vector-width=256, for
 * all: a CPU without AVX-512 has no wider vectors anyway, and explicit
 * 512-bit types (float16) keep their registers.
 */
void prefer_256_bit_vectors(Module &m)
{
	for (Function &f : m)
		if (!f.isDeclaration() && !f.hasFnAttribute("prefer-vector-width"))
			f.addFnAttr("prefer-vector-width", "256");
}

void optimise(Module &m, TargetMachine *tm, bool opt)
{
	LoopAnalysisManager lam;
	FunctionAnalysisManager fam;
	CGSCCAnalysisManager cam;
	ModuleAnalysisManager mam;
	PipelineTuningOptions pto;
	pto.LoopVectorization = opt;
	pto.SLPVectorization = opt;
	PassBuilder pb(tm, pto);

	pb.registerModuleAnalyses(mam);
	pb.registerCGSCCAnalyses(cam);
	pb.registerFunctionAnalyses(fam);
	pb.registerLoopAnalyses(lam);
	pb.crossRegisterProxies(lam, fam, cam, mam);
	ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(
		opt ? OptimizationLevel::O3 : OptimizationLevel::O1);
	mpm.run(m, mam);
}

/* Build flags: known ones are accepted (the optimiser already honours the
 * relaxed math ones by default for OpenCL C), unknown ones logged. */
bool parse_flags(const char *flags, std::string &log)
{
	static const char *const known[] = {
		"-cl-fast-relaxed-math", "-cl-mad-enable", "-cl-no-signed-zeros",
		"-cl-finite-math-only", "-cl-unsafe-math-optimizations",
		"-cl-denorms-are-zero", "-cl-kernel-arg-info", "-g",
		"-cl-intel-greater-than-4GB-buffer-required",
		"-ze-opt-greater-than-4GB-buffer-required", "-cl-single-precision-constant",
		"-cl-strict-aliasing", "-w", "-Werror", "-library-compilation",
	};
	bool opt = true;
	std::istringstream is(flags ? flags : "");

	for (std::string f; is >> f;) {
		if (f == "-cl-opt-disable" || f == "-ze-opt-disable" ||
		    f == "-ze-opt-level=0" || f == "-O0") {
			opt = false;
			continue;
		}
		if (f.rfind("-cl-std=", 0) == 0 || f.rfind("-ze-opt-level=", 0) == 0 ||
		    f.rfind("-D", 0) == 0 || f.rfind("-I", 0) == 0)
			continue;
		if (std::find_if(std::begin(known), std::end(known),
				 [&](const char *k) { return f == k; }) ==
		    std::end(known))
			log += "ignored build flag: " + f + "\n";
	}
	return opt;
}

std::string pretty(const std::string &name)
{
	std::string d = demangle(name);

	return d == name ? name : d + " (" + name + ")";
}

/*
 * A built-in's name: mangled (overloadable, as the OpenCL C library's are)
 * or reserved. A function of another name that the module only declares
 * is an import, which zeModuleDynamicLink() resolves.
 */
bool builtin_name(const std::string &name)
{
	return name.rfind("_Z", 0) == 0 || name.rfind("__", 0) == 0;
}

/*
 * Functions the module calls and nothing defines are imports when it was
 * built with -library-compilation, or when their names are no built-in's;
 * others are errors, as are undefined variables.
 */
int check_resolved(Module &m, bool library, std::vector<std::string> &imports,
		   std::string &log)
{
	int ret = 0;

	for (Function &f : m) {
		std::string name = f.getName().str();

		if (!f.isDeclaration() || f.isIntrinsic() || f.use_empty() ||
		    xe_jit::host_symbol_known(name))
			continue;
		if (library || !builtin_name(name)) {
			imports.push_back(name);
			log += "imported function: " + pretty(name) +
			       " (zeModuleDynamicLink resolves it)\n";
			continue;
		}
		log += "unresolved function: " + pretty(name) + "\n";
		ret = -EINVAL;
	}
	for (GlobalVariable &g : m.globals())
		if (g.isDeclaration() && !g.use_empty()) {
			log += "unresolved variable: " + g.getName().str() + "\n";
			ret = -EINVAL;
		}
	return ret;
}

/*
 * With -library-compilation, or in a module without kernels, the functions
 * the module defines for others stay callable by their names (lower.cpp
 * keeps what has "xe-export"): another module's imports find them.
 */
void mark_exports(Module &m, bool library)
{
	bool kernels = false;

	for (Function &f : m)
		kernels |= f.getCallingConv() == CallingConv::SPIR_KERNEL;
	if (!library && kernels)
		return;
	for (Function &f : m)
		if (!f.isDeclaration() && f.hasExternalLinkage() &&
		    f.getCallingConv() != CallingConv::SPIR_KERNEL)
			f.addFnAttr("xe-export");
}

void init_llvm()
{
	static std::once_flag once;

	std::call_once(once, [] {
		InitializeNativeTarget();
		InitializeNativeTargetAsmPrinter();
		InitializeNativeTargetAsmParser();
	});
}


/* SPIR-V to a module of @ctx (opaque pointers), through a typed context. */
int translate(const void *spirv, size_t size, const xe_jit_spec_const *consts,
	      uint32_t num_consts, LLVMContext &ctx, std::unique_ptr<Module> &out,
	      std::string &log)
{
	LLVMContext tctx;
	tctx.setOpaquePointers(false);
	SPIRV::TranslatorOpts opts;
	opts.enableAllExtensions();
	for (uint32_t i = 0; i < num_consts; i++) {
		uint64_t v = 0;

		if (!consts[i].value || !consts[i].size || consts[i].size > 8) {
			log += "specialization constant " + std::to_string(consts[i].id) +
			       ": bad size\n";
			return -EINVAL;
		}
		memcpy(&v, consts[i].value, consts[i].size);
		opts.setSpecConst(consts[i].id, v);
	}
	std::istringstream is(std::string((const char *)spirv, size));
	Module *raw = nullptr;
	std::string err;
	if (!readSpirv(tctx, opts, is, raw, err)) {
		delete raw;
		log += "SPIR-V translation failed: " + err + "\n";
		return -EINVAL;
	}
	StripDebugInfo(*raw);	/* what OpLine left: nothing uses it */
	SmallVector<char, 0> bc;
	raw_svector_ostream os(bc);
	WriteBitcodeToFile(*raw, os);
	delete raw;
	auto m = parseBitcodeFile(MemoryBufferRef(StringRef(bc.data(), bc.size()),
						  "spirv"), ctx);
	if (!m) {
		log += "internal error: " + toString(m.takeError()) + "\n";
		return -EINVAL;
	}
	out = std::move(*m);
	return 0;
}

} // namespace

std::string xe_jit::host_cpu_id()
{
	StringMap<bool> features;
	std::vector<std::string> on;
	std::string id = sys::getHostCPUName().str();

	sys::getHostCPUFeatures(features);
	for (auto &f : features)
		if (f.second)
			on.push_back(f.first().str());
	std::sort(on.begin(), on.end());
	for (auto &f : on)
		id += "," + f;
	return id;
}

int xe_jit::compile_spirv(const void *spirv, size_t size,
			  const xe_jit_spec_const *consts, uint32_t num_consts,
			  const char *flags, program &out, std::string &log)
{
	init_llvm();
	if (!spirv || size < 20 || size % 4) {
		log += "invalid SPIR-V: the module is not a whole number of words\n";
		return -EINVAL;
	}

	std::vector<uint32_t> words(size / 4), nodebug;
	memcpy(words.data(), spirv, size);
	retire_old_instructions(words);
	/* Validated without its debug information (spirv_debug.cpp). */
	if (strip_debug_ext_insts(words, nodebug))
		words.swap(nodebug);
	spvtools::SpirvTools tools(SPV_ENV_UNIVERSAL_1_5);
	std::string vlog;
	tools.SetMessageConsumer([&](spv_message_level_t, const char *,
				     const spv_position_t &pos, const char *msg) {
		vlog += "invalid SPIR-V: " + std::string(msg) + " (word " +
			std::to_string(pos.index) + ")\n";
	});
	if (!tools.Validate(words)) {
		log += vlog.empty() ? "invalid SPIR-V\n" : vlog;
		return -EINVAL;
	}
	int ret = check_capabilities(tools, words, log);
	if (ret)
		return ret;
	bool opt = parse_flags(flags, log);
	bool library = flags && strstr(flags, "-library-compilation");

	/* The translator of LLVM 15 wants typed pointers, the built-in
	 * library has opaque ones: the module moves from one context to the
	 * other through bitcode. */
	LLVMContext ctx;
	ctx.setOpaquePointers(true);
	std::unique_ptr<Module> m;
	ret = translate(words.data(), words.size() * 4, consts, num_consts, ctx,
			m, log);
	if (ret)
		return ret;
	mark_exports(*m, library);

	std::unique_ptr<TargetMachine> tm = host_target_machine(opt);
	if (!tm) {
		log += "no LLVM target for this CPU\n";
		return -ENOMEM;
	}
	m->setTargetTriple(tm->getTargetTriple().str());
	m->setDataLayout(tm->createDataLayout());

	auto rt = parseBitcodeFile(
		MemoryBufferRef(StringRef(xe_jit_runtime_start,
					  xe_jit_runtime_end - xe_jit_runtime_start),
				"xe_jit_runtime"), ctx);
	if (!rt) {
		log += "built-in runtime: " + toString(rt.takeError()) + "\n";
		return -ENOMEM;
	}
	(*rt)->setTargetTriple(m->getTargetTriple());
	(*rt)->setDataLayout(m->getDataLayout());
	if (Linker::linkModules(*m, std::move(*rt), Linker::Flags::LinkOnlyNeeded)) {
		log += "linking the built-in runtime failed\n";
		return -EINVAL;
	}
	ret = link_builtins(*m, log);
	if (ret)
		return ret;

	ret = lower_kernels(*m, out.kernels, log);
	if (ret)
		return ret;
	std::string verr;
	raw_string_ostream vos(verr);
	if (verifyModule(*m, &vos)) {
		log += "internal error, invalid IR: " + vos.str() + "\n";
		return -EINVAL;
	}
	if (getenv("XE_JIT_DEBUG") && getenv("XE_JIT_DEBUG")[0] == '3')
		errs() << *m;
	prefer_256_bit_vectors(*m);
	optimise(*m, tm.get(), opt);
	if (getenv("XE_JIT_DEBUG") && getenv("XE_JIT_DEBUG")[0] == '4')
		errs() << *m;
	ret = check_resolved(*m, library, out.imports, log);
	if (ret)
		return ret;

	for (GlobalVariable &g : m->globals())
		if (!g.isDeclaration() && g.hasExternalLinkage() &&
		    !g.getName().startswith("llvm."))
			out.globals.push_back({ g.getName().str(),
						m->getDataLayout().getTypeAllocSize(
							g.getValueType()) });

	SmallVector<char, 0> obj;
	raw_svector_ostream os(obj);
	legacy::PassManager pm;
	if (tm->addPassesToEmitFile(pm, os, nullptr, CGFT_ObjectFile)) {
		log += "the target cannot emit an object file\n";
		return -EINVAL;
	}
	pm.run(*m);
	out.object.assign(obj.begin(), obj.end());
	return 0;
}
