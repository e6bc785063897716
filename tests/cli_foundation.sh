#!/bin/sh
# cli_foundation.sh -- the foundation's command-line behaviour: formats in and
# out, correct answers on samples of every benchmark set (verified by an awk
# checker independent of the solver), check and count verdicts, malformed
# input, exit codes, -j equality and streaming.
# run alone (tests/run.sh): it measures wall time or signals running commands.
. tests/lib.sh

# verify PUZZLES SOLUTIONS: every solution line is a valid 9x9 grid that keeps
# the clues of the puzzle on the same line.  Prints the number of bad lines.
verify() {
    paste -d' ' "$1" "$2" | awk '
    { p = $1; s = $2; bad = (length(s) != 81)
      for (i = 1; i <= 81 && !bad; i++) {
          c = substr(p, i, 1); v = substr(s, i, 1)
          if (v !~ /[1-9]/) bad = 1
          if (c ~ /[1-9]/ && c != v) bad = 1 }
      for (u = 0; u < 9 && !bad; u++) {
          delete R; delete C; delete B
          for (k = 0; k < 9; k++) {
              r = substr(s, u * 9 + k + 1, 1); c = substr(s, k * 9 + u + 1, 1)
              b = substr(s, (int(u / 3) * 3 + int(k / 3)) * 9 + (u % 3) * 3 + k % 3 + 1, 1)
              if (R[r]++ || C[c]++ || B[b]++) bad = 1 } }
      nbad += bad }
    END { print nbad + 0 }'
}

sample() {  # sample FILE EVERY: the puzzle lines of FILE, every k-th
    grep -v '^#' "$1" | tr -d '\r' | awk -v k="$2" 'NR % k == 1'
}

# --- correct solutions on samples of the benchmark sets ---------------------
for set in puzzles2_17_clue:200 puzzles3_magictour_top1465:7 puzzles5_forum_hardest_1905_11+:200 \
           puzzles6_forum_hardest_1106:3 norvig_top95.txt:1 norvig_easy50.txt:1; do
    file=puzzles/${set%%:*}
    sample "$file" "${set##*:}" > "$T/p"
    "$SUDOKU" solve "$T/p" > "$T/s"; rc=$?
    expect "$file: exit code" "$rc" 0
    expect "$file: one record per puzzle" "$(wc -l < "$T/s")" "$(wc -l < "$T/p")"
    expect "$file: solutions valid" "$(verify "$T/p" "$T/s")" 0
    "$SUDOKU" solve -j 2 "$T/p" > "$T/s2"
    cmp -s "$T/s" "$T/s2" && ok || bad "$file: -j 2 output differs from -j 1"
done

# --- the textbook, Wikipedia and grid formats --------------------------------
"$SUDOKU" solve puzzles/book-metropolis.txt --format line > "$T/book"
expect "textbook solution" "$(cat "$T/book")" "$(tr -d ' \n' < puzzles/book-metropolis.sol)"
"$SUDOKU" solve puzzles/book-metropolis.txt > "$T/bookgrid"
expect "grid input gives grid output" "$(tr -d ' \n' < "$T/bookgrid")" "$(tr -d ' \n' < puzzles/book-metropolis.sol)"
"$SUDOKU" solve "$T/bookgrid" --format line > "$T/back"
expect "grid output reads back in" "$(cat "$T/back")" "$(cat "$T/book")"
expect "wikipedia" "$("$SUDOKU" solve --format line puzzles/wikipedia.txt)" "$(tr -d '\n' < puzzles/wikipedia.sol)"
printf '\357\273\277# a BOM, a comment with digits 123456789\r\n+-------+\r\n| 5 3 . | . 7 . | . . . |\r\n' > "$T/crlf"
sed -n '2,9p' puzzles/wikipedia.txt | grep -v '^$' >> "$T/crlf"
# (only 8 rows after the first: a truncated grid; then a valid line puzzle)
head -1 puzzles/norvig_top95.txt >> "$T/crlf"
"$SUDOKU" solve --format line "$T/crlf" > "$T/out" 2> "$T/err"; rc=$?
expect "truncated grid: exit code 3" "$rc" 3
expect "truncated grid: two records" "$(wc -l < "$T/out")" 2
expect "truncated grid: first is invalid" "$(head -1 "$T/out")" invalid
expect "truncated grid: one error line" "$(wc -l < "$T/err")" 1
grep -q "^$T/crlf:[0-9]*: grid" "$T/err" && ok || bad "error names FILE:LINE: $(cat "$T/err")"

# line formats: spaced cells, trailing rating, leading name, tdoku's ':count'
p=$(head -1 puzzles/norvig_top95.txt)
spaced=$(echo "$p" | sed 's/./& /g')
printf '%s\n%s 12.5 rating\nname 5 173 %s\n%s:1:x\n' "$spaced" "$p" "$p" "$p" > "$T/lines"
"$SUDOKU" solve "$T/lines" > "$T/out"; rc=$?
expect "line variants: exit" "$rc" 0
expect "line variants: all the same solution" "$(sort -u "$T/out" | wc -l)" 1
expect "line variants: four records" "$(wc -l < "$T/out")" 4

# --- check and count --------------------------------------------------------
sample puzzles/puzzles7_serg_benchmark 100 > "$T/serg"
expect "serg: multiple" "$("$SUDOKU" check "$T/serg" | sort -u)" multiple
expect "serg: exit 1" "$("$SUDOKU" check "$T/serg" > /dev/null; echo $?)" 1
expect "invalid set: unsolvable" "$("$SUDOKU" check puzzles/invalid_sudokus_emerentius.txt 2>/dev/null | sort -u)" unsolvable
expect "blog puzzle: unsolvable" "$("$SUDOKU" check puzzles/blog-invalid.txt 2>/dev/null)" unsolvable
"$SUDOKU" check puzzles/blog-invalid.txt 2> "$T/err" > /dev/null
grep -q "blog-invalid.txt:1: clues conflict: 8" "$T/err" && ok || bad "clash explained: $(cat "$T/err")"
expect "named hard: unique" "$("$SUDOKU" check puzzles/named-hard.txt | sort -u)" unique
expect "named hard: exit 0" "$("$SUDOKU" check puzzles/named-hard.txt > /dev/null; echo $?)" 0
cut -d: -f1 puzzles/tdoku_test_puzzles.txt > "$T/tp"
cut -d: -f2 puzzles/tdoku_test_puzzles.txt > "$T/tc"
"$SUDOKU" count --limit 0 "$T/tp" > "$T/counts"
cmp -s "$T/counts" "$T/tc" && ok || bad "count --limit 0 disagrees with tdoku_test_puzzles: $(paste "$T/counts" "$T/tc" | awk '$1 != $2' | head -3)"
expect "count default limit on the empty grid" "$(printf '%081d\n' 0 | "$SUDOKU" count)" 2
expect "count --limit 5" "$(printf '%081d\n' 0 | "$SUDOKU" count --limit 5)" 5

# --- malformed input: one line each, exit 3, the rest still answered ---------
{
    echo "$p"
    echo "${p}1"                    # 82 cells
    echo "$p" | sed 's/\./x/5'      # a bad character
    echo "$p" | cut -c1-80          # 80 cells
    printf 'garbage\001\002\n'
    echo "$p"
} > "$T/mixed"
"$SUDOKU" solve "$T/mixed" > "$T/out" 2> "$T/err"; rc=$?
expect "malformed: exit 3" "$rc" 3
expect "malformed: one record each" "$(wc -l < "$T/out")" 6
expect "malformed: records in order" "$(sed -n '2,5p' "$T/out" | sort -u)" invalid
expect "malformed: valid ones solved" "$(sed -n '1p;6p' "$T/out" | grep -c '^[1-9]\{81\}$')" 2
expect "malformed: four error lines" "$(wc -l < "$T/err")" 4
expect "malformed: errors name file and line" "$(cut -d: -f2 "$T/err" | tr '\n' ' ')" "2 3 4 5 "
: > "$T/empty"
expect "empty file: no records, exit 0" "$("$SUDOKU" solve "$T/empty"; echo $?)" 0
head -c 100000 /dev/urandom > "$T/binary"; printf '\n%s\n' "$p" >> "$T/binary"
"$SUDOKU" solve "$T/binary" > "$T/out" 2> /dev/null; rc=$?
[ "$rc" -eq 3 ] || [ "$rc" -eq 0 ] && ok || bad "binary garbage: exit $rc"
expect "binary garbage: last puzzle still solved" "$(tail -1 "$T/out" | grep -c '^[1-9]\{81\}$')" 1
awk 'BEGIN { for (i = 0; i < 1100000; i++) printf "."; print "" }' > "$T/long"
echo "$p" >> "$T/long"
"$SUDOKU" solve "$T/long" > "$T/out" 2> "$T/err"; rc=$?
expect "1 MB line: exit 3" "$rc" 3
expect "1 MB line: two records" "$(wc -l < "$T/out")" 2
expect "1 MB line: one error line" "$(wc -l < "$T/err")" 1

# --- usage and exit codes ---------------------------------------------------
"$SUDOKU" solve --no-such-option 2> "$T/err" < /dev/null; expect "unknown option: exit 2" $? 2
expect "unknown option: one line" "$(wc -l < "$T/err")" 1
"$SUDOKU" frobnicate 2> /dev/null; expect "unknown command: exit 2" $? 2
"$SUDOKU" count --limit 99999999999999999999 < /dev/null 2> /dev/null; expect "huge limit: exit 2" $? 2
"$SUDOKU" solve --box 0x3 < /dev/null 2> /dev/null; expect "--box 0x3: exit 2" $? 2
"$SUDOKU" solve "$T/missing" 2> "$T/err"; expect "missing file: exit 4" $? 4
grep -q "missing" "$T/err" && ok || bad "missing file not named"
for cmd in solve check count help; do
    "$SUDOKU" $cmd --help > "$T/help" && grep -q "usage: sudoku" "$T/help" && ok || bad "$cmd --help"
done
"$SUDOKU" --help | grep -q "Exit codes" && ok || bad "--help lists exit codes"
"$SUDOKU" --version | grep -q "^sudoku [0-9]" && ok || bad "--version"
"$SUDOKU" solve --format json puzzles/wikipedia.txt | grep -q '^{"line":1,"puzzle":"53..7.*","status":"solved","solution":"5346' && ok || bad "json output"
expect "csv header" "$("$SUDOKU" solve --format csv puzzles/wikipedia.txt | head -1)" "line,puzzle,status,solution,method,nodes,guesses"

# --- other sizes through the CLI: 4x4 line, 6x6 grid, 12x12 with --box --------
expect "4x4 line" "$(echo '1...........4...' | "$SUDOKU" check)" multiple
printf '1 . . | 4 . .\n. . . | . . .\n. 2 . | . 6 .\n. . . | . . .\n. . . | . . .\n. . 3 | . . 5\n' > "$T/six"
"$SUDOKU" solve --format line "$T/six" > "$T/out"; rc=$?
expect "6x6 grid solved" "$rc" 0
expect "6x6 answer has 36 cells" "$(tr -d '\n' < "$T/out" | wc -c)" 36

# --- streaming: an answer appears before the input ends ---------------------
mkfifo "$T/fifo"
"$SUDOKU" solve < "$T/fifo" > "$T/stream" &
pid=$!
exec 7> "$T/fifo"
echo "$p" >&7
i=0; while [ ! -s "$T/stream" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
expect "streaming: first answer before input ends" "$(wc -l < "$T/stream")" 1
exec 7>&-
wait $pid

summary cli_foundation
