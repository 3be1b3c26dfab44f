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
 *
 * An application may install a handler of its own later, which would take
 * the kernels' faults away from the execution units. So before each
 * dispatch runs, xe_eu_fault_guard() looks at both handlers (two
 * sigaction() calls) and, if one is not ours any more, puts ours back and
 * hands faults outside kernels to the application's handler from then on.
 * A handler installed while a dispatch already runs takes effect for the
 * faults of that dispatch; the next one is guarded again. A handler that
 * hands the fault back to the one it replaced (ours) does not make a
 * loop: a fault handed back goes to the handler that was there before
 * libze's.
 *
 * Jumping out of a kernel leaves behind whatever the faulting code held.
 * Kernels call no library function that takes a lock but printf(), which
 * takes the lock of stdout: a kernel whose printf faults (a bad pointer
 * for %s) leaves that lock taken, and the process's next printf() on
 * stdout then blocks for ever. The memory functions and the math library
 * hold no lock.
 */

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "modules/eu_fault.h"

#define ALTSTACK_SIZE	(64 * 1024)

/* SIGSEGV and SIGBUS, by index. */
static const int guarded[2] = { SIGSEGV, SIGBUS };

/*
 * A handler ours took the place of. Never freed: a signal on any thread
 * may be reading one. There is one for each distinct handler ever seen.
 */
struct fault_chained {
	struct sigaction sa;
	struct fault_chained *next;
};

static __thread sigjmp_buf *eu_jump;
static __thread uint64_t eu_fault_addr;
/*
 * The fault this thread handed on last, while the handler it was handed
 * to runs: a call back into ours with the same fault from deeper in the
 * stack is that handler handing it back.
 */
static __thread struct {
	const void *info, *uctx;
	uintptr_t frame;
} handing;

/* What was there before libze's handler: set once, at the first install. */
static struct fault_chained first[2];
/* Where faults outside kernels go: @first, or a handler installed later. */
static _Atomic(struct fault_chained *) chained[2];
/* Every handler in @chained's past, for reuse; under @guard_lock. */
static struct fault_chained *seen;
static pthread_mutex_t guard_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t fault_once = PTHREAD_ONCE_INIT;
static int fault_err;

static int guarded_index(int sig)
{
	return sig == SIGBUS;
}

static void call(const struct sigaction *sa, int sig, siginfo_t *info,
		 void *uctx)
{
	if (sa->sa_flags & SA_SIGINFO) {
		sa->sa_sigaction(sig, info, uctx);
		return;
	}
	if (sa->sa_handler == SIG_IGN)
		return;
	if (sa->sa_handler != SIG_DFL) {
		sa->sa_handler(sig);
		return;
	}
	/* The default: the instruction faults again, and that kills. */
	signal(sig, SIG_DFL);
}

/* A fault outside a kernel: to the handler ours took the place of. */
static void hand_on(int sig, siginfo_t *info, void *uctx)
{
	uintptr_t frame = (uintptr_t)__builtin_frame_address(0);
	int i = guarded_index(sig);
	typeof(handing) saved = handing;

	if (info == handing.info && uctx == handing.uctx && frame < handing.frame) {
		/* Handed back by the handler we handed it to. */
		call(&first[i].sa, sig, info, uctx);
		return;
	}
	handing.info = info;
	handing.uctx = uctx;
	handing.frame = frame;
	call(&atomic_load_explicit(&chained[i], memory_order_acquire)->sa,
	     sig, info, uctx);
	handing = saved;
}

static void on_fault(int sig, siginfo_t *info, void *uctx)
{
	sigjmp_buf *jump = eu_jump;

	if (!jump) {
		hand_on(sig, info, uctx);
		return;
	}
	eu_jump = NULL;
	eu_fault_addr = (uint64_t)(uintptr_t)info->si_addr;
	siglongjmp(*jump, 1);
}

static void ours(struct sigaction *sa)
{
	memset(sa, 0, sizeof(*sa));
	sa->sa_sigaction = on_fault;
	sa->sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa->sa_mask);
}

static bool is_ours(const struct sigaction *sa)
{
	return (sa->sa_flags & SA_SIGINFO) && sa->sa_sigaction == on_fault;
}

static bool same_handler(const struct sigaction *a, const struct sigaction *b)
{
	return a->sa_flags == b->sa_flags &&
	       (a->sa_flags & SA_SIGINFO ? a->sa_sigaction == b->sa_sigaction :
					   a->sa_handler == b->sa_handler) &&
	       !memcmp(&a->sa_mask, &b->sa_mask, sizeof(a->sa_mask));
}

static void install(void)
{
	struct sigaction sa;
	int i;

	ours(&sa);
	for (i = 0; i < 2; i++) {
		/* Until the handler is in, faults go where they went. */
		if (sigaction(guarded[i], NULL, &first[i].sa)) {
			fault_err = -errno;
			return;
		}
		atomic_store_explicit(&chained[i], &first[i], memory_order_release);
		if (sigaction(guarded[i], &sa, &first[i].sa)) {
			fault_err = -errno;
			return;
		}
	}
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

/* The record of @sa: one seen before, or a new one; NULL without memory. */
static struct fault_chained *chained_record(const struct sigaction *sa)
{
	struct fault_chained *c;
	int i;

	for (i = 0; i < 2; i++)
		if (same_handler(&first[i].sa, sa))
			return &first[i];
	for (c = seen; c; c = c->next)
		if (same_handler(&c->sa, sa))
			return c;
	c = malloc(sizeof(*c));
	if (!c)
		return NULL;
	c->sa = *sa;
	c->next = seen;
	seen = c;
	return c;
}

/* Take signal @i back from the handler @cur, which replaced ours. */
static void take_back(int i, const struct sigaction *cur)
{
	struct fault_chained *c;
	struct sigaction sa, old;

	pthread_mutex_lock(&guard_lock);
	c = chained_record(cur);
	if (c) {
		/* First where faults go, then ours: no fault is lost between. */
		atomic_store_explicit(&chained[i], c, memory_order_release);
		ours(&sa);
		if (!sigaction(guarded[i], &sa, &old) && !is_ours(&old) &&
		    !same_handler(&old, cur)) {
			/* Replaced once more meanwhile: that one is the application's. */
			c = chained_record(&old);
			if (c)
				atomic_store_explicit(&chained[i], c,
						      memory_order_release);
		}
	}
	pthread_mutex_unlock(&guard_lock);
}

/**
 * xe_eu_fault_guard() - make sure kernels' faults still come to us
 *
 * Called before each dispatch runs: if the application installed a
 * SIGSEGV or SIGBUS handler since the last look, ours goes back in front
 * of it, and faults outside kernels go to the application's from then on.
 * Without memory for the record, the application's handler stays.
 */
void xe_eu_fault_guard(void)
{
	struct sigaction cur;
	int i;

	for (i = 0; i < 2; i++)
		if (!sigaction(guarded[i], NULL, &cur) && !is_ours(&cur))
			take_back(i, &cur);
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
