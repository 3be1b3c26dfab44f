// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Host unit tests of the launch table's open chains (modules/launch.c):
 * the launches an in-order list appends while its queue is busy join the
 * dispatch before them until the execution units seal it; a sealed or
 * full chain takes no more; the chain holds its steps' launches and lets them go with its last
 * reference; launches registered from several threads at once each get
 * a slot of their own. No device: launches of no kernel, found by cookie.
 */

#include <check.h>
#include <pthread.h>
#include <stdlib.h>

#include "modules/launch.h"
#include "check_run.h"

static const uint32_t one[3] = { 1, 1, 1 };

/* A registered launch of no kernel, with one reference. */
static struct xe_launch *launch_new(void)
{
	struct xe_launch *l = calloc(1, sizeof(*l));

	ck_assert_ptr_nonnull(l);
	ck_assert_int_eq(xe_launch_register(l), 0);
	return l;
}

/* Whether the launch @cookie named is still alive. */
static bool alive(uint64_t cookie)
{
	struct xe_launch *l = xe_launch_lookup(cookie);

	if (l)
		xe_launch_put(l);
	return l;
}

START_TEST(test_chain_joined_until_sealed)
{
	struct xe_launch *first = launch_new(), *l[3], *chain, *late = launch_new();
	const uint32_t groups[3] = { 4, 2, 1 };
	uint64_t cookies[3];
	uint32_t i, idx;

	ck_assert_int_eq(xe_launch_chain_open(first, one, &chain), 0);
	ck_assert_uint_eq(chain->nsteps, 1);
	ck_assert_uint_eq(chain->open, XE_CHAIN_OPEN);
	ck_assert_ptr_eq(chain->steps[0].launch, first);
	for (i = 0; i < 3; i++) {
		l[i] = launch_new();
		cookies[i] = l[i]->cookie;
		ck_assert(xe_launch_chain_join(chain, l[i], groups, &idx));
		ck_assert_uint_eq(idx, i + 1);
		/* The chain holds it: the caller's reference may go. */
		xe_launch_put(l[i]);
	}
	ck_assert_uint_eq(chain->nsteps, 4);
	ck_assert_uint_eq(chain->steps[2].groups[0], 4);
	ck_assert_uint_eq(chain->steps[2].groups[1], 2);

	xe_launch_chain_seal(chain);
	ck_assert_uint_eq(chain->open, 0);
	ck_assert_msg(!xe_launch_chain_join(chain, late, one, &idx),
		      "a sealed chain takes no launch");
	ck_assert_uint_eq(chain->nsteps, 4);
	/* A launch that is no open chain: sealing it changes nothing. */
	xe_launch_chain_seal(late);
	ck_assert_uint_eq(late->nsteps, 0);

	for (i = 0; i < 3; i++)
		ck_assert(alive(cookies[i]));
	xe_launch_put(chain);
	for (i = 0; i < 3; i++)
		ck_assert_msg(!alive(cookies[i]), "the chain let its steps go");
	xe_launch_put(first);
	xe_launch_put(late);
}
END_TEST

START_TEST(test_chain_full)
{
	struct xe_launch *first = launch_new(), *chain, *l = launch_new();
	uint32_t n = 1, idx;

	ck_assert_int_eq(xe_launch_chain_open(first, one, &chain), 0);
	while (xe_launch_chain_join(chain, l, one, &idx)) {
		ck_assert_uint_eq(idx, n);
		n++;
		ck_assert_uint_lt(n, 100000);
	}
	ck_assert_uint_eq(chain->nsteps, n);
	ck_assert_uint_ge(n, 16);
	ck_assert_msg(chain->open == XE_CHAIN_OPEN,
		      "a full chain stays open: it is only not joined");
	/* Every step kept what it was given through the growth. */
	for (idx = 1; idx < n; idx++)
		ck_assert_ptr_eq(chain->steps[idx].launch, l);
	xe_launch_put(chain);
	xe_launch_put(l);
	xe_launch_put(first);
}
END_TEST

struct joiner {
	struct xe_launch *chain, *l;
	uint32_t joined;
};

static void *join_many(void *arg)
{
	struct joiner *j = arg;
	uint32_t i, idx;

	for (i = 0; i < 200; i++)
		if (xe_launch_chain_join(j->chain, j->l, one, &idx))
			j->joined++;
		else
			break;
	return NULL;
}

/*
 * A seal while launches join: each join is either whole in the chain or
 * refused, and none comes after the seal.
 */
START_TEST(test_chain_sealed_while_joined)
{
	struct xe_launch *first = launch_new();
	struct joiner j = { .l = launch_new() };
	pthread_t t;
	uint32_t n, idx;

	ck_assert_int_eq(xe_launch_chain_open(first, one, &j.chain), 0);
	ck_assert_int_eq(pthread_create(&t, NULL, join_many, &j), 0);
	xe_launch_chain_seal(j.chain);
	n = j.chain->nsteps;
	ck_assert_int_eq(pthread_join(t, NULL), 0);
	ck_assert_uint_eq(j.chain->nsteps, n);
	ck_assert_uint_eq(n, 1 + j.joined);
	for (idx = 1; idx < n; idx++)
		ck_assert_ptr_eq(j.chain->steps[idx].launch, j.l);
	xe_launch_put(j.chain);
	xe_launch_put(j.l);
	xe_launch_put(first);
}
END_TEST

#define REGISTERERS	4
#define ROUNDS		2000

/*
 * Registering takes no lock: threads that register and drop launches at
 * once each get a slot of their own, and each cookie finds its launch.
 */
static void *register_many(void *arg)
{
	struct xe_launch *live[8] = { NULL };
	uint32_t r, k, bad = 0;

	(void)arg;
	for (r = 0; r < ROUNDS; r++) {
		k = r % 8;
		if (live[k])
			xe_launch_put(live[k]);
		live[k] = calloc(1, sizeof(*live[k]));
		if (!live[k] || xe_launch_register(live[k])) {
			free(live[k]);
			live[k] = NULL;
			bad++;
			continue;
		}
		for (uint32_t j = 0; j < 8; j++) {
			struct xe_launch *l = live[j] ?
				xe_launch_lookup(live[j]->cookie) : NULL;

			if (live[j] && l != live[j])
				bad++;
			if (l)
				xe_launch_put(l);
		}
	}
	for (k = 0; k < 8; k++)
		if (live[k])
			xe_launch_put(live[k]);
	return (void *)(uintptr_t)bad;
}

START_TEST(test_register_from_threads)
{
	pthread_t t[REGISTERERS];
	void *bad;
	int i;

	for (i = 0; i < REGISTERERS; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, register_many, NULL), 0);
	for (i = 0; i < REGISTERERS; i++) {
		ck_assert_int_eq(pthread_join(t[i], &bad), 0);
		ck_assert_msg(!bad, "a cookie found another launch (%lu)",
			      (unsigned long)(uintptr_t)bad);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("unit_launch");
	TCase *tc = tcase_create("chains");

	tcase_add_test(tc, test_chain_joined_until_sealed);
	tcase_add_test(tc, test_chain_full);
	tcase_add_test(tc, test_chain_sealed_while_joined);
	tcase_add_test(tc, test_register_from_threads);
	suite_add_tcase(s, tc);
	return check_run(s);
}
