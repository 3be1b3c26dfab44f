/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _ZEX_BUILTINS_H
#define _ZEX_BUILTINS_H

/*
 * DOC: built-in module images
 *
 * The xe_cbev engine cannot run compiled GPU code; it runs a fixed set of
 * built-in kernels (Documentation/command-stream.rst, XE_CBEV_DISPATCH).
 * An application reaches them the Level Zero way: zeModuleCreate() with
 * ZE_MODULE_FORMAT_NATIVE and a module image in the format below, then
 * zeKernelCreate() by one of the names the image lists. The format is
 * described in Documentation/libze-builtins.rst, with each kernel's
 * arguments and work-item meaning.
 *
 * All integers are little-endian; the image is a header followed by
 * @num_kernels kernel entries, nothing else.
 */

#include <stdint.h>

#include <drm/xe_cbev_cs.h>

#if defined(__cplusplus)
extern "C" {
#endif

#define ZEX_BUILTIN_MODULE_MAGIC	"XECBEVBI"	/* 8 bytes, no NUL */
#define ZEX_BUILTIN_MODULE_VERSION	1
#define ZEX_BUILTIN_NAME_SIZE		32
#define ZEX_BUILTIN_MAX_KERNELS		64

/*
 * The engine's built-in kernels (XE_CBEV_DISPATCH DW1): the ids of the
 * command-stream contract, <drm/xe_cbev_cs.h>.
 */
typedef enum _zex_builtin_kernel_t {
	ZEX_BUILTIN_FILL = XE_CBEV_BUILTIN_FILL,
	ZEX_BUILTIN_COPY = XE_CBEV_BUILTIN_COPY,
	ZEX_BUILTIN_ADD_U32 = XE_CBEV_BUILTIN_ADD_U32,
	ZEX_BUILTIN_SCALE_U32 = XE_CBEV_BUILTIN_SCALE_U32,
	ZEX_BUILTIN_CHECKSUM = XE_CBEV_BUILTIN_CHECKSUM,
	ZEX_BUILTIN_SPIN = XE_CBEV_BUILTIN_SPIN,
} zex_builtin_kernel_t;

typedef struct _zex_builtin_module_header_t {
	char magic[8];		/* ZEX_BUILTIN_MODULE_MAGIC */
	uint32_t version;	/* ZEX_BUILTIN_MODULE_VERSION */
	uint32_t num_kernels;	/* 1 to ZEX_BUILTIN_MAX_KERNELS */
} zex_builtin_module_header_t;

typedef struct _zex_builtin_module_kernel_t {
	char name[ZEX_BUILTIN_NAME_SIZE];	/* NUL-terminated, unique */
	uint32_t builtin;			/* zex_builtin_kernel_t */
	uint32_t reserved;			/* must be zero */
} zex_builtin_module_kernel_t;

#if !defined(__cplusplus)
_Static_assert(sizeof(zex_builtin_module_header_t) == 16,
	       "built-in module header is 16 bytes");
_Static_assert(sizeof(zex_builtin_module_kernel_t) == 40,
	       "built-in module kernel entry is 40 bytes");
#endif

/* An image with every built-in under its own name, ready to pass as is. */
typedef struct _zex_builtin_module_all_t {
	zex_builtin_module_header_t header;
	zex_builtin_module_kernel_t kernels[6];
} zex_builtin_module_all_t;

#define ZEX_BUILTIN_MODULE_ALL_INIT {					\
	.header = {							\
		{ 'X', 'E', 'C', 'B', 'E', 'V', 'B', 'I' },		\
		ZEX_BUILTIN_MODULE_VERSION, 6,				\
	},								\
	.kernels = {							\
		{ "fill", ZEX_BUILTIN_FILL, 0 },			\
		{ "copy", ZEX_BUILTIN_COPY, 0 },			\
		{ "add_u32", ZEX_BUILTIN_ADD_U32, 0 },			\
		{ "scale_u32", ZEX_BUILTIN_SCALE_U32, 0 },		\
		{ "checksum", ZEX_BUILTIN_CHECKSUM, 0 },		\
		{ "spin", ZEX_BUILTIN_SPIN, 0 },			\
	},								\
}

#if defined(__cplusplus)
}
#endif

#endif /* _ZEX_BUILTINS_H */
