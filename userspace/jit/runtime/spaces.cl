// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * to_global(), to_local() and to_private() of a generic pointer: here all
 * the address spaces are one memory, so the space is found by address --
 * the group's __local range, the work-item's private memory (the thread's
 * stack and the execution unit's scratch), else global
 * (xe_jit_rt_space(), host.cpp). __xe_group() is the group description,
 * which lower.cpp puts in.
 */

const void *__xe_group(void);
uint xe_jit_rt_space(const void *group, const void *p);

#define SPACE_GLOBAL	1
#define SPACE_LOCAL	2
#define SPACE_PRIVATE	3

global void *__to_global(generic void *p)
{
	return xe_jit_rt_space(__xe_group(), p) == SPACE_GLOBAL ?
		(global void *)p : NULL;
}

local void *__to_local(generic void *p)
{
	return xe_jit_rt_space(__xe_group(), p) == SPACE_LOCAL ?
		(local void *)p : NULL;
}

private void *__to_private(generic void *p)
{
	return xe_jit_rt_space(__xe_group(), p) == SPACE_PRIVATE ?
		(private void *)p : NULL;
}
