/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _LIBZE_UNIT_H
#define _LIBZE_UNIT_H

/*
 * Shared by the host unit tests of libze. They link every object of the
 * library but submission/kmd.c and kmd_eu.c, with the fake backend
 * (submission/kmd_fake_ioctl.c) in its place: no module, no /dev/dri, no VM. The
 * fake engine runs a queue's commands when they are submitted; a
 * MI_SEMAPHORE_WAIT that does not hold keeps them pending until a wait, a
 * later submission or xe_kmd_fake_progress() runs them again. The tests
 * call the Level Zero API by its exported names (linked in, no loader) and
 * check memory and event states; each runs in its own child process.
 */

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <zex_counter_based_event.h>
#include <zex_xe_cbev_event.h>

#include "check_run.h"
#include "libze_test.h"
#include "submission/kmd_fake.h"

#define UNIT_N		4096u
#define UNIT_MS		1000000ull

static ze_event_pool_handle_t unit_gate_pool;

static inline void unit_setup(void)
{
	lz_setup();
	unit_gate_pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 8);
}

/* No test may fault a queue: every address the library emits is bound. */
static inline void unit_teardown(void)
{
	struct xe_kmd_fake_stats s;

	xe_kmd_fake_stats(&s);
	ck_assert_msg(!s.banned,
		      "no queue faulted (ban reason %u at 0x%llx)",
		      s.ban_reason, (unsigned long long)s.fault_addr);
	ck_assert_ok(zeEventPoolDestroy(unit_gate_pool));
	lz_teardown();
}

/* A host-signalled event: appends that wait for it hold their list. */
static inline ze_event_handle_t unit_gate(uint32_t index)
{
	return lz_event(unit_gate_pool, index);
}

static inline ze_event_handle_t
unit_cb_event(zex_counter_based_event_exp_flags_t flags, const void *pNext)
{
	const zex_counter_based_event_desc_t desc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.pNext = pNext,
		.flags = flags,
		.signalScope = ZE_EVENT_SCOPE_FLAG_HOST,
		.waitScope = ZE_EVENT_SCOPE_FLAG_HOST,
	};
	ze_event_handle_t ev = NULL;

	ck_assert_ok(zexCounterBasedEventCreate2(lz_context, lz_device, &desc,
						 &ev));
	return ev;
}

static inline ze_event_handle_t unit_cb_immediate(void)
{
	return unit_cb_event(ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE, NULL);
}

/* The (counter value, counter address) pair an event waits for. */
static inline uint64_t unit_cb_value(ze_event_handle_t ev, uint64_t *addr)
{
	uint64_t value = 0, where = 0;

	ck_assert_ok(zexEventGetDeviceAddress(ev, &value, &where));
	if (addr)
		*addr = where;
	return value;
}

static inline struct xe_kmd_fake_stats unit_stats(void)
{
	struct xe_kmd_fake_stats s;

	xe_kmd_fake_stats(&s);
	return s;
}

static inline uint8_t *unit_buffer(uint8_t fill)
{
	uint8_t *p = lz_alloc_host(UNIT_N);

	memset(p, fill, UNIT_N);
	return p;
}

static inline bool unit_all(const uint8_t *p, uint8_t value, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != value)
			return false;
	return true;
}

static inline void unit_fill(ze_command_list_handle_t list, void *dst,
			     uint8_t byte, size_t size, ze_event_handle_t signal,
			     uint32_t num_waits, ze_event_handle_t *waits)
{
	ck_assert_ok(zeCommandListAppendMemoryFill(list, dst, &byte, 1, size,
						   signal, num_waits, waits));
}

static inline int unit_run(Suite *s)
{
	SRunner *sr = srunner_create(s);

	/* One driver per process: every test needs a fresh one. */
	srunner_set_fork_status(sr, CK_FORK);
	return check_run_srunner(sr);
}

#endif /* _LIBZE_UNIT_H */
