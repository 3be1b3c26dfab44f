/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_BATCH_H
#define _XE_BATCH_H

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
int xe_batch_close(struct xe_batch *batch);
void xe_batch_reset(struct xe_batch *batch);
void xe_batch_fini(struct xe_batch *batch);
uint64_t xe_batch_start(const struct xe_batch *batch);

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

struct xe_ring;

void xe_heap_init(struct xe_heap *heap, struct xe_device *dev);
void *xe_heap_alloc(struct xe_heap *heap, size_t size, struct xe_ring *ring);
void xe_heap_reset(struct xe_heap *heap);
void xe_heap_fini(struct xe_heap *heap);

#endif /* _XE_BATCH_H */
