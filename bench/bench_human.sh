#!/bin/sh
# bench_human.sh -- the logical solver (`rate --human`) against Sudoku
# Explainer 1.2.1.3 (run by `make bench`).
#
# 1. Agreement on puzzles/se_rated_1000.txt, whose second column is SE's
#    ER/EP/ED: ER equal for the puzzles SE rates <= 6.2; within 0.1 and 0.3
#    for those rated 6.5-9.0; EP and ED equal; by band.  (Until the chains of
#    src/logic/chains.c exist, puzzles that need one stop at 20.0.)
# 2. Speed: puzzles/s of `rate --human` on se_rated_1000 and top1465, one
#    thread, pinned (CPU, default 1), median of RUNS (default 3), against
#    SE's own seconds in se_rated_1000's last column.  The time is the
#    process's CPU time (user + system, by /usr/bin/time) where that tool is
#    there: on a shared machine wall time mostly measures the neighbours.
#    With SE_CLASSES, SE is timed too, side by side on the same core, on
#    se_rated_1000 and on the first HARD_SE (default 2) of
#    forum_hardest_1905_11+: SE once, ours RUNS times before it and RUNS
#    times after (median of all), since the machine's speed can drift.
# 3. No hang: the first 300 of forum_hardest_1905_11+ with --time-limit 2.
# Prints figures, asserts nothing.
cd "$(dirname "$0")/.."
SUDOKU=${SUDOKU:-./sudoku}
RUNS=${RUNS:-3}
CPU=${CPU:-1}
pin=""
if command -v taskset >/dev/null 2>&1 && taskset -c "$CPU" true 2>/dev/null; then
    pin="taskset -c $CPU"
fi
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT

set=puzzles/se_rated_1000.txt
grep -v '^#' "$set" >"$T/se.txt"
$SUDOKU rate --human --format csv "$T/se.txt" | tail -n +2 | cut -d, -f4-6 | tr ',' ' ' >"$T/ours.txt"
awk '{split($2, a, "/"); print a[1], a[2], a[3]}' "$T/se.txt" | paste -d' ' - "$T/ours.txt" | awk '
function band(x) { return x <= 6.25 ? "<=6.2" : x < 6.45 ? "6.3-6.4" : x <= 9.05 ? "6.5-9.0" : ">9.0" }
function abs(x) { return x < 0 ? -x : x }
{
    b = band($1); n[b]++; total++
    d = abs($1 - $4)
    eq[b] += d < 0.05; w1[b] += d < 0.15; w3[b] += d < 0.35; stuck[b] += $4 >= 19.95
    epq += abs($2 - $5) < 0.05; edq += abs($3 - $6) < 0.05
}
END {
    print "| SE band | puzzles | ER equal | within 0.1 | within 0.3 | unsolved (20.0) |"
    print "|---|---|---|---|---|---|"
    split("<=6.2 6.3-6.4 6.5-9.0 >9.0", order, " ")
    for (i = 1; i <= 4; i++) { b = order[i]; if (!n[b]) continue
        printf "| %s | %d | %.1f%% | %.1f%% | %.1f%% | %d |\n", b, n[b], 100 * eq[b] / n[b], 100 * w1[b] / n[b], 100 * w3[b] / n[b], stuck[b] }
    printf "EP equal: %.1f%%, ED equal: %.1f%% (of %d)\n", 100 * epq / total, 100 * edq / total, total
}'

# Speed, one thread: median of RUNS.
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
se_mean=$(awk '{s = $NF; sub(/s$/, "", s); t += s} END {printf "%.4f", t / NR}' "$T/se.txt")
for f in "$T/se.txt" puzzles/puzzles3_magictour_top1465; do
    n=$($SUDOKU rate --human "$f" | wc -l | tr -d " ")
    secs=$(for r in $(seq "$RUNS"); do
        if [ -x /usr/bin/time ]; then
            /usr/bin/time -f '%U %S' -o "$T/time" $pin $SUDOKU rate --human "$f" >/dev/null
            awk '{ printf "%d\n", ($1 + $2) * 1e6 }' "$T/time"
        else
            s=$(date +%s%N); $pin $SUDOKU rate --human "$f" >/dev/null; e=$(date +%s%N)
            echo "$(( (e - s) / 1000 ))"
        fi
    done | median)
    name=$(basename "$f"); [ "$f" = "$T/se.txt" ] && name=se_rated_1000
    awk -v n="$n" -v us="$secs" -v se="$se_mean" -v name="$name" 'BEGIN {
        s = us / 1e6; printf "%s: %d puzzles in %.3f s, %.0f puzzles/s, %.3f ms a puzzle", name, n, s, n / s, 1000 * s / n
        if (name == "se_rated_1000") printf " (SE: %.3f s a puzzle here, %.0fx)", se, se / (s / n)
        printf "\n" }'
done

# Side by side with SE (below): our CPU seconds on file $1, RUNS times, a
# line each (the ratings into $2).
ours_cpu() {
    for r in $(seq "$RUNS"); do
        /usr/bin/time -f '%U %S' -o "$T/time" $pin $SUDOKU rate --human "$1" >"$2"
        awk '{ print $1 + $2 }' "$T/time"
    done
}
# SE once on a file, ours RUNS times before and RUNS times after it (the
# machine's speed drifts over SE's minutes): the median of ours.
side_by_side() {   # FILE LABEL OURS_OUT SE_OUT
    before=$(ours_cpu "$1" "$3")
    /usr/bin/time -f '%U %S' -o "$T/setime" $pin java -Xss16m -cp "$SE_CLASSES" diuf.sudoku.test.serate \
        --format='%r' --input="$1" >"$4" 2>/dev/null
    after=$(ours_cpu "$1" "$3")
    s=$(printf '%s\n' $before $after | median)
    awk -v se="$(awk '{print $1 + $2}' "$T/setime")" -v s="$s" -v label="$2" -v runs="$(echo $before $after)" 'BEGIN {
        printf "%s side by side, one core: SE %.2f s, ours %.3f s (median; runs %s): %.0fx\n", label, se, s, runs, se / s }'
}

# SE itself, side by side on the same core, when SE_CLASSES points at a built
# SE 1.2.1.3: the file's own column was timed elsewhere (pinned here, idle, SE
# took 48.5 s of CPU for what the column says took 79.9 s).
if [ -n "${SE_CLASSES:-}" ] && [ -d "$SE_CLASSES" ] && command -v java >/dev/null 2>&1 && [ -x /usr/bin/time ]; then
    side_by_side "$T/se.txt" se_rated_1000 /dev/null /dev/null
fi

# The same on the hardest (forum_hardest_1905_11+, nested forcing chains):
# the first HARD_SE puzzles (default 2; SE takes over a minute for each),
# when SE_CLASSES is set.
if [ -n "${SE_CLASSES:-}" ] && [ -d "$SE_CLASSES" ] && command -v java >/dev/null 2>&1 && [ -x /usr/bin/time ] &&
   [ "${HARD_SE:-2}" -gt 0 ]; then
    head -"${HARD_SE:-2}" "puzzles/puzzles5_forum_hardest_1905_11+" >"$T/hard_se.txt"
    side_by_side "$T/hard_se.txt" "forum_hardest_1905_11+ (first ${HARD_SE:-2})" "$T/hard_ours.out" "$T/hard_se.out"
    paste -d' ' "$T/hard_se.out" "$T/hard_ours.out" | awk '{ er = $3; sub(/^er=/, "", er); d += ($1 != er) }
        END { printf "  ER equal on %d of %d\n", NR - d, NR }'
fi

# No puzzle hangs: the hardest known, with a time limit.
head -300 "puzzles/puzzles5_forum_hardest_1905_11+" >"$T/hard.txt"
s=$(date +%s%N)
$SUDOKU rate --human --time-limit 2 "$T/hard.txt" >"$T/hard.out"
e=$(date +%s%N)
awk -v ms="$(( (e - s) / 1000000 ))" '{ w = ($0 ~ / er=/) ? "rated" : $NF; c[w]++ }
    END { printf "forum_hardest_1905_11+ (first 300, --time-limit 2): %d ms;", ms; for (k in c) printf " %s %d", k, c[k]; printf "\n" }' "$T/hard.out"

# Fresh puzzles (not the file above): when SE_CLASSES points at a built SE
# 1.2.1.3 (see docs/human.md) and java is there, rate puzzles from our own
# generator with both and compare; otherwise say how.
if [ -n "${SE_CLASSES:-}" ] && [ -d "$SE_CLASSES" ] && command -v java >/dev/null 2>&1; then
    { $SUDOKU generate --count 200 --difficulty 10 --symmetry none --seed "${SEED:-13}" -q
      $SUDOKU generate --count 100 --seed "${SEED:-13}" -q; } 2>/dev/null >"$T/fresh.txt"
    java -Xss16m -cp "$SE_CLASSES" diuf.sudoku.test.serate --format='%g %r/%p/%d' --input="$T/fresh.txt" \
        2>/dev/null | awk '{print $2}' | tr '/' ' ' >"$T/fresh_se.txt"
    $SUDOKU rate --human --format csv "$T/fresh.txt" | tail -n +2 | cut -d, -f4-6 | tr ',' ' ' |
        paste -d' ' "$T/fresh_se.txt" - | awk '
        { d = $1 - $4; d = d < 0 ? -d : d; if ($1 <= 6.25) { n++; eq += d < 0.05 } else m++
          ep += ($2 - $5) ^ 2 < 0.0025; ed += ($3 - $6) ^ 2 < 0.0025 }
        END { printf "fresh puzzles (seed %s): ER equal on %d of %d SE rates <= 6.2; EP equal %d, ED equal %d of %d; %d rated above 6.2\n",
              ENVIRON["SEED"] ? ENVIRON["SEED"] : 13, eq, n, ep, ed, n + m, m }'
else
    echo "fresh puzzles: skipped (set SE_CLASSES to a built Sudoku Explainer 1.2.1.3 classes directory, with java, to compare on new puzzles)"
fi
