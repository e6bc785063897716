#!/bin/sh
# cli_records.sh -- one record language (issue 28): every output format of
# every command that carries a puzzle (line, grid, csv, json) feeds every
# command that takes puzzles, and the puzzle arrives intact: the answer of
# each consumer equals its answer on the original record (solve's equals
# the exact answer), on a plain 9x9, a 16x16, a jigsaw and a samurai.  Then
# the reader's fixes: .ss files, rows of '-' blanks, 16x16 rows of numbers,
# headerless csv lines, and messages that say what is wrong.
. tests/lib.sh
ROOT=$(pwd)
cd "$T" || exit 1

# The records: a line, a generated 16x16, a jigsaw grid with its label grid
# (named on the line before), the samurai layout.
grep -v '^#' "$ROOT/puzzles/puzzles3_magictour_top1465" | head -n 1 >plain.txt
"$SUDOKU" generate -q --size 16 --clues 160 --seed 2 >p16.txt
cp "$ROOT/puzzles/variants/jigsaw-janko108.txt" jigsaw.txt
cp "$ROOT/puzzles/samurai.txt" samurai.txt

# strip FILE: json records without their line numbers
strip() { sed 's/"line":[0-9]*,//' "$1"; }

# consumers OUT EXPECT NAME: every command that takes puzzles answers OUT
# (a producer's output) as it answers EXPECT (the records OUT carries).
# EXPECT's answers are made once, into EXPECT.want* beside it.
consumers() {
    out=$1 want=$2 name=$3
    "$SUDOKU" solve --format line "$out" >got 2>err
    expect "$name | solve (the exact answer)" "$(cat got)$(cat err)" "$(cat "$want.sol")"
    i=0
    for c in check count "rate --samples 0" "rate --human" explain hint; do
        i=$((i + 1))
        "$SUDOKU" $c --format json "$out" >got.json 2>err
        [ -f "$want.want$i" ] || "$SUDOKU" $c --format json "$want" >"$want.want$i" 2>/dev/null
        expect "$name | $c" "$(strip got.json)$(cat err)" "$(strip "$want.want$i")"
    done
    "$SUDOKU" energy "$out" "$want.sol" >got 2>err
    [ -f "$want.wantE" ] || "$SUDOKU" energy "$want" "$want.sol" >"$want.wantE" 2>/dev/null
    expect "$name | energy" "$(cat got)$(cat err)" "$(cat "$want.wantE")"
    "$SUDOKU" print "$out" >got.pdf 2>err
    check "$name | print" "$([ $? -eq 0 ] && [ ! -s err ] && head -c 4 got.pdf | grep -q '%PDF'; echo $?)" \
        "$(head -c 300 err)"
}

for rec in plain p16 jigsaw samurai; do
    "$SUDOKU" solve --format line $rec.txt >$rec.txt.sol
    "$SUDOKU" solve --format line $rec.txt.sol >$rec.txt.sol.sol    # a solution solves to itself
    # solve's line and grid carry the solution, the others the puzzle
    for f in line grid; do
        "$SUDOKU" solve --format $f $rec.txt >out.$f
        consumers out.$f $rec.txt.sol "$rec: solve --format $f"
    done
    for p in solve check count "rate --samples 0" "rate --human"; do
        formats="csv json"
        case $p in rate*) formats="line grid csv json" ;; esac
        for f in $formats; do
            "$SUDOKU" $p --format $f $rec.txt >out.$f 2>/dev/null
            consumers out.$f $rec.txt "$rec: $p --format $f"
        done
    done
    for p in explain hint; do
        "$SUDOKU" $p --format json $rec.txt >out.json 2>/dev/null
        consumers out.json $rec.txt "$rec: $p --format json"
    done
done

# generate's every format, against its line output of the same seed.
for args in "" "--size 16 --clues 160" "--variant jigsaw" "--variant samurai"; do
    "$SUDOKU" generate -q --seed 4 -n 2 $args >gen.txt
    rm -f gen.txt.want*
    "$SUDOKU" solve --format line gen.txt >gen.txt.sol
    for f in "--format grid" "--format csv" "--format json" "--rate --samples 0"; do
        "$SUDOKU" generate -q --seed 4 -n 2 $args $f >out.gen
        consumers out.gen gen.txt "generate $args $f"
    done
done

# The issue's pipeline: a week of puzzles, rated, printed.
"$SUDOKU" generate -q -n 4 --seed 1 | "$SUDOKU" rate --human | "$SUDOKU" print >week.pdf 2>err
check "generate | rate --human | print: exit 0" "$([ $? -eq 0 ] && [ ! -s err ]; echo $?)" "$(cat err)"
expect "generate | rate --human | print: 4 puzzles, one page" "$(grep -c '/Type /Page\b' week.pdf)" 1

# rate's line output leads with the puzzle, as generate --rate's does.
P=$(cat plain.txt)
case "$("$SUDOKU" rate --human plain.txt)" in "$P er="*" level="*" hardest=\""*\") ok ;;
    *) bad "rate --human line: the puzzle first" ;; esac
case "$("$SUDOKU" rate --samples 0 plain.txt)" in "$P clues=18 depth="*) ok ;; *) bad "rate line: the puzzle first" ;; esac

# ---- reading csv and json: batches keep going, one answer a record --------
S=$(cat plain.txt.sol)
printf '%s\n' "line,puzzle,status" "1,$P,x" "2,,invalid" "3,12345,x" "4,$P,x" >t.csv
"$SUDOKU" solve t.csv >got 2>err
expect "csv: one answer a record, in order" "$(tr '\n' ' ' <got)" "$S invalid invalid $S "
expect "csv: the empty puzzle said" "$(sed -n 1p err)" "t.csv:3: csv record without a puzzle (column 2 is empty)"
expect "csv: a short puzzle said" "$(sed -n 2p err)" \
    "t.csv:4: csv record's puzzle: line has 5 cells: neither a whole puzzle (n*n cells, 81 for 9x9) nor a grid row (n cells)"
printf '%s\n' "{\"puzzle\":\"$P\"}" '{"line":2,"status":"invalid"}' '{"puzzle":' "{\"x\":[1,{\"y\":2}],\"puzzle\":\"$P\"}" >t.json
"$SUDOKU" solve t.json >got 2>err
expect "json: one answer a record, in order" "$(tr '\n' ' ' <got)" "$S invalid invalid $S "
expect "json: no puzzle said" "$(sed -n 1p err)" 't.json:2: json record without a "puzzle" string'
expect "json: malformed said" "$(sed -n 2p err)" "t.json:3: a json record, but not one object on the line"
# a variant's name and regions as keys (as generate writes them), or on the puzzle
J=$(sed -n 1p jigsaw.txt.sol)
"$SUDOKU" generate -q -n 1 --seed 2 --variant x --format json >x.json
"$SUDOKU" generate -q -n 1 --seed 2 --variant x >x.txt
"$SUDOKU" check --format json x.json >got.json
"$SUDOKU" check --format json x.txt >want.json
expect "json: the variant key" "$(strip got.json)" "$(strip want.json)"
# print takes a json record's board from its keys too (an x puzzle keeps its diagonals)
expect "print: a json record's variant key" "$("$SUDOKU" print --format svg x.json | sed 1,5d | cksum)" \
    "$("$SUDOKU" print --format svg x.txt | sed 1,5d | cksum)"
"$SUDOKU" check --format json jigsaw.txt | sed 's/"puzzle":"jigsaw \([^ ]*\) [^"]*"/"puzzle":"\1"/' >j.json
expect "json: a jigsaw's regions key" "$("$SUDOKU" solve j.json)" "$J"
# a position (81 groups of candidates; one cell down to two) through hint's json
# and back: its candidates arrive as they left
awk -v p="$P" -v s="$S" 'BEGIN { two = 0
    for (c = 1; c <= 81; c++) { v = substr(p, c, 1); d = substr(s, c, 1)
        g = v != "." ? v : two++ ? "123456789" : d (d == 9 ? 1 : 9); printf "%s%s", (c > 1 ? " " : ""), g }
    print "" }' >pos.txt
"$SUDOKU" hint --format json pos.txt >a.json
"$SUDOKU" hint --format json a.json >b.json
case "$(cat a.json)" in *'"candidates":"'*) ok ;; *) bad "hint json carries a position's candidates" ;; esac
expect "a position through hint's json" "$(strip b.json)" "$(strip a.json)"
# a table's comments do not end it; a line that is no row does, and reads as it is
{ echo "puzzle,status"; echo "# note"; echo "$P,x"; echo "$P"; "$SUDOKU" solve --format grid plain.txt; } >mixed.txt
expect "csv, then a line and a grid" "$("$SUDOKU" check mixed.txt 2>&1 | tr '\n' ' ')" "unique unique unique "
# headerless csv lines (001,<puzzle>) read as "1 <puzzle>" does
expect "001,<puzzle>" "$(echo "001,$P,x" | "$SUDOKU" solve 2>&1)" "$S"
# key=value fields after the puzzle, quoted values with spaces
expect "key=value fields" "$(echo "$P clues=18 hardest=\"Hidden Single\" level=easy" | "$SUDOKU" solve 2>&1)" "$S"

# ---- the reader's fixes ------------------------------------------------------
# .ss (Simple Sudoku): *---* corners and |---+---+---| rules are borders.
{
    echo '*-----------*'
    for r in 0 1 2 3 4 5 6 7 8; do
        row=$(echo "$P" | cut -c$((r * 9 + 1))-$((r * 9 + 9)))
        [ $r -eq 3 ] || [ $r -eq 6 ] && echo '|---+---+---|'
        echo "$row" | sed -E 's/(...)(...)(...)/|\1|\2|\3|/'
    done
    echo '*-----------*'
} >p.ss
"$SUDOKU" solve --format line p.ss >got 2>err
expect ".ss: one puzzle, no invalid records" "$(cat got)$(cat err)" "$S"

# Rows of '-' blanks: a wholly blank row at a band's edge, mid-band and
# first, written ---|---|--- or - - - ..., are rows, not borders.
B=$(echo "$P" | sed -E 's/^(.{27}).{9}/\1........./; s/^(.{45}).{9}/\1........./; s/^.{9}/........./')
echo "$B" >blank.txt
"$SUDOKU" solve --format line blank.txt >blank.sol
for style in bars spaces; do
    for r in 0 1 2 3 4 5 6 7 8; do
        row=$(echo "$B" | cut -c$((r * 9 + 1))-$((r * 9 + 9)) | tr . -)
        if [ $style = bars ]; then
            [ $r -eq 3 ] || [ $r -eq 6 ] && echo '---+---+---'
            echo "$row" | sed -E 's/(...)(...)(...)/\1|\2|\3/'
        else
            [ $r -eq 3 ] || [ $r -eq 6 ] && echo '------+-------+------'
            echo "$row" | sed 's/./& /g'
        fi
    done >dash.txt
    "$SUDOKU" solve --format line dash.txt >got 2>err
    expect "rows of '-' blanks ($style)" "$(cat got)$(cat err)" "$(cat blank.sol)"
    # without the borders too
    grep -v + dash.txt >dash2.txt
    "$SUDOKU" solve --format line dash2.txt >got 2>err
    expect "rows of '-' blanks ($style, no borders)" "$(cat got)$(cat err)" "$(cat blank.sol)"
done
# a dashed line that is a border stays one: between line records, and before a grid
printf '%s\n' "- - - - - - - - -" "$P" "---|---|---" "$P" >lines.txt
expect "dashed lines between records" "$("$SUDOKU" solve lines.txt 2>&1 | tr '\n' ' ')" "$S $S "
"$SUDOKU" solve --format grid plain.txt | sed '/^$/d' >g.txt
{ echo '---|---|---'; cat g.txt; } >g2.txt
expect "a dashed border before a grid" "$("$SUDOKU" solve --format line g2.txt 2>&1)" "$S"

# 16x16 rows of numbers 1-16 (0 or . for a blank) separated by spaces.
Q=$(cat p16.txt)
echo "$Q" | fold -w 16 | while read -r row; do
    echo "$row" | sed 's/./& /g' | sed 's/A/10/g; s/B/11/g; s/C/12/g; s/D/13/g; s/E/14/g; s/F/15/g; s/G/16/g'
done >num16.txt
"$SUDOKU" solve --format line num16.txt >got 2>err
expect "16x16 rows of numbers: one puzzle" "$(cat got)$(cat err)" "$(cat p16.txt.sol)"
tr '\n.' ' 0' <num16.txt >num16line.txt; echo >>num16line.txt
"$SUDOKU" solve num16line.txt >got 2>err
expect "16x16 numbers on one line" "$(cat got)$(cat err)" "$(cat p16.txt.sol)"

# The reader's short cut for a compact line of 81 cells ('.' and 0-9 alone)
# reads what its general scan reads: the same lines with a word after the
# cells (which only the general scan takes) give the same records, with '.'
# or '0' blanks; and 81-character lines it must leave alone (a letter among
# the cells, rows of a csv table) keep their meaning.
grep -v '^#' "$ROOT/puzzles/puzzles3_magictour_top1465" | head -n 200 >short.txt
grep -v '^#' "$ROOT/puzzles/puzzles2_17_clue" | head -n 200 | tr . 0 >>short.txt
sed 's/$/ note/' short.txt >general.txt
"$SUDOKU" transform --map identity --format json short.txt >got.json 2>err
"$SUDOKU" transform --map identity --format json general.txt >want.json 2>&1
expect "compact 81-cell lines read as the general scan reads them" "$(cat got.json err | cksum)" "$(cksum <want.json)"
expect "compact 81-cell lines: all read" "$(grep -c '"status":"transformed"' got.json)" 400
head -n 1 short.txt | sed 's/^./Z/' >letter.txt
"$SUDOKU" solve letter.txt >/dev/null 2>err
sed 's/$/ note/' letter.txt >letter2.txt
"$SUDOKU" solve letter2.txt >/dev/null 2>err2
expect "an 81-character line with a letter: the general scan's message" "$(cat err)" "$(sed 's/letter2/letter/' err2)"
{ echo puzzle; head -n 2 short.txt; } >table.csv
"$SUDOKU" solve --format line table.csv >got 2>err
"$SUDOKU" solve --format line general.txt 2>/dev/null | head -n 2 >want
expect "81-character rows of a csv table" "$(cat got err)" "$(cat want)"

# Messages that say what is wrong.
echo "$P" | tr . ' ' >spaces.txt
"$SUDOKU" solve spaces.txt >/dev/null 2>err
expect "spaces as blanks" "$(cat err)" \
    "spaces.txt:1: line has 18 cells among 81 characters, as a 9x9 puzzle has: blanks are . or 0, not spaces"
# (a 9x9 line whose clues number 16 looked like a 4x4 puzzle)
echo "$P" | sed 's/[1-9]/./; s/[1-9]/./' | tr . ' ' >spaces16.txt
"$SUDOKU" solve spaces16.txt >/dev/null 2>err
case "$(cat err)" in "spaces16.txt:1: '"?"' is not a digit of a 4x4 puzzle: the line's 16 cells are among 81 characters, as a 9x9 puzzle has: blanks are . or 0, not spaces") ok ;;
    *) bad "spaces as blanks, 16 clues: $(cat err)" ;; esac
printf '5 and more\n' >one.txt
"$SUDOKU" solve one.txt >/dev/null 2>err
expect "one cell, then text" "$(cat err)" \
    "one.txt:1: line has 1 cell, then text at column 3: not a whole puzzle (n*n cells) nor a grid row"

summary cli_records
