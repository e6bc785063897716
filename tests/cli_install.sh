#!/bin/sh
# tests/cli_install.sh -- `make install` / `make uninstall` into a temporary
# DESTDIR: the binary, the man page and the bash and zsh completions land
# under PREFIX, the installed binary runs, `man -l` renders the page, the
# completion scripts parse and complete, and uninstall leaves no file.
. tests/lib.sh

# A make of its own: not the variables of a `make sanitize` that runs us
# (make puts its command line's BUILD and CFLAGS in our environment: with
# them, `make install` relinked ./sudoku from the ASan objects); on every
# core, as the make that runs us would.
jobs=$(nproc 2>/dev/null || echo 2)
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u BUILD -u CFLAGS -u SUDOKU make -j"$jobs" -s --no-print-directory "$@"; }
D=$T/dest
mk install DESTDIR="$D" PREFIX=/opt/sdk > "$T/log" 2>&1
check "make install" $? "$(tail -n 3 "$T/log")"
for f in bin/sudoku share/man/man1/sudoku.1 share/bash-completion/completions/sudoku \
         share/zsh/site-functions/_sudoku; do
    [ -s "$D/opt/sdk/$f" ] && ok || bad "not installed: $f"
done
[ -x "$D/opt/sdk/bin/sudoku" ] && ok || bad "installed binary not executable"
out=$("$D/opt/sdk/bin/sudoku" solve --format line puzzles/wikipedia.txt)
expect "installed binary solves" "$out" "$($SUDOKU solve --format line puzzles/wikipedia.txt)"
[ ${#out} -eq 81 ] && ok || bad "installed binary: '$out'"
case "$("$D/opt/sdk/bin/sudoku" --version)" in "sudoku "*) ok ;; *) bad "installed --version" ;; esac

# No test hook in the program users install: every name include/sudoku.h
# declares under SDK_TEST_HOOKS is absent from its symbols (libsudoku-test.a,
# which the tests link, defines them; the test is that it finds some there).
hooks=$(awk '/^#ifdef SDK_TEST_HOOKS/{h=1;next} /^#endif/{h=0} h' include/sudoku.h |
        grep -oE 'sdk_[a-z0-9_]+ *[(;]' | tr -d '(; ' | sort -u)
[ -n "$hooks" ] && ok || bad "no SDK_TEST_HOOKS names found in include/sudoku.h"
if command -v nm >/dev/null 2>&1; then
    for h in $hooks; do
        nm "$D/opt/sdk/bin/sudoku" 2>/dev/null | grep -qw "$h" && bad "installed sudoku has test hook $h" || ok
    done
    found=0
    for a in build/libsudoku-test.a build-asan/libsudoku-test.a; do
        [ -f "$a" ] && nm "$a" 2>/dev/null | grep -qw sdk_exact_count_general && found=1
    done
    [ $found -eq 1 ] && ok || bad "libsudoku-test.a does not define the hooks (the nm check would prove nothing)"
else
    echo "cli_install: nm not installed: the test-hook check is skipped"
fi

if command -v man >/dev/null 2>&1 && command -v groff >/dev/null 2>&1; then
    MANWIDTH=80 man -l "$D/opt/sdk/share/man/man1/sudoku.1" 2>"$T/manerr" > "$T/man.txt"
    grep -q 'EXIT STATUS' "$T/man.txt" && grep -q 'sudoku solve' "$T/man.txt" && ok ||
        bad "man -l does not render: $(head -n 3 "$T/manerr")"
else
    echo "cli_install: man or groff not installed: the rendering check is skipped"
fi

if command -v bash >/dev/null 2>&1; then
    got=$(bash -c '. "$1"; COMP_WORDS=(sudoku solve --prop); COMP_CWORD=2; _sudoku; echo "${COMPREPLY[*]}"' \
          sh "$D/opt/sdk/share/bash-completion/completions/sudoku")
    expect "bash completes an option" "$got" "--propagate"
    got=$(bash -c '. "$1"; COMP_WORDS=(sudoku solve --method ev); COMP_CWORD=3; _sudoku; echo "${COMPREPLY[*]}"' \
          sh "$D/opt/sdk/share/bash-completion/completions/sudoku")
    expect "bash completes a method" "$got" "evolve"
    got=$(bash -c '. "$1"; COMP_WORDS=(sudoku gen); COMP_CWORD=1; _sudoku; echo "${COMPREPLY[*]}"' \
          sh "$D/opt/sdk/share/bash-completion/completions/sudoku")
    expect "bash completes a command" "$got" "generate"
fi
if command -v zsh >/dev/null 2>&1; then
    zsh -n "$D/opt/sdk/share/zsh/site-functions/_sudoku" && ok || bad "zsh completion does not parse"
else
    echo "cli_install: zsh not installed: the zsh syntax check is skipped"
fi

# libsudoku: the static and shared libraries, the header without the test
# hooks, sudoku.pc; examples/solve.c builds against the installed copy with
# pkg-config (shared and static) and solves a puzzle.
L=$D/opt/sdk/lib
for f in lib/libsudoku.a lib/libsudoku.so lib/pkgconfig/sudoku.pc include/sudoku.h; do
    [ -e "$D/opt/sdk/$f" ] && ok || bad "not installed: $f"
done
ls "$L"/libsudoku.so.*.*.* > /dev/null 2>&1 && ok || bad "no versioned shared library in $L"
grep -q 'SDK_TEST_HOOKS$' "$D/opt/sdk/include/sudoku.h" && bad "installed sudoku.h has test-hook blocks" || ok
grep -q 'sdk_exact_count_general' "$D/opt/sdk/include/sudoku.h" && bad "installed sudoku.h declares a hook" || ok
if command -v nm > /dev/null 2>&1; then
    expect "the shared library exports only sdk_ names" \
        "$(nm -D --defined-only "$L/libsudoku.so" | awk '{ print $3 }' | grep -v '^sdk_' | head -n 3)" ""
fi
puzzle=$($SUDOKU generate -q -n 1 --seed 4)
answer=$(echo "$puzzle" | $SUDOKU solve --format line)
if command -v pkg-config > /dev/null 2>&1 && command -v "${CC:-cc}" > /dev/null 2>&1; then
    pc() { PKG_CONFIG_PATH=$L/pkgconfig pkg-config --define-variable=prefix="$D/opt/sdk" \
               --define-variable=libdir="$L" --define-variable=includedir="$D/opt/sdk/include" "$@" sudoku; }
    expect "pkg-config --modversion" "$(pc --modversion)" "$($SUDOKU --version | awk '{ print $2 }')"
    ${CC:-cc} -std=c11 -Wall -Wextra -Werror -o "$T/ex-shared" examples/solve.c $(pc --cflags --libs) 2> "$T/cc.err"
    check "examples/solve.c builds against the shared library" $? "$(head -n 3 "$T/cc.err")"
    expect "examples/solve.c (shared) solves" "$(LD_LIBRARY_PATH=$L "$T/ex-shared" "$puzzle")" "$answer"
    ${CC:-cc} -std=c11 -Wall -Wextra -Werror -static -o "$T/ex-static" examples/solve.c $(pc --static --cflags --libs) \
        2> "$T/cc.err" ||
        ${CC:-cc} -std=c11 -o "$T/ex-static" examples/solve.c $(pc --cflags) "$L/libsudoku.a" -lm -lpthread 2> "$T/cc.err"
    check "examples/solve.c builds against the static library" $? "$(head -n 3 "$T/cc.err")"
    expect "examples/solve.c (static) solves" "$("$T/ex-static" "$puzzle")" "$answer"
    expect "examples/solve.c is at most 20 lines of code" \
        "$(grep -cvE '^ *(/?\*|$|#include)' examples/solve.c | awk '{ print ($1 <= 20) }')" 1
else
    echo "cli_install: pkg-config or a C compiler not installed: the libsudoku checks are skipped"
fi

mk uninstall DESTDIR="$D" PREFIX=/opt/sdk > "$T/log" 2>&1
check "make uninstall" $? "$(tail -n 3 "$T/log")"
expect "uninstall leaves no file" "$(find "$D" ! -type d | head -n 3)" ""
summary cli_install
