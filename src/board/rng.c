/*
 * rng.c -- our Mersenne Twister (MT19937, Matsumoto & Nishimura 1998) and the
 * few distributions the methods need.  Every random choice in the program
 * comes from here, seeded from one --seed, so a run can be repeated bit for bit.
 * The chains' bounded draw (rng_below_fast) is inline in rng.h.
 */
#include "sudoku.h"

void sdk_rng_seed(sdk_rng *r, uint32_t seed)
{
    r->mt[0] = seed;
    for (int i = 1; i < 624; i++)
        r->mt[i] = 1812433253u * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + (uint32_t)i;
    r->index = 624;
}

/* One word of the MT19937 recurrence: the top bit of `word`, the low bits
 * of `next`, mixed into the word 397 places on (branch-free, so that the
 * loops below vectorise). */
static inline uint32_t rng_next_word(uint32_t word, uint32_t next, uint32_t far)
{
    uint32_t y = (word & 0x80000000u) | (next & 0x7fffffffu);
    return far ^ (y >> 1) ^ ((0u - (y & 1u)) & 0x9908b0dfu);
}

static inline uint32_t rng_temper(uint32_t y)
{
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

void sdk_rng_twist(sdk_rng *r)
{
    /* Spans instead of "% 624" on every word: the same recurrence.  Each
     * span reads only words it has not yet written or wrote 227 or more
     * words back, and the long spans are whole multiples of eight words, so
     * compilers run them eight words at a time; then the whole block is
     * tempered at once, so that a draw is one load. */
    uint32_t *mt = r->mt;
    int i = 0;
    for (; i < 224; i++)                    /* 28 x 8 */
        mt[i] = rng_next_word(mt[i], mt[i + 1], mt[i + 397]);
    for (; i < 624 - 397; i++)
        mt[i] = rng_next_word(mt[i], mt[i + 1], mt[i + 397]);
    for (; i < 619; i++)                    /* 49 x 8 */
        mt[i] = rng_next_word(mt[i], mt[i + 1], mt[i + 397 - 624]);
    for (; i < 623; i++)
        mt[i] = rng_next_word(mt[i], mt[i + 1], mt[i + 397 - 624]);
    mt[623] = rng_next_word(mt[623], mt[0], mt[396]);
    for (int i = 0; i < 624; i++)
        r->out[i] = rng_temper(mt[i]);
    r->index = 0;
}

/* sdk_rng_u32 (the tempering) is inline in sudoku.h. */

uint32_t sdk_rng_below(sdk_rng *r, uint32_t bound)
{
    /* Reject the top partial range so every value is equally likely. */
    uint32_t limit = UINT32_MAX - UINT32_MAX % bound;
    uint32_t x;
    do
        x = sdk_rng_u32(r);
    while (x >= limit);
    return x % bound;
}

double sdk_rng_double(sdk_rng *r)
{
    uint32_t a = sdk_rng_u32(r) >> 5, b = sdk_rng_u32(r) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

uint32_t sdk_rng_derive(uint64_t run_seed, uint64_t index)
{
    /* splitmix64 finaliser over (seed, index): nearby indices give unrelated seeds. */
    uint64_t z = run_seed * 0x9e3779b97f4a7c15ull + (index + 1) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return (uint32_t)(z ^ (z >> 32));
}

uint32_t sdk_rng_seed32(uint64_t run_seed)
{
    return run_seed <= UINT32_MAX ? (uint32_t)run_seed : sdk_rng_derive(run_seed, 0);
}

uint32_t sdk_rng_derive_cells(uint64_t run_seed, const uint8_t *cells, int ncells)
{
    uint64_t hash = 14695981039346656037ull;      /* FNV-1a over the cells */
    for (int c = 0; c < ncells; c++)
        hash = (hash ^ cells[c]) * 1099511628211ull;
    return sdk_rng_derive(run_seed, hash);
}

void sdk_rng_shuffle_u8(sdk_rng *r, uint8_t *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sdk_rng_below(r, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
