/*
 * rate.c -- the search-tree difficulty of Watanabe (arXiv:1303.1886, our
 * source 004): depth, normal width and average width, for any board size.
 *
 * The ratings are defined by one particular search, so this file has its own
 * small solver instead of reusing exact.c (whose hidden singles would change
 * every figure): "pencil marks" = naked singles only, applied by scanning the
 * cells in row-major order and repeating until a pass places nothing, then
 * branching on a cell with the fewest candidates.  The reference values in
 * puzzles/named-hard.txt (Inkala2012: depth 8, normal width 3599) are the test.
 *
 * A search node is the cells' values plus their candidate masks; each level
 * of the recursion owns one node, so a child is "copy the node one level
 * down, place one digit, propagate".
 *
 * Propagation runs from a worklist (the cells just left with one candidate)
 * instead of repeated row-major passes: naked singles are unit propagation,
 * which reaches the same fixpoint, or a contradiction, in any order, so the
 * trees and every figure are the definition's -- only much cheaper (the
 * passes rescanned all cells for each few placements).
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "sudoku.h"

typedef struct rate_search {
    const sdk_board *b;
    int ncells;
    uint32_t full;              /* all n digits */
    uint8_t *val;               /* levels x ncells, 0 = empty */
    uint32_t *cand;             /* levels x ncells candidate masks (meaningful for empty cells) */
    uint16_t *queue;            /* ncells: empty cells left with one candidate, to place */
    int queued;
    sdk_rng *tiebreak;          /* NULL: top-left */
    const sdk_budget *budget;
    uint64_t nodes, solutions;
    int stopped;
} rate_search;

static int rate_search_init(rate_search *s, const sdk_board *b, int levels)
{
    memset(s, 0, sizeof *s);
    s->b = b;
    s->ncells = b->ncells;
    s->full = b->n >= 32 ? 0xffffffffu : (1u << b->n) - 1;
    s->val = malloc((size_t)b->ncells * (size_t)levels);
    s->cand = malloc(sizeof(uint32_t) * (size_t)b->ncells * (size_t)levels);
    s->queue = malloc(sizeof(uint16_t) * (size_t)b->ncells);
    if (!s->val || !s->cand || !s->queue) {
        free(s->val);
        free(s->cand);
        free(s->queue);
        return 0;
    }
    return 1;
}

static void rate_search_free(rate_search *s)
{
    free(s->val);
    free(s->cand);
    free(s->queue);
}

/* Places v in empty cell c and strikes v from the candidates of its empty
 * peers; a peer left with one candidate is queued.  Returns 0 if a peer is
 * left with none (a contradiction), else 1. */
static int node_place(rate_search *s, uint8_t *val, uint32_t *cand, int c, int v)
{
    const sdk_board *b = s->b;
    uint32_t bit = 1u << (v - 1);
    val[c] = (uint8_t)v;
    for (int k = b->peer_start[c]; k < b->peer_start[c + 1]; k++) {
        int p = b->peers[k];
        if (val[p] || !(cand[p] & bit))
            continue;
        uint32_t m = cand[p] &= ~bit;
        if (!m)
            return 0;
        if (!(m & (m - 1)))
            s->queue[s->queued++] = (uint16_t)p;
    }
    return 1;
}

/* Fills a node's masks from its values: each empty cell may hold any digit
 * no peer holds.  Cells left with one candidate are queued.  Returns the
 * number of empty cells, or -1 if one has no candidate. */
static int node_build(rate_search *s, uint8_t *val, uint32_t *cand)
{
    const sdk_board *b = s->b;
    int empty = 0, dead = 0;
    s->queued = 0;
    for (int c = 0; c < s->ncells; c++) {
        if (val[c]) {
            cand[c] = 0;
            continue;
        }
        uint32_t used = 0;
        for (int k = b->peer_start[c]; k < b->peer_start[c + 1]; k++) {
            int v = val[b->peers[k]];
            if (v)
                used |= 1u << (v - 1);
        }
        uint32_t m = cand[c] = s->full & ~used;
        dead |= !m;
        if (m && !(m & (m - 1)))
            s->queue[s->queued++] = (uint16_t)c;
        empty++;
    }
    return dead ? -1 : empty;
}

/* Pencil marks: places the queued naked singles, and those they make, until
 * none is left.  Returns the number of empty cells left, or -1 on a
 * contradiction (a cell with no candidate). */
static int node_propagate(rate_search *s, uint8_t *val, uint32_t *cand, int empty)
{
    if (empty < 0) {
        s->queued = 0;
        return -1;
    }
    while (s->queued > 0) {
        int c = s->queue[--s->queued];
        if (!node_place(s, val, cand, c, __builtin_ctz(cand[c]) + 1)) {
            s->queued = 0;
            return -1;
        }
        empty--;
    }
    return empty;
}

/* The fewest candidates over the empty cells (0 = a contradiction), and how
 * many cells have that many. */
static int node_fewest(const rate_search *s, const uint8_t *val, const uint32_t *cand, int *ties,
                       int *first)
{
    int best = 99, count = 0, where = -1;
    for (int c = 0; c < s->ncells; c++) {
        if (val[c])
            continue;
        int k = __builtin_popcount(cand[c]);
        if (k < best) {
            best = k;
            count = 1;
            where = c;
            if (k == 0)
                break;
        } else if (k == best) {
            count++;
        }
    }
    *ties = count;
    *first = where;
    return best;
}

/* The index-th cell (0-based, row-major) among those with `fewest` candidates. */
static int node_tied_cell(const rate_search *s, const uint8_t *val, const uint32_t *cand, int fewest,
                          int index)
{
    for (int c = 0; c < s->ncells; c++)
        if (!val[c] && __builtin_popcount(cand[c]) == fewest && index-- == 0)
            return c;
    return -1;
}

static uint64_t width_node(rate_search *s, int level, int empty)
{
    int nc = s->ncells;
    uint8_t *val = s->val + (size_t)level * nc;
    uint32_t *cand = s->cand + (size_t)level * nc;
    s->nodes++;
    if ((s->nodes & 1023) == 0 && sdk_budget_expired(s->budget))
        s->stopped = 1;
    if (s->stopped)
        return 1;
    empty = node_propagate(s, val, cand, empty);
    if (empty < 0)
        return 1;
    if (empty == 0) {
        s->solutions++;
        return 1;
    }
    int ties, cell;
    int fewest = node_fewest(s, val, cand, &ties, &cell);
    if (s->tiebreak && ties > 1)
        cell = node_tied_cell(s, val, cand, fewest, (int)sdk_rng_below(s->tiebreak, (uint32_t)ties));
    uint64_t width = 1;
    for (uint32_t choices = cand[cell]; choices; choices &= choices - 1) {
        memcpy(val + nc, val, (size_t)nc);
        memcpy(cand + nc, cand, sizeof(uint32_t) * (size_t)nc);
        s->queued = 0;
        int alive = node_place(s, val + nc, cand + nc, cell, __builtin_ctz(choices) + 1);
        width += width_node(s, level + 1, alive ? empty - 1 : -1);
    }
    return width;
}

/* ---- the same tree walk on whole masks, for standard 9x9 boards ----------
 *
 * The width walks are the hot loop of `generate --hard`.  On 9x9 a node is
 * thirteen 81-bit masks (cell r * 9 + c is bit r * 9 + c): for each digit
 * the empty cells that may still take it, and every empty cell's candidate
 * count, bit-sliced over four masks (0 for filled cells).  The counts are kept
 * up to date as candidates go, so a strike finds at once the cells it left
 * with one candidate (the next singles) or none (a contradiction): after
 * the branching placement only the cells it touched can change, and the
 * walk never rescans the board.  At the fixpoint the cells with two
 * candidates (nearly always the fewest) are one mask expression.  Singles
 * of one digit are placed together, a contradiction if two of them see each
 * other; the order of placements does not matter (as above).  The branching
 * cell is the lowest bit of the cells with the fewest candidates, which is
 * the first in row-major order.  Same nodes, same order of children, same
 * tie-break draws as width_node (tests/unit_rate.c compares the two).
 *
 * With SSE4.1 (-march=native on any recent x86) a mask is one register,
 * and with AVX2 the digits left to a cell are read two masks at a time;
 * otherwise (make PORTABLE=1) a mask is two 64-bit words, same results.
 */
#if defined(__SSE4_1__)
#include <immintrin.h>
typedef __m128i cells81;

static inline cells81 c81_make(uint64_t lo, uint64_t hi)
{
    return _mm_set_epi64x((long long)hi, (long long)lo);
}
static inline cells81 c81_load(const uint64_t m[2]) { return _mm_load_si128((const __m128i *)m); }
static inline uint64_t c81_lo(cells81 a) { return (uint64_t)_mm_cvtsi128_si64(a); }
static inline uint64_t c81_hi(cells81 a) { return (uint64_t)_mm_extract_epi64(a, 1); }
static inline cells81 c81_and(cells81 a, cells81 b) { return _mm_and_si128(a, b); }
static inline cells81 c81_andnot(cells81 a, cells81 b) { return _mm_andnot_si128(b, a); }   /* a & ~b */
static inline cells81 c81_or(cells81 a, cells81 b) { return _mm_or_si128(a, b); }
static inline cells81 c81_xor(cells81 a, cells81 b) { return _mm_xor_si128(a, b); }
static inline int c81_none(cells81 a) { return _mm_testz_si128(a, a); }
static inline int c81_meet(cells81 a, cells81 b) { return !_mm_testz_si128(a, b); }
static inline int c81_within(cells81 a, cells81 b) { return _mm_testc_si128(b, a); }   /* a & ~b == 0 */
#else
typedef struct cells81 {
    uint64_t lo, hi;
} cells81;

static inline cells81 c81_make(uint64_t lo, uint64_t hi) { return (cells81){lo, hi}; }
static inline cells81 c81_load(const uint64_t m[2]) { return (cells81){m[0], m[1]}; }
static inline uint64_t c81_lo(cells81 a) { return a.lo; }
static inline uint64_t c81_hi(cells81 a) { return a.hi; }
static inline cells81 c81_and(cells81 a, cells81 b) { return (cells81){a.lo & b.lo, a.hi & b.hi}; }
static inline cells81 c81_andnot(cells81 a, cells81 b) { return (cells81){a.lo & ~b.lo, a.hi & ~b.hi}; }
static inline cells81 c81_or(cells81 a, cells81 b) { return (cells81){a.lo | b.lo, a.hi | b.hi}; }
static inline cells81 c81_xor(cells81 a, cells81 b) { return (cells81){a.lo ^ b.lo, a.hi ^ b.hi}; }
static inline int c81_none(cells81 a) { return !(a.lo | a.hi); }
static inline int c81_meet(cells81 a, cells81 b) { return ((a.lo & b.lo) | (a.hi & b.hi)) != 0; }
static inline int c81_within(cells81 a, cells81 b) { return ((a.lo & ~b.lo) | (a.hi & ~b.hi)) == 0; }
#endif

static inline cells81 c81_cell(int c)
{
    return c81_make(c < 64 ? 1ull << (c & 63) : 0, c < 64 ? 0 : 1ull << (c & 63));
}

static inline int c81_count(cells81 a)
{
    return __builtin_popcountll(c81_lo(a)) + __builtin_popcountll(c81_hi(a));
}

/* The 20 peers of each cell (same row, column or box; not the cell), as
 * {bits 0-63, bits 64-80}; generated by enumerating the board. */
static _Alignas(16) const uint64_t w9_peers[81][2] = {
    {0x80402010081c0ffeull, 0x00100ull}, {0x00804020101c0ffdull, 0x00201ull},
    {0x01008040201c0ffbull, 0x00402ull}, {0x0201008040e071f7ull, 0x00804ull},
    {0x0402010080e071efull, 0x01008ull}, {0x0804020100e071dfull, 0x02010ull},
    {0x10080402070381bfull, 0x04020ull}, {0x201008040703817full, 0x08040ull},
    {0x40201008070380ffull, 0x10080ull}, {0x80402010081ffc07ull, 0x00100ull},
    {0x00804020101ffa07ull, 0x00201ull}, {0x01008040201ff607ull, 0x00402ull},
    {0x0201008040e3ee38ull, 0x00804ull}, {0x0402010080e3de38ull, 0x01008ull},
    {0x0804020100e3be38ull, 0x02010ull}, {0x1008040207037fc0ull, 0x04020ull},
    {0x201008040702ffc0ull, 0x08040ull}, {0x402010080701ffc0ull, 0x10080ull},
    {0x804020100ff80e07ull, 0x00100ull}, {0x0080402017f40e07ull, 0x00201ull},
    {0x0100804027ec0e07ull, 0x00402ull}, {0x0201008047dc7038ull, 0x00804ull},
    {0x0402010087bc7038ull, 0x01008ull}, {0x08040201077c7038ull, 0x02010ull},
    {0x1008040206ff81c0ull, 0x04020ull}, {0x2010080405ff81c0ull, 0x08040ull},
    {0x4020100803ff81c0ull, 0x10080ull}, {0x8040e07ff0040201ull, 0x00100ull},
    {0x0080e07fe8080402ull, 0x00201ull}, {0x0100e07fd8100804ull, 0x00402ull},
    {0x0207038fb8201008ull, 0x00804ull}, {0x0407038f78402010ull, 0x01008ull},
    {0x0807038ef8804020ull, 0x02010ull}, {0x10381c0df9008040ull, 0x04020ull},
    {0x20381c0bfa010080ull, 0x08040ull}, {0x40381c07fc020100ull, 0x10080ull},
    {0x8040ffe038040201ull, 0x00100ull}, {0x0080ffd038080402ull, 0x00201ull},
    {0x0100ffb038100804ull, 0x00402ull}, {0x02071f71c0201008ull, 0x00804ull},
    {0x04071ef1c0402010ull, 0x01008ull}, {0x08071df1c0804020ull, 0x02010ull},
    {0x10381bfe01008040ull, 0x04020ull}, {0x203817fe02010080ull, 0x08040ull},
    {0x40380ffe04020100ull, 0x10080ull}, {0x807fc07038040201ull, 0x00100ull},
    {0x00bfa07038080402ull, 0x00201ull}, {0x013f607038100804ull, 0x00402ull},
    {0x023ee381c0201008ull, 0x00804ull}, {0x043de381c0402010ull, 0x01008ull},
    {0x083be381c0804020ull, 0x02010ull}, {0x1037fc0e01008040ull, 0x04020ull},
    {0x202ffc0e02010080ull, 0x08040ull}, {0x401ffc0e04020100ull, 0x10080ull},
    {0xff80201008040201ull, 0x00703ull}, {0xff40402010080402ull, 0x00703ull},
    {0xfec0804020100804ull, 0x00703ull}, {0x7dc1008040201008ull, 0x0381cull},
    {0x7bc2010080402010ull, 0x0381cull}, {0x77c4020100804020ull, 0x0381cull},
    {0x6fc8040201008040ull, 0x1c0e0ull}, {0x5fd0080402010080ull, 0x1c0e0ull},
    {0x3fe0100804020100ull, 0x1c0e0ull}, {0x01c0201008040201ull, 0x007ffull},
    {0x81c0402010080402ull, 0x007feull}, {0x81c0804020100804ull, 0x007fdull},
    {0x8e01008040201008ull, 0x038fbull}, {0x8e02010080402010ull, 0x038f7ull},
    {0x8e04020100804020ull, 0x038efull}, {0xf008040201008040ull, 0x1c0dfull},
    {0xf010080402010080ull, 0x1c0bfull}, {0xf020100804020100ull, 0x1c07full},
    {0x81c0201008040201ull, 0x1fe03ull}, {0x81c0402010080402ull, 0x1fd03ull},
    {0x81c0804020100804ull, 0x1fb03ull}, {0x0e01008040201008ull, 0x1f71cull},
    {0x0e02010080402010ull, 0x1ef1cull}, {0x0e04020100804020ull, 0x1df1cull},
    {0x7008040201008040ull, 0x1bfe0ull}, {0x7010080402010080ull, 0x17fe0ull},
    {0x7020100804020100ull, 0x0ffe0ull},
};

typedef struct w9_node {
    _Alignas(32) cells81 may[9];  /* empty cells where digit d + 1 has not been ruled out (aligned:
                                   * w9_digits reads two masks at a time) */
    cells81 count[4];           /* bit k of each empty cell's candidate count (0 for filled cells) */
} w9_node;

/* ---- a per-thread table of subtree widths --------------------------------
 *
 * A subtree of the walk is a function of the candidate masks at its root
 * alone (the propagation, the branching cell and its children all follow
 * from them), so walks that reach the same masks share the subtree's width
 * and solved leaves.  `generate --hard` rates puzzles a clue apart, whose
 * trees share much: a clue that propagation places anyway changes nothing,
 * and one that a branch of the other tree sets leaves that whole subtree
 * as it was.  Each thread keeps a direct-mapped table (about 5 MB, made on
 * first use, freed when the thread ends) of the subtrees of at least
 * W9_CACHE_MIN nodes whose roots lie in the first W9_CACHE_LEVELS levels of
 * a walk: deeper, a lookup saves less than it costs (measured on --hard).
 * An entry holds its whole key, so a hit is exact.  Normal widths only: with
 * random tie-breaks a subtree depends on the draws too. */
#define W9_CACHE_SLOTS (1 << 15)
#define W9_CACHE_LEVELS 7
#define W9_CACHE_MIN 64

typedef struct w9_entry {
    cells81 may[9];             /* the key: the node's masks at its fixpoint */
    uint64_t width, solutions;
} w9_entry;

typedef struct w9_cache {
    uint64_t tag[W9_CACHE_SLOTS];       /* hash of the entry's key; 0: empty */
    w9_entry entry[W9_CACHE_SLOTS];
} w9_cache;

static pthread_key_t w9_cache_key;
static pthread_once_t w9_cache_once = PTHREAD_ONCE_INIT;
static int w9_cache_keyed;
static _Thread_local w9_cache *w9_cache_mine;

static void w9_cache_setup(void)
{
    w9_cache_keyed = pthread_key_create(&w9_cache_key, free) == 0;
}

/* This thread's table (NULL if it cannot have one). */
static w9_cache *w9_cache_get(void)
{
    if (!w9_cache_mine) {
        pthread_once(&w9_cache_once, w9_cache_setup);
        w9_cache *c = w9_cache_keyed ? calloc(1, sizeof *c) : NULL;
        if (c && pthread_setspecific(w9_cache_key, c) != 0) {
            free(c);
            c = NULL;
        }
        w9_cache_mine = c;
    }
    return w9_cache_mine;
}

static uint64_t w9_hash(const cells81 *may)
{
    uint64_t h = 0;
    for (int d = 0; d < 9; d++) {
        uint64_t a = (c81_lo(may[d]) ^ (0x9e3779b97f4a7c15ull * (uint64_t)(d + 1))) * 0xbf58476d1ce4e5b9ull;
        uint64_t b = (c81_hi(may[d]) ^ (0xc2b2ae3d27d4eb4full * (uint64_t)(d + 1))) * 0x94d049bb133111ebull;
        h += (a ^ a >> 31) + (b ^ b >> 29);
    }
    h ^= h >> 32;
    h *= 0xd6e8feb86659fd93ull;
    return (h ^ h >> 32) | 1;
}

static int w9_same(const cells81 *a, const cells81 *b)
{
    cells81 diff = c81_make(0, 0);
    for (int d = 0; d < 9; d++)
        diff = c81_or(diff, c81_xor(a[d], b[d]));
    return c81_none(diff);
}

typedef struct w9_walk {
    sdk_rng *tiebreak;
    const sdk_budget *budget;
    uint64_t nodes, solutions;
    int stopped;
    w9_cache *cache;            /* NULL: none */
} w9_walk;

/* Strikes a digit from the cells of `from` that still have it (*may: that
 * digit's mask; n: the count masks).  Returns 0 if one is left with no
 * candidate, else 1 (cells left with one go into *singles). */
static inline __attribute__((always_inline)) int w9_strike_in(cells81 *may, cells81 *n, cells81 from,
                                                             cells81 *singles)
{
    cells81 hit = c81_and(from, *may);
    *may = c81_andnot(*may, hit);
    cells81 borrow = hit;       /* count -= 1 on the hit cells, bit-sliced */
#pragma GCC unroll 3
    for (int k = 0; k < 3; k++) {
        cells81 next = c81_andnot(borrow, n[k]);
        n[k] = c81_xor(n[k], borrow);
        borrow = next;
    }
    n[3] = c81_xor(n[3], borrow);
    cells81 high = c81_or(c81_or(n[1], n[2]), n[3]);
    if (!c81_within(hit, c81_or(n[0], high)))
        return 0;
    *singles = c81_or(*singles, c81_andnot(c81_and(hit, n[0]), high));
    return 1;
}

/* The same on node x, digit d. */
static inline int w9_strike(w9_node *x, int d, cells81 from, cells81 *singles)
{
    return w9_strike_in(&x->may[d], x->count, from, singles);
}

/* A set of digits: bit 2d for digit d + 1 (the spacing saves the AVX2
 * w9_digits a step). */
#define W9_ALL_DIGITS 0x15555u

/* Takes cell out of the empty cells: digit masks `digits` (those that may
 * hold it) and its count. */
static inline void w9_fill(w9_node *x, cells81 cell, unsigned digits)
{
    for (; digits; digits &= digits - 1) {
        int e = __builtin_ctz(digits) >> 1;
        x->may[e] = c81_andnot(x->may[e], cell);
    }
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++)
        x->count[k] = c81_andnot(x->count[k], cell);
}

/* The digits whose mask meets `cells`. */
#if defined(__AVX2__)
/* Two digits a register: whether each 64-bit half meets `cells`, then the
 * halves of a digit joined. */
static inline unsigned w9_digits(const w9_node *x, cells81 cells)
{
    __m256i both = _mm256_broadcastsi128_si256(cells);
    unsigned missed = 0;        /* bits 2d and 2d + 1: the halves of digit d miss */
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++) {
        __m256i pair = _mm256_loadu_si256((const __m256i *)&x->may[2 * k]);
        __m256i none = _mm256_cmpeq_epi64(_mm256_and_si256(pair, both), _mm256_setzero_si256());
        missed |= (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(none)) << (4 * k);
    }
    return (~(missed & missed >> 1) & 0x5555) | (unsigned)c81_meet(x->may[8], cells) << 16;
}
#else
static inline unsigned w9_digits(const w9_node *x, cells81 cells)
{
    unsigned digits = 0;
#pragma GCC unroll 9
    for (int d = 8; d >= 0; d--)
        digits = digits * 4 + (unsigned)c81_meet(x->may[d], cells);
    return digits;
}
#endif

/* Pencil marks: places the singles and those they make, a digit at a time
 * (the counts in registers meanwhile).  Returns 0 on a contradiction (and
 * leaves x as it may). */
static inline __attribute__((always_inline)) int w9_propagate(w9_node *x, cells81 singles)
{
    if (c81_none(singles))
        return 1;
    cells81 n[4] = {x->count[0], x->count[1], x->count[2], x->count[3]};
    do {
        cells81 now = singles;  /* this round; what it makes waits for the next */
        singles = c81_make(0, 0);
        for (unsigned digits = w9_digits(x, now); digits; digits &= digits - 1) {
            int d = __builtin_ctz(digits) >> 1;
            cells81 mine = c81_and(now, x->may[d]);
            uint64_t lo = c81_lo(mine), hi = c81_hi(mine);
            cells81 seen = c81_load(w9_peers[lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(hi)]);
            if (lo)             /* usually one cell: the others, if any */
                lo &= lo - 1;
            else
                hi &= hi - 1;
            for (; lo; lo &= lo - 1)
                seen = c81_or(seen, c81_load(w9_peers[__builtin_ctzll(lo)]));
            for (; hi; hi &= hi - 1)
                seen = c81_or(seen, c81_load(w9_peers[64 + __builtin_ctzll(hi)]));
            if (c81_meet(mine, seen))
                return 0;       /* two singles of d in one house */
            x->may[d] = c81_andnot(x->may[d], mine);
            n[0] = c81_andnot(n[0], mine);      /* their count: 1 -> 0 */
            if (!w9_strike_in(&x->may[d], n, seen, &singles))
                return 0;
        }
    } while (!c81_none(singles));
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++)
        x->count[k] = n[k];
    return 1;
}

static inline int w9_solved(const w9_node *x)
{
    return c81_none(c81_or(c81_or(x->count[0], x->count[1]), c81_or(x->count[2], x->count[3])));
}

/* The empty cells with the fewest candidates, when no cell has two. */
static cells81 w9_fewest_more(const w9_node *x)
{
    const cells81 *n = x->count;
    for (int k = 3; k <= 9; k++) {
        cells81 m = c81_make(~0ull, ~0ull);
        for (int b = 0; b < 4; b++)
            m = k >> b & 1 ? c81_and(m, n[b]) : c81_andnot(m, n[b]);
        if (!c81_none(m))
            return m;
    }
    return c81_make(0, 0);
}

/* The empty cells with the fewest candidates (at a fixpoint: 2 or more). */
static inline cells81 w9_fewest(const w9_node *x)
{
    const cells81 *n = x->count;
    cells81 two = c81_andnot(n[1], c81_or(c81_or(n[0], n[2]), n[3]));
    return c81_none(two) ? w9_fewest_more(x) : two;
}

static uint64_t w9_width(w9_walk *w, const w9_node *start, cells81 singles);
static uint64_t w9_width_top(w9_walk *w, w9_node *x, cells81 singles, int level);

/* The branching cell of node x (at its fixpoint, neither solved nor dead):
 * the first with the fewest candidates, or a random one of them. */
static inline int w9_choose(w9_walk *w, const w9_node *x)
{
    cells81 tied = w9_fewest(x);
    uint64_t lo = c81_lo(tied), hi = c81_hi(tied);
    if (w->tiebreak) {
        int ties = c81_count(tied);
        if (ties > 1)
            for (int skip = (int)sdk_rng_below(w->tiebreak, (uint32_t)ties); skip > 0; skip--) {
                if (lo)
                    lo &= lo - 1;
                else
                    hi &= hi - 1;
            }
    }
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(hi);
}

/* *to = *from, inline (a struct copy calls memcpy). */
static inline void w9_copy(w9_node *to, const w9_node *from)
{
#pragma GCC unroll 9
    for (int d = 0; d < 9; d++)
        to->may[d] = from->may[d];
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++)
        to->count[k] = from->count[k];
}

/* Counts a node about to be made; 0 once the budget has stopped the walk. */
static inline int w9_go_on(w9_walk *w)
{
    w->nodes++;
    if ((w->nodes & 1023) == 0 && sdk_budget_expired(w->budget))
        w->stopped = 1;
    return !w->stopped;
}

/* The width of the subtree below `start`, whose placement left `singles` to
 * propagate: depth first without recursion (the hot loop: fewer
 * instructions than recursing).  The frames below x hold the nodes on the
 * current path that still have children to visit; when one is down to its
 * last child, that child takes the parent's frame, so a node with k
 * children is copied k - 1 times.  A branching fills a cell, so a path has
 * fewer than 81 of them. */
static uint64_t w9_width(w9_walk *w, const w9_node *start, cells81 singles)
{
    struct frame {
        w9_node node;
        unsigned digits;        /* the children not visited yet */
        int cell;
    } pool[81], *x = pool;
    uint64_t width = 0;
    w9_copy(&pool[0].node, start);
    for (;;) {
        width++;
        if (w9_propagate(&x->node, singles)) {
            if (w9_solved(&x->node)) {
                w->solutions++;
            } else {
                int cell = w9_choose(w, &x->node);
                cells81 bit = c81_cell(cell);
                x->cell = cell;
                x->digits = w9_digits(&x->node, bit);
                w9_fill(&x->node, bit, x->digits);
                x++;
            }
        }
        for (;;) {              /* the next child of the innermost open node */
            if (x == pool || !w9_go_on(w))
                return width;
            /* x - 1, written so that gcc's -fsanitize=object-size does not take
             * it for a read before pool (it cannot follow x through the loop). */
            struct frame *f = (struct frame *)((uintptr_t)x - sizeof *x);
            int d = __builtin_ctz(f->digits) >> 1;
            f->digits &= f->digits - 1;
            if (f->digits)
                w9_copy(&x->node, &f->node);
            else
                x = f;
            singles = c81_make(0, 0);
            if (w9_strike(&x->node, d, c81_load(w9_peers[f->cell]), &singles))
                break;
            width++;            /* a child the placement itself kills */
        }
    }
}

/* The children of node x (at its fixpoint, neither solved nor dead), which
 * is `level` < W9_CACHE_LEVELS branchings below the root: 1 + the sum of
 * their widths.  x is the caller's to overwrite. */
static uint64_t w9_branch(w9_walk *w, w9_node *x, int level)
{
    int cell = w9_choose(w, x);
    cells81 bit = c81_cell(cell);
    unsigned digits = w9_digits(x, bit);
    w9_fill(x, bit, digits);
    cells81 peers = c81_load(w9_peers[cell]);
    uint64_t width = 1;
    for (; digits; digits &= digits - 1) {
        w9_node copy, *child = x;   /* the last child takes the parent's node */
        if (digits & (digits - 1)) {
            w9_copy(&copy, x);
            child = &copy;
        }
        if (!w9_go_on(w))
            return width + 1;
        cells81 next = c81_make(0, 0);
        if (!w9_strike(child, __builtin_ctz(digits) >> 1, peers, &next))
            width++;
        else if (level + 1 < W9_CACHE_LEVELS)
            width += w9_width_top(w, child, next, level + 1);
        else
            width += w9_width(w, child, next);
    }
    return width;
}

/* The same for a node `level` < W9_CACHE_LEVELS branchings below the root,
 * looked up in the thread's table and entered there if large enough. */
static uint64_t w9_width_top(w9_walk *w, w9_node *x, cells81 singles, int level)
{
    if (!w9_propagate(x, singles))
        return 1;
    if (w9_solved(x)) {
        w->solutions++;
        return 1;
    }
    if (!w->cache)
        return w9_branch(w, x, level);
    w9_cache *cache = w->cache;
    uint64_t tag = w9_hash(x->may);
    size_t i = tag & (W9_CACHE_SLOTS - 1);
    if (cache->tag[i] == tag && w9_same(cache->entry[i].may, x->may)) {
        w->solutions += cache->entry[i].solutions;
        return cache->entry[i].width;
    }
    w9_entry found;
#pragma GCC unroll 9
    for (int d = 0; d < 9; d++)
        found.may[d] = x->may[d];
    uint64_t nodes_before = w->nodes, solutions_before = w->solutions;
    found.width = w9_branch(w, x, level);
    found.solutions = w->solutions - solutions_before;
    if (!w->stopped && w->nodes - nodes_before >= (uint64_t)W9_CACHE_MIN) {
        cache->tag[i] = tag;
        cache->entry[i] = found;
    }
    return found.width;
}

static uint64_t width_9x9(const uint8_t *puzzle, sdk_rng *tiebreak, uint64_t *solutions,
                          const sdk_budget *budget)
{
    w9_walk w = {.tiebreak = tiebreak, .budget = budget};
    w9_node root;
    cells81 all = c81_make(~0ull, (1ull << 17) - 1), singles = c81_make(0, 0);
    for (int d = 0; d < 9; d++)
        root.may[d] = all;
    root.count[0] = all;        /* 9 = 0b1001 */
    root.count[1] = root.count[2] = c81_make(0, 0);
    root.count[3] = all;
    if (solutions)
        *solutions = 0;
    int alive = 1;
    for (int c = 0; c < 81; c++) {
        int d = puzzle[c] - 1;
        if (d < 0)
            continue;
        cells81 bit = c81_cell(c);
        if (d >= 9 || !c81_meet(root.may[d], bit))
            return 1;           /* a clue out of range or one that a peer's rules out: a single dead node */
        w9_fill(&root, bit, W9_ALL_DIGITS);
        alive &= w9_strike(&root, d, c81_load(w9_peers[c]), &singles);
    }
    if (!alive)
        return 1;
    singles = c81_and(singles, root.count[0]);  /* not those a later clue filled */
    w.nodes = 1;
    w.cache = tiebreak ? NULL : w9_cache_get();
    uint64_t width = w9_width_top(&w, &root, singles, 0);
    if (solutions)
        *solutions = w.solutions;
    return w.stopped ? 0 : width;
}

uint64_t sdk_rate_width(const sdk_board *b, const uint8_t *puzzle, sdk_rng *tiebreak,
                        uint64_t *solutions, const sdk_budget *budget)
{
    if (sdk_board_is_plain9(b))
        return width_9x9(puzzle, tiebreak, solutions, budget);
    return sdk_rate_width_general(b, puzzle, tiebreak, solutions, budget);
}

uint64_t sdk_rate_width_general(const sdk_board *b, const uint8_t *puzzle, sdk_rng *tiebreak,
                                uint64_t *solutions, const sdk_budget *budget)
{
    rate_search s;
    if (solutions)
        *solutions = 0;
    if (!rate_search_init(&s, b, b->ncells + 1))
        return 0;
    s.tiebreak = tiebreak;
    s.budget = budget;
    uint64_t width = 1;             /* clues that contradict each other: a single dead node */
    if (sdk_board_givens_consistent(b, puzzle, NULL)) {
        memcpy(s.val, puzzle, (size_t)b->ncells);
        width = width_node(&s, 0, node_build(&s, s.val, s.cand));
    }
    if (solutions)
        *solutions = s.solutions;
    rate_search_free(&s);
    return s.stopped ? 0 : width;
}

/* ---- depth: breadth-first over the states reachable by branching --------
 *
 * Along a depth path every branch sets a cell to its solution value, so a
 * node is fully described by the set of its filled cells (values come from
 * the solution, masks from the values).  Breadth-first search over these
 * sets, each visited once, gives the fewest branchings directly and avoids
 * re-exploring the many orders in which the same cells can be chosen.
 */
typedef struct key_set {
    int words;                  /* uint64 words per key */
    size_t cap, used;           /* slots (a power of two), occupied */
    uint64_t *slots;            /* cap x words; an all-zero key marks a free slot */
} key_set;

static uint64_t key_hash(const uint64_t *key, int words)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < words; i++) {
        h ^= key[i];
        h *= 0xbf58476d1ce4e5b9ull;
        h ^= h >> 29;
    }
    return h;
}

static int key_is_zero(const uint64_t *key, int words)
{
    for (int i = 0; i < words; i++)
        if (key[i])
            return 0;
    return 1;
}

static int key_set_grow(key_set *set);

/* Adds key (not all-zero).  Returns 1 if it was new, 0 if it was there,
 * -1 when out of memory. */
static int key_set_add(key_set *set, const uint64_t *key)
{
    if ((set->used + 1) * 2 > set->cap && !key_set_grow(set))
        return -1;
    size_t mask = set->cap - 1;
    size_t i = (size_t)key_hash(key, set->words) & mask;
    size_t bytes = sizeof(uint64_t) * (size_t)set->words;
    for (;; i = (i + 1) & mask) {
        uint64_t *slot = set->slots + i * (size_t)set->words;
        if (key_is_zero(slot, set->words)) {
            memcpy(slot, key, bytes);
            set->used++;
            return 1;
        }
        if (memcmp(slot, key, bytes) == 0)
            return 0;
    }
}

static int key_set_grow(key_set *set)
{
    key_set bigger = *set;
    bigger.cap = set->cap ? set->cap * 2 : 1024;
    bigger.used = 0;
    bigger.slots = calloc(bigger.cap, sizeof(uint64_t) * (size_t)set->words);
    if (!bigger.slots)
        return 0;
    for (size_t i = 0; i < set->cap; i++) {
        const uint64_t *slot = set->slots + i * (size_t)set->words;
        if (!key_is_zero(slot, set->words))
            key_set_add(&bigger, slot);
    }
    free(set->slots);
    *set = bigger;
    return 1;
}

/* A growable list of keys: one BFS level. */
typedef struct key_list {
    uint64_t *keys;
    size_t count, cap;
} key_list;

static int key_list_push(key_list *list, const uint64_t *key, int words)
{
    if (list->count == list->cap) {
        size_t cap = list->cap ? list->cap * 2 : 256;
        uint64_t *grown = realloc(list->keys, cap * sizeof(uint64_t) * (size_t)words);
        if (!grown)
            return 0;
        list->keys = grown;
        list->cap = cap;
    }
    memcpy(list->keys + list->count * (size_t)words, key, sizeof(uint64_t) * (size_t)words);
    list->count++;
    return 1;
}

static void node_key(const rate_search *s, const uint8_t *val, uint64_t *key, int words)
{
    memset(key, 0, sizeof(uint64_t) * (size_t)words);
    for (int c = 0; c < s->ncells; c++)
        if (val[c])
            key[c >> 6] |= 1ull << (c & 63);
}

int sdk_rate_depth(const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution,
                   int max_depth, const sdk_budget *budget)
{
    rate_search s;
    if (!rate_search_init(&s, b, 2))
        return -1;
    int nc = b->ncells, words = (nc + 63) / 64;
    uint8_t *val = s.val, *child_val = s.val + nc;
    uint32_t *cand = s.cand, *child_cand = s.cand + nc;
    uint64_t *key = calloc((size_t)words, sizeof(uint64_t));
    key_set seen = {words, 0, 0, NULL};
    key_list level = {0}, next = {0};
    int depth = -1;
    if (!key)
        goto done;

    memcpy(val, puzzle, (size_t)nc);
    int root_empty = node_propagate(&s, val, cand, node_build(&s, val, cand));
    if (root_empty == 0) {
        depth = 0;
        goto done;
    }
    if (root_empty < 0)
        goto done;              /* contradictory clues: no path to the solution */
    node_key(&s, val, key, words);
    /* An all-zero key (the empty board) marks a free slot, so it stays out of the set. */
    if (!key_list_push(&level, key, words) || (!key_is_zero(key, words) && key_set_add(&seen, key) < 0))
        goto done;

    for (int d = 1; level.count > 0 && (max_depth < 0 || d <= max_depth); d++) {
        next.count = 0;
        for (size_t i = 0; i < level.count; i++) {
            /* a state costs microseconds (9x9) to milliseconds (25x25) */
            if ((i & 7) == 0 && sdk_budget_expired(budget))
                goto done;
            const uint64_t *state = level.keys + i * (size_t)words;
            for (int c = 0; c < nc; c++)
                val[c] = (state[c >> 6] >> (c & 63)) & 1 ? solution[c] : 0;
            /* A stored state is a propagation fixpoint: nothing to queue. */
            int empty = node_build(&s, val, cand);
            s.queued = 0;
            int ties, first;
            int fewest = node_fewest(&s, val, cand, &ties, &first);
            if (empty < 0 || fewest == 0)
                continue;       /* cannot happen with solution values; harmless */
            for (int c = first; c < nc; c++) {
                if (val[c] || __builtin_popcount(cand[c]) != fewest)
                    continue;
                memcpy(child_val, val, (size_t)nc);
                memcpy(child_cand, cand, sizeof(uint32_t) * (size_t)nc);
                s.queued = 0;
                int left = node_place(&s, child_val, child_cand, c, solution[c]) ? empty - 1 : -1;
                left = node_propagate(&s, child_val, child_cand, left);
                if (left == 0) {
                    depth = d;
                    goto done;
                }
                if (left < 0)
                    continue;   /* cannot happen with solution values */
                node_key(&s, child_val, key, words);
                int added = key_set_add(&seen, key);
                if (added < 0 || (added && !key_list_push(&next, key, words)))
                    goto done;
            }
        }
        key_list swap = level;
        level = next;
        next = swap;
    }
done:
    free(key);
    free(seen.slots);
    free(level.keys);
    free(next.keys);
    rate_search_free(&s);
    return depth;
}

sdk_status sdk_rate(const sdk_board *b, const uint8_t *puzzle, int samples, uint32_t seed,
                    sdk_rating *out, const sdk_budget *budget)
{
    uint8_t solution[SDK_MAX_CELLS];
    sdk_status status;
    memset(out, 0, sizeof *out);
    out->depth = -1;
    for (int c = 0; c < b->ncells; c++)
        out->clues += puzzle[c] != 0;
    out->solutions = sdk_exact_count(b, puzzle, 2, solution, NULL, budget, &status);
    if (status != SDK_SOLVED && status != SDK_UNSOLVABLE)
        return status;
    if (out->solutions != 1)
        return SDK_UNSOLVABLE;

    out->depth = sdk_rate_depth(b, puzzle, solution, -1, budget);
    out->normal_width = sdk_rate_width(b, puzzle, NULL, NULL, budget);
    if (out->depth < 0 || out->normal_width == 0)
        goto stopped;
    sdk_rng rng;
    sdk_rng_seed(&rng, seed);
    double sum = 0, sum_sq = 0;
    for (int i = 0; i < samples; i++) {
        uint64_t w = sdk_rate_width(b, puzzle, &rng, NULL, budget);
        if (w == 0)
            goto stopped;
        sum += (double)w;
        sum_sq += (double)w * (double)w;
    }
    out->samples = samples;
    if (samples > 0) {
        /* As in the paper's program: population variance, error = sqrt(var / N). */
        double mean = sum / samples;
        double var = sum_sq / samples - mean * mean;
        out->avg_width = mean;
        out->avg_width_err = sqrt(var > 0 ? var / samples : 0);
    }
    return SDK_SOLVED;
stopped:
    return budget && budget->interrupt && *budget->interrupt ? SDK_INTERRUPTED : SDK_TIMEOUT;
}
