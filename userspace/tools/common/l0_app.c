// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/* The set-up shared by the tools and the tests (l0_app.h). */

#include <stddef.h>
#include <time.h>

#include <libze_xe_cbev.h>

#include "l0_app.h"

/**
 * l0_app_open() - initialise Level Zero and open a context
 * @app: filled on success
 *
 * Return: ZE_RESULT_SUCCESS, the result of the call that failed, or
 * ZE_RESULT_ERROR_UNINITIALIZED when the loader found no driver or the
 * driver no device (the module is not loaded, or ZE_ENABLE_ALT_DRIVERS
 * does not name libze_xe_cbev.so.1).
 */
ze_result_t l0_app_open(struct l0_app *app)
{
	ze_context_desc_t desc = { .stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC };
	uint32_t count = 1;
	ze_result_t r;

	*app = (struct l0_app){ 0 };
	r = zeInit(0);
	if (r != ZE_RESULT_SUCCESS)
		return r;
	r = zeDriverGet(&count, &app->driver);
	if (r != ZE_RESULT_SUCCESS)
		return r;
	if (count != 1)
		return ZE_RESULT_ERROR_UNINITIALIZED;
	count = 1;
	r = zeDeviceGet(app->driver, &count, &app->device);
	if (r != ZE_RESULT_SUCCESS)
		return r;
	if (count != 1)
		return ZE_RESULT_ERROR_UNINITIALIZED;
	return zeContextCreate(app->driver, &desc, &app->context);
}

/**
 * l0_app_close() - destroy the context of l0_app_open()
 * @app: an opened app
 *
 * Return: what zeContextDestroy() returned.
 */
ze_result_t l0_app_close(struct l0_app *app)
{
	ze_result_t r = zeContextDestroy(app->context);

	app->context = NULL;
	return r;
}

/**
 * l0_app_function() - an entry point by name, core or extension
 * @app: an opened app
 * @name: e.g. "zexCounterBasedEventCreate2"
 * @fn: the function, or NULL when the driver does not have it
 *
 * Return: what zeDriverGetExtensionFunctionAddress() returned.
 */
ze_result_t l0_app_function(const struct l0_app *app, const char *name,
			    void **fn)
{
	*fn = NULL;
	return zeDriverGetExtensionFunctionAddress(app->driver, name, fn);
}

/**
 * l0_app_builtin_kernel() - a kernel of a new built-in module
 * @app: an opened app
 * @name: the built-in kernel's name ("fill", "spin", ...)
 * @module: the new module, which the caller destroys after the kernel
 * @kernel: the new kernel
 *
 * Return: what zeModuleCreate() or zeKernelCreate() returned; on a kernel
 * failure the module is destroyed and *@module is NULL.
 */
ze_result_t l0_app_builtin_kernel(const struct l0_app *app, const char *name,
				  ze_module_handle_t *module,
				  ze_kernel_handle_t *kernel)
{
	static const zex_builtin_module_all_t image = ZEX_BUILTIN_MODULE_ALL_INIT;
	ze_module_desc_t mdesc = {
		.stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
		.format = ZE_MODULE_FORMAT_NATIVE,
		.inputSize = sizeof(image),
		.pInputModule = (const uint8_t *)&image,
	};
	ze_kernel_desc_t kdesc = {
		.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC,
		.pKernelName = name,
	};
	ze_result_t r;

	*kernel = NULL;
	r = zeModuleCreate(app->context, app->device, &mdesc, module, NULL);
	if (r != ZE_RESULT_SUCCESS)
		return r;
	r = zeKernelCreate(*module, &kdesc, kernel);
	if (r != ZE_RESULT_SUCCESS) {
		zeModuleDestroy(*module);
		*module = NULL;
	}
	return r;
}

/* An in-order, asynchronous immediate command list of the app's device. */
ze_result_t l0_app_immediate_list(const struct l0_app *app,
				  ze_command_list_handle_t *list)
{
	ze_command_queue_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
		.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
	};

	return zeCommandListCreateImmediate(app->context, app->device, &desc,
					    list);
}

/*
 * CLOCK_MONOTONIC_RAW in nanoseconds, for the benchmarks and the tests: the
 * clock the device's timestamps count in, so the two compare.
 */
uint64_t l0_app_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}
