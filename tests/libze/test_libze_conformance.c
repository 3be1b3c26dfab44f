// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests, through the loader, of what programs nobody here wrote
 * (compute-runtime's black-box tests, Intel's level-zero-tests) found:
 * each test is one finding, with the shape those programs use.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libze_test.h"
#include "libze_test_cb.h"
#include "common/ipc_socket.h"
#include "check_run.h"

#define LAUNCHES	100
#define ITEMS		16
/* The helper's MEM_SIZE (libze_test_helper.c). */
#define EXT_SIZE	(64u << 10)

static void setup(void)
{
	lz_setup();
	lz_cb_setup();
}

static void teardown(void)
{
	lz_teardown();
}

static ze_module_handle_t spv_module(const char *name)
{
	return lz_spv_module(name, NULL, ZE_RESULT_SUCCESS);
}

/*
 * Four immediate in-order lists (synchronous, asynchronous, default,
 * default) each append 100 launches of one kernel, buf[i] += c, with c set
 * before every launch; each list's last launch signals one counter-based
 * event, and from the second list on waits on it. Every launch counts.
 */
START_TEST(test_chained_in_order_lists_with_kernels)
{
	static const ze_command_queue_mode_t modes[] = {
		ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
		ZE_COMMAND_QUEUE_MODE_DEFAULT, ZE_COMMAND_QUEUE_MODE_DEFAULT,
	};
	ze_command_list_handle_t lists[4];
	ze_module_handle_t mod = spv_module("conformance");
	ze_kernel_desc_t kd = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC, .pKernelName = "add_scalar",
	};
	ze_group_count_t one = { 1, 1, 1 };
	ze_event_handle_t e = lz_cb_event(CB_IMM | ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE);
	int32_t *buf[4];
	ze_kernel_handle_t k;

	ck_assert_ok(zeKernelCreate(mod, &kd, &k));
	ck_assert_ok(zeKernelSetGroupSize(k, ITEMS, 1, 1));
	for (int l = 0; l < 4; l++) {
		ze_command_queue_desc_t qd = {
			.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
			.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
			.mode = modes[l],
		};

		/* Through the driver: the 1.4 validation layer refuses IN_ORDER. */
		ck_assert_ok(lz_create_immediate(&qd, &lists[l]));
		buf[l] = lz_alloc_shared(ITEMS * 4);
		memset(buf[l], 0, ITEMS * 4);
	}
	for (int l = 0; l < 4; l++) {
		lz_arg_ptr(k, 0, buf[l]);
		for (int i = 0; i < LAUNCHES; i++) {
			int32_t c = l * 1000 + i + 1;
			bool last = i == LAUNCHES - 1;

			ck_assert_ok(zeKernelSetArgumentValue(k, 1, sizeof(c), &c));
			ck_assert_ok(zeCommandListAppendLaunchKernel(
				lists[l], k, &one, last ? e : NULL,
				last && l ? 1 : 0, last && l ? &e : NULL));
		}
	}
	ck_assert_ok(zeEventHostSynchronize(e, UINT64_MAX));
	for (int l = 0; l < 4; l++) {
		int32_t want = 0;

		for (int i = 0; i < LAUNCHES; i++)
			want += l * 1000 + i + 1;
		for (int j = 0; j < ITEMS; j++)
			ck_assert_msg(buf[l][j] == want, "list %d item %d: %d, want %d",
				      l, j, buf[l][j], want);
	}
	for (int l = 0; l < 4; l++) {
		ck_assert_ok(zeCommandListDestroy(lists[l]));
		lz_free(buf[l]);
	}
	ck_assert_ok(zeEventDestroy(e));
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* A region with depth 0 is a 2D copy (the spec's "0 or 1"), not nothing. */
START_TEST(test_copy_region_depth_zero_is_2d)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint8_t *src = lz_alloc_shared(4096), *dst = lz_alloc_shared(4096);
	ze_copy_region_t sr = { 3, 2, 0, 20, 10, 0 }, dr = { 1, 4, 0, 20, 10, 0 };
	uint32_t x, y;

	for (x = 0; x < 4096; x++)
		src[x] = (uint8_t)(x * 7 + 1);
	memset(dst, 0, 4096);
	ck_assert_ok(zeCommandListAppendMemoryCopyRegion(list, dst, &dr, 64, 0,
							 src, &sr, 64, 0, NULL,
							 0, NULL));
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	for (y = 0; y < 10; y++)
		for (x = 0; x < 20; x++)
			ck_assert_msg(dst[(4 + y) * 64 + 1 + x] ==
				      src[(2 + y) * 64 + 3 + x],
				      "byte (%u, %u) is copied", x, y);
	ck_assert_msg(dst[0] == 0 && dst[14 * 64 + 1] == 0,
		      "nothing outside the region is");
	ck_assert_ok(zeCommandListDestroy(list));
	lz_free(src);
	lz_free(dst);
}
END_TEST

/*
 * zeKernelGetSourceAttributes() copies into the caller's buffer, which the
 * caller then frees (level-zero-tests does), and a SPIR-V kernel's
 * attributes are there.
 */
START_TEST(test_kernel_source_attributes_copied)
{
	ze_module_handle_t mod = spv_module("conformance");
	ze_kernel_desc_t kd = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC,
		.pKernelName = "with_attributes",
	};
	ze_kernel_handle_t k, plain;
	uint32_t size = 0, small = 4;
	char *str = NULL;
	ze_result_t (*attrs)(ze_kernel_handle_t, uint32_t *, char **);

	/* The driver's own: Debian's validation layer wants pString set. */
	*(void **)&attrs = lz_function("zeKernelGetSourceAttributes");

	ck_assert_ok(zeKernelCreate(mod, &kd, &k));
	ck_assert_ok(attrs(k, &size, NULL));
	ck_assert_uint_eq(size, strlen("reqd_work_group_size(16,1,1) "
				       "intel_reqd_sub_group_size(8)") + 1);
	str = malloc(size);
	ck_assert_ptr_nonnull(str);
	ck_assert_ze(attrs(k, &small, &str),
		     ZE_RESULT_ERROR_INVALID_SIZE, "4 bytes do not hold them");
	ck_assert_ok(attrs(k, &size, &str));
	ck_assert_str_eq(str, "reqd_work_group_size(16,1,1) "
			      "intel_reqd_sub_group_size(8)");
	free(str);

	kd.pKernelName = "add_scalar";
	ck_assert_ok(zeKernelCreate(mod, &kd, &plain));
	ck_assert_ok(attrs(plain, &size, NULL));
	ck_assert_uint_eq(size, 1);
	str = malloc(size);
	str[0] = 'x';
	ck_assert_ok(attrs(plain, &size, &str));
	ck_assert_str_eq(str, "");
	free(str);
	ck_assert_ok(zeKernelDestroy(plain));
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/*
 * An 8-byte size_t passed for an int parameter (level-zero-tests' copy
 * cases) gives its low bytes; a smaller size is still refused.
 */
START_TEST(test_kernel_argument_larger_than_parameter)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_module_handle_t mod = spv_module("conformance");
	ze_kernel_desc_t kd = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC, .pKernelName = "add_scalar",
	};
	ze_group_count_t one = { 1, 1, 1 };
	int32_t *buf = lz_alloc_shared(ITEMS * 4);
	size_t wide = 41;
	int16_t narrow = 1;
	ze_kernel_handle_t k;

	memset(buf, 0, ITEMS * 4);
	ck_assert_ok(zeKernelCreate(mod, &kd, &k));
	ck_assert_ok(zeKernelSetGroupSize(k, ITEMS, 1, 1));
	lz_arg_ptr(k, 0, buf);
	ck_assert_ze(zeKernelSetArgumentValue(k, 1, sizeof(narrow), &narrow),
		     ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE,
		     "2 bytes for an int are refused");
	ck_assert_ze(zeKernelSetArgumentValue(k, 1, sizeof(wide), &wide),
		     ZE_RESULT_SUCCESS, "8 bytes for an int are taken");
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &one, NULL, 0,
						     NULL));
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	for (int j = 0; j < ITEMS; j++)
		ck_assert_int_eq(buf[j], 41);
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeModuleDestroy(mod));
	ck_assert_ok(zeCommandListDestroy(list));
	lz_free(buf);
}
END_TEST

/*
 * Allocations as compute-runtime's IPC programs make them: an alignment of
 * 4103 bytes (not a power of two), a shared allocation with alignment 1,
 * a device descriptor with only its stype, and a memory ordinal equal to
 * the device's index.
 */
START_TEST(test_alloc_descriptors_programs_pass)
{
	ze_device_mem_alloc_desc_t dd = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC,
	};
	ze_host_mem_alloc_desc_t hd = {
		.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
	};
	ze_result_t (*alloc)(ze_context_handle_t, const ze_device_mem_alloc_desc_t *,
			     size_t, size_t, ze_device_handle_t, void **);
	void *dev = NULL, *shared = NULL;

	/* The driver's own: Debian's validation layer refuses 4103. */
	*(void **)&alloc = lz_function("zeMemAllocDevice");

	ck_assert_ok(alloc(lz_context, &dd, 4103, 4103, lz_device,
				      &dev));
	ck_assert_msg((uintptr_t)dev % 8192 == 0,
		      "4103 asks for the next power of two, 8192");
	ck_assert_ok(zeMemAllocShared(lz_context, &dd, &hd, 4103, 1, lz_device,
				      &shared));
	memset(shared, 5, 4103);
	ck_assert_ok(zeMemFree(lz_context, shared));
	dd.ordinal = 3;
	ck_assert_ok(zeMemAllocShared(lz_context, &dd, &hd, 4096, 0, lz_device,
				      &shared));
	ck_assert_ok(zeMemFree(lz_context, shared));
	ck_assert_ok(zeMemFree(lz_context, dev));
}
END_TEST

/*
 * An event pool's IPC handle has the pool's event count in bytes 4-7,
 * after the fd, where compute-runtime's programs read it; a pool without
 * ZE_EVENT_POOL_FLAG_IPC gives a handle too; a descriptor with stype 0
 * (level-zero-tests' counter-based tests) makes a pool.
 */
START_TEST(test_event_pool_ipc_handle_and_stype_zero)
{
	ze_event_pool_desc_t pd = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
		.flags = ZE_EVENT_POOL_FLAG_IPC | ZE_EVENT_POOL_FLAG_HOST_VISIBLE,
		.count = 7,
	};
	ze_event_pool_counter_based_exp_desc_t cb = {
		.stype = ZE_STRUCTURE_TYPE_COUNTER_BASED_EVENT_POOL_EXP_DESC,
		.flags = ZE_EVENT_POOL_COUNTER_BASED_EXP_FLAG_NON_IMMEDIATE,
	};
	ze_event_desc_t ed = { .stype = ZE_STRUCTURE_TYPE_EVENT_DESC, .index = 6 };
	ze_result_t (*put)(ze_context_handle_t, ze_ipc_event_pool_handle_t);
	ze_ipc_event_pool_handle_t h;
	ze_event_pool_handle_t pool, plain;
	ze_event_handle_t e;
	uint32_t count;
	int fd;

	*(void **)&put = lz_function("zeEventPoolPutIpcHandle");
	ck_assert_ptr_nonnull(put);
	ck_assert_ok(zeEventPoolCreate(lz_context, &pd, 1, &lz_device, &pool));
	ck_assert_ok(zeEventPoolGetIpcHandle(pool, &h));
	memcpy(&fd, h.data, sizeof(fd));
	memcpy(&count, h.data + sizeof(int), sizeof(count));
	ck_assert_int_ge(fd, 0);
	ck_assert_uint_eq(count, 7);
	ck_assert_ok(put(lz_context, h));

	pd.flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE;
	pd.stype = 0;
	ck_assert_ze(zeEventPoolCreate(lz_context, &pd, 1, &lz_device, &plain),
		     ZE_RESULT_SUCCESS, "stype 0 is taken as a pool descriptor");
	ck_assert_ze(zeEventPoolGetIpcHandle(plain, &h), ZE_RESULT_SUCCESS,
		     "a pool without the IPC flag is shared too");
	memcpy(&count, h.data + sizeof(int), sizeof(count));
	ck_assert_uint_eq(count, 7);
	ck_assert_ok(put(lz_context, h));
	ck_assert_ok(zeEventCreate(plain, &ed, &e));
	ck_assert_ok(zeEventHostSignal(e));
	ck_assert_ok(zeEventQueryStatus(e));
	ck_assert_ok(zeEventDestroy(e));
	ck_assert_ok(zeEventPoolDestroy(plain));

	pd.pNext = &cb;
	pd.flags = 0;
	ck_assert_ze(zeEventPoolCreate(lz_context, &pd, 1, &lz_device, &plain),
		     ZE_RESULT_SUCCESS, "so is a counter-based pool's");
	ck_assert_ok(zeEventCreate(plain, &ed, &e));
	ck_assert_ok(zeEventDestroy(e));
	ck_assert_ok(zeEventPoolDestroy(plain));
	ck_assert_ok(zeEventPoolDestroy(pool));
}
END_TEST

/*
 * A fill pattern the fill kernel does not take (longer than 256 bytes, or
 * not a power of two) is filled by copies, on an in-order list with the
 * copy-offload hint as on any other.
 */
START_TEST(test_fill_long_pattern_copy_offload)
{
	static const size_t patterns[] = { 3, 1000, 512, 4096 };
	ze_command_queue_desc_t qd = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER | ZE_BIT(2),
	};
	size_t size = 100003, i, p;
	ze_command_list_handle_t list;
	uint8_t *buf = lz_alloc_shared(size + 64), pattern[4096];

	for (i = 0; i < sizeof(pattern); i++)
		pattern[i] = (uint8_t)(i * 13 + 5);
	ck_assert_ok(lz_create_immediate(&qd, &list));
	for (p = 0; p < sizeof(patterns) / sizeof(patterns[0]); p++) {
		memset(buf, 0xee, size + 64);
		ck_assert_ze(zeCommandListAppendMemoryFill(list, buf, pattern,
							   patterns[p], size,
							   NULL, 0, NULL),
			     ZE_RESULT_SUCCESS, "a pattern of any size is taken");
		ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
		for (i = 0; i < size; i++)
			ck_assert_msg(buf[i] == pattern[i % patterns[p]],
				      "pattern %zu: byte %zu", patterns[p], i);
		ck_assert_msg(buf[size] == 0xee, "nothing is filled after");
	}
	ck_assert_ok(zeCommandListDestroy(list));
	lz_free(buf);
}
END_TEST

/*
 * External memory: an allocation exports a dma-buf fd (zeMemGetAllocProperties()
 * with ze_external_memory_export_fd_t), which imports as an allocation of
 * the same pages (ze_external_memory_import_fd_t), here and in another
 * process; what is no dma-buf of the driver, or too small, is refused.
 */
START_TEST(test_external_memory_dma_buf)
{
	ze_device_external_memory_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_EXTERNAL_MEMORY_PROPERTIES,
	};
	ze_external_memory_export_desc_t exp = {
		.stype = ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_DESC,
		.flags = ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF,
	};
	ze_external_memory_export_fd_t exp_fd = {
		.stype = ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_FD,
		.flags = ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF,
		.fd = -1,
	};
	ze_external_memory_import_fd_t imp = {
		.stype = ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMPORT_FD,
		.flags = ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF,
	};
	ze_device_mem_alloc_desc_t dd = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, .pNext = &exp,
	};
	ze_memory_allocation_properties_t ap = {
		.stype = ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES,
		.pNext = &exp_fd,
	};
	uint8_t handle[ZE_MAX_IPC_HANDLE_SIZE] = { 0 }, *p, *q;
	int pipefd[2], sock;
	pid_t pid;

	ck_assert_ok(zeDeviceGetExternalMemoryProperties(lz_device, &props));
	ck_assert(props.memoryAllocationImportTypes &
		  ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF);
	ck_assert(props.memoryAllocationExportTypes &
		  ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF);

	ck_assert_ok(zeMemAllocDevice(lz_context, &dd, EXT_SIZE, 0, lz_device,
				      (void **)&p));
	lz_fill_pattern(p, EXT_SIZE, 7, 0);
	ck_assert_ok(zeMemGetAllocProperties(lz_context, p, &ap, NULL));
	ck_assert_int_ge(exp_fd.fd, 0);

	/* Here: the same pages at an address of their own. */
	imp.fd = exp_fd.fd;
	dd.pNext = &imp;
	ck_assert_ok(zeMemAllocDevice(lz_context, &dd, EXT_SIZE, 0, lz_device,
				      (void **)&q));
	ck_assert_ptr_ne(p, q);
	ck_assert_msg(lz_check_pattern(q, EXT_SIZE, 7, 0), "the import sees the pages");
	q[5] = 99;
	ck_assert_int_eq(p[5], 99);
	p[5] = 5 * 7;
	ck_assert_ok(zeMemFree(lz_context, q));

	/* Too small, or no dma-buf of the driver. */
	ck_assert_ze(zeMemAllocDevice(lz_context, &dd, 2 * EXT_SIZE, 0,
				      lz_device, (void **)&q),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "more bytes than the dma-buf has are refused");
	ck_assert_int_eq(pipe(pipefd), 0);
	imp.fd = pipefd[0];
	ck_assert_ze(zeMemAllocDevice(lz_context, &dd, 4096, 0, lz_device,
				      (void **)&q),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "a pipe is refused");
	close(pipefd[0]);
	close(pipefd[1]);
	exp.flags = ZE_EXTERNAL_MEMORY_TYPE_FLAG_OPAQUE_WIN32;
	dd.pNext = &exp;
	ck_assert_ze(zeMemAllocDevice(lz_context, &dd, 4096, 0, lz_device,
				      (void **)&q),
		     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "an NT handle export is refused");

	/* Another process imports it and writes it with its device. */
	memcpy(handle, &exp_fd.fd, sizeof(exp_fd.fd));
	sock = lz_start_helper("external-import", &pid);
	ck_assert_int_eq(ipc_send_handle(sock, handle), 0);
	lz_finish_helper(sock, pid, "the other process imports the fd");
	ck_assert_msg(lz_check_pattern(p, EXT_SIZE, 3, 1),
		      "the exporter sees what the other process's device wrote");
	close(exp_fd.fd);
	ck_assert_ok(zeMemFree(lz_context, p));
}
END_TEST

/*
 * zePhysicalMemGetProperties() (spec 1.15): the size and an id; a dma-buf
 * of memory that is one kernel object, which imports as an allocation of
 * the same pages; larger memory has none.
 */
START_TEST(test_physical_mem_properties)
{
	ze_result_t (*get)(ze_context_handle_t, ze_physical_mem_handle_t,
			   ze_physical_mem_properties_t *);
	ze_physical_mem_desc_t pd = {
		.stype = ZE_STRUCTURE_TYPE_PHYSICAL_MEM_DESC, .size = 64 << 10,
	};
	ze_external_memory_export_fd_t exp = {
		.stype = ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_FD,
		.flags = ZE_EXTERNAL_MEMORY_TYPE_FLAG_OPAQUE_FD,
		.fd = -1,
	};
	ze_physical_mem_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_PHYSICAL_MEM_PROPERTIES,
	};
	ze_external_memory_import_fd_t imp = {
		.stype = ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMPORT_FD,
		.flags = ZE_EXTERNAL_MEMORY_TYPE_FLAG_OPAQUE_FD,
	};
	ze_device_mem_alloc_desc_t dd = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, .pNext = &imp,
	};
	ze_physical_mem_handle_t small, big;
	size_t page = 0;
	uint8_t *va, *q;

	*(void **)&get = lz_function("zePhysicalMemGetProperties");
	ck_assert_ptr_nonnull(get);
	ck_assert_ok(zePhysicalMemCreate(lz_context, lz_device, &pd, &small));
	ck_assert_ok(get(lz_context, small, &props));
	ck_assert_uint_eq(props.size, 64 << 10);
	ck_assert_uint_ne(props.id, 0);
	ck_assert_ze(get(lz_context, small, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER, "properties are needed");

	/* Its pages, mapped, and its dma-buf, imported, are the same. */
	ck_assert_ok(zeVirtualMemQueryPageSize(lz_context, lz_device, 64 << 10,
					       &page));
	/* A hint: Debian's validation layer refuses NULL. */
	ck_assert_ok(zeVirtualMemReserve(lz_context, (void *)(1ull << 44),
					 64 << 10, (void **)&va));
	ck_assert_ok(zeVirtualMemMap(lz_context, va, 64 << 10, small, 0,
				     ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
	lz_fill_pattern(va, 64 << 10, 5, 2);
	props.pNext = &exp;
	ck_assert_ok(get(lz_context, small, &props));
	ck_assert_int_ge(exp.fd, 0);
	imp.fd = exp.fd;
	ck_assert_ok(zeMemAllocDevice(lz_context, &dd, 64 << 10, 0, lz_device,
				      (void **)&q));
	ck_assert_msg(lz_check_pattern(q, 64 << 10, 5, 2),
		      "the import has the mapped pages");
	ck_assert_ok(zeMemFree(lz_context, q));
	close(exp.fd);
	ck_assert_ok(zeVirtualMemUnmap(lz_context, va, 64 << 10));
	ck_assert_ok(zeVirtualMemFree(lz_context, va, 64 << 10));

	pd.size = 4 << 20;
	ck_assert_ok(zePhysicalMemCreate(lz_context, lz_device, &pd, &big));
	ck_assert_ze(get(lz_context, big, &props),
		     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "4 MiB are two kernel objects: no one dma-buf");
	props.pNext = NULL;
	ck_assert_ok(get(lz_context, big, &props));
	ck_assert_uint_eq(props.size, 4 << 20);
	ck_assert_ok(zePhysicalMemDestroy(lz_context, big));
	ck_assert_ok(zePhysicalMemDestroy(lz_context, small));
}
END_TEST

/*
 * Module linking: a module that calls functions it does not define
 * builds, its kernels wait for zeModuleDynamicLink() (INVALID_MODULE_UNLINKED),
 * which fails while no module given defines them and then finds them in a
 * module built with -library-compilation.
 */
START_TEST(test_module_dynamic_link)
{
	ze_module_handle_t user = spv_module("link_user"), lib, both[2];
	ze_kernel_desc_t kd = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC, .pKernelName = "use_lib",
	};
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_module_build_log_handle_t log;
	ze_group_count_t one = { 1, 1, 1 };
	int32_t *a = lz_alloc_shared(ITEMS * 4), k3 = 3;
	float *f = lz_alloc_shared(ITEMS * 4);
	char text[1024];
	size_t size = sizeof(text);
	ze_kernel_handle_t k;

	ck_assert_ze(zeKernelCreate(user, &kd, &k),
		     ZE_RESULT_ERROR_INVALID_MODULE_UNLINKED,
		     "its kernels wait for the link");
	ck_assert_ze(zeModuleDynamicLink(1, &user, &log),
		     ZE_RESULT_ERROR_MODULE_LINK_FAILURE,
		     "alone, nothing defines lib_scale");
	ck_assert_ok(zeModuleBuildLogGetString(log, &size, text));
	ck_assert_msg(strstr(text, "lib_scale"), "the log names it: %s", text);
	ck_assert_ok(zeModuleBuildLogDestroy(log));

	lib = lz_spv_module("link_lib", "-library-compilation",
			    ZE_RESULT_SUCCESS);
	both[0] = user;
	both[1] = lib;
	ck_assert_ok(zeModuleDynamicLink(2, both, NULL));
	ck_assert_ok(zeKernelCreate(user, &kd, &k));
	for (int i = 0; i < ITEMS; i++) {
		a[i] = i;
		f[i] = (float)i;
	}
	ck_assert_ok(zeKernelSetGroupSize(k, ITEMS, 1, 1));
	lz_arg_ptr(k, 0, a);
	lz_arg_ptr(k, 1, f);
	ck_assert_ok(zeKernelSetArgumentValue(k, 2, sizeof(k3), &k3));
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, k, &one, NULL, 0,
						     NULL));
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	for (int i = 0; i < ITEMS; i++) {
		ck_assert_int_eq(a[i], 3 * i + 1);
		ck_assert_float_eq(f[i], (float)i * i + 0.5f);
	}
	ck_assert_ok(zeKernelDestroy(k));
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeModuleDestroy(user));
	ck_assert_ok(zeModuleDestroy(lib));
	lz_free(a);
	lz_free(f);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("conformance");
	TCase *tc = tcase_create("findings");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 180);
	tcase_add_test(tc, test_chained_in_order_lists_with_kernels);
	tcase_add_test(tc, test_copy_region_depth_zero_is_2d);
	tcase_add_test(tc, test_kernel_source_attributes_copied);
	tcase_add_test(tc, test_kernel_argument_larger_than_parameter);
	tcase_add_test(tc, test_alloc_descriptors_programs_pass);
	tcase_add_test(tc, test_event_pool_ipc_handle_and_stype_zero);
	tcase_add_test(tc, test_fill_long_pattern_copy_offload);
	tcase_add_test(tc, test_external_memory_dma_buf);
	tcase_add_test(tc, test_physical_mem_properties);
	tcase_add_test(tc, test_module_dynamic_link);
	suite_add_tcase(s, tc);
	return check_run(s);
}
