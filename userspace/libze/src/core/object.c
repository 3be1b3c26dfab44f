// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: the registry of live objects
 *
 * An application that ignored an error may pass a handle it destroyed, a
 * pointer that was never a handle, or a handle of another kind. Reading the
 * magic number through such a pointer may fault, so every object the
 * library hands out a handle for is entered in a set of live object
 * addresses when it is made (xe_object_init()) and taken out before it is
 * freed (xe_object_fini()); xe_object_check() asks the set before it reads
 * anything through a handle.
 *
 * The set is on every entry point's path, so a lookup takes no lock and
 * writes nothing: an open-addressing hash table (linear probing, deletion
 * by shifting the entries after the hole back, so that no tombstones pile
 * up) behind a sequence count. Writers -- creation and destruction, which
 * allocate or free memory anyway -- take a mutex and make the count odd
 * while they move entries; a reader probes with relaxed loads and starts
 * again if the count was odd or moved meanwhile, so it never misses an
 * entry that a concurrent writer was shifting. A reader that finds the
 * address in its home slot needs not even the count (xe_object_live(),
 * inline in object.h): writers only ever store live addresses, so the
 * hit was live when it was read. Events skip the registry altogether
 * (events/event_slab.c). The table only grows
 * (doubling at half full); a table it replaced is kept, because a reader
 * may still be probing it, and the kept ones add up to less than the live
 * one. If the table cannot grow (no memory) and fills up, the check falls
 * back to the magic number alone, as before the registry existed.
 */

#include <stdatomic.h>
#include <stdlib.h>
#include <pthread.h>

#include "core/object.h"

#define REGISTRY_MIN_ORDER	8	/* 256 slots first */

static struct {
	pthread_mutex_t lock;
	atomic_uint seq;
	size_t live;
	atomic_bool full;
} registry = { .lock = PTHREAD_MUTEX_INITIALIZER };

/* Read lock-free by xe_object_live(); written under &registry.lock. */
_Atomic(struct xe_registry_table *) xe_registry_current;

static size_t slot_of(const struct xe_registry_table *t, uintptr_t key)
{
	return xe_registry_slot(t, key);
}

static size_t mask_of(const struct xe_registry_table *t)
{
	return ((size_t)1 << t->order) - 1;
}

static bool table_has(const struct xe_registry_table *t, uintptr_t key)
{
	size_t mask = mask_of(t), i = slot_of(t, key), n;
	uintptr_t v;

	for (n = 0; n <= mask; n++, i = (i + 1) & mask) {
		v = atomic_load_explicit(&t->slots[i], memory_order_relaxed);
		if (v == key)
			return true;
		if (!v)
			return false;
	}
	return false;
}

/*
 * The careful lookup of xe_object_live() (object.h): a probe of the whole
 * chain behind the sequence count, again if a writer moved entries.
 */
bool xe_object_live_slow(const void *handle)
{
	const struct xe_registry_table *t;
	unsigned int s1, s2;
	bool found;

	for (;;) {
		s1 = atomic_load_explicit(&registry.seq, memory_order_acquire);
		if (s1 & 1)
			continue;
		t = atomic_load_explicit(&xe_registry_current, memory_order_acquire);
		found = t && table_has(t, (uintptr_t)handle);
		atomic_thread_fence(memory_order_acquire);
		s2 = atomic_load_explicit(&registry.seq, memory_order_relaxed);
		if (s1 == s2)
			break;
	}
	return found ||
	       atomic_load_explicit(&registry.full, memory_order_relaxed);
}

static void write_begin(void)
{
	unsigned int s = atomic_load_explicit(&registry.seq,
					      memory_order_relaxed);

	atomic_store_explicit(&registry.seq, s + 1, memory_order_relaxed);
	atomic_thread_fence(memory_order_release);
}

static void write_end(void)
{
	unsigned int s = atomic_load_explicit(&registry.seq,
					      memory_order_relaxed);

	atomic_store_explicit(&registry.seq, s + 1, memory_order_release);
}

/* Put @key in the first empty slot of its chain; the caller made room. */
static bool table_put(struct xe_registry_table *t, uintptr_t key)
{
	size_t mask = mask_of(t), i = slot_of(t, key), n;

	for (n = 0; n <= mask; n++, i = (i + 1) & mask) {
		if (!atomic_load_explicit(&t->slots[i], memory_order_relaxed)) {
			atomic_store_explicit(&t->slots[i], key,
					      memory_order_relaxed);
			return true;
		}
	}
	return false;
}

/* A new table twice as large (or the first one), filled, not published. */
static struct xe_registry_table *table_grow(struct xe_registry_table *old)
{
	unsigned int order = old ? old->order + 1 : REGISTRY_MIN_ORDER;
	struct xe_registry_table *t;
	size_t i;

	t = calloc(1, sizeof(*t) + sizeof(t->slots[0]) * ((size_t)1 << order));
	if (!t)
		return NULL;
	t->order = order;
	t->older = old;
	for (i = 0; old && i <= mask_of(old); i++) {
		uintptr_t v = atomic_load_explicit(&old->slots[i],
						   memory_order_relaxed);

		if (v)
			table_put(t, v);
	}
	return t;
}

static void registry_add(const void *obj)
{
	struct xe_registry_table *t, *grown = NULL;
	uintptr_t key = (uintptr_t)obj;

	pthread_mutex_lock(&registry.lock);
	t = atomic_load_explicit(&xe_registry_current, memory_order_relaxed);
	if (t && table_has(t, key))
		goto out_unlock;
	if (!t || (registry.live + 1) * 2 > mask_of(t) + 1)
		grown = table_grow(t);
	write_begin();
	if (grown) {
		atomic_store_explicit(&xe_registry_current, grown,
				      memory_order_release);
		t = grown;
	}
	if (t && table_put(t, key))
		registry.live++;
	else
		atomic_store_explicit(&registry.full, true,
				      memory_order_relaxed);
	write_end();
out_unlock:
	pthread_mutex_unlock(&registry.lock);
}

/* Is @k's home @home outside the cyclic interval (@hole, @j]? */
static bool may_fill(size_t home, size_t hole, size_t j)
{
	if (hole <= j)
		return home <= hole || home > j;
	return home <= hole && home > j;
}

static void registry_del(const void *obj)
{
	struct xe_registry_table *t;
	uintptr_t key = (uintptr_t)obj, v;
	size_t mask, hole, j, n;

	pthread_mutex_lock(&registry.lock);
	t = atomic_load_explicit(&xe_registry_current, memory_order_relaxed);
	if (!t)
		goto out_unlock;
	mask = mask_of(t);
	hole = slot_of(t, key);
	for (n = 0; n <= mask; n++, hole = (hole + 1) & mask) {
		v = atomic_load_explicit(&t->slots[hole], memory_order_relaxed);
		if (!v)
			goto out_unlock;
		if (v == key)
			break;
	}
	if (n > mask)
		goto out_unlock;

	write_begin();
	/* Shift back what the hole would cut off from its home. */
	for (j = (hole + 1) & mask;; j = (j + 1) & mask) {
		v = atomic_load_explicit(&t->slots[j], memory_order_relaxed);
		if (!v)
			break;
		if (may_fill(slot_of(t, v), hole, j)) {
			atomic_store_explicit(&t->slots[hole], v,
					      memory_order_relaxed);
			hole = j;
		}
	}
	atomic_store_explicit(&t->slots[hole], 0, memory_order_relaxed);
	registry.live--;
	write_end();
out_unlock:
	pthread_mutex_unlock(&registry.lock);
}

/**
 * xe_object_init() - fill the header that starts every handle
 * @obj: header of a driver, device or any later object
 * @magic: what the object is
 * @heads: DDI heads of the driver that owns the object
 *
 * The heads are filled once by the driver before any object exists; an
 * object only points at them. The object is live from here until
 * xe_object_fini().
 */
void xe_object_init(struct xe_object *obj, enum xe_magic magic,
		    const struct xe_ddi_heads *heads)
{
	xe_object_header(obj, magic, heads);
	registry_add(obj);
}

/**
 * xe_object_fini() - mark an object destroyed before it is freed
 * @obj: the object's header
 *
 * From here on its handle is refused without being read.
 */
void xe_object_fini(struct xe_object *obj)
{
	registry_del(obj);
	obj->magic = XE_MAGIC_NONE;
}
