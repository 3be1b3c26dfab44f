/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_EVENT_SLAB_TYPES_H
#define _XE_EVENT_SLAB_TYPES_H

/*
 * The slab as every layer sees it, and whether a pointer is an event of
 * the event slab; what carves and frees is event_slab.c.
 */

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * struct xe_slab - fixed-size objects carved from one reserved range
 * @base: the range, mapped once and never unmapped
 * @shift: log2 of the object size
 * @capacity: objects the range holds
 * @quarantine: freed objects held back before one is handed out again
 * @link: offset in an object of the pointer that links it while freed
 * @carved: objects handed out at least once (release-stored, under
 *	@lock): every object below it stays readable forever
 * @lock: a spin lock over @carved's growth and the free list
 * @head: the oldest freed object, under @lock
 * @tail: the newest freed object, under @lock
 * @nfree: freed objects on the list, under @lock
 *
 * An object's memory is never given back, so a pointer that lies in the
 * range at an object's start may always be read (xe_slab_has()); what an
 * object holds when freed stays there until it is handed out again, and
 * it is handed out again only once @quarantine later frees went ahead of
 * it, oldest first (unless the range is used up).
 */
struct xe_slab {
	uint8_t *base;
	unsigned int shift;
	size_t capacity;
	size_t quarantine;
	size_t link;
	_Atomic size_t carved;
	atomic_int lock;
	void *head;
	void *tail;
	size_t nfree;
};

/**
 * xe_slab_has() - whether @p is the start of an object of @s, live or not
 * @s: the slab
 * @p: any pointer
 *
 * Reads nothing through @p. True means @p may be read: its memory is the
 * slab's for good.
 */
static inline bool xe_slab_has(const struct xe_slab *s, const void *p)
{
	uintptr_t off = (uintptr_t)p - (uintptr_t)s->base;

	/*
	 * Rotated, an offset off an object's start has bits above any
	 * index: one compare checks the range and the alignment.
	 */
	return ((off >> s->shift) | (off << (64 - s->shift))) <
	       atomic_load_explicit(&s->carved, memory_order_acquire);
}

/* The event slab (events of every kind). */
extern struct xe_slab xe_event_slab __attribute__((visibility("hidden")));

/* Bytes per event in the slab, a power of two (event_slab.c checks). */
#define XE_EVENT_SLAB_SHIFT	7

/* xe_slab_has() for the event slab, whose object size is known here. */
static inline bool xe_event_in_slab(const void *p)
{
	uintptr_t off = (uintptr_t)p - (uintptr_t)xe_event_slab.base;

	return ((off >> XE_EVENT_SLAB_SHIFT) |
		(off << (64 - XE_EVENT_SLAB_SHIFT))) <
	       atomic_load_explicit(&xe_event_slab.carved,
				    memory_order_acquire);
}

#endif /* _XE_EVENT_SLAB_TYPES_H */
