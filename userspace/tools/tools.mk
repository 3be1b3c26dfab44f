# SPDX-License-Identifier: MIT
#
# Small Level Zero applications. They link the standard loader only; the
# loader finds the driver at run time (ZE_ENABLE_ALT_DRIVERS).

TOOLS_NAMES := xe_cbev_demo xe_cbev_bench_libze xe_cbev_bench_cb_event
TOOLS_BINS  := $(addprefix $(B)/tools/,$(TOOLS_NAMES))
TOOLS_OBJS  := $(addprefix $(B)/obj/userspace/tools/,$(TOOLS_NAMES:=.o))

$(B)/obj/userspace/tools/%.o: $(SRC)/userspace/tools/%.c \
		$(SRC)/userspace/tools/tools.mk
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) -MMD -MP -c -o $@ $<

$(TOOLS_BINS): $(B)/tools/%: $(B)/obj/userspace/tools/%.o
	@mkdir -p $(@D)
	$(CC) $(USER_LDFLAGS) -o $@ $< -lze_loader

TOOLS += $(TOOLS_BINS)

-include $(TOOLS_OBJS:.o=.d)
