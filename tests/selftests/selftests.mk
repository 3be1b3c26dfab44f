# kselftest-harness tests of the uAPI; they run inside the test VM.
# The harness headers come from linux-source-6.1, extracted by setup-deps.

SELFTEST_NAMES := xe_cbev_query_test
SELFTEST_BINS  := $(addprefix $(B)/tests/selftests/,$(SELFTEST_NAMES))
SELFTEST_CFLAGS := $(USER_CFLAGS) -Wno-unused-parameter -I$(B)/ext/include \
	-MMD -MP

VM_TESTS += $(SELFTEST_BINS)

$(B)/tests/selftests/%: tests/selftests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(SELFTEST_CFLAGS) -o $@ $< $(USER_LDFLAGS) -ldrm -lpthread

-include $(SELFTEST_BINS:=.d)
