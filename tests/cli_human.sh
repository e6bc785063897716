#!/bin/sh
# cli_human.sh -- `rate --human`, `explain` and `hint`: SE's ER/EP/ED through
# the CLI, explain's json replayed on the candidates (never a solution digit
# removed, never a wrong digit placed, ending at the solution), the candidate
# formats, hostile records, -j, budgets and the exit codes.
. tests/lib.sh

# ER/EP/ED of the first puzzles SE rates <= 6.2, as puzzles/se_rated_1000.txt lists them.
grep -v '^#' puzzles/se_rated_1000.txt | awk '{split($2, a, "/"); if (a[1] + 0 <= 6.2) print}' | head -120 >"$T/low.txt"
want=$(awk '{print $2}' "$T/low.txt")
got=$($SUDOKU rate --human --format csv "$T/low.txt" | tail -n +2 | awk -F, '{print $4 "/" $5 "/" $6}')
expect "ER/EP/ED of 120 puzzles" "$got" "$want"
got=$($SUDOKU rate --human --format csv -j 2 "$T/low.txt" | tail -n +2 | awk -F, '{print $4 "/" $5 "/" $6}')
expect "same with -j 2" "$got" "$want"

# Line and json formats.
p=$(head -1 "$T/low.txt" | cut -c1-81)
line=$(echo "$p" | $SUDOKU rate --human)
pdot=$(echo "$p" | tr 0 .)         # (the puzzle first, as the reader wrote it back)
case "$line" in "$pdot "er=[0-9]*.[0-9]\ ep=[0-9]*.[0-9]\ ed=[0-9]*.[0-9]\ level=*\ hardest=\"*\") ok ;; *) bad "line: $line" ;; esac
json=$(echo "$p" | $SUDOKU rate --human --format json)
case "$json" in *'"er":'[0-9]*'"ep":'[0-9]*'"ed":'[0-9]*'"level":"'*'"hardest":"'*) ok ;; *) bad "json: $json" ;; esac
$SUDOKU rate --help | grep -q -- '--human' && ok || bad "rate --help names --human"

# explain --format json, replayed: every step sound, the path ends at the solution.
head -40 "$T/low.txt" | cut -c1-81 >"$T/p40.txt"
$SUDOKU solve "$T/p40.txt" >"$T/sol.txt"
$SUDOKU explain --format json "$T/p40.txt" >"$T/ex.json"
expect "explain: one record a puzzle" "$(wc -l <"$T/ex.json" | tr -d ' ')" 40
paste -d' ' "$T/sol.txt" "$T/ex.json" | awk '
function cells(s, out,   n, t) {   # "[r,c,d],..." -> out[1..n] = "r c d"
    n = 0
    while (match(s, /[0-9]+,[0-9]+,[0-9]+/)) {
        t = substr(s, RSTART, RLENGTH); gsub(",", " ", t); out[++n] = t
        s = substr(s, RSTART + RLENGTH)
    }
    return n
}
{
    sol = $1; line = substr($0, length(sol) + 2)
    match(line, /"puzzle":"[^"]*"/); puz = substr(line, RSTART + 10, 81)
    for (i = 1; i <= 81; i++) g[i] = substr(puz, i, 1)
    nst = split(line, st, /\{"technique":/)
    for (k = 2; k <= nst; k++) {
        s = st[k]
        pl = s; sub(/.*"placements":/, "", pl); sub(/,"eliminations":.*/, "", pl)
        el = s; sub(/.*"eliminations":/, "", el); sub(/,"text":.*/, "", el)
        n = cells(pl, P)
        for (i = 1; i <= n; i++) { split(P[i], v, " "); c = (v[1] - 1) * 9 + v[2]
            if (substr(sol, c, 1) != v[3]) { print "wrong placement " P[i] " in " puz; bad++ } ; g[c] = v[3] }
        n = cells(el, E)
        for (i = 1; i <= n; i++) { split(E[i], v, " "); c = (v[1] - 1) * 9 + v[2]
            if (substr(sol, c, 1) == v[3]) { print "solution digit removed " E[i] " in " puz; bad++ } }
    }
    r = ""; for (i = 1; i <= 81; i++) r = r g[i]
    if (r != sol) { print "path does not end at the solution: " puz; bad++ }
    steps += nst - 1
}
END { print steps " steps"; exit bad > 0 }' >"$T/replay.txt"
check "explain json replay" $? "$(head -3 "$T/replay.txt")"
steps=$(tail -1 "$T/replay.txt" | cut -d" " -f1)
[ "${steps:-0}" -gt 1000 ] && ok || bad "replay saw only ${steps:-0} steps"

# hint: a puzzle, its 729-character pencilmarks, 81 groups on a line and a
# 9-row grid with borders all give the same first step.
h1=$(echo "$p" | $SUDOKU hint)
pm=$(echo "$p" | awk '{
    for (i = 1; i <= 81; i++) v[i] = substr($0, i, 1)
    for (c = 1; c <= 81; c++) {
        r = int((c - 1) / 9); k = (c - 1) % 9; b = int(r / 3) * 3 + int(k / 3)
        if (v[c] != "0" && v[c] != ".") { s = ""; for (d = 1; d <= 9; d++) s = s (d == v[c] ? d : "."); out = out s; continue }
        for (d = 1; d <= 9; d++) used[d] = 0
        for (o = 1; o <= 81; o++) { rr = int((o - 1) / 9); kk = (o - 1) % 9; bb = int(rr / 3) * 3 + int(kk / 3)
            if ((rr == r || kk == k || bb == b) && v[o] ~ /[1-9]/) used[v[o]] = 1 }
        s = ""; for (d = 1; d <= 9; d++) s = s (used[d] ? "." : d); out = out s
    }
    print out }')
expect "729 characters" "$(printf '%s' "$pm" | wc -c | tr -d ' ')" 729
expect "hint from 729 pencilmarks" "$(echo "$pm" | $SUDOKU hint)" "$h1"
groups=$(echo "$pm" | awk '{ for (c = 0; c < 81; c++) { s = substr($0, c * 9 + 1, 9); gsub(/\./, "", s); printf "%s%s", (c ? " " : ""), s } print "" }')
expect "hint from 81 groups" "$(echo "$groups" | $SUDOKU hint)" "$h1"
echo "$groups" | awk '{ for (r = 0; r < 9; r++) { l = ""; for (c = 0; c < 9; c++) l = l (c == 3 || c == 6 ? " | " : (c ? " " : "")) $(r * 9 + c + 1); print l; if (r == 2 || r == 5) print "------+-------+------" } }' >"$T/grid.txt"
expect "hint from a 9-row candidate grid" "$($SUDOKU hint "$T/grid.txt")" "$h1"
# A position whose candidates rule out the solution is not hinted.
bad729=$(echo "$pm" | awk -v s="$(head -1 "$T/sol.txt")" '{
    for (c = 1; c <= 81; c++) if (substr($0, (c - 1) * 9 + 1, 9) ~ /[1-9].*[1-9]/) { d = substr(s, c, 1); print substr($0, 1, (c - 1) * 9 + d - 1) "." substr($0, (c - 1) * 9 + d + 1); exit } }')
expect "candidates without the solution" "$(echo "$bad729" | $SUDOKU hint)" unsolvable

# Hostile candidate records: one-line errors, the batch goes on, exit 3.
printf '%s\n%s\n%s\n%s\n' "$(echo "$pm" | cut -c1-728)" "$(echo "$pm" | sed 's/1/x/')" "$p" "1 2 3 4 5 6 7 8 9" >"$T/hostile.txt"
$SUDOKU hint "$T/hostile.txt" >"$T/h.out" 2>"$T/h.err"
rc=$?
expect "hostile: exit 3" "$rc" 3
expect "hostile: one record each" "$(wc -l <"$T/h.out" | tr -d ' ')" 4
expect "hostile: the valid one answered" "$(sed -n 3p "$T/h.out")" "$h1"
grep -q "^$T/hostile.txt:1: " "$T/h.err" && ok || bad "FILE:LINE error: $(cat "$T/h.err")"

# All 1000, chains included: SE's ER/EP/ED (the finders' memories of earlier
# steps, docs/human.md "How the ladder is kept fast", change none).
grep -v '^#' puzzles/se_rated_1000.txt >"$T/all.txt"
want=$(awk '{print $2}' "$T/all.txt")
got=$($SUDOKU rate --human --format csv "$T/all.txt" | tail -n +2 | awk -F, '{print $4 "/" $5 "/" $6}')
expect "ER/EP/ED of all 1000 puzzles" "$got" "$want"

# The finders remember, per thread, what the last search that found nothing
# saw (aligned exclusion, unique loops, chains' houses...): a puzzle's path
# must not depend on the puzzles rated before it.  Hard ones (ER 4.5 up),
# in a batch, in reverse order and each alone: the same steps.
grep -v '^#' puzzles/se_rated_1000.txt | awk '{split($2, a, "/"); if (a[1] + 0 >= 4.5) print $1}' |
    awk 'NR % 4 == 1' | head -24 >"$T/hard.txt"
unline() { sed 's/"line":[0-9]*,//'; }
$SUDOKU explain --format json "$T/hard.txt" | unline >"$T/batch.json"
tac "$T/hard.txt" >"$T/hard_rev.txt"
$SUDOKU explain --format json "$T/hard_rev.txt" | unline | tac >"$T/rev.json"
: >"$T/alone.json"
while read -r q; do echo "$q" | $SUDOKU explain --format json | unline >>"$T/alone.json"; done <"$T/hard.txt"
expect "explain: 24 hard puzzles" "$(wc -l <"$T/batch.json" | tr -d ' ')" 24
cmp -s "$T/batch.json" "$T/alone.json" && ok || bad "explain in a batch differs from each puzzle alone"
cmp -s "$T/rev.json" "$T/alone.json" && ok || bad "explain in reverse order differs from each puzzle alone"

# Not unique, budgets, exit codes.
expect "multiple" "$(echo ................................................................................. | $SUDOKU explain)" multiple
echo ................................................................................. | $SUDOKU rate --human >/dev/null
expect "exit 1 for a multiple-solution puzzle" "$?" 1
expect "timeout" "$(echo "$p" | $SUDOKU rate --human --time-limit 0.0000001)" "$pdot timeout"
expect "solved position" "$(head -1 "$T/sol.txt" | $SUDOKU hint)" solved

summary cli_human
