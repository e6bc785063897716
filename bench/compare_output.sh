#!/bin/sh
# bench/compare_output.sh OLD NEW -- runs a fixed set of commands with two
# sudoku binaries (say, a build of main and a build of a refactor) and prints
# "same" or "DIFF" for each: the proof that a change kept the output byte for
# byte.  Run from the repository root.  Exits 1 if anything differs.
old=${1:?usage: bench/compare_output.sh OLD_SUDOKU NEW_SUDOKU}
new=${2:?usage: bench/compare_output.sh OLD_SUDOKU NEW_SUDOKU}
st=0
while read -r c; do
    [ -n "$c" ] || continue
    a=$($old $c 2>/dev/null | cksum)
    b=$($new $c 2>/dev/null | cksum)
    if [ "$a" = "$b" ]; then echo "same  sudoku $c"; else echo "DIFF  sudoku $c"; st=1; fi
done <<'LIST'
solve puzzles/named-hard.txt
solve --format json puzzles/named-hard.txt
solve --format csv puzzles/norvig_top95.txt
solve -j 2 puzzles/puzzles3_magictour_top1465
solve puzzles/sizes/16x16.txt
solve --method anneal --T 0.5 --propagate --seed 3 --format json puzzles/named-hard.txt
solve --method metropolis --seed 2 --format json puzzles/book-metropolis.txt
solve --method evolve --seed 4 puzzles/wikipedia.txt
check puzzles/named-hard.txt
check puzzles/blog-invalid.txt
count --limit 0 puzzles/tdoku_test_puzzles.txt
count --format json puzzles/tdoku_test_puzzles.txt
check --format csv puzzles/tdoku_test_puzzles.txt
rate --samples 10 puzzles/named-hard.txt
rate --samples 0 --format json puzzles/named-hard.txt
generate --seed 7 --count 20 -q
generate --seed 7 --count 5 --format json -q
generate --seed 3 --size 16 --clues 150 -q
generate --hard --seed 5 --steps 300 -q --format json
generate --hard --seed 5 --steps 300 -q -j 2
energy puzzles/book-metropolis.txt puzzles/book-state-high.txt
solve --method anneal --seed 1 --format json puzzles/wikipedia.txt
solve --method anneal --seed 2 --format json puzzles/samurai.txt
solve --method metropolis --T 0.25 --seed 2 --format json puzzles/samurai.txt
solve --method sort-penalty --seed 2 --format json puzzles/wikipedia.txt
solve --method anneal --T 0.4 --seed 3 --format json puzzles/variants/jigsaw-janko108.txt
solve --method anneal --propagate --T 0.5 --seed 3 --format json puzzles/samurai.txt
solve --method anneal --propagate --seed 4 --format json puzzles/sizes/16x16.txt
solve --method anneal --seed 6 --max-iters 3000 --trace /dev/stdout puzzles/named-hard.txt
generate --variant jigsaw --seed 3 --count 3 -q
generate --variant samurai --seed 3 --count 1 -q
LIST
exit $st
