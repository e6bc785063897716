/*
 * neighbour.h -- the internal half of neighbour.c and pattern.c (prefix nb_):
 * the moves both make on plain 9x9 puzzles.  A {-n+m} move blanks n clues
 * and gives m blank cells the digits of a solution of what is left, drawn
 * by solving a random isomorph (so the new puzzle has that solution and
 * the move is never a blind guess of digits).
 */
#ifndef SUDOKU_NEIGHBOUR_H
#define SUDOKU_NEIGHBOUR_H

#include "sudoku.h"

/* A solution of puzzle (9x9, at least one) into out: the first solution of a
 * random isomorph of it, mapped back.  0 if it has none or the budget
 * stopped the search. */
int nb_random_solution(sdk_rng *rng, const uint8_t *puzzle, uint8_t *out, const sdk_budget *budget);

/* k distinct cells drawn uniformly from those with want == (puzzle[c] != 0),
 * restricted to allowed[c] when allowed is not NULL; how many were found
 * (fewer if there are not k). */
int nb_draw_cells(sdk_rng *rng, const uint8_t *puzzle, int want, const uint8_t *allowed, int k, int *cells);

/* Is the unique puzzle (solution grid) minimal: does every clue's removal
 * leave another solution?  1 yes, 0 no, -1 if the budget stopped it. */
int nb_is_minimal(const sdk_board *b, const uint8_t *puzzle, const uint8_t *grid, const sdk_budget *budget);

/* Removes the clues of the unique puzzle (solution grid) in a random order
 * while it stays unique and, if holds is not NULL, while holds(ctx, puzzle):
 * a minimal puzzle (under holds).  0 if the budget stopped it. */
int nb_minimise(const sdk_board *b, sdk_rng *rng, uint8_t *puzzle, const uint8_t *grid,
                int (*holds)(const void *ctx, const uint8_t *puzzle), const void *ctx, const sdk_budget *budget);

#endif /* SUDOKU_NEIGHBOUR_H */
