// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/* The fixture and helpers of libze_test.h. */

#include <limits.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "libze_test.h"
#include "common/l0_app.h"

ze_driver_handle_t lz_driver;
ze_device_handle_t lz_device;
ze_context_handle_t lz_context;

void lz_setup(void)
{
	struct l0_app app;

	ck_assert_ze(l0_app_open(&app), ZE_RESULT_SUCCESS,
		     "the xe_cbev driver, a device and a context are found (is the module loaded, and ZE_ENABLE_ALT_DRIVERS set to libze_xe_cbev.so.1?)");
	lz_driver = app.driver;
	lz_device = app.device;
	lz_context = app.context;
}

void lz_teardown(void)
{
	struct l0_app app = { lz_driver, lz_device, lz_context };

	/* The process ends with the test: only the context is checked. */
	ck_assert_ze(l0_app_close(&app), ZE_RESULT_SUCCESS,
		     "the test's context can be destroyed");
}

void *lz_function(const char *name)
{
	struct l0_app app = { .driver = lz_driver };
	void *fn;

	ck_assert_ze(l0_app_function(&app, name, &fn), ZE_RESULT_SUCCESS,
		     name);
	ck_assert_ptr_nonnull(fn);
	return fn;
}

static const ze_device_mem_alloc_desc_t lz_device_desc = {
	.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC,
};
static const ze_host_mem_alloc_desc_t lz_host_desc = {
	.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
};

void *lz_alloc_host(size_t size)
{
	void *ptr = NULL;

	ck_assert_ok(zeMemAllocHost(lz_context, &lz_host_desc, size, 0, &ptr));
	return ptr;
}

void *lz_alloc_device(size_t size)
{
	void *ptr = NULL;

	ck_assert_ok(zeMemAllocDevice(lz_context, &lz_device_desc, size, 0,
				      lz_device, &ptr));
	return ptr;
}

void *lz_alloc_shared(size_t size)
{
	void *ptr = NULL;

	ck_assert_ok(zeMemAllocShared(lz_context, &lz_device_desc,
				      &lz_host_desc, size, 0, lz_device,
				      &ptr));
	return ptr;
}

void lz_free(void *ptr)
{
	ck_assert_ok(zeMemFree(lz_context, ptr));
}

/*
 * Debian's validation layer knows the flags of spec 1.4 only and refuses
 * the in-order flags of spec 1.7 before the driver sees them. With the
 * layer on, lists and pools with flags newer than 1.4 are made through the
 * driver's own entry point (as any extension function is called); every
 * other call still goes through the layer.
 */
static bool validation_layer(void)
{
	const char *v = getenv("ZE_ENABLE_VALIDATION_LAYER");

	return v && strcmp(v, "0");
}

ze_result_t lz_create_immediate(const ze_command_queue_desc_t *desc,
				ze_command_list_handle_t *list)
{
	ze_result_t (*fn)(ze_context_handle_t, ze_device_handle_t,
			  const ze_command_queue_desc_t *,
			  ze_command_list_handle_t *) =
		zeCommandListCreateImmediate;

	if (validation_layer() && (desc->flags & ~ZE_COMMAND_QUEUE_FLAG_EXPLICIT_ONLY))
		*(void **)&fn = lz_function("zeCommandListCreateImmediate");
	return fn(lz_context, lz_device, desc, list);
}

ze_result_t lz_create_list(const ze_command_list_desc_t *desc,
			   ze_command_list_handle_t *list)
{
	ze_result_t (*fn)(ze_context_handle_t, ze_device_handle_t,
			  const ze_command_list_desc_t *,
			  ze_command_list_handle_t *) = zeCommandListCreate;

	if (validation_layer() && (desc->flags & ~0x7u))
		*(void **)&fn = lz_function("zeCommandListCreate");
	return fn(lz_context, lz_device, desc, list);
}

ze_command_list_handle_t lz_immediate_list(bool in_order)
{
	ze_command_queue_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = in_order ? ZE_COMMAND_QUEUE_FLAG_IN_ORDER : 0,
		.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
	};
	ze_command_list_handle_t list = NULL;

	ck_assert_ok(lz_create_immediate(&desc, &list));
	return list;
}

ze_command_queue_handle_t lz_queue(void)
{
	ze_command_queue_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
	};
	ze_command_queue_handle_t queue = NULL;

	ck_assert_ok(zeCommandQueueCreate(lz_context, lz_device, &desc,
					  &queue));
	return queue;
}

ze_command_list_handle_t lz_list(bool in_order)
{
	ze_command_list_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC,
		.flags = in_order ? ZE_COMMAND_LIST_FLAG_IN_ORDER : 0,
	};
	ze_command_list_handle_t list = NULL;

	ck_assert_ok(lz_create_list(&desc, &list));
	return list;
}

ze_event_pool_handle_t lz_event_pool(ze_event_pool_flags_t flags,
				     uint32_t count)
{
	ze_event_pool_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
		.flags = flags,
		.count = count,
	};
	ze_event_pool_handle_t pool = NULL;
	ze_result_t (*fn)(ze_context_handle_t, const ze_event_pool_desc_t *,
			  uint32_t, ze_device_handle_t *,
			  ze_event_pool_handle_t *) = zeEventPoolCreate;

	/* Spec 1.6's KERNEL_MAPPED_TIMESTAMP is unknown to the 1.4 layer. */
	if (validation_layer() && (flags & ~0x7u))
		*(void **)&fn = lz_function("zeEventPoolCreate");
	ck_assert_ok(fn(lz_context, &desc, 1, &lz_device, &pool));
	return pool;
}

ze_event_handle_t lz_event(ze_event_pool_handle_t pool, uint32_t index)
{
	ze_event_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_DESC,
		.index = index,
		.signal = ZE_EVENT_SCOPE_FLAG_HOST,
		.wait = ZE_EVENT_SCOPE_FLAG_HOST,
	};
	ze_event_handle_t event = NULL;

	ck_assert_ok(zeEventCreate(pool, &desc, &event));
	return event;
}

/*
 * A SPIR-V module of the image's /kernels (tests/jit/jit.mk builds them),
 * built with @flags; zeModuleCreate() must return @want.
 */
ze_module_handle_t lz_spv_module(const char *name, const char *flags,
				 ze_result_t want)
{
	char path[128];
	ze_module_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
		.format = ZE_MODULE_FORMAT_IL_SPIRV,
		.pBuildFlags = flags,
	};
	ze_module_handle_t mod = NULL;
	FILE *f;
	void *buf;
	long n;

	snprintf(path, sizeof(path), "/kernels/%s.spv", name);
	f = fopen(path, "rb");
	ck_assert_msg(f, "%s is in the image", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n);
	ck_assert_int_eq(fread(buf, 1, n, f), n);
	fclose(f);
	desc.inputSize = n;
	desc.pInputModule = buf;
	ck_assert_ze(zeModuleCreate(lz_context, lz_device, &desc, &mod, NULL),
		     want, "the module builds (or not) as it should");
	free(buf);
	return mod;
}

ze_kernel_handle_t lz_kernel(const char *name, ze_module_handle_t *module)
{
	struct l0_app app = { lz_driver, lz_device, lz_context };
	ze_kernel_handle_t kernel;

	ck_assert_ok(l0_app_builtin_kernel(&app, name, module, &kernel));
	return kernel;
}

ze_result_t lz_list_sync(ze_command_list_handle_t list, uint64_t timeout)
{
	ze_result_t (*fn)(ze_command_list_handle_t, uint64_t);

	*(void **)&fn = lz_function("zeCommandListHostSynchronize");
	return fn(list, timeout);
}

ze_result_t lz_append_lists(ze_command_list_handle_t immediate, uint32_t n,
			    ze_command_list_handle_t *lists,
			    ze_event_handle_t signal, uint32_t num_waits,
			    ze_event_handle_t *waits)
{
	ze_result_t (*fn)(ze_command_list_handle_t, uint32_t,
			  ze_command_list_handle_t *, ze_event_handle_t,
			  uint32_t, ze_event_handle_t *);

	*(void **)&fn = lz_function("zeCommandListImmediateAppendCommandListsExp");
	return fn(immediate, n, lists, signal, num_waits, waits);
}

void lz_launch(ze_command_list_handle_t list, ze_kernel_handle_t kernel,
	       uint32_t n, uint32_t group, ze_event_handle_t signal,
	       uint32_t num_waits, ze_event_handle_t *waits)
{
	ze_group_count_t count = { n / group, 1, 1 };

	ck_assert_msg(n % group == 0, "the test launches whole groups");
	ck_assert_ok(zeKernelSetGroupSize(kernel, group, 1, 1));
	ck_assert_ok(zeCommandListAppendLaunchKernel(list, kernel, &count,
						     signal, num_waits,
						     waits));
}

void lz_arg_ptr(ze_kernel_handle_t kernel, uint32_t index, const void *ptr)
{
	ck_assert_ok(zeKernelSetArgumentValue(kernel, index, sizeof(ptr),
					      &ptr));
}

void lz_arg_u32(ze_kernel_handle_t kernel, uint32_t index, uint32_t value)
{
	ck_assert_ok(zeKernelSetArgumentValue(kernel, index, sizeof(value),
					      &value));
}

void lz_arg_u64(ze_kernel_handle_t kernel, uint32_t index, uint64_t value)
{
	ck_assert_ok(zeKernelSetArgumentValue(kernel, index, sizeof(value),
					      &value));
}

uint64_t lz_now_ns(void)
{
	return l0_app_now_ns();
}

const char *lz_helper_path(void)
{
	static char path[PATH_MAX + 32];
	char self[PATH_MAX];
	ssize_t len;
	char *slash;

	if (!access("/tools/libze_test_helper", X_OK))
		return "/tools/libze_test_helper";

	/* On the host: the helper is built next to the tests. */
	len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	ck_assert_int_gt(len, 0);
	self[len] = '\0';
	slash = strrchr(self, '/');
	ck_assert_ptr_nonnull(slash);
	*slash = '\0';
	snprintf(path, sizeof(path), "%s/libze_test_helper", self);
	return path;
}

/*
 * Start the helper program as @role, with one end of a socket pair as its
 * argument; return the other end.
 */
int lz_start_helper(const char *role, pid_t *pid)
{
	char arg[16];
	int sv[2];

	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	*pid = fork();
	ck_assert_int_ge(*pid, 0);
	if (!*pid) {
		close(sv[0]);
		snprintf(arg, sizeof(arg), "%d", sv[1]);
		execl(lz_helper_path(), "libze_test_helper", role, arg,
		      (char *)NULL);
		_exit(127);
	}
	close(sv[1]);
	return sv[0];
}

void lz_finish_helper(int sock, pid_t pid, const char *what)
{
	unsigned char status = 0xff;
	int wstatus;

	ck_assert_msg(read(sock, &status, 1) == 1,
		      "the helper answers (%s)", what);
	ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
	close(sock);
	ck_assert_msg(status == 0, "%s: the helper failed at step %u",
		      what, status);
	ck_assert_msg(WIFEXITED(wstatus) && !WEXITSTATUS(wstatus),
		      "the helper exits cleanly");
}

void lz_expect_byte(int sock, char c, const char *what)
{
	char got = 0;

	ck_assert_msg(read(sock, &got, 1) == 1,
		      "the helper answers (%s)", what);
	ck_assert_msg(got == c, "the helper says '%c' (%s), not step %u", c,
		      what, (unsigned char)got);
}

void lz_send_byte(int sock, char c)
{
	ck_assert_int_eq(write(sock, &c, 1), 1);
}

void lz_fill_pattern(uint8_t *p, size_t size, unsigned int mul,
		     unsigned int add)
{
	size_t i;

	for (i = 0; i < size; i++)
		p[i] = (uint8_t)(i * mul + add);
}

bool lz_check_pattern(const uint8_t *p, size_t size, unsigned int mul,
		      unsigned int add)
{
	size_t i;

	for (i = 0; i < size; i++)
		if (p[i] != (uint8_t)(i * mul + add))
			return false;
	return true;
}
