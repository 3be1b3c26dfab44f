// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/atomic.h>
#include <linux/highmem.h>
#include <linux/minmax.h>

#include "xe_cbev_vm_access.h"
#include "xe_cbev_bo.h"
#include "xe_cbev_svm.h"
#include "xe_cbev_vm.h"

/**
 * DOC: engine memory access
 *
 * The engine touches memory only through these functions, and they only
 * through the submitting file's address space: an address is looked up
 * among the file's bindings, the page found in the binding's object, and
 * accessed through a short-lived kernel mapping. An address in the lower
 * half outside every binding is the submitting process's own memory at
 * that address (xe_cbev_svm.c): -EAGAIN if it cannot be reached without
 * waiting, -EFAULT if it is not mapped. Any other address outside every
 * binding is -EFAULT, a write through a read-only binding -EACCES; nothing
 * else is reachable. Every write wakes the waiters of the object written.
 *
 * Context: process context (the engine's worker, ioctls); the lookups may
 * drop the last reference of a binding that was unmapped meanwhile.
 */

/* The page of @binding that holds @addr, which the binding covers. */
static struct page *binding_page(const struct xe_cbev_vm_binding *binding,
				 u64 addr)
{
	return xe_cbev_vm_binding_page(binding, addr);
}

/*
 * Copies to or from the process's memory at @addr, which no binding
 * covers, up to @len bytes but not past the next binding nor more than
 * XE_CBEV_SVM_MAX_PAGES pages: those pages all at once or not at all, so
 * that a copy tried again after -EAGAIN finds its source as it was.
 *
 * Return: bytes copied, or -EAGAIN / -EFAULT.
 */
static long svm_copy(struct xe_cbev_vm *vm, u64 addr, void *buf, size_t len,
		     bool write)
{
	struct page *pages[XE_CBEV_SVM_MAX_PAGES];
	u64 end, first = ALIGN_DOWN(addr, PAGE_SIZE);
	unsigned int npages, i;
	size_t done = 0;
	int ret;

	if (len > U64_MAX - addr)
		return -EFAULT;
	end = xe_cbev_vm_next_bound(vm, addr, addr + len - 1);
	end = min_t(u64, end, first + (u64)XE_CBEV_SVM_MAX_PAGES * PAGE_SIZE);
	npages = DIV_ROUND_UP(end - first, PAGE_SIZE);

	ret = xe_cbev_svm_get_pages(&vm->svm, addr, npages, write, pages);
	if (ret)
		return ret;
	for (i = 0; i < npages; i++) {
		u64 at = addr + done;
		size_t n = min_t(u64, end - at, PAGE_SIZE - offset_in_page(at));
		void *va = kmap_local_page(pages[i]);

		if (write)
			memcpy(va + offset_in_page(at), buf + done, n);
		else
			memcpy(buf + done, va + offset_in_page(at), n);
		kunmap_local(va);
		done += n;
	}
	xe_cbev_svm_put_pages(&vm->svm, pages, npages, write);
	return done;
}

/*
 * Copies @len bytes at @addr to or from @buf, page by page. On failure the
 * address that failed goes to *@fault.
 */
static int vm_copy(struct xe_cbev_vm *vm, u64 addr, void *buf, size_t len,
		   bool write, u64 *fault)
{
	while (len) {
		struct xe_cbev_vm_binding *binding;
		size_t n;
		void *va;

		binding = xe_cbev_vm_lookup(vm, addr);
		if (!binding) {
			long done = svm_copy(vm, addr, buf, len, write);

			if (done < 0) {
				*fault = addr;
				return done;
			}
			addr += done;
			buf += done;
			len -= done;
			continue;
		}
		if (write && (binding->flags & XE_CBEV_BINDING_READONLY)) {
			xe_cbev_vm_binding_put(binding);
			*fault = addr;
			return -EACCES;
		}

		n = min_t(u64, len, PAGE_SIZE - offset_in_page(addr));
		n = min_t(u64, n, binding->last - addr + 1);
		va = kmap_local_page(binding_page(binding, addr));
		if (write)
			memcpy(va + offset_in_page(addr), buf, n);
		else
			memcpy(buf, va + offset_in_page(addr), n);
		kunmap_local(va);

		if (write)
			xe_cbev_bo_notify(binding->bo);
		xe_cbev_vm_binding_put(binding);
		addr += n;
		buf += n;
		len -= n;
	}
	return 0;
}

/**
 * xe_cbev_vm_peek() - read what one binding holds at an address, up to a length
 * @vm: the address space
 * @addr: GPU address
 * @buf: where to copy
 * @len: most bytes
 *
 * One lookup, one page: for the command streamer, which reads a command
 * whose length it learns from its first dword.
 *
 * Return: bytes read, up to the end of @addr's page and binding; 0 when no
 * binding covers @addr (xe_cbev_vm_read() tells why).
 */
size_t xe_cbev_vm_peek(struct xe_cbev_vm *vm, u64 addr, void *buf, size_t len)
{
	struct xe_cbev_vm_binding *binding = xe_cbev_vm_lookup(vm, addr);
	size_t n;
	void *va;

	if (!binding)
		return 0;
	n = min_t(u64, len, PAGE_SIZE - offset_in_page(addr));
	n = min_t(u64, n, binding->last - addr + 1);
	va = kmap_local_page(binding_page(binding, addr));
	memcpy(buf, va + offset_in_page(addr), n);
	kunmap_local(va);
	xe_cbev_vm_binding_put(binding);
	return n;
}

/**
 * xe_cbev_vm_read() - read GPU memory
 * @vm: the address space
 * @addr: GPU address
 * @buf: where to copy
 * @len: bytes
 * @fault: where the failing address goes
 *
 * Return: 0, -EFAULT if a byte is not mapped, -EAGAIN if a byte of the
 * process's memory cannot be reached now (try again later).
 */
int xe_cbev_vm_read(struct xe_cbev_vm *vm, u64 addr, void *buf, size_t len,
		    u64 *fault)
{
	return vm_copy(vm, addr, buf, len, false, fault);
}

/**
 * xe_cbev_vm_write() - write GPU memory
 * @vm: the address space
 * @addr: GPU address
 * @buf: what to write
 * @len: bytes
 * @fault: where the failing address goes
 *
 * Return: 0, -EFAULT if a byte is not mapped, -EACCES if it is mapped
 * read-only, -EAGAIN as xe_cbev_vm_read(). Bytes before the failing page
 * may have been written.
 */
int xe_cbev_vm_write(struct xe_cbev_vm *vm, u64 addr, const void *buf,
		     size_t len, u64 *fault)
{
	return vm_copy(vm, addr, (void *)buf, len, true, fault);
}

static int svm_value(struct xe_cbev_vm *vm, u64 addr, unsigned int size,
		     u64 *value, bool write, enum xe_cbev_atomic_op op,
		     u64 operand);

/*
 * The binding, with a reference, for a naturally aligned @size-byte
 * access at @addr: -EINVAL if misaligned, -EFAULT if unmapped, -EACCES
 * for a write through a read-only binding.
 */
static int lookup_value(struct xe_cbev_vm *vm, u64 addr, unsigned int size,
			bool write, struct xe_cbev_vm_binding **out)
{
	struct xe_cbev_vm_binding *binding;

	if (!IS_ALIGNED(addr, size))
		return -EINVAL;
	binding = xe_cbev_vm_lookup(vm, addr);
	if (!binding)
		return -EFAULT;
	if (write && (binding->flags & XE_CBEV_BINDING_READONLY)) {
		xe_cbev_vm_binding_put(binding);
		return -EACCES;
	}
	*out = binding;
	return 0;
}

/**
 * xe_cbev_vm_load() - read a naturally aligned 32- or 64-bit value whole
 * @vm: the address space
 * @addr: GPU address, aligned to @size
 * @size: 4 or 8
 * @value: the value read
 * @bo: if not NULL, gets a reference to the object that holds the value,
 *	for waiting on it
 *
 * A value in the process's own memory has no object: *@bo is NULL.
 *
 * Return: 0, -EINVAL if misaligned, -EFAULT if not mapped, -EAGAIN if the
 * process's memory cannot be reached now.
 */
int xe_cbev_vm_load(struct xe_cbev_vm *vm, u64 addr, unsigned int size,
		    u64 *value, struct xe_cbev_bo **bo)
{
	struct xe_cbev_vm_binding *binding;
	void *va;
	int ret;

	ret = lookup_value(vm, addr, size, false, &binding);
	if (ret == -EFAULT) {
		if (bo)
			*bo = NULL;
		return svm_value(vm, addr, size, value, false, 0, 0);
	}
	if (ret)
		return ret;

	va = kmap_local_page(binding_page(binding, addr)) + offset_in_page(addr);
	*value = size == 8 ? READ_ONCE(*(u64 *)va) : READ_ONCE(*(u32 *)va);
	kunmap_local(va);

	if (bo) {
		*bo = binding->bo;
		drm_gem_object_get(&binding->bo->shmem.base);
	}
	xe_cbev_vm_binding_put(binding);
	return 0;
}

/* The value @op makes of @old and @operand. */
static u64 atomic_result(enum xe_cbev_atomic_op op, u64 old, u64 operand)
{
	switch (op) {
	case XE_CBEV_ATOMIC_AND:
		return old & operand;
	case XE_CBEV_ATOMIC_OR:
		return old | operand;
	case XE_CBEV_ATOMIC_XOR:
		return old ^ operand;
	case XE_CBEV_ATOMIC_MOVE:
		return operand;
	case XE_CBEV_ATOMIC_INC:
		return old + 1;
	case XE_CBEV_ATOMIC_DEC:
		return old - 1;
	case XE_CBEV_ATOMIC_ADD:
		return old + operand;
	case XE_CBEV_ATOMIC_SUB:
		return old - operand;
	}
	return old;
}

/*
 * Applies @op to the naturally aligned value at @va with a compare-and-
 * exchange loop, so that it is atomic against host CPU atomics too.
 */
static void atomic_apply(void *va, unsigned int size, enum xe_cbev_atomic_op op,
			 u64 operand)
{
	if (size == 8) {
		u64 *p = va, old = READ_ONCE(*p);

		while (!try_cmpxchg64(p, &old, atomic_result(op, old, operand)))
			;
	} else {
		u32 *p = va, old = READ_ONCE(*p);

		while (!try_cmpxchg(p, &old, (u32)atomic_result(op, old, operand)))
			;
	}
}

/*
 * Reads (@write false) or applies @op to (@write true) the naturally
 * aligned value at @addr of the process's own memory.
 */
static int svm_value(struct xe_cbev_vm *vm, u64 addr, unsigned int size,
		     u64 *value, bool write, enum xe_cbev_atomic_op op,
		     u64 operand)
{
	struct page *page;
	void *va;
	int ret;

	ret = xe_cbev_svm_get_pages(&vm->svm, addr, 1, write, &page);
	if (ret)
		return ret;
	va = kmap_local_page(page) + offset_in_page(addr);
	if (write)
		atomic_apply(va, size, op, operand);
	else
		*value = size == 8 ? READ_ONCE(*(u64 *)va) : READ_ONCE(*(u32 *)va);
	kunmap_local(va);
	xe_cbev_svm_put_pages(&vm->svm, &page, 1, write);
	return 0;
}

/**
 * xe_cbev_vm_atomic() - an atomic read-modify-write of GPU memory
 * @vm: the address space
 * @addr: GPU address, aligned to @size
 * @size: 4 or 8 bytes
 * @op: the operation
 * @operand: its operand, if it takes one
 *
 * Atomic against the engine and against host CPU atomics on the same
 * memory, so a counter that several queues add to adds up.
 *
 * Return: 0, -EINVAL if misaligned, -EFAULT if unmapped, -EACCES if
 * read-only, -EAGAIN if the process's memory cannot be reached now.
 */
int xe_cbev_vm_atomic(struct xe_cbev_vm *vm, u64 addr, unsigned int size,
		      enum xe_cbev_atomic_op op, u64 operand)
{
	struct xe_cbev_vm_binding *binding;
	void *va;
	int ret;

	ret = lookup_value(vm, addr, size, true, &binding);
	if (ret == -EFAULT)
		return svm_value(vm, addr, size, NULL, true, op, operand);
	if (ret)
		return ret;

	va = kmap_local_page(binding_page(binding, addr));
	atomic_apply(va + offset_in_page(addr), size, op, operand);
	kunmap_local(va);

	xe_cbev_bo_notify(binding->bo);
	xe_cbev_vm_binding_put(binding);
	return 0;
}

/**
 * xe_cbev_vm_write_u64() - store a qword that every reader sees whole
 * @vm: the address space
 * @addr: GPU address, 8-byte aligned
 * @value: the value
 *
 * Return: as xe_cbev_vm_atomic().
 */
int xe_cbev_vm_write_u64(struct xe_cbev_vm *vm, u64 addr, u64 value)
{
	return xe_cbev_vm_atomic(vm, addr, 8, XE_CBEV_ATOMIC_MOVE, value);
}
