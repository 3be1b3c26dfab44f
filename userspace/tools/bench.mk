# SPDX-License-Identifier: MIT
#
# Benchmarks of the kernel half, on the uAPI directly; `make bench` runs
# every xe_cbev_bench_* tool in the VM. They share the selftests' header-only
# encoders and ioctl wrappers.

BENCH_KERNEL := $(B)/tools/xe_cbev_bench_kernel

$(BENCH_KERNEL): userspace/tools/xe_cbev_bench_kernel.c
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) -I$(SRC)/tests/selftests \
		-MMD -MP -o $@ $< $(USER_LDFLAGS) -ldrm -luring

TOOLS += $(BENCH_KERNEL)

-include $(BENCH_KERNEL).d
