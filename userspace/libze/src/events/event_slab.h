/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_EVENT_SLAB_H
#define _XE_EVENT_SLAB_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "events/event_slab_types.h"

int xe_slab_init(struct xe_slab *s, size_t obj_size, size_t capacity,
		 size_t quarantine, size_t link);
void xe_slab_fini(struct xe_slab *s);
void *xe_slab_alloc(struct xe_slab *s);
void xe_slab_free(struct xe_slab *s, void *obj);

/* The event slab (events of every kind, event.c). */
struct xe_event;

void xe_event_slab_init(void);
int xe_event_alloc(struct xe_event **out);
void xe_event_free(struct xe_event *ev);

#endif /* _XE_EVENT_SLAB_H */
