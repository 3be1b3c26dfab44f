/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_DDI_H
#define _XE_DDI_H

#include <stdbool.h>

#include <zex_ddi_handles.h>

#include "libze_private.h"

/* Generic function pointer: what a table slot is, whatever its type. */
typedef void (*xe_ddi_fn_t)(void);

/* Most slots of any table at XE_DDI_VERSION_MAX. */
#define XE_DDI_MAX_SLOTS	64

/**
 * struct xe_ddi_heads - the dditable-driver structs every handle points at
 * @core: target of zex_handle_t.pCore: version, valid flag and a pointer to
 *	each of @tables
 * @tools: target of zex_handle_t.pTools (no tools API: not valid)
 * @sysman: target of zex_handle_t.pSysman (no sysman API: not valid)
 * @runtime: target of zex_handle_t.pRuntime (no runtime API: not valid)
 * @tables: every core table, laid out as at XE_DDI_VERSION_MAX
 *
 * Owned by the driver singleton; written once by xe_ddi_heads_init() before
 * any handle is handed out, read-only afterwards. The invalid heads are
 * full-size structs of NULL table pointers, so that a loader that reads
 * past the head finds nothing to call.
 */
struct xe_ddi_heads {
	zex_dditable_driver_t core;
	zex_dditable_driver_t tools;
	zex_dditable_driver_t sysman;
	zex_dditable_driver_t runtime;
	xe_ddi_fn_t tables[ZEX_DDI_NUM_TABLES][XE_DDI_MAX_SLOTS];
};

void xe_ddi_heads_init(struct xe_ddi_heads *heads);
void xe_ddi_handle_init(zex_handle_t *handle, struct xe_ddi_heads *heads);

ze_api_version_t xe_ddi_api_version(void);
xe_ddi_fn_t xe_ddi_lookup(const char *name);

#endif /* _XE_DDI_H */
