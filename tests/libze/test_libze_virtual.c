// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of virtual and physical memory (memory/virtual.c), through
 * the loader, as applications use them: query the page size and align
 * with it, reserve a range, back it with physical memory objects, use the
 * one pointer on the host and the device, change access attributes, unmap
 * and map other pages there, free.
 */

#include <string.h>
#include <unistd.h>

#include "libze_test.h"
#include "common/ipc_socket.h"
#include "check_run.h"

#define PAGES	4u

/*
 * Debian's validation layer (loader 1.8) refuses a NULL pStart, which the
 * spec makes optional, with ZE_RESULT_ERROR_INVALID_NULL_POINTER: the
 * tests give a hint, where the driver reserves if it is free.
 */
#define HINT	((void *)(uintptr_t)0x500000000000ull)

static size_t pg;

static void setup(void)
{
	lz_setup();
	ck_assert_ok(zeVirtualMemQueryPageSize(lz_context, lz_device, 1, &pg));
}

static void teardown(void)
{
	lz_teardown();
}

static ze_physical_mem_handle_t physical(size_t size)
{
	ze_physical_mem_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_PHYSICAL_MEM_DESC,
		.size = size,
	};
	ze_physical_mem_handle_t phys = NULL;

	ck_assert_ok(zePhysicalMemCreate(lz_context, lz_device, &desc, &phys));
	return phys;
}

static uint8_t *reserve(size_t size)
{
	void *p = NULL;

	ck_assert_ok(zeVirtualMemReserve(lz_context, HINT, size, &p));
	ck_assert_ptr_nonnull(p);
	return p;
}

static void list_done(ze_command_list_handle_t list, ze_result_t expected,
		      const char *rule)
{
	ck_assert_ze(lz_list_sync(list, LZ_TIMEOUT_NS), expected, rule);
	ck_assert_ok(zeCommandListDestroy(list));
}

/* The device fills @n bytes at @p with @byte on a list of its own. */
static ze_result_t device_fill(void *p, uint8_t byte, size_t n)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_result_t r;

	ck_assert_ok(zeCommandListAppendMemoryFill(list, p, &byte, 1, n, NULL,
						   0, NULL));
	r = lz_list_sync(list, LZ_TIMEOUT_NS);
	ck_assert_ok(zeCommandListDestroy(list));
	return r;
}

static bool all(const uint8_t *p, uint8_t byte, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != byte)
			return false;
	return true;
}

START_TEST(test_virtual_page_size)
{
	size_t size = 0;

	ck_assert_msg(pg >= 4096 && !(pg & (pg - 1)),
		      "the page size is a real one: %zu", pg);
	ck_assert_ok(zeVirtualMemQueryPageSize(lz_context, lz_device,
					       64u << 20, &size));
	ck_assert_msg(size && !(size & (size - 1)) && size % pg == 0,
		      "for a large size too: %zu", size);
	ck_assert_ze(zeVirtualMemQueryPageSize(lz_context, lz_device, 1, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the size goes somewhere");
}
END_TEST

START_TEST(test_virtual_map_host_and_device)
{
	ze_physical_mem_handle_t a = physical(2 * pg), b = physical(2 * pg);
	uint8_t *va = reserve(PAGES * pg), *host = lz_alloc_host(PAGES * pg);
	ze_command_list_handle_t list;

	ck_assert_ze(zeVirtualMemMap(lz_context, va, 2 * pg, a, 0,
				     ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE),
		     ZE_RESULT_SUCCESS, "the first half is mapped");
	ck_assert_ze(zeVirtualMemMap(lz_context, va + 2 * pg, 2 * pg, b, 0,
				     ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE),
		     ZE_RESULT_SUCCESS, "the second half, other pages");
	memset(va, 0x11, PAGES * pg);
	ck_assert_msg(all(va, 0x11, PAGES * pg), "the host uses the range");

	ck_assert_ok(device_fill(va + pg, 0x22, 2 * pg));
	ck_assert_msg(all(va, 0x11, pg) && all(va + pg, 0x22, 2 * pg) &&
		      all(va + 3 * pg, 0x11, pg),
		      "the device writes across both objects at the same address");

	list = lz_immediate_list(true);
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, host, va, PAGES * pg,
						   NULL, 0, NULL));
	list_done(list, ZE_RESULT_SUCCESS, "the device reads the range");
	ck_assert_msg(!memcmp(host, va, PAGES * pg), "what the host sees");

	ck_assert_ok(zeVirtualMemUnmap(lz_context, va, PAGES * pg));
	ck_assert_ze(zeVirtualMemMap(lz_context, va, pg, b, pg,
				     ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE),
		     ZE_RESULT_SUCCESS,
		     "other pages are mapped where the range was unmapped");
	ck_assert_msg(all(va, 0x11, pg),
		      "and show their own contents (b's second page)");
	ck_assert_ok(device_fill(va, 0x33, pg));
	ck_assert_msg(all(va, 0x33, pg), "written by the device");

	ck_assert_ok(zeVirtualMemUnmap(lz_context, va, pg));
	ck_assert_ok(zeVirtualMemFree(lz_context, va, PAGES * pg));
	ck_assert_ok(zePhysicalMemDestroy(lz_context, a));
	ck_assert_ok(zePhysicalMemDestroy(lz_context, b));
	lz_free(host);
}
END_TEST

START_TEST(test_virtual_access_attributes)
{
	ze_physical_mem_handle_t phys = physical(PAGES * pg);
	uint8_t *va = reserve(PAGES * pg);
	ze_memory_access_attribute_t access = ZE_MEMORY_ACCESS_ATTRIBUTE_FORCE_UINT32;
	size_t out = 0;

	ck_assert_ok(zeVirtualMemGetAccessAttribute(lz_context, va, PAGES * pg,
						    &access, &out));
	ck_assert_msg(access == ZE_MEMORY_ACCESS_ATTRIBUTE_NONE &&
		      out == PAGES * pg, "a reservation is inaccessible");

	ck_assert_ok(zeVirtualMemMap(lz_context, va, PAGES * pg, phys, 0,
				     ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
	memset(va, 0x44, PAGES * pg);
	ck_assert_ze(zeVirtualMemSetAccessAttribute(lz_context, va + pg, pg,
				ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY),
		     ZE_RESULT_SUCCESS, "one page inside a mapping goes read-only");
	ck_assert_ok(zeVirtualMemGetAccessAttribute(lz_context, va, PAGES * pg,
						    &access, &out));
	ck_assert_msg(access == ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE &&
		      out == pg, "the first page is read-write, alone");
	ck_assert_ok(zeVirtualMemGetAccessAttribute(lz_context, va + pg,
						    3 * pg, &access, &out));
	ck_assert_msg(access == ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY &&
		      out == pg, "the second read-only");
	ck_assert_msg(all(va + pg, 0x44, pg), "the host still reads it");
	ck_assert_ok(device_fill(va + 2 * pg, 0x55, 2 * pg));
	ck_assert_msg(all(va + 2 * pg, 0x55, 2 * pg) && all(va, 0x44, 2 * pg),
		      "the device writes the read-write pages beside it");

	ck_assert_ok(zeVirtualMemSetAccessAttribute(lz_context, va, PAGES * pg,
				ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
	ck_assert_ok(zeVirtualMemGetAccessAttribute(lz_context, va, PAGES * pg,
						    &access, &out));
	ck_assert_msg(access == ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE &&
		      out == PAGES * pg, "all read-write again");
	ck_assert_ok(device_fill(va, 0x66, PAGES * pg));
	ck_assert_msg(all(va, 0x66, PAGES * pg), "and written by the device");

	ck_assert_ok(zeVirtualMemSetAccessAttribute(lz_context, va + 3 * pg, pg,
				ZE_MEMORY_ACCESS_ATTRIBUTE_NONE));
	ck_assert_ok(zeVirtualMemGetAccessAttribute(lz_context, va + 3 * pg,
						    pg, &access, &out));
	ck_assert_msg(access == ZE_MEMORY_ACCESS_ATTRIBUTE_NONE && out == pg,
		      "the last page is inaccessible");

	ck_assert_ok(zeVirtualMemSetAccessAttribute(lz_context, va + pg, pg,
				ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY));
	ck_assert_ze(device_fill(va + pg, 0x77, pg),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "a device write to a read-only page faults its queue");
	ck_assert_msg(all(va + pg, 0x66, pg), "and writes nothing");

	ck_assert_ze(zePhysicalMemDestroy(lz_context, phys),
		     ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE,
		     "mapped physical memory is not destroyed");
	ck_assert_ze(zeVirtualMemFree(lz_context, va, PAGES * pg),
		     ZE_RESULT_SUCCESS, "a free unmaps what is left");
	ck_assert_ze(zePhysicalMemDestroy(lz_context, phys), ZE_RESULT_SUCCESS,
		     "then it is");
}
END_TEST

START_TEST(test_virtual_large_object)
{
	size_t big = 0, size = 8u << 20;
	ze_physical_mem_handle_t phys;
	uint8_t *va = NULL, *host = lz_alloc_host(size);
	ze_command_list_handle_t list;

	ck_assert_ok(zeVirtualMemQueryPageSize(lz_context, lz_device, size,
					       &big));
	ck_assert_msg(big >= pg && size % big == 0, "a large page: %zu", big);
	phys = physical(size);
	ck_assert_ok(zeVirtualMemReserve(lz_context, HINT, 2 * size,
					 (void **)&va));
	ck_assert_msg(!((uintptr_t)va % big),
		      "a reservation is aligned to its page size");
	ck_assert_ok(zeVirtualMemMap(lz_context, va + size, size - big, phys,
				     big, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
	ck_assert_ok(zeVirtualMemMap(lz_context, va + 2 * size - big, big,
				     phys, 0,
				     ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
	memset(va + size, 0x12, size);
	ck_assert_ok(device_fill(va + size + big / 2, 0x34, size - big));
	list = lz_immediate_list(true);
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, host, va + size, size,
						   NULL, 0, NULL));
	list_done(list, ZE_RESULT_SUCCESS, "the device reads across pages");
	ck_assert_msg(all(host, 0x12, big / 2) &&
		      all(host + big / 2, 0x34, size - big) &&
		      all(host + size - big / 2, 0x12, big / 2) &&
		      !memcmp(host, va + size, size),
		      "host and device see one range over the object's pages "
		      "in another order");
	ck_assert_ok(zeVirtualMemFree(lz_context, va, 2 * size));
	ck_assert_ok(zePhysicalMemDestroy(lz_context, phys));
	lz_free(host);
}
END_TEST

START_TEST(test_virtual_reserve_at_hint)
{
	uint8_t *va = reserve(PAGES * pg);
	void *again = NULL;

	ck_assert_ok(zeVirtualMemFree(lz_context, va, PAGES * pg));
	ck_assert_ok(zeVirtualMemReserve(lz_context, va, PAGES * pg, &again));
	ck_assert_ptr_eq(again, va);
	ck_assert_ok(zeVirtualMemFree(lz_context, again, PAGES * pg));
	if (!getenv("ZE_ENABLE_VALIDATION_LAYER")) {
		ck_assert_ze(zeVirtualMemReserve(lz_context, NULL, PAGES * pg,
						 &again),
			     ZE_RESULT_SUCCESS, "no hint: anywhere");
		ck_assert_msg(!((uintptr_t)again % pg), "page aligned");
		ck_assert_ok(zeVirtualMemFree(lz_context, again, PAGES * pg));
	}
}
END_TEST

START_TEST(test_virtual_refusals)
{
	ze_physical_mem_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_PHYSICAL_MEM_DESC,
		.size = pg + 1,
	};
	ze_physical_mem_handle_t phys = physical(2 * pg), bad = NULL;
	uint8_t *va = reserve(2 * pg), *other = lz_alloc_device(pg);
	ze_memory_access_attribute_t access;
	size_t out;
	void *p = NULL;

	ck_assert_ze(zeVirtualMemReserve(lz_context, HINT, 0, &p),
		     ZE_RESULT_ERROR_UNSUPPORTED_SIZE, "size 0");
	ck_assert_ze(zeVirtualMemReserve(lz_context, HINT, pg + 1, &p),
		     ZE_RESULT_ERROR_UNSUPPORTED_SIZE, "a size that is no page");
	ck_assert_ze(zePhysicalMemCreate(lz_context, lz_device, &desc, &bad),
		     ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT,
		     "physical memory of no whole pages");
	desc.size = 0;
	ck_assert_ze(zePhysicalMemCreate(lz_context, lz_device, &desc, &bad),
		     ZE_RESULT_ERROR_UNSUPPORTED_SIZE, "of no bytes");
	ck_assert_ze(zeVirtualMemMap(lz_context, va + 1, pg, phys, 0,
				     ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE),
		     ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT,
		     "an address that is no page");
	if (pg > 4096)
		ck_assert_ze(zeVirtualMemMap(lz_context, va, pg, phys, 4096,
					ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE),
			     ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT,
			     "an offset that is no page of the object");
	ck_assert_ze(zeVirtualMemMap(lz_context, va, pg, phys, 3 * pg,
				     ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "pages beyond the physical memory");
	ck_assert_ze(zeVirtualMemMap(lz_context, other, pg, phys, 0,
				     ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an address that was not reserved");
	ck_assert_ze(zeVirtualMemMap(lz_context, va + pg, 2 * pg, phys, 0,
				     ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a range that runs out of its reservation");
	ck_assert_ok(zeVirtualMemMap(lz_context, va, 2 * pg, phys, 0,
				     ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
	ck_assert_ze(zeVirtualMemMap(lz_context, va + pg, pg, phys, 0,
				     ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "pages that are mapped already");
	ck_assert_ze(zeVirtualMemGetAccessAttribute(lz_context, other, pg,
						    &access, &out),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "attributes of memory that was not reserved");
	ck_assert_ze(zeVirtualMemFree(lz_context, va, pg),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a part of a reservation is not freed");
	ck_assert_ze(zeVirtualMemFree(lz_context, other, pg),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "nor what is no reservation");
	ck_assert_ok(zeVirtualMemFree(lz_context, va, 2 * pg));
	ck_assert_ok(zePhysicalMemDestroy(lz_context, phys));
	lz_free(other);
}
END_TEST

START_TEST(test_virtual_context_destroy_releases)
{
	ze_context_desc_t cdesc = { .stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC };
	ze_physical_mem_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_PHYSICAL_MEM_DESC,
		.size = pg,
	};
	ze_physical_mem_handle_t phys;
	ze_context_handle_t ctx;
	void *va = NULL;

	ck_assert_ok(zeContextCreate(lz_driver, &cdesc, &ctx));
	ck_assert_ok(zePhysicalMemCreate(ctx, lz_device, &desc, &phys));
	ck_assert_ok(zeVirtualMemReserve(ctx, HINT, pg, &va));
	ck_assert_ok(zeVirtualMemMap(ctx, va, pg, phys, 0,
				     ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
	ck_assert_ze(zeVirtualMemMap(lz_context, va, pg, phys, 0,
				     ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "physical memory of another context");
	ck_assert_ok(zeVirtualMemUnmap(ctx, va, pg));
	ck_assert_ok(zePhysicalMemDestroy(ctx, phys));
	ck_assert_ze(zeContextDestroy(ctx), ZE_RESULT_SUCCESS,
		     "a context with a reservation left is destroyed");
}
END_TEST

/*
 * An IPC handle of mapped virtual memory names the physical piece under
 * the address: another process opens it, reads and writes those pages;
 * another context of this one opens it at an offset.
 */
START_TEST(test_virtual_ipc_handle)
{
	ze_result_t (*put)(ze_context_handle_t, ze_ipc_mem_handle_t);
	ze_context_desc_t cd = { .stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC };
	ze_physical_mem_handle_t phys = physical(2 * pg);
	uint8_t handle_bytes[ZE_MAX_IPC_HANDLE_SIZE], *va = reserve(2 * pg);
	ze_ipc_mem_handle_t h, h2;
	ze_context_handle_t other;
	uint8_t *p = NULL;
	size_t i;
	pid_t pid;
	int sock;

	/* The helper's MEM_SIZE is one small piece. */
	ck_assert_uint_eq(pg, 64u << 10);
	ck_assert_ok(zeVirtualMemMap(lz_context, va, 2 * pg, phys, 0,
				     ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
	memset(va, 0x44, pg);
	for (i = 0; i < pg; i++)
		va[pg + i] = (uint8_t)(i * 7);
	ck_assert_ok(zeMemGetIpcHandle(lz_context, va + pg, &h));

	memcpy(handle_bytes, &h, sizeof(h));
	sock = lz_start_helper("mem", &pid);
	ck_assert_int_eq(ipc_send_handle(sock, handle_bytes), 0);
	lz_finish_helper(sock, pid, "the other process opens the piece");
	for (i = 0; i < pg; i++)
		ck_assert_int_eq(va[pg + i], (uint8_t)(i * 3 + 1));
	ck_assert_msg(all(va, 0x44, pg), "the other piece is not touched");

	ck_assert_ok(zeContextCreate(lz_driver, &cd, &other));
	ck_assert_ok(zeMemGetIpcHandle(lz_context, va + pg + 4096, &h2));
	ck_assert_ok(zeMemOpenIpcHandle(other, lz_device, h2, 0, (void **)&p));
	ck_assert_int_eq(p[0], va[pg + 4096]);
	p[1] = 0x99;
	ck_assert_int_eq(va[pg + 4097], 0x99);
	ck_assert_ok(zeMemCloseIpcHandle(other, p));
	ck_assert_ok(zeContextDestroy(other));

	*(void **)&put = lz_function("zeMemPutIpcHandle");
	ck_assert_ok(put(lz_context, h));
	ck_assert_ok(put(lz_context, h2));
	ck_assert_ok(zeVirtualMemUnmap(lz_context, va, 2 * pg));
	ck_assert_ze(zeMemGetIpcHandle(lz_context, va, &h),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "reserved but unmapped memory has no handle");
	ck_assert_ok(zeVirtualMemFree(lz_context, va, 2 * pg));
	ck_assert_ok(zePhysicalMemDestroy(lz_context, phys));
}
END_TEST

static Suite *virtual_suite(void)
{
	Suite *s = suite_create("libze_virtual");
	TCase *tc = tcase_create("virtual");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_virtual_page_size);
	tcase_add_test(tc, test_virtual_map_host_and_device);
	tcase_add_test(tc, test_virtual_access_attributes);
	tcase_add_test(tc, test_virtual_large_object);
	tcase_add_test(tc, test_virtual_reserve_at_hint);
	tcase_add_test(tc, test_virtual_refusals);
	tcase_add_test(tc, test_virtual_context_destroy_releases);
	tcase_add_test(tc, test_virtual_ipc_handle);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(virtual_suite());
}
