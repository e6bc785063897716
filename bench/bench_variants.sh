#!/bin/sh
# bench_variants.sh -- `make bench`: the variant boards against the targets
# of issue 14: the Samurai's exact solve (mean of 200 solves), metropolis
# --T 0.25 and anneal on the Samurai over 10 seeds (solved count, median
# time), the generation of X, windoku, jigsaw and Samurai puzzles (time per
# puzzle, median of 3 runs, -j 1), and exact solving of generated 9x9
# variant puzzles against plain 9x9 ones of the same clue count (the
# ratio is issue 14's "within 3x"; src/exact81.c against the kernel).  Times
# are the program's own (--stats) or wall clock; printed, never asserted.
cd "$(dirname "$0")/.." || exit 1
SUDOKU=${SUDOKU:-./sudoku}
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# the sum of the per-record time=...ms figures of --stats (us resolution)
total_ms() { grep -o ' time=[0-9.]*ms' | tr -d 'timems= ' | awk '{ t += $1 } END { print t }'; }

# Samurai exact: 200 copies of the layout in one batch.
for i in $(seq 200); do cat puzzles/samurai.txt; echo; done > "$T/s200"
ms=$($SUDOKU solve --stats -j 1 "$T/s200" 2>&1 >/dev/null | total_ms)
echo "samurai exact: $(echo "$ms" | awk '{ printf "%.3f", $1 / 200 }') ms a solve (target < 10 ms)"

for m in "metropolis --T 0.25" anneal; do
    solved=0
    for s in 1 2 3 4 5 6 7 8 9 10; do
        $SUDOKU solve --method $m --seed $s --time-limit 60 --stats puzzles/samurai.txt 2>"$T/e" >/dev/null &&
            solved=$((solved + 1))
        grep -o 'time=[0-9.]*ms' "$T/e" | head -1 | tr -d 'timems='
        grep -o 'nodes=[0-9]*' "$T/e" | head -1 | tr -d 'nodes=' >> "$T/nodes"
    done > "$T/times"
    echo "samurai --method $m: $solved/10 seeds solved, median $(median < "$T/times") ms, $(median < "$T/nodes") proposals (target: 10/10, < 1000 ms)"
    rm -f "$T/nodes"
done

for v in x windoku jigsaw samurai; do
    count=50
    [ $v = samurai ] && count=10
    for run in 1 2 3; do
        start=$(date +%s.%N)
        $SUDOKU generate --variant $v -q --seed $run --count $count -j 1 >/dev/null
        end=$(date +%s.%N)
        echo "$start $end $count" | awk '{ printf "%.3f\n", ($2 - $1) * 1000 / $3 }'
    done > "$T/g"
    echo "generate --variant $v: $(median < "$T/g") ms a puzzle, median of 3 runs of $count (target: 5 ms 9x9, 1000 ms samurai)"
done

# Exact solving: 200 generated 9x9 puzzles of each variant (25 clues), and
# 200 plain ones, each batch solved 3 times: median total.
for v in standard x windoku jigsaw; do
    if [ $v = standard ]; then
        $SUDOKU generate -q --seed 5 --count 200 --clues 25 > "$T/p"
    else
        $SUDOKU generate --variant $v -q --seed 5 --count 200 --clues 25 > "$T/p"
    fi
    for run in 1 2 3; do $SUDOKU solve --stats -j 1 "$T/p" 2>&1 >/dev/null | total_ms; done > "$T/x"
    us=$(median < "$T/x" | awk '{ printf "%.2f", $1 * 1000 / 200 }')
    [ $v = standard ] && plain=$us
    echo "exact solve, 9x9 $v (25 clues): $us us a puzzle (with the program's per-record work), $(echo "$us $plain" | awk '{ printf "%.2f", $1 / $2 }')x plain (target: 3x)"
done
