// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: fake state
 *
 * What the fake backend's ioctls (kmd_fake_ioctl.c) and its engine
 * (kmd_fake_engine.c) share: the objects, under one lock, and the lookups
 * both make -- addresses, counter slots, queues and their pending
 * submissions.
 */

#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "submission/kmd_fake_private.h"

struct fake_state fake = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
};

uint64_t fake_now_ns(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* ---- the address space ------------------------------------------------- */

/* The host pointer of [@addr, @addr + @len), or NULL if it is not there. */
void *fake_addr_resolve(uint64_t addr, uint64_t len, bool write)
{
	uint32_t i;

	if (addr + len < addr)
		return NULL;
	for (i = 0; i < fake.num_bindings; i++) {
		const struct fake_binding *b = &fake.bindings[i];

		if (addr >= b->addr && addr + len <= b->addr + b->size)
			return write && b->readonly ? NULL :
			       (void *)(uintptr_t)addr;
	}
	for (i = 0; i < fake.num_pages; i++) {
		uintptr_t page = (uintptr_t)fake.pages[i];

		if (addr >= page && addr + len <= page + FAKE_PAGE)
			return (void *)(uintptr_t)addr;
	}
	return NULL;
}

uint64_t *fake_counter_slot(uint32_t id)
{
	uint64_t s;

	if (!id || id > fake.num_counters)
		return NULL;
	s = fake.slot_of[id - 1];
	if (s & SLOT_FREED)
		return NULL;
	return (uint64_t *)fake.pages[SLOT_PAGE(s)] + SLOT_INDEX(s);
}

struct fake_queue *fake_queue_get(uint32_t id)
{
	if (!id || id > fake.num_queues || !fake.queues[id - 1].live)
		return NULL;
	return &fake.queues[id - 1];
}

/* Remember a submission until the engine has run it. */
int fake_queue_push_locked(struct fake_queue *q, uint64_t tail,
			    uint64_t seqno)
{
	struct fake_submission *p;

	if (q->num_pending == q->pending_cap) {
		uint32_t cap = q->pending_cap ? 2 * q->pending_cap : 16;

		p = realloc(q->pending, cap * sizeof(*p));
		if (!p)
			return -ENOMEM;
		q->pending = p;
		q->pending_cap = cap;
	}
	q->pending[q->num_pending++] = (struct fake_submission){
		.tail = tail,
		.seqno = seqno,
	};
	return 0;
}
