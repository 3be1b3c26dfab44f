// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Host unit tests of graph ownership on the fake backend: the graph that
 * zeCommandListBeginGraphCaptureExt() makes goes with its primary list
 * when that list is destroyed mid-capture and the application never had
 * the graph's handle; once zeCommandListGetGraphExt() handed it out, it is
 * the application's to destroy. The registry of live objects
 * (core/object.c) tells whether it still exists without reading it.
 */

#include <ze_graph_ext.h>

#include "core/object.h"
#include "graph/graph.h"
#include "lists/cmdlist.h"
#include "unit.h"

static void setup(void)
{
	unit_setup();
}

static void teardown(void)
{
	unit_teardown();
}

/* The graph @list captures into, read without handing it out. */
static void *capture_of(ze_command_list_handle_t list)
{
	return xe_cmdlist_from_handle(list)->capture;
}

static void capture_fill(ze_command_list_handle_t list, uint32_t *buf)
{
	uint32_t v = 7;

	ck_assert_ok(zeCommandListBeginGraphCaptureExt(list, NULL));
	ck_assert_ok(zeCommandListAppendMemoryFill(list, buf, &v, 4, 64, NULL,
						   0, NULL));
}

START_TEST(test_implicit_graph_goes_with_its_primary_list)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint32_t *buf = lz_alloc_shared(64);
	void *g;

	capture_fill(list, buf);
	g = capture_of(list);
	ck_assert_ptr_nonnull(xe_object_check(g, XE_MAGIC_GRAPH));
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_msg(!xe_object_check(g, XE_MAGIC_GRAPH),
		      "a graph no one has a handle of is destroyed with its primary list");
	lz_free(buf);
}
END_TEST

START_TEST(test_handed_out_graph_stays_the_application_s)
{
	ze_command_list_handle_t list = lz_immediate_list(true);
	uint32_t *buf = lz_alloc_shared(64);
	ze_graph_handle_t g;

	capture_fill(list, buf);
	ck_assert_ok(zeCommandListGetGraphExt(list, &g));
	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ptr_nonnull(xe_object_check(g, XE_MAGIC_GRAPH));
	ck_assert_ze(zeGraphIsEmptyExt(g), ZE_RESULT_ERROR_INVALID_GRAPH,
		     "the capture lost its primary list");
	ck_assert_ok(zeGraphDestroyExt(g));
	lz_free(buf);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("unit_graph");
	TCase *tc = tcase_create("graph");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_implicit_graph_goes_with_its_primary_list);
	tcase_add_test(tc, test_handed_out_graph_stays_the_application_s);
	suite_add_tcase(s, tc);
	return check_run(s);
}
