/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _LIBZE_XE_CBEV_H
#define _LIBZE_XE_CBEV_H

/*
 * The public header of libze_xe_cbev.so.1, for applications built against
 * Debian's Level Zero headers (spec 1.4):
 *
 * - zex_spec.h: the names of spec 1.5-1.17 that the driver implements;
 * - zer_spec.h: the runtime API (zer*) of spec 1.14+;
 * - zex_counter_based_event.h: the ZEX_counter_based_event extension of
 *   compute-runtime (zexCounterBasedEventCreate2() and friends);
 * - zex_xe_cbev_event.h: this driver's own event extensions (a
 *   sync_file per event, one wait for many events);
 * - zex_ddi_handles.h: the DDI-handles layout every handle starts with;
 * - zex_builtins.h: the module image format of the built-in kernels.
 *
 * zeDriverGetExtensionProperties() lists the extensions the driver
 * implements; zeDriverGetExtensionFunctionAddress() returns their entry
 * points by name. An application may also link libze_xe_cbev.so.1
 * directly: it exports every ze* and zex* entry point it implements.
 */

#include <level_zero/ze_api.h>

#include "zex_spec.h"
#include "zer_spec.h"
#include "zex_counter_based_event.h"
#include "zex_xe_cbev_event.h"
#include "zex_ddi_handles.h"
#include "zex_builtins.h"

#endif /* _LIBZE_XE_CBEV_H */
