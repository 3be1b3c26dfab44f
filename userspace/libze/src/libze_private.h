/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _LIBZE_PRIVATE_H
#define _LIBZE_PRIVATE_H

/*
 * Helpers shared by every object of libze_xe_cbev. Nothing here is
 * exported: the library is built with -fvisibility=hidden and its version
 * script lists only the DDI table getters.
 */

#include <stddef.h>
#include <stdint.h>

#include <level_zero/ze_api.h>

/* The Level Zero API version this library implements. */
#define XE_API_VERSION		ZE_API_VERSION_1_4

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

#endif /* _LIBZE_PRIVATE_H */
