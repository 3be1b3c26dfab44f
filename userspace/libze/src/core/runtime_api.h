/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_RUNTIME_API_H
#define _XE_RUNTIME_API_H

#include <stdint.h>

#include <level_zero/ze_api.h>
#include <zer_spec.h>

/* The zer* entry points (DOC: runtime API). */
ze_result_t xe_runtime_get_last_error_description(const char **ppString);
uint32_t xe_runtime_device_to_identifier(ze_device_handle_t hDevice);
ze_device_handle_t xe_runtime_identifier_to_device(uint32_t identifier);
ze_context_handle_t xe_runtime_get_default_context(void);

extern const zer_global_dditable_t xe_runtime_global_table;

#endif /* _XE_RUNTIME_API_H */
