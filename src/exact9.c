/*
 * exact9.c -- the fast exact kernel for standard 9x9 Sudoku.
 *
 * Counts solutions (up to a limit) of one 9x9 puzzle.  The idea follows the
 * "band bitboard" solvers (JCZSolve, fsss): the grid is three horizontal
 * bands of 27 cells, and for every digit and band a 27-bit mask says where
 * that digit may still go.  A placed digit stays in its own mask, so every
 * row of a band always holds each digit at least once -- an empty row is a
 * contradiction.
 *
 * Propagation, all on whole masks:
 *  - band rule: inside a band a digit sits once in each of the three rows
 *    and once in each of the three boxes, so its placement is a permutation
 *    row -> box.  A table indexed by which of the nine row/box segments
 *    ("mini-rows") are non-empty gives the union of the segments used by
 *    some valid permutation; everything else is erased.  This one lookup
 *    does locked candidates (pointing and claiming) and hidden singles in
 *    boxes, and finds contradictions inside the band.
 *  - a row of a band mask with a single bit is a placed digit: erase its
 *    column from the other two bands and the cell from the other digits.
 *  - naked singles (cells left with one digit) are found by bit-sliced
 *    counting over the nine masks of a band.
 * When nothing more follows, branch on a cell with two candidates (or the
 * fewest), copying the small state (about 230 bytes) for the first branch.
 *
 * Reentrant: all state lives on the stack; the tables are const.
 */
#include <stdint.h>
#include <string.h>

#include "sudoku.h"

/* Mask of the 27 cells of a band; bit (row_in_band * 9 + column). */
#define E9_BAND_ALL 0x7ffffffu

static const uint8_t e9_row_triads[512] = {
    0,1,1,1,1,1,1,1,2,3,3,3,3,3,3,3,2,3,3,3,3,3,3,3,2,3,3,3,3,3,3,3,
    2,3,3,3,3,3,3,3,2,3,3,3,3,3,3,3,2,3,3,3,3,3,3,3,2,3,3,3,3,3,3,3,
    4,5,5,5,5,5,5,5,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,
    6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,
    4,5,5,5,5,5,5,5,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,
    6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,
    4,5,5,5,5,5,5,5,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,
    6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,
    4,5,5,5,5,5,5,5,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,
    6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,
    4,5,5,5,5,5,5,5,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,
    6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,
    4,5,5,5,5,5,5,5,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,
    6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,
    4,5,5,5,5,5,5,5,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,
    6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,6,7,7,7,7,7,7,7,
};
static const uint32_t e9_band_allowed[512] = {
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x01c71c0,0x01c71c0,0x01c71c0,0x01c71c0,
    0x0000000,0x0000000,0x0000000,0x0000000,0x01c71c0,0x01c71c0,0x01c71c0,0x01c71c0,
    0x0000000,0x0000000,0x01f8038,0x01f8038,0x0000000,0x0000000,0x01f8038,0x01f8038,
    0x0000000,0x0000000,0x01f8038,0x01f8038,0x0000000,0x0000000,0x01f8038,0x01f8038,
    0x0000000,0x0000000,0x01f8038,0x01f8038,0x01c71c0,0x01c71c0,0x01ff1f8,0x01ff1f8,
    0x0000000,0x0000000,0x01f8038,0x01f8038,0x01c71c0,0x01c71c0,0x01ff1f8,0x01ff1f8,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0e00fc0,0x0e00fc0,0x0e00fc0,0x0e00fc0,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0e00fc0,0x0e00fc0,0x0e00fc0,0x0e00fc0,
    0x0000000,0x0e38007,0x0000000,0x0e38007,0x0000000,0x0e38007,0x0000000,0x0e38007,
    0x0000000,0x0e38007,0x0000000,0x0e38007,0x0e00fc0,0x0e38fc7,0x0e00fc0,0x0e38fc7,
    0x0000000,0x0e38007,0x0000000,0x0e38007,0x0000000,0x0e38007,0x0000000,0x0e38007,
    0x0000000,0x0e38007,0x0000000,0x0e38007,0x0e00fc0,0x0e38fc7,0x0e00fc0,0x0e38fc7,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0e00fc0,0x0e00fc0,0x0e00fc0,0x0e00fc0,
    0x0000000,0x0000000,0x0000000,0x0000000,0x01c71c0,0x01c71c0,0x01c71c0,0x01c71c0,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0fc7fc0,0x0fc7fc0,0x0fc7fc0,0x0fc7fc0,
    0x0000000,0x0e38007,0x01f8038,0x0ff803f,0x0000000,0x0e38007,0x01f8038,0x0ff803f,
    0x0000000,0x0e38007,0x01f8038,0x0ff803f,0x0e00fc0,0x0e38fc7,0x0ff8ff8,0x0ff8fff,
    0x0000000,0x0e38007,0x01f8038,0x0ff803f,0x01c71c0,0x0fff1c7,0x01ff1f8,0x0fff1ff,
    0x0000000,0x0e38007,0x01f8038,0x0ff803f,0x0fc7fc0,0x0ffffc7,0x0fffff8,0x0ffffff,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x7000e38,0x7000e38,0x0000000,0x0000000,0x7000e38,0x7000e38,
    0x0000000,0x7007007,0x0000000,0x7007007,0x0000000,0x7007007,0x0000000,0x7007007,
    0x0000000,0x7007007,0x7000e38,0x7007e3f,0x0000000,0x7007007,0x7000e38,0x7007e3f,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x7000e38,0x7000e38,0x0000000,0x0000000,0x7000e38,0x7000e38,
    0x0000000,0x7007007,0x0000000,0x7007007,0x0000000,0x7007007,0x0000000,0x7007007,
    0x0000000,0x7007007,0x7000e38,0x7007e3f,0x0000000,0x7007007,0x7000e38,0x7007e3f,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x7000e38,0x7000e38,0x0000000,0x0000000,0x7000e38,0x7000e38,
    0x0000000,0x7007007,0x0000000,0x7007007,0x01c71c0,0x71c71c7,0x01c71c0,0x71c71c7,
    0x0000000,0x7007007,0x7000e38,0x7007e3f,0x01c71c0,0x71c71c7,0x71c7ff8,0x71c7fff,
    0x0000000,0x0000000,0x01f8038,0x01f8038,0x0000000,0x0000000,0x01f8038,0x01f8038,
    0x0000000,0x0000000,0x71f8e38,0x71f8e38,0x0000000,0x0000000,0x71f8e38,0x71f8e38,
    0x0000000,0x7007007,0x01f8038,0x71ff03f,0x01c71c0,0x71c71c7,0x01ff1f8,0x71ff1ff,
    0x0000000,0x7007007,0x71f8e38,0x71ffe3f,0x01c71c0,0x71c71c7,0x71ffff8,0x71fffff,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x7000e38,0x7000e38,0x0e00fc0,0x0e00fc0,0x7e00ff8,0x7e00ff8,
    0x0000000,0x7007007,0x0000000,0x7007007,0x0000000,0x7007007,0x0000000,0x7007007,
    0x0000000,0x7007007,0x7000e38,0x7007e3f,0x0e00fc0,0x7e07fc7,0x7e00ff8,0x7e07fff,
    0x0000000,0x0e38007,0x0000000,0x0e38007,0x0000000,0x0e38007,0x0000000,0x0e38007,
    0x0000000,0x0e38007,0x7000e38,0x7e38e3f,0x0e00fc0,0x0e38fc7,0x7e00ff8,0x7e38fff,
    0x0000000,0x7e3f007,0x0000000,0x7e3f007,0x0000000,0x7e3f007,0x0000000,0x7e3f007,
    0x0000000,0x7e3f007,0x7000e38,0x7e3fe3f,0x0e00fc0,0x7e3ffc7,0x7e00ff8,0x7e3ffff,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x7000e38,0x7000e38,0x0e00fc0,0x0e00fc0,0x7e00ff8,0x7e00ff8,
    0x0000000,0x7007007,0x0000000,0x7007007,0x01c71c0,0x71c71c7,0x01c71c0,0x71c71c7,
    0x0000000,0x7007007,0x7000e38,0x7007e3f,0x0fc7fc0,0x7fc7fc7,0x7fc7ff8,0x7fc7fff,
    0x0000000,0x0e38007,0x01f8038,0x0ff803f,0x0000000,0x0e38007,0x01f8038,0x0ff803f,
    0x0000000,0x0e38007,0x71f8e38,0x7ff8e3f,0x0e00fc0,0x0e38fc7,0x7ff8ff8,0x7ff8fff,
    0x0000000,0x7e3f007,0x01f8038,0x7fff03f,0x01c71c0,0x7fff1c7,0x01ff1f8,0x7fff1ff,
    0x0000000,0x7e3f007,0x71f8e38,0x7fffe3f,0x0fc7fc0,0x7ffffc7,0x7fffff8,0x7ffffff,
};

/* e9_stack_allowed[m]: m is a 3x3 0/1 matrix (bit r*3+c); the result marks
 * the entries that lie on some perfect matching of rows to columns (a
 * permutation matrix inside m), spread out as bit r*9+c; 0 if none exists. */
static const uint32_t e9_stack_allowed[512] = {
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0040404,0x0040404,0x0040404,0x0040404,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0040404,0x0040404,0x0040404,0x0040404,
    0x0000000,0x0000000,0x0040802,0x0040802,0x0000000,0x0000000,0x0040802,0x0040802,
    0x0000000,0x0000000,0x0040802,0x0040802,0x0000000,0x0000000,0x0040802,0x0040802,
    0x0000000,0x0000000,0x0040802,0x0040802,0x0040404,0x0040404,0x0040c06,0x0040c06,
    0x0000000,0x0000000,0x0040802,0x0040802,0x0040404,0x0040404,0x0040c06,0x0040c06,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0080204,0x0080204,0x0080204,0x0080204,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0080204,0x0080204,0x0080204,0x0080204,
    0x0000000,0x0080801,0x0000000,0x0080801,0x0000000,0x0080801,0x0000000,0x0080801,
    0x0000000,0x0080801,0x0000000,0x0080801,0x0080204,0x0080a05,0x0080204,0x0080a05,
    0x0000000,0x0080801,0x0000000,0x0080801,0x0000000,0x0080801,0x0000000,0x0080801,
    0x0000000,0x0080801,0x0000000,0x0080801,0x0080204,0x0080a05,0x0080204,0x0080a05,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0080204,0x0080204,0x0080204,0x0080204,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0040404,0x0040404,0x0040404,0x0040404,
    0x0000000,0x0000000,0x0000000,0x0000000,0x00c0604,0x00c0604,0x00c0604,0x00c0604,
    0x0000000,0x0080801,0x0040802,0x00c0803,0x0000000,0x0080801,0x0040802,0x00c0803,
    0x0000000,0x0080801,0x0040802,0x00c0803,0x0080204,0x0080a05,0x00c0a06,0x00c0a07,
    0x0000000,0x0080801,0x0040802,0x00c0803,0x0040404,0x00c0c05,0x0040c06,0x00c0c07,
    0x0000000,0x0080801,0x0040802,0x00c0803,0x00c0604,0x00c0e05,0x00c0e06,0x00c0e07,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0100202,0x0100202,0x0000000,0x0000000,0x0100202,0x0100202,
    0x0000000,0x0100401,0x0000000,0x0100401,0x0000000,0x0100401,0x0000000,0x0100401,
    0x0000000,0x0100401,0x0100202,0x0100603,0x0000000,0x0100401,0x0100202,0x0100603,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0100202,0x0100202,0x0000000,0x0000000,0x0100202,0x0100202,
    0x0000000,0x0100401,0x0000000,0x0100401,0x0000000,0x0100401,0x0000000,0x0100401,
    0x0000000,0x0100401,0x0100202,0x0100603,0x0000000,0x0100401,0x0100202,0x0100603,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0100202,0x0100202,0x0000000,0x0000000,0x0100202,0x0100202,
    0x0000000,0x0100401,0x0000000,0x0100401,0x0040404,0x0140405,0x0040404,0x0140405,
    0x0000000,0x0100401,0x0100202,0x0100603,0x0040404,0x0140405,0x0140606,0x0140607,
    0x0000000,0x0000000,0x0040802,0x0040802,0x0000000,0x0000000,0x0040802,0x0040802,
    0x0000000,0x0000000,0x0140a02,0x0140a02,0x0000000,0x0000000,0x0140a02,0x0140a02,
    0x0000000,0x0100401,0x0040802,0x0140c03,0x0040404,0x0140405,0x0040c06,0x0140c07,
    0x0000000,0x0100401,0x0140a02,0x0140e03,0x0040404,0x0140405,0x0140e06,0x0140e07,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0100202,0x0100202,0x0080204,0x0080204,0x0180206,0x0180206,
    0x0000000,0x0100401,0x0000000,0x0100401,0x0000000,0x0100401,0x0000000,0x0100401,
    0x0000000,0x0100401,0x0100202,0x0100603,0x0080204,0x0180605,0x0180206,0x0180607,
    0x0000000,0x0080801,0x0000000,0x0080801,0x0000000,0x0080801,0x0000000,0x0080801,
    0x0000000,0x0080801,0x0100202,0x0180a03,0x0080204,0x0080a05,0x0180206,0x0180a07,
    0x0000000,0x0180c01,0x0000000,0x0180c01,0x0000000,0x0180c01,0x0000000,0x0180c01,
    0x0000000,0x0180c01,0x0100202,0x0180e03,0x0080204,0x0180e05,0x0180206,0x0180e07,
    0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,0x0000000,
    0x0000000,0x0000000,0x0100202,0x0100202,0x0080204,0x0080204,0x0180206,0x0180206,
    0x0000000,0x0100401,0x0000000,0x0100401,0x0040404,0x0140405,0x0040404,0x0140405,
    0x0000000,0x0100401,0x0100202,0x0100603,0x00c0604,0x01c0605,0x01c0606,0x01c0607,
    0x0000000,0x0080801,0x0040802,0x00c0803,0x0000000,0x0080801,0x0040802,0x00c0803,
    0x0000000,0x0080801,0x0140a02,0x01c0a03,0x0080204,0x0080a05,0x01c0a06,0x01c0a07,
    0x0000000,0x0180c01,0x0040802,0x01c0c03,0x0040404,0x01c0c05,0x0040c06,0x01c0c07,
    0x0000000,0x0180c01,0x0140a02,0x01c0e03,0x00c0604,0x01c0e05,0x01c0e06,0x01c0e07,
};

/* For each bit of a band: the other cells of its row and box inside the
 * band (a placed digit erases itself from these). */
static const uint32_t e9_band_peers[27] = {
#define E9_PEERS(i) ((((0x1ffu << ((i) / 9 * 9)) | (0x1c0e07u << ((i) % 9 / 3 * 3))) & ~(1u << (i))))
    E9_PEERS(0),  E9_PEERS(1),  E9_PEERS(2),  E9_PEERS(3),  E9_PEERS(4),  E9_PEERS(5),
    E9_PEERS(6),  E9_PEERS(7),  E9_PEERS(8),  E9_PEERS(9),  E9_PEERS(10), E9_PEERS(11),
    E9_PEERS(12), E9_PEERS(13), E9_PEERS(14), E9_PEERS(15), E9_PEERS(16), E9_PEERS(17),
    E9_PEERS(18), E9_PEERS(19), E9_PEERS(20), E9_PEERS(21), E9_PEERS(22), E9_PEERS(23),
    E9_PEERS(24), E9_PEERS(25), E9_PEERS(26),
#undef E9_PEERS
};

/* The search state.  cand[digit * 3 + band] is the 27-bit mask of cells of
 * the band where the digit is possible (placed digits included).  seen[k]
 * is cand[k] as it was when the band rule last ran on it, so the rule only
 * runs on masks that changed.  unsolved[band] marks cells not yet placed. */
typedef struct e9_state {
    uint32_t cand[27];
    uint32_t seen[27];
    uint32_t unsolved[3];
} e9_state;

/* What one count needs besides the state: the limit and the results. */
typedef struct e9_search {
    uint64_t limit;      /* 0 = no limit */
    uint64_t count;
    uint64_t nodes, guesses;
    uint8_t *solution;   /* NULL, or where the first solution goes */
} e9_search;

/* The columns touched by the cells of a band mask, repeated in all three rows. */
static inline uint32_t e9_column_spread(uint32_t cells)
{
    uint32_t cols = (cells | (cells >> 9) | (cells >> 18)) & 0x1ffu;
    return cols * 0x40201u;    /* copies to bits 0, 9 and 18 */
}

/* The segments of mask m that are still possible under the band rule. */
static inline uint32_t e9_band_rule(uint32_t m)
{
    unsigned segments = e9_row_triads[m & 0x1ffu]
                      | (unsigned)e9_row_triads[(m >> 9) & 0x1ffu] << 3
                      | (unsigned)e9_row_triads[m >> 18] << 6;
    return m & e9_band_allowed[segments];
}

/* The rows of mask m holding exactly one bit (those bits). */
static inline uint32_t e9_single_rows(uint32_t m)
{
    uint32_t r0 = m & 0x1ffu, r1 = m & (0x1ffu << 9), r2 = m & (0x1ffu << 18);
    uint32_t s = 0;
    if (!(r0 & (r0 - 1))) s |= r0;
    if (!(r1 & (r1 - 1))) s |= r1;
    if (!(r2 & (r2 - 1))) s |= r2;
    return s;
}

/* Places digit d on the cell `bit` of band b: erases the digit from the
 * cell's row, box and column, and the other digits from the cell.
 * Returns 0 if the digit was not possible there. */
static int e9_place(e9_state *s, int d, int b, uint32_t bit)
{
    int k = d * 3 + b;
    if (!(s->cand[k] & bit)) return 0;
    unsigned i = (unsigned)__builtin_ctz(bit);
    s->cand[k] &= ~e9_band_peers[i];
    uint32_t col = ~e9_column_spread(bit);
    for (int other = 0; other < 3; other++)
        if (other != b) s->cand[d * 3 + other] &= col;
    for (int dd = 0; dd < 9; dd++)
        if (dd != d) s->cand[dd * 3 + b] &= ~bit;
    s->unsolved[b] &= ~bit;
    return 1;
}

/* The stack rule, the band rule turned sideways: inside a stack (three
 * columns) a digit sits once in each column and once in each box, so the
 * bands map one-to-one onto the stack's columns.  masks[0..2] are one
 * digit's three band masks.  Returns 0 on a contradiction. */
static inline int e9_stack_rule(uint32_t *masks)
{
    /* columns[b] bit c: the digit may go in column c of band b.  Put side
     * by side they form a 27-bit "band x column" mask with the same layout
     * as a band, whose 3x3 blocks are the stacks. */
    uint32_t by_band = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t m = masks[b];
        by_band |= ((m | (m >> 9) | (m >> 18)) & 0x1ffu) << (9 * b);
    }
    uint32_t keep = 0;
    for (int stack = 0; stack < 3; stack++) {
        uint32_t block = (by_band >> (3 * stack)) & 0x1c0e07u;
        unsigned small = (block & 7u) | ((block >> 6) & 0x38u) | ((block >> 12) & 0x1c0u);
        uint32_t ok = e9_stack_allowed[small];
        if (!ok) return 0;
        keep |= ok << (3 * stack);
    }
    for (int b = 0; b < 3; b++)
        masks[b] &= ((keep >> (9 * b)) & 0x1ffu) * 0x40201u;
    return 1;
}

/* Runs the stack and band rules on every digit whose masks changed, and
 * handles the new placements they find, until no mask changes.  Returns 0
 * on a contradiction. */
static int e9_band_pass(e9_state *s)
{
    int changed;
    do {
        changed = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t *masks = &s->cand[d * 3];
            if (masks[0] == s->seen[d * 3] && masks[1] == s->seen[d * 3 + 1] &&
                masks[2] == s->seen[d * 3 + 2])
                continue;
            changed = 1;
            if (!e9_stack_rule(masks)) return 0;
            for (int b = 0; b < 3; b++) {
                int k = d * 3 + b;
                uint32_t before = s->cand[k];
                uint32_t m = e9_band_rule(before);
                if (!m) return 0;
                /* If the band rule erased something, the stack rule may
                 * find more: leave the mask marked as changed. */
                s->cand[k] = m;
                s->seen[k] = before;
                uint32_t placed = e9_single_rows(m) & s->unsolved[b];
                if (!placed) continue;
                s->unsolved[b] &= ~placed;
                /* The band rule already cleared row and box; clear the column
                 * in the other bands and the cells from the other digits. */
                uint32_t col = ~e9_column_spread(placed);
                for (int other = 0; other < 3; other++)
                    if (other != b) s->cand[d * 3 + other] &= col;
                for (int dd = 0; dd < 9; dd++)
                    if (dd != d) s->cand[dd * 3 + b] &= ~placed;
            }
        }
    } while (changed);
    return 1;
}

/* Full propagation: band rule, then naked singles, until a fixpoint.
 * Returns 0 on a contradiction. */
static int e9_propagate(e9_state *s)
{
    for (;;) {
        if (!e9_band_pass(s)) return 0;
        int placed_any = 0;
        for (int b = 0; b < 3; b++) {
            if (!s->unsolved[b]) continue;
            uint32_t one = 0, two = 0;
            for (int d = 0; d < 9; d++) {
                uint32_t m = s->cand[d * 3 + b];
                two |= one & m;
                one |= m;
            }
            if (s->unsolved[b] & ~one) return 0;          /* a cell with no digit */
            uint32_t singles = s->unsolved[b] & ~two;
            while (singles) {
                uint32_t bit = singles & -singles;
                singles ^= bit;
                int d = 0;
                while (d < 9 && !(s->cand[d * 3 + b] & bit)) d++;
                if (d == 9 || !e9_place(s, d, b, bit)) return 0;
                placed_any = 1;
            }
        }
        if (!placed_any) return 1;
    }
}

/* Writes the digits of a solved state to out[81]. */
static void e9_write_solution(const e9_state *s, uint8_t *out)
{
    for (int k = 0; k < 27; k++) {
        int d = k / 3, b = k - d * 3;
        uint32_t m = s->cand[k];
        while (m) {
            int i = __builtin_ctz(m);
            m &= m - 1;
            out[b * 27 + i] = (uint8_t)(d + 1);
        }
    }
}

/* Picks the cell to branch on: a cell with two candidates that sees the
 * most unsolved cells (in its row, column and box), so both branches
 * propagate far; if no cell has two, one with the fewest.  Choosing the
 * busiest pair cell rather than the first one halves the guesses on hard
 * sets.  Sets *band and returns the cell's bit. */
static uint32_t e9_choose_cell(const e9_state *s, int *band)
{
    uint32_t best_pair = 0, best_bit = 0;
    int best_pair_score = -1, best_count = 10, pair_band = 0, best_band = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t u = s->unsolved[b];
        if (!u) continue;
        uint32_t one = 0, two = 0, three = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t m = s->cand[d * 3 + b];
            three |= two & m;
            two |= one & m;
            one |= m;
        }
        uint32_t pairs = u & two & ~three;
        for (; pairs; pairs &= pairs - 1) {
            int i = __builtin_ctz(pairs);
            uint32_t row = 0x1ffu << (i / 9 * 9), box = 0x1c0e07u << (i % 9 / 3 * 3);
            uint32_t column = 0x40201u << (i % 9);
            int score = __builtin_popcount(u & (row | box))
                      + __builtin_popcount(s->unsolved[0] & column)
                      + __builtin_popcount(s->unsolved[1] & column)
                      + __builtin_popcount(s->unsolved[2] & column);
            if (score > best_pair_score) {
                best_pair_score = score;
                best_pair = 1u << i;
                pair_band = b;
            }
        }
        if (best_pair) continue;
        /* No pair yet: remember the cell with the fewest digits. */
        while (u) {
            uint32_t bit = u & -u;
            u ^= bit;
            int n = 0;
            for (int d = 0; d < 9; d++) n += (s->cand[d * 3 + b] & bit) != 0;
            if (n < best_count) {
                best_count = n;
                best_bit = bit;
                best_band = b;
            }
        }
    }
    if (best_pair) {
        *band = pair_band;
        return best_pair;
    }
    *band = best_band;
    return best_bit;
}

/* Counts the solutions below state s (which it may modify). */
static void e9_search_from(e9_state *s, e9_search *ctx)
{
    ctx->nodes++;
    if (!e9_propagate(s)) return;
    if (!(s->unsolved[0] | s->unsolved[1] | s->unsolved[2])) {
        if (ctx->count == 0 && ctx->solution) e9_write_solution(s, ctx->solution);
        ctx->count++;
        return;
    }
    int b = 0;
    uint32_t bit = e9_choose_cell(s, &b);
    int digits[9], n = 0;
    for (int d = 0; d < 9; d++)
        if (s->cand[d * 3 + b] & bit) digits[n++] = d;
    /* Try each digit but the last on a copy; the last one is what remains
     * once the others are ruled out, so it reuses s and is not a guess. */
    for (int j = 0; j < n - 1; j++) {
        e9_state copy = *s;
        ctx->guesses++;
        if (e9_place(&copy, digits[j], b, bit)) e9_search_from(&copy, ctx);
        if (ctx->limit && ctx->count >= ctx->limit) return;
        s->cand[digits[j] * 3 + b] &= ~bit;
    }
    e9_search_from(s, ctx);
}

uint64_t sdk_exact9_count(const uint8_t puzzle[81], uint64_t limit, uint8_t solution[81],
                          sdk_stats *st)
{
    e9_state s;
    for (int k = 0; k < 27; k++) {
        s.cand[k] = E9_BAND_ALL;
        s.seen[k] = 0;        /* every mask counts as changed */
    }
    s.unsolved[0] = s.unsolved[1] = s.unsolved[2] = E9_BAND_ALL;

    for (int c = 0; c < 81; c++)
        if (puzzle[c] > 9) return UINT64_MAX;   /* not a 9x9 digit: the kernel does not apply */

    e9_search ctx = { limit, 0, 0, 0, solution };
    int consistent = 1;
    for (int c = 0; c < 81 && consistent; c++) {
        if (!puzzle[c]) continue;
        int b = c / 27;
        /* fails if an earlier given already ruled this digit out here */
        consistent = e9_place(&s, puzzle[c] - 1, b, 1u << (c - b * 27));
    }
    if (consistent) e9_search_from(&s, &ctx);
    if (st) {
        st->nodes += ctx.nodes;
        st->guesses += ctx.guesses;
    }
    return ctx.count;
}
