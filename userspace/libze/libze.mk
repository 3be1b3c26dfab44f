# SPDX-License-Identifier: MIT
#
# libze_xe_cbev.so.1, the Level Zero driver library. Included by the top
# Makefile, which defines B, SRC, CC, USER_CFLAGS, USER_LDFLAGS and PKG_LIBS.

LIBZE_SO     := $(B)/lib/libze_xe_cbev.so.1
LIBZE_MAP    := $(SRC)/userspace/libze/libze_xe_cbev.map
# The kernel-interface seam (submission/kmd.h) has two backends, chosen at
# link time: kmd.c, kmd_eu.c, kmd_syncobj.c and kmd_uring.c, the xe_cbev module, in the library;
# kmd_fake*.c, an engine in process memory, only in the host unit tests
# (tests/libze/unit).
LIBZE_KMD_SRC  := $(SRC)/userspace/libze/src/submission/kmd.c \
	$(SRC)/userspace/libze/src/submission/kmd_eu.c \
	$(SRC)/userspace/libze/src/submission/kmd_syncobj.c \
	$(SRC)/userspace/libze/src/submission/kmd_uring.c
LIBZE_FAKE_SRC := $(wildcard $(SRC)/userspace/libze/src/submission/kmd_fake*.c)
LIBZE_SRCS   := $(filter-out $(LIBZE_FAKE_SRC), \
	$(wildcard $(SRC)/userspace/libze/src/*/*.c))
LIBZE_OBJS   := $(patsubst $(SRC)/%.c,$(B)/obj/%.o,$(LIBZE_SRCS))
# The debug log's wrappers and result names, generated from what core/ddi_tables.c
# sees once preprocessed (gen-debug-wrappers.awk, DOC: debug log).
LIBZE_GEN_DIR  := $(B)/gen/userspace/libze/src/core
LIBZE_GEN_SRCS := $(LIBZE_GEN_DIR)/debug_wrappers.c \
	$(LIBZE_GEN_DIR)/debug_results.c
LIBZE_GEN_OBJS := $(patsubst $(B)/gen/%.c,$(B)/obj/%.o,$(LIBZE_GEN_SRCS))
LIBZE_OBJS   += $(LIBZE_GEN_OBJS)
LIBZE_KMD_OBJ  := $(patsubst $(SRC)/%.c,$(B)/obj/%.o,$(LIBZE_KMD_SRC))
LIBZE_FAKE_OBJ := $(patsubst $(SRC)/%.c,$(B)/obj/%.o,$(LIBZE_FAKE_SRC))

# Everything hidden unless the version script exports it.
LIBZE_CFLAGS := $(USER_CFLAGS) -I$(SRC)/userspace/libze/src -fPIC -fvisibility=hidden -pthread -MMD -MP
LIBZE_LDFLAGS := -shared -Wl,-soname,libze_xe_cbev.so.1 \
	-Wl,--version-script=$(LIBZE_MAP) -Wl,--no-undefined -Wl,-Bsymbolic \
	$(USER_LDFLAGS)
LIBZE_LIBS   := -Wl,--as-needed $(PKG_LIBS) -lpthread

$(B)/obj/userspace/libze/%.o: $(SRC)/userspace/libze/%.c \
		$(SRC)/userspace/libze/libze.mk
	@mkdir -p $(@D)
	$(CC) $(LIBZE_CFLAGS) -c -o $@ $<

LIBZE_GEN_AWK := $(SRC)/userspace/libze/gen-debug-wrappers.awk
LIBZE_DDI_SRC := $(SRC)/userspace/libze/src/core/ddi_tables.c
$(LIBZE_GEN_SRCS) &: $(LIBZE_DDI_SRC) $(LIBZE_GEN_AWK) \
		$(SRC)/userspace/libze/libze.mk
	@mkdir -p $(LIBZE_GEN_DIR)
	$(CC) $(filter-out -MMD -MP,$(LIBZE_CFLAGS)) -E -P -MMD \
		-MF $(LIBZE_GEN_DIR)/ddi.i.d -MT '$(LIBZE_GEN_SRCS)' \
		-o $(LIBZE_GEN_DIR)/ddi.i $(LIBZE_DDI_SRC)
	awk -v src=$(LIBZE_DDI_SRC) \
		-v wrappers=$(LIBZE_GEN_DIR)/debug_wrappers.c.tmp \
		-v results=$(LIBZE_GEN_DIR)/debug_results.c.tmp \
		-f $(LIBZE_GEN_AWK) $(LIBZE_GEN_DIR)/ddi.i
	mv $(LIBZE_GEN_DIR)/debug_wrappers.c.tmp $(LIBZE_GEN_DIR)/debug_wrappers.c
	mv $(LIBZE_GEN_DIR)/debug_results.c.tmp $(LIBZE_GEN_DIR)/debug_results.c

$(LIBZE_GEN_OBJS): $(B)/obj/%.o: $(B)/gen/%.c
	@mkdir -p $(@D)
	$(CC) $(LIBZE_CFLAGS) -c -o $@ $<

$(LIBZE_SO): $(LIBZE_OBJS) $(LIBZE_MAP)
	@mkdir -p $(@D)
	$(CC) $(LIBZE_LDFLAGS) -o $@ $(LIBZE_OBJS) $(LIBZE_LIBS)

# Every object of the library with the fake backend in place of the real
# one, for the host unit tests (tests/libze/tests.mk).
LIBZE_HOST_AR := $(B)/obj/userspace/libze/libze_host.a
$(LIBZE_HOST_AR): $(filter-out $(LIBZE_KMD_OBJ),$(LIBZE_OBJS)) $(LIBZE_FAKE_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

LIBS += $(LIBZE_SO)

-include $(LIBZE_OBJS:.o=.d) $(LIBZE_FAKE_OBJ:.o=.d) $(LIBZE_GEN_DIR)/ddi.i.d
