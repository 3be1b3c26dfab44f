// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Which OpenCL C built-in families build through the shim. For each family
 * of clang-15's own opencl-c.h, tests/jit/gen-builtin-coverage wrote a
 * module that calls every declaration once (COVERAGE_DIR/<family>.spv,
 * listed in families.txt). Each is compiled here and the table goes to
 * stdout, so that it is in the test log: family, declarations, whether it
 * builds, and for a failure the distinct unresolved functions (or what
 * else the build log blames). The families tests/jit/coverage-expected
 * lists must build; the others are reported only, so that the table shows
 * where the shim stands without failing on what it does not do yet.
 */

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <check.h>

#include "jit_test.h"
#include "check_run.h"

#ifndef COVERAGE_DIR
#error "COVERAGE_DIR must name the folder gen-builtin-coverage wrote"
#endif
#ifndef COVERAGE_EXPECTED
#error "COVERAGE_EXPECTED must name the list of families that must build"
#endif

#define MAX_FAMILIES	128
#define MAX_NAMES	10	/* unresolved functions shown per family */
#define MAX_WORKERS	8
/* O1 without the vectorisers: the same unresolved calls as at O3 (every
 * result is stored, no call is dead), for some 15% less CPU time. */
#ifndef BUILD_FLAGS
#define BUILD_FLAGS	"-cl-opt-disable"
#endif

/* In memory the worker processes share: no pointers. */
struct family {
	char name[64];
	unsigned int declared;
	int in_scope;		/* "spv": there is a module to build */
	char note[256];		/* why not in scope, or what was not called */
	int state;		/* 0 waiting, 1 building, 2 built or not */
	pid_t worker;		/* the process building it */
	int built;
	long ms;
	unsigned int unresolved;	/* distinct functions */
	char names[MAX_NAMES][128];
	char why[512];		/* a failure that is not an unresolved call */
};

static struct family *fam;
static unsigned int num_fam;
static unsigned int *next_fam;	/* shared: the next family to claim */

static void *read_all(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	void *buf;
	long n;

	ck_assert_msg(f, "cannot open %s (make builds it)", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, n, f), (size_t)n);
	((char *)buf)[n] = 0;
	fclose(f);
	*size = n;
	return buf;
}

/* families.txt: "<family> <declarations> spv [note]" or
 * "<family> <declarations> excluded <why>"; '#' starts a comment. */
static void read_families(void)
{
	size_t size;
	char *text = read_all(COVERAGE_DIR "/families.txt", &size), *save;

	for (char *l = strtok_r(text, "\n", &save); l;
	     l = strtok_r(NULL, "\n", &save)) {
		struct family *f = &fam[num_fam];
		char kind[16];
		int at = 0;

		if (*l == '#')
			continue;
		ck_assert_uint_lt(num_fam, MAX_FAMILIES);
		ck_assert_msg(sscanf(l, "%63s %u %15s %n", f->name, &f->declared,
				     kind, &at) == 3, "families.txt: %s", l);
		f->in_scope = !strcmp(kind, "spv");
		snprintf(f->note, sizeof(f->note), "%s", l + at);
		num_fam++;
	}
	free(text);
	ck_assert_uint_gt(num_fam, 0);
}

/* The build log: "unresolved function: <demangled> (<mangled>)" lines,
 * each function once; anything else is kept as the reason when no call is
 * unresolved (a refused capability, invalid SPIR-V). */
static void read_log(struct family *f, const char *log)
{
	const char *tag = "unresolved function: ";
	size_t taglen = strlen(tag);

	while (log && *log) {
		const char *end = strchrnul(log, '\n');
		size_t len = end - log;

		if (len > taglen && !strncmp(log, tag, taglen)) {
			const char *name = log + taglen;
			const char *paren = NULL;

			/* The demangled name, without the mangled one. */
			for (const char *p = name; p + 1 < end; p++)
				if (p[0] == ' ' && p[1] == '(')
					paren = p;
			if (f->unresolved < MAX_NAMES)
				snprintf(f->names[f->unresolved],
					 sizeof(f->names[0]), "%.*s",
					 (int)((paren ? paren : end) - name),
					 name);
			f->unresolved++;
		} else if (len && strncmp(log, "ignored build flag", 18)) {
			size_t have = strlen(f->why);

			/* Several refused capabilities: all on one line. */
			if (have + 3 < sizeof(f->why))
				snprintf(f->why + have, sizeof(f->why) - have,
					 "%s%.*s", have ? "; " : "", (int)len, log);
		}
		log = *end ? end + 1 : end;
	}
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void build(struct family *f)
{
	char path[256], *log = NULL;
	size_t size;
	void *spv;
	long t0;

	snprintf(path, sizeof(path), "%s/%s.spv", COVERAGE_DIR, f->name);
	spv = read_all(path, &size);
	t0 = now_ms();
	f->built = jt_compile_err(spv, size, BUILD_FLAGS, &log) == 0;
	f->ms = now_ms() - t0;
	if (!f->built)
		read_log(f, log);
	free(log);
	free(spv);
}

/* A worker process: claims the next family until none is left. Each has
 * its own shim, because the shim compiles one module at a time per
 * process (one lock around LLVM); workers use the cores. */
static void worker(void)
{
	unsigned int i;

	while ((i = __atomic_fetch_add(next_fam, 1, __ATOMIC_RELAXED)) <
	       num_fam) {
		if (!fam[i].in_scope)
			continue;
		fam[i].worker = getpid();
		fam[i].state = 1;
		build(&fam[i]);
		fam[i].state = 2;
	}
	fflush(stdout);
	_exit(0);
}

static pid_t spawn(void)
{
	pid_t pid = fork();

	ck_assert_int_ge(pid, 0);
	if (!pid)
		worker();
	return pid;
}

/* Builds every family on one worker per core. A worker that dies (the
 * shim crashed on a module) leaves the family it was building in state 1:
 * that family is reported as crashed, and another worker takes its place
 * while families are left. */
static void build_all(void)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned int workers = cpus < 1 ? 1 : cpus > MAX_WORKERS ?
			       MAX_WORKERS : (unsigned int)cpus;
	unsigned int alive = 0;
	int status;
	pid_t pid;

	for (unsigned int w = 0; w < workers; w++, alive++)
		spawn();
	while (alive) {
		pid = wait(&status);
		ck_assert_int_gt(pid, 0);
		alive--;
		if (WIFEXITED(status) && !WEXITSTATUS(status))
			continue;
		for (unsigned int i = 0; i < num_fam; i++) {
			if (fam[i].state != 1 || fam[i].worker != pid)
				continue;
			fam[i].state = 2;
			snprintf(fam[i].why, sizeof(fam[i].why),
				 "the compile crashed (%s %d)",
				 WIFSIGNALED(status) ? "signal" : "exit status",
				 WIFSIGNALED(status) ? WTERMSIG(status) :
				 WEXITSTATUS(status));
			break;
		}
		if (*next_fam < num_fam) {
			spawn();
			alive++;
		}
	}
}

/* The table, then the details of each failure. */
static void print_table(void)
{
	unsigned int ok = 0, n = 0, decl_ok = 0, decl = 0;

	printf("\nOpenCL C built-in families through the shim (clang-15's "
	       "opencl-c.h, build flags \"%s\")\n\n", BUILD_FLAGS);
	printf("%-30s %8s  %-6s %6s  %s\n", "family", "declared", "builds",
	       "ms", "why not");
	for (unsigned int i = 0; i < num_fam; i++) {
		struct family *f = &fam[i];

		if (!f->in_scope)
			continue;
		n++;
		decl += f->declared;
		ok += f->built;
		decl_ok += f->built ? f->declared : 0;
		printf("%-30s %8u  %-6s %6ld  ", f->name, f->declared,
		       f->built ? "yes" : "no", f->ms);
		if (f->built)
			printf("\n");
		else if (f->unresolved)
			printf("%u unresolved functions\n", f->unresolved);
		else
			printf("%.50s%s\n", f->why, strlen(f->why) > 50 ?
			       "..." : "");
	}
	printf("\nbuilds: %u of %u families, %u of %u declarations\n",
	       ok, n, decl_ok, decl);

	printf("\nwhy not (at most the first %d unresolved functions):\n",
	       MAX_NAMES);
	for (unsigned int i = 0; i < num_fam; i++) {
		struct family *f = &fam[i];

		if (!f->in_scope || f->built)
			continue;
		printf("  %s:", f->name);
		if (!f->unresolved)
			printf(" %s\n", f->why);
		for (unsigned int k = 0; k < f->unresolved && k < MAX_NAMES; k++)
			printf("\n      %s%s", f->names[k],
			       k + 1 == f->unresolved || k + 1 == MAX_NAMES ?
			       "\n" : "");
	}

	printf("\nnot called (gen-builtin-coverage's uncallable.txt):\n");
	for (unsigned int i = 0; i < num_fam; i++)
		if (fam[i].in_scope && fam[i].note[0])
			printf("  %s: %s\n", fam[i].name, fam[i].note);

	printf("\nnot in scope (not generated):\n");
	for (unsigned int i = 0; i < num_fam; i++)
		if (!fam[i].in_scope)
			printf("  %-16s %5u  %s\n", fam[i].name, fam[i].declared,
			       fam[i].note);
	printf("\n");
	fflush(stdout);
}

static struct family *find(const char *name)
{
	for (unsigned int i = 0; i < num_fam; i++)
		if (!strcmp(fam[i].name, name))
			return &fam[i];
	return NULL;
}

/* Every family coverage-expected lists builds; the message names all that
 * do not, not only the first. */
static void check_expected(void)
{
	size_t size;
	char *text = read_all(COVERAGE_EXPECTED, &size), *save;
	char bad[2048] = "";
	unsigned int listed = 0;

	for (char *l = strtok_r(text, "\n", &save); l;
	     l = strtok_r(NULL, "\n", &save)) {
		char name[64];
		struct family *f;

		if (sscanf(l, " %63[^# \t]", name) != 1)
			continue;	/* blank or a comment */
		listed++;
		f = find(name);
		if (f && f->in_scope && f->built)
			continue;
		snprintf(bad + strlen(bad), sizeof(bad) - strlen(bad), " %s%s",
			 name, !f ? " (no such family)" :
			 !f->in_scope ? " (not in scope)" : "");
	}
	free(text);
	ck_assert_uint_gt(listed, 0);
	ck_assert_msg(!bad[0], "expected to build, but do not:%s", bad);
}

START_TEST(families_build)
{
	size_t shared = sizeof(*fam) * MAX_FAMILIES + sizeof(*next_fam);
	void *mem = mmap(NULL, shared, PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	long t0 = now_ms();

	ck_assert_ptr_ne(mem, MAP_FAILED);
	fam = mem;
	next_fam = (unsigned int *)(fam + MAX_FAMILIES);
	read_families();
	build_all();
	/* The table first: it is the point even when the check fails. */
	print_table();
	printf("%u families in %ld ms\n\n", num_fam, now_ms() - t0);
	fflush(stdout);
	check_expected();
	munmap(mem, shared);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("jit-coverage");
	TCase *tc = tcase_create("opencl-c.h");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, families_build);
	suite_add_tcase(s, tc);
	return check_run(s);
}
