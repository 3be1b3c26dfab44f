// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

/* The tracepoints of xe_cbev_trace.h, defined once (sparse skips them). */
#ifndef __CHECKER__
#define CREATE_TRACE_POINTS
#include "xe_cbev_trace.h"
#endif
