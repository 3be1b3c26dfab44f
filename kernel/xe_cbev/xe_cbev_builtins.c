// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/minmax.h>
#include <linux/sched.h>
#include <linux/sizes.h>

#include <uapi/drm/xe_cbev_cs.h>

#include "xe_cbev_vm_access.h"
#include "xe_cbev_builtins.h"

/**
 * DOC: built-in kernels
 *
 * XE_CBEV_DISPATCH runs one of a few built-in compute kernels over memory
 * of the file's address space: fill, copy, add_u32, scale_u32 and
 * checksum here (spin is the queue's business, since it only takes time).
 * They work in page-sized chunks through a bounce buffer, so every byte
 * goes through the same address translation and checks as any command.
 */

#define CHUNK	XE_CBEV_BUILTIN_SCRATCH_SIZE

/* FNV-1a, 64-bit: offset basis and prime. */
#define FNV64_BASIS	0xcbf29ce484222325ull
#define FNV64_PRIME	0x100000001b3ull

static int builtin_fill(struct xe_cbev_vm *vm, const u64 *a, u8 *buf, u64 *fault)
{
	u64 dst = a[0], size = a[1], pat = a[2], psize = a[3];
	u8 pattern[XE_CBEV_BUILTIN_MAX_PATTERN];
	u64 done = 0;
	size_t i;
	int ret;

	if (!psize || psize > sizeof(pattern) || size > XE_CBEV_BUILTIN_MAX_SIZE)
		return -EINVAL;
	ret = xe_cbev_vm_read(vm, pat, pattern, psize, fault);
	if (ret)
		return ret;
	/* The buffer holds whole repetitions, so chunks stay in phase. */
	for (i = 0; i < CHUNK; i++)
		buf[i] = pattern[i % psize];

	while (done < size) {
		u64 n = min_t(u64, size - done, CHUNK - CHUNK % psize);

		ret = xe_cbev_vm_write(vm, dst + done, buf, n, fault);
		if (ret)
			return ret;
		done += n;
		cond_resched();
	}
	return 0;
}

static int builtin_copy(struct xe_cbev_vm *vm, const u64 *a, u8 *buf, u64 *fault)
{
	u64 dst = a[0], src = a[1], size = a[2], done = 0;
	int ret;

	if (size > XE_CBEV_BUILTIN_MAX_SIZE)
		return -EINVAL;
	while (done < size) {
		u64 n = min_t(u64, size - done, CHUNK);

		ret = xe_cbev_vm_read(vm, src + done, buf, n, fault);
		if (!ret)
			ret = xe_cbev_vm_write(vm, dst + done, buf, n, fault);
		if (ret)
			return ret;
		done += n;
		cond_resched();
	}
	return 0;
}

/* add_u32 (scale == false) and scale_u32, element-wise over a[3] u32s. */
static int builtin_elementwise(struct xe_cbev_vm *vm, const u64 *a, u8 *buf,
			       bool scale, u64 *fault)
{
	u32 *x = (u32 *)buf, *y = (u32 *)(buf + CHUNK / 2);
	const u64 per = CHUNK / 2 / sizeof(u32);
	u64 dst = a[0], n = a[3], done = 0, i;
	int ret;

	if (n > XE_CBEV_BUILTIN_MAX_SIZE / sizeof(u32))
		return -EINVAL;

	while (done < n) {
		u64 cnt = min(n - done, per), off = done * sizeof(u32);

		ret = xe_cbev_vm_read(vm, a[1] + off, x, cnt * 4, fault);
		if (!ret && !scale)
			ret = xe_cbev_vm_read(vm, a[2] + off, y, cnt * 4, fault);
		if (ret)
			return ret;
		for (i = 0; i < cnt; i++)
			x[i] = scale ? x[i] * (u32)a[2] : x[i] + y[i];
		ret = xe_cbev_vm_write(vm, dst + off, x, cnt * 4, fault);
		if (ret)
			return ret;
		done += cnt;
		cond_resched();
	}
	return 0;
}

static int builtin_checksum(struct xe_cbev_vm *vm, const u64 *a, u8 *buf,
			    u64 *fault)
{
	u64 dst = a[0], src = a[1], size = a[2], done = 0;
	u64 hash = FNV64_BASIS;
	u64 i;
	int ret;

	if (size > XE_CBEV_BUILTIN_MAX_SIZE)
		return -EINVAL;
	while (done < size) {
		u64 n = min_t(u64, size - done, CHUNK);

		ret = xe_cbev_vm_read(vm, src + done, buf, n, fault);
		if (ret)
			return ret;
		for (i = 0; i < n; i++) {
			hash ^= buf[i];
			hash *= FNV64_PRIME;
		}
		done += n;
		cond_resched();
	}
	ret = xe_cbev_vm_write_u64(vm, dst, hash);
	if (ret)
		*fault = dst;
	return ret;
}

/**
 * xe_cbev_builtin_num_args() - how many arguments a built-in kernel takes
 * @id: XE_CBEV_BUILTIN_*
 *
 * Return: the count; XE_CBEV_DISPATCH_NUM_ARGS for an unknown kernel, which
 * the dispatch refuses anyway.
 */
unsigned int xe_cbev_builtin_num_args(u32 id)
{
	static const u8 nargs[] = {
		[XE_CBEV_BUILTIN_FILL] = XE_CBEV_BUILTIN_FILL_ARGS,
		[XE_CBEV_BUILTIN_COPY] = XE_CBEV_BUILTIN_COPY_ARGS,
		[XE_CBEV_BUILTIN_ADD_U32] = XE_CBEV_BUILTIN_ADD_U32_ARGS,
		[XE_CBEV_BUILTIN_SCALE_U32] = XE_CBEV_BUILTIN_SCALE_U32_ARGS,
		[XE_CBEV_BUILTIN_CHECKSUM] = XE_CBEV_BUILTIN_CHECKSUM_ARGS,
		[XE_CBEV_BUILTIN_SPIN] = XE_CBEV_BUILTIN_SPIN_ARGS,
	};

	return id && id < ARRAY_SIZE(nargs) ? nargs[id] : XE_CBEV_DISPATCH_NUM_ARGS;
}

/**
 * xe_cbev_builtin_run() - run a built-in kernel other than spin
 * @vm: the address space
 * @id: XE_CBEV_BUILTIN_*
 * @args: XE_CBEV_DISPATCH_NUM_ARGS arguments
 * @buf: XE_CBEV_BUILTIN_SCRATCH_SIZE bytes of scratch, allocated by the
 *	caller beforehand, so that a dispatch never allocates
 * @fault: where a faulting address goes
 *
 * Return: 0; -EINVAL for an unknown kernel, a bad argument or a size over
 * XE_CBEV_BUILTIN_MAX_SIZE; -EFAULT or -EACCES from memory access.
 */
int xe_cbev_builtin_run(struct xe_cbev_vm *vm, u32 id, const u64 *args,
			u8 *buf, u64 *fault)
{
	int ret;

	switch (id) {
	case XE_CBEV_BUILTIN_FILL:
		ret = builtin_fill(vm, args, buf, fault);
		break;
	case XE_CBEV_BUILTIN_COPY:
		ret = builtin_copy(vm, args, buf, fault);
		break;
	case XE_CBEV_BUILTIN_ADD_U32:
		ret = builtin_elementwise(vm, args, buf, false, fault);
		break;
	case XE_CBEV_BUILTIN_SCALE_U32:
		ret = builtin_elementwise(vm, args, buf, true, fault);
		break;
	case XE_CBEV_BUILTIN_CHECKSUM:
		ret = builtin_checksum(vm, args, buf, fault);
		break;
	default:
		ret = -EINVAL;
		break;
	}
	return ret;
}
