/*
 * canon.h -- what the files of src/canon/ share (prefix canon_).
 */
#ifndef SUDOKU_CANON_H
#define SUDOKU_CANON_H

#include <stdint.h>

/* The six orders of three things (stacks, bands, lines within one). */
extern const uint8_t canon_orders[6][3];

#endif
