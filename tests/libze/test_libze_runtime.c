// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of the runtime API (userspace/libze/src/core/runtime_api.c)
 * and of the spec 1.16-1.17 entry points around it: the queries of what a
 * queue or list was created with (lists/cmdqueue.c, lists/cmdlist.c), the
 * appends "with parameters" (append/append_params.c), host functions
 * (append/append_host_fn.c), the device extension queries
 * (core/device_ext.c) and the last error description.
 *
 * Debian's loader (1.8) knows no zer* function: the tests take the
 * driver's own, from the copy of libze_xe_cbev.so.1 the loader opened
 * (ZE_ENABLE_ALT_DRIVERS), through its zerGetGlobalProcAddrTable() as a
 * current loader would. The ze* ones newer than the loader come through
 * zeDriverGetExtensionFunctionAddress() (lz_function()).
 */

#include <dlfcn.h>
#include <pthread.h>

#include "libze_test.h"
#include "check_run.h"

#define N_U32	64

static zer_global_dditable_t zer;

/* The driver's runtime table, from the library the loader has loaded. */
static void zer_setup(void)
{
	const char *path = getenv("ZE_ENABLE_ALT_DRIVERS");
	zer_pfnGetGlobalProcAddrTable_t getter;
	void *lib;

	lz_setup();
	lib = dlopen(path ? path : "libze_xe_cbev.so.1",
		     RTLD_NOW | RTLD_NOLOAD);
	ck_assert_msg(lib, "the loader has loaded the driver library");
	*(void **)&getter = dlsym(lib, "zerGetGlobalProcAddrTable");
	ck_assert_msg(getter, "the driver exports zerGetGlobalProcAddrTable");
	ck_assert_ok(getter(ZE_API_VERSION_1_14, &zer));
	dlclose(lib);
}

static const char *last_error(void)
{
	const char *text = NULL;

	ck_assert_ok(zer.pfnGetLastErrorDescription(&text));
	ck_assert_ptr_nonnull(text);
	return text;
}

/* ---- runtime API: core ------------------------------------------------- */

START_TEST(test_runtime_default_context_is_the_driver_s)
{
	ze_context_handle_t (*driver_default)(ze_driver_handle_t);
	ze_host_mem_alloc_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
	};
	ze_context_handle_t ctx = zer.pfnGetDefaultContext();
	uint32_t *p = NULL;

	*(void **)&driver_default = lz_function("zeDriverGetDefaultContext");
	ck_assert_msg(ctx, "zerGetDefaultContext returns a context");
	ck_assert_msg(ctx == driver_default(lz_driver),
		      "it is the default context of the default driver");
	ck_assert_msg(ctx == zer.pfnGetDefaultContext(),
		      "every call returns the same context");
	ck_assert_ze(zeContextGetStatus(ctx), ZE_RESULT_SUCCESS,
		     "the default context is a live context");

	/* It works as a context: memory of it is usable. */
	ck_assert_ok(zeMemAllocHost(ctx, &desc, 4096, 0, (void **)&p));
	p[0] = 0x1234;
	ck_assert_uint_eq(p[0], 0x1234);
	ck_assert_ok(zeMemFree(ctx, p));
}
END_TEST

#define CTX_THREADS	8

static void *default_context_thread(void *arg)
{
	*(ze_context_handle_t *)arg = zer.pfnGetDefaultContext();
	return NULL;
}

START_TEST(test_runtime_default_context_same_in_every_thread)
{
	ze_context_handle_t got[CTX_THREADS];
	pthread_t t[CTX_THREADS];
	unsigned int i;

	for (i = 0; i < CTX_THREADS; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL,
						default_context_thread,
						&got[i]), 0);
	for (i = 0; i < CTX_THREADS; i++) {
		ck_assert_int_eq(pthread_join(t[i], NULL), 0);
		ck_assert_msg(got[i] && got[i] == zer.pfnGetDefaultContext(),
			      "thread %u gets the one default context", i);
	}
}
END_TEST

START_TEST(test_runtime_device_identifiers_round_trip)
{
	ze_device_handle_t devices[16];
	uint32_t count = 16, i, id;

	ck_assert_ok(zeDeviceGet(lz_driver, &count, devices));
	ck_assert_uint_ge(count, 1);
	for (i = 0; i < count; i++) {
		id = zer.pfnTranslateDeviceHandleToIdentifier(devices[i]);
		ck_assert_msg(id == i,
			      "device %u of zeDeviceGet has identifier %u, not %u",
			      i, i, id);
		ck_assert_msg(zer.pfnTranslateIdentifierToDeviceHandle(id) ==
			      devices[i],
			      "identifier %u translates back to its device", id);
	}
}
END_TEST

/* A thread's description is its own, and survives its successful calls. */
struct error_thread {
	const char *seen;
	ze_device_handle_t dev;
};

static void *fresh_thread_error(void *arg)
{
	struct error_thread *e = arg;

	if (zer.pfnGetLastErrorDescription(&e->seen) != ZE_RESULT_SUCCESS)
		e->seen = NULL;
	e->dev = zer.pfnTranslateIdentifierToDeviceHandle(0);
	return NULL;
}

START_TEST(test_runtime_last_error_is_per_thread)
{
	ze_result_t (*driver_error)(ze_driver_handle_t, const char **);
	struct error_thread e = { NULL, NULL };
	const char *text = NULL, *mine;
	pthread_t t;

	ck_assert_ptr_null(zer.pfnTranslateIdentifierToDeviceHandle(12345));
	mine = last_error();
	ck_assert_msg(strstr(mine, "identifier"),
		      "the description says what failed: \"%s\"", mine);

	ck_assert_int_eq(pthread_create(&t, NULL, fresh_thread_error, &e), 0);
	ck_assert_int_eq(pthread_join(t, NULL), 0);
	ck_assert_msg(e.seen && !strcmp(e.seen, ""),
		      "another thread has no description yet, not ours");
	ck_assert_msg(e.dev == lz_device, "its own call succeeded");

	/* Successful calls leave it alone; the ze twin reads the same. */
	ck_assert_ptr_nonnull(zer.pfnGetDefaultContext());
	ck_assert_str_eq(last_error(), mine);
	*(void **)&driver_error = lz_function("zeDriverGetLastErrorDescription");
	ck_assert_ok(driver_error(lz_driver, &text));
	ck_assert_str_eq(text, mine);
}
END_TEST

/* A current loader reaches the table through every handle's pRuntime. */
START_TEST(test_runtime_handles_carry_the_table)
{
	const zex_handle_t *hdr = (const zex_handle_t *)lz_device;
	const zer_dditable_driver_t *rt =
		(const zer_dditable_driver_t *)hdr->pRuntime;

	ck_assert_msg(rt && rt->isValidFlag,
		      "the runtime head of a handle is valid");
	ck_assert_msg(rt->Global &&
		      rt->Global->pfnGetDefaultContext ==
		      zer.pfnGetDefaultContext &&
		      rt->Global->pfnTranslateIdentifierToDeviceHandle ==
		      zer.pfnTranslateIdentifierToDeviceHandle,
		      "it points at the table zerGetGlobalProcAddrTable fills");
}
END_TEST

/* ---- runtime API: limits ----------------------------------------------- */

START_TEST(test_runtime_bad_arguments)
{
	uint32_t count = 0;

	ck_assert_ze(zer.pfnGetLastErrorDescription(NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "zerGetLastErrorDescription needs somewhere to write");

	ck_assert_ok(zeDeviceGet(lz_driver, &count, NULL));
	ck_assert_ptr_null(zer.pfnTranslateIdentifierToDeviceHandle(count));
	ck_assert_ptr_null(zer.pfnTranslateIdentifierToDeviceHandle(UINT32_MAX));

	ck_assert_uint_eq(zer.pfnTranslateDeviceHandleToIdentifier(NULL),
			  UINT32_MAX);
	ck_assert_msg(strstr(last_error(), "not a device"),
		      "a NULL device is described: \"%s\"", last_error());
	ck_assert_uint_eq(zer.pfnTranslateDeviceHandleToIdentifier(
				  (ze_device_handle_t)lz_context),
			  UINT32_MAX);
}
END_TEST

/* ---- queue and list queries (spec 1.17) -------------------------------- */

typedef ze_result_t (*queue_u32_fn)(ze_command_queue_handle_t, uint32_t *);
typedef ze_result_t (*list_u32_fn)(ze_command_list_handle_t, uint32_t *);

static queue_u32_fn queue_fn(const char *name)
{
	queue_u32_fn fn;

	*(void **)&fn = lz_function(name);
	return fn;
}

static list_u32_fn list_fn(const char *name)
{
	list_u32_fn fn;

	*(void **)&fn = lz_function(name);
	return fn;
}

START_TEST(test_queue_reports_its_descriptor)
{
	ze_command_queue_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = ZE_COMMAND_QUEUE_FLAG_EXPLICIT_ONLY,
		.mode = ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS,
		.priority = ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_HIGH,
	};
	ze_command_queue_handle_t q;
	uint32_t flags = 0xdead, mode = 0xdead, prio = 0xdead;

	ck_assert_ok(zeCommandQueueCreate(lz_context, lz_device, &desc, &q));
	ck_assert_ok(queue_fn("zeCommandQueueGetFlags")(q, &flags));
	ck_assert_ok(queue_fn("zeCommandQueueGetMode")(q, &mode));
	ck_assert_ok(queue_fn("zeCommandQueueGetPriority")(q, &prio));
	ck_assert_msg(flags == ZE_COMMAND_QUEUE_FLAG_EXPLICIT_ONLY &&
		      mode == ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS &&
		      prio == ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_HIGH,
		      "a queue reports the flags, mode and priority it was created with (0x%x %u %u)",
		      flags, mode, prio);
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_list_reports_its_descriptor)
{
	ze_command_queue_desc_t qd = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
		.mode = ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS,
		.priority = ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_LOW,
	};
	ze_command_list_handle_t regular = lz_list(true), imm;
	uint32_t flags = 0xdead, mode = 0xdead, prio = 0xdead;

	ck_assert_ok(list_fn("zeCommandListGetFlags")(regular, &flags));
	ck_assert_msg(flags == ZE_COMMAND_LIST_FLAG_IN_ORDER,
		      "a regular list reports its flags (0x%x)", flags);

	ck_assert_ok(lz_create_immediate(&qd, &imm));
	ck_assert_ok(list_fn("zeCommandListImmediateGetFlags")(imm, &flags));
	ck_assert_ok(list_fn("zeCommandListImmediateGetMode")(imm, &mode));
	ck_assert_ok(list_fn("zeCommandListImmediateGetPriority")(imm, &prio));
	ck_assert_msg(flags == ZE_COMMAND_QUEUE_FLAG_IN_ORDER &&
		      mode == ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS &&
		      prio == ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_LOW,
		      "an immediate list reports its queue descriptor (0x%x %u %u)",
		      flags, mode, prio);
	ck_assert_ok(list_fn("zeCommandListGetFlags")(imm, &flags));
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeCommandListDestroy(regular));
}
END_TEST

START_TEST(test_queries_refuse_bad_arguments)
{
	static const char *const queue_getters[] = {
		"zeCommandQueueGetFlags", "zeCommandQueueGetMode",
		"zeCommandQueueGetPriority",
	};
	static const char *const list_getters[] = {
		"zeCommandListGetFlags", "zeCommandListImmediateGetFlags",
		"zeCommandListImmediateGetMode",
		"zeCommandListImmediateGetPriority",
	};
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t regular = lz_list(false);
	ze_command_list_handle_t imm = lz_immediate_list(false);
	uint32_t out = 0xdead;
	unsigned int i;

	for (i = 0; i < 3; i++) {
		ck_assert_ze(queue_fn(queue_getters[i])(NULL, &out),
			     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
			     queue_getters[i]);
		ck_assert_ze(queue_fn(queue_getters[i])(q, NULL),
			     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
			     queue_getters[i]);
	}
	for (i = 0; i < 4; i++) {
		ck_assert_ze(list_fn(list_getters[i])(NULL, &out),
			     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
			     list_getters[i]);
		ck_assert_ze(list_fn(list_getters[i])(imm, NULL),
			     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
			     list_getters[i]);
	}
	/* A regular list has no queue descriptor. */
	for (i = 1; i < 4; i++) {
		ck_assert_ze(list_fn(list_getters[i])(regular, &out),
			     ZE_RESULT_ERROR_INVALID_ARGUMENT,
			     list_getters[i]);
		ck_assert_msg(out == 0xdead, "a refused query writes nothing");
	}
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeCommandListDestroy(regular));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

/* ---- appends with parameters (spec 1.16) ------------------------------- */

typedef ze_result_t (*copy_params_fn)(ze_command_list_handle_t, void *,
				      const void *, size_t, const void *,
				      ze_event_handle_t, uint32_t,
				      ze_event_handle_t *);
typedef ze_result_t (*fill_params_fn)(ze_command_list_handle_t, void *,
				      const void *, size_t, size_t,
				      const void *, ze_event_handle_t,
				      uint32_t, ze_event_handle_t *);
typedef ze_result_t (*lists_params_fn)(ze_command_list_handle_t, uint32_t,
				       ze_command_list_handle_t *,
				       const void *, ze_event_handle_t,
				       uint32_t, ze_event_handle_t *);

/* A descriptor no append of these knows. */
static const ze_base_desc_t unknown_ext = {
	.stype = (ze_structure_type_t)0x7ffffff0,
};

START_TEST(test_fill_and_copy_with_parameters)
{
	ze_command_list_handle_t imm = lz_immediate_list(true);
	uint32_t *a = lz_alloc_shared(N_U32 * 4), *b = lz_alloc_shared(N_U32 * 4);
	uint32_t pattern = 0xc0ffee, i;
	copy_params_fn copy;
	fill_params_fn fill;

	*(void **)&copy = lz_function("zeCommandListAppendMemoryCopyWithParameters");
	*(void **)&fill = lz_function("zeCommandListAppendMemoryFillWithParameters");
	memset(a, 0, N_U32 * 4);
	memset(b, 0, N_U32 * 4);
	ck_assert_ok(fill(imm, a, &pattern, 4, N_U32 * 4, NULL, NULL, 0,
			  NULL));
	ck_assert_ok(copy(imm, b, a, N_U32 * 4, NULL, NULL, 0, NULL));
	ck_assert_ok(lz_list_sync(imm, LZ_TIMEOUT_NS));
	for (i = 0; i < N_U32; i++)
		ck_assert_msg(a[i] == pattern && b[i] == pattern,
			      "the fill, then the copy, reached word %u", i);

	/* Unknown parameters are refused, not ignored, and described. */
	ck_assert_ze(copy(imm, b, a, 4, &unknown_ext, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a copy with an unknown pNext structure is refused");
	ck_assert_msg(strstr(last_error(), "pNext"),
		      "the refusal is described: \"%s\"", last_error());
	ck_assert_ze(fill(imm, a, &pattern, 4, 4, &unknown_ext, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a fill with an unknown pNext structure is refused");
	ck_assert_ze(copy(NULL, b, a, 4, NULL, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "a copy needs a list");
	ck_assert_ze(fill(imm, NULL, &pattern, 4, 4, NULL, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "a fill needs a destination");
	ck_assert_ok(zeCommandListDestroy(imm));
	lz_free(a);
	lz_free(b);
}
END_TEST

START_TEST(test_append_lists_with_parameters)
{
	ze_command_list_handle_t imm = lz_immediate_list(true);
	ze_command_list_handle_t regular = lz_list(false);
	uint32_t *a = lz_alloc_shared(N_U32 * 4), pattern = 77, i;
	lists_params_fn append;

	*(void **)&append = lz_function(
		"zeCommandListImmediateAppendCommandListsWithParameters");
	memset(a, 0, N_U32 * 4);
	ck_assert_ok(zeCommandListAppendMemoryFill(regular, a, &pattern, 4,
						   N_U32 * 4, NULL, 0, NULL));
	ck_assert_ok(zeCommandListClose(regular));

	ck_assert_ze(append(imm, 1, &regular, &unknown_ext, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "unknown parameters are refused");
	ck_assert_msg(a[0] == 0, "a refused append runs nothing");
	ck_assert_ze(append(NULL, 1, &regular, NULL, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "the append needs an immediate list");

	ck_assert_ok(append(imm, 1, &regular, NULL, NULL, 0, NULL));
	ck_assert_ok(lz_list_sync(imm, LZ_TIMEOUT_NS));
	for (i = 0; i < N_U32; i++)
		ck_assert_msg(a[i] == pattern, "the list ran: word %u", i);
	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeCommandListDestroy(regular));
	lz_free(a);
}
END_TEST

/* ---- host functions (spec 1.17) ---------------------------------------- */

typedef ze_result_t (*host_fn_append_fn)(ze_command_list_handle_t,
					 ze_host_function_callback_t, void *,
					 const void *, ze_event_handle_t,
					 uint32_t, ze_event_handle_t *);

static host_fn_append_fn append_host_fn(void)
{
	host_fn_append_fn fn;

	*(void **)&fn = lz_function("zeCommandListAppendHostFunction");
	return fn;
}

/* What a host function saw when it ran, and what it leaves behind. */
struct host_call {
	uint32_t *buf;		/* shared memory the lists write around it */
	uint32_t seen;		/* buf[0] when it ran */
	int calls;		/* atomic */
	pthread_t thread;
};

static void ZE_APICALL record_and_write(void *arg)
{
	struct host_call *c = arg;

	c->seen = __atomic_load_n(&c->buf[0], __ATOMIC_ACQUIRE);
	c->thread = pthread_self();
	/* What the copy after the host function must find. */
	__atomic_store_n(&c->buf[1], c->seen + 1, __ATOMIC_RELEASE);
	__atomic_add_fetch(&c->calls, 1, __ATOMIC_ACQ_REL);
}

/*
 * In stream order: the fill before the host function is held behind a
 * gate event that the test opens itself, so the host function cannot
 * have run when the append returns, nor before the gate opens; once it
 * does, the function sees the fill, and the copy after it sees what the
 * function wrote.
 */
START_TEST(test_host_function_runs_in_stream_order)
{
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t gate = lz_event(pool, 0), done = lz_event(pool, 1);
	ze_command_list_handle_t imm = lz_immediate_list(true);
	uint32_t *buf = lz_alloc_shared(4096), *copy = lz_alloc_shared(4096);
	struct host_call c = { .buf = buf };
	uint32_t produced = 41;

	memset(buf, 0, 4096);
	memset(copy, 0, 4096);
	ck_assert_ok(zeCommandListAppendWaitOnEvents(imm, 1, &gate));
	ck_assert_ok(zeCommandListAppendMemoryFill(imm, buf, &produced, 4, 4,
						   NULL, 0, NULL));
	ck_assert_ok(append_host_fn()(imm, record_and_write, &c, NULL, done,
				      0, NULL));
	ck_assert_ok(zeCommandListAppendMemoryCopy(imm, copy, &buf[1], 4, NULL,
						   0, NULL));

	ck_assert_msg(__atomic_load_n(&c.calls, __ATOMIC_ACQUIRE) == 0,
		      "the host function waits for the work before it (the gate is shut)");
	ck_assert_ze(zeEventQueryStatus(done), ZE_RESULT_NOT_READY,
		     "its signal event is not signalled before it ran");

	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(done, LZ_TIMEOUT_NS));
	ck_assert_msg(__atomic_load_n(&c.calls, __ATOMIC_ACQUIRE) == 1,
		      "the host function has run once when its event is signalled");
	ck_assert_ok(lz_list_sync(imm, LZ_TIMEOUT_NS));
	ck_assert_uint_eq(c.seen, produced);
	ck_assert_msg(!pthread_equal(c.thread, pthread_self()),
		      "it runs on a driver thread, not the appending one");
	ck_assert_msg(copy[0] == produced + 1,
		      "the copy after it saw what it wrote (%u)", copy[0]);
	ck_assert_int_eq(__atomic_load_n(&c.calls, __ATOMIC_ACQUIRE), 1);

	ck_assert_ok(zeCommandListDestroy(imm));
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventPoolDestroy(pool));
	lz_free(buf);
	lz_free(copy);
}
END_TEST

static void ZE_APICALL count_call(void *arg)
{
	__atomic_add_fetch((int *)arg, 1, __ATOMIC_ACQ_REL);
}

/* A regular list calls its host function at every execution. */
START_TEST(test_host_function_in_regular_list)
{
	ze_command_queue_handle_t q = lz_queue();
	ze_command_list_handle_t list = lz_list(false);
	int calls = 0;
	unsigned int i;

	ck_assert_ok(append_host_fn()(list, count_call, &calls, NULL, NULL, 0,
				      NULL));
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_msg(__atomic_load_n(&calls, __ATOMIC_ACQUIRE) == 0,
		      "recording does not call it");
	for (i = 1; i <= 3; i++) {
		ck_assert_ok(zeCommandQueueExecuteCommandLists(q, 1, &list,
							       NULL));
		ck_assert_ok(zeCommandQueueSynchronize(q, LZ_TIMEOUT_NS));
		ck_assert_msg(__atomic_load_n(&calls, __ATOMIC_ACQUIRE) == (int)i,
			      "execution %u called it once more", i);
	}
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(q));
}
END_TEST

START_TEST(test_host_function_refusals)
{
	ze_command_list_handle_t imm = lz_immediate_list(true);
	int calls = 0;

	ck_assert_ze(append_host_fn()(NULL, count_call, &calls, NULL, NULL, 0,
				      NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE, "a host function needs a list");
	ck_assert_ze(append_host_fn()(imm, NULL, &calls, NULL, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "a host function needs a function");
	ck_assert_ze(append_host_fn()(imm, count_call, &calls, &unknown_ext,
				      NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "an unknown pNext structure is refused");
	ck_assert_msg(strstr(last_error(), "pNext"),
		      "and described: \"%s\"", last_error());
	ck_assert_ok(lz_list_sync(imm, LZ_TIMEOUT_NS));
	ck_assert_msg(calls == 0, "a refused host function never runs");
	ck_assert_ok(zeCommandListDestroy(imm));
}
END_TEST

/* ---- device extension queries ------------------------------------------ */

static bool driver_has_extension(const char *name, uint32_t version)
{
	ze_driver_extension_properties_t ext[64];
	uint32_t n = 64, i;

	ck_assert_ok(zeDriverGetExtensionProperties(lz_driver, &n, ext));
	for (i = 0; i < n; i++)
		if (!strcmp(ext[i].name, name))
			return ext[i].version == version;
	return false;
}

START_TEST(test_device_pci_properties)
{
	ze_result_t (*pci)(ze_device_handle_t, ze_pci_ext_properties_t *);
	ze_pci_ext_properties_t p;

	ck_assert_msg(driver_has_extension(ZE_PCI_PROPERTIES_EXT_NAME,
					   ZE_PCI_PROPERTIES_EXT_VERSION_1_0),
		      "ZE_extension_pci_properties 1.0 is advertised");
	*(void **)&pci = lz_function("zeDevicePciGetPropertiesExt");
	memset(&p, 0xa5, sizeof(p));
	p.stype = ZE_STRUCTURE_TYPE_PCI_EXT_PROPERTIES;
	p.pNext = NULL;
	ck_assert_ok(pci(lz_device, &p));
	ck_assert_msg(p.address.domain == 0 && p.address.bus == 0 &&
		      p.address.device == 2 &&
		      p.address.function ==
		      zer.pfnTranslateDeviceHandleToIdentifier(lz_device),
		      "the integrated GPU's address, 0000:00:02.<index>");
	ck_assert_msg(p.maxSpeed.genVersion == -1 && p.maxSpeed.width == -1 &&
		      p.maxSpeed.maxBandwidth == -1,
		      "no link: its speed is unknown");
	ck_assert_msg(p.stype == ZE_STRUCTURE_TYPE_PCI_EXT_PROPERTIES &&
		      !p.pNext, "stype and pNext are the caller's");

	ck_assert_ze(pci(NULL, &p), ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "a device is needed");
	ck_assert_ze(pci(lz_device, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "somewhere to write is needed");
}
END_TEST

START_TEST(test_device_vector_widths)
{
	ze_result_t (*widths)(ze_device_handle_t, uint32_t *,
			      ze_device_vector_width_properties_ext_t *);
	ze_device_vector_width_properties_ext_t p[4];
	uint32_t n = 0, i;

	ck_assert_msg(driver_has_extension(ZE_DEVICE_VECTOR_SIZES_EXT_NAME,
					   ZE_DEVICE_VECTOR_SIZES_EXT_VERSION_1_0),
		      "ZE_extension_device_vector_sizes 1.0 is advertised");
	*(void **)&widths = lz_function("zeDeviceGetVectorWidthPropertiesExt");
	ck_assert_ok(widths(lz_device, &n, NULL));
	ck_assert_uint_eq(n, 2);
	n = 4;
	memset(p, 0, sizeof(p));
	for (i = 0; i < 4; i++)
		p[i].stype = ZE_STRUCTURE_TYPE_DEVICE_VECTOR_WIDTH_PROPERTIES_EXT;
	ck_assert_ok(widths(lz_device, &n, p));
	ck_assert_msg(n == 2 && p[0].vector_width_size == 16 &&
		      p[1].vector_width_size == 8,
		      "one entry per sub-group size, 16 then 8");
	for (i = 0; i < n; i++)
		ck_assert_msg(p[i].preferred_vector_width_char == 16 &&
			      p[i].preferred_vector_width_int == 4 &&
			      p[i].native_vector_width_float == 4 &&
			      p[i].native_vector_width_double == 2 &&
			      p[i].native_vector_width_half == 8,
			      "widths of 128-bit vectors");
	ck_assert_msg(p[2].vector_width_size == 0, "nothing past the count");
	n = 1;
	memset(p, 0, sizeof(p));
	ck_assert_ok(widths(lz_device, &n, p));
	ck_assert_msg(n == 1 && p[0].vector_width_size == 16 &&
		      p[1].vector_width_size == 0, "a short array gets a prefix");

	ck_assert_ze(widths(NULL, &n, p), ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "a device is needed");
	ck_assert_ze(widths(lz_device, NULL, p),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER, "a count is needed");
}
END_TEST

START_TEST(test_device_ip_version)
{
	ze_device_ip_version_ext_t ip = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_IP_VERSION_EXT,
		.ipVersion = 0xdeadbeef,
	};
	ze_device_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES,
		.pNext = &ip,
	};

	ck_assert_msg(driver_has_extension(ZE_DEVICE_IP_VERSION_EXT_NAME,
					   ZE_DEVICE_IP_VERSION_VERSION_1_0),
		      "ZE_extension_device_ip_version 1.0 is advertised");
	ck_assert_ok(zeDeviceGetProperties(lz_device, &props));
	ck_assert_msg(ip.ipVersion == 0,
		      "the software device has no Intel graphics IP (0x%x)",
		      ip.ipVersion);
}
END_TEST

static Suite *runtime_suite(void)
{
	Suite *s = suite_create("runtime");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, zer_setup, lz_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_runtime_default_context_is_the_driver_s);
	tcase_add_test(tc, test_runtime_default_context_same_in_every_thread);
	tcase_add_test(tc, test_runtime_device_identifiers_round_trip);
	tcase_add_test(tc, test_runtime_last_error_is_per_thread);
	tcase_add_test(tc, test_runtime_handles_carry_the_table);
	tcase_add_test(tc, test_queue_reports_its_descriptor);
	tcase_add_test(tc, test_list_reports_its_descriptor);
	tcase_add_test(tc, test_fill_and_copy_with_parameters);
	tcase_add_test(tc, test_append_lists_with_parameters);
	tcase_add_test(tc, test_host_function_runs_in_stream_order);
	tcase_add_test(tc, test_host_function_in_regular_list);
	tcase_add_test(tc, test_device_pci_properties);
	tcase_add_test(tc, test_device_vector_widths);
	tcase_add_test(tc, test_device_ip_version);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, zer_setup, lz_teardown);
	tcase_add_test(tc, test_runtime_bad_arguments);
	tcase_add_test(tc, test_queries_refuse_bad_arguments);
	tcase_add_test(tc, test_host_function_refusals);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(runtime_suite());
}
