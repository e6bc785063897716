/*
 * rng.h -- the internal half of the rng module (rng.c; the public half is
 * in sudoku.h): the bounded draw the chains' hot loops inline, and the
 * forced-inlining macro those loops share.  Internal names: rng_, HOT_INLINE.
 */
#ifndef SUDOKU_RNG_H
#define SUDOKU_RNG_H

#include "sudoku.h"

/* The per-proposal functions (this draw, the ΔE and commits of energy.h,
 * the proposals of boxmoves.h) must inline into the chains' loops: a call
 * per proposal costs as much as the work itself, and with several call
 * sites the compilers' heuristics stop inlining them. */
#if defined(__GNUC__) || defined(__clang__)
#define HOT_INLINE static inline __attribute__((always_inline))
#else
#define HOT_INLINE static inline
#endif

/* A uniform integer in [0, bound), bound >= 1, from sdk_rng_u32: the same
 * distribution as sdk_rng_below (exact, by rejection) but by Lemire's
 * multiply-and-shift, without the two divisions that dominated a proposal. */
HOT_INLINE uint32_t rng_below_fast(sdk_rng *r, uint32_t bound)
{
    uint64_t m = (uint64_t)sdk_rng_u32(r) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (0u - bound) % bound;  /* 2^32 mod bound: the biased tail */
        while (low < threshold) {
            m = (uint64_t)sdk_rng_u32(r) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

#endif
