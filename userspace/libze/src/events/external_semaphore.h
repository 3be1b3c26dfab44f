/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_EXTERNAL_SEMAPHORE_H
#define _XE_EXTERNAL_SEMAPHORE_H

#include <level_zero/ze_api.h>
#include <zex_spec.h>

ze_result_t
xe_device_import_external_semaphore(ze_device_handle_t hDevice,
				    const ze_external_semaphore_ext_desc_t *desc,
				    ze_external_semaphore_ext_handle_t *phSemaphore);
ze_result_t
xe_device_release_external_semaphore(ze_external_semaphore_ext_handle_t hSemaphore);
ze_result_t xe_append_signal_external_semaphores(
	ze_command_list_handle_t hCommandList, uint32_t numSemaphores,
	ze_external_semaphore_ext_handle_t *phSemaphores,
	ze_external_semaphore_signal_params_ext_t *signalParams,
	ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
	ze_event_handle_t *phWaitEvents);
ze_result_t xe_append_wait_external_semaphores(
	ze_command_list_handle_t hCommandList, uint32_t numSemaphores,
	ze_external_semaphore_ext_handle_t *phSemaphores,
	ze_external_semaphore_wait_params_ext_t *waitParams,
	ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
	ze_event_handle_t *phWaitEvents);

#endif /* _XE_EXTERNAL_SEMAPHORE_H */
