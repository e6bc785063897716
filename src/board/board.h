/*
 * board.h -- board.c's builder, shared with variants.c (a board whose house
 * lists are filled in gets its cell->houses and peer tables here), and the
 * variant layouts the reader and writer share.
 */
#ifndef SUDOKU_BOARD_H
#define SUDOKU_BOARD_H

#include "sudoku.h"

/* Fills cell_house_start/cell_houses and peer_start/peers from house_cells
 * (nhouses * n entries) and ncells.  Returns 0 if out of memory. */
int board_derive_tables(sdk_board *b);

/* variants.c: a samurai board's cells grid by grid (top-left, top-right,
 * centre, bottom-left, bottom-right), 81 each in row-major order; a shared
 * cell appears in both of its grids. */
enum { SAMURAI_GRIDS = 5, SAMURAI_LINE = 5 * 81 };
void variant_samurai_order(const sdk_board *b, uint16_t order[SAMURAI_LINE]);
/* The character of jigsaw region k (0-based): 1..9 on boards up to 9x9,
 * else A, B, ... */
char variant_region_char(const sdk_board *b, int k);
/* sdk_variant_check_regions, its messages naming region k names[k] (the
 * label the input wrote; NULL: its number k + 1). */
int variant_check_regions_named(int n, const uint8_t *region, const char *names, char *err, size_t errsize);
/* sdk_variant_cached_boxed, a jigsaw's map already checked if checked is set
 * (the reader's, checked for its messages): not checked again. */
const sdk_board *variant_cached_checked(unsigned flags, int n, int br, int bc, const uint8_t *region, int checked,
                                        char *err, size_t errsize);

#endif
