#!/bin/sh
# bench_generate.sh -- `make bench`: time per puzzle of the default generator
# (two-stage Metropolis) at 25 and 22 clues with -j 1 and -j 2, each the
# median of GEN_RUNS runs (default 3; wall clock, and the CPU time of the
# process, which other jobs on the machine disturb less), against QQWing's
# 5.2 ms a puzzle (the target: 20x, 0.26 ms); and the best normal width and
# depth `generate --hard` reaches in HARD_MINUTES (default 1; e.g.
# HARD_MINUTES="1 5 10" make bench for the README's figures).  Figures are
# printed, never asserted; the load average is printed first, since the
# machine may be shared.
cd "$(dirname "$0")/.." || exit 1
SUDOKU=${SUDOKU:-./sudoku}
RUNS=${GEN_RUNS:-3}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
median() {   # the middle of the numbers on stdin
    sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
children_cpu() {   # children_cpu FILE: user + system seconds of the children so far, from
    times >"$1"     # the shell's own `times` (not in a subshell: that would have no children)
    tail -n 1 "$1" | tr 'ms' '  ' | awk '{ print 60 * $1 + $2 + 60 * $3 + $4 }' >"$1.sum"
}
rate() {   # rate CLUES COUNT JOBS
    times=$(mktemp)
    for run in $(seq "$RUNS"); do
        children_cpu "$times.cpu"
        cpu0=$(cat "$times.cpu.sum")
        start=$(date +%s.%N)
        if ! $SUDOKU generate -q --seed 1 --clues "$1" --count "$2" -j "$3" >/dev/null; then
            echo "generate --clues $1 -j $3: failed"
            rm -f "$times" "$times.cpu" "$times.cpu.sum"
            return
        fi
        end=$(date +%s.%N)
        children_cpu "$times.cpu"
        echo "$start $end $cpu0 $(cat "$times.cpu.sum")" | awk '{ print $2 - $1, $4 - $3 }' >>"$times"
    done
    wall=$(cut -d' ' -f1 "$times" | median)
    cpu=$(cut -d' ' -f2 "$times" | median)
    rm -f "$times" "$times.cpu" "$times.cpu.sum"
    awk -v n="$2" -v w="$wall" -v u="$cpu" -v c="$1" -v j="$3" -v r="$RUNS" 'BEGIN {
        printf "generate --clues %d -j %d: %d puzzles, median of %d runs: %.3f ms wall each (%.0f puzzles/s), %.3f ms CPU each",
               c, j, n, r, 1000 * w / n, n / w, 1000 * u / n
        if (c == 25) printf "; %.1fx faster than QQWing'"'"'s 5.2 ms", 5.2 / (1000 * w / n)
        printf "\n" }'
}
rate 25 2000 1
rate 25 2000 2
rate 22 20 1
rate 22 20 2
for minutes in ${HARD_MINUTES:-1}; do
    out=$($SUDOKU generate -q --hard --seed 1 -j 2 --time-limit $((minutes * 60)) --format json)
    echo "generate --hard -j 2, $minutes min: $out"
done
