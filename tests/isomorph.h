/*
 * isomorph.h -- random isomorphs of 9x9 puzzles for the unit tests: the
 * transformations that keep every solution count (and map the solutions);
 * and an exact test of whether two puzzles are orientations of each other.
 */
#ifndef SUDOKU_TEST_ISOMORPH_H
#define SUDOKU_TEST_ISOMORPH_H

#include <string.h>
#include "sudoku.h"

/* A random isomorph of a 9x9 puzzle: relabel digits (if relabel), permute
 * rows within bands, bands, columns within stacks, stacks, and maybe
 * transpose.  Solution counts are invariant; the rating trees are not (ties
 * break top-left). */
static inline void random_transform(sdk_rng *rng, const uint8_t *in, uint8_t *out, int relabel)
{
    uint8_t label[10] = {0}, digits[9], rows[9], cols[9], band[3], stack[3];
    for (int i = 0; i < 9; i++)
        digits[i] = (uint8_t)(i + 1);
    if (relabel)
        sdk_rng_shuffle_u8(rng, digits, 9);
    for (int i = 0; i < 9; i++)
        label[i + 1] = digits[i];
    for (int i = 0; i < 3; i++)
        band[i] = stack[i] = (uint8_t)i;
    sdk_rng_shuffle_u8(rng, band, 3);
    sdk_rng_shuffle_u8(rng, stack, 3);
    for (int b = 0; b < 3; b++) {
        uint8_t r[3] = {0, 1, 2}, c[3] = {0, 1, 2};
        sdk_rng_shuffle_u8(rng, r, 3);
        sdk_rng_shuffle_u8(rng, c, 3);
        for (int i = 0; i < 3; i++) {
            rows[b * 3 + i] = (uint8_t)(band[b] * 3 + r[i]);
            cols[b * 3 + i] = (uint8_t)(stack[b] * 3 + c[i]);
        }
    }
    int transpose = (int)sdk_rng_below(rng, 2);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int src = transpose ? cols[c] * 9 + rows[r] : rows[r] * 9 + cols[c];
            out[r * 9 + c] = label[in[src]];
        }
}

static inline void random_isomorph(sdk_rng *rng, const uint8_t *in, uint8_t *out)
{
    random_transform(rng, in, out, 1);
}

/* The same without relabelling: an orientation. */
static inline void random_orientation(sdk_rng *rng, const uint8_t *in, uint8_t *out)
{
    random_transform(rng, in, out, 0);
}

/* The six orders of three things. */
static const uint8_t isomorph_orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* Are the columns of the 9x9 cells `a` those of `b`, stack for stack, up to
 * an order of the stacks and of the columns within each? */
static inline int isomorph_columns_match(const uint8_t *a, const uint8_t *b)
{
    uint8_t col_a[9][9], col_b[9][9];
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            col_a[c][r] = a[r * 9 + c];
            col_b[c][r] = b[r * 9 + c];
        }
    for (int sp = 0; sp < 6; sp++) {
        int all = 1;
        for (int s = 0; s < 3 && all; s++) {
            int from = isomorph_orders[sp][s] * 3, some = 0;
            for (int cp = 0; cp < 6 && !some; cp++) {
                some = 1;
                for (int i = 0; i < 3 && some; i++)
                    some = memcmp(col_a[from + isomorph_orders[cp][i]], col_b[s * 3 + i], 9) == 0;
            }
            all = some;
        }
        if (all)
            return 1;
    }
    return 0;
}

/* Is the 9x9 puzzle b an orientation of a: a after swaps of rows within a
 * band, of bands, of columns within a stack, of stacks, and maybe the
 * transpose, with no digit relabelled?  Tries every order of the rows;
 * the columns are matched stack by stack. */
static inline int is_orientation(const uint8_t *a, const uint8_t *b)
{
    uint8_t moved[81];
    for (int t = 0; t < 2; t++)
        for (int bp = 0; bp < 6; bp++)
            for (int o = 0; o < 216; o++) {
                int rows[9];
                for (int band = 0; band < 3; band++)
                    for (int i = 0; i < 3; i++) {
                        int within = o / (band == 0 ? 1 : band == 1 ? 6 : 36) % 6;
                        rows[band * 3 + i] = isomorph_orders[bp][band] * 3 + isomorph_orders[within][i];
                    }
                for (int r = 0; r < 9; r++)
                    for (int c = 0; c < 9; c++)
                        moved[r * 9 + c] = t ? a[c * 9 + rows[r]] : a[rows[r] * 9 + c];
                if (isomorph_columns_match(moved, b))
                    return 1;
            }
    return 0;
}

#endif
