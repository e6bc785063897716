#!/bin/sh
# bench_variants.sh -- `make bench`: the variant boards against the targets
# of issue 14: the Samurai's exact solve (mean of 200 solves), metropolis
# --T 0.25 and anneal on the Samurai over 10 seeds (solved count, median
# time), the generation of X, windoku, jigsaw and Samurai puzzles (time per
# puzzle, median of 3 runs, -j 1), and exact solving of generated 9x9
# variant puzzles against plain 9x9 ones of the same clue count (issue
# 14's "within 3x": src/exact/exact81.c against the kernel, and at 22 clues also
# against the same plain puzzles on exact81, and by human level with
# generate --level for X, windoku and jigsaw; the program's --stats times,
# CPU time by build/bench/variants_bench, and instructions by callgrind).
# Figures are printed, never asserted.
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

# Exact solving (issue 14's "within 3x"): generated 9x9 puzzles of each
# variant (25 clues) against plain ones, and top1465 given as a jigsaw of
# the standard boxes against the kernel on it.  Three measures, side by side:
# (1) `solve --stats -j 1` on the sets of seed 5, the per-record times
# summed (the program's own per-record work included; wall clock at
# microsecond resolution: median of 5 runs); (2) build/bench/variants_bench,
# CPU time of sdk_exact_count alone, the passes round robin over a seed's
# files (median of 21), on the sets of seeds 1-12, each against the plain
# set of its seed: the target holds for every set, so the largest ratio is
# the one to read; (3) with valgrind, the solver's instructions on the sets
# of seed 5 (callgrind, sdk_exact_count only, an x86-64-v3 build of the
# library in build-vg, as `make valgrind` uses).
SEEDS="1 2 3 4 5 6 7 8 9 10 11 12"
for s in $SEEDS; do
    $SUDOKU generate -q --seed $s --count 200 --clues 25 > "$T/standard$s"
    for v in x windoku jigsaw; do
        $SUDOKU generate --variant $v -q --seed $s --count 200 --clues 25 > "$T/$v$s"
    done
done
for v in standard x windoku jigsaw; do
    cp "$T/${v}5" "$T/$v"
done
grep -v '^#' puzzles/puzzles3_magictour_top1465 | cut -c1-81 > "$T/top1465"
# a plain puzzle given as a jigsaw of the standard boxes: the general solver's path (src/exact/exact81.c)
as_jigsaw() {
    awk '{ print "jigsaw", $1, "111222333111222333111222333444555666444555666444555666777888999777888999777888999" }'
}
as_jigsaw < "$T/top1465" > "$T/top1465-jigsaw"
for v in standard x windoku jigsaw; do
    for run in 1 2 3 4 5; do $SUDOKU solve --stats -j 1 "$T/$v" 2>&1 >/dev/null | total_ms; done > "$T/ms"
    us=$(median < "$T/ms" | awk '{ printf "%.2f", $1 * 1000 / 200 }')
    [ $v = standard ] && plain=$us
    echo "solve --stats, 9x9 $v (25 clues, seed 5): $us us a puzzle (with the program's per-record work), $(echo "$us $plain" | awk '{ printf "%.2f", $1 / $2 }')x plain (target: 3x)"
done
# The whole command as a user times it: `solve` of 40,000 puzzles of each
# kind as `generate` makes them by default (reading, a jigsaw's board per
# record, solving, writing), CPU seconds (user + system), median of 5.
if [ -x /usr/bin/time ]; then
    for v in standard x windoku jigsaw; do
        if [ $v = standard ]; then kind=; else kind="--variant $v"; fi
        $SUDOKU generate $kind -q --seed 11 --count 40000 -j 2 > "$T/all-$v"
        for run in 1 2 3 4 5; do
            /usr/bin/time -f '%U %S' -o "$T/cpu" $SUDOKU solve "$T/all-$v" >/dev/null
            awk '{ printf "%.2f\n", $1 + $2 }' "$T/cpu"
        done > "$T/s"
        cpu=$(median < "$T/s")
        [ $v = standard ] && plain_cpu=$cpu
        echo "solve of 40,000 generated 9x9 $v puzzles: $cpu s of CPU, $(echo "$cpu $plain_cpu" | awk '{ printf "%.1f", $1 / $2 }')x plain"
    done
fi
VB=build/bench/variants_bench
if [ -x $VB ]; then
    for s in $SEEDS; do
        (cd "$T" && "$OLDPWD/$VB" standard$s x$s windoku$s jigsaw$s) |
            awk -F'|' -v s=$s 'NR > 2 { gsub(/[ x]/, "", $5); v = $2; gsub(/[ 0-9]/, "", v); print s, v, $4 + 0, $5 }'
    done > "$T/vb"
    echo "variants_bench, CPU us a puzzle and ratio to the kernel on the plain set of the same seed:"
    echo "| set | seed 1 .. 12 (ratio) | median | max |"
    echo "|---|---|---:|---:|"
    for v in x windoku jigsaw; do
        awk -v v=$v '$2 == v { print $4 }' "$T/vb" > "$T/r"
        echo "| $v | $(tr '\n' ' ' < "$T/r")| $(median < "$T/r")x | $(sort -n "$T/r" | tail -1)x |"
    done
    awk '$2 == "standard" { print $3 }' "$T/vb" > "$T/r"
    echo "(the kernel: $(median < "$T/r") us a plain puzzle, median over the seeds)"
    (cd "$T" && "$OLDPWD/$VB" -r 7 top1465 top1465-jigsaw)
    # Sparse sets (22 clues, seeds 1-3), against the kernel and against the
    # same plain puzzles on the general solver's path (as a jigsaw of the
    # boxes): the two readings of the target.
    echo "variants_bench, 22 clues: CPU us a puzzle (ratio to the kernel / to plain on the general path):"
    echo "| seed | kernel | plain, general path | x | windoku | jigsaw |"
    echo "|---|---:|---:|---:|---:|---:|"
    for s in 1 2 3; do
        $SUDOKU generate -q --seed $s --count 200 --clues 22 > "$T/p22"
        as_jigsaw < "$T/p22" > "$T/g22"
        for v in x windoku jigsaw; do
            $SUDOKU generate --variant $v -q --seed $s --count 200 --clues 22 > "$T/${v}22"
        done
        (cd "$T" && "$OLDPWD/$VB" p22 g22 x22 windoku22 jigsaw22) | awk -F'|' -v s=$s '
            NR > 2 { us[NR - 2] = $4 + 0 }
            END { printf "| %d | %.2f | %.2f (%.2fx) |", s, us[1], us[2], us[2] / us[1]
                  for (i = 3; i <= 5; i++) printf " %.2f (%.2fx / %.2fx) |", us[i], us[i] / us[1], us[i] / us[2]
                  printf "\n" }'
    done
    # Matched by human level rather than clue count (a jigsaw puzzle a map).
    # Per set the least of three medians: a set's time swings 10-20% from run to run.
    echo "variants_bench, by human level (generate --level L --count 100 --seed 7, least of 3 medians): CPU us a puzzle (ratio to the kernel / to plain on the general path)"
    echo "| level | kernel | plain, general path | x | windoku | jigsaw |"
    echo "|---|---:|---:|---:|---:|---:|"
    for L in easy medium hard fiendish diabolical extreme; do
        for v in standard x windoku jigsaw; do
            $SUDOKU generate --variant $v --level $L -q --seed 7 --count 100 -j 2 > "$T/$v-$L"
        done
        as_jigsaw < "$T/standard-$L" > "$T/general-$L"
        for run in 1 2 3; do (cd "$T" && "$OLDPWD/$VB" -r 41 standard-$L general-$L x-$L windoku-$L jigsaw-$L); done |
            awk -F'|' -v L=$L '$4 + 0 > 0 { k = (NR - 1) % 7 - 1; if (!(k in us) || $4 + 0 < us[k]) us[k] = $4 + 0 }
                END { printf "| %s | %.2f | %.2f (%.2fx) |", L, us[1], us[2], us[2] / us[1]
                      for (i = 3; i <= 5; i++) printf " %.2f (%.2fx / %.2fx) |", us[i], us[i] / us[1], us[i] / us[2]
                      printf "\n" }'
    done
else
    echo "variants_bench: not built (bench/run.sh builds it)"
fi
if command -v valgrind >/dev/null 2>&1 && [ -f build/libsudoku.a ] &&
    make -s BUILD=build-vg CFLAGS="-O2 -g -march=x86-64-v3" build-vg/libsudoku.a >/dev/null 2>&1 &&
    ${CC:-cc} -std=c11 -O2 -march=x86-64-v3 -D_DEFAULT_SOURCE -Iinclude -o "$T/vb" bench/variants_bench.c \
        build-vg/libsudoku.a -lm -lpthread; then
    for f in standard x windoku jigsaw top1465 top1465-jigsaw; do
        valgrind --tool=callgrind --toggle-collect=sdk_exact_count --callgrind-out-file="$T/cg" \
            "$T/vb" -r 1 "$T/$f" >/dev/null 2>&1
        n=$(grep -c . "$T/$f")
        echo "instructions, $f: $(awk -v n="$n" '/^totals:/ { printf "%.1fk", $2 / n / 1000 }' "$T/cg") a solve (callgrind)"
    done
else
    echo "instructions: skipped (no valgrind)"
fi
