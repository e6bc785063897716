# sudoku -- build, test, benchmark.
#   make            ./sudoku (optimised, -Wall -Wextra, no warnings)
#   make test       every test; ends with "N passed, N failed"
#   make sanitize   the same tests against an ASan+UBSan build
#   make bench      benchmarks (figures printed, nothing asserted)
#   make fuzz       libFuzzer targets, FUZZ_SECONDS (default 60) each (needs clang)

CC      ?= cc
# The host's own instruction set when the compiler supports it (popcount,
# SIMD for the 9x9 kernel); `make PORTABLE=1` builds a generic binary.
ifndef PORTABLE
NATIVE  := $(shell $(CC) -march=native -E -x c /dev/null >/dev/null 2>&1 && echo -march=native)
endif
CFLAGS  ?= -O2 $(NATIVE)
WARN     = -std=c11 -Wall -Wextra -D_DEFAULT_SOURCE
CPPFLAGS = -Iinclude
LDLIBS   = -lm -lpthread
BUILD   ?= build

LIB_SRC  = $(wildcard src/*.c) $(wildcard src/logic/*.c)
CLI_SRC  = $(wildcard src/cli/*.c)
TEST_SRC = $(wildcard tests/unit_*.c)

LIB_OBJ  = $(LIB_SRC:src/%.c=$(BUILD)/lib/%.o)
CLI_OBJ  = $(CLI_SRC:src/cli/%.c=$(BUILD)/cli/%.o)
TEST_BIN = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
SUDOKU  ?= ./sudoku

.PHONY: all test sanitize bench clean fuzz valgrind
all: sudoku

sudoku: $(BUILD)/libsudoku.a $(CLI_OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libsudoku.a $(LDLIBS)

$(BUILD)/libsudoku.a: $(LIB_OBJ)
	$(AR) rcs $@ $^

$(BUILD)/lib/%.o: src/%.c include/sudoku.h | $(BUILD)/lib
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -c -o $@ $<

# The logical solver (src/logic): its own headers.
$(BUILD)/lib/logic/%.o: src/logic/%.c src/logic/logic.h src/logic/lgint.h include/sudoku.h
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -c -o $@ $<
# The chain finders' internal header.
$(patsubst src/%.c,$(BUILD)/lib/%.o,$(wildcard src/logic/chains*.c)): src/logic/chains.h

# The energy core's inline half is included by the method files and the tests.
$(LIB_OBJ) $(TEST_BIN): src/energy.h
# The generators' internal header.
$(addprefix $(BUILD)/lib/,grid.o cluememo.o generate.o remc.o exact9.o) $(BUILD)/tests/unit_generate: src/generate.h

$(BUILD)/cli/%.o: src/cli/%.c src/cli/cli.h include/sudoku.h | $(BUILD)/cli
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/%.c $(BUILD)/libsudoku.a | $(BUILD)/tests
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -o $@ $< $(BUILD)/libsudoku.a $(LDLIBS)

$(BUILD)/tests/unit_fuzz_regress: $(wildcard tests/fuzz/*.c tests/fuzz/*.h)
$(TEST_BIN): tests/check.h tests/isomorph.h

$(BUILD)/lib $(BUILD)/cli $(BUILD)/tests:
	mkdir -p $@

test: sudoku $(TEST_BIN)
	@sh tests/run.sh $(BUILD)/tests $(SUDOKU)

# The whole suite against an AddressSanitizer + UndefinedBehaviorSanitizer build.
sanitize:
	$(MAKE) --no-print-directory BUILD=build-asan CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    SUDOKU=./build-asan/sudoku build-asan/sudoku test-asan

build-asan/sudoku: $(BUILD)/libsudoku.a $(CLI_OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libsudoku.a $(LDLIBS)

test-asan: $(TEST_BIN)
	@ASAN_OPTIONS=detect_leaks=1 sh tests/run.sh $(BUILD)/tests $(SUDOKU)

bench: sudoku
	@sh bench/run.sh

# libFuzzer targets (tests/fuzz), FUZZ_SECONDS each; skipped with a note without clang.
FUZZ_SECONDS ?= 60
fuzz:
	@FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run.sh

# CLI tests whose assertions do not depend on speed, with ./sudoku under
# valgrind: any memory error or definite/indirect leak changes an exit code.
valgrind: sudoku
	@mkdir -p $(BUILD)
	@printf '#!/bin/sh\nexec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect "$(CURDIR)/sudoku" "$$@"\n' >$(BUILD)/sudoku-vg
	@chmod +x $(BUILD)/sudoku-vg
	@st=0; for t in tests/cli_hostile.sh tests/cli_foundation.sh; do \
	    SUDOKU=$(CURDIR)/$(BUILD)/sudoku-vg sh $$t || st=1; done; exit $$st

clean:
	rm -rf build build-asan build-fuzz sudoku
