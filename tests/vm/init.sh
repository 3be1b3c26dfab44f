#!/bin/sh
# /init of the xe_cbev test VM (busybox). Loads the modules listed in
# /modules/order, runs what /proc/cmdline asks for, unloads the modules and
# powers off. Every line the host must find starts with "XE_CBEV-".
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
export HOME=/tmp TMPDIR=/tmp

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug
# For the trace tool (xe_cbev_trace): the kernel's tracing, if built in.
[ -d /sys/kernel/tracing ] && mount -t tracefs tracefs /sys/kernel/tracing
mount -t tmpfs tmpfs /tmp
mkdir -p /dev/shm && mount -t tmpfs tmpfs /dev/shm

arg() { sed -n "s/.*xe_cbev_vm\.$1=\([^ ]*\).*/\1/p" /proc/cmdline; }
mode=$(arg mode)
lane=$(arg lane)
echo "XE_CBEV-VM booted lane=$lane mode=$mode uptime=$(cut -d' ' -f1 /proc/uptime)"

. /etc/xe_cbev.env

load_modules() {
	while read -r m; do
		args=
		[ "$mode" = selfcheck ] && [ "$m" = xe_cbev_bugmod.ko ] && args="bug=$(arg bug)"
		# shellcheck disable=SC2086
		if ! insmod "/modules/$m" $args; then
			echo "XE_CBEV-INSMOD-FAIL $m"
			return 1
		fi
	done < /modules/order
}

unload_modules() {
	# Reverse order: xe_cbev first, then what it depends on.
	for m in $(sed -n '1!G;h;$p' /modules/order); do
		n=${m%.ko}
		if ! rmmod "$n"; then
			echo "XE_CBEV-RMMOD-FAIL $n"
		fi
	done
}

run_one() {
	echo "XE_CBEV-TEST-BEGIN $1"
	"$@"
	echo "XE_CBEV-TEST-END $1 rc=$?"
}

if load_modules; then
	# What udev's rules do on a real system: render nodes for everyone.
	# devtmpfs creates nodes asynchronously; wait (bounded) for ours.
	n=0
	while ! ls /dev/dri/renderD* >/dev/null 2>&1 && [ $n -lt 100 ]; do
		sleep 0.05
		n=$((n + 1))
	done
	chmod 0666 /dev/dri/renderD*
	echo "XE_CBEV-MODULES-LOADED"
	case "$mode" in
	demo)
		# The demo under the trace tool; its timeline goes out on the
		# console, between markers, for run-lane to save.
		run_one /tools/xe_cbev_trace -o /tmp/demo-timeline -- /tools/xe_cbev_demo
		for ext in svg json; do
			echo "XE_CBEV-FILE-BEGIN demo-timeline.$ext"
			cat "/tmp/demo-timeline.$ext"
			echo "XE_CBEV-FILE-END demo-timeline.$ext"
		done
		;;
	bench)
		for t in /tools/xe_cbev_bench_*; do
			[ -x "$t" ] && run_one "$t"
		done
		;;
	selfcheck)
		# The planted bugs ran at load time; nothing else to do.
		;;
	*)
		while read -r t; do
			run_one "/tests/$t"
		done < /tests/order
		;;
	esac
	# Every file is closed: the device must hold nothing any more.
	for f in /sys/kernel/debug/dri/*/xe_cbev; do
		[ -e "$f" ] && echo "XE_CBEV-TOTALS $(head -n 1 "$f")"
	done
	unload_modules
fi

if [ -e /sys/kernel/debug/kmemleak ] && [ "$(arg kmemleak)" = 1 ]; then
	# kmemleak reports an object only when it is older than its minimum
	# age (5 s) and two scans in a row found no reference to it: scan,
	# let the module's last objects pass that age, scan again.
	echo scan > /sys/kernel/debug/kmemleak
	sleep 6
	echo scan > /sys/kernel/debug/kmemleak
	echo "XE_CBEV-KMEMLEAK-BEGIN"
	cat /sys/kernel/debug/kmemleak
	echo "XE_CBEV-KMEMLEAK-END"
fi

echo "XE_CBEV-DMESG-BEGIN"
dmesg
echo "XE_CBEV-DMESG-END"
echo "XE_CBEV-VM done uptime=$(cut -d' ' -f1 /proc/uptime)"
reboot -f
