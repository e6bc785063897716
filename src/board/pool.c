/*
 * pool.c -- pool_run (see pool.h): start, run one share here, join.  Threads
 * are started per call, not kept: a call's work (a chunk of a batch, a
 * --hard run) outlasts thread creation by orders of magnitude.
 */
#include <pthread.h>
#include <stdlib.h>
#include "pool.h"

void pool_run(int n, void *(*fn)(void *), void *args, size_t stride)
{
    char *base = args;
    pthread_t *threads = n > 1 ? malloc(sizeof *threads * (size_t)n) : NULL;
    char *started = n > 1 ? calloc((size_t)n, 1) : NULL;
    for (int i = 1; threads && started && i < n; i++)
        started[i] = pthread_create(&threads[i], NULL, fn, base + (size_t)i * stride) == 0;
    fn(base);
    for (int i = 1; i < n; i++) {
        if (threads && started && started[i])
            pthread_join(threads[i], NULL);
        else
            fn(base + (size_t)i * stride);      /* no thread: run it here */
    }
    free(threads);
    free(started);
}
