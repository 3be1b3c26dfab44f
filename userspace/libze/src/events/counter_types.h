/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_COUNTER_TYPES_H
#define _XE_COUNTER_TYPES_H

/* A counter slot as every layer sees it; what manages them is counter.c. */

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct xe_counter_page;
struct xe_device;

/**
 * struct xe_counter - a 64-bit counter slot of the kernel's counter manager
 * @page: the process's read-only mapping of the slot's page
 * @cpu: the slot in that mapping
 * @gpu_addr: the slot's GPU address (kernel half of the address space)
 * @id: the slot's id, for COUNTER_FREE, COUNTER_SET and counter waits
 * @dev: shared counters: the device
 * @refs: shared counters: references (the in-order list that owns it, the
 *	counter-based events that point at it, lists that recorded waits
 *	for it); the last xe_counter_put() frees the slot
 * @ipc_token: shared counters: the kernel token of its IPC export, made
 *	by the first counter-based event IPC handle and kept (the kernel
 *	revokes it when the slot is freed); zero until then, under
 *	&xe_device.counter_lock
 * @ipc_offset: the slot's offset in that export
 * @ipc_size: bytes of that export
 * @queue_id: the exec queue last handed work that writes it (an immediate
 *	list's ring, or the queue that last executed a regular list), 0 if
 *	none: host waits name it, and the kernel knows it too
 *	(xe_counter_set_writer()), so that its ban ends them (DEVICE_LOST)
 * @writer_serial: &xe_ring.serial of the queue the kernel was last told
 *	writes it (xe_counter_set_writer()), 0 if none
 * @monotonic: it never goes back (an immediate list's: never reset, never
 *	executed again from 0), so an event found complete on it stays so
 *	until signalled again (cb_state.c, XE_CB_DONE); set before any event
 *	points at it
 *
 * Only engines write a counter (and its owner, through COUNTER_SET, when it
 * knows no engine does); the host reads it with xe_counter_read(). An
 * in-order list's counter is shared (xe_counter_create()), because the
 * events it signals may outlive the list.
 */
struct xe_counter {
	struct xe_counter_page *page;
	const uint64_t *cpu;
	uint64_t gpu_addr;
	uint32_t id;
	struct xe_device *dev;
	atomic_uint refs;
	uint64_t ipc_token[2];
	uint64_t ipc_offset;
	uint64_t ipc_size;
	_Atomic uint32_t queue_id;
	_Atomic uint64_t writer_serial;
	bool monotonic;
};

/*
 * The engine stores counters whole (MI_STORE_DATA_IMM qword); the acquire
 * load makes the memory the engine wrote before the store visible to the
 * reads of the caller that follow.
 */
static inline uint64_t xe_counter_read(const struct xe_counter *counter)
{
	return __atomic_load_n(counter->cpu, __ATOMIC_ACQUIRE);
}

#endif /* _XE_COUNTER_TYPES_H */
