# SPDX-License-Identifier: MIT
#
# Check tests of the Level Zero API. The VM tests link the standard loader
# only, never the driver, and run in the VM, where the harness points
# ZE_ENABLE_ALT_DRIVERS at libze_xe_cbev.so.1; one suite per source file of
# the driver. The host tests need no device: they dlopen() the driver
# library built here, as the loader does, or compile a driver source file
# in. The helper is the other process of the cross-process tests; it goes
# into the VM with the tools (/tools/libze_test_helper).

LIBZE_TEST_NAMES := test_libze_device test_libze_context test_libze_memory \
	test_libze_cmdlist test_libze_cmdqueue test_libze_fence test_libze_event \
	test_libze_event_pool test_libze_module test_libze_kernel test_libze_spirv \
	test_libze_spirv_kernels test_libze_spirv_launch test_libze_spirv_library \
	test_libze_conformance test_libze_mutable test_libze_mutable_events \
	test_libze_cb_event test_libze_cb_event_regular test_libze_cb_event_ext \
	test_libze_cb_event_ipc test_libze_tools test_libze_handles \
	test_libze_memory_ipc test_libze_virtual test_libze_debug \
	test_libze_lost test_libze_multidev test_libze_submit \
	test_libze_system_memory test_libze_runtime test_libze_semaphore \
	test_libze_graph
LIBZE_TEST_BINS  := $(addprefix $(B)/tests/libze/,$(LIBZE_TEST_NAMES))
LIBZE_TEST_OBJS  := $(addprefix $(B)/obj/tests/libze/,$(LIBZE_TEST_NAMES:=.o))
LIBZE_TEST_LIB   := $(B)/obj/tests/libze/libze_test.o
LIBZE_TEST_HELPER := $(B)/tests/libze/libze_test_helper

LIBZE_HOST_TEST_NAMES := test_libze_ddi
LIBZE_HOST_TEST_BINS  := $(addprefix $(B)/tests/libze/host/,$(LIBZE_HOST_TEST_NAMES))
LIBZE_HOST_TEST_OBJS  := $(addprefix $(B)/obj/tests/libze/host/,$(LIBZE_HOST_TEST_NAMES:=.o))

$(B)/obj/tests/libze/%.o: $(SRC)/tests/libze/%.c $(SRC)/tests/libze/tests.mk
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) $(CHECK_CFLAGS) -MMD -MP -c -o $@ $<

$(LIBZE_TEST_BINS): $(B)/tests/libze/%: $(B)/obj/tests/libze/%.o \
		$(LIBZE_TEST_LIB) $(L0_APP_OBJ)
	@mkdir -p $(@D)
	$(CC) $(USER_LDFLAGS) -pthread -o $@ $< $(LIBZE_TEST_LIB) \
		$(L0_APP_OBJ) -lze_loader $(CHECK_LIBS) -Wl,--as-needed \
		$(PKG_LIBS)

# Links the driver itself, no loader: the exports are what it calls.
LIBZE_DIRECT_TEST := $(B)/tests/libze/test_libze_direct
$(LIBZE_DIRECT_TEST): $(B)/obj/tests/libze/test_libze_direct.o $(LIBZE_SO)
	@mkdir -p $(@D)
	$(CC) $(USER_LDFLAGS) -pthread -o $@ $< $(LIBZE_SO) \
		-Wl,-rpath,$(dir $(LIBZE_SO)) -ldl $(CHECK_LIBS)

$(LIBZE_TEST_HELPER): $(B)/obj/tests/libze/libze_test_helper.o $(L0_APP_OBJ)
	@mkdir -p $(@D)
	$(CC) $(USER_LDFLAGS) -pthread -o $@ $^ -lze_loader

$(B)/obj/tests/libze/host/%.o: $(SRC)/tests/libze/%.c $(SRC)/tests/libze/tests.mk
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(CHECK_CFLAGS) -DLIBZE_SO='"$(LIBZE_SO)"' \
		-MMD -MP -c -o $@ $<

$(LIBZE_HOST_TEST_BINS): $(B)/tests/libze/host/%: \
		$(B)/obj/tests/libze/host/%.o $(LIBZE_SO)
	@mkdir -p $(@D)
	$(CC) $(USER_LDFLAGS) -pthread -o $@ $< \
		-Wl,--no-as-needed -lze_loader -Wl,--as-needed -ldl $(CHECK_LIBS)

# The suites again, through the loader's validation layer, after them.
# These host tests link one object of the driver in.
LIBZE_UNIT_TESTS := $(B)/tests/libze/host/test_libze_encoder \
	$(B)/tests/libze/host/test_libze_result
$(B)/tests/libze/host/test_libze_encoder: \
		$(B)/obj/userspace/libze/src/submission/encoder.o
$(B)/tests/libze/host/test_libze_result: \
		$(B)/obj/userspace/libze/src/core/result.o
$(LIBZE_UNIT_TESTS): $(B)/tests/libze/host/%: $(B)/obj/tests/libze/host/%.o
	@mkdir -p $(@D)
	$(CC) $(USER_LDFLAGS) -o $@ $^ $(CHECK_LIBS)

# Host unit tests of lists, events and appends: the library's objects with
# the fake kernel interface (libze_host.a, see libze.mk), the test helpers
# of the VM suites, no loader, no device.
LIBZE_UNIT_NAMES := test_unit_immediate test_unit_regular test_unit_handles \
	test_unit_debug test_unit_direct test_unit_slab test_unit_graph \
	test_unit_launch
LIBZE_UNIT_BINS  := $(addprefix $(B)/tests/libze/unit/,$(LIBZE_UNIT_NAMES))
LIBZE_UNIT_CFLAGS := $(USER_CFLAGS) $(CHECK_CFLAGS) \
	-I$(SRC)/userspace/libze/src -I$(SRC)/tests/libze -I$(SRC)/userspace/tools

$(B)/obj/tests/libze/unit/%.o: $(SRC)/tests/libze/unit/%.c \
		$(SRC)/tests/libze/tests.mk
	@mkdir -p $(@D)
	$(CC) $(LIBZE_UNIT_CFLAGS) -MMD -MP -c -o $@ $<

$(LIBZE_UNIT_BINS): $(B)/tests/libze/unit/%: $(B)/obj/tests/libze/unit/%.o \
		$(LIBZE_TEST_LIB) $(L0_APP_OBJ) $(LIBZE_HOST_AR)
	@mkdir -p $(@D)
	$(CC) $(USER_LDFLAGS) -pthread -o $@ $^ $(CHECK_LIBS)

VM_TESTS += $(LIBZE_TEST_BINS) $(LIBZE_DIRECT_TEST) \
	$(SRC)/tests/libze/libze_validation.sh
HOST_TESTS += $(LIBZE_HOST_TEST_BINS) $(LIBZE_UNIT_TESTS) $(LIBZE_UNIT_BINS)
TOOLS += $(LIBZE_TEST_HELPER)

-include $(wildcard $(B)/obj/tests/libze/*.d $(B)/obj/tests/libze/host/*.d \
	$(B)/obj/tests/libze/unit/*.d)

# The stand-in SPIR-V compiler shim of test_libze_spirv (jit_standin.c),
# loaded through XE_CBEV_JIT_LIBRARY; it goes into the VM with the libraries.
LIBZE_JIT_STANDIN := $(B)/lib/libxe_cbev_jit_standin.so
$(LIBZE_JIT_STANDIN): $(SRC)/tests/libze/jit_standin.c \
		$(SRC)/userspace/include/xe_jit.h $(SRC)/tests/libze/tests.mk
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) -I$(SRC)/userspace/libze/src -fPIC -shared \
		-o $@ $< $(USER_LDFLAGS)
LIBS += $(LIBZE_JIT_STANDIN)
