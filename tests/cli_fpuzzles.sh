#!/bin/sh
# cli_fpuzzles.sh -- f-puzzles through the command line: the objects and
# links of tests/data/fpuzzles_vectors.txt (published puzzles) solved to
# their published solutions; generate --format fpuzzles and fpuzzles-url
# read back as the same board with the same solution, every variant and
# size f-puzzles draws; solve/canon/transform writing f-puzzles; refusals as
# FILE:LINE errors (exit 3) while the batch goes on, in order, in csv and
# json; a pretty-printed object over many lines.  With node and lz-string
# at hand, our links are also decoded by the JavaScript library (skipped
# without them: the checks above stand alone).
. tests/lib.sh
V=tests/data/fpuzzles_vectors.txt
vec() { grep "^$1	" $V | cut -f"$2"; }     # vec NAME FIELD: 2 line, 3 object, 4 link

# --- published puzzles, as objects and as links ---------------------------
for pair in "standard-9x9 puzzles/wikipedia.sol" "jigsaw-9x9 puzzles/variants/jigsaw-janko108.sol" \
            "windoku-9x9 puzzles/variants/windoku-commons-hypersudoku18.sol" \
            "x-6x6 puzzles/variants/x-puzzling-se-37042.sol"; do
    name=${pair% *}; sol=${pair#* }
    want=$(grep -v '^#' "$sol" | tr -d '\n' | sed 's/^[a-z,]* //')
    case $name in standard-9x9) want=$(grep -v '^#' "$sol" | tr -d '\n') ;; esac
    case $name in jigsaw*) want=$(grep -v '^#' "$sol") ;; esac
    for field in 3 4; do
        vec $name $field > "$T/in"
        expect "$name (field $field) solved" "$("$SUDOKU" solve "$T/in")" "$want"
    done
    expect "$name link unique" "$(vec $name 4 | "$SUDOKU" check)" unique
done
# killer boards, where this build reads them (their cages are refused by name
# otherwise: unit_fpuzzles checks that)
killer=0
"$SUDOKU" generate -q --variant killer --size 4 -n 1 --seed 1 > /dev/null 2>&1 && killer=1
# every vector: the object and the link answer as our line does
grep -v '^#' $V | while IFS='	' read -r name line object link; do
    case $line in killer*) [ $killer = 1 ] || continue ;; esac
    a=$(echo "$line" | "$SUDOKU" solve 2>&1); b=$(echo "$object" | "$SUDOKU" solve 2>&1)
    c=$(echo "$link" | "$SUDOKU" solve 2>&1)
    [ "$a" = "$b" ] && [ "$a" = "$c" ] && echo ok || echo "FAIL $name: line '$a', object '$b', link '$c'"
done > "$T/each"
expect "vectors answered alike" "$(grep -c FAIL "$T/each")" 0
grep FAIL "$T/each"
passed=$((passed + $(grep -c '^ok' "$T/each")))

# --- round trips: generate, read back, same board, same solution ----------
for spec in "--variant standard" "--variant x" "--variant windoku" "--variant jigsaw" "--variant jigsaw,x" \
            "--variant jigsaw,windoku" "--size 4" "--size 6" "--size 8" "--size 10" "--size 12" "--size 15" \
            "--size 16" "--size 6 --variant x" "--size 8 --variant jigsaw" "--size 12 --variant jigsaw,x" \
            $([ $killer = 1 ] && echo "--variant=killer --variant=killer,x --variant=killer,windoku \
              --variant=jigsaw,killer --variant=jigsaw,killer,x --size=6_--variant=killer --size=4_--variant=killer,x"); do
    spec=$(echo "$spec" | tr '_=' '  ')
    # shellcheck disable=SC2086
    "$SUDOKU" generate -q --seed 11 -n 2 $spec > "$T/line"
    # shellcheck disable=SC2086
    "$SUDOKU" generate -q --seed 11 -n 2 $spec --format fpuzzles > "$T/obj"
    # shellcheck disable=SC2086
    "$SUDOKU" generate -q --seed 11 -n 2 $spec --format fpuzzles-url > "$T/url"
    expect "$spec: two objects" "$(grep -c '^{"size":' "$T/obj")" 2
    expect "$spec: two links" "$(grep -c '^https://www.f-puzzles.com/?load=' "$T/url")" 2
    # the same board: the puzzle each reads as, variant and regions included
    "$SUDOKU" solve --format csv "$T/line" | cut -d, -f2- > "$T/a"
    "$SUDOKU" solve --format csv "$T/obj" | cut -d, -f2- > "$T/b"
    "$SUDOKU" solve --format csv "$T/url" | cut -d, -f2- > "$T/c"
    cmp -s "$T/a" "$T/b" && ok || bad "$spec: the object reads as another puzzle or solution: $(diff "$T/a" "$T/b" | head -3)"
    cmp -s "$T/a" "$T/c" && ok || bad "$spec: the link reads as another puzzle or solution"
    expect "$spec: unique as links" "$("$SUDOKU" check "$T/url" | sort -u)" unique
done
if [ $killer = 1 ]; then
    # killers made by this program, as f-puzzles links: the same answer as their own lines
    for name in killer-9x9-unique killer-x-6x6-unique; do
        expect "$name: unique as a link" "$(vec $name 4 | "$SUDOKU" check)" unique
        expect "$name: the link's answer is the line's" "$(vec $name 4 | "$SUDOKU" solve | cut -d' ' -f1)" \
            "$(vec $name 2 | "$SUDOKU" solve | cut -d' ' -f1)"
    done
    "$SUDOKU" generate -q --variant killer --seed 2 -n 1 --format fpuzzles > "$T/k"
    grep -q '"killercage":\[{"cells":\["R1C1"' "$T/k" && ok || bad "killer object: killercage from R1C1: $(cut -c1-80 "$T/k")"
fi
# sides and boards f-puzzles does not draw: refused before any work
"$SUDOKU" generate -q --size 20 --format fpuzzles > "$T/o" 2> "$T/e"; rc=$?
expect "20x20 refused exit" "$rc" 2
grep -q "f-puzzles boards go up to 16x16" "$T/e" && ok || bad "20x20 message: $(cat "$T/e")"
"$SUDOKU" generate -q --variant samurai --format fpuzzles-url > "$T/o" 2> "$T/e"; rc=$?
expect "samurai generate refused exit" "$rc" 2
grep -q "no samurai boards" "$T/e" && ok || bad "samurai message: $(cat "$T/e")"
"$SUDOKU" check --format fpuzzles puzzles/wikipedia.txt > /dev/null 2> "$T/e"; rc=$?
expect "check --format fpuzzles is a usage error" "$rc" 2
grep -q "it is for generate, solve, canon and transform" "$T/e" && ok || bad "check message: $(cat "$T/e")"

# --- solve, canon, transform writing f-puzzles ----------------------------
vec standard-9x9 2 > "$T/w"
"$SUDOKU" solve --format fpuzzles "$T/w" > "$T/ws"
grep -q '"solution":\[5,3,4,6,7,8,9,1,2,6,7,2' "$T/ws" && ok || bad "solve --format fpuzzles: solution key"
expect "solve's object reads back as its puzzle" "$("$SUDOKU" solve --format csv "$T/ws" | cut -d, -f2 | tail -n 1)" \
    "$(cut -c10- "$T/w")"
"$SUDOKU" solve --format fpuzzles-url puzzles/samurai.txt > "$T/o" 2> "$T/e"; rc=$?
expect "samurai as a link: the word" "$(cat "$T/o")" unsupported
grep -q "^puzzles/samurai.txt:1: --format fpuzzles-url: f-puzzles has no samurai boards" "$T/e" && ok ||
    bad "samurai solve message: $(cat "$T/e")"
"$SUDOKU" solve --format fpuzzles puzzles/samurai.txt 2> /dev/null > "$T/o"
expect "samurai as an object: a status record" "$(cut -c1-41 "$T/o")" '{"line":1,"status":"unsupported","error":'
"$SUDOKU" canon --format fpuzzles "$T/w" > "$T/cf"
expect "canon's form as an object" "$("$SUDOKU" solve --format csv "$T/cf" | tail -n 1 | cut -d, -f2)" \
    "$("$SUDOKU" canon "$T/w" | tr 0 .)"
"$SUDOKU" transform --map rotate --format fpuzzles-url "$T/w" > "$T/tf"
expect "transform as a link" "$("$SUDOKU" solve --format csv "$T/tf" | tail -n 1 | cut -d, -f2)" \
    "$("$SUDOKU" transform --map rotate "$T/w")"

# --- a batch: f-puzzles and ordinary lines, errors in place ----------------
{
    vec standard-4x4 3                                           # 1: an object
    echo "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"  # 2
    vec standard-9x9 3 | sed 's/}$/,"thermometer":[{"lines":[["R1C1","R1C2"]]}]}/'          # 3: refused
    echo "https://www.f-puzzles.com/?load=N4Ig%%%"               # 4: bad base64
    vec x-6x6 4                                                  # 5: a link
    echo '{"size":9,"grid":[[{}]'                                # 6: malformed (and open: a lone line)
} > "$T/mix"
"$SUDOKU" solve "$T/mix" > "$T/o" 2> "$T/e"; rc=$?
expect "mixed batch exit" "$rc" 3
expect "mixed batch answers" "$(tr '\n' ' ' < "$T/o")" \
    "$(vec standard-4x4 2 | "$SUDOKU" solve) 417369825632158947958724316825437169791586432346912758289643571573291684164875293 invalid invalid $(vec x-6x6 2 | "$SUDOKU" solve) invalid "
grep -q "^$T/mix:3: f-puzzles: \"thermometer\" is not read" "$T/e" && ok || bad "thermometer message: $(cat "$T/e")"
grep -q "^$T/mix:4: f-puzzles: the link's puzzle does not decode" "$T/e" && ok || bad "base64 message: $(cat "$T/e")"
grep -q "^$T/mix:6: f-puzzles: not a well-formed json object" "$T/e" && ok || bad "malformed message: $(cat "$T/e")"
expect "mixed csv: lines in order" "$("$SUDOKU" solve --format csv "$T/mix" 2>/dev/null | cut -d, -f1,3 | tr '\n' ' ')" \
    "line,status 1,solved 2,solved 3,invalid 4,invalid 5,solved 6,invalid "
expect "mixed json: lines in order" \
    "$("$SUDOKU" solve --format json "$T/mix" 2>/dev/null | sed 's/^{"line":\([0-9]*\),.*"status":"\([a-z]*\)".*/\1\2/' | tr '\n' ' ')" \
    "1solved 2solved 3invalid 4invalid 5solved 6invalid "
expect "mixed json: the x link's variant" "$("$SUDOKU" solve --format json "$T/mix" 2>/dev/null | grep -c '"variant":"x"')" 1
# the same in a batch of f-puzzles output of every format: one line a record
expect "mixed as objects: one line each" "$("$SUDOKU" solve --format fpuzzles "$T/mix" 2>/dev/null | wc -l | tr -d ' ')" 6
expect "mixed as links: invalid in place" \
    "$("$SUDOKU" solve --format fpuzzles-url "$T/mix" 2>/dev/null | cut -c1-8 | tr '\n' ' ')" \
    "https:// https:// invalid invalid https:// invalid "

# --- a pretty-printed object over lines, between ordinary records ---------
{
    echo "# a file as f-puzzles' export, pretty-printed"
    vec x-6x6 3 | python3 -m json.tool 2>/dev/null || vec x-6x6 3
    vec standard-4x4 2 | cut -d' ' -f2
} > "$T/pretty"
"$SUDOKU" solve --format csv "$T/pretty" > "$T/o"; rc=$?
expect "pretty exit" "$rc" 0
expect "pretty: two records" "$(tail -n +2 "$T/o" | cut -d, -f1,2 | tr '\n' ' ')" \
    "2,$(vec x-6x6 2) $(($(wc -l < "$T/pretty"))),$(vec standard-4x4 2 | cut -d' ' -f2) "

# --- optional: our links decoded by the JavaScript lz-string --------------
NODE_LZ=${NODE_LZ:-/tmp/lz/node_modules}
if command -v node > /dev/null 2>&1 && [ -d "$NODE_LZ/lz-string" ]; then
    "$SUDOKU" generate -q --seed 5 -n 3 --variant jigsaw,x --format fpuzzles > "$T/obj"
    "$SUDOKU" generate -q --seed 5 -n 3 --variant jigsaw,x --format fpuzzles-url | sed 's/.*load=//' > "$T/url"
    NODE_PATH=$NODE_LZ node -e "
        const lz = require('lz-string'), fs = require('fs');
        for (const s of fs.readFileSync('$T/url', 'utf8').trim().split('\n')) console.log(lz.decompressFromBase64(s));
    " > "$T/js"
    cmp -s "$T/js" "$T/obj" && ok || bad "lz-string (JavaScript) decodes our links to another text"
else
    echo "SKIP lz-string under node not found: our links not decoded by the JavaScript library"
fi

summary cli_fpuzzles
