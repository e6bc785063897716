/*
 * exact9.h -- exact9.c's internal interface beyond the public
 * sdk_exact9_* calls: the second solution of a removal as a cell set.
 */
#ifndef SUDOKU_EXACT9_H
#define SUDOKU_EXACT9_H

#include "sudoku.h"

/* sdk_exact9_differs, giving the second solution as the cells where it
 * differs from grid: differ[b] bit i for cell 27 b + i. */
int exact9_differs_cells(const uint8_t puzzle[81], const uint8_t grid[81], const uint8_t *cells, int k,
                             uint32_t differ[3]);

#endif /* SUDOKU_EXACT9_H */
