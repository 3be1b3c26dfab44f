/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _LIBZE_TEST_CB_H
#define _LIBZE_TEST_CB_H

/*
 * Shared by the Check suites of counter-based events (test_libze_cb_*.c):
 * their entry points, which Debian's loader does not export (spec 1.15+,
 * and the ZEX API that no loader exports), looked up by name; kernels that
 * produce data to check; the device totals of the kernel's debugfs file.
 * Include after libze_test.h, once per suite, and call lz_cb_setup() after
 * lz_setup().
 */

#include <glob.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libze_test.h"
#include "common/ipc_socket.h"

#define MS	1000000ull

static ze_result_t (*cb_create2)(ze_context_handle_t, ze_device_handle_t,
				 const zex_counter_based_event_desc_t *,
				 ze_event_handle_t *);
static ze_result_t (*cb_create_old)(ze_context_handle_t, ze_device_handle_t,
				    uint64_t *, uint64_t *, uint64_t,
				    const ze_event_desc_t *,
				    ze_event_handle_t *);
static ze_result_t (*cb_create)(ze_context_handle_t, ze_device_handle_t,
				const ze_event_counter_based_desc_t *,
				ze_event_handle_t *);
static ze_result_t (*cb_address)(ze_event_handle_t, uint64_t *, uint64_t *);
static ze_result_t (*cb_core_address)(ze_event_handle_t, uint64_t *,
				      uint64_t *);
static ze_result_t (*cb_flags)(ze_event_handle_t,
			       ze_event_counter_based_flags_t *);
static ze_result_t (*cb_get_ipc)(ze_event_handle_t,
				 zex_ipc_counter_based_event_handle_t *);
static ze_result_t (*cb_open_ipc)(ze_context_handle_t,
				  zex_ipc_counter_based_event_handle_t,
				  ze_event_handle_t *);
static ze_result_t (*cb_close_ipc)(ze_event_handle_t);
static ze_result_t (*core_get_ipc)(ze_event_handle_t,
				   ze_ipc_event_counter_based_handle_t *);
static ze_result_t (*core_open_ipc)(ze_context_handle_t,
				    ze_ipc_event_counter_based_handle_t,
				    ze_event_handle_t *);
static ze_result_t (*core_close_ipc)(ze_event_handle_t);
static ze_result_t (*ev_sync_file)(ze_event_handle_t, int *);
static ze_result_t (*ev_sync_many)(uint32_t, ze_event_handle_t *, ze_bool_t,
				   uint64_t, uint32_t *);

static ze_module_handle_t lz_cb_modules[3];
static ze_kernel_handle_t k_copy, k_spin, k_scale;

static inline void lz_cb_setup(void)
{
	*(void **)&cb_create2 = lz_function("zexCounterBasedEventCreate2");
	*(void **)&cb_create_old = lz_function("zexCounterBasedEventCreate");
	*(void **)&cb_create = lz_function("zeEventCounterBasedCreate");
	*(void **)&cb_address = lz_function("zexEventGetDeviceAddress");
	*(void **)&cb_core_address =
		lz_function("zeEventCounterBasedGetDeviceAddress");
	*(void **)&cb_flags = lz_function("zeEventGetCounterBasedFlags");
	*(void **)&cb_get_ipc = lz_function("zexCounterBasedEventGetIpcHandle");
	*(void **)&cb_open_ipc = lz_function("zexCounterBasedEventOpenIpcHandle");
	*(void **)&cb_close_ipc = lz_function("zexCounterBasedEventCloseIpcHandle");
	*(void **)&core_get_ipc = lz_function("zeEventCounterBasedGetIpcHandle");
	*(void **)&core_open_ipc = lz_function("zeEventCounterBasedOpenIpcHandle");
	*(void **)&core_close_ipc = lz_function("zeEventCounterBasedCloseIpcHandle");
	*(void **)&ev_sync_file = lz_function("zexEventExportSyncFile");
	*(void **)&ev_sync_many = lz_function("zexEventHostSynchronizeMany");
	k_copy = lz_kernel("copy", &lz_cb_modules[0]);
	k_spin = lz_kernel("spin", &lz_cb_modules[1]);
	k_scale = lz_kernel("scale_u32", &lz_cb_modules[2]);
}

/* A counter-based event with @flags, through zexCounterBasedEventCreate2. */
static inline ze_event_handle_t lz_cb_event(uint32_t flags)
{
	zex_counter_based_event_desc_t desc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.flags = flags,
		.signalScope = ZE_EVENT_SCOPE_FLAG_HOST,
		.waitScope = ZE_EVENT_SCOPE_FLAG_HOST,
	};
	ze_event_handle_t ev = NULL;

	ck_assert_ok(cb_create2(lz_context, lz_device, &desc, &ev));
	return ev;
}

#define CB_IMM		ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE
#define CB_REG		ZEX_COUNTER_BASED_EVENT_FLAG_NON_IMMEDIATE
#define CB_BOTH		(CB_IMM | CB_REG)

/* Append a copy of @n bytes (a multiple of 64) from @src to @dst. */
static inline void lz_cb_copy(ze_command_list_handle_t list, void *dst,
			      const void *src, uint32_t n,
			      ze_event_handle_t signal, uint32_t num_waits,
			      ze_event_handle_t *waits)
{
	lz_arg_ptr(k_copy, 0, dst);
	lz_arg_ptr(k_copy, 1, src);
	lz_launch(list, k_copy, n, 64, signal, num_waits, waits);
}

/* Append a kernel that keeps its list busy for @ns. */
static inline void lz_cb_spin(ze_command_list_handle_t list, uint64_t ns,
			      ze_event_handle_t signal, uint32_t num_waits,
			      ze_event_handle_t *waits)
{
	lz_arg_u64(k_spin, 0, ns);
	lz_launch(list, k_spin, 1, 1, signal, num_waits, waits);
}

/* Append dst[i] = src[i] * factor for @n u32s (a multiple of 64). */
static inline void lz_cb_scale(ze_command_list_handle_t list, uint32_t *dst,
			       const uint32_t *src, uint32_t factor, uint32_t n,
			       ze_event_handle_t signal, uint32_t num_waits,
			       ze_event_handle_t *waits)
{
	lz_arg_ptr(k_scale, 0, dst);
	lz_arg_ptr(k_scale, 1, src);
	lz_arg_u32(k_scale, 2, factor);
	lz_launch(list, k_scale, n, 64, signal, num_waits, waits);
}

/* Is every byte of @p[0..n) @v? */
static inline bool lz_all(const void *p, uint8_t v, size_t n)
{
	const uint8_t *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		if (b[i] != v)
			return false;
	return true;
}

/*
 * The first line of the kernel's debugfs file: "device bos N bindings N
 * counter_pages N counter_slots N", the device's totals. Returns false if
 * the file cannot be read (no debugfs, or not root).
 */
static inline bool lz_device_totals(char *line, size_t size)
{
	glob_t g;
	FILE *f = NULL;
	bool ok = false;

	if (glob("/sys/kernel/debug/dri/*/xe_cbev", 0, NULL, &g))
		return false;
	if (g.gl_pathc)
		f = fopen(g.gl_pathv[0], "r");
	if (f) {
		ok = fgets(line, size, f) != NULL;
		fclose(f);
	}
	globfree(&g);
	return ok;
}

/*
 * The IPC seed with SPIR-V kernels: the helper process (role @role) opens
 * this process's buffer and counter-based event, launches its own vadd
 * waiting on the event, and sees that it has not run ('o'); the gate
 * opens here, @add (a vadd kernel: a, b, c, then the count when
 * @with_count) writes the buffer (3 i) and signals; the helper's kernel
 * then reads it (6 i).
 */
static inline void lz_cb_ipc_vadd_after_exporter(ze_command_list_handle_t list,
						 ze_kernel_handle_t add,
						 const char *role,
						 bool with_count)
{
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t gate = lz_event(pool, 0), e;
	zex_counter_based_event_desc_t desc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.flags = ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE |
			 ZEX_COUNTER_BASED_EVENT_FLAG_IPC,
	};
	zex_ipc_counter_based_event_handle_t eh;
	ze_ipc_mem_handle_t mh;
	float *a = lz_alloc_shared(1024 * 4), *b = lz_alloc_shared(1024 * 4);
	float *buf = lz_alloc_device(1024 * 4);
	unsigned char status = 0xff;
	char got = 0;
	int sock, wstatus;
	uint32_t i;
	pid_t pid;

	for (i = 0; i < 1024; i++) {
		a[i] = (float)i;
		b[i] = 2.0f * i;
	}
	memset(buf, 0, 1024 * 4);
	sock = lz_start_helper(role, &pid);
	ck_assert_ok(zeMemGetIpcHandle(lz_context, buf, &mh));
	ck_assert_int_eq(ipc_send_handle(sock, &mh), 0);
	ck_assert_ok(cb_create2(lz_context, lz_device, &desc, &e));
	lz_arg_ptr(add, 0, a);
	lz_arg_ptr(add, 1, b);
	lz_arg_ptr(add, 2, buf);
	if (with_count)
		lz_arg_u32(add, 3, 1024);
	ck_assert_ok(zeKernelSetGroupSize(add, 64, 1, 1));
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, add,
						     &(ze_group_count_t){ 16, 1, 1 },
						     e, 1, &gate));
	ck_assert_ok(cb_get_ipc(e, &eh));
	ck_assert_int_eq(write(sock, &eh, sizeof(eh)), sizeof(eh));
	ck_assert_int_eq(read(sock, &got, 1), 1);
	ck_assert_msg(got == 'o', "the helper's kernel waits (step %u)",
		      (unsigned char)got);
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_int_eq(read(sock, &status, 1), 1);
	ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
	ck_assert_msg(status == 0, "the helper failed at step %u", status);
	close(sock);
	ck_assert_ok(zeEventDestroy(e));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
}

#endif /* _LIBZE_TEST_CB_H */
