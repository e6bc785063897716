/*
 * canon.h -- what the files of src/canon/ share (prefix canon_).
 */
#ifndef SUDOKU_CANON_H
#define SUDOKU_CANON_H

#include <stdint.h>
#include "sudoku.h"

/* The six orders of three things (stacks, bands, lines within one). */
extern const uint8_t canon_orders[6][3];

/* The form of cells on a board other than the plain 9x9, under the board's
 * own group (group.c): 1, or 0 where the group is not listed. */
int canon_group_minlex(const sdk_board *b, const uint8_t *cells, sdk_canon *out);

#endif
