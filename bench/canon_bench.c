/*
 * canon_bench.c -- sdk_canon_minlex's speed on one thread: each puzzle of a
 * file is put in a random isomorph first (seed 29, outside the timing, so
 * no puzzle arrives in its form), then canonicalised; with -g, each
 * puzzle's solution grid instead.  Prints puzzles/s and us/puzzle, the
 * median of RUNS passes of process CPU time.
 */
#include <stdio.h>
#include "sudoku.h"
#include "bench_cpu.h"

#define MAX_PUZZLES 60000

static uint8_t puzzles[MAX_PUZZLES][81];

static int read_file(const char *path, int grids)
{
    char line[1024];
    FILE *f = fopen(path, "r");
    const sdk_board *b = sdk_board_cached(3, 3);
    sdk_rng r;
    int n = 0;
    sdk_rng_seed(&r, 29);
    while (f && n < MAX_PUZZLES && fgets(line, sizeof line, f)) {
        uint8_t p[81];
        int i = 0;
        for (; i < 81 && (line[i] == '.' || (line[i] >= '0' && line[i] <= '9')); i++)
            p[i] = line[i] == '.' ? 0 : (uint8_t)(line[i] - '0');
        if (i < 81)
            continue;
        sdk_stats st;
        sdk_status status;
        if (grids && sdk_exact_count(b, p, 1, p, &st, NULL, &status) != 1)
            continue;
        sdk_transform m;
        sdk_transform_random(&r, &m);
        sdk_transform_apply(&m, p, puzzles[n++]);
    }
    if (f)
        fclose(f);
    return n;
}

int main(int argc, char **argv)
{
    int runs = 3, grids = 0;
    uint64_t unused = 0;
    if (argc > 1 && argv[1][0] == '-' && argv[1][1] == 'g') {
        grids = 1;
        argv++;
        argc--;
    }
    int first = bench_options(argc, argv, &runs, &unused, 15);
    if (first >= argc) {
        fprintf(stderr, "usage: canon_bench [-g] [-r RUNS] FILE\n");
        return 2;
    }
    int n = read_file(argv[first], grids);
    const sdk_board *b = sdk_board_cached(3, 3);
    double t[15];
    uint64_t sum = 0;
    for (int k = 0; k < runs; k++) {
        double start = cpu_now();
        for (int i = 0; i < n; i++) {
            sdk_canon c;
            sdk_canon_minlex(b, puzzles[i], &c);
            sum += c.form[80] + c.automorphisms;
        }
        t[k] = cpu_now() - start;
    }
    qsort(t, (size_t)runs, sizeof t[0], cmp_double);
    double med = t[runs / 2];
    printf("%d %.0f %.2f %llu\n", n, n / med, med * 1e6 / n, (unsigned long long)(sum & 1));
    return 0;
}
