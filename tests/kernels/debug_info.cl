// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * Built with -g (tests/jit/jit.mk): llvm-spirv-15 writes
 * OpenCL.DebugInfo.100 for it that SPIRV-Tools refuses as it is; the shim
 * builds it anyway (userspace/jit/spirv_debug.cpp).
 */

struct pair {
	int a;
	float b;
};

static void bump(__global int *p, struct pair q)
{
	*p += q.a + (int)q.b;
}

__kernel void debug_bump(__global int *buf, int c)
{
	struct pair q = { c, 2.0f };

	bump(&buf[get_global_id(0)], q);
}
