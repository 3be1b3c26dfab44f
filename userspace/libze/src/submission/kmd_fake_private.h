/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_KMD_FAKE_PRIVATE_H
#define _XE_KMD_FAKE_PRIVATE_H

/*
 * Shared by the three files of the fake backend: kmd_fake_ioctl.c (the
 * device, its objects, waits), kmd_fake_engine.c (the engine that runs
 * rings) and kmd_fake_state.c (the state and lookups both use).
 */

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <drm/xe_cbev_drm.h>

#include "submission/encoder.h"
#include "submission/kmd_fake.h"

#define FAKE_PAGE		4096u
#define FAKE_SLOTS_PER_PAGE	(FAKE_PAGE / sizeof(uint64_t))
#define FAKE_MAX_BATCH_DEPTH	8
#define FAKE_MAX_PATTERN	256u
#define FAKE_MAX_DISPATCH	(1ull << 30)
#define FAKE_RING_SIZE_MIN	(4u << 10)
#define FAKE_RING_SIZE_MAX	(1u << 20)
#define FAKE_MAX_QUEUES		1024u
#define FAKE_CMD_MAX_DWORDS	XE_DISPATCH_DWORDS
#define FAKE_WAIT_SLEEP_NS	20000

/* mmap offsets: the kind of object above bit 40, its index below. */
#define FAKE_OFF_BO		(1ull << 40)
#define FAKE_OFF_PAGE		(2ull << 40)
#define FAKE_OFF_QUEUE		(3ull << 40)
#define FAKE_OFF_KIND(off)	((off) & ~((1ull << 40) - 1))
#define FAKE_OFF_INDEX(off)	(((off) & ((1ull << 40) - 1)) / FAKE_PAGE)

struct fake_bo {
	uint64_t size;
	void *mem;
	bool open;
	unsigned int maps;
};

struct fake_binding {
	uint64_t addr;
	uint64_t size;
	bool readonly;
};

/* A submission the engine has not finished: where it ends, its seqno. */
struct fake_submission {
	uint64_t tail;
	uint64_t seqno;
};

struct fake_queue {
	uint8_t *map;		/* status page, then the ring */
	struct drm_xe_cbev_ring_status *status;
	uint8_t *ring;
	uint32_t size;
	bool live;
	bool mapped;
	uint64_t head;
	uint64_t tail;
	struct fake_submission *pending;	/* oldest first */
	uint32_t num_pending;
	uint32_t pending_cap;
	bool direct;		/* tail published in the status page */
	uint64_t resume;	/* ring position after the batch start */
	unsigned int depth;	/* batches entered */
	uint64_t pc[FAKE_MAX_BATCH_DEPTH];
};

struct fake_state {
	pthread_mutex_t lock;
	struct fake_bo *bos;		/* index = handle - 1 */
	uint32_t num_bos;
	struct fake_binding *bindings;
	uint32_t num_bindings;
	uint8_t **pages;		/* counter pages, index = page number */
	uint32_t num_pages;
	uint64_t *slot_of;		/* counter id - 1 -> slot state */
	uint32_t num_counters;
	struct fake_queue *queues;	/* index = id - 1 */
	uint32_t num_queues;
	uint64_t seqno;			/* the last submission's, as a file's */
	bool direct_awake;		/* see xe_kmd_fake_direct_awake() */
	struct xe_kmd_fake_stats stats;
};


/* slot_of[]: page << 16 | slot << 1 | freed. */
#define SLOT_PAGE(s)	((uint32_t)((s) >> 16))
#define SLOT_INDEX(s)	((uint32_t)(((s) >> 1) & 0x7fff))
#define SLOT_FREED	1ull

/* All of the fake's state, under &fake.lock. */
extern struct fake_state fake;

uint64_t fake_now_ns(clockid_t clock);
void *fake_addr_resolve(uint64_t addr, uint64_t len, bool write);
uint64_t *fake_counter_slot(uint32_t id);
struct fake_queue *fake_queue_get(uint32_t id);
int fake_queue_push_locked(struct fake_queue *q, uint64_t tail,
			    uint64_t seqno);
bool fake_queue_banned(const struct fake_queue *q);
void fake_queue_ban(struct fake_queue *q, uint32_t reason, uint64_t addr);
void fake_direct_fetch_locked(struct fake_queue *q);
void fake_engine_run_locked(void);

#endif /* _XE_KMD_FAKE_PRIVATE_H */
