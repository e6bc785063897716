/*
 * util.c -- small shared services: the monotonic clock, run budgets and
 * the cache of boards (one per box shape, built on first use, never freed).
 */
#include <pthread.h>
#include <time.h>
#include "sudoku.h"

double sdk_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int sdk_budget_expired(const sdk_budget *b)
{
    if (!b)
        return 0;
    if (b->interrupt && *b->interrupt)
        return 1;
    return b->deadline > 0 && sdk_now() >= b->deadline;
}

sdk_budget sdk_budget_start(double seconds, volatile int *interrupt)
{
    sdk_budget b = {seconds > 0 ? sdk_now() + seconds : 0, 0, interrupt};
    return b;
}

static sdk_board *board_cache[SDK_MAX_N + 1][SDK_MAX_N + 1];
static pthread_mutex_t board_cache_lock = PTHREAD_MUTEX_INITIALIZER;

const sdk_board *sdk_board_cached(int box_rows, int box_cols)
{
    if (box_rows < 1 || box_cols < 1 || box_rows > SDK_MAX_N || box_cols > SDK_MAX_N)
        return NULL;
    pthread_mutex_lock(&board_cache_lock);
    sdk_board **slot = &board_cache[box_rows][box_cols];
    if (!*slot)
        *slot = sdk_board_new(box_rows, box_cols);
    sdk_board *b = *slot;
    pthread_mutex_unlock(&board_cache_lock);
    return b;
}
