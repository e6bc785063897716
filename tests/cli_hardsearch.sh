#!/bin/sh
# cli_hardsearch.sh -- generate --hard --from FILE (the neighbourhood search
# from seeds) and generate --pattern FILE (puzzles on a fixed pattern of
# clue cells).  --from: every printed puzzle unique (`count`), minimal, rated
# as `rate --human` rates it, isomorphic to no seed and to no other printed
# one (`canon`); the same seed twice prints the same; bad seed lines are
# reported as FILE:LINE and skipped, none left is exit 3 (SIGINT: in
# cli_limits.sh, which runs alone); --known FILE: no printed puzzle isomorphic to one of FILE's,
# the search otherwise the same, bad lines reported, none usable exit 3.
# --plant tridagon|none: the pools' puzzles (default tridagon); others exit 2.
# --pattern: every puzzle unique with its clues exactly on
# the pattern's cells, the same output with -j 1 and -j 2, with a band and
# with --hard; patterns that cannot carry a unique puzzle are refused at
# once (exit 2), malformed ones are exit 3.  Small --steps and time limits.
. tests/lib.sh

# Seeds: three diabolical puzzles this program made (generate --seed 11 -n 3
# --min-er 7.5 --max-er 9 --symmetry none --clues 22), rated fast.
cp tests/data/hard_seeds.txt "$T/seeds.txt"

# --from: uniqueness, minimality, ratings, novelty, determinism
$SUDOKU generate -q --from "$T/seeds.txt" --steps 3000 --seed 5 -n 4 -j 2 >"$T/a.txt"
check "--from: exit status" $? "$(cat "$T/a.txt")"
expect "--from: 4 puzzles" "$(wc -l <"$T/a.txt" | tr -d ' ')" 4
unique "$T/a.txt" "--from"
# minimal: each clue's removal leaves more than one solution
cut -d' ' -f1 "$T/a.txt" | awk '{ for (i = 1; i <= 81; i++) if (substr($0, i, 1) != ".")
    print substr($0, 1, i - 1) "." substr($0, i + 1) }' >"$T/less.txt"
n=$($SUDOKU count --limit 2 "$T/less.txt" | awk '$1 != 2' | wc -l | tr -d ' ')
expect "--from: every puzzle minimal ($(wc -l <"$T/less.txt" | tr -d ' ') removals)" "$n" 0
cut -d' ' -f1 "$T/a.txt" | $SUDOKU rate --human >"$T/r.txt"
expect "--from: printed ratings are rate --human's" "$(cut -d' ' -f1-4 "$T/a.txt")" "$(cut -d' ' -f1-4 "$T/r.txt")"
$SUDOKU canon "$T/seeds.txt" >"$T/seedforms.txt"
cut -d' ' -f1 "$T/a.txt" | $SUDOKU canon >"$T/forms.txt"
n=$(sort "$T/seedforms.txt" "$T/forms.txt" | uniq -d | wc -l | tr -d ' ')
expect "--from: no printed puzzle is an isomorph of a seed or of another printed one" "$n" 0
awk '{ er = substr($2, 4); if (NR > 1 && er > last + 0.001) bad = 1; last = er } END { exit bad }' "$T/a.txt"
check "--from: best first" $? "$(cat "$T/a.txt")"
$SUDOKU generate -q --from "$T/seeds.txt" --steps 3000 --seed 5 -n 4 -j 2 >"$T/b.txt"
expect "--from: the same seed, the same output" "$(cat "$T/b.txt")" "$(cat "$T/a.txt")"
# a seed given as an isomorph is still not printed back
$SUDOKU transform --random --seed 9 "$T/seeds.txt" >"$T/iso.txt"
$SUDOKU generate -q --from "$T/iso.txt" --steps 2000 --seed 6 -n 3 --format csv >"$T/c.csv"
check "--from isomorphs, csv: exit status" $?
tail -n +2 "$T/c.csv" | cut -d, -f2 | $SUDOKU canon >"$T/cforms.txt"
n=$(sort "$T/seedforms.txt" "$T/cforms.txt" | uniq -d | wc -l | tr -d ' ')
expect "--from isomorphs: none printed back" "$n" 0
expect "--from csv: er/ep/ed columns" "$(head -1 "$T/c.csv" | grep -c ',er,ep,ed,')" 1
# --known: a run's printed puzzles, given back in disguise (random isomorphs)
# as a known collection, are never printed again; the search is the same
# (known puzzles stay parents), so the run prints what it printed after them
$SUDOKU generate -q --from "$T/seeds.txt" --steps 3000 --seed 5 -n 8 -j 2 >"$T/k8.txt"
check "--known: the run without it, exit status" $?
head -4 "$T/k8.txt" | cut -d' ' -f1 | $SUDOKU transform --random --seed 7 >"$T/known.txt"
$SUDOKU canon "$T/known.txt" >"$T/knownforms.txt"
$SUDOKU generate -q --from "$T/seeds.txt" --known "$T/known.txt" --steps 3000 --seed 5 -n 4 -j 2 >"$T/k4.txt"
check "--known: exit status" $?
expect "--known: 4 puzzles" "$(wc -l <"$T/k4.txt" | tr -d ' ')" 4
cut -d' ' -f1 "$T/k4.txt" | $SUDOKU canon >"$T/k4forms.txt"
n=$(sort "$T/knownforms.txt" "$T/k4forms.txt" | uniq -d | wc -l | tr -d ' ')
expect "--known: no printed puzzle is an isomorph of a known one" "$n" 0
expect "--known: the same search, the known ones left out" "$(cat "$T/k4.txt")" "$(tail -4 "$T/k8.txt")"
$SUDOKU generate -q --from "$T/seeds.txt" --known "$T/known.txt" --steps 3000 --seed 5 -n 4 -j 2 >"$T/k4b.txt"
expect "--known: the same seed, the same output" "$(cat "$T/k4b.txt")" "$(cat "$T/k4.txt")"
# from scratch too (--immigrants, the default): the best of a short run, known
$SUDOKU generate -q --hard --immigrants 100 --steps 300 --seed 3 -n 2 >"$T/ks.txt"
head -1 "$T/ks.txt" | cut -d' ' -f1 | $SUDOKU transform --random --seed 8 >"$T/knowns.txt"
$SUDOKU generate -q --hard --immigrants 100 --steps 300 --seed 3 -n 1 --known "$T/knowns.txt" >"$T/ks1.txt"
expect "--known from scratch: the best known, the second printed" "$(cat "$T/ks1.txt")" "$(sed -n 2p "$T/ks.txt")"
# bad lines: reported as FILE:LINE and skipped, the rest known; exit 3 after the run
{ echo '# a comment'; sed -n 1p "$T/known.txt"; echo '.2..1....7....84..x1......9..1....4..6..3...88.....27......4.8...36......9.1..5..'
  echo '1234............'; sed -n 2,4p "$T/known.txt"; } >"$T/badknown.txt"
$SUDOKU generate -q --from "$T/seeds.txt" --known "$T/badknown.txt" --steps 3000 --seed 5 -n 4 -j 2 >"$T/kb.txt" 2>"$T/kb.err"
expect "--known, bad lines: exit 3 (a malformed record)" $? 3
expect "--known, bad lines: line 3 reported" "$(grep -c '^.*badknown.txt:3: ' "$T/kb.err")" 1
expect "--known, bad lines: line 4 (4x4) reported" "$(grep -c '^.*badknown.txt:4: not a standard 9x9' "$T/kb.err")" 1
expect "--known, bad lines: the others known" "$(cat "$T/kb.txt")" "$(cat "$T/k4.txt")"
sed -n 3,4p "$T/badknown.txt" >"$T/noknown.txt"
$SUDOKU generate -q --from "$T/seeds.txt" --known "$T/noknown.txt" --steps 100 >"$T/o.txt" 2>"$T/e.txt"
expect "--known, none usable: exit 3, nothing printed" "$?$(wc -c <"$T/o.txt" | tr -d ' ')" 30
expect "--known, none usable: said so" "$(grep -c 'no puzzle in it' "$T/e.txt")" 1
$SUDOKU generate -q --from "$T/seeds.txt" --known "$T/nonesuch.txt" --steps 100 2>/dev/null
expect "--known, no such file: exit 4" $? 4
for other in "--immigrants 0" "--objective width" "--size 6"; do
    $SUDOKU generate -q --hard --known "$T/known.txt" $other --steps 10 >/dev/null 2>"$T/e.txt"
    expect "--known $other (the replica exchange): refused" "$?$(wc -l <"$T/e.txt" | tr -d ' ')" 21
done
# a larger collection: the 4 among 10,000 random minimal puzzles' lines
$SUDOKU generate -q --seed 1 -n 10000 --symmetry none >"$T/k10k.txt"
sed -n 1,4p "$T/known.txt" >>"$T/k10k.txt"
t0=$(now)
$SUDOKU generate -q --from "$T/seeds.txt" --known "$T/k10k.txt" --steps 3000 --seed 5 -n 4 -j 2 >"$T/kk.txt"
ms=$((($(now) - t0) / 1000000))
echo "# --known, 10,004 lines: $ms ms"
expect "--known, 10,004 lines: the same output" "$(cat "$T/kk.txt")" "$(cat "$T/k4.txt")"

# --non-minimal, --minus/--plus are taken
$SUDOKU generate -q --from "$T/seeds.txt" --steps 1500 --seed 5 -n 2 --non-minimal --minus 1 --plus 2 >"$T/nm.txt"
check "--non-minimal --minus 1 --plus 2: exit status" $?
unique "$T/nm.txt" "--non-minimal"

# bad seed lines: reported and skipped; the search runs on the rest
{ echo '.2..1....7....84..x1......9..1....4..6..3...88.....27......4.8...36......9.1..5..'
  sed -n 2p "$T/seeds.txt"
  echo '11...............................................................................'
  echo '.................................................................................'
  sed -n 3p "$T/seeds.txt"; } >"$T/bad.txt"
$SUDOKU generate -q --from "$T/bad.txt" --steps 1000 --seed 5 -n 1 >"$T/o.txt" 2>"$T/e.txt"
rc=$?
expect "bad seeds: exit 3 (a malformed record)" "$rc" 3
expect "bad seeds: line 1 reported" "$(grep -c "bad.txt:1: " "$T/e.txt")" 1
expect "bad seeds: line 3 (conflict) reported" "$(grep -c "bad.txt:3: clues conflict" "$T/e.txt")" 1
expect "bad seeds: line 4 (empty: many solutions) reported" "$(grep -c "bad.txt:4: more than one solution" "$T/e.txt")" 1
expect "bad seeds: a puzzle from the others" "$(wc -l <"$T/o.txt" | tr -d ' ')" 1
sed -n '1p;3,4p' "$T/bad.txt" >"$T/none.txt"
$SUDOKU generate -q --from "$T/none.txt" --steps 100 >"$T/o.txt" 2>"$T/e.txt"
expect "no seed left: exit 3" $? 3
expect "no seed left: said so" "$(grep -c 'no seed left' "$T/e.txt")" 1
$SUDOKU generate -q --from "$T/seeds.txt" --size 6 --steps 10 2>/dev/null
expect "--from on 6x6: usage error" $? 2
$SUDOKU generate -q --from "$T/seeds.txt" --objective width --steps 10 2>/dev/null
expect "--from --objective width: usage error" $? 2

# --pattern: the clue mask of a random minimal puzzle (24 clues)
echo '000000000000040168000801400000163000300007902407008000203000500000000009701004030' >"$T/pz.txt"
tr '0-9' '.xxxxxxxxx' <"$T/pz.txt" >"$T/pat.txt"
# on_pattern FILE NAME: every puzzle's clue cells are exactly the pattern's
on_pattern() {
    n=$(cut -d' ' -f1 "$1" | tr '1-9' 'xxxxxxxxx' | grep -cvxF "$(cat "$T/pat.txt")")
    expect "$2: clue cells exactly the pattern's" "$n" 0
}
$SUDOKU generate -q --pattern "$T/pat.txt" --seed 4 -n 3 >"$T/p1.txt"
check "--pattern: exit status" $?
expect "--pattern: 3 puzzles" "$(wc -l <"$T/p1.txt" | tr -d ' ')" 3
unique "$T/p1.txt" "--pattern"
on_pattern "$T/p1.txt" "--pattern"
$SUDOKU generate -q --pattern "$T/pat.txt" --seed 4 -n 3 -j 2 >"$T/p2.txt"
expect "--pattern: -j 1 and -j 2 print the same" "$(cat "$T/p2.txt")" "$(cat "$T/p1.txt")"
$SUDOKU generate -q --pattern "$T/pz.txt" --seed 4 -n 3 >"$T/p3.txt"
expect "--pattern: a puzzle's line is its pattern" "$(cat "$T/p3.txt")" "$(cat "$T/p1.txt")"
$SUDOKU transform --map identity --format grid "$T/pz.txt" >"$T/pgrid.txt"
$SUDOKU generate -q --pattern "$T/pgrid.txt" --seed 4 -n 3 >"$T/p4.txt"
expect "--pattern: a puzzle's grid is its pattern" "$(cat "$T/p4.txt")" "$(cat "$T/p1.txt")"
$SUDOKU generate -q --pattern "$T/pat.txt" --seed 4 -n 2 --min-er 6 >"$T/p5.txt"
check "--pattern --min-er 6: exit status" $?
unique "$T/p5.txt" "--pattern --min-er 6"
on_pattern "$T/p5.txt" "--pattern --min-er 6"
n=$(awk '{ if (substr($2, 4) + 0 < 6) bad++ } END { print bad + 0 }' "$T/p5.txt")
expect "--pattern --min-er 6: every ER >= 6" "$n" 0
$SUDOKU generate -q --pattern "$T/pat.txt" --hard --steps 400 --seed 4 -n 2 >"$T/p6.txt"
check "--pattern --hard: exit status" $?
unique "$T/p6.txt" "--pattern --hard"
on_pattern "$T/p6.txt" "--pattern --hard"
head -1 "$T/p6.txt" | cut -d' ' -f1 | $SUDOKU transform --random --seed 5 >"$T/pknown.txt"
$SUDOKU generate -q --pattern "$T/pat.txt" --hard --steps 400 --seed 4 -n 1 --known "$T/pknown.txt" >"$T/p7.txt"
expect "--pattern --hard --known: the best known, the second printed" "$(cat "$T/p7.txt")" "$(sed -n 2p "$T/p6.txt")"
# ... and prints only candidates, as --hard does: on a 62-clue pattern,
# whose puzzles naked singles solve (depth 0), none (exit 1, a note)
awk 'BEGIN { for (i = 1; i <= 81; i++) printf (i % 9 == 0 || i % 7 == 0) ? "." : "x"; print "" }' >"$T/dense.txt"
$SUDOKU generate -q --pattern "$T/dense.txt" --hard --steps 50 --seed 1 >"$T/o.txt" 2>"$T/e.txt"
expect "--pattern --hard, 62 clues: exit 1, nothing printed" "$?$(wc -c <"$T/o.txt" | tr -d ' ')" 10
expect "--pattern --hard, 62 clues: a note" "$(grep -c 'depth >= 1' "$T/e.txt")" 1

# --pattern on a sparse mask: the 21 clues of a random minimal puzzle of
# puzzles/se_rated_1000.txt (the Metropolis descent of before gave up on it
# after 30 s); three puzzles within the default budget a puzzle
echo '800043000000700020000005000000000078009010002030008040400020100000000050753000000' >"$T/pz21.txt"
tr '0-9' '.xxxxxxxxx' <"$T/pz21.txt" >"$T/pat21.txt"
$SUDOKU generate -q --pattern "$T/pat21.txt" --seed 2 -n 3 >"$T/p21.txt"
check "--pattern, 21 clues: exit status" $?
expect "--pattern, 21 clues: 3 puzzles" "$(wc -l <"$T/p21.txt" | tr -d ' ')" 3
unique "$T/p21.txt" "--pattern, 21 clues"
n=$(cut -d' ' -f1 "$T/p21.txt" | tr '1-9' 'xxxxxxxxx' | grep -cvxF "$(cat "$T/pat21.txt")")
expect "--pattern, 21 clues: clue cells exactly the pattern's" "$n" 0
expect "--pattern, 21 clues: 3 different puzzles" "$(cut -d' ' -f1 "$T/p21.txt" | sort -u | wc -l | tr -d ' ')" 3

# --hard --immigrants: from scratch, the best of N random minimal puzzles,
# then the search of --from; unique, minimal, rated as rate --human rates,
# the same output for the same seed and -j, hard (seed 3: ER 8.9 at 300
# moves), and refused with --from, --pattern, --neighbour-share, another
# objective or board
$SUDOKU generate -q --hard --immigrants 100 --steps 300 --seed 3 -n 3 -j 2 >"$T/im1.txt"
check "--immigrants: exit status" $?
expect "--immigrants: 3 puzzles" "$(wc -l <"$T/im1.txt" | tr -d ' ')" 3
unique "$T/im1.txt" "--immigrants"
cut -d' ' -f1 "$T/im1.txt" | awk '{ for (i = 1; i <= 81; i++) if (substr($0, i, 1) != ".")
    print substr($0, 1, i - 1) "." substr($0, i + 1) }' >"$T/less.txt"
n=$($SUDOKU count --limit 2 "$T/less.txt" | awk '$1 != 2' | wc -l | tr -d ' ')
expect "--immigrants: every puzzle minimal" "$n" 0
cut -d' ' -f1 "$T/im1.txt" | $SUDOKU rate --human >"$T/r.txt"
expect "--immigrants: printed ratings are rate --human's" "$(cut -d' ' -f1-4 "$T/im1.txt")" "$(cut -d' ' -f1-4 "$T/r.txt")"
$SUDOKU generate -q --hard --immigrants 100 --steps 300 --seed 3 -n 3 -j 2 >"$T/im2.txt"
expect "--immigrants: the same seed, the same output" "$(cat "$T/im2.txt")" "$(cat "$T/im1.txt")"
er=$(head -1 "$T/im1.txt" | sed 's/.* er=\([0-9.]*\).*/\1/')
check "--immigrants: the best is hard (ER $er >= 8.5)" "$(awk -v e="$er" 'BEGIN { exit !(e >= 8.5) }'; echo $?)"
$SUDOKU generate -q --hard --immigrants 100 --restart 1 --steps 1000 --seed 3 -n 3 -j 2 >"$T/im3.txt"
check "--immigrants --restart 1: exit status" $?
$SUDOKU generate -q --hard --immigrants 100 --restart 0 --steps 1000 --seed 3 -n 3 -j 2 >"$T/im4.txt"
check "--immigrants --restart 1: new pools, other puzzles than --restart 0" \
    "$([ "$(cat "$T/im3.txt")" != "$(cat "$T/im4.txt")" ]; echo $?)"
for other in "--from $T/seeds.txt" "--pattern $T/pat.txt" "--neighbour-share 0.5" "--objective width" "--size 6" \
    "--variant x"; do
    $SUDOKU generate -q --hard --immigrants 10 $other --steps 10 >/dev/null 2>"$T/e.txt"
    expect "--immigrants $other: refused" "$?$(wc -l <"$T/e.txt" | tr -d ' ')" 21
done

# --plant: the pools' puzzles with a planted tridagon (the default) or not;
# both unique and minimal above or here, the default is --plant tridagon,
# none draws other pools; other kinds, or --plant off the pools, exit 2
$SUDOKU generate -q --hard --immigrants 100 --steps 300 --seed 3 -n 3 -j 2 --plant tridagon >"$T/pt.txt"
expect "--plant tridagon: the default" "$(cat "$T/pt.txt")" "$(cat "$T/im1.txt")"
$SUDOKU generate -q --hard --immigrants 100 --steps 300 --seed 3 -n 3 -j 2 --plant none >"$T/pn.txt"
check "--plant none: exit status" $?
unique "$T/pn.txt" "--plant none"
check "--plant none: other puzzles than the tridagon's" "$([ "$(cat "$T/pn.txt")" != "$(cat "$T/im1.txt")" ]; echo $?)"
for bad in "--plant hammer" "--plant none --immigrants 0" "--plant tridagon --from $T/seeds.txt" "--plant none --objective width"; do
    $SUDOKU generate -q --hard $bad --steps 10 >/dev/null 2>"$T/e.txt"
    expect "$bad: refused" "$?$(wc -l <"$T/e.txt" | tr -d ' ')" 21
done

# refusals: at once, one line; provably no unique puzzle is exit 2, malformed exit 3
# refuse NAME CODE PATTERN-LINE
refuse() {
    printf '%s\n' "$3" >"$T/bp.txt"
    t0=$(now)
    $SUDOKU generate -q --pattern "$T/bp.txt" >"$T/o.txt" 2>"$T/e.txt"
    rc=$?
    ms=$((($(now) - t0) / 1000000))
    expect "refuse $1: exit $2" "$rc" "$2"
    expect "refuse $1: one line on stderr, nothing printed" "$(wc -l <"$T/e.txt" | tr -d ' ')$(wc -c <"$T/o.txt" | tr -d ' ')" 10
    check "refuse $1: at once ($ms ms)" "$([ $ms -le 1000 ]; echo $?)"
}
# mask EXPR: the 81-character pattern whose cell i (0..80) is a clue where EXPR holds
mask() { awk "BEGIN { for (i = 0; i < 81; i++) printf ($1) ? \"x\" : \".\"; print \"\" }"; }
refuse "16 clues" 2 "$(mask 'i % 5 == 0 && i < 80')"
refuse "rows 1 and 3 empty" 2 "$(mask 'int(i / 9) != 0 && int(i / 9) != 2')"
refuse "columns 4 and 6 empty" 2 "$(mask 'i % 9 != 3 && i % 9 != 5')"
refuse "80 characters" 3 "$(printf '%080d' 0 | tr 0 x)"
refuse "a puzzle whose clues conflict" 3 '11..............................................................................3'
# cheap to see, not a reason: two empty boxes (unique puzzles with them exist)
echo '6........7...4......5.32....76.....3..8...51.4.......8..12........3.8..6....57.49' >"$T/twoempty.txt"
expect "two empty boxes: that puzzle is unique" "$($SUDOKU count "$T/twoempty.txt" | cut -d' ' -f1)" 1
# a pattern that carries no unique puzzle found in the budget: exit 1, with a note
echo '.................1....23.4......563...7.......189........1....824..6....3........' >"$T/p17.txt"
$SUDOKU generate -q --pattern "$T/p17.txt" --time-limit 1 >"$T/o.txt" 2>"$T/e.txt"
expect "17-clue pattern in 1 s: exit 1" $? 1
expect "17-clue pattern in 1 s: a note" "$(wc -l <"$T/e.txt" | tr -d ' ')" 1

summary cli_hardsearch
