#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Run every libze Check suite again, this time through the Level Zero
# loader's validation layer (ZE_ENABLE_VALIDATION_LAYER=1, with parameter
# validation), which checks each call's arguments before the driver sees
# them: the driver's behaviour must be acceptable to it. Listed in VM_TESTS
# after the suites; the VM's /init runs it like any test.
export ZE_ENABLE_VALIDATION_LAYER=1
export ZE_ENABLE_PARAMETER_VALIDATION=1

here=$(dirname "$0")
rc=0
for t in "$here"/test_libze_*; do
	# Those need the module reloaded with two devices (see init.sh).
	case "$t" in *_multidev*) continue ;; esac
	echo "== $t (validation layer)"
	"$t" || rc=1
done
exit $rc
