// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/wait.h>

#include "xe_cbev_compat.h"
#include "xe_cbev_svm.h"
#include "xe_cbev_vm_types.h"

/**
 * DOC: shared system allocations
 *
 * The engine reaches the memory of the process that opened the file at the
 * same address, the way a GPU with shared virtual memory does: a GPU
 * address in the lower half that no binding of the file covers is the
 * process's own address (malloc'ed memory, the stack, a private or shared
 * mapping of a file). A binding always wins over the process's memory.
 *
 * The file remembers the opener's mm (a reference that keeps the
 * structure, not the address space, alive). Each engine access looks the
 * pages up with get_user_pages_remote() under the mm's lock, taken with a
 * trylock and with FOLL_NOWAIT: the engine never sleeps for the process.
 * A fault that would need I/O or a contended lock is -EAGAIN and the queue
 * yields and tries again in its next turn; an address that is not mapped,
 * or not writable for a write, is -EFAULT, which bans the queue
 * (&DRM_XE_CBEV_BAN_UNMAPPED), like a GPU page fault. Once the process has
 * exited (its address space is gone) every such address is -EFAULT.
 *
 * The pages are held only for the access, so the process may unmap or
 * remap the memory at any time: the engine sees what is mapped when it
 * gets there. Writes dirty the pages and wake the waiters of the address
 * space's system memory (&xe_cbev_svm.wq); the host writes such memory
 * without telling anybody, so waits on it also re-poll.
 *
 * Only the process that opened the file may make the engine touch its
 * memory, as only the process that opened /dev/kfd may use it: a forked
 * child, or a process handed the fd over a socket, has another mm, and
 * every path that reaches the opener's memory refuses it with -EPERM
 * (xe_cbev_svm_is_opener()): submissions (the exec ioctl, the doorbell,
 * the io_uring commands), queue creation, the execution-unit ioctls,
 * writer records, host waits and sync_file exports on process memory, and
 * mmap() of a queue's ring and status page, whose mappings are not
 * inherited across fork() either (VM_DONTCOPY). So only the opener
 * publishes work, and the engine resolves process memory for nobody else.
 * The other process keeps what does not reach process memory: buffer
 * objects, their mappings, counters and host waits on them, IPC.
 *
 * Context: process context (the engine's worker, ioctls), no spinlock
 * held; the mm's lock is a sleeping lock.
 */

/**
 * xe_cbev_svm_init() - remember the calling process's memory
 * @svm: the address space's system memory state
 */
void xe_cbev_svm_init(struct xe_cbev_svm *svm)
{
	svm->mm = current->mm;
	if (svm->mm)
		mmgrab(svm->mm);
	init_waitqueue_head(&svm->wq);
	svm->writers = NULL;
}

/**
 * xe_cbev_svm_fini() - forget the process's memory
 * @svm: the state; nothing may access through it any more, and the writer
 *	records let go of theirs (xe_cbev_writers_svm_fini())
 */
void xe_cbev_svm_fini(struct xe_cbev_svm *svm)
{
	WARN_ON(svm->writers);
	if (svm->mm)
		mmdrop(svm->mm);
	svm->mm = NULL;
}

/**
 * xe_cbev_svm_is_opener() - is the caller the process that opened the file?
 * @svm: the file's address space's system memory state
 *
 * The caller's mm is compared with the one the file remembers (which the
 * file's reference keeps from being reused), so every thread of the
 * opener answers yes, and a forked child, an exec()ed image or another
 * process holding the fd answers no.
 *
 * Return: true if the caller may reach the file's process memory.
 */
bool xe_cbev_svm_is_opener(const struct xe_cbev_svm *svm)
{
	return current->mm == svm->mm;
}

/* Takes a reference on the process's address space, if it still has one. */
static struct mm_struct *svm_mm_get(struct xe_cbev_svm *svm, u64 addr,
				    u64 len)
{
	struct mm_struct *mm = svm->mm;

	if (!mm || addr >= mm->task_size || len > mm->task_size - addr)
		return NULL;
	return mmget_not_zero(mm) ? mm : NULL;
}

/**
 * xe_cbev_svm_reaches() - may the engine reach @addr in the process's memory?
 * @svm: the address space's system memory state
 * @addr: the address
 *
 * Whether anything is mapped there is known only at an access.
 *
 * Return: true if the file has a process and @addr is in its user range.
 */
bool xe_cbev_svm_reaches(const struct xe_cbev_svm *svm, u64 addr)
{
	return svm->mm && addr < svm->mm->task_size;
}

/**
 * xe_cbev_svm_get_pages() - the process's pages at an address, for the engine
 * @svm: the address space's system memory state
 * @addr: the first address (any alignment)
 * @npages: how many pages from the one holding @addr
 * @write: the engine will write
 * @pages: gets the pages, each with a reference
 *
 * All or nothing: either every page is there, or none is held.
 *
 * Return: 0; -EAGAIN if a page needs I/O or the lock is contended (try
 * again later); -EFAULT if a page is not mapped, or not writable for
 * @write, or the process is gone.
 */
int xe_cbev_svm_get_pages(struct xe_cbev_svm *svm, u64 addr,
			  unsigned int npages, bool write, struct page **pages)
{
	unsigned int flags = FOLL_NOWAIT | (write ? FOLL_WRITE : 0);
	u64 start = ALIGN_DOWN(addr, PAGE_SIZE);
	unsigned int done = 0;
	struct mm_struct *mm;
	long got = 0;

	mm = svm_mm_get(svm, start, (u64)npages << PAGE_SHIFT);
	if (!mm)
		return -EFAULT;
	if (!mmap_read_trylock(mm)) {
		mmput_async(mm);
		return -EAGAIN;
	}
	/*
	 * A walk stops early, without an error, at a fault that would wait;
	 * at an unmapped page after good ones too: ask again from there to
	 * tell the two apart.
	 */
	while (done < npages) {
		got = xe_cbev_get_user_pages_remote(mm, start + ((u64)done << PAGE_SHIFT),
						    npages - done, flags,
						    pages + done);
		if (got <= 0)
			break;
		done += got;
	}
	mmap_read_unlock(mm);
	/* The process may have exited meanwhile: never tear it down here. */
	mmput_async(mm);

	if (done == npages)
		return 0;
	while (done)
		put_page(pages[--done]);
	return got < 0 && got != -ENOMEM ? -EFAULT : -EAGAIN;
}

/**
 * xe_cbev_svm_put_pages() - let go of pages from xe_cbev_svm_get_pages()
 * @svm: the address space's system memory state
 * @pages: the pages
 * @npages: how many
 * @written: the engine wrote them
 */
void xe_cbev_svm_put_pages(struct xe_cbev_svm *svm, struct page **pages,
			   unsigned int npages, bool written)
{
	unsigned int i;

	for (i = 0; i < npages; i++) {
		if (written)
			set_page_dirty_lock(pages[i]);
		put_page(pages[i]);
	}
	if (written && wq_has_sleeper(&svm->wq))
		wake_up_all(&svm->wq);
}

/**
 * xe_cbev_svm_pin_value() - pin the page of a value the host waits on
 * @svm: the address space's system memory state
 * @addr: the value's address
 * @page: gets the page, pinned
 *
 * Unlike the engine, a host wait may sleep for the page. The pinned page is
 * the one mapped now: a wait on memory the process remaps meanwhile sees
 * the old page.
 *
 * Return: 0; -EFAULT if nothing is mapped there or the process is gone;
 * -EINTR if a signal came while waiting for the lock.
 */
int xe_cbev_svm_pin_value(struct xe_cbev_svm *svm, u64 addr,
			  struct page **page)
{
	struct mm_struct *mm;
	long got;

	mm = svm_mm_get(svm, addr, 1);
	if (!mm)
		return -EFAULT;
	if (mmap_read_lock_killable(mm)) {
		mmput(mm);
		return -EINTR;
	}
	/*
	 * For writing where the memory is writable: memory never touched
	 * would otherwise pin the shared zero page, which the first write
	 * replaces, so the wait would never see the value.
	 */
	/*
	 * A wait may last forever (on memory nothing ever writes): the pin
	 * is long-term, so the page leaves ZONE_MOVABLE and CMA first, and
	 * never holds up compaction or memory hot-unplug. Writable
	 * file-backed mappings refuse a long-term pin for writing (6.5 on):
	 * those are pinned for reading, like read-only memory.
	 */
	got = xe_cbev_pin_user_pages_remote(mm, ALIGN_DOWN(addr, PAGE_SIZE), 1,
					    FOLL_WRITE | FOLL_LONGTERM, page);
	if (got != 1)
		got = xe_cbev_pin_user_pages_remote(mm, ALIGN_DOWN(addr, PAGE_SIZE),
						    1, FOLL_LONGTERM, page);
	mmap_read_unlock(mm);
	mmput(mm);
	return got == 1 ? 0 : -EFAULT;
}

/**
 * xe_cbev_svm_unpin_value() - let go of a page from xe_cbev_svm_pin_value()
 * @page: the page
 */
void xe_cbev_svm_unpin_value(struct page *page)
{
	unpin_user_page(page);
}
