// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Host unit tests of what the host paths allocate from instead of the
 * general allocator: the slab events live in (events/event_slab.c) and
 * the free list of counter-based states (events/cb_state.c). A slab hands
 * out fixed-size objects of one range, tells its objects from any other
 * pointer without reading it, and hands a freed object out again only
 * after its quarantine; a destroyed event's handle is refused meanwhile.
 * Freed states are reused, and threads that allocate and free at once
 * never share one.
 */

#include <pthread.h>
#include <stdatomic.h>

#include "events/cb_state.h"
#include "events/event.h"
#include "events/event_slab.h"
#include "unit.h"

struct thing {
	uint64_t owner;
	void *link;
	uint8_t rest[84];
};

#define QUARANTINE	4

static struct xe_slab slab;

static void slab_setup(void)
{
	memset(&slab, 0, sizeof(slab));
	ck_assert_int_eq(xe_slab_init(&slab, sizeof(struct thing), 64,
				      QUARANTINE, offsetof(struct thing, link)),
			 0);
}

static void slab_teardown(void)
{
	xe_slab_fini(&slab);
}

START_TEST(test_slab_tells_its_objects)
{
	struct thing *a, *b;

	ck_assert_msg(!xe_slab_has(&slab, slab.base),
		      "nothing handed out: nothing is an object");
	a = xe_slab_alloc(&slab);
	b = xe_slab_alloc(&slab);
	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(b);
	ck_assert_msg((uintptr_t)b - (uintptr_t)a == 128,
		      "objects are a power of two apart (%zu)",
		      (size_t)((uintptr_t)b - (uintptr_t)a));
	ck_assert(xe_slab_has(&slab, a));
	ck_assert(xe_slab_has(&slab, b));
	ck_assert_msg(!xe_slab_has(&slab, (uint8_t *)a + 8),
		      "a pointer into an object is none");
	ck_assert_msg(!xe_slab_has(&slab, (uint8_t *)b + 128),
		      "a slot never handed out is none");
	ck_assert_msg(!xe_slab_has(&slab, &slab), "memory elsewhere is none");
	ck_assert(!xe_slab_has(&slab, NULL));
	ck_assert_msg(a->owner == 0 && b->owner == 0, "new objects are zero");
	xe_slab_free(&slab, a);
	ck_assert_msg(xe_slab_has(&slab, a),
		      "a freed object stays readable and the slab's");
}
END_TEST

START_TEST(test_slab_quarantine_before_reuse)
{
	struct thing *t[QUARANTINE + 1], *n;
	unsigned int i;

	for (i = 0; i <= QUARANTINE; i++) {
		t[i] = xe_slab_alloc(&slab);
		t[i]->owner = i + 1;
	}
	for (i = 0; i <= QUARANTINE; i++)
		xe_slab_free(&slab, t[i]);
	/* QUARANTINE + 1 freed: the oldest may go, the rest wait. */
	n = xe_slab_alloc(&slab);
	ck_assert_msg(n == t[0], "the oldest freed object comes back first");
	ck_assert_msg(n->owner == 1, "with what it held");
	n = xe_slab_alloc(&slab);
	for (i = 0; i <= QUARANTINE; i++)
		ck_assert_msg(n != t[i],
			      "nothing else is reused inside its quarantine");
}
END_TEST

START_TEST(test_slab_full_reuses_what_is_free)
{
	void *objs[64], *one;
	unsigned int i;

	for (i = 0; i < 64; i++) {
		objs[i] = xe_slab_alloc(&slab);
		ck_assert_ptr_nonnull(objs[i]);
	}
	ck_assert_ptr_null(xe_slab_alloc(&slab));
	xe_slab_free(&slab, objs[7]);
	one = xe_slab_alloc(&slab);
	ck_assert_msg(one == objs[7],
		      "a full slab hands out a freed object at once");
	ck_assert_ptr_null(xe_slab_alloc(&slab));
}
END_TEST

#define CHURN	20000

static void *churn(void *arg)
{
	uint64_t me = (uintptr_t)arg, i;
	struct thing *t;

	for (i = 0; i < CHURN; i++) {
		t = xe_slab_alloc(&slab);
		if (!t)
			return (void *)1;
		if (!__atomic_compare_exchange_n(&t->owner, &(uint64_t){ 0 },
						 me, false, __ATOMIC_SEQ_CST,
						 __ATOMIC_SEQ_CST))
			return (void *)2;	/* someone else holds it */
		__atomic_store_n(&t->owner, 0, __ATOMIC_SEQ_CST);
		xe_slab_free(&slab, t);
	}
	return NULL;
}

START_TEST(test_slab_threads_never_share_an_object)
{
	pthread_t th[4];
	void *ret;
	unsigned int i;

	for (i = 0; i < 4; i++)
		ck_assert_int_eq(pthread_create(&th[i], NULL, churn,
						(void *)(uintptr_t)(i + 1)), 0);
	for (i = 0; i < 4; i++) {
		pthread_join(th[i], &ret);
		ck_assert_msg(!ret, "thread %u: %s", i,
			      ret == (void *)1 ? "slab ran dry" :
			      "an object handed out twice");
	}
}
END_TEST

/* ---- through the API ---------------------------------------------------- */

static void api_setup(void)
{
	unit_setup();
}

static void api_teardown(void)
{
	unit_teardown();
}

START_TEST(test_destroyed_event_refused_through_its_quarantine)
{
	ze_event_pool_handle_t pool = lz_event_pool(0, 1);
	ze_event_handle_t stale = unit_cb_immediate(), ev;
	unsigned int i;

	ck_assert_msg(xe_event_in_slab(stale), "events live in the slab");
	ck_assert_ok(zeEventDestroy(stale));
	/* A thousand events of both kinds come and go meanwhile. */
	for (i = 0; i < 1000; i++) {
		ev = i % 2 ? unit_cb_immediate() : lz_event(pool, 0);
		ck_assert_msg(ev != stale, "no event reuses a fresh stale slot");
		ck_assert_ze(zeEventQueryStatus(stale),
			     ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
			     "a destroyed event");
		ck_assert_ok(zeEventDestroy(ev));
	}
	ck_assert_ze(zeEventHostSynchronize(stale, 0),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE, "a destroyed event");
	ck_assert_ze(zeEventDestroy(stale),
		     ZE_RESULT_ERROR_INVALID_NULL_HANDLE, "destroyed twice");
	ck_assert_ok(zeEventPoolDestroy(pool));
}
END_TEST

START_TEST(test_cb_states_come_back_from_the_free_list)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_event_handle_t ev = unit_cb_immediate();
	unsigned int before, i;

	/* Each signal frees the state before: the list stays as it was. */
	ck_assert_ok(zeCommandListAppendBarrier(list, ev, 0, NULL));
	before = xe_cb_state_free_count();
	for (i = 0; i < 1000; i++)
		ck_assert_ok(zeCommandListAppendBarrier(list, ev, 0, NULL));
	ck_assert_uint_eq(xe_cb_state_free_count(), before);
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_uint_eq(xe_cb_state_free_count(), before + 1);
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

static void *state_churn(void *arg)
{
	const struct xe_cb_state init = { .kind = XE_CB_EXTERNAL };
	struct xe_cb_state *s[8];
	unsigned int i, k;

	for (i = 0; i < CHURN / 8; i++) {
		for (k = 0; k < 8; k++) {
			if (xe_cb_state_new(&init, &s[k]))
				return (void *)1;
			if ((uintptr_t)s[k] & ~XE_CB_PTR_MASK)
				return (void *)2;
			s[k]->value = (uintptr_t)arg;
		}
		for (k = 0; k < 8; k++) {
			if (s[k]->value != (uintptr_t)arg)
				return (void *)3;	/* shared */
			xe_cb_state_put(s[k]);
		}
	}
	return NULL;
}

START_TEST(test_cb_state_threads_never_share_a_state)
{
	pthread_t th[4];
	void *ret;
	unsigned int i;

	for (i = 0; i < 4; i++)
		ck_assert_int_eq(pthread_create(&th[i], NULL, state_churn,
						(void *)(uintptr_t)(i + 1)), 0);
	for (i = 0; i < 4; i++) {
		pthread_join(th[i], &ret);
		ck_assert_msg(!ret, "thread %u failed (%p)", i, ret);
	}
}
END_TEST

static Suite *slab_suite(void)
{
	Suite *s = suite_create("libze_unit_slab");
	TCase *tc = tcase_create("slab");

	tcase_add_checked_fixture(tc, slab_setup, slab_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_slab_tells_its_objects);
	tcase_add_test(tc, test_slab_quarantine_before_reuse);
	tcase_add_test(tc, test_slab_full_reuses_what_is_free);
	tcase_add_test(tc, test_slab_threads_never_share_an_object);
	suite_add_tcase(s, tc);

	tc = tcase_create("events");
	tcase_add_checked_fixture(tc, api_setup, api_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_destroyed_event_refused_through_its_quarantine);
	tcase_add_test(tc, test_cb_states_come_back_from_the_free_list);
	tcase_add_test(tc, test_cb_state_threads_never_share_a_state);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return unit_run(slab_suite());
}
