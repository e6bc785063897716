#!/bin/sh
# cli_budgets.sh -- issue 28, "nothing runs forever": every stochastic method
# answers `unsolvable` at once on a puzzle without a solution (made here: a
# unique puzzle and one wrong clue that clashes with none), a run without a
# budget stops after its method's default one with `timeout` and the batch
# goes on, time limits hold, and `generate` refuses at once what no puzzle
# can meet and gives up on a puzzle after its default budget.  Bounds are
# "it ends" bounds for a loaded machine, not speed targets.
# run alone (tests/run.sh): it measures wall time or signals running commands.
. tests/lib.sh

# ms_since T0: milliseconds since the `now` reading T0.
ms_since() { echo $((($(now) - $1) / 1000000)); }

# generate's default give-up takes its 30 s: started first, checked last.
(
    t0=$(now)
    timeout 120 $SUDOKU generate --size 25 --clues 200 --seed 1 -q >"$T/giveup.out" 2>"$T/giveup.err"
    echo $? "$(ms_since "$t0")" >"$T/giveup.rc"
) &
giveup_pid=$!

# wrong_clue PUZZLE SOLUTION K: PUZZLE (a line, '.' for a blank, side 4, 9,
# 16 or 25) with the K-th (from 0, modulo their number) blank cell and digit
# that differ from SOLUTION and clash with no clue; with one solution, it
# then has none.
wrong_clue() {
    echo "$1 $2 $3" | awk '{
        p = $1; s = $2; k = $3; len = length(p); n = int(sqrt(len) + 0.5); b = int(sqrt(n) + 0.5)
        digits = "123456789ABCDEFGHIJKLMNOP"
        for (c = 0; c < len; c++) {
            if (substr(p, c + 1, 1) != ".") continue
            r = int(c / n); col = c % n
            for (d = 1; d <= n; d++) {
                ch = substr(digits, d, 1)
                if (ch == substr(s, c + 1, 1)) continue
                clash = 0
                for (o = 0; o < len && !clash; o++) {
                    if (substr(p, o + 1, 1) != ch) continue
                    orow = int(o / n); ocol = o % n
                    if (orow == r || ocol == col || (int(orow / b) == int(r / b) && int(ocol / b) == int(col / b))) clash = 1
                }
                if (!clash) option[count++] = substr(p, 1, c) ch substr(p, c + 2)
            }
        }
        if (count) print option[k % count]
    }'
}

# Unsolvable puzzles, made from unique ones: four 9x9 (Norvig's top95, the
# second-hardest named one), a 4x4 and a 16x16.
: >"$T/unsolvable.txt"
i=0
{ grep -v '^#' puzzles/norvig_top95.txt | head -n 3; grep '^inkala2012' puzzles/named-hard.txt | awk '{print $4}'
  head -n 1 puzzles/sizes/4x4.txt; head -n 1 puzzles/sizes/16x16.txt; } >"$T/unique.txt"
while read -r p; do
    p=$(echo "$p" | tr 0 .)
    sol=$(echo "$p" | $SUDOKU solve --format line)
    bad_p=$(wrong_clue "$p" "$sol" $((i * 7)))
    i=$((i + 1))
    [ -n "$bad_p" ] || { bad "no wrong clue for $p"; continue; }
    # the exact solver is the judge: no solution at all
    expect "made puzzle $i has no solution" "$(echo "$bad_p" | $SUDOKU solve --format line)" "unsolvable"
    echo "$bad_p" >>"$T/unsolvable.txt"
done <"$T/unique.txt"
expect "six puzzles made" "$(wc -l <"$T/unsolvable.txt" | tr -d ' ')" 6
# and the four lines of the invalid set whose clues do not clash
grep 'unsolvable' puzzles/invalid_sudokus_emerentius.txt | awk '{print $1}' >>"$T/unsolvable.txt"
records=$(wc -l <"$T/unsolvable.txt" | tr -d ' ')

# 1. Every stochastic method: `unsolvable` at once, one record each, exit 1
#    as for the exact method; json says the exact check proved it.
want=$(yes unsolvable | head -n "$records")
for m in metropolis anneal sort-penalty evolve; do
    for extra in "" "--propagate"; do
        t0=$(now)
        out=$(timeout 60 $SUDOKU solve --method $m $extra "$T/unsolvable.txt"); rc=$?
        ms=$(ms_since "$t0")
        expect "$m $extra: every record unsolvable" "$out" "$want"
        expect "$m $extra: exit 1" $rc 1
        check "$m $extra: ends at once ($ms ms)" "$([ "$ms" -lt 10000 ]; echo $?)"
    done
    json=$($SUDOKU solve --method $m --format json "$T/unsolvable.txt" | grep -c '"status":"unsolvable".*"found_by":"exact"')
    expect "$m: json status unsolvable, found_by exact" "$json" "$records"
done
expect "backtrack agrees" "$($SUDOKU solve "$T/unsolvable.txt")" "$want"
# A solvable record amid them is still solved, in its place.
{ head -n 1 "$T/unsolvable.txt"; echo 1.34.41.21.34.21; } >"$T/mixed.txt"
expect "a batch: unsolvable, then a solution" "$($SUDOKU solve --method metropolis --seed 1 "$T/mixed.txt" | tr '\n' ' ')" \
    "unsolvable $(echo 1.34.41.21.34.21 | $SUDOKU solve) "

# 2. The default budget: sort-penalty at lambda 16 does not crack Wikipedia's
#    puzzle; without a budget it stops after SDK_DEFAULT_SORT_PENALTY_PROPOSALS
#    (sudoku.h, quoted by 'help methods') proposals, checked every 1024.
budget=$(awk '/define SDK_DEFAULT_SORT_PENALTY_PROPOSALS/ {printf "%.0f", $3}' include/sudoku.h)
check "help methods quotes the budget" "$($SUDOKU help methods | grep -q "budget: $((budget / 1000000))M proposals"; echo $?)"
t0=$(now)
out=$(timeout 120 $SUDOKU solve --method sort-penalty --lambda 16 --seed 1 --stats --format line puzzles/wikipedia.txt \
    puzzles/book-metropolis.sol 2>"$T/err"); rc=$?
ms=$(ms_since "$t0")
expect "no budget given: timeout, and the batch goes on" "$(echo $out)" "timeout $($SUDOKU solve --format line puzzles/book-metropolis.sol)"
expect "no budget given: exit 1" $rc 1
nodes=$(head -n 1 "$T/err" | sed 's/.* nodes=\([0-9]*\).*/\1/')
check "stopped at the default budget ($nodes proposals, $ms ms)" \
    "$([ "$nodes" -ge "$budget" ] && [ "$nodes" -lt $((budget + 1024)) ]; echo $?)"
# The caller's budget overrides it: --max-iters (per run), --time-limit.
$SUDOKU solve --method sort-penalty --lambda 16 --max-iters 300000 --restarts 1 --stats puzzles/wikipedia.txt 2>"$T/err" >/dev/null
expect "--max-iters 300000 --restarts 1: 600000 proposals" "$(sed -n 's/.* nodes=\([0-9]*\).*/\1/p' "$T/err" | head -n 1)" 600000
$SUDOKU solve --method sort-penalty --lambda 16 --time-limit 0.3 --stats puzzles/wikipedia.txt 2>"$T/err" >/dev/null
sec=$(sed -n 's/.* time=\([0-9.]*\)ms.*/\1/p' "$T/err" | head -n 1)
check "--time-limit 0.3 instead of the budget (${sec} ms)" "$(awk -v s="$sec" 'BEGIN {exit !(s >= 300 && s < 450)}'; echo $?)"
# --propagate's restarts are endless: a per-run cap alone keeps the default total.
grep '^inkala2012' puzzles/named-hard.txt | awk '{print $4}' |
    $SUDOKU solve --method sort-penalty --propagate --probe-every 0 --max-iters 1000 --stats 2>"$T/err" >/dev/null
nodes=$(sed -n 's/.* nodes=\([0-9]*\).*/\1/p' "$T/err" | head -n 1)
check "--propagate --max-iters 1000: ends at the default budget ($nodes proposals)" \
    "$([ "$nodes" -ge "$budget" ] && [ "$nodes" -lt $((budget + 1024)) ]; echo $?)"

# 3. Time limits hold on large boards and a large hive (the printed time is
#    the record's own; 150 ms of slack for a loaded machine).
head -n 1 puzzles/sizes/25x25.txt >"$T/p25.txt"
for args in "--method metropolis" "--method anneal" "--method sort-penalty --propagate" "--method evolve" \
    "--method evolve --population 100000"; do
    $SUDOKU solve $args --time-limit 0.2 --stats "$T/p25.txt" 2>"$T/err" >/dev/null
    sec=$(sed -n 's/.* time=\([0-9.]*\)ms.*/\1/p' "$T/err" | head -n 1)
    echo "# solve $args --time-limit 0.2, 25x25: $sec ms"
    check "$args: --time-limit 0.2 held ($sec ms)" "$(awk -v s="$sec" 'BEGIN {exit !(s < 350)}'; echo $?)"
done

# 4. generate refuses at once, with one line, what no puzzle can meet.
refuse() {
    t0=$(now)
    timeout 60 $SUDOKU generate --seed 1 -q "$@" >"$T/out" 2>"$T/err"; rc=$?
    ms=$(ms_since "$t0")
    expect "generate $*: exit 2" $rc 2
    expect "generate $*: one line on stderr" "$(wc -l <"$T/err" | tr -d ' ')" 1
    expect "generate $*: nothing printed" "$(wc -c <"$T/out" | tr -d ' ')" 0
    check "generate $*: at once ($ms ms)" "$([ "$ms" -lt 5000 ]; echo $?)"
}
refuse --technique forcing-chain --level easy
refuse --technique x-wing --level medium
refuse --level extreme --size 4
refuse --level medium --size 4
refuse --technique x-wing --size 4
refuse --min-er 19
refuse --min-er 5 --max-er 3
refuse --clues 16
refuse --size 4 --clues 3
refuse --size 25 --clues 23
# ... and not what some puzzle can meet (a 4x4 jigsaw's regions are not boxes).
$SUDOKU generate --seed 1 -q --level easy --size 4 >/dev/null 2>&1
check "generate --level easy --size 4" $?
$SUDOKU generate --seed 3 -q --technique xy-wing --level hard >/dev/null 2>&1
check "generate --technique xy-wing --level hard" $?
$SUDOKU generate --seed 1 -q --size 4 --clues 4 >/dev/null 2>&1
check "generate --size 4 --clues 4" $?
$SUDOKU generate --seed 1 -q --variant jigsaw --size 4 --level medium >/dev/null 2>&1
check "generate --variant jigsaw --size 4 --level medium" $?

# 5. --hard prints only candidates (depth >= 1), whatever the objective and
# method: the search from random minimal puzzles (the default; a pool of one
# too) and the replica exchange (--immigrants 0).
for row in "1|" "1|--immigrants 1" "3|--immigrants 1 -n 3" "1|--immigrants 0" "1|--objective width"; do
    want=${row%%|*} how=${row#*|}
    $SUDOKU generate --hard $how --steps 1 --seed 1 --format json -q >"$T/out" 2>"$T/err"; rc=$?
    shallow=$(grep -c '"depth":0' "$T/out")
    expect "--hard $how --steps 1: no depth-0 puzzle" "$shallow" 0
    if [ "$(wc -l <"$T/out")" -lt "$want" ]; then
        expect "--hard $how --steps 1, too few found: exit 1" $rc 1
        check "--hard $how --steps 1, too few found: a note" "$(grep -q 'depth >= 1' "$T/err"; echo $?)"
    fi
done
check "--hard's help names er the default" "$($SUDOKU generate --help | grep -- '--hard ' | grep -q 'default.*--objective er'; echo $?)"

# 6. The default give-up (started at the top).
wait $giveup_pid
read -r rc ms <"$T/giveup.rc"
echo "# generate --size 25 --clues 200: gave up after $ms ms"
expect "generate --size 25 --clues 200: exit 1" $rc 1
check "generate --size 25 --clues 200: a note says it gave up" "$(grep -q 'gave up on puzzle 1 after 30 s' "$T/giveup.err"; echo $?)"
check "generate --size 25 --clues 200: ends ($ms ms)" "$([ "$ms" -lt 60000 ]; echo $?)"

summary cli_budgets
