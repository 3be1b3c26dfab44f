/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _ZEX_XE_CBEV_EVENT_H
#define _ZEX_XE_CBEV_EVENT_H

/*
 * DOC: xe_cbev event extensions
 *
 * Two extensions of this driver, for any event (counter-based or from a
 * pool), reached through zeDriverGetExtensionFunctionAddress() or by
 * linking libze_xe_cbev.so.1 directly. Both look at the event's state at
 * the time of the call, as every wait for a counter-based event does: a
 * later signal of the event does not move them.
 *
 * "ZEX_xe_cbev_event_sync_file" 1.0 - zexEventExportSyncFile()
 *	A sync_file fd (close-on-exec, owned by the caller) whose fence
 *	signals when the event's current state completes. poll() reports
 *	POLLIN then; it can go into an epoll set with sockets and timers, be
 *	handed to another process or another driver (SCM_RIGHTS, Vulkan or
 *	EGL sync-fd imports). A fence must signal in bounded time: if the
 *	state has not completed after the module's fence_timeout_ms (30 s by
 *	default), the fence signals with the error -ETIMEDOUT, which the
 *	sync_file's SYNC_IOC_FILE_INFO status shows. An event that is
 *	complete (e.g. a new counter-based event) gives a fence that is
 *	already signalled.
 *
 * "ZEX_xe_cbev_event_wait_many" 1.0 - zexEventHostSynchronizeMany()
 *	Waits on the host for all (@waitAll) or any of up to 4096 events with
 *	one sleep in the kernel, an io_uring command of the DRM fd
 *	(DRM_XE_CBEV_URING_CMD_WAIT), so no thread per event and no polling.
 *	Events already complete are found without a system call. Timeouts as
 *	zeEventHostSynchronize(): 0 only checks, UINT64_MAX waits forever.
 *	Returns ZE_RESULT_SUCCESS, ZE_RESULT_NOT_READY on timeout; for an
 *	"any" wait *@pIndex (if not NULL) is the index of a complete event.
 */

#include <stdint.h>

#include <level_zero/ze_api.h>

#if defined(__cplusplus)
extern "C" {
#endif

#define ZEX_XE_CBEV_EVENT_SYNC_FILE_EXT_NAME	"ZEX_xe_cbev_event_sync_file"
#define ZEX_XE_CBEV_EVENT_WAIT_MANY_EXT_NAME	"ZEX_xe_cbev_event_wait_many"

typedef enum _zex_xe_cbev_event_ext_version_t {
	ZEX_XE_CBEV_EVENT_EXT_VERSION_1_0 = ZE_MAKE_VERSION(1, 0),
	ZEX_XE_CBEV_EVENT_EXT_VERSION_CURRENT = ZE_MAKE_VERSION(1, 0),
	ZEX_XE_CBEV_EVENT_EXT_VERSION_FORCE_UINT32 = 0x7fffffff,
} zex_xe_cbev_event_ext_version_t;

/* Most events one zexEventHostSynchronizeMany() call takes. */
#define ZEX_XE_CBEV_EVENT_WAIT_MANY_MAX	4096u

ze_result_t ZE_APICALL
zexEventExportSyncFile(ze_event_handle_t hEvent, int *pFd);

ze_result_t ZE_APICALL
zexEventHostSynchronizeMany(uint32_t numEvents, ze_event_handle_t *phEvents,
			    ze_bool_t waitAll, uint64_t timeout,
			    uint32_t *pIndex);

#if defined(__cplusplus)
}
#endif

#endif /* _ZEX_XE_CBEV_EVENT_H */
