/*
 * variants_bench.c -- exact solving of 9x9 variant puzzles (src/exact/exact81.c,
 * reached through sdk_exact_count) against the 9x9 kernel, side by side:
 * issue 14's "within 3x".
 *
 * Usage: variants_bench [-r RUNS] [-l LIMIT] FILE...
 * Reads every FILE with the library's reader (any variant; a jigsaw record
 * brings its own board, so a jigsaw batch builds exact81's tables per
 * record, as `solve` does), then counts each puzzle to LIMIT (default 1,
 * as `solve`) with sdk_exact_count: RUNS passes (default 21), each over
 * the files in turn, so every file sees the same machine.  Prints CPU
 * microseconds a puzzle (the median pass) and the ratio to the first file
 * (give the plain puzzles first: the kernel).  Under callgrind, -r 1 with
 * --toggle-collect=sdk_exact_count counts the solver's instructions.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sudoku.h"
#include "bench_cpu.h"

enum { MAX_PUZZLES = 100000, MAX_FILES = 16, MAX_RUNS = 99 };

typedef struct {
    const char *name;
    size_t k;
    const sdk_board **board;
    uint8_t (*cells)[81];
    double t[MAX_RUNS];
    uint64_t count;
} bench_file;

/* The 81-cell records of f (boards stay with the reader's cache). */
static int load(bench_file *f)
{
    FILE *in = fopen(f->name, "r");
    if (!in) {
        perror(f->name);
        return 0;
    }
    sdk_read_options opt = {0};
    sdk_reader *r = sdk_reader_new(in, f->name, &opt);
    f->board = malloc(MAX_PUZZLES * sizeof *f->board);
    f->cells = malloc(MAX_PUZZLES * sizeof *f->cells);
    static sdk_record rec;
    while (r && f->board && f->cells && f->k < MAX_PUZZLES && sdk_reader_next(r, &rec) > 0)
        if (rec.ok && rec.board->ncells == 81) {
            f->board[f->k] = rec.board;
            memcpy(f->cells[f->k++], rec.cells, 81);
        }
    sdk_reader_free(r);
    fclose(in);
    return f->k > 0;
}

int main(int argc, char **argv)
{
    int runs = 21, nf = 0;
    uint64_t limit = 1;
    int i = bench_options(argc, argv, &runs, &limit, MAX_RUNS);
    static bench_file files[MAX_FILES];
    for (; i < argc && nf < MAX_FILES; i++) {
        files[nf].name = argv[i];
        if (load(&files[nf]))
            nf++;
    }
    if (!nf) {
        fprintf(stderr, "usage: variants_bench [-r RUNS] [-l LIMIT] FILE...\n");
        return 2;
    }
    uint8_t solution[81];
    for (int run = 0; run < runs; run++)
        for (int f = 0; f < nf; f++) {
            bench_file *b = &files[f];
            uint64_t count = 0;
            sdk_status status;
            double t0 = cpu_now();
            for (size_t j = 0; j < b->k; j++)
                count += sdk_exact_count(b->board[j], b->cells[j], limit, solution, NULL, NULL, &status);
            b->t[run] = cpu_now() - t0;
            if (run && count != b->count)
                fprintf(stderr, "variants_bench: %s counted %llu, then %llu\n", b->name,
                        (unsigned long long)b->count, (unsigned long long)count);
            b->count = count;
        }
    printf("| file | puzzles | CPU us a puzzle | / %s |\n|---|---:|---:|---:|\n", files[0].name);
    double first = 0;
    for (int f = 0; f < nf; f++) {
        qsort(files[f].t, (size_t)runs, sizeof files[f].t[0], cmp_double);
        double us = 1e6 * files[f].t[runs / 2] / (double)files[f].k;
        first = f ? first : us;
        printf("| %s | %zu | %.3f | %.2fx |\n", files[f].name, files[f].k, us, us / first);
        free(files[f].board);
        free(files[f].cells);
    }
    return 0;
}
