/*
 * exact9_bench.c -- speed of the 9x9 exact kernel (src/exact9*.c).
 *
 * Usage: exact9_bench [-r RUNS] FILE...
 * Reads each FILE (one puzzle per line: the first 81 characters, digits
 * 1-9 and '.' or '0' for blanks; '#' lines and short lines are skipped,
 * CRLF is fine), solves every puzzle at limit 1 and at limit 2, and prints
 * puzzles/s, microseconds/puzzle, guesses/puzzle and the share of puzzles
 * solved without guessing.  Each measurement is the median of RUNS passes
 * (default 5) over the whole file, in thread CPU time.
 *
 * Built with -DEXACT9_BENCH_TDOKU and linked against a tdoku library that a
 * human built by hand (see bench/compare_tdoku.sh), it also times tdoku's
 * TdokuSolverDpllTriadSimd on the same puzzles in the same run and prints
 * the ratio exact9 / tdoku.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sudoku.h"

#ifdef EXACT9_BENCH_TDOKU
#include <stddef.h>
size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit, uint32_t configuration,
                                char *solution, size_t *num_guesses);
#endif

typedef struct puzzle_set {
    uint8_t (*cells)[81];
    char (*text)[82];       /* tdoku's input form: '.' for blanks */
    size_t count, cap;
} puzzle_set;

/* One pass's results. */
typedef struct pass_result {
    double seconds;
    uint64_t guesses;
    uint64_t no_guess;      /* puzzles solved with zero guesses */
    uint64_t solutions;     /* sum of counts, a checksum between solvers */
} pass_result;

/* The thread's CPU time, not the wall clock: on a shared machine the time
 * slices other processes take do not count against either solver. */
static double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int bench_read(const char *path, puzzle_set *set)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        uint8_t cells[81];
        int ok = 1;
        for (int i = 0; i < 81 && ok; i++) {
            char ch = line[i];
            if (ch >= '1' && ch <= '9') cells[i] = (uint8_t)(ch - '0');
            else if (ch == '.' || ch == '0') cells[i] = 0;
            else ok = 0;
        }
        if (!ok) continue;
        if (set->count == set->cap) {
            set->cap = set->cap ? set->cap * 2 : 1024;
            set->cells = realloc(set->cells, set->cap * sizeof *set->cells);
            set->text = realloc(set->text, set->cap * sizeof *set->text);
            if (!set->cells || !set->text) { fclose(f); return -1; }
        }
        memcpy(set->cells[set->count], cells, 81);
        for (int i = 0; i < 81; i++)
            set->text[set->count][i] = cells[i] ? (char)('0' + cells[i]) : '.';
        set->text[set->count][81] = '\0';
        set->count++;
    }
    fclose(f);
    return 0;
}

static pass_result bench_exact9_pass(const puzzle_set *set, uint64_t limit)
{
    pass_result r = { 0, 0, 0, 0 };
    uint8_t solution[81];
    double t0 = bench_now();
    for (size_t i = 0; i < set->count; i++) {
        sdk_stats st;
        memset(&st, 0, sizeof st);
        r.solutions += sdk_exact9_count(set->cells[i], limit, solution, &st);
        r.guesses += st.guesses;
        r.no_guess += st.guesses == 0;
    }
    r.seconds = bench_now() - t0;
    return r;
}

#ifdef EXACT9_BENCH_TDOKU
static pass_result bench_tdoku_pass(const puzzle_set *set, uint64_t limit)
{
    pass_result r = { 0, 0, 0, 0 };
    char solution[81];
    double t0 = bench_now();
    for (size_t i = 0; i < set->count; i++) {
        size_t guesses = 0;
        r.solutions += TdokuSolverDpllTriadSimd(set->text[i], (size_t)limit, 0, solution, &guesses);
        r.guesses += guesses;
        r.no_guess += guesses == 0;
    }
    r.seconds = bench_now() - t0;
    return r;
}
#endif

static int bench_by_seconds(const void *a, const void *b)
{
    double x = ((const pass_result *)a)->seconds, y = ((const pass_result *)b)->seconds;
    return (x > y) - (x < y);
}

/* The median (by time) of n passes; all passes agree on everything but time. */
static pass_result bench_median(pass_result *results, int n)
{
    qsort(results, (size_t)n, sizeof results[0], bench_by_seconds);
    return results[n / 2];
}

static double bench_rate(const puzzle_set *set, pass_result r)
{
    return r.seconds > 0 ? (double)set->count / r.seconds : 0.0;
}

static void bench_print(const char *who, const puzzle_set *set, uint64_t limit, pass_result r)
{
    double n = (double)set->count;
    printf("  %-7s limit=%llu  %10.0f puzzles/s  %8.2f us/puzzle  %7.2f guesses/puzzle  %5.1f%% no guess  (sum of counts %llu)\n",
           who, (unsigned long long)limit, bench_rate(set, r), r.seconds * 1e6 / n,
           (double)r.guesses / n, 100.0 * (double)r.no_guess / n, (unsigned long long)r.solutions);
}

int main(int argc, char **argv)
{
    int runs = 5, first = 1;
    if (argc > 2 && strcmp(argv[1], "-r") == 0) {
        runs = atoi(argv[2]);
        if (runs < 1) runs = 1;
        if (runs > 64) runs = 64;
        first = 3;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: %s [-r RUNS] FILE...\n", argv[0]);
        return 2;
    }
    int status = 0;
    for (int a = first; a < argc; a++) {
        puzzle_set set = { NULL, NULL, 0, 0 };
        if (bench_read(argv[a], &set) != 0 || set.count == 0) {
            fprintf(stderr, "%s: cannot read puzzles\n", argv[a]);
            status = 1;
            continue;
        }
        printf("%s: %zu puzzles, median of %d runs\n", argv[a], set.count, runs);
        for (uint64_t limit = 1; limit <= 2; limit++) {
            /* Passes of the two solvers alternate, so that load from other
             * processes on a noisy machine hits both alike. */
            pass_result mine[64];
#ifdef EXACT9_BENCH_TDOKU
            pass_result theirs[64];
#endif
            for (int r = 0; r < runs; r++) {
                mine[r] = bench_exact9_pass(&set, limit);
#ifdef EXACT9_BENCH_TDOKU
                theirs[r] = bench_tdoku_pass(&set, limit);
#endif
            }
            pass_result my_median = bench_median(mine, runs);
            bench_print("exact9", &set, limit, my_median);
#ifdef EXACT9_BENCH_TDOKU
            pass_result their_median = bench_median(theirs, runs);
            bench_print("tdoku", &set, limit, their_median);
            printf("  ratio   limit=%llu  exact9/tdoku = %.2fx%s\n", (unsigned long long)limit,
                   bench_rate(&set, my_median) / bench_rate(&set, their_median),
                   my_median.solutions == their_median.solutions ? "" : "  (COUNTS DIFFER)");
#endif
        }
        free(set.cells);
        free(set.text);
    }
    return status;
}
