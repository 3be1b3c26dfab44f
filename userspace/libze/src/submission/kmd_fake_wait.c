// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: fake waits
 *
 * The waits of the fake backend (kmd_fake_ioctl.c): run the queues, then
 * check the conditions, until they hold, a named queue is banned or the
 * deadline passes, as the module's wait ioctl answers.
 */

#include <errno.h>
#include <time.h>

#include "submission/kmd.h"
#include "submission/kmd_fake_private.h"

/* Does @c hold? 1 yes, 0 no, or a negative errno. */
static int cond_holds_locked(const struct drm_xe_cbev_wait_cond *c)
{
	const struct fake_queue *q;
	const uint64_t *p64;
	uint64_t mem;

	if (c->flags & DRM_XE_CBEV_WAIT_COND_COUNTER) {
		p64 = fake_counter_slot(c->addr);
		if (!p64)
			return -ENOENT;
		mem = __atomic_load_n(p64, __ATOMIC_ACQUIRE);
	} else if (c->flags & DRM_XE_CBEV_WAIT_COND_QUEUE) {
		q = fake_queue_get(c->addr);
		if (!q)
			return -ENOENT;
		if (fake_queue_banned(q))
			return -EIO;
		mem = q->status->completed_seqno;
	} else if (c->flags & DRM_XE_CBEV_WAIT_COND_32BIT) {
		const uint32_t *p32 = fake_addr_resolve(c->addr, 4, false);

		if (!p32 || (c->addr & 3))
			return -EFAULT;
		mem = __atomic_load_n(p32, __ATOMIC_ACQUIRE);
	} else {
		p64 = fake_addr_resolve(c->addr, 8, false);
		if (!p64 || (c->addr & 7))
			return -EFAULT;
		mem = __atomic_load_n(p64, __ATOMIC_ACQUIRE);
	}

	switch (c->op) {
	case DRM_XE_CBEV_CMP_GTE:
		return mem >= c->value;
	case DRM_XE_CBEV_CMP_GT:
		return mem > c->value;
	case DRM_XE_CBEV_CMP_LTE:
		return mem <= c->value;
	case DRM_XE_CBEV_CMP_LT:
		return mem < c->value;
	case DRM_XE_CBEV_CMP_EQ:
		return mem == c->value;
	case DRM_XE_CBEV_CMP_NEQ:
		return mem != c->value;
	}
	return -EINVAL;
}

/*
 * Run the engine and check @conds once. Return: 0 all hold (or, for
 * @any, the index of one that does, as a positive number + 1), -EAGAIN
 * none settles it yet, another negative errno.
 */
static int wait_check(const struct drm_xe_cbev_wait_cond *conds, uint32_t n,
		      bool any, uint32_t queue_id)
{
	struct fake_queue *q;
	uint32_t i;
	int ret = 0, held;

	pthread_mutex_lock(&fake.lock);
	fake_engine_run_locked();
	q = queue_id ? fake_queue_get(queue_id) : NULL;
	if (q && fake_queue_banned(q)) {
		ret = -EIO;
		goto out;
	}
	for (i = 0; i < n; i++) {
		held = cond_holds_locked(&conds[i]);
		if (held < 0) {
			ret = held;
			goto out;
		}
		if (any && held) {
			ret = i + 1;
			goto out;
		}
		if (!any && !held)
			ret = -EAGAIN;
	}
	if (any)
		ret = -EAGAIN;
out:
	pthread_mutex_unlock(&fake.lock);
	return ret;
}

static int wait_loop(const struct drm_xe_cbev_wait_cond *conds, uint32_t n,
		     bool any, int64_t abs_timeout_ns, uint32_t queue_id)
{
	const struct timespec nap = { .tv_nsec = FAKE_WAIT_SLEEP_NS };
	int ret;

	if (!n || n > DRM_XE_CBEV_WAIT_MAX_CONDS)
		return -EINVAL;
	for (;;) {
		ret = wait_check(conds, n, any, queue_id);
		if (ret != -EAGAIN)
			return ret;
		if (abs_timeout_ns >= 0 &&
		    fake_now_ns(CLOCK_MONOTONIC) >= (uint64_t)abs_timeout_ns)
			return -ETIME;
		nanosleep(&nap, NULL);
	}
}

int xe_kmd_wait(int fd, const struct drm_xe_cbev_wait_cond *conds,
		uint32_t num_conds, int64_t abs_timeout_ns, uint32_t queue_id)
{
	int ret;

	(void)fd;
	ret = wait_loop(conds, num_conds, false, abs_timeout_ns, queue_id);
	return ret > 0 ? 0 : ret;
}

int xe_kmd_wait_many(int fd, const struct drm_xe_cbev_wait_cond *conds,
		     uint32_t num_conds, uint32_t flags, int64_t abs_timeout_ns,
		     uint32_t queue_id)
{
	bool any = flags & DRM_XE_CBEV_WAIT_ANY;
	int ret;

	(void)fd;
	ret = wait_loop(conds, num_conds, any, abs_timeout_ns, queue_id);
	return ret > 0 ? ret - 1 : ret;
}
