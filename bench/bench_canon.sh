#!/bin/sh
# bench_canon.sh -- canonical forms (src/canon/minlex.c; run by `make bench`).
#
# 1. build/bench/canon_bench: puzzles/s and us/puzzle of sdk_canon_minlex on
#    one pinned core (process CPU time, median of RUNS passes, default 3),
#    each puzzle in a random isomorph first; then the solution grids of a
#    set (-g).  gsf's published figure, for comparison: 254,000 17-clue
#    puzzles/s for `sudoku -q- -f%#mc` (not the true minlex on 5-12% of
#    puzzles); the issue's target: 500,000/s on one thread.
# 2. End to end: `./sudoku canon` wall time on the 17-clue list at -j 1 and
#    -j 2 (parsing and output included), to show how -j scales.
# Prints figures, asserts nothing; takes about a minute.
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
CPU=${CPU:-1}
BENCH=build/bench/canon_bench
SUDOKU=${SUDOKU:-./sudoku}
pin=""
if command -v taskset >/dev/null 2>&1 && taskset -c "$CPU" true 2>/dev/null; then
    pin="taskset -c $CPU"
fi
if [ ! -x "$BENCH" ]; then
    echo "bench_canon: $BENCH is missing (run through bench/run.sh / make bench)"
    exit 0
fi

echo "### Canonical forms (sdk_canon_minlex), one core, median of $RUNS passes (process CPU time)"
echo
echo "| set | what | records | records/s | us/record |"
echo "|---|---|---:|---:|---:|"
for f in puzzles/puzzles2_17_clue puzzles/puzzles3_magictour_top1465 puzzles/puzzles6_forum_hardest_1106 \
         puzzles/puzzles5_forum_hardest_1905_11+; do
    [ -f "$f" ] || continue
    $pin "$BENCH" -r "$RUNS" "$f" | awk -v name="$(basename "$f")" '{ printf "| %s | puzzles | %d | %d | %.2f |\n", name, $1, $2, $3 }'
done
f=puzzles/puzzles6_forum_hardest_1106
$pin "$BENCH" -g -r "$RUNS" "$f" | awk -v name="$(basename "$f")" '{ printf "| %s | solution grids | %d | %d | %.2f |\n", name, $1, $2, $3 }'
echo
echo "Beside (published, issue 29, not measured here): gsf's \`sudoku -q- -f%#mc\` about 254,000 17-clue"
echo "puzzles/s (not the true minlex on 5-12%); dobrichev's pattern-first 500,000-600,000/s (another order)."
echo
echo "### sudoku canon end to end (17-clue list, wall time)"
echo
for j in 1 2; do
    start=$(date +%s%N)
    "$SUDOKU" canon -j $j puzzles/puzzles2_17_clue > /dev/null
    end=$(date +%s%N)
    awk -v j=$j -v ns=$((end - start)) 'BEGIN { printf "- -j %d: %.2f s, %.0f puzzles/s\n", j, ns / 1e9, 49158 / (ns / 1e9) }'
done
