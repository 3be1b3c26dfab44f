// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: batch buffers and the data heap
 *
 * A regular command list records into a batch: a chain of 64 KiB buffer
 * objects bound at their CPU addresses, written by the host while the list
 * is open. Every append is copied in whole; when it does not fit in what is
 * left of a chunk, the chunk ends with a jump (MI_BATCH_BUFFER_START,
 * chain) to a new one, large enough for the append. Closing the list ends
 * the batch with MI_BATCH_BUFFER_END. A reset keeps the chunks for the next
 * recording.
 *
 * An immediate list's or a queue's append too large to copy into its ring
 * (append/append.c) is recorded the same way into a batch of its owner's
 * overflow (struct xe_overflow), which the ring then calls as a
 * second-level batch: any append fits. A batch is used again, its chunks
 * kept, once the ring completed the submission that called it; a few idle
 * ones are kept for the next large append, the others freed.
 *
 * The heap gives commands data to read (fill patterns), in chunks of bound
 * memory handed out front to back. A chunk that is full retires; a chunk
 * that retired is used again when nothing can still read it: after a reset
 * of a regular list (which must not be executing), or, for an immediate
 * list, once its ring completed the position the chunk was tagged with
 * when it retired (every command that read it was submitted before).
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/libze_private.h"
#include "submission/batch.h"
#include "memory/bo.h"
#include "events/counter_types.h"
#include "submission/encoder.h"
#include "submission/ring_types.h"

#define XE_BATCH_CHUNK_SIZE	(64u << 10)
#define XE_HEAP_CHUNK_SIZE	(64u << 10)

/* Room kept at the end of every chunk for the jump to the next one. */
#define XE_BATCH_JUMP_DWORDS	XE_MI_BATCH_BUFFER_START_DWORDS

void xe_batch_init(struct xe_batch *batch, struct xe_device *dev)
{
	*batch = (struct xe_batch){ .dev = dev };
}

static void chunk_free(struct xe_batch_chunk *chunk)
{
	xe_bo_put(chunk->bo);
	free(chunk);
}

/* Start writing in a chunk with room for @ndw dwords plus a jump. */
static int batch_new_chunk(struct xe_batch *batch, size_t ndw)
{
	size_t bytes = (ndw + XE_BATCH_JUMP_DWORDS) * 4;
	struct xe_batch_chunk *chunk;
	int err;

	/* A spare chunk from before a reset, if the append fits in it. */
	chunk = batch->spare;
	if (chunk && chunk->bo->size >= bytes) {
		batch->spare = chunk->next;
	} else {
		chunk = calloc(1, sizeof(*chunk));
		if (!chunk)
			return -ENOMEM;
		err = xe_bo_create(batch->dev,
				   bytes > XE_BATCH_CHUNK_SIZE ?
				   bytes : XE_BATCH_CHUNK_SIZE, 0, 0,
				   &chunk->bo);
		if (err) {
			free(chunk);
			return err;
		}
	}
	chunk->next = NULL;

	/* Chain the full chunk to the new one. */
	if (batch->cur) {
		xe_emit_bb_start(batch->pos, xe_bo_gpu_addr(chunk->bo), false);
		batch->cur->next = chunk;
	} else {
		batch->first = chunk;
	}
	batch->cur = chunk;
	batch->pos = chunk->bo->map;
	batch->end = (uint32_t *)((char *)chunk->bo->map + chunk->bo->size) -
		     XE_BATCH_JUMP_DWORDS;
	return 0;
}

/**
 * xe_batch_append() - record commands
 * @batch: the batch
 * @cmds: the commands of one append
 * @ndw: dwords at @cmds
 *
 * Return: 0 or a negative errno; the batch is unchanged on error.
 */
int xe_batch_append(struct xe_batch *batch, const uint32_t *cmds, size_t ndw)
{
	int err;

	if (!batch->cur || (size_t)(batch->end - batch->pos) < ndw) {
		err = batch_new_chunk(batch, ndw);
		if (err)
			return err;
	}
	memcpy(batch->pos, cmds, ndw * 4);
	batch->pos += ndw;
	return 0;
}

/*
 * Where the last xe_batch_append() of @ndw dwords put them: they are in
 * one chunk, which stays mapped until the batch is reset or freed.
 */
uint32_t *xe_batch_last(const struct xe_batch *batch, size_t ndw)
{
	return batch->pos - ndw;
}

/* End the batch; the room for a jump always holds the one-dword end. */
int xe_batch_close(struct xe_batch *batch)
{
	int err;

	if (!batch->cur) {
		err = batch_new_chunk(batch, 0);
		if (err)
			return err;
	}
	batch->pos = xe_emit_bb_end(batch->pos);
	return 0;
}

/* Forget the recording; keep the chunks for the next one. */
void xe_batch_reset(struct xe_batch *batch)
{
	struct xe_batch_chunk *chunk = batch->first, *next;

	for (; chunk; chunk = next) {
		next = chunk->next;
		chunk->next = batch->spare;
		batch->spare = chunk;
	}
	batch->first = NULL;
	batch->cur = NULL;
	batch->pos = NULL;
	batch->end = NULL;
}

void xe_batch_fini(struct xe_batch *batch)
{
	struct xe_batch_chunk *chunk, *next;

	xe_batch_reset(batch);
	for (chunk = batch->spare; chunk; chunk = next) {
		next = chunk->next;
		chunk_free(chunk);
	}
	batch->spare = NULL;
}

/* GPU address where execution starts; the batch must be closed. */
uint64_t xe_batch_start(const struct xe_batch *batch)
{
	return xe_bo_gpu_addr(batch->first->bo);
}

/* ---- overflow batches ------------------------------------------------ */

/* Idle overflow batches kept for the next large append. */
#define XE_OVERFLOW_IDLE_MAX	4

void xe_overflow_init(struct xe_overflow *o, struct xe_device *dev)
{
	*o = (struct xe_overflow){ .dev = dev };
	pthread_mutex_init(&o->lock, NULL);
}

static void overflow_batch_free(struct xe_overflow_batch *b)
{
	xe_batch_fini(&b->batch);
	free(b);
}

/* Free every batch: the ring that called them is destroyed. */
void xe_overflow_fini(struct xe_overflow *o)
{
	struct xe_overflow_batch *b, *next;

	for (b = o->busy; b; b = next) {
		next = b->next;
		overflow_batch_free(b);
	}
	for (b = o->idle; b; b = next) {
		next = b->next;
		overflow_batch_free(b);
	}
	pthread_mutex_destroy(&o->lock);
	*o = (struct xe_overflow){ 0 };
}

/* With @o->lock held: a batch no submission calls any more is idle. */
static void overflow_idle_locked(struct xe_overflow *o,
				 struct xe_overflow_batch *b)
{
	if (o->nidle >= XE_OVERFLOW_IDLE_MAX) {
		overflow_batch_free(b);
		return;
	}
	xe_batch_reset(&b->batch);
	b->seqno = 0;
	b->next = o->idle;
	o->idle = b;
	o->nidle++;
}

/* With @o->lock held: the busy batches @ring is done with become idle. */
static void overflow_retire_locked(struct xe_overflow *o,
				   const struct xe_ring *ring)
{
	struct xe_overflow_batch **pb = &o->busy, *b;

	while ((b = *pb)) {
		if (xe_ring_done(ring, b->seqno)) {
			*pb = b->next;
			overflow_idle_locked(o, b);
		} else {
			pb = &b->next;
		}
	}
}

/**
 * xe_overflow_record() - record commands into an overflow batch
 * @o: the ring owner's overflow
 * @ring: the ring that will call it
 * @cmds: the commands of one submission
 * @ndw: dwords at @cmds
 * @out: the closed batch (its start: xe_batch_start()), the caller's until
 *	xe_overflow_commit() or xe_overflow_abort()
 *
 * Return: 0 or a negative errno.
 */
int xe_overflow_record(struct xe_overflow *o, const struct xe_ring *ring,
		       const uint32_t *cmds, size_t ndw,
		       struct xe_overflow_batch **out)
{
	struct xe_overflow_batch *b;
	int err;

	pthread_mutex_lock(&o->lock);
	overflow_retire_locked(o, ring);
	b = o->idle;
	if (b) {
		o->idle = b->next;
		o->nidle--;
	}
	pthread_mutex_unlock(&o->lock);

	if (!b) {
		b = calloc(1, sizeof(*b));
		if (!b)
			return -ENOMEM;
		xe_batch_init(&b->batch, o->dev);
	}
	err = xe_batch_append(&b->batch, cmds, ndw);
	if (!err)
		err = xe_batch_close(&b->batch);
	if (err) {
		xe_overflow_abort(o, b);
		return err;
	}
	*out = b;
	return 0;
}

/* Submission @seqno of the ring calls @b. */
void xe_overflow_commit(struct xe_overflow *o, struct xe_overflow_batch *b,
			uint64_t seqno)
{
	struct xe_overflow_batch **pb;

	b->seqno = seqno;
	b->next = NULL;
	pthread_mutex_lock(&o->lock);
	for (pb = &o->busy; *pb; pb = &(*pb)->next)
		;
	*pb = b;
	pthread_mutex_unlock(&o->lock);
}

/* Nothing calls @b: it was not submitted. */
void xe_overflow_abort(struct xe_overflow *o, struct xe_overflow_batch *b)
{
	pthread_mutex_lock(&o->lock);
	overflow_idle_locked(o, b);
	pthread_mutex_unlock(&o->lock);
}

/* ---- heap ------------------------------------------------------------- */

struct xe_heap_chunk {
	struct xe_bo *bo;
	uint64_t retire_seqno;
	struct xe_heap_chunk *next;
};

void xe_heap_init(struct xe_heap *heap, struct xe_device *dev)
{
	*heap = (struct xe_heap){ .dev = dev };
}

/*
 * Retire the current chunk, tagged with the ring submission after which
 * nothing reads it: the last submission of @ring, or, for a regular list,
 * never until the list is reset (UINT64_MAX).
 */
static void heap_retire(struct xe_heap *heap, uint64_t tag)
{
	struct xe_heap_chunk **tail = &heap->retired;

	heap->cur->retire_seqno = tag;
	heap->cur->next = NULL;
	while (*tail)
		tail = &(*tail)->next;
	*tail = heap->cur;
	heap->cur = NULL;
}

/* The oldest retired chunk if nothing can read it any more. */
static struct xe_heap_chunk *heap_reuse(struct xe_heap *heap,
					struct xe_ring *ring)
{
	struct xe_heap_chunk *chunk = heap->retired;

	if (!chunk || chunk->retire_seqno == UINT64_MAX ||
	    (ring && !xe_ring_done(ring, chunk->retire_seqno)))
		return NULL;
	heap->retired = chunk->next;
	return chunk;
}

/**
 * xe_heap_alloc() - bound memory for @size bytes of command data
 * @heap: the heap
 * @size: bytes, at most 4 KiB
 * @ring: the ring of an immediate list (whose progress frees chunks), NULL
 *	for a regular list
 *
 * Return: the memory (CPU address == GPU address, 64-byte aligned), or NULL
 * when out of memory.
 */
void *xe_heap_alloc(struct xe_heap *heap, size_t size, struct xe_ring *ring)
{
	struct xe_heap_chunk *chunk;
	void *ptr;

	size = (size + 63) & ~(size_t)63;
	if (heap->cur && heap->pos + size > heap->cur->bo->size)
		heap_retire(heap, ring ? xe_ring_last(ring) : UINT64_MAX);

	if (!heap->cur) {
		chunk = heap_reuse(heap, ring);
		if (!chunk) {
			chunk = calloc(1, sizeof(*chunk));
			if (!chunk)
				return NULL;
			if (xe_bo_create(heap->dev, XE_HEAP_CHUNK_SIZE, 0, 0,
					 &chunk->bo)) {
				free(chunk);
				return NULL;
			}
		}
		heap->cur = chunk;
		heap->pos = 0;
	}

	ptr = (char *)heap->cur->bo->map + heap->pos;
	heap->pos += size;
	return ptr;
}

/* A regular list was reset: nothing reads the heap any more. */
void xe_heap_reset(struct xe_heap *heap)
{
	struct xe_heap_chunk *chunk;

	if (heap->cur)
		heap_retire(heap, 0);
	for (chunk = heap->retired; chunk; chunk = chunk->next)
		chunk->retire_seqno = 0;
	heap->pos = 0;
}

void xe_heap_fini(struct xe_heap *heap)
{
	struct xe_heap_chunk *chunk, *next;

	xe_heap_reset(heap);
	for (chunk = heap->retired; chunk; chunk = next) {
		next = chunk->next;
		xe_bo_put(chunk->bo);
		free(chunk);
	}
	heap->retired = NULL;
}
