# SPDX-License-Identifier: MIT
#
# Small Level Zero applications. They link the standard loader only; the
# loader finds the driver at run time (ZE_ENABLE_ALT_DRIVERS).

TOOLS_NAMES := xe_cbev_demo xe_cbev_info xe_cbev_bench_libze \
	xe_cbev_bench_cb_event xe_cbev_bench_submit xe_cbev_bench_graph
TOOLS_BINS  := $(addprefix $(B)/tools/,$(TOOLS_NAMES))
TOOLS_OBJS  := $(addprefix $(B)/obj/userspace/tools/,$(TOOLS_NAMES:=.o))

# The set-up every such program does (driver, device, context, built-in
# kernels), shared with the Check tests of tests/libze; and the text/JSON
# printer of the tools' reports.
L0_APP_OBJ  := $(B)/obj/userspace/tools/common/l0_app.o
TOOLS_COMMON_OBJS := $(L0_APP_OBJ) $(B)/obj/userspace/tools/common/report.o \
	$(B)/obj/userspace/tools/common/syscall_count.o
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

# The trace tool: libtracefs and libtraceevent, no Level Zero.
TRACE_TOOL := $(B)/tools/xe_cbev_trace
TRACE_OBJS := $(addprefix $(B)/obj/userspace/tools/, xe_cbev_trace.o \
	trace/timeline.o trace/json.o trace/svg.o)
TRACEFS_CFLAGS := $(shell pkg-config --cflags libtracefs libtraceevent 2>/dev/null)
TRACEFS_LIBS := $(shell pkg-config --libs libtracefs libtraceevent 2>/dev/null)
$(TRACE_OBJS): TOOLS_CFLAGS += $(TRACEFS_CFLAGS)

$(TRACE_TOOL): $(TRACE_OBJS)
	@mkdir -p $(@D)
	$(CC) $(USER_LDFLAGS) -o $@ $^ $(TRACEFS_LIBS)

TOOLS += $(TRACE_TOOL)

-include $(TRACE_OBJS:.o=.d)
