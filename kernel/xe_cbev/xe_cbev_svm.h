/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_SVM_H_
#define _XE_CBEV_SVM_H_

#include <linux/types.h>

struct page;
struct xe_cbev_svm;

/* Most pages one engine access to system memory holds at once. */
#define XE_CBEV_SVM_MAX_PAGES	16

void xe_cbev_svm_init(struct xe_cbev_svm *svm);
void xe_cbev_svm_fini(struct xe_cbev_svm *svm);
bool xe_cbev_svm_is_opener(const struct xe_cbev_svm *svm);
bool xe_cbev_svm_reaches(const struct xe_cbev_svm *svm, u64 addr);

int xe_cbev_svm_get_pages(struct xe_cbev_svm *svm, u64 addr,
			  unsigned int npages, bool write, struct page **pages);
void xe_cbev_svm_put_pages(struct xe_cbev_svm *svm, struct page **pages,
			   unsigned int npages, bool written);
int xe_cbev_svm_pin_value(struct xe_cbev_svm *svm, u64 addr,
			  struct page **page);
void xe_cbev_svm_unpin_value(struct page *page);

#endif /* _XE_CBEV_SVM_H_ */
