/*
 * fullgrid.h -- fullgrid.c's internal interface: full grids (stage 1 of source 000
 * section 13), drawn from the caller's random stream.
 */
#ifndef SUDOKU_GRID_H
#define SUDOKU_GRID_H

#include "sudoku.h"

/* A full grid drawing from rng (sdk_generate_grid with the caller's stream). */
sdk_status grid_from(const sdk_board *b, const sdk_gen_params *g, sdk_rng *rng, uint8_t *grid,
                                  const sdk_budget *budget);
/* For tests: up to `events` iterations of stage 1's chain at T (fullgrid.c)
 * from the digits in cells (updated), stopping at E = 0; with check, the
 * chain's bookkeeping is compared with a recomputation after each.
 * Returns E, or -1 if the bookkeeping was wrong (or the board too big). */
int grid_chain_run(const sdk_board *b, double T, sdk_rng *rng, uint8_t *cells, long events, int check);

#endif /* SUDOKU_GRID_H */
