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
#include <unistd.h>

#include "core/libze_private.h"
#include "events/counter.h"
#include "core/types.h"
#include "submission/kmd.h"
#include "submission/ring_types.h"

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
	int err;

	for (page = dev->counter_pages; page; page = page->next) {
		if (page->mmap_offset == mmap_offset) {
			page->users++;
			return page;
		}
	}

	page = calloc(1, sizeof(*page));
	if (!page)
		return NULL;
	err = xe_kmd_map(dev->fd, mmap_offset, size, 0, false, &page->map);
	if (err) {
		free(page);
		errno = -err;
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
	xe_kmd_unmap(page->map, sysconf(_SC_PAGESIZE));
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

/**
 * xe_counter_create() - allocate a shared counter slot
 * @dev: the device
 * @out: the counter, zero, with one reference
 *
 * Return: 0 or a negative errno.
 */
int xe_counter_create(struct xe_device *dev, struct xe_counter **out)
{
	struct xe_counter *counter = calloc(1, sizeof(*counter));
	int err;

	if (!counter)
		return -ENOMEM;
	err = xe_counter_alloc(dev, counter);
	if (err) {
		free(counter);
		return err;
	}
	counter->dev = dev;
	atomic_init(&counter->refs, 1);
	*out = counter;
	return 0;
}

struct xe_counter *xe_counter_get(struct xe_counter *counter)
{
	atomic_fetch_add_explicit(&counter->refs, 1, memory_order_relaxed);
	return counter;
}

/* Drop a reference to a shared counter; NULL is ignored. */
void xe_counter_put(struct xe_counter *counter)
{
	if (!counter ||
	    atomic_fetch_sub_explicit(&counter->refs, 1,
				      memory_order_acq_rel) != 1)
		return;
	xe_counter_free(counter->dev, counter);
	free(counter);
}

/*
 * Store @value in the slot from the host, at once (COUNTER_SET): the
 * caller knows no engine writes it meanwhile. Waiters re-check.
 */
int xe_counter_set(struct xe_counter *counter, uint64_t value)
{
	return xe_kmd_counter_set(counter->dev->fd, counter->id, value);
}

/**
 * xe_counter_set_writer() - the exec queue that writes the counter from now on
 * @counter: a shared counter
 * @ring: the queue
 *
 * Tells the kernel (DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER) only when the
 * writer changes, so appends and executions on the same queue cost
 * nothing: a ban of the queue then ends every wait on the counter, in
 * this process and in those that imported it. Failure is not an error
 * (the waits that name the queue still end); it is not retried.
 */
void xe_counter_set_writer(struct xe_counter *counter,
			   const struct xe_ring *ring)
{
	atomic_store_explicit(&counter->queue_id, ring->id,
			      memory_order_relaxed);
	if (atomic_exchange_explicit(&counter->writer_serial, ring->serial,
				     memory_order_relaxed) == ring->serial)
		return;
	(void)xe_kmd_set_writer(counter->dev->fd, counter->id,
				DRM_XE_CBEV_SET_WRITER_COUNTER, ring->id);
}

/**
 * xe_counter_ipc_export() - the kernel token that shares a shared counter
 * @counter: the counter
 * @token: its token
 * @offset: the slot's offset in the export
 * @size: bytes of the export
 *
 * The first call exports the slot (DRM_XE_CBEV_IPC_TOKEN); later ones
 * return the same token, so that a process does not run into the kernel's
 * limit of live tokens however many handles it makes. The handle says
 * which value to wait for; the token only names the slot.
 *
 * Return: 0 or a negative errno.
 */
int xe_counter_ipc_export(struct xe_counter *counter, uint64_t token[2],
			  uint64_t *offset, uint64_t *size)
{
	struct xe_device *dev = counter->dev;
	int err = 0;

	pthread_mutex_lock(&dev->counter_lock);
	if (!counter->ipc_token[0] && !counter->ipc_token[1])
		err = xe_kmd_ipc_export_counter(dev->fd, counter->id,
						counter->ipc_token,
						&counter->ipc_offset,
						&counter->ipc_size);
	if (!err) {
		token[0] = counter->ipc_token[0];
		token[1] = counter->ipc_token[1];
		*offset = counter->ipc_offset;
		*size = counter->ipc_size;
	}
	pthread_mutex_unlock(&dev->counter_lock);
	return err;
}
