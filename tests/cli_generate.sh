#!/bin/sh
# cli_generate.sh -- `sudoku generate`: every puzzle is unique (checked by
# `sudoku check`, independently of the generator), the same seed gives the
# same puzzles (for any -j), clue targets and symmetry hold, the formats, and
# --hard with a small --steps budget reaches depth >= 3 on a fixed seed.
. tests/lib.sh
tmp=$T

# Default method: unique puzzles with the target clue count.
$SUDOKU generate -q --seed 11 --count 20 --clues 27 >"$tmp/a"
expect "default: exit code" "$?" 0
expect "default: records" "$(wc -l <"$tmp/a" | tr -d ' ')" 20
expect "default: all unique" "$($SUDOKU check "$tmp/a" | sort -u)" unique
expect "default: 27 clues each" "$(tr -d '.\n' <"$tmp/a" | wc -c | tr -d ' ')" 540

# Reproducible: same seed, same puzzles, whatever -j; another seed differs.
$SUDOKU generate -q --seed 11 --count 20 --clues 27 -j 2 >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && ok || bad "same seed with -j 2 gave other puzzles"
$SUDOKU generate -q --seed 12 --count 20 --clues 27 >"$tmp/c"
cmp -s "$tmp/a" "$tmp/c" && bad "another seed gave the same puzzles" || ok

# --difficulty 10 = 25 clues; 180-degree symmetry by default.
p=$($SUDOKU generate -q --seed 5 --difficulty 10)
expect "difficulty 10: clues" "$(printf %s "$p" | tr -d '.' | wc -c | tr -d ' ')" 25
rev=$(printf %s "$p" | tr -c '.\n' 'x' | rev)
expect "rotate180 symmetry" "$(printf %s "$p" | tr -c '.\n' 'x')" "$rev"

# Other sizes and symmetries, all unique.
for args in "--size 4 --clues 6" "--size 6 --clues 14" "--box 2x4 --clues 30" "--symmetry none --clues 24" \
            "--symmetry mirror --clues 26" "--symmetry rotate90 --clues 29"; do
    out=$($SUDOKU generate -q --seed 3 --count 3 $args)
    expect "$args: records" "$(printf '%s\n' "$out" | grep -c .)" 3
    expect "$args: unique" "$(printf '%s\n' "$out" | $SUDOKU check $( [ "${args#--box}" != "$args" ] && echo --box 2x4) | sort -u)" unique
done

# From 15x15 the default clue count has a floor (35% of the cells, 0.9
# points a side more): 20x20 at --difficulty 10 is 158 clues, and unique.
out=$($SUDOKU generate -q --seed 1 --size 20 --difficulty 10)
expect "20x20 floor: clues" "$(printf %s "$out" | tr -cd '1-9A-Z' | wc -c)" 158
expect "20x20 floor: unique" "$(printf '%s\n' "$out" | $SUDOKU check)" unique

# Formats: csv and json carry clues and ratings; grid reads back in.
out=$($SUDOKU generate -q --seed 2 --count 2 --clues 28 --format csv)
expect "csv header" "$(echo "$out" | head -n 1)" "index,puzzle,clues,method,seed,depth,normal_width,average_width,average_width_error"
expect "csv clues column" "$(echo "$out" | tail -n +2 | cut -d, -f3 | sort -u)" 28
out=$($SUDOKU generate -q --seed 2 --clues 28 --format json --rate --samples 5)
case "$out" in *'"clues":28'*'"depth":'*'"normal_width":'*'"average_width":'*) ok ;; *) bad "json: $out" ;; esac
expect "grid reads back" "$($SUDOKU generate -q --seed 2 --clues 28 --format grid | $SUDOKU check)" unique
case "$($SUDOKU generate -q --seed 2 --clues 28 --rate --samples 3)" in *" clues=28 depth="*) ok ;; *) bad "line --rate" ;; esac

# --hard: replica exchange with a small step budget; deterministic per seed.
h1=$($SUDOKU generate -q --hard --objective width --seed 1 --steps 1500 --format json)
h2=$($SUDOKU generate -q --hard --objective width --seed 1 --steps 1500 --format json)
expect "--hard reproducible" "$h1" "$h2"
depth=$(echo "$h1" | sed -E 's/.*"depth":([0-9]+).*/\1/')
[ "${depth:-0}" -ge 3 ] && ok || bad "--hard depth $depth < 3: $h1"
expect "--hard unique" "$(echo "$h1" | sed -E 's/.*"puzzle":"([^"]*)".*/\1/' | $SUDOKU check)" unique
n=$($SUDOKU generate -q --hard --objective width --seed 1 --steps 400 --count 3 -j 2 | $SUDOKU check | grep -c unique)
expect "--hard --count 3 -j 2" "$n" 3
# Into the width stage, with orientation trials (3 replicas and 20 relocation trials a step,
# not the default 1000, keep these short; the timed runs below and in cli_limits.sh use the defaults).
few="--replicas 3 --relocations 20"
w1=$($SUDOKU generate -q --hard --objective width --seed 3 --steps 6000 $few --count 3 --format csv)
expect "--hard width stage exits 0" "$?" 0
w2=$($SUDOKU generate -q --hard --objective width --seed 3 --steps 6000 $few --count 3 --format csv)
expect "--hard width stage reproducible" "$w1" "$w2"
expect "--hard width stage unique" "$(echo "$w1" | tail -n +2 | cut -d, -f2 | $SUDOKU check | grep -c unique)" 3
width=$(echo "$w1" | sed -n 2p | cut -d, -f7)
[ "${width:-0}" -ge 2000 ] && ok || bad "--hard width stage: best normal width $width < 2000"
w0=$($SUDOKU generate -q --hard --objective width --seed 3 --steps 6000 $few --count 3 --format csv --orient-every 0)
[ -n "$w0" ] && [ "$w0" != "$w1" ] && ok || bad "--orient-every 0 changed nothing"
# Attempts on new grids: every attempt's puzzles unique; reproducible; not one attempt's output.
a1=$($SUDOKU generate -q --hard --objective width --seed 3 --steps 6000 $few --attempt-steps 2000 --count 3)
expect "--attempt-steps unique" "$(echo "$a1" | $SUDOKU check | grep -c unique)" 3
expect "--attempt-steps reproducible" "$a1" \
    "$($SUDOKU generate -q --hard --objective width --seed 3 --steps 6000 $few --attempt-steps 2000 --count 3)"
a0=$($SUDOKU generate -q --hard --objective width --seed 3 --steps 6000 $few --attempt-steps 0 --count 3)
[ -n "$a0" ] && [ "$a0" != "$a1" ] && ok || bad "--attempt-steps 2000 changed nothing"
# Relocation trials (the grid may change): w1 had 20 a step; none is another chain.
r0=$($SUDOKU generate -q --hard --objective width --seed 3 --steps 6000 --replicas 3 --relocations 0 --count 3 --format csv)
[ -n "$r0" ] && [ "$r0" != "$w1" ] && ok || bad "--relocations 20 changed nothing"
# Timed attempts: 3 s in attempts of 1 s are 3 attempts (the summary line counts them).
t1=$($SUDOKU generate --hard --objective width --seed 3 --time-limit 3 --attempt-seconds 1 2>"$tmp/attempts")
expect "--attempt-seconds unique" "$(echo "$t1" | $SUDOKU check)" unique
attempts=$(sed -n 's/.* \([0-9]*\) attempt(s).*/\1/p' "$tmp/attempts")
[ "${attempts:-0}" -ge 2 ] && [ "${attempts:-0}" -le 4 ] && ok || bad "--attempt-seconds 1 over 3 s: $attempts attempts"
# Every objective of the table is accepted by the command line and named in the record
# (er's record carries er/ep/ed in place of its scaled figure).
a=$($SUDOKU generate -q --hard --objective average-width --steps 1000 --seed 5 --format json)
case "$a" in *'"objective":"average-width","objective_figure":'[0-9]*) ok ;; *) bad "--objective average-width: $a" ;; esac
a=$($SUDOKU generate -q --hard --immigrants 200 --steps 200 --seed 5 --format json)
case "$a" in *'"er":'*'"objective":"er"}') ok ;; *) bad "--objective er json: $a" ;; esac
$SUDOKU generate -q --hard --objective nonsense --steps 20 2>/dev/null
expect "--objective nonsense: usage error" "$?" 2
# The summary line names the best puzzle's figures.
grep -q 'best: depth [0-9]*, normal width [0-9]*$' "$tmp/attempts" && ok || bad "--hard summary: $(cat "$tmp/attempts")"
# Smaller boards never reach depth 9: the depth stage gives way to the width stage.
n=$($SUDOKU generate -q --hard --objective width --size 6 --seed 1 --steps 20000 --relocations 20 --count 3 | $SUDOKU check | grep -c unique)
expect "--hard --size 6" "$n" 3
# Variants: the chain on the variant's board (x, windoku, jigsaw: one region map a run, from
# the seed), a few steps into the width stage; every puzzle unique by the exact checker on
# its board (each record reads back as its variant), the same seed the same puzzles.
for v in "x 2 790" "jigsaw 1 450"; do
    set -- $v
    h1=$($SUDOKU generate -q --hard --objective width --variant "$1" --seed "$2" --steps "$3" --replicas 2 --relocations 5 --count 2)
    expect "--hard --variant $1: exit" "$?" 0
    expect "--hard --variant $1: unique" "$(echo "$h1" | $SUDOKU check | grep -c unique)" 2
    expect "--hard --variant $1: records of the variant" "$(echo "$h1" | grep -c "^$1 ")" 2
    expect "--hard --variant $1: reproducible" "$h1" \
        "$($SUDOKU generate -q --hard --objective width --variant "$1" --seed "$2" --steps "$3" --replicas 2 --relocations 5 --count 2)"
done
$SUDOKU generate -q --hard --variant samurai --steps 20 2>"$tmp/samurai"
expect "--hard --variant samurai: refused" "$?" 2
grep -q 'does not take samurai' "$tmp/samurai" && ok || bad "--hard --variant samurai: $(cat "$tmp/samurai")"

# Usage errors.
$SUDOKU generate --symmetry spiral 2>/dev/null; expect "bad symmetry" "$?" 2
$SUDOKU generate --size 7 2>/dev/null; expect "bad size" "$?" 2
$SUDOKU generate --difficulty 11 2>/dev/null; expect "bad difficulty" "$?" 2
$SUDOKU generate somefile 2>/dev/null; expect "files refused" "$?" 2

summary cli_generate
