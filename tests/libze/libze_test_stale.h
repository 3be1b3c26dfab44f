/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _LIBZE_TEST_STALE_H
#define _LIBZE_TEST_STALE_H

/*
 * What an application that ignored an earlier error passes: a handle it
 * destroyed, a pointer that never was a handle (unmapped, or readable
 * memory that is not an object), a pointer into an object, a handle of
 * another kind. Each is refused with ZE_RESULT_ERROR_INVALID_NULL_HANDLE
 * and nothing crashes. Shared by the VM suite (through the loader) and
 * the host unit test (the fake backend).
 */

#include <sys/mman.h>
#include <unistd.h>

#include "libze_test.h"

#define STALE_NULL ZE_RESULT_ERROR_INVALID_NULL_HANDLE

/* An address that was mapped and no longer is. */
static inline void *stale_unmapped(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	void *p = mmap(NULL, pg, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	ck_assert_ptr_ne(p, MAP_FAILED);
	ck_assert_int_eq(munmap(p, pg), 0);
	return p;
}

/* Readable memory full of what a handle's header would hold. */
static inline void *stale_lookalike(const void *handle)
{
	static uint8_t copy[256];

	memcpy(copy, handle, 64);
	return copy;
}

/* Every kind of bad pointer, each passed as a handle of every kind. */
static inline void stale_bad_pointers(void **bad, size_t *n,
				      void *some_object)
{
	static uint64_t on_the_data_segment[8];
	size_t i = 0;

	bad[i++] = stale_unmapped();
	bad[i++] = (void *)(uintptr_t)0x10;
	bad[i++] = (void *)(uintptr_t)0xdead0000beefull;
	bad[i++] = on_the_data_segment;
	bad[i++] = (char *)some_object + 8;
	bad[i++] = stale_lookalike(some_object);
	*n = i;
}

static inline void stale_check_event(ze_event_handle_t ev, const char *what)
{
	ck_assert_ze(zeEventQueryStatus(ev), STALE_NULL, what);
	ck_assert_ze(zeEventHostSynchronize(ev, 0), STALE_NULL, what);
	ck_assert_ze(zeEventHostSignal(ev), STALE_NULL, what);
	ck_assert_ze(zeEventHostReset(ev), STALE_NULL, what);
	ck_assert_ze(zeEventDestroy(ev), STALE_NULL, what);
}

static inline void stale_check_list(ze_command_list_handle_t list,
				    const char *what)
{
	static uint8_t byte;

	ck_assert_ze(zeCommandListClose(list), STALE_NULL, what);
	ck_assert_ze(zeCommandListReset(list), STALE_NULL, what);
	ck_assert_ze(zeCommandListAppendBarrier(list, NULL, 0, NULL),
		     STALE_NULL, what);
	ck_assert_ze(zeCommandListAppendMemoryFill(list, &byte, &byte, 1, 1,
						   NULL, 0, NULL),
		     STALE_NULL, what);
	ck_assert_ze(zeCommandListDestroy(list), STALE_NULL, what);
}

static inline void stale_check_context(ze_context_handle_t ctx,
				       const char *what)
{
	const ze_host_mem_alloc_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
	};
	void *p = NULL;

	ck_assert_ze(zeContextGetStatus(ctx), STALE_NULL, what);
	ck_assert_ze(zeMemAllocHost(ctx, &desc, 64, 0, &p), STALE_NULL, what);
	ck_assert_msg(!p, "%s: nothing allocated", what);
	ck_assert_ze(zeContextDestroy(ctx), STALE_NULL, what);
}

static inline void stale_check_queue(ze_command_queue_handle_t q,
				     const char *what)
{
	ck_assert_ze(zeCommandQueueSynchronize(q, 0), STALE_NULL, what);
	ck_assert_ze(zeCommandQueueDestroy(q), STALE_NULL, what);
}

static inline void stale_check_pool(ze_event_pool_handle_t pool,
				    const char *what)
{
	const ze_event_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_EVENT_DESC };
	ze_event_handle_t ev = NULL;

	ck_assert_ze(zeEventCreate(pool, &desc, &ev), STALE_NULL, what);
	ck_assert_ze(zeEventPoolDestroy(pool), STALE_NULL, what);
}

static inline void stale_check_device(ze_device_handle_t dev,
				      const char *what)
{
	ze_device_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES,
	};

	ck_assert_ze(zeDeviceGetProperties(dev, &props), STALE_NULL, what);
}

static inline void stale_check_fence(ze_fence_handle_t fence,
				     const char *what)
{
	ck_assert_ze(zeFenceQueryStatus(fence), STALE_NULL, what);
	ck_assert_ze(zeFenceDestroy(fence), STALE_NULL, what);
}

/* @h passed as a handle of every kind above. */
static inline void stale_check_every_kind(void *h, const char *what)
{
	stale_check_event(h, what);
	stale_check_list(h, what);
	stale_check_context(h, what);
	stale_check_queue(h, what);
	stale_check_pool(h, what);
	stale_check_device(h, what);
	stale_check_fence(h, what);
}

/* A live list that is given a stale event to wait for or signal. */
static inline void stale_check_as_argument(ze_command_list_handle_t list,
					   ze_event_handle_t ev,
					   const char *what)
{
	ck_assert_ze(zeCommandListAppendBarrier(list, ev, 0, NULL),
		     STALE_NULL, what);
	ck_assert_ze(zeCommandListAppendBarrier(list, NULL, 1, &ev),
		     STALE_NULL, what);
	ck_assert_ze(zeCommandListAppendSignalEvent(list, ev), STALE_NULL,
		     what);
}

/*
 * Destroy one object of each kind and use it again; pass bad pointers as
 * every kind; pass live objects as the wrong kind. @list is a live
 * immediate list the caller owns.
 */
static inline void stale_run(ze_command_list_handle_t list)
{
	const ze_command_queue_desc_t qdesc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
	};
	const ze_command_list_desc_t ldesc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC,
	};
	const ze_context_desc_t cdesc = {
		.stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC,
	};
	const ze_fence_desc_t fdesc = { .stype = ZE_STRUCTURE_TYPE_FENCE_DESC };
	ze_event_pool_handle_t pool = lz_event_pool(0, 2);
	ze_event_handle_t ev = lz_event(pool, 0), live = lz_event(pool, 1);
	ze_command_list_handle_t l;
	ze_command_queue_handle_t q;
	ze_context_handle_t ctx;
	ze_fence_handle_t fence;
	ze_event_pool_handle_t p2 = lz_event_pool(0, 1);
	void *bad[8];
	size_t n, i;

	ck_assert_ok(zeEventDestroy(ev));
	stale_check_event(ev, "a destroyed event");
	stale_check_as_argument(list, ev, "a destroyed event as argument");

	ck_assert_ok(zeCommandListCreate(lz_context, lz_device, &ldesc, &l));
	ck_assert_ok(zeCommandListDestroy(l));
	stale_check_list(l, "a destroyed list");

	ck_assert_ok(zeCommandQueueCreate(lz_context, lz_device, &qdesc, &q));
	ck_assert_ok(zeFenceCreate(q, &fdesc, &fence));
	ck_assert_ok(zeFenceDestroy(fence));
	stale_check_fence(fence, "a destroyed fence");
	ck_assert_ok(zeCommandQueueDestroy(q));
	stale_check_queue(q, "a destroyed queue");

	ck_assert_ok(zeEventPoolDestroy(p2));
	stale_check_pool(p2, "a destroyed pool");

	ck_assert_ok(zeContextCreate(lz_driver, &cdesc, &ctx));
	ck_assert_ok(zeContextDestroy(ctx));
	stale_check_context(ctx, "a destroyed context");

	stale_bad_pointers(bad, &n, live);
	for (i = 0; i < n; i++) {
		stale_check_every_kind(bad[i], "a pointer that is no handle");
		stale_check_as_argument(list, bad[i],
					"a pointer that is no event");
	}

	stale_check_list((ze_command_list_handle_t)live, "an event as a list");
	stale_check_context((ze_context_handle_t)list, "a list as a context");
	stale_check_event((ze_event_handle_t)lz_context,
			  "a context as an event");
	stale_check_pool((ze_event_pool_handle_t)live, "an event as a pool");
	stale_check_device((ze_device_handle_t)lz_context,
			   "a context as a device");
	stale_check_as_argument(list, (ze_event_handle_t)pool,
				"a pool as an event");

	ck_assert_ze(zeEventQueryStatus(live), ZE_RESULT_NOT_READY,
		     "the live event is untouched");
	ck_assert_ok(zeEventDestroy(live));
	ck_assert_ok(zeEventPoolDestroy(pool));
}

#endif /* _LIBZE_TEST_STALE_H */
