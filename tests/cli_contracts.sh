#!/bin/sh
# tests/cli_contracts.sh -- one contract in every command: the same outcome
# words and csv columns, -q wherever a progress line can be drawn, options
# held to their documented type, -j above the useful count costing nothing,
# completions that offer each option's values, and write errors on stdout
# (help and --version too) reported with exit 4.
# run alone (tests/run.sh): it measures wall time or signals running commands.
. tests/lib.sh
P=puzzles/named-hard.txt
$SUDOKU generate -q --seed 11 -n 3 > "$T/g.txt"

# --- outcome words: a run stopped by Ctrl-C says "interrupted" (exit 130) in
# every command that counts, as solve does; a budget says "timeout".
printf '%081d\n' 0 > "$T/empty.txt"
$SUDOKU count --limit 0 "$T/empty.txt" > "$T/int.out" 2>/dev/null &
pid=$!
sleep 0.5
kill -INT $pid
wait $pid
expect "count interrupted: exit" $? 130
expect "count interrupted: word" "$(cat "$T/int.out")" interrupted
out=$($SUDOKU count --limit 0 --time-limit 0.2 "$T/empty.txt")
expect "count past its budget: word" "$out" timeout
out=$($SUDOKU count --limit 0 --time-limit 0.2 --format json "$T/empty.txt" | grep -o '"status":"[a-z]*"')
expect "count past its budget: json status" "$out" '"status":"timeout"'

# --- csv: every puzzle command's rows begin line,puzzle,status, and the
# status column holds a status word.
for cmd in solve check count rate "rate --human" explain hint; do
    $SUDOKU $cmd --samples 2 --format csv "$T/g.txt" > "$T/c.csv" 2>/dev/null ||
        $SUDOKU $cmd --format csv "$T/g.txt" > "$T/c.csv" 2>/dev/null
    head -n 1 "$T/c.csv" | grep -q '^line,puzzle,status,' && ok || bad "$cmd csv header: $(head -n 1 "$T/c.csv")"
    # rows: the puzzle column is the input's puzzle, status a known word
    bad_rows=$(tail -n +2 "$T/c.csv" | awk -F, 'NR==FNR { p[FNR] = $0; next }
        { if ($2 != p[$1]) print "puzzle " $0;
          if ($3 !~ /^(solved|unsolvable|timeout|interrupted|unique|multiple|counted|rated|hint|stuck|invalid)$/)
              print "status " $0 }' "$T/g.txt" -)
    expect "$cmd csv rows carry the puzzle and a status word" "$bad_rows" ""
done
# the same words in the man page's list
for w in solved unsolvable timeout interrupted unique multiple counted rated hint stuck invalid; do
    grep -q "^\.BR $w" sudoku.1 && ok || bad "sudoku.1 does not list the status word $w"
done

# --- --method exact is the default's other name
expect "--method exact" "$($SUDOKU solve --method exact $P)" "$($SUDOKU solve $P)"
$SUDOKU help methods | grep -q 'exact' && ok || bad "help methods does not name exact"

# --- -q on every command that can draw a progress line
for cmd in solve check count rate "rate --human" explain hint "generate -n 1 --seed 1"; do
    case $cmd in generate*) in= ;; *) in=$T/g.txt ;; esac
    $SUDOKU $cmd -q $in > /dev/null 2> "$T/q.err"
    rc=$?
    [ $rc -ne 2 ] && ok || bad "$cmd refuses -q: $(cat "$T/q.err")"
done

# --- options held to their documented type
usage() { timeout 60 $SUDOKU "$@" > /dev/null 2> "$T/u.err"; rc=$?; expect "sudoku $* exits 2" $rc 2;
          [ "$(wc -l < "$T/u.err")" -eq 1 ] && ok || bad "sudoku $*: not one line: $(cat "$T/u.err")"; }
usage solve --method metropolis --clue-weight 2.5 $P
usage solve --T 0x10 $P
usage solve --T inf $P
usage solve --T nan $P
usage solve --T " 0.3" $P
usage solve --lambda 1e $P
usage generate --min-er 0x5
$SUDOKU solve --method metropolis --clue-weight 3 --T 0.3 --seed 1 puzzles/wikipedia.txt > /dev/null 2>&1
expect "a whole --clue-weight and a decimal --T are taken" $? 0
$SUDOKU solve --T 2.5e-1 --seed 1 puzzles/wikipedia.txt > /dev/null 2>&1
expect "--T in exponent form is taken" $? 0

# --- -j above the useful count costs nothing: no thread per -j on a short
# batch (it took 1 GB and 12 s for 95 puzzles at -j 1024)
if command -v python3 > /dev/null 2>&1; then
    for f in puzzles/wikipedia.txt puzzles/norvig_top95.txt; do
        kb=$(python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' $SUDOKU solve -j 1024 "$f")
        [ "$kb" -lt 150000 ] && ok || bad "solve -j 1024 $f: peak memory ${kb} KB"
    done
else
    echo "cli_contracts: python3 not installed: the -j memory check is skipped"
fi
expect "-j 1024 gives -j 1's answers" "$($SUDOKU solve -j 1024 puzzles/norvig_top95.txt | cksum)" \
    "$($SUDOKU solve puzzles/norvig_top95.txt | cksum)"

# --- completions offer each option's values, and no file names for values
# that are numbers or words
if command -v bash > /dev/null 2>&1; then
    $SUDOKU completion bash > "$T/comp.bash"
    comp() { bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _sudoku; echo "${COMPREPLY[*]}"' \
                 sh "$T/comp.bash" "$@"; }
    expect "complete --level" "$(comp sudoku generate --level '')" "easy medium hard fiendish diabolical extreme"
    expect "complete --variant j" "$(comp sudoku solve --variant j)" "jigsaw jigsaw,x"
    expect "complete --objective" "$(comp sudoku generate --hard --objective '')" "width average-width er"
    comp sudoku generate --technique x- | grep -q 'x-wing' && ok || bad "complete --technique x-"
    expect "complete --method ex" "$(comp sudoku solve --method ex)" "exact"
    expect "complete --paper" "$(comp sudoku print --paper '')" "a4 letter"
    (cd "$T" && touch tmpfile) 
    expect "complete --count: no files" "$(cd "$T" && comp sudoku generate --count '')" ""
    expect "complete -j: no files" "$(cd "$T" && comp sudoku solve -j '')" ""
    expect "complete a FILE still offers files" "$(cd "$T" && comp sudoku solve tmpf)" "tmpfile"
else
    echo "cli_contracts: bash not installed: the completion checks are skipped"
fi

# --- write errors on stdout: exit 4 and one line, help and --version too
if [ -w /dev/full ]; then
    for args in "--help" "--version" "help" "help methods" "solve --help" "generate -q -n 2 --seed 1" \
                "solve $P" "energy puzzles/book-metropolis.txt puzzles/book-state-high.txt" "completion bash"; do
        $SUDOKU $args > /dev/full 2> "$T/w.err"
        rc=$?
        expect "sudoku $args > /dev/full: exit" $rc 4
        grep -q 'error writing output' "$T/w.err" && ok || bad "sudoku $args > /dev/full: no message: $(cat "$T/w.err")"
    done
    $SUDOKU --version >&- 2> "$T/w.err"
    expect "--version with stdout closed" $? 4
else
    echo "cli_contracts: no /dev/full: the write-error checks are skipped"
fi

summary cli_contracts
