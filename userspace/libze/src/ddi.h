/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_DDI_H
#define _XE_DDI_H

#include <zex_ddi_handles.h>

/**
 * struct xe_ddi_heads - the dditable-driver structs every handle points at
 * @core: target of zex_handle_t.pCore
 * @tools: target of zex_handle_t.pTools
 * @sysman: target of zex_handle_t.pSysman
 * @runtime: target of zex_handle_t.pRuntime
 *
 * Owned by the driver singleton; written once by xe_ddi_heads_init() before
 * any handle is handed out, read-only afterwards.
 */
struct xe_ddi_heads {
	zex_dditable_driver_head_t core;
	zex_dditable_driver_head_t tools;
	zex_dditable_driver_head_t sysman;
	zex_dditable_driver_head_t runtime;
};

void xe_ddi_heads_init(struct xe_ddi_heads *heads);
void xe_ddi_handle_init(zex_handle_t *handle, struct xe_ddi_heads *heads);

#endif /* _XE_DDI_H */
