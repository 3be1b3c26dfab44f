// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * The shim's LLVM must not clash with an LLVM the application already has.
 * This process loads Debian's libLLVM-14 first, globally, and uses it; then
 * loads the shim (LLVM 15) as libze does and compiles and runs a kernel;
 * then uses LLVM 14 again.
 */

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "jit_test.h"
#include "check_run.h"

#define LLVM14 "libLLVM-14.so.1"

typedef void *(*ctx_create_fn)(void);
typedef void (*ctx_dispose_fn)(void *);
typedef void *(*int_type_fn)(void *, unsigned int);
typedef unsigned int (*int_width_fn)(void *);

START_TEST(llvm14_then_shim)
{
	void *h = dlopen(LLVM14, RTLD_NOW | RTLD_GLOBAL);
	ctx_create_fn create;
	ctx_dispose_fn dispose;
	int_type_fn int_type;
	int_width_fn width;
	Dl_info where;
	void *ctx;

	ck_assert_msg(h, "dlopen %s: %s", LLVM14, dlerror());
	create = (ctx_create_fn)dlsym(h, "LLVMContextCreate");
	dispose = (ctx_dispose_fn)dlsym(h, "LLVMContextDispose");
	int_type = (int_type_fn)dlsym(h, "LLVMIntTypeInContext");
	width = (int_width_fn)dlsym(h, "LLVMGetIntTypeWidth");
	ck_assert(create && dispose && int_type && width);
	ctx = create();
	ck_assert_uint_eq(width(int_type(ctx, 37)), 37);

	/* The shim, its LLVM 15, a kernel. */
	struct xe_jit_module *mod = jt_compile("basic", NULL, 0);
	float a[256], b[256], c[256], *pa = a, *pb = b, *pc = c;
	struct jt_arg args[] = { JT_VAL(pa), JT_VAL(pb), JT_VAL(pc) };
	const uint64_t gs[3] = { 256, 1, 1 };
	const uint32_t ls[3] = { 32, 1, 1 };

	for (int i = 0; i < 256; i++) {
		a[i] = i * 0.5f;
		b[i] = 1000 - i;
	}
	jt_run(mod, "vadd", 1, gs, ls, NULL, args, 3, 2);
	for (int i = 0; i < 256; i++)
		ck_assert_float_eq(c[i], a[i] + b[i]);
	jt_ops()->destroy(mod);

	/* The application's LLVM is still the one it finds, and still works. */
	ck_assert(dladdr(dlsym(RTLD_DEFAULT, "LLVMContextCreate"), &where));
	ck_assert_msg(strstr(where.dli_fname, "LLVM-14"), "%s", where.dli_fname);
	ck_assert_uint_eq(width(int_type(ctx, 19)), 19);
	dispose(ctx);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("jit_isolation");
	TCase *tc = tcase_create("two_llvms");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, llvm14_then_shim);
	suite_add_tcase(s, tc);
	return check_run(s);
}
