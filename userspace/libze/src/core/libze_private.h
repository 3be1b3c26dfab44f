/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _LIBZE_PRIVATE_H
#define _LIBZE_PRIVATE_H

/*
 * Helpers shared by every object of libze_xe_cbev. Nothing here is
 * exported: the library is built with -fvisibility=hidden, and only the
 * Level Zero names that XE_EXPORT() gives to the implementations, and the
 * DDI table getters, are visible (see libze_xe_cbev.map).
 */

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <level_zero/ze_api.h>
#include <zex_ddi_handles.h>
#include <zex_spec.h>

#include "core/object.h"

/*
 * The newest spec whose table layouts the library knows; the version it
 * reports is computed from what it implements (xe_ddi_api_version()).
 */
#define XE_DDI_VERSION_MAX	ZE_API_VERSION_1_17

/**
 * XE_EXPORT() - export an implementation under its Level Zero name
 * @api: the Level Zero name, e.g. zeContextCreate
 * @impl: the hidden implementation, e.g. xe_context_create
 *
 * An application that links the library directly calls @api. The DDI
 * tables hold @impl, a hidden symbol bound at link time, so that no call of
 * the loader's dispatch ever resolves to a same-named symbol of another
 * object (the loader exports every ze* name too). Declaring @api with the
 * type of @impl also checks the implementation against the prototype of
 * the Level Zero headers.
 */
#define XE_EXPORT(api, impl)						\
	extern __typeof__(impl) api					\
	__attribute__((alias(#impl), visibility("default")))

/*
 * Version of the library, reported as ze_driver_properties_t.driverVersion
 * in the usual major << 24 | minor << 16 | patch form: non-zero and growing
 * with every release, as the spec requires.
 */
#define XE_DRIVER_VERSION_MAJOR	0
#define XE_DRIVER_VERSION_MINOR	1
#define XE_DRIVER_VERSION_PATCH	0
#define XE_DRIVER_VERSION	((XE_DRIVER_VERSION_MAJOR << 24) | \
				 (XE_DRIVER_VERSION_MINOR << 16) | \
				 XE_DRIVER_VERSION_PATCH)

#define XE_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define xe_container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

/**
 * xe_enum_count() - apply the Level Zero enumeration convention
 * @count: the caller's [in,out] count, not NULL
 * @available: how many objects exist
 * @out: the caller's output array, may be NULL
 *
 * A count of 0 or a NULL array asks how many objects there are; otherwise
 * at most *@count objects are returned and *@count becomes the number
 * returned.
 *
 * Return: how many entries the caller must write to @out.
 */
static inline uint32_t xe_enum_count(uint32_t *count, uint32_t available,
				     const void *out)
{
	if (*count == 0 || !out) {
		*count = available;
		return 0;
	}
	if (*count > available)
		*count = available;
	return *count;
}

/**
 * xe_stype_ok() - is @stype the descriptor's structure type, or 0
 * @stype: the descriptor's stype
 * @want: the structure type it must name
 *
 * Programs that zero a descriptor and fill only its fields exist (a public
 * benchmark, level-zero-tests' counter-based tests), compute-runtime takes
 * them, and 0 names no structure that could be mistaken for another. Any
 * other value is a wrong descriptor.
 *
 * Return: true if the descriptor may be read as @want.
 */
static inline bool xe_stype_ok(ze_structure_type_t stype,
			       ze_structure_type_t want)
{
	return stype == want || stype == 0;
}

#endif /* _LIBZE_PRIVATE_H */
