// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: fake kernel interface
 *
 * The second backend of submission/kmd.h, for host unit tests: the
 * xe_cbev module's objects in process memory, and an engine that runs in
 * the calling thread. It is never part of the library (libze.mk leaves it
 * out); the host unit tests link it with every other object of libze.
 *
 * - xe_kmd_probe() finds one device (XE_KMD_FAKE_FD) whose device-info
 *   answer has the module's limits.
 * - Buffer objects are host memory, allocated at the alignment of their
 *   first mapping. A binding must be at the object's own address (the
 *   library uses pointer == GPU address); the engine reaches only bound
 *   memory, read-only bindings only for reading, and counter pages.
 * - Counter slots live in pages the fake owns, handed to the library as a
 *   read-only mapping; a slot's GPU address is its host address.
 * - An exec queue is a status page and a ring in one allocation. Each
 *   xe_kmd_exec() runs every queue until none can go on: a
 *   MI_SEMAPHORE_WAIT that does not hold leaves its queue pending, to be
 *   run again by a later exec, a wait, a counter set or
 *   xe_kmd_fake_progress(). A fault bans the queue, as the module does.
 * - Waits run the queues, then check the conditions, until the deadline.
 * - Export, import and sync_file answer -EOPNOTSUPP.
 *
 * The engine is kmd_fake_engine.c, the state both share kmd_fake_state.c,
 * the waits kmd_fake_wait.c.
 * One mutex serialises the whole fake.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "submission/kmd.h"
#include "submission/kmd_fake_private.h"

static void *grow(void *array, uint32_t n, size_t elem)
{
	return realloc(array, (size_t)(n + 1) * elem);
}

/* ---- the device -------------------------------------------------------- */

int xe_kmd_probe(int **fds)
{
	*fds = malloc(sizeof(**fds));
	if (!*fds)
		return -ENOMEM;
	(*fds)[0] = XE_KMD_FAKE_FD;
	return 1;
}

int xe_kmd_open(const char *path)
{
	(void)path;
	return -ENODEV;
}

void xe_kmd_close(int fd)
{
	(void)fd;
}

static const struct drm_xe_cbev_query_device_info fake_info = {
	.uapi_major = DRM_XE_CBEV_UAPI_MAJOR,
	.uapi_minor = DRM_XE_CBEV_UAPI_MINOR,
	.num_engines = 1,
	.timestamp_valid_bits = 64,
	.timestamp_frequency = 1000000000ull,
	.va_bits = 48,
	.uuid = "xe_cbev-fake-kmd",
	.max_dispatch_size = FAKE_MAX_DISPATCH,
	.max_fill_pattern = FAKE_MAX_PATTERN,
	.max_exec_queues = FAKE_MAX_QUEUES,
	.min_ring_size = FAKE_RING_SIZE_MIN,
	.max_ring_size = FAKE_RING_SIZE_MAX,
};

int xe_kmd_device_query(int fd, uint32_t query, void *data, uint32_t *size)
{
	if (fd != XE_KMD_FAKE_FD)
		return -EBADF;
	if (query != DRM_XE_CBEV_QUERY_DEVICE_INFO)
		return -EINVAL;
	if (*size && *size < sizeof(fake_info))
		return -EINVAL;
	if (*size)
		memcpy(data, &fake_info, sizeof(fake_info));
	*size = sizeof(fake_info);
	return 0;
}

int xe_kmd_query_device_info(int fd,
			     struct drm_xe_cbev_query_device_info *info)
{
	uint32_t size = sizeof(*info);

	return xe_kmd_device_query(fd, DRM_XE_CBEV_QUERY_DEVICE_INFO, info,
				   &size);
}

/* ---- buffer objects and the address space ------------------------------ */

int xe_kmd_bo_create(int fd, uint64_t size, uint32_t flags, uint32_t *handle)
{
	struct fake_bo *bos;

	(void)fd;
	(void)flags;
	if (!size || size % FAKE_PAGE)
		return -EINVAL;
	pthread_mutex_lock(&fake.lock);
	bos = grow(fake.bos, fake.num_bos, sizeof(*bos));
	if (!bos) {
		pthread_mutex_unlock(&fake.lock);
		return -ENOMEM;
	}
	fake.bos = bos;
	bos[fake.num_bos] = (struct fake_bo){ .size = size, .open = true };
	*handle = ++fake.num_bos;
	pthread_mutex_unlock(&fake.lock);
	return 0;
}

static struct fake_bo *bo_get(uint32_t handle)
{
	if (!handle || handle > fake.num_bos || !fake.bos[handle - 1].open)
		return NULL;
	return &fake.bos[handle - 1];
}

static void bo_release(struct fake_bo *bo)
{
	if (bo->open || bo->maps)
		return;
	free(bo->mem);
	bo->mem = NULL;
}

int xe_kmd_bo_mmap_offset(int fd, uint32_t handle, uint64_t *offset)
{
	int err = -ENOENT;

	(void)fd;
	pthread_mutex_lock(&fake.lock);
	if (bo_get(handle)) {
		*offset = FAKE_OFF_BO | (uint64_t)handle * FAKE_PAGE;
		err = 0;
	}
	pthread_mutex_unlock(&fake.lock);
	return err;
}

int xe_kmd_gem_close(int fd, uint32_t handle)
{
	struct fake_bo *bo;

	(void)fd;
	pthread_mutex_lock(&fake.lock);
	bo = bo_get(handle);
	if (bo) {
		bo->open = false;
		bo_release(bo);
	}
	pthread_mutex_unlock(&fake.lock);
	return bo ? 0 : -EINVAL;
}

static int map_bo_locked(uint32_t handle, uint64_t size, uint64_t align,
			 void **map)
{
	struct fake_bo *bo = bo_get(handle);

	if (!bo)
		return -EINVAL;
	if (size > bo->size)
		return -EINVAL;
	if (!bo->mem) {
		if (posix_memalign(&bo->mem, align > FAKE_PAGE ? align :
				   FAKE_PAGE, bo->size))
			return -ENOMEM;
		memset(bo->mem, 0, bo->size);
	}
	bo->maps++;
	*map = bo->mem;
	return 0;
}

int xe_kmd_map(int fd, uint64_t offset, uint64_t size, uint64_t align,
	       bool writable, void **map)
{
	uint64_t index = FAKE_OFF_INDEX(offset);
	struct fake_queue *q;
	int err = -EINVAL;

	(void)fd;
	pthread_mutex_lock(&fake.lock);
	switch (FAKE_OFF_KIND(offset)) {
	case FAKE_OFF_BO:
		err = map_bo_locked(index, size, align, map);
		break;
	case FAKE_OFF_PAGE:
		if (index < fake.num_pages && size <= FAKE_PAGE && !writable) {
			*map = fake.pages[index];
			err = 0;
		} else if (writable) {
			err = -EPERM;
		}
		break;
	case FAKE_OFF_QUEUE:
		q = index && index <= fake.num_queues ?
		    &fake.queues[index - 1] : NULL;
		if (q && q->live && !q->mapped &&
		    size <= FAKE_PAGE + (uint64_t)q->size) {
			q->mapped = true;
			*map = q->map;
			err = 0;
		}
		break;
	}
	pthread_mutex_unlock(&fake.lock);
	return err;
}

void xe_kmd_unmap(void *map, uint64_t size)
{
	uint32_t i;

	(void)size;
	pthread_mutex_lock(&fake.lock);
	for (i = 0; i < fake.num_bos; i++) {
		struct fake_bo *bo = &fake.bos[i];

		if (bo->maps && bo->mem == map) {
			bo->maps--;
			bo_release(bo);
			goto out;
		}
	}
	for (i = 0; i < fake.num_queues; i++) {
		struct fake_queue *q = &fake.queues[i];

		if (q->mapped && q->map == map) {
			q->mapped = false;
			if (!q->live) {
				free(q->map);
				q->map = NULL;
			}
			goto out;
		}
	}
	/* Counter pages stay until the process ends. */
out:
	pthread_mutex_unlock(&fake.lock);
}

int xe_kmd_vm_bind(int fd, uint32_t handle, uint64_t offset, uint64_t range,
		   uint64_t addr, uint32_t flags)
{
	struct fake_binding *b;
	struct fake_bo *bo;
	int err = 0;

	(void)fd;
	pthread_mutex_lock(&fake.lock);
	bo = bo_get(handle);
	/* The library binds an object at its own mapping: pointer == VA. */
	if (!bo || !bo->mem || offset + range > bo->size ||
	    addr != (uintptr_t)bo->mem + offset) {
		err = -EINVAL;
		goto out;
	}
	b = grow(fake.bindings, fake.num_bindings, sizeof(*b));
	if (!b) {
		err = -ENOMEM;
		goto out;
	}
	fake.bindings = b;
	b[fake.num_bindings++] = (struct fake_binding){
		.addr = addr,
		.size = range,
		.readonly = flags & DRM_XE_CBEV_VM_BIND_READONLY,
	};
out:
	pthread_mutex_unlock(&fake.lock);
	return err;
}

int xe_kmd_vm_unbind(int fd, uint64_t addr, uint64_t range)
{
	uint32_t i;
	int err = -ENOENT;

	(void)fd;
	pthread_mutex_lock(&fake.lock);
	for (i = 0; i < fake.num_bindings; i++) {
		if (fake.bindings[i].addr == addr &&
		    fake.bindings[i].size == range) {
			fake.bindings[i] = fake.bindings[--fake.num_bindings];
			err = 0;
			break;
		}
	}
	pthread_mutex_unlock(&fake.lock);
	return err;
}

int xe_kmd_dmabuf_size(int dmabuf_fd, uint64_t *size)
{
	(void)dmabuf_fd;
	(void)size;
	return -EBADF;
}

int xe_kmd_prime_export(int fd, uint32_t handle, int *dmabuf_fd)
{
	(void)fd;
	(void)handle;
	(void)dmabuf_fd;
	return -EOPNOTSUPP;
}

int xe_kmd_prime_import(int fd, int dmabuf_fd, uint32_t *handle)
{
	(void)fd;
	(void)dmabuf_fd;
	(void)handle;
	return -EOPNOTSUPP;
}

/* ---- counter slots ------------------------------------------------------ */

int xe_kmd_counter_alloc(int fd, struct drm_xe_cbev_counter_alloc *out)
{
	uint32_t page, slot;
	uint64_t *slot_of;
	uint8_t **pages;
	int err = -ENOMEM;

	(void)fd;
	pthread_mutex_lock(&fake.lock);
	slot = fake.num_counters % FAKE_SLOTS_PER_PAGE;
	page = fake.num_counters / FAKE_SLOTS_PER_PAGE;
	if (!slot) {
		pages = grow(fake.pages, fake.num_pages, sizeof(*pages));
		if (!pages)
			goto out;
		fake.pages = pages;
		if (posix_memalign((void **)&pages[page], FAKE_PAGE, FAKE_PAGE))
			goto out;
		memset(pages[page], 0, FAKE_PAGE);
		fake.num_pages++;
	}
	slot_of = grow(fake.slot_of, fake.num_counters, sizeof(*slot_of));
	if (!slot_of)
		goto out;
	fake.slot_of = slot_of;
	/* Slots are never handed out twice: a freed one stays as it was. */
	slot_of[fake.num_counters++] = (uint64_t)page << 16 | slot << 1;
	*out = (struct drm_xe_cbev_counter_alloc){
		.id = fake.num_counters,
		.mmap_offset = FAKE_OFF_PAGE | (uint64_t)page * FAKE_PAGE,
		.offset = slot * sizeof(uint64_t),
		.gpu_addr = (uintptr_t)(fake.pages[page] + slot * sizeof(uint64_t)),
	};
	err = 0;
out:
	pthread_mutex_unlock(&fake.lock);
	return err;
}

int xe_kmd_counter_free(int fd, uint32_t id)
{
	int err = -ENOENT;

	(void)fd;
	pthread_mutex_lock(&fake.lock);
	if (fake_counter_slot(id)) {
		fake.slot_of[id - 1] |= SLOT_FREED;
		err = 0;
	}
	pthread_mutex_unlock(&fake.lock);
	return err;
}

/* The fake engine runs built-in kernels only: no execution units. */
int xe_kmd_eu_wait(int fd, bool nonblock, const struct xe_eu_done *done,
		   struct drm_xe_cbev_eu_wait *out)
{
	(void)fd;
	(void)nonblock;
	(void)done;
	(void)out;
	return -ENOTTY;
}

int xe_kmd_eu_report(int fd, uint32_t queue, uint64_t seqno, bool fault,
		     uint64_t addr)
{
	(void)fd;
	(void)queue;
	(void)seqno;
	(void)fault;
	(void)addr;
	return -ENOTTY;
}

int xe_kmd_eu_progress(int fd, uint32_t queue, uint64_t seqno)
{
	(void)fd;
	(void)queue;
	(void)seqno;
	return -ENOTTY;
}

int xe_kmd_eu_stop(int fd, bool resume)
{
	(void)fd;
	(void)resume;
	return -ENOTTY;
}

int xe_kmd_set_writer(int fd, uint64_t addr, uint32_t flags, uint32_t queue_id)
{
	/* The fake engine never bans a queue: nobody needs to know. */
	(void)fd;
	(void)addr;
	(void)flags;
	(void)queue_id;
	return 0;
}

int xe_kmd_counter_set(int fd, uint32_t id, uint64_t value)
{
	uint64_t *slot;

	(void)fd;
	pthread_mutex_lock(&fake.lock);
	slot = fake_counter_slot(id);
	if (slot) {
		__atomic_store_n(slot, value, __ATOMIC_RELEASE);
		fake_engine_run_locked();
	}
	pthread_mutex_unlock(&fake.lock);
	return slot ? 0 : -ENOENT;
}

/* ---- exec queues --------------------------------------------------------- */

int xe_kmd_exec_queue_create(int fd, uint32_t priority, uint32_t ring_size,
			     uint32_t flags, uint32_t hang_timeout_ms, uint32_t *id,
			     uint64_t *mmap_offset)
{
	struct fake_queue *queues, *q;
	void *map;
	int err = 0;

	(void)fd;
	(void)priority;
	(void)hang_timeout_ms;
	if (flags & ~(DRM_XE_CBEV_EXEC_QUEUE_CREATE_PATIENT_WAITS |
		      DRM_XE_CBEV_EXEC_QUEUE_CREATE_DIRECT))
		return -EINVAL;
	if (ring_size < FAKE_RING_SIZE_MIN || ring_size > FAKE_RING_SIZE_MAX ||
	    (ring_size & (ring_size - 1)))
		return -EINVAL;
	if (posix_memalign(&map, FAKE_PAGE, FAKE_PAGE + ring_size))
		return -ENOMEM;
	memset(map, 0, FAKE_PAGE + ring_size);

	pthread_mutex_lock(&fake.lock);
	queues = grow(fake.queues, fake.num_queues, sizeof(*queues));
	if (!queues) {
		free(map);
		err = -ENOMEM;
		goto out;
	}
	fake.queues = queues;
	q = &queues[fake.num_queues++];
	*q = (struct fake_queue){
		.map = map,
		.status = map,
		.ring = (uint8_t *)map + FAKE_PAGE,
		.size = ring_size,
		.live = true,
		.direct = flags & DRM_XE_CBEV_EXEC_QUEUE_CREATE_DIRECT,
	};
	/* The fake engine never polls unless told to: it always sleeps. */
	if (q->direct && !fake.direct_awake)
		q->status->flags = DRM_XE_CBEV_RING_NEED_WAKEUP;
	*id = fake.num_queues;
	*mmap_offset = FAKE_OFF_QUEUE | (uint64_t)*id * FAKE_PAGE;
out:
	pthread_mutex_unlock(&fake.lock);
	return err;
}

int xe_kmd_exec_queue_destroy(int fd, uint32_t id)
{
	struct fake_queue *q;

	(void)fd;
	pthread_mutex_lock(&fake.lock);
	q = fake_queue_get(id);
	if (q) {
		q->live = false;
		free(q->pending);
		q->pending = NULL;
		q->num_pending = 0;
		q->pending_cap = 0;
		if (!q->mapped) {
			free(q->map);
			q->map = NULL;
		}
	}
	pthread_mutex_unlock(&fake.lock);
	return q ? 0 : -ENOENT;
}

int xe_kmd_exec_queue_get_state(int fd, uint32_t id,
				struct drm_xe_cbev_exec_queue_state *out)
{
	struct fake_queue *q;

	(void)fd;
	pthread_mutex_lock(&fake.lock);
	q = fake_queue_get(id);
	if (q)
		*out = (struct drm_xe_cbev_exec_queue_state){
			.exec_queue_id = id,
			.state = q->status->state,
			.ban_reason = q->status->ban_reason,
			.fault_addr = q->status->fault_addr,
			.head = q->head,
			.completed_seqno = q->status->completed_seqno,
		};
	pthread_mutex_unlock(&fake.lock);
	return q ? 0 : -ENOENT;
}

int xe_kmd_exec(int fd, uint32_t id, uint64_t tail, uint64_t *seqno)
{
	struct fake_queue *q;
	int err = 0;

	(void)fd;
	pthread_mutex_lock(&fake.lock);
	q = fake_queue_get(id);
	if (!q)
		err = -ENOENT;
	else if (fake_queue_banned(q))
		err = -EIO;
	else if (q->direct)
		err = -EINVAL;
	else if (tail < q->tail || tail - q->head > q->size || (tail & 3))
		err = -EINVAL;
	if (!err)
		err = fake_queue_push_locked(q, tail, fake.seqno + 1);
	if (!err) {
		*seqno = ++fake.seqno;
		q->tail = tail;
		q->status->tail = tail;
		fake.stats.execs++;
		fake_engine_run_locked();
	}
	pthread_mutex_unlock(&fake.lock);
	return err;
}

int xe_kmd_exec_queue_wake(int fd, uint32_t id)
{
	struct fake_queue *q;
	int err = 0;

	(void)fd;
	pthread_mutex_lock(&fake.lock);
	q = fake_queue_get(id);
	if (!q)
		err = -ENOENT;
	else if (!q->direct)
		err = -EINVAL;
	if (!err) {
		fake.stats.wakes++;
		fake_engine_run_locked();
		if (fake_queue_banned(q))
			err = -EIO;
	}
	pthread_mutex_unlock(&fake.lock);
	return err;
}

/* The fake has no polling thread: the system call it stands for. */
int xe_kmd_exec_sqpoll(int fd, uint32_t id, uint64_t tail, uint64_t *seqno)
{
	return xe_kmd_exec(fd, id, tail, seqno);
}

/*
 * Unit tests: with @awake the fake's engine acts as one that polls direct
 * queues (NEED_WAKEUP clear; it takes their tails whenever it runs, on a
 * wait or xe_kmd_fake_progress()); without, it sleeps (NEED_WAKEUP set,
 * only a doorbell or another exec runs it).
 */
void xe_kmd_fake_direct_awake(bool awake)
{
	uint32_t i;

	pthread_mutex_lock(&fake.lock);
	fake.direct_awake = awake;
	for (i = 0; i < fake.num_queues; i++) {
		struct fake_queue *q = &fake.queues[i];

		if (q->direct)
			q->status->flags = awake ? 0 : DRM_XE_CBEV_RING_NEED_WAKEUP;
	}
	pthread_mutex_unlock(&fake.lock);
}

/* ---- what the unit tests do not need ------------------------------------ */

int xe_kmd_sync_file_export(int fd, const struct drm_xe_cbev_wait_cond *cond,
			    int *sync_fd)
{
	(void)fd;
	(void)cond;
	(void)sync_fd;
	return -EOPNOTSUPP;
}

int xe_kmd_ipc_export_counter(int fd, uint32_t id, uint64_t token[2],
			      uint64_t *offset, uint64_t *size)
{
	(void)fd;
	(void)id;
	(void)token;
	(void)offset;
	(void)size;
	return -EOPNOTSUPP;
}

int xe_kmd_ipc_import(int fd, const uint64_t token[2],
		      struct drm_xe_cbev_ipc_import *out)
{
	(void)fd;
	(void)token;
	(void)out;
	return -EOPNOTSUPP;
}

int xe_kmd_ipc_export_bo(int fd, uint32_t handle, bool token,
			 int *dmabuf_fd, uint64_t out_token[2])
{
	(void)fd;
	(void)handle;
	(void)token;
	(void)dmabuf_fd;
	(void)out_token;
	return -EOPNOTSUPP;
}

/* Virtual memory needs a device file to map objects at fixed addresses. */
int xe_kmd_va_reserve(uint64_t size, uint64_t align, void *hint,
		      void **addr)
{
	(void)size;
	(void)align;
	(void)hint;
	(void)addr;
	return -EOPNOTSUPP;
}

int xe_kmd_va_release(void *addr, uint64_t size)
{
	(void)addr;
	(void)size;
	return -EOPNOTSUPP;
}

int xe_kmd_map_fixed(int fd, uint64_t offset, uint64_t size, void *addr,
		     bool writable)
{
	(void)fd;
	(void)offset;
	(void)size;
	(void)addr;
	(void)writable;
	return -EOPNOTSUPP;
}

int xe_kmd_protect(void *addr, uint64_t size, bool read, bool write)
{
	(void)addr;
	(void)size;
	(void)read;
	(void)write;
	return -EOPNOTSUPP;
}
