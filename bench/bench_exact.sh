#!/bin/sh
# bench_exact.sh -- the 9x9 exact kernel's figures (run by `make bench`).
#
# 1. A markdown table per benchmark set in puzzles/: puzzles/s and
#    us/puzzle at limit 1 (first solution) and limit 2 (uniqueness check),
#    guesses per puzzle and the share solved without guessing, from
#    build/bench/exact9_bench (median of RUNS passes, default 3).
# 2. End-to-end time of `./sudoku check` (parsing, output, threads included)
#    on forum_hardest_1905_11+ and 17-clue, with one thread and with -j 2.
# 3. bench/compare_tdoku.sh, which times tdoku in the same run if TDOKU_DIR
#    points at a hand-built tdoku (otherwise it prints a note and skips).
# Pinned to one core with taskset when available (CPU, default 1).  Prints
# figures, asserts nothing; takes about 3-4 minutes.
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
CPU=${CPU:-1}
BENCH=build/bench/exact9_bench
SUDOKU=${SUDOKU:-./sudoku}
pin=""
if command -v taskset >/dev/null 2>&1 && taskset -c "$CPU" true 2>/dev/null; then
    pin="taskset -c $CPU"
fi

if [ ! -x "$BENCH" ]; then
    echo "bench_exact: $BENCH is missing (run through bench/run.sh / make bench)"
    exit 0
fi

sets="puzzles/puzzles2_17_clue puzzles/puzzles3_magictour_top1465
puzzles/puzzles5_forum_hardest_1905_11+ puzzles/puzzles6_forum_hardest_1106
puzzles/puzzles7_serg_benchmark"

echo "### Exact 9x9 kernel (src/exact/exact9*.c), one core, median of $RUNS passes (thread CPU time)"
echo
echo "| set | puzzles | limit 1 puzzles/s | limit 1 us/puzzle | limit 2 puzzles/s | limit 2 us/puzzle | guesses/puzzle (limit 2) | % no guess |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for f in $sets; do
    [ -f "$f" ] || continue
    # exact9_bench prints a header line, then one line per limit.
    $pin "$BENCH" -r "$RUNS" "$f" | awk -v name="$(basename "$f")" '
        /puzzles, median/ { n = $2 }
        / limit=1 / { r1 = $3; u1 = $5 }
        / limit=2 / { r2 = $3; u2 = $5; g = $7; ng = $9 }
        END { printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", name, n, r1, u1, r2, u2, g, ng }'
done
echo

if [ -x "$SUDOKU" ]; then
    echo "### End to end: \`sudoku check\` (wall seconds, best of 3)"
    echo
    echo "| set | -j 1 | -j 2 | speed-up |"
    echo "|---|---:|---:|---:|"
    for f in "puzzles/puzzles5_forum_hardest_1905_11+" puzzles/puzzles2_17_clue; do
        [ -f "$f" ] || continue
        best() {   # best JOBS: best wall time of 3 runs
            b=""
            for _ in 1 2 3; do
                t0=$(date +%s.%N)
                "$SUDOKU" check -j "$1" "$f" >/dev/null
                t1=$(date +%s.%N)
                b=$(echo "$t0 $t1 ${b:-1e9}" | awk '{ t = $2 - $1; print (t < $3 ? t : $3) }')
            done
            echo "$b"
        }
        t1=$(best 1)
        t2=$(best 2)
        echo "$t1 $t2" | awk -v name="$(basename "$f")" \
            '{ printf "| %s | %.3f | %.3f | %.2fx |\n", name, $1, $2, ($2 > 0 ? $1 / $2 : 0) }'
    done
    echo
fi

echo "### Side by side with tdoku (same run, same core)"
echo
CFLAGS=${CFLAGS:--O2 -march=native} RUNS=$RUNS $pin sh bench/compare_tdoku.sh
