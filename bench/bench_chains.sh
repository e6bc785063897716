#!/bin/sh
# bench_chains.sh -- the chain finders against Sudoku Explainer 1.2.1.3 (run by
# `make bench`).  For every chaining step of SE's solve paths in the dumps
# (SE's own steps, StepDump format, see tests/unit_chains.c), the finder of
# SE's producer runs on SE's position: per producer the share with SE's
# rating, within 0.1, the same removals and placement, how often an earlier
# producer wrongly found something, removals that hit the solution, and the
# CPU time a step; then the CPU time of all chain producers as a ladder would
# call them, against the seconds SE took for the whole puzzles.
# Dumps: SE_STEPS (default the SE reference dumps in /work/ref/se, made from
# se_rated_1000, puzzles of our generator, magictour top1465 and the first of
# forum_hardest_1106); without them
# the 64 positions of tests/data/chains_se.txt.  Prints figures, asserts nothing.
cd "$(dirname "$0")/.."
BIN=build/tests/unit_chains
[ -x "$BIN" ] || make -s "$BIN" >/dev/null 2>&1 || { echo "bench_chains: cannot build $BIN"; exit 0; }
pin=""
if command -v taskset >/dev/null 2>&1 && taskset -c "${CPU:-1}" true 2>/dev/null; then
    pin="taskset -c ${CPU:-1}"
fi
dumps=${SE_STEPS:-"/work/ref/se/steps_se1000.txt /work/ref/se/steps_gen500.txt /work/ref/se/steps_top400.txt /work/ref/se/steps_hard8.txt"}
found=0
for f in $dumps; do
    [ -f "$f" ] || continue
    found=1
    echo "-- $f ($(grep -c '^P' "$f") puzzles)"
    $pin "$BIN" "$f"
done
if [ "$found" = 0 ]; then
    echo "-- tests/data/chains_se.txt (no SE dumps found; set SE_STEPS)"
    $pin "$BIN" tests/data/chains_se.txt
fi
data=puzzles/se_rated_1000.txt
awk '!/^#/ { s += $NF + 0; n++ } END { printf "SE 1.2.1.3 (serate) on %s: %.1f s for %d puzzles (the file'"'"'s column, timed elsewhere; bench_human.sh times SE here with SE_CLASSES)\n", FILENAME, s, n }' "$data"
