// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: host waits
 *
 * Every host wait of the library waits for a 64-bit value to reach a
 * target: an event's state word (host memory bound at its own address), a
 * kernel counter slot (an in-order list's counter), or an exec queue's
 * completed sequence number on its status page. The value is read from the
 * process's mapping first, so a wait for something that already happened
 * costs one load. Otherwise the wait spins on the mapping for a few
 * microseconds, which catches work about to finish without a system call,
 * and then sleeps in the kernel (DRM_IOCTL_XE_CBEV_WAIT), which re-checks
 * the value whenever an engine writes its object, so a long wait costs no
 * CPU and misses no wake-up.
 *
 * Timeouts follow Level Zero: 0 only checks, UINT64_MAX waits forever,
 * anything else is a relative time in nanoseconds turned into an absolute
 * CLOCK_MONOTONIC deadline once, so interrupted and restarted waits do not
 * wait longer. Returns 0, -ETIME when the deadline passed first, -EIO when
 * the queue named is (or becomes) banned.
 */

#include <errno.h>
#include <time.h>

#include "core/libze_private.h"
#include "events/counter_types.h"
#include "core/types.h"
#include "submission/kmd.h"
#include "submission/wait.h"

/* How long to poll the mapping before asking the kernel to sleep. */
#define XE_WAIT_SPIN_NS		20000

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

static inline int reached(const uint64_t *cpu, uint64_t value)
{
	/* Acquire: what was written before the value is seen after it. */
	return __atomic_load_n(cpu, __ATOMIC_ACQUIRE) >= value;
}

/* Spin until @cpu reaches @value or @until (CLOCK_MONOTONIC) passes. */
static int spin(const uint64_t *cpu, uint64_t value, uint64_t until)
{
	unsigned int i;

	do {
		for (i = 0; i < 64; i++) {
			if (reached(cpu, value))
				return 1;
			cpu_relax();
		}
	} while (now_ns() < until);
	return 0;
}

static int wait_common(struct xe_device *dev, const uint64_t *cpu,
		       const struct drm_xe_cbev_wait_cond *cond,
		       uint64_t timeout_ns, uint32_t queue_id)
{
	uint64_t start, spin_until;
	int64_t deadline = -1;
	int err;

	if (reached(cpu, cond->value))
		return 0;
	if (!timeout_ns)
		return -ETIME;

	start = now_ns();
	if (timeout_ns != XE_TIMEOUT_INFINITE && timeout_ns < INT64_MAX - start)
		deadline = start + timeout_ns;

	spin_until = start + XE_WAIT_SPIN_NS;
	if (deadline >= 0 && (uint64_t)deadline < spin_until)
		spin_until = deadline;
	if (spin(cpu, cond->value, spin_until))
		return 0;
	if (deadline >= 0 && now_ns() >= (uint64_t)deadline)
		return -ETIME;

	err = xe_kmd_wait(dev->fd, cond, 1, deadline, queue_id);
	/*
	 * A writer named as a hint may have been destroyed since (and not
	 * banned: a banned queue stays until its owner destroys it).
	 */
	if (err == -ENOENT && queue_id &&
	    !(cond->flags & DRM_XE_CBEV_WAIT_COND_QUEUE))
		err = xe_kmd_wait(dev->fd, cond, 1, deadline, 0);
	return err;
}

/**
 * xe_wait_memory() - wait until a value in bound host memory reaches @value
 * @dev: the device whose address space has @cpu bound at its own address
 * @cpu: the value (8-byte aligned)
 * @value: the target
 * @timeout_ns: Level Zero timeout
 *
 * Return: 0, -ETIME or another negative errno.
 */
int xe_wait_memory(struct xe_device *dev, const uint64_t *cpu, uint64_t value,
		   uint64_t timeout_ns)
{
	return xe_wait_address(dev, cpu, (uintptr_t)cpu, value, timeout_ns, 0);
}

/**
 * xe_wait_address() - wait until a value reaches @value, reading it on the
 * host at @cpu and sleeping on it in the kernel at @gpu_addr
 * @dev: the device whose address space has @gpu_addr bound
 * @cpu: where the host reads the value (8-byte aligned)
 * @gpu_addr: where the device reads it: the same memory, or memory the
 *	writer updates with it (external storage of a counter-based event)
 * @value: the target
 * @timeout_ns: Level Zero timeout
 * @queue_id: 0, or the queue that writes the value: its ban ends the wait
 *
 * Return: 0, -ETIME, -EIO or another negative errno.
 */
int xe_wait_address(struct xe_device *dev, const uint64_t *cpu,
		    uint64_t gpu_addr, uint64_t value, uint64_t timeout_ns,
		    uint32_t queue_id)
{
	const struct drm_xe_cbev_wait_cond cond = {
		.addr = gpu_addr,
		.value = value,
		.op = DRM_XE_CBEV_CMP_GTE,
	};

	return wait_common(dev, cpu, &cond, timeout_ns, queue_id);
}

/**
 * xe_wait_deadline() - turn a Level Zero timeout into a kernel deadline
 * @timeout_ns: Level Zero timeout, not 0
 *
 * Return: the absolute CLOCK_MONOTONIC deadline, or -1 for none.
 */
int64_t xe_wait_deadline(uint64_t timeout_ns)
{
	uint64_t start = now_ns();

	if (timeout_ns == XE_TIMEOUT_INFINITE || timeout_ns >= INT64_MAX - start)
		return -1;
	return start + timeout_ns;
}

/**
 * xe_wait_counter() - wait until a counter slot reaches @value
 * @dev: the device
 * @counter: the slot
 * @value: the target
 * @timeout_ns: Level Zero timeout
 * @queue_id: 0, or the queue that writes the slot: its ban ends the wait
 *
 * Return: 0, -ETIME, -EIO or another negative errno.
 */
int xe_wait_counter(struct xe_device *dev, const struct xe_counter *counter,
		    uint64_t value, uint64_t timeout_ns, uint32_t queue_id)
{
	const struct drm_xe_cbev_wait_cond cond = {
		.addr = counter->id,
		.value = value,
		.op = DRM_XE_CBEV_CMP_GTE,
		.flags = DRM_XE_CBEV_WAIT_COND_COUNTER,
	};

	return wait_common(dev, counter->cpu, &cond, timeout_ns, queue_id);
}

/**
 * xe_wait_queue() - wait until an exec queue completed submission @seqno
 * @dev: the device
 * @completed: the queue's completed_seqno on its status page
 * @queue_id: the queue; its ban ends the wait with -EIO
 * @seqno: the submission's sequence number
 * @timeout_ns: Level Zero timeout
 *
 * Return: 0, -ETIME, -EIO or another negative errno.
 */
int xe_wait_queue(struct xe_device *dev, const uint64_t *completed,
		  uint32_t queue_id, uint64_t seqno, uint64_t timeout_ns)
{
	const struct drm_xe_cbev_wait_cond cond = {
		.addr = queue_id,
		.value = seqno,
		.op = DRM_XE_CBEV_CMP_GTE,
		.flags = DRM_XE_CBEV_WAIT_COND_QUEUE,
	};

	return wait_common(dev, completed, &cond, timeout_ns, queue_id);
}
