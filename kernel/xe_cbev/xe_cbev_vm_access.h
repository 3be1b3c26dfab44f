/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_VM_ACCESS_H_
#define _XE_CBEV_VM_ACCESS_H_

#include <linux/types.h>

#include <uapi/drm/xe_cbev_cs.h>

struct xe_cbev_bo;
struct xe_cbev_vm;

/* Operations of xe_cbev_vm_atomic(): MI_ATOMIC's, see the contract. */
enum xe_cbev_atomic_op {
	XE_CBEV_ATOMIC_AND = XE_CBEV_MI_ATOMIC_AND,
	XE_CBEV_ATOMIC_OR = XE_CBEV_MI_ATOMIC_OR,
	XE_CBEV_ATOMIC_XOR = XE_CBEV_MI_ATOMIC_XOR,
	XE_CBEV_ATOMIC_MOVE = XE_CBEV_MI_ATOMIC_MOVE,
	XE_CBEV_ATOMIC_INC = XE_CBEV_MI_ATOMIC_INC,
	XE_CBEV_ATOMIC_DEC = XE_CBEV_MI_ATOMIC_DEC,
	XE_CBEV_ATOMIC_ADD = XE_CBEV_MI_ATOMIC_ADD,
	XE_CBEV_ATOMIC_SUB = XE_CBEV_MI_ATOMIC_SUB,
};

size_t xe_cbev_vm_peek(struct xe_cbev_vm *vm, u64 addr, void *buf, size_t len);
int xe_cbev_vm_read(struct xe_cbev_vm *vm, u64 addr, void *buf, size_t len,
		    u64 *fault);
int xe_cbev_vm_write(struct xe_cbev_vm *vm, u64 addr, const void *buf,
		     size_t len, u64 *fault);
int xe_cbev_vm_load(struct xe_cbev_vm *vm, u64 addr, unsigned int size,
		    u64 *value, struct xe_cbev_bo **bo);
int xe_cbev_vm_write_u64(struct xe_cbev_vm *vm, u64 addr, u64 value);
int xe_cbev_vm_atomic(struct xe_cbev_vm *vm, u64 addr, unsigned int size,
		      enum xe_cbev_atomic_op op, u64 operand);

#endif /* _XE_CBEV_VM_ACCESS_H_ */
