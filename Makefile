# SPDX-License-Identifier: MIT
#
# Top-level build of xe_cbev: the kernel module, the Level Zero driver
# library, the tools and the tests, all out of tree in $(BUILD).
#
#   make              build everything (runs scripts/setup-deps first)
#   make demo         build, boot the test VM, run the demo through the loader
#   make bench        build, boot the test VM, run the benchmarks
#   make callgrind    instructions per hot host call (callgrind, no VM)
#   make check        build and run every test (host, VM lanes, packages);
#                     LANE=debian, LANE=pkg or LANE=debug runs one lane only
#   make checkpatch   checkpatch --strict and sparse over the kernel code
#   make install      the library, headers, pkg-config file and tools
#                     (DESTDIR, PREFIX=/usr/local, BINDIR, LIBDIR, ...)
#   make install-dkms the module's source and dkms.conf in /usr/src, and
#                     the udev rule of the render node
#   make deb          the Debian packages (dpkg-buildpackage) in $(BUILD)/deb
#   make clean
#
# KDIR overrides the kernel build tree (default: the newest installed
# Debian kernel that also has an image in /boot).

BUILD     ?= build
B         := $(abspath $(BUILD))
SRC       := $(abspath .)
LANE      ?= all
V         ?= 0

# Package installation happens once per make run, before anything else.
ifeq ($(filter clean,$(MAKECMDGOALS)),)
ifneq ($(SKIP_SETUP),1)
$(info setup: scripts/setup-deps $(BUILD))
_setup := $(shell $(SRC)/scripts/setup-deps $(B) >&2 || echo FAIL)
ifeq ($(_setup),FAIL)
$(error scripts/setup-deps failed)
endif
endif
KVER      ?= $(shell $(SRC)/scripts/kernel-version)
endif
KDIR      ?= /lib/modules/$(KVER)/build

CC        ?= gcc
PKGS      := libdrm liburing
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS  := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
# Every Check program ends with tests/common/check_run.h.
CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null) \
	-I$(SRC)/tests/common
CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null)

USER_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -D_GNU_SOURCE \
	-I$(SRC)/uapi -I$(SRC)/userspace/libze/include -I$(SRC)/userspace/include \
	$(PKG_CFLAGS) $(CFLAGS)
USER_LDFLAGS := $(LDFLAGS)

# Fragments add to these.
VM_TESTS   :=	# binaries run inside the VM, in this order
HOST_TESTS :=	# binaries run on the host
TOOLS      :=	# tools copied into the VM image
LIBS       :=	# shared libraries copied into the VM image

.PHONY: all module user demo bench check checkpatch floors clean \
	programs install install-dkms deb
all: module user

include userspace/libze/libze.mk
include userspace/jit/jit.mk
include userspace/tools/tools.mk
include userspace/tools/bench.mk
include userspace/tools/callgrind.mk
include tests/selftests/selftests.mk
include tests/libze/tests.mk
include tests/jit/jit.mk

user: $(LIBS) $(TOOLS) $(VM_TESTS) $(HOST_TESTS) $(JIT_SO) $(BENCH_KERNELS)

# ---- kernel module -------------------------------------------------------
# The module is built in $(B)/kmod/<tag>, a tree of symbolic links to the
# sources, so that Kbuild's objects stay out of the source tree.
KMOD_TAG  ?= $(KVER)
KMOD_DIR  := $(B)/kmod/$(KMOD_TAG)
KO        := $(KMOD_DIR)/xe_cbev.ko
KSRCS     := $(wildcard kernel/xe_cbev/*.[ch])

# Kbuild decides what to rebuild, so the module is always handed to it (that
# also catches a rebuilt kernel tree).
module:
	@mkdir -p $(KMOD_DIR)/kernel/xe_cbev
	@for f in $(KSRCS); do ln -sf $(SRC)/$$f $(KMOD_DIR)/kernel/xe_cbev/; done
	@ln -sf $(SRC)/Kbuild $(KMOD_DIR)/Kbuild
	$(MAKE) -C $(KDIR) M=$(KMOD_DIR) XE_CBEV_SRC=$(SRC) W=1 modules

# The debug lane's kernel (KASAN, lockdep, kmemleak, UBSAN), built once from
# linux-source-6.1 and reused while its config fragment is unchanged.
DEBUG_KDIR := $(B)/debug-kernel/tree
DEBUG_KO   := $(B)/kmod/debug/xe_cbev.ko

.PHONY: debug-kernel debug-module
debug-kernel:
	$(SRC)/tests/vm/build-debug-kernel $(B)
debug-module: debug-kernel
	$(MAKE) --no-print-directory SKIP_SETUP=1 KVER=$(KVER) \
		KDIR=$(DEBUG_KDIR) KMOD_TAG=debug module

# ---- running -------------------------------------------------------------
VM_RUN = $(SRC)/tests/vm/run-lane --build $(B) --src $(SRC) \
	--kver $(KVER) --module $(KO) \
	--libs "$(LIBS)" --tools "$(TOOLS)"

demo: all
	$(VM_RUN) --lane debian --demo

bench: all
	$(VM_RUN) --lane debian --bench

# The 6.12 lane: Debian 12's newer kernel, the module built from the same
# sources (scripts/setup-deps installs that kernel and its headers).
KVER_612   := $(shell $(SRC)/scripts/kernel-version 6.12 2>/dev/null)
KO_612     := $(B)/kmod/6.12/xe_cbev.ko
.PHONY: module-6.12
module-6.12:
	$(MAKE) --no-print-directory SKIP_SETUP=1 KVER=$(KVER_612) \
		KMOD_TAG=6.12 module

CHECK_DEPS := all $(if $(filter debian pkg 6.12,$(LANE)),,debug-module) \
	$(if $(filter all 6.12,$(LANE)),$(if $(KVER_612),module-6.12))
check: $(CHECK_DEPS)
	$(SRC)/tests/run-all --build $(B) --src $(SRC) --lane $(LANE) \
		--kver $(KVER) --module $(KO) --debug-module $(DEBUG_KO) \
		$(if $(KVER_612),--kver-6.12 $(KVER_612) --module-6.12 $(KO_612)) \
		--libs "$(LIBS)" \
		--tools "$(TOOLS)" --vm-tests "$(VM_TESTS)" \
		--host-tests "$(HOST_TESTS)"

# Who needs whom among the module's files, libze's and the shim's, floor by
# floor: calls, and includes of headers (types, macros, inline functions).
# make check fails on a circle.
KMOD_OBJ_NAMES  := $(sort $(notdir $(shell grep -o 'xe_cbev_[a-z_]*\.o' Kbuild)))
LIBZE_OBJ_NAMES := $(patsubst $(B)/obj/userspace/libze/src/%,%,$(LIBZE_OBJS))
LIBZE_FAKE_OBJ_NAMES := $(patsubst $(SRC)/userspace/libze/src/%.c,%.o,$(LIBZE_FAKE_SRC))
JIT_OBJ_NAMES   := $(patsubst $(SRC)/userspace/jit/%,%.o,$(basename \
	$(wildcard $(SRC)/userspace/jit/*.cpp $(SRC)/userspace/jit/*.S)))
floors: module $(LIBZE_SO) $(JIT_SO)
	$(SRC)/scripts/call-floors --strip xe_cbev_ --src $(SRC)/kernel/xe_cbev \
		$(KMOD_DIR)/kernel/xe_cbev $(filter-out xe_cbev.o,$(KMOD_OBJ_NAMES))
	$(SRC)/scripts/call-floors --src $(SRC)/userspace/libze/src \
		$(B)/obj/userspace/libze/src $(LIBZE_OBJ_NAMES)
	$(SRC)/scripts/call-floors --src $(SRC)/userspace/libze/src \
		$(B)/obj/userspace/libze/src $(LIBZE_FAKE_OBJ_NAMES)
	$(SRC)/scripts/call-floors --src $(SRC)/userspace/jit \
		$(B)/obj/userspace/jit $(JIT_OBJ_NAMES)

checkpatch:
	perl $(B)/ext/scripts/checkpatch.pl --no-tree --strict --terse \
		--ignore LINUX_VERSION_CODE \
		-f kernel/xe_cbev/*.[ch] uapi/drm/*.h tests/vm/bugmod/*.c
	$(MAKE) -C $(KDIR) M=$(KMOD_DIR) XE_CBEV_SRC=$(SRC) C=2 \
		CHECK="sparse -Wno-decl" modules

# ---- installing ----------------------------------------------------------
# GNU conventions: DESTDIR stages, PREFIX and the *DIR variables place.
VERSION      := 0.1.0
PREFIX       ?= /usr/local
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
SYSCONFDIR   ?= $(PREFIX)/etc
MANDIR       ?= $(PREFIX)/share/man
DKMS_SRCDIR  ?= /usr/src/xe-cbev-$(VERSION)
UDEVRULESDIR ?= /lib/udev/rules.d
INSTALL      ?= install

# What `make install` ships, built without the module or the tests: the
# library and the xe_cbev_* tools (TOOLS also holds test helpers).
# The kernel benchmark reads the build tree's kernels: not installed.
# The SPIR-V compiler shim goes to LIBDIR/xe_cbev, where libze looks for it
# when the dynamic linker does not find it by name.
INSTALL_TOOLS = $(filter-out $(BENCH_KERNELS),$(filter $(B)/tools/xe_cbev_%,$(TOOLS)))
programs: $(LIBS) $(INSTALL_TOOLS)
$(B)/obj/userspace/libze/src/modules/jit_loader.o: LIBZE_CFLAGS += \
	-DXE_JIT_PRIVATE_PATH='"$(LIBDIR)/xe_cbev/libxe_cbev_jit.so.1"'

# User space: the driver library with its link, the public headers and the
# uAPI headers under INCLUDEDIR/xe_cbev, the pkg-config file, the tools with
# their manual pages, and the profile.d snippet that lets the Level Zero
# loader find the driver (see README.md, "Installing").
install: programs
	$(INSTALL) -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(BINDIR) \
		$(DESTDIR)$(INCLUDEDIR)/xe_cbev/drm $(DESTDIR)$(PKGCONFIGDIR) \
		$(DESTDIR)$(SYSCONFDIR)/profile.d $(DESTDIR)$(MANDIR)/man1
	$(INSTALL) -m 0644 $(LIBZE_SO) $(DESTDIR)$(LIBDIR)/
	$(INSTALL) -d $(DESTDIR)$(LIBDIR)/xe_cbev
	$(INSTALL) -m 0644 $(JIT_SO) $(DESTDIR)$(LIBDIR)/xe_cbev/
	ln -sf libze_xe_cbev.so.1 $(DESTDIR)$(LIBDIR)/libze_xe_cbev.so
	$(INSTALL) -m 0644 $(SRC)/userspace/libze/include/*.h \
		$(DESTDIR)$(INCLUDEDIR)/xe_cbev/
	$(INSTALL) -m 0644 $(SRC)/uapi/drm/*.h $(DESTDIR)$(INCLUDEDIR)/xe_cbev/drm/
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|' \
		-e 's|@INCLUDEDIR@|$(INCLUDEDIR)|; s|@VERSION@|$(VERSION)|' \
		$(SRC)/dist/libze-xe-cbev.pc.in \
		> $(DESTDIR)$(PKGCONFIGDIR)/libze-xe-cbev.pc
	$(INSTALL) -m 0755 $(INSTALL_TOOLS) $(DESTDIR)$(BINDIR)/
	$(INSTALL) -m 0644 $(SRC)/dist/man/*.1 $(DESTDIR)$(MANDIR)/man1/
	$(INSTALL) -m 0644 $(SRC)/dist/libze-xe-cbev.sh \
		$(DESTDIR)$(SYSCONFDIR)/profile.d/

# The module as DKMS source: Kbuild, every source under kernel/, the uAPI
# headers and dkms.conf, then `dkms install xe-cbev/$(VERSION)` builds it.
install-dkms:
	$(INSTALL) -d $(DESTDIR)$(DKMS_SRCDIR)/uapi/drm $(DESTDIR)$(UDEVRULESDIR)
	$(INSTALL) -m 0644 $(SRC)/Kbuild $(DESTDIR)$(DKMS_SRCDIR)/
	cd $(SRC) && find kernel -type f \( -name '*.[chS]' -o -name Kbuild \) \
		-exec $(INSTALL) -D -m 0644 {} $(DESTDIR)$(DKMS_SRCDIR)/{} \;
	$(INSTALL) -m 0644 $(SRC)/uapi/drm/*.h $(DESTDIR)$(DKMS_SRCDIR)/uapi/drm/
	sed 's|#MODULE_VERSION#|$(VERSION)|' $(SRC)/dist/dkms.conf \
		> $(DESTDIR)$(DKMS_SRCDIR)/dkms.conf
	$(INSTALL) -m 0644 $(SRC)/dist/70-xe-cbev.rules $(DESTDIR)$(UDEVRULESDIR)/

# dpkg-buildpackage builds in the tree it is given and writes ../*.deb, so
# it runs on a copy of the sources in $(B)/deb/src and the packages land in
# $(B)/deb; the source tree stays as it was. The package build takes its
# flags from dpkg-buildflags, not from this make's command line.
DEB_DIR  := $(B)/deb
DEB_SKIP := $(patsubst $(SRC)/%,%,$(B))
DEB_JOBS ?= $(shell nproc)
deb:
	rm -rf $(DEB_DIR) && mkdir -p $(DEB_DIR)/src/xe-cbev
	cd $(SRC) && tar --exclude=.git --exclude='./$(DEB_SKIP)' -cf - . | \
		tar -xf - -C $(DEB_DIR)/src/xe-cbev
	cd $(DEB_DIR)/src/xe-cbev && unset MAKEFLAGS MFLAGS MAKELEVEL && \
		dpkg-buildpackage -b -us -uc -J$(DEB_JOBS)
	mv $(DEB_DIR)/src/*.deb $(DEB_DIR)/src/*.buildinfo \
		$(DEB_DIR)/src/*.changes $(DEB_DIR)/
	rm -rf $(DEB_DIR)/src
	@ls -l $(DEB_DIR)/*.deb

clean:
	rm -rf $(BUILD)
