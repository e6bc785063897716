#!/bin/sh
# cli_pipeline.sh -- sudoku in shell pipelines (issue 6): `| head -1` ends
# promptly and quietly, even on endless input; a write error (/dev/full) is
# reported and exits 4; a consumer sees each answer while the producer is
# still sending; on a pipe, output is batched (far fewer writes than records).
# run alone (tests/run.sh): it measures wall time or signals running commands.
. tests/lib.sh
cd "$T" || exit 1
P=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
S=417369825632158947958724316825437169791586432346912758289643571573291684164875293
yes "$P" | head -n 200000 >big.txt

# | head -1 on a big file and on endless stdin: first answer, no noise, fast.
for src in file stdin; do
    t0=$(now)
    if [ $src = file ]; then
        timeout 20 sh -c "\"$SUDOKU\" solve big.txt 2>err; echo \$? >rc" | head -n 1 >out
    else
        timeout 20 sh -c "yes '$P' | \"$SUDOKU\" solve 2>err; echo \$? >rc" | head -n 1 >out
    fi
    ms=$((($(now) - t0) / 1000000))
    check "head -1 ($src): first record" "$([ "$(cat out)" = "$S" ]; echo $?)" "got $(head -c 90 out)"
    check "head -1 ($src): quiet" "$([ ! -s err ]; echo $?)" "stderr: $(head -c 200 err)"
    rc=$(cat rc 2>/dev/null)
    check "head -1 ($src): ends by SIGPIPE or cleanly" "$([ "$rc" = 141 ] || [ "$rc" = 0 ]; echo $?)" "exit $rc"
    check "head -1 ($src): prompt" "$([ $ms -lt 5000 ]; echo $?)" "took $ms ms"
done

# Write errors: reported once, exit 4, and the run stops instead of solving everything.
if [ -w /dev/full ]; then
    timeout 20 "$SUDOKU" solve big.txt >/dev/full 2>err
    rc=$?
    check "/dev/full: exit 4" "$([ $rc -eq 4 ]; echo $?)" "exit $rc"
    check "/dev/full: one line on stderr" "$([ "$(wc -l <err)" -eq 1 ] && grep -q 'No space left' err; echo $?)" \
        "$(head -c 200 err)"
    echo "$P" | timeout 10 "$SUDOKU" count >/dev/full 2>err
    rc=$?
    check "/dev/full (count, one record): exit 4" "$([ $rc -eq 4 ]; echo $?)" "exit $rc"
fi

# Streaming: the first answer reaches the consumer while the producer waits.
t0=$(now)
{ echo "$P"; sleep 2; echo "$P"; } | timeout 20 "$SUDOKU" solve 2>/dev/null |
    { read -r first; echo "$first" >first; now >t1; cat >/dev/null; }
ms=$((($(cat t1) - t0) / 1000000))
check "streaming: answer before the next input" "$([ $ms -lt 1500 ] && [ "$(cat first)" = "$S" ]; echo $?)" \
    "first answer after $ms ms"

# Batching on a pipe: far fewer write(2) calls than records, yet output flows
# during the run (the first byte comes long before the end).
if command -v strace >/dev/null 2>&1 && strace -f -o /dev/null true 2>/dev/null; then
    head -n 20000 big.txt >mid.txt
    strace -f -e trace=write -o trace "$SUDOKU" solve mid.txt 2>/dev/null | cat >/dev/null
    writes=$(grep -c 'write(1,' trace)
    check "pipe: batched writes" "$([ "$writes" -ge 1 ] && [ "$writes" -lt 2000 ]; echo $?)" \
        "$writes writes for 20000 records"
fi

summary cli_pipeline
