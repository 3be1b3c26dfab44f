// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * uAPI tests of the in-kernel counter manager: slots packed into pages,
 * mapped read-only, bound in the kernel half of the GPU address space,
 * freed and reused without growth, from several threads at once.
 */
#include <pthread.h>
#include <signal.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>

#include "xe_cbev_test_util.h"
#include "kselftest_harness.h"

#define PAGE	4096u
#define SLOTS	(PAGE / 8)

FIXTURE(counter) {
	int fd;
	struct st_totals before;
};

FIXTURE_SETUP(counter)
{
	self->fd = st_open_render();
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, st_totals(self->fd, &self->before));
}

FIXTURE_TEARDOWN(counter)
{
	struct st_totals after;

	close(self->fd);
	/* Closing the file gave back every slot and page it had. */
	ASSERT_EQ(0, st_totals_now(&after));
	EXPECT_TOTALS_EQ(self->before, after);
}

/* Unmap what map_counter() mapped; a mapping keeps the file open. */
static void unmap_counter(const volatile uint64_t *v)
{
	munmap((void *)((uintptr_t)v & ~(uintptr_t)(PAGE - 1)), PAGE);
}

static const volatile uint64_t *map_counter(int fd,
					    const struct drm_xe_cbev_counter_alloc *a)
{
	const uint8_t *p = mmap(NULL, PAGE, PROT_READ, MAP_SHARED, fd,
				a->mmap_offset);

	return p == MAP_FAILED ? NULL : (const volatile uint64_t *)(p + a->offset);
}

TEST_F(counter, alloc_map_free)
{
	struct drm_xe_cbev_counter_alloc a;
	const volatile uint64_t *v;
	struct st_totals t;

	memset(&a, XE_CBEV_POISON, sizeof(a));
	ASSERT_EQ(0, st_counter_alloc(self->fd, &a));
	EXPECT_NE(0u, a.id);
	EXPECT_EQ(0u, a.mmap_offset % PAGE);
	EXPECT_EQ(0u, a.offset % 8);
	EXPECT_LT(a.offset, PAGE);
	/* The slot lives in the kernel half of the GPU address space. */
	EXPECT_GE(a.gpu_addr, DRM_XE_CBEV_VA_USER_END);
	EXPECT_EQ(a.offset, a.gpu_addr % PAGE);

	v = map_counter(self->fd, &a);
	ASSERT_NE(NULL, v);
	EXPECT_EQ(0ull, *v);

	ASSERT_EQ(0, st_totals(self->fd, &t));
	EXPECT_EQ(self->before.counter_slots + 1, t.counter_slots);
	EXPECT_EQ(self->before.counter_pages + 1, t.counter_pages);
	/* The page is bound for the engine, read-write, as the kernel's. */
	EXPECT_EQ(1, st_debugfs_count(self->fd, " rw kernel"));

	ASSERT_EQ(0, st_counter_free(self->fd, a.id));
	ASSERT_EQ(0, st_totals(self->fd, &t));
	EXPECT_EQ(self->before.counter_slots, t.counter_slots);
	/* Freed twice: the second is an unknown slot. */
	EXPECT_EQ(ENOENT, st_counter_free(self->fd, a.id));
	unmap_counter(v);
}

/* The host may read a counter, never write it. */
TEST_F(counter, mapping_is_read_only)
{
	struct drm_xe_cbev_counter_alloc a;
	void *p;

	ASSERT_EQ(0, st_counter_alloc(self->fd, &a));
	p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, self->fd,
		 a.mmap_offset);
	EXPECT_EQ(MAP_FAILED, p);
	EXPECT_EQ(EACCES, errno);

	p = mmap(NULL, PAGE, PROT_READ, MAP_SHARED, self->fd, a.mmap_offset);
	ASSERT_NE(MAP_FAILED, p);
	/* And cannot be made writable later. */
	EXPECT_EQ(-1, mprotect(p, PAGE, PROT_READ | PROT_WRITE));
	EXPECT_EQ(EACCES, errno);
	munmap(p, PAGE);
}

static sigjmp_buf segv_jmp;

static void on_segv(int sig)
{
	siglongjmp(segv_jmp, sig);
}

/* A store through the read-only mapping faults and changes nothing. */
TEST_F(counter, cpu_write_faults)
{
	struct drm_xe_cbev_counter_alloc a;
	volatile uint64_t *v;
	struct sigaction sa = { .sa_handler = on_segv }, old;

	ASSERT_EQ(0, st_counter_alloc(self->fd, &a));
	v = (volatile uint64_t *)map_counter(self->fd, &a);
	ASSERT_NE(NULL, v);
	ASSERT_EQ(0, sigaction(SIGSEGV, &sa, &old));
	if (!sigsetjmp(segv_jmp, 1)) {
		*v = 1;
		ASSERT_TRUE(0) TH_LOG("store to a counter did not fault");
	}
	sigaction(SIGSEGV, &old, NULL);
	EXPECT_EQ(0ull, *v);
	unmap_counter(v);
}

/* Slots are packed: 512 to a page, distinct, consecutive in the page. */
TEST_F(counter, slots_packed_per_page)
{
	static struct drm_xe_cbev_counter_alloc a[3 * SLOTS];
	struct st_totals t;
	unsigned int i, j;

	for (i = 0; i < 3 * SLOTS; i++)
		ASSERT_EQ(0, st_counter_alloc(self->fd, &a[i]));
	ASSERT_EQ(0, st_totals(self->fd, &t));
	EXPECT_EQ(self->before.counter_pages + 3, t.counter_pages);
	EXPECT_EQ(self->before.counter_slots + 3 * SLOTS, t.counter_slots);

	for (i = 0; i < 3 * SLOTS; i++) {
		/* Slots of a page share its mapping and its GPU page. */
		j = i - i % SLOTS;
		EXPECT_EQ(a[j].mmap_offset, a[i].mmap_offset);
		EXPECT_EQ(a[j].gpu_addr / PAGE, a[i].gpu_addr / PAGE);
		if (i % SLOTS)
			EXPECT_NE(a[i - 1].id, a[i].id);
	}
	for (i = 0; i < 3; i++)
		for (j = i + 1; j < 3; j++)
			EXPECT_NE(a[i * SLOTS].gpu_addr / PAGE, a[j * SLOTS].gpu_addr / PAGE);

	/* Free a page's worth in the middle; they are reused, no new page. */
	for (i = SLOTS; i < 2 * SLOTS; i++)
		ASSERT_EQ(0, st_counter_free(self->fd, a[i].id));
	for (i = SLOTS; i < 2 * SLOTS; i++)
		ASSERT_EQ(0, st_counter_alloc(self->fd, &a[i]));
	ASSERT_EQ(0, st_totals(self->fd, &t));
	EXPECT_EQ(self->before.counter_pages + 3, t.counter_pages);
}

/* A reused slot reads zero again, whatever it held. */
TEST_F(counter, reused_slot_reads_zero)
{
	struct drm_xe_cbev_counter_alloc a, b;
	const volatile uint64_t *v;

	ASSERT_EQ(0, st_counter_alloc(self->fd, &a));
	ASSERT_EQ(0, st_counter_free(self->fd, a.id));
	ASSERT_EQ(0, st_counter_alloc(self->fd, &b));
	EXPECT_EQ(a.gpu_addr, b.gpu_addr);
	v = map_counter(self->fd, &b);
	ASSERT_NE(NULL, v);
	EXPECT_EQ(0ull, *v);
	unmap_counter(v);
}

/*
 * One million allocate+free pairs: the manager does not grow. (Seconds on
 * the Debian kernel; the debug kernel needs longer than the default limit.)
 */
TEST_F_TIMEOUT(counter, alloc_free_million_no_growth, 600)
{
	struct drm_xe_cbev_counter_alloc a, keep;
	struct st_totals t;
	unsigned int i;

	ASSERT_EQ(0, st_counter_alloc(self->fd, &keep));
	for (i = 0; i < 1000000; i++) {
		ASSERT_EQ(0, st_counter_alloc(self->fd, &a));
		ASSERT_EQ(0, st_counter_free(self->fd, a.id));
	}
	ASSERT_EQ(0, st_totals(self->fd, &t));
	EXPECT_EQ(self->before.counter_pages + 1, t.counter_pages);
	EXPECT_EQ(self->before.counter_slots + 1, t.counter_slots);
	EXPECT_EQ(self->before.bos + 1, t.bos);
}

/* Pages that empty out are given back (all but the last one used). */
TEST_F(counter, empty_pages_released)
{
	static struct drm_xe_cbev_counter_alloc a[4 * SLOTS];
	struct st_totals t;
	unsigned int i;

	for (i = 0; i < 4 * SLOTS; i++)
		ASSERT_EQ(0, st_counter_alloc(self->fd, &a[i]));
	for (i = 0; i < 4 * SLOTS; i++)
		ASSERT_EQ(0, st_counter_free(self->fd, a[i].id));
	ASSERT_EQ(0, st_totals(self->fd, &t));
	EXPECT_LE(t.counter_pages, self->before.counter_pages + 1);
	EXPECT_EQ(self->before.counter_slots, t.counter_slots);
}

TEST_F(counter, invalid_einval)
{
	struct drm_xe_cbev_counter_alloc a;
	struct drm_xe_cbev_counter_free f;
	struct st_totals t;

	a = (struct drm_xe_cbev_counter_alloc){ .flags = 1 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_ALLOC, &a));
	a = (struct drm_xe_cbev_counter_alloc){ .extensions = 1 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_ALLOC, &a));
	a = (struct drm_xe_cbev_counter_alloc){ .id = 1 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_ALLOC, &a));
	a = (struct drm_xe_cbev_counter_alloc){ .reserved[0] = 1 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_ALLOC, &a));
	a = (struct drm_xe_cbev_counter_alloc){ .reserved[1] = 1 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_ALLOC, &a));
	a = (struct drm_xe_cbev_counter_alloc){ .mmap_offset = 4096 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_ALLOC, &a));
	a = (struct drm_xe_cbev_counter_alloc){ .gpu_addr = 8 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_ALLOC, &a));
	ASSERT_EQ(0, st_totals(self->fd, &t));
	EXPECT_EQ(self->before.counter_slots, t.counter_slots);

	ASSERT_EQ(0, st_counter_alloc(self->fd, &a));
	f = (struct drm_xe_cbev_counter_free){ .id = a.id, .flags = 1 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_FREE, &f));
	f = (struct drm_xe_cbev_counter_free){ .id = a.id, .extensions = 1 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_FREE, &f));
	f = (struct drm_xe_cbev_counter_free){ .id = a.id, .reserved[1] = 1 };
	EXPECT_EQ(EINVAL, st_ioctl(self->fd, DRM_IOCTL_XE_CBEV_COUNTER_FREE, &f));
	/* Still allocated after all the refused frees. */
	EXPECT_EQ(0, st_counter_free(self->fd, a.id));
}

TEST_F(counter, unknown_ids_enoent)
{
	struct drm_xe_cbev_counter_alloc a;
	int fd2;

	EXPECT_EQ(ENOENT, st_counter_free(self->fd, 0));
	EXPECT_EQ(ENOENT, st_counter_free(self->fd, 1));
	EXPECT_EQ(ENOENT, st_counter_free(self->fd, ~0u));
	ASSERT_EQ(0, st_counter_alloc(self->fd, &a));
	/* The next slot of the same page was never allocated. */
	EXPECT_EQ(ENOENT, st_counter_free(self->fd, a.id + 1));
	/* Another file does not own our slot, nor can it map its page. */
	fd2 = st_open_render();
	ASSERT_GE(fd2, 0);
	EXPECT_EQ(ENOENT, st_counter_free(fd2, a.id + 1));
	EXPECT_EQ(MAP_FAILED, mmap(NULL, PAGE, PROT_READ, MAP_SHARED, fd2,
				   a.mmap_offset));
	close(fd2);
	EXPECT_EQ(0, st_counter_free(self->fd, a.id));
}

/* The kernel's counter pages cannot be unmapped or overlapped by user space. */
TEST_F(counter, kernel_half_untouchable)
{
	struct drm_xe_cbev_counter_alloc a;
	uint32_t bo;

	ASSERT_EQ(0, st_counter_alloc(self->fd, &a));
	ASSERT_EQ(0, st_bo_create(self->fd, PAGE, 0, &bo));
	EXPECT_EQ(EINVAL, st_vm_unmap(self->fd, a.gpu_addr & ~(PAGE - 1ull), PAGE));
	EXPECT_EQ(EINVAL, st_vm_map(self->fd, bo, 0, PAGE,
					 a.gpu_addr & ~(PAGE - 1ull), 0));
	EXPECT_EQ(1, st_debugfs_count(self->fd, " rw kernel"));
}

/* Several threads allocate and free at once; no slot is handed out twice. */
#define STRESS_THREADS	4
#define STRESS_LIVE	300
#define STRESS_ROUNDS	20

struct stress {
	int fd;
	unsigned int seed;
	uint32_t *owner;	/* by slot index of a few pages: who holds it */
	int failed;
};

static uint32_t *stress_owner_of(uint32_t *owner, const struct drm_xe_cbev_counter_alloc *a)
{
	/* gpu_addr is unique per slot; index it within the kernel half. */
	return &owner[(a->gpu_addr - DRM_XE_CBEV_VA_USER_END) / 8 % (1u << 16)];
}

static void *stress_thread(void *arg)
{
	struct stress *s = arg;
	struct drm_xe_cbev_counter_alloc live[STRESS_LIVE];
	unsigned int r, i;

	for (r = 0; r < STRESS_ROUNDS && !s->failed; r++) {
		for (i = 0; i < STRESS_LIVE; i++) {
			uint32_t *o;

			if (st_counter_alloc(s->fd, &live[i])) {
				s->failed = 1;
				return NULL;
			}
			o = stress_owner_of(s->owner, &live[i]);
			if (__atomic_exchange_n(o, live[i].id, __ATOMIC_SEQ_CST))
				s->failed = 2;	/* handed out while held */
		}
		/* Free in a shuffled order. */
		for (i = STRESS_LIVE; i > 1; i--) {
			unsigned int k = rand_r(&s->seed) % i;
			struct drm_xe_cbev_counter_alloc tmp = live[k];

			live[k] = live[i - 1];
			live[i - 1] = tmp;
		}
		for (i = 0; i < STRESS_LIVE; i++) {
			__atomic_store_n(stress_owner_of(s->owner, &live[i]), 0,
					 __ATOMIC_SEQ_CST);
			if (st_counter_free(s->fd, live[i].id))
				s->failed = 3;
		}
	}
	return NULL;
}

TEST_F(counter, threads_stress)
{
	static uint32_t owner[1u << 16];
	struct stress s[STRESS_THREADS];
	pthread_t th[STRESS_THREADS];
	int i;

	for (i = 0; i < STRESS_THREADS; i++) {
		s[i] = (struct stress){ .fd = self->fd, .seed = i + 1, .owner = owner };
		ASSERT_EQ(0, pthread_create(&th[i], NULL, stress_thread, &s[i]));
	}
	for (i = 0; i < STRESS_THREADS; i++) {
		pthread_join(th[i], NULL);
		EXPECT_EQ(0, s[i].failed) TH_LOG("thread %d failed: %d", i, s[i].failed);
	}
}

/*
 * A file's counter pages are bounded: past the limit an allocation is
 * -ENOSPC, a free makes room, and another file is not affected.
 */
TEST_F_TIMEOUT(counter, pages_bounded_per_file, 600)
{
	const unsigned int max = DRM_XE_CBEV_MAX_COUNTER_PAGES_PER_FILE * SLOTS;
	struct drm_xe_cbev_counter_alloc a, first;
	struct st_totals t;
	unsigned int i;
	int fd2, err = 0;

	ASSERT_EQ(0, st_counter_alloc(self->fd, &first));
	for (i = 1; i < max; i++) {
		err = st_counter_alloc(self->fd, &a);
		if (err)
			break;
	}
	ASSERT_EQ(0, err) TH_LOG("slot %u", i);
	ASSERT_EQ(0, st_totals(self->fd, &t));
	EXPECT_EQ(self->before.counter_pages + DRM_XE_CBEV_MAX_COUNTER_PAGES_PER_FILE,
		  t.counter_pages);
	EXPECT_EQ(ENOSPC, st_counter_alloc(self->fd, &a));

	/* Another file still allocates. */
	fd2 = st_open_render();
	ASSERT_GE(fd2, 0);
	EXPECT_EQ(0, st_counter_alloc(fd2, &a));
	close(fd2);

	ASSERT_EQ(0, st_counter_free(self->fd, first.id));
	EXPECT_EQ(0, st_counter_alloc(self->fd, &a));
}

TEST_HARNESS_MAIN
