#!/bin/sh
# tests/fuzz/run.sh -- `make fuzz`: builds the libFuzzer targets with clang
# (-fsanitize=fuzzer,address,undefined) into build-fuzz/ and runs each for
# FUZZ_SECONDS (default 60) from its seed corpus tests/fuzz/corpus_NAME (new
# inputs found go to build-fuzz/corpus_NAME, which is kept between runs and
# not committed).  Without clang or its fuzzer runtime it prints a note and
# succeeds: fuzzing is skipped, not failed.  FUZZ_TARGETS picks targets.
# A crash leaves build-fuzz/crash-NAME-*: fix it, then copy the input into
# tests/fuzz/corpus_NAME/ so tests/unit_fuzz_regress.c replays it forever.
set -u
cd "$(dirname "$0")/../.."
secs=${FUZZ_SECONDS:-60}
cc=${FUZZ_CC:-clang}
out=build-fuzz
targets=${FUZZ_TARGETS:-"reader solve energy human fields trace lzstring map pattern killer fpuzzles"}
flags="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"

if ! command -v "$cc" >/dev/null 2>&1; then
    echo "fuzz: skipped: $cc not found (install clang to fuzz)"
    exit 0
fi
mkdir -p "$out"
printf '#include <stdint.h>\n#include <stddef.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' \
    >"$out/probe.c"
if ! "$cc" -fsanitize=fuzzer,address,undefined -o "$out/probe" "$out/probe.c" >/dev/null 2>&1; then
    echo "fuzz: skipped: $cc cannot link -fsanitize=fuzzer (install libclang-rt-dev for your clang)"
    exit 0
fi

# The library once more, instrumented, with tiny reader buffers so that the
# buffer-boundary code runs on short inputs.
make -s BUILD="$out" CC="$cc" \
    CFLAGS="$flags -fsanitize=fuzzer-no-link -DREAD_IO_SIZE=61 -DREAD_LINE_MAX=4096" \
    "$out/libsudoku-test.a" || exit 1

status=0
for t in $targets; do
    src=tests/fuzz/fuzz_$t.c
    if [ ! -f "$src" ]; then
        echo "fuzz_$t: skipped: $src does not exist"
        continue
    fi
    "$cc" -std=c11 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -DSDK_TEST_HOOKS -Iinclude $flags -fsanitize=fuzzer \
        -o "$out/fuzz_$t" "$src" "$out/libsudoku-test.a" -lm -lpthread || { status=1; continue; }
    mkdir -p "$out/corpus_$t"
    log=$out/fuzz_$t.log
    echo "fuzz_$t: running for ${secs}s"
    "$out/fuzz_$t" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -max_len=8192 \
        -print_final_stats=1 -artifact_prefix="$out/crash-$t-" \
        "$out/corpus_$t" "tests/fuzz/corpus_$t" >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    if [ $rc -eq 0 ]; then
        echo "fuzz_$t: clean: ${runs:-?} runs in ${secs}s, corpus $(ls "$out/corpus_$t" | wc -l) inputs"
    else
        status=1
        echo "fuzz_$t: FAILED (exit $rc), see $log:"
        grep -E 'ERROR|fuzz check failed|SUMMARY|Test unit written' "$log" | head -n 8
    fi
done
exit $status
