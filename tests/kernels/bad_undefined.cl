// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * Calls a function that nothing defines, with a built-in's (mangled)
 * name: a missing built-in, refused when the module is built (an
 * unmangled name would be an import for zeModuleDynamicLink()).
 */

extern int __attribute__((overloadable)) xe_nowhere(int x);

__kernel void calls_nowhere(__global int *out)
{
	out[get_global_id(0)] = xe_nowhere((int)get_global_id(0));
}
