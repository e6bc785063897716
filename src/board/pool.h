/*
 * pool.h -- the one way this project runs work on threads (internal, not
 * part of the public API): the batch commands, generate's puzzle chunks and
 * generate --hard's independent runs all call pool_run.
 */
#ifndef SUDOKU_POOL_H
#define SUDOKU_POOL_H

#include <pthread.h>
#include <stddef.h>

/* Runs fn(args + i * stride) for i = 0 .. n-1 and returns when all are done:
 * i = 0 on the calling thread, each other on a thread of its own, started
 * before it; one whose thread cannot start runs on the caller afterwards, in
 * order.  With stride 0 every call gets the same argument: workers that take
 * their items from a shared counter (the result then does not depend on how
 * many threads there are).  No cap on n beyond memory: -j is the caller's. */
void pool_run(int n, void *(*fn)(void *), void *args, size_t stride);

/* pool_run in two halves, so the caller can do other work (a batch reads
 * and writes its neighbouring chunks) before it takes its own share:
 * pool_start starts calls 1 .. n-1 and returns; pool_join runs call 0 on
 * the caller, then waits for the rest. */
typedef struct pool_team {
    int n;
    void *(*fn)(void *);
    char *base;
    size_t stride;
    pthread_t *threads;
    char *started;
} pool_team;
void pool_start(pool_team *t, int n, void *(*fn)(void *), void *args, size_t stride);
void pool_join(pool_team *t);

#endif /* SUDOKU_POOL_H */
