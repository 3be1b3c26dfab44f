// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * The other process of the cross-process tests (test_libze_memory,
 * test_libze_event_pool): exec'd by a test with the role it plays and the
 * number of its end of a Unix socket. It receives an IPC handle as
 * libze_test_ipc.h sends it, plays its part through the Level Zero loader
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
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <level_zero/ze_api.h>
#include <libze_xe_cbev.h>

#include "libze_test_ipc.h"

#define TIMEOUT_NS	(10ull * 1000000000ull)
#define MEM_SIZE	(64u << 10)
#define DEVICE_PART	4096u

static ze_driver_handle_t driver;
static ze_device_handle_t device;
static ze_context_handle_t context;

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

static int init(void)
{
	ze_context_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC };
	uint32_t count = 1;

	STEP(1, zeInit(0));
	STEP(2, zeDriverGet(&count, &driver));
	count = 1;
	STEP(3, zeDeviceGet(driver, &count, &device));
	STEP(4, zeContextCreate(driver, &desc, &context));
	return 0;
}

static int immediate_list(ze_command_list_handle_t *list)
{
	ze_command_queue_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
	};

	STEP(5, zeCommandListCreateImmediate(context, device, &desc, list));
	return 0;
}

static int host_synchronize(ze_command_list_handle_t list)
{
	ze_result_t (*sync)(ze_command_list_handle_t, uint64_t);
	void *fn = NULL;

	STEP(6, zeDriverGetExtensionFunctionAddress(driver,
			"zeCommandListHostSynchronize", &fn));
	*(void **)&sync = fn;
	STEP(7, sync(list, TIMEOUT_NS));
	return 0;
}

static int mem(int sock, bool device_writes)
{
	ze_command_list_handle_t list;
	ze_ipc_mem_handle_t handle;
	uint8_t *p = NULL;
	uint32_t i;
	int err;

	if (lz_recv_handle(sock, &handle))
		return 10;
	STEP(11, zeMemOpenIpcHandle(context, device, handle, 0, (void **)&p));
	for (i = 0; i < MEM_SIZE; i++)
		if (p[i] != (uint8_t)(i * 7))
			return 12;
	for (i = device_writes ? DEVICE_PART : 0; i < MEM_SIZE; i++)
		p[i] = (uint8_t)(i * 3 + 1);
	if (!device_writes) {
		STEP(13, zeMemCloseIpcHandle(context, p));
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

		STEP(14, zeMemAllocHost(context, &hdesc, DEVICE_PART, 0,
					&host));
		for (i = 0; i < DEVICE_PART; i++)
			((uint8_t *)host)[i] = (uint8_t)(i * 3 + 1);
		STEP(15, zeCommandListAppendMemoryCopy(list, p, host,
						       DEVICE_PART, NULL, 0,
						       NULL));
		err = host_synchronize(list);
		if (err)
			return err;
		STEP(16, zeMemFree(context, host));
	}
	STEP(17, zeCommandListDestroy(list));
	STEP(18, zeMemCloseIpcHandle(context, p));
	return 0;
}

static int event_pool(int sock)
{
	ze_event_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_EVENT_DESC };
	ze_ipc_event_pool_handle_t handle;
	ze_command_list_handle_t list;
	ze_event_pool_handle_t pool;
	ze_event_handle_t e0, e1;
	int err;

	if (lz_recv_handle(sock, &handle))
		return 20;
	STEP(21, zeEventPoolOpenIpcHandle(context, handle, &pool));
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

int main(int argc, char **argv)
{
	unsigned char status;
	int sock;

	if (argc != 3) {
		fprintf(stderr, "usage: %s mem|event-pool SOCK\n", argv[0]);
		return 2;
	}
	sock = atoi(argv[2]);

	status = init();
	if (!status && !strcmp(argv[1], "mem"))
		status = mem(sock, false);
	else if (!status && !strcmp(argv[1], "mem-device"))
		status = mem(sock, true);
	else if (!status && !strcmp(argv[1], "event-pool"))
		status = event_pool(sock);
	else if (!status)
		status = 99;

	if (write(sock, &status, 1) != 1)
		return 3;
	zeContextDestroy(context);
	return status ? 1 : 0;
}
