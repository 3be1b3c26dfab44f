# SPDX-License-Identifier: MIT
#
# Benchmarks of the kernel half, on the uAPI directly; `make bench` runs
# every xe_cbev_bench_* tool in the VM. They include no test headers: they
# encode with the command-stream contract (uapi/drm/xe_cbev_cs.h) and call
# the ioctls themselves.

BENCH_KERNEL := $(B)/tools/xe_cbev_bench_kernel

$(BENCH_KERNEL): userspace/tools/xe_cbev_bench_kernel.c
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) -MMD -MP -o $@ $< $(USER_LDFLAGS) -ldrm -luring

TOOLS += $(BENCH_KERNEL)

-include $(BENCH_KERNEL).d
