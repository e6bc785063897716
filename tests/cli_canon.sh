#!/bin/sh
# cli_canon.sh -- `sudoku canon` and `sudoku transform` through the command
# line: random isomorphs of the whole 17-clue list (published in minlex form)
# give the list's forms, none above its published line; --unique keeps exactly the first of each class when
# isomorph duplicates are planted; a map canon prints takes the puzzle to its
# form and, inverted, back; transform then canon keeps every form; --grid;
# same seed same output at any -j; invalid, unsupported and bad maps; other
# boards under their own groups.
. tests/lib.sh

SEVENTEEN=puzzles/puzzles2_17_clue
HARD=puzzles/puzzles6_forum_hardest_1106
# The published list with 0 blanks, LF endings, no comments.
grep -v '^#' "$SEVENTEEN" | tr -d '\r' | tr . 0 > "$T/published"
expect "17-clue list read" "$(wc -l < "$T/published")" 49158

# --- the whole 17-clue list: random isomorphs give the list's own forms ----
# The list is published in minlex form, but not the true one on every line
# (docs/canon.md: brute force over all maps finds a smaller isomorph for
# about 3% of them), so: an isomorph's form is the published line's form,
# never above the published line, and 49,158 classes stay 49,158.
"$SUDOKU" transform --random --seed 7 "$SEVENTEEN" > "$T/iso"; rc=$?
expect "transform --random exit" "$rc" 0
expect "isomorphs differ from the list" "$(tr . 0 < "$T/iso" | cmp -s - "$T/published" && echo same)" ""
"$SUDOKU" canon --zeros "$T/iso" > "$T/forms"; rc=$?
expect "canon exit" "$rc" 0
"$SUDOKU" canon --zeros "$T/published" | cmp -s - "$T/forms" && ok || bad "random isomorphs of the 17-clue list change forms"
expect "no form above its published line" "$(paste -d' ' "$T/forms" "$T/published" | awk '($1 "") > ($2 "")' | wc -l | tr -d ' ')" 0
same=$(paste -d' ' "$T/forms" "$T/published" | awk '($1 "") == ($2 "")' | wc -l | tr -d ' ')
[ "$same" -gt 45000 ] && ok || bad "only $same forms equal their published line"
expect "17-clue classes" "$(sort -u "$T/forms" | wc -l | tr -d ' ')" 49158
"$SUDOKU" canon "$T/iso" | head -n 1 | grep -q '^\.\.\.\.' && ok || bad "line output writes blanks as ."

# --- one form per class; transform then canon is the identity on forms ----
"$SUDOKU" canon "$HARD" > "$T/hard_forms"
for m in transpose rotate mirror,flip "bands=312,stacks=231,digits=987654321" "rows=213456798,cols=132465978"; do
    "$SUDOKU" transform --map "$m" "$HARD" | "$SUDOKU" canon > "$T/again"
    cmp -s "$T/again" "$T/hard_forms" && ok || bad "transform --map $m then canon changes a form"
done
"$SUDOKU" transform --random --seed 99 "$HARD" | "$SUDOKU" canon > "$T/again"
cmp -s "$T/again" "$T/hard_forms" && ok || bad "random isomorphs (seed 99) change a form"

# --- the map: to the form, and back with --inverse ------------------------
"$SUDOKU" canon --format json "$HARD" | head -n 20 > "$T/json"
n=0; good=0
while IFS= read -r rec; do
    n=$((n + 1))
    puzzle=$(echo "$rec" | sed 's/.*"puzzle":"\([^"]*\)".*/\1/')
    form=$(echo "$rec" | sed 's/.*"form":"\([^"]*\)".*/\1/')
    map=$(echo "$rec" | sed 's/.*"map":"\([^"]*\)".*/\1/')
    there=$(echo "$puzzle" | "$SUDOKU" transform --map "$map")
    back=$(echo "$form" | "$SUDOKU" transform --map "$map" --inverse)
    [ "$there" = "$form" ] && [ "$back" = "$puzzle" ] && good=$((good + 1))
done < "$T/json"
expect "maps take 20 puzzles to their forms and back" "$good" 20
grep -q '"automorphisms":[1-9]' "$T/json" && ok || bad "json: no automorphisms"
expect "empty board: every map an automorphism" \
    "$(printf '%081d\n' 0 | "$SUDOKU" canon --format json | sed 's/.*"automorphisms":\([0-9]*\).*/\1/')" 3359232

# --- --unique: planted isomorph duplicates, exactly the first of each -----
grep -v '^#' "$HARD" | head -n 30 > "$T/thirty"
"$SUDOKU" canon "$T/thirty" | sort -u | wc -l | tr -d ' ' > "$T/classes"
expect "30 hardest puzzles are 30 classes" "$(cat "$T/classes")" 30
sed -n 3p "$T/thirty" | "$SUDOKU" transform --random --seed 1 > "$T/iso3"
sed -n 1p "$T/thirty" | "$SUDOKU" transform --map rotate > "$T/iso1"
sed -n 30p "$T/thirty" | "$SUDOKU" transform --random --seed 2 > "$T/iso30"
cat "$T/iso3" "$T/thirty" "$T/iso1" "$T/iso30" "$T/iso3" > "$T/planted"
"$SUDOKU" canon --unique "$T/planted" > "$T/kept"; rc=$?
expect "--unique exit" "$rc" 0
{ cat "$T/iso3"; sed -e 3d "$T/thirty"; } > "$T/want"
cmp -s "$T/kept" "$T/want" && ok || bad "--unique does not keep exactly the first of each class"
"$SUDOKU" canon --unique -j 2 "$T/planted" | cmp -s - "$T/want" && ok || bad "--unique -j 2 differs"
expect "--unique json: one record a class" "$("$SUDOKU" canon --unique --format json "$T/planted" | wc -l | tr -d ' ')" 30

# --- --grid: the solution's form ---------------------------------------------
p=$(sed -n 1p "$T/thirty")
expect "--grid = canon of the solution" "$(echo "$p" | "$SUDOKU" canon --grid)" \
    "$(echo "$p" | "$SUDOKU" solve | "$SUDOKU" canon)"
expect "--grid of a grid is its form" "$(echo "$p" | "$SUDOKU" solve | "$SUDOKU" canon --grid)" \
    "$(echo "$p" | "$SUDOKU" solve | "$SUDOKU" canon)"
echo "$p" | "$SUDOKU" solve | "$SUDOKU" canon --grid | grep -q '^123456789' && ok || bad "a grid's form starts 123456789"
multi=$(echo "$p" | cut -c1-70)...........
echo "$multi" | "$SUDOKU" canon --grid > "$T/out"; rc=$?
expect "--grid of a puzzle with two solutions" "$(cut -c1-81 "$T/out")" multiple
expect "--grid multiple exit" "$rc" 1

# --- seeds and threads ---------------------------------------------------------
"$SUDOKU" transform --random --seed 7 -j 2 "$SEVENTEEN" | cmp -s - "$T/iso" && ok || bad "transform -j 2 differs from -j 1"
"$SUDOKU" transform --random --seed 8 "$HARD" > "$T/s8"
"$SUDOKU" transform --random --seed 7 "$HARD" | cmp -s - "$T/s8" && bad "seeds 7 and 8 give the same isomorphs" || ok
"$SUDOKU" canon -j 2 "$HARD" | cmp -s - "$T/hard_forms" && ok || bad "canon -j 2 differs from -j 1"

# --- bad input: a message, a record, the batch goes on ------------------------
printf '%s\nnot a puzzle\n%s\n' "$p" "$p" > "$T/mixed"
"$SUDOKU" canon "$T/mixed" > "$T/out" 2> "$T/err"; rc=$?
expect "invalid record exit" "$rc" 3
expect "invalid record: three output records" "$(sed -n 2p "$T/out"; wc -l < "$T/out" | tr -d ' ')" "invalid
3"
grep -q "^$T/mixed:2: " "$T/err" && ok || bad "invalid record: no FILE:LINE message ($(cat "$T/err"))"
# Other boards: canon under the board's own group (docs/canon.md).  A 4x4
# puzzle and an isomorph of it (stacks and bands swapped, digits renamed)
# give one form; an X puzzle's form keeps its variant, and the plain puzzle
# with the same cells is another class for --unique; a 16x16 is refused.
printf '12..\n..12\n....\n....\n\n' | "$SUDOKU" canon > "$T/out" 2> "$T/err"; rc=$?
expect "4x4 form" "$(cat "$T/out")" "..........1212.."
expect "4x4 exit" "$rc" 0
printf '....\n....\n..34\n34..\n\n' | "$SUDOKU" canon > "$T/out2"
expect "4x4 isomorph, one form" "$(cat "$T/out2")" "$(cat "$T/out")"
echo "$p" | "$SUDOKU" canon --variant x > "$T/out" 2>/dev/null; rc=$?
case "$(cat "$T/out")" in "x "*) ok ;; *) bad "X form: $(cat "$T/out")" ;; esac
expect "X exit" "$rc" 0
{ echo "$p"; echo "x $p"; echo "x $p"; } | "$SUDOKU" canon --unique > "$T/out"
expect "--unique tells boards apart" "$(wc -l < "$T/out" | tr -d ' ')" 2
sed -n 1p puzzles/sizes/16x16.txt | "$SUDOKU" canon > "$T/out" 2> "$T/err"; rc=$?
expect "16x16 answered unsupported" "$(cat "$T/out")" unsupported
expect "16x16 exit" "$rc" 1
grep -q '^stdin:1: canon is defined on boards up to 9x9' "$T/err" && ok || bad "16x16: no FILE:LINE message ($(cat "$T/err"))"
printf '12..\n..12\n....\n....\n\n' | "$SUDOKU" transform --random > "$T/out" 2> "$T/err"; rc=$?
expect "transform 4x4 unsupported" "$(cat "$T/out")" unsupported
grep -q '^stdin:1: .*9x9' "$T/err" && ok || bad "transform 4x4: no FILE:LINE message"
for m in spin rows=123 digits=1123456789 "bands=12" ""; do
    echo "$p" | "$SUDOKU" transform --map "$m" > /dev/null 2> "$T/err"; rc=$?
    expect "--map '$m' exit" "$rc" 2
    grep -q 'sudoku transform: --map: ' "$T/err" && ok || bad "--map '$m': no message"
done
echo "$p" | "$SUDOKU" canon --format svg > /dev/null 2>&1; rc=$?
expect "canon --format svg is a usage error" "$rc" 2

summary cli_canon
