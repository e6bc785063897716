#!/bin/sh
# tests/cli_manpage.sh -- the man page sudoku.1 keeps up with the program:
# every command of `sudoku --help` and every option any command's --help
# lists is in it (so an option added to the table without a line in the
# manual fails here), and groff finds nothing to warn about.
. tests/lib.sh

man=sudoku.1
[ -f "$man" ] && ok || bad "no $man"
# The roff spelling of an option: every '-' escaped.
roff() { printf '%s' "$1" | sed 's/-/\\-/g'; }

commands=$($SUDOKU --help | sed -n '/^Commands:/,/^$/p' | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p')
[ -n "$commands" ] && ok || bad "no commands in sudoku --help"
for cmd in $commands; do
    grep -q "^\.B[IR]* $(roff "$cmd")\( \|\$\)" "$man" && ok || bad "command $cmd is not a heading in $man"
    $SUDOKU $cmd --help > "$T/help" 2>&1
    # "  -j, --jobs N   text": the spellings before the two-space gap.
    for o in $(sed -n 's/^  \(-[^ ,]*\)\(, \(-[^ ]*\)\)\{0,1\}.*/\1 \3/p' "$T/help"); do
        grep -qF -- "$(roff "$o")" "$man" && ok || bad "sudoku $cmd: option $o is not in $man"
    done
done
grep -qF -- "$(roff --version)" "$man" && ok || bad "--version is not in $man"
# The exit codes of sudoku --help, each in the EXIT STATUS section.
for code in $($SUDOKU --help | sed -n '/^Exit codes:/,/^When/s/^  \([0-9][0-9]*\) .*/\1/p'); do
    sed -n '/^\.SH EXIT STATUS/,/^\.SH /p' "$man" | grep -q "^\.B $code\$" && ok || bad "exit code $code not in $man"
done

if command -v groff >/dev/null 2>&1; then
    groff -man -ww -z "$man" > "$T/warn" 2>&1
    [ ! -s "$T/warn" ] && ok || bad "groff -man -ww: $(head -n 3 "$T/warn")"
else
    echo "cli_manpage: groff not installed: the roff warnings check is skipped"
fi
summary cli_manpage
