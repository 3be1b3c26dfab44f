/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_VM_H_
#define _XE_CBEV_VM_H_

#include <linux/mm.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_vm_types.h"

struct drm_gem_object;
struct seq_file;

/* Most bindings user space may make in one file (see VM_BIND). */
#define XE_CBEV_VM_MAX_USER_BINDINGS	DRM_XE_CBEV_MAX_BINDINGS_PER_FILE

void xe_cbev_vm_init(struct xe_cbev_vm *vm, struct xe_cbev_device *xdev);
void xe_cbev_vm_fini(struct xe_cbev_vm *vm);

int xe_cbev_vm_map(struct xe_cbev_vm *vm, struct xe_cbev_bo *bo,
		   struct drm_gem_object *holder, u64 offset, u64 range,
		   u64 addr, u32 flags);
int xe_cbev_vm_unmap(struct xe_cbev_vm *vm, u64 addr, u64 range,
		     bool kernel);

struct xe_cbev_vm_binding *xe_cbev_vm_lookup(struct xe_cbev_vm *vm, u64 addr);
u64 xe_cbev_vm_next_bound(struct xe_cbev_vm *vm, u64 addr, u64 last);
void xe_cbev_vm_binding_put(struct xe_cbev_vm_binding *binding);

/**
 * xe_cbev_vm_binding_page() - the page of a binding that holds an address
 * @binding: the binding
 * @addr: a GPU address the binding covers
 *
 * Return: the page, pinned while the binding lives.
 */
static inline struct page *
xe_cbev_vm_binding_page(const struct xe_cbev_vm_binding *binding, u64 addr)
{
	return binding->pages[(addr - binding->start) >> PAGE_SHIFT];
}

void xe_cbev_vm_print(struct xe_cbev_vm *vm, struct seq_file *m);

#endif /* _XE_CBEV_VM_H_ */
