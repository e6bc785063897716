#!/bin/sh
# cli_stochastic.sh -- the stochastic methods and `sudoku energy` through the
# CLI: answers are exact solutions, same seed gives the same bytes, a
# puzzle's result does not depend on its place in a batch, budgets end a run
# with `timeout` and exit 1, and the textbook energies come out.  Only easy
# puzzles, fixed seeds and --max-iters caps, so it runs in a few seconds.
# run alone (tests/run.sh): it measures wall time or signals running commands.
. tests/lib.sh
tmp=$T

line_of() { $SUDOKU solve --format line "$1"; }   # a puzzle file's solution, exactly
book_sol=$(line_of puzzles/book-metropolis.sol)
wiki_sol=$(line_of puzzles/wikipedia.sol)
inkala=$(grep '^inkala2012' puzzles/named-hard.txt | awk '{print $4}')

# The documented usage: --T alone selects metropolis; it prints the solution.
out=$($SUDOKU solve puzzles/book-metropolis.txt --T 0.39 --seed 1 --format line); rc=$?
expect "book --T 0.39 --seed 1" "$out $rc" "$book_sol 0"
case "$($SUDOKU solve puzzles/book-metropolis.txt --T 0.39 --format json)" in
    *'"method":"metropolis"'*) ok ;; *) bad "--T does not select metropolis" ;; esac
case "$($SUDOKU solve puzzles/wikipedia.txt --lambda 1 --max-iters 3000000 --format json)" in
    *'"method":"sort-penalty"'*) ok ;; *) bad "--lambda does not select sort-penalty" ;; esac
case "$($SUDOKU solve puzzles/wikipedia.txt --method anneal --T 0.35 --format json)" in
    *'"status":"solved"'*'"method":"anneal"'*) ok ;; *) bad "--method anneal --T 0.35 is not anneal" ;; esac

# Every method solves the easy puzzles, on 9x9 and 4x4, exactly; same seed, same bytes.
p4=1.34.41.21.34.21   # unique
s4=$(echo $p4 | $SUDOKU solve --format line)
for m in metropolis anneal sort-penalty evolve; do
    for s in 1 2; do
        a=$($SUDOKU solve --method $m --seed $s --max-iters 20000000 --format line puzzles/wikipedia.txt); rc=$?
        expect "$m seed $s wikipedia" "$a $rc" "$wiki_sol 0"
    done
    a=$($SUDOKU solve --method $m --seed 7 --max-iters 20000000 --format json puzzles/wikipedia.txt 2>/dev/null)
    b=$($SUDOKU solve --method $m --seed 7 --max-iters 20000000 --format json puzzles/wikipedia.txt 2>/dev/null)
    expect "$m: same seed, same json" "$a" "$b"
    c=$($SUDOKU solve --method $m --seed 8 --max-iters 20000000 --format json puzzles/wikipedia.txt 2>/dev/null)
    [ "$a" != "$c" ] && ok || bad "$m: seeds 7 and 8 give identical runs"
    expect "$m 4x4" "$(echo $p4 | $SUDOKU solve --method $m --seed 1 --max-iters 100000 --format line)" "$s4"
done

# A batch: each puzzle's result (solution, statistics, seed) is the same
# whatever its place; the two puzzles get different seeds.
book=$($SUDOKU solve --method backtrack --format csv puzzles/book-metropolis.txt | tail -n 1 | cut -d, -f2)
wiki=$($SUDOKU solve --method backtrack --format csv puzzles/wikipedia.txt | tail -n 1 | cut -d, -f2)
printf '%s\n%s\n' "$book" "$wiki" >"$tmp/ab.txt"
printf '%s\n%s\n' "$wiki" "$book" >"$tmp/ba.txt"
strip() { sed 's/^{"line":[0-9]*,//' | sort; }
ab=$($SUDOKU solve --T 0.39 --seed 5 --format json "$tmp/ab.txt" | strip)
ba=$($SUDOKU solve --T 0.39 --seed 5 --format json "$tmp/ba.txt" | strip)
expect "batch order" "$ab" "$ba"
seeds=$(echo "$ab" | sed 's/.*"seed":\([0-9]*\).*/\1/' | sort -u | wc -l | tr -d ' ')
expect "two puzzles, two seeds" "$seeds" 2
alone=$(echo "$wiki" | $SUDOKU solve --T 0.39 --seed 5 --format json | strip)
echo "$ab" | grep -qxF "$alone" && ok || bad "a puzzle alone differs from the same puzzle in a batch"

# Budgets: an exhausted run prints timeout, reports its best energy, exits 1.
out=$(echo "$inkala" | $SUDOKU solve --T 0.39 --seed 1 --max-iters 1000); rc=$?
expect "max-iters timeout" "$out $rc" "timeout 1"
case "$(echo "$inkala" | $SUDOKU solve --T 0.39 --seed 1 --max-iters 1000 --format json)" in
    *'"status":"timeout"'*'"best_energy":'[1-9]*) ok ;; *) bad "timeout json lacks a best energy" ;; esac
start=$(date +%s%N)
out=$(echo "$inkala" | $SUDOKU solve --method sort-penalty --seed 1 --time-limit 0.2); rc=$?
ms=$((($(date +%s%N) - start) / 1000000))
expect "time-limit timeout" "$out $rc" "timeout 1"
[ "$ms" -lt 1500 ] && ok || bad "--time-limit 0.2 took ${ms} ms"
out=$(echo "$inkala" | $SUDOKU solve --method evolve --seed 1 --epochs 10 --restarts 1 --stats 2>"$tmp/err"); rc=$?
expect "evolve epochs cap" "$out $rc" "timeout 1"
grep -q 'restarts=1' "$tmp/err" && ok || bad "evolve --restarts 1 not reported: $(cat "$tmp/err")"

# Clues in conflict: proven unsolvable, by every method.
for m in metropolis anneal sort-penalty evolve; do
    out=$($SUDOKU solve --method $m --seed 1 puzzles/blog-invalid.txt 2>/dev/null | head -n 1); rc=$?
    expect "$m blog-invalid" "$out" "unsolvable"
done

# --stats reports the seed; --trace writes a CSV; --propagate still solves.
$SUDOKU solve --T 0.39 --seed 1 --stats --trace "$tmp/trace.csv" puzzles/book-metropolis.txt >/dev/null 2>"$tmp/err"
grep -q 'seed=[0-9]' "$tmp/err" && ok || bad "--stats has no seed"
expect "trace header" "$(head -n 1 "$tmp/trace.csv")" "puzzle,iteration,energy,temperature"
[ "$(wc -l <"$tmp/trace.csv")" -gt 5 ] && ok || bad "trace too short"
expect "trace ends at E=0" "$(tail -n 1 "$tmp/trace.csv" | cut -d, -f3)" 0
# Stochastic stats: acceptance, rate, and the energies even when 0.
case "$(cat "$tmp/err")" in
    *' solved '*' acceptance=0.'*' rate='*'M/s final_energy=0 best_energy=0 '*) ok ;;
    *) bad "stochastic --stats line: $(cat "$tmp/err")" ;; esac
# count's line names the count (it has no status word)
expect "count --stats" "$($SUDOKU count --stats puzzles/wikipedia.txt 2>&1 >/dev/null | head -1 | sed 's/ nodes=.*//')" \
    "puzzles/wikipedia.txt:1: count=1"
case "$($SUDOKU solve --stats puzzles/wikipedia.txt 2>&1 >/dev/null)" in
    *acceptance=*) bad "backtrack --stats has an acceptance" ;; *) ok ;; esac
# Several puzzles: one trace, every row led by its record number.
$SUDOKU solve --method anneal --T 0.35 --seed 1 --trace "$tmp/trace2.csv" puzzles/book-metropolis.txt \
    puzzles/wikipedia.txt >/dev/null
expect "trace puzzles" "$(tail -n +2 "$tmp/trace2.csv" | cut -d, -f1 | uniq | tr '\n' ' ')" "1 2 "
expect "propagate" "$($SUDOKU solve --method anneal --T 0.35 --propagate --seed 1 --format line puzzles/wikipedia.txt)" "$wiki_sol"
# --propagate on a hard puzzle (candidate fill, candidate swaps, restarts):
# an exact answer, and the same bytes for the same seed.
inkala_sol=$(echo "$inkala" | $SUDOKU solve --format line)
for s in 1 2; do
    expect "propagate inkala2012 seed $s" "$(echo "$inkala" | $SUDOKU solve --method anneal --T 0.5 --propagate \
        --seed $s --time-limit 30 --format line)" "$inkala_sol"
done
a=$(echo "$inkala" | $SUDOKU solve --method anneal --T 0.5 --propagate --seed 3 --format json)
b=$(echo "$inkala" | $SUDOKU solve --method anneal --T 0.5 --propagate --seed 3 --format json)
expect "propagate: same seed, same json" "$a" "$b"
# Full propagation (subsets, locked candidates) alone finishes mccaffrey-demo
# (singles leave 41 cells): no proposal is made.
mcc=$(grep '^mccaffrey-demo' puzzles/named-hard.txt | awk '{print $4}')
expect "propagate: mccaffrey-demo by propagation" \
    "$(echo "$mcc" | $SUDOKU solve --method anneal --T 0.5 --propagate --seed 1 --stats 2>&1 >/dev/null | grep -c ' solved nodes=0 ')" 1
# Every named hard puzzle, one seed each (anneal: aimed swaps and 3-cycles;
# sort-penalty and metropolis share the propagated start).
grep -v '^#' puzzles/named-hard.txt | awk '{print $4}' >"$tmp/hard.txt"
expect "propagate: all named-hard solved" "$($SUDOKU solve --method anneal --T 0.5 --propagate --seed 4 \
    --time-limit 30 --stats "$tmp/hard.txt" 2>&1 >/dev/null | grep -c ' solved ')" 12
# Under --propagate the chain shares its time with probes: --stats and json
# say how many ran and which of the two found the answer.
stats=$($SUDOKU solve --method anneal --T 0.5 --propagate --seed 4 --stats "$tmp/hard.txt" 2>&1 >/dev/null)
expect "propagate: probes counted" "$(echo "$stats" | grep -c ' probes=[1-9][0-9]* found_by=\(probe\|chain\) ')" 9
json=$(echo "$inkala" | $SUDOKU solve --method anneal --T 0.5 --propagate --seed 3 --format json)
case "$json" in *'"probes":'[1-9]*'"found_by":"'*) ok ;; *) bad "propagate json: no probes: $json" ;; esac
# --probe-every 0: the chain alone, which still solves; 1: a probe after every proposal.
stats=$(echo "$inkala" | $SUDOKU solve --method anneal --T 0.5 --propagate --probe-every 0 --seed 2 --stats 2>&1 >/dev/null)
case "$stats" in *' solved '*probes=*) bad "--probe-every 0 probed: $stats" ;; *' solved '*) ok ;; *) bad "--probe-every 0: $stats" ;; esac
stats=$(echo "$inkala" | $SUDOKU solve --method anneal --T 0.5 --propagate --probe-every 1 --seed 2 --stats 2>&1 >/dev/null | head -n 1)
nodes=$(echo "$stats" | sed -n 's/.* nodes=\([0-9]*\) .*/\1/p'); probes=$(echo "$stats" | sed -n 's/.* probes=\([0-9]*\) .*/\1/p')
expect "--probe-every 1: one probe per proposal" "$probes" "$((nodes + 1))"
$SUDOKU solve --method anneal --propagate --probe-every -1 puzzles/wikipedia.txt >/dev/null 2>&1; expect "--probe-every -1" $? 2
json=$(echo "$inkala" | $SUDOKU solve --method anneal --T 0.5 --seed 3 --max-iters 1000 --format json)
case "$json" in *probes*) bad "no --propagate, yet probes: $json" ;; *) ok ;; esac

# Options: ranges and usage errors.
$SUDOKU solve --T 0 puzzles/wikipedia.txt >/dev/null 2>&1; expect "--T 0" $? 2
$SUDOKU solve --method anneal --alpha 2 puzzles/wikipedia.txt >/dev/null 2>&1; expect "--alpha 2" $? 2

# sudoku energy: the textbook states.
expect "energy high" "$($SUDOKU energy puzzles/book-metropolis.txt puzzles/book-state-high.txt | head -n 1)" "conflict 556"
expect "energy low" "$($SUDOKU energy puzzles/book-metropolis.txt puzzles/book-state-low.txt | head -n 1)" "conflict 20"
expect "energy solution" "$($SUDOKU energy puzzles/book-metropolis.txt puzzles/book-metropolis.sol | tr '\n' ' ')" \
    "conflict 0 missing 0 sort 0 "
expect "energy weight 1" "$($SUDOKU energy --clue-weight 1 puzzles/book-metropolis.txt puzzles/book-state-low.txt | head -n 1)" "conflict 8"
$SUDOKU energy puzzles/book-metropolis.txt >/dev/null 2>&1; expect "energy one file" $? 2
$SUDOKU energy puzzles/book-metropolis.txt puzzles/book-metropolis.txt >/dev/null 2>&1; expect "energy blank state" $? 3
$SUDOKU energy puzzles/book-metropolis.txt "$tmp/nonexistent" >/dev/null 2>&1; expect "energy missing file" $? 4

summary cli_stochastic
