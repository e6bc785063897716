/*
 * exact.c -- the exact solver for every board (any size up to 25x25, any
 * house table: extra houses, cells in more than three houses, ncells other
 * than n*n).  It counts solutions up to a limit and is the oracle the rest
 * of the project leans on (verifying stochastic answers, proving generated
 * puzzles unique).  9x9 boards with standard boxes go to the faster kernel
 * in exact9.c, other 81-cell boards to exact81.c.
 *
 * State, per search level: a bitboard per digit (the cells that may still
 * take it, and the cells that hold it), the unsolved cells, and per house
 * the digits placed (exactplan.h: cell c is bit c of W words).  Placing a
 * digit is a few word operations: its bitboard loses the cell's peers,
 * every other bitboard the cell.  Propagation, to a fixpoint:
 *  - naked singles: the cells in exactly one bitboard, by bit-sliced
 *    once/twice counts over the digits, a word at a time;
 *  - hidden singles: per house and unplaced digit, the digit's bitboard on
 *    the house's few (word, mask) segments holds one unsolved cell;
 *  - locked candidates, once the singles are exhausted: when a house's
 *    cells for a digit all lie in another house too, the digit leaves that
 *    house's other cells (box/line on standard boards, box/diagonal and
 *    region/line on variants; any pair of houses but the implied ones, whose
 *    pairs cost more than they save).
 * Near the root of a count (not in sdk_exact_differs' dives, nor below
 * 12x12, where it measured slower), failed literals: each digit of each
 * two-candidate cell is tried and propagated (see probe).
 * Plain 16x16 boards propagate by 16-bit lanes instead (q16_*, below):
 * every house of a digit in a few vector operations, singles placed as sets.
 * Branching: a cell with two candidates (the one whose digits reach the
 * most unsolved peers, bivalue peers counting 9), else a digit with two
 * places in a house, else the cell with the fewest candidates.  Each level
 * owns a copy of the state, so backtracking is moving back one level.  The
 * budget is checked every 64 nodes.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#if defined(__AVX__) || defined(__BMI2__)
#include <immintrin.h>
#endif
#include "exact81.h"
#include "restarts.h"
#include "exactplan.h"

enum { XS_CHUNK = 16, XS_MAX_CHUNKS = (SDK_MAX_CELLS + 1 + XS_CHUNK - 1) / XS_CHUNK + 1,
       XS_MAX_W = SDK_MAX_CELLS / 64 + 1 };

/* Levels above it probe (see probe): measured against 1, 3, 4 and 6 on
 * puzzles/sizes/16x16.txt and 25x25.txt and on generated 16x16 puzzles. */
enum { XS_PROBE_DEPTH = 2 };

/* The hot path, inlined into each instance of the search (see XS_INSTANCE). */
#define XS_HOT static inline __attribute__((always_inline))

typedef struct search {
    const sdk_board *b;
    const xp_plan *p;
    int n, W, nh;
    size_t L;                       /* uint64_t words a level */
    uint32_t full;                  /* all n digits */
    uint64_t limit, count, nodes;
    uint8_t *solution;
    const uint8_t *prefer;          /* NULL, or a grid whose digits branches try first */
    sdk_stats *st;
    const sdk_budget *budget;
    int stopped;
    int probe_depth;                /* levels above it probe their two-candidate cells */
    /* Locked candidates for house-digits with at most this many places:
     * the most two houses share, and from 12x12 at most 3 (four or more
     * places: 0.3% of the tries found anything on 16x16 generation; on
     * 9x9 boards the variants' grids, from this solver, stay as they were) */
    int lockmax;
    /* The digits of house h whose cells changed since the last pass over
     * it: a (house, digit) that did not change has nothing new to say. */
    uint32_t hd[SDK_MAX_CELLS];
    /* On a plain 16x16 board (see q16_propagate) in place of hd: the digits
     * whose bitboards changed since their last hidden-singles pass (qs) and
     * locked-candidates pass (ql). */
    uint32_t qs, ql;
    uint64_t *chunk[XS_MAX_CHUNKS]; /* levels, XS_CHUNK a chunk, allocated as the search deepens */
    /* A killer (killer set): the cells whose candidates changed since the
     * last pass over the cages (like hd, forgotten at a fixpoint): a cage
     * none of whose cells changed has nothing new to say. */
    int killer;
    uint64_t cdirty[XS_MAX_W];
    uint8_t val[SDK_MAX_CELLS];     /* digits placed on the current path (1..n) */
} search;

/* A level: n digit bitboards, the unsolved cells, nh placed-digit masks, and
 * on a killer the cells' masks (XS_CAGEMASK). */
#define XS_DIGIT(s, lv, d) ((lv) + (size_t)(d) * (s)->W)
#define XS_UNSOLVED(s, lv) ((lv) + (size_t)(s)->n * (s)->W)
#define XS_PLACED(s, lv) ((uint32_t *)((lv) + (size_t)((s)->n + 1) * (s)->W))
/* On a killer, then each cell's candidates as a mask (bit d: digit d + 1),
 * brought up to date at each pass over the cages for the cells changed
 * since the last (cdirty): a level at its fixpoint has them all right. */
#define XS_CAGEMASK(s, lv) ((uint32_t *)((lv) + (size_t)((s)->n + 1) * (s)->W) + (((s)->nh + 1) & ~1))

static uint64_t *level_at(search *s, int depth)
{
    int k = depth / XS_CHUNK;
    if (k >= XS_MAX_CHUNKS)
        return NULL;
    if (!s->chunk[k])
        s->chunk[k] = malloc(sizeof(uint64_t) * s->L * XS_CHUNK);
    return s->chunk[k] ? s->chunk[k] + s->L * (size_t)(depth % XS_CHUNK) : NULL;
}

/* Forgets every mark: the level is at its fixpoint (or is left). */
static inline void clear_marks(search *s)
{
    memset(s->hd, 0, sizeof(uint32_t) * (size_t)s->nh);
    s->qs = s->ql = 0;
    memset(s->cdirty, 0, sizeof s->cdirty);
}

/* Notes that digit bits (a mask) left cell c: its houses (and cages) are
 * to be looked at. */
XS_HOT void mark_cell(search *s, int c, uint32_t bits)
{
    for (const uint16_t *h = s->p->ch + (size_t)c * s->p->hstride; *h != XP_END; h++)
        s->hd[*h] |= bits;
    if (s->killer)
        s->cdirty[c >> 6] |= 1ull << (c & 63);
}

/* The same for the cells of set (W words) that lose digit d. */
XS_HOT void mark_cells(search *s, const uint64_t *set, int d, int W)
{
    for (int w = 0; w < W; w++)
        for (uint64_t m = set[w]; m; m &= m - 1)
            mark_cell(s, w * 64 + __builtin_ctzll(m), 1u << d);
}

/* Places digit d (0-based) in cell c, noting what changed in hd (mark
 * 1), in qs and ql (mark 2) or not at all (0).  Returns 0 if d was no
 * longer possible there. */
XS_HOT int place_marking(search *s, uint64_t *lv, int c, int d, int W, int mark)
{
    int w = c >> 6, n = s->n;
    uint64_t bit = 1ull << (c & 63);
    uint64_t *dd = XS_DIGIT(s, lv, d);
    if (!(dd[w] & bit))
        return 0;
    uint32_t had = 0;                   /* c's candidates: the digits that change in its houses */
    for (int e = 0; e < n; e++) {
        uint64_t *x = lv + (size_t)e * W + w, v = *x;
        had |= (uint32_t)(v >> (c & 63) & 1) << e;
        *x = v & ~bit;
    }
    const uint64_t *pm = s->p->peer + (size_t)c * W;
    uint64_t gone[XS_MAX_W];
    for (int k = 0; k < W; k++) {
        gone[k] = dd[k] & pm[k];
        dd[k] &= ~pm[k];
    }
    dd[w] |= bit;
    XS_UNSOLVED(s, lv)[w] &= ~bit;
    s->val[c] = (uint8_t)(d + 1);
    if (s->killer) {
        for (int k = 0; k < W; k++)
            s->cdirty[k] |= gone[k];
        s->cdirty[w] |= bit;
    }
    uint32_t *placed = XS_PLACED(s, lv);
    for (const uint16_t *h = s->p->ch + (size_t)c * s->p->hstride; *h != XP_END; h++)
        placed[*h] |= 1u << d;
    if (mark == 1) {
        mark_cell(s, c, had);
        mark_cells(s, gone, d, W);
    } else if (mark == 2) {
        s->qs |= had | 1u << d;
        s->ql |= had | 1u << d;
    }
    return 1;
}

/* Q: a plain 16x16 board, whose lane propagation (see q16_propagate)
 * needs no marks. */
XS_HOT int xs_place(search *s, uint64_t *lv, int c, int d, int W, int Q)
{
    return place_marking(s, lv, c, d, W, Q ? 2 : 1);
}

/* Naked singles until there are none.  Returns -1 on a contradiction (a
 * cell with no digit), else the number of cells placed. */
XS_HOT int naked_singles(search *s, uint64_t *lv, int W)
{
    int n = s->n, placed = 0;
    const uint64_t *un = XS_UNSOLVED(s, lv);
    for (;;) {
        uint64_t single[XS_MAX_W];
        int any = 0;
        for (int w = 0; w < W; w++) {
            uint64_t once = 0, twice = 0;
            for (int d = 0; d < n; d++) {
                uint64_t x = lv[(size_t)d * W + w];
                twice |= once & x;
                once |= x;
            }
            if (un[w] & ~once)
                return -1;
            single[w] = un[w] & ~twice;
            any |= single[w] != 0;
        }
        if (!any)
            return placed;
        for (int w = 0; w < W; w++)
            for (uint64_t m = single[w]; m; m &= m - 1) {
                int c = w * 64 + __builtin_ctzll(m), d = 0;
                uint64_t bit = m & -m;
                while (d < n && !(lv[(size_t)d * W + w] & bit))
                    d++;
                if (d == n)
                    return -1;          /* an earlier single took its digit */
                xs_place(s, lv, c, d, W, 0);
                placed++;
            }
    }
}

/* Locked candidates for digit d of house a, whose unsolved cells for it
 * are x (over a's segments, two or more of them): if they all lie in
 * another house, d leaves that house's other cells.  Returns whether
 * anything was erased. */
XS_HOT int locked(search *s, uint64_t *lv, int a, int d, const uint64_t *x, int W)
{
    const xp_plan *p = s->p;
    int s0 = p->seg_start[a], ns = p->seg_start[a + 1] - s0, changed = 0;
    int k0 = 0, k1 = ns - 1;
    while (!x[k0])
        k0++;
    while (!x[k1])
        k1--;
    int c0 = p->seg_word[s0 + k0] * 64 + __builtin_ctzll(x[k0]);
    int w1 = p->seg_word[s0 + k1], b1 = 63 - __builtin_clzll(x[k1]);  /* the last cell */
    uint64_t *dd = XS_DIGIT(s, lv, d);
    const uint64_t *am = p->house + (size_t)a * W;
    for (const uint16_t *hp = p->ch + (size_t)c0 * p->hstride; *hp != XP_END; hp++) {
        int h = *hp;
        if (h == a || h >= p->nlock)
            continue;
        const uint64_t *hm = p->house + (size_t)h * W;
        if (!(hm[w1] >> b1 & 1))
            continue;                   /* (most houses fail here, a test not a loop) */
        uint64_t out = 0;
        for (int i = 0; i < ns; i++)
            out |= x[i] & ~hm[p->seg_word[s0 + i]];
        if (out)
            continue;
        for (int i = p->seg_start[h]; i < p->seg_start[h + 1]; i++) {
            int w = p->seg_word[i];
            uint64_t gone = dd[w] & p->seg_mask[i] & ~am[w];
            if (gone) {
                dd[w] &= ~gone;
                changed = 1;
                for (; gone; gone &= gone - 1)
                    mark_cell(s, w * 64 + __builtin_ctzll(gone), 1u << d);
            }
        }
    }
    return changed;
}

/* Hidden singles and locked candidates over every house and unplaced
 * digit that changed since the last pass.  (Locked candidates only after
 * the singles measured no faster on 16x16 generation: one pass, one set
 * of marks.)  Returns -1 on a contradiction (a digit with no place in a
 * house), else whether anything changed. */
XS_HOT int house_pass(search *s, uint64_t *lv, int W)
{
    const xp_plan *p = s->p;
    int changed = 0;
    const uint64_t *un = XS_UNSOLVED(s, lv);
    uint32_t *placed = XS_PLACED(s, lv), *hd = s->hd;
    for (int h = 0; h < s->nh; h++) {
        int s0 = p->seg_start[h], ns = p->seg_start[h + 1] - s0;
        const uint8_t *sw = p->seg_word + s0;
        const uint64_t *sm = p->seg_mask + s0;
        uint32_t todo = hd[h] & ~placed[h];
        hd[h] = 0;
        for (; todo; todo &= todo - 1) {
            int d = __builtin_ctz(todo);
            if (placed[h] >> d & 1)
                continue;               /* placed by this pass */
            const uint64_t *dd = XS_DIGIT(s, lv, d);
            uint64_t x[XS_MAX_W];
            int k = 0;
            for (int i = 0; i < ns; i++) {
                x[i] = dd[sw[i]] & un[sw[i]] & sm[i];
                k += __builtin_popcountll(x[i]);
            }
            if (k == 0)
                return -1;
            if (k == 1) {
                int i = 0;
                while (!x[i])
                    i++;
                if (!xs_place(s, lv, sw[i] * 64 + __builtin_ctzll(x[i]), d, W, 0))
                    return -1;
                changed = 1;
                continue;
            }
            if (k <= s->lockmax && h < p->nlock)
                changed |= locked(s, lv, h, d, x, W);
        }
    }
    return changed;
}

/* ---- Plain 16x16 boards ---------------------------------------------------
 * There a digit's bitboard is 16 lanes of 16 bits: word k holds rows 4k to
 * 4k+3 (band k), a lane a row, a bit a column, and nibble j of a lane is
 * the row's part of box (k, j).  Hidden singles and locked candidates of
 * all 48 houses of a digit are then a few dozen word operations (once /
 * twice folds over lanes and nibbles) in place of a pass house by house,
 * with marks per digit (qs, ql) in place of per house-digit.  The bitboard
 * holds the digit's placed cells too, so a house without any bit of the
 * digit is a contradiction. */
typedef uint64_t q16_v4 __attribute__((vector_size(32)));
typedef uint16_t q16_v16 __attribute__((vector_size(32)));
/* The same vectors at any word address (a level is 8-byte aligned). */
typedef uint64_t q16_u __attribute__((vector_size(32), aligned(8), may_alias));

/* (Macros, not functions: without AVX, gcc notes at every function that
 * takes such a vector that its ABI changed long ago.) */
#define Q16_LOAD(p) (*(const q16_u *)(p))
#define Q16_STORE(p, v) (*(q16_u *)(p) = (v))
/* Whether a & b has a bit (one vptest where there is AVX). */
#ifdef __AVX__
#define Q16_MEET(a, b) (!_mm256_testz_si256((__m256i)(a), (__m256i)(b)))
#else
#define Q16_MEET(a, b) ((((a) & (b))[0] | ((a) & (b))[1] | ((a) & (b))[2] | ((a) & (b))[3]) != 0)
#endif

#define Q16_LANES 0x0001000100010001ull     /* bit 0 of each lane */
#define Q16_NIBS 0x1111111111111111ull      /* bit 0 of each nibble */

/* Places digit d in the cells of set at once.  Returns 0 if one of them
 * no longer has d or two of them see each other.  (The houses' placed
 * digits are not kept up: two_places only skips with them.) */
XS_HOT int q16_place(search *s, uint64_t *lv, int d, const q16_v4 *cells)
{
    q16_v4 set = *cells;
    uint64_t *dd = XS_DIGIT(s, lv, d), *un = XS_UNSOLVED(s, lv);
    q16_v4 b = Q16_LOAD(dd), peers = b & 0;
    if (Q16_MEET(set, ~b))
        return 0;
    for (int w = 0; w < 4; w++)
        for (uint64_t m = set[w]; m; m &= m - 1) {
            int c = w * 64 + __builtin_ctzll(m);
            peers |= Q16_LOAD(s->p->peer + (size_t)c * 4);
            s->val[c] = (uint8_t)(d + 1);
        }
    if (Q16_MEET(peers, set))
        return 0;
    uint32_t changed = 1u << d;
    for (int e = 0; e < 16; e++) {
        q16_v4 x = Q16_LOAD(lv + 4 * e);
        changed |= (uint32_t)Q16_MEET(x, set) << e;
        Q16_STORE(lv + 4 * e, x & ~set);
    }
    s->qs |= changed;
    s->ql |= changed;
    Q16_STORE(dd, (b & ~peers) | set);
    Q16_STORE(un, Q16_LOAD(un) & ~set);
    return 1;
}

/* Folds the once/twice counts (*o, *t) with themselves k bits higher: bit
 * i then counts bits i and i + k. */
#define Q16_FOLD(o, t, k) do { (t) |= ((t) >> (k)) | ((o) & ((o) >> (k))); (o) |= (o) >> (k); } while (0)

/* Lane 0's 16 bits copied to the four lanes of each word (shifts: AVX2
 * has no 64-bit multiply). */
#define Q16_SPREAD(x) ((x) | (x) << 16 | (x) << 32 | (x) << 48)

/* Each nibble's bit 0 widened to the whole nibble. */
#define Q16_WIDEN(x) ((x) | (x) << 1 | (x) << 2 | (x) << 3)

/* The singles of digit d placed: hidden ones, and the naked ones among
 * the cells of single (the cells with one candidate).  Returns -1 on a
 * contradiction (a house without d, or two singles that clash), else
 * whether any. */
XS_HOT int q16_singles(search *s, uint64_t *lv, int d, const q16_v4 *single)
{
    const uint64_t *dd = XS_DIGIT(s, lv, d);
    q16_v4 b = Q16_LOAD(dd), un = Q16_LOAD(XS_UNSOLVED(s, lv));
    q16_v16 r = (q16_v16)b;
    /* rows: lanes with at most one bit; none empty */
    q16_v4 row1 = (q16_v4)((r & (r - 1)) == 0), rowz = (q16_v4)(r == 0);
    /* columns: counts over the 16 lanes */
    uint64_t co = b[0], ct = 0;
    for (int k = 1; k < 4; k++) {
        ct |= co & b[k];
        co |= b[k];
    }
    Q16_FOLD(co, ct, 32);
    Q16_FOLD(co, ct, 16);
    co &= 0xffff;
    uint64_t col1 = Q16_SPREAD(co & ~ct & 0xffff);
    /* boxes: counts over each band's four lanes, then the nibble's four bits */
    q16_v4 bo = b, bt = b & 0;
    Q16_FOLD(bo, bt, 16);
    Q16_FOLD(bo, bt, 32);
    Q16_FOLD(bo, bt, 1);
    Q16_FOLD(bo, bt, 2);
    q16_v4 box1 = bo & ~bt & 0x1111, boxz = ~bo & 0x1111;
    box1 = Q16_SPREAD(Q16_WIDEN(box1));
    q16_v4 bad = rowz | boxz;
    if ((co ^ 0xffff) | bad[0] | bad[1] | bad[2] | bad[3])
        return -1;
    q16_v4 hit = b & un & (row1 | col1 | box1 | *single);
    if (!Q16_MEET(hit, hit))
        return 0;
    return q16_place(s, lv, d, &hit) ? 1 : -1;
}

/* Locked candidates of digit d, the four kinds at once.  Returns whether
 * any candidate left. */
XS_HOT int q16_locked(search *s, uint64_t *lv, int d)
{
    uint64_t *dd = XS_DIGIT(s, lv, d);
    q16_v4 b = Q16_LOAD(dd);
    /* nz: bit 0 of each nibble, the row's part of that box holds d */
    q16_v4 nz = (b | b >> 1 | b >> 2 | b >> 3) & Q16_NIBS;
    /* a box's d in one row: the row loses d in the other boxes */
    q16_v4 ro = nz, rt = nz & 0;
    Q16_FOLD(ro, rt, 16);
    Q16_FOLD(ro, rt, 32);
    q16_v4 sole = nz & Q16_SPREAD(ro & ~rt & 0x1111);
    q16_v4 lane = sole | sole >> 4 | sole >> 8 | sole >> 12;
    q16_v4 keep = ((lane & Q16_LANES) << 16) - (lane & Q16_LANES);   /* whole lanes */
    q16_v4 out = keep & ~Q16_WIDEN(sole);
    /* a row's d in one box: the box's other rows lose it */
    q16_v4 bo = nz, bt = nz & 0;
    Q16_FOLD(bo, bt, 4);
    Q16_FOLD(bo, bt, 8);
    q16_v4 one = bo & ~bt & Q16_LANES;
    q16_v4 claim = Q16_WIDEN(nz & (one | one << 4 | one << 8 | one << 12));
    q16_v4 band = claim | claim >> 16 | claim >> 32 | claim >> 48;
    out |= Q16_SPREAD(band & 0xffff) & ~claim;
    /* columns of a band (lane 0): a box's d in one column, the column's
     * other bands lose it; a column's d in one band, the box's other
     * columns there lose it */
    q16_v4 col = (b | b >> 16 | b >> 32 | b >> 48) & 0xffff, co = col, ct = col & 0;
    Q16_FOLD(co, ct, 1);
    Q16_FOLD(co, ct, 2);
    q16_v4 only = col & Q16_WIDEN(co & ~ct & 0x1111);
    uint64_t twice = 0, once = 0;
    for (int k = 0; k < 4; k++) {
        twice |= once & col[k];
        once |= col[k];
    }
    for (int k = 0; k < 4; k++) {
        uint64_t other = only[(k + 1) & 3] | only[(k + 2) & 3] | only[(k + 3) & 3];
        uint64_t mine = col[k] & ~twice;       /* columns whose d is only in band k */
        uint64_t box = Q16_WIDEN(((mine | mine >> 1 | mine >> 2 | mine >> 3) & 0x1111)) & ~mine;
        out[k] |= Q16_SPREAD(other | box);
    }
    uint64_t gone = 0;
    for (int k = 0; k < 4; k++) {
        gone |= dd[k] & out[k];
        dd[k] &= ~out[k];
    }
    if (gone)
        s->qs |= 1u << d, s->ql |= 1u << d;
    return gone != 0;
}

/* propagate for a plain 16x16 board: the singles, naked and hidden, of
 * each digit that changed or holds a naked single, then, when they are
 * exhausted, locked candidates. */
XS_HOT int q16_propagate(search *s, uint64_t *lv)
{
    for (;;) {
        q16_v4 un = Q16_LOAD(XS_UNSOLVED(s, lv)), once = un & 0, twice = once;
        for (int d = 0; d < 16; d++) {
            q16_v4 x = Q16_LOAD(lv + 4 * d);
            twice |= once & x;
            once |= x;
        }
        if (!Q16_MEET(un, un))
            return 0;
        if (Q16_MEET(un, ~once))
            return -1;                  /* a cell without a candidate */
        q16_v4 single = un & ~twice;
        uint32_t todo = s->qs;
        if (Q16_MEET(single, single))
            for (int d = 0; d < 16; d++)
                todo |= (uint32_t)Q16_MEET(single, Q16_LOAD(lv + 4 * d)) << d;
        s->qs = 0;
        int placed = 0;
        for (; todo; todo &= todo - 1) {
            int k = q16_singles(s, lv, __builtin_ctz(todo), &single);
            if (k < 0)
                return -1;
            placed += k;
        }
        if (placed)
            continue;
        int changed = 0;
        todo = s->ql;
        s->ql = 0;
        for (; todo; todo &= todo - 1)
            changed |= q16_locked(s, lv, __builtin_ctz(todo));
        if (!changed)
            return 1;
    }
}

/* ---- Killer cages ----------------------------------------------------------
 * A cage's free cells must take k different digits, none placed in the
 * cage, adding up to what its placed digits leave of its sum.  The sets of
 * k digits that do (the classic combination tables, made as needed by a
 * search over the digits from the top with the bounds of what the rest can
 * add) count only if every free cell has a candidate in the set and every
 * digit of the set is some free cell's candidate.  A candidate in no such
 * set leaves its cell; a digit in all of them that only one free cell can
 * take is placed there. */
/* The sets of k different digits of 1..16 adding up to t, as masks in
 * ascending order: combo_mask[combo_start[g] .. combo_start[g + 1]) for
 * g = k * COMBO_SUMS + t; made once (all 2^16 masks, grouped). */
enum { COMBO_N = 16, COMBO_SUMS = COMBO_N * (COMBO_N + 1) / 2 + 1 };
static uint16_t combo_mask[1 << COMBO_N];
static int combo_start[(COMBO_N + 1) * COMBO_SUMS + 1];
static pthread_once_t combo_once = PTHREAD_ONCE_INIT;

static int combo_group(uint32_t m)
{
    int sum = 0;
    for (uint32_t x = m; x; x &= x - 1)
        sum += __builtin_ctz(x) + 1;
    return __builtin_popcount(m) * COMBO_SUMS + sum;
}

static void combo_build(void)
{
    static int fill[(COMBO_N + 1) * COMBO_SUMS];
    for (uint32_t m = 0; m < 1u << COMBO_N; m++)
        combo_start[combo_group(m) + 1]++;
    for (int g = 0; g < (COMBO_N + 1) * COMBO_SUMS; g++) {
        combo_start[g + 1] += combo_start[g];
        fill[g] = combo_start[g];
    }
    for (uint32_t m = 0; m < 1u << COMBO_N; m++)
        combo_mask[fill[combo_group(m)]++] = (uint16_t)m;
}

typedef struct cage_sets {
    int nfree;
    uint32_t mask[SDK_MAX_N];           /* the free cells' candidates (bit d-1: digit d) */
    uint32_t any;                       /* their union, less the cage's placed digits */
    uint32_t inter;                     /* the digits every set that counts holds */
    uint32_t sup[SDK_MAX_N];            /* each free cell's digits in some assignment of a set */
    int sets;
} cage_sets;

enum { CAGE_MATCH_MAX = 6 };            /* free cells up to which sets are matched exactly */

/* The matchings of k cells to k digits: c[i] the digits (bits 0..k-1)
 * cell i may take.  Returns each cell's digits in some matching, k bits a
 * cell (cell i at bit k * i), 0 if there is none.  A cell that may take
 * every digit (a wildcard) takes whatever the others leave, so the search
 * is on the others: the subsets of the digits they can take, cell by cell,
 * as a bitmap over the 2^k subsets (k <= 6: one word), reachable from the
 * first (fwd) and, with the wildcards after them, completable by the rest
 * (back).  Adding digit b to every subset without it is a shift by 2^b of
 * those subsets' bits: no branch on the data (mispredictions were most of
 * the cost of a loop over each subset's bits). */
static uint64_t match_small(int k, const uint32_t *c)
{
    static const uint64_t without[6] = {
        0x5555555555555555ull, 0x3333333333333333ull, 0x0f0f0f0f0f0f0f0full,
        0x00ff00ff00ff00ffull, 0x0000ffff0000ffffull, 0x00000000ffffffffull,
    };
    uint32_t all = (1u << k) - 1, rc[CAGE_MATCH_MAX];
    int r = 0, at[CAGE_MATCH_MAX];
    for (int i = 0; i < k; i++)
        if (c[i] != all) {
            at[r] = i;
            rc[r++] = c[i];
        }
    uint64_t fwd[CAGE_MATCH_MAX + 1], back, sup = 0;
    fwd[0] = 1;
    for (int i = 0; i < r; i++) {
        uint64_t next = 0;
        for (int b = 0; b < k; b++)
            next |= ((fwd[i] & without[b]) << (1u << b)) & -(uint64_t)(rc[i] >> b & 1);
        fwd[i + 1] = next;
    }
    if (!fwd[r])
        return 0;
    uint32_t left = 0;                  /* the digits some matching leaves the wildcards */
    for (int b = 0; b < k; b++)
        left |= (uint32_t)((fwd[r] & without[b]) != 0) << b;
    back = fwd[r];
    for (int i = r - 1; i >= 0; i--) {
        uint64_t prev = 0;
        for (int b = 0; b < k; b++) {
            uint64_t on = rc[i] >> b & 1 ? (fwd[i] & without[b]) << (1u << b) & back : 0;
            sup |= (uint64_t)(on != 0) << (b + k * at[i]);
            prev |= on >> (1u << b);
        }
        back = prev;
    }
    for (int i = 0; i < k; i++)
        if (c[i] == all)
            sup |= (uint64_t)left << (k * i);
    return sup;
}

/* match_small's answers: up to 4 cells in a table by the cells' masks
 * (2^(k*k) entries, filled as met; 0xffff unknown, never an answer since a
 * cell that lacks a digit lacks its support), 5 and 6 cells in a small
 * cache per thread keyed by k and the masks. */
static _Atomic uint16_t match_table[16 + 512 + 65536];
static pthread_once_t match_once = PTHREAD_ONCE_INIT;
static void match_table_clear(void)
{
    for (size_t i = 0; i < sizeof match_table / sizeof match_table[0]; i++)
        atomic_store_explicit(&match_table[i], 0xffff, memory_order_relaxed);
}
enum { MATCH_CACHE_BITS = 12 };
static __thread struct { uint64_t key, sup; } match_cache[1 << MATCH_CACHE_BITS];

static uint64_t match_lookup(int k, const uint32_t *c)
{
    uint64_t key = 0;
    for (int i = 0; i < k; i++)
        key |= (uint64_t)c[i] << (k * i);
    if (k <= 4) {
        size_t at = (k == 2 ? 0 : k == 3 ? 16 : 16 + 512) + (size_t)key;
        uint16_t v = atomic_load_explicit(&match_table[at], memory_order_relaxed);
        if (v == 0xffff) {
            v = (uint16_t)match_small(k, c);
            atomic_store_explicit(&match_table[at], v, memory_order_relaxed);
        }
        return v;
    }
    key |= (uint64_t)k << 60;
    size_t h = (size_t)((key * 0x9e3779b97f4a7c15ull) >> (64 - MATCH_CACHE_BITS));
    if (match_cache[h].key != key) {
        match_cache[h].key = key;
        match_cache[h].sup = match_small(k, c);
    }
    return match_cache[h].sup;
}

/* The digits each free cell takes in some assignment of set's digits to the
 * free cells, one each, from their candidates (a matching), into x->sup;
 * 0 if there is none. */
static int cage_match(cage_sets *x, uint32_t set)
{
    int k = x->nfree;
    uint32_t c[CAGE_MATCH_MAX];
#ifdef __BMI2__
    for (int i = 0; i < k; i++)
        c[i] = _pext_u32(x->mask[i], set);
#else
    uint32_t digit[CAGE_MATCH_MAX];
    int j = 0;
    for (uint32_t t = set; t; t &= t - 1)
        digit[j++] = t & -t;
    for (int i = 0; i < k; i++) {
        c[i] = 0;
        for (j = 0; j < k; j++)
            if (x->mask[i] & digit[j])
                c[i] |= 1u << j;
    }
#endif
    uint64_t sup = match_lookup(k, c);
    if (!sup)
        return 0;
    for (int i = 0; i < k; i++) {
        uint32_t b = (uint32_t)(sup >> (k * i)) & ((1u << k) - 1);
#ifdef __BMI2__
        x->sup[i] |= _pdep_u32(b, set);
#else
        for (; b; b &= b - 1)
            x->sup[i] |= digit[__builtin_ctz(b)];
#endif
    }
    return 1;
}

/* Counts set in x if the free cells can take it: each has a candidate in
 * it, each of its digits is some cell's candidate, and (up to
 * CAGE_MATCH_MAX cells) the digits can be dealt out one a cell; x->sup
 * gets the digits each cell takes in some such deal.  With at most one
 * cell short of some digit of the set, the deal is plain: that cell takes
 * any of its own, the others the rest. */
static inline void cage_set_try(cage_sets *x, uint32_t set)
{
    uint32_t seen = 0, short_mask = 0;
    int shorts = 0, short_at = 0;
    for (int i = 0; i < x->nfree; i++) {
        uint32_t m = x->mask[i] & set;
        if (!m)
            return;
        seen |= m;
        if (m != set) {
            shorts++;
            short_mask = m;
            short_at = i;
        }
    }
    if (seen != set)
        return;
    if (x->nfree > CAGE_MATCH_MAX) {
        for (int i = 0; i < x->nfree; i++)
            x->sup[i] |= x->mask[i] & set;
    } else if (shorts <= 1) {
        /* (the others lose the short cell's digit when it has only one) */
        uint32_t rest = short_mask & (short_mask - 1) ? set : set & ~short_mask;
        for (int i = 0; i < x->nfree; i++)
            x->sup[i] |= i == short_at && shorts ? short_mask : rest;
    } else if (!cage_match(x, set))
        return;
    x->inter &= set;
    x->sets++;
}

/* The sets of k more digits among 1..top of x->any adding up to sum, on
 * top of set (boards above 16x16, where the table stops). */
static void cage_sets_from(cage_sets *x, int top, uint32_t set, int k, int sum)
{
    if (k == 0) {
        if (!sum)
            cage_set_try(x, set);
        return;
    }
    if (top < k || sum < k * (k + 1) / 2 || sum > k * (2 * top - k + 1) / 2)
        return;
    if (x->any >> (top - 1) & 1)
        cage_sets_from(x, top - 1, set | 1u << (top - 1), k - 1, sum - top);
    cage_sets_from(x, top - 1, set, k, sum);
}

/* The sets of x->nfree digits of 1..n adding up to sum, into x. */
static void cage_sets_all(cage_sets *x, int n, int sum)
{
    if (n > COMBO_N) {
        cage_sets_from(x, n, 0, x->nfree, sum);
        return;
    }
    if (sum >= COMBO_SUMS)
        return;
    int g = x->nfree * COMBO_SUMS + sum;
    uint32_t outside = ~x->any;
    for (int i = combo_start[g]; i < combo_start[g + 1]; i++) {
        uint32_t m = combo_mask[i];
        if (m >> n)
            break;                      /* (ascending: the rest use digits above n) */
        if (!(m & outside))
            cage_set_try(x, m);
    }
}

/* cage_sets_all's answers on boards up to 16x16 for up to 6 free cells, in
 * a cache per thread: the free cells' masks, their number and the sum they
 * must make are the key (a cage's placed digits have left its free cells),
 * each cell's supported digits and the digits every set holds the answer
 * (16 bits each).  Cage states recur all over a search (siblings,
 * backtracking) and from puzzle to puzzle. */
enum { SETS_CACHE_BITS = 12, SETS_CACHE_CELLS = 6 };
typedef struct sets_entry {
    uint64_t key[2];                    /* masks 0-3; masks 4-5, the sum, the cell count */
    uint64_t val[2];                    /* sups 0-3; sups 4-5, inter (all 0: no set) */
} sets_entry;
static __thread sets_entry sets_cache[1 << SETS_CACHE_BITS];

static void cage_sets_known(cage_sets *x, int n, int sum)
{
    int k = x->nfree;
    memset(x->sup, 0, sizeof(uint32_t) * (size_t)k);
    if (n > 16 || k > SETS_CACHE_CELLS) {
        cage_sets_all(x, n, sum);
        return;
    }
    uint64_t key[2] = {0, (uint64_t)k << 48 | (uint64_t)sum << 32};
    for (int i = 0; i < k; i++)
        key[i >> 2] |= (uint64_t)x->mask[i] << (16 * (i & 3));
    size_t h = (size_t)(((key[0] ^ key[1] * 0xff51afd7ed558ccdull) * 0x9e3779b97f4a7c15ull) >>
                        (64 - SETS_CACHE_BITS));
    sets_entry *e = &sets_cache[h];
    if (e->key[0] == key[0] && e->key[1] == key[1]) {
        for (int i = 0; i < k; i++)
            x->sup[i] = (uint32_t)(e->val[i >> 2] >> (16 * (i & 3))) & 0xffff;
        x->inter = (uint32_t)(e->val[1] >> 32) & 0xffff;
        x->sets = (e->val[0] | e->val[1]) != 0;
        return;
    }
    cage_sets_all(x, n, sum);
    e->key[0] = key[0];
    e->key[1] = key[1];
    e->val[0] = e->val[1] = 0;
    if (x->sets) {
        for (int i = 0; i < k; i++)
            e->val[i >> 2] |= (uint64_t)(x->sup[i] & 0xffff) << (16 * (i & 3));
        e->val[1] |= (uint64_t)(x->inter & 0xffff) << 32;
    }
}

/* The candidates of the cells of set (W words) as masks in cm (bit d:
 * digit d + 1), from the digits' bitboards: a loop over their candidates,
 * not over cells and digits. */
static void cell_masks(const search *s, const uint64_t *lv, const uint64_t *set, int W, uint32_t *cm)
{
    for (int w = 0; w < W; w++)
        for (uint64_t x = set[w]; x; x &= x - 1)
            cm[w * 64 + __builtin_ctzll(x)] = 0;
    for (int d = 0; d < s->n; d++)
        for (int w = 0; w < W; w++)
            for (uint64_t x = lv[(size_t)d * W + w] & set[w]; x; x &= x - 1)
                cm[w * 64 + __builtin_ctzll(x)] |= 1u << d;
}

/* Digit d leaves cell c (lv, its mask in cm, and the marks). */
static inline void cage_cut(search *s, uint64_t *lv, uint32_t *cm, int c, int d, int W)
{
    lv[(size_t)d * W + (c >> 6)] &= ~(1ull << (c & 63));
    cm[c] &= ~(1u << d);
    mark_cell(s, c, 1u << d);
}

/* An implied sum k (digits may repeat): each cell keeps the digits that
 * the others' least and greatest candidates leave room for.  Returns -1 on
 * a contradiction, else whether a candidate left. */
static int sum_bounds(search *s, uint64_t *lv, uint32_t *cm, int k, int W)
{
    const xp_plan *p = s->p;
    int lo = 0, hi = 0, cut = 0, s0 = p->cage_start[k], s1 = p->cage_start[k + 1];
    for (int i = s0; i < s1; i++) {
        uint32_t m = cm[p->cage_cells[i]];
        if (!m)
            return -1;
        lo += __builtin_ctz(m) + 1;
        hi += 32 - __builtin_clz(m);
    }
    int sum = p->cage_sum[k];
    if (sum < lo || sum > hi)
        return -1;
    for (int i = s0; i < s1; i++) {
        int c = p->cage_cells[i];
        int least = __builtin_ctz(cm[c]) + 1, most = 32 - __builtin_clz(cm[c]);
        int from = sum - (hi - most), to = sum - (lo - least);     /* this cell's room */
        uint32_t keep = (to >= 32 ? ~0u : (1u << to) - 1) & ~(from <= 1 ? 0u : (1u << (from - 1)) - 1);
        for (uint32_t gone = cm[c] & ~keep; gone; gone &= gone - 1) {
            cage_cut(s, lv, cm, c, __builtin_ctz(gone), W);
            cut = 1;
        }
    }
    return cut;
}

/* Every cage (and implied sum) with a cell changed since the last pass,
 * once.  Returns -1 on a contradiction, else whether a candidate left or
 * a digit was placed (those changes marked for the next pass). */
static int cage_pass(search *s, uint64_t *lv, int W)
{
    const xp_plan *p = s->p;
    const uint64_t *un = XS_UNSOLVED(s, lv);
    int n = s->n, changed = 0;
    uint64_t dirty[XS_MAX_W];
    uint32_t *cm = XS_CAGEMASK(s, lv);
    memcpy(dirty, s->cdirty, sizeof(uint64_t) * (size_t)W);
    memset(s->cdirty, 0, sizeof s->cdirty);
    cell_masks(s, lv, dirty, W, cm);
    for (int k = 0; k < p->ncages; k++) {
        const uint64_t *bits = p->cage_bits + (size_t)k * W;
        uint64_t touched = 0;
        for (int w = 0; w < W; w++)
            touched |= bits[w] & dirty[w];
        if (!touched)
            continue;
        if (k >= p->ndistinct) {
            int r = sum_bounds(s, lv, cm, k, W);
            if (r < 0)
                return -1;
            changed |= r;
            continue;
        }
        cage_sets x;
        x.nfree = x.sets = 0;
        x.any = 0;
        x.inter = ~0u;
        int cell[SDK_MAX_N], sum = p->cage_sum[k];
        uint32_t placed = 0;
        for (int i = p->cage_start[k]; i < p->cage_start[k + 1]; i++) {
            int c = p->cage_cells[i];
            uint32_t m = cm[c];
            if (!m)
                return -1;
            if (un[c >> 6] >> (c & 63) & 1) {
                cell[x.nfree] = c;
                x.mask[x.nfree++] = m;
                x.any |= m;
            } else {
                placed |= m;
                sum -= __builtin_ctz(m) + 1;
            }
        }
        if (!x.nfree) {
            if (sum)
                return -1;
            continue;
        }
        x.any &= ~placed;
        if (sum <= 0)
            return -1;
        cage_sets_known(&x, n, sum);
        if (!x.sets)
            return -1;
        int cut = 0;
        for (int i = 0; i < x.nfree; i++) {
            for (uint32_t gone = x.mask[i] & ~x.sup[i]; gone; gone &= gone - 1) {
                cage_cut(s, lv, cm, cell[i], __builtin_ctz(gone), W);
                cut = 1;
            }
            x.mask[i] &= x.sup[i];
        }
        /* a digit every set holds, with one free cell for it */
        for (uint32_t must = x.inter; must; must &= must - 1) {
            int d = __builtin_ctz(must), only = -1, places = 0;
            for (int i = 0; i < x.nfree; i++)
                if (x.mask[i] >> d & 1) {
                    only = cell[i];
                    places++;
                }
            if (places == 1 && (un[only >> 6] >> (only & 63) & 1)) {
                if (!xs_place(s, lv, only, d, W, 0))
                    return -1;
                cell_masks(s, lv, s->cdirty, W, cm);    /* (the cell and its peers changed) */
                cut = 1;
                continue;
            }
            /* d is in the cage: a cell that sees each of its places there
             * cannot hold it (a cage in a house keeps d from the rest) */
            uint64_t see[XS_MAX_W];
            memcpy(see, un, sizeof(uint64_t) * (size_t)W);
            for (int i = 0; i < x.nfree; i++)
                if (x.mask[i] >> d & 1)
                    for (int w = 0; w < W; w++)
                        see[w] &= p->peer[(size_t)cell[i] * W + w];
            const uint64_t *dd = XS_DIGIT(s, lv, d);
            for (int w = 0; w < W; w++)
                for (uint64_t m = see[w] & dd[w]; m; m &= m - 1) {
                    cage_cut(s, lv, cm, w * 64 + __builtin_ctzll(m), d, W);
                    cut = 1;
                }
        }
        changed |= cut;
    }
    return changed;
}

/* Singles, then locked candidates, then (on a killer) the cages, until
 * nothing changes.  Returns -1 on a contradiction, 0 when solved, 1 when
 * cells are left. */
XS_HOT int propagate(search *s, uint64_t *lv, int W, int Q)
{
    if (Q)
        return q16_propagate(s, lv);
    const uint64_t *un = XS_UNSOLVED(s, lv);
    for (;;) {
        if (naked_singles(s, lv, W) < 0)
            return -1;
        uint64_t left = 0;
        for (int w = 0; w < W; w++)
            left |= un[w];
        if (!left)
            return s->p->ncages ? (cage_pass(s, lv, W) < 0 ? -1 : 0) : 0;
        int r = house_pass(s, lv, W);
        if (r < 0)
            return -1;
        if (!r && s->p->ncages)
            r = cage_pass(s, lv, W);
        if (r < 0)
            return -1;
        if (!r)
            return 1;
    }
}

/* A house and digit with exactly two places, if any: 1 and *h, *d. */
static int two_places(const search *s, const uint64_t *lv, int *h, int *d)
{
    const xp_plan *p = s->p;
    const uint64_t *un = XS_UNSOLVED(s, lv);
    const uint32_t *placed = XS_PLACED(s, lv);
    for (int k = 0; k < s->nh; k++)
        for (uint32_t todo = s->full & ~placed[k]; todo; todo &= todo - 1) {
            const uint64_t *dd = XS_DIGIT(s, lv, __builtin_ctz(todo));
            int count = 0;
            for (int i = p->seg_start[k]; i < p->seg_start[k + 1]; i++)
                count += __builtin_popcountll(dd[p->seg_word[i]] & un[p->seg_word[i]] & p->seg_mask[i]);
            if (count == 2) {
                *h = k;
                *d = __builtin_ctz(todo);
                return 1;
            }
        }
    return 0;
}

/* The first unsolved cell with the fewest candidates: each cell's count in
 * five bit-sliced planes (n <= 25 < 32), then the cells equal to 3, 4, ...
 * (A cell by cell count costs ncells x n tests: on an empty 25x25 board,
 * where every node comes here, that was 10x slower.) */
XS_HOT int fewest(const search *s, const uint64_t *lv, int W)
{
    const uint64_t *un = XS_UNSOLVED(s, lv);
    uint64_t plane[5][XS_MAX_W];
    for (int w = 0; w < W; w++) {
        uint64_t b0 = 0, b1 = 0, b2 = 0, b3 = 0, b4 = 0;
        for (int d = 0; d < s->n; d++) {
            uint64_t carry = lv[(size_t)d * W + w] & un[w], t;
            t = b0 & carry; b0 ^= carry; carry = t;
            t = b1 & carry; b1 ^= carry; carry = t;
            t = b2 & carry; b2 ^= carry; carry = t;
            t = b3 & carry; b3 ^= carry; carry = t;
            b4 ^= carry;
        }
        plane[0][w] = b0;
        plane[1][w] = b1;
        plane[2][w] = b2;
        plane[3][w] = b3;
        plane[4][w] = b4;
    }
    for (int k = 1; k <= s->n; k++)
        for (int w = 0; w < W; w++) {
            uint64_t eq = un[w];
            for (int i = 0; i < 5; i++)
                eq &= (k >> i & 1) ? plane[i][w] : ~plane[i][w];
            if (eq)
                return w * 64 + __builtin_ctzll(eq);
        }
    return -1;                          /* (not reached: the level is unsolved) */
}

/* The unsolved cells with exactly two candidates, into two; returns
 * whether there is any. */
XS_HOT int bivalue(const uint64_t *lv, const uint64_t *un, uint64_t *two, int n, int W)
{
    uint64_t any = 0;
    for (int w = 0; w < W; w++) {
        uint64_t once = 0, twice = 0, thrice = 0;
        for (int d = 0; d < n; d++) {
            uint64_t x = lv[(size_t)d * W + w];
            thrice |= twice & x;
            twice |= once & x;
            once |= x;
        }
        two[w] = un[w] & twice & ~thrice;
        any |= two[w];
    }
    return any != 0;
}

/* The branches on cell c: each of its candidates.  Returns how many. */
static int cell_branches(const search *s, const uint64_t *lv, int c, uint16_t *cells, uint8_t *digits)
{
    int ways = 0;
    for (int d = 0; d < s->n; d++)
        if (lv[(size_t)d * s->W + (c >> 6)] >> (c & 63) & 1) {
            cells[ways] = (uint16_t)c;
            digits[ways++] = (uint8_t)d;
        }
    return ways;
}

/* The branches of a propagated, unsolved level: cells[i] takes digit
 * digits[i] (0-based).  Returns how many. */
XS_HOT int branches(search *s, const uint64_t *lv, uint16_t *cells, uint8_t *digits, int W)
{
    const xp_plan *p = s->p;
    int n = s->n, ways = 0, hh, hdg;
    const uint64_t *un = XS_UNSOLVED(s, lv);
    uint64_t two[XS_MAX_W];
    if (bivalue(lv, un, two, n, W)) {
        int best = -1, best_score = -1;
        for (int w = 0; w < W; w++)
            for (uint64_t m = two[w]; m; m &= m - 1) {
                int c = w * 64 + __builtin_ctzll(m);
                uint64_t bit = m & -m;
                const uint64_t *pm = p->peer + (size_t)c * W;
                uint64_t reach[XS_MAX_W] = {0};
                for (int d = 0; d < n; d++) {
                    const uint64_t *dd = lv + (size_t)d * W;
                    if (dd[w] & bit)
                        for (int k = 0; k < W; k++)
                            reach[k] |= dd[k];
                }
                int score = 0;
                for (int k = 0; k < W; k++) {
                    reach[k] &= un[k] & pm[k];
                    score += __builtin_popcountll(reach[k]) + 8 * __builtin_popcountll(reach[k] & two[k]);
                }
                if (score > best_score) {
                    best = c;
                    best_score = score;
                }
            }
        ways = cell_branches(s, lv, best, cells, digits);
    } else if (two_places(s, lv, &hh, &hdg)) {
        const uint64_t *dd = XS_DIGIT(s, lv, hdg);
        for (int i = p->seg_start[hh]; i < p->seg_start[hh + 1]; i++) {
            int w = p->seg_word[i];
            for (uint64_t m = dd[w] & un[w] & p->seg_mask[i]; m; m &= m - 1) {
                cells[ways] = (uint16_t)(w * 64 + __builtin_ctzll(m));
                digits[ways++] = (uint8_t)hdg;
            }
        }
    } else
        ways = cell_branches(s, lv, fewest(s, lv, W), cells, digits);
    /* the preferred grid's choice first */
    if (s->prefer)
        for (int i = 1; i < ways; i++)
            if (s->prefer[cells[i]] == digits[i] + 1) {
                uint16_t tc = cells[0];
                uint8_t td = digits[0];
                cells[0] = cells[i];
                digits[0] = digits[i];
                cells[i] = tc;
                digits[i] = td;
            }
    return ways;
}

/* Records a solution at the current level (all cells placed). */
static void found(search *s)
{
    s->nodes++;
    if (s->count == 0 && s->solution)
        memcpy(s->solution, s->val, (size_t)s->p->ncells);
    s->count++;
}

/* Tries digit d in cell c of lv in try (a level's room): 1 if it
 * propagates without a contradiction. */
XS_HOT int try_literal(search *s, const uint64_t *lv, uint64_t *try, int c, int d, int W, int Q)
{
    memcpy(try, lv, sizeof(uint64_t) * s->L);
    int r = xs_place(s, try, c, d, W, Q) ? propagate(s, try, W, Q) : -1;
    clear_marks(s);
    return r >= 0;
}

/* Failed literals on the two-candidate cells of a propagated level lv
 * (ta, tb: two levels' room to try in), one pass over them.  Each digit
 * of the cell is placed and propagated: one that fails leaves the cell
 * (the other is placed); when both hold, a candidate gone under both is
 * gone in lv.  A digit that an earlier try placed is not tried (its
 * failure would have failed that try too).  (Passes repeated while they
 * find something: 1.2-1.3x the instructions on puzzles/sizes/25x25.txt.)
 * Returns as propagate does; 1 when the budget ran out (s->stopped). */
XS_HOT int probe(search *s, uint64_t *lv, uint64_t *ta, uint64_t *tb, int W, int Q)
{
    const uint64_t *un = XS_UNSOLVED(s, lv);
    int n = s->n;
    uint64_t two[XS_MAX_W], implied[SDK_MAX_N][XS_MAX_W];
    if (!bivalue(lv, un, two, n, W))
        return 1;
    memset(implied, 0, sizeof(uint64_t) * XS_MAX_W * (size_t)n);
    for (int w = 0; w < W; w++)
        for (uint64_t m = two[w]; m; m &= m - 1) {
            int c = w * 64 + __builtin_ctzll(m), dg[2] = {-1, -1}, k = 0, tried = 0, now = 0;
            uint64_t bit = m & -m;
            for (int d = 0; d < n && k < 2 && (un[w] & bit); d++)
                if (lv[(size_t)d * W + w] & bit)
                    dg[k++] = d;
            if (k < 2)
                continue;               /* (solved or narrowed since the pass began) */
            if (s->budget && sdk_budget_expired(s->budget)) {
                s->stopped = 1;         /* (a pass on a 25x25 board can take milliseconds) */
                return 1;
            }
            for (k = 0; k < 2; k++) {
                uint64_t *t = k ? tb : ta;
                if (implied[dg[k]][w] & bit)
                    continue;
                if (!try_literal(s, lv, t, c, dg[k], W, Q)) {
                    if (!xs_place(s, lv, c, dg[!k], W, Q))
                        return -1;
                    now = 1;
                    break;
                }
                tried |= 1 << k;
                const uint64_t *tun = XS_UNSOLVED(s, t);
                for (int d = 0; d < n; d++)
                    for (int x = 0; x < W; x++)
                        implied[d][x] |= t[(size_t)d * W + x] & un[x] & ~tun[x];
            }
            if (tried == 3)
                for (int d = 0; d < n; d++) {
                    uint64_t *dd = XS_DIGIT(s, lv, d), gone[XS_MAX_W], any = 0;
                    const uint64_t *a = XS_DIGIT(s, ta, d), *b = XS_DIGIT(s, tb, d);
                    for (int x = 0; x < W; x++) {
                        gone[x] = dd[x] & un[x] & ~(a[x] | b[x]);
                        dd[x] &= ~gone[x];
                        any |= gone[x];
                    }
                    if (any) {
                        if (Q)
                            s->qs |= 1u << d, s->ql |= 1u << d;
                        else
                            mark_cells(s, gone, d, W);
                        now = 1;
                    }
                }
            if (now) {
                int r = propagate(s, lv, W, Q);
                if (r <= 0)
                    return r;
            }
        }
    return 1;
}

typedef void (*level_fn)(search *s, int depth);

/* One search node, for boards of W words (a constant in each instance
 * below: the word loops unroll; Q, a plain 16x16 board, too); deeper
 * nodes go to self. */
XS_HOT void search_body(search *s, int depth, int W, int Q, level_fn self)
{
    if (s->stopped)
        return;
    s->nodes++;
    if (s->budget && ((s->budget->max_iters && s->nodes > s->budget->max_iters) ||
                      (s->nodes % 64 == 0 && sdk_budget_expired(s->budget)))) {
        s->stopped = 1;
        return;
    }
    uint64_t *lv = level_at(s, depth), *next = level_at(s, depth + 1);
    if (!next) {
        s->stopped = 1;                 /* out of memory: reported as out of budget */
        return;
    }
    uint64_t *third = depth < s->probe_depth ? level_at(s, depth + 2) : NULL;
    int r = third ? probe(s, lv, next, third, W, Q) : 1;
    if (s->stopped)
        return;
    if (r <= 0) {
        if (r == 0)
            found(s);
        return;
    }
    uint16_t cells[SDK_MAX_N];
    uint8_t digits[SDK_MAX_N];
    int ways = branches(s, lv, cells, digits, W);
    for (int w = 0; w < ways && !s->stopped && (s->limit == 0 || s->count < s->limit); w++) {
        if (s->st)
            s->st->guesses++;
        memcpy(next, lv, sizeof(uint64_t) * s->L);
        clear_marks(s);
        if (!xs_place(s, next, cells[w], digits[w], W, Q))
            continue;
        r = propagate(s, next, W, Q);
        if (r == 0)
            found(s);
        else if (r > 0)
            self(s, depth + 1);
    }
}

/* The root: the propagation of the givens, then the search. */
XS_HOT void search_root(search *s, int W, int Q, level_fn level)
{
    uint64_t *lv = level_at(s, 0);
    int r = propagate(s, lv, W, Q);
    if (r == 0) {
        s->nodes++;
        if (s->solution)
            memcpy(s->solution, s->val, (size_t)s->p->ncells);
        s->count = 1;
    } else if (r > 0)
        level(s, 0);
}

#define XS_INSTANCE(K)                                                          \
    static void level_w##K(search *s, int depth) { search_body(s, depth, K, 0, level_w##K); } \
    static void root_w##K(search *s) { search_root(s, K, 0, level_w##K); }
XS_INSTANCE(1)
XS_INSTANCE(2)
XS_INSTANCE(3)
XS_INSTANCE(4)
XS_INSTANCE(6)
XS_INSTANCE(10)
static void level_any(search *s, int depth) { search_body(s, depth, s->W, 0, level_any); }
static void root_any(search *s) { search_root(s, s->W, 0, level_any); }
static void level_q16(search *s, int depth) { search_body(s, depth, 4, 1, level_q16); }
static void root_q16(search *s) { search_root(s, 4, 1, level_q16); }

/* The instance for the board's word count. */
static void search_run(search *s)
{
    if (s->p->sq16) {
        root_q16(s);
        return;
    }
    switch (s->W) {
    case 1: root_w1(s); break;
    case 2: root_w2(s); break;
    case 3: root_w3(s); break;
    case 4: root_w4(s); break;
    case 6: root_w6(s); break;
    case 10: root_w10(s); break;
    default: root_any(s); break;
    }
}

/* Sets s up for puzzle on board b: level 0 with the givens placed and
 * every house-digit marked.  Returns 1, 0 when the givens clash, -1 when
 * memory ran out (then *status is SDK_TIMEOUT, as for a budget). */
static int xs_start(search *s, const sdk_board *b, const uint8_t *puzzle, const uint8_t *prefer,
                    uint64_t limit, uint8_t *solution, sdk_stats *st, const sdk_budget *budget)
{
    s->b = b;
    s->p = NULL;
    s->limit = limit;
    s->solution = solution;
    s->prefer = prefer;
    s->st = st;
    s->budget = budget;
    s->count = s->nodes = 0;
    s->stopped = 0;
    s->killer = 0;
    s->probe_depth = prefer || b->n < 12 ? 0 : XS_PROBE_DEPTH;
    memset(s->chunk, 0, sizeof s->chunk);
    int n = b->n, nc = b->ncells;
    for (int c = 0; c < nc; c++)
        if (puzzle[c] > n)
            return 0;
    s->p = xp_plan_for(b);
    s->n = n;
    s->nh = s->p ? s->p->nhouses : 0;          /* (the implied houses too) */
    s->W = s->p ? s->p->W : 1;
    s->full = n == 32 ? 0xffffffffu : (1u << n) - 1;
    s->L = (size_t)(n + 1) * s->W + ((size_t)s->nh + 1) / 2;
    if (s->p && s->p->ncages)
        s->L += ((size_t)nc + 1) / 2;              /* (XS_CAGEMASK) */
    s->lockmax = s->p ? s->p->maxshare : 0;
    if (n >= 12 && s->lockmax > 3)
        s->lockmax = 3;
    uint64_t *lv = s->p && s->nh <= SDK_MAX_CELLS ? level_at(s, 0) : NULL;
    if (!lv)
        return -1;
    s->killer = s->p->ncages > 0;
    if (s->killer) {
        pthread_once(&combo_once, combo_build);
        pthread_once(&match_once, match_table_clear);
    }
    memcpy(s->cdirty, s->p->all, sizeof(uint64_t) * (size_t)s->W);   /* (every cage looked at first) */
    for (int d = 0; d < n; d++)
        memcpy(XS_DIGIT(s, lv, d), s->p->all, sizeof(uint64_t) * s->W);
    memcpy(XS_UNSOLVED(s, lv), s->p->all, sizeof(uint64_t) * s->W);
    memset(XS_PLACED(s, lv), 0, sizeof(uint32_t) * (size_t)s->nh);
    for (int h = 0; h < s->nh; h++)
        s->hd[h] = s->full;
    s->qs = s->ql = s->full;
    for (int c = 0; c < nc; c++)
        if (puzzle[c] && !place_marking(s, lv, c, puzzle[c] - 1, s->W, 0))   /* (all is marked) */
            return 0;
    return 1;
}

static void xs_end(search *s)
{

    for (int k = 0; k < XS_MAX_CHUNKS; k++)
        free(s->chunk[k]);
}

/* The status of a finished search. */
static sdk_status xs_status(const search *s)
{
    if (s->stopped)
        return s->budget && s->budget->interrupt && *s->budget->interrupt ? SDK_INTERRUPTED : SDK_TIMEOUT;
    return s->count ? SDK_SOLVED : SDK_UNSOLVABLE;
}

static uint64_t xs_count_general(const sdk_board *b, const uint8_t *puzzle, uint64_t limit,
                                 uint8_t *solution, sdk_stats *st, const sdk_budget *budget,
                                 sdk_status *status)
{
    search s;
    int ok = xs_start(&s, b, puzzle, NULL, limit, solution, st, budget);
    if (ok > 0)
        search_run(&s);
    xs_end(&s);
    if (st)
        st->nodes += s.nodes;
    if (status)
        *status = ok < 0 ? SDK_TIMEOUT : ok ? xs_status(&s) : SDK_UNSOLVABLE;
    return ok > 0 ? s.count : 0;
}

int sdk_exact_differs(const sdk_board *b, const uint8_t *puzzle, const uint8_t *grid, const int *cells, int k,
                      uint8_t *other, const sdk_budget *budget)
{
    /* Cell i without its grid digit, cells 0..i-1 with theirs: every other
     * solution is in exactly one of these searches.  They share the
     * givens' propagation (when it settles every cell, there is none). */
    uint8_t sol[SDK_MAX_CELLS];
    search s;
    int ok = xs_start(&s, b, puzzle, grid, 1, sol, NULL, budget), result = 0;
    uint64_t *lv = ok > 0 ? level_at(&s, 0) : NULL, *base = NULL;
    if (ok < 0 || (lv && !(base = malloc(sizeof(uint64_t) * s.L))))
        result = -1;
    else if (lv && propagate(&s, lv, s.W, s.p->sq16) > 0) {
        memcpy(base, lv, sizeof(uint64_t) * s.L);
        for (int i = 0; i < k && !result; i++) {
            memcpy(lv, base, sizeof(uint64_t) * s.L);
            clear_marks(&s);
            int c = cells[i], d = grid[c] - 1, live = 1;
            for (int j = 0; j < i && live; j++)
                if (XS_UNSOLVED(&s, lv)[cells[j] >> 6] >> (cells[j] & 63) & 1)
                    live = xs_place(&s, lv, cells[j], grid[cells[j]] - 1, s.W, 0);
            if (!live || !(XS_UNSOLVED(&s, lv)[c >> 6] >> (c & 63) & 1))
                continue;               /* (the cell is settled: to its grid digit) */
            XS_DIGIT(&s, lv, d)[c >> 6] &= ~(1ull << (c & 63));
            mark_cell(&s, c, 1u << d);
            s.qs = s.ql = s.full;       /* (the lanes' marks: everything) */
            s.nodes = 0;                /* (a budget's max_iters is per search) */
            search_run(&s);
            if (s.stopped)
                result = -1;
            else if (s.count) {
                if (other)
                    memcpy(other, sol, (size_t)b->ncells);
                result = 1;
            }
        }
    }
    free(base);
    xs_end(&s);
    return result;
}

uint64_t sdk_exact_count(const sdk_board *b, const uint8_t *puzzle, uint64_t limit,
                         uint8_t *solution, sdk_stats *st, const sdk_budget *budget,
                         sdk_status *status)
{
    if (sdk_board_is_plain9(b)) {
        uint64_t count = sdk_exact9_count_budget(puzzle, limit, solution, st, budget, status);
        if (count != UINT64_MAX)
            return count;
    } else if (x81_applies(b))
        return xr_count(x81_count_run, b, puzzle, limit, solution, st, budget, status);
    return xs_count_general(b, puzzle, limit, solution, st, budget, status);
}

#ifdef SDK_TEST_HOOKS
uint64_t sdk_exact_count_general(const sdk_board *b, const uint8_t *puzzle, uint64_t limit,
                                 uint8_t *solution, sdk_stats *st, const sdk_budget *budget,
                                 sdk_status *status)
{
    return xs_count_general(b, puzzle, limit, solution, st, budget, status);
}
#endif
