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

# Render nodes for everyone, as udev's rules do on a real system, once
# devtmpfs (asynchronously) created all $1 of them; the wait is bounded.
render_nodes() {
	n=0
	while [ "$(ls /dev/dri/ 2>/dev/null | grep -c '^renderD')" -lt "$1" ] &&
		[ $n -lt 100 ]; do
		sleep 0.05
		n=$((n + 1))
	done
	chmod 0666 /dev/dri/renderD*
}

# Reload xe_cbev with the parameters "$@": the
# totals of the devices going away are checked as at the end.
reload_xe_cbev() {
	ko=xe_cbev.ko
	for f in /sys/kernel/debug/dri/*/xe_cbev; do
		[ -e "$f" ] && echo "XE_CBEV-TOTALS $(head -n 1 "$f")"
	done
	if ! rmmod "${ko%.ko}"; then
		echo "XE_CBEV-RMMOD-FAIL ${ko%.ko}"
		return 1
	fi
	if ! insmod "/modules/$ko" "$@"; then
		echo "XE_CBEV-INSMOD-FAIL $ko $*"
		return 1
	fi
	render_nodes "${1#devices=}"
	echo "XE_CBEV-MODULES-RELOADED $*"
}

run_one() {
	echo "XE_CBEV-TEST-BEGIN $1"
	"$@"
	echo "XE_CBEV-TEST-END $1 rc=$?"
}

if load_modules; then
	render_nodes 1
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
		# Fairness across devices: each has an engine of its own
		# (when the run has that benchmark: make bench-kernels has not).
		if [ -x /tools/xe_cbev_bench_kernel ] &&
		   reload_xe_cbev devices=2; then
			run_one /tools/xe_cbev_bench_kernel fair-devices
		fi
		;;
	selfcheck)
		# The planted bugs ran at load time; nothing else to do.
		;;
	*)
		# Suites named *_multidev* run last, with xe_cbev reloaded
		# with devices=2; the others with the one device.
		while read -r t; do
			case "$t" in *_multidev*) continue ;; esac
			run_one "/tests/$t"
		done < /tests/order
		if grep -q '_multidev' /tests/order && reload_xe_cbev devices=2; then
			while read -r t; do
				case "$t" in *_multidev*) run_one "/tests/$t" ;; esac
			done < /tests/order
		fi
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
