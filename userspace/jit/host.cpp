// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * What compiled kernels may call on the host: the shim's own run-time
 * entry points, and the C library functions that the built-in runtime and
 * LLVM's code generator call (math, memory, printf). Any other undefined
 * function is an unresolved function, reported at compile time.
 */

#include <dlfcn.h>
#include <pthread.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <unordered_set>

#include "jit_internal.hpp"

namespace {

const char *const libc_names[] = {
	"memcpy", "memmove", "memset", "snprintf",
	"sinf", "sin", "cosf", "cos", "tanf", "tan", "asinf", "asin",
	"acosf", "acos", "atanf", "atan", "atan2f", "atan2", "sinhf", "sinh",
	"coshf", "cosh", "tanhf", "tanh", "asinhf", "asinh", "acoshf", "acosh",
	"atanhf", "atanh", "expf", "exp", "exp2f", "exp2", "expm1f", "expm1",
	"exp10f", "exp10", "logf", "log", "log2f", "log2", "log10f", "log10",
	"log1pf", "log1p", "powf", "pow", "fmodf", "fmod", "floorf", "floor",
	"ceilf", "ceil", "truncf", "trunc", "roundf", "round", "rintf", "rint",
	"nearbyintf", "nearbyint", "fabsf", "fabs", "fminf", "fmin", "fmaxf",
	"fmax", "fmaf", "fma", "sqrtf", "sqrt", "cbrtf", "cbrt", "hypotf",
	"hypot", "copysignf", "copysign", "fdimf", "fdim", "remainderf",
	"remainder", "nextafterf", "nextafter", "erff", "erf", "erfcf", "erfc",
	"tgammaf", "tgamma", "lgammaf", "lgamma", "logbf", "logb", "ldexpf",
	"ldexp", "sincosf", "sincos", "__powisf2", "__powidf2",
};

/* libgcc's conversions of half, which code for CPUs without F16C calls
 * (the test VM's); the shim links libgcc_s, which has them. */
extern "C" void __extendhfsf2(void);
extern "C" void __truncsfhf2(void);
extern "C" void __extendhfdf2(void);
extern "C" void __truncdfhf2(void);

const struct {
	const char *name;
	void (*fn)(void);
} libgcc_half[] = {
	{ "__extendhfsf2", __extendhfsf2 },
	{ "__truncsfhf2", __truncsfhf2 },
	{ "__extendhfdf2", __extendhfdf2 },
	{ "__truncdfhf2", __truncdfhf2 },
};

/* libgcc's powi, in case the host's copy is not reachable. */
extern "C" float xe_jit_powisf2(float x, int n)
{
	return (float)std::pow((double)x, n);
}

extern "C" double xe_jit_powidf2(double x, int n)
{
	return std::pow(x, n);
}

/* printf's buffer, one per thread (builtins.cpp). */
struct printf_state {
	char *buffer;
	uint32_t *position;
	uint32_t capacity;
};

constexpr uint32_t printf_capacity = 64 * 1024;

thread_local char printf_buffer[printf_capacity];
thread_local uint32_t printf_position;
thread_local printf_state printf_st;

/* The calling thread's stack, found once. */
thread_local uintptr_t stack_lo, stack_hi;

bool on_own_stack(uintptr_t a)
{
	if (!stack_hi) {
		pthread_attr_t at;
		void *lo;
		size_t size;

		if (pthread_getattr_np(pthread_self(), &at))
			return false;
		pthread_attr_getstack(&at, &lo, &size);
		pthread_attr_destroy(&at);
		stack_lo = (uintptr_t)lo;
		stack_hi = stack_lo + size;
	}
	return a >= stack_lo && a < stack_hi;
}

} // namespace

/* The address space of generic pointer @p: 1 global, 2 local, 3 private
 * (runtime/spaces.cl). */
extern "C" uint32_t xe_jit_rt_space(const xe_jit_group *g, const void *p)
{
	uintptr_t a = (uintptr_t)p, l = (uintptr_t)g->local_base,
		  s = (uintptr_t)g->scratch;

	if (!p)
		return 0;
	if (a >= l && a - l < g->local_bytes)
		return 2;
	if ((a >= s && a - s < g->scratch_bytes) || on_own_stack(a))
		return 3;
	return 1;
}

extern "C" void *xe_jit_rt_printf_state(void)
{
	printf_st = { printf_buffer, &printf_position, printf_capacity };
	return &printf_st;
}

/* One write per printf call, so that the lines of work-items running on
 * several threads do not interleave within a line. */
extern "C" void xe_jit_rt_printf_flush(void)
{
	uint32_t n = std::min(printf_position, printf_capacity);

	if (n)
		fwrite(printf_buffer, 1, n, stdout);
	printf_position = 0;
}

bool xe_jit::host_symbol_known(const std::string &name)
{
	static const std::unordered_set<std::string> names(
		std::begin(libc_names), std::end(libc_names));

	for (const auto &h : libgcc_half)
		if (name == h.name)
			return true;
	return names.count(name) || name == "xe_jit_rt_barrier" ||
	       name == "xe_jit_rt_scratch" ||
	       name == "xe_jit_rt_printf_state" ||
	       name == "xe_jit_rt_sg" || name == "xe_jit_rt_wg" ||
	       name == "xe_jit_rt_space" ||
	       name == "xe_jit_rt_printf_flush" ||
	       name == "xe_jit_rt_run_fibers";
}

void *xe_jit::host_symbol(const std::string &name)
{
	if (name == "xe_jit_rt_barrier")
		return (void *)xe_jit_rt_barrier;
	if (name == "xe_jit_rt_scratch")
		return (void *)xe_jit_rt_scratch;
	if (name == "xe_jit_rt_space")
		return (void *)xe_jit_rt_space;
	if (name == "xe_jit_rt_sg")
		return (void *)xe_jit_rt_sg;
	if (name == "xe_jit_rt_wg")
		return (void *)xe_jit_rt_wg;
	if (name == "xe_jit_rt_printf_state")
		return (void *)xe_jit_rt_printf_state;
	if (name == "xe_jit_rt_printf_flush")
		return (void *)xe_jit_rt_printf_flush;
	if (name == "xe_jit_rt_run_fibers")
		return (void *)xe_jit_rt_run_fibers;
	for (const auto &h : libgcc_half)
		if (name == h.name)
			return (void *)h.fn;
	if (name == "__powisf2")
		return (void *)xe_jit_powisf2;
	if (name == "__powidf2")
		return (void *)xe_jit_powidf2;
	if (!host_symbol_known(name))
		return nullptr;
	/* The shim's own scope: libc and libm are among its dependencies. */
	return dlsym(RTLD_DEFAULT, name.c_str());
}
