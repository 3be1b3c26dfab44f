/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_COUNTER_TYPES_H_
#define _XE_CBEV_COUNTER_TYPES_H_

#include <linux/bitmap.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/xarray.h>

struct xe_cbev_bo;

/* A slot is one naturally aligned 64-bit value. */
#define XE_CBEV_COUNTER_SLOT_SIZE	8
#define XE_CBEV_COUNTER_SLOTS		(PAGE_SIZE / XE_CBEV_COUNTER_SLOT_SIZE)

/**
 * struct xe_cbev_counter_page - one page of counter slots
 *
 * Belongs to its &struct xe_cbev_bo and is freed with it, so it lives as
 * long as anything (the owning file's manager, an importer) holds the
 * object. A slot is *owned* while its allocator has not freed it, and
 * *busy* while it is owned or referenced, or while work submitted before
 * its free may still touch it (*retiring*). Only a slot that is not busy
 * is handed out.
 */
struct xe_cbev_counter_page {
	/** @bo: the page's buffer object */
	struct xe_cbev_bo *bo;
	/** @vaddr: kernel mapping of the page, for zeroing and host reads */
	u64 *vaddr;
	/** @index: index in the owner's manager; fixes the GPU address */
	u32 index;
	/** @lock: protects every member below */
	spinlock_t lock;
	/** @nr_busy: bits set in @busy */
	u32 nr_busy;
	/**
	 * @retire_seqno: the slots of @retiring[i] are free once the file
	 * has retired @retire_seqno[i]
	 */
	u64 retire_seqno[2];
	/**
	 * @retire_open: the batch that frees go to. The other one's seqno
	 * no longer rises, so it drains even while the file keeps
	 * submitting; batches swap when the other one has drained.
	 */
	unsigned int retire_open;
	/**
	 * @owner_seqno: the owner's submission number at its latest free:
	 * the least any slot freed on the page must wait for, even when an
	 * importer lets go of it later
	 */
	u64 owner_seqno;
	/** @owned: slots that have an owner */
	DECLARE_BITMAP(owned, XE_CBEV_COUNTER_SLOTS);
	/** @busy: slots that must not be handed out */
	DECLARE_BITMAP(busy, XE_CBEV_COUNTER_SLOTS);
	/** @retiring: unreferenced slots waiting for submitted work, in two batches */
	DECLARE_BITMAP(retiring[2], XE_CBEV_COUNTER_SLOTS);
	/** @refs: references per slot: its owner, and importers */
	u32 refs[XE_CBEV_COUNTER_SLOTS];
};

/**
 * struct xe_cbev_counter_mgr - a file's counter slots
 */
struct xe_cbev_counter_mgr {
	/**
	 * @lock: protects @pages, @hint and @nr_pages, and serialises
	 * allocation and free; taken before a page's lock
	 */
	struct mutex lock;
	/** @pages: index -> &struct xe_cbev_counter_page */
	struct xarray pages;
	/** @hint: index of the page the last slot came from */
	u32 hint;
	/** @nr_pages: entries in @pages */
	u32 nr_pages;
	/** @file_serial: the owning file's serial, its pages' creator; set at init */
	u64 file_serial;
};

#endif /* _XE_CBEV_COUNTER_TYPES_H_ */
