#!/bin/sh
# tests/cli_parallel.sh -- sharding with GNU parallel (docs/sharding.md): the
# batch commands are filters, so `parallel --pipe -k` over many processes
# (or machines, with -S) gives the output of one process, stochastic methods
# included (each puzzle's seed comes from --seed and its own cells).
# Skipped with a note where GNU parallel is missing (.ci/run installs it).
. tests/lib.sh

if ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
    echo "cli_parallel: skipped: GNU parallel not installed"
    summary cli_parallel
    exit $?
fi
par() { parallel --will-cite --pipe -k "$@"; }

# 40 puzzles of several kinds, in shards of 7 lines on 2 processes.
{ head -n 20 puzzles/tdoku_test_puzzles.txt; cat puzzles/named-hard.txt; head -n 8 puzzles/norvig_top95.txt; } \
    | grep -v '^#' > "$T/in.txt"
n=$(wc -l < "$T/in.txt")
$SUDOKU solve "$T/in.txt" > "$T/one" 2>/dev/null
par -j 2 -L 7 "$SUDOKU" solve < "$T/in.txt" > "$T/many" 2>/dev/null
expect "solve: records" "$(wc -l < "$T/many" | tr -d ' ')" "$n"
cmp -s "$T/one" "$T/many" && ok || bad "solve: sharded output differs from one process"

for cmd in "check" "count --limit 3" "rate --seed 3 --samples 4"; do
    $SUDOKU $cmd "$T/in.txt" > "$T/one" 2>/dev/null
    par -j 2 -L 5 "$SUDOKU" $cmd < "$T/in.txt" > "$T/many" 2>/dev/null
    cmp -s "$T/one" "$T/many" && ok || bad "$cmd: sharded output differs from one process"
done
# A chain, on puzzles it solves in milliseconds (a timeout would depend on speed).
grep -v '^#' puzzles/named-hard.txt > "$T/hard.txt"
$SUDOKU solve --method anneal --T 0.5 --propagate --seed 9 "$T/hard.txt" > "$T/one" 2>/dev/null
par -j 2 -L 3 "$SUDOKU" solve --method anneal --T 0.5 --propagate --seed 9 < "$T/hard.txt" > "$T/many" 2>/dev/null
cmp -s "$T/one" "$T/many" && ok || bad "anneal: sharded output differs from one process"

summary cli_parallel
