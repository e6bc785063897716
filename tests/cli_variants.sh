#!/bin/sh
# cli_variants.sh -- the variant boards through the command line: published
# puzzles (the samurai of source 001, a janko.at jigsaw) against their
# published solutions; generated X, windoku, jigsaw and samurai puzzles
# checked unique and solved; the layouts read back; hostile region maps as
# FILE:LINE errors (exit 3) while the batch goes on; the stochastic methods
# on the samurai.
. tests/lib.sh

# --- samurai: the 21x21 layout, its solution, the five-grid line ----------
"$SUDOKU" solve puzzles/samurai.txt > "$T/s"; rc=$?
expect "samurai solve exit" "$rc" 0
{ cat puzzles/samurai.sol; echo; } | cmp -s - "$T/s" && ok || bad "samurai: solution is not the published one"
expect "samurai check" "$("$SUDOKU" check puzzles/samurai.txt)" unique
expect "samurai count" "$("$SUDOKU" count puzzles/samurai.txt)" 1
expect "samurai.sol is a solution" "$("$SUDOKU" check puzzles/samurai.sol)" unique
"$SUDOKU" solve --format line puzzles/samurai.txt > "$T/line"
expect "samurai line: five grids" "$(awk '{ print NF, length($1), length($5) }' "$T/line")" "5 81 81"
"$SUDOKU" solve --format grid "$T/line" > "$T/back"
cmp -s "$T/back" "$T/s" && ok || bad "samurai: the line does not read back to the layout"
expect "samurai json variant" "$("$SUDOKU" solve --format json puzzles/samurai.txt | grep -c '"variant":"samurai"')" 1
# A samurai's line whose grids disagree on a shared square (the centre
# grid's first square is the top-left grid's r7c7).
L=$(cat "$T/line")
g1=$(echo "$L" | cut -d' ' -f1); g3=$(echo "$L" | cut -d' ' -f3)
first=$(echo "$g3" | cut -c1); other=$(( first % 9 + 1 ))
bad3="$(echo "$g3" | sed "s/^./$other/")"
echo "$g1 $(echo "$L" | cut -d' ' -f2) $bad3 $(echo "$L" | cut -d' ' -f4,5)" > "$T/dis"
"$SUDOKU" solve "$T/dis" > /dev/null 2> "$T/err"; rc=$?
expect "disagreeing grids exit" "$rc" 3
grep -q "^$T/dis:1: grid 3 disagrees" "$T/err" && ok || bad "disagreeing grids message: $(cat "$T/err")"

# --- jigsaw: a janko.at puzzle and its published solution ------------------
J=puzzles/variants/jigsaw-janko108
"$SUDOKU" solve --format line $J.txt > "$T/j"
expect "jigsaw solution" "$(cat "$T/j")" "$(grep -v '^#' $J.sol)"
expect "jigsaw check" "$("$SUDOKU" check $J.txt)" unique
expect "jigsaw count" "$("$SUDOKU" count $J.txt)" 1
expect "jigsaw solution checks" "$("$SUDOKU" check $J.sol)" unique
"$SUDOKU" solve --format grid "$T/j" | "$SUDOKU" solve --format line > "$T/j2"
cmp -s "$T/j" "$T/j2" && ok || bad "jigsaw: grid output does not read back"
# json carries the map as its own key too, the labels of the line
"$SUDOKU" solve --format json $J.txt > "$T/jj"
expect "jigsaw json regions" "$(grep -o '"regions":"[1-9]*"' "$T/jj" | cut -d'"' -f4)" "$(cut -d' ' -f2 "$T/j")"
expect "jigsaw generate json regions" "$("$SUDOKU" generate --variant jigsaw --seed 2 -q --format json | grep -c '"variant":"jigsaw","regions":"[1-9]\{81\}"')" 1
# Without its labels (--variant standard reads the givens alone) it has 2 solutions.
head -12 $J.txt | "$SUDOKU" count > "$T/c" 2>/dev/null
expect "jigsaw givens on standard boxes" "$(head -1 "$T/c")" 2

# --- X and windoku: published puzzles and their published solutions --------
# (a 6x6 X of Puzzling Stack Exchange, Wikipedia's hypersudoku example);
# each is unique on its variant and not on the plain board, and every
# method that finishes must give the published solution.
for V in puzzles/variants/x-puzzling-se-37042 puzzles/variants/windoku-commons-hypersudoku18; do
    sol=$(grep -v '^#' $V.sol | cut -d' ' -f2)
    expect "$V: solution" "$("$SUDOKU" solve --format line $V.txt)" "$sol"
    expect "$V: check" "$("$SUDOKU" check $V.txt)" unique
    expect "$V: count" "$("$SUDOKU" count $V.txt)" 1
    expect "$V: the solution checks" "$("$SUDOKU" check $V.sol)" unique
    expect "$V: plain board" "$(grep -v '^#' $V.txt | tail -n +2 | "$SUDOKU" count)" 2
    for m in "metropolis --T 0.25" anneal; do
        expect "$V: $m" "$("$SUDOKU" solve --method $m --seed 3 --time-limit 20 --format line $V.txt)" "$sol"
    done
done

# --- generated puzzles of each variant --------------------------------------
for v in x windoku jigsaw jigsaw,x samurai; do
    "$SUDOKU" generate --variant $v --count 5 --seed 7 -q > "$T/g" ; rc=$?
    expect "generate $v exit" "$rc" 0
    expect "generate $v: unique" "$("$SUDOKU" check "$T/g" | grep -c '^unique$')" 5
    "$SUDOKU" solve "$T/g" > "$T/gs"
    expect "generate $v: solutions" "$("$SUDOKU" check --variant $v "$T/gs" 2>/dev/null | grep -c '^unique$')" 5
    # the same seed gives the same puzzles, whatever -j
    "$SUDOKU" generate --variant $v --count 5 --seed 7 -q -j 2 | cmp -s - "$T/g" && ok || bad "generate $v: -j changes the output"
done
# An X puzzle read as standard has more than one solution: the diagonals matter.
"$SUDOKU" generate --variant x --count 3 --seed 3 -q | cut -d' ' -f2 > "$T/xs"
expect "x puzzles as standard" "$("$SUDOKU" check "$T/xs" | grep -c '^unique$')" 0
expect "x puzzles with --variant x" "$("$SUDOKU" check --variant x "$T/xs" | grep -c '^unique$')" 3

# --- mixed batches and hostile region maps ----------------------------------
G=$(grep -v '^#' $J.sol | cut -d' ' -f1)
LAB=$(grep -v '^#' $J.sol | cut -d' ' -f2)
P=$(head -1 puzzles/norvig_top95.txt)
{
    echo "jigsaw $(printf '%s' "$G" | cut -c1-80). $LAB"                       # 1 fine (one blank)
    echo "jigsaw $G $(printf '%s' "$LAB" | sed 's/^9/5/')"                     # 2 region 5 has 10 cells
    echo "jigsaw $G $(printf '%s' "$LAB" | sed 's/^9/A/')"                     # 3 ten labels for 9 regions
    echo "$P"                                                                  # 4 a standard puzzle
    echo "jigsaw $G $(printf '%s' "$LAB" | sed 's/^9\(.*\)6$/6\19/')"           # 5 r1c1 in region 6: not connected
    echo "jigsaw $G"                                                           # 6 no labels
    echo "samurai $P"                                                          # 7 not five grids
} > "$T/mixed"
"$SUDOKU" check "$T/mixed" > "$T/out" 2> "$T/err"; rc=$?
expect "hostile maps exit" "$rc" 3
expect "one output a record" "$(wc -l < "$T/out")" 7
expect "records 1 and 4 fine" "$(sed -n '1p;4p' "$T/out" | tr '\n' ' ')" "unique unique "
grep -q "^$T/mixed:2: region .* has more than 9 cells" "$T/err" && ok || bad "10-cell region: $(cat "$T/err")"
grep -q "^$T/mixed:3: region map has 10 different labels" "$T/err" && ok || bad "ten labels: $(cat "$T/err")"
grep -q "^$T/mixed:5: region .* is not connected" "$T/err" && ok || bad "not connected: $(cat "$T/err")"
grep -q "^$T/mixed:6: a jigsaw puzzle needs its region labels" "$T/err" && ok || bad "no labels: $(cat "$T/err")"
grep -q "^$T/mixed:7: a samurai puzzle is" "$T/err" && ok || bad "samurai 81: $(cat "$T/err")"
# --box binds variant records too: their side, and for X the box shape (a
# jigsaw's regions replace boxes).  A 6x6 X of 3-row boxes, generated and read
# back under --box 3x2: unique there, its solution has 3x2 boxes and both
# diagonals; under the default 2x3 boxes it reads as another puzzle.
"$SUDOKU" check --box 4x4 puzzles/variants/x-puzzling-se-37042.txt > "$T/out" 2> "$T/err"; rc=$?
expect "X 6x6 with --box 4x4 exit" "$rc" 3
grep -q "x-puzzling-se-37042.txt:5: a 6x6 puzzle, but --box 4x4 makes 16x16 boards" "$T/err" && ok || bad "X --box 4x4: $(cat "$T/err")"
"$SUDOKU" generate --variant x --box 3x2 --seed 4 > "$T/x32" 2>/dev/null
expect "X 3x2: unique under --box 3x2" "$("$SUDOKU" check --box 3x2 "$T/x32")" unique
"$SUDOKU" solve --box 3x2 --format line "$T/x32" | cut -d' ' -f2 > "$T/x32.sol"
awk '{ ok = 1
       for (b = 0; b < 6; b++) { s = ""; for (i = 0; i < 6; i++) s = s substr($0, (int(b / 3) * 3 + int(i / 2)) * 6 + (b % 3) * 2 + i % 2 + 1, 1)
                                 for (d = 1; d <= 6; d++) if (index(s, d) == 0) ok = 0 }
       d1 = ""; d2 = ""; for (i = 0; i < 6; i++) { d1 = d1 substr($0, i * 7 + 1, 1); d2 = d2 substr($0, i * 5 + 6, 1) }
       for (d = 1; d <= 6; d++) if (index(d1, d) == 0 || index(d2, d) == 0) ok = 0
       print ok ? "3x2 boxes and diagonals" : "wrong: " $0 }' "$T/x32.sol" > "$T/x32.ok"
expect "X 3x2: the solution's houses" "$(cat "$T/x32.ok")" "3x2 boxes and diagonals"
[ "$("$SUDOKU" check "$T/x32" 2>/dev/null)" != unique ] && ok || bad "X 3x2: unique under 2x3 boxes too"
expect "jigsaw with --box 3x3" "$("$SUDOKU" check --box 3x3 $J.txt)" unique
"$SUDOKU" solve --variant nonsense "$T/mixed" > /dev/null 2>&1
expect "unknown variant" "$?" 2

# --- energy on a variant: a solution has energy 0 ---------------------------
"$SUDOKU" energy puzzles/samurai.txt puzzles/samurai.sol > "$T/e"
expect "samurai energy of its solution" "$(tr '\n' ' ' < "$T/e")" "conflict 0 missing 0 sort 0 "

# --- the stochastic methods on the samurai (short, a few seeds) -------------
for s in 1 2 3; do
    for m in "metropolis --T 0.25" anneal "sort-penalty --propagate" "evolve --propagate"; do
        "$SUDOKU" solve --method $m --seed $s --time-limit 20 puzzles/samurai.txt > "$T/m"
        { cat puzzles/samurai.sol; echo; } | cmp -s - "$T/m" && ok || bad "samurai --method $m --seed $s"
    done
done

# --- audit: round trips and messages found wrong ----------------------------
# A 4x4 jigsaw on a line (16 cells, 16 labels) reads back as generated.
"$SUDOKU" generate --variant jigsaw --size 4 --count 4 --seed 11 -q > "$T/j4"
expect "4x4 jigsaw lines read back" "$("$SUDOKU" check "$T/j4" 2>&1 | tr '\n' ' ')" "unique unique unique unique "
# A 25x25 jigsaw's (and X's) line is longer than 625 characters: hint and
# rate --human wrote it into a 626-byte buffer (a crash).
awk 'BEGIN { a = "123456789ABCDEFGHIJKLMNOP"; s = ""
             for (r = 0; r < 25; r++) for (c = 0; c < 25; c++) s = s substr(a, int(r / 5) * 5 + int(c / 5) + 1, 1)
             print s }' > "$T/lab25"
P25=$(grep -v '^#' puzzles/sizes/25x25.txt | head -1 | cut -d' ' -f1)
echo "jigsaw $P25 $(cat "$T/lab25")" > "$T/j25"
timeout 60 "$SUDOKU" hint --format json "$T/j25" > "$T/h" 2>/dev/null; rc=$?
expect "hint json on a 25x25 jigsaw exit" "$rc" 0
expect "hint json on a 25x25 jigsaw: one record" "$(grep -c '"puzzle":"jigsaw ' "$T/h")" 1
# A 25x25 jigsaw: no grid was ever found for a random map (exit 1 after
# about 12 s); its map is now traded around a standard grid.
timeout 20 "$SUDOKU" generate --variant jigsaw --size 25 --count 2 --seed 2 -q > "$T/g25"; rc=$?
expect "25x25 jigsaw generate exit" "$rc" 0
expect "25x25 jigsaw generate: unique" "$("$SUDOKU" count "$T/g25" | tr '\n' ' ')" "1 1 "
# A 25x25 jigsaw,x failed the same way (exit 1 after about 11 s): its map is
# now traded around a grid of the X board.  The puzzle reads back as
# jigsaw,x, is unique, and its solution holds every digit once in each row,
# column, diagonal and region (checked here by awk, and by check).
timeout 20 "$SUDOKU" generate --variant jigsaw,x --size 25 --seed 1 -q > "$T/gx25"; rc=$?
expect "25x25 jigsaw,x generate exit" "$rc" 0
expect "25x25 jigsaw,x: named" "$(cut -d' ' -f1 "$T/gx25")" "jigsaw,x"
expect "25x25 jigsaw,x: unique" "$("$SUDOKU" count "$T/gx25")" 1
"$SUDOKU" solve "$T/gx25" > "$T/gx25.sol"
expect "25x25 jigsaw,x: solution checks" "$("$SUDOKU" check --variant jigsaw,x "$T/gx25.sol")" unique
awk '{ n = 25; bad = 0
       for (i = 0; i < n; i++) { row[i] = ""; col[i] = ""; reg[substr($2, i + 1, 1)] = "" }
       for (c = 0; c < n * n; c++) { d = substr($1, c + 1, 1)
           row[int(c / n)] = row[int(c / n)] d; col[c % n] = col[c % n] d; reg[substr($2, c + 1, 1)] = reg[substr($2, c + 1, 1)] d
           if (int(c / n) == c % n) down = down d
           if (int(c / n) + c % n == n - 1) up = up d }
       for (i = 0; i < n; i++) { h[i] = row[i]; h[n + i] = col[i] }
       h[2 * n] = down; h[2 * n + 1] = up; k = 2 * n + 2
       for (l in reg) h[k++] = reg[l]
       for (j = 0; j < k; j++) { split("", seen)
           if (length(h[j]) != n) bad++
           for (i = 1; i <= n; i++) { d = substr(h[j], i, 1); if (d in seen) bad++; seen[d] = 1 } }
       print k " houses, " bad " wrong" }' "$T/gx25.sol" > "$T/gx25.ok"
expect "25x25 jigsaw,x: the solution's houses" "$(cat "$T/gx25.ok")" "77 houses, 0 wrong"
# A variant's name with a comma is one csv field, quoted; print reads it.
"$SUDOKU" generate --variant jigsaw,x --count 2 --seed 4 -q --format csv > "$T/jx.csv"
expect "csv: jigsaw,x quoted" "$(grep -c '^[12],"jigsaw,x [^"]*",' "$T/jx.csv")" 2
"$SUDOKU" print --format svg -o "$T/jxsvg" "$T/jx.csv" 2> "$T/err"; rc=$?
expect "print of jigsaw,x csv exit" "$rc" 0
[ "$(grep -c '<text' "$T/jxsvg/0001.svg")" -gt 40 ] && ok || bad "print of jigsaw,x csv: no puzzles drawn"
grep -v '^index' "$T/jx.csv" | cut -d'"' -f2 > "$T/jx.txt"      # the quoted field reads back
expect "jigsaw,x csv fields read back" "$("$SUDOKU" check "$T/jx.txt" | tr '\n' ' ')" "unique unique "
expect "check csv: jigsaw,x quoted" "$("$SUDOKU" check --format csv "$T/jx.txt" | grep -c '^[12],"jigsaw,x [^"]*",unique,1$')" 2
# Region messages name a region by the label the input gave it; labels that
# are not n*n labels say what is wrong with them.
{
    echo "jigsaw $G G$(printf '%s' "$LAB" | tr 123456789 BCDEFGHIJ | cut -c2-80)J"   # 1 region G not connected
    echo "jigsaw $G $(printf '%s' "$LAB" | cut -c1-80)"                               # 2 80 labels
    echo "jigsaw $G $(printf '%s' "$LAB" | tr 123456789 abcdefghi)"                   # 3 lowercase labels
    echo "$P"                                                                          # 4 fine
} > "$T/labs"
"$SUDOKU" check "$T/labs" > "$T/out" 2> "$T/err"; rc=$?
expect "label messages exit" "$rc" 3
expect "label messages: records" "$(tr '\n' ' ' < "$T/out")" "invalid invalid invalid unique "
grep -q "^$T/labs:1: region G is not connected$" "$T/err" && ok || bad "region by label: $(cat "$T/err")"
grep -q "^$T/labs:2: 80 region labels for 81 cells$" "$T/err" && ok || bad "80 labels: $(cat "$T/err")"
grep -q "^$T/labs:3: bad region label 'i' at column 90" "$T/err" && ok || bad "lowercase labels: $(cat "$T/err")"
# Samurai and windoku boards are 9x9: another --size is a usage error.
"$SUDOKU" generate --variant samurai --size 4 -q > /dev/null 2>&1
expect "generate samurai --size 4" "$?" 2
"$SUDOKU" generate --variant jigsaw,windoku --size 4 -q > /dev/null 2>&1
expect "generate jigsaw,windoku --size 4" "$?" 2
# A broken samurai layout is one invalid record, the next puzzle answered.
{ head -20 puzzles/samurai.txt; echo "$P"; } > "$T/s20"
"$SUDOKU" check "$T/s20" > "$T/out" 2> "$T/err"; rc=$?
expect "samurai layout of 20 rows exit" "$rc" 3
expect "samurai layout of 20 rows: records" "$(tr '\n' ' ' < "$T/out")" "invalid unique "
grep -q "^$T/s20:1: samurai layout ends after 20 of 21 rows$" "$T/err" && ok || bad "20 rows: $(cat "$T/err")"
{ echo x; cat puzzles/samurai.txt; echo "$P"; } > "$T/sx"
"$SUDOKU" check "$T/sx" > "$T/out" 2> "$T/err"
expect "samurai layout said x: records" "$(tr '\n' ' ' < "$T/out")" "invalid unique "
# A samurai layout's first row with a tab in its gap: one invalid record that
# says so (a tab's width is unknown where squares are placed by columns), not
# an 18-cell line and then a layout missing its first row.  A later row with
# a tab is the same one record.  Words after a row's cells are ignored, as on
# any line.
{ sed '1s/   /	/' puzzles/samurai.txt; echo "$P"; } > "$T/stab"
"$SUDOKU" check "$T/stab" > "$T/out" 2> "$T/err"
expect "samurai layout with a tab: records" "$(tr '\n' ' ' < "$T/out")" "invalid unique "
grep -q "^$T/stab:1: samurai layout: row 1 (line 1) has a tab" "$T/err" && ok || bad "tab in row 1: $(cat "$T/err")"
expect "samurai layout with a tab: one message" "$(wc -l < "$T/err")" 1
{ sed '10s/^      /	/' puzzles/samurai.txt; echo "$P"; } > "$T/stab10"
"$SUDOKU" check "$T/stab10" > "$T/out" 2> "$T/err"
expect "samurai layout with a tab in row 10: records" "$(tr '\n' ' ' < "$T/out")" "invalid unique "
grep -q "^$T/stab10:1: samurai layout: row 10 (line 10) has a tab" "$T/err" && ok || bad "tab in row 10: $(cat "$T/err")"
{ sed '1s/$/ extra/;10s/$/  # the centre grid/' puzzles/samurai.txt; echo "$P"; } > "$T/strail"
expect "samurai layout with trailing words" "$("$SUDOKU" check "$T/strail" 2>&1 | tr '\n' ' ')" "unique unique "
# A jigsaw said so, whose grid of labels is a row short: one invalid record
# about the labels, not "needs its labels" and then a grid of 8 rows.
{ echo jigsaw; grep -v '^#' $J.txt | head -17; echo; echo "$P"; } > "$T/j8"
"$SUDOKU" check "$T/j8" > "$T/out" 2> "$T/err"; rc=$?
expect "label grid of 8 rows exit" "$rc" 3
expect "label grid of 8 rows: records" "$(tr '\n' ' ' < "$T/out")" "invalid unique "
grep -q "^$T/j8:2: region label grid ends after 8 of 9 rows, at line 19$" "$T/err" && ok || bad "8 label rows: $(cat "$T/err")"
expect "label grid of 8 rows: one message" "$(wc -l < "$T/err")" 1
# A jigsaw said so whose grid of givens goes wrong (a row short of a cell):
# one invalid record, its grid of labels with it, not read as another puzzle.
{ echo jigsaw; grep -v '^#' $J.txt | head -18 | sed '4s/ [0-9.]$//'; echo "$P"; cat $J.txt; } > "$T/jbad"
"$SUDOKU" check "$T/jbad" > "$T/out" 2> "$T/err"; rc=$?
expect "jigsaw with a broken grid: records" "$(tr '\n' ' ' < "$T/out")" "invalid unique unique "
grep -q "^$T/jbad:2: grid row 4 (line 5) has 8 cells, expected 9$" "$T/err" && ok || bad "broken jigsaw grid: $(cat "$T/err")"
expect "jigsaw with a broken grid: one message" "$(wc -l < "$T/err")" 1
# Variant names in any case, on a line and in --variant ("X <cells>" was read
# as a standard puzzle, --variant X refused).  "DIAGONAL" is also eight
# digits of a 25x25 grid row: not before a whole puzzle, it stays cells.
JP=$(grep -v '^#' $J.txt | head -9 | tr -d ' \n')
XP=$(head -1 "$T/xs")
{ echo "X $XP"; echo "Diagonal $XP"; echo "$P"; echo "JIGSAW $JP $LAB"; echo "Jigsaw,X"; cat $J.txt; } > "$T/case"
expect "names in capitals" "$("$SUDOKU" check "$T/case" 2>&1 | tr '\n' ' ')" "unique unique unique unique unsolvable "
expect "--variant X" "$("$SUDOKU" check --variant X "$T/xs" 2>&1 | grep -c '^unique$')" 3
{ echo "DIAGONAL ................."; for i in $(seq 24); do echo "........................."; done; } > "$T/d25"
"$SUDOKU" check "$T/d25" > "$T/out" 2> "$T/err"
grep -q "^$T/d25:1: clues conflict: A at r1c3 and r1c7 share a row" "$T/err" && ok || bad "DIAGONAL as cells: $(cat "$T/err")"
# energy: two jigsaw maps are not "9x9 but 9x9".
"$SUDOKU" generate --variant jigsaw --seed 3 -q | "$SUDOKU" solve > "$T/ej.sol"
"$SUDOKU" energy $J.txt "$T/ej.sol" > /dev/null 2> "$T/err"; rc=$?
expect "energy of another map exit" "$rc" 3
grep -q "are jigsaw boards of different region maps" "$T/err" && ok || bad "energy maps: $(cat "$T/err")"
# generate --level on jigsaw boards (it was refused): each puzzle its own map,
# at the level asked by rate --human, unique, the same at -j 1 and -j 2.
"$SUDOKU" generate --variant jigsaw --level hard --count 3 --seed 4 -q -j 2 > "$T/jlev"
expect "jigsaw --level: -j 1 = -j 2" "$("$SUDOKU" generate --variant jigsaw --level hard --count 3 --seed 4 -q -j 1 | cksum)" "$(cksum < "$T/jlev")"
expect "jigsaw --level: maps" "$(awk '{ print $1, length($2), length($3) }' "$T/jlev" | sort -u)" "jigsaw 81 81"
expect "jigsaw --level: distinct maps" "$(awk '{ print $3 }' "$T/jlev" | sort -u | wc -l)" 3
expect "jigsaw --level: rated hard" "$("$SUDOKU" rate --human "$T/jlev" | grep -c ' level=hard ')" 3
expect "jigsaw --level: unique" "$("$SUDOKU" check "$T/jlev" | tr '\n' ' ')" "unique unique unique "
# A samurai line with words after its five grids (generate --level prints its
# ratings there) reads back, as any line does.
"$SUDOKU" generate --variant samurai --level easy --count 1 --seed 1 -q > "$T/slev"
expect "samurai line with its ratings" "$("$SUDOKU" check "$T/slev" 2>&1)" "unique"

summary cli_variants
