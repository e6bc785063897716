#!/bin/sh
# cli_pictures.sh -- the pictures as a person would look at them: every SVG
# is well-formed XML (xmllint), every PDF opens with the right page count
# (pdfinfo) and gives each puzzle's digits back in reading order
# (pdftotext), and rendered pages (rsvg-convert, pdftoppm) show ink in
# exactly the cells that hold givens and grid lines where they belong
# (tests/pixcheck.py).  Checks whose tool is missing are skipped and named.
. tests/lib.sh

skipped=""
have() { command -v "$1" >/dev/null 2>&1 || { case " $skipped " in *" $1 "*) ;; *) skipped="$skipped $1";; esac; return 1; }; }
wellformed() { have xmllint && { xmllint --noout "$2" 2>"$T/xml.err" && ok || bad "$1: not well-formed: $(head -c 300 "$T/xml.err")"; }; }
pixels() {   # pixels DESCRIPTION PNG PUZZLE BOX_ROWS BOX_COLS SOLVED
    have python3 && { python3 tests/pixcheck.py "$2" "$3" "$4" "$5" "$6" > "$T/pix" 2>&1 && ok || bad "$1: $(head -n 3 "$T/pix")"; }
}
line_of() { "$SUDOKU" solve --format line "$1" 2>/dev/null | head -n 0; "$SUDOKU" check --format csv "$1" | sed -n 2p | cut -d, -f2; }

# ---- one puzzle: stdout is the SVG document and nothing else ----
sed -n 1p puzzles/norvig_easy50.txt > "$T/easy.txt"
P=$(cat "$T/easy.txt")
"$SUDOKU" solve --format svg "$T/easy.txt" > "$T/solved.svg" 2>"$T/err"; rc=$?
expect "solve --format svg exit" "$rc" 0
wellformed "solve --format svg" "$T/solved.svg"
"$SUDOKU" check --format svg "$T/easy.txt" > "$T/check.svg"
wellformed "check --format svg" "$T/check.svg"
grep -q 'Puzzle 1 - unique' "$T/check.svg" && ok || bad "check's caption"
if have rsvg-convert; then
    rsvg-convert "$T/solved.svg" -o "$T/solved.png" && ok || bad "rsvg-convert solved.svg"
    pixels "solved svg" "$T/solved.png" "$P" 3 3 1
    rsvg-convert "$T/check.svg" -o "$T/check.png" && ok || bad "rsvg-convert check.svg"
    pixels "check svg" "$T/check.png" "$P" 3 3 0
fi
# The same SVG as a browser shows it: headless Chromium's screenshot, the same pixel checks.
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
if [ -n "$chrome" ]; then
    rm -f "$T/chrome.png"
    timeout 60 "$chrome" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
        --user-data-dir="$T/chrome-profile" --default-background-color=ffffffff --window-size=600,700 \
        --screenshot="$T/chrome.png" "file://$T/solved.svg" >/dev/null 2>&1
    [ -s "$T/chrome.png" ] && ok || bad "chromium: no screenshot of solved.svg"
    [ -s "$T/chrome.png" ] && pixels "solved svg in chromium" "$T/chrome.png" "$P" 3 3 1
else
    have chromium
fi
if have rsvg-convert; then
    # the other sizes (letters above 9): 4x4, 6x6 (2x3 boxes) and 16x16
    for s in 4:2:2 6:2:3 16:4:4; do
        n=${s%%:*}; br=$(echo "$s" | cut -d: -f2); bc=$(echo "$s" | cut -d: -f3)
        sed -n 1p "puzzles/sizes/${n}x$n.txt" > "$T/s.txt"
        "$SUDOKU" check --format svg "$T/s.txt" > "$T/s.svg"
        wellformed "${n}x$n svg" "$T/s.svg"
        rsvg-convert "$T/s.svg" -o "$T/s.png" && pixels "${n}x$n svg" "$T/s.png" "$(cat "$T/s.txt")" "$br" "$bc" 0
    done
fi
sed -n 1p puzzles/sizes/25x25.txt > "$T/s25.txt"
"$SUDOKU" solve --format svg "$T/s25.txt" > "$T/s25.svg"
wellformed "25x25 svg" "$T/s25.svg"
grep -q '>P</text>' "$T/s25.svg" && ok || bad "25x25: no letter P"

# ---- a batch: --output DIR, a file a record, nothing on stdout ----
head -n 5 puzzles/norvig_easy50.txt > "$T/five.txt"
echo "not a puzzle" >> "$T/five.txt"
sed -n 6p puzzles/norvig_easy50.txt >> "$T/five.txt"
"$SUDOKU" solve --format svg --output "$T/batch" "$T/five.txt" > "$T/stdout" 2>"$T/err"; rc=$?
expect "batch with an invalid record: exit" "$rc" 3
expect "batch --output: stdout" "$(wc -c < "$T/stdout")" 0
expect "batch: files" "$(ls "$T/batch" | tr '\n' ' ')" "0001.svg 0002.svg 0003.svg 0004.svg 0005.svg 0007.svg "
grep -q "five.txt:6:" "$T/err" && ok || bad "the invalid record reported as FILE:LINE"
for f in "$T"/batch/*.svg; do wellformed "batch $(basename "$f")" "$f"; done
"$SUDOKU" solve --format svg --output /dev/null/x "$T/easy.txt" 2>/dev/null; rc=$?
expect "unwritable --output: exit" "$rc" 4

# ---- generate: the seed's pictures, the same for the same seed ----
"$SUDOKU" generate --seed 11 -n 3 --format svg --output "$T/gen1" 2>/dev/null > "$T/stdout"
"$SUDOKU" generate --seed 11 -n 3 -j 2 --format svg --output "$T/gen2" 2>/dev/null
expect "generate --output: files" "$(ls "$T/gen1" | wc -l)" 3
expect "generate --output: stdout" "$(wc -c < "$T/stdout")" 0
diff -r "$T/gen1" "$T/gen2" >/dev/null && ok || bad "generate svg differs with -j 2"
grep -q 'Puzzle 2 - seed [0-9]*, [0-9]* clues' "$T/gen1/0002.svg" && ok || bad "generate caption"
"$SUDOKU" generate --seed 11 --format svg > "$T/g.svg" 2>/dev/null
wellformed "generate --format svg on stdout" "$T/g.svg"

# ---- print: PDF pages, reading order, labels, pixels ----
"$SUDOKU" generate --seed 5 -n 5 --format json 2>/dev/null > "$T/g.json"
"$SUDOKU" generate --seed 5 -n 5 --format csv 2>/dev/null > "$T/g.csv"
sed 's/.*"puzzle":"\([^"]*\)".*/\1/' "$T/g.json" > "$T/g.txt"
"$SUDOKU" print "$T/g.json" > "$T/p4.pdf"; rc=$?
expect "print exit" "$rc" 0
"$SUDOKU" print --solutions --title "Test sheet" "$T/g.csv" > "$T/p4s.pdf"
"$SUDOKU" print --per-page 1 "$T/g.txt" > "$T/p1.pdf"
"$SUDOKU" print --per-page 6 --paper letter "$T/g.txt" > "$T/p6.pdf"
"$SUDOKU" print --per-page 2 --output "$T/p2.pdf" "$T/g.txt" > "$T/stdout"
expect "print --output FILE: stdout" "$(wc -c < "$T/stdout")" 0
if have pdfinfo; then
    pages() { pdfinfo "$1" 2>/dev/null | sed -n 's/^Pages: *//p'; }
    expect "5 puzzles, 4 a page" "$(pages "$T/p4.pdf")" 2
    expect "with the key" "$(pages "$T/p4s.pdf")" 3
    expect "1 a page" "$(pages "$T/p1.pdf")" 5
    expect "2 a page" "$(pages "$T/p2.pdf")" 3
    expect "6 a page" "$(pages "$T/p6.pdf")" 1
    pdfinfo "$T/p6.pdf" | grep -q 'Page size: *612 x 792' && ok || bad "letter paper"
    pdfinfo "$T/p1.pdf" | grep -q 'Page size: *595.28 x 841.89' && ok || bad "A4 paper"
    pdfinfo "$T/p4s.pdf" | grep -q 'Title: *Test sheet' && ok || bad "document title"
    pdfinfo "$T/p4.pdf" 2>&1 | grep -qi 'error' && bad "pdfinfo reports errors" || ok
    # grid input and every size on one sheet: a page a size
    cat puzzles/wikipedia.txt > "$T/mixed.txt"
    for n in 4 6 12 16 25; do sed -n 1p "puzzles/sizes/${n}x$n.txt" >> "$T/mixed.txt"; done
    "$SUDOKU" print --per-page 1 --solutions "$T/mixed.txt" > "$T/mixed.pdf"; rc=$?
    expect "print of grid input and every size: exit" "$rc" 0
    # the key: 9x9, 4x4, 6x6 and 12x12 on a page (a 12x12 allows 4), the 16x16, the 25x25 alone
    expect "6 puzzles and 3 key pages" "$(pages "$T/mixed.pdf")" 9
fi
# qpdf's structural check (xref offsets, object syntax) when it is there
if have qpdf; then
    for f in p4 p4s p1 p6; do qpdf --check "$T/$f.pdf" >/dev/null 2>&1 && ok || bad "qpdf --check $f.pdf"; done
fi
if have pdftotext; then
    # every page of 1 a page: the digit-only lines are the givens in reading order
    i=0
    while read -r puzzle; do
        i=$((i + 1))
        got=$(pdftotext -layout -f $i -l $i "$T/p1.pdf" - | grep -E '^[ 0-9]+$' | tr -d ' \n')
        expect "page $i digits in reading order" "$got" "$(echo "$puzzle" | tr -d '.0')"
    done < "$T/g.txt"
    # two a page, stacked: the first page holds puzzles 1 then 2
    got=$(pdftotext -layout -f 1 -l 1 "$T/p2.pdf" - | grep -E '^[ 0-9]+$' | tr -d ' \n')
    expect "2 a page: puzzles 1 and 2 in order" "$got" "$(head -n 2 "$T/g.txt" | tr -d '.0\n')"
    seed=$(sed -n 2p "$T/g.csv" | cut -d, -f5)
    "$SUDOKU" print --details --solutions --title "Test sheet" "$T/g.csv" | pdftotext - - | grep -q "#1: seed $seed, depth" && ok || bad "csv labels: number, seed, depth"
    pdftotext -f 3 -l 3 "$T/p4s.pdf" - | grep -q "Test sheet - Solutions" && ok || bad "key page title"
    # the key: each solution, a valid grid agreeing with its puzzle, in order
    # (5 entries: 2 x 3 on the page, the first at the top left)
    pdftotext -layout -r 72 -f 3 -l 3 -x 55 -y 85 -W 225 -H 225 "$T/p4s.pdf" - | grep -E '^[ 0-9]+$' | tr -d ' \n' > "$T/key1"
    "$SUDOKU" solve "$(sed -n 1p "$T/g.txt" > "$T/first.txt"; echo "$T/first.txt")" | tr -d '\n' > "$T/sol1"
    cmp -s "$T/key1" "$T/sol1" && ok || bad "key of puzzle 1: $(cat "$T/key1") vs $(cat "$T/sol1")"
fi
if have pdftoppm; then
    pdftoppm -r 72 -png -f 1 -l 1 "$T/p1.pdf" "$T/page" && ok || bad "pdftoppm"
    pixels "pdf page 1" "$(ls "$T"/page*.png | head -n 1)" "$(sed -n 1p "$T/g.txt")" 3 3 0
fi
"$SUDOKU" print --format svg --output "$T/svgpages" --per-page 2 "$T/g.txt" > "$T/stdout"
expect "print svg pages" "$(ls "$T/svgpages" | wc -l)" 3
for f in "$T"/svgpages/*.svg; do wellformed "print page $(basename "$f")" "$f"; done
"$SUDOKU" print --format svg --per-page 6 "$T/g.txt" > "$T/page.svg"
wellformed "print svg page on stdout" "$T/page.svg"
# a bad record is reported and left out; the others are printed
sed '2s/.*/{"index":2,"puzzle":"12x"}/' "$T/g.json" > "$T/bad.json"
"$SUDOKU" print --per-page 1 "$T/bad.json" > "$T/bad.pdf" 2>"$T/err"; rc=$?
expect "print with a bad record: exit" "$rc" 3
grep -q "bad.json:2:" "$T/err" && ok || bad "print: bad record as FILE:LINE ($(cat "$T/err"))"
have pdfinfo && expect "the other 4 printed" "$(pdfinfo "$T/bad.pdf" | sed -n 's/^Pages: *//p')" 4
"$SUDOKU" print --per-page 3 "$T/g.txt" >/dev/null 2>&1; expect "--per-page 3" $? 2
"$SUDOKU" print --paper b5 "$T/g.txt" >/dev/null 2>&1; expect "--paper b5" $? 2
"$SUDOKU" print --format csv "$T/g.txt" >/dev/null 2>&1; expect "print --format csv" $? 2
"$SUDOKU" solve --format pdf "$T/g.txt" >/dev/null 2>&1; expect "solve --format pdf" $? 2
"$SUDOKU" rate --format svg "$T/g.txt" >/dev/null 2>&1; expect "rate --format svg" $? 2

# ---- plot and --trace-svg ----
head -n 3 puzzles/norvig_easy50.txt > "$T/three.txt"
"$SUDOKU" solve --method anneal --seed 3 --trace "$T/tr.csv" --trace-svg "$T/direct.svg" "$T/three.txt" > "$T/stdout"
expect "solve with --trace-svg: stdout is the solutions" "$(grep -c '^[1-9]\{81\}$' "$T/stdout")" 3
"$SUDOKU" plot "$T/tr.csv" > "$T/plot.svg"; rc=$?
expect "plot exit" "$rc" 0
wellformed "plot" "$T/plot.svg"
cmp -s "$T/plot.svg" "$T/direct.svg" && ok || bad "--trace-svg differs from plot of the same trace"
expect "legend" "$(grep -c '>puzzle [123]</text>' "$T/plot.svg")" 3
"$SUDOKU" plot --puzzle 2 --log < "$T/tr.csv" > "$T/p2.svg"
expect "--puzzle 2: one series" "$(grep -c '>puzzle [0-9]*</text>' "$T/p2.svg")" 1
grep -q '(log scale)' "$T/p2.svg" && ok || bad "--log"
cp "$T/tr.csv" "$T/badtr.csv"; echo "1,2,oops,3" >> "$T/badtr.csv"
"$SUDOKU" plot "$T/badtr.csv" > "$T/badplot.svg" 2>"$T/err"; rc=$?
expect "plot with a bad row: exit" "$rc" 3
grep -q "badtr.csv:$(wc -l < "$T/badtr.csv"): bad energy" "$T/err" && ok || bad "bad row as FILE:LINE ($(cat "$T/err"))"
wellformed "plot despite a bad row" "$T/badplot.svg"
have rsvg-convert && { rsvg-convert "$T/plot.svg" -o "$T/plot.png" && ok || bad "rsvg-convert plot"; }

[ -n "$skipped" ] && echo "SKIP cli_pictures: the checks that need:$skipped (not installed)"
# Variants draw from the board: the Samurai's 369 cells (givens bold, the rest
# solved in blue) in its 21x21 layout, holes left blank.
"$SUDOKU" solve --format svg puzzles/samurai.txt >"$T/samurai.svg"
wellformed "samurai svg" "$T/samurai.svg"
expect "samurai svg: a digit in each of 369 cells" "$(grep -c '<text[^>]*>[1-9]</text>' "$T/samurai.svg")" 369
givens=$(grep -v '^#' puzzles/samurai.txt | tr -cd '1-9' | wc -c)
expect "samurai svg: the givens bold" "$(grep -c '<text[^>]*font-weight="bold"[^>]*>[1-9]</text>' "$T/samurai.svg")" \
    "$givens"
# generate --hard --trace: the best energy by step, drawn by plot.
"$SUDOKU" generate -q --hard --objective width --steps 3000 --seed 3 --trace "$T/hard.csv" >/dev/null
expect "--hard --trace: rows" "$(tail -n +2 "$T/hard.csv" | grep -c '^1,[0-9]*,-[0-9.]*,0$')" "$(($(wc -l <"$T/hard.csv") - 1))"
[ "$(wc -l <"$T/hard.csv")" -ge 3 ] && ok || bad "--hard --trace: fewer than 2 rows"
"$SUDOKU" plot "$T/hard.csv" >"$T/hard.svg"
expect "plot of a --hard trace: exit" "$?" 0
wellformed "plot of a --hard trace" "$T/hard.svg"
grep -q '>-[0-9]*<' "$T/hard.svg" && ok || bad "plot of a --hard trace: no negative energy tick"
summary cli_pictures
