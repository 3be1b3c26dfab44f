/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 *
 * The OpenCL C built-in runtime's bitcode, built from runtime/*.cl, inside
 * the shim (XE_JIT_RUNTIME_BC names the file).
 */
	.section .rodata
	.globl xe_jit_runtime_start
	.hidden xe_jit_runtime_start
	.globl xe_jit_runtime_end
	.hidden xe_jit_runtime_end
	.balign 16
xe_jit_runtime_start:
	.incbin XE_JIT_RUNTIME_BC
xe_jit_runtime_end:
	.section .note.GNU-stack,"",@progbits
