#!/bin/sh
# bench_humangen.sh -- `make bench`: puzzles a second of `generate --level`
# and of ER bands (7.0-7.5, >= 8.0), -j 1 and -j 2, wall clock and CPU
# seconds (the CPU figure is what a core gives when the machine is shared);
# then a sample of each band's puzzles rated by Sudoku Explainer 1.2.1.3
# itself (serate, /work/ref/se or SE_CLASSES=the directory of its classes),
# counted in band within 0.1, or skipped with a note.  HG_COUNT (default 20)
# puzzles a band, HG_RARE (default 4) for ER >= 8 and extreme.  Figures are
# printed, never asserted.
cd "$(dirname "$0")/.." || exit 1
SUDOKU=${SUDOKU:-./sudoku}
COUNT=${HG_COUNT:-20}
RARE=${HG_RARE:-4}
SE=${SE_CLASSES:-/work/ref/se/classes}
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
have_time=0
[ -x /usr/bin/time ] && have_time=1

# run NAME COUNT JOBS ARGS...: one line of figures; the puzzles go to $T/NAME.txt
run() {
    name=$1 count=$2 jobs=$3
    shift 3
    start=$(date +%s.%N)
    if [ $have_time = 1 ]; then
        /usr/bin/time -f "%U %S" -o "$T/cpu" $SUDOKU generate -q --seed 1 -n "$count" -j "$jobs" "$@" >"$T/$name.txt"
    else
        $SUDOKU generate -q --seed 1 -n "$count" -j "$jobs" "$@" >"$T/$name.txt"
        echo "0 0" >"$T/cpu"
    fi
    end=$(date +%s.%N)
    awk -v n="$count" -v s="$start" -v e="$end" -v name="$name" -v j="$jobs" '{
        cpu = $1 + $2; wall = e - s
        printf "%-14s -j %d  %3d puzzles  wall %7.2f s  %8.1f /s   cpu %7.2f s  %8.1f /s a core\n",
               name, j, n, wall, n / wall, cpu, (cpu > 0 ? n / cpu : 0) }' "$T/cpu"
}

set -- easy medium hard fiendish diabolical extreme
for level in "$@"; do
    n=$COUNT
    [ "$level" = extreme ] && n=$RARE
    for j in 1 2; do
        run "$level" "$n" "$j" --level "$level"
    done
done
for j in 1 2; do
    run "er7.0-7.5" "$COUNT" "$j" --min-er 7.0 --max-er 7.5
    run "er8.0+" "$RARE" "$j" --min-er 8.0
done

# Sudoku Explainer's own ratings of up to 5 puzzles a band.
if [ ! -d "$SE" ] || ! command -v java >/dev/null 2>&1; then
    echo "SE cross-check skipped: no serate classes at $SE (set SE_CLASSES) or no java"
    exit 0
fi
echo "SE 1.2.1.3 cross-check (up to 5 puzzles a band; in band = within 0.1 of it):"
for band in "easy 1.0 1.5" "medium 1.6 2.5" "hard 2.6 4.4" "fiendish 4.5 6.2" "diabolical 6.3 8.9" \
    "extreme 9.0 19.9" "er7.0-7.5 7.0 7.5" "er8.0+ 8.0 19.9"; do
    set -- $band
    head -5 "$T/$1.txt" | cut -c1-81 >"$T/se_in.txt"
    java -Xss16m -cp "$SE" diuf.sudoku.test.serate --format='%r' --input="$T/se_in.txt" 2>/dev/null >"$T/se_out.txt"
    head -5 "$T/$1.txt" | sed 's/.* er=\([0-9.]*\) .*/\1/' >"$T/ours.txt"
    paste -d' ' "$T/se_out.txt" "$T/ours.txt" | awk -v name="$1" -v lo="$2" -v hi="$3" '
        { n++; if ($1 + 0 >= lo - 0.101 && $1 + 0 <= hi + 0.101) inb++; if ($1 == $2) same++
          list = list " " $1 "/" $2 }
        END { printf "  %-12s SE in band %d/%d, SE = ours %d/%d  (SE/ours:%s)\n", name, inb, n, same, n, list }'
done
