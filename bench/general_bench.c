/*
 * general_bench.c -- the general exact solver (src/exact/exact.c) against the 9x9
 * kernel (src/exact/exact9.c) on the same puzzles.
 *
 * Usage: general_bench [-r RUNS] [-l LIMIT] FILE...
 * Reads 9x9 puzzles (the first 81 characters of a line; '#' and short lines
 * skipped) and counts each to LIMIT (default 2) three ways: the kernel, the
 * general solver on the plain board, and the general solver on a jigsaw
 * board whose regions are the standard boxes (the path every 9x9 variant
 * takes).  Prints CPU microseconds a puzzle (median of RUNS passes, default
 * 5) and the ratios to the kernel; checks that the three counts agree.
 */
#define _POSIX_C_SOURCE 200809L
#define SDK_TEST_HOOKS          /* sdk_exact_count_general */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sudoku.h"
#include "bench_cpu.h"

typedef uint64_t (*count_fn)(const sdk_board *b, const uint8_t *p, uint64_t limit);

static uint64_t by_kernel(const sdk_board *b, const uint8_t *p, uint64_t limit)
{
    (void)b;
    return sdk_exact9_count(p, limit, NULL, NULL);
}

static uint64_t by_general(const sdk_board *b, const uint8_t *p, uint64_t limit)
{
    return sdk_exact_count_general(b, p, limit, NULL, NULL, NULL, NULL);
}

/* Median CPU seconds of runs passes over the set; the counts into out. */
static double time_passes(count_fn f, const sdk_board *b, uint8_t (*cells)[81], size_t k, uint64_t limit,
                          int runs, uint64_t *out)
{
    double t[64];
    for (int r = 0; r < runs; r++) {
        double t0 = cpu_now();
        for (size_t i = 0; i < k; i++)
            out[i] = f(b, cells[i], limit);
        t[r] = cpu_now() - t0;
    }
    qsort(t, (size_t)runs, sizeof t[0], cmp_double);
    return t[runs / 2];
}

int main(int argc, char **argv)
{
    int runs = 5;
    uint64_t limit = 2;
    int i = bench_options(argc, argv, &runs, &limit, 64);
    uint8_t region[81];
    for (int c = 0; c < 81; c++)
        region[c] = (uint8_t)(c / 27 * 3 + c % 9 / 3);
    char err[128];
    sdk_board *plain = sdk_board_new(3, 3), *jig = sdk_variant_board(SDK_VARIANT_JIGSAW, 9, region, err, sizeof err);
    if (!plain || !jig) {
        fprintf(stderr, "general_bench: no board (%s)\n", err);
        return 2;
    }
    printf("| file | puzzles | kernel us | general us (plain) | general us (jigsaw boxes) | jigsaw / kernel |\n");
    printf("|---|---:|---:|---:|---:|---:|\n");
    for (; i < argc; i++) {
        FILE *f = fopen(argv[i], "r");
        if (!f) {
            perror(argv[i]);
            continue;
        }
        size_t k = 0, cap = 1024;
        uint8_t (*cells)[81] = malloc(cap * sizeof *cells);
        char line[1024];
        while (cells && fgets(line, sizeof line, f)) {
            if (line[0] == '#' || strlen(line) < 81)
                continue;
            if (k == cap)
                cells = realloc(cells, (cap *= 2) * sizeof *cells);
            if (!cells)
                break;
            for (int c = 0; c < 81; c++)
                cells[k][c] = line[c] >= '1' && line[c] <= '9' ? (uint8_t)(line[c] - '0') : 0;
            k++;
        }
        fclose(f);
        uint64_t *a = calloc(k + 1, 8), *b = calloc(k + 1, 8), *c = calloc(k + 1, 8);
        if (!cells || !a || !b || !c)
            return 2;
        double tk = time_passes(by_kernel, plain, cells, k, limit, runs, a);
        double tg = time_passes(by_general, plain, cells, k, limit, runs, b);
        double tj = time_passes(by_general, jig, cells, k, limit, runs, c);
        size_t bad = 0;
        for (size_t j = 0; j < k; j++)
            bad += a[j] != b[j] || a[j] != c[j];
        printf("| %s | %zu | %.2f | %.2f | %.2f | %.2fx |\n", argv[i], k, 1e6 * tk / (double)k,
               1e6 * tg / (double)k, 1e6 * tj / (double)k, tj / tk);
        if (bad)
            printf("general_bench: %zu counts differ in %s\n", bad, argv[i]);
        free(a);
        free(b);
        free(c);
        free(cells);
    }
    sdk_board_free(plain);
    sdk_board_free(jig);
    return 0;
}
