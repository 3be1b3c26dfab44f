// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: the semaphore bridge
 *
 * A list that waits for an external semaphore waits for a gate: a
 * host-signalled event of the driver's own (struct xe_sem_gate). The
 * bridge is the one thread per device that opens gates: it sleeps in the
 * kernel, in DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, on the points of every armed
 * gate at once plus a syncobj of its own that wakes it when a gate is
 * armed, and signals a gate's event once all of the gate's points are
 * signalled. It neither polls nor sleeps a fixed time: each return of the
 * wait is a point signalled, a point submitted or a gate armed.
 *
 * Gates are armed in stream order (external_semaphore.c appends the arming
 * as a host call just before the wait for the gate), so a regular list
 * executed again waits again, and a gate is never armed before the work
 * that comes before the wait has run.
 *
 * Locking: @lock protects the list of armed gates, each gate's @armed,
 * @pending and points' @done, and @stop. The thread does not hold it while
 * it sleeps in the kernel.
 */

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "events/event.h"
#include "events/semaphore_bridge.h"
#include "submission/kmd.h"

/**
 * struct xe_sem_bridge - a device's thread that opens gates
 * @fd: the device file, whose handles the gates' points are
 * @wake: a binary syncobj signalled to make the thread look again
 * @thread: the thread
 * @lock: see DOC: the semaphore bridge
 * @gates: the armed gates
 * @stop: the thread is to return
 */
struct xe_sem_bridge {
	int fd;
	uint32_t wake;
	pthread_t thread;
	pthread_mutex_t lock;
	struct xe_sem_gate *gates;
	bool stop;
};

/* Serialises starting and stopping a device's bridge. */
static pthread_mutex_t bridges_lock = PTHREAD_MUTEX_INITIALIZER;

void xe_sem_gate_put(void *obj)
{
	struct xe_sem_gate *gate = obj;

	if (atomic_fetch_sub(&gate->refs, 1) == 1)
		gate->release(gate);
}

/*
 * Look at every point of every armed gate (a wait with no timeout each),
 * open the gates whose points are all signalled and take them out.
 * Called with the lock held.
 */
static void bridge_collect(struct xe_sem_bridge *b)
{
	struct xe_sem_gate **pos = &b->gates, *g;
	uint32_t i;

	while ((g = *pos)) {
		for (i = 0; i < g->count; i++) {
			struct xe_sem_point *p = &g->points[i];
			int err;

			if (p->done)
				continue;
			err = xe_kmd_syncobj_wait(b->fd, &p->handle, &p->point,
						  1, 0, true, NULL);
			if (err == -ETIME)
				continue;
			/*
			 * A point the kernel refuses to wait for (a timeline
			 * point of a binary syncobj) is not waited for
			 * again, and its gate never opens.
			 */
			p->done = true;
			if (err)
				continue;
			g->pending--;
			if (!p->point)
				xe_kmd_syncobj_reset(b->fd, p->handle);
		}
		if (g->pending) {
			pos = &g->next;	/* or one of its points failed */
			continue;
		}
		*pos = g->next;
		g->armed = false;
		xe_event_host_signal(g->event);
		xe_sem_gate_put(g);
	}
}

/*
 * The points to sleep on: the wake syncobj first, then every point not yet
 * signalled. Called with the lock held. Return: how many, 0 on no memory.
 */
static uint32_t bridge_points(struct xe_sem_bridge *b, uint32_t **handles,
			      uint64_t **points, uint32_t *cap)
{
	const struct xe_sem_gate *g;
	uint32_t i, n = 1;

	for (g = b->gates; g; g = g->next)
		n += g->pending;
	if (n > *cap) {
		uint32_t *h = realloc(*handles, n * sizeof(**handles));
		uint64_t *p;

		if (!h)
			return 0;
		*handles = h;
		p = realloc(*points, n * sizeof(**points));
		if (!p)
			return 0;
		*points = p;
		*cap = n;
	}
	(*handles)[0] = b->wake;
	(*points)[0] = 0;
	n = 1;
	for (g = b->gates; g; g = g->next)
		for (i = 0; i < g->count; i++)
			if (!g->points[i].done) {
				(*handles)[n] = g->points[i].handle;
				(*points)[n++] = g->points[i].point;
			}
	return n;
}

static void *bridge_main(void *arg)
{
	struct xe_sem_bridge *b = arg;
	uint64_t *points = NULL;
	uint32_t *handles = NULL;
	uint32_t cap = 0, n;

	pthread_mutex_lock(&b->lock);
	while (!b->stop) {
		n = bridge_points(b, &handles, &points, &cap);
		pthread_mutex_unlock(&b->lock);
		/* Out of memory: sleep on the wake syncobj alone. */
		if (!n)
			xe_kmd_syncobj_wait(b->fd, &b->wake, &(uint64_t){ 0 },
					    1, INT64_MAX, false, NULL);
		else
			xe_kmd_syncobj_wait(b->fd, handles, points, n,
					    INT64_MAX, false, NULL);
		/*
		 * A gate armed from here on signals the syncobj again; one
		 * armed before is in the list that the next round reads.
		 */
		xe_kmd_syncobj_reset(b->fd, b->wake);
		pthread_mutex_lock(&b->lock);
		bridge_collect(b);
	}
	pthread_mutex_unlock(&b->lock);
	free(handles);
	free(points);
	return NULL;
}

/**
 * xe_sem_bridge_start() - start a device's bridge, if not yet
 * @bridge: the device's bridge pointer
 * @fd: the device file
 *
 * Return: 0 or a negative errno.
 */
int xe_sem_bridge_start(struct xe_sem_bridge **bridge, int fd)
{
	struct xe_sem_bridge *b;
	int err = 0;

	pthread_mutex_lock(&bridges_lock);
	if (*bridge)
		goto out;
	err = -ENOMEM;
	b = calloc(1, sizeof(*b));
	if (!b)
		goto out;
	b->fd = fd;
	err = xe_kmd_syncobj_create(fd, &b->wake);
	if (err)
		goto err_free;
	pthread_mutex_init(&b->lock, NULL);
	err = -pthread_create(&b->thread, NULL, bridge_main, b);
	if (err)
		goto err_syncobj;
	*bridge = b;
	goto out;

err_syncobj:
	pthread_mutex_destroy(&b->lock);
	xe_kmd_syncobj_destroy(fd, b->wake);
err_free:
	free(b);
out:
	pthread_mutex_unlock(&bridges_lock);
	return err;
}

/**
 * xe_sem_bridge_arm() - reset a gate's event and have the bridge open it
 * once its points are signalled
 * @b: the device's bridge, started
 * @gate: the gate; the bridge takes a reference until it opens it. A gate
 *	armed already (a list executed on two queues at once) stays as it is.
 */
void xe_sem_bridge_arm(struct xe_sem_bridge *b, struct xe_sem_gate *gate)
{
	uint32_t i;

	pthread_mutex_lock(&b->lock);
	if (!gate->armed) {
		xe_event_host_reset(gate->event);
		for (i = 0; i < gate->count; i++)
			gate->points[i].done = false;
		gate->pending = gate->count;
		gate->armed = true;
		atomic_fetch_add(&gate->refs, 1);
		gate->next = b->gates;
		b->gates = gate;
	}
	pthread_mutex_unlock(&b->lock);
	xe_kmd_syncobj_signal(b->fd, b->wake, 0);
}

/**
 * xe_sem_bridge_stop() - stop a device's bridge, if started
 * @bridge: the device's bridge pointer; NULL after
 *
 * Gates still armed are dropped unopened: what waits for them is work of a
 * device that is going away.
 */
void xe_sem_bridge_stop(struct xe_sem_bridge **bridge)
{
	struct xe_sem_bridge *b;
	struct xe_sem_gate *g;

	pthread_mutex_lock(&bridges_lock);
	b = *bridge;
	*bridge = NULL;
	pthread_mutex_unlock(&bridges_lock);
	if (!b)
		return;
	pthread_mutex_lock(&b->lock);
	b->stop = true;
	pthread_mutex_unlock(&b->lock);
	xe_kmd_syncobj_signal(b->fd, b->wake, 0);
	pthread_join(b->thread, NULL);
	while ((g = b->gates)) {
		b->gates = g->next;
		g->armed = false;
		xe_sem_gate_put(g);
	}
	pthread_mutex_destroy(&b->lock);
	xe_kmd_syncobj_destroy(b->fd, b->wake);
	free(b);
}
