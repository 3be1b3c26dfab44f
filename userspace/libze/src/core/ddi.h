/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_DDI_H
#define _XE_DDI_H

#include <stdbool.h>

#include <zex_ddi_handles.h>

#include "core/libze_private.h"


#endif /* _XE_DDI_H */
