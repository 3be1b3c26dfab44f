/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_VM_TYPES_H_
#define _XE_CBEV_VM_TYPES_H_

#include <linux/kref.h>
#include <linux/maple_tree.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/types.h>
#include <linux/wait.h>

struct drm_gem_object;
struct mm_struct;
struct page;
struct xe_cbev_bo;
struct xe_cbev_device;
struct xe_cbev_svm_writers;

/* The engine may only read through the binding. */
#define XE_CBEV_BINDING_READONLY	BIT(0)
/* Made by the kernel (a counter page); user space cannot unmap it. */
#define XE_CBEV_BINDING_KERNEL		BIT(1)

/**
 * struct xe_cbev_vm_binding - a buffer object range mapped at a GPU VA
 *
 * Immutable once inserted into a VM. The VM holds one reference; the
 * engine holds one for each access in flight, so an unbind while the
 * engine uses the range frees nothing until the engine lets go.
 */
struct xe_cbev_vm_binding {
	/** @ref: references; the last put releases the pages and the object */
	struct kref ref;
	/** @bo: the object whose pages are mapped */
	struct xe_cbev_bo *bo;
	/**
	 * @pages: the pages of the bound range, in order, pinned by the
	 * binding; only these, not the rest of @bo
	 */
	struct page **pages;
	/**
	 * @holder: what was bound, with a reference that keeps @bo alive:
	 * @bo itself, or an export view of it
	 */
	struct drm_gem_object *holder;
	/** @start: first GPU address */
	u64 start;
	/** @last: last GPU address (inclusive) */
	u64 last;
	/** @offset: byte offset of @start in @bo */
	u64 offset;
	/** @flags: XE_CBEV_BINDING_* */
	u32 flags;
	/** @rcu: frees the binding after lockless lookups are done with it */
	struct rcu_head rcu;
};

/**
 * struct xe_cbev_svm - the process memory an address space reaches
 *
 * See xe_cbev_svm.c. Set when the file is opened, immutable after.
 */
struct xe_cbev_svm {
	/**
	 * @mm: the opener's memory, with a reference on the structure (not
	 * on the address space, which goes when the process exits); NULL
	 * if a kernel thread opened the file
	 */
	struct mm_struct *mm;
	/** @wq: woken by engine writes to @mm's memory */
	wait_queue_head_t wq;
	/**
	 * @writers: who writes @mm's memory (xe_cbev_writer.c), NULL until a
	 * writer is named or a wait looks; set once under the writers'
	 * mutex, with a reference, and read with an acquire
	 */
	struct xe_cbev_svm_writers *writers;
};

/**
 * struct xe_cbev_vm - a file's GPU virtual address space
 */
struct xe_cbev_vm {
	/** @xdev: the device */
	struct xe_cbev_device *xdev;
	/**
	 * @lock: serialises changes to @mt, so that a check of a range and
	 * the change that follows it see the same tree
	 */
	struct mutex lock;
	/**
	 * @mt: GPU address range -> &struct xe_cbev_vm_binding. Changed under
	 * @lock (and the tree's own spinlock); read under RCU without @lock.
	 */
	struct maple_tree mt;
	/** @nr_bindings: entries in @mt; under @lock */
	unsigned int nr_bindings;
	/**
	 * @nr_user_bindings: entries of @mt that user space made, at most
	 * XE_CBEV_VM_MAX_USER_BINDINGS; under @lock
	 */
	unsigned int nr_user_bindings;
	/** @svm: the process memory at addresses no binding covers */
	struct xe_cbev_svm svm;
};

#endif /* _XE_CBEV_VM_TYPES_H_ */
