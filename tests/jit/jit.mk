# SPDX-License-Identifier: MIT
#
# The test kernels (tests/kernels/*.cl), compiled to SPIR-V with clang-15
# and llvm-spirv-15, and the host tests of the compiler shim, which
# dlopen() it as libze does and run the kernels' work-group functions on
# host threads.

KERNEL_SRCS := $(wildcard $(SRC)/tests/kernels/*.cl)
KERNEL_SPVS := $(patsubst $(SRC)/tests/kernels/%.cl,$(B)/kernels/%.spv,$(KERNEL_SRCS))

# OpenCL C 1.2 (2.0 for program-scope __global variables, the library and
# the collectives, with the sub-group extensions); -O0 except the basic
# kernels, so that the compiler sees both kinds of input.
KERNEL_FLAGS_globals := -cl-std=CL2.0
KERNEL_FLAGS_builtins := -cl-std=CL2.0 \
	-Xclang -cl-ext=+cl_khr_extended_bit_ops,+cl_ext_float_atomics,+cl_khr_integer_dot_product,+__opencl_c_integer_dot_product_input_4x8bit,+__opencl_c_integer_dot_product_input_4x8bit_packed
comma := ,
empty :=
space := $(empty) $(empty)
SUBGROUP_EXTS := cl_khr_subgroups cl_khr_subgroup_ballot \
	cl_khr_subgroup_non_uniform_vote cl_khr_subgroup_non_uniform_arithmetic \
	cl_khr_subgroup_shuffle cl_khr_subgroup_shuffle_relative \
	cl_khr_subgroup_clustered_reduce cl_khr_subgroup_rotate
KERNEL_FLAGS_collectives := -cl-std=CL2.0 -Xclang \
	-cl-ext=$(subst $(space),$(comma),$(addprefix +,$(SUBGROUP_EXTS)))
KERNEL_FLAGS_perf := $(KERNEL_FLAGS_collectives)
# As SYCL and level-zero-tests build theirs: with debug information.
KERNEL_FLAGS_debug_info := -cl-std=CL2.0 -g
KERNEL_FLAGS_perf_collectives := $(KERNEL_FLAGS_collectives)
$(B)/kernels/%.bc: $(SRC)/tests/kernels/%.cl $(SRC)/tests/jit/jit.mk
	@mkdir -p $(@D)
	$(CLANG15) -c -emit-llvm -target spir64 -Xclang -finclude-default-header \
		$(or $(KERNEL_FLAGS_$*),-cl-std=CL1.2) \
		$(if $(filter basic,$*),-O2,-O0) -o $@ $<

# The translator leaves a partial file when it fails.
SPIRV_FLAGS_collectives := --spirv-ext=+SPV_INTEL_subgroups,+SPV_KHR_subgroup_rotate
SPIRV_FLAGS_builtins := --spirv-ext=+SPV_KHR_bit_instructions,+SPV_EXT_shader_atomic_float_add,+SPV_EXT_shader_atomic_float_min_max,+SPV_KHR_integer_dot_product
$(B)/kernels/%.spv: $(B)/kernels/%.bc
	$(LLVM_SPIRV15) $(SPIRV_FLAGS_$*) -o $@.tmp $< && mv $@.tmp $@

.PHONY: kernels
kernels: $(KERNEL_SPVS)

# The VM image has them in /kernels (mkinitramfs puts *.spv there).
TOOLS += $(KERNEL_SPVS)

# Which OpenCL C built-in families build through the shim: one module per
# family of clang-15's own opencl-c.h, each calling every declaration of the
# family once (tests/jit/gen-builtin-coverage), which test_jit_coverage
# builds and tabulates; tests/jit/coverage-expected lists the families that
# must build. A new clang header makes new modules.
COVERAGE_DIR   := $(B)/kernels/coverage
COVERAGE_STAMP := $(COVERAGE_DIR)/.stamp
OPENCL_C_H     := $(wildcard $(shell $(CLANG15) -print-resource-dir 2>/dev/null)/include/opencl-c.h)

$(COVERAGE_STAMP): $(SRC)/tests/jit/gen-builtin-coverage $(SRC)/tests/jit/jit.mk \
		$(OPENCL_C_H)
	$(SRC)/tests/jit/gen-builtin-coverage --out $(COVERAGE_DIR) \
		--clang $(CLANG15) --llvm-spirv $(LLVM_SPIRV15)
	@touch $@

JIT_TEST_NAMES := test_jit test_jit_isolation test_jit_builtins test_jit_cache \
	test_jit_collectives test_jit_coverage
JIT_TEST_BINS  := $(addprefix $(B)/tests/jit/,$(JIT_TEST_NAMES))
JIT_TEST_LIB   := $(B)/obj/tests/jit/jit_test.o
JIT_TEST_CFLAGS := $(USER_CFLAGS) $(CHECK_CFLAGS) -pthread \
	-I$(SRC)/tests/jit \
	-DJIT_SO='"$(JIT_SO)"' -DKERNELS_DIR='"$(B)/kernels"' -MMD -MP

$(B)/obj/tests/jit/%.o: $(SRC)/tests/jit/%.c $(SRC)/tests/jit/jit.mk
	@mkdir -p $(@D)
	$(CC) $(JIT_TEST_CFLAGS) -c -o $@ $<

$(JIT_TEST_BINS): $(B)/tests/jit/%: $(B)/obj/tests/jit/%.o $(JIT_TEST_LIB) \
		$(JIT_SO) $(KERNEL_SPVS)
	@mkdir -p $(@D)
	$(CC) $(USER_LDFLAGS) -pthread -o $@ $< $(JIT_TEST_LIB) -ldl -lm \
		$(CHECK_LIBS)

$(B)/obj/tests/jit/test_jit_coverage.o: JIT_TEST_CFLAGS += \
	-DCOVERAGE_DIR='"$(COVERAGE_DIR)"' \
	-DCOVERAGE_EXPECTED='"$(SRC)/tests/jit/coverage-expected"'
$(B)/tests/jit/test_jit_coverage: $(COVERAGE_STAMP)

HOST_TESTS += $(JIT_TEST_BINS)

-include $(JIT_TEST_BINS:$(B)/tests/jit/%=$(B)/obj/tests/jit/%.d) $(JIT_TEST_LIB:.o=.d)

# The kernel benchmark (userspace/tools/xe_cbev_bench_kernels.c): PoCL,
# the shim directly, and Level Zero. `make bench` runs it in the VM with
# the other benchmarks (Level Zero and the shim; PoCL is not in the image);
# `make bench-kernels` runs it alone in the VM, then on the host, which
# adds PoCL and prints both sides, labelled, with their ratios.
BENCH_KERNELS := $(B)/tools/xe_cbev_bench_kernels
$(BENCH_KERNELS): $(SRC)/userspace/tools/xe_cbev_bench_kernels.c $(SRC)/tests/jit/jit.mk \
		$(B)/obj/userspace/tools/common/syscall_count.o
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) -pthread \
		-DJIT_SO='"$(JIT_SO)"' -DKERNELS_DIR='"$(B)/kernels"' \
		-DSOURCES_DIR='"$(SRC)/tests/kernels"' -o $@ $< \
		$(B)/obj/userspace/tools/common/syscall_count.o \
		-lOpenCL -lze_loader -ldl
TOOLS += $(BENCH_KERNELS)

.PHONY: bench-kernels
bench-kernels: all
	$(SRC)/tests/vm/run-lane --build $(B) --src $(SRC) --kver $(KVER) \
		--module $(KO) --libs "$(LIBS)" --log-name bench-kernels --bench \
		--lane debian --tools "$(BENCH_KERNELS) $(KERNEL_SPVS)"
	$(BENCH_KERNELS) --vm-log $(B)/vm/bench-kernels.log
