# SPDX-License-Identifier: MIT
#
# `make callgrind`: user-space instructions per operation of the hot Level
# Zero calls, counted by callgrind on the host (no VM, no device). The
# library is linked once more with the fake kernel interface in place of
# the module's (kmd_fake*.c, as the host unit tests have it) and loaded by
# the standard loader; scripts/callgrind-host leaves the fake's own work
# (everything under an xe_kmd_* call) out of the counts, as a system call's
# kernel side would be. Deterministic: the same figures from run to run.

LIBZE_FAKE_SO := $(B)/lib/fake/libze_xe_cbev.so.1
BENCH_HOST    := $(B)/host-tools/xe_cbev_bench_host

$(LIBZE_FAKE_SO): $(filter-out $(LIBZE_KMD_OBJ),$(LIBZE_OBJS)) \
		$(LIBZE_FAKE_OBJ) $(LIBZE_MAP)
	@mkdir -p $(@D)
	$(CC) $(LIBZE_LDFLAGS) -o $@ \
		$(filter-out $(LIBZE_KMD_OBJ),$(LIBZE_OBJS)) $(LIBZE_FAKE_OBJ) \
		$(LIBZE_LIBS)

$(BENCH_HOST): $(B)/obj/userspace/tools/xe_cbev_bench_host.o \
		$(L0_APP_OBJ)
	@mkdir -p $(@D)
	$(CC) $(USER_LDFLAGS) -o $@ $^ -lze_loader

.PHONY: callgrind
callgrind: $(LIBZE_FAKE_SO) $(BENCH_HOST)
	$(SRC)/scripts/callgrind-host --lib $(LIBZE_FAKE_SO) \
		--bench $(BENCH_HOST)

-include $(B)/obj/userspace/tools/xe_cbev_bench_host.d
