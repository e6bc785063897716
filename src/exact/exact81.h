/*
 * exact81.h -- the exact solver for 81-cell boards other than plain 9x9
 * (x, windoku, jigsaw, jigsaw,x): see exact81.c.
 */
#ifndef SUDOKU_EXACT81_H
#define SUDOKU_EXACT81_H

#include "sudoku.h"

/* Whether x81_count takes board b (81 cells, 9 digits, few enough houses). */
int x81_applies(const sdk_board *b);

/* sdk_exact_count's contract on a board x81_applies to.  Returns
 * UINT64_MAX when it cannot run (then nothing is written). */
uint64_t x81_count(const sdk_board *b, const uint8_t *puzzle, uint64_t limit, uint8_t *solution,
                   sdk_stats *st, const sdk_budget *budget, sdk_status *status);

/* The same, its ties broken by draws from rng (NULL: exactly x81_count):
 * one run of the restarts (restarts.c). */
uint64_t x81_count_run(const sdk_board *b, const uint8_t *puzzle, uint64_t limit, uint8_t *solution,
                       sdk_stats *st, const sdk_budget *budget, sdk_status *status, sdk_rng *rng);

#endif
