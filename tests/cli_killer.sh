#!/bin/sh
# cli_killer.sh -- killer sudoku through the command line: generated
# killers (plain, x, windoku, jigsaw, other sizes) proven unique and their
# solutions checked by a checker of this script's own (rows, columns, boxes
# or regions, diagonals, windows, cage sums and distinct digits in a cage,
# from the line's text alone); the line, grid, csv and json forms read back
# as the same board; bad cages as one FILE:LINE message each (exit 3) while
# the batch goes on; explain, hint and rate --human answer unsupported.
. tests/lib.sh

# kcheck PUZZLE-LINE SOLUTION-LINE: "ok", or what is wrong.  Independent of
# the program: the rules from the text of the two lines.
cat > "$T/kcheck.py" <<'EOF'
import sys
def main(puzzle, solution):
    p = puzzle.split(); s = solution.split()
    name = p[0]; words = name.split(',')
    cells, rest = p[1], p[2:]
    n = int(round(len(cells) ** 0.5))
    shapes = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4)}
    br, bc = shapes[n]
    region = [(i // n // br) * (n // bc) + (i % n) // bc for i in range(n * n)]
    if 'jigsaw' in words:
        region = list(rest[0]); rest = rest[1:]
    labels, sums = rest[0], [int(x) for x in rest[1].split(',')]
    grid = s[0]
    val = lambda ch: int(ch, 36)
    g = [val(ch) for ch in grid]
    if len(g) != n * n or any(not 1 <= v <= n for v in g):
        return "not a full grid"
    for i, ch in enumerate(cells):
        if ch not in '.0' and val(ch) != g[i]:
            return "given r%dc%d changed" % (i // n + 1, i % n + 1)
    houses = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    for k in set(region):
        houses.append([i for i in range(n * n) if region[i] == k])
    if 'x' in words:
        houses.append([i * n + i for i in range(n)]); houses.append([i * n + n - 1 - i for i in range(n)])
    if 'windoku' in words:
        for r0 in (1, 5):
            for c0 in (1, 5):
                houses.append([(r0 + i // 3) * 9 + c0 + i % 3 for i in range(9)])
    for h in houses:
        if sorted(g[i] for i in h) != list(range(1, n + 1)):
            return "house %s" % h
    # cages: cells of one label that touch, numbered by first cell
    cage = [-1] * (n * n); k = 0
    for i in range(n * n):
        if labels[i] == '.' or cage[i] >= 0:
            continue
        stack = [i]; cage[i] = k
        while stack:
            x = stack.pop(); r, c = divmod(x, n)
            for y in ([x - n] if r else []) + ([x + n] if r < n - 1 else []) + ([x - 1] if c else []) + ([x + 1] if c < n - 1 else []):
                if cage[y] < 0 and labels[y] == labels[i]:
                    cage[y] = k; stack.append(y)
        k += 1
    if k != len(sums):
        return "%d cages, %d sums" % (k, len(sums))
    for j in range(k):
        ds = [g[i] for i in range(n * n) if cage[i] == j]
        if len(set(ds)) != len(ds) or sum(ds) != sums[j]:
            return "cage %d: %s, sum %d" % (j + 1, ds, sums[j])
    return "ok"
print(main(sys.argv[1], sys.argv[2]))
EOF
kcheck() { python3 "$T/kcheck.py" "$1" "$2"; }
# cage sizes of a line: the smallest
cat > "$T/ksize.py" <<'EOF'
import sys
p = sys.argv[1].split(); labels = p[-2]; n = int(round(len(labels) ** 0.5))
seen = [0] * (n * n); sizes = []
for i in range(n * n):
    if labels[i] == '.' or seen[i]: continue
    st = [i]; seen[i] = 1; k = 0
    while st:
        x = st.pop(); k += 1; r, c = divmod(x, n)
        for y in ([x - n] if r else []) + ([x + n] if r < n - 1 else []) + ([x - 1] if c else []) + ([x + 1] if c < n - 1 else []):
            if not seen[y] and labels[y] == labels[i]: seen[y] = 1; st.append(y)
    sizes.append(k)
print(min(sizes), max(sizes), labels.count('.'))
EOF

# --- generated killers: unique, solved, checked ---------------------------------
for args in "--variant killer" "--variant killer,x" "--variant killer,windoku" "--variant jigsaw,killer" \
            "--variant killer --size 6" "--variant killer --size 4" "--variant jigsaw,killer,x" \
            "--variant killer --size 8" "--variant killer --size 12"; do
    "$SUDOKU" generate $args --seed 7 -n 2 -q > "$T/g"; rc=$?
    expect "generate $args exit" "$rc" 0
    expect "generate $args: 2 puzzles" "$(wc -l < "$T/g" | tr -d ' ')" 2
    while read -r line; do
        expect "generate $args: no givens" "$(echo "$line" | cut -d' ' -f2 | tr -d '.')" ""
        expect "generate $args: cages of 2 to 5 cells, every cell caged" "$(python3 "$T/ksize.py" "$line" | awk '{ print ($1 >= 2 && $2 <= 5 && $3 == 0) }')" 1
        echo "$line" > "$T/one"
        expect "generate $args: unique" "$("$SUDOKU" check "$T/one")" unique
        expect "generate $args: count" "$("$SUDOKU" count "$T/one")" 1
        sol=$("$SUDOKU" solve "$T/one")
        expect "generate $args: the solution keeps every rule" "$(kcheck "$line" "$sol")" ok
    done < "$T/g"
done
# the same seed, the same killers; -j does not change them
"$SUDOKU" generate --variant killer --seed 7 -n 4 -q -j 1 > "$T/a"
"$SUDOKU" generate --variant killer --seed 7 -n 4 -q -j 3 > "$T/b"
cmp -s "$T/a" "$T/b" && ok || bad "generate --variant killer: -j changes the output"
# givens and one-cell cages when asked for
"$SUDOKU" generate --variant killer --cage-min 1 --cage-max 3 --clues 12 --seed 3 -q > "$T/g"
expect "--clues 12: 12 givens" "$(cut -d' ' -f2 "$T/g" | tr -d '.' | awk '{ print length($0) }')" 12
expect "--cage-max 3" "$(python3 "$T/ksize.py" "$(cat "$T/g")" | awk '{ print $2 <= 3 }')" 1
expect "--clues 12: unique" "$("$SUDOKU" check "$T/g")" unique
"$SUDOKU" generate --variant killer --cage-min 3 --cage-max 2 -q > /dev/null 2>&1; rc=$?
expect "--cage-min above --cage-max: usage" "$rc" 2
"$SUDOKU" generate --cage-max 3 -q > /dev/null 2>&1; rc=$?
expect "--cage-max without killer: usage" "$rc" 2
"$SUDOKU" generate --variant killer --hard -q > /dev/null 2>&1; rc=$?
expect "killer --hard: usage" "$rc" 2

# --- the forms read back as the same board ---------------------------------------
"$SUDOKU" generate --variant jigsaw,killer --seed 11 -q > "$T/jk"
"$SUDOKU" generate --variant killer,x --seed 12 -q >> "$T/jk"
"$SUDOKU" solve "$T/jk" > "$T/sol"
for fmt in csv json; do
    "$SUDOKU" check --format "$fmt" "$T/jk" > "$T/f.$fmt"
    "$SUDOKU" solve "$T/f.$fmt" > "$T/back.$fmt"
    cmp -s "$T/sol" "$T/back.$fmt" && ok || bad "$fmt output does not read back to the same killers"
done
"$SUDOKU" generate --variant killer --seed 11 -q --format grid > "$T/kg"
expect "grid form: a cages line" "$(grep -c '^cages [a-zA-Z0-9.]\{81\} [0-9,]*$' "$T/kg")" 1
expect "grid form reads back" "$("$SUDOKU" generate --variant killer --seed 11 -q | "$SUDOKU" solve)" "$("$SUDOKU" solve "$T/kg" --format line)"
# json without the labels on the puzzle: its "cages" and "sums" keys
L=$(head -1 "$T/jk")
cells=$(echo "$L" | cut -d' ' -f2); regions=$(echo "$L" | cut -d' ' -f3); cages=$(echo "$L" | cut -d' ' -f4); sums=$(echo "$L" | cut -d' ' -f5)
echo "{\"variant\":\"jigsaw,killer\",\"puzzle\":\"$cells\",\"regions\":\"$regions\",\"cages\":\"$cages\",\"sums\":\"$sums\"}" > "$T/keys.json"
expect "json keys read" "$("$SUDOKU" solve "$T/keys.json")" "$(head -1 "$T/sol")"
# a label reused by two cages that do not touch: two cages, two sums
echo "killer ................ a..a............ 3" > "$T/reuse"
echo "killer ................ aa.......b..b... 3,4,2" >> "$T/reuse"
"$SUDOKU" count --limit 0 "$T/reuse" > "$T/c" 2> "$T/e"; rc=$?
grep -q "reuse:1: 1 cage sum for 2 cages" "$T/e" && ok || bad "reused labels: $(cat "$T/e")"
expect "a label reused: 3 cages read (4x4 grids of r1c1,r1c2 = 1,2 or 2,1, r3c2 = 4, r4c1 = 2)" "$(tail -1 "$T/c")" 4

# words after the cells that only look like cages (a solution and a count) are
# ignored on a line no killer name covers, as before; named, they are wrong
"$SUDOKU" generate --seed 3 -q > "$T/plain"
echo "$(cat "$T/plain") $("$SUDOKU" solve "$T/plain") 25" > "$T/look"
expect "a solution and a number after the cells: a plain puzzle" "$("$SUDOKU" check "$T/look")" unique
echo "killer $(cat "$T/look")" > "$T/look2"
"$SUDOKU" check "$T/look2" > /dev/null 2> "$T/e"; rc=$?
expect "the same, named killer: invalid" "$rc" 3
grep -q "1 cage sum for 81 cages" "$T/e" && ok || bad "named killer with a solution for cages: $(cat "$T/e")"

# --- bad cages: one line each, the record invalid, the batch goes on -------------
G=$(head -1 "$T/g")      # a good killer (with givens) between the bad ones
cat > "$T/bad" <<EOF
killer ................ aabb............ 18,3
$G
killer ................ abcdefghijklmnop 1,2,3,4,10,1,2,3,4,1,2,3,4,1,2,3
killer 11.............. aabbccddeeffgghh 3,7,3,7,3,7,3,7
killer 4............... aabbccddeeffgghh 3,7,3,7,3,7,3,7
killer ................ aabbccddeeffggh 3,7,3,7,3,7,3,7
killer ................ aabbccddeeffgghh 3,7,3,7,3,7,3
killer ................ aab!ccddeeffgghh 3,7,3,7,3,7,3,7
killer ................ aabbccddeeffgghh 3,7,,7,3,7,3,7
killer ................
jigsaw,killer ................ aabbccddeeffgghh 3,7,3,7,3,7,3,7
cages aabbccddeeffgghh 3,7,3,7,3,7,3,7
$G
EOF
"$SUDOKU" check "$T/bad" > "$T/out" 2> "$T/err"; rc=$?
expect "bad cages exit" "$rc" 3
expect "bad cages: a record each" "$(wc -l < "$T/out" | tr -d ' ')" 13
expect "bad cages: the good ones answered" "$(grep -c unique "$T/out")" 2
expect "bad cages: a message each" "$(wc -l < "$T/err" | tr -d ' ')" 11
for want in "bad:1: cage 'a' at r1c1: 2 different digits 1-4 cannot sum to 18" \
            "bad:3: cage 'e' at r2c1: 1 different digits 1-4 cannot sum to 10" \
            "bad:4: cage 'a' at r1c1 holds the given 1 twice" \
            "bad:5: cage 'a' at r1c1: its givens add up to 4, more than its sum 3" \
            "bad:6: 15 cage labels for 16 cells" \
            "bad:7: 7 cage sums for 8 cages" \
            "bad:8: bad cage label '!' at column" \
            "bad:9: bad cage sums at column" \
            "bad:10: a killer puzzle needs its cages" \
            "bad:11: a jigsaw puzzle needs its region labels" \
            "bad:12: a cages line (cage labels and sums) belongs after a killer's grid"; do
    grep -q "^$T/$want" "$T/err" && ok || bad "message '$want' not in: $(cat "$T/err")"
done
# a grid whose cages line is wrong: one invalid record, named by its first line
"$SUDOKU" generate --variant killer --size 4 --seed 5 -q --format grid | sed 's/^cages \([^ ]*\) [0-9,]*$/cages \1 99/' > "$T/bg"
"$SUDOKU" count "$T/bg" > "$T/out" 2> "$T/err"; rc=$?
expect "bad cages line exit" "$rc" 3
grep -q ":2: line 7: cages line\|:2: .* cage sum" "$T/err" && ok || bad "bad cages line: $(cat "$T/err")"

# --- the human ladder does not take killers: unsupported, one line, exit 1 -------
for cmd in explain hint "rate --human"; do
    "$SUDOKU" $cmd "$T/one" > "$T/out" 2> "$T/err"; rc=$?
    expect "$cmd killer exit" "$rc" 1
    expect "$cmd killer word" "$(grep -c unsupported "$T/out")" 1
    expect "$cmd killer: one line" "$(wc -l < "$T/err" | tr -d ' ')" 1
done

# --- rate's widths on a killer of small cages -------------------------------------
"$SUDOKU" generate --variant killer --cage-max 3 --seed 2 -q > "$T/small"
"$SUDOKU" rate --samples 2 --seed 1 "$T/small" > "$T/r"; rc=$?
expect "rate killer exit" "$rc" 0
grep -q "depth=[0-9]* normal_width=[0-9]* average_width=" "$T/r" && ok || bad "rate killer: $(cat "$T/r")"

# --- pictures: dashed cage outlines inset from the cell edges, the sums ----------
"$SUDOKU" generate --variant killer --seed 5 -q > "$T/p"
"$SUDOKU" check --format svg "$T/p" > "$T/p.svg"; rc=$?
expect "check --format svg killer exit" "$rc" 0
if command -v xmllint > /dev/null 2>&1; then
    xmllint --noout "$T/p.svg" && ok || bad "killer svg not well-formed"
fi
if command -v rsvg-convert > /dev/null 2>&1; then
    rsvg-convert "$T/p.svg" -o "$T/p.png"
    python3 tests/pixkiller.py "$T/p.svg" "$T/p.png" "$(cat "$T/p")" > "$T/pix" && ok || bad "$(head -3 "$T/pix")"
    # and it sees a wrong picture: another killer's cages
    "$SUDOKU" generate --variant killer --seed 6 -q > "$T/q"
    python3 tests/pixkiller.py "$T/p.svg" "$T/p.png" "$(cat "$T/q")" > /dev/null && bad "pixkiller passes another killer's picture" || ok
fi
"$SUDOKU" generate --variant killer --seed 5 -n 2 -q | "$SUDOKU" print --solutions -o "$T/k.pdf"; rc=$?
expect "print killers exit" "$rc" 0
if command -v pdftotext > /dev/null 2>&1; then
    # the page's text: the first puzzle's sums in reading order after its label
    pdftotext -f 1 -l 1 -raw "$T/k.pdf" - | tr -s ' \n' '  ' > "$T/k.txt"
    first=$(cut -d' ' -f4 "$T/p" | cut -d, -f1-3 | tr ',' ' ')
    grep -q "$first" "$T/k.txt" && ok || bad "print: the sums $first not on the page: $(head -c 200 "$T/k.txt")"
fi

summary cli_killer
