#!/bin/sh
# cli_humangen.sh -- generate for people: --level, --min-er/--max-er and
# --technique.  Every printed puzzle is proven unique by `check` and, rated
# again by `rate --human`, in its band (and its path, by `explain`, uses the
# technique); the printed figures are the rater's; the same seed gives the
# same output with -j 1 and -j 2; bad values are usage errors; --hard
# --objective er prints a unique puzzle with its ratings.
. tests/lib.sh

# in_band FILE LO HI: every line of `rate --human` output (<puzzle> er=...) has LO <= er <= HI
in_band() {
    awk -v lo="$2" -v hi="$3" '{ er = -1; for (i = 1; i <= NF; i++) if ($i ~ /^er=/) er = substr($i, 4)
        if (er + 0 < lo - 0.001 || er + 0 > hi + 0.001) bad++ }
        END { exit bad ? 1 : 0 }' "$1"
}

# gen_check NAME LO HI ARGS...: generates, then checks uniqueness, band and
# that the printed ratings are the rater's.
gen_check() {
    name=$1 lo=$2 hi=$3
    shift 3
    $SUDOKU generate -q --seed 7 "$@" >"$T/g.txt"
    check "$name: exit status" $?
    n=$(wc -l <"$T/g.txt" | tr -d ' ')
    cut -d' ' -f1 "$T/g.txt" >"$T/p.txt"
    $SUDOKU check "$T/p.txt" >/dev/null
    check "$name: all $n unique (sudoku check)" $?
    $SUDOKU rate --human "$T/p.txt" >"$T/r.txt"
    in_band "$T/r.txt" "$lo" "$hi"
    check "$name: every ER in $lo..$hi" $? "$(cat "$T/r.txt")"
    expect "$name: printed ratings are the rater's" "$(cat "$T/g.txt")" "$(cat "$T/r.txt")"
}

gen_check "easy" 1.0 1.5 --level easy -n 12
gen_check "medium" 1.6 2.5 --level medium -n 8
gen_check "hard" 2.6 4.4 --level hard -n 6
gen_check "fiendish" 4.5 6.2 --level fiendish -n 3
gen_check "diabolical" 6.3 8.9 --level diabolical -n 4
gen_check "band 7.0-7.5" 7.0 7.5 --min-er 7.0 --max-er 7.5 -n 4
gen_check "level and band together" 4.2 4.4 --level hard --min-er 4.2 -n 2
n=$(grep -c 'level=hard' "$T/g.txt")
expect "level names printed" "$n" 2

# --technique: explain finds it on every path.
gen_check "x-wing" 1.0 19.9 --technique x-wing -n 3
cut -d' ' -f1 "$T/g.txt" | $SUDOKU explain --format csv >"$T/ex.csv"
n=$(awk -F, 'NR > 1 && $5 == "\"X-Wing\"" { seen[$1] = 1 } END { print length(seen) }' "$T/ex.csv")
expect "x-wing: on each of the 3 paths" "$n" 3
gen_check "xy-wing in hard" 2.6 4.4 --technique XY-Wing --level hard -n 2
n=$(cut -d' ' -f1 "$T/g.txt" | $SUDOKU explain --format csv | awk -F, 'NR > 1 && $5 == "\"XY-Wing\"" { s[$1] = 1 } END { print length(s) }')
expect "xy-wing: on both paths" "$n" 2

# Other sizes: a 6x6 band.
$SUDOKU generate -q --seed 3 --size 6 --level easy -n 3 >"$T/g6.txt"
check "6x6 easy: exit status" $?
cut -d' ' -f1 "$T/g6.txt" | $SUDOKU check >/dev/null
check "6x6: unique" $?

# Formats: csv and json carry er, ep, ed, level, hardest.
$SUDOKU generate -q --seed 4 --level medium -n 2 --format csv >"$T/g.csv"
expect "csv header" "$(head -1 "$T/g.csv" | cut -d, -f10-)" "er,ep,ed,level,hardest"
expect "csv records" "$(tail -n +2 "$T/g.csv" | awk -F, 'NF == 14 && $13 == "medium"' | wc -l | tr -d ' ')" 2
json=$($SUDOKU generate -q --seed 4 --level medium --format json)
case "$json" in *'"er":'[0-9]*'"ep":'[0-9]*'"ed":'[0-9]*'"level":"medium","hardest":"'*) ok ;; *) bad "json: $json" ;; esac

# Same seed, same output, whatever -j.
a=$($SUDOKU generate -q --seed 11 --level hard -n 10 -j 1)
b=$($SUDOKU generate -q --seed 11 --level hard -n 10 -j 2)
expect "-j 1 and -j 2 agree" "$b" "$a"
c=$($SUDOKU generate -q --seed 12 --level hard -n 10 -j 2)
[ "$a" != "$c" ] && ok || bad "another seed gives other puzzles"

# Bad values: usage errors (2), one line on stderr.
for args in "--level foo" "--min-er 5 --max-er 4" "--min-er 0.5" "--max-er x" "--technique nosuch" \
    "--level hard --hard" "--objective er" "--hard --objective depth" \
    "--technique a --technique b --technique c --technique d --technique e --technique f --technique g --technique h --technique i"; do
    # shellcheck disable=SC2086
    $SUDOKU generate -q $args >"$T/out" 2>"$T/err"
    expect "generate $args: exit" $? 2
    [ -s "$T/out" ] && bad "generate $args printed a puzzle" || ok
done
$SUDOKU generate --technique list | grep -q 'unique-rectangle' && ok || bad "--technique list"
$SUDOKU generate --help | grep -q -- '--level' && ok || bad "--help names --level"

# --hard --objective er: a short run prints one unique puzzle with its
# ratings, by the search from random minimal puzzles (the default on 9x9;
# a pool of 200 here, not 2000) and by the replica exchange (--immigrants 0).
$SUDOKU generate --hard --objective er --immigrants 200 --steps 200 --seed 5 >"$T/h.txt" 2>"$T/sum.txt"
check "--hard --objective er: exit" $?
for how in "" "--immigrants 0"; do
    if [ -n "$how" ]; then
        $SUDOKU generate -q --hard $how --objective er --steps 200 --seed 5 >"$T/h0.txt"
    else
        cp "$T/h.txt" "$T/h0.txt"
    fi
    cut -d' ' -f1 "$T/h0.txt" | $SUDOKU check >/dev/null
    check "--hard $how --objective er: unique" $?
    expect "--hard $how --objective er: ratings are the rater's" "$(cat "$T/h0.txt")" \
        "$(cut -d' ' -f1 "$T/h0.txt" | $SUDOKU rate --human)"
done
grep -q 'method neighbour' "$T/sum.txt"
check "--hard on 9x9: the search from random minimal puzzles" $? "$(cat "$T/sum.txt")"

# --objective width is Watanabe's chain as it was before the objectives came:
# tests/data/hard_width_seed3.csv is that binary's output (commit e828739).
b=$($SUDOKU generate -q --hard --objective width --steps 1500 --count 2 --seed 3 --format csv)
expect "--objective width is the width chain of before" "$b" "$(cat tests/data/hard_width_seed3.csv)"
grep -q 'best: depth [0-9]*, normal width [0-9]*, er [0-9.]* ep [0-9.]* ed [0-9.]*$' "$T/sum.txt"
check "--hard summary line: the best puzzle's widths and ER/EP/ED" $?
# ER is the default objective: the same run without --objective is the er run.
a=$($SUDOKU generate -q --hard --immigrants 200 --steps 200 --seed 5)
expect "--hard defaults to --objective er" "$a" "$(cat "$T/h.txt")"

summary cli_humangen
