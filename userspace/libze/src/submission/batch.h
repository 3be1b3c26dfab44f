/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_BATCH_H
#define _XE_BATCH_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

struct xe_bo;
struct xe_device;

struct xe_batch_chunk {
	struct xe_bo *bo;
	struct xe_batch_chunk *next;
};

/**
 * struct xe_batch - the recorded commands of a regular command list
 * @dev: the device
 * @first: the chunk execution starts in
 * @cur: the chunk being written
 * @spare: chunks kept by a reset for the next recording
 * @pos: next dword to write in @cur
 * @end: end of the room in @cur, minus the chaining jump
 *
 * A chain of bound buffer objects: when a chunk is full, a
 * MI_BATCH_BUFFER_START jumps (chains) to the next, and the last chunk ends
 * with MI_BATCH_BUFFER_END, so a queue calls the whole batch as one
 * second-level batch starting at @first.
 */
struct xe_batch {
	struct xe_device *dev;
	struct xe_batch_chunk *first;
	struct xe_batch_chunk *cur;
	struct xe_batch_chunk *spare;
	uint32_t *pos;
	uint32_t *end;
};

void xe_batch_init(struct xe_batch *batch, struct xe_device *dev);
int xe_batch_append(struct xe_batch *batch, const uint32_t *cmds,
		    size_t ndw);
uint32_t *xe_batch_last(const struct xe_batch *batch, size_t ndw);
int xe_batch_close(struct xe_batch *batch);
void xe_batch_reset(struct xe_batch *batch);
void xe_batch_fini(struct xe_batch *batch);
uint64_t xe_batch_start(const struct xe_batch *batch);

/**
 * struct xe_overflow_batch - one batch of struct xe_overflow
 * @batch: the commands
 * @seqno: the ring submission that calls it (0 until it is submitted)
 * @next: the overflow's list it is on
 */
struct xe_overflow_batch {
	struct xe_batch batch;
	uint64_t seqno;
	struct xe_overflow_batch *next;
};

/**
 * struct xe_overflow - batches a ring's owner calls for submissions too
 * large to copy into the ring
 * @dev: the device
 * @lock: protects the lists (a command queue is free-threaded)
 * @busy: batches a submission calls, oldest first
 * @idle: batches free for the next submission, their chunks kept
 * @nidle: entries of @idle
 */
struct xe_overflow {
	struct xe_device *dev;
	pthread_mutex_t lock;
	struct xe_overflow_batch *busy;
	struct xe_overflow_batch *idle;
	unsigned int nidle;
};

struct xe_ring;

void xe_overflow_init(struct xe_overflow *o, struct xe_device *dev);
void xe_overflow_fini(struct xe_overflow *o);
int xe_overflow_record(struct xe_overflow *o, const struct xe_ring *ring,
		       const uint32_t *cmds, size_t ndw,
		       struct xe_overflow_batch **out);
void xe_overflow_commit(struct xe_overflow *o, struct xe_overflow_batch *b,
			uint64_t seqno);
void xe_overflow_abort(struct xe_overflow *o, struct xe_overflow_batch *b);

/**
 * struct xe_heap - bound memory for data that commands read
 * @dev: the device
 * @cur: the chunk being filled
 * @pos: bytes used in @cur
 * @retired: full chunks, oldest first, each free once the ring submission
 *	it is tagged with has completed
 *
 * Fill patterns live here. Chunks of a regular list are reused after a
 * reset; those of an immediate list once the ring has executed every
 * command that reads them.
 */
struct xe_heap_chunk;

struct xe_heap {
	struct xe_device *dev;
	struct xe_heap_chunk *cur;
	size_t pos;
	struct xe_heap_chunk *retired;
};

void xe_heap_init(struct xe_heap *heap, struct xe_device *dev);
void *xe_heap_alloc(struct xe_heap *heap, size_t size, struct xe_ring *ring);
void xe_heap_reset(struct xe_heap *heap);
void xe_heap_fini(struct xe_heap *heap);

#endif /* _XE_BATCH_H */
