// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of the tools, run as a user would run them: the device-info
 * tool (userspace/tools/xe_cbev_info.c), whose report must match what the
 * driver answers this process through the loader, and whose JSON must be
 * well formed (a small validator here checks the grammar, independently of
 * the tool's printer); and the two-process demo
 * (userspace/tools/xe_cbev_demo.c), which must check every value it
 * transformed; and the trace tool (userspace/tools/xe_cbev_trace.c), which
 * records the demo: the timeline must have a row for each process's queue
 * and a host thread, jobs, parked waits and signals, and an arrow from the
 * producer queue's signal of E to the consumer queue's wait it released.
 */

#include <ctype.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libze_test.h"
#include "check_run.h"

#define INFO_TOOL	"/tools/xe_cbev_info"
#define DEMO_TOOL	"/tools/xe_cbev_demo"
#define TRACE_TOOL	"/tools/xe_cbev_trace"
#define GRAPH_TOOL	"/tools/xe_cbev_bench_graph"
#define TRACE_OUT	"/tmp/lz_trace"
#define OUT_MAX		(256 * 1024)

/* Run @cmd in a shell; return its output, *@status its exit status. */
static char *run_tool(const char *cmd, int *status)
{
	char *out = calloc(1, OUT_MAX);
	size_t len = 0, n;
	FILE *p;
	int st;

	ck_assert_ptr_nonnull(out);
	p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	while ((n = fread(out + len, 1, OUT_MAX - 1 - len, p)) > 0)
		len += n;
	st = pclose(p);
	ck_assert_msg(WIFEXITED(st), "the tool exits, it does not crash");
	*status = WEXITSTATUS(st);
	return out;
}

/* ---- a JSON grammar check (RFC 8259), enough to refuse a bad printer --- */

static const char *json_value(const char *s, int depth);

static const char *json_ws(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return s;
}

static const char *json_string(const char *s)
{
	if (*s++ != '"')
		return NULL;
	while (*s && *s != '"') {
		if ((unsigned char)*s < 0x20)
			return NULL;
		if (*s == '\\') {
			s++;
			if (*s == 'u') {
				for (int i = 1; i <= 4; i++)
					if (!isxdigit((unsigned char)s[i]))
						return NULL;
				s += 4;
			} else if (!*s || !strchr("\"\\/bfnrt", *s)) {
				return NULL;
			}
		}
		s++;
	}
	return *s == '"' ? s + 1 : NULL;
}

static const char *json_number(const char *s)
{
	const char *start;

	if (*s == '-')
		s++;
	start = s;
	while (isdigit((unsigned char)*s))
		s++;
	if (s == start || (*start == '0' && s - start > 1))
		return NULL;
	if (*s == '.') {
		start = ++s;
		while (isdigit((unsigned char)*s))
			s++;
		if (s == start)
			return NULL;
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		start = s;
		while (isdigit((unsigned char)*s))
			s++;
		if (s == start)
			return NULL;
	}
	return s;
}

/* An object ('{') or an array ('['): members separated by commas. */
static const char *json_compound(const char *s, int depth)
{
	char close = *s == '{' ? '}' : ']';
	bool object = *s == '{';

	s = json_ws(s + 1);
	if (*s == close)
		return s + 1;
	for (;;) {
		if (object) {
			s = json_string(s);
			if (!s)
				return NULL;
			s = json_ws(s);
			if (*s++ != ':')
				return NULL;
		}
		s = json_value(json_ws(s), depth + 1);
		if (!s)
			return NULL;
		s = json_ws(s);
		if (*s == close)
			return s + 1;
		if (*s++ != ',')
			return NULL;
		s = json_ws(s);
	}
}

static const char *json_value(const char *s, int depth)
{
	if (depth > 32)
		return NULL;
	switch (*s) {
	case '{':
	case '[':
		return json_compound(s, depth);
	case '"':
		return json_string(s);
	case 't':
		return strncmp(s, "true", 4) ? NULL : s + 4;
	case 'f':
		return strncmp(s, "false", 5) ? NULL : s + 5;
	case 'n':
		return strncmp(s, "null", 4) ? NULL : s + 4;
	default:
		return json_number(s);
	}
}

static bool json_valid(const char *text)
{
	const char *end = json_value(json_ws(text), 0);

	return end && !*json_ws(end);
}

/* ---- the tests ----------------------------------------------------------- */

START_TEST(test_info_json_is_valid_and_matches_driver)
{
	ze_device_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES,
	};
	ze_driver_extension_properties_t ext[64];
	char want[ZE_MAX_DEVICE_NAME + 32];
	uint32_t n = 64, i;
	ze_api_version_t api;
	int status;
	char *out;

	ck_assert_ok(zeDeviceGetProperties(lz_device, &props));
	ck_assert_ok(zeDriverGetApiVersion(lz_driver, &api));
	ck_assert_ok(zeDriverGetExtensionProperties(lz_driver, &n, ext));

	out = run_tool(INFO_TOOL " --json 2>/dev/null", &status);
	ck_assert_msg(status == 0, "the tool finds the device (exit %d)",
		      status);
	ck_assert_msg(json_valid(out), "--json prints one valid JSON value:\n%s",
		      out);
	snprintf(want, sizeof(want), "\"name\": \"%s\"", props.name);
	ck_assert_msg(strstr(out, want), "the device's name is reported");
	snprintf(want, sizeof(want), "\"API version\": \"%u.%u\"",
		 ZE_MAJOR_VERSION(api), ZE_MINOR_VERSION(api));
	ck_assert_msg(strstr(out, want), "the driver's API version: %s", want);
	ck_assert_uint_gt(n, 0);
	for (i = 0; i < n; i++) {
		snprintf(want, sizeof(want), "\"name\": \"%s\"", ext[i].name);
		ck_assert_msg(strstr(out, want), "extension %s is listed",
			      ext[i].name);
	}
	for (i = 0; i < 7; i++) {
		static const char *const sections[] = {
			"\"compute\"", "\"module\"", "\"memory\"",
			"\"memory access\"", "\"caches\"", "\"queue groups\"",
			"\"extensions\"",
		};

		ck_assert_msg(strstr(out, sections[i]), "section %s",
			      sections[i]);
	}
	free(out);
}
END_TEST

START_TEST(test_info_text_names_device)
{
	ze_device_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES,
	};
	int status;
	char *out;

	ck_assert_ok(zeDeviceGetProperties(lz_device, &props));
	out = run_tool(INFO_TOOL " 2>/dev/null", &status);
	ck_assert_int_eq(status, 0);
	ck_assert_msg(strstr(out, props.name), "text names the device");
	ck_assert_msg(!strchr(out, '{'), "text is not JSON");
	free(out);
}
END_TEST

START_TEST(test_info_bad_option_refused)
{
	int status;
	char *out = run_tool(INFO_TOOL " --no-such-option 2>/dev/null",
			     &status);

	ck_assert_msg(status == 1, "an unknown option is an error (exit %d)",
		      status);
	ck_assert_str_eq(out, "");
	free(out);
}
END_TEST

START_TEST(test_info_json_validator_refuses_bad_json)
{
	/* The validator itself must be able to fail. */
	ck_assert(json_valid("{\"a\": [1, 2, {\"b\": \"c\\n\"}], \"d\": true}"));
	ck_assert(!json_valid("{\"a\": [1, 2,]}"));
	ck_assert(!json_valid("{\"a\" 1}"));
	ck_assert(!json_valid("{\"a\": 1}}"));
	ck_assert(!json_valid("{\"a\": \"x\ny\"}"));
	ck_assert(!json_valid("[01]"));
	ck_assert(json_valid("[0.5, -12.250, 1e3, 2.5E-7]"));
	ck_assert(!json_valid("[1.]"));
	ck_assert(!json_valid("[.5]"));
	ck_assert(!json_valid("[1e]"));
}
END_TEST

START_TEST(test_demo_pipeline_checks_every_value)
{
	int status;
	char *out;

	/*
	 * The demo's lists are in-order, a queue flag that the validation
	 * layer of Debian's loader (1.8.12) refuses as an unknown enumerator
	 * (ZE_RESULT_ERROR_INVALID_ENUMERATION): the demo runs without the
	 * layer also when this suite runs under it.
	 */
	out = run_tool("ZE_ENABLE_VALIDATION_LAYER=0 " DEMO_TOOL " 2>&1",
		       &status);

	ck_assert_msg(status == 0, "the demo succeeds (exit %d):\n%s", status,
		      out);
	ck_assert_msg(strstr(out, "imported E (not ready yet)"),
		      "the consumer imports E before the producer's gate opens:\n%s",
		      out);
	ck_assert_msg(strstr(out, "262144 values checked: OK (3 6 9 12"),
		      "the consumer checked the scaled fill:\n%s", out);
	ck_assert_msg(strstr(out, "xe_cbev demo: OK"), "the demo says OK");
	free(out);
}
END_TEST

START_TEST(test_demo_refuses_arguments)
{
	int status;
	char *out = run_tool(DEMO_TOOL " --bogus 2>/dev/null", &status);

	ck_assert_int_eq(status, 1);
	free(out);
}
END_TEST

/* ---- the trace tool ------------------------------------------------------ */

/* The whole of a file, NUL-terminated. */
static char *slurp(const char *path)
{
	char *buf = NULL;
	size_t len = 0, n;
	FILE *f = fopen(path, "r");

	ck_assert_msg(f, "%s was written", path);
	do {
		buf = realloc(buf, len + 65536 + 1);
		ck_assert_ptr_nonnull(buf);
		n = fread(buf + len, 1, 65536, f);
		len += n;
	} while (n > 0);
	fclose(f);
	buf[len] = '\0';
	return buf;
}

/* Copies the string value that follows @key at or after @s into @out. */
static const char *json_str_after(const char *s, const char *key, char *out,
				  size_t size)
{
	const char *p = strstr(s, key), *end;

	if (!p)
		return NULL;
	p += strlen(key);
	end = strchr(p, '"');
	if (!end || (size_t)(end - p) >= size)
		return NULL;
	memcpy(out, p, end - p);
	out[end - p] = '\0';
	return end;
}

START_TEST(test_trace_demo_timeline)
{
	char label[128], from[128], to[128], queues[2][128] = { "", "" };
	unsigned int q, c, c2, nqueues = 0, hosts = 0, crossing = 0;
	const char *p;
	char *out, *json, *svg;
	int status;

	out = run_tool("ZE_ENABLE_VALIDATION_LAYER=0 " TRACE_TOOL " -o " TRACE_OUT
		       " -- " DEMO_TOOL " 2>&1", &status);
	ck_assert_msg(status == 0, "the demo succeeds under the tool (exit %d):\n%s",
		      status, out);
	ck_assert_msg(strstr(out, "xe_cbev demo: OK"), "the demo says OK:\n%s", out);
	free(out);

	json = slurp(TRACE_OUT ".json");
	ck_assert_msg(json_valid(json), "the trace is one valid JSON value");
	ck_assert_msg(strstr(json, "\"traceEvents\":["), "Chrome trace-event JSON");

	/* Rows: a queue of each process (two clients), a host thread. */
	for (p = json; (p = strstr(p, "\"name\":\"thread_name\"")); p++) {
		ck_assert(json_str_after(p, "\"args\":{\"name\":\"", label,
					 sizeof(label)));
		if (sscanf(label, "queue %u of client %u", &q, &c) == 2) {
			if (nqueues < 2)
				strcpy(queues[nqueues], label);
			nqueues++;
		} else if (!strncmp(label, "host thread ", 12)) {
			hosts++;
		}
	}
	ck_assert_msg(nqueues >= 2, "a row per exec queue (%u rows)", nqueues);
	ck_assert_msg(hosts >= 1, "a row per host thread that waited");

	/* Jobs, the consumer's parked wait on E, host waits, signals, IPC. */
	ck_assert_msg(strstr(json, "\"cat\":\"job\",\"ph\":\"X\""), "job boxes");
	ck_assert_msg(strstr(json, "\"cat\":\"park\",\"ph\":\"X\""),
		      "a queue parked on a semaphore");
	ck_assert_msg(strstr(json, "\"cat\":\"wait\",\"ph\":\"X\""), "host waits");
	ck_assert_msg(strstr(json, "\"cat\":\"signal\",\"ph\":\"i\""),
		      "counter signals");
	ck_assert_msg(strstr(json, "\"cat\":\"ipc\",\"ph\":\"i\""),
		      "E's export and import");

	/* An arrow from one process's queue to the other's: E released it. */
	for (p = json; (p = strstr(p, "\"cat\":\"signal\",\"ph\":\"s\"")); p++) {
		ck_assert(json_str_after(p, "\"from\":\"", from, sizeof(from)));
		ck_assert(json_str_after(p, "\"to\":\"", to, sizeof(to)));
		ck_assert_msg(strstr(p, "\"cat\":\"signal\",\"ph\":\"f\""),
			      "each flow starts and finishes");
		if (sscanf(from, "queue %u of client %u", &q, &c) == 2 &&
		    sscanf(to, "queue %u of client %u", &q, &c2) == 2 && c != c2)
			crossing++;
	}
	ck_assert_msg(crossing >= 1,
		      "an arrow from the producer's signal to the consumer's queue");
	free(json);

	svg = slurp(TRACE_OUT ".svg");
	ck_assert_msg(!strncmp(svg, "<svg", 4), "the picture is an SVG document");
	ck_assert_msg(strstr(svg, "</svg>"), "the SVG is complete");
	ck_assert_msg(strstr(svg, queues[0]) && strstr(svg, queues[1]),
		      "the SVG labels the queues' rows");
	ck_assert_msg(strstr(svg, "host thread "), "the SVG labels a host thread");
	ck_assert_msg(strstr(svg, "class=\"arrow\""), "the SVG draws arrows");
	free(svg);
}
END_TEST

/*
 * A replayed graph, drawn: one job per queue it ran on (the appending
 * list's and its forked branch's), with the graph's fills as nodes inside.
 */
START_TEST(test_trace_graph_replay_nodes)
{
	unsigned int fills = 0, jobs_with_nodes = 0, nq = 0;
	char row[2][64] = { "", "" };
	const char *p, *q;
	char *out, *json;
	int status;

	out = run_tool("ZE_ENABLE_VALIDATION_LAYER=0 " TRACE_TOOL " -o " TRACE_OUT
		       " -- " GRAPH_TOOL " --replay-once 2>&1", &status);
	ck_assert_msg(status == 0 && strstr(out, "replayed once"),
		      "the replay runs under the tool (exit %d):\n%s", status,
		      out);
	free(out);
	json = slurp(TRACE_OUT ".json");
	ck_assert_msg(json_valid(json), "the trace is one valid JSON value");
	/* Five fills, as nodes, on two queues' rows. */
	for (p = json; (p = strstr(p, "\"name\":\"fill\",\"cat\":\"node\"")); p++) {
		fills++;
		q = strstr(p, "\"tid\":");
		ck_assert_ptr_nonnull(q);
		if (nq < 2 && strncmp(row[0], q, 12) && strncmp(row[1], q, 12))
			snprintf(row[nq++], sizeof(row[0]), "%.12s", q);
	}
	ck_assert_msg(fills >= 5, "the graph's five fills are nodes (%u)", fills);
	ck_assert_msg(nq == 2, "on the rows of the two queues of the replay");
	for (p = json; (p = strstr(p, "\"cat\":\"job\"")); p++)
		jobs_with_nodes++;
	ck_assert_msg(jobs_with_nodes >= 2, "each queue ran the replay as a job");
	free(json);
	json = slurp(TRACE_OUT ".svg");
	ck_assert_msg(strstr(json, "#a8c8f8"), "the SVG draws the nodes");
	free(json);
}
END_TEST

START_TEST(test_trace_passes_exit_status)
{
	int status;
	char *out, *json;

	out = run_tool(TRACE_TOOL " -o " TRACE_OUT "2 -- /bin/sh -c 'exit 3' 2>&1",
		       &status);
	ck_assert_msg(status == 3, "the command's exit status (%d):\n%s",
		      status, out);
	free(out);
	json = slurp(TRACE_OUT "2.json");
	ck_assert_msg(json_valid(json), "an empty trace is valid JSON too");
	free(json);
}
END_TEST

START_TEST(test_trace_needs_a_command)
{
	int status;
	char *out = run_tool(TRACE_TOOL " -o " TRACE_OUT "3 2>/dev/null", &status);

	ck_assert_int_eq(status, 2);
	ck_assert_msg(access(TRACE_OUT "3.json", F_OK), "nothing is written");
	free(out);
}
END_TEST

static Suite *tools_suite(void)
{
	Suite *s = suite_create("tools");
	TCase *tc;

	tc = tcase_create("info");
	tcase_add_checked_fixture(tc, lz_setup, lz_teardown);
	tcase_add_test(tc, test_info_json_is_valid_and_matches_driver);
	tcase_add_test(tc, test_info_text_names_device);
	tcase_add_test(tc, test_info_bad_option_refused);
	tcase_add_test(tc, test_info_json_validator_refuses_bad_json);
	suite_add_tcase(s, tc);

	tc = tcase_create("demo");
	tcase_add_checked_fixture(tc, lz_setup, lz_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_demo_pipeline_checks_every_value);
	tcase_add_test(tc, test_demo_refuses_arguments);
	suite_add_tcase(s, tc);

	tc = tcase_create("trace");
	tcase_add_checked_fixture(tc, lz_setup, lz_teardown);
	/* The demo under tracing takes seconds on the debug kernel. */
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_trace_demo_timeline);
	tcase_add_test(tc, test_trace_graph_replay_nodes);
	tcase_add_test(tc, test_trace_passes_exit_status);
	tcase_add_test(tc, test_trace_needs_a_command);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(tools_suite());
}
