/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_REPORT_H
#define _XE_CBEV_REPORT_H

/*
 * A printer of nested records for the tools: the same calls write either
 * indented "label: value" lines for people or JSON for programs. Objects
 * hold named fields, arrays hold unnamed items; the printer tracks the
 * nesting (at most REPORT_MAX_DEPTH levels) and the commas.
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define REPORT_MAX_DEPTH	8

/**
 * struct report - printer state
 * @out: where to write
 * @json: JSON instead of text
 * @depth: open objects and arrays
 * @items: per open level, the fields or items written so far
 * @array: per open level, whether it is an array
 */
struct report {
	FILE *out;
	bool json;
	unsigned int depth;
	unsigned int items[REPORT_MAX_DEPTH];
	bool array[REPORT_MAX_DEPTH];
};

void report_init(struct report *r, FILE *out, bool json);
void report_finish(struct report *r);

/* @key is the field name inside an object, NULL for an item of an array. */
void report_object(struct report *r, const char *key);
void report_array(struct report *r, const char *key);
void report_end(struct report *r);

void report_str(struct report *r, const char *key, const char *value);
void report_u64(struct report *r, const char *key, uint64_t value);
void report_hex(struct report *r, const char *key, uint64_t value);
void report_bool(struct report *r, const char *key, bool value);

#endif /* _XE_CBEV_REPORT_H */
