/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _TESTS_CHECK_RUN_H
#define _TESTS_CHECK_RUN_H

/*
 * The end of every Check program's main(): run the suites, free the
 * runner, turn the failures into the program's exit status.
 */

#include <stdlib.h>

#include <check.h>

/*
 * Runs every suite of @sr, already set up by the caller (more suites, a
 * fork mode), and frees it. Returns EXIT_FAILURE if any test failed, else
 * EXIT_SUCCESS.
 */
static inline int check_run_srunner(SRunner *sr)
{
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* Runs @s in a runner of its own, as check_run_srunner() does. */
static inline int check_run(Suite *s)
{
	return check_run_srunner(srunner_create(s));
}

#endif /* _TESTS_CHECK_RUN_H */
