// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/iosys-map.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include <drm/drm_file.h>
#include <drm/drm_vma_manager.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_counter.h"
#include "xe_cbev_device_types.h"
#include "xe_cbev_file.h"
#include "xe_cbev_macros.h"
#include "xe_cbev_vm.h"
#include "xe_cbev_writer.h"

/**
 * DOC: counter manager
 *
 * In-order command lists and counter-based events need many 64-bit
 * counters that the engine writes and the host reads. The kernel owns
 * them: it packs 512 slots into each counter page, a one-page buffer
 * object that it binds into the owning file's address space (upper half,
 * page index i at XE_CBEV_COUNTER_VA_BASE + i * PAGE_SIZE) and lets the
 * process map read-only. A slot is named by a u32 id, (page index + 1)
 * << 9 | slot, that is never zero.
 *
 * A slot is reference counted: its owner holds one reference until it
 * frees the slot, an importer in another process one more (see IPC).
 * When the last reference goes the slot still is not free while work that
 * the file submitted before may touch it: it is *retiring* until the file
 * has retired that work, and only then is it handed out again, zeroed.
 *
 * Costs: 8 bytes of counter memory per slot, plus per page of 512 slots
 * the bookkeeping of &struct xe_cbev_counter_page (about 2.3 KiB, mostly
 * the reference counts), a GEM object, one binding and a kernel mapping:
 * about 8 KiB a page, all charged to the file's memory cgroup. A file
 * has at most XE_CBEV_COUNTER_MAX_PAGES pages (2048: 1048576 slots,
 * about 16 MiB of kernel memory); past that an allocation is -ENOSPC.
 */

static u32 slot_id(const struct xe_cbev_counter_page *page, unsigned int slot)
{
	return (page->index + 1) << ilog2(XE_CBEV_COUNTER_SLOTS) | slot;
}

static u64 page_gpu_addr(const struct xe_cbev_counter_page *page)
{
	return XE_CBEV_COUNTER_VA_BASE + (u64)page->index * PAGE_SIZE;
}

/* Make retiring slots free if the work they waited for is done. */
static void page_reap_locked(struct xe_cbev_counter_page *page, u64 retired)
{
	unsigned int b;

	lockdep_assert_held(&page->lock);
	for (b = 0; b < 2; b++) {
		unsigned long *bits = page->retiring[b];

		if (bitmap_empty(bits, XE_CBEV_COUNTER_SLOTS) ||
		    page->retire_seqno[b] > retired)
			continue;
		page->nr_busy -= bitmap_weight(bits, XE_CBEV_COUNTER_SLOTS);
		bitmap_andnot(page->busy, page->busy, bits, XE_CBEV_COUNTER_SLOTS);
		bitmap_zero(bits, XE_CBEV_COUNTER_SLOTS);
	}
	/* Close the open batch once the other has drained. */
	b = page->retire_open;
	if (bitmap_empty(page->retiring[!b], XE_CBEV_COUNTER_SLOTS) &&
	    !bitmap_empty(page->retiring[b], XE_CBEV_COUNTER_SLOTS))
		page->retire_open = !b;
}

/*
 * Drop one reference on a slot. Called by the owner's free with the
 * manager's lock held, or by an export view without it (the manager may be
 * gone then, and the slot will never be handed out again anyway).
 */
static void slot_put(struct xe_cbev_counter_page *page, unsigned int slot,
		     u64 submitted)
{
	unsigned int b;

	spin_lock(&page->lock);
	/* The owner's work may write the slot, whoever lets go last. */
	page->owner_seqno = max(page->owner_seqno, submitted);
	if (!--page->refs[slot]) {
		b = page->retire_open;
		__set_bit(slot, page->retiring[b]);
		page->retire_seqno[b] = max(page->retire_seqno[b], page->owner_seqno);
	}
	spin_unlock(&page->lock);
}

/* The page's object is freed: nothing references the page any more. */
static void page_free(struct xe_cbev_bo *bo)
{
	struct xe_cbev_counter_page *page = bo->counter;
	struct iosys_map map = IOSYS_MAP_INIT_VADDR(NULL);

	if (page->vaddr) {
		iosys_map_set_vaddr(&map, page->vaddr);
		drm_gem_shmem_vunmap(&bo->shmem, &map);
	}
	kfree(page);
}

/* Creates a page, maps it for the file and the engine, and indexes it. */
static struct xe_cbev_counter_page *
page_create(struct xe_cbev_counter_mgr *mgr, struct xe_cbev_file *xfile,
	    struct drm_file *file)
{
	struct xe_cbev_device *xdev = xfile->xdev;
	struct xe_cbev_counter_page *page;
	struct iosys_map map;
	struct xe_cbev_bo *bo;
	u32 index;
	int ret;

	lockdep_assert_held(&mgr->lock);
	if (mgr->nr_pages >= XE_CBEV_COUNTER_MAX_PAGES)
		return ERR_PTR(-ENOSPC);

	page = kzalloc(sizeof(*page), GFP_KERNEL_ACCOUNT);
	if (!page)
		return ERR_PTR(-ENOMEM);
	spin_lock_init(&page->lock);

	bo = xe_cbev_bo_create(&xdev->drm, PAGE_SIZE, 0);
	if (IS_ERR(bo)) {
		kfree(page);
		return ERR_CAST(bo);
	}
	/* From here on the object owns the page struct and frees it. */
	bo->counter = page;
	bo->creator = mgr->file_serial;
	bo->release = page_free;
	page->bo = bo;

	/* Freeing the object undoes the mapping too. */
	ret = drm_gem_shmem_vmap(&bo->shmem, &map);
	if (ret)
		goto err_put_bo;
	page->vaddr = map.vaddr;

	ret = xa_alloc(&mgr->pages, &index, page,
		       XA_LIMIT(0, XE_CBEV_COUNTER_MAX_PAGES - 1), GFP_KERNEL_ACCOUNT);
	if (ret)
		goto err_put_bo;
	page->index = index;

	ret = xe_cbev_vm_map(&xfile->vm, bo, NULL, 0, PAGE_SIZE,
			     page_gpu_addr(page), XE_CBEV_BINDING_KERNEL);
	if (ret)
		goto err_erase;

	ret = drm_vma_node_allow(&bo->shmem.base.vma_node, file);
	if (ret)
		goto err_unmap;

	mgr->nr_pages++;
	atomic_inc(&xdev->stats.counter_pages);
	return page;

err_unmap:
	xe_cbev_vm_unmap(&xfile->vm, page_gpu_addr(page), PAGE_SIZE, true);
err_erase:
	xa_erase(&mgr->pages, index);
err_put_bo:
	xe_cbev_bo_put(bo);
	return ERR_PTR(ret == -EBUSY ? -ENOSPC : ret);
}

/* Takes a page out of the manager; importers may keep the object alive. */
static void page_release(struct xe_cbev_counter_mgr *mgr,
			 struct xe_cbev_counter_page *page,
			 struct xe_cbev_file *xfile, struct drm_file *file)
{
	struct xe_cbev_bo *bo = page->bo;

	xa_erase(&mgr->pages, page->index);
	mgr->nr_pages--;
	atomic_dec(&xfile->xdev->stats.counter_pages);
	drm_vma_node_revoke(&bo->shmem.base.vma_node, file);
	xe_cbev_vm_unmap(&xfile->vm, page_gpu_addr(page), PAGE_SIZE, true);
	xe_cbev_bo_put(bo);
}

/* Take a free slot of @page, or return -ENOSPC. */
static int page_take_slot(struct xe_cbev_counter_page *page, u64 retired)
{
	unsigned int slot;

	spin_lock(&page->lock);
	page_reap_locked(page, retired);
	slot = find_first_zero_bit(page->busy, XE_CBEV_COUNTER_SLOTS);
	if (slot == XE_CBEV_COUNTER_SLOTS) {
		spin_unlock(&page->lock);
		return -ENOSPC;
	}
	__set_bit(slot, page->busy);
	__set_bit(slot, page->owned);
	page->refs[slot] = 1;
	page->nr_busy++;
	spin_unlock(&page->lock);

	/*
	 * Nothing else can write a slot that was not busy. The store is seen
	 * by the engine and the host before the id is returned to user space.
	 */
	WRITE_ONCE(page->vaddr[slot], 0);
	return slot;
}

/**
 * xe_cbev_counter_alloc() - take a free slot for the file
 * @xfile: the file
 * @file: its DRM file, which may map the slot's page
 * @args: gets the slot's id, mmap offset, offset and GPU address
 *
 * Return: 0; -ENOSPC when the file has the maximum number of counter
 * pages; -ENOMEM.
 */
int xe_cbev_counter_alloc(struct xe_cbev_file *xfile, struct drm_file *file,
			  struct drm_xe_cbev_counter_alloc *args)
{
	struct xe_cbev_counter_mgr *mgr = &xfile->counters;
	u64 retired = xe_cbev_file_retired_seqno(xfile);
	struct xe_cbev_counter_page *page;
	unsigned long index;
	int slot;

	mutex_lock(&mgr->lock);

	/* The page of the last allocation first, then any other. */
	page = xa_load(&mgr->pages, mgr->hint);
	slot = page ? page_take_slot(page, retired) : -ENOSPC;
	if (slot < 0) {
		xa_for_each(&mgr->pages, index, page) {
			slot = page_take_slot(page, retired);
			if (slot >= 0)
				break;
		}
	}
	if (slot < 0) {
		page = page_create(mgr, xfile, file);
		if (IS_ERR(page)) {
			mutex_unlock(&mgr->lock);
			return PTR_ERR(page);
		}
		slot = page_take_slot(page, retired);
	}
	mgr->hint = page->index;
	/* A slot used before forgets its writer, dead or not. */
	xe_cbev_writer_clear(page->bo, slot * XE_CBEV_COUNTER_SLOT_SIZE);

	args->id = slot_id(page, slot);
	args->mmap_offset = drm_vma_node_offset_addr(&page->bo->shmem.base.vma_node);
	args->offset = slot * XE_CBEV_COUNTER_SLOT_SIZE;
	args->gpu_addr = page_gpu_addr(page) + args->offset;
	mutex_unlock(&mgr->lock);

	atomic_inc(&xfile->xdev->stats.counter_slots);
	return 0;
}

/**
 * xe_cbev_counter_free() - the file gives a slot back
 * @xfile: the file
 * @file: its DRM file
 * @id: the slot's id
 * @freed: called once the file no longer owns the slot, before its page
 *	may go, with the manager's lock held: revokes what names the slot
 *
 * The slot retires once nothing references it and the work the file
 * submitted before may no longer touch it.
 *
 * Return: 0, or -ENOENT for an id that names no slot the file owns.
 */
int xe_cbev_counter_free(struct xe_cbev_file *xfile, struct drm_file *file,
			 u32 id, xe_cbev_counter_freed_fn freed)
{
	const unsigned int shift = ilog2(XE_CBEV_COUNTER_SLOTS);
	struct xe_cbev_device *xdev = xfile->xdev;
	struct xe_cbev_counter_mgr *mgr = &xfile->counters;
	unsigned int slot = id & (XE_CBEV_COUNTER_SLOTS - 1);
	struct xe_cbev_counter_page *page;
	bool owned, empty;

	if (XE_CBEV_IOCTL_DBG(xdev, id >> shift == 0))
		return -ENOENT;

	mutex_lock(&mgr->lock);
	page = xa_load(&mgr->pages, (id >> shift) - 1);
	owned = false;
	if (page) {
		spin_lock(&page->lock);
		owned = __test_and_clear_bit(slot, page->owned);
		spin_unlock(&page->lock);
	}
	if (XE_CBEV_IOCTL_DBG(xdev, !owned)) {
		mutex_unlock(&mgr->lock);
		return -ENOENT;
	}

	/* Work published on direct queues is submitted work too. */
	xe_cbev_file_direct_flush(xfile);
	slot_put(page, slot, xe_cbev_file_submitted_seqno(xfile));
	freed(xfile, page->bo, slot);

	/* Give back a page that has become empty, unless it is the hint. */
	spin_lock(&page->lock);
	page_reap_locked(page, xe_cbev_file_retired_seqno(xfile));
	empty = !page->nr_busy;
	spin_unlock(&page->lock);
	if (empty && page->index != mgr->hint)
		page_release(mgr, page, xfile, file);
	mutex_unlock(&mgr->lock);

	atomic_dec(&xdev->stats.counter_slots);
	return 0;
}

static int counter_lookup_locked(struct xe_cbev_counter_mgr *mgr, u32 id,
				 struct xe_cbev_bo **bo, unsigned int *offset)
{
	const unsigned int shift = ilog2(XE_CBEV_COUNTER_SLOTS);
	unsigned int slot = id & (XE_CBEV_COUNTER_SLOTS - 1);
	struct xe_cbev_counter_page *page;

	lockdep_assert_held(&mgr->lock);
	if (!(id >> shift))
		return -ENOENT;
	page = xa_load(&mgr->pages, (id >> shift) - 1);
	if (!page || !test_bit(slot, page->owned))
		return -ENOENT;

	*bo = page->bo;
	*offset = slot * XE_CBEV_COUNTER_SLOT_SIZE;
	drm_gem_object_get(&page->bo->shmem.base);
	return 0;
}

/**
 * xe_cbev_counter_slot_put() - drop an export view's reference on a slot
 * @page: the slot's page
 * @slot: the slot
 *
 * Once nothing references the slot it retires; the owner's manager, if
 * it still exists, hands it out again later.
 */
void xe_cbev_counter_slot_put(struct xe_cbev_counter_page *page,
			      unsigned int slot)
{
	slot_put(page, slot, 0);
}

/**
 * xe_cbev_counter_get_slot() - reference one of the file's slots, to export it
 * @mgr: the file's manager
 * @id: the slot's id
 * @bo: gets the counter page's object, with a reference
 * @slot: gets the slot's index, with a reference the caller gives to an
 *	export view
 *
 * Return: 0, or -ENOENT if the file does not own such a slot.
 */
int xe_cbev_counter_get_slot(struct xe_cbev_counter_mgr *mgr, u32 id,
			     struct xe_cbev_bo **bo, unsigned int *slot)
{
	unsigned int offset;
	int ret;

	mutex_lock(&mgr->lock);
	ret = counter_lookup_locked(mgr, id, bo, &offset);
	if (!ret) {
		struct xe_cbev_counter_page *page = (*bo)->counter;

		*slot = offset / XE_CBEV_COUNTER_SLOT_SIZE;
		spin_lock(&page->lock);
		page->refs[*slot]++;
		spin_unlock(&page->lock);
	}
	mutex_unlock(&mgr->lock);
	return ret;
}

/**
 * xe_cbev_counter_lookup() - find one of the file's counter slots
 * @mgr: the file's manager
 * @id: the slot's id
 * @bo: gets the counter page's object, with a reference
 * @offset: gets the slot's byte offset in the page
 *
 * Return: 0, or -ENOENT if the file does not own such a slot.
 */
int xe_cbev_counter_lookup(struct xe_cbev_counter_mgr *mgr, u32 id,
			   struct xe_cbev_bo **bo, unsigned int *offset)
{
	int ret;

	mutex_lock(&mgr->lock);
	ret = counter_lookup_locked(mgr, id, bo, offset);
	mutex_unlock(&mgr->lock);
	return ret;
}

/**
 * xe_cbev_counter_set() - store a value in one of the file's slots
 * @xfile: the file
 * @id: the slot's id
 * @value: the value
 *
 * A whole-qword store, as the engine's; then the slot's waiters look.
 *
 * Return: 0, or -ENOENT for an id that names no slot the file owns.
 */
int xe_cbev_counter_set(struct xe_cbev_file *xfile, u32 id, u64 value)
{
	unsigned int offset;
	struct xe_cbev_bo *bo;
	u64 *slot;
	int ret;

	ret = xe_cbev_counter_lookup(&xfile->counters, id, &bo, &offset);
	if (XE_CBEV_IOCTL_DBG(xfile->xdev, ret))
		return ret;

	slot = bo->counter->vaddr + offset / XE_CBEV_COUNTER_SLOT_SIZE;
	WRITE_ONCE(*slot, value);
	xe_cbev_bo_notify(bo);
	xe_cbev_bo_put(bo);
	return 0;
}

/**
 * xe_cbev_counter_mgr_init() - set up a file's counter manager
 * @mgr: the manager
 * @file_serial: the file's serial (&xe_cbev_file.serial), the creator of
 *	its pages
 */
void xe_cbev_counter_mgr_init(struct xe_cbev_counter_mgr *mgr, u64 file_serial)
{
	mgr->file_serial = file_serial;
	mutex_init(&mgr->lock);
	xa_init_flags(&mgr->pages, XA_FLAGS_ALLOC);
	mgr->hint = 0;
	mgr->nr_pages = 0;
}

/**
 * xe_cbev_counter_mgr_fini() - free every slot and page of a closing file
 * @mgr: the manager
 * @xfile: its file
 * @file: its DRM file
 *
 * Slots that an importer still references keep their page alive through
 * the importer's reference on the object.
 */
void xe_cbev_counter_mgr_fini(struct xe_cbev_counter_mgr *mgr,
			      struct xe_cbev_file *xfile,
			      struct drm_file *file)
{
	struct xe_cbev_counter_page *page;
	unsigned long index;
	unsigned int owned;

	mutex_lock(&mgr->lock);
	xa_for_each(&mgr->pages, index, page) {
		unsigned int slot;

		spin_lock(&page->lock);
		owned = bitmap_weight(page->owned, XE_CBEV_COUNTER_SLOTS);
		for_each_set_bit(slot, page->owned, XE_CBEV_COUNTER_SLOTS)
			page->refs[slot]--;
		bitmap_zero(page->owned, XE_CBEV_COUNTER_SLOTS);
		spin_unlock(&page->lock);

		atomic_sub(owned, &xfile->xdev->stats.counter_slots);
		page_release(mgr, page, xfile, file);
	}
	mutex_unlock(&mgr->lock);
	xa_destroy(&mgr->pages);
	mutex_destroy(&mgr->lock);
}

/**
 * xe_cbev_counter_print() - list counter pages and slots, for debugfs
 * @mgr: the manager
 * @m: where to print
 */
void xe_cbev_counter_print(struct xe_cbev_counter_mgr *mgr, struct seq_file *m)
{
	struct xe_cbev_counter_page *page;
	unsigned long index;

	mutex_lock(&mgr->lock);
	seq_printf(m, "  counter_pages: %u\n", mgr->nr_pages);
	xa_for_each(&mgr->pages, index, page) {
		spin_lock(&page->lock);
		seq_printf(m, "    page %u gpu 0x%012llx owned %u busy %u retiring %u\n",
			   page->index, page_gpu_addr(page),
			   bitmap_weight(page->owned, XE_CBEV_COUNTER_SLOTS),
			   page->nr_busy,
			   bitmap_weight(page->retiring[0], XE_CBEV_COUNTER_SLOTS) +
			   bitmap_weight(page->retiring[1], XE_CBEV_COUNTER_SLOTS));
		spin_unlock(&page->lock);
	}
	mutex_unlock(&mgr->lock);
}
