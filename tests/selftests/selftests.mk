# kselftest-harness tests of the uAPI; they run inside the test VM.
# The harness headers come from linux-source-6.1, extracted by setup-deps.

SELFTEST_NAMES := xe_cbev_query_test xe_cbev_bo_test xe_cbev_vm_test \
	xe_cbev_counter_test xe_cbev_file_test xe_cbev_cs_test \
	xe_cbev_queue_test xe_cbev_wait_test xe_cbev_ipc_test xe_cbev_fuzz_test \
	xe_cbev_sched_test xe_cbev_eu_test xe_cbev_ioctl_fuzz_test \
	xe_cbev_multidev_test xe_cbev_writer_test xe_cbev_direct_test \
	xe_cbev_svm_test xe_cbev_isolation_test
SELFTEST_BINS  := $(addprefix $(B)/tests/selftests/,$(SELFTEST_NAMES))
# The harness's EXPECT_*() macros compare whatever types they are given and
# its TEST() functions take parameters they may not use.
SELFTEST_CFLAGS := $(USER_CFLAGS) -Wno-unused-parameter -Wno-sign-compare \
	-I$(B)/ext/include -MMD -MP

VM_TESTS += $(SELFTEST_BINS)

$(B)/tests/selftests/%: tests/selftests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(SELFTEST_CFLAGS) -o $@ $< $(USER_LDFLAGS) -ldrm -luring -lpthread

-include $(SELFTEST_BINS:=.d)
