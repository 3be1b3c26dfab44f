// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/* Text or JSON records for the tools (report.h). */

#include <assert.h>
#include <inttypes.h>
#include <string.h>

#include "report.h"

/**
 * report_init() - start a report, one top-level object
 * @r: the printer
 * @out: where to write
 * @json: JSON instead of text
 */
void report_init(struct report *r, FILE *out, bool json)
{
	memset(r, 0, sizeof(*r));
	r->out = out;
	r->json = json;
	if (json)
		fputc('{', out);
	r->depth = 1;
}

/* Close the top-level object; every report_object/array must be ended. */
void report_finish(struct report *r)
{
	if (r->json)
		fputs("\n}\n", r->out);
	r->depth = 0;
}

static void indent(struct report *r, unsigned int depth)
{
	unsigned int i;

	for (i = 0; i < depth; i++)
		fputs("  ", r->out);
}

static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

/*
 * Start a field or item at the current level: a comma and a new line in
 * JSON, the indentation and the label in text. Arrays number their items
 * in text ("[0]").
 */
static void begin_value(struct report *r, const char *key, bool compound)
{
	unsigned int level = r->depth - 1;
	unsigned int n = r->items[level]++;

	if (r->json) {
		fputs(n ? ",\n" : "\n", r->out);
		indent(r, r->depth);
		if (key) {
			json_string(r->out, key);
			fputs(": ", r->out);
		}
		return;
	}
	indent(r, level);
	if (key)
		fprintf(r->out, compound ? "%s\n" : "%-28s ", key);
	else
		fprintf(r->out, compound ? "[%u]\n" : "[%u] ", n);
}

static void open_level(struct report *r, const char *key, bool array)
{
	begin_value(r, key, true);
	if (r->json)
		fputc(array ? '[' : '{', r->out);
	assert(r->depth < REPORT_MAX_DEPTH);
	r->items[r->depth] = 0;
	r->array[r->depth] = array;
	r->depth++;
}

/* Open a nested object: a named field of an object, or an array item. */
void report_object(struct report *r, const char *key)
{
	open_level(r, key, false);
}

/* Open a nested array. */
void report_array(struct report *r, const char *key)
{
	open_level(r, key, true);
}

/* Close the innermost object or array. */
void report_end(struct report *r)
{
	unsigned int level = r->depth - 1;

	if (r->json) {
		if (r->items[level]) {
			fputc('\n', r->out);
			indent(r, level);
		}
		fputc(r->array[level] ? ']' : '}', r->out);
	}
	r->depth--;
}

void report_str(struct report *r, const char *key, const char *value)
{
	begin_value(r, key, false);
	if (r->json)
		json_string(r->out, value);
	else
		fprintf(r->out, "%s\n", value);
}

void report_u64(struct report *r, const char *key, uint64_t value)
{
	begin_value(r, key, false);
	fprintf(r->out, r->json ? "%" PRIu64 : "%" PRIu64 "\n", value);
}

/* A number people read in hex; JSON has no hex, so it gets a string. */
void report_hex(struct report *r, const char *key, uint64_t value)
{
	begin_value(r, key, false);
	fprintf(r->out, r->json ? "\"0x%" PRIx64 "\"" : "0x%" PRIx64 "\n",
		value);
}

void report_bool(struct report *r, const char *key, bool value)
{
	begin_value(r, key, false);
	fprintf(r->out, r->json ? "%s" : "%s\n", value ? "true" : "false");
}
