// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Host unit tests of the registry of live objects (core/object.c) on the
 * fake backend: destroyed handles, pointers that are no handle and handles
 * of another kind are refused without being read; the set stays right
 * while other threads create and destroy objects by the thousand.
 */

#include <pthread.h>
#include <stdatomic.h>

#include "core/object.h"
#include "libze_test_stale.h"
#include "unit.h"

static void setup(void)
{
	unit_setup();
}

static void teardown(void)
{
	unit_teardown();
}

START_TEST(test_stale_handles_refused)
{
	ze_command_list_handle_t list = lz_immediate_list(true);

	stale_run(list);
	ck_assert_ok(zeCommandListDestroy(list));
}
END_TEST

#define CHURN_OBJECTS	512
#define CHURN_ROUNDS	200

static struct xe_ddi_heads heads;
static atomic_bool churn_stop;
static atomic_bool checked;	/* the checker finished a round meanwhile */

/*
 * Make and destroy objects as fast as possible: the table grows, shifts.
 * A thread ends only once the checker has finished a round of checks
 * while it churned, however the threads are scheduled.
 */
static void *churn(void *arg)
{
	static struct xe_object objs[2][CHURN_OBJECTS];
	struct xe_object *mine = objs[(uintptr_t)arg];
	unsigned int round, i;

	for (round = 0; round < CHURN_ROUNDS || !atomic_load(&checked);
	     round++) {
		for (i = 0; i < CHURN_OBJECTS; i++)
			xe_object_init(&mine[i], XE_MAGIC_EVENT, &heads);
		for (i = 0; i < CHURN_OBJECTS; i++)
			xe_object_fini(&mine[i]);
	}
	return NULL;
}

START_TEST(test_registry_never_misses_a_live_object)
{
	static struct xe_object stable[64];
	unsigned long checks = 0;
	pthread_t t[2];
	unsigned int i;

	for (i = 0; i < 64; i++)
		xe_object_init(&stable[i], XE_MAGIC_FENCE, &heads);
	atomic_store(&churn_stop, false);
	atomic_store(&checked, false);
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, churn,
						(void *)(uintptr_t)i), 0);
	for (i = 0; i < 2; i++) {
		void *done;

		while (pthread_tryjoin_np(t[i], &done)) {
			unsigned int j;

			for (j = 0; j < 64; j++, checks++)
				ck_assert_msg(xe_object_check(&stable[j],
							      XE_MAGIC_FENCE),
					      "a live object is always found");
			atomic_store(&checked, true);
		}
	}
	ck_assert_msg(checks > 0, "the checks ran during the churn");
	for (i = 0; i < 64; i++) {
		ck_assert_ptr_nonnull(xe_object_check(&stable[i],
						      XE_MAGIC_FENCE));
		xe_object_fini(&stable[i]);
		ck_assert_ptr_null(xe_object_check(&stable[i],
						   XE_MAGIC_FENCE));
	}
}
END_TEST

START_TEST(test_registry_many_objects)
{
	enum { N = 20000 };
	struct xe_object *objs = calloc(N, sizeof(*objs));
	unsigned int i;

	ck_assert_ptr_nonnull(objs);
	for (i = 0; i < N; i++)
		xe_object_init(&objs[i], XE_MAGIC_KERNEL, &heads);
	for (i = 0; i < N; i += 2)
		xe_object_fini(&objs[i]);
	for (i = 0; i < N; i++)
		ck_assert_msg(!xe_object_check(&objs[i], XE_MAGIC_KERNEL) ==
			      !(i & 1), "object %u is live iff not destroyed",
			      i);
	for (i = 1; i < N; i += 2)
		xe_object_fini(&objs[i]);
	for (i = 0; i < N; i++)
		ck_assert_ptr_null(xe_object_check(&objs[i],
						   XE_MAGIC_KERNEL));
	free(objs);
}
END_TEST

static Suite *handles_suite(void)
{
	Suite *s = suite_create("libze_unit_handles");
	TCase *tc = tcase_create("stale");
	TCase *reg = tcase_create("registry");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_stale_handles_refused);
	suite_add_tcase(s, tc);
	tcase_set_timeout(reg, 60);
	tcase_add_test(reg, test_registry_never_misses_a_live_object);
	tcase_add_test(reg, test_registry_many_objects);
	suite_add_tcase(s, reg);
	return s;
}

int main(void)
{
	return unit_run(handles_suite());
}
