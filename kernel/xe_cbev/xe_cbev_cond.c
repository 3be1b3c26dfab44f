// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/highmem.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_cond.h"
#include "xe_cbev_counter.h"
#include "xe_cbev_streamer.h"
#include "xe_cbev_device.h"
#include "xe_cbev_macros.h"
#include "xe_cbev_queue.h"
#include "xe_cbev_svm.h"
#include "xe_cbev_trace.h"
#include "xe_cbev_vm.h"
#include "xe_cbev_writer.h"

/**
 * DOC: waits
 *
 * A wait is a set of conditions "value in memory op value", all or any of
 * which must hold. Each condition is resolved once, at the start, to the
 * page that holds its value, with a reference that keeps the page alive
 * even if the memory is unmapped meanwhile. The waiter then sits on the
 * wait queue of each object it reads, which every engine write to the
 * object wakes -- the queue belongs to the object, so a write by another
 * process's engine to a shared counter wakes it too. Memory that the host
 * writes wakes nobody, so for such objects the waiter also re-polls, from
 * 1 ms growing to 16 ms; counter pages are written by engines only and are
 * never polled.
 *
 * A host wait sleeps in the ioctl; an asynchronous wait (io_uring command,
 * sync_file fence) completes from the wake-up callback or its timer, and
 * cleans up later in process context.
 */

static const u32 known_cond_flags = DRM_XE_CBEV_WAIT_COND_32BIT |
				    DRM_XE_CBEV_WAIT_COND_COUNTER |
				    DRM_XE_CBEV_WAIT_COND_QUEUE;

/**
 * xe_cbev_cond_resolve() - check a condition and find its page
 * @xfile: the waiting file
 * @uc: the condition as user space gave it
 * @c: the resolved condition
 *
 * Return: 0; -EINVAL for a bad op, flag or alignment, or a 32-bit value
 * that does not fit; -ENOENT for a counter id the file does not own;
 * -EFAULT for an address that is neither bound nor mapped in the process;
 * -EPERM for process memory when the caller is not the process that
 * opened the file; -EINTR if a fatal signal came while looking the
 * process's memory up.
 */
int xe_cbev_cond_resolve(struct xe_cbev_file *xfile,
			 const struct drm_xe_cbev_wait_cond *uc,
			 struct xe_cbev_cond *c)
{
	struct xe_cbev_device *xdev = xfile->xdev;
	bool is32 = uc->flags & DRM_XE_CBEV_WAIT_COND_32BIT;
	struct xe_cbev_vm_binding *binding;
	unsigned int offset;
	u64 off;
	int ret;

	if (XE_CBEV_IOCTL_DBG(xdev, uc->op > DRM_XE_CBEV_CMP_NEQ) ||
	    XE_CBEV_IOCTL_DBG(xdev, uc->flags & ~known_cond_flags) ||
	    XE_CBEV_IOCTL_DBG(xdev, is32 && upper_32_bits(uc->value)))
		return -EINVAL;

	memset(c, 0, sizeof(*c));
	c->is32 = is32;
	c->waiter = xfile->serial;
	c->op = uc->op;
	c->value = uc->value;

	if (uc->flags & DRM_XE_CBEV_WAIT_COND_QUEUE) {
		if (XE_CBEV_IOCTL_DBG(xdev, is32 || upper_32_bits(uc->addr) ||
				      (uc->flags & DRM_XE_CBEV_WAIT_COND_COUNTER)))
			return -EINVAL;
		c->queue = xe_cbev_queue_lookup(xfile, uc->addr);
		if (XE_CBEV_IOCTL_DBG(xdev, !c->queue))
			return -ENOENT;
		return 0;
	}

	if (uc->flags & DRM_XE_CBEV_WAIT_COND_COUNTER) {
		if (XE_CBEV_IOCTL_DBG(xdev, is32 || upper_32_bits(uc->addr)))
			return -EINVAL;
		ret = xe_cbev_counter_lookup(&xfile->counters, uc->addr,
					     &c->bo, &offset);
		if (XE_CBEV_IOCTL_DBG(xdev, ret))
			return ret;
		/* The page stays mapped, hence pinned, while the object lives. */
		c->page = xe_cbev_bo_page(c->bo, 0);
		c->offset = offset;
		c->bo_offset = offset;
		return 0;
	}

	if (XE_CBEV_IOCTL_DBG(xdev, !IS_ALIGNED(uc->addr, is32 ? 4 : 8)))
		return -EINVAL;
	binding = xe_cbev_vm_lookup(&xfile->vm, uc->addr);
	if (!binding) {
		/* The process's own memory, as the engine sees it: the opener's. */
		if (XE_CBEV_IOCTL_DBG(xdev, !xe_cbev_svm_is_opener(&xfile->vm.svm)))
			return -EPERM;
		ret = xe_cbev_svm_pin_value(&xfile->vm.svm, uc->addr, &c->page);
		if (XE_CBEV_IOCTL_DBG(xdev, ret))
			return ret;
		c->svm = true;
		c->svm_wq = &xfile->vm.svm.wq;
		c->svm_writers = xe_cbev_svm_writers_get(&xfile->vm.svm);
		c->offset = offset_in_page(uc->addr);
		c->bo_offset = uc->addr;
		return 0;
	}

	off = uc->addr - binding->start + binding->offset;
	c->binding = binding;
	c->bo = binding->bo;
	c->page = xe_cbev_vm_binding_page(binding, uc->addr);
	c->offset = offset_in_page(off);
	c->bo_offset = off;
	return 0;
}

/**
 * xe_cbev_cond_release() - drop what a resolved condition holds
 * @c: the condition
 *
 * Context: process context.
 */
void xe_cbev_cond_release(struct xe_cbev_cond *c)
{
	if (c->queue) {
		xe_cbev_queue_put(c->queue);
	} else if (c->svm) {
		xe_cbev_svm_unpin_value(c->page);
		xe_cbev_svm_writers_put(c->svm_writers);
	} else if (c->binding) {
		xe_cbev_vm_binding_put(c->binding);
	} else if (c->bo) {
		xe_cbev_bo_put(c->bo);
	}
	c->queue = NULL;
	c->binding = NULL;
	c->bo = NULL;
	c->svm = false;
	c->svm_wq = NULL;
	c->svm_writers = NULL;
}

/**
 * xe_cbev_cond_check() - does the condition hold now?
 * @c: the condition
 *
 * Context: any.
 * Return: true if it holds.
 */
bool xe_cbev_cond_check(const struct xe_cbev_cond *c)
{
	void *va;
	u64 mem;

	if (c->queue)
		return xe_cbev_compare(READ_ONCE(c->queue->ctx.completed_seqno),
				       c->value, c->op);

	va = kmap_local_page(c->page) + c->offset;
	mem = c->is32 ? READ_ONCE(*(u32 *)va) : READ_ONCE(*(u64 *)va);
	kunmap_local(va);
	return xe_cbev_compare(mem, c->value, c->op);
}

/* The wait queue woken when the condition's value changes. */
static wait_queue_head_t *cond_wq(const struct xe_cbev_cond *c)
{
	if (c->queue)
		return &c->queue->xfile->event_wq;
	return c->svm ? c->svm_wq : xe_cbev_bo_wq(c->bo);
}

/**
 * xe_cbev_cond_polled() - may the host write the value, so that no
 * engine write would announce it?
 * @c: the condition
 *
 * Return: true unless the value is in a counter page.
 */
bool xe_cbev_cond_polled(const struct xe_cbev_cond *c)
{
	return !c->queue && (c->svm || !xe_cbev_bo_is_counter(c->bo));
}

/*
 * Was the writer of @c's value banned? For the process's own memory the
 * record is the file's, which @c holds (a wait may outlive the file).
 */
static bool cond_dead(const struct xe_cbev_cond *c)
{
	if (c->svm)
		return c->svm_writers &&
		       xe_cbev_svm_writers_dead(c->svm_writers, c->bo_offset);
	return c->bo && xe_cbev_writer_dead(c->bo, c->bo_offset, c->waiter);
}

/*
 * 0 / index: done; -EAGAIN: not yet; -EIO: the wait is not done and the
 * named queue is banned or gone, or a condition that does not hold never
 * will (and, for ANY, none holds). What holds wins: a value written before
 * its queue was banned or destroyed is there. Every condition is looked
 * at, so that a lost one behind pending ones is seen.
 */
int xe_cbev_conds_eval(const struct xe_cbev_cond *conds, u32 n, bool any,
		       const struct xe_cbev_queue *q)
{
	bool pending = false, lost = false;
	u32 i;

	if (q && (READ_ONCE(q->ctx.banned) || READ_ONCE(q->ctx.dead)))
		lost = true;
	for (i = 0; i < n; i++) {
		const struct xe_cbev_queue *cq = conds[i].queue;

		if (xe_cbev_cond_check(&conds[i])) {
			if (any)
				return i;
			continue;
		}
		pending = true;
		/* A queue that will never complete more ends the wait... */
		if (cq && (READ_ONCE(cq->ctx.banned) || READ_ONCE(cq->ctx.dead)))
			lost = true;
		/* ...and so does a value whose writer was banned. */
		else if (!cq && cond_dead(&conds[i]))
			lost = true;
	}
	if (!pending)
		return 0;
	return lost ? -EIO : -EAGAIN;
}

int xe_cbev_conds_resolve(struct xe_cbev_file *xfile,
			  const struct drm_xe_cbev_wait_cond *uconds, u32 n,
			  struct xe_cbev_cond *conds, u64 *poll_ns)
{
	u32 i;
	int ret;

	*poll_ns = 0;
	for (i = 0; i < n; i++) {
		ret = xe_cbev_cond_resolve(xfile, &uconds[i], &conds[i]);
		if (ret)
			goto err_release;
		if (xe_cbev_cond_polled(&conds[i]))
			*poll_ns = XE_CBEV_POLL_NS_MIN;
	}
	return 0;

err_release:
	while (i--)
		xe_cbev_cond_release(&conds[i]);
	return ret;
}

static int waitq_cmp(const void *a, const void *b)
{
	const wait_queue_head_t *x = *(wait_queue_head_t * const *)a;
	const wait_queue_head_t *y = *(wait_queue_head_t * const *)b;

	return x < y ? -1 : x > y;
}

/*
 * Collects the distinct wait queues of @conds, and @extra if not NULL:
 * sorted by address, then each kept once, so O(n log n) for the up to
 * DRM_XE_CBEV_WAIT_MAX_CONDS conditions of a wait.
 */
int xe_cbev_waitq_set_init(struct xe_cbev_waitq_set *s,
			   const struct xe_cbev_cond *conds, u32 n,
			   wait_queue_head_t *extra)
{
	wait_queue_head_t **wqs;
	u32 i, m = 0;

	s->n = 0;
	s->e = kvcalloc(n + 1, sizeof(*s->e), GFP_KERNEL_ACCOUNT);
	wqs = kvmalloc_array(n + 1, sizeof(*wqs), GFP_KERNEL_ACCOUNT);
	if (!s->e || !wqs) {
		kvfree(wqs);
		kvfree(s->e);
		s->e = NULL;
		return -ENOMEM;
	}
	for (i = 0; i < n; i++)
		if (cond_wq(&conds[i]))
			wqs[m++] = cond_wq(&conds[i]);
	if (extra)
		wqs[m++] = extra;
	sort(wqs, m, sizeof(*wqs), waitq_cmp, NULL);
	for (i = 0; i < m; i++)
		if (!s->n || s->e[s->n - 1].wq != wqs[i])
			s->e[s->n++].wq = wqs[i];
	kvfree(wqs);
	return 0;
}

void xe_cbev_waitq_set_add(struct xe_cbev_waitq_set *s, wait_queue_func_t func,
			   void *private)
{
	u32 i;

	for (i = 0; i < s->n; i++) {
		init_waitqueue_func_entry(&s->e[i].entry, func);
		s->e[i].entry.private = private;
		add_wait_queue(s->e[i].wq, &s->e[i].entry);
	}
}

void xe_cbev_waitq_set_remove(struct xe_cbev_waitq_set *s)
{
	u32 i;

	for (i = 0; i < s->n; i++)
		remove_wait_queue(s->e[i].wq, &s->e[i].entry);
}

void xe_cbev_waitq_set_fini(struct xe_cbev_waitq_set *s)
{
	kvfree(s->e);
	s->e = NULL;
}

/* Traces the start of a wait (@async: completes on its own) and its conditions. */
void xe_cbev_conds_trace_begin(u32 client, pid_t pid,
			       const struct xe_cbev_cond *conds, u32 n, bool any,
			       bool async, struct xe_cbev_queue *q)
{
	u32 i;

	trace_xe_cbev_wait_begin(client, pid, n, any, async, q ? q->id : 0);
	for (i = 0; i < n; i++)
		trace_xe_cbev_wait_cond(client, pid, i, &conds[i]);
}
