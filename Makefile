# sudoku -- build, test, benchmark.
#   make            ./sudoku (optimised, -Wall -Wextra, no warnings)
#   make test       every test; ends with "N passed, N failed"
#   make sanitize   the same tests against an ASan+UBSan build
#   make bench      benchmarks (figures printed, nothing asserted)
#   make fuzz       libFuzzer targets, FUZZ_SECONDS (default 60) each (needs clang)
#   make valgrind   CLI tests under valgrind (an x86-64-v3 build valgrind can run)
#   make install    binary, man page, bash and zsh completions, and libsudoku
#                   (static and shared, sudoku.h, sudoku.pc) under
#                   $(DESTDIR)$(PREFIX) (PREFIX ?= /usr/local); make uninstall

CC      ?= cc
# The host's own instruction set when the compiler supports it (popcount,
# SIMD for the 9x9 kernel); `make PORTABLE=1` builds a generic binary, for
# distributions: on x86-64 its exact solvers (src/exact/) are built for
# x86-64, x86-64-v3 and x86-64-v4 and the CPU picks one at load time
# (tools/dispatch.sh; DISPATCH= turns that off).
ifndef PORTABLE
NATIVE  := $(shell $(CC) -march=native -E -x c /dev/null >/dev/null 2>&1 && echo -march=native)
else
DISPATCH ?= $(shell $(CC) -dumpmachine 2>/dev/null | grep -q '^x86_64' && \
                    $(CC) -march=x86-64-v4 -E -x c /dev/null >/dev/null 2>&1 && echo 1)
endif
CFLAGS  ?= -O2 $(NATIVE)
WARN     = -std=c11 -Wall -Wextra -D_DEFAULT_SOURCE
# -MMD -MP: each object's header dependencies, written beside it.
CPPFLAGS = -Iinclude -MMD -MP
LDLIBS   = -lm -lpthread
BUILD   ?= build

LIB_SRC  = $(filter-out src/cli/%,$(wildcard src/*/*.c))
CLI_SRC  = $(wildcard src/cli/*.c)
TEST_SRC = $(wildcard tests/unit_*.c)
# Test hooks (include/sudoku.h, SDK_TEST_HOOKS): the few files that define them
# are compiled a second time with the hooks, into libsudoku-test.a, which the
# tests, fuzzers and benchmarks link; libsudoku.a and ./sudoku carry none.
HOOK_SRC := $(shell grep -l SDK_TEST_HOOKS $(LIB_SRC))

# With DISPATCH, src/exact/ becomes one object per flavour (lib, pic, hooks).
DISPATCH_SRC = $(if $(DISPATCH),$(wildcard src/exact/*.c))
PLAIN_SRC = $(filter-out $(DISPATCH_SRC),$(LIB_SRC))
PLAIN_HOOK_SRC = $(filter-out $(DISPATCH_SRC),$(HOOK_SRC))
# The object's name carries DISPATCH_FORCE, so builds that differ only in it
# share one directory's other objects (CI's portable and dispatch checks).
DISPATCH_NAME = exact-dispatch$(if $(DISPATCH_FORCE),-$(DISPATCH_FORCE)).o
DISPATCH_OBJ = $(if $(DISPATCH),$(BUILD)/$(1)/$(DISPATCH_NAME))

LIB_OBJ  = $(PLAIN_SRC:src/%.c=$(BUILD)/lib/%.o) $(call DISPATCH_OBJ,lib)
PIC_OBJ  = $(PLAIN_SRC:src/%.c=$(BUILD)/pic/%.o) $(call DISPATCH_OBJ,pic)
CLI_OBJ  = $(CLI_SRC:src/cli/%.c=$(BUILD)/cli/%.o)
TEST_BIN = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
TEST_LIB_OBJ = $(filter-out $(PLAIN_HOOK_SRC:src/%.c=$(BUILD)/lib/%.o) $(call DISPATCH_OBJ,lib),$(LIB_OBJ)) \
               $(PLAIN_HOOK_SRC:src/%.c=$(BUILD)/hooks/%.o) $(call DISPATCH_OBJ,hooks)
SUDOKU  ?= ./sudoku

.PHONY: all test sanitize test-build bench clean fuzz valgrind install uninstall
all: sudoku

sudoku: $(BUILD)/libsudoku.a $(CLI_OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libsudoku.a $(LDLIBS)

$(BUILD)/libsudoku.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/libsudoku-test.a: $(TEST_LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/lib/%.o: src/%.c | $(BUILD)/lib
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -c -o $@ $<

DISPATCH_DEPS = tools/dispatch.sh $(DISPATCH_SRC) $(wildcard include/*.h src/*/*.h)
# One rule per level for the three flavours: lib, pic (-fPIC) and hooks
# (-DSDK_TEST_HOOKS); the levels compile in parallel, and the joined object
# (its resolvers, named by DISPATCH_FORCE) is all that differs between forces.
FLAVOUR_pic = -fPIC
FLAVOUR_hooks = -DSDK_TEST_HOOKS
DISPATCH_FLAGS = "$(CC)" "$(WARN) $(CFLAGS) $(CPPFLAGS) $(FLAVOUR_$*)"
DISPATCH_LEVEL = @mkdir -p $(@D) && sh tools/dispatch.sh level $@ $(1) $(DISPATCH_FLAGS) $(DISPATCH_SRC)
$(BUILD)/%/exact-base.o: $(DISPATCH_DEPS)
	$(call DISPATCH_LEVEL,base)
$(BUILD)/%/exact-v3.o: $(DISPATCH_DEPS)
	$(call DISPATCH_LEVEL,v3)
$(BUILD)/%/exact-v4.o: $(DISPATCH_DEPS)
	$(call DISPATCH_LEVEL,v4)
.PRECIOUS: $(BUILD)/%/exact-base.o $(BUILD)/%/exact-v3.o $(BUILD)/%/exact-v4.o
$(BUILD)/%/$(DISPATCH_NAME): tools/dispatch.sh $(BUILD)/%/exact-base.o $(BUILD)/%/exact-v3.o $(BUILD)/%/exact-v4.o
	DISPATCH_FORCE=$(DISPATCH_FORCE) sh tools/dispatch.sh join $@ $(DISPATCH_FLAGS) $(filter %.o,$^)

$(BUILD)/pic/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -fPIC -c -o $@ $<

$(BUILD)/hooks/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -DSDK_TEST_HOOKS -c -o $@ $<

$(BUILD)/cli/%.o: src/cli/%.c | $(BUILD)/cli
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/%.c $(BUILD)/libsudoku-test.a | $(BUILD)/tests
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -DSDK_TEST_HOOKS -o $@ $< $(BUILD)/libsudoku-test.a $(LDLIBS)

-include $(wildcard $(BUILD)/lib/*/*.d $(BUILD)/hooks/*/*.d $(BUILD)/pic/*/*.d $(BUILD)/cli/*.d $(BUILD)/tests/*.d)

$(BUILD)/lib $(BUILD)/cli $(BUILD)/tests:
	mkdir -p $@

test: sudoku $(TEST_BIN)
	@sh tests/run.sh $(BUILD)/tests $(SUDOKU)

# The whole suite against an AddressSanitizer + UndefinedBehaviorSanitizer build.
# Built for this host's instruction set, so the SIMD paths run under them too.
# Line tables (-g1) are all a report's stack needs; GCC's points-to analysis
# (-fno-tree-pta) took half the compile time on the large test programs.
NO_PTA = $(shell $(CC) -fno-tree-pta -E -x c /dev/null >/dev/null 2>&1 && echo -fno-tree-pta)
sanitize:
	$(MAKE) --no-print-directory BUILD=build-asan CFLAGS="-O1 -g1 $(NO_PTA) $(NATIVE) -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    SUDOKU=./build-asan/sudoku build-asan/sudoku test-build

# A second build's program, in its own directory (sanitize, valgrind, CI's portable build).
build-%/sudoku: $(BUILD)/libsudoku.a $(CLI_OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libsudoku.a $(LDLIBS)

# The suite against the build in $(BUILD) and the program $(SUDOKU).
test-build: $(TEST_BIN)
	@ASAN_OPTIONS=detect_leaks=1 sh tests/run.sh $(BUILD)/tests $(SUDOKU)

bench: sudoku $(BUILD)/libsudoku-test.a
	@sh bench/run.sh

# libFuzzer targets (tests/fuzz), FUZZ_SECONDS each; skipped with a note without clang.
FUZZ_SECONDS ?= 60
fuzz:
	@FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run.sh

# CLI tests whose assertions do not depend on speed, with a sudoku under
# valgrind: any memory error or definite/indirect leak changes an exit code.
# Valgrind does not run AVX-512, so this binary is built for x86-64-v3 (AVX2,
# the 9x9 kernel's SIMD path) where the compiler knows it, else portable.
VG_BUILD = build-vg
VG_ARCH := $(shell $(CC) -march=x86-64-v3 -E -x c /dev/null >/dev/null 2>&1 && echo -march=x86-64-v3)
valgrind:
	@$(MAKE) --no-print-directory BUILD=$(VG_BUILD) PORTABLE=1 DISPATCH= CFLAGS="-O2 -g $(VG_ARCH)" $(VG_BUILD)/sudoku
	@printf '#!/bin/sh\nexec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect "$(CURDIR)/$(VG_BUILD)/sudoku" "$$@"\n' >$(VG_BUILD)/sudoku-vg
	@chmod +x $(VG_BUILD)/sudoku-vg
	@st=0; for t in tests/cli_hostile.sh tests/cli_foundation.sh; do \
	    SUDOKU=$(CURDIR)/$(VG_BUILD)/sudoku-vg sh $$t || st=1; done; exit $$st

# libsudoku for C programs: the shared library exports the public API only
# (sdk_*, by a version script), its soname carries the major version of
# SDK_VERSION; the installed sudoku.h is include/sudoku.h without its
# SDK_TEST_HOOKS blocks, and sudoku.pc is written for the PREFIX given.
VERSION := $(shell sed -n 's/^\#define SDK_VERSION "\(.*\)"/\1/p' include/sudoku.h)
SONAME   = libsudoku.so.$(firstword $(subst ., ,$(VERSION)))
$(BUILD)/libsudoku.so.$(VERSION): $(PIC_OBJ)
	@printf '{ global: sdk_*; local: *; };\n' >$(BUILD)/libsudoku.map
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=$(BUILD)/libsudoku.map \
	    -o $@ $(PIC_OBJ) $(LDLIBS)

$(BUILD)/sudoku.h: include/sudoku.h
	awk '/^#ifdef SDK_TEST_HOOKS/ { hook = 1 } !hook { print } hook && /^#endif/ { hook = 0 }' $< >$@

$(BUILD)/sudoku.pc: include/sudoku.h Makefile
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'includedir=$(INCLUDEDIR)' '' \
	    'Name: sudoku' 'Description: Sudoku solver, rater and generator (exact, stochastic, human)' \
	    'Version: $(VERSION)' 'Libs: -L$${libdir} -lsudoku' 'Libs.private: $(LDLIBS)' \
	    'Cflags: -I$${includedir}' >$@

# The completions are generated from the command and option tables by the
# program itself (the hidden `sudoku completion bash|zsh`).
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
LIBDIR  ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
MANDIR  ?= $(PREFIX)/share/man
BASHDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHDIR  ?= $(PREFIX)/share/zsh/site-functions
INSTALL ?= install
install: sudoku $(BUILD)/libsudoku.a $(BUILD)/libsudoku.so.$(VERSION) $(BUILD)/sudoku.h $(BUILD)/sudoku.pc
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHDIR) $(DESTDIR)$(ZSHDIR) \
	    $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR)
	$(INSTALL) -m 755 sudoku $(DESTDIR)$(BINDIR)/sudoku
	$(INSTALL) -m 644 sudoku.1 $(DESTDIR)$(MANDIR)/man1/sudoku.1
	./sudoku completion bash >$(DESTDIR)$(BASHDIR)/sudoku
	./sudoku completion zsh >$(DESTDIR)$(ZSHDIR)/_sudoku
	$(INSTALL) -m 644 $(BUILD)/libsudoku.a $(DESTDIR)$(LIBDIR)/libsudoku.a
	$(INSTALL) -m 755 $(BUILD)/libsudoku.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libsudoku.so.$(VERSION)
	ln -sf libsudoku.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libsudoku.so
	$(INSTALL) -m 644 $(BUILD)/sudoku.h $(DESTDIR)$(INCLUDEDIR)/sudoku.h
	$(INSTALL) -m 644 $(BUILD)/sudoku.pc $(DESTDIR)$(PKGCONFIGDIR)/sudoku.pc

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/sudoku $(DESTDIR)$(MANDIR)/man1/sudoku.1 \
	    $(DESTDIR)$(BASHDIR)/sudoku $(DESTDIR)$(ZSHDIR)/_sudoku \
	    $(DESTDIR)$(LIBDIR)/libsudoku.a $(DESTDIR)$(LIBDIR)/libsudoku.so.$(VERSION) \
	    $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libsudoku.so \
	    $(DESTDIR)$(INCLUDEDIR)/sudoku.h $(DESTDIR)$(PKGCONFIGDIR)/sudoku.pc

clean:
	rm -rf build build-asan build-fuzz build-vg build-portable build-dispatch build-v3 build-arm64 sudoku
