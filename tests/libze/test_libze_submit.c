// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of how appends reach the engine (userspace/libze/src/
 * submission/ring.c), through the loader: direct submission (the default,
 * no system call while the engine is awake) and the io_uring SQPOLL path
 * (XE_CBEV_SUBMIT=uring), under many threads appending to many immediate
 * lists with random pauses, long enough now and then for the engine to
 * fall asleep: every append completes, every event signals.
 */

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "libze_test.h"
#include "libze_test_cb.h"
#include "check_run.h"

#define THREADS		6
#define LISTS		3	/* per thread */
#define APPENDS		1500	/* per thread */
#define FILL_BYTES	64u

struct stress_thread {
	unsigned int t;
	ze_command_list_handle_t list[LISTS];
	ze_event_handle_t ev[LISTS];
	uint8_t *buf[LISTS];
	uint8_t last[LISTS];
	unsigned int fails;
};

static void setup(void)
{
	lz_setup();
	lz_cb_setup();
}

static void teardown(void)
{
	unsetenv("XE_CBEV_SUBMIT");
	lz_teardown();
}

static void *stress_main(void *arg)
{
	struct stress_thread *th = arg;
	unsigned int seed = th->t * 104729 + 7, i;

	for (i = 1; i <= APPENDS; i++) {
		unsigned int l = rand_r(&seed) % LISTS;
		uint8_t byte = (uint8_t)(i % 251 + 1);

		if (zeCommandListAppendMemoryFill(th->list[l], th->buf[l], &byte,
						  1, FILL_BYTES, th->ev[l], 0,
						  NULL) != ZE_RESULT_SUCCESS) {
			th->fails++;
			continue;
		}
		th->last[l] = byte;
		switch (rand_r(&seed) % 128) {
		case 0:	/* past the engine's idle window: it falls asleep */
			usleep(1000 + rand_r(&seed) % 3000);
			break;
		case 1:	/* a host wait in the middle */
			if (zeEventHostSynchronize(th->ev[l], UINT64_MAX) !=
			    ZE_RESULT_SUCCESS ||
			    th->buf[l][FILL_BYTES - 1] != byte)
				th->fails++;
			break;
		}
	}
	return NULL;
}

static void stress(const char *submit)
{
	struct stress_thread th[THREADS];
	pthread_t tid[THREADS];
	unsigned int t, l, j;

	if (submit)
		setenv("XE_CBEV_SUBMIT", submit, 1);
	for (t = 0; t < THREADS; t++) {
		th[t] = (struct stress_thread){ .t = t };
		for (l = 0; l < LISTS; l++) {
			th[t].list[l] = lz_immediate_list(true);
			th[t].ev[l] = lz_cb_event(CB_IMM);
			th[t].buf[l] = lz_alloc_host(FILL_BYTES);
		}
	}
	for (t = 0; t < THREADS; t++)
		ck_assert_int_eq(0, pthread_create(&tid[t], NULL, stress_main,
						   &th[t]));
	for (t = 0; t < THREADS; t++)
		pthread_join(tid[t], NULL);

	for (t = 0; t < THREADS; t++) {
		ck_assert_uint_eq(th[t].fails, 0);
		for (l = 0; l < LISTS; l++) {
			ck_assert_ze(zeEventHostSynchronize(th[t].ev[l],
							    10000 * MS),
				     ZE_RESULT_SUCCESS,
				     "every list's last event signals");
			ck_assert_ok(lz_list_sync(th[t].list[l], 10000 * MS));
			for (j = 0; j < FILL_BYTES; j++)
				ck_assert_uint_eq(th[t].buf[l][j], th[t].last[l]);
			ck_assert_ok(zeEventDestroy(th[t].ev[l]));
			ck_assert_ok(zeCommandListDestroy(th[t].list[l]));
			lz_free(th[t].buf[l]);
		}
	}
}

START_TEST(test_submit_direct_stress_every_append_completes)
{
	stress(NULL);
}
END_TEST

START_TEST(test_submit_uring_stress_every_append_completes)
{
	stress("uring");
}
END_TEST

START_TEST(test_submit_ioctl_still_works)
{
	ze_command_list_handle_t list;
	ze_event_handle_t ev;
	uint8_t *p, byte = 0x5c;

	setenv("XE_CBEV_SUBMIT", "ioctl", 1);
	list = lz_immediate_list(true);
	ev = lz_cb_event(CB_IMM);
	p = lz_alloc_host(FILL_BYTES);
	ck_assert_ok(zeCommandListAppendMemoryFill(list, p, &byte, 1, FILL_BYTES,
						   ev, 0, NULL));
	ck_assert_ok(zeEventHostSynchronize(ev, UINT64_MAX));
	ck_assert_uint_eq(p[FILL_BYTES - 1], byte);
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(list));
	lz_free(p);
}
END_TEST

static Suite *submit_suite(void)
{
	Suite *s = suite_create("libze_submit");
	TCase *tc = tcase_create("paths");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_submit_direct_stress_every_append_completes);
	tcase_add_test(tc, test_submit_uring_stress_every_append_completes);
	tcase_add_test(tc, test_submit_ioctl_still_works);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(submit_suite());
}
