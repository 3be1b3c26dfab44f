/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_ENGINE_TYPES_H_
#define _XE_CBEV_ENGINE_TYPES_H_

#include <linux/atomic.h>
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include <uapi/drm/xe_cbev_cs.h>

#include "xe_cbev_builtins_types.h"

struct drm_device;
struct drm_xe_cbev_ring_status;
struct xe_cbev_bo;
struct xe_cbev_ctx;
struct xe_cbev_vm;

/* Second-level batch buffers nest at most this deep. */
#define XE_CBEV_MAX_BATCH_DEPTH	8

/**
 * struct xe_cbev_job - one submission: ring commands up to @tail, then
 * batch buffers
 */
struct xe_cbev_job {
	/** @link: in &xe_cbev_ctx.jobs */
	struct list_head link;
	/** @tail: ring position where the job's ring commands end */
	u64 tail;
	/** @seqno: the file-wide submission number */
	u64 seqno;
	/** @num_batches: entries in @batches */
	u32 num_batches;
	/** @next_batch: the engine's progress through @batches */
	u32 next_batch;
	/** @batches: GPU addresses of batch buffers to call after the ring */
	u64 batches[];
};

/* How a context left the engine at the end of a slice. */
enum xe_cbev_run {
	XE_CBEV_RUN_IDLE,	/* nothing left to execute */
	XE_CBEV_RUN_YIELD,	/* slice used up, more to do */
	XE_CBEV_RUN_PARKED,	/* waiting on a value in memory */
	XE_CBEV_RUN_SPIN,	/* busy in a dispatch until spin_until */
	XE_CBEV_RUN_FAULT,	/* banned: see ban_reason */
	XE_CBEV_RUN_EU,		/* held until the execution units report */
};

/**
 * struct xe_cbev_eu - one open file's execution units, as the kernel sees
 * them: where its queues post user dispatches and its EU threads wait
 *
 * Embedded in the file. Process context only.
 */
struct xe_cbev_eu {
	/** @lock: protects @pending, @stopped and every context's &xe_cbev_ctx.eu_dispatch */
	spinlock_t lock;
	/** @pending: dispatches posted and not taken, oldest first; @lock */
	struct list_head pending;
	/** @wq: execution units waiting for a dispatch */
	wait_queue_head_t wq;
	/** @stopped: waits fail with -ESHUTDOWN; @lock */
	bool stopped;
	/**
	 * @last_seqno: the number of the file's latest dispatch; each takes
	 * the next, whichever queue posts it, so that a number names one
	 * dispatch for the file's life (queue ids are reused, these never
	 * are); @lock
	 */
	u64 last_seqno;
};

/* The life of a user dispatch. */
enum xe_cbev_eu_state {
	XE_CBEV_EU_IDLE,	/* no dispatch in flight */
	XE_CBEV_EU_PENDING,	/* posted, on &xe_cbev_eu.pending */
	XE_CBEV_EU_TAKEN,	/* an execution unit runs it */
	XE_CBEV_EU_DONE,	/* reported complete */
	XE_CBEV_EU_FAULT,	/* reported faulted at @fault_addr */
};

/**
 * struct xe_cbev_eu_dispatch - a context's user dispatch in flight
 *
 * Every field is under &xe_cbev_eu.lock of the owning file.
 */
struct xe_cbev_eu_dispatch {
	/** @link: in &xe_cbev_eu.pending while PENDING */
	struct list_head link;
	/** @state: enum xe_cbev_eu_state */
	u32 state;
	/** @groups: work-group counts */
	u32 groups[3];
	/** @seqno: the dispatch's number in the file (&xe_cbev_eu.last_seqno) */
	u64 seqno;
	/** @cookie: the command's cookie */
	u64 cookie;
	/** @fault_addr: where it faulted (FAULT) */
	u64 fault_addr;
	/**
	 * @progressed: reported moving on since the queue last looked
	 * (&DRM_XE_CBEV_EU_REPORT_PROGRESS)
	 */
	bool progressed;
};

/**
 * struct xe_cbev_engine - one device's engine: its turns and its worker
 *
 * Every device has its own, so that one device's load never delays
 * another's: an ordered workqueue of its own runs its slices, one at a
 * time, and its lock orders nothing of any other device. Embedded in the
 * device; lives from the device's creation until after its last file
 * closed and its deferred work ran.
 */
struct xe_cbev_engine {
	/** @wq: ordered, so that one slice of this engine runs at a time */
	struct workqueue_struct *wq;
	/** @work: the work item that runs one slice */
	struct work_struct work;
	/**
	 * @lock: protects @clients, every client's @runnable list and the
	 * scheduling state of the engine's contexts (run_link, queued,
	 * running, kicked, queued_at); nests inside &xe_cbev_ctx.lock
	 */
	spinlock_t lock;
	/** @clients: clients that have a context to run, in turn order */
	struct list_head clients;
	/** @idle: woken when a slice ends, for cancel */
	wait_queue_head_t idle;
	/** @slices: slices run since the device was created, for debugfs */
	atomic64_t slices;
};

/**
 * struct xe_cbev_engine_client - one open file's place in the engine's turns
 *
 * The engine takes turns between clients, and within a client between its
 * runnable contexts, so that a file's share of the engine does not grow
 * with the number of queues it makes. Embedded in the file; the lists are
 * the engine's, under its lock.
 */
struct xe_cbev_engine_client {
	/** @engine: the engine of the file's device; set at open */
	struct xe_cbev_engine *engine;
	/** @link: in the engine's clients that have a context to run */
	struct list_head link;
	/** @runnable: the client's runnable contexts, in turn order */
	struct list_head runnable;
};

/**
 * struct xe_cbev_dispatch - a built-in dispatch in progress
 *
 * A dispatch that has used up a slice's byte budget goes on in the
 * context's next slice, when the command streamer fetches the same command
 * at the same place again.
 */
struct xe_cbev_dispatch {
	/** @state: the kernel's progress, and the scratch buffer it uses */
	struct xe_cbev_builtin_state state;
	/** @kernel: the kernel's id */
	u32 kernel;
	/** @depth: the batch depth of the command (0: the ring) */
	u32 depth;
	/** @at: the ring head or batch address of the command */
	u64 at;
	/** @args: its arguments */
	u64 args[XE_CBEV_DISPATCH_NUM_ARGS];
};

/**
 * struct xe_cbev_engine_ops - an engine backend
 *
 * What executes a context's jobs. The software command streamer
 * (xe_cbev_engine.c, xe_cbev_streamer.c) is the only backend today; a hardware
 * backend, or a second kind of dispatch, plugs in here without touching
 * the exec queue object.
 */
struct xe_cbev_engine_ops {
	/**
	 * @submit: the context has new jobs: make it runnable. Called with
	 * &xe_cbev_ctx.lock held, from any context; must not sleep.
	 */
	void (*submit)(struct xe_cbev_ctx *ctx);
	/**
	 * @cancel: the context is dead (&xe_cbev_ctx.dead is set): stop
	 * executing it. Once it returns the backend no longer touches the
	 * context. Process context.
	 */
	void (*cancel)(struct xe_cbev_ctx *ctx);
	/**
	 * @dispatch: run the kernel an XE_CBEV_DISPATCH names, with its
	 * XE_CBEV_DISPATCH_NUM_ARGS arguments, from the engine; must not
	 * allocate memory (what it needs comes with the context). Returns 0
	 * when done; -EBUSY when not yet (the command runs again,
	 * not before &xe_cbev_ctx.spin_until); -EAGAIN when the slice's
	 * budget is spent (the slice ends; the command runs again in the
	 * next, and goes on); -EINVAL for an unknown kernel
	 * or a bad argument (@fault is set if an address was at fault);
	 * -EFAULT or -EACCES with the address in @fault.
	 */
	int (*dispatch)(struct xe_cbev_ctx *ctx, u32 kernel, const u64 *args,
			u64 *fault);
};

/**
 * struct xe_cbev_ctx - an engine context: the execution state of one exec
 * queue's ring
 *
 * Embedded in its &struct xe_cbev_queue, which owns it. The execution
 * state is only touched by the engine, in the context's slices, which
 * never run twice at once; the submission state is shared with the
 * ioctls under @lock; the scheduling state is the engine's.
 */
struct xe_cbev_ctx {
	/** @ops: the backend that executes the context; set at creation */
	const struct xe_cbev_engine_ops *ops;
	/** @drm: the device, for messages; set at creation */
	struct drm_device *drm;
	/** @id: the exec queue's id, for messages; set once published */
	u32 id;
	/**
	 * @file_serial: the owning file's serial, whose writer records its
	 * semaphore waits heed; set at creation
	 */
	u64 file_serial;
	/** @client_id: the owning file's id, for traces; set at creation */
	u32 client_id;
	/** @vm: the owning file's address space; set at creation */
	struct xe_cbev_vm *vm;
	/**
	 * @event_wq: the owning file's event queue, which job completions,
	 * bans and user interrupts wake; set at creation
	 */
	wait_queue_head_t *event_wq;
	/** @interrupts: the owning file's count of user interrupts */
	atomic64_t *interrupts;
	/**
	 * @banned_fn: optional; called once, after the context is banned,
	 * from any context; must not sleep. Set at creation.
	 */
	void (*banned_fn)(struct xe_cbev_ctx *ctx);
	/**
	 * @file_seqno: the owning file's submission numbers, which direct
	 * queues' jobs take (xe_cbev_direct_fetch())
	 */
	atomic64_t *file_seqno;
	/**
	 * @direct_reserved: direct queues: the number a counter free
	 * reserved for what user space published and the engine has not
	 * taken yet (xe_cbev_direct_reserve()), which the next job taken
	 * from the ring gets; 0 for none; under @lock
	 */
	u64 direct_reserved;
	/** @priority: DRM_XE_CBEV_PRIORITY_*; set at creation */
	u32 priority;
	/** @patient_waits: parked time does not count toward the hang timeout */
	bool patient_waits;
	/**
	 * @direct: the engine reads the tail from the status page
	 * (xe_cbev_direct.c); set at creation
	 */
	bool direct;
	/** @ring_size: bytes of commands, a power of two; set at creation */
	u32 ring_size;
	/** @hang_timeout: jiffies without progress before a ban */
	unsigned long hang_timeout;
	/** @status: kernel mapping of the status page; the kernel only writes */
	struct drm_xe_cbev_ring_status *status;
	/** @ring: kernel mapping of the ring */
	u8 *ring;

	/**
	 * @lock: protects @tail, @jobs, @dead and the ban fields below
	 * (the engine takes it to publish progress and to ban)
	 */
	spinlock_t lock;
	/** @tail: submitted bytes; under @lock */
	u64 tail;
	/** @jobs: submitted, unfinished jobs in order; under @lock */
	struct list_head jobs;
	/** @nr_jobs: entries in @jobs; under @lock */
	unsigned int nr_jobs;
	/** @dead: destroyed; nothing may queue its work any more */
	bool dead;
	/** @banned: banned; set once under @lock, read without */
	bool banned;
	/** @ban_reason: DRM_XE_CBEV_BAN_*; under @lock */
	u32 ban_reason;
	/** @fault_addr: address or ring position of the fault; under @lock */
	u64 fault_addr;
	/** @completed_seqno: last finished job; under @lock */
	u64 completed_seqno;

	/** @head: consumed ring bytes; engine only, published to @status */
	u64 head;
	/** @depth: 0 executing the ring, else the batch nesting depth */
	unsigned int depth;
	/** @pc: next command address in the batch at each depth (1..) */
	u64 pc[XE_CBEV_MAX_BATCH_DEPTH + 1];
	/** @ring_call: the batch at depth 1 was called from the ring */
	bool ring_call;
	/** @sem_waited: the current semaphore wait had to park */
	bool sem_waited;
	/** @spin_until: set while the current command is a spin kernel */
	ktime_t spin_until;
	/** @progress_at: jiffies when the head last moved */
	unsigned long progress_at;
	/**
	 * @turn_wait: jiffies spent runnable, waiting for the engine's turn,
	 * since @progress_at; they do not count toward the hang timeout
	 */
	unsigned long turn_wait;
	/** @queued_at: jiffies when it last became runnable; engine lock */
	unsigned long queued_at;
	/** @poll_ms: current re-poll interval while parked */
	unsigned int poll_ms;
	/** @traced_seqno: the last job whose start was traced; engine only */
	u64 traced_seqno;
	/**
	 * @direct_dry_at: direct queues: when it last ran out of work
	 * (0: it has work); engine only
	 */
	ktime_t direct_dry_at;

	/** @client: the owning file's place in the engine's turns */
	struct xe_cbev_engine_client *client;
	/**
	 * @engine: the engine that runs it, the device's; set at creation,
	 * it outlives the context (and the file, which @client is part of)
	 */
	struct xe_cbev_engine *engine;
	/** @run_link: in @client's runnable contexts; engine lock */
	struct list_head run_link;
	/** @queued: on @client's runnable list; engine lock */
	bool queued;
	/** @running: a slice of it is executing; engine lock */
	bool running;
	/** @kicked: made runnable while running; engine lock */
	bool kicked;
	/** @slice_bytes: bytes built-in kernels may still move in this slice */
	u64 slice_bytes;
	/**
	 * @dispatch: the built-in dispatch in progress; its scratch buffer is
	 * allocated with the context
	 */
	struct xe_cbev_dispatch dispatch;

	/** @eu: the owning file's execution units; set at creation */
	struct xe_cbev_eu *eu;
	/** @eu_dispatch: the user dispatch in flight, under @eu's lock */
	struct xe_cbev_eu_dispatch eu_dispatch;

	/** @park: entry on @park_wq while parked */
	struct wait_queue_entry park;
	/**
	 * @park_bo: the object a parked context waits on, with a reference;
	 * NULL when parked on the process's own memory
	 */
	struct xe_cbev_bo *park_bo;
	/** @park_wq: the wait queue a parked context is on, else NULL */
	wait_queue_head_t *park_wq;
	/** @timer: re-poll, spin deadline and hang check */
	struct hrtimer timer;
	/**
	 * @direct_timer: a direct queue's next look at its tail while it is
	 * awake and dry; a hard timer, for a poll period of microseconds
	 */
	struct hrtimer direct_timer;
};

#endif /* _XE_CBEV_ENGINE_TYPES_H_ */
