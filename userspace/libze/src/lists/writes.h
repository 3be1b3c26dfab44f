/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef XE_LISTS_WRITES_H
#define XE_LISTS_WRITES_H

#include <stddef.h>
#include <stdint.h>

/**
 * struct xe_writes - the regular events and aggregate storage a regular
 * list signals, whose writer is the queue that executes the list (writes.c)
 * @addr: GPU addresses of the events' states and of the storage, in
 *	recording order
 * @n: entries in @addr
 * @cap: room in @addr
 * @sent: entries the kernel was told about, with @queue_id
 * @serial: &xe_ring.serial of the queue they were told to be written by,
 *	0 if none yet
 */
struct xe_writes {
	uint64_t *addr;
	size_t n;
	size_t cap;
	size_t sent;
	uint64_t serial;
};

void xe_writes_record(struct xe_writes *w, uint64_t addr);
struct xe_ring;
void xe_writes_commit(struct xe_writes *w, const struct xe_ring *ring);
void xe_writes_release(struct xe_writes *w);

#endif /* XE_LISTS_WRITES_H */
