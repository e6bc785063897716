/*
 * unit_fuzz_regress.c -- replays the committed fuzz corpora (seeds and every
 * input that once crashed) through the fuzz targets, compiled here with the
 * ordinary compiler, so `make test` and `make sanitize` guard against old
 * crashes even where clang and libFuzzer are missing.  A failed check in a
 * target aborts, which tests/run.sh counts as a failure.
 */
#include <dirent.h>
#include "check.h"

#define LLVMFuzzerTestOneInput fuzz_reader_one
#include "fuzz/fuzz_reader.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_solve_one
#include "fuzz/fuzz_solve.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_energy_one
#include "fuzz/fuzz_energy.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_human_one
#include "fuzz/fuzz_human.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_fields_one
#include "fuzz/fuzz_fields.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_trace_one
#include "fuzz/fuzz_trace.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_lzstring_one
#include "fuzz/fuzz_lzstring.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_map_one
#include "fuzz/fuzz_map.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_fpuzzles_one
#include "fuzz/fuzz_fpuzzles.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_pattern_one
#include "fuzz/fuzz_pattern.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_killer_one
#include "fuzz/fuzz_killer.c"
#undef LLVMFuzzerTestOneInput

typedef int (*fuzz_fn)(const uint8_t *, size_t);

/* Runs fn over every file of dir; returns the number of files. */
static int replay(const char *dir, fuzz_fn fn)
{
    DIR *d = opendir(dir);
    CHECK(d != NULL, "corpus %s is missing", dir);
    if (!d)
        return 0;
    int files = 0;
    struct dirent *e;
    static uint8_t buf[1 << 20];
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        CHECK(f != NULL, "cannot open %s", path);
        if (!f)
            continue;
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        fn(buf, n);                       /* aborts on a failed check */
        files++;
    }
    closedir(d);
    return files;
}

int main(void)
{
    CHECK(replay("tests/fuzz/corpus_reader", fuzz_reader_one) > 0, "reader corpus is empty");
    CHECK(replay("tests/fuzz/corpus_solve", fuzz_solve_one) > 0, "solve corpus is empty");
    CHECK(replay("tests/fuzz/corpus_energy", fuzz_energy_one) > 0, "energy corpus is empty");
    CHECK(replay("tests/fuzz/corpus_human", fuzz_human_one) > 0, "human corpus is empty");
    CHECK(replay("tests/fuzz/corpus_fields", fuzz_fields_one) > 0, "fields corpus is empty");
    CHECK(replay("tests/fuzz/corpus_trace", fuzz_trace_one) > 0, "trace corpus is empty");
    CHECK(replay("tests/fuzz/corpus_lzstring", fuzz_lzstring_one) > 0, "lzstring corpus is empty");
    CHECK(replay("tests/fuzz/corpus_map", fuzz_map_one) > 0, "map corpus is empty");
    CHECK(replay("tests/fuzz/corpus_fpuzzles", fuzz_fpuzzles_one) > 0, "fpuzzles corpus is empty");
    CHECK(replay("tests/fuzz/corpus_pattern", fuzz_pattern_one) > 0, "pattern corpus is empty");
    CHECK(replay("tests/fuzz/corpus_killer", fuzz_killer_one) > 0, "killer corpus is empty");
    replay("tests/fuzz/corpus_killer", fuzz_reader_one);
    /* every reader input is a fine solve input, and the other way round */
    replay("tests/fuzz/corpus_solve", fuzz_reader_one);
    replay("tests/fuzz/corpus_reader", fuzz_solve_one);
    return CHECK_SUMMARY("unit_fuzz_regress");
}
