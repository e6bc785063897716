/*
 * exact81.c -- the exact solver for 81-cell boards other than plain 9x9
 * (x, windoku, jigsaw, jigsaw,x), called by sdk_exact_count in place of
 * the general solver (exact.c), whose per-call and per-node costs were
 * 5-11x the 9x9 kernel's on these boards.
 *
 * The board fits one 128-bit word (cell c is bit c): per digit the
 * unsolved cells that may take it; each house and each cell's peers as a
 * word, built once per board (a per-thread cache keyed by the board's
 * address and serial, or its house lists).  Propagation, to a fixpoint:
 * naked singles by bit-sliced once/twice counts; hidden singles in the
 * open houses of the digits that left cells, every house scanned four a
 * vector (eight, into a mask register, with AVX-512); locked candidates (a
 * house's places that all lie in another house) for the digits that
 * changed, between plain 9x9's rows or columns and boxes by shifts on the
 * bands where the board has them (x81_boxline), between other houses over
 * a table of the pairs that share cells, four pairs a vector (eight); a
 * board's implied houses (windoku's, a jigsaw's) take part in the singles
 * only.
 * Loops over digits run on masks of the digits with work, and a pass's
 * contradictions are found once, after it: a branch per digit or per
 * single mispredicts.
 * Branching as in exact.c: the same states, so the same tree, first
 * solution and node count (generated variant puzzles stay as they were).
 * Each level is a copy of the state on the stack.  The budget is checked
 * every 64 nodes, as in exact.c.
 */
#include <stddef.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#ifdef __AVX__
#include <immintrin.h>
#endif
#include "exact81.h"
#include "../board/rng.h"

__extension__ typedef unsigned __int128 x81_set;

enum { X81_MAXH = 48, X81_CELLS = 81, X81_N = 9 };
/* The first houses, rows and columns on every variant board, cached apart (x81_plan_for) */
enum { X81_BASE = 2 * X81_N };

/* The digit loops of the hot path, unrolled (-O2 does not; about 4% of
 * the time on generated X puzzles) */
#define X81_UNROLL _Pragma("GCC unroll 9")

/* Four words side by side: two digits' sets, for the loops over every
 * digit, or a word of four houses' sets, for the hidden singles (GCC and clang
 * vector extensions: AVX2 where the build has it, else SSE2 halves). */
typedef uint64_t x81_v4 __attribute__((vector_size(32)));
typedef uint64_t x81_v2 __attribute__((vector_size(16)));     /* a set's words, for building tables */
enum { X81_NV = (X81_N + 1) / 2 };

typedef struct x81_plan {
    const sdk_board *board;             /* the board it was made for, with its serial */
    unsigned long serial;
    int valid, nh;
    int nlock;                          /* the houses that take part in locked candidates: not the implied */
    uint16_t key[X81_MAXH * X81_N];     /* the board's house_cells, if it has no serial */
    x81_set all;
    union {
        x81_set house[X81_MAXH];
        x81_v2 housev[X81_MAXH];
    };
    union {
        x81_set peer[X81_CELLS];
        x81_v2 peerv[X81_CELLS];
    };
    uint64_t ch[X81_CELLS];             /* each cell's houses (bit h) */
    int ng;                             /* the houses' low and high words, four houses a vector, */
    x81_v4 hlo[X81_MAXH / 4], hhi[X81_MAXH / 4];
    int fold, overlap;                  /* the high words shifted left by fold, if not overlap (x81_fold) */
    int nbp;                            /* (x81_base) the pairs of houses that share two cells or more */
    int boxline;                        /* the board has the 27 houses of plain 9x9: x81_boxline */
    uint64_t plain;                     /* which those are (bit h), when boxline */
    uint64_t rowcol;                    /* (x81_base) the houses among the first X81_BASE that are rows or columns, */
    unsigned rcfound;                   /* and which rows (bit r) and columns (bit 9 + c) they are */
    uint8_t bp[X81_BASE * (X81_BASE - 1) / 2][2];
} x81_plan;

typedef struct x81_state {
    union {                             /* unsolved cells that may take digit d (cand[9]: none) */
        x81_set cand[2 * X81_NV];
        x81_v4 candv[X81_NV];
    };
    x81_set un;                         /* unsolved cells */
    uint64_t open[X81_N];               /* the houses digit d is not placed in (bit h) */
    uint8_t val[X81_CELLS];
    /* what changed: empty at every branch (propagation ran to its end), so
     * a branch copies the fields above and clears these (x81_node) */
    union {                             /* the cells digit d left since the last singles pass */
        x81_set chg[2 * X81_NV];
        x81_v4 chgv[X81_NV];
    };
    x81_set lch[X81_N];                 /* the cells d left since the last locked-candidates pass */
} x81_state;

typedef struct x81_search {
    const x81_plan *p;
    uint64_t limit, count, nodes;
    uint8_t *solution;
    sdk_stats *st;
    const sdk_budget *budget;
    int stopped;
    sdk_rng *rng;                       /* a restart's random choices (restarts.c), or NULL: the fixed rule */
} x81_search;

static _Thread_local x81_plan x81_cache;
/* The state of the empty board of x81_cache, made with it: a solve copies
 * it whole (clearing a state and filling it digit by digit was 3% of an
 * easy solve). */
static _Thread_local x81_state x81_empty;

/* The locked-candidates table of x81_cache, made with it: every pair of
 * houses h1 < h2 that share two or more cells, as their common cells i,
 * h1's other cells a and h2's other cells b (the low and high words of
 * each, a pair a lane; lanes past the last pair, to a multiple of eight,
 * empty).  Made when a solve first needs it (half of the easy jigsaw
 * puzzles never do, and a jigsaw batch has a board a record). */
enum { X81_MAXP = (X81_MAXH * (X81_MAXH - 1) / 2 + 7) / 8 * 8 };
static _Thread_local struct {
    int ready, np;
    _Alignas(64) uint64_t ilo[X81_MAXP], ihi[X81_MAXP], alo[X81_MAXP], ahi[X81_MAXP], blo[X81_MAXP], bhi[X81_MAXP];
} x81_pairs;

/* The first (last) cell of a non-empty set, without a branch on which
 * word holds it (which one is a coin toss for the places of a house):
 * masks, since GCC turns a ?: here into a jump. */
static inline int x81_ctz(x81_set m)
{
    uint64_t lo = (uint64_t)m, hi = (uint64_t)(m >> 64);
    uint64_t z = 0 - (uint64_t)(lo == 0);
    return (int)(z & 64) + __builtin_ctzll(lo | (hi & z));
}

static inline int x81_clz(x81_set m)
{
    uint64_t lo = (uint64_t)m, hi = (uint64_t)(m >> 64);
    uint64_t z = 0 - (uint64_t)(hi == 0);
    return (int)(z & 64) + __builtin_clzll(hi | (lo & z));
}

/* Macros, not functions: a 32-byte vector passed by value is an ABI
 * question on builds without AVX (-Wpsabi).  A set in both halves of a
 * vector; a word in all four lanes; the set in lanes 0-1 (i = 0) or 2-3. */
#define X81_SPLAT(m) ((x81_v4){(uint64_t)(m), (uint64_t)((m) >> 64), (uint64_t)(m), (uint64_t)((m) >> 64)})
#define X81_SPLAT64(w) ((x81_v4){(w), (w), (w), (w)})
#define X81_LANES(v, i) ((x81_set)(v)[2 * (i) + 1] << 64 | (v)[2 * (i)])
/* A set's two words (x81_v2) in both halves of a vector: one broadcast */
#if defined(__clang__) || __GNUC__ >= 12
#define X81_SPLAT2(v2) __builtin_shufflevector((v2), (v2), 0, 1, 0, 1)
#else
#define X81_SPLAT2(v2) ((x81_v4){(v2)[0], (v2)[1], (v2)[0], (v2)[1]})
#endif
/* The vector with its halves swapped (the two digits' sets, or two
 * houses' pairs), to fold them in the vector unit: extracting words to
 * fold was a third of a naked-singles pass. */
#ifdef __clang__
#define X81_SWAP(v) __builtin_shufflevector((v), (v), 2, 3, 0, 1)
#else
#define X81_SWAP(v) __builtin_shuffle((v), (x81_v4){2, 3, 0, 1})
#endif

/* Lane i's top bit (lanes all ones or all zeros) as bit i: one
 * instruction with AVX */
#ifdef __AVX__
#define X81_MASK4(v) ((uint64_t)_mm256_movemask_pd((__m256d)(v)))
#else
#define X81_MASK4(v) (((v)[0] & 1) | ((v)[1] & 2) | ((v)[2] & 4) | ((v)[3] & 8))
#endif

static inline int x81_pop(x81_set m)
{
    return __builtin_popcountll((uint64_t)m) + __builtin_popcountll((uint64_t)(m >> 64));
}

/* Cell c alone, from a table (a variable 128-bit shift is a few
 * instructions and a branch on the word). */
#define X81_B(c) ((x81_set)1 << (c))
#define X81_B9(c)                                                                                  \
    X81_B(c), X81_B(c + 1), X81_B(c + 2), X81_B(c + 3), X81_B(c + 4), X81_B(c + 5), X81_B(c + 6), \
        X81_B(c + 7), X81_B(c + 8)
static const x81_set x81_bit[X81_CELLS] = {X81_B9(0),  X81_B9(9),  X81_B9(18), X81_B9(27), X81_B9(36),
                                           X81_B9(45), X81_B9(54), X81_B9(63), X81_B9(72)};

#define X81_BV(c) {(c) < 64 ? 1ull << ((c) & 63) : 0, (c) < 64 ? 0 : 1ull << ((c) & 63)}
#define X81_BV9(c)                                                                               \
    X81_BV(c), X81_BV(c + 1), X81_BV(c + 2), X81_BV(c + 3), X81_BV(c + 4), X81_BV(c + 5), \
        X81_BV(c + 6), X81_BV(c + 7), X81_BV(c + 8)
static const x81_v2 x81_bitv[X81_CELLS] = {X81_BV9(0),  X81_BV9(9),  X81_BV9(18), X81_BV9(27), X81_BV9(36),
                                           X81_BV9(45), X81_BV9(54), X81_BV9(63), X81_BV9(72)};

/* The cells of plain 9x9's houses (cell 9r + c). */
#define X81_REP3(x, step) ((x81_set)(x) | (x81_set)(x) << (step) | (x81_set)(x) << (2 * (step)))
#define X81_ROW(r) ((x81_set)0x1ff << (9 * (r)))
#define X81_COL(c) (X81_REP3(X81_REP3(1, 9), 27) << (c))
#define X81_BOX(b) (X81_REP3(7, 9) << (27 * ((b) / 3) + 3 * ((b) % 3)))

/* A band's 27 cells (bit 9i + c: its row i, column c) a lane, lane 3 unused */
typedef uint32_t x81_band4 __attribute__((vector_size(16)));
#ifdef __clang__
#define X81_ROT(v, a, b, c) __builtin_shufflevector((v), (v), a, b, c, 3)
#else
#define X81_ROT(v, a, b, c) __builtin_shuffle((v), (x81_band4){a, b, c, 3})
#endif

/* Each marked position of x moved to the other two of its cycle of three:
 * m0 -> m0 << step -> m0 << 2 step -> m0 (the masks of the cycles' first
 * positions). */
#define X81_OTHERS(x, m0, step)                                                                     \
    ((((x) << (step)) & ((m0) << (step) | (m0) << 2 * (step))) | (((x) >> 2 * (step)) & (m0)) |      \
     (((x) >> (step)) & ((m0) | (m0) << (step))) | (((x) << 2 * (step)) & (m0) << 2 * (step)))

/* Locked candidates between the rows or columns and the boxes of plain
 * 9x9, all 54 pairs at once: the places of x (a digit's) they remove,
 * the same as a pair of the table (x81_locked) would.  A band a lane: a
 * mini-row (a row's three cells in a box) stands at its first cell, a
 * mini-column at its column in the band's first row. */
static __attribute__((noinline)) x81_set x81_boxline(x81_set x)
{
    const uint32_t band = (1u << 27) - 1, minirows = 0x1249249, rowfirst = 0x40201, boxfirst = 0x49;
    uint64_t lo = (uint64_t)x, hi = (uint64_t)(x >> 64);
    x81_band4 b = {(uint32_t)lo & band, (uint32_t)(lo >> 27) & band, (uint32_t)(lo >> 54 | hi << 10) & band, 0};
    x81_band4 mr = (b | b >> 1 | b >> 2) & minirows;
    x81_band4 rowin = mr & ~X81_OTHERS(mr, rowfirst, 3);       /* a row's places all in one box */
    x81_band4 boxin = mr & ~X81_OTHERS(mr, boxfirst, 9);       /* a box's places all in one row */
    x81_band4 g = X81_OTHERS(rowin, boxfirst, 9) | X81_OTHERS(boxin, rowfirst, 3);
    g |= g << 1 | g << 2;
    x81_band4 mc = (b | b >> 9 | b >> 18) & 0x1ff;              /* the band's columns with places */
    x81_band4 colin = mc & ~(X81_ROT(mc, 1, 2, 0) | X81_ROT(mc, 2, 0, 1));      /* a column's in one box */
    x81_band4 boxcol = mc & ~X81_OTHERS(mc, boxfirst, 1);      /* a box's places all in one column */
    x81_band4 gc = X81_OTHERS(colin, boxfirst, 1) | X81_ROT(boxcol, 1, 2, 0) | X81_ROT(boxcol, 2, 0, 1);
    g = (g | gc | gc << 9 | gc << 18) & b;
    return (x81_set)g[0] | (x81_set)g[1] << 27 | (x81_set)g[2] << 54;
}

/* Empties p's peers, cells' houses and house groups. */
static void x81_clear(x81_plan *p)
{
    memset(p->peer, 0, sizeof p->peer);
    memset(p->ch, 0, sizeof p->ch);
    memset(p->hlo, 0, sizeof p->hlo);
    memset(p->hhi, 0, sizeof p->hhi);
}

/* House h of the list hc, its set stored in p's house and group words. */
static inline x81_v2 x81_house_set(x81_plan *p, const uint16_t *hc, int h)
{
    const uint16_t *cells = hc + h * X81_N;
    x81_v2 m = {0, 0};
    X81_UNROLL for (int i = 0; i < X81_N; i++)
        m |= x81_bitv[cells[i]];
    p->housev[h] = m;
    p->hlo[h / 4][h % 4] = m[0];
    p->hhi[h / 4][h % 4] = m[1];
    return m;
}

/* Adds houses from..to-1 of the list hc to p's sets: a pass over the
 * cells, its loops unrolled, on the sets' two words at once.  Each cell's
 * peers and houses are src's (p itself, or a plan whose tables p has not
 * copied) plus the house's. */
static void x81_add_houses(x81_plan *p, const x81_plan *src, const uint16_t *hc, int from, int to)
{
    for (int h = from; h < to; h++) {
        x81_v2 m = x81_house_set(p, hc, h);
        X81_UNROLL for (int i = 0; i < X81_N; i++) {
            int c = hc[h * X81_N + i];
            p->peerv[c] = src->peerv[c] | (m & ~x81_bitv[c]);
            p->ch[c] = src->ch[c] | 1ull << h;
        }
    }
}

/* The same for the nine houses from..from+8 onto base's peers and cells'
 * houses, without copying those first, when they split the board (a
 * jigsaw's regions, the boxes: each cell written once): 1 if they do, else
 * 0, p's peers and cells' houses left half made. */
static int x81_add_split(x81_plan *p, const x81_plan *base, const uint16_t *hc, int from)
{
    x81_add_houses(p, base, hc, from, from + X81_N);
    x81_v2 covered = {0, 0}, twice = {0, 0};
    for (int h = from; h < from + X81_N; h++) {
        twice |= covered & p->housev[h];
        covered |= p->housev[h];
    }
    x81_set all = ((x81_set)1 << X81_CELLS) - 1;
    return !(twice[0] | twice[1]) && covered[0] == (uint64_t)all && covered[1] == (uint64_t)(all >> 64);
}

/* The houses h1 < h2 meeting house h2 in two or more cells (bit h1):
 * those that two of its cells' house masks share (bit-sliced
 * once/twice counts). */
static uint64_t x81_partners(const x81_plan *p, const uint16_t *hc, int h2)
{
    uint64_t once = 0, twice = 0;
    X81_UNROLL for (int i = 0; i < X81_N; i++) {
        uint64_t hs = p->ch[hc[h2 * X81_N + i]];
        twice |= once & hs;
        once |= hs;
    }
    return twice & ((1ull << h2) - 1);
}

/* Adds houses h1 and h2 of p as pair k of x81_pairs. */
static inline void x81_add_pair(const x81_plan *p, int k, int h1, int h2)
{
    x81_v2 in = p->housev[h1] & p->housev[h2], a = p->housev[h1] & ~in, b = p->housev[h2] & ~in;
    x81_pairs.ilo[k] = in[0];
    x81_pairs.ihi[k] = in[1];
    x81_pairs.alo[k] = a[0];
    x81_pairs.ahi[k] = a[1];
    x81_pairs.blo[k] = b[0];
    x81_pairs.bhi[k] = b[1];
}

/* Fills x81_pairs for plan p, its houses made: the pairs of the first
 * `from` houses from the list base made of them (base->bp), then those
 * of each later house. */
static void x81_add_pairs(const x81_plan *p, const x81_plan *base, const uint16_t *hc, int from)
{
    int np = 0;
    for (int i = 0; from && i < base->nbp; i++)
        x81_add_pair(p, np++, base->bp[i][0], base->bp[i][1]);
    for (int h2 = from; h2 < p->nlock; h2++) {
        uint64_t m = x81_partners(p, hc, h2);
        if (p->boxline && (p->plain >> h2 & 1))
            m &= ~p->plain;             /* (x81_boxline's pairs) */
        for (; m; m &= m - 1)
            x81_add_pair(p, np++, __builtin_ctzll(m), h2);
    }
    for (int k = np; k % 8; k++)        /* the last group's unused lanes: empty */
        x81_pairs.ilo[k] = x81_pairs.ihi[k] = x81_pairs.alo[k] = x81_pairs.ahi[k] = x81_pairs.blo[k] =
            x81_pairs.bhi[k] = 0;
    x81_pairs.np = np;
    x81_pairs.ready = 1;
}

/* Chooses p->fold, a shift of the houses' high words that sets no bit a
 * low word of the same house has, and shifts them: then a house's cells
 * in a set are one word, the low word's and the shifted high word's bits
 * side by side, and the house scan tests one word (x81_scan).  Shifts of
 * up to 47 keep the 17 cells of the high word in the word; the first
 * that fits (0 on most boards; rows, columns and boxes never overlap, an
 * anti-diagonal does).  If none does (a board built by hand for it),
 * p->overlap: the board goes to the general solver (x81_applies). */
static void x81_fold(x81_plan *p)
{
    p->overlap = 0;
    for (int k = 0; k < 64 - (X81_CELLS - 64); k++) {
        x81_v4 hit = {0};
        for (int g = 0; g < p->ng; g++)
            hit |= (p->hhi[g] << k) & p->hlo[g];
        if (!(hit[0] | hit[1] | hit[2] | hit[3])) {
            p->fold = k;
            for (int g = 0; g < p->ng; g++)
                p->hhi[g] <<= k;
            return;
        }
    }
    p->fold = 0;
    p->overlap = 1;
}

/* Sets p->boxline and p->plain: whether the houses include plain 9x9's
 * 27, rows and columns among the first `from` (known from base) and the
 * boxes, in order, right after them (the variant boards' order; another
 * board goes to the table alone, as does a jigsaw after one compare). */
static void x81_find_plain(x81_plan *p, const x81_plan *base, int from)
{
    p->boxline = from && base->rcfound == (1u << 2 * X81_N) - 1 && p->nh >= from + X81_N;
    for (int k = 0; k < X81_N && p->boxline; k++)
        p->boxline = p->house[from + k] == X81_BOX(k);
    p->plain = p->boxline ? base->rowcol | ((1ull << X81_N) - 1) << from : 0;
}

/* The sets of the first X81_BASE houses of the last board built (rows and
 * columns on every variant board): a jigsaw batch, a board a record, then
 * adds only its regions to a copy. */
static _Thread_local x81_plan x81_base;

/* The plan of board b, from this thread's cache of one board: known by
 * its address and serial, or a board without a serial (built by hand) by
 * its house lists (boards with serials skip the lists' copy and compare:
 * a jigsaw batch brings a new board each record). */
static const x81_plan *x81_plan_for(const sdk_board *b)
{
    x81_plan *p = &x81_cache;
    if (p->valid && p->board == b && p->serial == b->serial && b->serial)
        return p;
    int nh = b->nhouses + b->nimplied;
    size_t keylen = sizeof(uint16_t) * (size_t)nh * X81_N;
    if (!(p->valid && !p->serial && !b->serial && p->nh == nh && !memcmp(p->key, b->house_cells, keylen))) {
        int from = nh < X81_BASE ? 0 : X81_BASE;
        size_t baselen = sizeof(uint16_t) * (size_t)from * X81_N;
        x81_plan *q = &x81_base;
        if (from && !(q->valid && !memcmp(q->key, b->house_cells, baselen))) {
            memcpy(q->key, b->house_cells, baselen);
            x81_clear(q);
            x81_add_houses(q, q, b->house_cells, 0, from);
            q->nbp = 0;
            for (int h2 = 0; h2 < from; h2++)       /* (none when they are rows and columns) */
                for (uint64_t m = x81_partners(q, b->house_cells, h2); m; m &= m - 1, q->nbp++) {
                    q->bp[q->nbp][0] = (uint8_t)__builtin_ctzll(m);
                    q->bp[q->nbp][1] = (uint8_t)h2;
                }
            q->rowcol = 0;
            q->rcfound = 0;
            for (int h = 0; h < from; h++) {
                x81_set m = q->house[h];
                int c = x81_ctz(m), row = m == X81_ROW(c / 9), col = m == X81_COL(c % 9);
                q->rowcol |= (uint64_t)(row | col) << h;
                q->rcfound |= (unsigned)row << c / 9 | (unsigned)col << (X81_N + c % 9);
            }
            q->valid = 1;
        }
        p->nh = nh;
        p->nlock = b->nhouses;
        if (!b->serial)
            memcpy(p->key, b->house_cells, keylen);
        p->all = ((x81_set)1 << X81_CELLS) - 1;
        p->ng = (p->nh + 3) / 4;
        int split = 0;
        if (from) {
            memcpy(p->house, q->house, sizeof(x81_set) * X81_BASE);
            memcpy(p->hlo, q->hlo, sizeof p->hlo);
            memcpy(p->hhi, q->hhi, sizeof p->hhi);
            split = p->nh >= from + X81_N && x81_add_split(p, q, b->house_cells, from);
            if (!split) {
                memcpy(p->peer, q->peer, sizeof p->peer);
                memcpy(p->ch, q->ch, sizeof p->ch);
            }
        } else {
            x81_clear(p);
        }
        x81_add_houses(p, p, b->house_cells, split ? from + X81_N : from, p->nh);
        x81_find_plain(p, q, from);
        x81_fold(p);
        x81_pairs.ready = 0;
        x81_state *e = &x81_empty;
        uint64_t open = (1ull << p->nh) - 1;
        if (e->open[0] != open) {               /* (it depends on the number of houses only) */
            memset(e, 0, sizeof *e);
            for (int d = 0; d < X81_N; d++) {
                e->cand[d] = e->chg[d] = p->all;
                e->open[d] = open;
            }
            e->un = p->all;
        }
    }
    p->board = b;
    p->serial = b->serial;
    p->valid = 1;
    return p;
}

int x81_applies(const sdk_board *b)
{
    return b->ncells == X81_CELLS && b->n == X81_N && !b->ncages && b->nhouses + b->nimplied <= X81_MAXH &&
           !x81_plan_for(b)->overlap;
}

/* Digit d's half of its vector (lanes 0-1 for even d, 2-3 for odd). */
static const x81_v4 x81_half[2] = {{~0ull, ~0ull, 0, 0}, {0, 0, ~0ull, ~0ull}};

/* Places digit d (0-based) in cell c, which the other digits may still
 * hold.  Returns 0 if d was no longer possible there. */
static inline int x81_place(const x81_plan *p, x81_state *st, int c, int d)
{
    x81_set bit = x81_bit[c];
    if (!(st->cand[d] & bit))
        return 0;
    x81_v4 bv = X81_SPLAT(bit);
    for (int i = 0; i < X81_NV; i++) {
        st->chgv[i] |= st->candv[i] & bv;
        st->candv[i] &= ~bv;
    }
    x81_v4 peer = X81_SPLAT(p->peer[c]) & x81_half[d & 1];     /* (on the vector: see x81_place_single) */
    st->chgv[d >> 1] |= st->candv[d >> 1] & peer;
    st->candv[d >> 1] &= ~peer;
    st->open[d] &= ~p->ch[c];
    st->un &= ~bit;
    st->val[c] = (uint8_t)(d + 1);
    return 1;
}

/* The same for a cell whose only candidate is d (a naked single), but
 * the unsolved cells left to the caller (once for all its singles).  On
 * d's vector, not its words: the naked singles' next pass loads whole
 * vectors, and a vector load of words just stored one by one stalls (the
 * store cannot forward to it).  Returns the cell's houses where d was
 * placed already (then it was no longer possible: a contradiction). */
static inline uint64_t x81_place_single(const x81_plan *p, x81_state *st, int c, int d)
{
    x81_v4 half = x81_half[d & 1], peer = X81_SPLAT2(p->peerv[c]) & half;
    st->chgv[d >> 1] |= st->candv[d >> 1] & peer;
    st->candv[d >> 1] &= ~(peer | (X81_SPLAT2(x81_bitv[c]) & half));
    uint64_t closed = p->ch[c] & ~st->open[d];
    st->open[d] &= ~p->ch[c];
    st->val[c] = (uint8_t)(d + 1);
    return closed;
}

/* Places the naked singles m of one word (cells base + bit), their
 * digits' bits in the planes odd, two, four and eight: -1 when one's
 * digit was gone (an earlier single of it is its peer: found once all
 * are placed, a branch less a single), else 0. */
static inline int x81_naked_word(const x81_plan *p, x81_state *st, uint64_t m, int base, uint64_t odd, uint64_t two,
                                 uint64_t four, uint64_t eight)
{
    uint64_t closed = 0;
    for (; m; m &= m - 1) {
        int b = __builtin_ctzll(m), c = base + b;
        int d = (int)((odd >> b & 1) | (two >> b & 1) << 1 | (four >> b & 1) << 2 | (eight >> b & 1) << 3);
        closed |= x81_place_single(p, st, c, d);
    }
    return closed ? -1 : 0;
}

/* Naked singles until there are none: -1 on a contradiction, else 0. */
static inline int x81_naked(const x81_plan *p, x81_state *st)
{
    for (;;) {
        x81_v4 o = {0}, t = {0};
        _Pragma("GCC unroll 5") for (int i = 0; i < X81_NV; i++) {
            t |= o & st->candv[i];
            o |= st->candv[i];
        }
        x81_v4 os = X81_SWAP(o), oncev = o | os, twicev = t | X81_SWAP(t) | (o & os);
        x81_set once = X81_LANES(oncev, 0), twice = X81_LANES(twicev, 0);
        if (st->un & ~once)
            return -1;
        x81_set single = st->un & ~twice;
        if (!single)
            return 0;
        /* each single's digit, by the bits of its index (bit-sliced over
         * the digits: a loop over the digits mispredicts) */
        x81_v4 b1 = st->candv[1] | st->candv[3], b2 = st->candv[2] | st->candv[3];
        x81_v4 odd = X81_SWAP(st->candv[0] | b1 | st->candv[2]), two = b1 | X81_SWAP(b1), four = b2 | X81_SWAP(b2);
        for (int w = 0; w < 2; w++)     /* (a word at a time: the planes in registers, no 128-bit ctz) */
            if (x81_naked_word(p, st, (uint64_t)(single >> 64 * w), 64 * w, odd[w], two[w], four[w],
                               st->candv[4][w]) < 0)
                return -1;
        st->un &= ~single;              /* (once: per single it was a chain of loads and stores) */
    }
}

/* The houses (bit h) where cand has at most one place: four houses at a
 * time and without a branch.  A house's places are one word (x81_fold):
 * at most one when that word has at most one bit. */
#define X81_SCAN_GROUPS(n)                                                                          \
    _Pragma("GCC unroll 12") for (int g = 0; g < (n); g++) {                                    \
        x81_v4 x = (cl & p->hlo[g]) | (ch & p->hhi[g]);                                          \
        s |= X81_MASK4((x81_v4)((x & (x - 1)) == 0)) << (4 * g);                                 \
    }
static inline uint64_t x81_scan(const x81_plan *p, x81_set cand)
{
#ifdef __AVX512F__
    /* (eight houses a vector, to a mask register; the loops of a constant
     * count: up to 32, 40 or 48 houses, with the implied ones) */
    __m512i zl = _mm512_set1_epi64((long long)(uint64_t)cand),
            zh = _mm512_set1_epi64((long long)((uint64_t)(cand >> 64) << p->fold)), one = _mm512_set1_epi64(1);
    uint64_t s = 0;
#define X81_SCAN8(nv)                                                                                           \
    X81_UNROLL for (int g = 0; g < (nv); g++) {                                                              \
        __m512i x = _mm512_or_si512(_mm512_and_si512(zl, _mm512_loadu_si512((const void *)&p->hlo[2 * g])),   \
                                    _mm512_and_si512(zh, _mm512_loadu_si512((const void *)&p->hhi[2 * g])));  \
        s |= (uint64_t)_mm512_testn_epi64_mask(x, _mm512_sub_epi64(x, one)) << (8 * g);                     \
    }
    if (p->ng <= 8) {
        X81_SCAN8(4)
    } else if (p->ng <= 10) {
        X81_SCAN8(5)
    } else {
        X81_SCAN8(6)
    }
#undef X81_SCAN8
    return s;
#else
    x81_v4 cl = X81_SPLAT64((uint64_t)cand), ch = X81_SPLAT64((uint64_t)(cand >> 64) << p->fold);
    uint64_t s = 0;
    if (p->ng == 7) {                   /* (jigsaw; x; windoku: loops of a constant count, unrolled) */
        X81_SCAN_GROUPS(7)
    } else if (p->ng == 8) {
        X81_SCAN_GROUPS(8)
    } else if (p->ng == 9) {
        X81_SCAN_GROUPS(9)
    } else {
        X81_SCAN_GROUPS(p->ng)
    }
    return s;
#endif
}
#undef X81_SCAN_GROUPS

/* Hidden singles of the digits that left cells, in every open house (one
 * that did not meet the changes has none: it was looked at when it last
 * changed): -1 on a contradiction, else whether any was placed. */
static inline int x81_hidden(const x81_plan *p, x81_state *st)
{
    unsigned dm = 0, hit = 0;
    X81_UNROLL for (int d = 0; d < X81_N; d++)
        dm |= (unsigned)(st->chg[d] != 0) << d;
    uint64_t found[X81_N];
    for (; dm; dm &= dm - 1) {
        int d = __builtin_ctz(dm);
        st->lch[d] |= st->chg[d];
        st->chg[d] = 0;
        found[d] = x81_scan(p, st->cand[d]) & st->open[d];
        hit |= (unsigned)(found[d] != 0) << d;
    }
    for (unsigned dh = hit; dh; dh &= dh - 1) {
        int d = __builtin_ctz(dh);
        uint64_t o = found[d];
        x81_set cells = 0, peers = 0;
        uint64_t houses = 0;
        for (; o; o &= o - 1) {
            x81_set m = st->cand[d] & p->house[__builtin_ctzll(o)];
            if (!m)
                return -1;
            cells |= m;
        }
        for (x81_set m = cells; m; m &= m - 1) {
            int c = x81_ctz(m);
            peers |= p->peer[c];
            houses |= p->ch[c];
            st->val[c] = (uint8_t)(d + 1);
        }
        if (peers & cells)
            return -1;
        x81_v4 cv = X81_SPLAT(cells), pv = X81_SPLAT(peers) & x81_half[d & 1];
        for (int i = 0; i < X81_NV; i++) {
            st->chgv[i] |= st->candv[i] & cv;
            st->candv[i] &= ~cv;
        }
        st->chgv[d >> 1] |= st->candv[d >> 1] & pv;
        st->candv[d >> 1] &= ~pv;
        st->open[d] &= ~houses;
        st->un &= ~cells;
    }
    return hit != 0;
}

/* The places of cand that locked candidates over the table x81_pairs
 * remove: four pairs a vector (eight with AVX-512, into mask registers),
 * without a branch, both ways at once. */
static inline x81_set x81_pairs_gone(x81_set cand)
{
    uint64_t lo = (uint64_t)cand, hi = (uint64_t)(cand >> 64);
#ifdef __AVX512F__
    __m512i zl = _mm512_set1_epi64((long long)lo), zh = _mm512_set1_epi64((long long)hi);
    __m512i glo = _mm512_setzero_si512(), ghi = _mm512_setzero_si512();
#define X81_LD(a, k) _mm512_load_si512((const void *)&x81_pairs.a[k])
#define X81_PLACES(a, b, k) _mm512_or_si512(_mm512_and_si512(zl, X81_LD(a, k)), _mm512_and_si512(zh, X81_LD(b, k)))
    for (int k = 0; k < x81_pairs.np; k += 8) {
        __m512i in = X81_PLACES(ilo, ihi, k), a = X81_PLACES(alo, ahi, k), b = X81_PLACES(blo, bhi, k);
        __mmask8 some = _mm512_test_epi64_mask(in, in);
        __mmask8 a_in = _mm512_mask_testn_epi64_mask(some, a, a);     /* h1's places all shared: b goes */
        __mmask8 b_in = _mm512_mask_testn_epi64_mask(some, b, b);     /* and the other way */
        glo = _mm512_mask_or_epi64(glo, a_in, glo, X81_LD(blo, k));
        ghi = _mm512_mask_or_epi64(ghi, a_in, ghi, X81_LD(bhi, k));
        glo = _mm512_mask_or_epi64(glo, b_in, glo, X81_LD(alo, k));
        ghi = _mm512_mask_or_epi64(ghi, b_in, ghi, X81_LD(ahi, k));
    }
#undef X81_PLACES
#undef X81_LD
    return (x81_set)(uint64_t)_mm512_reduce_or_epi64(ghi) << 64 | (uint64_t)_mm512_reduce_or_epi64(glo);
#else
    x81_v4 cl = X81_SPLAT64(lo), ch = X81_SPLAT64(hi);
    x81_v4 glo = {0}, ghi = {0};
#define X81_LD(a, k) (*(const x81_v4 *)(const void *)&x81_pairs.a[k])
    _Pragma("GCC unroll 2") for (int k = 0; k < x81_pairs.np; k += 4) {
        x81_v4 some = ~(x81_v4)(((cl & X81_LD(ilo, k)) | (ch & X81_LD(ihi, k))) == 0);
        x81_v4 a_in = (x81_v4)(((cl & X81_LD(alo, k)) | (ch & X81_LD(ahi, k))) == 0) & some;  /* h1's places all shared: b goes */
        x81_v4 b_in = (x81_v4)(((cl & X81_LD(blo, k)) | (ch & X81_LD(bhi, k))) == 0) & some;  /* and the other way */
        glo |= (X81_LD(blo, k) & a_in) | (X81_LD(alo, k) & b_in);
        ghi |= (X81_LD(bhi, k) & a_in) | (X81_LD(ahi, k) & b_in);
    }
#undef X81_LD
    return (x81_set)(ghi[0] | ghi[1] | ghi[2] | ghi[3]) << 64 | (glo[0] | glo[1] | glo[2] | glo[3]);
#endif
}

/* Locked candidates for the digits that changed, once the singles are
 * exhausted: a digit's places in a house that all lie in another house
 * leave that house's other cells.  Over every pair of houses that share
 * cells, without a branch, both ways at once (a walk over the changed
 * houses, their places and the houses holding those was a fifth of an
 * easy X solve, in branches): the table's pairs (x81_pairs_gone) and
 * plain 9x9's by x81_boxline; a house with one place takes part too, its
 * erasures those of its hidden single, and one with none (a
 * contradiction, the next singles pass finds it) does not.  Returns
 * whether any candidate went. */
static inline int x81_locked(const x81_plan *p, x81_state *st)
{
    int changed = 0;
    if (!x81_pairs.ready)
        x81_add_pairs(p, &x81_base, p->board->house_cells, p->nh < X81_BASE ? 0 : X81_BASE);
    unsigned dm = 0;
    X81_UNROLL for (int d = 0; d < X81_N; d++)
        dm |= (unsigned)(st->lch[d] != 0) << d;
    for (; dm; dm &= dm - 1) {
        int d = __builtin_ctz(dm);
        st->lch[d] = 0;
        x81_set gone = x81_pairs_gone(st->cand[d]) & st->cand[d];
        if (p->boxline)
            gone |= x81_boxline(st->cand[d]);
        st->cand[d] &= ~gone;
        st->chg[d] |= gone;
        changed |= gone != 0;
    }
    return changed;
}

/* To a fixpoint: -1 on a contradiction, 0 when solved, 1 when cells are left. */
static int x81_propagate(const x81_plan *p, x81_state *st)
{
    for (;;) {
        if (x81_naked(p, st) < 0)
            return -1;
        if (!st->un)
            return 0;
        int r = x81_hidden(p, st);
        if (r < 0)
            return -1;
        if (!r && !x81_locked(p, st))
            return 1;
    }
}

/* The branches of a propagated, unsolved level (exact.c's rule, so both
 * solvers find the same first solution): a cell with two candidates, the
 * one whose digits reach the most unsolved peers, a peer with two
 * candidates counting 9; else the first house and digit with two places;
 * else the first cell with the fewest candidates.  Cell cells[i] takes
 * digit digits[i]; returns how many.  With rng (a restart), ties and
 * near-ties go by lot: a random bonus of up to the score itself, a random
 * house-digit pair, and the cell's branches in a random order. */
static int x81_branches(const x81_plan *p, const x81_state *st, sdk_rng *rng, uint8_t *cells, uint8_t *digits)
{
    x81_set b0 = 0, b1 = 0, b2 = 0, b3 = 0;
    X81_UNROLL for (int d = 0; d < X81_N; d++) {
        x81_set carry = st->cand[d], t;
        t = b0 & carry; b0 ^= carry; carry = t;
        t = b1 & carry; b1 ^= carry; carry = t;
        t = b2 & carry; b2 ^= carry; carry = t;
        b3 ^= carry;
    }
    x81_set two = st->un & ~b0 & b1 & ~b2 & ~b3;
    int c = -1, ways = 0;
    if (two) {
        int best_score = -1;
        for (x81_set m = two; m; m &= m - 1) {
            int at = x81_ctz(m);
            /* its two digits from a mask of its digits (an if per digit
             * mispredicts; masking every digit's set was 9 128-bit masks) */
            unsigned dm = 0;
            X81_UNROLL for (int d = 0; d < X81_N; d++)
                dm |= (unsigned)(st->candv[d >> 1][2 * (d & 1) + (at >> 6)] >> (at & 63) & 1) << d;
            x81_set reach = (st->cand[__builtin_ctz(dm)] | st->cand[31 - __builtin_clz(dm)]) & p->peer[at];
            int score = x81_pop(reach) + 8 * x81_pop(reach & two);
            if (rng)
                score += (int)rng_below_fast(rng, (uint32_t)score + 1);
            if (score > best_score) {
                c = at;
                best_score = score;
            }
        }
    } else {
        int h0 = rng ? (int)rng_below_fast(rng, (uint32_t)p->nh) : 0, d0 = rng ? (int)rng_below_fast(rng, X81_N) : 0;
        for (int i = 0; i < p->nh; i++)
            for (int j = 0; j < X81_N; j++) {
                int h = (h0 + i) % p->nh, d = (d0 + j) % X81_N;
                x81_set m = st->cand[d] & p->house[h];
                if ((st->open[d] >> h & 1) && x81_pop(m) == 2) {
                    int swap = rng ? (int)rng_below_fast(rng, 2) : 0;
                    cells[swap] = (uint8_t)x81_ctz(m);
                    cells[1 - swap] = (uint8_t)(127 - x81_clz(m));
                    digits[0] = digits[1] = (uint8_t)d;
                    return 2;
                }
            }
        for (int k = 3; k <= X81_N && c < 0; k++) {
            x81_set eq = st->un & ((k & 1) ? b0 : ~b0) & ((k & 2) ? b1 : ~b1) & ((k & 4) ? b2 : ~b2) &
                         ((k & 8) ? b3 : ~b3);
            if (eq)
                c = x81_ctz(eq);
        }
    }
    for (int d = 0; d < X81_N; d++)
        if (st->cand[d] >> c & 1) {
            cells[ways] = (uint8_t)c;
            digits[ways++] = (uint8_t)d;
        }
    for (int i = ways - 1; rng && i > 0; i--) {        /* (Fisher-Yates) */
        int j = (int)rng_below_fast(rng, (uint32_t)i + 1);
        uint8_t t = digits[i];
        digits[i] = digits[j];
        digits[j] = t;
    }
    return ways;
}

static void x81_found(x81_search *s, const x81_state *st)
{
    s->nodes++;
    if (s->count == 0 && s->solution)
        memcpy(s->solution, st->val, X81_CELLS);
    s->count++;
}

/* One search node: st is propagated and unsolved. */
static void x81_node(x81_search *s, const x81_state *st)
{
    s->nodes++;
    if (s->budget && ((s->budget->max_iters && s->nodes > s->budget->max_iters) ||
                      (s->nodes % 64 == 0 && sdk_budget_expired(s->budget)))) {
        s->stopped = 1;
        return;
    }
    uint8_t cells[X81_N], digits[X81_N];
    int ways = x81_branches(s->p, st, s->rng, cells, digits);
    for (int w = 0; w < ways && !s->stopped && (s->limit == 0 || s->count < s->limit); w++) {
        if (s->st)
            s->st->guesses++;
        x81_state next;
        memcpy(&next, st, offsetof(x81_state, chg));
        memset(&next.chg, 0, sizeof next - offsetof(x81_state, chg));
        if (!x81_place(s->p, &next, cells[w], digits[w]))
            continue;
        int r = x81_propagate(s->p, &next);
        if (r == 0)
            x81_found(s, &next);
        else if (r > 0)
            x81_node(s, &next);
    }
}

/* The set of puzzle's non-empty cells: 16 cells a compare where SSE2 is
 * (every x86-64), else a cell at a time. */
static x81_set x81_given(const uint8_t *puzzle)
{
    uint64_t w[2] = {0, 0};
    int c = 0;
#ifdef __SSE2__
    for (; c + 16 <= X81_CELLS; c += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(puzzle + c));
        uint64_t empty = (uint64_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128()));
        w[c >> 6] |= (~empty & 0xffff) << (c & 63);
    }
#endif
    for (; c < X81_CELLS; c++)
        w[c >> 6] |= (uint64_t)(puzzle[c] != 0) << (c & 63);
    return (x81_set)w[1] << 64 | w[0];
}

uint64_t x81_count_run(const sdk_board *b, const uint8_t *puzzle, uint64_t limit, uint8_t *solution,
                       sdk_stats *st, const sdk_budget *budget, sdk_status *status, sdk_rng *rng)
{
    if (!x81_applies(b))
        return UINT64_MAX;
    x81_search s = {x81_plan_for(b), limit, 0, 0, solution, st, budget, 0, rng};
    x81_state root = x81_empty;
    /* the givens: the given cells found without a branch per cell (whether
     * a cell is given mispredicts; a table by digit in memory was a chain
     * of stores and loads), then each leaves its digit's peers.  A given
     * its digit already left (a peer of another given of it), or a digit
     * out of range: no solution */
    x81_set given = x81_given(puzzle);
    int ok = 1;
    uint64_t closed = 0;
    memcpy(root.val, puzzle, X81_CELLS);
    for (x81_set m = given; m; m &= m - 1) {
        int c = x81_ctz(m), d = puzzle[c] - 1;
        if (d >= X81_N) {
            ok = 0;
            break;
        }
        closed |= s.p->ch[c] & ~root.open[d];
        root.candv[d >> 1] &= ~(X81_SPLAT2(s.p->peerv[c]) & x81_half[d & 1]);   /* (as x81_place_single) */
        root.open[d] &= ~s.p->ch[c];
    }
    ok &= !closed;
    x81_v4 gv = X81_SPLAT(given);
    for (int i = 0; i < X81_NV; i++)
        root.candv[i] &= ~gv;
    root.un &= ~given;
    int r = ok ? x81_propagate(s.p, &root) : -1;
    if (r == 0)
        x81_found(&s, &root);
    else if (r > 0)
        x81_node(&s, &root);
    if (st)
        st->nodes += s.nodes;
    if (status) {
        if (s.stopped)
            *status = budget->interrupt && *budget->interrupt ? SDK_INTERRUPTED : SDK_TIMEOUT;
        else
            *status = s.count ? SDK_SOLVED : SDK_UNSOLVABLE;
    }
    return s.count;
}

uint64_t x81_count(const sdk_board *b, const uint8_t *puzzle, uint64_t limit, uint8_t *solution,
                   sdk_stats *st, const sdk_budget *budget, sdk_status *status)
{
    return x81_count_run(b, puzzle, limit, solution, st, budget, status, NULL);
}
