#!/bin/sh
# cli_hostile.sh -- the hostile-input table (issue 6): wrong cell counts, bad
# characters, clue conflicts, truncated grids, empty files, binary garbage
# with NUL bytes, a 10 MB line, invalid UTF-8, directories and missing files,
# absurd options.  Each case asserts the exit code, the exact output records
# (one per input record, in input order: the valid puzzles around a bad one
# are still answered) and every stderr line (FILE:LINE: what), and runs under
# `timeout` so a hang fails instead of stalling the suite.
# Usage: SUDOKU=./sudoku sh tests/cli_hostile.sh   (prints "cli_hostile: N passed, N failed")

. tests/lib.sh
cd "$T" || exit 1

fail() { bad "$@"; }

# A puzzle, its solution, and the same puzzle as a grid.
P=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
S=417369825632158947958724316825437169791586432346912758289643571573291684164875293
grid_rows() {   # grid_rows FIRST LAST: rows FIRST..LAST of P, one per line
    i=$1
    while [ "$i" -le "$2" ]; do
        echo "$P" | cut -c $(((i - 1) * 9 + 1))-$((i * 9))
        i=$((i + 1))
    done
}

# expect NAME RC WORDS ERRS [--stdin FILE] ARGS...
#   RC     the exit code wanted
#   WORDS  the output records, one word each; SOL stands for the solution S
#   ERRS   one extended regex per expected stderr line, in order, separated
#          by newlines ("" = stderr must be empty)
expect() {
    name=$1 want_rc=$2 words=$3 errs=$4
    shift 4
    stdin=/dev/null
    if [ "$1" = --stdin ]; then stdin=$2; shift 2; fi
    timeout 30 "$SUDOKU" "$@" <"$stdin" >out 2>err
    rc=$?
    : >want
    for w in $words; do
        if [ "$w" = SOL ]; then echo "$S"; else echo "$w"; fi >>want
    done
    ok=1
    if [ "$rc" -eq 124 ]; then
        fail "$name: timed out (hang)"; return
    fi
    if [ "$rc" -ne "$want_rc" ]; then
        fail "$name: exit code $rc, wanted $want_rc"; ok=0
    fi
    if ! cmp -s out want; then
        fail "$name: output records differ (got $(wc -l <out) lines, wanted $(wc -l <want))"
        head -c 400 out | sed 's/^/  got: /'
        ok=0
    fi
    if [ -z "$errs" ]; then
        if [ -s err ]; then fail "$name: unexpected stderr: $(head -c 200 err)"; ok=0; fi
    else
        printf '%s\n' "$errs" >errs
        if ! awk 'NR == FNR { p[FNR] = $0; np = FNR; next }
                  { n = FNR; if (!(FNR in p) || $0 !~ p[FNR]) bad = 1 }
                  END { exit (bad || n != np) }' errs err; then
            fail "$name: stderr differs"
            sed 's/^/  want: /' errs
            head -c 600 err | sed 's/^/  got:  /'
            ok=0
        fi
    fi
    [ "$ok" -eq 1 ] && passed=$((passed + 1))
}

# ---- malformed records among valid ones ---------------------------------------

{ echo "$P"; echo "${P%?}"; echo "$P"; echo 1234567; echo "${P}1"; echo "$P"; } >count.txt
expect "wrong cell counts" 3 "SOL invalid SOL invalid invalid SOL" \
"^count.txt:2: line has 80 cells
^count.txt:4: line has 7 cells
^count.txt:5: line has 82 cells" solve count.txt

bad_x=$(echo "$P" | sed 's/./x/41')
bad_z=$(echo "$P" | sed 's/./Z/2')
{ echo "$P"; echo "$bad_x"; echo "${P}!"; echo "$bad_z"; echo "$P"; } >chars.txt
expect "bad characters" 3 "SOL invalid invalid invalid SOL" \
"^chars.txt:2: bad character 'x' at column 41$
^chars.txt:3: bad character '!' at column 82$
^chars.txt:4: 'Z' is not a digit of a 9x9 puzzle" solve chars.txt

conflict=$(echo "$P" | sed 's/./4/2')
{ echo "$P"; echo "$conflict"; echo "$P"; } >conflict.txt
expect "clue conflict" 1 "SOL unsolvable SOL" \
"^conflict.txt:2: clues conflict: 4 at r1c1 and r1c2 share a row" solve conflict.txt
expect "clue conflict (check)" 1 "unique unsolvable unique" \
"^conflict.txt:2: clues conflict" check conflict.txt
{ cat conflict.txt; echo "${P%?}"; } >conflict2.txt
expect "conflict and malformed: highest code wins" 3 "SOL unsolvable SOL invalid" \
"^conflict2.txt:2: clues conflict
^conflict2.txt:4: line has 80 cells" solve conflict2.txt

{ echo "$P"; grid_rows 1 5; echo; echo "$P"; } >trunc.txt
expect "truncated grid" 3 "SOL invalid SOL" \
"^trunc.txt:2: grid ends after 5 of 9 rows, at line 7$" solve --format line trunc.txt
{ echo "$P"; grid_rows 1 5; } >trunc_eof.txt
expect "grid truncated by end of file" 3 "SOL invalid" \
"^trunc_eof.txt:2: grid ends after 5 of 9 rows, at the end of the input$" solve --format line trunc_eof.txt
{ grid_rows 1 2; grid_rows 3 3 | cut -c 1-8; grid_rows 4 9; echo; echo "$P"; } >row.txt
expect "grid row of the wrong width" 3 "invalid SOL" \
"^row.txt:1: grid row 3 \(line 3\) has 8 cells, expected 9$" solve --format line row.txt

: >empty.txt
expect "empty file" 0 "" "" solve empty.txt
printf '\n# only a comment\n\r\n   \n' >blank.txt
expect "blank lines and comments only" 0 "" "" solve blank.txt
expect "empty stdin" 0 "" "" --stdin empty.txt solve

# ---- garbage bytes ---------------------------------------------------------------

{ echo "$P"; printf '\000\001\002abc\000\377\n\000\n'; echo "$P"; } >nul.txt
expect "NUL bytes" 3 "SOL invalid invalid SOL" \
"^nul.txt:2: bad character byte 0x00 at column 1$
^nul.txt:3: bad character byte 0x00 at column 1$" solve nul.txt
{ echo "$P"; printf '\001'; head -c 4000 /dev/urandom | tr '\n' '\000'; echo; echo "$P"; } >binary.txt
expect "binary garbage" 3 "SOL invalid SOL" \
"^binary.txt:2: bad character byte 0x01 at column 1$" solve binary.txt
{ echo "$P"; printf '\303\050 \377\376\n\300\257\n\200%s\n' "$P"; printf '\357\273\277%s\n' "$P"; } >utf8.txt
expect "invalid UTF-8" 3 "SOL invalid invalid invalid invalid" \
"^utf8.txt:2: bad character byte 0xC3 at column 1$
^utf8.txt:3: bad character byte 0xC0 at column 1$
^utf8.txt:4: bad character byte 0x80 at column 1$
^utf8.txt:5: bad character byte 0xEF at column 1$" solve utf8.txt
printf '\357\273\277%s\r\n%s\r\n' "$P" "$P" >bom.txt
expect "BOM and CRLF are fine" 0 "SOL SOL" "" solve bom.txt

# A 10 MB line (of cells, then of spaces-separated cells) between two puzzles,
# and a 10 MB last line without a newline.
{ echo "$P"; head -c 10000000 /dev/zero | tr '\000' 1; echo; echo "$P";
  head -c 10000000 /dev/zero | tr '\000' ' '; echo "$P"; head -c 10000000 /dev/zero | tr '\000' .; } >long.txt
expect "10 MB lines" 3 "SOL invalid SOL invalid invalid" \
"^long.txt:2: line is longer than 65536 bytes$
^long.txt:4: line is longer than 65536 bytes$
^long.txt:5: line is longer than 65536 bytes$" solve long.txt

# ---- files that cannot be read -----------------------------------------------------

echo "$P" >one.txt
mkdir adir
expect "directory as input" 4 "SOL SOL" "^sudoku solve: adir: Is a directory$" solve one.txt adir one.txt
expect "missing file" 4 "SOL SOL" "^sudoku solve: missing.txt: No such file or directory$" \
    solve one.txt missing.txt one.txt
expect "missing file (count)" 4 "1" "^sudoku count: missing.txt: No such file or directory$" \
    count missing.txt one.txt
expect "stdin with garbage" 3 "SOL invalid invalid SOL" \
"^stdin:2: bad character byte 0x00 at column 1$
^stdin:3: bad character byte 0x00 at column 1$" --stdin nul.txt solve --format line -
cat nul.txt | sed -n '1p;4p' >stdin2.txt
expect "stdin named by -" 0 "SOL SOL" "" --stdin stdin2.txt solve -

# ---- absurd options: exit 2, one line on stderr naming the problem, no output ------

usage() {   # usage NAME PATTERN ARGS...
    n=$1 pat=$2
    shift 2
    expect "option: $n" 2 "" "^sudoku [a-z]+: .*$pat" "$@"
}
usage "--T -1" "--T" solve --T -1 one.txt
usage "--T abc" "--T" solve --T abc one.txt
usage "--count -5" "--count" solve --count -5 one.txt
usage "count --count -5" "--count" count --count -5 one.txt
usage "--limit 99999999999999999999" "--limit" count --limit 99999999999999999999 one.txt
usage "--limit -5" "--limit" count --limit -5 one.txt
usage "--limit 1.5" "--limit" count --limit 1.5 one.txt
usage "--limit=" "--limit" count --limit= one.txt
usage "--box 0x3" "--box" solve --box 0x3 one.txt
usage "--box 99999999999x3" "--box" solve --box 99999999999x3 one.txt
usage "--box 3x" "--box" solve --box 3x one.txt
usage "--box 5x6" "--box" solve --box 5x6 one.txt
usage "unknown flag" "--bogus" solve --bogus one.txt
usage "unknown short flag" "-z" solve -z one.txt
usage "--time-limit -1" "--time-limit" solve --time-limit -1 one.txt
usage "--time-limit abc" "--time-limit" solve --time-limit abc one.txt
usage "--time-limit nan" "--time-limit" count --time-limit nan one.txt
usage "--time-limit 1e999" "--time-limit" check --time-limit 1e999 one.txt
usage "--time-limit without value" "--time-limit" solve one.txt --time-limit
usage "--format xml" "--format" solve --format xml one.txt
usage "--jobs -1" "--jobs" solve --jobs -1 one.txt
usage "-j 99999999999" "--jobs" solve -j 99999999999 one.txt
usage "--seed abc" "--seed" solve --seed abc one.txt
usage "--stats=1" "--stats" check --stats=1 one.txt
usage "--method nope" "nope" solve --method nope one.txt
expect "unknown command" 2 "" "^sudoku: unknown command 'frobnicate'" frobnicate one.txt
expect "help for no such command" 2 "" "^sudoku help: no command 'nope'" help nope
expect "-- ends the options" 4 "" "^sudoku solve: --bogus: No such file or directory$" solve -- --bogus

# ---- a long mixed stream: one record per input record, in order ------------------

i=0
: >mixed.txt
: >mixed.want
while [ $i -lt 300 ]; do
    case $((i % 6)) in
    0|3) echo "$P" >>mixed.txt; echo "$S" >>mixed.want ;;
    1) echo "${P%?}" >>mixed.txt; echo invalid >>mixed.want ;;
    2) printf '\377\000garbage %d\n' $i >>mixed.txt; echo invalid >>mixed.want ;;
    4) echo "$conflict" >>mixed.txt; echo unsolvable >>mixed.want ;;
    5) printf '# comment\n\n' >>mixed.txt ;;
    esac
    i=$((i + 1))
done
for j in 1 3; do
    timeout 60 "$SUDOKU" solve -j $j mixed.txt >out 2>err
    rc=$?
    if [ $rc -eq 3 ] && cmp -s out mixed.want; then
        passed=$((passed + 1))
    else
        fail "mixed stream -j $j: exit $rc, $(wc -l <out) records for $(wc -l <mixed.want) wanted"
    fi
    # every malformed or conflicting record named once on stderr, by its line
    nerr=$(grep -c '^mixed.txt:[0-9]*: ' err)
    if [ "$nerr" -eq 150 ] && [ "$(wc -l <err)" -eq 150 ]; then
        passed=$((passed + 1))
    else
        fail "mixed stream -j $j: $nerr FILE:LINE messages on stderr (wanted 150)"
    fi
done
timeout 60 "$SUDOKU" count --format json mixed.txt >out 2>/dev/null
if [ "$(wc -l <out)" -eq 250 ] && [ "$(grep -c '^{"line":[0-9]*,.*}$' out)" -eq 250 ] &&
   [ "$(grep -c '"status":"invalid","error":"' out)" -eq 100 ]; then
    passed=$((passed + 1))
else
    fail "mixed stream as JSON: $(wc -l <out) lines"
fi

summary cli_hostile
