// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * The library's async_work_group_copy() copies at once, each work-item its
 * share; waiting for the copies is then a barrier, which lower.cpp turns
 * into the segment or fiber scheduler.
 */

void __attribute__((overloadable)) wait_group_events(int n, event_t *events)
{
	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}

void __attribute__((overloadable)) wait_group_events(int n,
						     __private event_t *events)
{
	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}
