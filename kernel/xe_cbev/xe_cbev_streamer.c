// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/ktime.h>
#include <linux/slab.h>

#include <uapi/drm/xe_cbev_cs.h>
#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_vm_access.h"
#include "xe_cbev_bo.h"
#include "xe_cbev_streamer.h"
#include "xe_cbev_builtins.h"
#include "xe_cbev_ctx.h"
#include "xe_cbev_eu.h"
#include "xe_cbev_trace.h"
#include "xe_cbev_vm.h"
#include "xe_cbev_writer.h"

/**
 * DOC: command streamer
 *
 * The software backend's executor: it runs an engine context's commands in
 * order, the ring up to a job's tail, then the job's batch buffers, then
 * the next job, for one slice at a time (the engine decides when). Commands come from
 * the ring (through the kernel's mapping of the ring object) or from batch
 * buffers (through the file's address space); either way a command is
 * copied whole before it runs, so user space rewriting memory meanwhile
 * can only change what it asked for, never what the engine checked.
 *
 * A command that cannot complete yet leaves the queue where it is: an
 * unsatisfied semaphore wait parks the queue on the object that holds the
 * value, a spin kernel until its deadline; the command runs again when the
 * queue is woken. A dispatch that has used up the slice's budget ends the
 * slice; fetched again in the next one, it goes on where it stopped.
 * Anything malformed or out of bounds is a fault, which bans the queue.
 * XE_CBEV_DISPATCH goes to the context's backend
 * (&xe_cbev_engine_ops.dispatch); XE_CBEV_USER_DISPATCH to the submitting
 * file's execution units (xe_cbev_eu.c), holding the queue until they
 * report. It touches the context only through
 * xe_cbev_ctx.h. The format is <uapi/drm/xe_cbev_cs.h>, described in
 * Documentation/command-stream.rst.
 */

/* Longest command the engine knows, in dwords. */
#define CMD_MAX_DWORDS		XE_CBEV_CS_MAX_DWORDS

/* GPU addresses are 48 bits wide. */
#define GPU_ADDR_MASK		GENMASK_ULL(47, 0)

/* A fetched command and where it came from. */
struct cs_cmd {
	u32 dw[CMD_MAX_DWORDS];
	u32 len;		/* dwords */
};

/* What executing one command did. */
enum cs_status {
	CS_DONE,		/* go on with the next command */
	CS_JUMPED,		/* control flow moved; don't advance */
	CS_PARKED,		/* semaphore not satisfied */
	CS_SPIN,		/* spin kernel not finished */
	CS_YIELD,		/* dispatch goes on in the next slice */
	CS_FAULT,		/* banned */
	CS_EU,			/* held for the execution units */
};

/* Fault bookkeeping for the queue that runs. */
static enum cs_status cs_fault(struct xe_cbev_ctx *ctx, u32 reason, u64 addr)
{
	xe_cbev_ctx_ban(ctx, reason, addr);
	return CS_FAULT;
}

/*
 * Maps an access error to a ban; process memory that cannot be reached
 * now (-EAGAIN) is no error: the command runs again in the next slice.
 */
static enum cs_status cs_access_fault(struct xe_cbev_ctx *ctx, int err,
				      u64 addr)
{
	switch (err) {
	case -EAGAIN:
		return CS_YIELD;
	case -EACCES:
		return cs_fault(ctx, DRM_XE_CBEV_BAN_READONLY, addr);
	case -EINVAL:
		return cs_fault(ctx, DRM_XE_CBEV_BAN_ALIGNMENT, addr);
	default:
		return cs_fault(ctx, DRM_XE_CBEV_BAN_UNMAPPED, addr);
	}
}

static u64 cmd_addr(const struct cs_cmd *cmd, unsigned int lo)
{
	return ((u64)cmd->dw[lo + 1] << 32 | cmd->dw[lo]) & ~3ull;
}

/**
 * xe_cbev_compare() - evaluate a wait condition
 * @mem: the value in memory
 * @value: the value it is compared with
 * @uapi_op: DRM_XE_CBEV_CMP_*
 *
 * Return: whether "@mem op @value" holds.
 */
bool xe_cbev_compare(u64 mem, u64 value, u32 uapi_op)
{
	switch (uapi_op) {
	case DRM_XE_CBEV_CMP_GTE:
		return mem >= value;
	case DRM_XE_CBEV_CMP_GT:
		return mem > value;
	case DRM_XE_CBEV_CMP_LTE:
		return mem <= value;
	case DRM_XE_CBEV_CMP_LT:
		return mem < value;
	case DRM_XE_CBEV_CMP_EQ:
		return mem == value;
	default:
		return mem != value;
	}
}

/* MI compare operation -> DRM_XE_CBEV_CMP_*. */
static const u8 mi_to_cmp[] = {
	[XE_CBEV_MI_SAD_GT] = DRM_XE_CBEV_CMP_GT,
	[XE_CBEV_MI_SAD_GTE] = DRM_XE_CBEV_CMP_GTE,
	[XE_CBEV_MI_SAD_LT] = DRM_XE_CBEV_CMP_LT,
	[XE_CBEV_MI_SAD_LTE] = DRM_XE_CBEV_CMP_LTE,
	[XE_CBEV_MI_SAD_EQ] = DRM_XE_CBEV_CMP_EQ,
	[XE_CBEV_MI_SAD_NEQ] = DRM_XE_CBEV_CMP_NEQ,
};

/*
 * Length in dwords of the command starting with @dw0, or 0 if the engine
 * does not know it (-1: known, with a length it does not support).
 */
static int cmd_length(u32 dw0)
{
	u32 len8 = (dw0 & XE_CBEV_MI_LEN_MASK) + 2;

	if (XE_CBEV_CS_TYPE(dw0) == XE_CBEV_CS_TYPE_GFXPIPE) {
		if (dw0 == XE_CBEV_PIPE_CONTROL_DW0)
			return XE_CBEV_PIPE_CONTROL_DWORDS;
		if ((dw0 & XE_CBEV_DISPATCH_MASK) == XE_CBEV_DISPATCH)
			return len8 == XE_CBEV_DISPATCH_DWORDS ? len8 : -1;
		if ((dw0 & XE_CBEV_DISPATCH_MASK) == XE_CBEV_USER_DISPATCH)
			return len8 == XE_CBEV_USER_DISPATCH_DWORDS ? len8 : -1;
		return 0;
	}
	if (XE_CBEV_CS_TYPE(dw0) != XE_CBEV_CS_TYPE_MI)
		return 0;

	switch (XE_CBEV_MI_OPCODE(dw0)) {
	case XE_CBEV_MI_NOOP:
	case XE_CBEV_MI_USER_INTERRUPT:
	case XE_CBEV_MI_ARB_CHECK:
	case XE_CBEV_MI_ARB_ON_OFF:
	case XE_CBEV_MI_BATCH_BUFFER_END:
		return 1;
	case XE_CBEV_MI_SEMAPHORE_WAIT:
		return len8 == XE_CBEV_MI_SEMAPHORE_WAIT_DWORDS ||
		       len8 == XE_CBEV_MI_SEMAPHORE_WAIT_TOKEN_DWORDS ? len8 : -1;
	case XE_CBEV_MI_STORE_DATA_IMM:
		len8 = (dw0 & XE_CBEV_MI_SDI_LEN_MASK) + 2;
		return len8 == XE_CBEV_MI_STORE_DATA_IMM_DWORDS ||
		       len8 == XE_CBEV_MI_STORE_DATA_IMM_QW_DWORDS ? len8 : -1;
	case XE_CBEV_MI_STORE_REGISTER_MEM:
		return len8 == XE_CBEV_MI_STORE_REGISTER_MEM_DWORDS ? len8 : -1;
	case XE_CBEV_MI_ATOMIC:
		return len8 == XE_CBEV_MI_ATOMIC_DWORDS ||
		       len8 == XE_CBEV_MI_ATOMIC_INLINE_DWORDS ? len8 : -1;
	case XE_CBEV_MI_BATCH_BUFFER_START:
		return len8 == XE_CBEV_MI_BATCH_BUFFER_START_DWORDS ? len8 : -1;
	case XE_CBEV_MI_SEMAPHORE_WAIT_64:
		return len8 == XE_CBEV_MI_SEMAPHORE_WAIT_64_DWORDS ? len8 : -1;
	default:
		return 0;
	}
}

/*
 * Traces a semaphore wait that parks (@park) or holds after parking: the
 * object and offset it watches are looked up only while tracing.
 */
static void cs_trace_cond(struct xe_cbev_ctx *ctx, bool park, u64 addr,
			  u32 op, u64 value, u64 mem)
{
	struct xe_cbev_vm_binding *binding = xe_cbev_vm_lookup(ctx->vm, addr);
	u64 off;

	if (!binding)
		return;
	off = addr - binding->start + binding->offset;
	if (park)
		trace_xe_cbev_queue_park(ctx, addr, binding->bo, off, op, value, mem);
	else
		trace_xe_cbev_queue_wake(ctx, addr, binding->bo, off, op, value, mem);
	xe_cbev_vm_binding_put(binding);
}

/* Traces a write of the engine to a counter slot, with the slot's value. */
static void cs_trace_write(struct xe_cbev_ctx *ctx, u64 addr)
{
	struct xe_cbev_vm_binding *binding;
	u64 off, value;

	if (!trace_xe_cbev_counter_signal_enabled())
		return;
	binding = xe_cbev_vm_lookup(ctx->vm, addr);
	if (!binding)
		return;
	off = addr - binding->start + binding->offset;
	if (xe_cbev_bo_is_counter(binding->bo) &&
	    !xe_cbev_vm_load(ctx->vm, ALIGN_DOWN(addr, 8), 8, &value, NULL))
		trace_xe_cbev_counter_signal(ctx, ALIGN_DOWN(addr, 8), binding->bo,
					     ALIGN_DOWN(off, 8), value);
	xe_cbev_vm_binding_put(binding);
}

/*
 * Was the writer of the value at @addr, in @bo, banned? The process's own
 * memory (@bo NULL) has its records in the address space's system memory.
 */
static bool cs_sem_dead(struct xe_cbev_ctx *ctx, struct xe_cbev_bo *bo, u64 addr)
{
	struct xe_cbev_vm_binding *binding;
	bool dead;

	if (!bo)
		return xe_cbev_svm_writer_dead(&ctx->vm->svm, addr);
	if (!atomic_read(&bo->nr_dead))
		return false;
	binding = xe_cbev_vm_lookup(ctx->vm, addr);
	if (!binding)
		return false;
	dead = xe_cbev_writer_dead(binding->bo, addr - binding->start + binding->offset,
				   ctx->file_serial);
	xe_cbev_vm_binding_put(binding);
	return dead;
}

/*
 * Waits for "memory (@size bytes at @addr) op @value". Parks the queue on
 * the object that holds the value when it does not hold yet (on the
 * address space's system memory for the process's own memory); the check
 * is repeated once parked, so a write between the two cannot be missed.
 */
static enum cs_status cs_semaphore(struct xe_cbev_ctx *ctx, u64 addr,
				   unsigned int size, u64 value, u32 mi_op)
{
	struct xe_cbev_bo *bo;
	u64 mem;
	int ret;

	if (mi_op >= ARRAY_SIZE(mi_to_cmp))
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, addr);
	if (addr & ~GPU_ADDR_MASK)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_UNMAPPED, addr);

	ret = xe_cbev_vm_load(ctx->vm, addr, size, &mem, &bo);
	if (ret)
		return cs_access_fault(ctx, ret, addr);
	if (!xe_cbev_compare(mem, value, mi_to_cmp[mi_op]))
		goto park;
	if (bo)
		xe_cbev_bo_put(bo);
	goto satisfied;

park:
	xe_cbev_ctx_park(ctx, bo);
	ret = xe_cbev_vm_load(ctx->vm, addr, size, &mem, NULL);
	if (ret || !xe_cbev_compare(mem, value, mi_to_cmp[mi_op])) {
		if (!ctx->sem_waited && trace_xe_cbev_queue_park_enabled())
			cs_trace_cond(ctx, true, addr, mi_to_cmp[mi_op], value, mem);
		ctx->sem_waited = true;
		if (unlikely(cs_sem_dead(ctx, bo, addr))) {
			xe_cbev_ctx_unpark(ctx);
			return cs_fault(ctx, DRM_XE_CBEV_BAN_LOST_DEPENDENCY, addr);
		}
		return CS_PARKED;
	}
	xe_cbev_ctx_unpark(ctx);
satisfied:
	/* A wait that had to park and now holds is progress. */
	if (ctx->sem_waited) {
		if (trace_xe_cbev_queue_wake_enabled())
			cs_trace_cond(ctx, false, addr, mi_to_cmp[mi_op], value, mem);
		ctx->sem_waited = false;
		xe_cbev_ctx_progress(ctx);
	}
	return CS_DONE;
}

static enum cs_status cs_store_data_imm(struct xe_cbev_ctx *ctx,
					const struct cs_cmd *cmd)
{
	u64 addr = cmd_addr(cmd, 1), fault;
	u32 dw0 = cmd->dw[0];
	int ret;

	if (dw0 & XE_CBEV_MI_GGTT)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, addr);
	if (addr & ~GPU_ADDR_MASK)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_UNMAPPED, addr);

	if (cmd->len == XE_CBEV_MI_STORE_DATA_IMM_QW_DWORDS &&
	    (dw0 & XE_CBEV_MI_SDI_QWORD)) {
		ret = xe_cbev_vm_write_u64(ctx->vm, addr,
					   (u64)cmd->dw[4] << 32 | cmd->dw[3]);
		if (ret)
			return cs_access_fault(ctx, ret, addr);
		cs_trace_write(ctx, addr);
		return CS_DONE;
	}
	if (dw0 & XE_CBEV_MI_SDI_QWORD)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, addr);

	ret = xe_cbev_vm_write(ctx->vm, addr, &cmd->dw[3], (cmd->len - 3) * 4,
			       &fault);
	if (ret)
		return cs_access_fault(ctx, ret, fault);
	cs_trace_write(ctx, addr);
	return CS_DONE;
}

static enum cs_status cs_store_register_mem(struct xe_cbev_ctx *ctx,
					    const struct cs_cmd *cmd)
{
	u64 addr = cmd_addr(cmd, 2), fault, ts;
	u32 reg = cmd->dw[1] & XE_CBEV_MI_SRM_REG_MASK, val;
	int ret;

	if (cmd->dw[0] & XE_CBEV_MI_GGTT)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, addr);
	if (addr & ~GPU_ADDR_MASK)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_UNMAPPED, addr);

	ts = ktime_get_raw_ns();
	switch (reg) {
	case XE_CBEV_REG_TIMESTAMP:
	case XE_CBEV_REG_CTX_TIMESTAMP:
		val = lower_32_bits(ts);
		break;
	case XE_CBEV_REG_TIMESTAMP_UDW:
	case XE_CBEV_REG_CTX_TIMESTAMP_UDW:
		val = upper_32_bits(ts);
		break;
	default:
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, reg);
	}
	ret = xe_cbev_vm_write(ctx->vm, addr, &val, sizeof(val), &fault);
	return ret ? cs_access_fault(ctx, ret, fault) : CS_DONE;
}

static enum cs_status cs_atomic(struct xe_cbev_ctx *ctx,
				const struct cs_cmd *cmd)
{
	u32 dw0 = cmd->dw[0], opcode = XE_CBEV_MI_ATOMIC_OPCODE(dw0);
	u32 op = opcode & XE_CBEV_MI_ATOMIC_OP_MASK;
	u32 data_size = XE_CBEV_MI_ATOMIC_SIZE(dw0);
	bool qword = opcode & XE_CBEV_MI_ATOMIC_QWORD;
	bool inl = dw0 & XE_CBEV_MI_ATOMIC_INLINE;
	bool qword_size = data_size == XE_CBEV_MI_ATOMIC_SIZE_QWORD;
	bool long_form = cmd->len == XE_CBEV_MI_ATOMIC_INLINE_DWORDS;
	u64 addr = cmd_addr(cmd, 1), operand = 0;
	int ret;

	/* The size field, the opcode's size and the length must agree. */
	if ((dw0 & XE_CBEV_MI_GGTT) || data_size > XE_CBEV_MI_ATOMIC_SIZE_QWORD ||
	    qword != qword_size || (opcode & XE_CBEV_MI_ATOMIC_OPCODE_MBZ) ||
	    inl != long_form)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, addr);
	if (op < XE_CBEV_MI_ATOMIC_AND || op > XE_CBEV_MI_ATOMIC_SUB)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_COMMAND, addr);
	if (!inl && op != XE_CBEV_MI_ATOMIC_INC && op != XE_CBEV_MI_ATOMIC_DEC)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, addr);
	if (addr & ~GPU_ADDR_MASK)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_UNMAPPED, addr);

	/* Operand 1 is DW3 (low) and DW5 (high); operand 2 interleaves. */
	if (inl)
		operand = (u64)cmd->dw[5] << 32 | cmd->dw[3];
	ret = xe_cbev_vm_atomic(ctx->vm, addr, qword ? 8 : 4, op, operand);
	if (ret)
		return cs_access_fault(ctx, ret, addr);
	cs_trace_write(ctx, addr);
	return CS_DONE;
}

static enum cs_status cs_pipe_control(struct xe_cbev_ctx *ctx,
				      const struct cs_cmd *cmd)
{
	u32 dw1 = cmd->dw[1];
	u64 addr = cmd_addr(cmd, 2);
	u64 value;
	int ret;

	if (dw1 & (XE_CBEV_PC_STORE_DATA_INDEX | XE_CBEV_PC_GGTT))
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, addr);

	switch (XE_CBEV_PC_POST_SYNC(dw1)) {
	case XE_CBEV_PC_POST_SYNC_NONE:
		goto notify;
	case XE_CBEV_PC_POST_SYNC_IMM:
		value = (u64)cmd->dw[5] << 32 | cmd->dw[4];
		break;
	case XE_CBEV_PC_POST_SYNC_TIMESTAMP:
		value = ktime_get_raw_ns();
		break;
	default:
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, addr);
	}
	if (addr & ~GPU_ADDR_MASK)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_UNMAPPED, addr);
	ret = xe_cbev_vm_write_u64(ctx->vm, addr, value);
	if (ret)
		return cs_access_fault(ctx, ret, addr);
	cs_trace_write(ctx, addr);
notify:
	if (dw1 & XE_CBEV_PC_NOTIFY)
		xe_cbev_ctx_user_interrupt(ctx);
	return CS_DONE;
}

static enum cs_status cs_dispatch(struct xe_cbev_ctx *ctx,
				  const struct cs_cmd *cmd)
{
	u64 args[XE_CBEV_DISPATCH_NUM_ARGS], fault = 0;
	u32 id = cmd->dw[XE_CBEV_DISPATCH_DW_KERNEL];
	unsigned int i;
	int ret;

	if (cmd->dw[XE_CBEV_DISPATCH_DW_MBZ] ||
	    (cmd->dw[0] & XE_CBEV_DISPATCH_MBZ))
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, 0);
	for (i = 0; i < XE_CBEV_DISPATCH_NUM_ARGS; i++)
		args[i] = (u64)cmd->dw[XE_CBEV_DISPATCH_DW_ARG(i) + 1] << 32 |
			  cmd->dw[XE_CBEV_DISPATCH_DW_ARG(i)];
	/* Arguments a kernel does not take must be zero. */
	for (i = xe_cbev_builtin_num_args(id); i < XE_CBEV_DISPATCH_NUM_ARGS; i++)
		if (args[i])
			return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, id);

	ret = ctx->ops->dispatch(ctx, id, args, &fault);
	if (ret == -EINVAL && !fault)
		return cs_fault(ctx, id >= XE_CBEV_BUILTIN_FIRST &&
				id <= XE_CBEV_BUILTIN_LAST ? DRM_XE_CBEV_BAN_BAD_LENGTH :
				DRM_XE_CBEV_BAN_BAD_COMMAND, id);
	if (ret == -EBUSY)
		return CS_SPIN;	/* not done: again later */
	if (ret == -EAGAIN)
		return CS_YIELD;	/* the slice's budget is spent: go on next */
	if (ret)
		return cs_access_fault(ctx, ret, fault);
	return CS_DONE;
}

/*
 * XE_CBEV_USER_DISPATCH: post the dispatch to the file's execution units
 * and hold the queue; executed again once they report, it goes on or
 * bans the queue with the fault they found. The counts of an indirect
 * dispatch are read when it is posted.
 */
static enum cs_status cs_user_dispatch(struct xe_cbev_ctx *ctx,
				       const struct cs_cmd *cmd)
{
	u32 flags = cmd->dw[XE_CBEV_USER_DISPATCH_DW_FLAGS], groups[3];
	u64 cookie = (u64)cmd->dw[XE_CBEV_USER_DISPATCH_DW_COOKIE + 1] << 32 |
		     cmd->dw[XE_CBEV_USER_DISPATCH_DW_COOKIE];
	u64 addr = (u64)cmd->dw[XE_CBEV_USER_DISPATCH_DW_INDIRECT + 1] << 32 |
		   cmd->dw[XE_CBEV_USER_DISPATCH_DW_INDIRECT];
	bool progressed;
	u64 fault = 0;
	int ret;

	memcpy(groups, &cmd->dw[XE_CBEV_USER_DISPATCH_DW_GROUPS], sizeof(groups));
	if ((cmd->dw[0] & XE_CBEV_DISPATCH_MBZ) ||
	    (flags & ~XE_CBEV_USER_DISPATCH_INDIRECT))
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, 0);
	if (flags & XE_CBEV_USER_DISPATCH_INDIRECT) {
		if (groups[0] || groups[1] || groups[2] || (addr & 3))
			return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, addr);
	} else if (addr) {
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, addr);
	}

	ret = xe_cbev_eu_poll(ctx, &fault, &progressed);
	/* A dispatch that runs launches in turn moves on between them. */
	if (progressed)
		xe_cbev_ctx_progress(ctx);
	if (ret == -EBUSY)
		return CS_EU;
	if (ret == -EFAULT)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_EU_FAULT, fault);
	if (!ret)
		return CS_DONE;

	/* Nothing in flight: a new dispatch. */
	if (flags & XE_CBEV_USER_DISPATCH_INDIRECT) {
		if (addr & ~GPU_ADDR_MASK)
			return cs_fault(ctx, DRM_XE_CBEV_BAN_UNMAPPED, addr);
		ret = xe_cbev_vm_read(ctx->vm, addr, groups, sizeof(groups), &fault);
		if (ret)
			return cs_access_fault(ctx, ret, fault);
	}
	if (!groups[0] || !groups[1] || !groups[2])
		return CS_DONE;
	xe_cbev_eu_post(ctx, cookie, groups);
	return CS_EU;
}

/* MI_BATCH_BUFFER_START: call (second level) or chain. */
static enum cs_status cs_batch_start(struct xe_cbev_ctx *ctx,
				     const struct cs_cmd *cmd)
{
	u64 addr = cmd_addr(cmd, 1);

	if (!(cmd->dw[0] & XE_CBEV_MI_BB_PPGTT))
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, addr);
	if (addr & ~GPU_ADDR_MASK)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_UNMAPPED, addr);

	if (!ctx->depth) {
		/* From the ring both forms call; head moves on return. */
		ctx->depth = 1;
		ctx->pc[1] = addr;
		ctx->ring_call = true;
		return CS_JUMPED;
	}
	if (!(cmd->dw[0] & XE_CBEV_MI_BB_SECOND_LEVEL)) {
		ctx->pc[ctx->depth] = addr;
		return CS_JUMPED;
	}
	if (ctx->depth == XE_CBEV_MAX_BATCH_DEPTH)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BATCH_DEPTH, addr);
	ctx->pc[ctx->depth] += cmd->len * 4;
	ctx->pc[++ctx->depth] = addr;
	return CS_JUMPED;
}

/* MI_BATCH_BUFFER_END: return to the caller. */
static enum cs_status cs_batch_end(struct xe_cbev_ctx *ctx,
				   struct xe_cbev_job *job)
{
	if (!ctx->depth)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_COMMAND, ctx->head);

	/* Returning to the ring moves the head; that is progress, not this. */
	if (--ctx->depth == 0) {
		if (ctx->ring_call)
			xe_cbev_ctx_advance_head(ctx, 3 * 4);
		else
			job->next_batch++;
	}
	return CS_JUMPED;
}

/*
 * A dispatch that is done is traced (xe_cbev_dispatch_done): @kernel is
 * the built-in, 0 for the execution units' launch.
 */
static enum cs_status cs_dispatch_traced(struct xe_cbev_ctx *ctx,
					 enum cs_status status, u32 kernel)
{
	if (status == CS_DONE)
		trace_xe_cbev_dispatch_done(ctx, kernel);
	return status;
}

static enum cs_status cs_execute(struct xe_cbev_ctx *ctx,
				 struct xe_cbev_job *job,
				 const struct cs_cmd *cmd)
{
	u32 dw0 = cmd->dw[0];

	if (dw0 == XE_CBEV_PIPE_CONTROL_DW0)
		return cs_pipe_control(ctx, cmd);
	if ((dw0 & XE_CBEV_DISPATCH_MASK) == XE_CBEV_DISPATCH)
		return cs_dispatch_traced(ctx, cs_dispatch(ctx, cmd),
					  cmd->dw[XE_CBEV_DISPATCH_DW_KERNEL]);
	if ((dw0 & XE_CBEV_DISPATCH_MASK) == XE_CBEV_USER_DISPATCH)
		return cs_dispatch_traced(ctx, cs_user_dispatch(ctx, cmd), 0);

	switch (XE_CBEV_MI_OPCODE(dw0)) {
	case XE_CBEV_MI_NOOP:
	case XE_CBEV_MI_ARB_CHECK:
	case XE_CBEV_MI_ARB_ON_OFF:
		return CS_DONE;
	case XE_CBEV_MI_USER_INTERRUPT:
		xe_cbev_ctx_user_interrupt(ctx);
		return CS_DONE;
	case XE_CBEV_MI_BATCH_BUFFER_END:
		return cs_batch_end(ctx, job);
	case XE_CBEV_MI_BATCH_BUFFER_START:
		return cs_batch_start(ctx, cmd);
	case XE_CBEV_MI_SEMAPHORE_WAIT:
		if (dw0 & (XE_CBEV_MI_SEM_REGISTER_POLL | XE_CBEV_MI_SEM_INDIRECT |
			   XE_CBEV_MI_GGTT))
			return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, 0);
		return cs_semaphore(ctx, cmd_addr(cmd, 2), 4, cmd->dw[1],
				    XE_CBEV_MI_SEM_OP(dw0));
	case XE_CBEV_MI_SEMAPHORE_WAIT_64:
		if (dw0 & (XE_CBEV_MI_SEM_REGISTER_POLL | XE_CBEV_MI_SEM_INDIRECT |
			   XE_CBEV_MI_GGTT))
			return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, 0);
		if (dw0 & XE_CBEV_MI_SEM64_COMPARE_32BIT)
			return cs_semaphore(ctx, cmd_addr(cmd, 3), 4, cmd->dw[1],
					    XE_CBEV_MI_SEM_OP(dw0));
		return cs_semaphore(ctx, cmd_addr(cmd, 3), 8,
				    (u64)cmd->dw[2] << 32 | cmd->dw[1],
				    XE_CBEV_MI_SEM_OP(dw0));
	case XE_CBEV_MI_STORE_DATA_IMM:
		return cs_store_data_imm(ctx, cmd);
	case XE_CBEV_MI_STORE_REGISTER_MEM:
		return cs_store_register_mem(ctx, cmd);
	case XE_CBEV_MI_ATOMIC:
		return cs_atomic(ctx, cmd);
	default:
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_COMMAND, dw0);
	}
}

/* Copies the command at the ring's head, which must end by @job's tail. */
static enum cs_status fetch_ring(struct xe_cbev_ctx *ctx,
				 const struct xe_cbev_job *job,
				 struct cs_cmd *cmd)
{
	u32 mask = ctx->ring_size - 1;
	unsigned int i;
	int len;

	cmd->dw[0] = READ_ONCE(*(u32 *)(ctx->ring + (ctx->head & mask)));
	len = cmd_length(cmd->dw[0]);
	if (!len)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_COMMAND, ctx->head);
	if (len < 0 || ctx->head + len * 4 > job->tail)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, ctx->head);

	for (i = 1; i < len; i++)
		cmd->dw[i] = READ_ONCE(*(u32 *)(ctx->ring + ((ctx->head + i * 4) & mask)));
	cmd->len = len;
	return CS_DONE;
}

/*
 * Copies the command at the current batch address: usually in one read of
 * what its page holds (the longest command), else its first dword, then
 * the rest once its length is known.
 */
static enum cs_status fetch_batch(struct xe_cbev_ctx *ctx, struct cs_cmd *cmd)
{
	u64 pc = ctx->pc[ctx->depth], fault;
	size_t got;
	int len, ret;

	if (!IS_ALIGNED(pc, 4))
		return cs_fault(ctx, DRM_XE_CBEV_BAN_ALIGNMENT, pc);
	got = xe_cbev_vm_peek(ctx->vm, pc, cmd->dw, sizeof(cmd->dw));
	if (got < 4) {
		ret = xe_cbev_vm_read(ctx->vm, pc, &cmd->dw[0], 4, &fault);
		if (ret)
			return cs_access_fault(ctx, ret, fault);
		got = 4;
	}
	len = cmd_length(cmd->dw[0]);
	if (!len)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_COMMAND, pc);
	if (len < 0)
		return cs_fault(ctx, DRM_XE_CBEV_BAN_BAD_LENGTH, pc);
	got = rounddown(got, 4);
	if (len * 4 > got) {
		ret = xe_cbev_vm_read(ctx->vm, pc + got, (u8 *)cmd->dw + got,
				      len * 4 - got, &fault);
		if (ret)
			return cs_access_fault(ctx, ret, fault);
	}
	cmd->len = len;
	return CS_DONE;
}

/**
 * xe_cbev_cs_run() - execute a queue's commands for one slice
 * @ctx: the context; called from its work item only
 * @budget: most commands to execute
 * @slice_ns: most time to take (checked between commands)
 *
 * Return: why the slice ended.
 */
enum xe_cbev_run xe_cbev_cs_run(struct xe_cbev_ctx *ctx, unsigned int budget,
				u64 slice_ns)
{
	ktime_t end = ktime_add_ns(ktime_get(), slice_ns);
	struct cs_cmd cmd;
	unsigned int n;

	for (n = 0; n < budget; n++) {
		struct xe_cbev_job *job = xe_cbev_ctx_current_job(ctx);
		enum cs_status st;

		/* A few commands may each take long (a dispatch): watch the clock. */
		if (n % 16 == 15 && ktime_after(ktime_get(), end))
			break;

		if (!job)
			return XE_CBEV_RUN_IDLE;
		if (trace_xe_cbev_job_start_enabled() &&
		    ctx->traced_seqno != job->seqno) {
			ctx->traced_seqno = job->seqno;
			trace_xe_cbev_job_start(ctx, job, ctx->head);
		}

		if (!ctx->depth) {
			if (ctx->head == job->tail) {
				if (job->next_batch < job->num_batches) {
					/* The job's batches, as called from the ring. */
					ctx->depth = 1;
					ctx->pc[1] = job->batches[job->next_batch];
					ctx->ring_call = false;
					continue;
				}
				xe_cbev_ctx_complete_job(ctx, job);
				continue;
			}
			st = fetch_ring(ctx, job, &cmd);
		} else {
			st = fetch_batch(ctx, &cmd);
		}
		if (st == CS_FAULT)
			return XE_CBEV_RUN_FAULT;

		st = cs_execute(ctx, job, &cmd);
		switch (st) {
		case CS_DONE:
			if (ctx->depth)
				ctx->pc[ctx->depth] += cmd.len * 4;
			else
				xe_cbev_ctx_advance_head(ctx, cmd.len * 4);
			break;
		case CS_JUMPED:
			break;
		case CS_PARKED:
			return XE_CBEV_RUN_PARKED;
		case CS_SPIN:
			return XE_CBEV_RUN_SPIN;
		case CS_YIELD:
			return XE_CBEV_RUN_YIELD;
		case CS_EU:
			return XE_CBEV_RUN_EU;
		case CS_FAULT:
			return XE_CBEV_RUN_FAULT;
		}
	}
	return XE_CBEV_RUN_YIELD;
}
