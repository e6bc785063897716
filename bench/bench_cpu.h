/*
 * bench_cpu.h -- what the C benchmarks share: process CPU time, a
 * comparison for qsort to take medians, and their options.  Header-only (the benchmarks are
 * built one file each by their scripts).
 */
#ifndef SUDOKU_BENCH_CPU_H
#define SUDOKU_BENCH_CPU_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

/* The options before the files: -r RUNS (kept within 1..max_runs) and
 * -l LIMIT.  Returns the index of the first file argument. */
static inline int bench_options(int argc, char **argv, int *runs, uint64_t *limit, int max_runs)
{
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (!strcmp(argv[i], "-r"))
            *runs = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-l"))
            *limit = strtoull(argv[i + 1], NULL, 10);
    }
    *runs = *runs < 1 ? 1 : *runs > max_runs ? max_runs : *runs;
    return i;
}

/* The arguments SEED SECONDS [...] of remc_cpu and er_cpu: 0 (usage on
 * stderr) if there are fewer than two. */
static inline int bench_seed_seconds(int argc, char **argv, const char *usage, uint64_t *seed, double *seconds)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s\n", usage);
        return 0;
    }
    *seed = strtoull(argv[1], NULL, 10);
    *seconds = atof(argv[2]);
    return 1;
}

/* A CPU-time limit for the library's long runs (remc_cpu, er_cpu): a thread
 * raises flag, the run's budget's interrupt, once the process has used
 * limit seconds of CPU, so that variants compare at equal CPU on a shared
 * machine (a deadline gives a run what the load leaves it). */
typedef struct bench_watch {
    volatile int flag;
    double limit;
    pthread_t thread;
} bench_watch;

static inline void *bench_watch_loop(void *arg)
{
    bench_watch *w = arg;
    while (!w->flag && cpu_now() < w->limit)
        usleep(20000);
    w->flag = 1;
    return NULL;
}

static inline int bench_watch_start(bench_watch *w, double limit)
{
    w->flag = 0;
    w->limit = limit;
    return pthread_create(&w->thread, NULL, bench_watch_loop, w) == 0;
}

static inline void bench_watch_stop(bench_watch *w)
{
    w->flag = 1;
    pthread_join(w->thread, NULL);
}

#endif
