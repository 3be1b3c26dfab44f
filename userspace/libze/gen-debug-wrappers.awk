# SPDX-License-Identifier: MIT
#
# gen-debug-wrappers.awk: write the logging wrappers of libze's entry points
# (DOC: debug log in src/core/debug_log.c). POSIX awk, run by libze.mk as
#
#   awk -v src=core/ddi_tables.c -v wrappers=OUT.c -v results=OUT.c \
#       -f gen-debug-wrappers.awk ddi.i
#
# ddi.i is core/ddi_tables.c preprocessed (cc -E -P) with the library's flags: it
# holds every prototype ddi_tables.c sees (the Level Zero headers, zex_spec.h, the
# zex headers) and, with the S()/SO()/N()/O() macros expanded, each slot of
# the DDI tables and of the by-name list as
#
#   { version, flags, "zeName", (xe_ddi_fn_t)(impl) }	implemented
#   { version, flags, "zeName", ((void *)0) }		not implemented
#
# Written:
#   wrappers - one static function per slot name, with the prototype of the
#	Level Zero name, that calls the implementation and logs the call
#	(xe_debug_begin/end); one per unimplemented name that logs the refusal;
#	and xe_debug_wrap(), which maps a name to its wrapper when the log is on.
#	A wrapper calls its implementation through a pointer that
#	xe_debug_wrap() sets from what ddi_tables.c passes it: the wrappers name no
#	implementation, so they sit on the floor under core/ddi_tables.c
#	(scripts/call-floors), not above every object. It includes what ddi_tables.c
#	includes, for the prototypes.
#   results - xe_debug_result_name(), from the ze_result_t enumeration.
#
# A name that no header declares (newer than Debian's headers and
# zex_spec.h) takes the prototype of its implementation. A name that
# returns no ze_result_t (zeDriverGetDefaultContext) or has no prototype
# at all gets no wrapper (the latter with a warning here): its slot keeps
# the implementation, unlogged.

function trim(s) {
	sub(/^ +/, "", s)
	sub(/ +$/, "", s)
	return s
}

# The parameter's name: the last identifier of its declaration.
function param_name(p,    n) {
	p = trim(p)
	if (match(p, /[A-Za-z_][A-Za-z0-9_]*$/))
		return substr(p, RSTART, RLENGTH)
	return ""
}

BEGIN {
	# ddi_tables.c's own #include lines, read before records become statements.
	while ((getline line < src) > 0)
		if (line ~ /^#include/)
			includes = includes line "\n"
	close(src)
	RS = ";"
	nnames = 0
	nresults = 0
}

{
	rec = $0
	gsub(/[ \t\n]+/, " ", rec)
}

# The ze_result_t enumeration.
rec ~ /typedef enum _ze_result_t/ {
	body = rec
	while (match(body, /ZE_RESULT_[A-Z0-9_]+ =/)) {
		name = substr(body, RSTART, RLENGTH - 2)
		body = substr(body, RSTART + RLENGTH)
		if (name != "ZE_RESULT_FORCE_UINT32")
			result[nresults++] = name
	}
	next
}

# The slots: every "zeName", (xe_ddi_fn_t)(impl) or "zeName", ((void *)0).
rec ~ /\(xe_ddi_fn_t\)\(|"[A-Za-z0-9_]+", \(\(void \*\)0\)/ {
	body = rec
	while (match(body, /"[A-Za-z0-9_]+", (\(xe_ddi_fn_t\)\([A-Za-z0-9_]+\)|\(\(void \*\)0\))/)) {
		slot = substr(body, RSTART, RLENGTH)
		body = substr(body, RSTART + RLENGTH)
		match(slot, /"[A-Za-z0-9_]+"/)
		name = substr(slot, RSTART + 1, RLENGTH - 2)
		impl = ""
		if (match(slot, /\(xe_ddi_fn_t\)\([A-Za-z0-9_]+\)/))
			impl = substr(slot, RSTART + 14, RLENGTH - 15)
		if (name in seen) {
			# A table slot and a by-name entry: keep an implementation.
			if (impl != "" && slot_impl[seen[name]] == "")
				slot_impl[seen[name]] = impl
			continue
		}
		seen[name] = nnames
		slot_name[nnames] = name
		slot_impl[nnames] = impl
		nnames++
	}
}

# A prototype: "... ze_result_t name( params )" and nothing after it.
match(rec, /ze_result_t [A-Za-z_][A-Za-z0-9_]* ?\(/) {
	rest = substr(rec, RSTART + RLENGTH)
	name = substr(rec, RSTART + 12, RLENGTH - 12)
	sub(/ ?\($/, "", name)
	if (rest !~ /[{}]/ && rest ~ /\) *$/ && !(name in proto)) {
		sub(/\) *$/, "", rest)
		proto[name] = trim(rest)
	}
	next
}

# A function that returns something else (a handle): not logged.
match(rec, /[A-Za-z0-9_]*_t \**[A-Za-z_][A-Za-z0-9_]* ?\(/) {
	name = substr(rec, RSTART, RLENGTH)
	sub(/ ?\($/, "", name)
	sub(/.* \**/, "", name)
	other[name] = 1
}


function emit_wrapper(name, impl, params,    n, i, p, pn, args, list, nargs) {
	print "" > wrappers
	if (impl == "") {
		print "static ze_result_t ZE_APICALL xe_debug_" name "(void)" > wrappers
		print "{" > wrappers
		print "\tstruct xe_debug_call call;" > wrappers
		print "" > wrappers
		print "\txe_debug_begin(&call);" > wrappers
		print "\txe_debug_reason = \"not implemented by this driver\";" > wrappers
		print "\txe_debug_end(&call, \"" name "\", ZE_RESULT_ERROR_UNSUPPORTED_FEATURE, NULL, 0);" > wrappers
		print "\treturn ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;" > wrappers
		print "}" > wrappers
		return
	}
	nargs = 0
	list = ""
	args = ""
	if (params != "void" && params != "") {
		n = split(params, p, ",")
		for (i = 1; i <= n; i++) {
			pn = param_name(p[i])
			list = list (i > 1 ? ", " : "") pn
			args = args "\t\tXE_DEBUG_ARG(" pn "),\n"
			nargs++
		}
	}
	print "static ze_result_t (ZE_APICALL *xe_debug_impl_" name ")(" params ");" > wrappers
	print "" > wrappers
	print "static ze_result_t ZE_APICALL" > wrappers
	print "xe_debug_" name "(" params ")" > wrappers
	print "{" > wrappers
	if (nargs) {
		print "\tconst struct xe_debug_arg args[] = {" > wrappers
		printf "%s", args > wrappers
		print "\t};" > wrappers
	}
	print "\tstruct xe_debug_call call;" > wrappers
	print "\tze_result_t ret;" > wrappers
	print "" > wrappers
	print "\txe_debug_begin(&call);" > wrappers
	print "\tret = xe_debug_impl_" name "(" list ");" > wrappers
	print "\txe_debug_end(&call, \"" name "\", ret, " \
		(nargs ? "args" : "NULL") ", " nargs ");" > wrappers
	print "\treturn ret;" > wrappers
	print "}" > wrappers
}

END {
	if (nnames == 0 || nresults == 0) {
		print "gen-debug-wrappers: no slots or no ze_result_t in the input" > "/dev/stderr"
		exit 1
	}

	print "// SPDX-License-Identifier: MIT" > wrappers
	print "/* Generated by userspace/libze/gen-debug-wrappers.awk from core/ddi_tables.c: do not edit. */" > wrappers
	print "" > wrappers
	printf "%s", includes > wrappers
	print "#include \"core/debug_log.h\"" > wrappers
	print "" > wrappers

	for (i = 0; i < nnames; i++) {
		name = slot_name[i]
		impl = slot_impl[i]
		# Newer than the headers: the implementation's prototype.
		if (impl != "" && !(name in proto) && (impl in proto))
			proto[name] = proto[impl]
		if (impl != "" && !(name in proto) &&
		    ((impl in other) || (name in other))) {
			wrapped[i] = 0
			continue
		}
		if (impl != "" && !(name in proto)) {
			print "gen-debug-wrappers: warning: no prototype of " name ", not logged" > "/dev/stderr"
			wrapped[i] = 0
			continue
		}
		wrapped[i] = 1
		emit_wrapper(name, impl, proto[name])
	}

	print "" > wrappers
	print "/* Each name, its wrapper, and where the wrapper finds the implementation. */" > wrappers
	print "static const struct {" > wrappers
	print "\tconst char *name;" > wrappers
	print "\txe_ddi_fn_t wrapper;" > wrappers
	print "\tvoid *impl;" > wrappers
	print "} xe_debug_wrappers[] = {" > wrappers
	for (i = 0; i < nnames; i++)
		if (wrapped[i])
			print "\t{ \"" slot_name[i] "\", (xe_ddi_fn_t)xe_debug_" slot_name[i] ", " \
				(slot_impl[i] == "" ? "NULL" : "&xe_debug_impl_" slot_name[i]) " }," > wrappers
	print "};" > wrappers
	print "" > wrappers
	print "xe_ddi_fn_t xe_debug_wrap(const char *name, xe_ddi_fn_t fn)" > wrappers
	print "{" > wrappers
	print "\tunsigned int i;" > wrappers
	print "" > wrappers
	print "\txe_debug_init();" > wrappers
	print "\tif (xe_debug_level == XE_DEBUG_OFF)" > wrappers
	print "\t\treturn fn;" > wrappers
	print "\tfor (i = 0; i < XE_ARRAY_SIZE(xe_debug_wrappers); i++)" > wrappers
	print "\t\tif (!strcmp(xe_debug_wrappers[i].name, name))" > wrappers
	print "\t\t\tbreak;" > wrappers
	print "\tif (i == XE_ARRAY_SIZE(xe_debug_wrappers) ||" > wrappers
	print "\t    !fn != !xe_debug_wrappers[i].impl)" > wrappers
	print "\t\treturn fn;" > wrappers
	print "\t/*" > wrappers
	print "\t * Stored before the table or lookup that hands out the wrapper" > wrappers
	print "\t * returns; every store of a name stores the same function." > wrappers
	print "\t */" > wrappers
	print "\tif (fn)" > wrappers
	print "\t\tmemcpy(xe_debug_wrappers[i].impl, &fn, sizeof(fn));" > wrappers
	print "\treturn xe_debug_wrappers[i].wrapper;" > wrappers
	print "}" > wrappers

	print "// SPDX-License-Identifier: MIT" > results
	print "/* Generated by userspace/libze/gen-debug-wrappers.awk from core/ddi_tables.c: do not edit. */" > results
	print "" > results
	print "#include \"core/debug_log.h\"" > results
	print "" > results
	print "const char *xe_debug_result_name(ze_result_t ret)" > results
	print "{" > results
	print "\tswitch (ret) {" > results
	for (i = 0; i < nresults; i++) {
		print "\tcase " result[i] ":" > results
		print "\t\treturn \"" result[i] "\";" > results
	}
	print "\tdefault:" > results
	print "\t\treturn \"ZE_RESULT_(unknown)\";" > results
	print "\t}" > results
	print "}" > results
}
