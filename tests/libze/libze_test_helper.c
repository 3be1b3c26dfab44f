// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * The other process of the cross-process tests (test_libze_memory,
 * test_libze_event_pool): exec'd by a test with the role it plays and the
 * number of its end of a Unix socket. It receives an IPC handle as
 * common/ipc_socket.h sends it, plays its part through the Level Zero loader
 * and answers with one status byte: 0, or the step that failed.
 *
 *   libze_test_helper mem SOCK
 *	open the memory handle, check the pattern p[i] = i * 7, write
 *	p[i] = i * 3 + 1 from the host, close the handle
 *   libze_test_helper mem-device SOCK
 *	the same, but the first 4 KiB of the new pattern are copied by the
 *	helper's device (an immediate list) instead
 *   libze_test_helper event-pool SOCK
 *	open the event-pool handle, wait on the host for event 0 (which the
 *	test signals), then signal event 1 from the device, close the pool
 *
 * With LIBZE_TEST_HELPER_DEVICE=N in its environment, the helper uses the
 * driver's device N (test_libze_multidev: the other device than the
 * exporter's) for its lists and opens.
 *
 * Handles that arrive as 64 plain bytes (as through shared memory, a pipe
 * or a file: recv() of the bytes, no fd with them), test_libze_memory_ipc:
 *
 *   libze_test_helper mem-bytes SOCK
 *	as mem, after making an IPC handle of an own allocation of the same
 *	size first, so that the exporter's fd number in the handle most
 *	likely names a dma-buf here too -- the wrong one
 *   libze_test_helper event-pool-bytes SOCK
 *	as event-pool
 *   libze_test_helper mem-fd SOCK
 *	the spec 1.6 way: take the fd that came with the handle
 *	(zeMemGetFileDescriptorFromIpcHandleExp()), make a new handle of it
 *	(zeMemGetIpcHandleFromFileDescriptorExp()), then as mem
 *   libze_test_helper mem-after-free SOCK
 *	receive the handle and its fd, wait for a byte (the exporter has
 *	freed the memory: its token is revoked), open by the fd, check the
 *	pattern, close
 *
 * Counter-based event IPC (test_libze_cb_event_ipc): these handles are
 * 64 plain bytes, no fd travels with them; single bytes on the socket
 * pace the two processes.
 *
 *   libze_test_helper cb-import SOCK
 *	process 2 of the seed's IPC example: open the memory handle the test
 *	fills, open event handle 1 (not ready, 'o'), wait for it on the host
 *	(the test's first copy, 0xa1) and in an own list, refuse to signal
 *	it, 'w'; after 'y' it still reads ready, although the test signalled
 *	the original again (0xb2); close it; open handle 2 (not ready, 'n'),
 *	wait for it (0xc3)
 *   libze_test_helper cb-export SOCK
 *	an exporter that exits: make an IPC event, signal it behind a gate,
 *	send its handle, after 'o' open the gate, wait, answer and _exit()
 *	without any cleanup
 *   libze_test_helper cb-import-nobody SOCK
 *	as user nobody, open the handle that comes: the kernel refuses
 *	(ZE_RESULT_ERROR_INSUFFICIENT_PERMISSIONS is the expected answer)
 *
 * SPIR-V (test_libze_spirv, with the stand-in compiler):
 *
 *   libze_test_helper spirv-import SOCK
 *	open the memory handle (1024 floats), then the counter-based event
 *	handle; launch an own vadd kernel (out = buf + buf) that waits on
 *	the event, check that it has not run, 'o'; wait, check
 *	out[i] == 6 * i (the test's kernel wrote buf[i] = 3 * i)
 *
 *   libze_test_helper spirv-import-real SOCK
 *	the same with the real compiler: vadd of /kernels/basic.spv
 *
 * Waits on lost work (test_libze_lost):
 *
 *   libze_test_helper lost-export SOCK
 *	an exporter whose queue is banned: behind a gate, a copy from an
 *	unmapped address that signals an IPC counter-based event, then a
 *	signal of event 0 of an IPC event pool; send both handles (as
 *	bytes), after 'o' open the gate, then check that its own waits on
 *	both end with ZE_RESULT_ERROR_DEVICE_LOST
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/types.h>

#include <level_zero/ze_api.h>
#include <libze_xe_cbev.h>

#include "common/l0_app.h"
#include "common/ipc_socket.h"
#include "libze_test_spirv.h"

#define TIMEOUT_NS	(10ull * 1000000000ull)
#define MEM_SIZE	(64u << 10)
#define DEVICE_PART	4096u

static struct l0_app app;

/* Fail with status @step unless @call succeeds. */
#define STEP(step, call)						\
	do {								\
		ze_result_t r_ = (call);				\
									\
		if (r_ != ZE_RESULT_SUCCESS) {				\
			fprintf(stderr, "helper: %s: 0x%x\n", #call,	\
				(unsigned int)r_);			\
			return (step);					\
		}							\
	} while (0)

/*
 * The helper works on the driver's device LIBZE_TEST_HELPER_DEVICE (an
 * index) if the test sets it, else on the first one.
 */
static int init(void)
{
	ze_device_handle_t devices[8];
	const char *env = getenv("LIBZE_TEST_HELPER_DEVICE");
	uint32_t n = 8;

	STEP(1, l0_app_open(&app));
	if (!env)
		return 0;
	STEP(2, zeDeviceGet(app.driver, &n, devices));
	if ((uint32_t)atoi(env) >= n)
		return 3;
	app.device = devices[atoi(env)];
	return 0;
}

static int immediate_list(ze_command_list_handle_t *list)
{
	ze_command_queue_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
	};

	STEP(5, zeCommandListCreateImmediate(app.context, app.device, &desc,
					     list));
	return 0;
}

static int host_synchronize(ze_command_list_handle_t list)
{
	ze_result_t (*sync)(ze_command_list_handle_t, uint64_t);
	void *fn = NULL;

	STEP(6, zeDriverGetExtensionFunctionAddress(app.driver,
			"zeCommandListHostSynchronize", &fn));
	*(void **)&sync = fn;
	STEP(7, sync(list, TIMEOUT_NS));
	return 0;
}

static int recv_bytes(int sock, void *buf, size_t n);

/* How the handle comes: with its fd (SCM_RIGHTS), or as bytes only. */
enum how { WITH_FD, BYTES, FROM_FD };

static int recv_mem_handle(int sock, enum how how, ze_ipc_mem_handle_t *h)
{
	ze_result_t (*from_fd)(ze_context_handle_t, uint64_t,
			       ze_ipc_mem_handle_t *);
	ze_result_t (*to_fd)(ze_context_handle_t, ze_ipc_mem_handle_t,
			     uint64_t *);
	uint64_t fd = 0;
	void *f = NULL;

	if (how == BYTES)
		return recv_bytes(sock, h, sizeof(*h)) ? 10 : 0;
	if (ipc_recv_handle(sock, h))
		return 10;
	if (how != FROM_FD)
		return 0;
	STEP(30, zeDriverGetExtensionFunctionAddress(app.driver,
			"zeMemGetFileDescriptorFromIpcHandleExp", &f));
	*(void **)&to_fd = f;
	STEP(31, zeDriverGetExtensionFunctionAddress(app.driver,
			"zeMemGetIpcHandleFromFileDescriptorExp", &f));
	*(void **)&from_fd = f;
	STEP(32, to_fd(app.context, *h, &fd));
	memset(h, 0, sizeof(*h));
	STEP(33, from_fd(app.context, fd, h));
	return 0;
}

static int mem(int sock, bool device_writes, enum how how)
{
	ze_device_mem_alloc_desc_t ddesc = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC,
	};
	ze_command_list_handle_t list;
	ze_ipc_mem_handle_t handle, decoy_handle;
	uint8_t *p = NULL, *decoy = NULL;
	uint32_t i;
	int err;

	if (how == BYTES) {
		/* An own dma-buf at about the fd number the exporter has. */
		STEP(34, zeMemAllocDevice(app.context, &ddesc, MEM_SIZE, 0,
					  app.device, (void **)&decoy));
		memset(decoy, 0x5a, MEM_SIZE);
		STEP(35, zeMemGetIpcHandle(app.context, decoy, &decoy_handle));
	}
	err = recv_mem_handle(sock, how, &handle);
	if (err)
		return err;
	STEP(11, zeMemOpenIpcHandle(app.context, app.device, handle, 0,
				    (void **)&p));
	for (i = 0; i < MEM_SIZE; i++)
		if (p[i] != (uint8_t)(i * 7))
			return 12;
	for (i = device_writes ? DEVICE_PART : 0; i < MEM_SIZE; i++)
		p[i] = (uint8_t)(i * 3 + 1);
	if (decoy) {
		for (i = 0; i < MEM_SIZE; i++)
			if (decoy[i] != 0x5a)
				return 36;
		STEP(37, zeMemFree(app.context, decoy));
	}
	if (!device_writes) {
		STEP(13, zeMemCloseIpcHandle(app.context, p));
		return 0;
	}

	/* The importer's device writes the shared pages. */
	err = immediate_list(&list);
	if (err)
		return err;
	{
		ze_host_mem_alloc_desc_t hdesc = {
			.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
		};
		void *host = NULL;

		STEP(14, zeMemAllocHost(app.context, &hdesc, DEVICE_PART, 0,
					&host));
		for (i = 0; i < DEVICE_PART; i++)
			((uint8_t *)host)[i] = (uint8_t)(i * 3 + 1);
		STEP(15, zeCommandListAppendMemoryCopy(list, p, host,
						       DEVICE_PART, NULL, 0,
						       NULL));
		err = host_synchronize(list);
		if (err)
			return err;
		STEP(16, zeMemFree(app.context, host));
	}
	STEP(17, zeCommandListDestroy(list));
	STEP(18, zeMemCloseIpcHandle(app.context, p));
	return 0;
}

/*
 * A dma-buf fd (SCM_RIGHTS, in the first bytes of 64) imported as a device
 * allocation with ze_external_memory_import_fd_t: it holds i * 7, and gets
 * i * 3 + 1 written by this process's device.
 */
static int external_import(int sock)
{
	ze_external_memory_import_fd_t imp = {
		.stype = ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMPORT_FD,
		.flags = ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF,
	};
	ze_device_mem_alloc_desc_t ddesc = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC,
		.pNext = &imp,
	};
	ze_command_list_handle_t list;
	uint8_t handle[ZE_MAX_IPC_HANDLE_SIZE], *p = NULL, *src = NULL;
	ze_host_mem_alloc_desc_t hdesc = {
		.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
	};
	uint32_t i;
	int err;

	if (ipc_recv_handle(sock, handle))
		return 110;
	memcpy(&imp.fd, handle, sizeof(imp.fd));
	STEP(111, zeMemAllocDevice(app.context, &ddesc, MEM_SIZE, 0,
				   app.device, (void **)&p));
	for (i = 0; i < MEM_SIZE; i++)
		if (p[i] != (uint8_t)(i * 7))
			return 112;
	STEP(113, zeMemAllocHost(app.context, &hdesc, MEM_SIZE, 0,
				 (void **)&src));
	for (i = 0; i < MEM_SIZE; i++)
		src[i] = (uint8_t)(i * 3 + 1);
	err = immediate_list(&list);
	if (err)
		return err;
	STEP(114, zeCommandListAppendMemoryCopy(list, p, src, MEM_SIZE, NULL,
						0, NULL));
	err = host_synchronize(list);
	if (err)
		return err;
	STEP(115, zeCommandListDestroy(list));
	STEP(116, zeMemFree(app.context, p));
	STEP(117, zeMemFree(app.context, src));
	close(imp.fd);
	return 0;
}

/*
 * The other process of the external semaphore test: imports the timeline
 * syncobj fd it receives and signals point 7 from its own list.
 */
static int semaphore_signal(int sock)
{
	ze_result_t (*import)(ze_device_handle_t,
			      const ze_external_semaphore_ext_desc_t *,
			      ze_external_semaphore_ext_handle_t *);
	ze_result_t (*signal)(ze_command_list_handle_t, uint32_t,
			      ze_external_semaphore_ext_handle_t *,
			      ze_external_semaphore_signal_params_ext_t *,
			      ze_event_handle_t, uint32_t, ze_event_handle_t *);
	ze_result_t (*release)(ze_external_semaphore_ext_handle_t);
	ze_external_semaphore_fd_ext_desc_t fd_desc = {
		.stype = ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_FD_EXT_DESC,
	};
	ze_external_semaphore_ext_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_EXT_DESC,
		.pNext = &fd_desc,
		.flags = ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_VK_TIMELINE_SEMAPHORE_FD,
	};
	ze_external_semaphore_signal_params_ext_t params = {
		.stype = ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS_EXT,
		.value = 7,
	};
	uint8_t handle[ZE_MAX_IPC_HANDLE_SIZE];
	ze_external_semaphore_ext_handle_t sem;
	ze_command_list_handle_t list;
	int err;

	if (ipc_recv_handle(sock, handle))
		return 120;
	memcpy(&fd_desc.fd, handle, sizeof(fd_desc.fd));
	STEP(121, l0_app_function(&app, "zeDeviceImportExternalSemaphoreExt",
				  (void **)&import));
	STEP(122, l0_app_function(&app,
				  "zeCommandListAppendSignalExternalSemaphoreExt",
				  (void **)&signal));
	STEP(123, l0_app_function(&app, "zeDeviceReleaseExternalSemaphoreExt",
				  (void **)&release));
	STEP(124, import(app.device, &desc, &sem));
	close(fd_desc.fd);
	err = immediate_list(&list);
	if (err)
		return err;
	STEP(125, signal(list, 1, &sem, &params, NULL, 0, NULL));
	err = host_synchronize(list);
	if (err)
		return err;
	STEP(126, zeCommandListDestroy(list));
	STEP(127, release(sem));
	return 0;
}

/* The handle and its fd; after a byte, open by the fd alone. */
static int mem_after_free(int sock)
{
	ze_ipc_mem_handle_t handle;
	uint8_t *p = NULL, byte;
	uint32_t i;

	if (ipc_recv_handle(sock, &handle))
		return 40;
	if (recv_bytes(sock, &byte, 1))
		return 41;
	STEP(42, zeMemOpenIpcHandle(app.context, app.device, handle, 0,
				    (void **)&p));
	for (i = 0; i < MEM_SIZE; i++)
		if (p[i] != (uint8_t)(i * 7))
			return 43;
	STEP(44, zeMemCloseIpcHandle(app.context, p));
	return 0;
}

static int event_pool(int sock, bool bytes)
{
	ze_event_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_EVENT_DESC };
	ze_ipc_event_pool_handle_t handle;
	ze_command_list_handle_t list;
	ze_event_pool_handle_t pool;
	ze_event_handle_t e0, e1;
	int err;

	if (bytes ? recv_bytes(sock, &handle, sizeof(handle)) :
		    ipc_recv_handle(sock, &handle))
		return 20;
	STEP(21, zeEventPoolOpenIpcHandle(app.context, handle, &pool));
	desc.index = 0;
	STEP(22, zeEventCreate(pool, &desc, &e0));
	desc.index = 1;
	STEP(23, zeEventCreate(pool, &desc, &e1));

	STEP(24, zeEventHostSynchronize(e0, TIMEOUT_NS));

	err = immediate_list(&list);
	if (err)
		return err;
	STEP(25, zeCommandListAppendSignalEvent(list, e1));
	err = host_synchronize(list);
	if (err)
		return err;

	STEP(26, zeCommandListDestroy(list));
	STEP(27, zeEventDestroy(e1));
	STEP(28, zeEventDestroy(e0));
	STEP(29, zeEventPoolCloseIpcHandle(pool));
	return 0;
}

/* ---- counter-based events ------------------------------------------------ */

static void *fn(const char *name)
{
	void *f = NULL;

	zeDriverGetExtensionFunctionAddress(app.driver, name, &f);
	return f;
}

static int recv_bytes(int sock, void *buf, size_t n)
{
	return recv(sock, buf, n, MSG_WAITALL) == (ssize_t)n ? 0 : -1;
}

static int send_byte(int sock, char c)
{
	return write(sock, &c, 1) == 1 ? 0 : -1;
}

static int expect_byte(int sock, char c)
{
	char got;

	return read(sock, &got, 1) == 1 && got == c ? 0 : -1;
}

static bool all_bytes(const uint8_t *p, uint8_t v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != v)
			return false;
	return true;
}

static int in_order_list(ze_command_list_handle_t *list)
{
	ze_result_t (*create)(ze_context_handle_t, ze_device_handle_t,
			      const ze_command_queue_desc_t *,
			      ze_command_list_handle_t *);
	ze_command_queue_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
		.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
	};

	/* The driver's own entry: a validation layer knows spec 1.4 flags. */
	*(void **)&create = fn("zeCommandListCreateImmediate");
	if (!create)
		return 40;
	STEP(41, create(app.context, app.device, &desc, list));
	return 0;
}

#define CB_SIZE	4096u

static int cb_import(int sock)
{
	ze_result_t (*open_ipc)(ze_context_handle_t,
				zex_ipc_counter_based_event_handle_t,
				ze_event_handle_t *);
	ze_result_t (*close_ipc)(ze_event_handle_t);
	ze_host_mem_alloc_desc_t hdesc = {
		.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
	};
	zex_ipc_counter_based_event_handle_t h1, h2;
	ze_event_handle_t event2, event3;
	ze_command_list_handle_t list;
	ze_ipc_mem_handle_t mh;
	uint8_t *buf = NULL, *local = NULL;
	int err;

	*(void **)&open_ipc = fn("zexCounterBasedEventOpenIpcHandle");
	*(void **)&close_ipc = fn("zexCounterBasedEventCloseIpcHandle");
	if (!open_ipc || !close_ipc)
		return 30;
	if (ipc_recv_handle(sock, &mh))
		return 31;
	STEP(32, zeMemOpenIpcHandle(app.context, app.device, mh, 0,
				    (void **)&buf));
	STEP(33, zeMemAllocHost(app.context, &hdesc, CB_SIZE, 0,
				(void **)&local));
	memset(local, 0, CB_SIZE);
	err = in_order_list(&list);
	if (err)
		return err;

	/* process 2: event2 points to counter=X on memory CL1_alloc */
	if (recv_bytes(sock, &h1, sizeof(h1)))
		return 34;
	STEP(35, open_ipc(app.context, h1, &event2));
	if (zeEventQueryStatus(event2) != ZE_RESULT_NOT_READY)
		return 36;
	if (send_byte(sock, 'o'))
		return 37;

	/* event2 still points to X: can be used for waiting */
	STEP(42, zeEventHostSynchronize(event2, TIMEOUT_NS));
	if (!all_bytes(buf, 0xa1, CB_SIZE))
		return 43;
	STEP(44, zeCommandListAppendMemoryCopy(list, local, buf, CB_SIZE,
					       NULL, 1, &event2));
	err = host_synchronize(list);
	if (err)
		return err;
	if (!all_bytes(local, 0xa1, CB_SIZE))
		return 45;
	if (zeCommandListAppendSignalEvent(list, event2) !=
	    ZE_RESULT_ERROR_INVALID_ARGUMENT)
		return 46;
	if (zeEventHostSignal(event2) != ZE_RESULT_ERROR_UNSUPPORTED_FEATURE)
		return 47;
	if (send_byte(sock, 'w'))
		return 48;

	/* The original moved on to Y on another list: event2 did not. */
	if (expect_byte(sock, 'y'))
		return 50;
	if (zeEventQueryStatus(event2) != ZE_RESULT_SUCCESS)
		return 51;
	if (!all_bytes(buf, 0xb2, CB_SIZE))
		return 52;
	STEP(53, close_ipc(event2));	/* Free if not needed */

	/* Opening again sees the new state. */
	if (recv_bytes(sock, &h2, sizeof(h2)))
		return 54;
	STEP(55, open_ipc(app.context, h2, &event3));
	if (zeEventQueryStatus(event3) != ZE_RESULT_NOT_READY)
		return 56;
	if (send_byte(sock, 'n'))
		return 57;
	STEP(58, zeEventHostSynchronize(event3, TIMEOUT_NS));
	if (!all_bytes(buf, 0xc3, CB_SIZE))
		return 59;
	STEP(60, close_ipc(event3));
	STEP(61, zeCommandListDestroy(list));
	STEP(62, zeMemFree(app.context, local));
	STEP(63, zeMemCloseIpcHandle(app.context, buf));
	return 0;
}

static int cb_export(int sock)
{
	ze_result_t (*create2)(ze_context_handle_t, ze_device_handle_t,
			       const zex_counter_based_event_desc_t *,
			       ze_event_handle_t *);
	ze_result_t (*get_ipc)(ze_event_handle_t,
			       zex_ipc_counter_based_event_handle_t *);
	zex_counter_based_event_desc_t desc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.flags = ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE |
			 ZEX_COUNTER_BASED_EVENT_FLAG_IPC,
	};
	ze_event_pool_desc_t pdesc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
		.count = 1,
	};
	ze_event_desc_t gdesc = { .stype = ZE_STRUCTURE_TYPE_EVENT_DESC };
	zex_ipc_counter_based_event_handle_t h;
	ze_command_list_handle_t list;
	ze_event_pool_handle_t pool;
	ze_event_handle_t ev, gate;
	int err;

	*(void **)&create2 = fn("zexCounterBasedEventCreate2");
	*(void **)&get_ipc = fn("zexCounterBasedEventGetIpcHandle");
	if (!create2 || !get_ipc)
		return 70;
	err = in_order_list(&list);
	if (err)
		return err;
	STEP(71, zeEventPoolCreate(app.context, &pdesc, 1, &app.device,
				   &pool));
	STEP(72, zeEventCreate(pool, &gdesc, &gate));
	STEP(73, create2(app.context, app.device, &desc, &ev));
	STEP(74, zeCommandListAppendWaitOnEvents(list, 1, &gate));
	STEP(75, zeCommandListAppendBarrier(list, ev, 0, NULL));
	STEP(76, get_ipc(ev, &h));
	if (write(sock, &h, sizeof(h)) != sizeof(h))
		return 77;
	if (expect_byte(sock, 'o'))
		return 78;
	STEP(79, zeEventHostSignal(gate));
	STEP(80, zeEventHostSynchronize(ev, TIMEOUT_NS));
	return 0;
}

static int lost_export(int sock)
{
	ze_result_t (*create2)(ze_context_handle_t, ze_device_handle_t,
			       const zex_counter_based_event_desc_t *,
			       ze_event_handle_t *);
	ze_result_t (*get_ipc)(ze_event_handle_t,
			       zex_ipc_counter_based_event_handle_t *);
	zex_counter_based_event_desc_t desc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.flags = ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE |
			 ZEX_COUNTER_BASED_EVENT_FLAG_IPC,
	};
	ze_event_pool_desc_t pdesc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
		.flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_IPC,
		.count = 2,
	};
	ze_device_mem_alloc_desc_t ddesc = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC,
	};
	ze_event_desc_t edesc = { .stype = ZE_STRUCTURE_TYPE_EVENT_DESC };
	zex_ipc_counter_based_event_handle_t h;
	ze_ipc_event_pool_handle_t ph;
	ze_command_list_handle_t list;
	ze_event_handle_t ev, gate, e0;
	ze_event_pool_handle_t pool;
	void *dst;
	int err;

	*(void **)&create2 = fn("zexCounterBasedEventCreate2");
	*(void **)&get_ipc = fn("zexCounterBasedEventGetIpcHandle");
	if (!create2 || !get_ipc)
		return 90;
	err = in_order_list(&list);
	if (err)
		return err;
	STEP(91, zeEventPoolCreate(app.context, &pdesc, 1, &app.device, &pool));
	edesc.index = 0;
	STEP(92, zeEventCreate(pool, &edesc, &e0));
	edesc.index = 1;
	STEP(93, zeEventCreate(pool, &edesc, &gate));
	STEP(94, create2(app.context, app.device, &desc, &ev));
	STEP(95, zeMemAllocDevice(app.context, &ddesc, 4096, 0, app.device, &dst));
	STEP(96, zeCommandListAppendWaitOnEvents(list, 1, &gate));
	/* The engine faults on an address nothing is bound at. */
	STEP(97, zeCommandListAppendMemoryCopy(list, dst, (void *)0x10000, 64,
					       ev, 0, NULL));
	STEP(98, zeCommandListAppendSignalEvent(list, e0));
	STEP(99, get_ipc(ev, &h));
	STEP(100, zeEventPoolGetIpcHandle(pool, &ph));
	if (write(sock, &h, sizeof(h)) != sizeof(h) ||
	    write(sock, &ph, sizeof(ph)) != sizeof(ph))
		return 101;
	if (expect_byte(sock, 'o'))
		return 102;
	STEP(103, zeEventHostSignal(gate));
	if (zeEventHostSynchronize(ev, UINT64_MAX) != ZE_RESULT_ERROR_DEVICE_LOST)
		return 104;
	if (zeEventHostSynchronize(e0, UINT64_MAX) != ZE_RESULT_ERROR_DEVICE_LOST)
		return 105;
	/* The importer is done with the pool before it goes. */
	if (expect_byte(sock, 'd'))
		return 106;
	STEP(107, zeCommandListDestroy(list));
	STEP(108, zeEventDestroy(ev));
	STEP(109, zeEventDestroy(e0));
	STEP(110, zeEventDestroy(gate));
	STEP(111, zeEventPoolDestroy(pool));
	STEP(112, zeMemFree(app.context, dst));
	return 0;
}

static int cb_import_nobody(int sock)
{
	ze_result_t (*open_ipc)(ze_context_handle_t,
				ze_ipc_event_counter_based_handle_t,
				ze_event_handle_t *);
	ze_ipc_event_counter_based_handle_t h;
	ze_event_handle_t ev;
	ze_result_t r;

	*(void **)&open_ipc = fn("zeEventCounterBasedOpenIpcHandle");
	if (!open_ipc)
		return 90;
	if (recv_bytes(sock, &h, sizeof(h)))
		return 91;
	r = open_ipc(app.context, h, &ev);
	if (r != ZE_RESULT_ERROR_INSUFFICIENT_PERMISSIONS) {
		fprintf(stderr, "helper: open as nobody: 0x%x\n",
			(unsigned int)r);
		return 92;
	}
	return 0;
}

/* basic.spv of the image's /kernels, read whole; NULL if missing. */
static void *real_spirv(size_t *size)
{
	FILE *f = fopen("/kernels/basic.spv", "rb");
	void *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (!fseek(f, 0, SEEK_END) && (n = ftell(f)) > 0 &&
	    !fseek(f, 0, SEEK_SET)) {
		buf = malloc(n);
		if (buf && fread(buf, 1, n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		*size = n;
	}
	fclose(f);
	return buf;
}

/*
 * cb-wait: open the counter-based event whose IPC handle comes on @sock,
 * say whether it is complete yet ('n' or 'y'), then wait for it.
 */
static int cb_wait(int sock)
{
	ze_result_t (*open_ipc)(ze_context_handle_t,
				zex_ipc_counter_based_event_handle_t,
				ze_event_handle_t *);
	ze_result_t (*close_ipc)(ze_event_handle_t);
	zex_ipc_counter_based_event_handle_t h;
	ze_event_handle_t ev;
	ze_result_t r;

	*(void **)&open_ipc = fn("zexCounterBasedEventOpenIpcHandle");
	*(void **)&close_ipc = fn("zexCounterBasedEventCloseIpcHandle");
	if (!open_ipc || !close_ipc)
		return 130;
	if (recv_bytes(sock, &h, sizeof(h)))
		return 131;
	STEP(132, open_ipc(app.context, h, &ev));
	r = zeEventQueryStatus(ev);
	if (r != ZE_RESULT_SUCCESS && r != ZE_RESULT_NOT_READY)
		return 133;
	if (send_byte(sock, r == ZE_RESULT_SUCCESS ? 'y' : 'n'))
		return 134;
	STEP(135, zeEventHostSynchronize(ev, TIMEOUT_NS));
	STEP(136, close_ipc(ev));
	return 0;
}

/* @real: the vadd of basic.spv (3 arguments) rather than the stand-in's. */
static int spirv_import(int sock, bool real)
{
	ze_result_t (*open_ipc)(ze_context_handle_t,
				zex_ipc_counter_based_event_handle_t,
				ze_event_handle_t *);
	ze_host_mem_alloc_desc_t hdesc = {
		.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
	};
	ze_module_desc_t mdesc = {
		.stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
		.format = ZE_MODULE_FORMAT_IL_SPIRV,
	};
	ze_kernel_desc_t kdesc = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC, .pKernelName = "vadd",
	};
	ze_group_count_t count = { 16, 1, 1 };
	zex_ipc_counter_based_event_handle_t h;
	ze_command_list_handle_t list;
	ze_module_handle_t mod;
	ze_kernel_handle_t k;
	ze_event_handle_t ev;
	ze_ipc_mem_handle_t mh;
	float *buf = NULL, *out = NULL;
	uint32_t w[32], n = 1024, i;
	void *spv = NULL;
	ze_result_t r;
	int err;

	*(void **)&open_ipc = fn("zexCounterBasedEventOpenIpcHandle");
	if (!open_ipc)
		return 100;
	if (ipc_recv_handle(sock, &mh))
		return 101;
	STEP(102, zeMemOpenIpcHandle(app.context, app.device, mh, 0,
				     (void **)&buf));
	STEP(103, zeMemAllocHost(app.context, &hdesc, n * 4, 0, (void **)&out));
	memset(out, 0, n * 4);
	if (recv_bytes(sock, &h, sizeof(h)))
		return 104;
	STEP(105, open_ipc(app.context, h, &ev));
	if (real) {
		spv = real_spirv(&mdesc.inputSize);
		if (!spv)
			return 117;
		mdesc.pInputModule = spv;
	} else {
		mdesc.inputSize = lz_spirv(w, "vadd\0");
		mdesc.pInputModule = (const uint8_t *)w;
	}
	r = zeModuleCreate(app.context, app.device, &mdesc, &mod, NULL);
	free(spv);
	STEP(106, r);
	STEP(107, zeKernelCreate(mod, &kdesc, &k));
	STEP(108, zeKernelSetArgumentValue(k, 0, sizeof(buf), &buf));
	STEP(109, zeKernelSetArgumentValue(k, 1, sizeof(buf), &buf));
	STEP(110, zeKernelSetArgumentValue(k, 2, sizeof(out), &out));
	if (!real)
		STEP(111, zeKernelSetArgumentValue(k, 3, sizeof(n), &n));
	STEP(112, zeKernelSetGroupSize(k, 64, 1, 1));
	err = in_order_list(&list);
	if (err)
		return err;
	STEP(113, zeCommandListAppendLaunchKernel(list, k, &count, NULL, 1, &ev));
	/* The exporter's gate is closed: nothing can have run. */
	for (i = 0; i < n; i++)
		if (out[i] != 0.0f)
			return 114;
	if (send_byte(sock, 'o'))
		return 115;
	err = host_synchronize(list);
	if (err)
		return err;
	for (i = 0; i < n; i++)
		if (out[i] != 6.0f * i)
			return 116;
	return 0;
}

int main(int argc, char **argv)
{
	unsigned char status;
	int sock;

	if (argc != 3) {
		fprintf(stderr, "usage: %s ROLE SOCK (see the source)\n",
			argv[0]);
		return 2;
	}
	sock = atoi(argv[2]);

	/* Another user than the exporter's: the kernel's rule applies. */
	if (!strcmp(argv[1], "cb-import-nobody") &&
	    (setgid(65534) || setuid(65534)))
		return 4;

	status = init();
	if (!status && !strcmp(argv[1], "mem"))
		status = mem(sock, false, WITH_FD);
	else if (!status && !strcmp(argv[1], "mem-device"))
		status = mem(sock, true, WITH_FD);
	else if (!status && !strcmp(argv[1], "mem-bytes"))
		status = mem(sock, false, BYTES);
	else if (!status && !strcmp(argv[1], "mem-fd"))
		status = mem(sock, false, FROM_FD);
	else if (!status && !strcmp(argv[1], "mem-after-free"))
		status = mem_after_free(sock);
	else if (!status && !strcmp(argv[1], "external-import"))
		status = external_import(sock);
	else if (!status && !strcmp(argv[1], "semaphore-signal"))
		status = semaphore_signal(sock);
	else if (!status && !strcmp(argv[1], "event-pool"))
		status = event_pool(sock, false);
	else if (!status && !strcmp(argv[1], "event-pool-bytes"))
		status = event_pool(sock, true);
	else if (!status && !strcmp(argv[1], "cb-import"))
		status = cb_import(sock);
	else if (!status && !strcmp(argv[1], "cb-export"))
		status = cb_export(sock);
	else if (!status && !strcmp(argv[1], "cb-import-nobody"))
		status = cb_import_nobody(sock);
	else if (!status && !strcmp(argv[1], "cb-wait"))
		status = cb_wait(sock);
	else if (!status && !strcmp(argv[1], "spirv-import"))
		status = spirv_import(sock, false);
	else if (!status && !strcmp(argv[1], "spirv-import-real"))
		status = spirv_import(sock, true);
	else if (!status && !strcmp(argv[1], "lost-export"))
		status = lost_export(sock);
	else if (!status)
		status = 99;

	if (write(sock, &status, 1) != 1)
		return 3;
	/* The exporter leaves as abruptly as a crash would. */
	if (!strcmp(argv[1], "cb-export"))
		_exit(status ? 1 : 0);
	l0_app_close(&app);
	return status ? 1 : 0;
}
