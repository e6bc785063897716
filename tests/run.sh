#!/bin/sh
# tests/run.sh BUILD_TESTS_DIR SUDOKU -- runs every unit test program and
# every CLI test script, adds up their "N passed, N failed" lines and ends
# with the total.  Exits non-zero if anything failed or a test did not report.
dir=$1
SUDOKU=${2:-./sudoku}
export SUDOKU
passed=0
failed=0
tally() {   # tally NAME OUTPUT_FILE EXIT_CODE
    line=$(grep -E '^[^ ]+: [0-9]+ passed, [0-9]+ failed$' "$2" | tail -n 1)
    if [ -z "$line" ]; then
        echo "FAIL $1: no summary line (exit $3)"; tail -n 5 "$2"
        failed=$((failed + 1)); return
    fi
    p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed/\1/')
    f=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed/\2/')
    if [ "$3" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; echo "FAIL $1: exit code $3"; fi
    passed=$((passed + p)); failed=$((failed + f))
    grep -E '^(FAIL|not ok|SKIP)' "$2"
    echo "$line ($(($(date +%s) - start)) s)"
}
out=$(mktemp)
for t in "$dir"/unit_*; do
    [ -x "$t" ] || continue
    start=$(date +%s); "$t" >"$out" 2>&1; tally "$(basename "$t")" "$out" $?
done
for t in tests/cli_*.sh; do
    [ -f "$t" ] || continue
    start=$(date +%s); sh "$t" >"$out" 2>&1; tally "$(basename "$t")" "$out" $?
done
rm -f "$out"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
