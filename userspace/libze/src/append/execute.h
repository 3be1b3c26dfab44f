/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_EXECUTE_H
#define _XE_EXECUTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lists/replays.h"

struct xe_cmdlist;
struct xe_ring;

int xe_cmdlist_check_executable(struct xe_cmdlist *regular, uint32_t ordinal);
uint32_t *xe_emit_execute(uint32_t *cs, struct xe_cmdlist *regular, bool again);
int xe_cmdlist_exec_begin(struct xe_cmdlist *regular);
void xe_cmdlist_exec_commit(struct xe_cmdlist *regular, struct xe_ring *ring,
			    uint64_t seqno);
void xe_cmdlist_exec_abort(struct xe_cmdlist *regular);

#endif /* _XE_EXECUTE_H */
