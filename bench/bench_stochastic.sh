#!/bin/sh
# bench_stochastic.sh -- the stochastic solvers' figures (run by `make bench`):
# proposals per second per method, the textbook puzzle's median time for
# metropolis at T = 0.39 over 20 seeds, and per method the solved count and
# median / max time over 10 seeds on each puzzle of puzzles/named-hard.txt
# under a per-run cap (CAP seconds, default 1; LONGCAP, default 10, for the
# fixed-T anneal rows, which solve everything given the time), and
# sort-penalty / evolve on the textbook and Wikipedia puzzles (LONGCAP).
# Prints markdown tables; asserts nothing.  Times are wall clock on one core.
cd "$(dirname "$0")/.."
SUDOKU=${SUDOKU:-./sudoku}
CAP=${CAP:-1}
LONGCAP=${LONGCAP:-10}
SEEDS=${SEEDS:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep -v '^#' puzzles/named-hard.txt | awk '{print $4}' >"$tmp/hard.txt"
grep -v '^#' puzzles/named-hard.txt | awk '{print $1}' >"$tmp/names.txt"
inkala=$(grep '^inkala2012' puzzles/named-hard.txt | awk '{print $4}')

# stats lines -> "nodes ms" per record
figures() { sed -n 's/.* \(solved\|timeout\) nodes=\([0-9]*\) .*time=\([0-9.]*\)ms.*/\1 \2 \3/p'; }

echo "### Proposals per second (one core; 20M proposals on Watanabe's puzzle, seed 1)"
echo
echo "Rate = proposals / CPU seconds of the process (user time), so other load on the"
echo "machine does not count; wall-clock seconds are shown too."
echo
echo "| method | move | proposals | CPU s | wall s | proposals/s (CPU) |"
echo "|---|---|---:|---:|---:|---:|"
watanabe=$(grep '^watanabe2013' puzzles/named-hard.txt | awk '{print $4}')
rate() {   # rate LABEL MOVE ARGS...
    label=$1 move=$2; shift 2
    echo "$watanabe" >"$tmp/one.txt"
    /usr/bin/time -f "cpu %U" $SUDOKU solve "$@" --seed 1 --stats "$tmp/one.txt" >/dev/null 2>"$tmp/err"
    cpu=$(sed -n 's/^cpu //p' "$tmp/err")
    figures <"$tmp/err" | awk -v l="$label" -v m="$move" -v cpu="$cpu" \
        '{printf "| %s | %s | %d | %.2f | %.2f | %.1fM |\n", l, m, $2, cpu, $3 / 1000, $2 / (cpu > 0 ? cpu : $3 / 1000) / 1e6}'
}
rate "metropolis T=0.39" "set" --T 0.39 --max-iters 20000000
rate "anneal T=0.35" "swap" --method anneal --T 0.35 --max-iters 20000000
rate "anneal (schedule)" "swap" --method anneal --max-iters 20000000
rate "sort-penalty" "swap" --method sort-penalty --max-iters 20000000
rate "evolve" "swap + grids" --method evolve --epochs 100000 --restarts 0
echo

echo "### metropolis, T = 0.39, textbook puzzle, 20 seeds"
echo
for s in $(seq 1 20); do
    $SUDOKU solve --T 0.39 --seed "$s" --stats puzzles/book-metropolis.txt >/dev/null 2>>"$tmp/book"
done
figures <"$tmp/book" | sort -k3 -n | awk '{n++; t[n] = $3; p[n] = $2; ok += $1 == "solved"}
    END {printf "solved %d/%d, median %.2f ms (%d proposals), max %.2f ms\n\n", ok, n,
         (t[int((n+1)/2)] + t[int(n/2)+1]) / 2, (p[int((n+1)/2)] + p[int(n/2)+1]) / 2, t[n]}'

echo "### sort-penalty and evolve: textbook and Wikipedia puzzles, $SEEDS seeds, cap ${LONGCAP} s per run"
echo
echo "| method | puzzle | solved | median ms | max ms |"
echo "|---|---|---:|---:|---:|"
for m in sort-penalty evolve; do
    for f in book-metropolis wikipedia; do
        : >"$tmp/easy"
        for s in $(seq 1 "$SEEDS"); do
            $SUDOKU solve --method $m --seed "$s" --time-limit "$LONGCAP" --stats puzzles/$f.txt >/dev/null 2>>"$tmp/easy"
        done
        figures <"$tmp/easy" | sort -k3 -n | awk -v m=$m -v f=$f '{n++; t[n] = $3; ok += $1 == "solved"}
            END {printf "| %s | %s | %d/%d | %.0f | %.0f |\n", m, f, ok, n, (t[int((n+1)/2)] + t[int(n/2)+1]) / 2, t[n]}'
    done
done
echo

echo "### named-hard.txt: solved / $SEEDS seeds, median and max time (ms), cap ${CAP} s per run (${LONGCAP} s where marked)"
echo
bench_method() {   # bench_method LABEL CAP ARGS...
    label=$1 cap=$2; shift 2
    : >"$tmp/runs"
    for s in $(seq 1 "$SEEDS"); do
        $SUDOKU solve "$@" --seed "$s" --time-limit "$cap" --stats "$tmp/hard.txt" >/dev/null 2>"$tmp/err"
        figures <"$tmp/err" | paste -d' ' "$tmp/names.txt" - >>"$tmp/runs"
    done
    printf "| %s |" "$label"
    while read -r name; do
        grep "^$name " "$tmp/runs" | sort -k4 -n | awk '{n++; t[n] = $4; ok += $2 == "solved"}
            END {if (ok == n) printf " %d/%d %.0f/%.0f |", ok, n, (t[int((n+1)/2)] + t[int(n/2)+1]) / 2, t[n];
                 else printf " %d/%d |", ok, n}'
    done <"$tmp/names.txt"
    echo
}
printf "| method |"; tr '\n' '|' <"$tmp/names.txt" | sed 's/|/ | /g'; echo
printf "|---|"; sed 's/.*/---:|/' "$tmp/names.txt" | tr -d '\n'; echo
bench_method "metropolis T=0.39" "$CAP" --T 0.39
bench_method "anneal (schedule)" "$CAP" --method anneal
bench_method "anneal T=0.35 (${LONGCAP} s cap)" "$LONGCAP" --method anneal --T 0.35
bench_method "anneal T=0.35 --propagate" "$CAP" --method anneal --T 0.35 --propagate
bench_method "anneal T=0.5 --propagate" "$CAP" --method anneal --T 0.5 --propagate
bench_method "anneal T=0.5 --propagate --probe-every 0 (no probes)" "$CAP" --method anneal --T 0.5 --propagate --probe-every 0
bench_method "sort-penalty" "$CAP" --method sort-penalty
bench_method "evolve" "$CAP" --method evolve
echo
echo "(a cell is solved/runs median/max ms when every run solved it, else solved/runs)"
echo
# Under --propagate the chain shares its time with propagation probes: who found the answers?
for T in 0.35 0.5; do
    for s in $(seq 1 "$SEEDS"); do
        $SUDOKU solve --method anneal --T $T --propagate --seed "$s" --time-limit "$CAP" --stats "$tmp/hard.txt" \
            2>&1 >/dev/null | grep -v '^total'
    done | awk -v T=$T '/ solved /{n++; if (/found_by=probe/) p++; else if (/found_by=chain/) c++; else z++}
        END {printf "anneal T=%s --propagate: %d answers: %d by a probe, %d by the chain, %d by propagation alone\n", T, n, p, c, z}'
done
echo "(the target: the --propagate row's max under 100 ms on every puzzle; ant colony +"
echo " propagation, Lloyd & Amos 2019, has a worst run of 112 ms)"
