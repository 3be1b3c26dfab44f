/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_LAUNCH_H
#define _XE_LAUNCH_H

#include <stdbool.h>
#include <stdint.h>

#include "xe_jit.h"

struct xe_launch;

/**
 * struct xe_launch_step - one launch of a chain (struct xe_launch.steps)
 * @launch: the launch, of which the chain holds a reference
 * @groups: its work-group counts, none zero
 */
struct xe_launch_step {
	struct xe_launch *launch;
	uint32_t groups[3];
};

/**
 * struct xe_launch - what one launch of a SPIR-V kernel runs: a snapshot
 * of the kernel's arguments and group size, named in the command stream
 * by @cookie (launch.c), run by the execution units (eu_pool.c)
 * @cookie: slot index (low 32 bits) and generation in the launch table,
 *	whose slot counts the references: the list's (kept while its
 *	commands may run) and each running dispatch's
 * @fn: the work-group function
 * @local_size: work-items per group
 * @global_offset: the global offset (get_global_offset())
 * @num_args: arguments
 * @argv: @num_args pointers at the values in @data
 * @local_bytes: for each argument, the __local buffer size it asks for
 *	(0: not a __local argument)
 * @static_local: bytes of kernel-scope __local arrays
 * @scratch: bytes of scratch an execution unit needs
 * @count_ptr: LaunchMultipleKernelsIndirect: the kernel count, read when
 *	the dispatch runs; it runs only if @count_index is below it
 * @count_index: the launch's index among those kernels
 * @faulted: it ran on the appending thread and faulted there
 * @fault_addr: where
 * @nsteps: a chain's launches, 0 for a launch of one kernel
 * @steps: a chain (xe_launch_chain()): @nsteps launches that one dispatch
 *	runs one after another, each once every group of the one before
 *	ended; the dispatch's own group counts are ignored
 * @cap: room in @steps
 * @open: atomic; an open chain's state (launch.c): XE_CHAIN_OPEN while
 *	launches may join it, XE_CHAIN_JOINING while one does, 0 once
 *	sealed (and for every other launch)
 * @data: the argument values
 */
struct xe_launch {
	uint64_t cookie;
	xe_jit_group_fn fn;
	uint32_t local_size[3];
	uint64_t global_offset[3];
	uint32_t num_args;
	void **argv;
	uint64_t *local_bytes;
	uint32_t static_local;
	size_t scratch;
	const uint32_t *count_ptr;
	uint32_t count_index;
	bool faulted;
	uint64_t fault_addr;
	uint32_t nsteps;
	struct xe_launch_step *steps;
	uint32_t cap;
	uint32_t open;
	char data[];
};

#define XE_CHAIN_OPEN		1u
#define XE_CHAIN_JOINING	2u

int xe_launch_register(struct xe_launch *l);
struct xe_launch *xe_launch_lookup(uint64_t cookie);
struct xe_launch *xe_launch_get(struct xe_launch *l);
void xe_launch_put(void *launch);
int xe_launch_chain(uint32_t n, const struct xe_launch_step *steps,
		    struct xe_launch **chain);
int xe_launch_chain_open(struct xe_launch *first, const uint32_t groups[3],
			 struct xe_launch **chain);
bool xe_launch_chain_join(struct xe_launch *chain, struct xe_launch *l,
			  const uint32_t groups[3], uint32_t *index);
void xe_launch_chain_seal(struct xe_launch *chain);

#endif /* _XE_LAUNCH_H */
