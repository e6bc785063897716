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
/* sdk_variant_cached_boxed (k: a killer's cages, or NULL), a jigsaw's map
 * and a killer's cages already checked if checked is set (the reader's,
 * checked for its messages): not checked again. */
const sdk_board *variant_cached_checked(unsigned flags, int n, int br, int bc, const uint8_t *region,
                                        const sdk_killer *k, int checked, char *err, size_t errsize);

/* variants.c: the orthogonal neighbours of cell c on an n x n board
 * (above, below, left, right; -1 off the board). */
void board_neighbours(int n, int c, int nb[4]);

/* killer.c: the cages of k (checked) into b's tables, with its innies
 * (after b's houses and implied houses are built): 0 if out of memory. */
int killer_attach(sdk_board *b, const sdk_killer *k);
/* Whether b's cages are k's (in any numbering). */
int killer_same(const sdk_board *b, const sdk_killer *k);
/* FNV-1a of h on with k's cages over ncells cells, alike for any numbering. */
uint32_t killer_hash(uint32_t h, int ncells, const sdk_killer *k);
/* The sums of b's cages, comma-separated, into buf (room: SDK_MAX_LINE). */
char *killer_format_sums(const sdk_board *b, char *buf);
/* Whether the digits of cells (0 = blank) keep every cage possible: no
 * digit twice in a cage, and the blanks can still make up its sum with
 * other digits.  0 and a cell of the cage at fault if not. */
int killer_cages_consistent(const sdk_board *b, const uint8_t *cells, int *conflict_cell);
/* A killer's cages from its line's labels (ncells = n*n characters, '.' a
 * cell in no cage; a cage is the cells of one label that orthogonal steps
 * join) and the sums in order of the cages' first cells, checked
 * (sdk_killer_check).  Returns 1, or 0 with what is wrong in err. */
int killer_from_labels(int n, const char *labels, const uint16_t *sums, int nsums, sdk_killer *k, char *err,
                       size_t errsize);
/* Whether the givens in cells keep k's cages possible: none twice in a
 * cage, none adding up past its sum, the blanks able to make up the rest.
 * Returns 1, or 0 with what is wrong (naming cages by labels, or NULL). */
int killer_check_givens(int n, const sdk_killer *k, const uint8_t *cells, const char *labels, char *err,
                        size_t errsize);
/* The digits (bit d-1: digit d) of the sets of k different digits among
 * allowed's that add up to sum. */
uint32_t killer_union(int n, int k, int sum, uint32_t allowed);
/* Cage j's marks in a node of val (0 = empty) and cand (the empty cells'
 * candidates): its empty cells keep only the digits of the sets that can
 * still make up its sum; a cell this leaves one candidate goes to queue.
 * Returns 0 if the cage cannot be completed (a cell without candidates, or
 * a full cage off its sum), else 1. */
int killer_cage_marks(const sdk_board *b, int j, const uint8_t *val, uint32_t *cand, uint16_t *queue, int *queued);
/* The least and greatest sums of k different digits of 1..n. */
int killer_min_sum(int k);
int killer_max_sum(int n, int k);

#endif
