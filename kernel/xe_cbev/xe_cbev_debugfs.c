// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/idr.h>
#include <linux/pid.h>
#include <linux/seq_file.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_file.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_counter.h"
#include "xe_cbev_debugfs.h"
#include "xe_cbev_device.h"
#include "xe_cbev_queue.h"
#include "xe_cbev_vm.h"

/**
 * DOC: debugfs
 *
 * /sys/kernel/debug/dri/<minor>/xe_cbev lists what the device and each open
 * file hold, so that tests can prove that nothing leaks. The first line
 * has the device-wide totals, as "key value" pairs:
 *
 *	device bos 3 bindings 2 counter_pages 1 counter_slots 5 pinned_pages 2
 *
 * the second what its engine did, slices run since the device was created:
 *
 *	engine slices 1234
 *
 * then, for each file, a "file pid <pid>" line followed by its objects.
 */

static int print_handle(int id, void *ptr, void *data)
{
	struct drm_gem_object *obj = ptr;
	struct seq_file *m = data;
	struct xe_cbev_bo *bo;

	/* An export view: system memory, cached, never imported. */
	if (!xe_cbev_gem_is_bo(obj)) {
		seq_printf(m, "    handle %d size %zu system cached\n", id, obj->size);
		return 0;
	}
	bo = to_xe_cbev_bo(obj);
	seq_printf(m, "    handle %d size %zu %s %s%s\n", id, bo->shmem.base.size,
		   bo->flags & XE_CBEV_BO_DEVICE ? "device" : "system",
		   bo->shmem.map_wc ? "wc" : "cached",
		   bo->shmem.base.import_attach ? " imported" : "");
	return 0;
}

static void print_file(struct seq_file *m, struct drm_file *file)
{
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);

	seq_printf(m, "file pid %d\n", pid_nr(file->pid));
	seq_puts(m, "  bo_handles:\n");
	spin_lock(&file->table_lock);
	idr_for_each(&file->object_idr, print_handle, m);
	spin_unlock(&file->table_lock);
	xe_cbev_vm_print(&xfile->vm, m);
	xe_cbev_file_queues_print(xfile, m);
	xe_cbev_counter_print(&xfile->counters, m);
}

static int xe_cbev_debugfs_show(struct seq_file *m, void *data)
{
	struct drm_info_node *node = m->private;
	struct drm_device *dev = node->minor->dev;
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct drm_file *file;

	seq_printf(m, "device bos %d bindings %d counter_pages %d counter_slots %d pinned_pages %ld\n",
		   atomic_read(&xdev->stats.bos),
		   atomic_read(&xdev->stats.bindings),
		   atomic_read(&xdev->stats.counter_pages),
		   atomic_read(&xdev->stats.counter_slots),
		   atomic_long_read(&xdev->stats.pinned_pages));
	seq_printf(m, "engine slices %lld\n",
		   (long long)atomic64_read(&xdev->engine.slices));

	mutex_lock(&dev->filelist_mutex);
	list_for_each_entry(file, &dev->filelist, lhead)
		print_file(m, file);
	mutex_unlock(&dev->filelist_mutex);
	return 0;
}

static const struct drm_info_list xe_cbev_debugfs_list[] = {
	{ "xe_cbev", xe_cbev_debugfs_show, 0 },
};

/**
 * xe_cbev_debugfs_init() - &drm_driver.debugfs_init
 * @minor: the DRM minor whose debugfs directory gets the files
 */
void xe_cbev_debugfs_init(struct drm_minor *minor)
{
	drm_debugfs_create_files(xe_cbev_debugfs_list,
				 ARRAY_SIZE(xe_cbev_debugfs_list),
				 minor->debugfs_root, minor);
}
