/*
 * tridagon.h -- random minimal puzzles with a planted tridagon (tridagon.c,
 * prefix tri_), for the pools of `generate --hard` from scratch.
 */
#ifndef SUDOKU_TRIDAGON_H
#define SUDOKU_TRIDAGON_H

#include "sudoku.h"

/* Is the tridagon on cell[12] (box k's three cells at 3k..3k+2, one a row
 * and a column of the box; the boxes in two bands x two stacks, in the
 * order band 1 stack 1, band 1 stack 2, band 2 stack 1, band 2 stack 2)
 * deadly: no filling from three digits, a permutation in each box, with
 * distinct digits in every row and column?  By brute force (6^4 fillings). */
int tri_is_deadly(const int *cell);

/* A random minimal puzzle (9x9; its solution into grid) with a planted
 * tridagon (tridagon.c says how), whose 12 cells go into cells (as for
 * tri_is_deadly; may be NULL).  1 made; 0 the random grid had no tridagon,
 * or it left more than one solution (draw again); -1 the budget stopped it. */
int tri_plant(const sdk_board *b, const sdk_gen_params *g, sdk_rng *rng, uint8_t *puzzle, uint8_t *grid,
              int *cells, const sdk_budget *budget);

#endif /* SUDOKU_TRIDAGON_H */
