// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: faults in kernels
 *
 * A kernel that touches a bad pointer raises SIGSEGV or SIGBUS on the
 * execution unit that runs it. The handler installed here (once, at the
 * first start of an execution-unit pool) looks at a thread-local jump
 * buffer that only execution units set, and only while they run a
 * work-group: there it notes the faulting address and jumps back out of
 * the group, so the unit reports the fault (a ban of that queue, like a
 * GPU page fault) and the process goes on. On any other thread the
 * signal goes to the handler that was there before -- or, if that was
 * the default, the default is put back and the faulting instruction,
 * executed again, kills the process as it would have. Each execution unit
 * has an alternate signal stack, so that a kernel that overflows its
 * stack is a fault too.
 */

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "modules/eu_pool.h"

#define ALTSTACK_SIZE	(64 * 1024)

static __thread sigjmp_buf *eu_jump;
static __thread uint64_t eu_fault_addr;
static struct sigaction prev_segv, prev_bus;
static pthread_once_t fault_once = PTHREAD_ONCE_INIT;
static int fault_err;

static void chain(int sig, siginfo_t *info, void *uctx)
{
	struct sigaction *prev = sig == SIGSEGV ? &prev_segv : &prev_bus;

	if (prev->sa_flags & SA_SIGINFO) {
		prev->sa_sigaction(sig, info, uctx);
		return;
	}
	if (prev->sa_handler == SIG_IGN)
		return;
	if (prev->sa_handler != SIG_DFL) {
		prev->sa_handler(sig);
		return;
	}
	/* The default: the instruction faults again, and that kills. */
	signal(sig, SIG_DFL);
}

static void on_fault(int sig, siginfo_t *info, void *uctx)
{
	sigjmp_buf *jump = eu_jump;

	if (!jump) {
		chain(sig, info, uctx);
		return;
	}
	eu_jump = NULL;
	eu_fault_addr = (uint64_t)(uintptr_t)info->si_addr;
	siglongjmp(*jump, 1);
}

static void install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSEGV, &sa, &prev_segv) ||
	    sigaction(SIGBUS, &sa, &prev_bus))
		fault_err = -errno;
}

/**
 * xe_eu_fault_init() - install the fault handler, once per process
 *
 * Return: 0 or a negative errno.
 */
int xe_eu_fault_init(void)
{
	pthread_once(&fault_once, install);
	return fault_err;
}

/**
 * xe_eu_fault_thread_init() - give the calling execution unit an
 * alternate signal stack
 * @altstack: gets the stack, for xe_eu_fault_thread_fini()
 *
 * Return: 0 or -ENOMEM.
 */
int xe_eu_fault_thread_init(void **altstack)
{
	stack_t ss = { .ss_size = ALTSTACK_SIZE };

	ss.ss_sp = malloc(ALTSTACK_SIZE);
	if (!ss.ss_sp)
		return -ENOMEM;
	if (sigaltstack(&ss, NULL)) {
		free(ss.ss_sp);
		return -errno;
	}
	*altstack = ss.ss_sp;
	return 0;
}

/**
 * xe_eu_fault_thread_fini() - drop the execution unit's signal stack
 * @altstack: what xe_eu_fault_thread_init() gave
 */
void xe_eu_fault_thread_fini(void *altstack)
{
	stack_t ss = { .ss_flags = SS_DISABLE };

	sigaltstack(&ss, NULL);
	free(altstack);
}

/**
 * xe_eu_run_group() - run one work-group, catching its faults
 * @fn: the kernel's work-group function
 * @group: the group
 * @fault_addr: gets the faulting address
 *
 * Return: 0, or -EFAULT if the group faulted (it stopped there).
 */
int xe_eu_run_group(xe_jit_group_fn fn, const struct xe_jit_group *group,
		    uint64_t *fault_addr)
{
	sigjmp_buf jump;

	/*
	 * The mask is not saved (a system call per group): the handler runs
	 * with SA_NODEFER, so jumping out of it leaves the mask as it was.
	 */
	if (sigsetjmp(jump, 0)) {
		*fault_addr = eu_fault_addr;
		return -EFAULT;
	}
	eu_jump = &jump;
	fn(group);
	eu_jump = NULL;
	return 0;
}
