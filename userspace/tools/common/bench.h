/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_BENCH_H
#define _XE_CBEV_BENCH_H

/*
 * What the Level Zero benchmarks share besides struct l0_app: a check
 * that ends the program on a failed call, a clock reader and the
 * comparators qsort() needs to take medians.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <level_zero/ze_api.h>

/* Run a Level Zero call; print where and exit if it fails. */
#define CHECK(call)							\
	do {								\
		ze_result_t r_ = (call);				\
									\
		if (r_ != ZE_RESULT_SUCCESS) {				\
			fprintf(stderr, "%s:%d: %s: 0x%x\n", __FILE__,	\
				__LINE__, #call, (unsigned int)r_);	\
			exit(EXIT_FAILURE);				\
		}							\
	} while (0)

/* @clock now, in nanoseconds. */
static inline uint64_t bench_clock_ns(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* qsort() comparators: ascending doubles and ascending uint64_t. */
static inline int bench_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static inline int bench_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

#endif /* _XE_CBEV_BENCH_H */
