/*
 * pool.c -- pool_run (see pool.h): start, run one share here, join.  Threads
 * are started per call, not kept: a call's work (a chunk of a batch, a
 * --hard run) outlasts thread creation by orders of magnitude.
 */
#include <stdlib.h>
#include "pool.h"

void pool_start(pool_team *t, int n, void *(*fn)(void *), void *args, size_t stride)
{
    t->n = n;
    t->fn = fn;
    t->base = args;
    t->stride = stride;
    t->threads = n > 1 ? malloc(sizeof *t->threads * (size_t)n) : NULL;
    t->started = n > 1 ? calloc((size_t)n, 1) : NULL;
    for (int i = 1; t->threads && t->started && i < n; i++)
        t->started[i] = pthread_create(&t->threads[i], NULL, fn, t->base + (size_t)i * stride) == 0;
}

void pool_join(pool_team *t)
{
    t->fn(t->base);
    for (int i = 1; i < t->n; i++) {
        if (t->threads && t->started && t->started[i])
            pthread_join(t->threads[i], NULL);
        else
            t->fn(t->base + (size_t)i * t->stride);      /* no thread: run it here */
    }
    free(t->threads);
    free(t->started);
}

void pool_run(int n, void *(*fn)(void *), void *args, size_t stride)
{
    pool_team t;
    pool_start(&t, n, fn, args, stride);
    pool_join(&t);
}
