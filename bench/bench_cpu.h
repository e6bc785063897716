/*
 * bench_cpu.h -- what the C benchmarks share: process CPU time, and a
 * comparison for qsort to take medians.  Header-only (the benchmarks are
 * built one file each by their scripts).
 */
#ifndef SUDOKU_BENCH_CPU_H
#define SUDOKU_BENCH_CPU_H

#include <time.h>

static inline double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#endif
