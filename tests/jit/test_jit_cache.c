// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * The shim's compile cache (userspace/jit/cache.cpp), in a folder of its
 * own: what a compile leaves there, that a second compile takes the entry
 * (an entry planted under another module's key proves it), that a corrupt
 * or foreign entry is ignored and written again, that the key covers the
 * build flags, the specialization constants and the LLVM library the shim
 * runs with, that the build log survives, the size bound, and
 * XE_CBEV_CACHE=0.
 */

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <check.h>

#include "jit_test.h"
#include "check_run.h"

static char dir[64];

static void setup(void)
{
	strcpy(dir, "/tmp/xe_jit_cacheXXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	setenv("XE_CBEV_CACHE", "1", 1);
	setenv("XE_CBEV_CACHE_DIR", dir, 1);
	unsetenv("XE_CBEV_CACHE_MAX_MB");
}

static void teardown(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[512];

	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		unlink(p);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

/* The entries (*.bin) in the cache, and the first one's name; fails on a
 * temporary file left behind. */
static int entries(char *first, size_t len, off_t *bytes)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (bytes)
		*bytes = 0;
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d))) {
		struct stat st;
		char p[512];

		if (e->d_name[0] == '.')
			continue;
		ck_assert_msg(!strstr(e->d_name, ".tmp."), "left: %s", e->d_name);
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		ck_assert_int_eq(stat(p, &st), 0);
		if (bytes)
			*bytes += st.st_size;
		if (!strstr(e->d_name, ".bin"))
			continue;
		if (!n++ && first)
			snprintf(first, len, "%s/%s", dir, e->d_name);
	}
	closedir(d);
	return n;
}

static struct xe_jit_module *build(const char *name, const char *flags,
				   const struct xe_jit_spec_const *c,
				   uint32_t nc, char **log)
{
	struct xe_jit_module *mod = NULL;
	char file[64];
	size_t size;
	void *spv;

	snprintf(file, sizeof(file), "%s.spv", name);
	spv = jt_read_file(file, &size);
	ck_assert_int_eq(jt_ops()->compile(spv, size, c, nc, flags, &mod, log), 0);
	free(spv);
	return mod;
}

static int has_kernel(struct xe_jit_module *mod, const char *name)
{
	for (uint32_t i = 0; i < jt_ops()->kernel_count(mod); i++)
		if (!strcmp(jt_ops()->kernel_info(mod, i)->name, name))
			return 1;
	return 0;
}

static void copy_file(const char *from, const char *to)
{
	char buf[1 << 16];
	int in = open(from, O_RDONLY), out = open(to, O_WRONLY | O_TRUNC);
	ssize_t n;

	ck_assert_int_ge(in, 0);
	ck_assert_int_ge(out, 0);
	while ((n = read(in, buf, sizeof(buf))) > 0)
		ck_assert_int_eq(write(out, buf, n), n);
	close(in);
	close(out);
}

START_TEST(second_compile_takes_the_entry)
{
	char a[512], b[512];
	struct xe_jit_module *m;
	char *log = NULL;

	m = build("basic", "", NULL, 0, NULL);
	ck_assert_int_eq(entries(a, sizeof(a), NULL), 1);
	jt_ops()->destroy(m);
	/* Another module's entry under basic's key: a hit gives its kernels. */
	rename(a, "/tmp/xe_jit_cache_keep");
	m = build("barrier", "", NULL, 0, NULL);
	ck_assert_int_eq(entries(b, sizeof(b), NULL), 1);
	jt_ops()->destroy(m);
	rename("/tmp/xe_jit_cache_keep", a);
	copy_file(b, a);
	m = build("basic", "", NULL, 0, &log);
	ck_assert_msg(!has_kernel(m, "vadd") && has_kernel(m, "reduce"),
		      "the second compile did not take the entry");
	free(log);
	jt_ops()->destroy(m);
}
END_TEST

START_TEST(corrupt_and_foreign_entries_are_rebuilt)
{
	char a[512];
	struct stat good, now;
	struct xe_jit_module *m;
	int fd;

	m = build("basic", "", NULL, 0, NULL);
	jt_ops()->destroy(m);
	ck_assert_int_eq(entries(a, sizeof(a), NULL), 1);
	ck_assert_int_eq(stat(a, &good), 0);

	/* A byte flipped in the object: the checksum refuses it. */
	fd = open(a, O_RDWR);
	ck_assert_int_eq(pwrite(fd, "\xff\xfe", 2, good.st_size / 2), 2);
	close(fd);
	m = build("basic", "", NULL, 0, NULL);
	ck_assert(has_kernel(m, "vadd"));
	jt_ops()->destroy(m);
	ck_assert_int_eq(stat(a, &now), 0);
	ck_assert_int_eq(now.st_size, good.st_size);

	/* Torn: half of it. */
	ck_assert_int_eq(truncate(a, good.st_size / 2), 0);
	m = build("basic", "", NULL, 0, NULL);
	ck_assert(has_kernel(m, "vadd"));
	jt_ops()->destroy(m);
	ck_assert_int_eq(stat(a, &now), 0);
	ck_assert_int_eq(now.st_size, good.st_size);

	/* Not an entry at all. */
	fd = open(a, O_WRONLY | O_TRUNC);
	ck_assert_int_eq(write(fd, "#!/bin/sh\n", 10), 10);
	close(fd);
	m = build("basic", "", NULL, 0, NULL);
	ck_assert(has_kernel(m, "vadd"));
	jt_ops()->destroy(m);
	ck_assert_int_eq(stat(a, &now), 0);
	ck_assert_int_eq(now.st_size, good.st_size);
	ck_assert_int_eq(entries(NULL, 0, NULL), 1);
}
END_TEST

START_TEST(key_covers_flags_and_constants)
{
	uint32_t v1 = 1, v2 = 2;
	struct xe_jit_spec_const c1 = { .id = 1, .size = 4, .value = &v1 };
	struct xe_jit_spec_const c2 = { .id = 1, .size = 4, .value = &v2 };
	char *log = NULL;

	jt_ops()->destroy(build("basic", "", NULL, 0, NULL));
	jt_ops()->destroy(build("basic", "-cl-mad-enable", NULL, 0, NULL));
	ck_assert_int_eq(entries(NULL, 0, NULL), 2);
	jt_ops()->destroy(build("basic", "-cl-mad-enable", NULL, 0, NULL));
	ck_assert_int_eq(entries(NULL, 0, NULL), 2);
	jt_ops()->destroy(build("basic", "", &c1, 1, NULL));
	jt_ops()->destroy(build("basic", "", &c2, 1, NULL));
	ck_assert_int_eq(entries(NULL, 0, NULL), 4);

	/* The build log comes back with the entry. */
	jt_ops()->destroy(build("basic", "-xe-no-such-flag", NULL, 0, &log));
	ck_assert_ptr_nonnull(strstr(log, "ignored build flag: -xe-no-such-flag"));
	free(log);
	log = NULL;
	jt_ops()->destroy(build("basic", "-xe-no-such-flag", NULL, 0, &log));
	ck_assert_ptr_nonnull(log);
	ck_assert_ptr_nonnull(strstr(log, "ignored build flag: -xe-no-such-flag"));
	free(log);
	ck_assert_int_eq(entries(NULL, 0, NULL), 5);
}
END_TEST

/* The file this process loaded libLLVM from (the shim is loaded). */
static int find_llvm(struct dl_phdr_info *info, size_t size __attribute__((unused)),
		     void *data)
{
	const char *base = strrchr(info->dlpi_name, '/');

	if (!base || strncmp(base + 1, "libLLVM-", 8))
		return 0;
	snprintf(data, 512, "%s", info->dlpi_name);
	return 1;
}

/* The child of key_covers_the_llvm_library, outside Check's runner (where
 * ck_assert cannot report): compiles kernels/@name.spv, 0 on success. */
static int compile_outside_check(const char *name)
{
	void *h = dlopen(JIT_SO, RTLD_NOW | RTLD_LOCAL);
	xe_jit_get_ops_fn get = h ? (xe_jit_get_ops_fn)dlsym(h, "xe_jit_get_ops") : NULL;
	const struct xe_jit_ops *ops = get ? get(XE_JIT_ABI_VERSION) : NULL;
	struct xe_jit_module *mod = NULL;
	char path[512];
	static char spv[1 << 20];
	size_t n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.spv", KERNELS_DIR, name);
	f = fopen(path, "rb");
	if (f) {
		n = fread(spv, 1, sizeof(spv), f);
		fclose(f);
	}
	if (!ops || !n || ops->compile(spv, n, NULL, 0, "", &mod, NULL))
		return EXIT_FAILURE;
	ops->destroy(mod);
	return EXIT_SUCCESS;
}

/* Compiles @name in a new process that finds libLLVM in @libdir first. */
static void compile_with_libdir(const char *name, const char *libdir)
{
	pid_t pid = fork();
	int status;

	ck_assert_int_ge(pid, 0);
	if (!pid) {
		setenv("LD_LIBRARY_PATH", libdir, 1);
		execl("/proc/self/exe", "test_jit_cache", "--compile", name,
		      (char *)NULL);
		_exit(127);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && !WEXITSTATUS(status),
		      "the compile with LD_LIBRARY_PATH=%s failed", libdir);
}

/*
 * The shim links LLVM as a shared library, which a package update replaces
 * under the same shim: the key covers the library it runs with. The same
 * library reached through a link in another folder is another file to the
 * key (its path differs), so the entry is not taken.
 */
START_TEST(key_covers_the_llvm_library)
{
	char llvm[512] = "", libdir[128], link[640], p[160];

	jt_ops()->destroy(build("basic", "", NULL, 0, NULL));
	ck_assert_int_eq(entries(NULL, 0, NULL), 1);
	dl_iterate_phdr(find_llvm, llvm);
	ck_assert_msg(llvm[0], "libLLVM is not loaded with the shim");
	snprintf(libdir, sizeof(libdir), "%s/llvm", dir);
	ck_assert_int_eq(mkdir(libdir, 0700), 0);
	snprintf(link, sizeof(link), "%s/%s", libdir, strrchr(llvm, '/') + 1);
	ck_assert_int_eq(symlink(llvm, link), 0);

	compile_with_libdir("basic", libdir);
	ck_assert_msg(entries(NULL, 0, NULL) == 2,
		      "another libLLVM must be another key");
	/* and that library's entry is taken the next time */
	compile_with_libdir("basic", libdir);
	ck_assert_int_eq(entries(NULL, 0, NULL), 2);
	/* teardown removes files only */
	snprintf(p, sizeof(p), "rm -rf %s", libdir);
	ck_assert_int_eq(system(p), 0);
}
END_TEST

/* Past XE_CBEV_CACHE_MAX_MB the least recently used entries go. */
START_TEST(size_bound_evicts_the_oldest)
{
	static char junk[400 << 10];
	char p[512], keep[512];
	struct timespec old[2] = { { 1000, 0 }, { 1000, 0 } };
	off_t bytes;

	setenv("XE_CBEV_CACHE_MAX_MB", "2", 1);
	for (int i = 0; i < 6; i++) {
		int fd;

		snprintf(p, sizeof(p), "%s/%064d.bin", dir, i);
		fd = open(p, O_WRONLY | O_CREAT, 0600);
		ck_assert_int_eq(write(fd, junk, sizeof(junk)), (ssize_t)sizeof(junk));
		old[0].tv_sec = old[1].tv_sec = 1000 + i;
		futimens(fd, old);
		close(fd);
	}
	ck_assert_int_eq(entries(NULL, 0, &bytes), 6);
	ck_assert_int_gt(bytes, 2 << 20);
	jt_ops()->destroy(build("basic", "", NULL, 0, NULL));
	entries(NULL, 0, &bytes);
	ck_assert_int_le(bytes, (2 << 20) / 4 * 3);
	/* The oldest went, the new entry stayed. */
	snprintf(p, sizeof(p), "%s/%064d.bin", dir, 0);
	ck_assert_int_ne(access(p, F_OK), 0);
	snprintf(keep, sizeof(keep), "%s/%064d.bin", dir, 5);
	ck_assert_int_eq(access(keep, F_OK), 0);
	ck_assert_int_ge(entries(NULL, 0, NULL), 2);
}
END_TEST

/* The folder is made, with its parents, private to the user. */
START_TEST(makes_its_folder)
{
	char sub[128], p[160];
	struct stat st;

	snprintf(sub, sizeof(sub), "%s/a/b", dir);
	setenv("XE_CBEV_CACHE_DIR", sub, 1);
	jt_ops()->destroy(build("basic", "", NULL, 0, NULL));
	ck_assert_int_eq(stat(sub, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0700);
	/* teardown removes files only */
	snprintf(p, sizeof(p), "rm -rf %s/a", dir);
	ck_assert_int_eq(system(p), 0);
}
END_TEST

START_TEST(off_leaves_nothing)
{
	setenv("XE_CBEV_CACHE", "0", 1);
	jt_ops()->destroy(build("basic", "", NULL, 0, NULL));
	ck_assert_int_eq(entries(NULL, 0, NULL), 0);
}
END_TEST

int main(int argc, char **argv)
{
	Suite *s;
	TCase *tc;

	if (argc == 3 && !strcmp(argv[1], "--compile"))
		return compile_outside_check(argv[2]);
	s = suite_create("jit-cache");
	tc = tcase_create("cache");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, second_compile_takes_the_entry);
	tcase_add_test(tc, corrupt_and_foreign_entries_are_rebuilt);
	tcase_add_test(tc, key_covers_flags_and_constants);
	tcase_add_test(tc, key_covers_the_llvm_library);
	tcase_add_test(tc, size_bound_evicts_the_oldest);
	tcase_add_test(tc, makes_its_folder);
	tcase_add_test(tc, off_leaves_nothing);
	suite_add_tcase(s, tc);
	return check_run(s);
}
