// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: driver
 *
 * One driver per process. The first zeInit() probes for xe_cbev devices
 * and the result is kept until exit: Level Zero has no call that tears a
 * driver down, and the handles it gave out must stay valid. A driver that
 * found no device still initialises successfully but reports itself to
 * nobody: zeDriverGet() counts 0.
 *
 * Devices are found by name, not by node number (xe_kmd_probe()): every
 * render node in /dev/dri is opened and asked for its driver name
 * (DRM_IOCTL_VERSION). That works for a device on any bus (xe_cbev hangs
 * off a platform device) and has no side effects, unlike
 * drmOpenWithType(), which walks minor numbers and, in libdrm builds
 * without udev, creates missing device nodes when run as root.
 */

#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zex_counter_based_event.h>
#include <zex_xe_cbev_event.h>

#include "core/libze_private.h"
#include "core/context.h"
#include "core/debug_log.h"
#include "core/device.h"
#include "core/driver.h"
#include "events/event_slab.h"
#include "submission/kmd.h"

static_assert(offsetof(struct xe_driver, obj) == 0,
	      "a driver handle must point at its DDI header");

static struct xe_driver xe_driver = {
	.graph_lock = PTHREAD_MUTEX_INITIALIZER,
};
static pthread_once_t xe_driver_once = PTHREAD_ONCE_INIT;

/* The singleton, for the hot paths that read it without a handle. */
struct xe_driver *const xe_the_driver = &xe_driver;

/*
 * Add the device behind the xe_cbev node @fd, which it owns. Modules
 * speaking another uAPI are skipped; any other failure is an error of the
 * probe.
 */
static int driver_add_device(struct xe_driver *drv, int fd)
{
	int err;

	err = xe_device_init(&drv->devices[drv->num_devices], drv, fd);
	if (err == -ENODEV)
		return 0;
	if (err)
		return err;

	drv->num_devices++;
	return 0;
}

/*
 * The driver uuid must differ from its devices' and stay stable while
 * they exist: the first device's uuid with a constant mixed in.
 */
static void driver_derive_uuid(struct xe_driver *drv)
{
	static const uint8_t salt[ZE_MAX_DRIVER_UUID_SIZE] = "libze_xe_cbev";
	const uint8_t *dev_uuid = drv->devices[0].info.uuid;
	size_t i;

	static_assert(sizeof(drv->devices[0].info.uuid) ==
		      ZE_MAX_DRIVER_UUID_SIZE, "device and driver uuid sizes");
	for (i = 0; i < ZE_MAX_DRIVER_UUID_SIZE; i++)
		drv->uuid.id[i] = dev_uuid[i] ^ salt[i];
}

/* Add the devices of the xe_cbev nodes @fds, in their order; owns @fds. */
static int driver_add_devices(struct xe_driver *drv, const int *fds,
			      int num_fds)
{
	int i, err;

	if (!num_fds)
		return 0;

	drv->devices = calloc(num_fds, sizeof(*drv->devices));
	if (!drv->devices) {
		err = -ENOMEM;
		i = 0;
		goto err_close;
	}

	for (i = 0; i < num_fds; i++) {
		err = driver_add_device(drv, fds[i]);
		if (err) {
			i++;
			goto err_fini_devices;
		}
	}
	return 0;

err_fini_devices:
	while (drv->num_devices)
		xe_device_fini(&drv->devices[--drv->num_devices]);
	free(drv->devices);
	drv->devices = NULL;
err_close:
	for (; i < num_fds; i++)
		xe_kmd_close(fds[i]);
	return err;
}

static int driver_probe(struct xe_driver *drv)
{
	int num_fds, err;
	int *fds;

	/* The heads are ddi.c's, filled in when the library was loaded. */
	xe_object_init(&drv->obj, XE_MAGIC_DRIVER, &drv->ddi);
	/* Where events live; without it they come from the allocator. */
	xe_event_slab_init();

	num_fds = xe_kmd_probe(&fds);
	if (num_fds < 0)
		return num_fds;

	err = driver_add_devices(drv, fds, num_fds);
	if (!err && drv->num_devices) {
		driver_derive_uuid(drv);
		err = xe_context_create(drv, 0, &drv->default_context);
	}
	free(fds);
	return err;
}

static void driver_init_once(void)
{
	xe_driver.init_err = driver_probe(&xe_driver);
	atomic_store_explicit(&xe_driver.ready, !xe_driver.init_err,
			      memory_order_release);
}

/**
 * xe_driver_init() - probe once per process
 * @gpu_requested: the caller of zeInit() asked for GPU drivers
 *
 * Thread-safe; the probe runs on the first call and every call returns its
 * result. zeDriverGet() shows the driver once any zeInit() asked for GPU
 * drivers.
 *
 * Return: 0 or the negative errno the probe failed with.
 */
int xe_driver_init(bool gpu_requested)
{
	pthread_once(&xe_driver_once, driver_init_once);
	if (xe_driver.init_err)
		return xe_driver.init_err;

	if (gpu_requested)
		atomic_store_explicit(&xe_driver.gpu_requested, true,
				      memory_order_relaxed);
	return 0;
}

/**
 * xe_driver_get_ready() - the driver singleton, once it is initialised
 *
 * Lock-free: an acquire load that pairs with the probe's release store.
 *
 * Return: the driver, or NULL if no zeInit() has succeeded yet.
 */
struct xe_driver *xe_driver_get_ready(void)
{
	if (!atomic_load_explicit(&xe_driver.ready, memory_order_acquire))
		return NULL;
	return &xe_driver;
}

/**
 * xe_driver_ddi_heads() - the DDI heads of the process's driver
 *
 * Return: the heads that the handle header of the driver and of all its
 * objects point at, for ddi.c to fill in.
 */
struct xe_ddi_heads *xe_driver_ddi_heads(void)
{
	return &xe_driver.ddi;
}

static ze_driver_handle_t xe_driver_to_handle(struct xe_driver *drv)
{
	return xe_object_handle(&drv->obj);
}

ze_result_t xe_driver_get(uint32_t *pCount, ze_driver_handle_t *phDrivers)
{
	struct xe_driver *drv = xe_driver_get_ready();
	uint32_t available;
	bool wanted;

	if (!drv)
		return ZE_RESULT_ERROR_UNINITIALIZED;
	if (!pCount)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	/*
	 * A driver without devices is of no use to anyone, and one that was
	 * only initialised for other kinds of drivers was not asked for.
	 */
	wanted = atomic_load_explicit(&drv->gpu_requested,
				      memory_order_relaxed);
	available = drv->num_devices && wanted ? 1 : 0;
	if (xe_enum_count(pCount, available, phDrivers))
		phDrivers[0] = xe_driver_to_handle(drv);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_driver_get_api_version(ze_driver_handle_t hDriver,
				      ze_api_version_t *version)
{
	struct xe_driver *drv = xe_driver_from_handle(hDriver);

	if (!drv)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!version)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	/* The version the core head names (ddi.c). */
	*version = drv->ddi.core.head.version;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_driver_get_properties(ze_driver_handle_t hDriver,
				     ze_driver_properties_t *pDriverProperties)
{
	struct xe_driver *drv = xe_driver_from_handle(hDriver);
	ze_base_properties_t *ext;

	if (!drv)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pDriverProperties)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	/* stype and pNext belong to the caller: only [out] members change. */
	pDriverProperties->uuid = drv->uuid;
	pDriverProperties->driverVersion = XE_DRIVER_VERSION;

	/* Extension structs the driver knows are filled, others left alone. */
	for (ext = pDriverProperties->pNext; ext; ext = ext->pNext) {
		if (ext->stype ==
		    ZE_STRUCTURE_TYPE_DRIVER_DDI_HANDLES_EXT_PROPERTIES)
			((ze_driver_ddi_handles_ext_properties_t *)ext)->flags =
				ZE_DRIVER_DDI_HANDLE_EXT_FLAG_DDI_HANDLE_EXT_SUPPORTED;
	}
	return ZE_RESULT_SUCCESS;
}

ze_result_t
xe_driver_get_ipc_properties(ze_driver_handle_t hDriver,
			     ze_driver_ipc_properties_t *pIpcProperties)
{
	if (!xe_driver_from_handle(hDriver))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pIpcProperties)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	/* Both as dma-bufs; see ipc.c. */
	pIpcProperties->flags = ZE_IPC_PROPERTY_FLAG_MEMORY |
				ZE_IPC_PROPERTY_FLAG_EVENT_POOL;
	return ZE_RESULT_SUCCESS;
}

/*
 * The reason XE_FAIL() gave for the calling thread's last refusal
 * (debug_log.h); "" if it had none.
 */
ze_result_t xe_driver_get_last_error_description(ze_driver_handle_t hDriver,
						 const char **ppString)
{
	if (!xe_driver_from_handle(hDriver))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!ppString)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	*ppString = xe_last_error_description();
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeDriverGet, xe_driver_get);
XE_EXPORT(zeDriverGetApiVersion, xe_driver_get_api_version);
XE_EXPORT(zeDriverGetProperties, xe_driver_get_properties);
XE_EXPORT(zeDriverGetIpcProperties, xe_driver_get_ipc_properties);
XE_EXPORT(zeDriverGetLastErrorDescription,
	  xe_driver_get_last_error_description);
