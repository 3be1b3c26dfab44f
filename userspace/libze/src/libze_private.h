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
#include <stddef.h>
#include <stdint.h>

#include <level_zero/ze_api.h>
#include <zex_ddi_handles.h>
#include <zex_spec.h>

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

/*
 * Every object a handle names starts with a struct xe_object: the
 * DDI-handles header that a loader dispatches through, then a magic number
 * that says what the object is. An entry point turns a handle into its
 * object with xe_object_check(), which refuses NULL, a handle of another
 * kind and (as far as freed memory allows) a destroyed object, whose magic
 * is cleared before it is freed.
 */
enum xe_magic {
	XE_MAGIC_NONE = 0,
	XE_MAGIC_DRIVER = 0x58447276,		/* "XDrv" */
	XE_MAGIC_DEVICE = 0x58446576,		/* "XDev" */
	XE_MAGIC_CONTEXT = 0x58437478,		/* "XCtx" */
	XE_MAGIC_CMDQUEUE = 0x58437175,		/* "XCqu" */
	XE_MAGIC_CMDLIST = 0x58436c73,		/* "XCls" */
	XE_MAGIC_FENCE = 0x5846656e,		/* "XFen" */
	XE_MAGIC_EVENT_POOL = 0x5845706c,	/* "XEpl" */
	XE_MAGIC_EVENT = 0x58457674,		/* "XEvt" */
	XE_MAGIC_MODULE = 0x584d6f64,		/* "XMod" */
	XE_MAGIC_BUILD_LOG = 0x58426c67,	/* "XBlg" */
	XE_MAGIC_KERNEL = 0x584b726e,		/* "XKrn" */
};

struct xe_object {
	zex_handle_t ddi;
	uint32_t magic;
};

static_assert(offsetof(struct xe_object, ddi) == 0,
	      "a handle must point at its DDI header");

static inline void *xe_object_check(const void *handle, enum xe_magic magic)
{
	const struct xe_object *obj = handle;

	if (!obj || obj->magic != magic)
		return NULL;
	return (void *)obj;
}

static inline void *xe_object_handle(struct xe_object *obj)
{
	return obj;
}

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
