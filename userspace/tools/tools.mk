# SPDX-License-Identifier: MIT
#
# Small Level Zero applications. They link the standard loader only; the
# loader finds the driver at run time (ZE_ENABLE_ALT_DRIVERS).

TOOLS_NAMES := xe_cbev_demo xe_cbev_info xe_cbev_bench_libze \
	xe_cbev_bench_cb_event
TOOLS_BINS  := $(addprefix $(B)/tools/,$(TOOLS_NAMES))
TOOLS_OBJS  := $(addprefix $(B)/obj/userspace/tools/,$(TOOLS_NAMES:=.o))

# The set-up every such program does (driver, device, context, built-in
# kernels), shared with the Check tests of tests/libze; and the text/JSON
# printer of the tools' reports.
L0_APP_OBJ  := $(B)/obj/userspace/tools/common/l0_app.o
TOOLS_COMMON_OBJS := $(L0_APP_OBJ) $(B)/obj/userspace/tools/common/report.o
TOOLS_CFLAGS := $(USER_CFLAGS) -I$(SRC)/userspace/tools

$(B)/obj/userspace/tools/%.o: $(SRC)/userspace/tools/%.c \
		$(SRC)/userspace/tools/tools.mk
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -MMD -MP -c -o $@ $<

$(TOOLS_BINS): $(B)/tools/%: $(B)/obj/userspace/tools/%.o \
		$(TOOLS_COMMON_OBJS)
	@mkdir -p $(@D)
	$(CC) $(USER_LDFLAGS) -o $@ $^ -lze_loader

TOOLS += $(TOOLS_BINS)

-include $(TOOLS_OBJS:.o=.d) $(TOOLS_COMMON_OBJS:.o=.d)
