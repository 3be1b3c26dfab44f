// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: execution units
 *
 * SPIR-V kernels run on the device's execution units, which are threads
 * of this process: a pool per device, started at the first launch of a
 * user kernel (never by zeInit), one thread per online CPU or
 * XE_CBEV_EU_THREADS. A launch is a snapshot of the kernel's arguments
 * (struct xe_launch) in the process's launch table, named in the command
 * stream by its cookie (slot index and generation), and an
 * XE_CBEV_USER_DISPATCH. When a queue reaches it the kernel module holds
 * the queue and hands the dispatch to the device file's execution units:
 *
 * - the pool's dispatcher thread sleeps in DRM_IOCTL_XE_CBEV_EU_WAIT,
 *   takes the dispatch, finds its launch by cookie and queues it as a job
 *   of work-groups, then waits for the next (a dispatch of one group it
 *   runs itself, which saves waking a unit, and reports it in the call
 *   that waits for the next: DRM_XE_CBEV_EU_WAIT_REPORT);
 * - the pool's execution units take work-groups of the queued jobs, any
 *   number of them at once, each running one group at a time (the shim's
 *   work-group function, under the fault guard of eu_fault.c); the unit
 *   that finishes the last group of a job reports it with
 *   DRM_IOCTL_XE_CBEV_EU_REPORT -- complete, or faulted at the first
 *   faulting address (the remaining groups are skipped) -- and the queue
 *   goes on.
 *
 * A chain (xe_launch_chain()) is one dispatch that runs several launches
 * in turn: the unit that ends a step's last group starts the next one,
 * running it itself when it is one group, handing it to the units when
 * larger (the dispatcher runs a chain's first one-group steps itself, a
 * bounded number for a bounded time, then hands the rest over); the last
 * step's end is the dispatch's report. The check that no application
 * handler took the fault signals (two sigaction() calls) is made by the
 * dispatcher before it runs or hands over a dispatch, when a submission
 * asked for it (eu_fault.c): not on the submitting thread.
 *
 * __local buffers: each unit has its own, sized for the launch it runs,
 * aligned to 128 bytes, the buffers of __local arguments first, then the
 * kernel-scope ones.
 *
 * Stopping (device teardown): DRM_IOCTL_XE_CBEV_EU_STOP wakes the
 * dispatcher, the units finish the group they run and exit. A kernel that
 * never ends is banned by its queue's hang timeout, but the unit running
 * it stays in it: stopping the pool then waits for it.
 *
 * Launches are found by cookie in the launch table (launch.c); a dispatch
 * whose cookie names no live launch is reported as a fault at address 0.
 */

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "modules/eu_fault.h"
#include "modules/eu_pool.h"
#include "submission/kmd.h"

#define EU_MAX_THREADS	256
/* How often a running chain tells the kernel it moves on. */
#define EU_PROGRESS_NS	(1000ull * 1000 * 1000)
/* A chain's one-group steps the dispatcher runs itself, and for how long. */
#define DISPATCHER_STEPS	64
#define DISPATCHER_NS		(1000ull * 1000)
#define LOCAL_ALIGN	128

/* ---- the pool ------------------------------------------------------------ */

/*
 * A dispatch in progress: its groups, handed out in runs. A chain's job
 * runs its steps one after another, @run the one whose groups are handed
 * out, @step its index.
 */
struct eu_job {
	struct eu_job *next;
	struct xe_launch *launch;
	struct xe_launch *run;
	uint32_t step;
	uint32_t queue;
	uint64_t seqno;
	uint64_t groups[3];
	uint64_t total;
	uint64_t handed;	/* groups handed out; pool lock, or the
				 * job's own thread while it is off the queue */
	uint64_t done;		/* groups finished; atomic */
	int faulted;		/* atomic */
	uint64_t fault_addr;
	uint64_t moved_at;	/* coarse ns of the chain's last progress
				 * report; the thread of its next step */
};

struct xe_eu_pool {
	int fd;
	unsigned int nthreads;
	unsigned int dispatcher_steps;	/* XE_CBEV_DISPATCHER_STEPS */
	pthread_t dispatcher;
	pthread_t *units;
	pthread_mutex_t lock;
	pthread_cond_t work;
	struct eu_job *head, **tail;	/* jobs with groups to hand out */
	bool stop;
};

static pthread_mutex_t pools_lock = PTHREAD_MUTEX_INITIALIZER;

/* What one execution unit keeps between groups. */
struct eu_unit {
	uint64_t cookie;	/* the launch the buffers below are for */
	void **argv;
	void **local_ptrs;
	uint32_t args_cap;
	void *local;
	size_t local_cap;
	void *scratch;
	size_t scratch_cap;
};

static size_t align_up(size_t v, size_t a)
{
	return (v + a - 1) / a * a;
}

/* The unit's argv and __local buffers for @l; the arrays grow, never
 * shrink, so that a launch like the last allocates nothing. */
static int unit_prepare(struct eu_unit *u, struct xe_launch *l)
{
	size_t need = 0, off = 0;
	uint32_t i;

	if (u->cookie == l->cookie)
		return 0;
	for (i = 0; i < l->num_args; i++)
		need += align_up(l->local_bytes[i], LOCAL_ALIGN);
	need += align_up(l->static_local, LOCAL_ALIGN);
	if (l->num_args + 1 > u->args_cap) {
		uint32_t cap = l->num_args + 1 < 16 ? 16 : l->num_args + 1;

		free(u->argv);
		free(u->local_ptrs);
		u->argv = calloc(cap, sizeof(*u->argv));
		u->local_ptrs = calloc(cap, sizeof(*u->local_ptrs));
		u->args_cap = u->argv && u->local_ptrs ? cap : 0;
		if (!u->args_cap)
			return -ENOMEM;
	}
	if (need > u->local_cap) {
		free(u->local);
		u->local = aligned_alloc(LOCAL_ALIGN, need);
		u->local_cap = u->local ? need : 0;
		if (!u->local)
			return -ENOMEM;
	}
	if (l->scratch > u->scratch_cap) {
		free(u->scratch);
		u->scratch = malloc(l->scratch);
		u->scratch_cap = u->scratch ? l->scratch : 0;
		if (!u->scratch)
			return -ENOMEM;
	}
	for (i = 0; i < l->num_args; i++) {
		if (l->local_bytes[i]) {
			u->local_ptrs[i] = (char *)u->local + off;
			off += align_up(l->local_bytes[i], LOCAL_ALIGN);
			u->argv[i] = &u->local_ptrs[i];
		} else {
			u->argv[i] = l->argv[i];
		}
	}
	u->cookie = l->cookie;
	return 0;
}

static void unit_forget(struct eu_unit *u)
{
	free(u->argv);
	free(u->local_ptrs);
	free(u->local);
	free(u->scratch);
	memset(u, 0, sizeof(*u));
}

static void job_report(struct xe_eu_pool *pool, struct eu_job *job)
{
	int err = xe_kmd_eu_report(pool->fd, job->queue, job->seqno,
				   job->faulted, job->fault_addr);

	/*
	 * -ECANCELED or -ENOENT: the queue was banned or destroyed
	 * meanwhile; nothing is waiting for the report.
	 */
	(void)err;
}

/* Run group @idx of @job on unit @u. */
static void unit_run(struct eu_unit *u, struct eu_job *job, uint64_t idx)
{
	struct xe_launch *l = job->run;
	struct xe_jit_group g;
	uint64_t addr = 0;

	if (__atomic_load_n(&job->faulted, __ATOMIC_ACQUIRE))
		return;
	if (unit_prepare(u, l)) {
		u->cookie = 0;
		goto fault;
	}
	memset(&g, 0, sizeof(g));
	g.group_id[0] = idx % job->groups[0];
	g.group_id[1] = idx / job->groups[0] % job->groups[1];
	g.group_id[2] = idx / (job->groups[0] * job->groups[1]);
	memcpy(g.num_groups, job->groups, sizeof(g.num_groups));
	memcpy(g.local_size, l->local_size, sizeof(g.local_size));
	memcpy(g.global_offset, l->global_offset, sizeof(g.global_offset));
	g.work_dim = job->groups[2] > 1 || l->local_size[2] > 1 ? 3 :
		     job->groups[1] > 1 || l->local_size[1] > 1 ? 2 : 1;
	g.static_local = l->static_local ?
		(char *)u->local + u->local_cap - align_up(l->static_local, LOCAL_ALIGN) :
		NULL;
	g.argv = u->argv;
	g.scratch = u->scratch;
	g.scratch_bytes = u->scratch_cap;
	g.local_base = u->local;
	g.local_bytes = u->local_cap;
	if (!xe_eu_run_group(l->fn, &g, &addr))
		return;
fault:
	/* The first fault is the one reported. */
	if (!__atomic_exchange_n(&job->faulted, 1, __ATOMIC_ACQ_REL))
		job->fault_addr = addr;
}

/* Point @job at its launch, or at step @i of its chain; false past the end. */
static bool job_step(struct eu_job *job, uint32_t i, const uint32_t *groups)
{
	struct xe_launch *l = job->launch;

	if (l->nsteps) {
		if (i >= l->nsteps)
			return false;
		groups = l->steps[i].groups;
		l = l->steps[i].launch;
	} else if (i) {
		return false;
	}
	job->run = l;
	job->step = i;
	job->groups[0] = groups[0];
	job->groups[1] = groups[1];
	job->groups[2] = groups[2];
	job->total = job->groups[0] * job->groups[1] * job->groups[2];
	job->handed = 0;
	__atomic_store_n(&job->done, 0, __ATOMIC_RELAXED);
	return true;
}

/* Hand @job's groups to the units: as many are woken as it has groups. */
static void job_queue(struct xe_eu_pool *pool, struct eu_job *job)
{
	pthread_mutex_lock(&pool->lock);
	job->next = NULL;
	*pool->tail = job;
	pool->tail = &job->next;
	if (job->total >= pool->nthreads)
		pthread_cond_broadcast(&pool->work);
	else
		for (uint64_t i = 0; i < job->total; i++)
			pthread_cond_signal(&pool->work);
	pthread_mutex_unlock(&pool->lock);
}

static uint64_t coarse_ns(void)
{
	struct timespec ts;

	/* Read from the vDSO's page: no system call, whatever the clock. */
	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/*
 * A chain holds its queue on one dispatch for all its launches, and the
 * kernel's hang check counts from the queue's last progress: each new
 * step says the chain moves on, at most once per EU_PROGRESS_NS. Return:
 * false when the queue was banned or destroyed meanwhile (-ECANCELED,
 * -ENOENT): the chain's other steps are not run.
 */
static bool job_moves_on(struct xe_eu_pool *pool, struct eu_job *job)
{
	uint64_t now = coarse_ns();
	int err;

	if (now - job->moved_at < EU_PROGRESS_NS)
		return true;
	job->moved_at = now;
	err = xe_kmd_eu_progress(pool->fd, job->queue, job->seqno);
	return err != -ECANCELED && err != -ENOENT;
}

/*
 * Every group of @job's step ran, on this thread or others: go on with a
 * chain's next steps, those of one group here, the others handed to the
 * units. A unit runs any number (@since NULL); the dispatcher, which must
 * go back to taking other queues' dispatches, runs at most
 * DISPATCHER_STEPS of them (XE_CBEV_DISPATCHER_STEPS, 1 to 64: fewer; 1
 * hands all but the first to the units), the first included, while the
 * coarse clock has not moved DISPATCHER_NS past *@since (when it ran the
 * first: the clock moves by ticks, so that is until the next tick or so),
 * and hands the rest over -- short kernels in a row cost no unit's wake-up. A
 * kernel that never ends holds the dispatcher as it holds a unit. Return:
 * true when the job is over (to report), false when the units have it.
 */
static bool job_next(struct xe_eu_pool *pool, struct eu_unit *u,
		     struct eu_job *job, const uint64_t *since)
{
	unsigned int steps = 1;

	while (!__atomic_load_n(&job->faulted, __ATOMIC_ACQUIRE) &&
	       job_step(job, job->step + 1, NULL)) {
		if (!job_moves_on(pool, job))
			return true;
		if (job->total > 1 ||
		    (since && (++steps > pool->dispatcher_steps ||
			       coarse_ns() - *since > DISPATCHER_NS))) {
			job_queue(pool, job);
			return false;
		}
		unit_run(u, job, 0);
	}
	return true;
}

static void *unit_main(void *arg)
{
	struct xe_eu_pool *pool = arg;
	struct eu_unit u = { 0 };
	void *altstack = NULL;
	struct eu_job *job;
	uint64_t idx, n, end, total;

	xe_eu_fault_thread_init(&altstack);
	pthread_mutex_lock(&pool->lock);
	for (;;) {
		job = pool->head;
		if (!job) {
			if (pool->stop)
				break;
			pthread_cond_wait(&pool->work, &pool->lock);
			continue;
		}
		/* A run of groups per visit of the lock, ~16 per unit. */
		/*
		 * The step's size, read under the lock: once this unit's groups
		 * are counted done, the job may be on its next step, or freed.
		 */
		total = job->total;
		idx = job->handed;
		n = total / (16 * pool->nthreads);
		n = n < 1 ? 1 : n > total - idx ? total - idx : n;
		job->handed += n;
		if (job->handed == total) {
			pool->head = job->next;
			if (!pool->head)
				pool->tail = &pool->head;
		}
		pthread_mutex_unlock(&pool->lock);

		for (end = idx + n; idx < end; idx++)
			unit_run(&u, job, idx);
		if (__atomic_add_fetch(&job->done, n, __ATOMIC_ACQ_REL) == total &&
		    job_next(pool, &u, job, NULL)) {
			job_report(pool, job);
			xe_launch_put(job->launch);
			free(job);
		}
		pthread_mutex_lock(&pool->lock);
	}
	pthread_mutex_unlock(&pool->lock);
	unit_forget(&u);
	xe_eu_fault_thread_fini(altstack);
	return NULL;
}

static void *dispatcher_main(void *arg)
{
	struct xe_eu_pool *pool = arg;
	struct xe_eu_done done = { 0 };
	struct drm_xe_cbev_eu_wait w;
	struct eu_unit u = { 0 };
	struct xe_launch *launch;
	unsigned int guard_seen = 0;
	void *altstack = NULL;
	struct eu_job *job;
	int err;

	xe_eu_fault_thread_init(&altstack);
	for (;;) {
		err = xe_kmd_eu_wait(pool->fd, false, &done, &w);
		/* Reported once the call was made, whatever it returns. */
		done.seqno = 0;
		if (err == -EINTR)
			continue;
		if (err)
			break;	/* -ESHUTDOWN: stopped */
		/* An application's handler installed since goes behind ours. */
		xe_eu_fault_guard_asked(&guard_seen);
		launch = xe_launch_lookup(w.cookie);
		/* An open chain: no launch joins it from now on. */
		if (launch)
			xe_launch_chain_seal(launch);
		job = launch ? calloc(1, sizeof(*job)) : NULL;
		if (!job) {
			xe_kmd_eu_report(pool->fd, w.exec_queue_id, w.seqno,
					 true, 0);
			if (launch)
				xe_launch_put(launch);
			continue;
		}
		job->launch = launch;
		job->queue = w.exec_queue_id;
		job->seqno = w.seqno;
		job->moved_at = coarse_ns();
		/* It ran inline and faulted there: only the report is left. */
		if (job->launch->faulted) {
			job->faulted = 1;
			job->fault_addr = job->launch->fault_addr;
			job_report(pool, job);
			xe_launch_put(job->launch);
			free(job);
			continue;
		}
		/* A kernel past the count of a multiple indirect launch. */
		if (job->launch->count_ptr &&
		    job->launch->count_index >=
		    __atomic_load_n(job->launch->count_ptr, __ATOMIC_ACQUIRE)) {
			job_report(pool, job);
			xe_launch_put(job->launch);
			free(job);
			continue;
		}
		job_step(job, 0, w.groups);
		/*
		 * One group: run it here, without waking a unit for it, and
		 * report it with the next wait (one system call) unless it
		 * faulted. A chain's next steps of one group too, up to
		 * job_next()'s bound; the others go to the units.
		 */
		if (job->total == 1) {
			/* Its budget runs from when it was taken. */
			uint64_t since = job->moved_at;

			unit_run(&u, job, 0);
			if (!job_next(pool, &u, job, &since))
				continue;
			if (job->faulted) {
				job_report(pool, job);
			} else {
				done.queue = job->queue;
				done.seqno = job->seqno;
			}
			xe_launch_put(job->launch);
			free(job);
			continue;
		}
		job_queue(pool, job);
	}
	unit_forget(&u);
	xe_eu_fault_thread_fini(altstack);
	return NULL;
}

/* ---- launches run by the appending thread -------------------------------- */

/* The calling thread's unit buffers, freed when the thread ends. */
static pthread_key_t inline_key;
static pthread_once_t inline_once = PTHREAD_ONCE_INIT;

static void inline_unit_free(void *u)
{
	unit_forget(u);
	free(u);
}

static void inline_key_init(void)
{
	if (pthread_key_create(&inline_key, inline_unit_free))
		abort();
}

/**
 * xe_eu_run_inline() - run a launch of one work-group on the calling thread
 * @l: the launch
 * @groups: its work-group counts, all 1
 * @fault_addr: gets the faulting address
 *
 * For a synchronous in-order list with nothing in flight (append_jit.c):
 * the group runs under the fault guard as on an execution unit, but on
 * the thread that appends it, without the kernel's round trip. The
 * thread's signal stack is left as the application set it.
 *
 * Return: 0; -EFAULT if the group faulted (it stopped there); -ENOMEM.
 */
int xe_eu_run_inline(struct xe_launch *l, const uint32_t groups[3],
		     uint64_t *fault_addr)
{
	struct eu_job job = {
		.launch = l,
		.run = l,
		.groups = { groups[0], groups[1], groups[2] },
		.total = 1,
	};
	struct eu_unit *u;

	pthread_once(&inline_once, inline_key_init);
	u = pthread_getspecific(inline_key);
	if (!u) {
		u = calloc(1, sizeof(*u));
		if (!u || pthread_setspecific(inline_key, u)) {
			free(u);
			return -ENOMEM;
		}
	}
	/* An application's handler installed since must not take its faults. */
	xe_eu_fault_guard();
	unit_run(u, &job, 0);
	if (!job.faulted)
		return 0;
	*fault_addr = job.fault_addr;
	return -EFAULT;
}

static unsigned int pool_threads(void)
{
	const char *env = getenv("XE_CBEV_EU_THREADS");
	long n = env ? strtol(env, NULL, 0) : sysconf(_SC_NPROCESSORS_ONLN);

	if (n < 1)
		n = 1;
	return n > EU_MAX_THREADS ? EU_MAX_THREADS : (unsigned int)n;
}

/* A chain's one-group steps the dispatcher runs itself (job_next()). */
static unsigned int dispatcher_steps(void)
{
	const char *env = getenv("XE_CBEV_DISPATCHER_STEPS");
	long n = env ? strtol(env, NULL, 0) : DISPATCHER_STEPS;

	return n < 1 ? 1 : n > DISPATCHER_STEPS ? DISPATCHER_STEPS : n;
}

static void pool_join(struct xe_eu_pool *pool, unsigned int units)
{
	unsigned int i;

	pthread_mutex_lock(&pool->lock);
	pool->stop = true;
	pthread_cond_broadcast(&pool->work);
	pthread_mutex_unlock(&pool->lock);
	for (i = 0; i < units; i++)
		pthread_join(pool->units[i], NULL);
}

/**
 * xe_eu_pool_start() - start a device's execution units, if not yet
 * @pool: the device's pool pointer
 * @fd: the device file
 *
 * Return: 0 or a negative errno.
 */
int xe_eu_pool_start(struct xe_eu_pool **pool, int fd)
{
	struct xe_eu_pool *p;
	unsigned int i;
	int err;

	/* Started: every launch asks, without a lock. */
	if (__atomic_load_n(pool, __ATOMIC_ACQUIRE))
		return 0;
	pthread_mutex_lock(&pools_lock);
	if (*pool) {
		pthread_mutex_unlock(&pools_lock);
		return 0;
	}
	err = xe_eu_fault_init();
	if (err)
		goto out;
	p = calloc(1, sizeof(*p));
	err = -ENOMEM;
	if (!p)
		goto out;
	p->fd = fd;
	p->nthreads = pool_threads();
	p->dispatcher_steps = dispatcher_steps();
	p->tail = &p->head;
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->work, NULL);
	p->units = calloc(p->nthreads, sizeof(*p->units));
	if (!p->units)
		goto err_free;
	/* A pool stopped before on this file: let waits work again. */
	err = xe_kmd_eu_stop(fd, true);
	if (err)
		goto err_free;
	for (i = 0; i < p->nthreads; i++) {
		err = -pthread_create(&p->units[i], NULL, unit_main, p);
		if (err) {
			pool_join(p, i);
			goto err_free;
		}
	}
	err = -pthread_create(&p->dispatcher, NULL, dispatcher_main, p);
	if (err) {
		pool_join(p, p->nthreads);
		goto err_free;
	}
	__atomic_store_n(pool, p, __ATOMIC_RELEASE);
	goto out;

err_free:
	free(p->units);
	free(p);
out:
	pthread_mutex_unlock(&pools_lock);
	return err;
}

/**
 * xe_eu_pool_stop() - stop a device's execution units, if started
 * @pool: the device's pool pointer; NULL after
 */
void xe_eu_pool_stop(struct xe_eu_pool **pool)
{
	struct xe_eu_pool *p;

	pthread_mutex_lock(&pools_lock);
	p = *pool;
	*pool = NULL;
	pthread_mutex_unlock(&pools_lock);
	if (!p)
		return;
	xe_kmd_eu_stop(p->fd, false);
	pthread_join(p->dispatcher, NULL);
	pool_join(p, p->nthreads);
	pthread_cond_destroy(&p->work);
	pthread_mutex_destroy(&p->lock);
	free(p->units);
	free(p);
}
