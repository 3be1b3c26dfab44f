/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _LIBZE_TEST_SPIRV_H
#define _LIBZE_TEST_SPIRV_H

/*
 * SPIR-V blobs for the stand-in compiler (jit_standin.c), shared by
 * test_libze_spirv.c and the helper: a header, SpecId 7 on a 32-bit uint,
 * then kernel names as strings, which the stand-in looks for.
 */

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define LZ_JIT_STANDIN	"/usr/lib/xe_cbev/libxe_cbev_jit_standin.so"

/*
 * Write the blob into @w (room for 17 words and the names) and return its
 * bytes; @names is a list of NUL-terminated strings ending with an empty
 * one ("vadd\0count\0").
 */
static inline size_t lz_spirv(uint32_t *w, const char *names)
{
	const char *p = names;
	size_t n = 0, len, words;

	while (*p)
		p += strlen(p) + 1;
	len = p - names + 1;
	words = (len + 3) / 4 + 1;

	w[n++] = 0x07230203u;
	w[n++] = 0x00010000u;
	w[n++] = 0;
	w[n++] = 100;
	w[n++] = 0;
	w[n++] = 4u << 16 | 71;	/* OpDecorate %10 SpecId 7 */
	w[n++] = 10;
	w[n++] = 1;
	w[n++] = 7;
	w[n++] = 4u << 16 | 21;	/* %11 = OpTypeInt 32 0 */
	w[n++] = 11;
	w[n++] = 32;
	w[n++] = 0;
	w[n++] = 4u << 16 | 50;	/* %10 = OpSpecConstant %11 5 */
	w[n++] = 11;
	w[n++] = 10;
	w[n++] = 5;
	/* OpSourceExtension with the names (NUL-separated strings). */
	w[n] = (uint32_t)words << 16 | 4;
	memset(&w[n + 1], 0, (words - 1) * 4);
	memcpy(&w[n + 1], names, len);
	return (n + words) * 4;
}

#endif /* _LIBZE_TEST_SPIRV_H */
