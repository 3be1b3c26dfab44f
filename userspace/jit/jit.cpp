// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: the compiler shim
 *
 * The operations of the seam (userspace/include/xe_jit.h). A module
 * is a program (kernels, their descriptions, program-scope globals, the
 * object file) linked by its own ORC LLJIT instance. The native binary is
 * that program serialised with the host CPU's name and features, so that
 * load_native() links the object again without compiling, on the same CPU
 * only:
 *
 *   "XEJITNB1", u32 image version, str cpu, u32 #kernels, kernels
 *   (str name, u32 #args, {kind, size, align} each, u32 reqd[3],
 *   static_local, private, max_group, flags, sub_group_size, frame_size,
 *   fiber_stack),
 *   u32 #globals,
 *   globals (str name, u64 size), u32 #imports, imports (str name),
 *   str object, u64 FNV-1a of all before.
 *   Strings are u32 length + bytes; integers little-endian.
 *
 * compile() looks in the compile cache (cache.cpp) first and stores what
 * it compiles there. A module with imports (functions another module
 * defines, compile.cpp) has no work-group functions until link() gives its
 * LLJIT a generator that finds them in the other modules' (their
 * addresses: the other modules must live as long as this one). Every operation is thread safe: compiling and loading
 * take one lock (the LLVM state they share), and a module is read-only once
 * created.
 */

#include <algorithm>
#include <errno.h>

#include <cstdlib>
#include <cstring>
#include <mutex>

#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/TargetSelect.h>

#include "jit_internal.hpp"

using namespace llvm;
using namespace xe_jit;

struct xe_jit_module {
	program prog;
	std::unique_ptr<orc::LLJIT> jit;
	bool linked = false;	/* its imports were found (link()) */
};

namespace {

std::mutex lock;

constexpr char image_magic[8] = { 'X', 'E', 'J', 'I', 'T', 'N', 'B', '1' };
constexpr uint32_t image_version = 3;

class host_generator : public orc::DefinitionGenerator {
public:
	Error tryToGenerate(orc::LookupState &, orc::LookupKind,
			    orc::JITDylib &jd, orc::JITDylibLookupFlags,
			    const orc::SymbolLookupSet &set) override
	{
		orc::SymbolMap map;

		for (auto &kv : set) {
			void *p = host_symbol((*kv.first).str());
			if (p)
				map[kv.first] = JITEvaluatedSymbol(
					pointerToJITTargetAddress(p),
					JITSymbolFlags::Exported);
		}
		if (map.empty())
			return Error::success();
		return jd.define(orc::absoluteSymbols(std::move(map)));
	}
};

/* An importing module's symbols, from the modules it is linked with. */
class peer_generator : public orc::DefinitionGenerator {
public:
	explicit peer_generator(std::vector<xe_jit_module *> peers)
		: peers(std::move(peers)) {}

	Error tryToGenerate(orc::LookupState &, orc::LookupKind,
			    orc::JITDylib &jd, orc::JITDylibLookupFlags,
			    const orc::SymbolLookupSet &set) override;

private:
	std::vector<xe_jit_module *> peers;
};

void set_log(char **log, const std::string &text)
{
	if (log)
		*log = text.empty() ? nullptr : strdup(text.c_str());
}

/* Links the object of @mod and finds its group functions. */
/* The work-group functions of @mod's kernels, once nothing is missing. */
int find_group_fns(xe_jit_module *mod, std::string &log)
{
	for (size_t i = 0; i < mod->prog.kernels.size(); i++) {
		auto a = mod->jit->lookup(group_fn_name(i));

		if (!a) {
			log += "ORC: " + toString(a.takeError()) + "\n";
			return -EINVAL;
		}
		mod->prog.kernels[i].fn = a->toPtr<xe_jit_group_fn>();
	}
	return 0;
}

int link_program(xe_jit_module *mod, std::string &log)
{
	InitializeNativeTarget();
	InitializeNativeTargetAsmPrinter();
	auto jit = orc::LLJITBuilder().create();
	if (!jit) {
		log += "ORC: " + toString(jit.takeError()) + "\n";
		return -ENOMEM;
	}
	mod->jit = std::move(*jit);
	mod->jit->getMainJITDylib().addGenerator(std::make_unique<host_generator>());
	if (Error e = mod->jit->addObjectFile(MemoryBuffer::getMemBufferCopy(
		    StringRef(mod->prog.object), "xe_jit_module"))) {
		log += "ORC: " + toString(std::move(e)) + "\n";
		return -EINVAL;
	}
	for (kernel &k : mod->prog.kernels) {
		k.info.name = k.name.c_str();
		k.info.num_args = (uint32_t)k.args.size();
		k.info.args = k.args.data();
	}
	/* Imports wait for link(). */
	return mod->prog.imports.empty() ? find_group_fns(mod, log) : 0;
}

/* The native binary of @prog (see the top of this file), and back. */
std::string serialise(const program &prog);
int parse_image(const void *image, size_t size, program &prog,
		std::string &log);

/* A module from the compile cache, or nullptr. */
std::unique_ptr<xe_jit_module> from_cache(const std::string &dir,
					  const std::string &key,
					  std::string &text)
{
	auto mod = std::make_unique<xe_jit_module>();
	std::string image, log, err;

	if (!cache_load(dir, key, image, log) ||
	    parse_image(image.data(), image.size(), mod->prog, err) ||
	    link_program(mod.get(), err))
		return nullptr;
	text = log;
	return mod;
}

int compile(const void *spirv, size_t size, const xe_jit_spec_const *consts,
	    uint32_t num_consts, const char *flags, xe_jit_module **out,
	    char **log)
{
	std::string text, dir = cache_dir(), key;
	std::unique_ptr<xe_jit_module> mod;
	int ret = 0;

	if (log)
		*log = nullptr;
	if (!out || (num_consts && !consts) || (!spirv && size))
		return -EINVAL;
	{
		std::lock_guard<std::mutex> g(lock);

		if (!dir.empty() && spirv) {
			key = cache_key(spirv, size, consts, num_consts, flags);
			mod = from_cache(dir, key, text);
		}
		if (!mod) {
			mod = std::make_unique<xe_jit_module>();
			text.clear();
			ret = compile_spirv(spirv, size, consts, num_consts,
					    flags, mod->prog, text);
			if (!ret)
				ret = link_program(mod.get(), text);
			if (!ret && !key.empty())
				cache_store(dir, key, serialise(mod->prog), text);
		}
	}
	set_log(log, text);
	if (ret)
		return ret;
	*out = mod.release();
	return 0;
}

/* ---- native binary ---- */

uint64_t fnv1a(const uint8_t *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

struct writer {
	std::string b;
	void u32(uint32_t v) { b.append((const char *)&v, 4); }
	void u64(uint64_t v) { b.append((const char *)&v, 8); }
	void str(const std::string &s) { u32((uint32_t)s.size()); b += s; }
};

struct reader {
	const uint8_t *p, *end;
	bool bad = false;
	bool take(void *dst, size_t n)
	{
		if (bad || (size_t)(end - p) < n)
			return !(bad = true);
		memcpy(dst, p, n);
		p += n;
		return true;
	}
	uint32_t u32() { uint32_t v = 0; take(&v, 4); return v; }
	uint64_t u64() { uint64_t v = 0; take(&v, 8); return v; }
	std::string str()
	{
		uint32_t n = u32();
		if (bad || (size_t)(end - p) < n) {
			bad = true;
			return {};
		}
		std::string s((const char *)p, n);
		p += n;
		return s;
	}
};

std::string serialise(const program &prog)
{
	writer w;

	w.b.append(image_magic, sizeof(image_magic));
	w.u32(image_version);
	w.str(host_cpu_id());
	w.u32((uint32_t)prog.kernels.size());
	for (const kernel &k : prog.kernels) {
		w.str(k.name);
		w.u32((uint32_t)k.args.size());
		for (const xe_jit_arg_info &a : k.args) {
			w.u32(a.kind);
			w.u32(a.size);
			w.u32(a.align);
		}
		for (int d = 0; d < 3; d++)
			w.u32(k.info.reqd_group_size[d]);
		w.u32(k.info.static_local_size);
		w.u32(k.info.private_size);
		w.u32(k.info.max_group_size);
		w.u32(k.info.flags);
		w.u32(k.info.sub_group_size);
		w.u32(k.frame_size);
		w.u32(k.fiber_stack);
	}
	w.u32((uint32_t)prog.globals.size());
	for (const global &g : prog.globals) {
		w.str(g.name);
		w.u64(g.size);
	}
	w.u32((uint32_t)prog.imports.size());
	for (const std::string &name : prog.imports)
		w.str(name);
	w.str(prog.object);
	w.u64(fnv1a((const uint8_t *)w.b.data(), w.b.size()));
	return w.b;
}

int native_binary(xe_jit_module *mod, void **image, size_t *size)
{
	if (!mod || !image || !size)
		return -EINVAL;
	std::string b = serialise(mod->prog);
	*image = malloc(b.size());
	if (!*image)
		return -ENOMEM;
	memcpy(*image, b.data(), b.size());
	*size = b.size();
	return 0;
}

int parse_image(const void *image, size_t size, program &prog,
		std::string &log)
{
	const uint8_t *p = (const uint8_t *)image;
	uint64_t sum;

	if (!image || size < sizeof(image_magic) + 12 ||
	    memcmp(p, image_magic, sizeof(image_magic))) {
		log += "not a native binary of this driver\n";
		return -EINVAL;
	}
	memcpy(&sum, p + size - 8, 8);
	if (sum != fnv1a(p, size - 8)) {
		log += "corrupt native binary (checksum)\n";
		return -EINVAL;
	}
	reader r = { p + sizeof(image_magic), p + size - 8 };
	if (r.u32() != image_version) {
		log += "native binary of another version of the compiler\n";
		return -EINVAL;
	}
	std::string cpu = r.str();
	if (!r.bad && cpu != host_cpu_id()) {
		log += "native binary built for another CPU (" +
		       cpu.substr(0, cpu.find(',')) + ")\n";
		return -EINVAL;
	}
	uint32_t nk = r.u32();
	for (uint32_t i = 0; i < nk && !r.bad; i++) {
		kernel k;
		k.name = r.str();
		uint32_t na = r.u32();
		for (uint32_t j = 0; j < na && !r.bad; j++) {
			xe_jit_arg_info a;
			a.kind = r.u32();
			a.size = r.u32();
			a.align = r.u32();
			k.args.push_back(a);
		}
		for (int d = 0; d < 3; d++)
			k.info.reqd_group_size[d] = r.u32();
		k.info.static_local_size = r.u32();
		k.info.private_size = r.u32();
		k.info.max_group_size = r.u32();
		k.info.flags = r.u32();
		k.info.sub_group_size = r.u32();
		k.frame_size = r.u32();
		k.fiber_stack = r.u32();
		prog.kernels.push_back(std::move(k));
	}
	uint32_t ng = r.u32();
	for (uint32_t i = 0; i < ng && !r.bad; i++) {
		global g;
		g.name = r.str();
		g.size = r.u64();
		prog.globals.push_back(g);
	}
	uint32_t ni = r.u32();
	for (uint32_t i = 0; i < ni && !r.bad; i++)
		prog.imports.push_back(r.str());
	prog.object = r.str();
	if (r.bad || r.p != r.end) {
		log += "corrupt native binary (layout)\n";
		return -EINVAL;
	}
	return 0;
}

int load_native(const void *image, size_t size, xe_jit_module **out,
		char **log)
{
	std::string text;
	auto mod = std::make_unique<xe_jit_module>();
	int ret;

	if (log)
		*log = nullptr;
	if (!out)
		return -EINVAL;
	{
		std::lock_guard<std::mutex> g(lock);

		ret = parse_image(image, size, mod->prog, text);
		if (!ret)
			ret = link_program(mod.get(), text);
	}
	set_log(log, text);
	if (ret)
		return ret;
	*out = mod.release();
	return 0;
}

/* ---- dynamic linking ---- */

/* The peer that defines @name, or nullptr. */
xe_jit_module *definer(const std::vector<xe_jit_module *> &peers,
		       const std::string &name)
{
	for (xe_jit_module *p : peers) {
		const auto &im = p->prog.imports;

		if (std::find(im.begin(), im.end(), name) != im.end())
			continue;
		auto a = p->jit->lookup(name);
		if (a)
			return p;
		consumeError(a.takeError());
	}
	return nullptr;
}

Error peer_generator::tryToGenerate(orc::LookupState &, orc::LookupKind,
				    orc::JITDylib &jd, orc::JITDylibLookupFlags,
				    const orc::SymbolLookupSet &set)
{
	orc::SymbolMap map;

	for (auto &kv : set) {
		std::string name = (*kv.first).str();

		xe_jit_module *p = definer(peers, name);

		if (!p)
			continue;
		auto a = p->jit->lookup(name);
		if (!a)
			return a.takeError();
		map[kv.first] = JITEvaluatedSymbol(a->getValue(),
						   JITSymbolFlags::Exported);
	}
	if (map.empty())
		return Error::success();
	return jd.define(orc::absoluteSymbols(std::move(map)));
}

int find_imports(xe_jit_module *mod, const std::vector<xe_jit_module *> &peers,
		 std::string &log)
{
	int ret = 0;

	for (const std::string &name : mod->prog.imports)
		if (!definer(peers, name)) {
			log += "unresolved function: " + name +
			       " (no module linked with it defines it)\n";
			ret = -EINVAL;
		}
	return ret;
}

int link(xe_jit_module *const *mods, uint32_t n, char **log)
{
	std::string text;
	int ret = 0;

	if (log)
		*log = nullptr;
	if (!mods && n)
		return -EINVAL;
	for (uint32_t i = 0; i < n; i++)
		if (!mods[i])
			return -EINVAL;
	{
		std::lock_guard<std::mutex> g(lock);

		for (uint32_t i = 0; i < n && !ret; i++) {
			xe_jit_module *mod = mods[i];

			if (mod->prog.imports.empty() || mod->linked)
				continue;
			std::vector<xe_jit_module *> peers;
			for (uint32_t j = 0; j < n; j++)
				if (j != i && mods[j] != mod)
					peers.push_back(mods[j]);
			/* All found first: a failed lookup would stay failed. */
			ret = find_imports(mod, peers, text);
			if (ret)
				break;
			mod->jit->getMainJITDylib().addGenerator(
				std::make_unique<peer_generator>(peers));
			ret = find_group_fns(mod, text);
			mod->linked = !ret;
		}
	}
	set_log(log, text);
	return ret;
}

/* ---- queries ---- */

uint32_t kernel_count(const xe_jit_module *mod)
{
	return mod ? (uint32_t)mod->prog.kernels.size() : 0;
}

const xe_jit_kernel_info *kernel_info(const xe_jit_module *mod, uint32_t i)
{
	if (!mod || i >= mod->prog.kernels.size())
		return nullptr;
	return &mod->prog.kernels[i].info;
}

xe_jit_group_fn group_fn(const xe_jit_module *mod, uint32_t i)
{
	if (!mod || i >= mod->prog.kernels.size())
		return nullptr;
	return mod->prog.kernels[i].fn;
}

size_t group_scratch_size(const xe_jit_module *mod, uint32_t i,
			  const uint32_t local_size[3])
{
	if (!mod || i >= mod->prog.kernels.size() || !local_size)
		return 0;
	const kernel &k = mod->prog.kernels[i];
	if (k.frame_size)
		return (size_t)k.frame_size * local_size[0] * local_size[1] *
		       local_size[2] + 64;
	return k.fiber_stack ? fiber_scratch_size(k.fiber_stack, local_size) : 0;
}

int global_pointer(const xe_jit_module *mod, const char *name, void **ptr,
		   size_t *size)
{
	if (!mod || !name)
		return -EINVAL;
	for (const global &g : mod->prog.globals) {
		if (g.name != name)
			continue;
		std::lock_guard<std::mutex> l(lock);
		auto a = mod->jit->lookup(g.name);
		if (!a) {
			consumeError(a.takeError());
			return -ENOENT;
		}
		if (ptr)
			*ptr = a->toPtr<void *>();
		if (size)
			*size = g.size;
		return 0;
	}
	return -ENOENT;
}

void destroy(xe_jit_module *mod)
{
	std::lock_guard<std::mutex> g(lock);

	delete mod;
}

const xe_jit_ops ops = {
	XE_JIT_ABI_VERSION,
	compile,
	load_native,
	native_binary,
	kernel_count,
	kernel_info,
	group_fn,
	group_scratch_size,
	global_pointer,
	destroy,
	link,
};

} // namespace

extern "C" __attribute__((visibility("default")))
const xe_jit_ops *xe_jit_get_ops(uint32_t abi_version)
{
	return abi_version == XE_JIT_ABI_VERSION ? &ops : nullptr;
}
