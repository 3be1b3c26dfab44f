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
 * the kernels' faults away from the execution units. So xe_eu_fault_guard()
 * looks at both handlers (two sigaction() calls) and, if one is not ours
 * any more, puts ours back and hands faults outside kernels to the
 * application's handler from then on. A submission that may run kernels
 * asks for that look when its queue is idle, and every 64th such
 * submission to a queue that stays busy (append/append.c): it only counts
 * the ask (xe_eu_fault_guard_ask(), no system call), and the pool's
 * dispatcher that takes one of its dispatches looks before running it
 * (xe_eu_fault_guard_asked()). A launch run on the appending thread looks
 * first. Not per dispatch, which would be two system calls per launch
 * while a queue is busy: a handler installed while a queue is busy may
 * take the faults of the kernels submitted to it before the next look. The
 * chain stays
 * what it would be without libze: a handler that hands a fault back to the
 * one it replaced (ours) hands it to the handler it really replaced; one
 * that puts back the handler it replaced leaves the chain (at the next
 * fault or dispatch), so that "put the old handler back and return" ends
 * as it would; a one-shot (SA_RESETHAND) handler runs once; each runs
 * with its own mask. Ours alternates between two entry points, so that a
 * handler putting back the one it replaced is told from ours in place.
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
 * A handler in the chain of a signal: the one that was there before
 * libze's, or one the application installed later, which ours took the
 * place of, with @pred, the one it had replaced (and hands faults back
 * to). Never freed: a signal on any thread may be reading one.
 */
struct fault_chained {
	struct sigaction sa;
	struct fault_chained *pred;
	struct fault_chained *next;	/* @seen, under @guard_lock */
};

static __thread sigjmp_buf *eu_jump;
static __thread uint64_t eu_fault_addr;
/*
 * The fault this thread handed on last, while the handler it was handed
 * to (@rec) runs: a call back into ours with the same fault from deeper in
 * the stack is that handler handing it back.
 */
static __thread struct {
	const void *info, *uctx;
	uintptr_t frame;
	const struct fault_chained *rec;
} handing;

/* What was there before libze's handler: set once, at the first install. */
static struct fault_chained first[2];
/* The default action, for a one-shot handler that ran. */
static struct fault_chained dfl[2];
/* Where faults outside kernels go: @first, or a handler installed later. */
static _Atomic(struct fault_chained *) chained[2];
/*
 * Which of our two entry points is installed. Each time ours takes its
 * place back it installs the other one, so that a handler that puts back
 * the one it replaced (ours, as it was then) is seen to have left.
 */
static void *_Atomic current_fn[2];
/* Every record made, for reuse; under @guard_lock. */
static struct fault_chained *seen;
static pthread_mutex_t guard_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t fault_once = PTHREAD_ONCE_INIT;
static int fault_err;
/* Ours is in: xe_eu_fault_guard() has something to guard. */
static atomic_bool installed;
/* Looks asked for by submissions; each dispatcher counts those it made. */
static atomic_uint guard_asks;

static void on_fault_a(int sig, siginfo_t *info, void *uctx);
static void on_fault_b(int sig, siginfo_t *info, void *uctx);

static int guarded_index(int sig)
{
	return sig == SIGBUS;
}

static bool is_ours(const struct sigaction *sa)
{
	return (sa->sa_flags & SA_SIGINFO) &&
	       (sa->sa_sigaction == on_fault_a || sa->sa_sigaction == on_fault_b);
}

/*
 * Run @rec's handler as the kernel would have: its mask (and the signal,
 * unless SA_NODEFER) blocked while it runs, a one-shot handler reset to
 * the default first; the default action itself is put back for the
 * faulting instruction to meet again.
 */
static void pass_to(int i, struct fault_chained *rec, int sig,
		    siginfo_t *info, void *uctx)
{
	const struct sigaction *sa = &rec->sa;
	sigset_t mask, old;

	if (!(sa->sa_flags & SA_SIGINFO)) {
		if (sa->sa_handler == SIG_IGN)
			return;
		if (sa->sa_handler == SIG_DFL) {
			signal(sig, SIG_DFL);
			return;
		}
	}
	if (sa->sa_flags & SA_RESETHAND)
		atomic_compare_exchange_strong(&chained[i], &rec, &dfl[i]);
	mask = sa->sa_mask;
	if (!(sa->sa_flags & SA_NODEFER))
		sigaddset(&mask, sig);
	pthread_sigmask(SIG_BLOCK, &mask, &old);
	if (sa->sa_flags & SA_SIGINFO)
		sa->sa_sigaction(sig, info, uctx);
	else
		sa->sa_handler(sig);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/*
 * The handler in front of ours put back the one it had replaced (ours, as
 * it was then): it left, and faults go on to what it had replaced.
 * Lock-free: called from the signal handler too.
 */
static void forget_removed(int i, const struct sigaction *cur)
{
	struct fault_chained *rec = atomic_load(&chained[i]);

	if (!is_ours(cur) || (void *)cur->sa_sigaction == atomic_load(&current_fn[i]))
		return;
	atomic_store(&current_fn[i], (void *)cur->sa_sigaction);
	if (rec->pred)
		atomic_compare_exchange_strong(&chained[i], &rec, rec->pred);
}

/* A fault outside a kernel: to the handler ours took the place of. */
static void hand_on(int sig, siginfo_t *info, void *uctx)
{
	uintptr_t frame = (uintptr_t)__builtin_frame_address(0);
	int i = guarded_index(sig);
	typeof(handing) saved = handing;
	struct fault_chained *rec;
	struct sigaction cur;

	if (info == handing.info && uctx == handing.uctx && frame < handing.frame)
		/* Handed back: on to what that handler had replaced. */
		rec = handing.rec && handing.rec->pred ?
		      handing.rec->pred : &dfl[i];
	else
		rec = atomic_load_explicit(&chained[i], memory_order_acquire);
	handing.info = info;
	handing.uctx = uctx;
	handing.frame = frame;
	handing.rec = rec;
	pass_to(i, rec, sig, info, uctx);
	handing = saved;
	if (!sigaction(sig, NULL, &cur))
		forget_removed(i, &cur);
}

static void fault_entry(int sig, siginfo_t *info, void *uctx)
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

static void on_fault_a(int sig, siginfo_t *info, void *uctx)
{
	fault_entry(sig, info, uctx);
}

static void on_fault_b(int sig, siginfo_t *info, void *uctx)
{
	fault_entry(sig, info, uctx);
}

static void ours(struct sigaction *sa, void (*fn)(int, siginfo_t *, void *))
{
	memset(sa, 0, sizeof(*sa));
	sa->sa_sigaction = fn;
	sa->sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa->sa_mask);
}

/* The kernel fills a small part of sigset_t: compare signal by signal. */
static bool same_mask(const sigset_t *a, const sigset_t *b)
{
	int sig;

	for (sig = 1; sig < NSIG; sig++)
		if (sigismember(a, sig) != sigismember(b, sig))
			return false;
	return true;
}

static bool same_handler(const struct sigaction *a, const struct sigaction *b)
{
	return a->sa_flags == b->sa_flags &&
	       (a->sa_flags & SA_SIGINFO ? a->sa_sigaction == b->sa_sigaction :
					   a->sa_handler == b->sa_handler) &&
	       same_mask(&a->sa_mask, &b->sa_mask);
}

static void install(void)
{
	struct sigaction sa;
	int i;

	ours(&sa, on_fault_a);
	for (i = 0; i < 2; i++) {
		dfl[i].sa.sa_handler = SIG_DFL;
		/* Recorded whole before ours is in: faults go where they went. */
		if (sigaction(guarded[i], NULL, &first[i].sa)) {
			fault_err = -errno;
			return;
		}
		atomic_store(&chained[i], &first[i]);
		atomic_store(&current_fn[i], (void *)on_fault_a);
		if (sigaction(guarded[i], &sa, NULL)) {
			fault_err = -errno;
			return;
		}
	}
	atomic_store(&installed, true);
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

/*
 * The record of @sa in front of @pred: one made before, or a new one;
 * NULL without memory. Under @guard_lock.
 */
static struct fault_chained *chained_record(const struct sigaction *sa,
					    struct fault_chained *pred)
{
	struct fault_chained *c;

	for (c = seen; c; c = c->next)
		if (c->pred == pred && same_handler(&c->sa, sa))
			return c;
	c = malloc(sizeof(*c));
	if (!c)
		return NULL;
	c->sa = *sa;
	c->pred = pred;
	c->next = seen;
	seen = c;
	return c;
}

/* Signal @i: ours is not in front any more; take the place back. */
static void take_back(int i)
{
	struct sigaction sa, cur = { 0 }, old = { 0 };
	struct fault_chained *c;
	void *fn;

	pthread_mutex_lock(&guard_lock);
	if (sigaction(guarded[i], NULL, &cur) || is_ours(&cur)) {
		if (is_ours(&cur))
			forget_removed(i, &cur);
		goto out;
	}
	c = chained_record(&cur, atomic_load(&chained[i]));
	if (!c)
		goto out;
	/* First where faults go, then ours: no fault is lost between. */
	atomic_store_explicit(&chained[i], c, memory_order_release);
	fn = atomic_load(&current_fn[i]) == (void *)on_fault_a ?
	     (void *)on_fault_b : (void *)on_fault_a;
	ours(&sa, fn);
	if (sigaction(guarded[i], &sa, &old))
		goto out;
	atomic_store(&current_fn[i], fn);
	if (!is_ours(&old) && !same_handler(&old, &cur)) {
		/* Replaced once more meanwhile, in front of @cur. */
		c = chained_record(&old, c);
		if (c)
			atomic_store_explicit(&chained[i], c, memory_order_release);
	}
out:
	pthread_mutex_unlock(&guard_lock);
}

/**
 * xe_eu_fault_guard() - make sure kernels' faults still come to us
 *
 * Nothing before the first pool started. If the application installed a
 * SIGSEGV or SIGBUS handler since the last look, ours goes back in front
 * of it, and faults outside kernels go to the application's from then on;
 * if the application's put back the handler it had replaced, it is
 * forgotten. Without memory for the record, the application's handler
 * stays.
 */
void xe_eu_fault_guard(void)
{
	struct sigaction cur;
	int i;

	if (!atomic_load(&installed))
		return;
	for (i = 0; i < 2; i++)
		if (!sigaction(guarded[i], NULL, &cur) &&
		    (!is_ours(&cur) ||
		     (void *)cur.sa_sigaction != atomic_load(&current_fn[i])))
			take_back(i);
}

/**
 * xe_eu_fault_guard_ask() - have the dispatchers look before their next
 * dispatch
 *
 * For a submission that may run kernels: it makes no system call itself.
 * Its dispatches are handed over by the kernel after it returns, so the
 * dispatcher that takes one sees the ask.
 */
void xe_eu_fault_guard_ask(void)
{
	atomic_fetch_add_explicit(&guard_asks, 1, memory_order_release);
}

/**
 * xe_eu_fault_guard_asked() - a dispatcher's look, when asked for
 * @seen: the dispatcher's count of the asks it looked for
 *
 * Calls xe_eu_fault_guard() when a submission asked since the last call.
 */
void xe_eu_fault_guard_asked(unsigned int *seen)
{
	unsigned int asks = atomic_load_explicit(&guard_asks,
						 memory_order_acquire);

	if (asks == *seen)
		return;
	*seen = asks;
	xe_eu_fault_guard();
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
