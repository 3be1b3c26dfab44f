// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: the event slab
 *
 * Events come and go by the thousand (a counter-based event is often made
 * for one append), so they are not allocated one by one from the general
 * allocator, nor entered in the registry of live objects (core/object.c),
 * whose writers take a mutex: every event lives in one range of address
 * space reserved for events, at a multiple of a fixed object size. Checking
 * an event handle is then arithmetic and one load: a pointer in the range,
 * at an object's start, below the highest object ever handed out, may be
 * read, because the slab never gives its memory back; its magic number
 * says whether it is a live event (xe_event_from_handle()). A destroyed
 * event's magic is cleared; its slot goes to the end of a free list and is
 * handed out again only after XE_EVENT_SLAB_QUARANTINE later frees, so a
 * handle used shortly after its event was destroyed is still refused,
 * never taken for another event. Pointers outside the range, into an
 * object, or to a slot never handed out are refused without a load.
 *
 * The range is mapped readable and writable but not reserved in swap
 * (MAP_NORESERVE): pages cost memory once an event lives there. Should it
 * fill up, or the mapping fail, events fall back to the general allocator
 * and the registry, as before the slab.
 *
 * The free list and the growth take a spin lock held for a few
 * instructions; no system call, no allocation.
 */

#include <errno.h>
#include <sched.h>
#include <sys/mman.h>
#include <stdlib.h>
#include <string.h>

#include "events/event_types.h"
#include "events/event_slab.h"

/* 512 Ki events of 128 bytes: 64 MiB of address space. */
#define XE_EVENT_SLAB_CAPACITY		(1u << 19)
#define XE_EVENT_SLAB_QUARANTINE	1024u

struct xe_slab xe_event_slab;

static void slab_lock(struct xe_slab *s)
{
	while (atomic_exchange_explicit(&s->lock, 1, memory_order_acquire))
		sched_yield();
}

static void slab_unlock(struct xe_slab *s)
{
	atomic_store_explicit(&s->lock, 0, memory_order_release);
}

static void **link_of(const struct xe_slab *s, void *obj)
{
	return (void **)((uint8_t *)obj + s->link);
}

/**
 * xe_slab_init() - reserve the range of a slab
 * @s: the slab, zeroed
 * @obj_size: bytes per object; rounded up to a power of two
 * @capacity: objects
 * @quarantine: frees that go ahead of a freed object before its reuse
 * @link: offset of a pointer-sized, pointer-aligned field of the object
 *	that the free list may overwrite
 *
 * Return: 0 or -ENOMEM.
 */
int xe_slab_init(struct xe_slab *s, size_t obj_size, size_t capacity,
		 size_t quarantine, size_t link)
{
	unsigned int shift = 3;
	void *p;

	while (((size_t)1 << shift) < obj_size)
		shift++;
	p = mmap(NULL, capacity << shift, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return -ENOMEM;
	s->shift = shift;
	s->capacity = capacity;
	s->quarantine = quarantine;
	s->link = link;
	s->head = NULL;
	s->tail = NULL;
	s->nfree = 0;
	atomic_init(&s->lock, 0);
	atomic_store_explicit(&s->carved, 0, memory_order_relaxed);
	/* Published last: xe_slab_has() is false until then. */
	s->base = p;
	return 0;
}

/* Give the range back (tests only: a live slab keeps it for good). */
void xe_slab_fini(struct xe_slab *s)
{
	if (s->base)
		munmap(s->base, s->capacity << s->shift);
	s->base = NULL;
	atomic_store_explicit(&s->carved, 0, memory_order_relaxed);
}

/**
 * xe_slab_alloc() - an object: the oldest freed one past its quarantine,
 *	else a new one, else the oldest freed one
 * @s: the slab
 *
 * Return: the object, with what it held when freed (new ones are zero),
 * or NULL when the range is used up and nothing is free.
 */
void *xe_slab_alloc(struct xe_slab *s)
{
	size_t carved;
	void *obj = NULL;

	if (!s->base)
		return NULL;
	slab_lock(s);
	carved = atomic_load_explicit(&s->carved, memory_order_relaxed);
	if (s->nfree > s->quarantine || (carved == s->capacity && s->nfree)) {
		obj = s->head;
		s->head = *link_of(s, obj);
		if (!s->head)
			s->tail = NULL;
		s->nfree--;
	} else if (carved < s->capacity) {
		obj = s->base + (carved << s->shift);
		atomic_store_explicit(&s->carved, carved + 1,
				      memory_order_release);
	}
	slab_unlock(s);
	return obj;
}

/**
 * xe_slab_free() - put an object at the end of the free list
 * @s: the slab
 * @obj: an object of @s; what it holds stays, but for its link field
 */
void xe_slab_free(struct xe_slab *s, void *obj)
{
	*link_of(s, obj) = NULL;
	slab_lock(s);
	if (s->tail)
		*link_of(s, s->tail) = obj;
	else
		s->head = obj;
	s->tail = obj;
	s->nfree++;
	slab_unlock(s);
}

/* A member added to struct xe_event must be zeroed by xe_event_alloc(). */
static_assert(offsetof(struct xe_event, kernel_writer) == 120 &&
	      sizeof(struct xe_event) == 128,
	      "xe_event_alloc() zeroes every member of an event");
static_assert(sizeof(struct xe_event) <= (1u << XE_EVENT_SLAB_SHIFT) &&
	      sizeof(struct xe_event) > (1u << XE_EVENT_SLAB_SHIFT) / 2,
	      "an event fills its slot of the slab");

/*
 * Reserve the event slab: once, by the driver's probe, before any event
 * can be made (events need a context, contexts zeInit()).
 */
void xe_event_slab_init(void)
{
	/* The free list's link overwrites @ops: a freed event has none. */
	xe_slab_init(&xe_event_slab, sizeof(struct xe_event),
		     XE_EVENT_SLAB_CAPACITY, XE_EVENT_SLAB_QUARANTINE,
		     offsetof(struct xe_event, ops));
}

/**
 * xe_event_alloc() - memory for an event, zeroed but for its header
 * @out: the event
 *
 * From the slab; from the general allocator when the slab is full or
 * could not be mapped (such an event is then entered in the registry of
 * live objects, see xe_event_register()).
 *
 * Return: 0 or -ENOMEM.
 */
__attribute__((flatten)) int xe_event_alloc(struct xe_event **out)
{
	struct xe_event *ev;

	ev = xe_slab_alloc(&xe_event_slab);
	if (ev) {
		/*
		 * The header stays valid: a stale handle still dispatches.
		 * The rest is zeroed field by field (what one memset of an
		 * unaligned size would cost several times over).
		 */
		atomic_init(&ev->refs, 0);
		ev->ops = NULL;
		ev->pool = NULL;
		ev->dev = NULL;
		ev->index = 0;
		ev->signal_scope = 0;
		ev->wait_scope = 0;
		ev->slot = NULL;
		ev->timestamps = false;
		ev->cb_flags = 0;
		atomic_init(&ev->cb.word, 0);
		ev->import = NULL;
		atomic_init(&ev->writer_queue, 0);
		atomic_init(&ev->kernel_writer, 0);
		ev->graph_marked = false;
		*out = ev;
		return 0;
	}
	ev = calloc(1, sizeof(*ev));
	if (!ev)
		return -ENOMEM;
	*out = ev;
	return 0;
}

/* Give back what xe_event_alloc() returned, after xe_event_unregister(). */
__attribute__((flatten)) void xe_event_free(struct xe_event *ev)
{
	if (xe_event_in_slab(ev))
		xe_slab_free(&xe_event_slab, ev);
	else
		free(ev);
}
