// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of memory and event-pool IPC handles as applications move
 * them (memory/ipc.c, memory/memory_ipc.c): as 64 plain bytes with no fd
 * (the kernel token in the handle), with the fd passed beside them over a
 * socket, made from and turned into a bare fd (spec 1.6), after the
 * exporter freed the memory, put from another context, opened twice, and
 * zeMemGetIpcHandleWithProperties() with each handle type. The other
 * process is libze_test_helper.
 */

#include <errno.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libze_test.h"
#include "common/ipc_socket.h"
#include "check_run.h"

#define SIZE	(64u << 10)
#define MS	1000000ull

typedef ze_result_t (*put_fn)(ze_context_handle_t, ze_ipc_mem_handle_t);
typedef ze_result_t (*from_fd_fn)(ze_context_handle_t, uint64_t,
				  ze_ipc_mem_handle_t *);
typedef ze_result_t (*to_fd_fn)(ze_context_handle_t, ze_ipc_mem_handle_t,
				uint64_t *);
typedef ze_result_t (*with_props_fn)(ze_context_handle_t, const void *,
				     void *, ze_ipc_mem_handle_t *);

static void setup(void)
{
	lz_setup();
}

static void teardown(void)
{
	lz_teardown();
}

static ze_context_handle_t new_context(void)
{
	ze_context_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC };
	ze_context_handle_t ctx;

	ck_assert_ok(zeContextCreate(lz_driver, &desc, &ctx));
	return ctx;
}

static void put(ze_context_handle_t ctx, ze_ipc_mem_handle_t h,
		ze_result_t expected, const char *rule)
{
	ck_assert_ze(((put_fn)lz_function("zeMemPutIpcHandle"))(ctx, h),
		     expected, rule);
}

/* ---- in one process ---------------------------------------------------- */

START_TEST(test_ipc_bytes_only_in_process)
{
	uint8_t *p = lz_alloc_device(SIZE), *q = NULL, *r = NULL;
	ze_context_handle_t ctx = new_context();
	ze_ipc_mem_handle_t handle, copy;
	int32_t garbage = 0x7ffffff0;

	lz_fill_pattern(p, SIZE, 7, 0);
	ck_assert_ok(zeMemGetIpcHandle(lz_context, p, &handle));
	copy = handle;
	memcpy(copy.data, &garbage, sizeof(garbage));
	ck_assert_ze(zeMemOpenIpcHandle(ctx, lz_device, copy, 0, (void **)&q),
		     ZE_RESULT_SUCCESS,
		     "a handle whose fd bytes name nothing opens by its token");
	ck_assert_msg(lz_check_pattern(q, SIZE, 7, 0),
		      "the opened memory has the data");
	memset(copy.data, 0xff, 4);
	ck_assert_ze(zeMemOpenIpcHandle(ctx, lz_device, copy, 0, (void **)&r),
		     ZE_RESULT_SUCCESS, "and opens twice");
	ck_assert_msg(r && r != q, "the second open has a pointer of its own");
	q[9] = 0x99;
	ck_assert_msg(p[9] == 0x99 && r[9] == 0x99, "the same pages");
	ck_assert_ze(zeMemCloseIpcHandle(ctx, q), ZE_RESULT_SUCCESS,
		     "the first open is closed");
	ck_assert_ze(zeMemCloseIpcHandle(ctx, q),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "once");
	ck_assert_msg(r[9] == 0x99, "the second open still maps the pages");
	ck_assert_ze(zeMemCloseIpcHandle(ctx, r), ZE_RESULT_SUCCESS,
		     "the second open is closed on its own");
	ck_assert_ze(zeMemCloseIpcHandle(ctx, r),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "nothing is left open");
	ck_assert_ok(zeContextDestroy(ctx));
	put(lz_context, handle, ZE_RESULT_SUCCESS, "the handle is put");
	lz_free(p);
}
END_TEST

/*
 * The exporter opens its own handle in the context that allocated the
 * memory: another pointer to the same pages, which the device writes
 * through, closed on its own while the allocation stays.
 */
START_TEST(test_ipc_open_own_handle)
{
	uint8_t *p = lz_alloc_device(SIZE), *q = NULL, v = 0x5e;
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_ipc_mem_handle_t handle;

	lz_fill_pattern(p, SIZE, 3, 0);
	ck_assert_ok(zeMemGetIpcHandle(lz_context, p, &handle));
	ck_assert_ok(zeMemOpenIpcHandle(lz_context, lz_device, handle, 0,
					(void **)&q));
	ck_assert_msg(q && q != p, "the open has a pointer of its own");
	ck_assert_ok(zeCommandListAppendMemoryFill(list, q + 64, &v, 1, 64,
						   NULL, 0, NULL));
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_msg(p[64] == 0x5e && p[127] == 0x5e && p[128] == q[128],
		      "the device writes the same pages through it");
	ck_assert_ok(zeMemCloseIpcHandle(lz_context, q));
	ck_assert_ze(zeMemCloseIpcHandle(lz_context, p),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "the allocation itself is no open");
	ck_assert_ok(zeCommandListAppendMemoryFill(list, p, &v, 1, 64,
						   NULL, 0, NULL));
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_msg(p[0] == 0x5e, "and the allocation still works");
	ck_assert_ok(zeCommandListDestroy(list));
	put(lz_context, handle, ZE_RESULT_SUCCESS, "the handle is put");
	lz_free(p);
}
END_TEST

START_TEST(test_ipc_put_from_other_context)
{
	uint8_t *p = lz_alloc_device(SIZE);
	ze_context_handle_t ctx = new_context();
	ze_ipc_mem_handle_t a, b;
	int32_t fd;

	ck_assert_ok(zeMemGetIpcHandle(lz_context, p, &a));
	ck_assert_ok(zeMemGetIpcHandle(lz_context, p, &b));
	memcpy(&fd, a.data, sizeof(fd));
	put(ctx, a, ZE_RESULT_SUCCESS,
	    "another context of the process puts the handle");
	ck_assert_msg(fcntl(fd, F_GETFD) >= 0,
		      "the fd stays while a handle is out");
	put(ctx, b, ZE_RESULT_SUCCESS, "and the second one");
	ck_assert_msg(fcntl(fd, F_GETFD) < 0 && errno == EBADF,
		      "the last put closes the fd");
	put(ctx, b, ZE_RESULT_ERROR_INVALID_ARGUMENT,
	    "a handle is put once");
	ck_assert_ok(zeContextDestroy(ctx));
	lz_free(p);
}
END_TEST

START_TEST(test_ipc_after_free_refused)
{
	uint8_t *p = lz_alloc_device(SIZE), *q = NULL;
	ze_context_handle_t ctx = new_context();
	ze_ipc_mem_handle_t handle;

	ck_assert_ok(zeMemGetIpcHandle(lz_context, p, &handle));
	lz_free(p);
	ck_assert_ze(zeMemOpenIpcHandle(ctx, lz_device, handle, 0,
					(void **)&q),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a handle of freed memory names nothing any more");
	ck_assert_ptr_null(q);
	ck_assert_ok(zeContextDestroy(ctx));
}
END_TEST

START_TEST(test_ipc_fd_round_trip)
{
	uint8_t *p = lz_alloc_device(SIZE), *q = NULL;
	ze_context_handle_t ctx = new_context();
	ze_ipc_mem_handle_t handle, made;
	uint64_t fd = ~0ull;
	int32_t first;

	lz_fill_pattern(p, SIZE, 5, 1);
	ck_assert_ok(zeMemGetIpcHandle(lz_context, p, &handle));
	ck_assert_ze(((to_fd_fn)lz_function(
			"zeMemGetFileDescriptorFromIpcHandleExp"))(
			lz_context, handle, &fd),
		     ZE_RESULT_SUCCESS, "the fd of a handle");
	memcpy(&first, handle.data, sizeof(first));
	ck_assert_msg(fd == (uint64_t)first, "is the one in its first bytes");
	ck_assert_ze(((from_fd_fn)lz_function(
			"zeMemGetIpcHandleFromFileDescriptorExp"))(
			ctx, fd, &made),
		     ZE_RESULT_SUCCESS, "a handle is made from an fd");
	ck_assert_ze(zeMemOpenIpcHandle(ctx, lz_device, made, 0, (void **)&q),
		     ZE_RESULT_SUCCESS, "and opens");
	ck_assert_msg(lz_check_pattern(q, SIZE, 5, 1), "with the data");
	ck_assert_ok(zeMemCloseIpcHandle(ctx, q));
	ck_assert_ze(((from_fd_fn)lz_function(
			"zeMemGetIpcHandleFromFileDescriptorExp"))(
			ctx, 0x7fffff00ull, &made),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "not an open fd");
	ck_assert_ze(((from_fd_fn)lz_function(
			"zeMemGetIpcHandleFromFileDescriptorExp"))(
			ctx, fd, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER, "no handle");
	memset(&made, 0, sizeof(made));
	ck_assert_ze(((to_fd_fn)lz_function(
			"zeMemGetFileDescriptorFromIpcHandleExp"))(
			ctx, made, &fd),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "not a handle");
	ck_assert_ok(zeContextDestroy(ctx));
	put(lz_context, handle, ZE_RESULT_SUCCESS, "the handle is put");
	lz_free(p);
}
END_TEST

START_TEST(test_ipc_handle_types)
{
	with_props_fn get = (with_props_fn)lz_function(
		"zeMemGetIpcHandleWithProperties");
	ze_ipc_mem_handle_type_ext_desc_t type = {
		.stype = ZE_STRUCTURE_TYPE_IPC_MEM_HANDLE_TYPE_EXT_DESC,
		.typeFlags = ZE_IPC_MEM_HANDLE_TYPE_FLAG_DEFAULT,
	};
	uint8_t *p = lz_alloc_host(SIZE), *q = NULL;
	ze_context_handle_t ctx = new_context();
	ze_ipc_mem_handle_t handle;

	lz_fill_pattern(p, SIZE, 3, 3);
	ck_assert_ze(get(lz_context, p, NULL, &handle), ZE_RESULT_SUCCESS,
		     "no pNext: the default handle");
	put(lz_context, handle, ZE_RESULT_SUCCESS, "it is put");
	ck_assert_ze(get(lz_context, p, &type, &handle), ZE_RESULT_SUCCESS,
		     "the default type");
	ck_assert_ze(zeMemOpenIpcHandle(ctx, lz_device, handle, 0, (void **)&q),
		     ZE_RESULT_SUCCESS, "opens like any handle");
	ck_assert_msg(lz_check_pattern(q, SIZE, 3, 3), "with the data");
	ck_assert_ok(zeMemCloseIpcHandle(ctx, q));
	put(lz_context, handle, ZE_RESULT_SUCCESS, "it is put");

	type.typeFlags = ZE_IPC_MEM_HANDLE_TYPE_FLAG_FABRIC_ACCESSIBLE;
	ck_assert_ze(get(lz_context, p, &type, &handle),
		     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "there is no fabric to share across");
	type.typeFlags |= ZE_IPC_MEM_HANDLE_TYPE_FLAG_DEFAULT;
	ck_assert_ze(get(lz_context, p, &type, &handle),
		     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "nor with the default type");
	type.typeFlags = 0x100;
	ck_assert_ze(get(lz_context, p, &type, &handle),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION, "an unknown type");
	ck_assert_ok(zeContextDestroy(ctx));
	lz_free(p);
}
END_TEST

/* ---- between processes ------------------------------------------------- */

static void between(const char *role, bool bytes, const char *what)
{
	uint8_t *p = lz_alloc_device(SIZE);
	ze_ipc_mem_handle_t handle;
	pid_t pid;
	int sock;

	lz_fill_pattern(p, SIZE, 7, 0);
	ck_assert_ok(zeMemGetIpcHandle(lz_context, p, &handle));
	sock = lz_start_helper(role, &pid);
	if (bytes)
		ck_assert_int_eq(write(sock, &handle, sizeof(handle)),
				 sizeof(handle));
	else
		ck_assert_int_eq(ipc_send_handle(sock, &handle), 0);
	lz_finish_helper(sock, pid, what);
	ck_assert_msg(lz_check_pattern(p, SIZE, 3, 1),
		      "the exporter sees what the other process wrote");
	put(lz_context, handle, ZE_RESULT_SUCCESS, "the handle is put");
	lz_free(p);
}

START_TEST(test_ipc_bytes_only_between_processes)
{
	between("mem-bytes", true,
		"the other process opens the 64 bytes alone");
}
END_TEST

START_TEST(test_ipc_fd_exp_between_processes)
{
	between("mem-fd", false,
		"the other process makes a handle of the fd it got");
}
END_TEST

START_TEST(test_ipc_fd_after_exporter_freed)
{
	uint8_t *p = lz_alloc_device(SIZE);
	ze_ipc_mem_handle_t handle;
	char byte = 'f';
	pid_t pid;
	int sock;

	lz_fill_pattern(p, SIZE, 7, 0);
	ck_assert_ok(zeMemGetIpcHandle(lz_context, p, &handle));
	sock = lz_start_helper("mem-after-free", &pid);
	ck_assert_int_eq(ipc_send_handle(sock, &handle), 0);
	/* The fd is in the socket: the kernel object outlives the free. */
	lz_free(p);
	ck_assert_int_eq(write(sock, &byte, 1), 1);
	lz_finish_helper(sock, pid,
		      "the passed fd opens what the revoked token no longer does");
}
END_TEST

START_TEST(test_event_pool_bytes_only_between_processes)
{
	ze_event_pool_handle_t pool =
		lz_event_pool(ZE_EVENT_POOL_FLAG_IPC |
			      ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t e0 = lz_event(pool, 0), e1 = lz_event(pool, 1);
	ze_ipc_event_pool_handle_t handle;
	int32_t garbage = -1;
	pid_t pid;
	int sock;

	ck_assert_ok(zeEventPoolGetIpcHandle(pool, &handle));
	sock = lz_start_helper("event-pool-bytes", &pid);
	ck_assert_int_eq(write(sock, &handle, sizeof(handle)), sizeof(handle));

	ck_assert_ze(zeEventHostSynchronize(e1, 20 * MS), ZE_RESULT_NOT_READY,
		     "the other process waits for event 0 first");
	ck_assert_ok(zeEventHostSignal(e0));
	ck_assert_ze(zeEventHostSynchronize(e1, LZ_TIMEOUT_NS),
		     ZE_RESULT_SUCCESS,
		     "the other process's device signals event 1, seen here");
	lz_finish_helper(sock, pid, "the pool opens from its 64 bytes alone");

	{
		ze_event_pool_handle_t opened = NULL;

		memcpy(handle.data, &garbage, sizeof(garbage));
		ck_assert_ze(zeEventPoolOpenIpcHandle(lz_context, handle,
						      &opened),
			     ZE_RESULT_SUCCESS,
			     "in this process too, with no fd in the handle");
		ck_assert_ok(zeEventPoolCloseIpcHandle(opened));
	}
	ck_assert_ok(zeEventDestroy(e0));
	ck_assert_ok(zeEventDestroy(e1));
	ck_assert_ok(zeEventPoolDestroy(pool));
}
END_TEST

static Suite *memory_ipc_suite(void)
{
	Suite *s = suite_create("libze_memory_ipc");
	TCase *tc = tcase_create("one process");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_ipc_bytes_only_in_process);
	tcase_add_test(tc, test_ipc_open_own_handle);
	tcase_add_test(tc, test_ipc_put_from_other_context);
	tcase_add_test(tc, test_ipc_after_free_refused);
	tcase_add_test(tc, test_ipc_fd_round_trip);
	tcase_add_test(tc, test_ipc_handle_types);
	suite_add_tcase(s, tc);

	tc = tcase_create("between processes");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_ipc_bytes_only_between_processes);
	tcase_add_test(tc, test_ipc_fd_exp_between_processes);
	tcase_add_test(tc, test_ipc_fd_after_exporter_freed);
	tcase_add_test(tc, test_event_pool_bytes_only_between_processes);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(memory_ipc_suite());
}
