// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests, through the loader, of external semaphores
 * (ZE_extension_external_semaphores, spec 1.12): DRM syncobjs made with
 * libdrm on the device's node, as a Vulkan driver exports them, and
 * sync_files, signalled and waited for in stream order by lists, here and
 * in another process. Every NOT_READY below is held by a gate the test
 * opens itself.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include <zex_xe_cbev_event.h>

#include "libze_test.h"
#include "common/ipc_socket.h"
#include "common/render_node.h"
#include "check_run.h"

static ze_result_t (*sem_import)(ze_device_handle_t,
				 const ze_external_semaphore_ext_desc_t *,
				 ze_external_semaphore_ext_handle_t *);
static ze_result_t (*sem_release)(ze_external_semaphore_ext_handle_t);
static ze_result_t (*sem_signal)(ze_command_list_handle_t, uint32_t,
				 ze_external_semaphore_ext_handle_t *,
				 ze_external_semaphore_signal_params_ext_t *,
				 ze_event_handle_t, uint32_t,
				 ze_event_handle_t *);
static ze_result_t (*sem_wait)(ze_command_list_handle_t, uint32_t,
			       ze_external_semaphore_ext_handle_t *,
			       ze_external_semaphore_wait_params_ext_t *,
			       ze_event_handle_t, uint32_t, ze_event_handle_t *);

/* A render node of the device, for libdrm's syncobj calls. */
static int drm_fd = -1;

static void setup(void)
{
	lz_setup();
	*(void **)&sem_import = lz_function("zeDeviceImportExternalSemaphoreExt");
	*(void **)&sem_release = lz_function("zeDeviceReleaseExternalSemaphoreExt");
	*(void **)&sem_signal =
		lz_function("zeCommandListAppendSignalExternalSemaphoreExt");
	*(void **)&sem_wait =
		lz_function("zeCommandListAppendWaitExternalSemaphoreExt");
	/* Another DRM device may come first (the debug kernel has one). */
	drm_fd = xe_cbev_open_render_nth(0);
	ck_assert_int_ge(drm_fd, 0);
}

static void teardown(void)
{
	close(drm_fd);
	lz_teardown();
}

/* A new syncobj's fd, as a Vulkan driver exports a semaphore. */
static int syncobj_fd(uint32_t *handle)
{
	int fd = -1;

	ck_assert_int_eq(drmSyncobjCreate(drm_fd, 0, handle), 0);
	ck_assert_int_eq(drmSyncobjHandleToFD(drm_fd, *handle, &fd), 0);
	return fd;
}

static ze_external_semaphore_ext_handle_t import_fd(int fd, bool timeline)
{
	ze_external_semaphore_fd_ext_desc_t fd_desc = {
		.stype = ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_FD_EXT_DESC,
		.fd = fd,
	};
	ze_external_semaphore_ext_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_EXT_DESC,
		.pNext = &fd_desc,
		.flags = timeline ?
			 ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_VK_TIMELINE_SEMAPHORE_FD :
			 ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_OPAQUE_FD,
	};
	ze_external_semaphore_ext_handle_t sem = NULL;

	ck_assert_ok(sem_import(lz_device, &desc, &sem));
	return sem;
}

/* Is the syncobj (point) signalled, waiting at most @ns? */
static bool syncobj_signalled(uint32_t handle, uint64_t point, uint64_t ns)
{
	struct timespec now;
	int64_t deadline = 0;

	/* Syncobj deadlines are on CLOCK_MONOTONIC. */
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (ns)
		deadline = now.tv_sec * 1000000000ll + now.tv_nsec + (int64_t)ns;

	return !drmSyncobjTimelineWait(drm_fd, &handle, &point, 1, deadline,
				       DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
				       NULL);
}

static ze_external_semaphore_signal_params_ext_t signal_params(uint64_t v)
{
	return (ze_external_semaphore_signal_params_ext_t){
		.stype = ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS_EXT,
		.value = v,
	};
}

static ze_external_semaphore_wait_params_ext_t wait_params(uint64_t v)
{
	return (ze_external_semaphore_wait_params_ext_t){
		.stype = ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_WAIT_PARAMS_EXT,
		.value = v,
	};
}

/* The extension is listed, and every refusal of an import has its code. */
START_TEST(test_semaphore_import_refusals)
{
	ze_driver_extension_properties_t props[64];
	ze_external_semaphore_win32_ext_desc_t win32 = {
		.stype = ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_WIN32_EXT_DESC,
	};
	ze_external_semaphore_fd_ext_desc_t fd_desc = {
		.stype = ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_FD_EXT_DESC,
		.fd = -1,
	};
	ze_external_semaphore_ext_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_EXT_DESC,
		.pNext = &fd_desc,
		.flags = ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_OPAQUE_FD,
	};
	ze_external_semaphore_ext_handle_t sem;
	uint32_t n = 64, i, handle;
	bool listed = false;
	int pipefd[2];

	ck_assert_ok(zeDriverGetExtensionProperties(lz_driver, &n, props));
	for (i = 0; i < n; i++)
		listed |= !strcmp(props[i].name,
				  ZE_EXTERNAL_SEMAPHORES_EXTENSION_NAME);
	ck_assert_msg(listed, "the extension is listed");

	ck_assert_ze(sem_import(NULL, &desc, &sem),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE, "no device");
	ck_assert_ze(sem_import(lz_device, NULL, &sem),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER, "no descriptor");
	ck_assert_ze(sem_import(lz_device, &desc, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER, "no handle");
	ck_assert_ze(sem_import(lz_device, &desc, &sem),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "a negative fd");
	ck_assert_int_eq(pipe(pipefd), 0);
	fd_desc.fd = pipefd[0];
	ck_assert_ze(sem_import(lz_device, &desc, &sem),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a pipe is neither a syncobj nor a sync_file");
	close(pipefd[0]);
	close(pipefd[1]);
	fd_desc.fd = syncobj_fd(&handle);
	desc.flags = 0;
	ck_assert_ze(sem_import(lz_device, &desc, &sem),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "no type");
	desc.flags = ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_OPAQUE_FD |
		     ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_VK_TIMELINE_SEMAPHORE_FD;
	ck_assert_ze(sem_import(lz_device, &desc, &sem),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "two types");
	desc.flags = 0x400;
	ck_assert_ze(sem_import(lz_device, &desc, &sem),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION, "an unknown type");
	desc.flags = ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_D3D12_FENCE;
	ck_assert_ze(sem_import(lz_device, &desc, &sem),
		     ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION,
		     "a Windows type on Linux");
	desc.flags = ZE_EXTERNAL_SEMAPHORE_EXT_FLAG_OPAQUE_FD;
	desc.pNext = &win32;
	ck_assert_ze(sem_import(lz_device, &desc, &sem),
		     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE, "a Win32 handle");
	desc.pNext = NULL;
	ck_assert_ze(sem_import(lz_device, &desc, &sem),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT, "no fd descriptor");

	/* The application keeps its fd: the import does not close it. */
	desc.pNext = &fd_desc;
	ck_assert_ok(sem_import(lz_device, &desc, &sem));
	ck_assert_int_ge(fcntl(fd_desc.fd, F_GETFD), 0);
	ck_assert_ok(sem_release(sem));
	ck_assert_ze(sem_release(sem), ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "a released semaphore");
	ck_assert_ze(sem_release(NULL), ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "no semaphore");
	close(fd_desc.fd);
	drmSyncobjDestroy(drm_fd, handle);
}
END_TEST

/* Every refusal of an append has its code, and appends nothing. */
START_TEST(test_semaphore_append_refusals)
{
	ze_command_queue_desc_t qd = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
		.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
		.ordinal = 1,	/* copy-only */
	};
	ze_external_semaphore_signal_params_ext_t sp = signal_params(0);
	ze_external_semaphore_wait_params_ext_t wp = wait_params(1);
	ze_command_list_handle_t list = lz_immediate_list(true), copy;
	ze_external_semaphore_ext_handle_t sem, tl, gone;
	uint32_t h1, h2, h3;
	int fd1 = syncobj_fd(&h1), fd2 = syncobj_fd(&h2), fd3 = syncobj_fd(&h3);

	sem = import_fd(fd1, false);
	tl = import_fd(fd2, true);
	gone = import_fd(fd3, false);
	ck_assert_ok(sem_release(gone));

	ck_assert_ze(sem_signal(NULL, 1, &sem, &sp, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE, "no list");
	ck_assert_ze(sem_signal(list, 0, &sem, &sp, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_SIZE, "no semaphore");
	ck_assert_ze(sem_signal(list, 1, NULL, &sp, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER, "no handles");
	ck_assert_ze(sem_wait(list, 1, &sem, NULL, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER, "no parameters");
	ck_assert_ze(sem_wait(list, 1, &gone, &wp, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
		     "a released semaphore");
	ck_assert_ze(sem_signal(list, 1, &tl, &sp, NULL, 0, NULL),
		     ZE_RESULT_ERROR_INVALID_ARGUMENT,
		     "a timeline is signalled above 0");
	ck_assert_ok(lz_create_immediate(&qd, &copy));
	ck_assert_ze(sem_wait(copy, 1, &sem, &wp, NULL, 0, NULL),
		     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
		     "copy-only lists run no host calls");
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_msg(!syncobj_signalled(h1, 0, 0), "nothing signalled it");

	ck_assert_ok(zeCommandListDestroy(copy));
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(sem_release(sem));
	ck_assert_ok(sem_release(tl));
	close(fd1);
	close(fd2);
	close(fd3);
	drmSyncobjDestroy(drm_fd, h1);
	drmSyncobjDestroy(drm_fd, h2);
	drmSyncobjDestroy(drm_fd, h3);
}
END_TEST

/*
 * A binary semaphore is signalled in stream order: not while the work
 * before it is held, once it ran; then the append's event completes.
 */
START_TEST(test_semaphore_signal_in_stream_order)
{
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t gate = lz_event(pool, 0), done = lz_event(pool, 1);
	ze_external_semaphore_signal_params_ext_t sp = signal_params(0);
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_external_semaphore_ext_handle_t sem;
	uint32_t handle;
	int fd = syncobj_fd(&handle);

	sem = import_fd(fd, false);
	ck_assert_ok(sem_signal(list, 1, &sem, &sp, done, 1, &gate));
	ck_assert_msg(!syncobj_signalled(handle, 0, 0),
		      "not signalled while the work before it is held");
	ck_assert_ze(zeEventQueryStatus(done), ZE_RESULT_NOT_READY,
		     "the append's event waits for the signal");
	ck_assert_ok(zeEventHostSignal(gate));
	ck_assert_ok(zeEventHostSynchronize(done, LZ_TIMEOUT_NS));
	ck_assert_msg(syncobj_signalled(handle, 0, 0),
		      "signalled once the append's event is");

	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(sem_release(sem));
	ck_assert_ok(zeEventDestroy(gate));
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeEventPoolDestroy(pool));
	close(fd);
	drmSyncobjDestroy(drm_fd, handle);
}
END_TEST

/*
 * A timeline: the list waits for value 5 (a lower value does not release
 * it), runs a fill, then signals value 9 for the host.
 */
START_TEST(test_semaphore_timeline_wait_and_signal)
{
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t done = lz_event(pool, 0);
	ze_external_semaphore_wait_params_ext_t wp = wait_params(5);
	ze_external_semaphore_signal_params_ext_t sp = signal_params(9);
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_external_semaphore_ext_handle_t sem;
	uint8_t *buf = lz_alloc_shared(64), pattern = 0x5a;
	uint64_t point = 3, value = 0;
	uint32_t handle, i;
	int fd = syncobj_fd(&handle);

	sem = import_fd(fd, true);
	ck_assert_ok(sem_wait(list, 1, &sem, &wp, NULL, 0, NULL));
	ck_assert_ok(zeCommandListAppendMemoryFill(list, buf, &pattern, 1, 64,
						   NULL, 0, NULL));
	ck_assert_ok(sem_signal(list, 1, &sem, &sp, done, 0, NULL));
	ck_assert_int_eq(drmSyncobjTimelineSignal(drm_fd, &handle, &point, 1), 0);
	ck_assert_ze(zeEventQueryStatus(done), ZE_RESULT_NOT_READY,
		     "value 3 does not reach a wait for 5");
	ck_assert_int_eq(buf[0], 0);
	point = 5;
	ck_assert_int_eq(drmSyncobjTimelineSignal(drm_fd, &handle, &point, 1), 0);
	ck_assert_ok(zeEventHostSynchronize(done, LZ_TIMEOUT_NS));
	for (i = 0; i < 64; i++)
		ck_assert_int_eq(buf[i], pattern);
	ck_assert_msg(syncobj_signalled(handle, 9, LZ_TIMEOUT_NS),
		      "the list signalled value 9");
	ck_assert_int_eq(drmSyncobjQuery(drm_fd, &handle, &value, 1), 0);
	ck_assert_int_eq(value, 9);

	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(sem_release(sem));
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeEventPoolDestroy(pool));
	lz_free(buf);
	close(fd);
	drmSyncobjDestroy(drm_fd, handle);
}
END_TEST

/*
 * A regular list that waits for a binary semaphore waits again each time
 * it is executed: the wait consumed the first signal.
 */
START_TEST(test_semaphore_regular_list_waits_each_execution)
{
	ze_fence_desc_t fd_desc = { .stype = ZE_STRUCTURE_TYPE_FENCE_DESC };
	ze_external_semaphore_wait_params_ext_t wp = wait_params(0);
	ze_command_list_handle_t list = lz_list(true);
	ze_command_queue_handle_t queue = lz_queue();
	ze_external_semaphore_ext_handle_t sem;
	uint32_t *buf = lz_alloc_shared(4), handle, run;
	ze_fence_handle_t fence;
	int fd = syncobj_fd(&handle);

	sem = import_fd(fd, false);
	*buf = 0;
	ck_assert_ok(sem_wait(list, 1, &sem, &wp, NULL, 0, NULL));
	ck_assert_ok(zeCommandListAppendMemoryFill(list, buf, &(uint8_t){ 1 },
						   1, 1, NULL, 0, NULL));
	ck_assert_ok(zeCommandListClose(list));
	ck_assert_ok(zeFenceCreate(queue, &fd_desc, &fence));
	for (run = 0; run < 2; run++) {
		*buf = 0;
		ck_assert_ok(zeFenceReset(fence));
		ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &list,
							       fence));
		ck_assert_ze(zeFenceQueryStatus(fence), ZE_RESULT_NOT_READY,
			     "each execution waits for a signal of its own");
		ck_assert_int_eq(*buf, 0);
		ck_assert_int_eq(drmSyncobjSignal(drm_fd, &handle, 1), 0);
		ck_assert_ok(zeFenceHostSynchronize(fence, LZ_TIMEOUT_NS));
		ck_assert_int_eq(*buf, 1);
	}
	ck_assert_msg(!syncobj_signalled(handle, 0, 0),
		      "the wait consumed the binary semaphore's signal");

	ck_assert_ok(zeFenceDestroy(fence));
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(queue));
	ck_assert_ok(sem_release(sem));
	lz_free(buf);
	close(fd);
	drmSyncobjDestroy(drm_fd, handle);
}
END_TEST

/*
 * A sync_file is a semaphore too: here the one of another event of this
 * driver (zexEventExportSyncFile), imported as an opaque fd.
 */
START_TEST(test_semaphore_from_sync_file)
{
	ze_result_t (*export_sync_file)(ze_event_handle_t, int *);
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t source = lz_event(pool, 0), done = lz_event(pool, 1);
	ze_external_semaphore_wait_params_ext_t wp = wait_params(0);
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_external_semaphore_ext_handle_t sem;
	int sync_fd = -1;

	*(void **)&export_sync_file = lz_function("zexEventExportSyncFile");
	ck_assert_ok(export_sync_file(source, &sync_fd));
	sem = import_fd(sync_fd, false);
	close(sync_fd);
	ck_assert_ok(sem_wait(list, 1, &sem, &wp, done, 0, NULL));
	ck_assert_ze(zeEventQueryStatus(done), ZE_RESULT_NOT_READY,
		     "the sync_file's fence has not signalled");
	ck_assert_ok(zeEventHostSignal(source));
	ck_assert_ok(zeEventHostSynchronize(done, LZ_TIMEOUT_NS));

	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(sem_release(sem));
	ck_assert_ok(zeEventDestroy(source));
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeEventPoolDestroy(pool));
}
END_TEST

/*
 * Two semaphores in one wait: the list goes on only once both are
 * signalled, in either order.
 */
START_TEST(test_semaphore_wait_for_two)
{
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t done = lz_event(pool, 0);
	ze_external_semaphore_wait_params_ext_t wp[2] = {
		wait_params(0), wait_params(2),
	};
	ze_command_list_handle_t list = lz_immediate_list(false);
	ze_external_semaphore_ext_handle_t sems[2];
	uint32_t h[2];
	uint64_t point = 2;
	int fd[2] = { syncobj_fd(&h[0]), syncobj_fd(&h[1]) };

	sems[0] = import_fd(fd[0], false);
	sems[1] = import_fd(fd[1], true);
	ck_assert_ok(sem_wait(list, 2, sems, wp, done, 0, NULL));
	ck_assert_int_eq(drmSyncobjTimelineSignal(drm_fd, &h[1], &point, 1), 0);
	ck_assert_ze(zeEventQueryStatus(done), ZE_RESULT_NOT_READY,
		     "one of two semaphores is not enough");
	ck_assert_int_eq(drmSyncobjSignal(drm_fd, &h[0], 1), 0);
	ck_assert_ok(zeEventHostSynchronize(done, LZ_TIMEOUT_NS));

	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(sem_release(sems[0]));
	ck_assert_ok(sem_release(sems[1]));
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeEventPoolDestroy(pool));
	close(fd[0]);
	close(fd[1]);
	drmSyncobjDestroy(drm_fd, h[0]);
	drmSyncobjDestroy(drm_fd, h[1]);
}
END_TEST

/*
 * Across processes: this list waits for timeline value 7, which another
 * process's list signals through its own import of the syncobj's fd.
 */
START_TEST(test_semaphore_across_processes)
{
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t done = lz_event(pool, 0);
	ze_external_semaphore_wait_params_ext_t wp = wait_params(7);
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint8_t handle_bytes[ZE_MAX_IPC_HANDLE_SIZE] = { 0 };
	ze_external_semaphore_ext_handle_t sem;
	uint32_t handle;
	int fd = syncobj_fd(&handle), sock;
	pid_t pid;

	sem = import_fd(fd, true);
	ck_assert_ok(sem_wait(list, 1, &sem, &wp, done, 0, NULL));
	ck_assert_ze(zeEventQueryStatus(done), ZE_RESULT_NOT_READY,
		     "nobody signalled value 7 yet");
	memcpy(handle_bytes, &fd, sizeof(fd));
	sock = lz_start_helper("semaphore-signal", &pid);
	ck_assert_int_eq(ipc_send_handle(sock, handle_bytes), 0);
	lz_finish_helper(sock, pid, "the other process signals value 7");
	ck_assert_ok(zeEventHostSynchronize(done, LZ_TIMEOUT_NS));

	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(sem_release(sem));
	ck_assert_ok(zeEventDestroy(done));
	ck_assert_ok(zeEventPoolDestroy(pool));
	close(fd);
	drmSyncobjDestroy(drm_fd, handle);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("semaphore");
	TCase *tc = tcase_create("external semaphores");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_semaphore_import_refusals);
	tcase_add_test(tc, test_semaphore_append_refusals);
	tcase_add_test(tc, test_semaphore_signal_in_stream_order);
	tcase_add_test(tc, test_semaphore_timeline_wait_and_signal);
	tcase_add_test(tc, test_semaphore_regular_list_waits_each_execution);
	tcase_add_test(tc, test_semaphore_from_sync_file);
	tcase_add_test(tc, test_semaphore_wait_for_two);
	tcase_add_test(tc, test_semaphore_across_processes);
	suite_add_tcase(s, tc);
	return check_run(s);
}
