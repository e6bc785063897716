/*
 * blockswap.h -- the block-swap chain (blockswap.c) that anneal and
 * sort-penalty run.  Internal name: blockswap_.
 */
#ifndef SUDOKU_BLOCKSWAP_H
#define SUDOKU_BLOCKSWAP_H

#include "sudoku.h"

/* The block-swap chain of anneal and sort-penalty: energy kind
 * SDK_ENERGY_MISSING or SDK_ENERGY_SORT; fixed_T > 0 runs at that
 * temperature, otherwise on Lewis's schedule. */
sdk_status blockswap_run(const sdk_board *b, const uint8_t *puzzle, const sdk_params *p, uint32_t seed,
                         unsigned kind, double fixed_T, uint8_t *solution, sdk_stats *st);

#endif
