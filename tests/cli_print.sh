#!/bin/sh
# cli_print.sh -- `sudoku print` as a person meets it on big and odd inputs:
# pages leave as they fill (a slow pipe shows page 1 before its end, Ctrl-C
# keeps a whole PDF), a puzzle costs a few hundred bytes and memory stays
# flat, write errors and empty input are refused with one line, titles in
# UTF-8 print (and long ones fit), a lone puzzle takes the page, labels say
# number and level, and SVG on stdout stays one document.  Checks whose
# tool is missing are skipped and named.
. tests/lib.sh

skipped=""
have() { command -v "$1" >/dev/null 2>&1 || { case " $skipped " in *" $1 "*) ;; *) skipped="$skipped $1";; esac; return 1; }; }
pages() { pdfinfo "$1" 2>/dev/null | sed -n 's/^Pages: *//p'; }
pdfok() { have qpdf && { qpdf --check "$2" >/dev/null 2>&1 && ok || bad "$1: qpdf --check fails"; }; }
repeat() { i=0; while [ $i -lt "$1" ]; do cat "$2"; i=$((i + 1)); done; }

# ---- size: each empty grid is drawn once, so a puzzle is its digits ----
repeat 12 puzzles/norvig_easy50.txt > "$T/600.txt"
"$SUDOKU" print "$T/600.txt" > "$T/600.pdf"; rc=$?
expect "600 puzzles: exit" "$rc" 0
bytes=$(wc -c < "$T/600.pdf")
[ $((bytes / 600)) -lt 2000 ] && ok || bad "600 puzzles: $((bytes / 600)) bytes a puzzle (want < 2000)"
have pdfinfo && expect "600 puzzles, 4 a page" "$(pages "$T/600.pdf")" 150
pdfok "600 puzzles" "$T/600.pdf"
"$SUDOKU" print --solutions "$T/600.txt" > "$T/600s.pdf"
bytes=$(wc -c < "$T/600s.pdf")
[ $((bytes / 600)) -lt 7000 ] && ok || bad "600 with the key: $((bytes / 600)) bytes a puzzle (want < 7000)"
have pdfinfo && expect "600 puzzles and 50 key pages" "$(pages "$T/600s.pdf")" 200
pdfok "600 with the key" "$T/600s.pdf"

# ---- memory: peak RSS does not grow with the input (x10 puzzles) ----
if [ -x /usr/bin/time ]; then
    repeat 10 "$T/600.txt" > "$T/6000.txt"
    # (an ASan build would keep freed memory in quarantine: not under test here)
    rss() { ASAN_OPTIONS=quarantine_size_mb=0 /usr/bin/time -f %M "$SUDOKU" print --solutions "$1" 2>&1 >/dev/null | tail -n 1; }
    small=$(rss "$T/600.txt"); big=$(rss "$T/6000.txt")
    [ $((big - small)) -lt 8000 ] && ok || bad "peak RSS grows: $small KB for 600 puzzles, $big KB for 6000"
else
    skipped="$skipped /usr/bin/time"
fi

# ---- streaming: a slow pipe's first page is out before the input ends ----
mkfifo "$T/fifo"
"$SUDOKU" print --per-page 4 "$T/fifo" > "$T/stream.pdf" 2>"$T/err" &
pid=$!
exec 3>"$T/fifo"
head -n 4 puzzles/norvig_easy50.txt >&3
n=0
while [ $n -lt 300 ] && ! grep -q '/Type /Page ' "$T/stream.pdf"; do sleep 0.1; n=$((n + 1)); done
grep -q '/Type /Page ' "$T/stream.pdf" && ok || bad "page 1 not written while the input is still open"
# Ctrl-C now: the PDF is closed with the pages done, exit 130
kill -INT $pid
n=0
while kill -0 $pid 2>/dev/null && [ $n -lt 300 ]; do sleep 0.1; n=$((n + 1)); done
kill -0 $pid 2>/dev/null && { kill -KILL $pid; bad "Ctrl-C: still running 30 s later"; }
wait $pid; rc=$?
exec 3>&-
expect "Ctrl-C: exit" "$rc" 130
have pdfinfo && expect "Ctrl-C: the page done" "$(pages "$T/stream.pdf")" 1
pdfok "interrupted PDF" "$T/stream.pdf"
# the same from stdin, to its end, every page
head -n 9 puzzles/norvig_easy50.txt | "$SUDOKU" print > "$T/stdin.pdf"
have pdfinfo && expect "9 puzzles from a pipe" "$(pages "$T/stdin.pdf")" 3

# ---- write errors: one line, exit 4 ----
"$SUDOKU" print "$T/600.txt" > /dev/full 2>"$T/err"; rc=$?
expect "print > /dev/full: exit" "$rc" 4
expect "print > /dev/full: one line" "$(wc -l < "$T/err")" 1
"$SUDOKU" print "$T/600.txt" >&- 2>"$T/err"; rc=$?
expect "print with stdout closed: exit" "$rc" 4
grep -q 'stdout' "$T/err" && expect "stdout closed: one line" "$(wc -l < "$T/err")" 1 || bad "stdout closed: $(cat "$T/err")"
"$SUDOKU" print --output /dev/full "$T/600.txt" 2>"$T/err"; rc=$?
expect "print --output /dev/full: exit" "$rc" 4
"$SUDOKU" print --format svg --output /dev/null/x "$T/600.txt" 2>/dev/null; rc=$?
expect "print svg into an impossible directory: exit" "$rc" 4

# ---- nothing to print: refused, nothing written ----
"$SUDOKU" print /dev/null > "$T/empty.pdf" 2>"$T/err"; rc=$?
expect "empty input: exit" "$rc" 3
expect "empty input: stdout" "$(wc -c < "$T/empty.pdf")" 0
grep -q 'no puzzle to print' "$T/err" && ok || bad "empty input: message ($(cat "$T/err"))"
printf 'not a puzzle\n123\n' > "$T/junk.txt"
"$SUDOKU" print --output "$T/junk.pdf" "$T/junk.txt" 2>"$T/err"; rc=$?
expect "all invalid: exit" "$rc" 3
[ ! -e "$T/junk.pdf" ] && ok || bad "all invalid: --output file made"
expect "all invalid: a line a record and the refusal" "$(wc -l < "$T/err")" 3

# ---- titles: UTF-8 into the PDF's fonts; a long one fits the page ----
head -n 1 puzzles/norvig_easy50.txt > "$T/one.txt"
"$SUDOKU" print --title 'Café – Noël' "$T/one.txt" > "$T/cafe.pdf" 2>"$T/err"
expect "a WinAnsi title: no warning" "$(wc -c < "$T/err")" 0
if have pdftotext; then
    pdftotext "$T/cafe.pdf" - | grep -q 'Café – Noël' && ok || bad "title: $(pdftotext "$T/cafe.pdf" - | head -n 2)"
fi
have pdfinfo && { pdfinfo "$T/cafe.pdf" | grep -q 'Title: *Café – Noël' && ok || bad "document title"; }
"$SUDOKU" print --title 'Snow ☃' "$T/one.txt" > "$T/snow.pdf" 2>"$T/err"
grep -q "warning: --title: 1 character .* as '?'" "$T/err" && ok || bad "warning for ☃: $(cat "$T/err")"
have pdftotext && { pdftotext "$T/snow.pdf" - | grep -q 'Snow ?' && ok || bad "☃ prints as ?"; }
long=$(printf 'Puzzles for the long winter evenings %.0s' 1 2 3 4 5 6)
"$SUDOKU" print --title "$long" "$T/one.txt" > "$T/long.pdf"
if have pdftotext; then
    # the title's words lie within the page's margins, and it ends in an ellipsis
    pdftotext -bbox "$T/long.pdf" - | awk -F'"' '/<word/ && $8 < 100 { if ($6 > max) max = $6 } END { exit !(max > 400 && max <= 556) }' \
        && ok || bad "long title runs off the page"
    pdftotext "$T/long.pdf" - | head -n 1 | grep -q '…$' && ok || bad "long title: no ellipsis"
fi

# ---- a lone puzzle takes the page ----
sed -n 1p puzzles/sizes/16x16.txt > "$T/s16.txt"
"$SUDOKU" print "$T/s16.txt" > "$T/s16.pdf"
if have pdftotext; then
    spread=$(pdftotext -bbox "$T/s16.pdf" - | awk -F'"' '/<word/ && $9 ~ />[0-9A-G]</ { if (min == "" || $2 < min) min = $2; if ($6 > max) max = $6 } END { printf "%d", max - min }')
    [ "$spread" -gt 400 ] && ok || bad "a lone 16x16 spans $spread pt of 595"
fi
"$SUDOKU" print --solutions puzzles/samurai.txt > "$T/samurai.pdf"; rc=$?
expect "samurai with its key: exit" "$rc" 0
if have pdftotext; then
    expect "samurai key: 369 digits" "$(pdftotext -f 2 -l 2 "$T/samurai.pdf" - | grep -v -e '^#' -e '^Page' | tr -cd '1-9' | wc -c)" 369
fi
if have pdftoppm && have python3; then
    head -n 5 puzzles/norvig_easy50.txt > "$T/five.txt"
    "$SUDOKU" print "$T/five.txt" > "$T/five.pdf"
    pdftoppm -r 72 -png -f 2 -l 2 "$T/five.pdf" "$T/lone"
    python3 tests/pixcheck.py "$T"/lone*.png "$(sed -n 5p "$T/five.txt")" 3 3 0 > "$T/pix" 2>&1 && ok \
        || bad "the lone puzzle of page 2: $(head -n 3 "$T/pix")"
fi

# ---- labels: number and level; seed and widths with --details ----
"$SUDOKU" generate --seed 4 -n 2 --level easy --format json 2>/dev/null > "$T/lv.json"
"$SUDOKU" print "$T/lv.json" > "$T/lv.pdf"
"$SUDOKU" print --details "$T/lv.json" > "$T/lvd.pdf"
if have pdftotext; then
    pdftotext "$T/lv.pdf" - > "$T/lv.txt"
    grep -q '^#1: easy$' "$T/lv.txt" && ok || bad "label: $(grep '#1' "$T/lv.txt")"
    grep -q 'seed' "$T/lv.txt" && bad "seed shown without --details" || ok
    seed=$(sed -n '1s/.*"seed":\([0-9]*\).*/\1/p' "$T/lv.json")
    pdftotext "$T/lvd.pdf" - | grep -q "^#1: easy, seed $seed, depth" && ok || bad "--details label"
fi

# ---- SVG on stdout is one document ----
head -n 2 puzzles/norvig_easy50.txt > "$T/two.txt"
"$SUDOKU" solve --format svg "$T/two.txt" > "$T/two.svg" 2>"$T/err"; rc=$?
expect "solve svg of 2 records on stdout: exit" "$rc" 2
grep -q -- '--output DIR' "$T/err" && ok || bad "the refusal names --output: $(cat "$T/err")"
expect "one svg document" "$(grep -c '<svg' "$T/two.svg")" 1
have xmllint && { xmllint --noout "$T/two.svg" 2>/dev/null && ok || bad "stdout not well-formed"; }
"$SUDOKU" print --format svg --per-page 1 "$T/two.txt" > "$T/pages.svg" 2>"$T/err"; rc=$?
expect "print svg of 2 pages on stdout: exit" "$rc" 2
expect "print svg: one page on stdout" "$(grep -c '<svg' "$T/pages.svg")" 1
for c in rate explain hint; do
    "$SUDOKU" $c --help | grep -- '--format' | grep -q svg && bad "$c --help offers svg" || ok
done

# The line output of rate --human and generate --rate labels its puzzles
# (level, widths), as csv and json do.
if have pdftotext; then
    "$SUDOKU" generate -q -n 3 --seed 8 | "$SUDOKU" rate --human | "$SUDOKU" print > "$T/lv.pdf"
    expect "generate | rate --human | print: exit" $? 0
    n=$(pdftotext "$T/lv.pdf" - | grep -cE '^#[0-9]+: (easy|medium|hard|fiendish|diabolical|extreme)$')
    expect "each puzzle captioned with its level" "$n" 3
    "$SUDOKU" generate -q -n 2 --seed 8 --rate | "$SUDOKU" print --details > "$T/wd.pdf"
    n=$(pdftotext "$T/wd.pdf" - | grep -cE '^#[0-9]+: depth [0-9]+, width [0-9]+')
    expect "generate --rate | print --details: the widths" "$n" 2
fi

[ -n "$skipped" ] && echo "SKIP cli_print: the checks that need:$skipped (not installed)"
summary cli_print
