#!/bin/sh
# bench_generate.sh -- `make bench`: puzzles per second for the default
# generator (two-stage Metropolis) at 25 and 22 clues, and the best normal
# width and depth `generate --hard` reaches in HARD_MINUTES (default 1; e.g.
# HARD_MINUTES="1 5 10" make bench for the README's figures).  Figures are
# printed, never asserted.
cd "$(dirname "$0")/.." || exit 1
SUDOKU=${SUDOKU:-./sudoku}
rate() {   # rate CLUES COUNT JOBS
    start=$(date +%s.%N)
    $SUDOKU generate -q --seed 1 --clues "$1" --count "$2" -j "$3" >/dev/null
    end=$(date +%s.%N)
    awk -v n="$2" -v s="$start" -v e="$end" -v c="$1" -v j="$3" \
        'BEGIN { t = e - s; printf "generate --clues %d -j %d: %d puzzles in %.2f s = %.1f puzzles/s (%.2f ms each; QQWing 5.2 ms)\n", c, j, n, t, n / t, 1000 * t / n }'
}
rate 25 500 1
rate 25 500 2
rate 22 20 1
rate 22 20 2
for minutes in ${HARD_MINUTES:-1}; do
    out=$($SUDOKU generate -q --hard --seed 1 -j 2 --time-limit $((minutes * 60)) --format json)
    echo "generate --hard -j 2, $minutes min: $out"
done
