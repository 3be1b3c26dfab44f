/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_WRITER_H_
#define _XE_CBEV_WRITER_H_

#include <linux/kref.h>
#include <linux/limits.h>
#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/types.h>
#include <linux/xarray.h>

struct xe_cbev_bo;
struct xe_cbev_queue;
struct xe_cbev_svm;

/**
 * struct xe_cbev_svm_writers - who writes the process's own memory
 *
 * A file's record, counted: the file's system memory holds a reference,
 * and so does every wait on that memory, which may outlive the file (a
 * sync_file fence). Freed, with the entries left in it, by the last one.
 */
struct xe_cbev_svm_writers {
	/** @ref: the file's and the waits' references */
	struct kref ref;
	/**
	 * @xa: qword index of an address -> &struct xe_cbev_writer; changed
	 * under the writers' mutex, read under RCU
	 */
	struct xarray xa;
	/** @nr_dead: entries of @xa whose writer was banned */
	atomic_t nr_dead;
};

/**
 * struct xe_cbev_writer - who writes one 64-bit location of an object
 *
 * Sits in its object's &xe_cbev_bo.writers under the location's qword
 * index (one per file that named a writer there, chained by @next), and,
 * while its queue exists, on the queue's &xe_cbev_queue.writes list.
 * Everything but @dead is under the writers' mutex (xe_cbev_writer.c);
 * readers look @dead and @next up under RCU.
 */
struct xe_cbev_writer {
	/** @link: in the writer queue's list */
	struct list_head link;
	/**
	 * @next: the record another file keeps for the same location, or
	 * NULL; changed under the writers' mutex, followed under RCU
	 */
	struct xe_cbev_writer __rcu *next;
	/**
	 * @author: the file that stated the record (&xe_cbev_file.serial): it
	 * decides that file's waits, and those of every file when the
	 * author created the object (importers wait on what the exporter
	 * writes), never the waits of the file that created the object
	 */
	u64 author;
	/** @queue: the writer, or NULL once it is destroyed */
	struct xe_cbev_queue *queue;
	/**
	 * @bo: the object; the queue's list holds a reference, an entry that
	 * outlived its queue is the object's. NULL for the process's own
	 * memory (@svm).
	 */
	struct xe_cbev_bo *bo;
	/**
	 * @svm: without @bo, the system memory of the queue's file (its wait
	 * queue); it outlives the file's queues
	 */
	struct xe_cbev_svm *svm;
	/**
	 * @ws: without @bo, @svm's record, which holds the entry and owns
	 * one that outlived its queue
	 */
	struct xe_cbev_svm_writers *ws;
	/** @index: qword index of the location in @bo, or of its address */
	unsigned long index;
	/** @dead: the writer was banned; set once, read locklessly */
	bool dead;
	/** @rcu: frees the entry after lockless readers */
	struct rcu_head rcu;
};

/* A waiter for which every record counts: the process's own memory. */
#define XE_CBEV_WRITER_ANY_FILE	U64_MAX

bool xe_cbev_writer_dead(struct xe_cbev_bo *bo, u64 offset, u64 waiter);
void xe_cbev_writer_clear(struct xe_cbev_bo *bo, u64 offset);
void xe_cbev_writers_queue_banned(struct xe_cbev_queue *q);
void xe_cbev_writers_queue_gone(struct xe_cbev_queue *q);
int xe_cbev_writer_set(struct xe_cbev_bo *bo, u64 offset, struct xe_cbev_queue *q,
		       u64 author);
bool xe_cbev_svm_writer_dead(struct xe_cbev_svm *svm, u64 addr);
struct xe_cbev_svm_writers *xe_cbev_svm_writers_get(struct xe_cbev_svm *svm);
void xe_cbev_svm_writers_put(struct xe_cbev_svm_writers *ws);
bool xe_cbev_svm_writers_dead(struct xe_cbev_svm_writers *ws, u64 addr);
int xe_cbev_svm_writer_set(struct xe_cbev_svm *svm, u64 addr, struct xe_cbev_queue *q,
			   u64 author);
void xe_cbev_writers_svm_fini(struct xe_cbev_svm *svm);

#endif /* _XE_CBEV_WRITER_H_ */
