#!/bin/sh
# cli_explain.sh -- the text of `explain` and `hint` steps through the CLI:
# every step's text begins with its result (docs/human.md, "Step text"), the
# same placements and eliminations as the json's, exactly; chain steps say
# what they assumed and what broke; the line format carries the json's text.
# Over SE's chain puzzles and positions (tests/data/chains_se.txt,
# chains_nested.txt) and the puzzles SE rates 6.5-9.0 in
# puzzles/se_rated_1000.txt (each needs a chain).
. tests/lib.sh

grep -v '^#' puzzles/se_rated_1000.txt | awk '{split($2, a, "/"); if (a[1] + 0 >= 6.5) print substr($1, 1, 81)}' >"$T/chains.txt"
expect "SE's chain puzzles" "$(wc -l <"$T/chains.txt" | tr -d ' ')" 297
$SUDOKU explain --format json -j 2 "$T/chains.txt" tests/data/chains_se.txt tests/data/chains_nested.txt >"$T/ex.json"
expect "explain: one record a puzzle" "$(wc -l <"$T/ex.json" | tr -d ' ')" $((297 + 110 + 5))

# For each step: the json's placements and eliminations, and the result read
# from the start of the text (item ", " item ...; an item is rRcC=d or
# rRcC,rRcC<>ddd), each as a sorted list of "r c d"; they must be equal.
awk '
function sorted(a, n,   i, j, t, s) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    s = ""; for (i = 1; i <= n; i++) s = s a[i] ";"
    return s
}
function json_cands(s,   n, t, out) {   # "[r,c,d],..." -> "r c d;..."
    n = 0
    while (match(s, /[0-9]+,[0-9]+,[0-9]+/)) {
        t = substr(s, RSTART, RLENGTH); gsub(",", " ", t); out[++n] = t
        s = substr(s, RSTART + RLENGTH)
    }
    return sorted(out, n)
}
# The result at the start of text t into PL and EL ("r c d;..."), and the
# rest into REST; 0 if the text starts with no result.
function text_cands(t,   item, cells, nc, i, j, d, np, ne, pl, el, c) {
    np = ne = 0
    for (item = 0; ; item++) {
        if (item) { if (substr(t, 1, 2) != ", ") break; t = substr(t, 3) }
        if (match(t, /^r[0-9]+c[0-9]+=[1-9]/)) {
            c = substr(t, 2, RLENGTH - 1); sub(/c/, " ", c); sub(/=/, " ", c); pl[++np] = c
            t = substr(t, RLENGTH + 1); continue
        }
        if (!match(t, /^r[0-9]+c[0-9]+(,r[0-9]+c[0-9]+)*<>[1-9]+/)) return 0
        c = substr(t, 1, RLENGTH); t = substr(t, RLENGTH + 1)
        split(c, parts, "<>"); nc = split(parts[1], cells, ",")
        for (i = 1; i <= nc; i++) {
            sub(/^r/, "", cells[i]); sub(/c/, " ", cells[i])
            for (j = 1; j <= length(parts[2]); j++) el[++ne] = cells[i] " " substr(parts[2], j, 1)
        }
    }
    PL = sorted(pl, np); EL = sorted(el, ne); REST = t
    return 1
}
{
    nst = split($0, st, /\{"technique":/)
    for (k = 2; k <= nst; k++) {
        s = st[k]; steps++
        name = s; sub(/^"/, "", name); sub(/",.*/, "", name)
        pl = s; sub(/.*"placements":/, "", pl); sub(/,"eliminations":.*/, "", pl)
        el = s; sub(/.*"eliminations":/, "", el); sub(/,"text":.*/, "", el)
        text = s; sub(/.*"text":"/, "", text); sub(/"}.*/, "", text)
        ok = text_cands(text) && PL == json_cands(pl) && EL == json_cands(el) && index(REST, " " name) == 1
        if (name ~ /Chain|Cycle|Turbot|Generalized X-Wing/) {
            chains++
            if (!(REST ~ /: if r[0-9]+c[0-9]+(=|<>)[1-9] then |: both |: each (candidate|place) of |; a loop: /)) ok = 0
        }
        if (!ok && bad++ < 3) print "text and effects differ: " text
    }
}
END { print steps " steps, " chains " chains"; exit bad > 0 }' "$T/ex.json" >"$T/cmp.txt"
check "every step's text begins with its placements and eliminations" $? "$(head -3 "$T/cmp.txt")"
chains=$(tail -1 "$T/cmp.txt" | cut -d' ' -f3)
[ "${chains:-0}" -gt 1000 ] && ok || bad "only ${chains:-0} chain steps"

# A contradiction names what was assumed and the candidate it broke; the line
# format and hint carry the json's text.
p=$(sed -n 1p "$T/chains.txt")
$SUDOKU explain "$T/chains.txt" >"$T/ex.txt"
grep -q ' Dynamic Contradiction Forcing Chains: if r[1-9]c[1-9]=[1-9] then both r[1-9]c[1-9]=[1-9] and r[1-9]c[1-9]<>[1-9]: ' "$T/ex.txt" &&
    ok || bad "no contradiction says what broke"
line_text=$(echo "$p" | $SUDOKU explain | sed -n 2p | cut -d' ' -f2-)
json_text=$(echo "$p" | $SUDOKU explain --format json | sed 's/.*"steps":\[{[^}]*"text":"\([^"]*\)".*/\1/')
expect "line and json texts" "$line_text" "$json_text"
pos=$(awk -F'\t' '$1 == "S" && $7 ~ /^Region Forcing Chains/ { print $4; exit }' tests/data/chains_se.txt)
case "$(echo "$pos" | $SUDOKU hint)" in
    [0-9].[0-9]\ r[1-9]c[1-9]*'<>'[1-9]\ Region\ Forcing\ Chains:\ each\ place\ of\ [1-9]\ in\ *) ok ;;
    *) bad "hint of a region forcing chain: $(echo "$pos" | $SUDOKU hint)" ;;
esac

summary cli_explain
