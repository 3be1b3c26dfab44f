# SPDX-License-Identifier: MIT
#
# libze_xe_cbev.so.1, the Level Zero driver library. Included by the top
# Makefile, which defines B, SRC, CC, USER_CFLAGS, USER_LDFLAGS and PKG_LIBS.

LIBZE_SO     := $(B)/lib/libze_xe_cbev.so.1
LIBZE_MAP    := $(SRC)/userspace/libze/libze_xe_cbev.map
LIBZE_SRCS   := $(wildcard $(SRC)/userspace/libze/src/*/*.c)
LIBZE_OBJS   := $(patsubst $(SRC)/%.c,$(B)/obj/%.o,$(LIBZE_SRCS))

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

$(LIBZE_SO): $(LIBZE_OBJS) $(LIBZE_MAP)
	@mkdir -p $(@D)
	$(CC) $(LIBZE_LDFLAGS) -o $@ $(LIBZE_OBJS) $(LIBZE_LIBS)

LIBS += $(LIBZE_SO)

-include $(LIBZE_OBJS:.o=.d)
