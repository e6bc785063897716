#!/bin/sh
# bench_sizes.sh -- the general exact solver (src/exact/exact.c) on large boards
# (run by `make bench`).
#
# 1. `sudoku count` (limit 2: a whole proof of uniqueness) of every puzzle in
#    puzzles/sizes/{12x12,16x16,25x25}.txt: solver microseconds a file (the
#    sum of --stats per-puzzle times, parsing excluded) and of its slowest
#    puzzle (the target is a puzzle's), medians of RUNS runs; nodes.
# 2. `sudoku generate --size 16`, `--size 25 --clues 281` and `--clues 260`
#    and `--size 25` (its default 231 clues: below what the clue chain
#    reaches, so every run is capped), seeds 1..SEEDS: median and max CPU
#    seconds a puzzle (perf's task-clock; wall seconds without perf; each run
#    capped at CAP seconds, and a capped run is marked).
# 3. If DLX_DIR points at a hand-built jlaire/dlx-cpp (build/dlx; a generic
#    Dancing Links exact-cover solver, counting every solution), the same
#    puzzles through it as exact-cover matrices (made here with awk, outside
#    the timing), side by side: wall ms a puzzle, best of RUNS, both sides
#    process start included.
# 4. build/bench/general_bench: 9x9 puzzles (generated, 25 clues; top1465)
#    counted to 2 by the kernel and by the general solver, on the plain board
#    and as a jigsaw whose regions are the boxes (every 9x9 variant's path):
#    CPU us a puzzle, median of RUNS passes, and the ratio to the kernel.
# Pinned to one core with taskset when available (CPU, default 1).  Prints
# figures, asserts nothing.
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
SEEDS=${SEEDS:-10}
CAP=${CAP:-30}
CPU=${CPU:-1}
SUDOKU=${SUDOKU:-./sudoku}
pin=""
if command -v taskset >/dev/null 2>&1 && taskset -c "$CPU" true 2>/dev/null; then
    pin="taskset -c $CPU"
fi
[ -x "$SUDOKU" ] || { echo "bench_sizes: $SUDOKU is missing"; exit 0; }
tmp=$(mktemp -d /tmp/bench_sizes.XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

echo "### General exact solver: count to 2 of puzzles/sizes (one core, median of $RUNS)"
echo
echo "| file | puzzles | solver us (sum over the file) | us/puzzle | slowest puzzle us | nodes |"
echo "|---|---:|---:|---:|---:|---:|"
for size in 12x12 16x16 25x25; do
    f=puzzles/sizes/$size.txt
    [ -f "$f" ] || continue
    for _ in $(seq "$RUNS"); do
        $pin "$SUDOKU" count --stats "$f" 2>&1 >/dev/null | awk '
            /^total:/ { for (i = 1; i <= NF; i++) if ($i ~ /^nodes=/) { sub("nodes=", "", $i); nd = $i }; k = $2 }
            / time=[0-9.]*ms/ { for (i = 1; i <= NF; i++) if ($i ~ /^time=/) { sub("time=", "", $i); sub("ms$", "", $i); t += $i; if ($i + 0 > m) m = $i + 0 } }
            END { printf "%.1f %s %s %.1f\n", t * 1e3, k, nd, m * 1e3 }'
    done > "$tmp/runs"
    us=$(cut -d' ' -f1 "$tmp/runs" | median)
    slowest=$(cut -d' ' -f4 "$tmp/runs" | median)
    head -1 "$tmp/runs" | awk -v name="$size" -v us="$us" -v sl="$slowest" \
        '{ printf "| %s | %s | %.0f | %.0f | %.0f | %s |\n", name, $2, us, us / $2, sl, $3 }'
done
echo

# CPU seconds (perf's task-clock, when perf can count) rather than wall:
# other jobs on the core inflate wall time, not CPU time.
clock=wall
if command -v perf >/dev/null 2>&1 && perf stat -x, -e task-clock -o "$tmp/ps" true 2>/dev/null; then
    clock=CPU
fi
echo "### generate --size N, seeds 1..$SEEDS ($clock seconds a puzzle, one core, cap $CAP s)"
echo
echo "| size | median s | max s | capped |"
echo "|---|---:|---:|---:|"
for row in 16 25:281 25:260 25; do
    n=${row%%:*}
    clues=""
    [ "$row" = "$n" ] || clues="--clues ${row#*:}"
    : > "$tmp/gen"
    capped=0
    for seed in $(seq "$SEEDS"); do
        t0=$(date +%s.%N)
        # shellcheck disable=SC2086
        if [ $clock = CPU ]; then
            perf stat -x, -e task-clock -o "$tmp/ps" timeout "$CAP" $pin "$SUDOKU" generate --size "$n" $clues \
                --seed "$seed" -q >/dev/null 2>&1 || capped=$((capped + 1))
            awk -F, '/task-clock/ { printf "%.4f\n", $1 / 1000 }' "$tmp/ps" >> "$tmp/gen"
            continue
        fi
        # shellcheck disable=SC2086
        if ! timeout "$CAP" $pin "$SUDOKU" generate --size "$n" $clues --seed "$seed" -q >/dev/null 2>&1; then
            capped=$((capped + 1))
        fi
        t1=$(date +%s.%N)
        echo "$t0 $t1" | awk '{ printf "%.3f\n", $2 - $1 }' >> "$tmp/gen"
    done
    med=$(median < "$tmp/gen")
    max=$(sort -g "$tmp/gen" | tail -1)
    echo "| $n${clues:+ $clues} | $med | $max | $capped |"
done
echo

# general_bench has no Makefile rule: built here from the library if missing.
if [ ! -x build/bench/general_bench ] && [ -f build/libsudoku-test.a ]; then
    mkdir -p build/bench
    ${CC:-cc} -O2 -march=native -Iinclude -o build/bench/general_bench bench/general_bench.c build/libsudoku-test.a \
        -lm -lpthread 2>/dev/null || ${CC:-cc} -O2 -Iinclude -o build/bench/general_bench bench/general_bench.c \
        build/libsudoku-test.a -lm -lpthread
fi
if [ -x build/bench/general_bench ]; then
    echo "### 9x9 through the general solver against the kernel (count to 2, CPU us a puzzle, median of $RUNS)"
    echo
    "$SUDOKU" generate -q --seed 5 --count 200 --clues 25 > "$tmp/gen25.txt"
    $pin build/bench/general_bench -r "$RUNS" "$tmp/gen25.txt" puzzles/puzzles3_magictour_top1465
    echo
fi

if [ -z "${DLX_DIR:-}" ] || [ ! -x "$DLX_DIR/build/dlx" ]; then
    echo "bench_sizes: DLX_DIR does not hold build/dlx (jlaire/dlx-cpp); skipping the DLX comparison."
    exit 0
fi
echo "### Side by side with Dancing Links (jlaire/dlx-cpp, generic exact cover; wall ms a puzzle, best of $RUNS)"
echo
echo "| puzzle | sudoku count (limit 2) ms | dlx (all solutions) ms | dlx / ours |"
echo "|---|---:|---:|---:|"
best() {   # best wall ms of RUNS runs of the command in "$@"
    b=""
    for _ in $(seq "$RUNS"); do
        t0=$(date +%s.%N)
        "$@" >/dev/null 2>&1
        t1=$(date +%s.%N)
        b=$(echo "$t0 $t1 ${b:-1e9}" | awk '{ t = ($2 - $1) * 1000; print (t < $3 ? t : $3) }')
    done
    echo "$b"
}
for size in 16x16 25x25; do
    f=puzzles/sizes/$size.txt
    [ -f "$f" ] || continue
    k=0
    while IFS= read -r line; do
        case "$line" in ''|'#'*) continue ;; esac
        k=$((k + 1))
        printf '%s\n' "$line" > "$tmp/p.txt"
        # Exact cover: columns cell, row-digit, column-digit, box-digit (n*n
        # each); a row per candidate that no given rules out, and the givens.
        awk '{
            len = length($0); n = int(sqrt(len) + 0.5); b = int(sqrt(n) + 0.5)
            for (i = 0; i < len; i++) {
                ch = substr($0, i + 1, 1)
                d = index("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", ch)
                v[i] = d; r = int(i / n); c = i % n; x = int(r / b) * b + int(c / b)
                if (d) { R[r, d] = 1; C[c, d] = 1; X[x, d] = 1 }
            }
            print 4 * n * n
            for (i = 0; i < len; i++) {
                r = int(i / n); c = i % n; x = int(r / b) * b + int(c / b)
                for (d = 1; d <= n; d++) {
                    if (v[i] ? v[i] != d : (R[r, d] || C[c, d] || X[x, d])) continue
                    print i, n * n + r * n + d - 1, 2 * n * n + c * n + d - 1, 3 * n * n + x * n + d - 1
                }
            }
        }' "$tmp/p.txt" > "$tmp/m.txt"
        ours=$(best $pin "$SUDOKU" count "$tmp/p.txt")
        theirs=$(best sh -c "$pin $DLX_DIR/build/dlx -s < $tmp/m.txt")
        echo "$size:$k $ours $theirs" | awk '{ printf "| %s | %.1f | %.1f | %.2fx |\n", $1, $2, $3, ($2 > 0 ? $3 / $2 : 0) }'
    done < "$f"
done
