/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_OBJECT_H
#define _XE_OBJECT_H

/*
 * The header every Level Zero object of the library starts with, and the
 * checks an entry point makes on a handle. A leaf: it calls nothing else of
 * the library, so that every object constructor, on whatever floor, can use
 * it without reaching up into the DDI tables (core/ddi.c fills the heads
 * that the header points at, once, before any handle exists).
 */

#include <assert.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <zex_ddi_handles.h>

/* Generic function pointer: what a table slot is, whatever its type. */
typedef void (*xe_ddi_fn_t)(void);

/* Most slots of any table at XE_DDI_VERSION_MAX. */
#define XE_DDI_MAX_SLOTS	64

/**
 * struct xe_ddi_heads - the dditable-driver structs every handle points at
 * @core: target of zex_handle_t.pCore: version, valid flag and a pointer to
 *	each of @tables
 * @tools: target of zex_handle_t.pTools (no tools API: not valid)
 * @sysman: target of zex_handle_t.pSysman (no sysman API: not valid)
 * @runtime: target of zex_handle_t.pRuntime: a zer_dditable_driver_t,
 *	whose first table pointer is the runtime API's Global table
 * @tables: every core table, laid out as at XE_DDI_VERSION_MAX
 *
 * Owned by the driver singleton; written once by xe_ddi_heads_init() before
 * any handle is handed out, read-only afterwards. The invalid heads are
 * full-size structs of NULL table pointers, so that a loader that reads
 * past the head finds nothing to call.
 */
struct xe_ddi_heads {
	zex_dditable_driver_t core;
	zex_dditable_driver_t tools;
	zex_dditable_driver_t sysman;
	zex_dditable_driver_t runtime;
	xe_ddi_fn_t tables[ZEX_DDI_NUM_TABLES][XE_DDI_MAX_SLOTS];
};

/*
 * Every object a handle names starts with a struct xe_object: the
 * DDI-handles header that a loader dispatches through, then a magic number
 * that says what the object is. An entry point turns a handle into its
 * object with xe_object_check(), which refuses NULL, a handle of another
 * kind, a destroyed object and any pointer that is not a live object of the
 * library: xe_object_init() enters the object in a registry of live
 * objects, xe_object_fini() takes it out (and clears its magic) before it
 * is freed, and the check asks the registry before it reads the magic.
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
	XE_MAGIC_PHYSMEM = 0x5850686d,		/* "XPhm" */
	XE_MAGIC_EXT_SEMAPHORE = 0x5853656d,	/* "XSem" */
	XE_MAGIC_GRAPH = 0x58477270,		/* "XGrp" */
	XE_MAGIC_EXEC_GRAPH = 0x58457867,	/* "XExg" */
};

/**
 * struct xe_object - what a Level Zero handle of this driver points at
 * @ddi: the DDI-handles header (zex_ddi_handles.h), first
 * @magic: what the object is, XE_MAGIC_NONE once destroyed
 */
struct xe_object {
	zex_handle_t ddi;
	uint32_t magic;
};

static_assert(offsetof(struct xe_object, ddi) == 0,
	      "a handle must point at its DDI header");

void xe_object_init(struct xe_object *obj, enum xe_magic magic,
		    const struct xe_ddi_heads *heads);

/*
 * Fill the header of @obj without entering it in the registry: for objects
 * whose handles are checked otherwise (the event slab, events/event_slab.c).
 */
static inline void xe_object_header(struct xe_object *obj,
				    enum xe_magic magic,
				    const struct xe_ddi_heads *heads)
{
	obj->ddi = (zex_handle_t){
		.pCore = (void *)&heads->core.head,
		.pTools = (void *)&heads->tools.head,
		.pSysman = (void *)&heads->sysman.head,
		.pRuntime = (void *)&heads->runtime.head,
	};
	obj->magic = magic;
}
void xe_object_fini(struct xe_object *obj);
bool xe_object_live_slow(const void *handle);

/**
 * struct xe_registry_table - one generation of the registry of live
 * objects (object.c)
 * @order: log2 of the number of slots
 * @older: the table this one replaced, kept for readers still probing it
 * @slots: object addresses, 0 for an empty slot
 */
struct xe_registry_table {
	unsigned int order;
	struct xe_registry_table *older;
	_Atomic(uintptr_t) slots[];
};

/* The registry's current table (object.c). */
extern _Atomic(struct xe_registry_table *) xe_registry_current
	__attribute__((visibility("hidden")));

static inline size_t xe_registry_slot(const struct xe_registry_table *t,
				      uintptr_t key)
{
	/* Fibonacci hashing of the address without its alignment bits. */
	return (size_t)(((uint64_t)(key >> 4) * 0x9e3779b97f4a7c15ull) >>
			(64 - t->order));
}

/**
 * xe_object_live() - whether @handle is an object the library made and
 *	has not destroyed
 * @handle: any pointer
 *
 * Lock-free and read-only; reads nothing through @handle. An object found
 * in its home slot was entered and not yet taken out when the slot was
 * read: writers only ever store live objects' addresses, so a hit needs no
 * check that a writer was moving entries meanwhile. Anything else takes
 * the careful way (object.c), which a miss must.
 *
 * Return: true for a live object.
 */
static inline bool xe_object_live(const void *handle)
{
	const struct xe_registry_table *t =
		atomic_load_explicit(&xe_registry_current,
				     memory_order_acquire);

	if (t && handle && atomic_load_explicit(&t->slots[xe_registry_slot(t,
						(uintptr_t)handle)],
				      memory_order_relaxed) == (uintptr_t)handle)
		return true;
	return xe_object_live_slow(handle);
}

/**
 * xe_object_check() - the object a handle names, if it is one of its kind
 * @handle: what the application passed
 * @magic: the kind expected
 *
 * Reads nothing through @handle unless the registry of live objects has
 * it: NULL, a destroyed object, a random pointer and a pointer into
 * another object are refused without a load from them; a live object of
 * another kind by its magic.
 *
 * Return: the object, or NULL.
 */
static inline void *xe_object_check(const void *handle, enum xe_magic magic)
{
	const struct xe_object *obj = handle;

	if (!obj || !xe_object_live(obj) || obj->magic != magic)
		return NULL;
	return (void *)obj;
}

static inline void *xe_object_handle(struct xe_object *obj)
{
	return obj;
}

#endif /* _XE_OBJECT_H */
