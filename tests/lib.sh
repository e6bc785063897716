# tests/lib.sh -- what the CLI test scripts share (source it from the repo
# root: `. tests/lib.sh`): the binary as an absolute path, a scratch
# directory $T removed on exit, the pass/fail counters and the summary line
# that tests/run.sh adds up.
SUDOKU=${SUDOKU:-./sudoku}
case $SUDOKU in /*) ;; *) SUDOKU=$(pwd)/$SUDOKU ;; esac
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
passed=0
failed=0
ok()  { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL $*"; }
# expect DESCRIPTION ACTUAL EXPECTED
expect() { if [ "$2" = "$3" ]; then ok; else bad "$1: got '$2', expected '$3'"; fi; }
# check DESCRIPTION STATUS [DETAIL]: passes when STATUS (a command's $?) is 0
check() { if [ "$2" -eq 0 ]; then ok; else bad "$1 ${3:-}"; fi; }
# now: wall clock in nanoseconds
now() { date +%s%N; }
# unique FILE NAME: every line of FILE (its first field) has one solution
unique() {
    n=$(cut -d' ' -f1 "$1" | "$SUDOKU" count | awk '$1 != 1' | wc -l | tr -d ' ')
    expect "$2: every puzzle has one solution (sudoku count)" "$n" 0
}
# summary NAME: the closing line; the script's exit status says if all passed
summary() { echo "$1: $passed passed, $failed failed"; [ "$failed" -eq 0 ]; }
