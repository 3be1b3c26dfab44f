// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: the compile cache
 *
 * A compiled module is kept on disk as its native binary (jit.cpp), so that
 * the next zeModuleCreate() of the same SPIR-V, in this process or another,
 * only links it again. The key is a SHA-256 of everything that decides the
 * code: the SPIR-V, the specialization constants, the build flags, the host
 * CPU's name and features, the shim's own build (its ELF build-id), the
 * LLVM it was built against (LLVM_VERSION_STRING), the LLVM and
 * SPIR-V translator libraries it runs with and the built-in library it
 * links (path, size, modification time of each). The shim links LLVM and
 * the translator as shared libraries: a package update replaces them, and
 * with them the code they generate, under the same shim build-id.
 *
 * Where: $XE_CBEV_CACHE_DIR, else $XDG_CACHE_HOME/xe_cbev, else
 * $HOME/.cache/xe_cbev. XE_CBEV_CACHE=0 turns it off. It holds at most
 * XE_CBEV_CACHE_MAX_MB megabytes (256): past that, the entries used least
 * recently go until three quarters are left. An entry is written to a
 * temporary file and renamed, so a reader sees all of it or nothing; one
 * that does not load (torn, corrupt, of another CPU or version) is ignored,
 * and the module is compiled and stored again.
 *
 * An entry: "XECACHE1", u32 length and text of the build log, the native
 * binary.
 */

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <LLVMSPIRVLib/LLVMSPIRVLib.h>
#include <llvm/ADT/ArrayRef.h>
#include <llvm/Config/llvm-config.h>
#include <llvm/Support/Host.h>
#include <llvm/Support/SHA256.h>

#include "jit_internal.hpp"

using namespace llvm;

namespace {

constexpr char entry_magic[8] = { 'X', 'E', 'C', 'A', 'C', 'H', 'E', '1' };
constexpr uint64_t default_max_mb = 256;

/* The shim's ELF build-id, found through the program headers. */
std::string shim_build_id()
{
	struct find {
		const void *addr;
		std::string id;
	} f = { (const void *)&shim_build_id, {} };

	dl_iterate_phdr([](dl_phdr_info *info, size_t, void *data) -> int {
		auto *f = (find *)data;
		uintptr_t a = (uintptr_t)f->addr;
		bool mine = false;

		for (int i = 0; i < info->dlpi_phnum; i++) {
			const ElfW(Phdr) &ph = info->dlpi_phdr[i];
			uintptr_t lo = info->dlpi_addr + ph.p_vaddr;

			if (ph.p_type == PT_LOAD && a >= lo && a < lo + ph.p_memsz)
				mine = true;
		}
		if (!mine)
			return 0;
		for (int i = 0; i < info->dlpi_phnum; i++) {
			const ElfW(Phdr) &ph = info->dlpi_phdr[i];
			const char *p = (const char *)(info->dlpi_addr + ph.p_vaddr);
			const char *end = p + ph.p_memsz;

			while (ph.p_type == PT_NOTE && p + sizeof(ElfW(Nhdr)) <= end) {
				auto *n = (const ElfW(Nhdr) *)p;
				const char *desc = p + sizeof(*n) + ((n->n_namesz + 3) & ~3u);

				if (n->n_type == NT_GNU_BUILD_ID && desc + n->n_descsz <= end)
					f->id.assign(desc, n->n_descsz);
				p = desc + ((n->n_descsz + 3) & ~3u);
			}
		}
		return 1;
	}, &f);
	return f.id;
}

/* The file of the shared library that holds function @fn, or nullptr. */
const char *library_of(const void *fn)
{
	Dl_info info;

	return dladdr(fn, &info) && info.dli_fname ? info.dli_fname : nullptr;
}

template <typename T> std::string hex(const T &b)
{
	static const char digits[] = "0123456789abcdef";
	std::string s;

	for (uint8_t c : b) {
		s += digits[c >> 4];
		s += digits[c & 15];
	}
	return s;
}

uint64_t max_bytes()
{
	const char *v = getenv("XE_CBEV_CACHE_MAX_MB");
	char *end;
	unsigned long long mb = v ? strtoull(v, &end, 10) : 0;

	if (!v || !*v || *end || !mb)
		mb = default_max_mb;
	return (uint64_t)mb << 20;
}

int mkdirs(const std::string &dir)
{
	for (size_t at = dir.find('/', 1);; at = dir.find('/', at + 1)) {
		std::string part = dir.substr(0, at);

		if (mkdir(part.c_str(), 0700) && errno != EEXIST)
			return -errno;
		if (at == std::string::npos)
			return 0;
	}
}

bool read_all(const std::string &path, std::string &out)
{
	int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
	struct stat st;

	if (fd < 0)
		return false;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size > (1ll << 31)) {
		close(fd);
		return false;
	}
	out.resize((size_t)st.st_size);
	size_t got = 0;
	while (got < out.size()) {
		ssize_t n = read(fd, &out[got], out.size() - got);

		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	return got == out.size();
}

/* Keeps the entries of @dir under the bound, the oldest used going first. */
void evict(const std::string &dir)
{
	struct entry {
		std::string path;
		uint64_t size;
		struct timespec used;
	};
	std::vector<entry> all;
	uint64_t total = 0, limit = max_bytes();
	DIR *d = opendir(dir.c_str());

	if (!d)
		return;
	while (dirent *e = readdir(d)) {
		std::string name = e->d_name, path = dir + "/" + name;
		struct stat st;

		if (name.size() != 64 + 4 || name.compare(64, 4, ".bin") ||
		    stat(path.c_str(), &st) || !S_ISREG(st.st_mode))
			continue;
		all.push_back({ path, (uint64_t)st.st_size, st.st_mtim });
		total += (uint64_t)st.st_size;
	}
	closedir(d);
	if (total <= limit)
		return;
	std::sort(all.begin(), all.end(), [](const entry &a, const entry &b) {
		return a.used.tv_sec != b.used.tv_sec ? a.used.tv_sec < b.used.tv_sec :
						       a.used.tv_nsec < b.used.tv_nsec;
	});
	for (const entry &e : all) {
		if (total <= limit / 4 * 3)
			break;
		if (!unlink(e.path.c_str()))
			total -= e.size;
	}
}

} // namespace

std::string xe_jit::cache_dir()
{
	const char *off = getenv("XE_CBEV_CACHE");
	const char *v;

	if (off && !strcmp(off, "0"))
		return {};
	if ((v = getenv("XE_CBEV_CACHE_DIR")) && *v)
		return v;
	if ((v = getenv("XDG_CACHE_HOME")) && *v == '/')
		return std::string(v) + "/xe_cbev";
	if ((v = getenv("HOME")) && *v == '/' && strcmp(v, "/"))
		return std::string(v) + "/.cache/xe_cbev";
	return {};
}

std::string xe_jit::cache_key(const void *spirv, size_t size,
			      const xe_jit_spec_const *consts,
			      uint32_t num_consts, const char *flags)
{
	static const std::string build = shim_build_id();
	SHA256 h;
	auto part = [&](const void *p, size_t n) {
		uint64_t len = n;

		h.update(ArrayRef<uint8_t>((const uint8_t *)&len, sizeof(len)));
		h.update(ArrayRef<uint8_t>((const uint8_t *)p, n));
	};
	/* LLVM's and the translator's code, found by one function of each. */
	bool (*translator)(LLVMContext &, std::istream &, Module *&,
			   std::string &) = readSpirv;
	const char *libs[] = {
		builtins_path(),
		library_of((const void *)&sys::getHostCPUName),
		library_of((const void *)translator),
	};
	std::string cpu = host_cpu_id(), f = flags ? flags : "";
	const char *llvm = LLVM_VERSION_STRING;

	part(spirv, size);
	for (uint32_t i = 0; i < num_consts; i++) {
		part(&consts[i].id, sizeof(consts[i].id));
		part(consts[i].value, consts[i].value ? consts[i].size : 0);
	}
	part(f.data(), f.size());
	part(cpu.data(), cpu.size());
	part(build.data(), build.size());
	part(llvm, strlen(llvm));
	for (const char *lib : libs) {
		struct stat st = {};

		if (!lib)
			continue;
		stat(lib, &st);
		part(lib, strlen(lib));
		part(&st.st_size, sizeof(st.st_size));
		part(&st.st_mtim, sizeof(st.st_mtim));
	}
	return hex(h.final());
}

bool xe_jit::cache_load(const std::string &dir, const std::string &key,
			std::string &image, std::string &log)
{
	std::string path = dir + "/" + key + ".bin", all;
	uint32_t n;

	if (!read_all(path, all) || all.size() < sizeof(entry_magic) + 4 ||
	    memcmp(all.data(), entry_magic, sizeof(entry_magic)))
		return false;
	memcpy(&n, all.data() + sizeof(entry_magic), 4);
	if (n > all.size() - sizeof(entry_magic) - 4)
		return false;
	log.assign(all, sizeof(entry_magic) + 4, n);
	image.assign(all, sizeof(entry_magic) + 4 + n, std::string::npos);
	/* Used now: the last to go. */
	utimensat(AT_FDCWD, path.c_str(), nullptr, 0);
	return true;
}

void xe_jit::cache_store(const std::string &dir, const std::string &key,
			 const std::string &image, const std::string &log)
{
	std::string path = dir + "/" + key + ".bin";
	std::string tmp = path + ".tmp." + std::to_string(getpid()) + "." +
			  std::to_string(gettid());
	uint32_t n = (uint32_t)log.size();
	std::string all(entry_magic, sizeof(entry_magic));
	bool ok = true;
	int fd;

	if (mkdirs(dir))
		return;
	all.append((const char *)&n, 4);
	all += log;
	all += image;
	fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	for (size_t done = 0; ok && done < all.size();) {
		ssize_t w = write(fd, all.data() + done, all.size() - done);

		ok = w > 0;
		done += ok ? (size_t)w : 0;
	}
	if (close(fd))
		ok = false;
	if (!ok || rename(tmp.c_str(), path.c_str())) {
		unlink(tmp.c_str());
		return;
	}
	evict(dir);
}
