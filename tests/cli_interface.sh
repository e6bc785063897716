#!/bin/sh
# tests/cli_interface.sh -- one interface for every command (issue 16): one
# status key in csv and json, numbers as numbers, options that do not apply
# are refused or warned about, per-command defaults in --help, --version,
# the seed policies (a puzzle's result never depends on its place in a batch
# or on -j; generate --hard keeps all 64 bits of --seed) and -j beyond 64.
. tests/lib.sh

wiki=puzzles/wikipedia.txt
hard=puzzles/named-hard.txt

# JSON Lines: every record of every batch command has "status", valid or not.
printf '%s\n' "$(cat "$wiki" | tr -d '\n ')" '12345' > "$T/mixed.txt"
for cmd in solve check count rate; do
    extra=; [ $cmd = rate ] && extra="--samples 0"
    out=$($SUDOKU $cmd --format json $extra "$T/mixed.txt" 2>/dev/null)
    expect "$cmd json: records" "$(echo "$out" | wc -l | tr -d ' ')" 2
    expect "$cmd json: every record has a status" "$(echo "$out" | grep -c '"status":"')" 2
    case "$out" in *'"result"'*) bad "$cmd json still says result: $out" ;; *) ok ;; esac
done
# count: the count is a number and the status says the search finished.
out=$($SUDOKU count --format json "$wiki")
case "$out" in *'"status":"counted","count":1,'*) ok ;; *) bad "count json: $out" ;; esac
out=$($SUDOKU check --format json "$wiki")
case "$out" in *'"status":"unique","count":1,'*) ok ;; *) bad "check json: $out" ;; esac
expect "count csv header" "$($SUDOKU count --format csv "$wiki" | head -n 1)" "line,puzzle,status,count"
expect "rate csv header" "$($SUDOKU rate --format csv --samples 0 "$wiki" | head -n 1 | cut -d, -f1-3)" \
    "line,puzzle,status"

# Options that do not apply: a warning (and the run goes on), or an error.
err=$($SUDOKU solve --method backtrack --T 0.5 "$wiki" 2>&1 >/dev/null)
case "$err" in *'warning: --T does not apply to method backtrack'*) ok ;; *) bad "--T with backtrack: '$err'" ;; esac
err=$($SUDOKU solve --propagate --trace "$T/trace.csv" "$wiki" 2>&1 >/dev/null)
case "$err" in *'--propagate does not apply'*'--trace does not apply'*|*'--trace does not apply'*'--propagate does not apply'*) ok ;;
    *) bad "--propagate --trace with backtrack: '$err'" ;; esac
[ ! -e "$T/trace.csv" ] && ok || bad "--trace with backtrack wrote a file"
err=$($SUDOKU solve --method anneal --lambda 2 --max-iters 10 "$wiki" 2>&1 >/dev/null)
case "$err" in *'--lambda does not apply to method anneal'*) ok ;; *) bad "--lambda with anneal: '$err'" ;; esac
err=$($SUDOKU solve --method metropolis --T 0.39 "$wiki" 2>&1 >/dev/null)
expect "no warning when every option applies" "$err" ""
$SUDOKU solve --T 0.4 --lambda 1 "$wiki" >/dev/null 2>"$T/err"
expect "--T with --lambda: usage error" "$?" 2
grep -q 'select different methods' "$T/err" && ok || bad "--T with --lambda: $(cat "$T/err")"
$SUDOKU energy -j 2 "$wiki" "$wiki" >/dev/null 2>"$T/err"
expect "-j on energy: usage error" "$?" 2
grep -q "does not apply to 'energy'" "$T/err" && ok || bad "-j on energy: $(cat "$T/err")"

# --help: generate states its own defaults; the exit-code table only once.
gh=$($SUDOKU generate --help)
case "$gh" in *'--format FMT'*'line (default)'*) ok ;; *) bad "generate --help: --format default" ;; esac
case "$gh" in *'--time-limit SECONDS'*'with --hard 60'*) ok ;; *) bad "generate --help: --time-limit default" ;; esac
case "$gh" in *'130  interrupted'*) bad "generate --help repeats the exit codes" ;; *) ok ;; esac
case "$($SUDOKU --help)" in *'--version'*'130  interrupted'*) ok ;; *) bad "sudoku --help: --version, exit codes" ;; esac
case "$($SUDOKU --version)" in 'sudoku '[0-9]*' ('avx512')'|'sudoku '[0-9]*' ('avx2')'|'sudoku '[0-9]*' ('sse4.1')'|'sudoku '[0-9]*' ('portable')') ok ;;
    *) bad "--version: $($SUDOKU --version)" ;; esac

# rate: a puzzle's average width does not depend on its place or on -j.
p=$(sed -n 5p "$hard")
alone=$(echo "$p" | $SUDOKU rate --seed 4 --samples 8 2>/dev/null)
second=$( (sed -n 6p "$hard"; echo "$p") | $SUDOKU rate --seed 4 --samples 8 2>/dev/null | sed -n 2p)
expect "rate: alone = second in a batch" "$second" "$alone"
j2=$( (sed -n 6p "$hard"; sed -n 7p "$hard"; echo "$p") | $SUDOKU rate -j 2 --seed 4 --samples 8 2>/dev/null | sed -n 3p)
expect "rate: -j 2, third" "$j2" "$alone"
other=$(echo "$p" | $SUDOKU rate --seed 5 --samples 8 2>/dev/null)
[ "$other" != "$alone" ] && ok || bad "rate: --seed changes nothing"

# generate --hard: the whole 64-bit seed counts (2^32 + 1 is not 1), and it
# is reported whole.
a=$($SUDOKU generate -q --hard --objective width --seed 1 --steps 1500 --format json)
b=$($SUDOKU generate -q --hard --objective width --seed 4294967297 --steps 1500 --format json)
case "$b" in *'"seed":4294967297'*) ok ;; *) bad "64-bit seed not reported: $b" ;; esac
[ "$(echo "$a" | cut -d, -f2)" != "$(echo "$b" | cut -d, -f2)" ] && ok || bad "seed 2^32+1 ran as seed 1"

# -j above 64 is honoured, with the output of -j 1.
expect "-j 100 = -j 1" "$($SUDOKU check -j 100 "$hard" | md5sum)" "$($SUDOKU check "$hard" | md5sum)"
$SUDOKU check -j 1025 "$hard" >/dev/null 2>&1
expect "-j above 1024: usage error" "$?" 2

summary cli_interface
