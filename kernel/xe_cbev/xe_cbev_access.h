/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_ACCESS_H_
#define _XE_CBEV_ACCESS_H_

#include <linux/types.h>

struct xe_cbev_bo;
struct xe_cbev_vm;

/* Operations of xe_cbev_vm_atomic(); the low 5 bits of MI_ATOMIC's opcode. */
enum xe_cbev_atomic_op {
	XE_CBEV_ATOMIC_AND = 0x01,
	XE_CBEV_ATOMIC_OR = 0x02,
	XE_CBEV_ATOMIC_XOR = 0x03,
	XE_CBEV_ATOMIC_MOVE = 0x04,
	XE_CBEV_ATOMIC_INC = 0x05,
	XE_CBEV_ATOMIC_DEC = 0x06,
	XE_CBEV_ATOMIC_ADD = 0x07,
	XE_CBEV_ATOMIC_SUB = 0x08,
};

int xe_cbev_vm_read(struct xe_cbev_vm *vm, u64 addr, void *buf, size_t len,
		    u64 *fault);
int xe_cbev_vm_write(struct xe_cbev_vm *vm, u64 addr, const void *buf,
		     size_t len, u64 *fault);
int xe_cbev_vm_load(struct xe_cbev_vm *vm, u64 addr, unsigned int size,
		    u64 *value, struct xe_cbev_bo **bo);
int xe_cbev_vm_write_u64(struct xe_cbev_vm *vm, u64 addr, u64 value);
int xe_cbev_vm_atomic(struct xe_cbev_vm *vm, u64 addr, unsigned int size,
		      enum xe_cbev_atomic_op op, u64 operand);

#endif /* _XE_CBEV_ACCESS_H_ */
