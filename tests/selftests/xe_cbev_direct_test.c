// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * Direct submission: a queue created with DIRECT is submitted to by
 * publishing its tail in the status page; the engine reads it while it is
 * awake and sets NEED_WAKEUP before it sleeps, and the doorbell ioctl
 * wakes it. The flag and ioctl checks, bad tails, and the protocol under
 * stress: many threads and queues with random pauses, so that the engine
 * falls asleep between appends, and every append completes.
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>

#include "xe_cbev_engine_util.h"
#include "kselftest_harness.h"

#define RING_SIZE	4096u
#define HANG_MS		60000

static_assert(offsetof(struct drm_xe_cbev_ring_status, flags) == 40,
	      "flags after fault_addr");
static_assert(offsetof(struct drm_xe_cbev_ring_status, user_tail) == 64,
	      "user_tail on a cache line of its own");

/* A direct-submission queue with patient waits, its ring mapped. */
static int direct_ring_create(int fd, struct test_ring *r, uint32_t size)
{
	return ring_create_flags(fd, r, size, HANG_MS,
				 DRM_XE_CBEV_EXEC_QUEUE_CREATE_DIRECT |
				 DRM_XE_CBEV_EXEC_QUEUE_CREATE_PATIENT_WAITS);
}

static int wake(int fd, uint32_t id)
{
	struct drm_xe_cbev_exec_queue_wake w = { .exec_queue_id = id };

	return st_ioctl(fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE, &w);
}

static uint32_t ring_flags(const struct test_ring *r)
{
	return __atomic_load_n(&r->status->flags, __ATOMIC_ACQUIRE);
}

/*
 * Publish @tail the way the uAPI says: release-store it, full barrier,
 * then the doorbell only if the engine sleeps. Returns the doorbell's
 * errno (0 without one); *@rang says whether it rang.
 */
static int publish(struct test_ring *r, uint64_t tail, int *rang)
{
	__atomic_store_n(&r->status->user_tail, tail, __ATOMIC_RELEASE);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (rang)
		*rang = 0;
	if (!(ring_flags(r) & DRM_XE_CBEV_RING_NEED_WAKEUP))
		return 0;
	if (rang)
		*rang = 1;
	return wake(r->fd, r->id);
}

static int ring_publish(struct test_ring *r, int *rang)
{
	int err = publish(r, r->tail, rang);

	if (!err)
		r->submitted = r->tail;
	return err;
}

/* Spin until the engine has consumed enough for @bytes more. */
static void wait_room(struct test_ring *r, uint32_t bytes)
{
	while (r->tail + bytes - __atomic_load_n(&r->status->head, __ATOMIC_ACQUIRE) >
	       r->size)
		sched_yield();
}

/* Wait (bounded) until the engine sleeps on the queue: NEED_WAKEUP set. */
static int wait_asleep(struct test_ring *r)
{
	uint64_t end = now_ns() + 10 * SEC;

	while (!(ring_flags(r) & DRM_XE_CBEV_RING_NEED_WAKEUP)) {
		if (now_ns() > end)
			return ETIMEDOUT;
		sched_yield();
	}
	return 0;
}

FIXTURE(direct) {
	int fd;
	struct test_buf buf;
	struct test_ring r;
};

FIXTURE_SETUP(direct)
{
	self->fd = st_open_render();
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, buf_create(self->fd, &self->buf, 4096, 0));
	ASSERT_EQ(0, direct_ring_create(self->fd, &self->r, RING_SIZE));
}

FIXTURE_TEARDOWN(direct)
{
	ring_unmap(&self->r);
	buf_destroy(self->fd, &self->buf);
	close(self->fd);
}

#define VAL(off)	(*(volatile uint64_t *)((char *)self->buf.cpu + (off)))

TEST_F(direct, unknown_create_flag_is_rejected)
{
	struct drm_xe_cbev_exec_queue_create c = {
		.flags = 0x80000000u,
		.priority = DRM_XE_CBEV_PRIORITY_NORMAL,
		.ring_size = RING_SIZE,
	};

	EXPECT_EQ(EINVAL, queue_create_args(self->fd, &c));
}

TEST_F(direct, new_queue_asks_for_the_doorbell)
{
	EXPECT_EQ(DRM_XE_CBEV_RING_NEED_WAKEUP, ring_flags(&self->r));
	EXPECT_EQ(0, self->r.status->user_tail);
	EXPECT_EQ(0, self->r.status->tail);
}

TEST_F(direct, wake_checks_its_fields)
{
	struct drm_xe_cbev_exec_queue_wake w = { .exec_queue_id = self->r.id };
	struct test_ring plain;

	w.extensions = 1;
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE, &w));
	w.extensions = 0;
	w.flags = 1;
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE, &w));
	w.flags = 0;
	w.reserved[1] = 1;
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE, &w));
	w.reserved[1] = 0;
	w.exec_queue_id = 0x7777;
	EXPECT_EQ(ENOENT, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_EXEC_QUEUE_WAKE, &w));
	EXPECT_EQ(0, wake(self->fd, self->r.id));

	/* A queue created without DIRECT has no doorbell. */
	ASSERT_EQ(0, ring_create(self->fd, &plain, RING_SIZE, 0));
	EXPECT_EQ(EINVAL, wake(self->fd, plain.id));
	ring_unmap(&plain);
}

TEST_F(direct, exec_ioctl_refuses_a_direct_queue)
{
	uint32_t dw[5];

	ring_emit(&self->r, dw, emit_sdi64(dw, self->buf.gpu, 1));
	EXPECT_EQ(EINVAL, ring_submit(&self->r));
	EXPECT_EQ(0, self->r.status->tail);
}

/*
 * A published tail runs, and the queue's completed sequence number is
 * that tail once it did;
 * after the idle window the engine sleeps and a later tail rings the
 * doorbell, which runs it too.
 */
TEST_F(direct, published_tail_runs_and_the_engine_sleeps)
{
	struct drm_xe_cbev_exec_queue_state s;
	uint32_t dw[5];
	int rang;

	ring_emit(&self->r, dw, emit_sdi64(dw, self->buf.gpu, 1));
	ASSERT_EQ(0, ring_publish(&self->r, &rang));
	EXPECT_EQ(1, rang);
	ASSERT_EQ(0, wait_gte(self->fd, self->buf.gpu, 1, 10 * SEC));
	/* A direct queue's submissions are named by their tails. */
	ASSERT_EQ(0, wait_queue_done(self->fd, self->r.id, self->r.tail, 10 * SEC));
	EXPECT_EQ(self->r.tail, self->r.status->completed_seqno);
	EXPECT_EQ(self->r.tail, self->r.status->tail);

	ASSERT_EQ(0, wait_asleep(&self->r));
	ring_emit(&self->r, dw, emit_sdi64(dw, self->buf.gpu + 8, 2));
	ASSERT_EQ(0, ring_publish(&self->r, &rang));
	EXPECT_EQ(1, rang);
	ASSERT_EQ(0, wait_gte(self->fd, self->buf.gpu + 8, 2, 10 * SEC));
	ASSERT_EQ(0, queue_state(self->fd, self->r.id, &s));
	EXPECT_EQ(DRM_XE_CBEV_EXEC_QUEUE_STATE_ACTIVE, s.state);
}

/* Publish @tail on a fresh direct queue and expect a BAD_TAIL ban at it. */
static void expect_bad_tail(struct __test_metadata *_metadata, int fd,
			    struct test_ring *r, uint64_t tail)
{
	struct drm_xe_cbev_exec_queue_state s;
	int err = publish(r, tail, NULL);

	/* The doorbell or the engine, whichever fetched it, banned the queue. */
	EXPECT_TRUE(err == 0 || err == EIO);
	EXPECT_EQ(EIO, wait_queue_done(fd, r->id, ~0ull >> 1, 10 * SEC));
	ASSERT_EQ(0, queue_state(fd, r->id, &s));
	EXPECT_EQ(DRM_XE_CBEV_EXEC_QUEUE_STATE_BANNED, s.state);
	EXPECT_EQ(DRM_XE_CBEV_BAN_BAD_TAIL, s.ban_reason);
	EXPECT_EQ(tail, s.fault_addr);
	EXPECT_EQ(DRM_XE_CBEV_BAN_BAD_TAIL, r->status->ban_reason);
	EXPECT_EQ(EIO, wake(fd, r->id));
}

TEST_F(direct, misaligned_tail_bans)
{
	expect_bad_tail(_metadata, self->fd, &self->r, 6);
}

TEST_F(direct, tail_beyond_the_ring_bans)
{
	expect_bad_tail(_metadata, self->fd, &self->r, RING_SIZE + 4);
}

TEST_F(direct, backwards_tail_bans)
{
	uint32_t dw[5];

	ring_emit(&self->r, dw, emit_sdi64(dw, self->buf.gpu, 1));
	ring_emit(&self->r, dw, emit_sdi64(dw, self->buf.gpu, 2));
	ASSERT_EQ(0, ring_publish(&self->r, NULL));
	ASSERT_EQ(0, wait_gte(self->fd, self->buf.gpu, 2, 10 * SEC));
	expect_bad_tail(_metadata, self->fd, &self->r, self->r.tail - 20);
}

/* A banned direct queue leaves the file's other queues alone. */
TEST_F(direct, bad_tail_bans_only_its_queue)
{
	struct test_ring other;
	uint32_t dw[5];

	ASSERT_EQ(0, direct_ring_create(self->fd, &other, RING_SIZE));
	expect_bad_tail(_metadata, self->fd, &self->r, 2);
	ring_emit(&other, dw, emit_sdi64(dw, self->buf.gpu + 16, 3));
	ASSERT_EQ(0, ring_publish(&other, NULL));
	EXPECT_EQ(0, wait_gte(self->fd, self->buf.gpu + 16, 3, 10 * SEC));
	ring_unmap(&other);
}

/* ---- stress ------------------------------------------------------------ */

#define STRESS_THREADS		8
#define STRESS_QUEUES		3	/* per thread */
#define STRESS_APPENDS		3000	/* per thread */

struct stress {
	int fd[2];
	struct test_buf buf[2];
	struct test_ring r[STRESS_THREADS][STRESS_QUEUES];
	uint64_t last[STRESS_THREADS][STRESS_QUEUES];
	atomic_uint doorbells;
	atomic_uint errors;
	atomic_bool stop;
	uint32_t load_id;
};

struct stress_thread {
	struct stress *s;
	unsigned int t;
};

/* Slot of queue (t, q) in its file's buffer. */
static uint64_t stress_slot(unsigned int t, unsigned int q)
{
	return 8 * (t / 2 * STRESS_QUEUES + q);
}

static void *stress_main(void *arg)
{
	struct stress_thread *st = arg;
	struct stress *s = st->s;
	unsigned int seed = st->t * 7919 + 1, i;

	for (i = 1; i <= STRESS_APPENDS; i++) {
		unsigned int q = rand_r(&seed) % STRESS_QUEUES;
		struct test_ring *r = &s->r[st->t][q];
		struct test_buf *b = &s->buf[st->t % 2];
		uint32_t dw[5];
		int rang, err;

		wait_room(r, 4 * 5);
		ring_emit(r, dw, emit_sdi64(dw, b->gpu + stress_slot(st->t, q), i));
		err = ring_publish(r, &rang);
		if (err)
			atomic_fetch_add(&s->errors, 1);
		atomic_fetch_add(&s->doorbells, rang);
		s->last[st->t][q] = i;
		/* Now and then pause past the idle window: the engine sleeps. */
		switch (rand_r(&seed) % 64) {
		case 0:
			usleep(500 + rand_r(&seed) % 2500);
			break;
		case 1:
			sched_yield();
			break;
		}
	}
	return NULL;
}

/* Keeps the engine busy with another file's fills until told to stop. */
static void *load_main(void *arg)
{
	struct stress *s = arg;
	struct test_ring r;
	struct test_buf big;
	int fd = st_open_render();
	uint32_t dw[16];
	uint64_t seqno = 0;

	if (fd < 0 || buf_create(fd, &big, 1 << 20, 0) ||
	    ring_create(fd, &r, RING_SIZE, HANG_MS)) {
		atomic_fetch_add(&s->errors, 1);
		return NULL;
	}
	while (!atomic_load(&s->stop)) {
		ring_emit(&r, dw, emit_dispatch(dw, K_FILL, big.gpu, 1 << 20,
						big.gpu, 4));
		if (ring_submit_batches(&r, NULL, 0, &seqno) ||
		    wait_queue_done(fd, r.id, seqno, 10 * SEC))
			atomic_fetch_add(&s->errors, 1);
	}
	ring_unmap(&r);
	buf_destroy(fd, &big);
	close(fd);
	return NULL;
}

static void stress_run(struct __test_metadata *_metadata, bool load)
{
	struct stress *s = calloc(1, sizeof(*s));
	struct stress_thread th[STRESS_THREADS];
	pthread_t tid[STRESS_THREADS], loader;
	unsigned int t, q;

	ASSERT_NE(NULL, s);
	for (t = 0; t < 2; t++) {
		s->fd[t] = st_open_render();
		ASSERT_GE(s->fd[t], 0);
		ASSERT_EQ(0, buf_create(s->fd[t], &s->buf[t], 4096, 0));
	}
	for (t = 0; t < STRESS_THREADS; t++)
		for (q = 0; q < STRESS_QUEUES; q++)
			ASSERT_EQ(0, direct_ring_create(s->fd[t % 2], &s->r[t][q],
							RING_SIZE));
	if (load)
		ASSERT_EQ(0, pthread_create(&loader, NULL, load_main, s));
	for (t = 0; t < STRESS_THREADS; t++) {
		th[t] = (struct stress_thread){ .s = s, .t = t };
		ASSERT_EQ(0, pthread_create(&tid[t], NULL, stress_main, &th[t]));
	}
	for (t = 0; t < STRESS_THREADS; t++)
		pthread_join(tid[t], NULL);
	atomic_store(&s->stop, true);
	if (load)
		pthread_join(loader, NULL);

	/* Every append completed: each queue's last store landed. */
	for (t = 0; t < STRESS_THREADS; t++) {
		for (q = 0; q < STRESS_QUEUES; q++) {
			struct test_buf *b = &s->buf[t % 2];

			if (!s->last[t][q])
				continue;
			EXPECT_EQ(0, wait_gte(s->fd[t % 2], b->gpu + stress_slot(t, q),
					      s->last[t][q], 10 * SEC));
			EXPECT_EQ(s->r[t][q].tail, s->r[t][q].status->tail);
			EXPECT_EQ(0, s->r[t][q].status->ban_reason);
		}
	}
	EXPECT_EQ(0, atomic_load(&s->errors));
	TH_LOG("%u appends, %u doorbells", STRESS_THREADS * STRESS_APPENDS,
	       atomic_load(&s->doorbells));

	for (t = 0; t < STRESS_THREADS; t++)
		for (q = 0; q < STRESS_QUEUES; q++)
			ring_unmap(&s->r[t][q]);
	for (t = 0; t < 2; t++) {
		buf_destroy(s->fd[t], &s->buf[t]);
		close(s->fd[t]);
	}
	free(s);
}

TEST(stress_every_append_completes)
{
	stress_run(_metadata, false);
}

TEST(stress_every_append_completes_under_load)
{
	stress_run(_metadata, true);
}

/*
 * A direct queue is capped like the exec ioctl's queues: with the engine
 * parked, every doorbell takes what was published as one more job, up to
 * 65,536 pending; what comes after waits in the ring, and runs once the
 * jobs retire.
 */
#define MAX_JOBS	65536
#define EXTRA_JOBS	4000

TEST_F_TIMEOUT(direct, jobs_capped, 600)	/* 70,000 doorbells: slow on the debug kernel */
{
	uint32_t dw[8], noop = MI_NOOP;
	struct test_ring r;
	uint64_t gate_tail;
	unsigned int i;

	ASSERT_EQ(0, direct_ring_create(self->fd, &r, 1u << 20));
	ring_emit(&r, dw, emit_sem64(dw, self->buf.gpu + 64, 1, SAD_GTE));
	gate_tail = r.tail;
	ASSERT_EQ(0, publish(&r, r.tail, NULL));
	ASSERT_EQ(0, wake(self->fd, r.id));
	for (i = 0; i < MAX_JOBS + EXTRA_JOBS; i++) {
		ring_emit(&r, &noop, 1);
		__atomic_store_n(&r.status->user_tail, r.tail, __ATOMIC_RELEASE);
		ASSERT_EQ(0, wake(self->fd, r.id));
	}
	/* The gate's job and 65,535 others; the rest is still in the ring. */
	EXPECT_EQ(gate_tail + 4ull * (MAX_JOBS - 1),
		  __atomic_load_n(&r.status->tail, __ATOMIC_ACQUIRE));
	VAL(64) = 1;
	EXPECT_EQ(0, wait_queue_done(self->fd, r.id, r.tail, 300 * SEC));
	EXPECT_EQ(r.tail, __atomic_load_n(&r.status->tail, __ATOMIC_ACQUIRE));
	ring_unmap(&r);
}

TEST_HARNESS_MAIN
