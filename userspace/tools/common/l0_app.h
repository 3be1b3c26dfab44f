/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_L0_APP_H
#define _XE_CBEV_L0_APP_H

/*
 * What every small Level Zero program of the project does first: the
 * first driver the loader finds, its first device, a context, and kernels
 * of the built-in module. The benchmarks, the demo helpers and the Check
 * tests call these and decide for themselves what a failure means (the
 * benchmarks exit, the tests fail the test case), so every function
 * returns the ze_result_t of the call that failed.
 */

#include <stdint.h>

#include <level_zero/ze_api.h>

/**
 * struct l0_app - the handles a program works with
 * @driver: the first driver zeDriverGet() returns
 * @device: its first device
 * @context: a context made by l0_app_open(), destroyed by l0_app_close()
 */
struct l0_app {
	ze_driver_handle_t driver;
	ze_device_handle_t device;
	ze_context_handle_t context;
};

ze_result_t l0_app_open(struct l0_app *app);
ze_result_t l0_app_close(struct l0_app *app);
ze_result_t l0_app_function(const struct l0_app *app, const char *name,
			    void **fn);
ze_result_t l0_app_builtin_kernel(const struct l0_app *app, const char *name,
				  ze_module_handle_t *module,
				  ze_kernel_handle_t *kernel);
ze_result_t l0_app_immediate_list(const struct l0_app *app,
				  ze_command_list_handle_t *list);
uint64_t l0_app_now_ns(void);

#endif /* _XE_CBEV_L0_APP_H */
