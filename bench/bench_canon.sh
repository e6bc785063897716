#!/bin/sh
# bench_canon.sh -- canonical forms (src/canon/minlex.c; run by `make bench`).
#
# 1. build/bench/canon_bench: sdk_canon_minlex alone on one pinned core
#    (process CPU time, median of RUNS passes, default 5), each puzzle put
#    in a random isomorph first (outside the timing); then the solution
#    grids of two sets (-g).  No reading, parsing or writing in the timing.
# 2. End to end on the 17-clue list in random isomorphs (four of each
#    puzzle, 196,632 records): `sudoku canon` at
#    -j 1 and -j 2 (CPU and wall time, median of RUNS runs), beside
#    `sudoku transform --map identity` on the same file (the same reading,
#    parsing and writing, no form: what the batch costs without minlex),
#    and beside gsf's `sudoku -q- -f%#mc` when GSF names its binary (not
#    built here; the issue's anchor: 254,000 puzzles/s measured on this
#    machine in an earlier session).
# Prints figures, asserts nothing; takes about a minute.
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
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

echo "### Canonical forms (sdk_canon_minlex alone), one core, median of $RUNS passes (process CPU time)"
echo
echo "| set | what | records | records/s | us/record |"
echo "|---|---|---:|---:|---:|"
for f in puzzles/puzzles2_17_clue puzzles/puzzles3_magictour_top1465 puzzles/puzzles6_forum_hardest_1106 \
         puzzles/puzzles5_forum_hardest_1905_11+; do
    [ -f "$f" ] || continue
    $pin "$BENCH" -r "$RUNS" "$f" | awk -v name="$(basename "$f")" '{ printf "| %s | puzzles | %d | %d | %.2f |\n", name, $1, $2, $3 }'
done
for f in puzzles/puzzles6_forum_hardest_1106 puzzles/puzzles3_magictour_top1465; do
    $pin "$BENCH" -g -r "$RUNS" "$f" | awk -v name="$(basename "$f")" '{ printf "| %s | solution grids | %d | %d | %.2f |\n", name, $1, $2, $3 }'
done
echo

# End to end: CPU (user+sys) and wall seconds of one command, median of RUNS.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for seed in 29 30 31 32; do   # (four isomorphs each: timings well above time's 10 ms)
    "$SUDOKU" transform --random --seed $seed puzzles/puzzles2_17_clue
done > "$T/iso"
n=$(wc -l < "$T/iso" | tr -d ' ')
timed() {   # label command...
    label=$1
    shift
    : > "$T/cpu"
    : > "$T/wall"
    for k in $(seq "$RUNS"); do
        /usr/bin/time -f "%U %S %e" -o "$T/one" "$@" > /dev/null < /dev/null
        awk '{ print $1 + $2 }' "$T/one" >> "$T/cpu"
        awk '{ print $3 }' "$T/one" >> "$T/wall"
    done
    m=$(( (RUNS + 1) / 2 ))
    cpu=$(sort -n "$T/cpu" | sed -n "${m}p")
    wall=$(sort -n "$T/wall" | sed -n "${m}p")
    awk -v n="$n" -v label="$label" -v cpu="$cpu" -v wall="$wall" 'BEGIN {
        printf "| %s | %.2f | %.0f | %.2f | %.0f |\n", label, cpu, n / (cpu > 0 ? cpu : 0.01), wall, n / (wall > 0 ? wall : 0.01) }'
}
echo "### End to end: $n 17-clue puzzles (the list four times, each in random isomorphs), median of $RUNS runs"
echo
echo "| command | CPU s | puzzles/CPU s | wall s | puzzles/wall s |"
echo "|---|---:|---:|---:|---:|"
if [ -x /usr/bin/time ]; then
    timed "canon -j 1" "$SUDOKU" canon -j 1 "$T/iso"
    timed "canon -j 2" "$SUDOKU" canon -j 2 "$T/iso"
    timed "transform --map identity -j 1 (I/O only)" "$SUDOKU" transform --map identity -j 1 "$T/iso"
    if [ -n "$GSF" ] && [ -x "$GSF" ]; then
        timed "gsf -q- -f%#mc" "$GSF" -q- -f%#mc "$T/iso"
    fi
else
    echo "(no /usr/bin/time: end-to-end figures skipped)"
fi
echo
echo "gsf's anchor (issue 29, measured on this machine in an earlier session): 254,000 17-clue puzzles/s"
echo "for \`sudoku -q- -f%#mc\`, whose form is not the true minlex on 5-12% of puzzles."
