/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_URING_H_
#define _XE_CBEV_URING_H_

struct io_uring_cmd;

int xe_cbev_uring_cmd(struct io_uring_cmd *cmd, unsigned int issue_flags);

#endif /* _XE_CBEV_URING_H_ */
