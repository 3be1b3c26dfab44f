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
 *
 * A kernel moves at most the bytes its caller's budget allows, then stops
 * and keeps its progress (struct xe_cbev_builtin_state): the engine gives
 * each slice a byte budget and resumes the dispatch in the context's next
 * slice, so that no single dispatch holds the engine for long. The bounce
 * buffer is allocated with the engine context, never per dispatch.
 */

#define CHUNK	XE_CBEV_BUILTIN_SCRATCH_SIZE

/* FNV-1a, 64-bit: offset basis and prime. */
#define FNV64_BASIS	0xcbf29ce484222325ull
#define FNV64_PRIME	0x100000001b3ull

/* Takes @n bytes of work from the slice's budget. */
static void budget_take(u64 *budget, u64 n)
{
	*budget -= min(*budget, n);
}

static int builtin_fill(struct xe_cbev_vm *vm, const u64 *a,
			struct xe_cbev_builtin_state *st, u64 *budget, u64 *fault)
{
	u64 dst = a[0], size = a[1], pat = a[2], psize = a[3];
	u8 pattern[XE_CBEV_BUILTIN_MAX_PATTERN];
	u8 *buf = st->buf;
	size_t i, len;
	int ret;

	if (!st->active) {
		if (!psize || psize > sizeof(pattern) || size > XE_CBEV_BUILTIN_MAX_SIZE)
			return -EINVAL;
		ret = xe_cbev_vm_read(vm, pat, pattern, psize, fault);
		if (ret)
			return ret;
		/*
		 * The buffer holds whole repetitions, so chunks stay in phase;
		 * it keeps them while the fill goes on across slices. Only as
		 * much of it as the fill writes is made, by doubling: a small
		 * fill does not pay for a page of pattern.
		 */
		len = min_t(u64, size, CHUNK - CHUNK % psize);
		memcpy(buf, pattern, min_t(size_t, psize, len));
		for (i = psize; i < len; i *= 2)
			memcpy(buf + i, buf, min_t(size_t, i, len - i));
		st->active = true;
		st->done = 0;
	}

	while (st->done < size) {
		u64 n = min_t(u64, size - st->done, CHUNK - CHUNK % psize);

		if (!*budget)
			return -EAGAIN;
		ret = xe_cbev_vm_write(vm, dst + st->done, buf, n, fault);
		if (ret)
			return ret;
		st->done += n;
		budget_take(budget, n);
		cond_resched();
	}
	return 0;
}

static int builtin_copy(struct xe_cbev_vm *vm, const u64 *a,
			struct xe_cbev_builtin_state *st, u64 *budget, u64 *fault)
{
	u64 dst = a[0], src = a[1], size = a[2];
	int ret;

	if (!st->active) {
		if (size > XE_CBEV_BUILTIN_MAX_SIZE)
			return -EINVAL;
		st->active = true;
		st->done = 0;
	}
	while (st->done < size) {
		u64 n = min_t(u64, size - st->done, CHUNK);

		if (!*budget)
			return -EAGAIN;
		ret = xe_cbev_vm_read(vm, src + st->done, st->buf, n, fault);
		if (!ret)
			ret = xe_cbev_vm_write(vm, dst + st->done, st->buf, n, fault);
		if (ret)
			return ret;
		st->done += n;
		budget_take(budget, n);
		cond_resched();
	}
	return 0;
}

/* add_u32 (scale == false) and scale_u32, element-wise over a[3] u32s. */
static int builtin_elementwise(struct xe_cbev_vm *vm, const u64 *a,
			       struct xe_cbev_builtin_state *st, bool scale,
			       u64 *budget, u64 *fault)
{
	u32 *x = (u32 *)st->buf, *y = (u32 *)(st->buf + CHUNK / 2);
	const u64 per = CHUNK / 2 / sizeof(u32);
	u64 dst = a[0], n = a[3], i;
	int ret;

	if (!st->active) {
		if (n > XE_CBEV_BUILTIN_MAX_SIZE / sizeof(u32))
			return -EINVAL;
		st->active = true;
		st->done = 0;
	}

	while (st->done < n) {
		u64 cnt = min(n - st->done, per), off = st->done * sizeof(u32);

		if (!*budget)
			return -EAGAIN;
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
		st->done += cnt;
		budget_take(budget, cnt * sizeof(u32));
		cond_resched();
	}
	return 0;
}

static int builtin_checksum(struct xe_cbev_vm *vm, const u64 *a,
			    struct xe_cbev_builtin_state *st, u64 *budget,
			    u64 *fault)
{
	u64 dst = a[0], src = a[1], size = a[2];
	u64 i;
	int ret;

	if (!st->active) {
		if (size > XE_CBEV_BUILTIN_MAX_SIZE)
			return -EINVAL;
		st->active = true;
		st->done = 0;
		st->hash = FNV64_BASIS;
	}
	while (st->done < size) {
		u64 n = min_t(u64, size - st->done, CHUNK);

		if (!*budget)
			return -EAGAIN;
		ret = xe_cbev_vm_read(vm, src + st->done, st->buf, n, fault);
		if (ret)
			return ret;
		for (i = 0; i < n; i++) {
			st->hash ^= st->buf[i];
			st->hash *= FNV64_PRIME;
		}
		st->done += n;
		budget_take(budget, n);
		cond_resched();
	}
	ret = xe_cbev_vm_write_u64(vm, dst, st->hash);
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
 * xe_cbev_builtin_run() - run a built-in kernel other than spin, or go on
 * with it
 * @vm: the address space
 * @id: XE_CBEV_BUILTIN_*
 * @args: XE_CBEV_DISPATCH_NUM_ARGS arguments
 * @st: the dispatch's state: not active for a new dispatch; its scratch
 *	buffer is the caller's, allocated beforehand, so that a dispatch never
 *	allocates
 * @budget: bytes the kernel may still move; it takes what it moves, and
 *	stops when nothing is left
 * @fault: where a faulting address goes
 *
 * A kernel that runs out of @budget before it is done keeps its progress
 * in @st and returns -EAGAIN: called again with the same arguments and
 * @st, it goes on where it stopped.
 *
 * Return: 0 when done; -EAGAIN when it must go on; -EINVAL for an
 * unknown kernel, a bad argument or a size over XE_CBEV_BUILTIN_MAX_SIZE;
 * -EFAULT or -EACCES from memory access.
 */
int xe_cbev_builtin_run(struct xe_cbev_vm *vm, u32 id, const u64 *args,
			struct xe_cbev_builtin_state *st, u64 *budget, u64 *fault)
{
	int ret;

	switch (id) {
	case XE_CBEV_BUILTIN_FILL:
		ret = builtin_fill(vm, args, st, budget, fault);
		break;
	case XE_CBEV_BUILTIN_COPY:
		ret = builtin_copy(vm, args, st, budget, fault);
		break;
	case XE_CBEV_BUILTIN_ADD_U32:
		ret = builtin_elementwise(vm, args, st, false, budget, fault);
		break;
	case XE_CBEV_BUILTIN_SCALE_U32:
		ret = builtin_elementwise(vm, args, st, true, budget, fault);
		break;
	case XE_CBEV_BUILTIN_CHECKSUM:
		ret = builtin_checksum(vm, args, st, budget, fault);
		break;
	default:
		ret = -EINVAL;
		break;
	}
	if (ret != -EAGAIN)
		st->active = false;
	return ret;
}
