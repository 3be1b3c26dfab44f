// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: counter slots
 *
 * The kernel packs counter slots into pages and lets the process map each
 * page once, read-only (DRM_IOCTL_XE_CBEV_COUNTER_ALLOC). The device keeps
 * the pages it mapped, counted by the slots that use them: the first slot
 * of a page maps it, the last one to go unmaps it. A page's mapping holds
 * the kernel's page object, so its mmap offset cannot be handed to another
 * object while the mapping lives.
 */

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "libze_private.h"
#include "counter.h"
#include "device.h"
#include "kmd.h"

/**
 * struct xe_counter_page - a counter page mapped by the process
 * @mmap_offset: the page's offset for mmap(), its identity
 * @map: the read-only mapping
 * @users: slots of the process on the page, under &xe_device.counter_lock
 * @next: list of the device's pages, under &xe_device.counter_lock
 */
struct xe_counter_page {
	uint64_t mmap_offset;
	void *map;
	unsigned int users;
	struct xe_counter_page *next;
};

static struct xe_counter_page *page_get_locked(struct xe_device *dev,
					       uint64_t mmap_offset)
{
	struct xe_counter_page *page;
	long size = sysconf(_SC_PAGESIZE);

	for (page = dev->counter_pages; page; page = page->next) {
		if (page->mmap_offset == mmap_offset) {
			page->users++;
			return page;
		}
	}

	page = calloc(1, sizeof(*page));
	if (!page)
		return NULL;
	page->map = mmap(NULL, size, PROT_READ, MAP_SHARED, dev->fd,
			 mmap_offset);
	if (page->map == MAP_FAILED) {
		free(page);
		return NULL;
	}
	page->mmap_offset = mmap_offset;
	page->users = 1;
	page->next = dev->counter_pages;
	dev->counter_pages = page;
	return page;
}

static void page_put_locked(struct xe_device *dev,
			    struct xe_counter_page *page)
{
	struct xe_counter_page **link;

	if (--page->users)
		return;

	for (link = &dev->counter_pages; *link != page; link = &(*link)->next)
		;
	*link = page->next;
	munmap(page->map, sysconf(_SC_PAGESIZE));
	free(page);
}

/**
 * xe_counter_alloc() - allocate a counter slot and map it
 * @dev: the device
 * @counter: filled in
 *
 * The slot starts at zero.
 *
 * Return: 0 or a negative errno.
 */
int xe_counter_alloc(struct xe_device *dev, struct xe_counter *counter)
{
	struct drm_xe_cbev_counter_alloc out;
	struct xe_counter_page *page;
	int err;

	err = xe_kmd_counter_alloc(dev->fd, &out);
	if (err)
		return err;

	pthread_mutex_lock(&dev->counter_lock);
	page = page_get_locked(dev, out.mmap_offset);
	err = page ? 0 : -errno;
	pthread_mutex_unlock(&dev->counter_lock);
	if (err) {
		xe_kmd_counter_free(dev->fd, out.id);
		return err;
	}

	counter->page = page;
	counter->cpu = (const uint64_t *)((char *)page->map + out.offset);
	counter->gpu_addr = out.gpu_addr;
	counter->id = out.id;
	return 0;
}

/*
 * Give the slot back. The kernel keeps it, unused, while work submitted
 * before may still write it.
 */
void xe_counter_free(struct xe_device *dev, struct xe_counter *counter)
{
	if (!counter->page)
		return;

	xe_kmd_counter_free(dev->fd, counter->id);
	pthread_mutex_lock(&dev->counter_lock);
	page_put_locked(dev, counter->page);
	pthread_mutex_unlock(&dev->counter_lock);
	counter->page = NULL;
}
