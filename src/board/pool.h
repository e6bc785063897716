/*
 * pool.h -- the one way this project runs work on threads (internal, not
 * part of the public API): the batch commands, generate's puzzle chunks and
 * generate --hard's independent runs all call pool_run.
 */
#ifndef SUDOKU_POOL_H
#define SUDOKU_POOL_H

#include <stddef.h>

/* Runs fn(args + i * stride) for i = 0 .. n-1 and returns when all are done:
 * i = 0 on the calling thread, each other on a thread of its own, started
 * before it; one whose thread cannot start runs on the caller afterwards, in
 * order.  With stride 0 every call gets the same argument: workers that take
 * their items from a shared counter (the result then does not depend on how
 * many threads there are).  No cap on n beyond memory: -j is the caller's. */
void pool_run(int n, void *(*fn)(void *), void *args, size_t stride);

#endif /* SUDOKU_POOL_H */
