/*
 * restarts.h -- exact searches repeated with the digits relabelled, the
 * branching ties drawn by lot and a growing node cap, against
 * heavy-tailed search times: see restarts.c.  Internal names: xr_.
 */
#ifndef SUDOKU_RESTARTS_H
#define SUDOKU_RESTARTS_H

#include "sudoku.h"

/* An exact counter with sdk_exact_count's contract and a source of random
 * choices (NULL: its fixed rule). */
typedef uint64_t (*xr_counter)(const sdk_board *b, const uint8_t *puzzle, uint64_t limit, uint8_t *solution,
                               sdk_stats *st, const sdk_budget *budget, sdk_status *status, sdk_rng *rng);

/* count(b, puzzle, ...) with restarts; the same contract and answer.  The
 * first run is count's with no rng, capped at XR_FIRST_CAP nodes. */
uint64_t xr_count(xr_counter count, const sdk_board *b, const uint8_t *puzzle, uint64_t limit,
                  uint8_t *solution, sdk_stats *st, const sdk_budget *budget, sdk_status *status);

enum { XR_FIRST_CAP = 1 << 10 };

#endif
