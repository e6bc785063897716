/*
 * exactplan.h -- the general exact solver's view of a board (exactplan.c):
 * cells as bits of W 64-bit words (cell c is bit c % 64 of word c / 64),
 * each cell's peers and each house as such bitsets, and each house as the
 * few (word, mask) segments it touches.  Built from the house lists alone
 * and kept in a small per-thread cache, so a batch of puzzles on one board
 * builds it once.
 */
#ifndef SUDOKU_EXACTPLAN_H
#define SUDOKU_EXACTPLAN_H

#include "sudoku.h"

enum { XP_END = 0xffff };

typedef struct xp_plan {
    int n, ncells, nhouses, W;   /* nhouses: the board's and its implied houses */
    int maxshare;            /* the most cells two houses share */
    int nlock;               /* the houses that take part in locked candidates (not the implied) */
    int sq16;                /* a plain 16x16 board (exact.c's lane propagation) */
    uint64_t all[SDK_MAX_CELLS / 64 + 1];   /* the board's cells */
    uint64_t *peer;          /* ncells * W */
    uint64_t *house;         /* nhouses * W */
    int *seg_start;          /* nhouses + 1 offsets into seg_word / seg_mask */
    uint8_t *seg_word;
    uint64_t *seg_mask;
    uint16_t *key;           /* the board's house_cells, to recognise it */
    /* cell c's houses at ch + c * hstride, ended by XP_END (one load less
     * than the board's two arrays) */
    int hstride;
    uint16_t *ch;
    /* A killer's cages, its innies after them, then its implied sums (the
     * board's tables, copied: group k is cells cage_cells[cage_start[k] ..
     * cage_start[k+1]) summing to cage_sum[k]); the first ndistinct, cages
     * and innies, have different digits: their cells are each other's
     * peers.  ncages 0 on other boards.  cell_cage keys the plan with the
     * houses. */
    int ncages, nreal, ndistinct;
    uint64_t *cage_bits;     /* ncages * W: each cage's cells */
    int *cage_start;
    uint16_t *cage_cells, *cage_sum;
    int16_t *cell_cage;
} xp_plan;

/* The plan of board b from the calling thread's cache (built on a miss);
 * valid until this thread asks for a few other boards.  NULL if out of
 * memory. */
const xp_plan *xp_plan_for(const sdk_board *b);

#endif
