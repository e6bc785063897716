/*
 * boxmoves.h -- the block-swap proposals (boxmoves.c): the tables of the
 * free-cell pairs and triples of every box (jigsaw region, Samurai box; a
 * shared box is one unit), and the uniform draws of a swap or a 3-cycle
 * from them.  Internal names: boxmoves_, BOXMOVES_.
 */
#ifndef SUDOKU_BOXMOVES_H
#define SUDOKU_BOXMOVES_H

#include "sudoku.h"
#include "../board/rng.h"

/* The swappable pairs of free cells of every box that has two or more free
 * cells (the only boxes a swap can touch), for block-swap proposals. */
#define BOXMOVES_MAX_PAIRS (SDK_MAX_N * SDK_MAX_N * (SDK_MAX_N - 1) / 2)
/* Most boxes a board has: n on a standard board, 41 on a samurai. */
#define BOXMOVES_MAX_BOXES 64
/* Largest one-draw table (entries of 4 bytes: 32 KB, an L1 cache). */
#define BOXMOVES_DRAW_TABLE 8192

typedef struct boxmoves {
    int nboxes;
    int start[BOXMOVES_MAX_BOXES + 1];  /* box i: pairs[start[i] .. start[i+1]) */
    uint16_t pair_a[BOXMOVES_MAX_PAIRS];
    uint16_t pair_b[BOXMOVES_MAX_PAIRS];
    /* The source's proposal is a uniform box, then a uniform pair of it: pair
     * p of box i has probability 1/(nboxes * k_i), k_i the box's pair count.
     * With L = lcm(k_i), a table of nboxes * L entries holding each pair of
     * box i L/k_i times gives exactly that distribution from one uniform
     * draw.  ndraw = 0 when the table would exceed BOXMOVES_DRAW_TABLE
     * (then two draws, box and pair). */
    uint32_t ndraw;
    uint32_t draw[BOXMOVES_DRAW_TABLE];   /* pair_a | pair_b << 16 */
    /* The boxes with three or more free cells (3-cycles): box i's free
     * cells are cycle_cell[cycle_start[i] .. cycle_start[i+1]). */
    int ncycle;
    int cycle_start[BOXMOVES_MAX_BOXES + 1];
    uint16_t cycle_cell[SDK_MAX_CELLS];
} boxmoves;

void boxmoves_init(boxmoves *bx, const sdk_board *b, const uint8_t *puzzle);

/* A uniform box, then a uniform pair of distinct free cells of it, as the
 * sources do (nboxes > 0). */
HOT_INLINE void boxmoves_swap(const boxmoves *bx, sdk_rng *r, int *a, int *b)
{
    if (bx->ndraw) {
        uint32_t pair = bx->draw[rng_below_fast(r, bx->ndraw)];
        *a = (int)(pair & 0xffff);
        *b = (int)(pair >> 16);
        return;
    }
    int box = bx->nboxes == 1 ? 0 : (int)rng_below_fast(r, (uint32_t)bx->nboxes);
    int first = bx->start[box], k = bx->start[box + 1] - first;
    int pair = first + (k == 1 ? 0 : (int)rng_below_fast(r, (uint32_t)k));
    *a = bx->pair_a[pair];
    *b = bx->pair_b[pair];
}

/* A uniform box with three or more free cells, then three distinct uniform
 * free cells of it in a uniform order (ncycle > 0): both directions of
 * every 3-cycle. */
HOT_INLINE void boxmoves_cycle3(const boxmoves *bx, sdk_rng *r, int *a, int *b, int *c)
{
    int box = bx->ncycle == 1 ? 0 : (int)rng_below_fast(r, (uint32_t)bx->ncycle);
    const uint16_t *cell = bx->cycle_cell + bx->cycle_start[box];
    uint32_t k = (uint32_t)(bx->cycle_start[box + 1] - bx->cycle_start[box]);
    uint32_t i = rng_below_fast(r, k), j = rng_below_fast(r, k - 1), l = rng_below_fast(r, k - 2);
    /* j skips i; l skips both (in increasing order of the two). */
    j += j >= i;
    uint32_t lo = i < j ? i : j, hi = i < j ? j : i;
    l += l >= lo;
    l += l >= hi;
    *a = cell[i];
    *b = cell[j];
    *c = cell[l];
}

#endif
