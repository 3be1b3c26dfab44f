// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * The OpenCL 1.x fences, which the built-in library keeps under internal
 * names. On this machine every address space is one coherent memory, so
 * each is the CPU's sequentially consistent fence.
 */

void __attribute__((overloadable)) mem_fence(cl_mem_fence_flags flags)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

void __attribute__((overloadable)) read_mem_fence(cl_mem_fence_flags flags)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

void __attribute__((overloadable)) write_mem_fence(cl_mem_fence_flags flags)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}
