#!/bin/sh
# cli_rate.sh -- `sudoku rate`: named-hard.txt reproduced through the CLI in
# every format, one record per input record, and the exit codes.
. tests/lib.sh

# Depth and normal width of every named puzzle, as the file lists them.
want=$(grep -v '^#' puzzles/named-hard.txt | awk '{print $2 "," $3}')
got=$($SUDOKU rate --samples 0 --format csv puzzles/named-hard.txt | tail -n +2 | cut -d, -f5,6)
expect "named-hard depth,width" "$got" "$want"

# Line format, with the average width; same seed, same output.
a=$(sed -n 5p puzzles/named-hard.txt | $SUDOKU rate --seed 3 --samples 20)
b=$(sed -n 5p puzzles/named-hard.txt | $SUDOKU rate --seed 3 --samples 20)
# (the puzzle first, as generate --rate writes it, so the line reads back)
p5=$(sed -n 5p puzzles/named-hard.txt | awk '{print $4}')
case "$a" in "$p5 clues=21 depth=8 normal_width=3599 average_width="*) ok ;; *) bad "line format: $a" ;; esac
expect "same seed" "$a" "$b"

# JSON carries the figures; invalid and multiple records keep their place.
out=$(printf '%s\n%s\n%s\n' "$(sed -n 4p puzzles/named-hard.txt | awk '{print $4}')" "12345" \
      "................................................................................." |
      $SUDOKU rate --format json --samples 2 2>/dev/null)
rc=$?
expect "json records" "$(echo "$out" | wc -l | tr -d ' ')" 3
case "$out" in *'"depth":5,"normal_width":173'*) ok ;; *) bad "json: $out" ;; esac
case "$(echo "$out" | sed -n 2p)" in *'"status":"invalid"'*) ok ;; *) bad "json invalid: $out" ;; esac
case "$(echo "$out" | sed -n 3p)" in *'"status":"multiple"'*) ok ;; *) bad "json multiple: $out" ;; esac
expect "exit code with an invalid record" "$rc" 3
echo ................................................................................. | $SUDOKU rate >/dev/null
expect "exit code for a multiple-solution puzzle" "$?" 1
$SUDOKU rate --samples x </dev/null 2>/dev/null
expect "bad --samples" "$?" 2

summary cli_rate
