#!/bin/sh
# tests/run.sh BUILD_TESTS_DIR SUDOKU -- runs every unit test program and
# every CLI test script, adds up their "N passed, N failed" lines and ends
# with the total.  Exits non-zero if anything failed or a test did not report.
#
# TEST_SKIP names tests not to run (e.g. "cli_timelimits cli_budgets"; each
# named on a line); TEST_CLI=no runs the unit test programs alone.
# TEST_JOBS tests run at once (default: the cores); a script that measures
# wall time or signals a running process says "# run alone" on a line of
# its own and runs after the others, by itself, so load from its neighbours
# cannot fail it.  Results are printed in the same order whatever TEST_JOBS.
if [ "${1:-}" = --one ]; then       # run.sh --one OUTDIR TEST: one test, for xargs
    o=$2/$(basename "$3")
    start=$(date +%s)
    case $3 in *.sh) sh "$3" ;; *) "$3" ;; esac >"$o.out" 2>&1
    echo "$? $(($(date +%s) - start))" >"$o.rc"
    exit 0
fi
dir=$1
SUDOKU=${2:-./sudoku}
export SUDOKU
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

all=
scripts=tests/cli_*.sh
[ "${TEST_CLI:-yes}" = no ] && scripts=
for t in "$dir"/unit_* $scripts; do
    case " ${TEST_SKIP:-} " in *" $(basename "$t" .sh) "*)
        echo "skipped $(basename "$t" .sh) (TEST_SKIP)"; continue ;;
    esac
    case $t in *.sh) [ -f "$t" ] ;; *) [ -x "$t" ] ;; esac && all="$all $t"
done
alone=
shared=
for t in $all; do
    case $t in *.sh) grep -q '^# run alone' "$t" && { alone="$alone $t"; continue; } ;; esac
    shared="$shared $t"
done
printf '%s\n' $shared | xargs -P "$jobs" -I{} sh tests/run.sh --one "$out" {}
for t in $alone; do
    sh tests/run.sh --one "$out" "$t"
done

passed=0
failed=0
for t in $all; do
    name=$(basename "$t")
    read -r code secs <"$out/$name.rc"
    line=$(grep -E '^[^ ]+: [0-9]+ passed, [0-9]+ failed$' "$out/$name.out" | tail -n 1)
    if [ -z "$line" ]; then
        echo "FAIL $name: no summary line (exit $code)"; tail -n 5 "$out/$name.out"
        failed=$((failed + 1)); continue
    fi
    p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed/\1/')
    f=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed/\2/')
    if [ "$code" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; echo "FAIL $name: exit code $code"; fi
    passed=$((passed + p)); failed=$((failed + f))
    grep -E '^(FAIL|not ok|SKIP)' "$out/$name.out"
    echo "$line ($secs s)"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
