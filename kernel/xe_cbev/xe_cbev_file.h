/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_FILE_H_
#define _XE_CBEV_FILE_H_

#include <linux/types.h>

struct xe_cbev_file;

void xe_cbev_file_submissions_init(struct xe_cbev_file *xfile);
u64 xe_cbev_file_next_seqno(struct xe_cbev_file *xfile);
u64 xe_cbev_file_submitted_seqno(struct xe_cbev_file *xfile);
void xe_cbev_file_direct_flush(struct xe_cbev_file *xfile);
u64 xe_cbev_file_retired_seqno(struct xe_cbev_file *xfile);

#endif /* _XE_CBEV_FILE_H_ */
