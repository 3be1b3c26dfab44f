/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_DDI_H
#define _XE_DDI_H

#include <stdbool.h>

#include <zex_ddi_handles.h>

#include "core/libze_private.h"

void xe_ddi_heads_init(struct xe_ddi_heads *heads);

ze_api_version_t xe_ddi_api_version(void);
xe_ddi_fn_t xe_ddi_lookup(const char *name);

#endif /* _XE_DDI_H */
