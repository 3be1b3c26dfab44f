/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_DDI_TABLES_H
#define _XE_DDI_TABLES_H

#include <level_zero/ze_api.h>
#include <zex_ddi_handles.h>

#include "core/libze_private.h"

#define XE_DDI_OPTIONAL	0x1	/* not counted for the API version */

struct xe_ddi_slot {
	ze_api_version_t since;
	unsigned int flags;
	const char *name;
	xe_ddi_fn_t fn;
};

struct xe_ddi_table {
	const char *name;
	const struct xe_ddi_slot *slots;
	unsigned int num_slots;
};

/* Indexed like ze_dditable_driver_t (enum zex_ddi_table_index). */
extern const struct xe_ddi_table xe_ddi_tables[ZEX_DDI_NUM_TABLES];
/* The entry points no table has, found by name only. */
extern const struct xe_ddi_slot xe_ddi_extension_functions[];
extern const unsigned int xe_ddi_num_extension_functions;

/* What a slot without an implementation holds. */
ze_result_t xe_ddi_unsupported(void);
/* The implementation of a name, in a table or the by-name list (ddi.c). */
xe_ddi_fn_t xe_ddi_lookup(const char *name);

#endif /* _XE_DDI_TABLES_H */
