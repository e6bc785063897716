/*
 * isomorph.h -- random isomorphs of 9x9 puzzles for the unit tests: the
 * transformations that keep every solution count (and map the solutions).
 */
#ifndef SUDOKU_TEST_ISOMORPH_H
#define SUDOKU_TEST_ISOMORPH_H

#include "sudoku.h"

/* A random isomorph of a 9x9 puzzle: relabel digits, permute rows within
 * bands, bands, columns within stacks, stacks, and maybe transpose.  Solution
 * counts are invariant; the rating trees are not (ties break top-left). */
static inline void random_isomorph(sdk_rng *rng, const uint8_t *in, uint8_t *out)
{
    uint8_t label[10] = {0}, digits[9], rows[9], cols[9], band[3], stack[3];
    for (int i = 0; i < 9; i++)
        digits[i] = (uint8_t)(i + 1);
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

#endif
