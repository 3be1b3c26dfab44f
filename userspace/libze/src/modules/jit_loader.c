// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: loading the compiler
 *
 * The SPIR-V compiler is a separate shim library (userspace/include/xe_jit.h),
 * XE_JIT_LIBRARY, or the file XE_CBEV_JIT_LIBRARY names. It is opened the
 * first time a SPIR-V module is created -- never by zeInit -- with
 * RTLD_LOCAL, so that neither it nor the LLVM it links can resolve
 * against, or be resolved by, an LLVM the application already loaded.
 * Once opened it stays for the life of the process (its code backs every
 * compiled kernel). A library that cannot be opened or does not speak
 * XE_JIT_ABI_VERSION is reported each time, in the build log.
 */

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "modules/jit_loader.h"

static pthread_mutex_t jit_lock = PTHREAD_MUTEX_INITIALIZER;
static const struct xe_jit_ops *jit_ops;

/**
 * xe_jit_load() - the compiler shim's operations, loading it the first time
 * @why: what went wrong, for the build log
 * @why_size: bytes at @why
 *
 * Return: the operations, or NULL.
 */
const struct xe_jit_ops *xe_jit_load(char *why, size_t why_size)
{
	const char *path = getenv("XE_CBEV_JIT_LIBRARY");
	const struct xe_jit_ops *ops;
	xe_jit_get_ops_fn get;
	void *lib;

	pthread_mutex_lock(&jit_lock);
	ops = jit_ops;
	if (ops)
		goto out;
	if (!path || !*path) {
		path = XE_JIT_LIBRARY;
		lib = dlopen(path, RTLD_LOCAL | RTLD_NOW);
		/* Installed, it lives in the library folder's xe_cbev/. */
		if (!lib) {
			path = XE_JIT_PRIVATE_PATH;
			lib = dlopen(path, RTLD_LOCAL | RTLD_NOW);
		}
	} else {
		lib = dlopen(path, RTLD_LOCAL | RTLD_NOW);
	}
	if (!lib) {
		snprintf(why, why_size, "cannot load the SPIR-V compiler %s: %s",
			 path, dlerror());
		goto out;
	}
	get = (xe_jit_get_ops_fn)dlsym(lib, "xe_jit_get_ops");
	ops = get ? get(XE_JIT_ABI_VERSION) : NULL;
	if (!ops || ops->abi_version != XE_JIT_ABI_VERSION) {
		snprintf(why, why_size,
			 "the SPIR-V compiler %s does not speak ABI version %u",
			 path, XE_JIT_ABI_VERSION);
		dlclose(lib);
		ops = NULL;
		goto out;
	}
	jit_ops = ops;
out:
	pthread_mutex_unlock(&jit_lock);
	return ops;
}
