// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/maple_tree.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_device.h"
#include "xe_cbev_svm.h"
#include "xe_cbev_vm.h"

/**
 * DOC: GPU address spaces
 *
 * Each open file has one GPU VM: a maple tree from GPU address ranges to
 * bindings, each a buffer object range. User space binds in the lower
 * half of the 48-bit space, at any page-aligned address it likes, so a
 * buffer can sit at the address its CPU mapping has; the kernel binds
 * counter pages in the upper half.
 *
 * User space may make at most XE_CBEV_VM_MAX_USER_BINDINGS bindings per
 * file (65536, as many as a process's CPU mappings by default,
 * vm.max_map_count); past that a bind is -ENOSPC. Each costs a few hundred
 * bytes plus 8 bytes per page bound, charged to the memory cgroup.
 *
 * A binding pins the pages of the range it binds (and only those: one
 * page of a 64 GiB object is one page resident) for its whole life, and
 * holds what was bound: the object, or an export view of it. The VM_BIND ioctl is
 * xe_cbev_vm_bind.c. The engine looks
 * addresses up under RCU and takes a reference on the binding for each
 * access, so an unbind that races with the engine only drops the VM's
 * reference: the pages go when the last access is done.
 */

static void binding_release(struct kref *ref)
{
	struct xe_cbev_vm_binding *binding =
		container_of(ref, struct xe_cbev_vm_binding, ref);
	struct xe_cbev_bo *bo = binding->bo;

	/* The binding's device is its holder's (a peer view's, not @bo's). */
	atomic_dec(&to_xe_cbev_device(binding->holder->dev)->stats.bindings);
	xe_cbev_bo_unpin_range(bo, binding->pages,
			       (binding->last - binding->start + 1) >> PAGE_SHIFT,
			       !(binding->flags & XE_CBEV_BINDING_READONLY));
	kvfree(binding->pages);
	drm_gem_object_put(binding->holder);
	kfree_rcu(binding, rcu);
}

/**
 * xe_cbev_vm_binding_put() - drop a reference on a binding
 * @binding: the binding
 *
 * Context: process context; the last put may sleep to unpin pages.
 */
void xe_cbev_vm_binding_put(struct xe_cbev_vm_binding *binding)
{
	might_sleep();
	kref_put(&binding->ref, binding_release);
}

/**
 * xe_cbev_vm_lookup() - find the binding that covers a GPU address
 * @vm: the address space
 * @addr: GPU address
 *
 * Context: any; takes no lock but RCU.
 * Return: the binding with a reference, or NULL if @addr is not mapped.
 */
struct xe_cbev_vm_binding *xe_cbev_vm_lookup(struct xe_cbev_vm *vm, u64 addr)
{
	struct xe_cbev_vm_binding *binding;

	rcu_read_lock();
	binding = mtree_load(&vm->mt, addr);
	if (binding && !kref_get_unless_zero(&binding->ref))
		binding = NULL;
	rcu_read_unlock();
	return binding;
}

/**
 * xe_cbev_vm_next_bound() - where the next binding starts
 * @vm: the address space
 * @addr: first GPU address to look at
 * @last: last GPU address to look at
 *
 * Context: any; takes no lock but RCU.
 * Return: the first address in [@addr, @last] a binding covers, or
 * @last + 1 if none does.
 */
u64 xe_cbev_vm_next_bound(struct xe_cbev_vm *vm, u64 addr, u64 last)
{
	struct xe_cbev_vm_binding *binding;
	unsigned long index = addr;
	u64 next = last + 1;

	rcu_read_lock();
	binding = mt_find(&vm->mt, &index, last);
	if (binding)
		next = max(binding->start, addr);
	rcu_read_unlock();
	return next;
}

/**
 * xe_cbev_vm_init() - set up an empty address space
 * @vm: the address space
 * @xdev: its device
 */
void xe_cbev_vm_init(struct xe_cbev_vm *vm, struct xe_cbev_device *xdev)
{
	vm->xdev = xdev;
	mutex_init(&vm->lock);
	mt_init_flags(&vm->mt, MT_FLAGS_USE_RCU);
	vm->nr_bindings = 0;
	vm->nr_user_bindings = 0;
	xe_cbev_svm_init(&vm->svm);
}

/**
 * xe_cbev_vm_fini() - unmap everything and tear the address space down
 * @vm: the address space; nothing may use it any more
 */
void xe_cbev_vm_fini(struct xe_cbev_vm *vm)
{
	struct xe_cbev_vm_binding *binding;
	unsigned long index = 0;

	mutex_lock(&vm->lock);
	mt_for_each(&vm->mt, binding, index, ULONG_MAX) {
		xe_cbev_vm_binding_put(binding);
		/* A file may hold tens of thousands of bindings. */
		cond_resched();
	}
	/*
	 * Nobody looks addresses up any more (the file's queues and ioctls
	 * are gone), so the nodes are freed at once rather than after a
	 * grace period: 6.1's RCU-mode destroy walk (mt_free_walk) faults on
	 * a tree of a few levels, as tens of thousands of bindings make.
	 */
	mt_clear_in_rcu(&vm->mt);
	mtree_destroy(&vm->mt);
	vm->nr_bindings = 0;
	vm->nr_user_bindings = 0;
	mutex_unlock(&vm->lock);
	xe_cbev_svm_fini(&vm->svm);
	mutex_destroy(&vm->lock);
}

/**
 * xe_cbev_vm_map() - map a buffer object range
 * @vm: the address space
 * @bo: the object whose pages are mapped
 * @holder: what was bound, which keeps @bo alive: NULL for @bo itself, or
 *	an export view of it; the binding takes its own reference
 * @offset: page-aligned byte offset in @bo
 * @range: page-aligned, non-zero length inside @bo
 * @addr: page-aligned GPU address
 * @flags: XE_CBEV_BINDING_*
 *
 * The caller has checked the arguments against the object and the part of
 * the address space it may use.
 *
 * Return: 0, -EINVAL if the range overlaps a mapping, -ENOSPC if user
 * space has XE_CBEV_VM_MAX_USER_BINDINGS bindings already (@flags without
 * XE_CBEV_BINDING_KERNEL), -ENOMEM, -EINTR.
 */
int xe_cbev_vm_map(struct xe_cbev_vm *vm, struct xe_cbev_bo *bo,
		   struct drm_gem_object *holder, u64 offset, u64 range,
		   u64 addr, u32 flags)
{
	bool user = !(flags & XE_CBEV_BINDING_KERNEL);
	struct xe_cbev_vm_binding *binding;
	int ret;

	/* Checked again under the lock; this only spares a pointless pin. */
	if (user && READ_ONCE(vm->nr_user_bindings) >= XE_CBEV_VM_MAX_USER_BINDINGS)
		return -ENOSPC;

	binding = kzalloc(sizeof(*binding), GFP_KERNEL_ACCOUNT);
	if (!binding)
		return -ENOMEM;
	binding->pages = kvmalloc_array(range >> PAGE_SHIFT, sizeof(*binding->pages),
					GFP_KERNEL_ACCOUNT);
	if (!binding->pages) {
		ret = -ENOMEM;
		goto err_free;
	}

	ret = xe_cbev_bo_pin_range(bo, offset >> PAGE_SHIFT, range >> PAGE_SHIFT,
				   binding->pages);
	if (ret)
		goto err_free;

	kref_init(&binding->ref);
	binding->holder = holder ?: &bo->shmem.base;
	drm_gem_object_get(binding->holder);
	binding->bo = bo;
	binding->start = addr;
	binding->last = addr + range - 1;
	binding->offset = offset;
	binding->flags = flags;

	mutex_lock(&vm->lock);
	if (user && vm->nr_user_bindings >= XE_CBEV_VM_MAX_USER_BINDINGS)
		ret = -ENOSPC;
	else
		ret = mtree_insert_range(&vm->mt, binding->start, binding->last,
					 binding, GFP_KERNEL_ACCOUNT);
	if (!ret) {
		vm->nr_bindings++;
		vm->nr_user_bindings += user;
	}
	mutex_unlock(&vm->lock);
	if (ret)
		goto err_put;

	atomic_inc(&vm->xdev->stats.bindings);
	return 0;

err_put:
	xe_cbev_bo_unpin_range(bo, binding->pages, range >> PAGE_SHIFT, false);
	drm_gem_object_put(binding->holder);
err_free:
	kvfree(binding->pages);
	kfree(binding);
	return ret == -EEXIST ? -EINVAL : ret;
}

/**
 * xe_cbev_vm_unmap() - unmap every binding inside a range
 * @vm: the address space
 * @addr: first GPU address
 * @range: length in bytes, not zero, no wrap-around
 * @kernel: unmap the kernel's bindings (else they are refused)
 *
 * Return: 0; -EINVAL if a binding straddles an end of the range or is the
 * kernel's (and @kernel is false), in which case nothing is unmapped;
 * -ENOENT if nothing is mapped in the range.
 */
int xe_cbev_vm_unmap(struct xe_cbev_vm *vm, u64 addr, u64 range, bool kernel)
{
	const u64 last = addr + range - 1;
	struct xe_cbev_vm_binding *binding;
	unsigned long index;
	int found = 0;
	int ret = 0;

	mutex_lock(&vm->lock);

	/* Check the whole range first: all or nothing. */
	index = addr;
	mt_for_each(&vm->mt, binding, index, last) {
		if (binding->start < addr || binding->last > last ||
		    (!kernel && (binding->flags & XE_CBEV_BINDING_KERNEL))) {
			ret = -EINVAL;
			goto out_unlock;
		}
		found++;
	}
	if (!found) {
		ret = -ENOENT;
		goto out_unlock;
	}

	index = addr;
	mt_for_each(&vm->mt, binding, index, last) {
		mtree_erase(&vm->mt, binding->start);
		vm->nr_bindings--;
		vm->nr_user_bindings -= !(binding->flags & XE_CBEV_BINDING_KERNEL);
		xe_cbev_vm_binding_put(binding);
	}

out_unlock:
	mutex_unlock(&vm->lock);
	return ret;
}

/**
 * xe_cbev_vm_print() - list the bindings, for debugfs
 * @vm: the address space
 * @m: where to print
 */
void xe_cbev_vm_print(struct xe_cbev_vm *vm, struct seq_file *m)
{
	struct xe_cbev_vm_binding *binding;
	unsigned long index = 0;

	mutex_lock(&vm->lock);
	seq_printf(m, "  bindings: %u\n", vm->nr_bindings);
	mt_for_each(&vm->mt, binding, index, ULONG_MAX)
		seq_printf(m, "    0x%012llx-0x%012llx bo+0x%llx %s%s\n",
			   binding->start, binding->last, binding->offset,
			   binding->flags & XE_CBEV_BINDING_READONLY ? "ro" : "rw",
			   binding->flags & XE_CBEV_BINDING_KERNEL ? " kernel" : "");
	mutex_unlock(&vm->lock);
}
