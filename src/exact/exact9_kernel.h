/*
 * exact9_kernel.h -- what the 9x9 kernel's search (exact9.c) and its two
 * propagation kernels share: the state, and the four kernel entry points.
 * exact9_avx2.c implements them with AVX2 (all nine digits at once, no
 * tables), exact9_portable.c in plain C (tables, per changed digit); a build
 * compiles the one its instruction set allows (make PORTABLE=1: portable),
 * and both give the same results, node for node.  Internal to src/.
 */
#ifndef EXACT9_KERNEL_H
#define EXACT9_KERNEL_H

#include <stdint.h>

#include "sudoku.h"
#include "exact9_tables.h"

#if defined(__AVX2__)
#define E9_SIMD 1
#include <immintrin.h>
#endif

/* Mask of the 27 cells of a band; bit (row_in_band * 9 + column). */
#define E9_BAND_ALL 0x7ffffffu

/* The search state.  cand[E9_K(digit, band)] is the 27-bit mask of cells
 * of the band where the digit is possible (placed digits included); each
 * digit has four slots, the fourth always 0, so that with AVX2 one 128-bit
 * half of a register holds one digit's three bands (see e9_simd_pass).
 * seen[k] is cand[k] as it was when the band rule last ran on it, so the
 * plain-C pass only runs the rule on masks that changed.  unsolved[band]
 * marks cells not yet placed.  dirty (bit d) marks the digits whose masks
 * changed outside e9_propagate since it last ran (all after e9_start); the
 * AVX2 kernel runs its per-digit rules only where something changed. */
#define E9_K(d, b) ((d) * 4 + (b))
typedef struct e9_state {
    _Alignas(32) uint32_t cand[40];     /* digits 0-8, and a tenth always 0 */
#ifdef E9_SIMD
    _Alignas(16) uint32_t lines_done[8];    /* the line rules' assertions so far, see e9_simd_line_rules */
    _Alignas(32) uint32_t terms[40];        /* the configuration terms, see e9_simd_choose */
#endif
#ifndef E9_SIMD
    uint32_t seen[36];
#endif
    uint32_t unsolved[3];
    uint32_t dirty;
#ifndef E9_SIMD
    uint32_t line_sig[3];   /* sum of a band's masks when the line rules last ran on it */
#endif
} e9_state;

/* *dst = *src.  gcc calls memcpy for a struct this size (~65
 * instructions a copy, 2% of all on serg's easy puzzles); with AVX2 it is
 * twelve loads and stores. */
static inline void e9_copy(e9_state *dst, const e9_state *src)
{
#ifdef E9_SIMD
#pragma GCC unroll 16
    for (size_t i = 0; i < sizeof *src / 32; i++)
        _mm256_store_si256((__m256i *)dst + i, _mm256_load_si256((const __m256i *)src + i));
#else
    *dst = *src;
#endif
}

/* Where to branch (tdoku's choice): the band (kind 0) or stack (kind 1)
 * `where` with the fewest configurations summed over the digits (more than
 * nine: not yet fixed), and in it the digit with the fewest (at least two),
 * the first of the fewest each time.  A digit's configuration (tdoku's
 * word) is the permutation row -> box (band) or band -> column (stack) it
 * takes there.  digit is -1 if every band and stack is fixed. */
typedef struct e9_branch {
    int digit, kind, where;
} e9_branch;

/* The start state of puzzle: 1 if its givens agree, 0 if two clash,
 * -1 if a cell holds no 9x9 digit. */
int e9_start(const uint8_t puzzle[81], e9_state *out);

/* masks[E9_K(d, b)] = the cells of band b holding digit d + 1 (the other
 * words of masks[40] 0); -1 if a cell holds more than 9. */
int e9_digit_masks(const uint8_t puzzle[81], uint32_t *masks);

/* Full propagation: the band and stack rules, placements and naked singles
 * to their fixpoint, then the line rules (unless use_lines is 0), until
 * nothing changes.  Returns 0 on a contradiction; else, if the state is
 * not solved, *br is where to branch. */
int e9_propagate(e9_state *s, int use_lines, e9_branch *br);

/* Writes the digits of a solved state to out[81]. */
void e9_write_solution(const e9_state *s, uint8_t out[81]);

/* The segment set of a band mask: bit row*3+box if that mini-row is non-empty. */
static inline unsigned e9_segments(uint32_t m)
{
    return e9_row_triads[m & 0x1ffu] | (unsigned)e9_row_triads[(m >> 9) & 0x1ffu] << 3
         | (unsigned)e9_row_triads[m >> 18] << 6;
}

/* The band x column matrix of digit d in stack st: bit band*3+column set
 * if the digit may use that column of the stack in that band. */
static inline unsigned e9_stack_pattern(const e9_state *s, int d, int st)
{
    unsigned small = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t m = s->cand[E9_K(d, b)];
        small |= (((m | (m >> 9) | (m >> 18)) >> (3 * st)) & 7u) << (3 * b);
    }
    return small;
}

#endif
