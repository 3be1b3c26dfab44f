// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/xarray.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_queue_types.h"
#include "xe_cbev_vm_types.h"
#include "xe_cbev_writer.h"

/**
 * DOC: writers and dead locations
 *
 * A wait on a value that no engine will ever write again would last
 * forever. User space tells the kernel which exec queue writes a location
 * (a counter slot, or an event in a buffer object) with
 * DRM_IOCTL_XE_CBEV_COUNTER_SET_WRITER, once per change of writer; the
 * kernel keeps a &struct xe_cbev_writer in the location's object, under
 * its qword index, and on the writer queue's list.
 *
 * When the queue is banned, every location on its list is marked *dead*
 * and its object's waiters are woken. A wait condition that does not hold
 * and reads a dead location ends with -EIO (host waits, io_uring waits,
 * fences); a semaphore wait bans its queue with
 * DRM_XE_CBEV_BAN_LOST_DEPENDENCY, whose own locations die in turn. The
 * mark is on the object, which importers share, so their waits end too.
 *
 * A record is a fact one file states about its own work, so it belongs to
 * that file (&xe_cbev_writer.author): each file keeps at most one per
 * location, chained behind the others', and names or forgets only its
 * own. A record decides the waits of its author, and -- when the author
 * created the object (&xe_cbev_bo.creator), so that the others imported
 * it -- the waits of every file; an importer's record never decides the
 * waits of the file it imported from, nor of other importers.
 *
 * The process's own memory (shared system allocations, xe_cbev_svm.c) has
 * no object: its entries sit in the file's &struct xe_cbev_svm_writers,
 * under the qword index of the address, and its waiters are on
 * &xe_cbev_svm.wq. Only the file's own queues write it, and they are all
 * destroyed before the file's address space, so the entries hold no
 * reference; waits hold one on the record instead, since a sync_file
 * fence may outlive the file.
 *
 * The queue's list holds a reference on each object. When the queue is
 * destroyed the entries leave it: a live one is forgotten, a dead one
 * stays in its object or system memory (which then owns it) until the
 * location gets a new writer, the slot is handed out again, or the object
 * or the file is freed.
 *
 * Locking: one mutex serialises every change of entries and lists; the
 * ban marking runs from a work item, so it may take it. Readers only look
 * at &xe_cbev_bo.nr_dead, then at the entry under RCU.
 */

static DEFINE_MUTEX(writers_lock);

/* Where an entry sits: its object's, or its system memory's. */
static struct xarray *writer_xa(const struct xe_cbev_writer *w)
{
	return w->bo ? &w->bo->writers : &w->ws->xa;
}

static atomic_t *writer_nr_dead(const struct xe_cbev_writer *w)
{
	return w->bo ? &w->bo->nr_dead : &w->ws->nr_dead;
}

static wait_queue_head_t *writer_wq(const struct xe_cbev_writer *w)
{
	return w->bo ? xe_cbev_bo_wq(w->bo) : &w->svm->wq;
}

/* Does @w's death decide a wait of file @waiter on an object of @creator? */
static bool writer_applies(const struct xe_cbev_writer *w, u64 waiter,
			   u64 creator)
{
	return waiter == XE_CBEV_WRITER_ANY_FILE || w->author == waiter ||
	       w->author == creator;
}

static bool writers_dead(struct xarray *xa, atomic_t *nr_dead, u64 offset,
			 u64 waiter, u64 creator)
{
	struct xe_cbev_writer *w;
	bool dead = false;

	if (!atomic_read(nr_dead))
		return false;
	rcu_read_lock();
	for (w = xa_load(xa, offset >> 3); w; w = rcu_dereference(w->next)) {
		if (READ_ONCE(w->dead) && writer_applies(w, waiter, creator)) {
			dead = true;
			break;
		}
	}
	rcu_read_unlock();
	return dead;
}

/**
 * xe_cbev_writer_dead() - is the location's writer banned, for this waiter?
 * @bo: the object (a view's origin), or NULL for the process's own
 *	memory, whose writers are looked up by xe_cbev_svm_writer_dead()
 * @offset: byte offset of the value in @bo
 * @waiter: the waiting file (&xe_cbev_file.serial)
 *
 * Only the waiter's own records and those of the object's creator count.
 *
 * Context: any; the caller holds a reference on @bo.
 * Return: true if the location is dead.
 */
bool xe_cbev_writer_dead(struct xe_cbev_bo *bo, u64 offset, u64 waiter)
{
	return bo && writers_dead(&bo->writers, &bo->nr_dead, offset, waiter,
				  bo->creator);
}

/**
 * xe_cbev_svm_writer_dead() - is the writer of the process's memory banned?
 * @svm: the file's system memory
 * @addr: the address of the value
 *
 * Only the opener's file names writers there, and only it waits there.
 *
 * Context: any.
 * Return: true if the location is dead.
 */
bool xe_cbev_svm_writer_dead(struct xe_cbev_svm *svm, u64 addr)
{
	/* Pairs with the release in svm_writers_locked(): a whole record. */
	struct xe_cbev_svm_writers *ws = smp_load_acquire(&svm->writers);

	return ws && writers_dead(&ws->xa, &ws->nr_dead, addr,
				  XE_CBEV_WRITER_ANY_FILE, 0);
}

/**
 * xe_cbev_svm_writers_dead() - is a writer of the process's memory banned?
 * @ws: the record, referenced by the caller
 * @addr: the address of the value
 *
 * Context: any.
 * Return: true if the location is dead.
 */
bool xe_cbev_svm_writers_dead(struct xe_cbev_svm_writers *ws, u64 addr)
{
	return writers_dead(&ws->xa, &ws->nr_dead, addr,
			    XE_CBEV_WRITER_ANY_FILE, 0);
}

/* @svm's record, made if there is none yet; NULL without memory. */
static struct xe_cbev_svm_writers *svm_writers_locked(struct xe_cbev_svm *svm)
{
	struct xe_cbev_svm_writers *ws = svm->writers;

	lockdep_assert_held(&writers_lock);
	if (ws)
		return ws;
	ws = kzalloc(sizeof(*ws), GFP_KERNEL_ACCOUNT);
	if (!ws)
		return NULL;
	kref_init(&ws->ref);
	xa_init(&ws->xa);
	atomic_set(&ws->nr_dead, 0);
	/* Lockless readers see it initialised (xe_cbev_svm_writer_dead()). */
	smp_store_release(&svm->writers, ws);
	return ws;
}

/**
 * xe_cbev_svm_writers_get() - a reference on the record of @svm, for a wait
 * @svm: the file's system memory
 *
 * Context: process context; the file is alive.
 * Return: the record, or NULL without memory (the wait then never sees a
 * writer's ban).
 */
struct xe_cbev_svm_writers *xe_cbev_svm_writers_get(struct xe_cbev_svm *svm)
{
	struct xe_cbev_svm_writers *ws;

	mutex_lock(&writers_lock);
	ws = svm_writers_locked(svm);
	if (ws)
		kref_get(&ws->ref);
	mutex_unlock(&writers_lock);
	return ws;
}

/* Free a location's records; nobody reads them any more. */
static void writer_chain_free(struct xe_cbev_writer *w)
{
	struct xe_cbev_writer *next;

	for (; w; w = next) {
		next = rcu_dereference_protected(w->next, true);
		kfree(w);
	}
}

/*
 * &xe_cbev_bo.writers_fini: free the entries left in an object being
 * freed (the object destroys the xarray itself). No queue lists an entry
 * of it (each would hold a reference), and nobody reads it any more.
 */
static void writers_bo_fini(struct xe_cbev_bo *bo)
{
	struct xe_cbev_writer *w;
	unsigned long index;

	xa_for_each(&bo->writers, index, w)
		writer_chain_free(w);
}

static void svm_writers_release(struct kref *ref)
{
	struct xe_cbev_svm_writers *ws =
		container_of(ref, struct xe_cbev_svm_writers, ref);
	struct xe_cbev_writer *w;
	unsigned long index;

	/* No queue lists an entry any more: the file's are destroyed. */
	xa_for_each(&ws->xa, index, w)
		writer_chain_free(w);
	xa_destroy(&ws->xa);
	kfree(ws);
}

/**
 * xe_cbev_svm_writers_put() - drop a reference on a record
 * @ws: the record, or NULL
 *
 * Context: any that may free memory.
 */
void xe_cbev_svm_writers_put(struct xe_cbev_svm_writers *ws)
{
	if (ws)
		kref_put(&ws->ref, svm_writers_release);
}

/* Mark an entry dead and wake the object's waiters. */
static void writer_kill_locked(struct xe_cbev_writer *w)
{
	lockdep_assert_held(&writers_lock);
	if (w->dead)
		return;
	WRITE_ONCE(w->dead, true);
	atomic_inc(writer_nr_dead(w));
	wake_up_all(writer_wq(w));
}

/*
 * Take an entry out of its location's chain; readers may still be on it,
 * and follow its @next to the rest.
 */
static void writer_unlink_locked(struct xe_cbev_writer *w)
{
	struct xarray *xa = writer_xa(w);
	struct xe_cbev_writer *p, *next, *head = xa_load(xa, w->index);

	lockdep_assert_held(&writers_lock);
	next = rcu_dereference_protected(w->next, lockdep_is_held(&writers_lock));
	if (head == w) {
		/* Replacing a present entry allocates nothing. */
		if (next)
			xa_store(xa, w->index, next, GFP_NOWAIT);
		else
			xa_erase(xa, w->index);
		return;
	}
	for (p = head; p; p = rcu_dereference_protected(p->next,
							lockdep_is_held(&writers_lock))) {
		if (rcu_access_pointer(p->next) == w) {
			rcu_assign_pointer(p->next, next);
			return;
		}
	}
}

/* The record @author keeps for a location, or NULL. */
static struct xe_cbev_writer *writer_find_locked(struct xarray *xa,
						 unsigned long index, u64 author)
{
	struct xe_cbev_writer *w;

	lockdep_assert_held(&writers_lock);
	for (w = xa_load(xa, index); w;
	     w = rcu_dereference_protected(w->next, lockdep_is_held(&writers_lock)))
		if (w->author == author)
			return w;
	return NULL;
}

/* Forget an entry; @bo must stay alive meanwhile (the caller's reference). */
static void writer_remove_locked(struct xe_cbev_writer *w)
{
	struct xe_cbev_bo *bo = w->bo;

	lockdep_assert_held(&writers_lock);
	writer_unlink_locked(w);
	if (w->dead)
		atomic_dec(writer_nr_dead(w));
	if (w->queue) {
		list_del(&w->link);
		if (bo)
			xe_cbev_bo_put(bo);
	}
	kfree_rcu(w, rcu);
}

/*
 * Make @q (or nobody) the writer of a qword of @bo, or of @svm's memory, in
 * the record of file @author.
 */
static int writer_set(struct xe_cbev_bo *bo, struct xe_cbev_svm *svm,
		      u64 offset, struct xe_cbev_queue *q, u64 author)
{
	struct xe_cbev_writer *old, *w = NULL;
	struct xe_cbev_svm_writers *ws = NULL;
	struct xarray *xa;
	int ret = 0;

	if (q) {
		w = kzalloc(sizeof(*w), GFP_KERNEL_ACCOUNT);
		if (!w)
			return -ENOMEM;
		w->bo = bo;
		w->svm = svm;
		w->index = offset >> 3;
		w->queue = q;
		w->author = author;
	}

	mutex_lock(&writers_lock);
	if (!bo) {
		ws = svm_writers_locked(svm);
		if (!ws) {
			kfree(w);
			ret = -ENOMEM;
			goto out;
		}
		if (w)
			w->ws = ws;
	}
	xa = bo ? &bo->writers : &ws->xa;
	old = writer_find_locked(xa, offset >> 3, author);
	if (old && q && old->queue == q && !old->dead) {
		/* The same writer again: nothing changes. */
		kfree(w);
		goto out;
	}
	if (q && q->writes_closed) {
		/* Destroyed meanwhile. */
		kfree(w);
		ret = -ENOENT;
		goto out;
	}
	if (old)
		writer_remove_locked(old);
	if (w) {
		/* At the head: readers see it with the rest behind it. */
		RCU_INIT_POINTER(w->next, xa_load(xa, w->index));
		ret = xa_err(xa_store(xa, w->index, w, GFP_KERNEL_ACCOUNT));
		if (ret) {
			kfree(w);
			goto out;
		}
		if (bo) {
			drm_gem_object_get(&bo->shmem.base);
			bo->writers_fini = writers_bo_fini;
		}
		list_add(&w->link, &q->writes);
		/* A queue banned already writes nothing. */
		if (READ_ONCE(q->ctx.banned))
			writer_kill_locked(w);
	}
out:
	mutex_unlock(&writers_lock);
	return ret;
}

/**
 * xe_cbev_writer_set() - make a queue (or nobody) the writer of a location
 * @bo: the object (a view's origin), referenced by the caller
 * @offset: byte offset of the qword in @bo
 * @q: the queue, referenced by the caller, or NULL to forget the writer
 * @author: the calling file (&xe_cbev_file.serial), whose record changes; the
 *	records of other files stay
 *
 * Return: 0; -ENOENT if @q was destroyed meanwhile; -ENOMEM.
 */
int xe_cbev_writer_set(struct xe_cbev_bo *bo, u64 offset, struct xe_cbev_queue *q,
		       u64 author)
{
	return writer_set(bo, NULL, offset, q, author);
}

/**
 * xe_cbev_svm_writer_set() - make a queue (or nobody) the writer of a
 * qword of the process's own memory
 * @svm: the system memory of @q's file
 * @addr: the address, 8-byte aligned, that no binding covers
 * @q: a queue of the file, referenced by the caller, or NULL
 * @author: the file (&xe_cbev_file.serial)
 *
 * Return: 0; -ENOENT if @q was destroyed meanwhile; -ENOMEM.
 */
int xe_cbev_svm_writer_set(struct xe_cbev_svm *svm, u64 addr,
			   struct xe_cbev_queue *q, u64 author)
{
	return writer_set(NULL, svm, addr, q, author);
}

/**
 * xe_cbev_writer_clear() - forget a location's writers, dead or not
 * @bo: the object, referenced by the caller
 * @offset: byte offset of the value
 *
 * For a counter slot handed out again: every file's record goes. Cheap
 * when there is none.
 */
void xe_cbev_writer_clear(struct xe_cbev_bo *bo, u64 offset)
{
	struct xe_cbev_writer *w;

	if (!xa_load(&bo->writers, offset >> 3))
		return;
	mutex_lock(&writers_lock);
	while ((w = xa_load(&bo->writers, offset >> 3)))
		writer_remove_locked(w);
	mutex_unlock(&writers_lock);
}

/**
 * xe_cbev_writers_svm_fini() - the file lets go of its system memory's record
 * @svm: the system memory; the file's queues are all destroyed (so no
 *	list holds an entry); waits may still hold the record
 */
void xe_cbev_writers_svm_fini(struct xe_cbev_svm *svm)
{
	xe_cbev_svm_writers_put(svm->writers);
	svm->writers = NULL;
}

/**
 * xe_cbev_writers_queue_banned() - the queue is banned: its locations die
 * @q: the queue
 *
 * Context: process context (a work item queued by the ban).
 */
void xe_cbev_writers_queue_banned(struct xe_cbev_queue *q)
{
	struct xe_cbev_writer *w;

	mutex_lock(&writers_lock);
	list_for_each_entry(w, &q->writes, link)
		writer_kill_locked(w);
	mutex_unlock(&writers_lock);
}

/**
 * xe_cbev_writers_queue_gone() - the queue is destroyed: its entries leave it
 * @q: the queue, cancelled on the engine (it cannot be banned any more)
 *
 * A banned queue's locations are marked dead first, in case the work
 * item of its ban has not run yet.
 */
void xe_cbev_writers_queue_gone(struct xe_cbev_queue *q)
{
	bool banned = READ_ONCE(q->ctx.banned);
	struct xe_cbev_writer *w, *next;
	struct xe_cbev_bo *bo;

	mutex_lock(&writers_lock);
	q->writes_closed = true;
	list_for_each_entry_safe(w, next, &q->writes, link) {
		bo = w->bo;
		if (banned)
			writer_kill_locked(w);
		list_del(&w->link);
		w->queue = NULL;
		if (!w->dead) {
			writer_unlink_locked(w);
			kfree_rcu(w, rcu);
		}
		/* May free @bo, and a dead entry with it. */
		if (bo)
			xe_cbev_bo_put(bo);
	}
	mutex_unlock(&writers_lock);
}
