// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: work-items of kernels with barriers
 *
 * A kernel that calls barrier() runs each work-item of the group as a fiber
 * with its own stack (in the execution unit's scratch memory). barrier()
 * switches back to the scheduler, which resumes the next work-item; when
 * every work-item has reached the barrier, they all go on. Each work-item
 * keeps its own values across the barrier on its own stack, so control flow
 * may diverge anywhere before it. A switch saves the callee-saved registers
 * only, as an ordinary call would.
 *
 * Collectives wait here too (collectives.h). After a pass in which every
 * runnable work-item ran until it waited or ended, the scheduler releases,
 * in this order:
 *
 * - in each sub-group, the work-items waiting at the collective call site
 *   of its lowest waiting lane: those that came are the ones taking part,
 *   as on a GPU where the lanes that took another branch are inactive (so
 *   the non-uniform functions work in divergent code);
 * - else the work-items waiting at one work-group collective;
 * - else those waiting at a barrier.
 */

#include <cstdlib>
#include <cstring>

#include "collectives.h"
#include "jit_internal.hpp"

extern "C" void xe_jit_fiber_switch(void **save_sp, void *new_sp);

asm(".text\n"
    ".globl xe_jit_fiber_switch\n"
    ".hidden xe_jit_fiber_switch\n"
    ".type xe_jit_fiber_switch,@function\n"
    "xe_jit_fiber_switch:\n"
    "	pushq %rbp\n"
    "	pushq %rbx\n"
    "	pushq %r12\n"
    "	pushq %r13\n"
    "	pushq %r14\n"
    "	pushq %r15\n"
    "	subq $8, %rsp\n"
    "	stmxcsr (%rsp)\n"
    "	fnstcw 4(%rsp)\n"
    "	movq %rsp, (%rdi)\n"
    "	movq %rsi, %rsp\n"
    "	ldmxcsr (%rsp)\n"
    "	fldcw 4(%rsp)\n"
    "	addq $8, %rsp\n"
    "	popq %r15\n"
    "	popq %r14\n"
    "	popq %r13\n"
    "	popq %r12\n"
    "	popq %rbx\n"
    "	popq %rbp\n"
    "	ret\n"
    ".size xe_jit_fiber_switch, .-xe_jit_fiber_switch\n");

namespace {

typedef void (*wi_fn)(const xe_jit_group *, uint64_t, uint64_t, uint64_t);

enum wait_state : uint32_t {
	RUNNABLE, AT_BARRIER, AT_SUB_GROUP, AT_WORK_GROUP, DONE,
};

/* What a work-item is waiting for. */
struct fiber {
	uint32_t state;
	uint32_t site;
	uint32_t code;
	uint32_t arg;
	const void *in;
	void *out;
};

struct scheduler {
	void *main_sp;
	void **sp;		/* saved stack pointer of each work-item */
	fiber *f;
	xe_jit::coll_lane *lanes;
	uint32_t cur;
	uint32_t sg_size;
	const xe_jit_group *g;
	wi_fn fn;
};

thread_local scheduler *current;

/* Scratch the execution unit did not provide: one buffer per thread. */
thread_local void *own_scratch;
thread_local size_t own_scratch_size;

[[noreturn]] void fiber_start()
{
	scheduler *s = current;
	uint32_t i = s->cur;
	const uint32_t *ls = s->g->local_size;

	s->fn(s->g, i % ls[0], i / ls[0] % ls[1], i / ls[0] / ls[1]);
	s = current;
	s->f[s->cur].state = DONE;
	void *dead;
	xe_jit_fiber_switch(&dead, s->main_sp);
	abort();
}

void wait(uint32_t state, uint32_t site, uint32_t code, const void *in,
	  void *out, uint32_t arg)
{
	scheduler *s = current;

	s->f[s->cur] = { state, site, code, arg, in, out };
	xe_jit_fiber_switch(&s->sp[s->cur], s->main_sp);
}

/* Releases the work-items of [first, end) waiting in @state at the site of
 * @lead, running their collective; @base: lane 0's index. */
void release(scheduler &s, uint32_t state, uint32_t lead, uint32_t first,
	     uint32_t end, uint32_t base)
{
	const fiber &l = s.f[lead];
	size_t n = 0;

	for (uint32_t j = first; j < end; j++) {
		fiber &f = s.f[j];

		if (f.state != state || f.site != l.site)
			continue;
		s.lanes[n++] = { f.in, f.out, j - base, f.arg };
		f.state = RUNNABLE;
	}
	xe_jit::run_collective(l.code, s.lanes, n, end - base);
}

/* After a pass: what may go on. False when every work-item is done. */
bool release_next(scheduler &s, uint32_t n)
{
	bool any = false;

	for (uint32_t base = 0; base < n; base += s.sg_size) {
		uint32_t end = base + s.sg_size < n ? base + s.sg_size : n;

		for (uint32_t j = base; j < end; j++)
			if (s.f[j].state == AT_SUB_GROUP) {
				release(s, AT_SUB_GROUP, j, j, end, base);
				any = true;
				break;
			}
	}
	if (any)
		return true;
	for (uint32_t j = 0; j < n; j++)
		if (s.f[j].state == AT_WORK_GROUP) {
			release(s, AT_WORK_GROUP, j, j, n, 0);
			return true;
		}
	for (uint32_t j = 0; j < n; j++)
		if (s.f[j].state == AT_BARRIER) {
			s.f[j].state = RUNNABLE;
			any = true;
		}
	return any;
}

} // namespace

size_t xe_jit::fiber_scratch_size(uint32_t stack, const uint32_t ls[3])
{
	size_t n = (size_t)ls[0] * ls[1] * ls[2];

	return n * ((size_t)stack + sizeof(void *) + sizeof(fiber) +
		    sizeof(xe_jit::coll_lane)) + 64;
}

/* Scratch for work-item frames when the execution unit gave none. */
extern "C" void *xe_jit_rt_scratch(uint64_t size)
{
	if (own_scratch_size < size) {
		free(own_scratch);
		own_scratch = aligned_alloc(64, (size + 63) & ~(uint64_t)63);
		own_scratch_size = own_scratch ? size : 0;
		if (!own_scratch)
			abort();
	}
	return own_scratch;
}

extern "C" void xe_jit_rt_barrier(void)
{
	wait(AT_BARRIER, 0, 0, nullptr, nullptr, 0);
}

extern "C" void xe_jit_rt_sg(uint32_t site, uint32_t code, const void *in,
			     void *out, uint32_t arg)
{
	wait(AT_SUB_GROUP, site, code, in, out, arg);
}

extern "C" void xe_jit_rt_wg(uint32_t site, uint32_t code, const void *in,
			     void *out, uint32_t arg)
{
	wait(AT_WORK_GROUP, site, code, in, out, arg);
}

extern "C" void xe_jit_rt_run_fibers(const xe_jit_group *g, wi_fn fn,
				     uint32_t stack, uint32_t sub_group_size)
{
	size_t n = (size_t)g->local_size[0] * g->local_size[1] *
		   g->local_size[2];
	size_t need = xe_jit::fiber_scratch_size(stack, g->local_size);
	uint8_t *mem = (uint8_t *)g->scratch;

	if (!mem) {
		if (own_scratch_size < need) {
			free(own_scratch);
			own_scratch = aligned_alloc(64, (need + 63) & ~(size_t)63);
			own_scratch_size = own_scratch ? need : 0;
			if (!own_scratch)
				abort();
		}
		mem = (uint8_t *)own_scratch;
	}
	mem = (uint8_t *)(((uintptr_t)mem + 63) & ~(uintptr_t)63);

	scheduler s;
	scheduler *outer = current;
	uint8_t *stacks = mem;

	s.sp = (void **)(stacks + n * stack);
	s.f = (fiber *)(s.sp + n);
	s.lanes = (xe_jit::coll_lane *)(s.f + n);
	s.g = g;
	s.fn = fn;
	s.sg_size = sub_group_size ? sub_group_size : 1;
	for (size_t i = 0; i < n; i++) {
		uint64_t *top = (uint64_t *)(stacks + (i + 1) * stack);

		top[-1] = 0;				/* alignment slot */
		top[-2] = (uint64_t)(uintptr_t)fiber_start;	/* ret */
		for (int r = 3; r <= 8; r++)
			top[-r] = 0;			/* rbp rbx r12-r15 */
		top[-9] = 0x037f00001f80ull;		/* fcw : mxcsr */
		s.sp[i] = &top[-9];
		s.f[i] = {};
	}
	current = &s;
	do {
		for (size_t i = 0; i < n; i++) {
			if (s.f[i].state != RUNNABLE)
				continue;
			s.cur = (uint32_t)i;
			xe_jit_fiber_switch(&s.main_sp, s.sp[i]);
		}
	} while (release_next(s, (uint32_t)n));
	current = outer;
}
