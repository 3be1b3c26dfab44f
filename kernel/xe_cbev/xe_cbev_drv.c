// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/dma-mapping.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_gem_shmem_helper.h>
#include <drm/drm_ioctl.h>
#include <drm/drm_prime.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_compat.h"
#include "xe_cbev_counter.h"
#include "xe_cbev_counter_ioctl.h"
#include "xe_cbev_device.h"
#include "xe_cbev_eu.h"
#include "xe_cbev_eu_ioctl.h"
#include "xe_cbev_debugfs.h"
#include "xe_cbev_engine.h"
#include "xe_cbev_file.h"
#include "xe_cbev_ipc.h"
#include "xe_cbev_prime.h"
#include "xe_cbev_query.h"
#include "xe_cbev_queue.h"
#include "xe_cbev_sync_file.h"
#include "xe_cbev_uring.h"
#include "xe_cbev_vm.h"
#include "xe_cbev_vm_bind.h"
#include "xe_cbev_async_wait.h"
#include "xe_cbev_wait.h"
#include "xe_cbev_writer.h"
#include "xe_cbev_writer_ioctl.h"

/**
 * DOC: xe_cbev driver
 *
 * xe_cbev is a DRM driver without hardware, in the way of vgem: a platform
 * device parents a render-node DRM device whose "GPU" is a software command
 * streamer in the kernel. Module load creates the devices (one unless the
 * devices parameter asks for up to XE_CBEV_MAX_DEVICES, each with its own
 * uuid, render node, address spaces and engine; they share the IPC token
 * table); module unload removes them. A load
 * with devices outside 1..XE_CBEV_MAX_DEVICES fails with -EINVAL. Unload
 * cannot race with an open file: every file holds a
 * reference on the module through &xe_cbev_fops.owner, so rmmod fails with
 * -EBUSY until the last file is closed.
 */

static unsigned int devices = 1;
module_param(devices, uint, 0444);
MODULE_PARM_DESC(devices, "number of devices to create (1-8, default 1)");

/* The devices, in the order of their creation; set at load only. */
static struct xe_cbev_device *xe_cbev_devs[XE_CBEV_MAX_DEVICES];

static int xe_cbev_open(struct drm_device *dev, struct drm_file *file)
{
	struct xe_cbev_file *xfile;

	xfile = kzalloc(sizeof(*xfile), GFP_KERNEL_ACCOUNT);
	if (!xfile)
		return -ENOMEM;

	xfile->xdev = to_xe_cbev_device(dev);
	xfile->id = atomic_inc_return(&xfile->xdev->last_file_id);
	xfile->serial = atomic64_inc_return(&xfile->xdev->last_file_serial);
	xe_cbev_vm_init(&xfile->vm, xfile->xdev);
	xe_cbev_counter_mgr_init(&xfile->counters, xfile->serial);
	xe_cbev_file_submissions_init(xfile);
	xe_cbev_file_queues_init(xfile);
	xe_cbev_eu_init(&xfile->eu);
	xe_cbev_ipc_file_init(xfile);
	file->driver_priv = xfile;
	return 0;
}

/*
 * The DRM core has closed the file's GEM handles already; what is left are
 * the queues, and the objects the file's counter pages and bindings hold.
 * Queues go first: they execute through the address space.
 */
static void xe_cbev_postclose(struct drm_device *dev, struct drm_file *file)
{
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);

	xe_cbev_file_queues_fini(xfile);
	xe_cbev_ipc_file_fini(xfile);
	xe_cbev_counter_mgr_fini(&xfile->counters, xfile, file);
	/* The record of who writes the process's memory is the writers'. */
	xe_cbev_writers_svm_fini(&xfile->vm.svm);
	xe_cbev_vm_fini(&xfile->vm);
	kfree(xfile);
}

static const struct drm_ioctl_desc xe_cbev_ioctls[] = {
	DRM_IOCTL_DEF_DRV(XE_CBEV_DEVICE_QUERY, xe_cbev_query_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_BO_CREATE, xe_cbev_bo_create_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_BO_MMAP_OFFSET, xe_cbev_bo_mmap_offset_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_VM_BIND, xe_cbev_vm_bind_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_COUNTER_ALLOC, xe_cbev_counter_alloc_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_COUNTER_FREE, xe_cbev_counter_free_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_EXEC_QUEUE_CREATE, xe_cbev_exec_queue_create_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_EXEC_QUEUE_DESTROY, xe_cbev_exec_queue_destroy_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_EXEC, xe_cbev_exec_ioctl, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_WAIT, xe_cbev_wait_ioctl, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_SYNC_FILE_EXPORT, xe_cbev_sync_file_export_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_EXEC_QUEUE_GET_STATE,
			  xe_cbev_exec_queue_get_state_ioctl, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_IPC_EXPORT, xe_cbev_ipc_export_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_IPC_IMPORT, xe_cbev_ipc_import_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_IPC_REVOKE, xe_cbev_ipc_revoke_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_COUNTER_SET, xe_cbev_counter_set_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_COUNTER_SET_WRITER, xe_cbev_counter_set_writer_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_EXEC_QUEUE_WAKE, xe_cbev_exec_queue_wake_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_EU_WAIT, xe_cbev_eu_wait_ioctl, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_EU_REPORT, xe_cbev_eu_report_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(XE_CBEV_EU_STOP, xe_cbev_eu_stop_ioctl, DRM_RENDER_ALLOW),
};

/* DRM's GEM file operations (with the flags each kernel wants), and ours. */
static const struct file_operations xe_cbev_fops = {
	.owner = THIS_MODULE,
	DRM_GEM_FOPS,
	.uring_cmd = xe_cbev_uring_cmd,
};

/*
 * DRIVER_SYNCOBJ(_TIMELINE): the DRM core gives every file binary and
 * timeline syncobjs, with their ioctls. This module signals none of them
 * itself; user space imports other drivers' syncobjs and sync_files into
 * them and bridges them to its lists (libze's external semaphores).
 */
static const struct drm_driver xe_cbev_driver = {
	.driver_features = DRIVER_GEM | DRIVER_RENDER | DRIVER_SYNCOBJ |
			   DRIVER_SYNCOBJ_TIMELINE,
	.open = xe_cbev_open,
	.postclose = xe_cbev_postclose,
	.gem_create_object = xe_cbev_bo_create_object,
	.debugfs_init = xe_cbev_debugfs_init,
	.prime_handle_to_fd = drm_gem_prime_handle_to_fd,
	.prime_fd_to_handle = drm_gem_prime_fd_to_handle,
	.gem_prime_import = xe_cbev_prime_import,
	.gem_prime_import_sg_table = xe_cbev_bo_import_sg_table,
#ifdef XE_CBEV_HAS_GEM_PRIME_MMAP
	.gem_prime_mmap = drm_gem_prime_mmap,
#endif
	.ioctls = xe_cbev_ioctls,
	.num_ioctls = ARRAY_SIZE(xe_cbev_ioctls),
	.fops = &xe_cbev_fops,
	.name = XE_CBEV_DRIVER_NAME,
	.desc = XE_CBEV_DRIVER_DESC,
	.date = XE_CBEV_DRIVER_DATE,
	.major = DRM_XE_CBEV_UAPI_MAJOR,
	.minor = DRM_XE_CBEV_UAPI_MINOR,
};

/*
 * Device @index: its platform device ("xe_cbev" for the first, as with one
 * device, "xe_cbev.N" for the others) and the DRM device under it.
 */
static struct xe_cbev_device *xe_cbev_device_create(unsigned int index)
{
	struct platform_device *pdev;
	struct xe_cbev_device *xdev;
	int ret;

	pdev = platform_device_register_simple(XE_CBEV_DRIVER_NAME,
					       index ? index : PLATFORM_DEVID_NONE,
					       NULL, 0);
	if (IS_ERR(pdev))
		return ERR_CAST(pdev);

	if (!devres_open_group(&pdev->dev, NULL, GFP_KERNEL)) {
		ret = -ENOMEM;
		goto err_unregister_pdev;
	}

	/* No DMA happens, but PRIME import maps pages for the device. */
	ret = dma_coerce_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		goto err_release_group;

	xdev = devm_drm_dev_alloc(&pdev->dev, &xe_cbev_driver,
				  struct xe_cbev_device, drm);
	if (IS_ERR(xdev)) {
		ret = PTR_ERR(xdev);
		goto err_release_group;
	}
	xdev->pdev = pdev;
	uuid_gen(&xdev->uuid);
	ret = xe_cbev_engine_init(&xdev->engine, index);
	if (ret)
		goto err_release_group;

	/* Final step: expose the device to user space. */
	ret = drm_dev_register(&xdev->drm, 0);
	if (ret)
		goto err_engine;
	return xdev;

err_engine:
	xe_cbev_engine_fini(&xdev->engine);
err_release_group:
	devres_release_group(&pdev->dev, NULL);
err_unregister_pdev:
	platform_device_unregister(pdev);
	return ERR_PTR(ret);
}

/* Hides the device from user space; no file of it is open any more. */
static void xe_cbev_device_unregister(struct xe_cbev_device *xdev)
{
	drm_dev_unregister(&xdev->drm);
}

/*
 * Frees what xe_cbev_device_create() made, once unregistered and once its
 * engine is gone (xe_cbev_engine_fini() runs what is still deferred to it).
 */
static void xe_cbev_device_release(struct xe_cbev_device *xdev)
{
	struct platform_device *pdev = xdev->pdev;

	devres_release_group(&pdev->dev, NULL);
	platform_device_unregister(pdev);
}

static int __init xe_cbev_init(void)
{
	struct xe_cbev_device *xdev;
	unsigned int i;
	int ret;

	if (devices < 1 || devices > XE_CBEV_MAX_DEVICES) {
		pr_err("xe_cbev: devices=%u is not in 1..%d\n", devices,
		       XE_CBEV_MAX_DEVICES);
		return -EINVAL;
	}

	ret = xe_cbev_async_wait_init();
	if (ret)
		return ret;
	xe_cbev_ipc_init();

	for (i = 0; i < devices; i++) {
		xdev = xe_cbev_device_create(i);
		if (IS_ERR(xdev)) {
			ret = PTR_ERR(xdev);
			goto err_devices;
		}
		xe_cbev_devs[i] = xdev;
	}
	return 0;

err_devices:
	while (i--) {
		xe_cbev_device_unregister(xe_cbev_devs[i]);
		xe_cbev_engine_fini(&xe_cbev_devs[i]->engine);
		xe_cbev_device_release(xe_cbev_devs[i]);
		xe_cbev_devs[i] = NULL;
	}
	xe_cbev_ipc_fini();
	xe_cbev_async_wait_fini();
	return ret;
}

static void __exit xe_cbev_exit(void)
{
	unsigned int i;

	for (i = 0; i < devices; i++)
		xe_cbev_device_unregister(xe_cbev_devs[i]);
	/* Deferred cleanups may still put objects: run them while the devices live. */
	xe_cbev_async_wait_fini();
	for (i = 0; i < devices; i++)
		xe_cbev_engine_fini(&xe_cbev_devs[i]->engine);
	xe_cbev_ipc_fini();
	for (i = 0; i < devices; i++)
		xe_cbev_device_release(xe_cbev_devs[i]);
}

module_init(xe_cbev_init);
module_exit(xe_cbev_exit);

MODULE_DESCRIPTION(XE_CBEV_DRIVER_DESC);
MODULE_AUTHOR("The xe_cbev authors");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(DMA_BUF);
