#!/bin/sh
# bench/run.sh -- `make bench`: builds the benchmark programs and runs every
# bench/bench_*.sh in turn.  Figures are printed, never asserted.
set -e
cd "$(dirname "$0")/.."
mkdir -p build/bench
for src in bench/*.c; do
    [ -f "$src" ] || continue
    out=build/bench/$(basename "$src" .c)
    ${CC:-cc} -std=c11 -O2 -march=native -D_DEFAULT_SOURCE -Iinclude -o "$out" "$src" build/libsudoku-test.a -lm -lpthread
done
for script in bench/bench_*.sh; do
    [ -f "$script" ] || continue
    echo "== $script"
    sh "$script"
done
