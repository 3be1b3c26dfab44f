# SPDX-License-Identifier: MIT
#
# libxe_cbev_jit.so.1, the SPIR-V compiler shim that libze dlopen()s the
# first time a SPIR-V module is created (userspace/include/xe_jit.h).
# C++17 inside, LLVM 15, the SPIRV-LLVM-Translator and SPIRV-Tools (static,
# so that it cannot clash with another copy); exports xe_jit_get_ops only.
# Its own part of the OpenCL C built-ins (runtime/*.cl) is compiled to
# bitcode with clang-15 and embedded; the rest is PoCL's kernel library.

XE_JIT_POCL_DIR ?= /usr/share/pocl
JIT_SO      := $(B)/lib/libxe_cbev_jit.so.1
JIT_DIR     := $(SRC)/userspace/jit
JIT_MAP     := $(JIT_DIR)/libxe_cbev_jit.map
JIT_SRCS    := $(wildcard $(JIT_DIR)/*.cpp)
JIT_OBJS    := $(patsubst $(SRC)/%.cpp,$(B)/obj/%.o,$(JIT_SRCS))
JIT_RT_OBJ  := $(B)/obj/userspace/jit/runtime.o
JIT_RT_BC   := $(B)/obj/userspace/jit/runtime.bc
JIT_RT_SRCS := $(wildcard $(JIT_DIR)/runtime/*.cl)

CLANG15     ?= clang-15
LLVM_LINK15 ?= llvm-link-15
LLVM_SPIRV15 ?= llvm-spirv-15
LLVM15_INC  := $(shell llvm-config-15 --includedir 2>/dev/null)
LLVM15_LIB  := $(shell llvm-config-15 --libdir 2>/dev/null)
SPIRV_TOOLS_A := $(firstword $(wildcard /usr/lib/x86_64-linux-gnu/libSPIRV-Tools.a))

JIT_CXXFLAGS := -std=c++17 -O2 -g -fPIC -fvisibility=hidden \
	-fvisibility-inlines-hidden -fno-rtti -Wall -Wextra -Werror \
	-Wno-unused-parameter -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS \
	-D__STDC_LIMIT_MACROS -isystem $(LLVM15_INC) \
	-I$(SRC)/userspace/include -I$(JIT_DIR) -MMD -MP \
	-DXE_JIT_POCL_DIR='"$(XE_JIT_POCL_DIR)"'
# The compile cache keys on the shim's build-id (cache.cpp): asked for here,
# not left to the toolchain's default, so that a shim that compiles
# differently never loads the objects of another.
JIT_LDFLAGS := -shared -Wl,-soname,libxe_cbev_jit.so.1 -Wl,--build-id=sha1 \
	-Wl,--version-script=$(JIT_MAP) -Wl,--no-undefined -Wl,-Bsymbolic \
	-Wl,--exclude-libs,ALL $(USER_LDFLAGS)
JIT_LIBS    := -L$(LLVM15_LIB) -lLLVMSPIRVLib -lLLVM-15 \
	$(if $(SPIRV_TOOLS_A),$(SPIRV_TOOLS_A),-lSPIRV-Tools-shared) \
	-ldl -lm -lpthread

# The runtime: what the shim defines itself (fences, sub-groups, work-group
# collectives, half math); every other built-in comes from PoCL's library
# (builtins.cpp), found at run time in XE_JIT_POCL_DIR.
JIT_CLFLAGS := -cl-std=CL3.0 -O2 -target spir64 -Xclang -include -Xclang opencl-c.h \
	-Xclang -cl-ext=+__opencl_c_subgroups,+cl_khr_subgroups,+cl_khr_fp16,+cl_khr_fp64,+__opencl_c_fp64,+__opencl_c_generic_address_space,+__opencl_c_work_group_collective_functions,+cl_khr_subgroup_extended_types,+cl_khr_subgroup_non_uniform_vote,+cl_khr_subgroup_ballot,+cl_khr_subgroup_non_uniform_arithmetic,+cl_khr_subgroup_shuffle,+cl_khr_subgroup_shuffle_relative,+cl_khr_subgroup_clustered_reduce \
	-I$(JIT_DIR) \
	-Wall -Werror
$(B)/obj/userspace/jit/runtime/%.ll: $(JIT_DIR)/runtime/%.cl $(JIT_DIR)/jit.mk \
		$(JIT_DIR)/collectives.h
	@mkdir -p $(@D)
	$(CLANG15) -S -emit-llvm $(JIT_CLFLAGS) -o $@ $<

$(JIT_RT_BC): $(patsubst $(JIT_DIR)/runtime/%.cl,$(B)/obj/userspace/jit/runtime/%.ll,$(JIT_RT_SRCS))
	$(LLVM_LINK15) --suppress-warnings -o $@ $^

$(JIT_RT_OBJ): $(JIT_DIR)/runtime.S $(JIT_RT_BC)
	$(CC) -c -DXE_JIT_RUNTIME_BC='"$(JIT_RT_BC)"' -o $@ $<

$(B)/obj/userspace/jit/%.o: $(JIT_DIR)/%.cpp $(JIT_DIR)/jit.mk
	@mkdir -p $(@D)
	$(CXX) $(JIT_CXXFLAGS) -c -o $@ $<

$(JIT_SO): $(JIT_OBJS) $(JIT_RT_OBJ) $(JIT_MAP)
	@mkdir -p $(@D)
	$(CXX) $(JIT_LDFLAGS) -o $@ $(JIT_OBJS) $(JIT_RT_OBJ) $(JIT_LIBS)

.PHONY: jit
jit: $(JIT_SO)

# Into the VM image, in /usr/lib/xe_cbev where libze's dlopen() finds it;
# mkinitramfs brings libLLVM-15 and libLLVMSPIRVLib along.
LIBS += $(JIT_SO)

-include $(JIT_OBJS:.o=.d)
