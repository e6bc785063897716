#!/bin/sh
# cli_sizes.sh -- every board size through the command line: each puzzle in
# puzzles/sizes is unique, its solution keeps the clues, and the solution
# is itself a valid full grid (a full grid is 'unique' iff it breaks no rule).
. tests/lib.sh

for f in puzzles/sizes/*.txt; do
    n=$(wc -l < "$f")
    [ "$("$SUDOKU" check "$f" | grep -c '^unique$')" -eq "$n" ] && ok || bad "$f: not all unique"
    "$SUDOKU" solve "$f" > "$T/sol"; rc=$?
    [ $rc -eq 0 ] && ok || bad "$f: solve exit $rc"
    [ "$(grep -c '\.' "$T/sol")" -eq 0 ] && [ "$(wc -l < "$T/sol")" -eq "$n" ] && ok || bad "$f: incomplete answers"
    [ "$("$SUDOKU" check "$T/sol" | grep -c '^unique$')" -eq "$n" ] && ok || bad "$f: a solution breaks a rule"
    kept=$(paste -d' ' "$f" "$T/sol" | awk '{ for (i = 1; i <= length($1); i++) {
               c = substr($1, i, 1); if (c != "." && c != substr($2, i, 1)) bad++ } } END { print bad + 0 }')
    [ "$kept" -eq 0 ] && ok || bad "$f: $kept clues changed"
    # The grid layout of the same puzzles reads back the same.
    "$SUDOKU" solve --format grid "$T/sol" > "$T/grid" && "$SUDOKU" solve --format line "$T/grid" > "$T/back"
    cmp -s "$T/sol" "$T/back" && ok || bad "$f: grid output does not read back"
done
# 12x12 with the other box orientation is a different puzzle: --box 4x3 must
# not silently give a 3x4 answer.
"$SUDOKU" check --box 4x3 puzzles/sizes/12x12.txt > "$T/o" 2>/dev/null
grep -qv '^unique$' "$T/o" && ok || bad "--box 4x3 gave the same verdicts as 3x4"
summary cli_sizes
