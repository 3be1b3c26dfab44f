/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_RESULT_H
#define _XE_RESULT_H

#include <level_zero/ze_api.h>

ze_result_t xe_result_from_errno(int err);

#endif /* _XE_RESULT_H */
