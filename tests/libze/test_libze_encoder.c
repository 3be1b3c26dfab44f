// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Host tests of the MI command encoder (userspace/libze/src/encoder.c),
 * linked in directly: each command, dword by dword, against the encodings
 * of Documentation/command-stream.rst; and the contract header,
 * <drm/xe_cbev_cs.h>, against the same literal encodings.
 */

#include <stdlib.h>
#include <string.h>

#include <check.h>

#include <zex_builtins.h>

#include "../../userspace/libze/src/submission/encoder.h"
#include "check_run.h"

#define ADDR	0x00007f1234567ab8ull
#define VALUE	0x1122334455667788ull

static uint32_t cs[32];

static void setup(void)
{
	memset(cs, 0xee, sizeof(cs));
}

/* The encoder wrote @n dwords, equal to @expected, and nothing after. */
static void check_dwords(const uint32_t *end, const uint32_t *expected,
			 unsigned int n)
{
	unsigned int i;

	ck_assert_msg(end == cs + n, "the command is %u dwords, not %td", n,
		      end - cs);
	for (i = 0; i < n; i++)
		ck_assert_msg(cs[i] == expected[i],
			      "DW%u is 0x%08x, not 0x%08x", i, cs[i],
			      expected[i]);
	ck_assert_msg(cs[n] == 0xeeeeeeee, "nothing is written after it");
}

START_TEST(test_encoder_noop_and_bb_end)
{
	static const uint32_t end[] = { 0x05000000 };

	check_dwords(xe_emit_noop(cs), (const uint32_t[]){ 0 },
		     XE_MI_NOOP_DWORDS);
	setup();
	check_dwords(xe_emit_bb_end(cs), end, XE_MI_BATCH_BUFFER_END_DWORDS);
}
END_TEST

START_TEST(test_encoder_bb_start)
{
	const uint32_t chain[] = { 0x18800101, 0x34567ab8, 0x00007f12 };
	const uint32_t call[] = { 0x18c00101, 0x34567ab8, 0x00007f12 };

	check_dwords(xe_emit_bb_start(cs, ADDR, false), chain,
		     XE_MI_BATCH_BUFFER_START_DWORDS);
	setup();
	check_dwords(xe_emit_bb_start(cs, ADDR, true), call,
		     XE_MI_BATCH_BUFFER_START_DWORDS);
}
END_TEST

START_TEST(test_encoder_store_qword)
{
	const uint32_t sdi[] = { 0x10200003, 0x34567ab8, 0x00007f12,
				 0x55667788, 0x11223344 };

	check_dwords(xe_emit_store_qword(cs, ADDR, VALUE), sdi,
		     XE_MI_STORE_DATA_IMM_QW_DWORDS);
}
END_TEST

START_TEST(test_encoder_semaphore_wait64)
{
	static const uint32_t ops[] = { XE_SEM_GT, XE_SEM_GTE, XE_SEM_LT,
					XE_SEM_LTE, XE_SEM_EQ, XE_SEM_NEQ };
	unsigned int i;

	for (i = 0; i < 6; i++) {
		const uint32_t sem[] = { 0x1d800005 | ops[i] << 12,
					 0x55667788, 0x11223344,
					 0x34567ab8, 0x00007f12, 0, 0 };

		setup();
		check_dwords(xe_emit_semaphore_wait64(cs, ADDR, ops[i], VALUE),
			     sem, XE_MI_SEMAPHORE_WAIT_64_DWORDS);
	}
	ck_assert_int_eq(XE_SEM_GTE, 1);
	ck_assert_int_eq(XE_SEM_NEQ, 5);
}
END_TEST

START_TEST(test_encoder_atomic_add64)
{
	const uint32_t atomic[] = { 0x178c2709, 0x34567ab8, 0x00007f12,
				    0x55667788, 0, 0x11223344, 0, 0, 0, 0, 0 };

	check_dwords(xe_emit_atomic_add64(cs, ADDR, VALUE), atomic,
		     XE_MI_ATOMIC_INLINE_DWORDS);
}
END_TEST

START_TEST(test_encoder_timestamp)
{
	const uint32_t pc[] = { 0x7a000004, 3u << 14, 0x34567ab8, 0x00007f12,
				0, 0 };

	check_dwords(xe_emit_timestamp(cs, ADDR), pc, XE_PIPE_CONTROL_DWORDS);
}
END_TEST

START_TEST(test_encoder_dispatch)
{
	const uint64_t args[XE_DISPATCH_NUM_ARGS] = {
		ADDR, VALUE, 3, 0, 0xffffffffffffffffull, 1ull << 32,
	};
	const uint32_t dispatch[] = {
		0x777f000d, 4, 0,
		0x34567ab8, 0x00007f12, 0x55667788, 0x11223344, 3, 0, 0, 0,
		0xffffffff, 0xffffffff, 0, 1,
	};

	check_dwords(xe_emit_dispatch(cs, 4, args), dispatch,
		     XE_DISPATCH_DWORDS);
}
END_TEST

/* The contract's values are the documented encodings; zex ids are its ids. */
START_TEST(test_encoder_contract_matches_documented_encodings)
{
	ck_assert_uint_eq(XE_CBEV_DISPATCH_DW0, 0x777f000d);
	ck_assert_uint_eq(XE_CBEV_DISPATCH_DWORDS, 15);
	ck_assert_uint_eq(XE_CBEV_DISPATCH_DW_KERNEL, 1);
	ck_assert_uint_eq(XE_CBEV_DISPATCH_DW_ARG(0), 3);
	ck_assert_uint_eq(XE_CBEV_DISPATCH_NUM_ARGS, 6);
	ck_assert_uint_eq(XE_CBEV_PIPE_CONTROL_DW0, 0x7a000004);
	ck_assert_uint_eq(XE_CBEV_MI_NOOP_DW0, 0x00000000);
	ck_assert_uint_eq(XE_CBEV_MI_USER_INTERRUPT_DW0, 0x01000000);
	ck_assert_uint_eq(XE_CBEV_MI_BATCH_BUFFER_END_DW0, 0x05000000);
	ck_assert_uint_eq(XE_CBEV_MI_BATCH_BUFFER_START_DW0(0), 0x18800101);
	ck_assert_uint_eq(XE_CBEV_MI_BATCH_BUFFER_START_DW0(1), 0x18c00101);
	ck_assert_uint_eq(XE_CBEV_MI_STORE_DATA_IMM_QW_DW0, 0x10200003);
	ck_assert_uint_eq(XE_CBEV_MI_SEMAPHORE_WAIT_64_DW0(XE_CBEV_MI_SAD_GTE),
			  0x1d801005);
	ck_assert_uint_eq(xe_cbev_mi_atomic_inline_dw0(XE_CBEV_MI_ATOMIC_QWORD |
						       XE_CBEV_MI_ATOMIC_INC),
			  0x178c2509);
	ck_assert_int_eq(ZEX_BUILTIN_FILL, 1);
	ck_assert_int_eq(ZEX_BUILTIN_FILL, XE_CBEV_BUILTIN_FILL);
	ck_assert_int_eq(ZEX_BUILTIN_SPIN, 6);
	ck_assert_int_eq(ZEX_BUILTIN_SPIN, XE_CBEV_BUILTIN_SPIN);
	ck_assert_uint_eq(XE_CBEV_BUILTIN_MAX_SIZE, 1ull << 30);
	ck_assert_uint_eq(XE_CBEV_BUILTIN_MAX_PATTERN, 256);
}
END_TEST

static Suite *encoder_suite(void)
{
	Suite *s = suite_create("encoder");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_encoder_noop_and_bb_end);
	tcase_add_test(tc, test_encoder_bb_start);
	tcase_add_test(tc, test_encoder_store_qword);
	tcase_add_test(tc, test_encoder_semaphore_wait64);
	tcase_add_test(tc, test_encoder_atomic_add64);
	tcase_add_test(tc, test_encoder_timestamp);
	tcase_add_test(tc, test_encoder_dispatch);
	tcase_add_test(tc, test_encoder_contract_matches_documented_encodings);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(encoder_suite());
}
