#!/bin/sh
# compare_tdoku.sh -- time the 9x9 kernel (src/exact/exact9*.c) and tdoku side by side, in one run.
#
# Usage: TDOKU_DIR=/path/to/tdoku bench/compare_tdoku.sh [FILE...]
# (run from the repo root; default files: the benchmark sets in puzzles/).
#
# tdoku (github t-dillon/tdoku) is never downloaded or built here.  A human
# builds it by hand, outside this repo, so that a static library exists at
# $TDOKU_DIR/build/libtdoku_static.a (or $TDOKU_DIR/libtdoku_static.a), e.g.
#   cd $TDOKU_DIR && ./BUILD.sh        (or cmake; tdoku's own build)
# This script then compiles our bench program bench/exact9_bench.c with
# -DEXACT9_BENCH_TDOKU, links it with that library, and prints for each
# file and limit (1 and 2) both solvers' puzzles/s and the ratio.
# Without TDOKU_DIR (or without the library) it prints a note and exits 0.
set -eu

if [ -z "${TDOKU_DIR:-}" ]; then
    echo "compare_tdoku: TDOKU_DIR is not set; skipping the tdoku comparison."
    exit 0
fi
lib=""
for candidate in "$TDOKU_DIR/build/libtdoku_static.a" "$TDOKU_DIR/libtdoku_static.a"; do
    if [ -f "$candidate" ]; then lib="$candidate"; break; fi
done
if [ -z "$lib" ]; then
    echo "compare_tdoku: no libtdoku_static.a under $TDOKU_DIR (or $TDOKU_DIR/build); skipping."
    exit 0
fi

CC=${CC:-cc}
# The Makefile's default flags: tdoku's own build is -march=native too.
native=$($CC -march=native -E -x c /dev/null >/dev/null 2>&1 && echo -march=native || true)
CFLAGS=${CFLAGS:--O2 $native}
RUNS=${RUNS:-5}
out=$(mktemp /tmp/exact9_vs_tdoku.XXXXXX)
trap 'rm -f "$out"' EXIT INT TERM

# tdoku is C++: link with the C++ runtime.
# (the library supplies what the kernel calls besides itself, e.g. sdk_budget_expired)
$CC -std=c11 $CFLAGS -Iinclude -DEXACT9_BENCH_TDOKU src/exact/exact9.c src/exact/exact9_avx2.c src/exact/exact9_portable.c bench/exact9_bench.c build/libsudoku.a \
    "$lib" -lstdc++ -lm -lpthread -o "$out"

if [ $# -eq 0 ]; then
    set -- puzzles/puzzles2_17_clue puzzles/puzzles3_magictour_top1465 \
           "puzzles/puzzles5_forum_hardest_1905_11+" puzzles/puzzles6_forum_hardest_1106 \
           puzzles/puzzles7_serg_benchmark
fi
"$out" -r "$RUNS" "$@"
