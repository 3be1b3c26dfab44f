/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */

/**
 * DOC: tracepoints
 *
 * The events of the "xe_cbev" trace system say what happened when
 * something waited too long, with what a timeline needs: every event of
 * a queue names its file (client id) and exec queue id; jobs carry their
 * seqno and ring positions; waits and signals name the memory they watch
 * or write as (object, byte offset), where the object is the inode number
 * of the buffer object's shmem file, the same in every process, so that
 * an exporter's signal and an importer's wait on one counter slot match.
 * Times come from the trace clock.
 *
 * - xe_cbev_job_submit, _start, _finish: a job queued, its first command
 *   executed, its last command done;
 * - xe_cbev_queue_park, _wake: a semaphore wait that did not hold parked
 *   the queue, and held later;
 * - xe_cbev_counter_signal: an engine write to a counter slot;
 * - xe_cbev_dispatch_done: a dispatch (a built-in kernel, or a launch the
 *   execution units reported) done, the nodes of a job in a timeline;
 * - xe_cbev_wait_begin, _cond, _end: a host wait (the wait ioctl, or an
 *   asynchronous wait: io_uring, sync_file) and each of its conditions;
 * - xe_cbev_ipc_export, _import: a counter slot or memory shared;
 * - xe_cbev_queue_ban: a queue banned, and why.
 *
 * The tracepoints are defined in xe_cbev_trace.c; the files that emit
 * them include this header. Disabled, each costs a static branch.
 */

#undef TRACE_SYSTEM
#define TRACE_SYSTEM xe_cbev

#if !defined(_XE_CBEV_TRACE_H_) || defined(TRACE_HEADER_MULTI_READ)
#define _XE_CBEV_TRACE_H_

#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/tracepoint.h>
#include <linux/types.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_engine_types.h"
#include "xe_cbev_queue_types.h"
#include "xe_cbev_wait_types.h"

#ifndef _XE_CBEV_TRACE_HELPERS_
#define _XE_CBEV_TRACE_HELPERS_
/* A buffer object's name in traces: its shmem file's inode number. */
static inline u64 xe_cbev_trace_obj(const struct xe_cbev_bo *bo)
{
	return bo && bo->shmem.base.filp ?
	       file_inode(bo->shmem.base.filp)->i_ino : 0;
}
#endif

DECLARE_EVENT_CLASS(xe_cbev_job,
		    TP_PROTO(const struct xe_cbev_ctx *ctx,
			     const struct xe_cbev_job *job, u64 pos),
		    TP_ARGS(ctx, job, pos),

		    TP_STRUCT__entry(__field(u32, client)
				     __field(u32, queue)
				     __field(u64, seqno)
				     __field(u64, head)
				     __field(u64, tail)
				     __field(u32, batches)
				    ),

		    TP_fast_assign(__entry->client = ctx->client_id;
				   __entry->queue = ctx->id;
				   __entry->seqno = job->seqno;
				   __entry->head = pos;
				   __entry->tail = job->tail;
				   __entry->batches = job->num_batches;
				  ),

		    TP_printk("client=%u queue=%u seqno=%llu head=%llu tail=%llu batches=%u",
			      __entry->client, __entry->queue, __entry->seqno,
			      __entry->head, __entry->tail, __entry->batches)
);

DEFINE_EVENT(xe_cbev_job, xe_cbev_job_submit,
	     TP_PROTO(const struct xe_cbev_ctx *ctx,
		      const struct xe_cbev_job *job, u64 pos),
	     TP_ARGS(ctx, job, pos)
);

DEFINE_EVENT(xe_cbev_job, xe_cbev_job_start,
	     TP_PROTO(const struct xe_cbev_ctx *ctx,
		      const struct xe_cbev_job *job, u64 pos),
	     TP_ARGS(ctx, job, pos)
);

DEFINE_EVENT(xe_cbev_job, xe_cbev_job_finish,
	     TP_PROTO(const struct xe_cbev_ctx *ctx,
		      const struct xe_cbev_job *job, u64 pos),
	     TP_ARGS(ctx, job, pos)
);

DECLARE_EVENT_CLASS(xe_cbev_queue_cond,
		    TP_PROTO(const struct xe_cbev_ctx *ctx, u64 addr,
			     const struct xe_cbev_bo *bo, u64 offset, u32 op,
			     u64 value, u64 mem),
		    TP_ARGS(ctx, addr, bo, offset, op, value, mem),

		    TP_STRUCT__entry(__field(u32, client)
				     __field(u32, queue)
				     __field(u64, head)
				     __field(u64, addr)
				     __field(u64, obj)
				     __field(u64, offset)
				     __field(u32, op)
				     __field(u64, value)
				     __field(u64, mem)
				    ),

		    TP_fast_assign(__entry->client = ctx->client_id;
				   __entry->queue = ctx->id;
				   __entry->head = ctx->head;
				   __entry->addr = addr;
				   __entry->obj = xe_cbev_trace_obj(bo);
				   __entry->offset = offset;
				   __entry->op = op;
				   __entry->value = value;
				   __entry->mem = mem;
				  ),

		    TP_printk("client=%u queue=%u head=%llu addr=0x%llx obj=%llu offset=%llu mem=%llu %s %llu",
			      __entry->client, __entry->queue, __entry->head,
			      __entry->addr, __entry->obj, __entry->offset,
			      __entry->mem,
			      __print_symbolic(__entry->op,
					       { DRM_XE_CBEV_CMP_GTE, ">=" },
					       { DRM_XE_CBEV_CMP_GT, ">" },
					       { DRM_XE_CBEV_CMP_LTE, "<=" },
					       { DRM_XE_CBEV_CMP_LT, "<" },
					       { DRM_XE_CBEV_CMP_EQ, "==" },
					       { DRM_XE_CBEV_CMP_NEQ, "!=" }),
			      __entry->value)
);

DEFINE_EVENT(xe_cbev_queue_cond, xe_cbev_queue_park,
	     TP_PROTO(const struct xe_cbev_ctx *ctx, u64 addr,
		      const struct xe_cbev_bo *bo, u64 offset, u32 op,
		      u64 value, u64 mem),
	     TP_ARGS(ctx, addr, bo, offset, op, value, mem)
);

DEFINE_EVENT(xe_cbev_queue_cond, xe_cbev_queue_wake,
	     TP_PROTO(const struct xe_cbev_ctx *ctx, u64 addr,
		      const struct xe_cbev_bo *bo, u64 offset, u32 op,
		      u64 value, u64 mem),
	     TP_ARGS(ctx, addr, bo, offset, op, value, mem)
);

TRACE_EVENT(xe_cbev_counter_signal,
	    TP_PROTO(const struct xe_cbev_ctx *ctx, u64 addr,
		     const struct xe_cbev_bo *bo, u64 offset, u64 value),
	    TP_ARGS(ctx, addr, bo, offset, value),

	    TP_STRUCT__entry(__field(u32, client)
			     __field(u32, queue)
			     __field(u64, head)
			     __field(u64, addr)
			     __field(u64, obj)
			     __field(u64, offset)
			     __field(u64, value)
			    ),

	    TP_fast_assign(__entry->client = ctx->client_id;
			   __entry->queue = ctx->id;
			   __entry->head = ctx->head;
			   __entry->addr = addr;
			   __entry->obj = xe_cbev_trace_obj(bo);
			   __entry->offset = offset;
			   __entry->value = value;
			  ),

	    TP_printk("client=%u queue=%u head=%llu addr=0x%llx obj=%llu offset=%llu value=%llu",
		      __entry->client, __entry->queue, __entry->head,
		      __entry->addr, __entry->obj, __entry->offset,
		      __entry->value)
);

TRACE_EVENT(xe_cbev_dispatch_done,
	    TP_PROTO(const struct xe_cbev_ctx *ctx, u32 kernel),
	    TP_ARGS(ctx, kernel),

	    TP_STRUCT__entry(__field(u32, client)
			     __field(u32, queue)
			     __field(u64, head)
			     __field(u32, kernel)
			    ),

	    TP_fast_assign(__entry->client = ctx->client_id;
			   __entry->queue = ctx->id;
			   __entry->head = ctx->head;
			   __entry->kernel = kernel;
			  ),

	    TP_printk("client=%u queue=%u head=%llu kernel=%u",
		      __entry->client, __entry->queue, __entry->head,
		      __entry->kernel)
);

TRACE_EVENT(xe_cbev_queue_ban,
	    TP_PROTO(const struct xe_cbev_ctx *ctx, u32 reason, u64 addr),
	    TP_ARGS(ctx, reason, addr),

	    TP_STRUCT__entry(__field(u32, client)
			     __field(u32, queue)
			     __field(u64, head)
			     __field(u32, reason)
			     __field(u64, addr)
			    ),

	    TP_fast_assign(__entry->client = ctx->client_id;
			   __entry->queue = ctx->id;
			   __entry->head = ctx->head;
			   __entry->reason = reason;
			   __entry->addr = addr;
			  ),

	    TP_printk("client=%u queue=%u head=%llu reason=%s addr=0x%llx",
		      __entry->client, __entry->queue, __entry->head,
		      __print_symbolic(__entry->reason,
				       { DRM_XE_CBEV_BAN_NONE, "none" },
				       { DRM_XE_CBEV_BAN_UNMAPPED, "unmapped" },
				       { DRM_XE_CBEV_BAN_READONLY, "readonly" },
				       { DRM_XE_CBEV_BAN_BAD_COMMAND, "bad_command" },
				       { DRM_XE_CBEV_BAN_BAD_LENGTH, "bad_length" },
				       { DRM_XE_CBEV_BAN_BATCH_DEPTH, "batch_depth" },
				       { DRM_XE_CBEV_BAN_HANG, "hang" },
				       { DRM_XE_CBEV_BAN_ALIGNMENT, "alignment" },
				       { DRM_XE_CBEV_BAN_LOST_DEPENDENCY, "lost_dependency" },
				       { DRM_XE_CBEV_BAN_BAD_TAIL, "bad_tail" },
				       { DRM_XE_CBEV_BAN_EU_FAULT, "eu_fault" }),
		      __entry->addr)
);

TRACE_EVENT(xe_cbev_wait_begin,
	    TP_PROTO(u32 client, pid_t pid, u32 num_conds, bool any,
		     bool async, u32 queue),
	    TP_ARGS(client, pid, num_conds, any, async, queue),

	    TP_STRUCT__entry(__field(u32, client)
			     __field(pid_t, pid)
			     __field(pid_t, tgid)
			     __field(u32, num_conds)
			     __field(bool, any)
			     __field(bool, async)
			     __field(u32, queue)
			    ),

	    TP_fast_assign(__entry->client = client;
			   __entry->pid = pid;
			   __entry->tgid = current->tgid;
			   __entry->num_conds = num_conds;
			   __entry->any = any;
			   __entry->async = async;
			   __entry->queue = queue;
			  ),

	    TP_printk("client=%u pid=%d tgid=%d conds=%u any=%d async=%d queue=%u",
		      __entry->client, __entry->pid, __entry->tgid,
		      __entry->num_conds, __entry->any, __entry->async,
		      __entry->queue)
);

TRACE_EVENT(xe_cbev_wait_cond,
	    TP_PROTO(u32 client, pid_t pid, u32 index,
		     const struct xe_cbev_cond *c),
	    TP_ARGS(client, pid, index, c),

	    TP_STRUCT__entry(__field(u32, client)
			     __field(pid_t, pid)
			     __field(u32, index)
			     __field(u32, queue)
			     __field(u64, obj)
			     __field(u64, offset)
			     __field(u32, op)
			     __field(u64, value)
			    ),

	    TP_fast_assign(__entry->client = client;
			   __entry->pid = pid;
			   __entry->index = index;
			   __entry->queue = c->queue ? c->queue->id : 0;
			   __entry->obj = c->queue ? 0 : xe_cbev_trace_obj(c->bo);
			   __entry->offset = c->bo_offset;
			   __entry->op = c->op;
			   __entry->value = c->value;
			  ),

	    TP_printk("client=%u pid=%d index=%u queue=%u obj=%llu offset=%llu %s %llu",
		      __entry->client, __entry->pid, __entry->index,
		      __entry->queue, __entry->obj, __entry->offset,
		      __print_symbolic(__entry->op,
				       { DRM_XE_CBEV_CMP_GTE, ">=" },
				       { DRM_XE_CBEV_CMP_GT, ">" },
				       { DRM_XE_CBEV_CMP_LTE, "<=" },
				       { DRM_XE_CBEV_CMP_LT, "<" },
				       { DRM_XE_CBEV_CMP_EQ, "==" },
				       { DRM_XE_CBEV_CMP_NEQ, "!=" }),
		      __entry->value)
);

TRACE_EVENT(xe_cbev_wait_end,
	    TP_PROTO(u32 client, pid_t pid, bool async, int result),
	    TP_ARGS(client, pid, async, result),

	    TP_STRUCT__entry(__field(u32, client)
			     __field(pid_t, pid)
			     __field(bool, async)
			     __field(int, result)
			    ),

	    TP_fast_assign(__entry->client = client;
			   __entry->pid = pid;
			   __entry->async = async;
			   __entry->result = result;
			  ),

	    TP_printk("client=%u pid=%d async=%d result=%d",
		      __entry->client, __entry->pid, __entry->async,
		      __entry->result)
);

DECLARE_EVENT_CLASS(xe_cbev_ipc,
		    TP_PROTO(u32 client, u32 kind, const struct xe_cbev_bo *bo,
			     int slot, u64 size),
		    TP_ARGS(client, kind, bo, slot, size),

		    TP_STRUCT__entry(__field(u32, client)
				     __field(u32, kind)
				     __field(u64, obj)
				     __field(int, slot)
				     __field(u64, size)
				    ),

		    TP_fast_assign(__entry->client = client;
				   __entry->kind = kind;
				   __entry->obj = xe_cbev_trace_obj(bo);
				   __entry->slot = slot;
				   __entry->size = size;
				  ),

		    TP_printk("client=%u kind=%s obj=%llu slot=%d size=%llu",
			      __entry->client,
			      __entry->kind == DRM_XE_CBEV_IPC_KIND_COUNTER ?
			      "counter" : "bo",
			      __entry->obj, __entry->slot, __entry->size)
);

DEFINE_EVENT(xe_cbev_ipc, xe_cbev_ipc_export,
	     TP_PROTO(u32 client, u32 kind, const struct xe_cbev_bo *bo,
		      int slot, u64 size),
	     TP_ARGS(client, kind, bo, slot, size)
);

DEFINE_EVENT(xe_cbev_ipc, xe_cbev_ipc_import,
	     TP_PROTO(u32 client, u32 kind, const struct xe_cbev_bo *bo,
		      int slot, u64 size),
	     TP_ARGS(client, kind, bo, slot, size)
);

#endif /* _XE_CBEV_TRACE_H_ */

/* This part must be outside protection */
#undef TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE xe_cbev_trace
#include <trace/define_trace.h>
